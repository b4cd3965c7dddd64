"""The compiled engine against its plain Python source: the same games, fact for fact.

Each side runs ``differential_walk.py`` in its own process, one with the engine as
installed (the mypyc-compiled modules where ``setup.py`` built them) and one with
``CUTTLE_PURE_PYTHON=1`` (the ``.py`` source). Over seeded random games of every rule
set, the variants and house rules (the invented house effects included) both must show
the same legal moves, the same position after every move (and after a copy's or a
pickled copy's move), and the same outcome. The long sweep (at least 200,000 positions
a side) is marked slow; the short one runs with the rest of the suite.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cuttle import new_game
from cuttle.accel import stale_sources
from cuttle.engine.cards import shuffle

WALK = Path(__file__).parent / "differential_walk.py"


def _side(pure: bool, *args: str) -> object:
    """Run the walk on one side; return its JSON answer."""
    env = dict(os.environ, CUTTLE_PURE_PYTHON="1" if pure else "0")
    out = subprocess.run(
        [sys.executable, str(WALK), *args], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def _first_difference(name: str, seed: int) -> str:
    """Where the two sides' lines of one game part (for the failure message)."""
    installed = _side(False, "--lines", name, str(seed))
    pure = _side(True, "--lines", name, str(seed))
    assert isinstance(installed, list) and isinstance(pure, list)
    for i, (a, b) in enumerate(zip(installed, pure, strict=False)):
        if a != b:
            return f"{name} seed {seed}, line {i}:\n installed: {a}\n pure:      {b}"
    return f"{name} seed {seed}: {len(installed)} lines installed, {len(pure)} pure"


def _compare(games: int, start: int, at_least: int) -> None:
    installed = _side(False, "--games", str(games), "--start", str(start))
    pure = _side(True, "--games", str(games), "--start", str(start))
    assert isinstance(installed, dict) and isinstance(pure, dict)
    assert pure["engine"] == "pure-Python engine: CUTTLE_PURE_PYTHON=1"
    # `make setup` builds the compiled engine: the installed side must be it
    assert installed["engine"] == "compiled engine (mypyc)"
    assert installed["positions"] == pure["positions"] >= at_least
    for a, b in zip(installed["digests"], pure["digests"], strict=True):
        assert a == b, (installed["engine"], _first_difference(a[0], a[1]))


def test_compiled_and_pure_agree_on_a_short_sweep() -> None:
    _compare(games=2, start=0, at_least=3_000)


@pytest.mark.slow
def test_compiled_and_pure_agree_on_200000_positions() -> None:
    _compare(games=110, start=1_000, at_least=200_000)


def test_the_pure_side_loads_no_compiled_module() -> None:
    code = (
        "import sys, cuttle, cuttle.engine.effects, cuttle.engine.game;"
        "print(sorted(m.__name__ for m in list(sys.modules.values())"
        " if m.__name__.startswith('cuttle') and not (getattr(m, '__file__', '') or '.py')"
        ".endswith('.py')))"
    )
    env = dict(os.environ, CUTTLE_PURE_PYTHON="1")
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_cuttle_version_says_which_engine_runs() -> None:
    env = dict(os.environ, CUTTLE_PURE_PYTHON="1")
    out = subprocess.run(
        [sys.executable, "-c", "from cuttle.cli.main import main; main(['--version'])"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == "cuttle 0.1.0, pure-Python engine: CUTTLE_PURE_PYTHON=1"


@given(st.integers(min_value=0, max_value=2**64), st.integers(min_value=0, max_value=60))
def test_the_engine_shuffles_as_random_shuffle_does(seed: int | str, size: int) -> None:
    ours, theirs = list(range(size)), list(range(size))
    shuffle(random.Random(seed), ours)
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


def test_a_string_seed_shuffles_as_random_shuffle_does() -> None:
    for seed in ("reshuffle", "(12, (3, 4), 'reshuffle')", ""):
        ours, theirs = list(range(54)), list(range(54))
        shuffle(random.Random(seed), ours)
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


@given(
    st.one_of(
        st.integers(min_value=-(2**70), max_value=2**70),
        st.text(max_size=12),
        st.booleans(),
    ),
    st.sampled_from(["standard", "cuttlecards", "multiplayer"]),
)
def test_a_seed_deals_the_deck_random_random_shuffles(seed: int | str, rules: str) -> None:
    # new_game seeds an int with the C generator itself (_random.Random), skipping
    # random.py's frames: the deal must stay the one random.Random(seed).shuffle gives
    g = new_game(rules, seed=seed)
    deck = list(range(g.rules.card_count))
    random.Random(seed).shuffle(deck)
    assert g.start_deck == deck


def test_an_engine_source_newer_than_the_compiled_engine_is_run_as_source(
    tmp_path: Path,
) -> None:
    package = tmp_path / "src" / "cuttle"
    (package / "engine" / "effects").mkdir(parents=True)
    library = tmp_path / "src" / "cuttle_engine__mypyc.so"
    library.write_bytes(b"")
    old = time.time() - 60
    os.utime(library, (old, old))
    (package / "engine" / "core.py").write_text("")
    (package / "engine" / "effects" / "pick.py").write_text("")
    os.utime(package / "engine" / "core.py", (old - 60, old - 60))  # built after this one
    # an installed package (no setup.py above src/): never stale
    assert stale_sources(str(library), str(package)) == []
    (tmp_path / "setup.py").write_text("")
    assert stale_sources(str(library), str(package)) == ["engine/effects/pick.py"]


def test_setup_the_makefile_and_the_plain_source_finder_name_the_same_bot_modules() -> None:
    from cuttle.accel import COMPILED_BOTS

    setup = (Path(__file__).parent.parent / "setup.py").read_text()
    listed = setup.split("COMPILED_BOTS = [", 1)[1].split("]", 1)[0]
    for name in COMPILED_BOTS:
        assert f'"{name}"' in listed
    assert listed.count('"') == 2 * len(COMPILED_BOTS) + 2  # and ".py"
    # and `make setup` rebuilds when one of them changes
    makefile = (Path(__file__).parent.parent / "Makefile").read_text()
    rebuilt = makefile.split("addprefix src/cuttle/bots/,", 1)[1].split(")", 1)[0]
    assert rebuilt.split() == [f"{name}.py" for name in COMPILED_BOTS]
