"""The server on PostgreSQL: migrations, whole games over websockets, moves stored, SIGKILL.

A throwaway cluster is made for the session with the ``initdb`` and ``pg_ctl`` of Debian's
``postgresql`` package (``scripts/install-postgres.sh``, run by ``make test``), on a free
loopback port with its socket in a temporary folder, and removed afterwards. PostgreSQL
refuses to run as root, so as root the cluster runs as the package's ``postgres`` user.
If it cannot start, every test here fails: they are never skipped.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import random
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import pytest
from alembic.script import ScriptDirectory
from ccutil import chat_channels, clock_survives_sigkill, flag_with_nobody_sending, flood_refused
from srvutil import (
    Client,
    ServerProc,
    Socket,
    check_no_hidden,
    free_port,
    full_game,
    new_table,
    play_against_bot,
    unhurried_move,
)

import cuttle.server

MIGRATIONS = Path(cuttle.server.__file__).parent / "migrations"
TABLES = {"users", "sessions", "games", "seats", "moves", "chat"}


def _bindir() -> Path:
    """The newest PostgreSQL server ``bin`` folder (Debian's layout), else ``initdb`` on PATH."""
    found = sorted(
        (Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
    )
    if found:
        return found[-1]
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    pytest.fail("PostgreSQL's initdb not found: run scripts/install-postgres.sh (make test does)")


@dataclass
class Cluster:
    """A running throwaway PostgreSQL cluster: its port, superuser and password."""

    root: Path
    port: int
    user: str
    password: str

    def url(self, dbname: str) -> str:
        """The SQLAlchemy URL of database ``dbname`` (psycopg 3, over TCP)."""
        return f"postgresql+psycopg://{self.user}:{self.password}@127.0.0.1:{self.port}/{dbname}"

    def connect(self, dbname: str = "postgres") -> psycopg.Connection[tuple[Any, ...]]:
        """A psycopg connection to ``dbname`` (autocommit)."""
        return psycopg.connect(
            host="127.0.0.1",
            port=self.port,
            user=self.user,
            password=self.password,
            dbname=dbname,
            autocommit=True,
        )

    def create_database(self) -> str:
        """Create an empty database with a fresh name; return the name."""
        name = f"cuttle_{secrets.token_hex(4)}"
        with self.connect() as pg:
            pg.execute(f'CREATE DATABASE "{name}"')
        return name


def _tmp_root(run_as: pwd.struct_passwd | None) -> Path:
    """A fresh private folder that the cluster's user owns (every parent must let it in)."""
    base = Path(tempfile.gettempdir())
    if run_as is not None and any(
        not os.stat(p).st_mode & 0o001 for p in (base, *base.parents) if p != Path("/")
    ):
        base = Path("/tmp")
    root = Path(tempfile.mkdtemp(prefix="cuttle-pg-", dir=base))
    if run_as is not None:
        os.chown(root, run_as.pw_uid, run_as.pw_gid)
    return root


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A PostgreSQL cluster for the session; fails (never skips) if it cannot start."""
    bindir = _bindir()
    run_as: pwd.struct_passwd | None = None
    if os.geteuid() == 0:
        try:
            run_as = pwd.getpwnam("postgres")
        except KeyError:
            pytest.fail(
                "running as root needs the 'postgres' user: run scripts/install-postgres.sh"
            )
    root = _tmp_root(run_as)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    if run_as is not None:
        env.update(HOME=str(root), USER=run_as.pw_name, LOGNAME=run_as.pw_name)
    # PostgreSQL will not run as root: as root, every command runs as the postgres user.
    as_user: dict[str, Any] = (
        {"user": run_as.pw_uid, "group": run_as.pw_gid, "extra_groups": []} if run_as else {}
    )

    def run(*cmd: str) -> subprocess.CompletedProcess[str]:
        try:
            return subprocess.run(
                [str(bindir / cmd[0]), *cmd[1:]],
                cwd=root,
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
                **as_user,
            )
        except (OSError, subprocess.SubprocessError) as e:
            pytest.fail(f"PostgreSQL's {cmd[0]} could not run: {e}")

    data, sock, log = root / "data", root / "sock", root / "postgres.log"
    password = secrets.token_urlsafe(16)
    pwfile = root / "pw"
    pwfile.write_text(password + "\n")
    sock.mkdir()
    if run_as is not None:
        for p in (pwfile, sock):
            os.chown(p, run_as.pw_uid, run_as.pw_gid)
    started = False
    try:
        init = run(
            "initdb",
            "-D",
            str(data),
            "-U",
            "cuttle",
            f"--pwfile={pwfile}",
            "--auth-local=trust",
            "--auth-host=scram-sha-256",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        if init.returncode != 0:
            pytest.fail(f"initdb failed ({init.returncode}):\n{init.stdout}\n{init.stderr}")
        for _attempt in range(3):  # a port taken between picking and binding: pick another
            port = free_port()
            options = f"-h 127.0.0.1 -p {port} -k {sock} -c max_connections=50"
            start = run(
                *("pg_ctl", "start", "-D", str(data), "-l", str(log)),
                *("-w", "-t", "60", "-o", options),
            )
            if start.returncode == 0:
                started = True
                break
            run("pg_ctl", "stop", "-D", str(data), "-m", "immediate", "-w")
            if "could not bind" not in (log.read_text() if log.exists() else ""):
                break
        if not started:
            tail = log.read_text()[-3000:] if log.exists() else ""
            pytest.fail(f"PostgreSQL did not start: {start.stdout}{start.stderr}\n{tail}")
        cluster = Cluster(root, port, "cuttle", password)
        with cluster.connect() as pg:
            assert pg.execute("select 1").fetchone() == (1,)
        yield cluster
    finally:
        try:
            if started:
                stop = run("pg_ctl", "stop", "-D", str(data), "-m", "fast", "-w", "-t", "30")
                if stop.returncode != 0:
                    run("pg_ctl", "stop", "-D", str(data), "-m", "immediate", "-w")
        finally:
            shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def pg_server(postgres: Cluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """One server for the module on its own fresh PostgreSQL database."""
    url = postgres.url(postgres.create_database())
    proc = ServerProc(tmp_path_factory.mktemp("pgsrv") / "data", database_url=url).start()
    yield proc
    proc.stop()


def _head() -> str:
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert head is not None
    return head


def _tables(pg: psycopg.Connection[tuple[Any, ...]]) -> set[str]:
    rows = pg.execute(
        "select table_name from information_schema.tables where table_schema = 'public'"
    ).fetchall()
    return {r[0] for r in rows}


def _play(
    players: dict[int, Socket],
    watchers: list[Socket],
    last: dict[str, Any],
    rng: random.Random,
    moves: int,
    prefix: str,
    unhurried: bool = False,
) -> tuple[dict[str, Any], list[tuple[int, str, str]]]:
    """Play up to ``moves`` random legal moves (stopping when the game ends), each
    acknowledged and seen by everyone; return the last event and the acknowledged moves as
    ``(seat, text, client id)``. With ``unhurried``, only moves that cannot end the game
    (:func:`srvutil.unhurried_move`)."""
    acked: list[tuple[int, str, str]] = []
    for i in range(moves):
        view = last["view"]
        if view["winner"] is not None:
            break
        seat = view["to_act"]
        sock = players[seat]
        legal = next(m for m in reversed(sock.seen) if "legal" in m)["legal"]
        assert legal, f"seat {seat} to act but got no legal moves"
        cid = f"{prefix}{i}"
        move = unhurried_move(legal, rng) if unhurried else rng.choice(legal)
        sock.send({"t": "move", "move": move, "id": cid, "n": last["n"]})
        ack = sock.until(lambda m: m["t"] in ("ack", "error"))
        assert ack == {"t": "ack", "id": cid, "n": last["n"] + 1}, ack
        for s in [*players.values(), *watchers]:
            last = s.until(lambda m, n=ack["n"]: m["t"] == "event" and m["n"] == n)
        acked.append((seat, last["line"].split(": ", 1)[1], cid))
    return last, acked


def test_migrations_apply_at_start_and_again_on_restart(postgres: Cluster, tmp_path: Path) -> None:
    dbname = postgres.create_database()
    with postgres.connect(dbname) as pg:
        assert _tables(pg) == set()
    data = tmp_path / "data"
    server = ServerProc(data, database_url=postgres.url(dbname)).start()
    try:
        with postgres.connect(dbname) as pg:
            assert _tables(pg) >= {"alembic_version", *TABLES}
            assert pg.execute("select version_num from alembic_version").fetchall() == [(_head(),)]
            types = dict(
                pg.execute(
                    "select column_name, data_type from information_schema.columns"
                    " where table_name = 'games'"
                ).fetchall()
            )
        assert types["private"] == "boolean" and types["created_at"] == "double precision"
        assert {"draw_offers", "rematch_asks"} <= types.keys()
        # The server really is on PostgreSQL: no SQLite file, and a guest lands there.
        assert not (data / "cuttle.db").exists()
        user = Client(server.url).user
        assert server.query("select guest from users where id = ?", user["id"]) == [(True,)]
        server.stop()
        # A restart finds the schema up to date and keeps what was stored.
        server = ServerProc(data, database_url=postgres.url(dbname)).start()
        assert server.query("select version_num from alembic_version") == [(_head(),)]
        assert server.query("select count(*) from users") == [(1,)]
    finally:
        server.stop()
    # The printed database URL hides the password.
    logs = "".join(p.read_text() for p in tmp_path.glob("server-*.log"))
    assert f"127.0.0.1:{postgres.port}/{dbname}" in logs
    assert postgres.password not in logs


def test_whole_game_over_websockets_stored_in_postgres(pg_server: ServerProc) -> None:
    alice, bob, carol = (Client(pg_server.url) for _ in range(3))
    gid = new_table(alice, bob)
    a, b, c = alice.ws(gid), bob.ws(gid), carol.ws(gid)
    states = [s.until(lambda m: m["t"] == "state") for s in (a, b, c)]
    assert [s["seat"] for s in states] == [0, 1, None]
    last, acked = _play({0: a, 1: b}, [c], states[0], random.Random(7), 300, "m")
    if last["view"]["winner"] is None:
        a.send({"t": "resign", "id": "r"})
        last = c.until(lambda m: m["t"] == "event" and m["line"] == "p0: resign")
        acked.append((0, "resign", "r"))
    assert last["view"]["winner"] is not None
    # Every acknowledged move is a row, numbered 1, 2, … with its seat and client id.
    rows = pg_server.query(
        "select ply, seat, text, client_id from moves where game_id = ? order by ply", gid
    )
    assert rows == [(i + 1, s, t, cid) for i, (s, t, cid) in enumerate(acked)]
    assert len(rows) == last["n"]
    ((status, result, termination, private),) = pg_server.query(
        "select status, result, termination, private from games where id = ?", gid
    )
    assert (status, private) == ("over", False)
    assert (result, termination) == (last["result"], last["termination"])
    # The game read back from PostgreSQL replays to the same end, and no message leaked.
    start, moves = full_game(pg_server, gid)
    assert moves == [(s, t) for s, t, _ in acked]
    assert "??" not in str(last["view"]["hands"])
    for sock, seat in ((a, 0), (b, 1), (c, None)):
        assert check_no_hidden(pg_server, gid, sock.seen, seat) >= len(moves)
    rp = carol.http.get(f"/api/games/{gid}/replay").json()
    assert len(rp["positions"]) == len(moves) + 1
    assert rp["lines"] == [m["line"] for m in c.seen if m["t"] == "event"]
    ((deck,),) = pg_server.query("select deck from games where id = ?", gid)
    assert rp["deck"] == deck.split() and len(start.to_json()["deck"]) < len(rp["deck"])
    assert gid in [g["id"] for g in alice.http.get("/api/me/games").json()["games"]]
    for s in (a, b, c):
        s.close()


def test_game_against_a_bot_stored_in_postgres(pg_server: ServerProc) -> None:
    alice = Client(pg_server.url)
    gid, a = play_against_bot(alice)
    lines = [m["line"] for m in a.seen if m["t"] == "event"]
    rows = pg_server.query("select seat, text from moves where game_id = ? order by ply", gid)
    assert [f"p{s}: {t}" for s, t in rows] == lines
    assert any(s == 1 for s, _ in rows), "the bot's moves are stored too"
    assert pg_server.query("select status from games where id = ?", gid) == [("over",)]
    check_no_hidden(pg_server, gid, a.seen, 0)
    a.close()


def test_draw_offer_agreed_draw_and_rematch_in_postgres(pg_server: ServerProc) -> None:
    alice, bob = Client(pg_server.url), Client(pg_server.url)
    gid = new_table(alice, bob)
    a, b = alice.ws(gid), bob.ws(gid)
    a.until(lambda m: m["t"] == "state")
    b.until(lambda m: m["t"] == "state")
    a.send({"t": "draw", "action": "offer"})
    assert b.until(lambda m: m["t"] == "offer")["draw"] == [0]
    assert pg_server.query("select draw_offers from games where id = ?", gid) == [("0",)]
    b.send({"t": "draw", "action": "accept"})
    assert a.until(lambda m: m["t"] == "event")["line"] == "draw agreed"
    assert pg_server.query("select seat, text from moves where game_id = ?", gid) == [
        (-1, "draw agreed")
    ]
    assert pg_server.query("select status, result from games where id = ?", gid) == [
        ("over", "draw")
    ]
    a.send({"t": "rematch"})
    assert a.until(lambda m: m["t"] == "rematch")["asked"] == [0]
    b.send({"t": "rematch"})
    new = a.until(lambda m: m["t"] == "rematch" and "game" in m)["game"]
    assert pg_server.query("select rematch_id from games where id = ?", gid) == [(new,)]
    assert pg_server.query("select status, rematch_of, private from games where id = ?", new) == [
        ("playing", gid, False)
    ]
    seats = pg_server.query("select seat, user_id from seats where game_id = ? order by seat", new)
    assert seats == [(0, bob.user["id"]), (1, alice.user["id"])]
    a.close()
    b.close()


def test_nul_bytes_are_refused_before_postgres_sees_them(pg_server: ServerProc) -> None:
    # PostgreSQL text cannot hold NUL (SQLite can): such input must get the usual answers,
    # not a 500 from the driver, nor a failed group commit.
    alice, bob = Client(pg_server.url), Client(pg_server.url)
    r = alice.post("/api/signin", {"username": "ali\x00ce", "password": "correct horse"})
    assert r.status_code == 401 and r.json() == {"error": "wrong username or password"}
    assert alice.http.get("/u/ali%00ce").status_code == 404
    for path in ("/api/games/ab%00cd", "/g/ab%00cd", "/api/games/ab%00cd/replay"):
        assert alice.http.get(path).status_code == 404, path
    assert alice.post("/api/games/ab%00cd/join").status_code == 404
    gid = new_table(alice, bob)
    a = alice.ws(gid)
    first = a.until(lambda m: m["t"] == "state")
    a.send({"t": "move", "move": first["legal"][0], "id": "x\x00y", "n": 0})
    err = a.until(lambda m: m["t"] in ("ack", "error"))
    assert err["t"] == "error" and "NUL" in err["error"]
    a.send({"t": "move", "move": first["legal"][0], "id": "xy", "n": 0})
    assert a.until(lambda m: m["t"] in ("ack", "error")) == {"t": "ack", "id": "xy", "n": 1}
    assert pg_server.query("select ply, client_id from moves where game_id = ?", gid) == [(1, "xy")]
    a.close()


def test_sigkill_mid_game_keeps_every_acknowledged_move_in_postgres(
    postgres: Cluster, tmp_path: Path
) -> None:
    url = postgres.url(postgres.create_database())
    data = tmp_path / "data"
    server = ServerProc(data, database_url=url).start()
    try:
        alice, bob = Client(server.url), Client(server.url)
        gid = new_table(alice, bob)
        socks = {0: alice.ws(gid), 1: bob.ws(gid)}
        first = {s: sock.until(lambda m: m["t"] == "state") for s, sock in socks.items()}
        rng = random.Random(11)
        last, acked = _play(socks, [], first[0], rng, 12, "k", unhurried=True)
        view, n = last["view"], last["n"]
        assert view["winner"] is None and n == 12
        # One more move goes out and the server dies before its answer is read.
        seat = view["to_act"]
        legal = socks[seat].seen[-1]["legal"]
        pending_move = "draw" if "draw" in legal else rng.choice(legal)
        socks[seat].send({"t": "move", "move": pending_move, "id": "last", "n": n})
        server.kill()
        for sock in socks.values():
            with contextlib.suppress(Exception):
                sock.close()
        stored = server.query(
            "select seat, text, client_id from moves where game_id = ? order by ply", gid
        )
        assert stored[: len(acked)] == acked
        assert len(stored) in (len(acked), len(acked) + 1)

        server = ServerProc(data, database_url=url).start()
        # The same users (cookies) reconnect, resend the unacknowledged move, and go on.
        alice.base = bob.base = server.url
        players = {0: alice.ws(gid), 1: bob.ws(gid)}
        states = {s: sock.until(lambda m: m["t"] == "state") for s, sock in players.items()}
        assert states[seat]["n"] == len(stored) and states[seat]["seat"] == seat
        players[seat].send({"t": "move", "move": pending_move, "id": "last", "n": len(acked)})
        ack = players[seat].until(lambda m: m["t"] in ("ack", "error"))
        assert ack == {"t": "ack", "id": "last", "n": len(acked) + 1}
        for s, sock in players.items():  # both see the resent move (in the state if stored)
            last = (
                states[s]
                if states[s]["n"] == n + 1
                else sock.until(lambda m: m["t"] == "event" and m["n"] == n + 1)
            )
        # A few more moves on the restarted server, stored after the ones from before.
        last, more = _play(players, [], last, rng, 6, "after")
        rows = server.query(
            "select ply, seat, text, client_id from moves where game_id = ? order by ply", gid
        )
        assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
        assert [r[1:] for r in rows[: len(acked)]] == acked
        assert rows[len(acked)][1:] == (seat, pending_move, "last")
        assert [r[1:] for r in rows[len(acked) + 1 :]] == more and len(more) >= 1
        for sock in players.values():
            sock.close()
    finally:
        server.stop()


def test_clocks_survive_sigkill_and_flag_in_postgres(postgres: Cluster, tmp_path: Path) -> None:
    url = postgres.url(postgres.create_database())
    server = ServerProc(tmp_path / "data", database_url=url).start()
    try:
        server = clock_survives_sigkill(server)
        gid, _ = flag_with_nobody_sending(server)
        assert server.query("select termination from games where id = ?", gid) == [("time",)]
    finally:
        server.stop()


def test_chat_channels_and_flood_in_postgres(pg_server: ServerProc) -> None:
    gid = chat_channels(pg_server)
    assert pg_server.query("select count(*) from chat where game_id = ?", gid) == [(4,)]
    flood_refused(pg_server)
