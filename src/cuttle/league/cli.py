"""``cuttle league``: weekly points, season standings, ratings, brackets, long-term sheets.

:func:`league_main` takes the arguments after ``league`` and returns an exit code; bad
input gets one clear message on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Sequence
from datetime import date, tzinfo
from pathlib import Path
from typing import Any, NoReturn, TextIO
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from cuttle.engine.errors import CuttleError

from .bracket import Bracket, championship_points
from .championships import season_qualifiers
from .glicko2 import LICHESS, RatingBook
from .hall_of_fame import load_hall_of_fame
from .longterm import DEFAULT_TARGET, Series
from .match import WINS_NEEDED
from .results import MatchRecord, matches_from_records, read_results_csv
from .seasons import WEEKS_PER_SEASON, Calendar, Standing, season_matches, standings
from .weekly import weekly_table

EXAMPLES = """\
examples:
  cuttle league standings results.csv --season-start 2026-01-05
  cuttle league standings results.csv --season-start 2026-01-05 --json
  cuttle league standings results.csv --season-start 2026-01-05 --csv --out standings.csv
  cuttle league weekly results.csv --season-start 2026-01-05 --week 3
  cuttle league ratings results.csv records/
  cuttle league calendar 2026-05-20 --league-start 2026-01-05
  cuttle league bracket new ann bob cat dan eve --out champs.json
  cuttle league bracket new --standings results.csv --season-start 2026-01-05 --out champs.json
  cuttle league bracket report champs.json ann bob --score 2-1
  cuttle league bracket advance champs.json finals.csv
  cuttle league bracket show champs.json
  cuttle league series rounds.csv --target 500
  cuttle league hall-of-fame

