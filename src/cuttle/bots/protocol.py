"""The engine protocol's words, shared by both ends: version, messages, rules as JSON.

The protocol (``docs/protocol.md``) lets a program in any language play a seat: the
host (:class:`~cuttle.bots.external.ExternalBot`) writes one message a line to the
program's standard input and reads its answers from its standard output. This module
holds what both ends need to agree on: the version, how a message line is split into
its keyword and the rest, how a rule set travels as JSON (:func:`rules_json`,
:func:`rules_from_json`, house rules included) and how an ``info`` line reads
(:func:`parse_info`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from ..engine.rules import RuleSet

PROTOCOL_VERSION = 1
"""The protocol version this package speaks (the host's first line is ``cuttle 1``)."""

INFO_NUMBERS = {"win": float, "iterations": int, "nodes": int, "depth": int}
"""The numeric keys of an ``info`` line and their types."""

INFO_REST = ("pv", "string")
"""The ``info`` keys whose value is the rest of the line (a move text has spaces)."""


def split_message(line: str) -> tuple[str, str]:
    """``"go movetime 500"`` -> ``("go", "movetime 500")``: the keyword and the rest,
    both stripped (a blank line gives ``("", "")``)."""
    keyword, _, rest = line.strip().partition(" ")
    return keyword, rest.strip()


def _plain(value: Any) -> Any:
    """A rule set field as plain JSON: tuples become lists, maps objects with text keys."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def rules_json(rules: RuleSet) -> dict[str, Any]:
    """Every field of ``rules`` as JSON: ``name``, ``variants`` and ``players`` first, so
    a program that knows only the presets reads those three; the rest describes house
    rules fully (their card effects included)."""
    return {f.name: _plain(getattr(rules, f.name)) for f in fields(rules) if f.init}


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def rules_from_json(obj: Any) -> RuleSet:
    """The rule set :func:`rules_json` wrote (``RuleSet`` equal to the original).

    Raises ``ValueError`` naming what is wrong for anything else.
    """
    if not isinstance(obj, dict):
        raise ValueError("the rules must be a JSON object")
    known = {f.name for f in fields(RuleSet) if f.init}
    unknown = sorted(set(obj) - known)
    if unknown:
        raise ValueError(f"unknown rule set fields: {', '.join(unknown)}")
    missing = sorted(f.name for f in fields(RuleSet) if f.name not in obj and f.init)
    required = {"name", "players", "min_players", "max_players", "description"}
    if required & set(missing):
        raise ValueError(f"the rules lack: {', '.join(sorted(required & set(missing)))}")
    args: dict[str, Any] = {}
    for key, value in obj.items():
        if key in ("oneoffs", "card_oneoffs"):
            if not isinstance(value, dict):
                raise ValueError(f"rules field {key!r} must be an object")
            try:
                args[key] = {int(k): v for k, v in value.items()}
            except ValueError:
                raise ValueError(f"rules field {key!r} must have numeric keys") from None
        else:
            args[key] = _tuples(value)
    try:
        return RuleSet(**args)
    except TypeError as exc:
        raise ValueError(f"bad rules: {exc}") from None


def dumps(obj: Any) -> str:
    """Compact one-line JSON, as every message's JSON payload is written."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def parse_info(text: str) -> dict[str, Any]:
    """Read the words after ``info``: ``win 0.62 iterations 1200 pv points 7H`` ->
    ``{"win": 0.62, "iterations": 1200, "pv": "points 7H"}``.

    ``pv`` and ``string`` take the rest of the line; unknown keys and unreadable numbers
    are skipped (an ``info`` line never costs a program its game).
    """
    words = text.split()
    out: dict[str, Any] = {}
    i = 0
    while i < len(words):
        key = words[i]
        if key in INFO_REST:
            out[key] = " ".join(words[i + 1 :])
            break
        if key in INFO_NUMBERS and i + 1 < len(words):
            with contextlib.suppress(ValueError):
                out[key] = INFO_NUMBERS[key](words[i + 1])
            i += 2
            continue
        i += 1
    return out


def format_info(info: Mapping[str, Any]) -> str:
    """An ``info`` message from its fields (numbers first, ``pv`` and ``string`` last)."""
    parts = ["info"]
    for key in INFO_NUMBERS:
        if key in info:
            parts += [key, f"{info[key]:.4f}" if key == "win" else str(info[key])]
    for key in INFO_REST:
        if key in info:
            parts += [key, str(info[key])]
            break
    return " ".join(parts)


__all__ = [
    "INFO_NUMBERS",
    "INFO_REST",
    "PROTOCOL_VERSION",
    "dumps",
    "format_info",
    "parse_info",
    "rules_from_json",
    "rules_json",
    "split_message",
]
