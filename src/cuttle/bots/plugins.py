"""Bots from outside the package: ``module.path:Name`` specs and the ``cuttle.bots``
entry-point group.

A plug-in is a class (or any callable) that takes the seed as its one argument, as our
bots do (:class:`~cuttle.bots.base.SeededBot`), and returns an object with a ``name``
and a ``choose(view) -> move`` method (:class:`~cuttle.bots.base.Bot`). Name it by
import path (``--bots mypkg.mybots:Clever``; the current folder is searched too, as
``python -m`` would) or install a package that declares it::

    [project.entry-points."cuttle.bots"]
    clever = "mypkg.mybots:Clever"

and name it ``clever``. :func:`plugin_names` lists the installed ones.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import re
import sys
from importlib.metadata import entry_points
from typing import Any

from .base import Bot

ENTRY_POINT_GROUP = "cuttle.bots"
"""The entry-point group where installed packages declare their bots."""

_IMPORT_SPEC = re.compile(r"^[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")


def is_import_spec(spec: str) -> bool:
    """Whether ``spec`` has the form ``module.path:Name``."""
    return bool(_IMPORT_SPEC.match(spec.strip()))


def plugin_names() -> list[str]:
    """The names of the bots installed packages declare in :data:`ENTRY_POINT_GROUP`,
    sorted."""
    return sorted({ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)})


def _import(module: str, spec: str) -> Any:
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        here = os.getcwd()
        if exc.name is None or not module.startswith(exc.name) or here in sys.path:
            raise ValueError(f"bot {spec!r}: cannot import {module!r}: {exc}") from None
    sys.path.append(here)  # as 'python -m' does: the current folder holds the bot
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ValueError(f"bot {spec!r}: cannot import {module!r}: {exc}") from None


def load_plugin(spec: str) -> Any:
    """The class (or factory) ``spec`` names: ``module.path:Name`` or an installed entry
    point's name. Raises ``ValueError`` saying what could not be found."""
    text = spec.strip()
    if is_import_spec(text):
        module, _, attr = text.partition(":")
        obj: Any = _import(module, text)
        for part in attr.split("."):
            try:
                obj = getattr(obj, part)
            except AttributeError:
                raise ValueError(f"bot {text!r}: {module} has no {attr!r}") from None
        return obj
    found = [ep for ep in entry_points(group=ENTRY_POINT_GROUP) if ep.name == text]
    if not found:
        raise ValueError(f"no plug-in bot named {text!r}")
    try:
        return found[0].load()
    except Exception as exc:  # an installed package that fails to import: say which
        raise ValueError(f"plug-in bot {text!r} ({found[0].value}) failed to load: {exc}") from exc


def make_plugin_bot(spec: str, seed: int | None) -> Bot:
    """Build the plug-in bot ``spec`` names, seeded with ``seed``; raises ``ValueError``
    when it cannot be loaded or what it builds is not a bot."""
    factory = load_plugin(spec)
    if not callable(factory):
        raise ValueError(f"bot {spec!r} is not a class or a function")
    try:
        bot = factory(seed)
    except TypeError as exc:
        raise ValueError(
            f"bot {spec!r} must take the seed as its one argument, like our bots: {exc}"
        ) from exc
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"bot {spec!r} built {type(bot).__name__}, which has no choose(view)")
    with contextlib.suppress(AttributeError):  # a read-only name: keep the bot's own
        bot.name = spec.strip()
    if not isinstance(bot, Bot):
        raise ValueError(f"bot {spec!r} built {type(bot).__name__}, which has no name")
    return bot


__all__ = [
    "ENTRY_POINT_GROUP",
    "is_import_spec",
    "load_plugin",
    "make_plugin_bot",
    "plugin_names",
]
