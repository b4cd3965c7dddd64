"""The ``cuttle`` command: every subcommand through ``main(argv)``, one real subprocess run,
and the line-mode game driven by scripted input."""

from __future__ import annotations

import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from cuttle import PRESETS, VARIANTS, Game, get_rules, new_game, parse_record, read_record
from cuttle.cli.common import Streams
from cuttle.cli.main import main
from cuttle.cli.play import PlayOptions, default_record_path, run_plain
from cuttle.engine.cards import CARD_NAMES

CUTTLE = Path(sys.executable).parent / "cuttle"
COMMANDS = (
    "rules",
    "new",
    "moves",
    "apply",
    "play",
    "replay",
    "simulate",
    "analyse",
    "puzzle",
    "puzzles",
)


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run ``cuttle argv``; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, Streams(io.StringIO(stdin), out, err))
    return code, out.getvalue(), err.getvalue()


def refused(argv: list[str], stdin: str = "") -> str:
    """Run a command that must fail cleanly; return its message."""
    code, out, err = run(argv, stdin)
    assert code == 2, (argv, out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.strip()
    return err


def scripted(answers: Iterable[str], then: str | None = None) -> tuple[list[str], object]:
    """An input function answering from ``answers`` (then ``then`` forever, or EOF);
    returns the list of prompts it was shown and the function."""
    prompts: list[str] = []
    it: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        for answer in it:
            return answer
        if then is None:
            raise EOFError
        return then

    return prompts, ask


# ---------------------------------------------------------------------- help and rules


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_examples(command: str) -> None:
    code, out, _ = run([command, "--help"])
    assert code == 0
    assert "examples:" in out
    assert f"cuttle {command}" in out


def test_top_level_help_and_no_command() -> None:
    code, out, _ = run(["--help"])
    assert code == 0
    for command in COMMANDS:
        assert command in out
    code, out2, _ = run([])
    assert code == 0
    assert "examples:" in out2


def test_rules_lists_every_rule_set_and_variant_once() -> None:
    code, out, _ = run(["rules"])
    assert code == 0
    lines = out.splitlines()
    for name, rules in PRESETS.items():
        hits = [line for line in lines if line.split()[:1] == [name]]
        assert len(hits) == 1 and rules.description in hits[0]
    for name, text in VARIANTS.items():
        hits = [line for line in lines if line.split()[:1] == [name]]
        assert len(hits) == 1 and text in hits[0]
    code, out, _ = run(["rules", "--json"])
    data = json.loads(out)
    assert set(data["rules"]) == set(PRESETS)
    assert data["variants"] == VARIANTS


# ---------------------------------------------------------------------- positions


def test_new_prints_a_canonical_position() -> None:
    code, out, _ = run(["new", "--rules", "cutthroat", "--seed", "7"])
    assert code == 0
    position = json.loads(out)
    assert position == new_game("cutthroat", seed=7).to_json()
    assert list(position)[:3] == ["rules", "variants", "turn"]
    _, again, _ = run(["new", "--rules", "cutthroat", "--seed", "7"])
    assert again == out


def test_new_with_players_and_variants() -> None:
    code, out, _ = run(
        ["new", "--rules", "multiplayer", "--players", "4", "--variants", "random-four"]
    )
    assert code == 0
    position = json.loads(out)
    assert len(position["hands"]) == 4
    assert position["variants"] == ["random-four"]
    Game.from_json(position)  # valid


def test_new_moves_apply_pipeline(tmp_path: Path) -> None:
    start = tmp_path / "start.json"
    _, out, _ = run(["new", "--seed", "3"])
    start.write_text(out)
    code, moves_out, _ = run(["moves", str(start)])
    assert code == 0
    moves = json.loads(moves_out)
    game = Game.from_json(json.loads(out))
    assert moves == game.legal_moves()
    chosen = [moves[-1]]
    game.play(moves[-1])
    chosen.append(game.legal_moves()[0])
    game.play(chosen[1])
    code, applied, _ = run(["apply", str(start), *chosen])
    assert code == 0
    assert json.loads(applied) == game.to_json()
    # the same through standard input
    code, applied2, _ = run(["apply", "-", *chosen], stdin=out)
    assert applied2 == applied
    # unquoted: each move starts at its verb
    code, applied3, _ = run(["apply", "-", *" ".join(chosen).split()], stdin=out)
    assert applied3 == applied
    code, moves2, _ = run(["moves", "-"], stdin=applied)
    assert json.loads(moves2) == game.legal_moves()


@pytest.mark.parametrize(
    "words",
    [
        ["points 9S", "points 3S"],
        ["points", "9S", "points", "3S"],
        ["points 9S", "points", "3S"],
        ["points", "9S", "points 3S"],
        ["POINTS 9s", " points  3S "],
    ],
)
def test_apply_reads_quoted_and_unquoted_moves_alike(words: list[str]) -> None:
    _, out, _ = run(["new", "--seed", "1"])
    game = Game.from_json(json.loads(out))
    game.play("points 9S")
    game.play("points 3S")
    code, applied, err = run(["apply", "-", *words], stdin=out)
    assert code == 0, err
    assert json.loads(applied) == game.to_json()


def test_apply_needs_a_move() -> None:
    _, out, _ = run(["new", "--seed", "1"])
    assert "no move" in refused(["apply", "-", "", " "], stdin=out)


def test_apply_resign_and_agreed_draw() -> None:
    _, out, _ = run(["new", "--seed", "3"])
    code, after, _ = run(["apply", "-", "draw", "resign"], stdin=out)
    assert code == 0
    position = json.loads(after)
    assert position["winner"] == 0 and position["termination"] == "resign"
    code, after, _ = run(["apply", "-", "draw agreed"], stdin=out)
    assert json.loads(after)["winner"] == "draw"
    assert run(["moves", "-"], stdin=after)[1].strip() == "[]"


def test_apply_refuses_bad_moves_without_output() -> None:
    _, out, _ = run(["new", "--seed", "3"])
    game = Game.from_json(json.loads(out))
    foreign = CARD_NAMES[game.hands[0][0]]  # after p0 draws, p1 acts: p0's card is not p1's
    err = refused(["apply", "-", "draw", f"points {foreign}"], stdin=out)
    assert "move 2" in err and f"points {foreign}" in err and "not legal" in err
    err = refused(["apply", "-", "draw", "jump KS"], stdin=out)
    assert "move 2" in err and "jump" in err
    err = refused(["apply", "-", "resign", "draw"], stdin=out)
    assert "move 2" in err and "over" in err


def test_bad_positions_are_refused(tmp_path: Path) -> None:
    assert "no such file" in refused(["moves", str(tmp_path / "missing.json")])
    assert "JSON" in refused(["moves", "-"], stdin="{not json")
    position = new_game(seed=1).to_json()
    position["scrap"] = ["AC"]
    assert "bad position" in refused(["moves", "-"], stdin=json.dumps(position))
    position = new_game(seed=1).view(0)
    assert "bad position" in refused(["apply", "-", "draw"], stdin=json.dumps(position))


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["new", "--rules", "chess"], "chess"),
        (["new", "--players", "3"], "3"),
        (["new", "--variants", "flying-kings"], "flying-kings"),
        (["new", "--rules", "cutthroat", "--variants", "joker-swap"], "two players"),
        (["new", "--house", "/no/such/file.toml"], "file.toml"),
        (["simulate", "--games", "0"], "--games"),
        (["simulate", "--games", "many"], "many"),
        (["simulate", "--jobs", "0", "--games", "2"], "--jobs"),
        (["play", "--seat", "2"], "--seat"),
        (["play", "--opponent", "grandmaster"], "grandmaster"),
        (["replay"], "RECORD"),
        (["replay", "x.cuttle", "--all", "--seat", "1"], "not allowed"),
        (["fly"], "fly"),
        (["apply", "-"], "MOVE"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(argv: list[str], words: str) -> None:
    assert words in refused(argv)


def test_house_rules_file(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('base = "classic"\nname = "fast"\ngoals = [15, 10, 7, 5, 3]\n')
    code, out, _ = run(["new", "--house", str(house), "--seed", "2"])
    assert code == 0
    assert json.loads(out)["rules"] == "fast"
    code, moves, _ = run(["moves", "-", "--house", str(house)], stdin=out)
    assert code == 0 and "draw" in json.loads(moves)
    assert "fast" in refused(["moves", "-"], stdin=out)


# ---------------------------------------------------------------------- replay


def record_file(tmp_path: Path, game: Game, headers: dict[str, str] | None = None) -> Path:
    from cuttle import write_record

    path = tmp_path / "game.cuttle"
    path.write_text(write_record(game, headers))
    return path


def random_game(rules: str, seed: int, limit: int | None = None) -> Game:
    import random

    game = new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (limit is None or game.moves_played < limit):
        game.apply(rng.choice(game.legal_actions()))
    return game


def frames_of(out: str) -> list[str]:
    return re.split(r"^-- ", out, flags=re.MULTILINE)[1:]


def test_replay_shows_every_move(tmp_path: Path) -> None:
    game = random_game("standard", 4)
    path = record_file(tmp_path, game, {"Players": "ann bob"})
    code, out, _ = run(["replay", str(path), "--all"])
    assert code == 0
    frames = frames_of(out)
    assert len(frames) == len(game.history) + 1
    _, moves = parse_record(path.read_text())
    for frame, (_, seat, move) in zip(frames[1:], moves, strict=True):
        assert frame.split("\n", 1)[0].endswith(f"p{seat}: {move}")
    assert "ann" in frames[0] and "bob" in frames[0]
    assert game.outcome is not None
    assert "Game over" in frames[-1]
    assert out.strip().splitlines()[-1].startswith("Result:")
    # --all shows the dealt hands
    for c in game.start_deck[:5] if game.start_deck else []:
        assert CARD_NAMES[c] in frames[0]


def test_replay_keeps_hidden_cards_hidden(tmp_path: Path) -> None:
    game = random_game("classic", 2, limit=6)
    path = record_file(tmp_path, game)
    hand_lines = {
        seat: [line for line in frames_of(out)[0].splitlines() if "hand:" in line]
        for seat, out in ((s, run(["replay", str(path), "--seat", str(s)])[1]) for s in (0, 1))
    }
    start = new_game(game.rules, deck=game.start_deck)
    for seat in (0, 1):
        own, other = hand_lines[seat][seat], hand_lines[seat][1 - seat]
        assert all(CARD_NAMES[c] in own for c in start.hands[seat])
        assert not any(CARD_NAMES[c] in other for c in start.hands[1 - seat])
        assert "hidden" in other
    code, spectator, _ = run(["replay", str(path)])
    assert code == 0
    first = frames_of(spectator)[0]
    assert not any(CARD_NAMES[c] in first for h in start.hands for c in h)
    assert "The record ends before the game does." in spectator


def test_replay_of_a_bad_record_names_the_line(tmp_path: Path) -> None:
    game = random_game("standard", 5)
    path = record_file(tmp_path, game)
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines, 1) if line.startswith("p1:"))
    lines[at - 1] = "p1: royal QQ"
    path.write_text("\n".join(lines))
    err = refused(["replay", str(path)])
    assert f"line {at}:" in err
    assert "no such file" in refused(["replay", str(tmp_path / "none.cuttle")])


