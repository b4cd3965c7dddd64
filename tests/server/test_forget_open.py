"""One process forgets the created games nobody came to (they stay in the database).

A created game is held in memory so that its join and first sockets need not read it
back; on one process nothing else would ever let it go, so games made and left would
pile up until a restart. In process, on a real SQLite file: the app's own service.
"""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from cuttle.server.app import create_app
from cuttle.server.game.service import GameService
from cuttle.server.settings import Settings


def guest(app_client: TestClient) -> dict[str, str]:
    """Open a guest session on ``app_client``; the CSRF header for its posts."""
    info = app_client.get("/api/session").json()
    return {"X-CSRF-Token": info["csrf"]}


def test_a_created_game_nobody_joins_is_forgotten_and_read_again_on_join(tmp_path: Path) -> None:
    app = create_app(Settings.from_env(tmp_path / "data"))
    service: GameService = app.state.service
    with TestClient(app) as ann, TestClient(app) as bob:
        made = ann.post(
            "/api/games",
            json={"seats": [{"kind": "human"}, {"kind": "human"}]},
            headers=guest(ann),
        )
        assert made.status_code == 201, made.text
        gid = made.json()["id"]
        assert gid in service.live  # held as created

        assert service.forget_idle(time.monotonic(), only_open=True) == []  # not idle yet
        later = time.monotonic() + service.forget_after + 1
        assert service.forget_idle(later, only_open=True) == [gid]
        assert gid not in service.live

        joined = bob.post(f"/api/games/{gid}/join", headers=guest(bob))
        assert joined.status_code == 200, joined.text
        assert joined.json()["seat"] == 1
        assert service.live[gid].status == "playing"
        assert bob.get(f"/api/games/{gid}").json()["status"] == "playing"
        service.live[gid].used = 0.0  # long unwatched, but in play: one process keeps it
        assert service.forget_idle(later, only_open=True) == []
        assert gid in service.live
