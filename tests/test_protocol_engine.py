"""``cuttle engine`` (our bots on the protocol's far end), the rule set as JSON, Python
plug-ins (``module:Class`` and the ``cuttle.bots`` entry points), the bot specs of
``--bots`` and ``cuttle play --opponent ext:CMD``, all with real processes."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cuttle.arena.cli import arena_main
from cuttle.arena.match import play_game
from cuttle.bots import make_bot
from cuttle.bots.external import ExternalBot
from cuttle.bots.protocol import parse_info, rules_from_json, rules_json
from cuttle.bots.registry import external_spec, split_specs
from cuttle.cli.common import Streams
from cuttle.cli.main import main
from cuttle.engine.errors import CuttleError
from cuttle.engine.records import parse_record
from cuttle.engine.rules import PRESETS, VARIANTS, RuleSet, get_rules, load_house_rules
from cuttle.table import Seat, Table

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PROTO = Path(__file__).parent / "data" / "proto_bot.py"
ENGINE = [sys.executable, "-m", "cuttle.cli.main", "engine"]
HOUSE = Path(__file__).parent / "data" / "myhouse.toml"


def env_with(*paths: Path) -> dict[str, str]:
    """The environment with ``paths`` on PYTHONPATH."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([*map(str, paths), env.get("PYTHONPATH", "")])
    return env


# ---------------------------------------------------------------------- the rules


@pytest.mark.parametrize(
    "rules",
    [get_rules(p) for p in PRESETS]
    + [get_rules("multiplayer", players=5), load_house_rules(HOUSE)]
    + [load_house_rules(p) for p in sorted((ROOT / "docs" / "house").glob("*.toml"))],
    ids=lambda r: r.name,
)
def test_a_rule_set_travels_as_json_whole(rules: RuleSet) -> None:
    sent = json.loads(json.dumps(rules_json(rules)))
    assert rules_from_json(sent) == rules
    assert list(sent)[:2] == ["name", "players"] and "variants" in sent


@given(
    preset=st.sampled_from(sorted(PRESETS)),
    variants=st.lists(st.sampled_from(sorted(VARIANTS)), unique=True, max_size=3),
    players=st.one_of(st.none(), st.integers(2, 5)),
)
@settings(max_examples=60, deadline=None)
def test_any_rule_set_of_presets_and_variants_travels_whole(
    preset: str, variants: list[str], players: int | None
) -> None:
    try:
        rules = get_rules(preset, variants, players)
    except CuttleError:
        assume(False)
        return
    assert rules_from_json(json.loads(json.dumps(rules_json(rules)))) == rules


def test_bad_rules_json_is_refused_with_the_reason() -> None:
    good = rules_json(get_rules("standard"))
    with pytest.raises(ValueError, match="unknown rule set fields: colour"):
        rules_from_json({**good, "colour": "red"})
    with pytest.raises(ValueError, match="the rules lack: name"):
        rules_from_json({k: v for k, v in good.items() if k != "name"})
    with pytest.raises(ValueError, match="must be a JSON object"):
        rules_from_json([1, 2])


def test_info_lines_read_numbers_and_the_principal_move() -> None:
    assert parse_info("win 0.62 iterations 1200 pv scuttle 9S 7H") == {
        "win": 0.62,
        "iterations": 1200,
        "pv": "scuttle 9S 7H",
    }
    assert parse_info("nodes many depth 3 colour red string all is well") == {
        "depth": 3,
        "string": "all is well",
    }


# ---------------------------------------------------------------------- cuttle engine


