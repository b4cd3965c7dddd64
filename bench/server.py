"""Server load test: many concurrent random bot-vs-bot games over websockets on loopback.

Starts ``cuttle serve`` (one uvicorn worker, SQLite WAL in a temporary folder) in a
subprocess, or with ``--backend pg`` a throwaway PostgreSQL and redis-server and
``--workers N`` separate ``cuttle serve`` processes on them (the two seats of each game
on different workers when N > 1, so every move crosses Redis), then plays ``--games``
games at once from this process, each seat a websocket client choosing random legal
moves; finished games are replaced by new ones until ``--seconds`` pass. Every move is
validated by the engine and stored in the database before the server acknowledges it.
Reports acknowledged moves/s and the latency from sending a move to its acknowledgement
(p50/p95/p99). With ``--clients K`` the tables (and so the offered rate) are shared out
between K load-generator processes, each its own event loop, and their samples merged,
for when one process would saturate before the server does.

    python bench/server.py --games 200 --seconds 20            # as fast as it goes
    python bench/server.py --games 200 --seconds 20 --rate 1000  # latency at 1,000/s
    python bench/server.py --games 200 --seconds 20 --backend pg --workers 2
    python bench/server.py --games 200 --seconds 20 --rate 1000 --backend pg --workers 2 --clients 2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "server"))
from srvutil import ServerProc

sys.path.insert(0, str(Path(__file__).resolve().parent))
from backends import Postgres, Redis, cpu_seconds

# orjson when installed (the scale extra), as the server uses it; not imported from the
# server's package, so that this client also drives an older tree (PYTHONPATH) for A/B.
try:
    import orjson

    loads: Callable[[str | bytes], Any] = orjson.loads

    def dumps(obj: object) -> str:
        """``obj`` as compact JSON text."""
        return orjson.dumps(obj).decode()

except ImportError:  # pragma: no cover - depends on the environment
    import json

    loads = json.loads

    def dumps(obj: object) -> str:
        """``obj`` as compact JSON text."""
        return json.dumps(obj, separators=(",", ":"))


class Stats:
    """Latencies (seconds) of acknowledged moves, errors and finished games."""

    def __init__(self, measure_from: float) -> None:
        """Start empty; count only acknowledgements after ``measure_from`` (monotonic)."""
        self.measure_from = measure_from
        self.lat: list[float] = []
        self.errors = 0
        self.error_kinds: dict[str, int] = {}
        self.games = 0
        self.setup: list[float] = []
        """Seconds from asking for a new game to both seats' first state (measured part)."""
        self.lag: list[float] = []
        """How late (seconds) this client's event loop woke a task that slept 10 ms."""

    async def probe_lag(self, deadline: float) -> None:
        """Measure this client's own event-loop lag until ``deadline``: when the load
        generator itself is saturated, its latencies include its own delays."""
        while time.monotonic() < deadline:
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            if time.monotonic() >= self.measure_from:
                self.lag.append(time.perf_counter() - t - 0.01)

    def acked(self, latency: float) -> None:
        """Record one acknowledged move, unless still warming up."""
        if time.monotonic() >= self.measure_from:
            self.lat.append(latency)


class Seated:
    """Counts down the seats of a new game that got their first state; records the
    table's setup time (``Stats.setup``) when the last one does."""

    def __init__(self, seats: int, asked: float, stats: Stats) -> None:
        """Wait for ``seats`` seats of a game asked for at ``asked`` (``perf_counter``)."""
        self.left = seats
        self.asked = asked
        self.stats = stats

    def one(self) -> None:
        """One more seat has its first state."""
        self.left -= 1
        if self.left == 0 and time.monotonic() >= self.stats.measure_from:
            self.stats.setup.append(time.perf_counter() - self.asked)


class Pace:
    """Spaces one table's moves ``interval`` seconds apart (0: as fast as possible),
    like players who take a moment to think."""

    def __init__(self, interval: float, rng: random.Random) -> None:
        """Start at a random offset so tables do not move in step."""
        self.interval = interval
        self.next = time.monotonic() + rng.random() * interval

    async def wait(self) -> None:
        """Sleep until this table's next move is due."""
        if self.interval <= 0:
            return
        now = time.monotonic()
        if self.next > now:
            await asyncio.sleep(self.next - now)
        self.next = max(now, self.next) + self.interval


