"""Game records (notation.md "Game record"): this project's PGN.

A record is header lines ``[Key "value"]``, a blank line, then one move a line with its
seat (``p0: points 7H``); ``p1: resign`` for a resignation and ``draw agreed`` for an
agreed draw. ``#`` starts a comment (a whole line, or the end of a line).

:func:`write_record` writes a game's record. :func:`read_record` rebuilds the game by
replaying and checking every line, and reports every problem it finds, each with its
1-based line number, in one :class:`~cuttle.engine.errors.RecordError`.
:func:`parse_record` only splits a record into headers and move lines, and
:func:`read_records` reads a file holding several records.

>>> from cuttle import new_game
>>> game = new_game("classic", seed=4)
>>> game.play("draw")
>>> text = write_record(game, {"Event": "example"})
>>> text.splitlines()[-1]
'p0: draw'
>>> read_record(text).to_json() == game.to_json()
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import CARD_NAMES, card
from .errors import CuttleError, RecordError
from .game import Game, new_game
from .history import AGREED_DRAW_LINE, DrawAgreed, apply_event, events_of, parse_event
from .position import from_json
from .rules import RuleSet, get_rules

REQUIRED = ("Rules", "Variants", "Players", "Result", "Termination")
"""Headers every record carries, besides ``Deck`` or ``Position``."""

TERMINATIONS = ("points", "kings", "passes", "resign", "agreed", "move-cap", "time", "abandoned")
"""How a finished game may end (``*`` stands for a game still being played)."""

SERVER_ENDINGS = {"time": ("resign", "agreed"), "abandoned": ("resign",)}
"""Endings a game server adds (a flag on time, a win claimed from absent opponents): the
moves record them as a resignation (or, a flag with no opponent able to win, an agreed
draw), so a record may name them where its moves end that way."""

_HEADER = re.compile(r'^\[([A-Za-z][A-Za-z0-9_-]*)\s+"(.*)"\]\s*(?:#.*)?$')
_MOVE = re.compile(r"^p(\d+)\s*:\s*(.*)$", re.IGNORECASE)
_RESULT_SEATS = re.compile(r"^p\d+( p\d+)*$")

MoveLine = tuple[int, int | None, str]
"""A move line of a record: ``(line number, seat or None, move text)``."""


# ---------------------------------------------------------------------- writing


def _check_value(key: str, value: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"header {key!r}: the value must be text, not {type(value).__name__}")
    if "\n" in value or "\r" in value:
        raise ValueError(f"header {key!r}: the value must fit on one line")
    return value


def write_record(game: Game, headers: Mapping[str, str] | None = None) -> str:
    """Return the record of ``game`` as text, ending with a newline.

    The required headers come from the game: ``Rules``, ``Variants``, ``Deck`` (the
    dealt deck, top first) or, for a game set up from a position, ``Position`` (its JSON
    on one line), ``Players``, ``Result`` and ``Termination`` (``*`` for both while the
    game is on). ``headers`` adds headers (``Event``, ``Date``, seat names, …) and may set
    ``Players`` to the players' names, one word a seat. Raises ``ValueError`` if the game
    has neither a starting deck nor a starting position, or a header is unusable.
    """
    extra = dict(headers or {})
    for key, value in extra.items():
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", str(key)):
            raise ValueError(f"header name {key!r} must be a word (letters, digits, - or _)")
        _check_value(key, value)
    fixed = {"Rules", "Variants", "Deck", "Position", "Result", "Termination"}
    clash = sorted(fixed & set(extra))
    if clash:
        raise ValueError(f"header(s) {', '.join(clash)} are written from the game itself")
    players = extra.pop("Players", " ".join(f"p{s}" for s in range(game.n)))
    if len(players.split()) != game.n:
        raise ValueError(f"'Players' must name {game.n} players, one word each; got {players!r}")
    lines = [
        f'[Rules "{game.rules.name}"]',
        f'[Variants "{" ".join(game.rules.variants)}"]',
    ]
    if game.start_deck is not None:
        lines.append(f'[Deck "{" ".join(CARD_NAMES[c] for c in game.start_deck)}"]')
    elif game.start_position is not None:
        lines.append(f'[Position "{json.dumps(game.start_position)}"]')
    else:
        raise ValueError("the game has neither a starting deck nor a starting position")
    outcome = game.outcome
    lines.append(f'[Players "{" ".join(players.split())}"]')
    lines.append(f'[Result "{outcome.result() if outcome else "*"}"]')
    lines.append(f'[Termination "{outcome.termination if outcome else "*"}"]')
    lines.extend(f'[{key} "{value}"]' for key, value in extra.items())
    lines.append("")
    lines.extend(event.line() for event in events_of(game))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------- parsing


@dataclass
class _Parsed:
    """One record split into parts, with the line of everything and the problems."""

    headers: dict[str, str] = field(default_factory=dict)
    header_lines: dict[str, int] = field(default_factory=dict)
    moves: list[MoveLine] = field(default_factory=list)
    problems: list[tuple[int, str]] = field(default_factory=list)
    first_line: int = 1


def _strip_comment(line: str) -> str:
    """Drop a ``#`` comment from a move line."""
    at = line.find("#")
    return (line[:at] if at >= 0 else line).strip()


