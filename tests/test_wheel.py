"""The built wheel carries what an installed site needs outside Python code: templates,
static files, migrations, the league's data, the neural bot's weights and the rules
reference the /rules pages are made from."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_wheel_ships_the_rules_reference_and_the_data(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=600,
        # the compiled engine unoptimised: this test checks what the wheel carries, and
        # the C compiler's -O3 over the generated engine is most of the build's time
        env=dict(os.environ, CUTTLE_MYPYC_OPT="0"),
    )
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