@pytest.mark.parametrize(
    ("rules", "spec"),
    [(get_rules("standard"), "random"), (load_house_rules(HOUSE), "greedy")],
    ids=["standard-random", "house-greedy"],
)
def test_our_bot_through_cuttle_engine_plays_exactly_as_in_process(
    rules: RuleSet, spec: str
) -> None:
    """The engine rebuilds the seat's view from the messages alone: equal seeds, equal
    games, move for move (house rules included)."""
    for deck_seed in range(2):
        seeds = (11 + deck_seed, 29 + deck_seed)
        direct = Table(rules, [Seat("a"), Seat("b")], seed=deck_seed)
        play_game(direct, [make_bot(spec, seed=s) for s in seeds])
        far = Table(rules, [Seat("a"), Seat("b")], seed=deck_seed)
        engine = ExternalBot([*ENGINE, "--bot", spec], seed=seeds[0])
        played = play_game(far, [engine, make_bot(spec, seed=seeds[1])])
        assert played.forfeits == []
        assert [e.line() for e in far.history] == [e.line() for e in direct.history]
        assert engine.program_name == f"cuttle {spec}"


def test_the_arena_plays_cuttle_engine_against_greedy(tmp_path: Path) -> None:
    spec = "ext:" + shlex.join([*ENGINE, "--bot", "greedy"])
    err = io.StringIO()
    code = arena_main(
        [
            *("--bots", f"{spec},greedy", "--games", "2", "--jobs", "1", "--quiet"),
            "--out",
            str(tmp_path / "run"),
        ],
        stdout=io.StringIO(),
        stderr=err,
    )
    assert code == 0, err.getvalue()
    summary = json.loads((tmp_path / "run" / "summary.json").read_text(encoding="utf-8"))
    assert summary["games_played"] == 2
    for path in (tmp_path / "run" / "games").iterdir():
        assert "Forfeit" not in parse_record(path.read_text(encoding="utf-8"))[0]


def test_cuttle_engine_answers_the_protocol_by_hand() -> None:
    table = Table(get_rules("standard"), seed=3)
    view = table.view(0)
    sent = [
        "cuttle 1",
        "newgame",
        "rules " + json.dumps(rules_json(table.rules)),
        "seat 0",
        "view {not json",
        "go movetime 100",  # no view yet: it resigns, saying why
        "newgame",
        "rules " + json.dumps(rules_json(table.rules)),
        "seat 0",
        "seed 5",
        "something-new from a later version",
        "view " + json.dumps(view.position),
        "legal " + json.dumps(list(view.legal)),
        "go movetime 1000",
        "quit",
    ]
    done = subprocess.run(
        [*ENGINE, "--bot", "ismcts:50it"],
        input="\n".join(sent) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[:3] == ["id name cuttle ismcts:50it", "id author the Cuttle project", "cuttleok"]
    assert lines[3].startswith("info string error:") and lines[4] == "move resign"
    info = re.fullmatch(r"info iterations [1-9]\d* pv (.+)", lines[5])
    assert info is not None, lines[5]
    move = lines[6].removeprefix("move ")
    assert move in view.legal and info.group(1) == move
    assert len(lines) == 7
    assert "cannot read 'view'" in done.stderr


def test_cuttle_engine_refuses_an_unknown_bot() -> None:
    err = io.StringIO()
    code = main(["engine", "--bot", "nonesuch"], Streams(io.StringIO(), io.StringIO(), err))
    assert code == 2
    assert "unknown bot 'nonesuch'" in err.getvalue()


# ---------------------------------------------------------------------- plug-ins


def test_a_python_plugin_by_import_path_from_the_current_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "plugin_bot", raising=False)
    bot = make_bot("plugin_bot:PointsFirst", seed=1)
    assert bot.name == "plugin_bot:PointsFirst"
    table = Table(get_rules("standard"), [Seat("a"), Seat("b")], seed=1)
    assert bot.choose(table.view(0)) == "points TD"  # its biggest point card
    sys.modules.pop("plugin_bot", None)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_such_module.bots:Clever", "cannot import 'no_such_module.bots'"),
        ("plugin_bot:Nope", "plugin_bot has no 'Nope'"),
        ("plugin_bot:rank", "must take the seed as its one argument"),
        ("plugin_bot:RANKS", "is not a class or a function"),
    ],
)
def test_a_bad_plugin_is_refused_with_the_reason(
    monkeypatch: pytest.MonkeyPatch, spec: str, message: str
) -> None:
    monkeypatch.chdir(EXAMPLES)
    monkeypatch.setattr(sys, "path", list(sys.path))
    err = io.StringIO()
    code = arena_main(["--bots", f"{spec},greedy"], stdout=io.StringIO(), stderr=err)
    assert code == 2
    assert message in err.getvalue()
    sys.modules.pop("plugin_bot", None)


