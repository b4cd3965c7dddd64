"""A light start (issue 26): ``make serve`` installs only the package and its own
dependencies, while ``make test`` still installs every extra; the site and every bot
level it offers run without numpy, PyTorch or Ray; the web app's manifest and service
worker are served from the site's root."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

from fastapi.testclient import TestClient

from cuttle.server.app import create_app
from cuttle.server.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("numpy", "torch", "ray", "gymnasium", "pettingzoo", "pyspiel", "sb3_contrib")
"""What the research and training extras bring, which the site must not need."""


def _dry_run(target: str) -> list[str]:
    """The pip install commands ``make -n target`` would run, on a fresh virtual
    environment (``VENV`` points at a folder with nothing installed)."""
    out = subprocess.run(
        ["make", "-n", target, "VENV=/nonexistent/venv"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [
        line for line in out.splitlines() if "pip install" in line and "--upgrade pip" not in line
    ]


def test_make_serve_installs_the_package_alone_and_make_test_everything() -> None:
    serve = _dry_run("serve")
    assert len(serve) == 1, serve
    assert re.search(r"pip install -q -e \.$", serve[0]), serve[0]
    test = _dry_run("test")
    assert len(test) == 1, test
    extras = re.search(r'-e "\.\[([a-z0-9,]+)\]"', test[0])
    assert extras is not None, test[0]
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert set(extras.group(1).split(",")) >= {"dev", "e2e", "research", "train", "cluster"}
    # The package's own dependencies hold none of the heavy ones.
    names = {re.split(r"[<>=\[ ;]", d, maxsplit=1)[0].lower() for d in declared["dependencies"]}
    assert names.isdisjoint({"numpy", "torch", "ray", "gymnasium", "pettingzoo", "open-spiel"})


def test_the_site_and_every_bot_level_run_without_the_heavy_extras() -> None:
    """In a fresh interpreter where importing numpy, torch or ray fails, the app is made
    and each bot level the lobby offers chooses a legal move for an opening hand."""
    script = textwrap.dedent(
        f"""
        import json, sys
        for name in {HEAVY!r}:
            sys.modules[name] = None  # import fails, as where the extra is not installed
        from cuttle.engine.rules import PRESETS
        from cuttle.server.app import create_app
        from cuttle.server.bots import BOT_LEVELS, choose_move
        from cuttle.table import Seat, Table
        out = {{}}
        for level in BOT_LEVELS:
            table = Table(PRESETS["standard"], [Seat("a", "a"), Seat("b", "b")], seed=7)
            view = table.view(0)
            spec = "expert:300it" if level == "expert" else level  # the same code, less time
            move, failed = choose_move(spec, 1, view)
            out[level] = [move in view.legal, failed]
        print(json.dumps(out))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    moves = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(moves) >= {"random", "easy", "medium", "hard", "expert"}
    assert all(v == [True, None] for v in moves.values()), moves


def test_the_manifest_and_the_service_worker_are_served(tmp_path: Path) -> None:
    with TestClient(create_app(Settings.from_env(tmp_path / "data"))) as client:
        page = client.get("/")
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
        assert '<script type="module" src="/static/pwa.js"></script>' in page.text
        manifest = client.get("/manifest.webmanifest")
        assert manifest.status_code == 200
        assert manifest.headers["content-type"] == "application/manifest+json"
        body = manifest.json()
        assert (body["name"], body["start_url"], body["scope"]) == ("Cuttle", "/", "/")
        for icon in body["icons"]:
            got = client.get(icon["src"])
            assert got.status_code == 200, icon
            if icon["type"] == "image/png":  # a real PNG of the size it claims
                width = int.from_bytes(got.content[16:20], "big")
                height = int.from_bytes(got.content[20:24], "big")
                assert got.content[:8] == b"\x89PNG\r\n\x1a\n"
                assert f"{width}x{height}" == icon["sizes"]
        worker = client.get("/sw.js")
        assert worker.status_code == 200
        assert worker.headers["content-type"].startswith("text/javascript")
        assert worker.headers["service-worker-allowed"] == "/"
        assert "caches.open" in worker.text
