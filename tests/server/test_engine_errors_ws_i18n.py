"""A German player's illegal and unreadable moves, refused over the game's websocket in
German (the engine's message in the socket's language), while an English socket at the
same table keeps the English text; after the end, the site's "the game is over" too."""

from __future__ import annotations

import httpx
from srvutil import Client, ServerProc, full_game, new_table

GERMAN_TWOS = {
    "2C": "die Kreuz-Zwei",
    "2D": "die Karo-Zwei",
    "2H": "die Herz-Zwei",
    "2S": "die Pik-Zwei",
}
ENGLISH_TWOS = {
    "2C": "Two of Clubs",
    "2D": "Two of Diamonds",
    "2H": "Two of Hearts",
    "2S": "Two of Spades",
}


def test_refusals_reach_a_german_socket_in_german(
    server: ServerProc, alice: Client, bob: Client
) -> None:
    gid = new_table(alice, bob)
    alice.http.cookies.set("lang", "de")  # the language menu's cookie
    a = alice.ws(gid)
    held = set(a.until(lambda m: m["t"] == "state")["view"]["hands"][0])
    two = next(c for c in GERMAN_TWOS if c not in held)
    a.send({"t": "move", "move": f"points {two}"})
    assert a.until(lambda m: m["t"] == "error")["error"] == (
        f"Du hast {GERMAN_TWOS[two]} nicht auf der Hand"
    )
    a.send({"t": "move", "move": "fly KH"})
    assert a.until(lambda m: m["t"] == "error")["error"].startswith("unbekannter Zug 'fly'; ")
    a.close()
    english = Client(server.url)
    # alice's session, in English
    english.http.cookies = httpx.Cookies({**dict(alice.http.cookies.items()), "lang": "en"})
    e = english.ws(gid)
    e.until(lambda m: m["t"] == "state")
    e.send({"t": "move", "move": f"points {two}"})
    assert e.until(lambda m: m["t"] == "error")["error"] == (
        f"You do not hold the {ENGLISH_TWOS[two]}"
    )
    assert full_game(server, gid)[1] == []  # nothing was played
    e.send({"t": "resign"})
    e.until(lambda m: m["t"] == "event" and m["line"] == "p0: resign")
    e.close()
    late = alice.ws(gid)  # German again: the site's own refusal speaks it too
    late.until(lambda m: m["t"] == "state")
    late.send({"t": "move", "move": "draw"})
    assert late.until(lambda m: m["t"] == "error")["error"] == "das Spiel ist vorbei"
    late.close()
