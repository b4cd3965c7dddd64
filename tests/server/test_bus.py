"""The Redis bus on a real redis-server: a worker skips its own news (without decoding
it) and still hears every other worker's, even one whose name begins with its own; news queued
together travels as one message, heard in order."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from clusterutil import RedisProc

from cuttle.server.cluster.bus import RedisBus, own_prefix
from cuttle.server.fastjson import dumps_bytes


def test_own_prefix_is_how_a_published_message_begins() -> None:
    """The tag is the message's first key, closing quote included."""
    prefix = own_prefix("host-12-abc")
    assert prefix == b'{"w":"host-12-abc"'
    assert not b'{"w":"host-12-abcd","k":"event"}'.startswith(prefix)
    assert dumps_bytes({"w": "host-12-abc", "k": "event"}).startswith(prefix)


def test_each_worker_hears_the_others_news_and_never_its_own(tmp_path: Path) -> None:
    redis = RedisProc(tmp_path).start()
    try:
        asyncio.run(_exchange(redis.url))
    finally:
        redis.stop()


async def _exchange(url: str) -> None:
    # "w1" is a prefix of "w1x": the skip must still tell them apart.
    buses = {name: RedisBus(url, worker_id=name) for name in ("w1", "w1x")}
    heard: dict[str, list[dict[str, Any]]] = {name: [] for name in buses}

    def handler(name: str) -> Any:
        async def on_message(msg: dict[str, Any]) -> None:
            heard[name].append(msg)

        return on_message

    async def nothing() -> None:
        return None

    try:
        for name, bus in buses.items():
            await bus.start(handler(name), nothing)
        for _ in range(200):
            if all(bus.connected for bus in buses.values()):
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)  # both subscribed
        await buses["w1"].publish({"k": "event", "g": "a", "n": 1, "w": "forged"})
        await buses["w1x"].publish({"k": "event", "g": "b", "n": 2})
        for _ in range(200):
            if heard["w1"] and heard["w1x"]:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # anything more (a worker's own news) would be in by now
        assert heard["w1x"] == [{"w": "w1", "k": "event", "g": "a", "n": 1}]
        assert heard["w1"] == [{"w": "w1x", "k": "event", "g": "b", "n": 2}]
        # what went over the wire starts with the sender's tag
        raw = dumps_bytes({"w": "w1", "k": "x"})
        assert raw.startswith(own_prefix("w1")) and not raw.startswith(own_prefix("w1x"))
    finally:
        for bus in buses.values():
            await bus.close()


def test_a_worker_alone_keeps_its_news_until_another_listens(tmp_path: Path) -> None:
    redis = RedisProc(tmp_path).start()
    try:
        asyncio.run(_peers(redis.url))
    finally:
        redis.stop()


async def _peers(url: str) -> None:
    first = RedisBus(url, worker_id="a", peer_every=0.1, peer_ttl=0.4)
    second = RedisBus(url, worker_id="b", peer_every=0.1, peer_ttl=0.4)
    silent = RedisBus(url, worker_id="bot")  # publishes, never listens (a bot worker)
    told: list[str] = []

    async def nothing(msg: dict[str, Any] | None = None) -> None:
        return None

    async def retell() -> None:
        told.append("a")

    async def until(cond: Any) -> None:
        for _ in range(200):
            if cond():
                return
            await asyncio.sleep(0.02)
        raise AssertionError("timed out")

    try:
        assert not silent.alone()  # never listening: cannot tell, so it publishes
        assert not first.alone()  # not listening yet
        await first.start(nothing, nothing, retell)
        await until(lambda: first.connected)
        assert not first.alone()  # just subscribed: others may not have spoken yet
        await until(first.alone)
        await silent.publish({"k": "event", "g": "x", "n": 1})
        await asyncio.sleep(0.2)
        assert first.alone()  # a worker that never listens does not count
        await second.start(nothing, nothing)
        await until(lambda: bool(told))  # "b" said it is alive: "a" tells it the news
        assert not first.alone()
        await until(lambda: "a" in second.peers)  # "a" answered at once
        assert not second.alone()
        await second.close()
        await until(first.alone)  # "b" fell silent
    finally:
        for bus in (first, second, silent):
            await bus.close()


def test_news_queued_together_leaves_as_one_message_and_is_heard_in_order(
    tmp_path: Path,
) -> None:
    redis = RedisProc(tmp_path).start()
    try:
        asyncio.run(_batch(redis.url))
    finally:
        redis.stop()


async def _batch(url: str) -> None:
    sender, hearer = RedisBus(url, worker_id="s"), RedisBus(url, worker_id="h")
    heard: list[dict[str, Any]] = []
    raw: list[Any] = []

    async def on_message(msg: dict[str, Any]) -> None:
        heard.append(msg)

    async def nothing() -> None:
        return None

    spy = sender.redis.pubsub(ignore_subscribe_messages=True)
    try:
        await spy.subscribe("cuttle:games")
        await hearer.start(on_message, nothing)
        for _ in range(200):
            if hearer.connected:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.1)
        for n in range(1, 8):  # queued in one go: the sender task runs after them
            await sender.publish({"k": "event", "g": "a", "n": n})
        for _ in range(200):
            if len(heard) >= 7:
                break
            await asyncio.sleep(0.02)
        assert [m["n"] for m in heard] == list(range(1, 8))
        assert all(m["w"] == "s" and m["k"] == "event" for m in heard)
        for _ in range(50):
            got = await spy.get_message(timeout=0.05)
            if got is not None and got["data"].startswith(own_prefix("s")):
                raw.append(got["data"])
        assert len(raw) == 1 and b'"k":"batch"' in raw[0]  # one Redis message for all 7
        # a batch naming another worker's messages inside is not believed
        forged = b'{"w":"s","k":"batch","m":[{"w":"x","k":"event","g":"a","n":9}]}'
        await sender.redis.publish("cuttle:games", forged)
        await asyncio.sleep(0.2)
        assert [m["n"] for m in heard] == list(range(1, 8))
    finally:
        await spy.aclose()
        await sender.close()
        await hearer.close()
