"""The Bot API's storage and limits: migration 0007 up and down on SQLite and PostgreSQL
(existing rows kept), a bot's whole game stored in PostgreSQL, keep-alive lines and the
per-token rate limit.

The PostgreSQL cluster is test_postgres.py's throwaway cluster (never skipped).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx
from alembic import command
from alembic.config import Config
from leagueutil import register
from srvutil import Client, ServerProc, check_no_hidden, full_game
from test_bot_api import StreamBot, bearer, challenge_and_accept, make_bot, over, person_plays
from test_postgres import Cluster, postgres  # noqa: F401  (the session's cluster fixture)

import cuttle.server

MIGRATIONS = Path(cuttle.server.__file__).parent / "migrations"


def _config(url: str) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", url)
    return cfg


def test_migration_0007_up_and_down_keeps_users_on_sqlite(tmp_path: Path) -> None:
    """Up from 0006: every user is a person (``is_bot`` false); down again: the user is
    kept and the bot tables are gone; up again works."""
    path = tmp_path / "cuttle.db"
    cfg = _config(f"sqlite:///{path}")
    command.upgrade(cfg, "0006")
    with sqlite3.connect(path) as db:
        db.execute(
            "insert into users (id, username, password_hash, guest, created_at) "
            "values (7, 'oldtimer', 'x', 0, 1.0)"
        )
    command.upgrade(cfg, "head")
    with sqlite3.connect(path) as db:
        rows = db.execute("select username, is_bot, bot_owner, bot_about from users").fetchall()
        assert rows == [("oldtimer", 0, None, None)]
        assert db.execute("select count(*) from bot_tokens").fetchall() == [(0,)]
    command.downgrade(cfg, "0006")
    with sqlite3.connect(path) as db:
        assert db.execute("select id, username from users").fetchall() == [(7, "oldtimer")]
        tables = {r[0] for r in db.execute("select name from sqlite_master where type='table'")}
        assert not tables & {"bot_tokens", "bot_challenges"}
    command.upgrade(cfg, "head")


def test_a_bot_plays_a_whole_game_stored_in_postgres(
    postgres: Cluster,  # noqa: F811
    tmp_path: Path,
) -> None:
    """On PostgreSQL: the migration from 0006 keeps a user, and a bot account made,
    challenged and played through the Bot API finishes a game whose every move is
    stored; its stream shows only its seat; a revoked token is refused."""
    dbname = postgres.create_database()
    url = postgres.url(dbname)
    command.upgrade(_config(url), "0006")
    with postgres.connect(dbname) as pg:
        pg.execute(
            "insert into users (id, username, password_hash, guest, created_at) "
            "values (7, 'oldtimer', 'x', false, 1.0)"
        )
    server = ServerProc(tmp_path / "data", database_url=url).start()
    try:
        assert server.query("select username, is_bot from users where id = 7") == [
            ("oldtimer", False)
        ]
        owner = register(server.url, "pgowner")
        token = make_bot(owner, "pgbot")
        person = Client(server.url)
        gid = challenge_and_accept(person, server.url, token, "pgbot")
        bot = StreamBot(server.url, token, gid, seed=21)
        bot.start()
        person_plays(person, gid, seed=21)
        bot.join(60)
        assert not bot.is_alive() and over(bot.seen[-1])
        assert check_no_hidden(server, gid, bot.seen, 1) >= 2
        _, moves = full_game(server, gid)
        assert {s for s, _ in moves if s >= 0} >= {0, 1}
        ((tid,),) = server.query("select id from bot_tokens")
        assert owner.post(f"/api/bots/pgbot/tokens/{tid}/revoke").status_code == 200
        assert bearer(server.url, token).get("/api/bot/account").status_code == 401
    finally:
        server.stop()
    command.downgrade(_config(url), "0006")
    with postgres.connect(dbname) as pg:
        names = {r[0] for r in pg.execute("select username from users").fetchall()}
        assert {"oldtimer", "pgowner", "pgbot"} <= names


def test_keepalive_lines_and_the_per_token_limit(tmp_path: Path) -> None:
    """An idle event stream sends empty lines; a token past its limit gets 429 (and
    another token of the same bot does not)."""
    server = ServerProc(
        tmp_path / "data", env={"CUTTLE_BOT_KEEPALIVE": "0.1", "CUTTLE_BOT_LIMIT": "4/hour"}
    ).start()
    try:
        owner = register(server.url, "limiter")
        token = make_bot(owner, "limitbot")
        http = bearer(server.url, token)
        blank = 0
        with http.stream("GET", "/api/bot/stream/event", timeout=httpx.Timeout(10)) as r:
            assert r.status_code == 200
            for line in r.iter_lines():
                assert line.strip() == "", line  # no challenge, no game: nothing else
                blank += 1
                if blank == 3:
                    break
        codes = [http.get("/api/bot/account").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]  # the stream counted as one
        assert "too many requests" in http.get("/api/bot/account").text
        r = owner.post("/api/bots/limitbot/tokens", {"label": "second"})
        assert r.status_code == 201, r.text
        assert bearer(server.url, r.json()["token"]).get("/api/bot/account").status_code == 200
    finally:
        server.stop()
