"""The websocket protocol as pure functions: parse what clients send, build what they get.

Client messages are JSON objects with a type ``t``:

- ``{"t": "move", "move": "points 7H", "id": "c12", "n": 14}``: play a move. ``id``
  (optional, at most 64 characters) lets the server de-duplicate a resent move; ``n``
  (optional) is the event number the client has seen, and a move sent from a stale ``n``
  is refused.
- ``{"t": "sync", "n": 14}``: send the events after 14, or a fresh state.
- ``{"t": "resign", "id": ...}``, ``{"t": "draw", "action": "offer" | "accept" | "decline"}``,
  ``{"t": "rematch"}``, ``{"t": "ping"}``.
- ``{"t": "chat", "text": "gg"}``: chat (:mod:`cuttle.server.game.chat`); ``{"t": "claim"}``:
  claim the win from absent opponents (:mod:`cuttle.server.game.attendance`).

Server messages: ``state`` (a whole view), ``event`` (one numbered move and the view
after it), ``ack``, ``error``, ``offer``, ``players``, ``rematch``, ``pong``. Every
view is the table's view for that seat (``None``: the public view; every hand face up at
a practice table), or the full position once the game is over.

Moves in words: an ``event`` carries ``text``, the move told to that reader
(:meth:`Table.sentence <cuttle.table.Table.sentence>`: "Easy bot plays the Seven of
Hearts for points.", "You draw the 7♦.", never a card the reader may not see) and ``by``,
the seat that moved (-1: an agreed draw); a ``state`` carries ``said``, the whole
history told that way, and ``names``, the seats' names as the sentences use them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from cuttle.i18n import Domain
from cuttle.table import Table

from ..errors import translated

MAX_MESSAGE_BYTES = 2048
MAX_MOVE_CHARS = 60
MAX_ID_CHARS = 64
CLIENT_TYPES = ("move", "sync", "resign", "draw", "rematch", "ping", "chat", "claim")
DRAW_ACTIONS = ("offer", "accept", "decline")


class ProtocolError(ValueError):
    """A client message that cannot be accepted; the text says why."""


@dataclass(frozen=True)
class ClientMessage:
    """A checked client message."""

    t: str
    move: str = ""
    id: str | None = None
    n: int | None = None
    action: str = ""
    text: str = ""
    """A chat message's text (checked by :func:`cuttle.server.game.chat.clean_text`)."""


def _int_field(obj: dict[str, Any], key: str) -> int | None:
    value = obj.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1_000_000:
        raise ProtocolError(f"'{key}' must be a whole number from 0, not {value!r}"[:200])
    return value