RESULTS are CSV files with the header date,player1,player2,winner (optionally a rules
column; one finished match a line, ISO dates), game records (*.cuttle, grouped into
first-to-two matches by their Players and Date headers) or folders of records; - reads
a CSV from standard input. Weeks are counted from --season-start: week 1 is its first
7 days, from 00:00 in --tz (default UTC). See docs/league.md for every rule.
"""


class _Fail(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Fail(f"{self.prog}: {message}")


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad date {text!r}: write e.g. 2026-01-05") from None


def _zone(text: str) -> tzinfo:
    try:
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise argparse.ArgumentTypeError(
            f"unknown time zone {text!r} (e.g. UTC, Europe/Paris)"
        ) from None


def _score(text: str) -> tuple[int, int]:
    """A first-to-two match's score in games, the winner's first: ``2-0`` or ``2-1``."""
    parts = text.replace(":", "-").split("-")
    try:
        a, b = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad score {text!r}: write e.g. 2-1") from None
    if a != WINS_NEEDED or not 0 <= b < WINS_NEEDED:
        turned = f" (did you mean {b}-{a}?)" if b == WINS_NEEDED and 0 <= a < b else ""
        raise argparse.ArgumentTypeError(
            f"impossible score {text!r}: a match is first to {WINS_NEEDED} game wins, so the"
            f" winner's score comes first and is {WINS_NEEDED}-0 or {WINS_NEEDED}-1{turned}"
        )
    return a, b


def build_parser() -> argparse.ArgumentParser:
    """The ``cuttle league`` argument parser."""
    parser = _Parser(
        prog="cuttle league",
        description="The league: weekly points, season standings, ratings and brackets.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)

    def results_args(p: argparse.ArgumentParser, season: bool = True) -> None:
        p.add_argument("results", nargs="+", metavar="RESULTS", help="CSV files, records, folders")
        if season:
            p.add_argument(
                "--season-start",
                type=_date,
                required=True,
                metavar="DATE",
                help="first day of the season (ISO date)",
            )
        p.add_argument(
            "--tz",
            type=_zone,
            default=ZoneInfo("UTC"),
            metavar="ZONE",
            help="the league's time zone (default UTC)",
        )
        p.add_argument(
            "--rules",
            default="standard",
            metavar="NAME",
            help="rule set to rate and rank (default standard)",
        )

    p = sub.add_parser("standings", help="a season's standings")
    results_args(p)
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="JSON: player, points, wins, weeks")
    fmt.add_argument("--csv", action="store_true", help="CSV with the rating and every week")
    p.add_argument("--out", metavar="FILE", help="write there instead of standard output")

    p = sub.add_parser("weekly", help="weekly points, week by week")
    results_args(p)
    p.add_argument("--week", type=int, metavar="N", help="only week N (1-13)")
    p.add_argument("--json", action="store_true", help="JSON output")

    p = sub.add_parser("ratings", help="Glicko-2 ratings from every match")
    results_args(p, season=False)
    p.add_argument("--json", action="store_true", help="JSON output")

    p = sub.add_parser("calendar", help="the season and week of a date")
    p.add_argument("date", type=_date, metavar="DATE")
    p.add_argument(
        "--league-start",
        type=_date,
        required=True,
        metavar="DATE",
        help="first day of the league's first Clubs season",
    )

    p = sub.add_parser("bracket", help="double-elimination championship brackets")
    bsub = p.add_subparsers(dest="bracket_action", metavar="STEP", parser_class=_Parser)
    q = bsub.add_parser("new", help="seed a new bracket (players best first)")
    q.add_argument("players", nargs="*", metavar="PLAYER")
    q.add_argument(
        "--standings",
        nargs="+",
        metavar="RESULTS",
        help="seed the top of a season's standings instead",
    )
    q.add_argument("--season-start", type=_date, metavar="DATE")
    q.add_argument("--tz", type=_zone, default=ZoneInfo("UTC"), metavar="ZONE")
    q.add_argument("--rules", default="standard", metavar="NAME")
    q.add_argument("--size", type=int, default=8, metavar="N", help="players from standings")
    q.add_argument("--out", metavar="FILE", help="write the bracket there (default: print)")
    q = bsub.add_parser("show", help="print a bracket")
    q.add_argument("file", metavar="FILE")
    q.add_argument("--json", action="store_true", help="JSON with places and points")
    q = bsub.add_parser("report", help="record one match's result")
    q.add_argument("file", metavar="FILE")
    q.add_argument("winner", metavar="WINNER")
    q.add_argument("loser", metavar="LOSER")
    q.add_argument("--score", type=_score, metavar="W-L", help="games, e.g. 2-1")
    q = bsub.add_parser("advance", help="record results from a results CSV, in order")
    q.add_argument("file", metavar="FILE")
    q.add_argument("results", metavar="RESULTS")

    p = sub.add_parser("series", help="a long-term (Rummy 500) scoring sheet")
    p.add_argument(
        "rounds", metavar="ROUNDS", help="CSV: a column a player, a line a round; 7* counts against"
    )
    p.add_argument("--target", type=int, default=DEFAULT_TARGET, metavar="N")

    p = sub.add_parser("hall-of-fame", help="past season and World Championships")
    p.add_argument("--json", action="store_true", help="the record as JSON")
    return parser


# ---------------------------------------------------------------------- input


def _read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise _Fail(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise _Fail(f"cannot read {path}: {exc}") from None


def load_results(paths: Sequence[str], tz: tzinfo, err: TextIO) -> list[MatchRecord]:
    """Every match in ``paths`` (CSV files, records, folders of records), by time."""
    matches: list[MatchRecord] = []
    records: list[tuple[str, str]] = []
    for path in paths:
        p = Path(path)
        if path != "-" and p.is_dir():
            records.extend((str(f), _read_text(str(f))) for f in sorted(p.glob("*.cuttle")))
        elif path.endswith(".cuttle"):
            records.append((path, _read_text(path)))
        else:
            matches.extend(read_results_csv(_read_text(path), tz, path))
    if records:
        found, notes = matches_from_records(records, tz)
        matches.extend(found)
        for note in notes:
            print(f"cuttle league: note: {note}", file=err)
    return sorted(matches, key=lambda m: m.when)


# ---------------------------------------------------------------------- commands


def _standings_rows(table: Sequence[Standing]) -> list[dict[str, Any]]:
    return [
        {
            "player": s.player,
            "points": s.points,
            "wins": s.wins,
            "weeks": {str(w): pts for w, pts in sorted(s.weeks.items())},
        }
        for s in table
    ]


def _season_table(args: argparse.Namespace, err: TextIO) -> tuple[list[Standing], Calendar, int]:
    matches = [m for m in load_results(args.results, args.tz, err) if m.rules == args.rules]
    cal = Calendar(args.season_start, args.tz)
    inside = season_matches(matches, cal)
    return standings(matches, cal, 0, args.rules), cal, len(matches) - len(inside)


def _standings(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    table, cal, left = _season_table(args, err)
    first, last = cal.season_dates(0)
    if left:
        print(
            f"cuttle league: note: {left} match(es) outside {first}..{last} not counted", file=err
        )
    if args.json:
        text = json.dumps(_standings_rows(table), indent=2) + "\n"
    elif args.csv:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        weeks = range(1, WEEKS_PER_SEASON + 1)
        w.writerow(
            [
                "place",
                "player",
                "points",
                "wins",
                "rating",
                "provisional",
                *(f"week{n}" for n in weeks),
            ]
        )
        for s in table:
            w.writerow(
                [
                    s.place,
                    s.player,
                    s.points,
                    s.wins,
                    round(s.rating.rating),
                    int(s.rating.provisional()),
                    *(s.weeks.get(n, "") for n in weeks),
                ]
            )
        text = buf.getvalue()
    else:
        lines = [f"Season {first} to {last} ({args.tz}), {args.rules}: {len(table)} players"]
        if table:
            width = max(6, *(len(s.player) for s in table))
            lines.append(
                f"{'#':>3}  {'Player':<{width}} {'Points':>6} {'Wins':>5} {'Rating':>7}  Weeks"
            )
            for s in table:
                by_week = " ".join(f"{w}:{p}" for w, p in sorted(s.weeks.items()))
                lines.append(
                    f"{s.place:>3}  {s.player:<{width}} {s.points:>6} {s.wins:>5} "
                    f"{s.rating.display():>7}  {by_week}"
                )
        text = "\n".join(lines) + "\n"
    if args.out:
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise _Fail(f"cannot write {args.out}: {exc}") from None
    else:
        out.write(text)
    return 0


def _weekly(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    matches = [m for m in load_results(args.results, args.tz, err) if m.rules == args.rules]
    cal = Calendar(args.season_start, args.tz)
    if args.week is not None and not 1 <= args.week <= WEEKS_PER_SEASON:
        raise _Fail(f"--week must be 1-{WEEKS_PER_SEASON}, not {args.week}")
    by_week: dict[int, list[MatchRecord]] = {}
    for m in season_matches(matches, cal):
        by_week.setdefault(cal.season_of(m.when).week, []).append(m)
    weeks = [args.week] if args.week is not None else sorted(by_week)
    data = {
        str(w): [
            {
                "player": s.player,
                "matches": s.matches,
                "wins": s.wins,
                "place": s.place,
                "points": s.points,
            }
            for s in weekly_table(by_week.get(w, []))
        ]
        for w in weeks
    }
    if args.json:
        out.write(json.dumps(data, indent=2) + "\n")
        return 0
    for w in weeks:
        start = cal.start.toordinal() + 7 * (w - 1)
        out.write(f"Week {w} (from {date.fromordinal(start)})\n")
        for row in data[str(w)]:
            place = f"{row['place']}." if row["place"] else "-"
            out.write(
                f"  {place:>3} {row['player']:<16} wins {row['wins']}  "
                f"matches {row['matches']}  points {row['points']}\n"
            )
        if not data[str(w)]:
            out.write("  no matches\n")
    return 0


def _ratings(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    book = RatingBook(LICHESS)
    for m in load_results(args.results, args.tz, err):
        if m.rules == args.rules:
            book.rate(m.winner, m.loser, m.rules, m.when)
    rows = sorted(
        ((p, book.get(p, args.rules)) for p in book.players(args.rules)),
        key=lambda x: (-x[1].rating, x[0]),
    )
    if args.json:
        data = [
            {
                "player": p,
                "rating": round(r.rating, 1),
                "deviation": round(r.deviation, 1),
                "volatility": round(r.volatility, 5),
                "provisional": r.provisional(),
            }
            for p, r in rows
        ]
        out.write(json.dumps(data, indent=2) + "\n")
        return 0
    out.write(f"Glicko-2 ratings, {args.rules} (? = provisional, deviation >= 110)\n")
    for p, r in rows:
        out.write(f"  {r.display():>6}  ±{2 * r.deviation:.0f}  {p}\n")
    return 0


def _calendar(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from datetime import UTC, datetime, time

    cal = Calendar(args.league_start, UTC)
    try:
        sw = cal.season_of(datetime.combine(args.date, time(), UTC))
    except ValueError as exc:
        raise _Fail(str(exc)) from None
    first, last = cal.season_dates(sw.index)
    out.write(
        f"{args.date}: {sw.name}, week {sw.week} of {WEEKS_PER_SEASON} "
        f"(the season runs {first} to {last})\n"
    )
    return 0


def _load_bracket(path: str) -> Bracket:
    return Bracket.loads(_read_text(path))


def _save_bracket(bracket: Bracket, path: str) -> None:
    try:
        Path(path).write_text(bracket.dumps(), encoding="utf-8")
    except OSError as exc:
        raise _Fail(f"cannot write {path}: {exc}") from None


def _bracket(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    step = args.bracket_action
    if step is None:
        raise _Fail("cuttle league bracket: give a step: new, show, report or advance")
    if step == "new":
        if args.standings:
            if args.players:
                raise _Fail("give players or --standings, not both")
            if args.season_start is None:
                raise _Fail("--standings needs --season-start")
            ns = argparse.Namespace(
                results=args.standings, tz=args.tz, rules=args.rules, season_start=args.season_start
            )
            table, _, _ = _season_table(ns, err)
            players = season_qualifiers(table, args.size)
        else:
            players = args.players
        bracket = Bracket(players)
        if args.out:
            _save_bracket(bracket, args.out)
            out.write(f"wrote {args.out}: {len(players)} players\n")
        out.write(bracket.render() if args.out else bracket.dumps())
        return 0
    bracket = _load_bracket(args.file)
    if step == "show":
        if args.json:
            data = bracket.to_json()
            data["points"] = championship_points(bracket.places()) if bracket.finished else {}
            out.write(json.dumps(data, indent=2) + "\n")
        else:
            out.write(bracket.render())
            if bracket.finished:
                pts = championship_points(bracket.places())
                out.write("Championship points\n")
                for p, v in sorted(pts.items(), key=lambda x: (-x[1], x[0])):
                    out.write(f"  {v:g}  {p}\n")
        return 0
    if step == "report":
        bracket = bracket.report(args.winner, args.loser, args.score)
    else:
        for m in read_results_csv(_read_text(args.results), ZoneInfo("UTC"), args.results):
            bracket = bracket.report(m.winner, m.loser)
    _save_bracket(bracket, args.file)
    ready = [f"{m.spec.id} {m.sides[0]} v {m.sides[1]}" for m in bracket.ready()]
    if bracket.finished:
        out.write(f"champion: {bracket.champion}\n")
    else:
        out.write("to play: " + "; ".join(ready) + "\n")
    return 0


def _series(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    rows = list(csv.reader(io.StringIO(_read_text(args.rounds))))
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        raise _Fail(f"{args.rounds}: empty; the first line names the players")
    players = [c.strip() for c in rows[0]]
    series = Series(players, args.target)
    for n, row in enumerate(rows[1:], 2):
        if len(row) != len(players):
            raise _Fail(f"{args.rounds} line {n}: {len(players)} cells expected, got {len(row)}")
        points: dict[str, int] = {}
        against = []
        for p, cell in zip(players, row, strict=True):
            cell = cell.strip()
            if cell.endswith("*"):
                against.append(p)
                cell = cell[:-1]
            try:
                points[p] = int(cell)
            except ValueError:
                raise _Fail(f"{args.rounds} line {n}: {cell!r} is not a number of points") from None
        try:
            series = series.add_round(points, against)
        except ValueError as exc:
            raise _Fail(f"{args.rounds} line {n}: {exc}") from None
    out.write(series.sheet())
    return 0


def _hall_of_fame(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    hof = load_hall_of_fame()
    if args.json:
        out.write(json.dumps(hof.to_json(), indent=2, ensure_ascii=False) + "\n")
        return 0
    for e in hof.events:
        when = e.date or f"{e.start} - {e.end}"
        out.write(f"{e.name} ({when}, {e.competitors} players)\n")
        for pl in e.places:
            out.write(f"  {pl.place}. {', '.join(pl.players)}\n")
    out.write("Titles: " + ", ".join(f"{p} {n}" for p, n in hof.titles().most_common()) + "\n")
    out.write(f"Source: {hof.source}\n")
    return 0


COMMANDS = {
    "standings": _standings,
    "weekly": _weekly,
    "ratings": _ratings,
    "calendar": _calendar,
    "bracket": _bracket,
    "series": _series,
    "hall-of-fame": _hall_of_fame,
}


def league_main(argv: Sequence[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``cuttle league`` with ``argv`` (the arguments after ``league``); the exit code."""
    stdout = out or sys.stdout
    stderr = err or sys.stderr
    parser = build_parser()
    try:
        old = sys.stdout
        sys.stdout = stdout  # argparse prints --help there
        try:
            args = parser.parse_args(list(argv))
        except SystemExit as exc:  # --help
            return exc.code if isinstance(exc.code, int) else 0
        finally:
            sys.stdout = old
        if args.action is None:
            parser.print_help(stdout)
            return 0
        return COMMANDS[args.action](args, stdout, stderr)
    except _Fail as exc:
        print(
            exc.message if exc.message.startswith("cuttle") else f"cuttle league: {exc.message}",
            file=stderr,
        )
        return 2
    except (ValueError, CuttleError) as exc:
        print(f"cuttle league: {exc}", file=stderr)
        return 2
    except BrokenPipeError:
        return 0