# ---------------------------------------------------------------------- simulate


def test_simulate_json_statistics_add_up() -> None:
    code, out, err = run(["simulate", "--games", "60", "--seed", "5", "--json"])
    assert code == 0
    assert err == ""  # no progress bar when stderr is not a terminal
    stats = json.loads(out)
    assert stats["games"] == 60
    assert sum(stats["wins"].values()) + stats["draws"] == pytest.approx(1.0)
    assert sum(stats["results"].values()) == 60
    assert sum(stats["terminations"].values()) == 60
    length = stats["length"]
    assert length["min"] <= length["median"] <= length["max"]
    assert length["min"] <= length["mean"] <= length["max"]
    assert length["min"] >= 1


def test_simulate_repeats_whatever_the_jobs() -> None:
    argv = ["simulate", "--rules", "team", "--games", "24", "--seed", "9", "--json"]
    one = json.loads(run(argv)[1])
    two = json.loads(run([*argv, "--jobs", "2"])[1])
    assert one == two
    assert one["players"] == 4
    # team wins are shared: each result is a team or a draw, and they add up
    assert set(one["results"]) <= {"p0 p2", "p1 p3", "draw"}
    assert one["wins"]["p0"] == one["wins"]["p2"]
    assert sum(one["results"].values()) == 24


