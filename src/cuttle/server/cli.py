"""``cuttle serve``: run the site with uvicorn."""

from __future__ import annotations

import argparse

WS_MAX_BYTES = 16 * 1024
"""The largest websocket message read at all: a longer one closes the socket (1009) before
it is buffered. Client messages are at most 2 KB (a longer one under this gets an error)."""


def serve_main(argv: list[str]) -> int:
    """Parse ``[--host H] [--port P] [--data DIR]`` and serve until interrupted; return 0."""
    parser = argparse.ArgumentParser(
        prog="cuttle serve",
        description="Serve the Cuttle web site (lobby, tables, replays). "
        "DATABASE_URL selects a database other than the SQLite file in --data.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--data", default=None, help="data folder (default: ./data)")
    parser.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds a bot waits before moving"
    )
    args = parser.parse_args(argv)
    import uvicorn

    from .app import create_app
    from .settings import Settings

    settings = Settings.from_env(args.data, bot_delay=args.bot_delay)
    app = create_app(settings)
    from sqlalchemy import make_url

    shown = make_url(settings.database_url).render_as_string(hide_password=True)
    print(f"Cuttle at http://{args.host}:{args.port}/  (data: {shown})")
    # Table messages are a kilobyte or two: compressing each one costs more server time
    # than it saves on the wire.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        ws_max_size=WS_MAX_BYTES,
    )
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(serve_main(sys.argv[1:]))
