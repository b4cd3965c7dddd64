"""The table's words in each reader's language, on a real server: sockets of one game,
opened in different languages (Accept-Language, the ``lang`` cookie, none), each get the
moves told in their own language, bots named in it, and never a card they may not see."""

from __future__ import annotations

import random
from typing import Any

from srvutil import (
    Client,
    ServerProc,
    Socket,
    apply_line,
    check_no_hidden,
    full_game,
    play_against_bot,
)
from websockets.sync.client import connect

from cuttle.engine.words import describe_history
from cuttle.i18n import LANGUAGES
from cuttle.server.bots import BOT_LEVELS
from cuttle.server.game.protocol import seat_names

BOT_NAMES = {
    "en": "Random bot",
    "de": "Zufallsbot",
    "fr": "Bot aléatoire",
    "uk": "Випадковий бот",
}
"""The random bot's name as each language's reader should read it (written here)."""


def open_socket(client: Client, gid: str, headers: dict[str, str]) -> Socket:
    """The game's websocket for ``client``, with extra handshake ``headers``."""
    url = client.base.replace("http", "ws", 1) + f"/ws/games/{gid}"
    every = {"Cookie": client.cookie(), **headers}
    return Socket(connect(url, additional_headers=every, open_timeout=10).__enter__())


def _play(sock: Socket, others: list[Socket], moves: int) -> int:
    """Play ``moves`` random moves for seat 0 on ``sock`` (the bot answers); return the
    number of the last event, which every socket in ``others`` has received too."""
    rng = random.Random(11)
    last = sock.until(lambda m: m["t"] == "state")
    for i in range(moves):
        if last["view"]["winner"] is not None:
            break
        if last["view"]["to_act"] == 0 and last["legal"]:
            move = rng.choice(last["legal"])
            sock.send({"t": "move", "move": move, "id": f"i{i}", "n": last["n"]})
        last = sock.until(lambda m: m["t"] == "event", timeout=20)
    n: int = last["n"]
    for other in others:
        other.until(lambda m, n=n: m["t"] == "event" and m["n"] == n, timeout=20)
    return n


def test_each_socket_reads_the_moves_in_its_own_language(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    r = alice.post("/api/quickplay", {"level": "random"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    bob.http.cookies.set("lang", "uk")
    socks = {
        "en": alice.ws(gid),  # no language asked for: English
        "de": open_socket(alice, gid, {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}),
        "uk": bob.ws(gid),  # a spectator whose cookie says Ukrainian
        "fr": open_socket(bob, gid, {"Accept-Language": "fr"}),  # the cookie beats this header
    }
    seats: dict[str, int | None] = {"en": 0, "de": 0, "uk": None, "fr": None}
    last = _play(socks["en"], [socks["de"], socks["uk"], socks["fr"]], 14)
    assert last >= 6, "too few moves were played to compare"

    start, moves = full_game(server, gid)
    game = start.copy()
    for s, text in moves:
        apply_line(game, s, text)
    for lang, sock in socks.items():
        seat = seats[lang]
        state = next(m for m in sock.seen if m["t"] == "state")
        events = [m for m in sock.seen if m["t"] == "event"]
        spoken = "uk" if lang == "fr" else lang
        assert state["names"][1] == BOT_NAMES[spoken], lang
        # Every move told as the engine tells it to that reader in that language, with
        # the seats' names as that reader reads them.
        told = describe_history(game, seat, state["names"], spoken)
        assert [e["text"] for e in events] == told[: len(events)], lang
        bot_moves = [e["text"] for e in events if e["by"] == 1]
        assert bot_moves and all(BOT_NAMES[spoken] in t for t in bot_moves), lang
        assert check_no_hidden(server, gid, sock.seen, seat) == len(events) + 1, lang

    # The same seat in two languages: two sentences for the same event, not one cached.
    en = [m["text"] for m in socks["en"].seen if m["t"] == "event" and m["by"] == 1]
    de = [m["text"] for m in socks["de"].seen if m["t"] == "event" and m["by"] == 1]
    assert all(a != b for a, b in zip(en, de, strict=True))

    # A fresh state (a reconnect) tells the whole history in the socket's language.
    again = open_socket(alice, gid, {"Accept-Language": "uk"})
    fresh: dict[str, Any] = again.until(lambda m: m["t"] == "state")
    start, moves = full_game(server, gid)  # the bot may have moved again meanwhile
    for s, text in moves:
        apply_line(start, s, text)
    assert fresh["said"] == describe_history(start, 0, fresh["names"], "uk")[: fresh["n"]]
    assert fresh["names"][1] == BOT_NAMES["uk"]
    # Notation and codes stay English whatever the language.
    lines = [m["line"] for m in socks["en"].seen if m["t"] == "event"]
    assert fresh["log"][: len(lines)] == lines
    for sock in [*socks.values(), again]:
        sock.close()


def test_a_refusal_reaches_each_socket_in_its_language(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    r = alice.post("/api/quickplay", {"level": "random"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    bob.http.cookies.set("lang", "uk")
    watchers = {
        "uk": bob.ws(gid),
        "de": open_socket(Client(server.url), gid, {"Accept-Language": "de"}),
        "en": Client(server.url).ws(gid),
    }
    expected = {  # the site catalog's words, as a reader of each should read them
        "uk": "глядачі не можуть ходити",
        "de": "Zuschauer können nicht ziehen",
        "en": "spectators cannot move",
    }
    for lang, sock in watchers.items():
        sock.until(lambda m: m["t"] == "state")
        sock.send({"t": "move", "move": "draw", "id": "x1"})
        err = sock.until(lambda m: m["t"] == "error")
        assert err["error"] == expected[lang], lang
        sock.close()


def test_seats_are_named_in_the_readers_language() -> None:
    players = [
        {"name": "ann", "bot": None, "empty": False},
        {"name": "bot (easy)", "bot": "easy", "empty": False},
        {"name": "bot (level5)", "bot": "level5", "empty": False},
        {"name": "", "bot": None, "empty": True},
    ]
    assert seat_names(players) == ["ann", "Easy bot", "Level 5 bot", "open seat"]
    assert seat_names(players, "de") == ["ann", "Leichter Bot", "Bot der Stufe 5", "freier Platz"]
    assert seat_names(players, "uk") == ["ann", "Легкий бот", "Бот рівня 5", "вільне місце"]
    two = [{"name": "x", "bot": "hard", "empty": False}] * 2
    assert seat_names(two, "fr") == ["Bot difficile 0", "Bot difficile 1"]


def test_every_bot_level_has_its_own_name_in_every_language() -> None:
    for level in BOT_LEVELS:
        (english,) = seat_names([{"bot": level}])
        for lang in LANGUAGES:
            if lang != "en":
                (named,) = seat_names([{"bot": level}], lang)
                assert named != english, (level, lang, named)


def test_a_replay_tells_the_moves_and_names_in_the_readers_language(
    server: ServerProc, alice: Client
) -> None:
    gid, sock = play_against_bot(alice)
    sock.close()
    english = alice.http.get(f"/api/games/{gid}/replay").json()
    german = alice.http.get(f"/api/games/{gid}/replay", headers={"Accept-Language": "de"}).json()
    assert english["names"][1] == "Random bot" and german["names"][1] == "Zufallsbot"
    assert english["lines"] == german["lines"]  # the notation stays English
    start, moves = full_game(server, gid)
    for s, text in moves:
        apply_line(start, s, text)
    assert german["said"] == describe_history(start, None, german["names"], "de")
    assert english["said"] == describe_history(start, None, english["names"], "en")