def test_simulate_text_report_and_progress() -> None:
    argv = ["simulate", "--rules", "multiplayer", "--players", "3", "--games", "20"]
    code, out, err = run([*argv, "--seed", "1", "--progress"])
    assert code == 0
    assert err.startswith("\r[") and err.rstrip().endswith("20/20")
    for seat in ("p0", "p1", "p2"):
        assert re.search(rf"^\s+{seat}\s+\d+\.\d%", out, re.MULTILINE)
    rates = [float(x) for x in re.findall(r"^\s+p\d\s+(\d+\.\d)%", out, re.MULTILINE)]
    draw = float(re.search(r"Draws:\s+(\d+\.\d)%", out).group(1))  # type: ignore[union-attr]
    assert sum(rates) + draw == pytest.approx(100.0, abs=0.2)
    assert "median" in out and "Terminations" in out


# ---------------------------------------------------------------------- play


def play(
    options: PlayOptions, answers: Iterable[str], then: str | None = "1"
) -> tuple[int, list[str], list[str]]:
    prompts, ask = scripted(answers, then)
    said: list[str] = []
    code = run_plain(options, ask, said.append)  # type: ignore[arg-type]
    return code, prompts, "\n".join(said).splitlines()


@pytest.mark.parametrize(
    ("rules", "seat"), [("standard", 0), ("cutthroat", 2), ("team", 1), ("classic", 1)]
)
def test_play_to_the_end_answering_1(tmp_path: Path, rules: str, seat: int) -> None:
    record = tmp_path / "game.cuttle"
    options = PlayOptions(get_rules(rules), seat=seat, seed=3, record=str(record))
    code, prompts, lines = play(options, [])
    assert code == 0
    assert prompts  # the human was asked
    assert f"Record saved to {record}" in lines
    game = read_record(record.read_text())
    assert game.is_over
    headers, moves = parse_record(record.read_text())
    assert headers["Human"] == f"p{seat}"
    assert headers["Players"].split()[seat] == "human"
    # every move of the game was shown as it happened
    shown = [m for line in lines if (m := re.match(r"^  (.+?)  \[(p\d: .+|draw agreed)\]$", line))]
    assert len(shown) == len(moves)
    for m, (_, mover, move) in zip(shown, moves, strict=True):
        assert m.group(2) == f"p{mover}: {move}"
        # told in words: "You ..." for the human's own moves, the bot's name otherwise
        assert m.group(1).startswith("You ") == (mover == seat) or "resign" in move