def parse_client(raw: str | bytes) -> ClientMessage:
    """Check one client message and return it; raise :class:`ProtocolError` if it is bad."""
    if isinstance(raw, bytes):
        raise ProtocolError("send text frames holding JSON, not binary")
    if len(raw.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message too long: at most {MAX_MESSAGE_BYTES} bytes")
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not valid JSON") from None
    if not isinstance(obj, dict):
        raise ProtocolError("message must be a JSON object with a type 't'")
    t = obj.get("t")
    if t not in CLIENT_TYPES:
        raise ProtocolError(
            f"unknown message type {str(t)[:40]!r}; types: {', '.join(CLIENT_TYPES)}"
        )
    cid = obj.get("id")
    if cid is not None and (
        not isinstance(cid, str) or not 0 < len(cid) <= MAX_ID_CHARS or "\x00" in cid
    ):  # PostgreSQL text cannot hold NUL: such an id would fail its move's write
        raise ProtocolError(f"'id' must be a string of 1 to {MAX_ID_CHARS} characters, no NUL")
    n = _int_field(obj, "n")
    if t == "move":
        move = obj.get("move")
        if not isinstance(move, str) or not move.strip():
            raise ProtocolError('a move message needs \'move\', e.g. {"t": "move", "move": "draw"}')
        if len(move) > MAX_MOVE_CHARS:
            raise ProtocolError(f"move too long: at most {MAX_MOVE_CHARS} characters")
        text = " ".join(move.split())
        if text.lower().startswith("resign"):
            raise ProtocolError('to resign, send {"t": "resign"}')
        return ClientMessage("move", move=text, id=cid, n=n)
    if t == "draw":
        action = obj.get("action")
        if action not in DRAW_ACTIONS:
            raise ProtocolError(f"'action' must be one of: {', '.join(DRAW_ACTIONS)}")
        return ClientMessage("draw", id=cid, action=action)
    if t == "chat":
        said = obj.get("text")
        if not isinstance(said, str):
            raise ProtocolError('a chat message needs \'text\', e.g. {"t": "chat", "text": "gg"}')
        return ClientMessage("chat", id=cid, text=said)
    if t == "sync" and n is None:
        n = 0
    return ClientMessage(t, id=cid, n=n)


TABLE_WORDS = Domain("table")
"""The table's catalog: a bot's name and an open seat are said in the reader's language
with the words the page's scripts use for them (``board.js``: ``_p("bot name", ...)``)."""

BOT_NAME = "bot name"
"""The context of the bots' names in the table's catalog."""

OPEN = "open seat"
"""A seat nobody has taken yet, as the table's catalog has it."""


LADDER_NAME = "Level {n} bot"
"""A numbered level's bot (``level5``: "Level 5 bot"), as the table's catalog has it."""


def _bot_name(level: str, lang: str | None) -> str:
    """A bot's name, ``"Easy bot"``, ``"Level 4 bot"``, in ``lang`` (``None``: English)."""
    said = TABLE_WORDS.translator(lang or "en")
    numbered = re.fullmatch(r"level(\d+)", level)
    if numbered:
        return said.pgettext(BOT_NAME, LADDER_NAME).format(n=numbered.group(1))
    return said.pgettext(BOT_NAME, f"{level.capitalize()} bot")


def seat_names(players: list[dict[str, Any]], lang: str | None = None) -> list[str]:
    """The seats' names for sentences and plates, from the ``players`` of the table's
    metadata: a person's name, ``"Easy bot"`` for a bot (numbered by seat when several
    bots share a level), ``"open seat"``; a person's name shared by two seats gets its
    seat (``"ann (p1)"``). With ``lang``, a bot and an open seat are named in that
    language (``None``: English, as the API says them).

    >>> seat_names([{"name": "ann", "bot": None, "empty": False},
    ...             {"name": "bot (easy)", "bot": "easy", "empty": False},
    ...             {"name": "bot (easy)", "bot": "easy", "empty": False}])
    ['ann', 'Easy bot 1', 'Easy bot 2']
    """
    base: list[str] = []
    for i, p in enumerate(players):
        if p.get("bot"):
            base.append(_bot_name(str(p["bot"]), lang))
        elif p.get("empty") and not p.get("name"):
            base.append("open seat" if lang is None else TABLE_WORDS.translator(lang).gettext(OPEN))
        else:
            base.append(str(p.get("name") or f"p{i}"))
    out: list[str] = []
    for i, (name, p) in enumerate(zip(base, players, strict=True)):
        if base.count(name) > 1:
            name = f"{name} {i}" if p.get("bot") else f"{name} (p{i})"
        out.append(name)
    return out


def history_sentences(
    table: Table, seat: int | None, names: list[str], lang: str | None = None
) -> list[str]:
    """The history told in words to ``seat`` (``None``: a spectator) in ``lang``, one
    sentence an event, naming only the cards that seat may see."""
    return table.sentences(seat, names, lang)


def history_lines(table: Table) -> list[str]:
    """The public move history, one line an event (``"p0: points 7H"``, ``"draw agreed"``)."""
    return [event.line() for event in table.history]


def line_of(seat: int, text: str) -> str:
    """One history line for ``seat``'s stored move ``text`` (seat -1: the players, as a
    stored agreed draw)."""
    return text if seat < 0 else f"p{seat}: {text}"


def view_for(table: Table, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) may see now: the table's view for it (every
    hand face up at a practice table), or everything once the game is over."""
    game = table.game
    if game.is_over:
        full = game.to_json()
        full["seat"] = seat
        full["moves"] = game.moves_played
        return full
    view = dict(table.shared_position(seat))  # the rest shared: sent, never changed
    view["seat"] = seat
    return view


def legal_for(table: Table, seat: int | None) -> list[str]:
    """The moves ``seat`` may make now (none unless it is the seat to act)."""
    if seat is None:
        return []
    return table.legal(seat)


def state_message(
    table: Table, seat: int | None, n: int, meta: dict[str, Any], lang: str | None = None
) -> dict[str, Any]:
    """A whole-state message for ``seat``: view, legal moves, history (as notation lines
    in ``log`` and in words for that seat, in ``lang``, in ``said``) and table metadata."""
    names = seat_names(meta.get("players") or [], lang)
    if len(names) != table.n:
        names = [s.name for s in table.seats]
    return {
        "t": "state",
        "n": n,
        "seat": seat,
        "view": view_for(table, seat),
        "legal": legal_for(table, seat),
        "log": history_lines(table),
        "said": history_sentences(table, seat, names, lang),
        "names": names,
        **meta,
    }


def event_message(
    table: Table,
    seat: int | None,
    n: int,
    line: str,
    names: list[str] | None = None,
    lang: str | None = None,
) -> dict[str, Any]:
    """Event number ``n`` (the move ``line``, the newest event of ``table``) and the view
    after it, for ``seat``; ``text`` tells the event to that seat in words, in ``lang``
    (with ``names``, default the table's seat names) and ``by`` is the seat that moved."""
    game = table.game
    event = table.history[n - 1] if 0 < n <= len(table.history) else None
    msg: dict[str, Any] = {
        "t": "event",
        "n": n,
        "line": line,
        "by": getattr(event, "seat", -1),
        "text": table.sentence(n - 1, seat, names, lang) if event is not None else line,
        "view": view_for(table, seat),
        "legal": legal_for(table, seat),
        "scores": [game.score(i) for i in range(game.n)],
        "goals": [game.goal(i) for i in range(game.n)],
    }
    if game.is_over:
        outcome = game.outcome
        msg["result"] = outcome.result() if outcome else None
        msg["termination"] = game.termination
    return msg


def error_message(text: str, cid: str | None = None, n: int | None = None) -> dict[str, Any]:
    """An error for the client; nothing changed."""
    msg: dict[str, Any] = {"t": "error", "error": text}
    if cid is not None:
        msg["id"] = cid
    if n is not None:
        msg["n"] = n
    return msg


def refusal(
    message: str, cid: str | None = None, n: int | None = None, **params: object
) -> dict[str, Any]:
    """An :func:`error_message` for a person: the English ``message`` (marked with ``N_``
    for the ``site`` catalog), its fields filled from ``params``, in the current language
    (a game socket's handler runs in its reader's language)."""
    return error_message(translated(message, **params), cid, n)


def ack_message(cid: str | None, n: int) -> dict[str, Any]:
    """Acknowledge that the client's move is stored as event ``n``."""
    return {"t": "ack", "id": cid, "n": n}