def test_the_plugin_example_plays_an_arena_run_from_its_folder(tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cuttle.cli.main",
            "arena",
            "--bots",
            "plugin_bot:PointsFirst,greedy",
            "--games",
            "2",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            str(out),
        ],
        cwd=EXAMPLES,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "plugin_bot:PointsFirst" in done.stdout
    assert len(list((out / "games").iterdir())) == 2


def test_an_installed_plugin_is_listed_and_plays_by_its_name(tmp_path: Path) -> None:
    dist = tmp_path / "site" / "points_first_bot-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: points-first-bot\nVersion: 1.0\n", encoding="utf-8"
    )
    (dist / "entry_points.txt").write_text(
        "[cuttle.bots]\npoints-first = plugin_bot:PointsFirst\n", encoding="utf-8"
    )
    env = env_with(tmp_path / "site", EXAMPLES)
    cli = [sys.executable, "-m", "cuttle.cli.main", "arena"]
    shown = subprocess.run(
        [*cli, "--help"], env=env, capture_output=True, text=True, timeout=60, check=True
    )
    assert "installed plug-ins: points-first" in " ".join(shown.stdout.split())
    out = tmp_path / "run"
    done = subprocess.run(
        [
            *cli,
            "--bots",
            "points-first,random",
            "--games",
            "2",
            "--jobs",
            "1",
            "--quiet",
            "--out",
            str(out),
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    players = {
        parse_record(p.read_text(encoding="utf-8"))[0]["Players"] for p in (out / "games").iterdir()
    }
    assert players == {"points-first random", "random points-first"}


# ---------------------------------------------------------------------- specs and play


def test_bot_specs_split_on_commas_outside_quotes_and_keep_a_commands_case() -> None:
    assert split_specs("ext:./MyBot --Fast,GREEDY, ismcts:0.5s ,,") == [
        "ext:./MyBot --Fast",
        "greedy",
        "ismcts:0.5s",
    ]
    assert split_specs('ext:"node bot.js --a,b",Pkg.Mod:Bot') == [
        'ext:"node bot.js --a,b"',
        "Pkg.Mod:Bot",
    ]
    assert external_spec('ext:"node bot.js --a,b"') == (None, "node bot.js --a,b")
    assert external_spec("ext:250ms:./bot -x") == (0.25, "./bot -x")
    assert external_spec("ext:./bot:arg") == (None, "./bot:arg")
    assert external_spec("greedy") is None


def test_play_against_a_program_that_crashes_tells_the_forfeit(tmp_path: Path) -> None:
    record = tmp_path / "game.cuttle"
    out, err = io.StringIO(), io.StringIO()
    spec = "ext:" + shlex.join([sys.executable, str(PROTO), "crash"])
    code = main(
        [
            "play",
            "--plain",
            "--seat",
            "1",
            "--seed",
            "3",
            "--opponent",
            spec,
            "--record",
            str(record),
        ],
        Streams(io.StringIO("1\n" * 40), out, err),
    )
    assert code == 0, err.getvalue()
    assert "(p0) forfeits: exited with code 3 (boom: out of ideas)" in out.getvalue()
    headers, moves = parse_record(record.read_text(encoding="utf-8"))
    assert headers["Termination"] == "resign" and moves[-1][1:] == (0, "resign")
