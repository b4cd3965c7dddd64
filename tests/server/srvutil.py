"""Helpers for server tests: a real uvicorn process, HTTP and websocket clients, card checks."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from cuttle import Game, get_rules, house_rules, new_game
from cuttle.engine.cards import CARD_NAMES
from cuttle.engine.history import apply_event, parse_event

CARD_RE = re.compile(r"^(?:[A2-9TJQK][CDHS]|X[12])$")


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ChildProcess:
    """A process a test started (``proc``), stopped politely or killed."""

    proc: subprocess.Popen[bytes] | None = None

    def kill(self) -> None:
        """SIGKILL it."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        """Stop it politely (SIGTERM), killing it if it is not gone in 10 s."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class ServerProc(ChildProcess):
    """``cuttle serve`` in a subprocess on a free port with its own data folder."""

    def __init__(
        self,
        data: Path,
        port: int | None = None,
        bot_delay: float = 0.0,
        database_url: str | None = None,
        redis_url: str | None = None,
        real_limits: bool = False,
        env: dict[str, str] | None = None,
        args: list[str] | None = None,
    ) -> None:
        """Remember where to serve; call :meth:`start`.

        ``env`` adds environment variables (such as ``CUTTLE_FAKE_NOW``) and ``args`` more
        ``cuttle serve`` arguments (such as ``--admin NAME``).

        The database is SQLite in ``data`` unless ``database_url`` (a SQLAlchemy URL such as
        ``postgresql+psycopg://…``) names another; ``DATABASE_URL`` and ``REDIS_URL`` from
        the environment are never used (``redis_url`` sets the second). Tests make many
        guests and games from one address, so the per-address and per-user limits are
        raised unless ``real_limits``; ``env`` adds variables, ``args`` arguments.
        """
        self.data = data
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.database_url = database_url
        self.redis_url = redis_url
        self.real_limits = real_limits
        self.env = dict(env or {})
        self.args = list(args or [])
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """The site's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProc:
        """Start the server and wait until it answers."""
        return self.launch().wait_ready()

    def launch(self) -> ServerProc:
        """Start the server without waiting for it (:meth:`wait_ready` waits), so that
        several can start at once."""
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        if self.database_url:
            env["DATABASE_URL"] = self.database_url
        if self.redis_url:
            env["REDIS_URL"] = self.redis_url
        if not self.real_limits:
            for name in ("GUEST_LIMIT", "CREATE_LIMIT", "CREATE_LIMIT_ADDR", "AUTH_LIMIT"):
                env[f"CUTTLE_{name}"] = "100000/minute"
        env.update(self.env)
        log = open(self.data.parent / f"server-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cuttle.server.cli",
                "--port",
                str(self.port),
                "--data",
                str(self.data),
                "--bot-delay",
                str(self.bot_delay),
                *self.args,
            ],
            env=env,
            stdout=log,
            stderr=log,
        )
        return self

    def wait_ready(self) -> ServerProc:
        """Wait until the launched server answers (at most 30 s)."""
        assert self.proc is not None, "launch() first"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}")
            try:
                httpx.get(self.url + "/api/options", timeout=1)
                return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def db(self) -> sqlite3.Connection:
        """A read connection to the server's database file (SQLite only)."""
        if self.database_url:
            raise RuntimeError("db() reads the SQLite file; use query() for another database")
        return sqlite3.connect(self.data / "cuttle.db")

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """The rows of ``sql`` (``?`` placeholders) read from the server's database, SQLite or
        PostgreSQL (through psycopg), in a connection of its own."""
        if not self.database_url:
            with closing(self.db()) as db:
                return db.execute(sql, params).fetchall()
        import psycopg

        conninfo = self.database_url.replace("postgresql+psycopg://", "postgresql://", 1)
        with psycopg.connect(conninfo) as pg:
            return pg.execute(sql.replace("?", "%s"), params).fetchall()


class Client:
    """One browser-like user: a cookie jar, a CSRF token and websockets."""

    def __init__(self, base: str) -> None:
        """Open a guest session at ``base``."""
        self.base = base
        self.http = httpx.Client(base_url=base, timeout=10)
        info = self.http.get("/api/session").json()
        self.csrf: str = info["csrf"]
        self.user: dict[str, Any] = info["user"]

    def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        """POST JSON with the CSRF header."""
        return self.http.post(path, json=body or {}, headers={"X-CSRF-Token": self.csrf})

    def cookie(self) -> str:
        """The Cookie header value."""
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())

    def ws(self, gid: str, origin: str | None = None) -> Socket:
        """Open the game's websocket with this user's cookie."""
        headers = {"Cookie": self.cookie()}
        if origin:
            headers["Origin"] = origin
        url = self.base.replace("http", "ws", 1) + f"/ws/games/{gid}"
        return Socket(connect(url, additional_headers=headers, open_timeout=10).__enter__())