def test_play_first_table_shows_only_the_human_hand() -> None:
    options = PlayOptions(get_rules("standard"), seed=8, record=None)
    _, _, lines = play(options, [], then=None)
    game = new_game("standard", seed=8)
    hand_lines = [line for line in lines if "hand:" in line][:2]
    assert all(CARD_NAMES[c] in hand_lines[0] for c in game.hands[0])
    assert hand_lines[1].strip() == "hand:    6 hidden cards (6)"


def test_play_practice_shows_every_hand_and_marks_the_record(tmp_path: Path) -> None:
    record = tmp_path / "p.cuttle"
    argv = ["play", "--plain", "--practice", "--seed", "8", "--record", str(record)]
    argv += ["--opponent", "greedy"]
    code, out, err = run(argv, "draw\nquit\n")
    assert code == 1, err
    game = new_game("standard", seed=8)
    hand_lines = [line for line in out.splitlines() if "hand:" in line][:2]
    assert "practice round" in out
    for seat in (0, 1):  # the bot's hand is face up too
        assert all(CARD_NAMES[c] in hand_lines[seat] for c in game.hands[seat])
    assert "hidden" not in hand_lines[1]
    assert '[Practice "yes"]' in record.read_text()


def test_play_opponent_takes_a_bot_spec_with_a_budget(tmp_path: Path) -> None:
    record = tmp_path / "b.cuttle"
    argv = ["play", "--plain", "--seed", "3", "--opponent", "ismcts:50it", "--record", str(record)]
    code, _, err = run([*argv, "--name", "human"], "1\n" * 3000)
    assert code == 0, err
    assert '[Players "human ismcts:50it"]' in record.read_text()


def test_play_answers_bad_input_and_asks_again(tmp_path: Path) -> None:
    options = PlayOptions(get_rules("standard"), seed=5, record=str(tmp_path / "g.cuttle"))
    game = new_game("standard", seed=5)
    foreign = CARD_NAMES[game.hands[1][0]]
    answers = ["fly away", "0", "99", f"points {foreign}", "", "help", "moves", "table", "draw"]
    code, prompts, lines = play(options, answers)
    assert code == 0
    text = "\n".join(lines)
    assert "Not possible: unknown move 'fly'" in text
    assert "There is no move 0" in text and "There is no move 99" in text
    assert "Not possible: You do not hold the" in text
    assert "Commands:" in text  # help
    # the first eight answers were refused or commands: the same question was asked again
    assert len(set(prompts[:9])) == 1
    first_move = next(line for line in lines if line.endswith("[p0: draw]"))
    assert first_move.startswith("  You draw the ")


