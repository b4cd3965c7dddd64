"""The players' languages: gettext catalogs, the language of each reader, and words.

Everything a person reads goes through a *domain*'s catalog in the reader's language;
records, notation, the API and logs keep their English codes. The catalogs are gettext
``.po`` files under ``cuttle/i18n/locale/<lang>/LC_MESSAGES/<domain>.po`` (extracted and
kept current with Babel: ``make messages``; compiled to ``.mo`` at install: ``make
catalogs``; a missing or stale ``.mo`` is compiled in memory from its ``.po``).

Domains, one per area of the code (:data:`DOMAINS`; their sources:
:data:`cuttle.i18n.catalogs.SOURCES`):

- ``narration``: the engine's moves told in words (:mod:`cuttle.engine.words`);
- ``site``: the web pages (Jinja2 templates) and what the server says;
- ``table``: the browser's scripts (served to the page as JSON: :func:`catalog_json`);
- ``terminal``: the Textual table, ``--plain`` mode and the ``cuttle`` command;
- ``analysis``: game review and puzzles in Python and the terminal (``cuttle analyse``);
- ``review``: game review and puzzles on the site (their pages and scripts).

Use in Python::

    from cuttle.i18n import Domain
    T = Domain("terminal")
    _ = T.gettext
    print(_("Your turn"))                       # the current language (see use())
    print(T.translator("de").gettext("Your turn"))  # one language, explicitly

Placeholders are ``str.format`` fields with names (``"{who} draws {card}"``); a
translation keeps every name and may add a format spec the language's grammar reads
(``"{card:acc}"``, see :mod:`cuttle.engine.words`). Strings defined at import time are
marked with :func:`N_` and translated where they are shown.
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import os
import re
from collections.abc import Iterator
from contextvars import ContextVar
from pathlib import Path

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
    "it": "Italiano",
    "uk": "Українська",
}
"""The languages we speak, by code, each named in itself (for language menus)."""

DEFAULT = "en"
"""The source language: messages are written in English and English needs no catalog."""

DOMAINS = ("narration", "site", "table", "terminal", "analysis", "review")
"""The catalogs, one per area of the code (see the module's docstring)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
"""Where the catalogs live: ``<lang>/LC_MESSAGES/<domain>.po`` and ``<domain>.pot``."""

_current: ContextVar[str] = ContextVar("cuttle_language", default=DEFAULT)


def normalize(code: str | None) -> str | None:
    """The language of a tag we speak (``"de-AT"``, ``"de_DE.UTF-8"`` -> ``"de"``), or None.

    >>> normalize("fr_CA.UTF-8"), normalize("UK"), normalize("pt-BR"), normalize(None)
    ('fr', 'uk', None, None)
    """
    if not code:
        return None
    base = re.split(r"[-_.@]", code.strip().lower(), maxsplit=1)[0]
    return base if base in LANGUAGES else None


def negotiate(accept_language: str | None, default: str = DEFAULT) -> str:
    """The best language we speak for an HTTP ``Accept-Language`` header.

    Tags are taken by their ``q`` weight (ties keep the header's order); the first one we
    speak wins, else ``default``. A malformed weight counts as 0.

    >>> negotiate("uk-UA,uk;q=0.9,en-US;q=0.8"), negotiate("pt-BR, it;q=0.5")
    ('uk', 'it')
    >>> negotiate("*"), negotiate(None), negotiate("de;q=0, fr;q=0.1")
    ('en', 'en', 'fr')
    """
    if not accept_language:
        return default
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        match = re.search(r"q\s*=\s*([0-9.]+)", params)
        if match:
            try:
                weight = float(match.group(1))
            except ValueError:
                weight = 0.0
        lang = normalize(tag)
        if lang is not None and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else default


def from_environment(choice: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The terminal's language: ``choice`` (``--lang``), else ``CUTTLE_LANG``, else the
    locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``), else English.

    Raises ``ValueError`` for a ``choice`` we do not speak (the message lists those we do).
    """
    env = os.environ if environ is None else environ
    if choice:
        lang = normalize(choice)
        if lang is None:
            spoken = ", ".join(LANGUAGES)
            raise ValueError(f"unknown language {choice!r}: choose one of {spoken}")
        return lang
    for name in ("CUTTLE_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = env.get(name)
        if value:
            for tag in value.split(":"):
                lang = normalize(tag)
                if lang is not None:
                    return lang
            if name != "CUTTLE_LANG":
                break  # the locale names a language we do not speak: English
    return DEFAULT


def current() -> str:
    """The language of what is being said now (set by :func:`use` or :func:`set_language`)."""
    return _current.get()


def set_language(lang: str) -> None:
    """Make ``lang`` the current language of this context (a CLI run, a request's task)."""
    _current.set(normalize(lang) or DEFAULT)


@contextlib.contextmanager
def use(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` (None or unknown: English) inside the ``with`` block."""
    token = _current.set(normalize(lang) or DEFAULT)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it (translate where shown)."""
    return message


@functools.cache
def translations(lang: str, domain: str) -> _gettext.NullTranslations:
    """The catalog of ``domain`` in ``lang`` (English, or a missing catalog: the source).

    Reads the compiled ``.mo`` when it is as new as its ``.po``; otherwise compiles the
    ``.po`` in memory with Babel (a fresh checkout works before ``make catalogs``).
    """
    if lang == DEFAULT or lang not in LANGUAGES or domain not in DOMAINS:
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    if not po.exists():
        return _gettext.NullTranslations()
    from .catalogs import compiled

    return _gettext.GNUTranslations(compiled(po))


class Translator:
    """One domain's messages in one language."""

    def __init__(self, lang: str, domain: str) -> None:
        """Translate ``domain``'s messages into ``lang`` (unknown languages: English)."""
        self.lang = normalize(lang) or DEFAULT
        self.domain = domain
        self._t = translations(self.lang, domain)

    def gettext(self, message: str) -> str:
        """``message`` in this language (the English source where untranslated)."""
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of ``singular``/``plural`` for ``n`` (the language's plural rules)."""
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in this language, told apart from the same words elsewhere by
        ``context``."""
        return self._t.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` with a context."""
        return self._t.npgettext(context, singular, plural, n)


class Domain:
    """A domain's messages in whatever language is current (:func:`current`)."""

    def __init__(self, name: str) -> None:
        """Messages of the domain ``name`` (one of :data:`DOMAINS`)."""
        if name not in DOMAINS:
            raise ValueError(f"unknown message domain {name!r}")
        self.name = name

    def translator(self, lang: str | None = None) -> Translator:
        """This domain in ``lang`` (default: the current language)."""
        return _translator(normalize(lang) or (current() if lang is None else DEFAULT), self.name)

    def gettext(self, message: str) -> str:
        """``message`` in the current language."""
        return self.translator().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The current language's form of ``singular``/``plural`` for ``n``."""
        return self.translator().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` with a ``context``, in the current language."""
        return self.translator().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """:meth:`ngettext` with a context, in the current language."""
        return self.translator().npgettext(context, singular, plural, n)


@functools.cache
def _translator(lang: str, domain: str) -> Translator:
    return Translator(lang, domain)


def catalog_json(lang: str, domain: str = "table") -> dict[str, object]:
    """A domain's catalog for the browser: ``{"lang", "plural", "messages"}``, messages
    mapping each English source (``"ctx\\u0004msg"`` with a context) to its translation,
    a string or a list of plural forms; ``plural`` is the language's C plural expression.
    """
    from .catalogs import browser_catalog

    return browser_catalog(normalize(lang) or DEFAULT, domain)


__all__ = [
    "DEFAULT", "DOMAINS", "LANGUAGES", "LOCALE_DIR", "N_", "Domain", "Translator",
    "catalog_json", "current", "from_environment", "negotiate", "normalize",
    "set_language", "translations", "use",
]  # fmt: skip
