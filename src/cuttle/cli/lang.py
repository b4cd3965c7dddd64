"""The language of the ``cuttle`` command: ``--lang``, else ``CUTTLE_LANG``, else the
terminal's locale (:func:`cuttle.i18n.from_environment`).

``--lang CODE`` (or ``--lang=CODE``) may stand anywhere before a ``--``: ``cuttle --lang
de play`` and ``cuttle play --lang de`` mean the same. :func:`take_language` reads it and
takes it out of the arguments, so every command (and the commands handed on to other
parsers) runs in that language; the parsers only list it in their help.

>>> take_language(["play", "--lang", "fr", "--plain"], {})
('fr', ['play', '--plain'])
>>> take_language(["moves", "x.json"], {"CUTTLE_LANG": "uk"})
('uk', ['moves', 'x.json'])
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator, Mapping

from cuttle.i18n import LANGUAGES, N_, Domain, from_environment

from .common import CliError

T = Domain("terminal")
"""The terminal's messages (``--plain`` mode and the ``cuttle`` command)."""

_ = T.gettext

NARRATION = Domain("narration")
"""The engine's words (rule sets, variants, card effects), kept in the narration catalog."""


def engine_text(text: str) -> str:
    """A text the engine wrote (a rule set's or variant's description) in the current
    language: from the narration catalog, else from ours (copied in
    :data:`cuttle.tui.lang.ENGINE_TEXTS`), else as written."""
    told = NARRATION.gettext(text)
    return told if told != text else T.gettext(text)


def spoken() -> str:
    """The languages we speak, each code with its name: ``en (English), de (Deutsch)...``."""
    return ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())


def take_language(
    argv: list[str], environ: Mapping[str, str] | None = None
) -> tuple[str, list[str]]:
    """The language the arguments ``argv`` ask for (the last ``--lang`` wins, else the
    environment) and the arguments without it.

    Raises :class:`~cuttle.cli.common.CliError` (exit code 2) for a language we do not
    speak or a ``--lang`` without a code; the message lists the languages we speak.
    """
    env = dict(os.environ if environ is None else environ)
    rest: list[str] = []
    choice: str | None = None
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        if arg == "--lang" or arg.startswith("--lang="):
            if arg == "--lang":
                choice = argv[i + 1] if i + 1 < len(argv) else ""
                choice = "" if choice.startswith("-") else choice
                i += 2
            else:
                choice = arg.partition("=")[2]
                i += 1
            if not choice:
                message = T.translator(from_environment(None, env)).gettext(
                    "--lang needs a language: choose one of {languages}"
                )
                raise CliError(message.format(languages=spoken()))
            continue
        rest.append(arg)
        i += 1
    try:
        return from_environment(choice or None, env), rest
    except ValueError:
        message = T.translator(from_environment(None, env)).gettext(
            "--lang {code}: unknown language; choose one of {languages}"
        )
        raise CliError(message.format(code=choice, languages=spoken())) from None


ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""The words of :mod:`argparse` itself that a person reads (the help's headings, its
errors), kept in our catalog; their ``%`` fields stay as they are."""


@contextlib.contextmanager
def argparse_words() -> Iterator[None]:
    """Let :mod:`argparse` speak the current language inside the block (its headings and
    errors: it looks its module's ``_`` up each time it says something); restored after."""
    saved = getattr(argparse, "_")  # noqa: B009 - the module's own translation function
    setattr(argparse, "_", T.gettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved)  # noqa: B010


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """List ``--lang`` in ``parser``'s help (:func:`take_language` reads it first)."""
    parser.add_argument(
        "--lang",
        metavar="CODE",
        default=argparse.SUPPRESS,
        help=_(
            "the language to speak: {languages} (default: CUTTLE_LANG, else the terminal's locale)"
        ).format(languages=", ".join(LANGUAGES)),
    )