async def seat_loop(
    url: str,
    cookie: str,
    gid: str,
    rng: random.Random,
    stats: Stats,
    deadline: float,
    pace: Pace,
    seated: Seated | None = None,
) -> None:
    """Play one seat of one game until it ends or time runs out (telling ``seated`` when
    its first state arrives)."""
    sent: dict[str, float] = {}
    async with connect(
        f"{url}/ws/games/{gid}",
        additional_headers={"Cookie": cookie},
        max_queue=None,
        open_timeout=60,
    ) as ws:
        # One timeout for the whole game, not one a message (asyncio.wait_for makes a task
        # for every call: load-generator CPU the server measurement does not need).
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(max(0.01, deadline - time.monotonic())):
                await play_seat(ws, rng, stats, pace, sent, seated)


async def play_seat(
    ws: ClientConnection,
    rng: random.Random,
    stats: Stats,
    pace: Pace,
    sent: dict[str, float],
    seated: Seated | None,
) -> None:
    """Answer one seat's messages with random legal moves until its game ends."""
    k = 0
    while True:
        raw = await ws.recv()
        msg = loads(raw)
        t = msg["t"]
        if t == "ack":
            t0 = sent.pop(msg["id"], None)
            if t0 is not None:
                stats.acked(time.perf_counter() - t0)
        elif t == "error":
            stats.errors += 1
            kind = msg["error"][:70]
            stats.error_kinds[kind] = stats.error_kinds.get(kind, 0) + 1
        elif t in ("state", "event"):
            if t == "state" and seated is not None:
                seated.one()
                seated = None
            if msg["view"]["winner"] is not None:
                return
            if msg["legal"]:
                await pace.wait()
                k += 1
                cid = f"{k}"
                sent[cid] = time.perf_counter()
                await ws.send(
                    dumps({"t": "move", "move": rng.choice(msg["legal"]), "id": cid, "n": msg["n"]})
                )


class HttpError(RuntimeError):
    """A request the server answered with an error status."""


class Http:
    """A small HTTP/1.1 client for the few JSON requests of a table's set-up (a guest
    session, create, join): keep-alive connections kept in a pool, each request written
    and its answer read straight off an asyncio stream. httpx's pool bookkeeping cost the
    load generator more CPU per game than all of the game's moves together; this is what
    the server needs and no more."""

    def __init__(self, base: str, keepalive: float = 2.0) -> None:
        """Talk to ``base`` (``http://host:port``); drop a connection idle ``keepalive``
        seconds (before uvicorn's 5 s keep-alive ends it, so a request never goes out on
        a connection the server is closing)."""
        hostport = base.split("://", 1)[1].rstrip("/")
        host, _, port = hostport.rpartition(":")
        self.host, self.port, self.hostport = host, int(port), hostport
        self.keepalive = keepalive
        self._idle: list[tuple[asyncio.StreamReader, asyncio.StreamWriter, float]] = []

    async def _connection(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        now = time.monotonic()
        while self._idle:
            reader, writer, since = self._idle.pop()
            if now - since < self.keepalive and not writer.is_closing():
                return reader, writer
            writer.close()
        return await asyncio.open_connection(self.host, self.port)

    async def request(
        self, method: str, path: str, headers: dict[str, str], body: object = None
    ) -> tuple[dict[str, list[str]], object]:
        """Send one request (``body`` as JSON); return the answer's headers (lower-case
        names, every value) and its JSON body. Raises ``HttpError`` on a 4xx/5xx."""
        data = b"" if body is None else dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"host: {self.hostport}"]
        head += [f"{k}: {v}" for k, v in headers.items()]
        if body is not None:
            head.append("content-type: application/json")
        head.append(f"content-length: {len(data)}")
        reader, writer = await self._connection()
        try:
            writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
            async with asyncio.timeout(30):
                status, got, payload = await self._response(reader)
        except BaseException:
            writer.close()
            raise
        if b"close" in b"".join(v.encode() for v in got.get("connection", [])):
            writer.close()
        else:
            self._idle.append((reader, writer, time.monotonic()))
        if status >= 400:
            raise HttpError(f"{method} {path}: {status} {payload[:200]!r}")
        return got, loads(payload) if payload else None

    @staticmethod
    async def _response(reader: asyncio.StreamReader) -> tuple[int, dict[str, list[str]], bytes]:
        raw = await reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        got: dict[str, list[str]] = {}
        for line in lines[1:]:
            if line:
                k, _, v = line.partition(":")
                got.setdefault(k.strip().lower(), []).append(v.strip())
        if "content-length" in got:
            return status, got, await reader.readexactly(int(got["content-length"][0]))
        if "chunked" in "".join(got.get("transfer-encoding", [])).lower():
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    await reader.readuntil(b"\r\n")  # the end of the (empty) trailer
                    return status, got, b"".join(parts)
                parts.append((await reader.readexactly(size + 2))[:-2])
        return status, got, b""

    def close(self) -> None:
        """Close the idle connections."""
        for _, writer, _ in self._idle:
            writer.close()
        self._idle = []


