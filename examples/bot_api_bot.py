"""A bot on the site's Bot API: about 100 lines, only ``httpx`` needed.

Make a bot account on the site (``POST /api/bots`` while signed in: its token is shown
once), then run::

    python examples/bot_api_bot.py --url http://127.0.0.1:8000 --token cbt_...

It reads its event stream (NDJSON: one JSON object a line, empty keep-alive lines),
accepts every challenge, and plays each game it starts in a thread of its own: it reads
the game's stream (the game as its seat sees it, then each event) and, whenever the
message it got lists legal moves, plays its biggest point card, else a scuttle, else the
first legal move (``--games N`` stops it after N finished games).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from collections.abc import Iterator
from typing import Any

import httpx

RANKS = "A23456789TJQK"


def worth(move: str) -> int:
    """How much ``move`` appeals: points by rank, then scuttles; anything else 0."""
    words = move.split()
    if words[0] == "points" and len(words) == 2:
        return 20 + RANKS.find(words[1][0])
    return 10 if words[0] == "scuttle" else 0


def choose(legal: list[str]) -> str:
    """The greedy choice among ``legal`` (the first of the best)."""
    return max(legal, key=worth)


def lines(client: httpx.Client, path: str) -> Iterator[dict[str, Any]]:
    """The JSON objects of the NDJSON stream at ``path`` (keep-alive lines skipped)."""
    with client.stream("GET", path, timeout=httpx.Timeout(10, read=None)) as r:
        r.raise_for_status()
        for line in r.iter_lines():
            if line.strip():
                yield json.loads(line)


def play(client: httpx.Client, gid: str, log: bool) -> None:
    """Play game ``gid`` to its end from its stream."""
    for msg in lines(client, f"/api/bot/game/stream/{gid}"):
        if msg.get("t") not in ("state", "event") or not msg.get("legal"):
            continue
        move = choose(msg["legal"])
        r = client.post(f"/api/bot/game/{gid}/move", json={"move": move, "n": msg["n"]})
        if log:
            print(f"{gid} #{msg['n']}: {move} -> {r.status_code}", file=sys.stderr)
        if r.status_code not in (200, 409):  # 409: stale; the stream brings the news
            print(f"{gid}: {move} refused: {r.text}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Listen for challenges and games until ``--games`` games have finished."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--url", default="http://127.0.0.1:8000", help="the site")
    p.add_argument("--token", required=True, help="the bot account's token")
    p.add_argument("--games", type=int, default=0, help="stop after N games (0: never)")
    p.add_argument("--verbose", action="store_true", help="log every move")
    args = p.parse_args(argv)
    client = httpx.Client(
        base_url=args.url, headers={"Authorization": f"Bearer {args.token}"}, timeout=10
    )
    me = client.get("/api/bot/account")
    if me.status_code != 200:
        print(f"the site refused the token: {me.text}", file=sys.stderr)
        return 1
    print(f"playing as {me.json()['name']}", file=sys.stderr)
    started: set[str] = set()
    finished = 0
    for event in lines(client, "/api/bot/stream/event"):
        kind = event.get("type")
        if kind == "challenge":
            cid = event["challenge"]["id"]
            r = client.post(f"/api/challenge/{cid}/accept")
            print(f"challenge {cid}: accept -> {r.status_code}", file=sys.stderr)
        elif kind == "gameStart" and event["game"]["id"] not in started:
            gid = event["game"]["id"]
            started.add(gid)
            threading.Thread(target=play, args=(client, gid, args.verbose), daemon=True).start()
        elif kind == "gameFinish":
            finished += 1
            print(f"game {event['game']['id']} finished", file=sys.stderr)
            if args.games and finished >= args.games:
                return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
