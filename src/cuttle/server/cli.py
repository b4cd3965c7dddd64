"""``cuttle serve``: run the site with uvicorn (one process, or several with Redis)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

WS_MAX_BYTES = 16 * 1024
"""The largest websocket message read at all: a longer one closes the socket (1009) before
it is buffered. Client messages are at most 2 KB (a longer one under this gets an error)."""


def serve_main(argv: list[str]) -> int:
    """Parse ``[--host H] [--port P] [--data DIR] [--workers N] [--bot-workers M]`` and
    serve until interrupted; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="cuttle serve",
        description="Serve the Cuttle web site (lobby, tables, replays). "
        "DATABASE_URL selects a database other than the SQLite file in --data; with "
        "DATABASE_URL (PostgreSQL) and REDIS_URL, any number of workers serve every game.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--data", default=None, help="data folder (default: ./data)")
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before moving"
    )
    parser.add_argument(
        "--admin",
        action="append",
        default=[],
        metavar="NAME",
        help="make the registered user NAME a league organiser (repeatable)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        help="web worker processes on this port (more than 1 needs DATABASE_URL and REDIS_URL)",
    )
    parser.add_argument(
        "--bot-workers",
        type=int,
        default=None,
        help="'cuttle bot-worker' processes to start alongside (with REDIS_URL; default 1)",
    )
    args = parser.parse_args(argv)
    import uvicorn
    from sqlalchemy import make_url

    from .app import create_app
    from .settings import Settings

    os.environ["CUTTLE_BOT_DELAY"] = str(args.bot_delay)
    if args.data:
        os.environ["CUTTLE_DATA"] = str(args.data)
    if args.admin:  # the workers read it from the environment (league organisers)
        known = os.environ.get("CUTTLE_ADMINS", "")
        os.environ["CUTTLE_ADMINS"] = ",".join(filter(None, [known, *args.admin]))
    settings = Settings.from_env(args.data, admins=tuple(args.admin))
    sqlite = settings.database_url.startswith("sqlite")
    if args.workers > 1 and (sqlite or not settings.redis_url):
        parser.error("--workers above 1 needs DATABASE_URL (PostgreSQL) and REDIS_URL set")
    bot_workers = args.bot_workers
    if bot_workers is None:
        bot_workers = 1 if settings.redis_url else 0
    if bot_workers and (sqlite or not settings.redis_url):
        parser.error("--bot-workers needs DATABASE_URL (PostgreSQL) and REDIS_URL set")

    shown = make_url(settings.database_url).render_as_string(hide_password=True)
    extra = f", {args.workers} workers, Redis" if settings.redis_url else ""
    print(f"Cuttle at http://{args.host}:{args.port}/  (data: {shown}{extra})", flush=True)
    # Table messages are a kilobyte or two: compressing each one costs more server time
    # than it saves on the wire.
    options = {
        "host": args.host,
        "port": args.port,
        "log_level": "warning",
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,
        "ws_max_size": WS_MAX_BYTES,
    }
    bots = [
        subprocess.Popen(
            [sys.executable, "-m", "cuttle.server.botworker", "--parent-pid", str(os.getpid())]
        )
        for _ in range(bot_workers)
    ]
    try:
        if args.workers > 1:
            from .db import make_engine, migrate

            engine = make_engine(settings.database_url)
            migrate(engine)  # once here; the workers then find the schema up to date
            engine.dispose()
            uvicorn.run(
                "cuttle.server.app:app_from_env", factory=True, workers=args.workers, **options
            )
        else:
            uvicorn.run(create_app(settings), **options)
    finally:
        for p in bots:
            p.terminate()
        for p in bots:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
    return 0


if __name__ == "__main__":
    raise SystemExit(serve_main(sys.argv[1:]))