def _split(text: str) -> Iterator[tuple[int, list[tuple[int, str]]]]:
    """Split ``text`` into records: yield (first line number, numbered lines) for each.

    A header line that follows a blank line or a move line starts a new record.
    """
    current: list[tuple[int, str]] = []
    in_moves = False
    blank_seen = False
    for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if line.startswith("[") and (in_moves or blank_seen) and current:
            yield current[0][0], current
            current, in_moves, blank_seen = [], False, False
        if not line:
            if current:
                blank_seen = True
            continue
        if line.startswith("#"):
            continue
        if not line.startswith("["):
            in_moves = True
        current.append((number, line))
    if current:
        yield current[0][0], current


def _parse_lines(lines: list[tuple[int, str]]) -> _Parsed:
    out = _Parsed(first_line=lines[0][0] if lines else 1)
    in_moves = False
    for number, line in lines:
        if line.startswith("[") and not in_moves:
            m = _HEADER.match(line)
            if m is None:
                out.problems.append((number, f'a header line is [Key "value"], not {line!r}'))
                continue
            key, value = m.group(1), m.group(2)
            if key in out.headers:
                out.problems.append(
                    (number, f"header {key!r} repeats line {out.header_lines[key]}")
                )
                continue
            out.headers[key] = value.strip()
            out.header_lines[key] = number
            continue
        in_moves = True
        body = _strip_comment(line)
        if not body:
            continue
        if body.lower() == AGREED_DRAW_LINE:
            out.moves.append((number, None, AGREED_DRAW_LINE))
            continue
        m = _MOVE.match(body)
        if m is None:
            what = "a header after the moves" if body.startswith("[") else repr(body)
            out.problems.append(
                (number, f"expected a move line like 'p0: draw' or 'draw agreed', not {what}")
            )
            continue
        out.moves.append((number, int(m.group(1)), m.group(2).strip()))
    return out


def _parse(text: str) -> _Parsed:
    parts = list(_split(text))
    if not parts:
        return _Parsed(problems=[(1, "the record is empty")])
    parsed = _parse_lines([line for _, lines in parts for line in lines])
    return parsed


def parse_record(text: str) -> tuple[dict[str, str], list[MoveLine]]:
    """Split a record into its headers and its move lines, without replaying anything.

    Returns ``(headers, moves)``; each move is ``(line number, seat, text)`` with seat
    ``None`` for ``draw agreed``. Raises :class:`RecordError` listing every line that is
    neither a header, a move line, a comment nor blank.
    """
    parsed = _parse(text)
    if parsed.problems:
        raise RecordError(parsed.problems)
    return parsed.headers, parsed.moves


