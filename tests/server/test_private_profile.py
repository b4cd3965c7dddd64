"""Invite-only games stay off public profiles: ``/u/NAME`` shows a private game (and its
id) to the players in it and to nobody else, signed in or not."""

from __future__ import annotations

import secrets

import httpx
from srvutil import Client, ServerProc


def _registered(base: str, prefix: str) -> tuple[Client, str]:
    c = Client(base)
    name = f"{prefix}{secrets.token_hex(3)}"
    r = c.post("/api/signup", {"username": name, "password": "correct horse"})
    assert r.status_code == 200, r.text
    c.csrf = r.json()["csrf"]  # signing up starts a new session
    return c, name


def test_a_private_game_is_not_on_its_creators_public_profile(server: ServerProc) -> None:
    """Carol's invite-only game is on her profile for her and for Dan (seated in it);
    a stranger and a visitor with no cookie get neither the game nor its id."""
    carol, name = _registered(server.url, "carol")
    private = carol.post("/api/games", {"seats": [{"kind": "human"}] * 2, "private": True})
    public = carol.post("/api/games", {"seats": [{"kind": "human"}] * 2})
    assert private.status_code == public.status_code == 201
    hidden, shown = private.json()["id"], public.json()["id"]
    dan, _ = _registered(server.url, "dan")
    assert dan.post(f"/api/games/{hidden}/join").json()["seat"] == 1

    stranger = Client(server.url)
    anonymous = httpx.get(f"{server.url}/u/{name}")
    for page in (stranger.http.get(f"/u/{name}"), anonymous):
        assert page.status_code == 200
        assert shown in page.text
        assert hidden not in page.text
    for player in (carol, dan):
        page = player.http.get(f"/u/{name}")
        assert hidden in page.text and shown in page.text
    assert {g["id"] for g in carol.http.get("/api/me/games").json()["games"]} == {hidden, shown}
    assert hidden in carol.http.get("/me").text
