"""A bot listening on one worker is online in every worker's lobby.

Two ``cuttle serve`` processes on one SQLite database (as several workers share one
database): a bot's program opens its event stream on the first; a person asking the
second worker for the bots online sees it, and no longer once the stream closes.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from leagueutil import register
from srvutil import Client, ServerProc
from test_bot_api import bearer, make_bot


def test_a_bot_streaming_on_one_worker_is_online_on_another(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = ServerProc(data).start()
    second = ServerProc(data).start()
    stop = threading.Event()
    try:
        owner = register(first.url, "owner")
        token = make_bot(owner, "farbot")

        def listen() -> None:
            with (
                bearer(first.url, token) as http,
                http.stream("GET", "/api/bot/stream/event", timeout=30) as stream,
            ):
                for _ in stream.iter_lines():
                    if stop.is_set():
                        break

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        person = Client(second.url)

        def names() -> list[str]:
            return [b["name"] for b in person.http.get("/api/bots/online").json()["bots"]]

        deadline = time.monotonic() + 20
        while names() != ["farbot"]:
            assert time.monotonic() < deadline, "the second worker never listed the bot"
            time.sleep(0.2)
        stop.set()
        listener.join(timeout=15)  # the stream ends at its next line (a keep-alive)
        deadline = time.monotonic() + 20
        while names():
            assert time.monotonic() < deadline, "the bot stayed online after its stream closed"
            time.sleep(0.2)
    finally:
        stop.set()
        second.stop()
        first.stop()