# ---------------------------------------------------------------------- replaying


def _start(parsed: _Parsed, rules: RuleSet | None) -> Game | None:
    """Build the starting game from the headers; note problems and return None on failure."""
    h, at, problems = parsed.headers, parsed.header_lines, parsed.problems
    first = parsed.first_line
    for key in REQUIRED:
        if key not in h:
            problems.append((first, f'the record lacks the [{key} "…"] header'))
    if "Deck" in h and "Position" in h:
        problems.append((at["Position"], "a record starts from a Deck or a Position, not both"))
        return None
    if "Deck" not in h and "Position" not in h:
        problems.append((first, 'the record lacks a [Deck "…"] (or [Position "…"]) header'))
        return None
    if "Position" in h:
        return _start_position(parsed, rules)
    return _start_deck(parsed, rules)


def _rule_set(parsed: _Parsed, rules: RuleSet | None, players: int | None) -> RuleSet | None:
    """The rule set the headers name (checked against ``rules`` when one is given)."""
    h, at, problems = parsed.headers, parsed.header_lines, parsed.problems
    name = h.get("Rules")
    variants = h.get("Variants", "").split()
    if rules is not None:
        if name is not None and name != rules.name:
            problems.append((at["Rules"], f"the record is for rules {name!r}, not {rules.name!r}"))
            return None
        if "Variants" in h and sorted(set(variants)) != list(rules.variants):
            problems.append(
                (
                    at["Variants"],
                    f"variants {' '.join(variants) or '(none)'} differ from the rule set's "
                    f"{' '.join(rules.variants) or '(none)'}",
                )
            )
            return None
        if players is not None and players != rules.players:
            problems.append(
                (at["Players"], f"{players} players named; the rule set has {rules.players}")
            )
            return None
        return rules
    if name is None:
        return None
    try:
        base = get_rules(name)
    except CuttleError as exc:
        problems.append((at["Rules"], str(exc)))
        return None
    try:
        get_rules(base, variants)
    except CuttleError as exc:
        problems.append((at.get("Variants", parsed.first_line), str(exc)))
        return None
    try:
        return get_rules(base, variants, players)
    except CuttleError as exc:
        problems.append((at.get("Players", parsed.first_line), str(exc)))
        return None


def _start_deck(parsed: _Parsed, rules: RuleSet | None) -> Game | None:
    h, at, problems = parsed.headers, parsed.header_lines, parsed.problems
    players = len(h["Players"].split()) if "Players" in h else None
    rs = _rule_set(parsed, rules, players)
    names = h["Deck"].split()
    cards: list[int] = []
    bad: list[str] = []
    for name in names:
        try:
            cards.append(card(name))
        except CuttleError:
            bad.append(name)
    if bad:
        problems.append((at["Deck"], f"not card names: {' '.join(bad)}"))
        return None
    if rs is None:
        return None
    try:
        return new_game(rs, deck=cards)
    except CuttleError as exc:
        problems.append((at["Deck"], str(exc)))
        return None


def _start_position(parsed: _Parsed, rules: RuleSet | None) -> Game | None:
    h, at, problems = parsed.headers, parsed.header_lines, parsed.problems
    line = at["Position"]
    try:
        obj: Any = json.loads(h["Position"])
    except json.JSONDecodeError as exc:
        problems.append((line, f"the position is not valid JSON: {exc}"))
        return None
    try:
        game = from_json(obj, rules)
    except CuttleError as exc:
        problems.append((line, f"bad position: {exc}"))
        return None
    rs = game.rules
    if "Rules" in h and h["Rules"] != rs.name:
        problems.append((at["Rules"], f"Rules says {h['Rules']!r}; the position {rs.name!r}"))
    if "Variants" in h and sorted(set(h["Variants"].split())) != list(rs.variants):
        problems.append(
            (
                at["Variants"],
                f"Variants says {h['Variants'] or '(none)'}; the position "
                f"{' '.join(rs.variants) or '(none)'}",
            )
        )
    if "Players" in h and len(h["Players"].split()) != game.n:
        problems.append(
            (at["Players"], f"{len(h['Players'].split())} players named; the position has {game.n}")
        )
    return game