def test_play_resign(tmp_path: Path) -> None:
    record = tmp_path / "r.cuttle"
    options = PlayOptions(get_rules("cuttlecards"), seed=2, record=str(record))
    code, _, lines = play(options, ["resign", "n", "resign", "yes"], then=None)
    assert code == 0
    assert "Not resigning." in lines
    game = read_record(record.read_text())
    assert game.outcome is not None
    assert game.outcome.termination == "resign"
    assert game.history[-1][0] == 0
    assert record.read_text().rstrip().endswith("p0: resign")


def test_play_end_of_input_offers_to_save(tmp_path: Path) -> None:
    # without --record: the save question meets the end of input too, nothing is written
    options = PlayOptions(get_rules("standard"), seed=4, records_dir=str(tmp_path / "recs"))
    code, prompts, lines = play(options, ["1", "1"], then=None)
    assert code == 1
    assert "Game interrupted." in lines
    assert "Save the unfinished game" in prompts[-1]
    assert not (tmp_path / "recs").exists()
    # with --record the unfinished game is saved anyway
    record = tmp_path / "unfinished.cuttle"
    options = PlayOptions(get_rules("standard"), seed=4, record=str(record))
    code, _, _ = play(options, ["1", "1"], then=None)
    assert code == 1
    game = read_record(record.read_text())
    assert not game.is_over
    assert parse_record(record.read_text())[0]["Result"] == "*"


def test_play_quit_and_save_to_the_records_folder(tmp_path: Path) -> None:
    folder = tmp_path / "records"
    options = PlayOptions(get_rules("team"), seed=6, records_dir=str(folder))
    code, _, lines = play(options, ["1", "quit", "y"], then=None)
    assert code == 1
    assert "You left the game." in lines
    saved = list(folder.glob("*.cuttle"))
    assert len(saved) == 1
    assert any(str(saved[0]) in line for line in lines)
    assert read_record(saved[0].read_text()).rules.name == "team"


def test_play_hint_at_the_prompt() -> None:
    options = PlayOptions(get_rules("standard"), seed=3, hint_seconds=0.05)
    code, prompts, lines = play(options, ["hint", "quit"], then=None)
    assert code == 1
    legal = new_game("standard", seed=3).legal_moves()
    hints = [line for line in lines if line.endswith("% to win")]
    assert 1 <= len(hints) <= 3
    for line in hints:
        m = re.match(r"^\s+(\d+)\. (.+?)\s+[\d.]+% to win$", line)
        assert m is not None, line
        assert legal[int(m[1]) - 1] == m[2]
    assert not any("Not possible" in line for line in lines)
    assert len(set(prompts[:2])) == 1  # the same question again after the hint
    assert "hint" in run(["play", "--help"])[1]


def test_play_checks_record_before_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("not a folder")
    err = refused(["play", "--plain", "--seed", "1", "--record", str(blocker / "g.cuttle")], "1\n")
    assert "--record" in err and "not a folder" in err
    assert "Save" not in err
    assert "--record" in refused(["play", "--plain", "--record", ""], "1\n")


@pytest.mark.parametrize("folder", ["games", "new/"])
def test_play_record_into_a_folder(tmp_path: Path, folder: str) -> None:
    target = tmp_path / folder
    if not folder.endswith("/"):
        target.mkdir()
    argv = ["play", "--plain", "--seed", "1", "--opponent", "random"]
    code, out, err = run([*argv, "--record", f"{tmp_path}/{folder}"], "draw\nquit\n")
    assert code == 1, err
    saved = list(target.glob("*.cuttle"))
    assert len(saved) == 1, out
    assert f"Record saved to {saved[0]}" in out
    assert not read_record(saved[0].read_text()).is_over


def test_default_record_paths_never_collide(tmp_path: Path) -> None:
    first = default_record_path(tmp_path)
    first.write_text("x")
    second = default_record_path(tmp_path)
    assert second != first and second.suffix == ".cuttle" and second.parent == tmp_path


def test_play_command_through_main(tmp_path: Path) -> None:
    record = tmp_path / "main.cuttle"
    argv = ["play", "--plain", "--seed", "1", "--record", str(record), "--rules", "classic"]
    code, out, err = run(argv, stdin="1\n" * 2000)
    assert code == 0, err
    assert "Record saved to" in out
    assert read_record(record.read_text()).is_over


