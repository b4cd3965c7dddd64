"""The checked options of ``cuttle play``: the bot, the pause, the player's name and
where the record goes (each refuses a bad value with a clear message)."""

from __future__ import annotations

import argparse
import getpass
import os
import re
from pathlib import Path

from cuttle.bots import make_bot
from cuttle.bots.registry import normal_spec
from cuttle.paths import default_record_path

from .common import CliError
from .lang import _


def player_name(text: str) -> str:
    """A ``--name`` value: one word of up to 32 letters, digits, ``-``, ``_`` or ``.``."""
    name = text.strip()
    if not re.fullmatch(r"[\w.-]{1,32}", name):
        raise argparse.ArgumentTypeError(
            _("{name} is not a name: use one word of up to 32 letters, digits, - _ or .").format(
                name=repr(text)
            )
        )
    return name


def default_player_name() -> str:
    """The ``--name`` default: the login user name when it is a valid name (see
    :func:`player_name`), else ``human``."""
    try:
        login = getpass.getuser()
    except (OSError, KeyError, ImportError):  # no user name in the environment or passwd
        return "human"
    return login if re.fullmatch(r"[\w.-]{1,32}", login) else "human"


def pause_seconds(text: str) -> float:
    """A ``--bot-pause`` value: seconds from 0 to 10."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{value} is not a number of seconds").format(value=repr(text))
        ) from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError(
            _("the pause must be 0 to 10 seconds, not {value}").format(value=text)
        )
    return value


def bot_spec(text: str) -> str:
    """An ``--opponent`` value: a bot spec :func:`cuttle.bots.make_bot` accepts."""
    spec = normal_spec(text)
    try:
        make_bot(spec, seed=0, workers=1)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return spec


def record_target(text: str) -> Path:
    """The file a ``--record`` value names, checked before the game starts.

    A folder that exists, or a name ending in ``/``, gets a new ``<date-time>.cuttle``
    file in it; anything else is the file itself (its missing folders are made when it is
    saved). Raises :class:`CliError` when the record could not be written there (a file
    where a folder should be, no permission to write).
    """
    if not text.strip():
        raise CliError(_("--record: give a file or a folder to save the record in"))
    path = Path(text).expanduser()
    if path.is_dir() or text.endswith(("/", os.sep)):
        folder, target = path, None
    else:
        folder, target = path.parent, path
    if target is not None and target.exists() and not os.access(target, os.W_OK):
        raise CliError(
            _("--record {record}: the file cannot be written (no permission)").format(record=text)
        )
    existing = folder
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise CliError(
            _("--record {record}: {path} is a file, not a folder").format(
                record=text, path=existing
            )
        )
    if not os.access(existing, os.W_OK | os.X_OK):
        raise CliError(
            _("--record {record}: cannot write in the folder {path} (no permission)").format(
                record=text, path=existing
            )
        )
    return target if target is not None else default_record_path(folder)