def _check_result_syntax(parsed: _Parsed) -> tuple[bool, bool]:
    """Check Result and Termination values; return whether each is well formed."""
    h, at, problems = parsed.headers, parsed.header_lines, parsed.problems
    ok_result = ok_term = "Result" in h and "Termination" in h
    if "Result" in h:
        value = h["Result"]
        if value not in ("*", "draw") and not _RESULT_SEATS.match(value):
            problems.append(
                (at["Result"], f"Result {value!r} is not p0, a team like 'p0 p2', draw or *")
            )
            ok_result = False
    if "Termination" in h:
        value = h["Termination"]
        if value != "*" and value not in TERMINATIONS:
            problems.append(
                (
                    at["Termination"],
                    f"Termination {value!r} is unknown; known: {', '.join(TERMINATIONS)}, *",
                )
            )
            ok_term = False
    return ok_result, ok_term


def _replay(game: Game, moves: list[MoveLine], problems: list[tuple[int, str]]) -> bool:
    """Play ``moves`` on ``game``; note the first bad line and return whether all played."""
    for number, seat, text in moves:
        try:
            event = DrawAgreed() if seat is None else parse_event(f"p{seat}: {text}")
            apply_event(game, event)
        except CuttleError as exc:
            problems.append((number, f"{text!r}: {exc}"))
            return False
    return True


def _check_outcome(game: Game, parsed: _Parsed, result_ok: bool, term_ok: bool) -> None:
    h, at, problems = parsed.headers, parsed.header_lines, parsed.problems
    outcome = game.outcome
    result = outcome.result() if outcome else "*"
    term = outcome.termination if outcome else "*"
    if result_ok and h["Result"] != result:
        problems.append(
            (at["Result"], f"Result says {h['Result']!r}, but the moves give {result!r}")
        )
    if (
        term_ok
        and h["Termination"] != term
        and term not in SERVER_ENDINGS.get(h["Termination"], ())
    ):
        problems.append(
            (
                at["Termination"],
                f"Termination says {h['Termination']!r}, but the moves give {term!r}",
            )
        )


def _read_parsed(parsed: _Parsed, rules: RuleSet | None) -> Game:
    game = _start(parsed, rules)
    result_ok, term_ok = _check_result_syntax(parsed)
    if game is not None and _replay(game, parsed.moves, parsed.problems):
        _check_outcome(game, parsed, result_ok, term_ok)
    if parsed.problems or game is None:
        raise RecordError(sorted(parsed.problems) or [(parsed.first_line, "unreadable record")])
    return game


def read_record(text: str, rules: RuleSet | None = None) -> Game:
    """Rebuild the game a record describes, replaying and checking every move.

    Checks the headers (a known rule set and variants, a whole deck or a valid position,
    well-formed ``Result`` and ``Termination``), that each line's seat is the seat to act
    (a resignation may come from any seat), that each move is legal, and that ``Result``
    and ``Termination`` agree with how the moves end the game. ``rules`` gives the rule
    set of a house-rules record. Raises :class:`RecordError` listing every problem found,
    each with its line number; replaying stops at the first bad move.
    """
    return _read_parsed(_parse(text), rules)


def read_records(text: str, rules: RuleSet | None = None) -> Iterator[Game]:
    """Yield the game of each record in ``text`` (records follow one another, each
    starting with its headers). Line numbers in errors count from the top of ``text``;
    a bad record raises :class:`RecordError` when it is reached."""
    for _, lines in _split(text):
        yield _read_parsed(_parse_lines(lines), rules)