# ---------------------------------------------------------------------- the installed command


def test_installed_command_pipeline(tmp_path: Path) -> None:
    assert CUTTLE.exists(), CUTTLE
    new = subprocess.run(
        [str(CUTTLE), "new", "--seed", "2"], capture_output=True, text=True, check=True
    )
    moves = subprocess.run(
        [str(CUTTLE), "moves", "-"], input=new.stdout, capture_output=True, text=True, check=True
    )
    assert json.loads(moves.stdout) == Game.from_json(json.loads(new.stdout)).legal_moves()
    bad = subprocess.run(
        [str(CUTTLE), "apply", "-", "points ZZ"], input=new.stdout, capture_output=True, text=True
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert "ZZ" in bad.stderr and "Traceback" not in bad.stderr
    record = tmp_path / "sub.cuttle"
    played = subprocess.run(
        [str(CUTTLE), "play", "--plain", "--seed", "4", "--record", str(record)],
        input="1\n" * 2000,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert played.returncode == 0, played.stderr
    assert read_record(record.read_text()).is_over


@pytest.mark.parametrize("value", ["-1", "11", "soon"])
def test_play_refuses_a_bad_bot_pause(value: str) -> None:
    code, _, err = run(["play", "--plain", "--bot-pause", value], "")
    assert code == 2 and "--bot-pause" in err and "Traceback" not in err


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
        return [int(k) for t in tasks for k in (t / "children").read_text().split()]
    except OSError:
        return []


def _search_workers(pid: int) -> list[int]:
    """The search workers under ``pid``: its children (forked workers) and theirs (a
    forkserver's)."""
    children = _children(pid)
    return children + [w for helper in children for w in _children(helper)]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_ctrl_c_against_a_searching_bot_asks_to_save_without_a_worker_traceback(
    tmp_path: Path,
) -> None:
    """Ctrl-C reaches the whole process group, search workers included: the game is
    interrupted, the save question is asked, and no worker prints a traceback."""
    proc = subprocess.Popen(
        [str(CUTTLE), "play", "--plain", "--opponent", "ismcts:1s", "--seed", "3"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, cwd=tmp_path, start_new_session=True,
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout or ()), daemon=True)
    reader.start()
    proc.stdin.write("draw\n")  # then the bot searches, on worker processes
    proc.stdin.flush()
    try:
        for _ in range(6000):  # until the bot has searched (on workers) and moved
            moved = any("[p1: " in line for line in lines)
            if (moved and _search_workers(proc.pid)) or proc.poll() is not None:
                break
            threading.Event().wait(0.02)
        assert proc.poll() is None, "".join(lines)
        workers = len(_search_workers(proc.pid))
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does in a terminal
        proc.stdin.write("n\n")
        proc.stdin.close()
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    reader.join(timeout=30)
    out = "".join(lines)
    assert workers >= 1, "the search ran without worker processes"
    assert proc.returncode == 1
    assert "Game interrupted." in out and "Save the unfinished game" in out
    assert "Traceback" not in out and "KeyboardInterrupt" not in out


@pytest.mark.parametrize("command", ["play", "arena"])
def test_help_gives_the_seat_range_every_rule_set_plays(command: str) -> None:
    r = get_rules("multiplayer")
    for n in (r.min_players, r.max_players):  # the ends of the range are dealt
        assert new_game(get_rules("multiplayer", players=n), seed=1).n == n
    done = subprocess.run([str(CUTTLE), command, "--help"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f"multiplayer: {r.min_players}-{r.max_players}" in " ".join(done.stdout.split())
    assert r.max_players == 8


def test_play_record_never_replaces_a_file_without_force(tmp_path: Path) -> None:
    kept = tmp_path / "mine.cuttle"
    kept.write_text("an earlier game\n")
    argv = ["play", "--plain", "--seed", "1", "--opponent", "random", "--record", str(kept)]
    err = refused(argv, "draw\nquit\n")
    assert "exists" in err and "--force" in err
    assert kept.read_text() == "an earlier game\n"
    code, out, err = run([*argv, "--force"], "draw\nquit\n")
    assert code == 1, err
    assert f"Record saved to {kept}" in out
    assert read_record(kept.read_text()).history


def test_play_name_is_the_humans_name_in_the_record(tmp_path: Path) -> None:
    path = tmp_path / "g.cuttle"
    argv = ["play", "--plain", "--seed", "1", "--opponent", "random", "--record", str(path)]
    code, _, err = run([*argv, "--name", "ann"], "draw\nquit\n")
    assert code == 1, err
    text = path.read_text()
    players = next(line for line in text.splitlines() if line.startswith("[Players "))
    assert players.split('"')[1].split()[0] == "ann"
    assert "human" not in players
    assert "--name" in refused([*argv, "--force", "--name", "two words"], "quit\n")


def test_plain_prompt_suggests_the_move_or_command_meant() -> None:
    legal = new_game("standard", seed=1).legal_moves()
    points = next(m for m in legal if m.startswith("points"))
    typo = points.replace("points", "pionts").lower()
    code, out, _ = run(["play", "--plain", "--seed", "1"], f"{typo}\nhnit\nquit\n")
    assert code == 1
    assert f"Did you mean: {points!r}" in out
    assert "Did you mean: 'hint'" in out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_plain_prompt_edits_the_line_at_a_terminal(tmp_path: Path) -> None:
    """At a terminal the prompt edits the line (← moves back into what was typed) and
    keeps a history (↑ recalls the line typed before)."""
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [str(CUTTLE), "play", "--plain", "--seed", "1", "--opponent", "random"],
        stdin=follower, stdout=follower, stderr=follower, cwd=tmp_path, close_fds=True,
    )  # fmt: skip
    os.close(follower)
    seen = b""

    def read_until(marker: bytes, times: int = 1) -> None:
        nonlocal seen
        while seen.count(marker) < times:
            ready, _, _ = select.select([leader], [], [], 60)
            assert ready, f"no {marker!r} after: {seen.decode(errors='replace')}"
            chunk = os.read(leader, 4096)
            assert chunk, seen.decode(errors="replace")
            seen += chunk

    try:
        read_until(b"Your move")
        os.write(leader, b"drw\x1b[Da\r")  # "drw", ←, "a": the line reads "draw"
        read_until(b"[p0: draw]")
        read_until(b"Your move", times=2)  # the bot has moved: p0's next turn
        os.write(leader, b"\x1b[A\r")  # ↑ recalls the line before: "draw" again
        read_until(b"[p0: draw]", times=2)
        os.write(leader, b"quit\r")
        read_until(b"[y/N]")
        os.write(leader, b"n\r")
        assert proc.wait(timeout=60) == 1
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(leader)
    assert b"Not possible" not in seen


def test_plain_table_shows_the_cards_set_aside_at_six_seats() -> None:
    removed = new_game(get_rules("multiplayer", players=6), seed=4).removed
    argv = ["play", "--plain", "--rules", "multiplayer", "--players", "6", "--seed", "4"]
    code, out, _ = run([*argv, "--opponent", "random"], "quit\n")
    assert code == 1
    names = " ".join(CARD_NAMES[c] for c in removed)
    assert f"Set aside before the deal (out of the game): {names}" in out


def test_a_house_card_one_off_is_described_by_its_own_effect() -> None:
    from cuttle.cli.render import describe_move
    from cuttle.engine.rules import EFFECTS, load_house_rules

    rules = load_house_rules(Path(__file__).resolve().parents[1] / "docs/house/sheet-library.toml")
    assert rules.card_oneoffs  # cards whose one-off differs from their rank's
    for index, key in rules.card_oneoffs.items():
        name = CARD_NAMES[index]
        assert describe_move(f"oneoff {name}", rules) == f"oneoff {name}: {EFFECTS[key]}"
    assert describe_move("oneoff ZZ", rules) == "oneoff ZZ"


@pytest.mark.parametrize(("login", "expected"), [("zoe", "zoe"), ("two words", "human")])
def test_play_name_defaults_to_the_login_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, login: str, expected: str
) -> None:
    """Without --name the player is the login user (every record said 'human'); a login
    name that is no valid player name falls back to 'human'."""
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(variable, login)
    path = tmp_path / "g.cuttle"
    argv = ["play", "--plain", "--seed", "1", "--opponent", "random", "--record", str(path)]
    code, out, err = run(argv, "draw\nquit\n")
    assert code == 1, err
    assert f"You play as {expected}." in out
    players = next(line for line in path.read_text().splitlines() if line.startswith("[Players "))
    assert players.split('"')[1].split()[0] == expected