class Socket:
    """A websocket that records every message it receives."""

    def __init__(self, conn: ClientConnection) -> None:
        """Wrap ``conn``."""
        self.conn = conn
        self.seen: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any] | str) -> None:
        """Send a message (a dict is JSON-encoded)."""
        self.conn.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        """The next message."""
        msg = json.loads(self.conn.recv(timeout=timeout))
        self.seen.append(msg)
        return msg

    def until(self, pred: Any, timeout: float = 10) -> dict[str, Any]:
        """Receive until ``pred(msg)`` holds; return that message."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if pred(msg):
                return msg

    def close(self) -> None:
        """Close the socket."""
        self.conn.close()


def cards_in(obj: Any) -> set[str]:
    """Every card name mentioned anywhere in a JSON message (strings split into words)."""
    out: set[str] = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            out |= cards_in(k) | cards_in(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= cards_in(v)
    elif isinstance(obj, str):
        out |= {w for w in re.split(r"[\s:,]+", obj) if CARD_RE.match(w)}
    return out


def visible_cards(g: Game, viewer: int | None) -> set[str]:
    """Cards ``viewer`` (None: a spectator) may know in the full game ``g``, worked out here.

    The table, scrap, pending and revealed cards are public; a seat sees its own hand,
    hands its glasses open and cards the game made known to it; the known top of the deck.
    """
    names = set()
    for v in range(g.n):
        for stacks in (g.points[v], g.faces[v]):
            for card, _owner, covers in stacks:
                names.add(card)
                names.update(c for c, _to in covers)
        names.update(g.glasses[v])
    names.update(g.scrap)
    names.update(g.revealed)
    if g.pending is not None:
        names.add(g.pending.card)
        names.update(g.pending.counters)
        if g.pending.target >= 0:
            names.add(g.pending.target)
    everyone = (1 << g.n) - 1
    for h in range(g.n):
        if viewer is None:
            rules = g.rules
            open_all = (
                g.winners is not None
                or (rules.open_hands_on_empty_deck and not g.deck and not g.revealed)
                or (rules.glasses_public and any(g.glasses[v] for v in range(g.n) if v != h))
            )
            if open_all:
                names.update(g.hands[h])
            else:
                names.update(c for c in g.hands[h] if g.known.get(c, 0) == everyone)
        elif g.can_see_hand(viewer, h):
            names.update(g.hands[h])
        else:
            names.update(c for c in g.hands[h] if g.known.get(c, 0) >> viewer & 1)
    if g.winners is not None:
        names.update(g.deck)
    elif g.deck_known:
        names.update(g.deck[-g.deck_known :])
    return {CARD_NAMES[c] for c in names}


def full_game(server: ServerProc, gid: str) -> tuple[Game, list[tuple[int, str]]]:
    """The game as the database holds it: the start (by its preset or its stored house
    rule set) and the stored moves."""
    ((rules, variants, players, deck, house),) = server.query(
        "select rules, variants, players, deck, house_rules from games where id=?", gid
    )
    base = house_rules(json.loads(house)) if house else rules
    moves = [
        (seat, text)
        for seat, text in server.query(
            "select seat, text from moves where game_id=? order by ply", gid
        )
    ]
    return new_game(get_rules(base, variants.split(), players), deck=deck.split()), moves


def apply_line(g: Game, seat: int, text: str) -> None:
    """Apply one stored move row to ``g`` (seat -1 holds an agreed draw)."""
    apply_event(g, parse_event(text if seat < 0 else f"p{seat}: {text}"))


def _without_house(x: Any) -> Any:
    """``x`` without any ``house`` entry: a house rule set's keys may be card names
    ("7S" = "revive-and-play"), which are rules, not cards dealt to anyone."""
    if isinstance(x, dict):
        return {k: _without_house(v) for k, v in x.items() if k != "house"}
    if isinstance(x, list):
        return [_without_house(v) for v in x]
    return x


def check_no_hidden(
    server: ServerProc, gid: str, seen: list[dict[str, Any]], seat: int | None
) -> int:
    """Check every message in ``seen`` against the full game; return how many were checked."""
    start, moves = full_game(server, gid)
    games = [start.copy()]
    g = start
    for s, text in moves:
        apply_line(g, s, text)
        games.append(g.copy())
    checked = 0
    for msg in seen:
        if msg["t"] not in ("state", "event"):
            continue
        n = msg["n"]
        allowed = visible_cards(games[n], seat)
        if msg["t"] == "event":
            allowed |= visible_cards(games[n - 1], seat)
        leaked = cards_in(_without_house(msg)) - allowed
        assert not leaked, f"seat {seat} got hidden cards {leaked} in {msg['t']} {n}"
        checked += 1
    return checked


def unhurried_move(legal: list[str], rng: random.Random) -> str:
    """A random legal move that scores nothing: no points and no royals (unless those
    are all there is, as after some sevens).

    Played from the start of a two-player game, such moves keep every seat far from its
    goal, so a test can play a dozen moves on the server's randomly shuffled deck and
    still be mid-game, whatever the deal."""
    calm = [m for m in legal if m.split(" ", 1)[0] not in ("points", "royal")]
    return rng.choice(calm or legal)


def new_table(alice: Client, bob: Client) -> str:
    """A two-person game made by ``alice`` and joined by ``bob`` (seat 1); its id."""
    r = alice.post("/api/games", {"seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    assert bob.post(f"/api/games/{gid}/join").json()["seat"] == 1
    return gid


def play_against_bot(client: Client, seed: int = 3) -> tuple[str, Socket]:
    """Quick play against a random bot, ``client`` choosing random moves to the end (or
    resigning after 300 events); return the game id and the socket, still open."""
    r = client.post("/api/quickplay", {"level": "random"})
    assert r.status_code == 201, r.text
    gid: str = r.json()["id"]
    sock = client.ws(gid)
    last = sock.until(lambda m: m["t"] == "state")
    rng = random.Random(seed)
    for i in range(300):
        if last["view"]["winner"] is not None:
            break
        if last["view"]["to_act"] == 0 and last["legal"]:
            sock.send(
                {"t": "move", "move": rng.choice(last["legal"]), "id": f"b{i}", "n": last["n"]}
            )
        last = sock.until(lambda m: m["t"] == "event", timeout=20)
    else:
        sock.send({"t": "resign"})
        last = sock.until(lambda m: m["t"] == "event" and "resign" in m["line"])
    assert last["view"]["winner"] is not None
    return gid, sock