async def new_guests(http: Http) -> tuple[list[str], list[str]]:
    """Open two guest sessions; return their cookies and CSRF tokens."""
    cookies, csrfs = [], []
    for _ in range(2):
        got, body = await http.request("GET", "/api/session", {})
        session = next(
            c.split(";", 1)[0] for c in got["set-cookie"] if c.startswith("cuttle_session=")
        )
        cookies.append(session)
        assert isinstance(body, dict)
        csrfs.append(body["csrf"])
    return cookies, csrfs


async def new_game(http: Http, cookies: list[str], csrfs: list[str]) -> str:
    """Create a two-person game between the two guests; return its id."""
    _, made = await http.request(
        "POST",
        "/api/games",
        {"cookie": cookies[0], "x-csrf-token": csrfs[0]},
        {"seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    assert isinstance(made, dict)
    gid = str(made["id"])
    await http.request(
        "POST", f"/api/games/{gid}/join", {"cookie": cookies[1], "x-csrf-token": csrfs[1]}, {}
    )
    return gid


async def game_slot(
    bases: list[str],
    http: Http,
    seed: int,
    stats: Stats,
    deadline: float,
    interval: float,
    start_delay: float,
) -> None:
    """Keep one game going until the deadline, the same two guests starting a new one
    when it ends (as players at a table do)."""
    rng = random.Random(seed)
    ws_urls = [bases[(seed + k) % len(bases)].replace("http", "ws", 1) for k in range(2)]
    await asyncio.sleep(start_delay)
    cookies, csrfs = await new_guests(http)
    pace = Pace(interval, rng)
    while time.monotonic() < deadline:
        asked = time.perf_counter()
        gid = await new_game(http, cookies, csrfs)
        seated = Seated(2, asked, stats)
        await asyncio.gather(
            *(
                seat_loop(u, c, gid, rng, stats, deadline, pace, seated)
                for u, c in zip(ws_urls, cookies, strict=True)
            )
        )
        stats.games += 1


async def run(
    bases: list[str],
    games: int,
    seconds: float,
    warmup: float,
    rate: float,
    tables: Sequence[int] | None = None,
    start: float | None = None,
) -> tuple[Stats, float]:
    """Run ``games`` tables for ``warmup + seconds``, offering ``rate`` moves/s in all
    (0: unpaced); return the stats of the last ``seconds`` and their length.

    ``tables`` (default: all of ``range(games)``) are the tables this process plays, and
    ``start`` (``time.monotonic()``, default now) the moment the first of all tables
    opens: one of several load-generator processes plays its share of the tables, each
    at the pace and opening time it has when one process plays them all."""
    start = time.monotonic() if start is None else start
    tables = range(games) if tables is None else tables
    stats = Stats(start + warmup)
    interval = games / rate if rate > 0 else 0.0
    http = Http(bases[0])
    try:
        deadline = start + warmup + seconds
        # Tables open one after another over most of the warm-up, as players arrive, so
        # that their games do not all end (and new ones start) at the same moment.
        ramp = 0.8 * warmup / games
        now = time.monotonic()
        await asyncio.gather(
            stats.probe_lag(deadline),
            *(
                game_slot(bases, http, i, stats, deadline, interval, max(0, start + i * ramp - now))
                for i in tables
            ),
        )
        return stats, time.monotonic() - stats.measure_from
    finally:
        http.close()


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop when installed (``uvicorn[standard]`` brings it; the server
    runs on it too), else asyncio's: the load generator's own CPU competes with the server
    for the same cores."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


@dataclass
class ClientResult:
    """What one load-generator process sends back: its stats, the length of its
    measured part and the CPU seconds it used while playing."""

    stats: Stats
    elapsed: float
    cpu: float


def client_process(
    conn: Connection,
    bases: list[str],
    games: int,
    seconds: float,
    warmup: float,
    rate: float,
    tables: list[int],
) -> None:
    """One load-generator process (``--clients`` above 1): say it is ready, wait for the
    common start time, play ``tables`` on its own event loop, send a ``ClientResult``."""
    conn.send("ready")
    start = conn.recv()
    cpu0 = time.process_time()
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        stats, elapsed = runner.run(run(bases, games, seconds, warmup, rate, tables, start))
    conn.send(ClientResult(stats, elapsed, time.process_time() - cpu0))
    conn.close()


def merge(results: list[ClientResult]) -> tuple[Stats, float, float]:
    """One ``Stats`` for the report from several processes' results: every latency and
    setup sample together (percentiles over all of them), counts summed, the loop-lag
    samples of the process with the worst p99 lag; with the longest measured part and the
    CPU seconds of all processes summed."""
    stats = Stats(min(r.stats.measure_from for r in results))
    for r in results:
        stats.lat += r.stats.lat
        stats.setup += r.stats.setup
        stats.errors += r.stats.errors
        stats.games += r.stats.games
        for kind, n in r.stats.error_kinds.items():
            stats.error_kinds[kind] = stats.error_kinds.get(kind, 0) + n
    stats.lag = max((r.stats.lag for r in results), key=lambda lag: pct(lag, 0.99) if lag else 0)
    return stats, max(r.elapsed for r in results), sum(r.cpu for r in results)


class Clients:
    """``k`` load-generator processes (``multiprocessing``, spawned: each its own
    interpreter and event loop), each playing every ``k``-th table, hence its share of the
    tables and of the offered rate."""

    def __init__(
        self, k: int, bases: list[str], games: int, seconds: float, warmup: float, rate: float
    ) -> None:
        """Start the processes and wait until each is ready to play (imports done), so
        that their start-up is not measured."""
        ctx = multiprocessing.get_context("spawn")
        self.conns: list[Connection] = []
        self.procs: list[multiprocessing.process.BaseProcess] = []
        try:
            for j in range(k):
                parent, child = ctx.Pipe()
                tables = list(range(j, games, k))
                proc = ctx.Process(
                    target=client_process,
                    args=(child, bases, games, seconds, warmup, rate, tables),
                    name=f"loadgen-{j}",
                    daemon=True,
                )
                proc.start()
                child.close()
                self.conns.append(parent)
                self.procs.append(proc)
            for conn in self.conns:
                self._recv(conn)
        except BaseException:
            self.close()
            raise

    def _recv(self, conn: Connection) -> object:
        """The next message from one process; ``RuntimeError`` if it died (its traceback
        is on stderr)."""
        try:
            return conn.recv()
        except EOFError:
            raise RuntimeError("a load-generator process failed") from None

    def play(self) -> tuple[Stats, float, float]:
        """Start them all at the same moment and wait for them: the merged stats, the
        measured seconds and the CPU seconds of all of them (see ``merge``)."""
        start = time.monotonic() + 0.05
        for conn in self.conns:
            conn.send(start)
        results = [self._recv(conn) for conn in self.conns]
        return merge([r for r in results if isinstance(r, ClientResult)])

    def close(self) -> None:
        """Wait for the processes to end (a few seconds), then stop any left."""
        for proc in self.procs:
            proc.join(5)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        for conn in self.conns:
            conn.close()


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` in milliseconds."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    return 1000 * s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print one Markdown table row of results."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="tables playing at once")
    ap.add_argument("--seconds", type=float, default=20, help="measured seconds")
    ap.add_argument(
        "--warmup",
        type=float,
        default=10,
        help="seconds played first and not measured (tables open during it)",
    )
    ap.add_argument(
        "--rate",
        type=float,
        default=0,
        help="moves/s offered by all tables together (0: each table moves as soon as it can)",
    )
    ap.add_argument(
        "--backend",
        choices=("sqlite", "pg"),
        default="sqlite",
        help="sqlite: one process on a SQLite file; pg: PostgreSQL and Redis (throwaway)",
    )
    ap.add_argument("--workers", type=int, default=1, help="web worker processes (pg only)")
    ap.add_argument(
        "--clients",
        type=int,
        default=1,
        help="load-generator processes, each playing its share of the tables and of the rate "
        "(1: this process plays them all)",
    )
    args = ap.parse_args(argv)
    if args.backend == "sqlite" and args.workers != 1:
        ap.error("--workers above 1 needs --backend pg")
    if not 1 <= args.clients <= args.games:
        ap.error("--clients must be between 1 and --games")

    pg = redis = None
    servers: list[ServerProc] = []
    clients: Clients | None = None
    with tempfile.TemporaryDirectory() as tmp:
        try:
            if args.backend == "pg":
                pg, redis = Postgres(), Redis()
            for _ in range(args.workers):
                servers.append(
                    ServerProc(
                        Path(tmp) / "data",
                        database_url=pg.url if pg else None,
                        redis_url=redis.url if redis else None,
                        args=["--bot-workers", "0"] if redis else [],
                    ).start()
                )
            bases = [s.url for s in servers]
            if args.clients > 1:
                clients = Clients(
                    args.clients, bases, args.games, args.seconds, args.warmup, args.rate
                )
            pids = [s.proc.pid for s in servers if s.proc is not None]
            server_cpu0 = sum(cpu_seconds(p) for p in pids)
            side: dict[str, Callable[[], float]] = {}
            if pg is not None and redis is not None:
                side = {"PostgreSQL": pg.cpu_seconds, "Redis": redis.cpu_seconds}
            side_cpu0 = {k: f() for k, f in side.items()}
            own_cpu0 = time.process_time()
            wall0 = time.monotonic()
            if clients is not None:
                stats, elapsed, own_cpu = clients.play()
            else:
                with asyncio.Runner(loop_factory=loop_factory()) as runner:
                    stats, elapsed = runner.run(
                        run(bases, args.games, args.seconds, args.warmup, args.rate)
                    )
            wall = time.monotonic() - wall0
            server_cpu = sum(cpu_seconds(p) for p in pids) - server_cpu0
            side_cpu = {k: f() - side_cpu0[k] for k, f in side.items()}
            if clients is None:
                own_cpu = time.process_time() - own_cpu0
            if pg is not None:
                stored = pg.count_moves()
            else:
                with servers[0].db() as db:
                    stored = db.execute("select count(*) from moves").fetchone()[0]
        finally:
            if clients is not None:
                clients.close()
            for s in servers:
                s.stop()
            if redis is not None:
                redis.stop()
            if pg is not None:
                pg.stop()
    n = len(stats.lat)
    offered = f"{args.rate:g}" if args.rate > 0 else "unpaced"
    many = args.clients > 1
    gen = f"load generators ({args.clients} processes)" if many else "load generator"
    lag_of = "worst load generator's" if many else "load generator's"
    print(
        f"backend: {args.backend}, {args.workers} web worker(s)"
        + (f", {args.clients} load-generator processes" if many else "")
    )
    print(
        "| games at once | offered moves/s | measured s | acked moves | moves/s | p50 ms "
        "| p95 ms | p99 ms | max ms | errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {args.games} | {offered} | {elapsed:.1f} | {n} | {n / elapsed:.0f} | "
        f"{pct(stats.lat, 0.5):.1f} | {pct(stats.lat, 0.95):.1f} | {pct(stats.lat, 0.99):.1f} | "
        f"{pct(stats.lat, 1.0):.1f} | {stats.errors} |"
    )
    print(
        f"whole run {wall:.1f} s: {stored} moves stored, {stats.games} games finished; "
        f"server processes busy {100 * server_cpu / wall:.0f}% of one core in all, "
        f"{gen} {100 * own_cpu / wall:.0f}%"
    )
    if stored:
        print(
            f"server CPU per stored move {1000 * server_cpu / stored:.2f} ms, {gen} "
            f"{1000 * own_cpu / stored:.2f} ms (game setup included; load average "
            f"{Path('/proc/loadavg').read_text().split()[0]})"
        )
    busy = "".join(f", {k} {100 * v / wall:.0f}%" for k, v in side_cpu.items())
    print(
        f"new tables (create, join, both sockets' first state): {len(stats.setup)} in the "
        f"measured part, p50 {pct(stats.setup, 0.5):.0f} ms, p99 {pct(stats.setup, 0.99):.0f} ms"
        f"{busy}; {lag_of} loop lag p50 {pct(stats.lag, 0.5):.0f} ms, "
        f"p99 {pct(stats.lag, 0.99):.0f} ms"
    )
    if stats.error_kinds:
        print("errors: " + ", ".join(f"{k!r} x{v}" for k, v in stats.error_kinds.items()))
    if n:
        print(f"mean latency {1000 * statistics.fmean(stats.lat):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
