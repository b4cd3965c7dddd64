"""The built wheel carries what an installed site needs outside Python code: templates,
static files, migrations, the league's data, the neural bot's weights and the rules
reference the /rules pages are made from; and a machine without a C compiler installs
the plain source and plays on it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_ships_the_rules_reference_and_the_data(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-v", "-w", str(tmp_path)],
        check=True,
        capture_output=True,
        text=True,
        timeout=600,
        # the compiled engine unoptimised: this test checks what the wheel carries, and
        # the C compiler's -O3 over the generated engine is most of the build's time
        env=dict(os.environ, CUTTLE_MYPYC_OPT="0"),
    )
    # mypyc ran once, for the build itself: not again for the build requirements and
    # the metadata pip asks setup.py for first (each run type-checks the engine anew)
    said = built.stdout + built.stderr
    assert said.count("cuttle: compiling the engine and the search with mypyc") == 1
    (wheel,) = tmp_path.glob("cuttle_table-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        rules = z.read("cuttle/web/rules.md")
    assert rules == (ROOT / "docs" / "rules.md").read_bytes()  # the one source, copied whole
    for needed in (
        "cuttle/web/templates/table.html",
        "cuttle/web/templates/howto.html",
        "cuttle/web/howto/en.md",
        "cuttle/web/howto/uk.md",
        "cuttle/web/static/table.js",
        "cuttle/server/migrations/versions/0006_series.py",
        "cuttle/league/data/hall_of_fame.json",
        "cuttle/bots/data/neural.npz",
        "cuttle/bots/data/neural-world.npz",
        "cuttle/py.typed",
    ):
        assert needed in names, needed
    # the compiled accelerator of the research encoding (setup.py; optional where no
    # compiler is found, but this environment has one)
    assert any(n.startswith("cuttle/bots/_fastenc.") and n.endswith(".so") for n in names)
    # and the engine's hot modules compiled by mypyc, with their shared library
    for compiled in ("cuttle/engine/core.", "cuttle/engine/rules.", "cuttle_engine__mypyc."):
        assert any(n.startswith(compiled) and n.endswith(".so") for n in names), compiled


def test_a_machine_without_a_c_compiler_installs_and_plays_the_plain_source(
    tmp_path: Path,
) -> None:
    # the tracked sources alone, in a folder of their own (a checkout's build/ holds
    # objects compiled before, which setuptools would reuse rather than compile)
    source = tmp_path / "source"
    wanted = ["setup.py", "pyproject.toml", "README.md", "src", "docs/rules.md"]
    tracked = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--", *wanted],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\0")
    for name in filter(None, tracked):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name, follow_symlinks=False)
    # no compiler where CC points: setup.py builds the plain source alone (and were
    # one found that fails, every extension is optional)
    env = dict(os.environ, CC="/nonexistent/cc", CXX="/nonexistent/c++")
    env.pop("CUTTLE_PURE_PYTHON", None)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=600,
        env=env,
    )
    (wheel,) = tmp_path.glob("cuttle_table-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
    assert "cuttle/engine/core.py" in names
    assert [n for n in names if n.endswith(".so")] == []
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), wheel],
        check=True,
        capture_output=True,
        timeout=300,
    )
    # the installed package (ahead of this checkout's editable one): it says which
    # engine runs, and a whole game plays on it
    code = (
        "import random, cuttle, cuttle.engine.core as core;"
        "from cuttle import new_game;"
        "from cuttle.cli.main import main;"
        "print(cuttle.__file__); print(core.__file__);"
        "g = new_game('cutthroat', seed=5); rng = random.Random(5);\n"
        "while not g.is_over: g.apply(rng.choice(g.legal_actions()))\n"
        "print(g.outcome.result()); main(['--version'])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=dict(env, PYTHONPATH=str(site)),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.splitlines()
    assert out[0] == str(site / "cuttle" / "__init__.py")
    assert out[1] == str(site / "cuttle" / "engine" / "core.py")
    assert out[2]  # the game's result
    assert out[3] == (
        "cuttle 0.1.0, pure-Python engine: the compiled engine is not built"
        " (no C compiler, or COMPILE_ENGINE=0; make setup builds it)"
    )
