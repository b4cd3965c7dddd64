"""What the HTTP API's routes read besides their path, added to the app's OpenAPI schema.

The routes read their query strings and bodies themselves (:func:`~cuttle.server.deps.
body_of` gives a 400 or 413 with a clear message for what FastAPI would answer with a
422), so FastAPI's generated schema shows only their paths. :data:`ROUTES` describes
the rest: each route's query parameters and its JSON (or form) body, loosely (every
field optional, any other field allowed), as the routes accept them. The schema is not
served (the app has no ``/openapi.json``); the API fuzz (``tests/server/
test_api_fuzz.py``) reads it from :func:`schema_of` and sends what it describes, and
values that break it, to every route.
"""

from __future__ import annotations

import copy
from typing import Any

from fastapi import FastAPI

Schema = dict[str, Any]
"""A piece of an OpenAPI document."""

TEXT: Schema = {"type": "string"}
NUMBER: Schema = {"type": "integer"}
FLAG: Schema = {"type": "boolean"}
CSRF: Schema = {"csrf": TEXT}
"""The CSRF token a form sends in its body (the JSON API's clients send a header)."""


def _fields(props: Schema) -> Schema:
    return {"type": "object", "properties": props}


def _body(media: str, props: Schema) -> Schema:
    return {"requestBody": {"content": {media: {"schema": _fields({**CSRF, **props})}}}}


def json_body(**props: Schema) -> Schema:
    """A route's JSON object body with fields ``props`` (and ``csrf``)."""
    return _body("application/json", props)


def form_body(**props: Schema) -> Schema:
    """A route's form body (``application/x-www-form-urlencoded``) with fields ``props``."""
    return _body("application/x-www-form-urlencoded", props)


def query(*names: str) -> Schema:
    """A route's optional query parameters ``names`` (read as text)."""
    return {
        "parameters": [{"name": n, "in": "query", "required": False, "schema": TEXT} for n in names]
    }


SEAT: Schema = _fields({"kind": TEXT, "level": TEXT, "name": TEXT})
"""One seat of a new game or series."""

CREDENTIALS: Schema = {"username": TEXT, "password": TEXT}

ROUTES: dict[tuple[str, str], Schema] = {
    ("post", "/api/signup"): json_body(**CREDENTIALS),
    ("post", "/api/signin"): json_body(**CREDENTIALS),
    ("post", "/api/signout"): json_body(),
    ("post", "/api/games"): json_body(
        rules=TEXT,
        variants={"type": "array", "items": TEXT},
        players=NUMBER,
        seats={"type": "array", "items": SEAT},
        my_seat=NUMBER,
        private=FLAG,
        house={"type": "object"},
        practice=FLAG,
        time_control=TEXT,
        ranked=FLAG,
    ),
    ("post", "/api/quickplay"): json_body(level=TEXT, rules=TEXT),
    ("post", "/api/games/{gid}/join"): json_body(seat=NUMBER),
    ("post", "/api/games/{gid}/analysis"): json_body(),
    ("post", "/api/watch/exhibitions"): json_body(
        levels={"type": "array", "items": TEXT}, rules=TEXT
    ),
    ("post", "/api/puzzles/{pid}/attempt"): json_body(move=TEXT),
    ("post", "/signin"): form_body(**CREDENTIALS),
    ("post", "/signup"): form_body(**CREDENTIALS),
    ("post", "/signout"): form_body(),
    ("post", "/language"): form_body(lang=TEXT, next=TEXT),
    ("post", "/api/league/clock"): json_body(now=TEXT),
    ("get", "/api/league/standings"): query("season", "rules"),
    ("get", "/api/league/week"): query("season", "week", "rules"),
    ("get", "/api/league/ratings"): query("pool", "rules"),
    ("post", "/api/league/queue"): json_body(rules=TEXT),
    ("post", "/api/league/queue/leave"): json_body(),
    ("post", "/api/league/challenges"): json_body(opponent=TEXT, rules=TEXT),
    ("post", "/api/league/challenges/{cid}/{action}"): json_body(),
    ("post", "/api/league/games/{gid}/claim"): json_body(),
    ("post", "/api/league/brackets"): json_body(
        kind=TEXT, season=NUMBER, year=NUMBER, rules=TEXT, publish=FLAG, paused=FLAG
    ),
    ("post", "/api/league/brackets/{bid}/{action}"): json_body(
        players={"type": "array", "items": TEXT}, match=NUMBER, winner=TEXT
    ),
    ("get", "/api/league/world/{year}"): query("rules"),
    ("get", "/league"): query("view", "rules"),
    ("get", "/league/seasons/{index}"): query("rules"),
    ("get", "/league/brackets/{bid}"): query("fragment"),
    ("get", "/league/bots"): query("rules"),
    ("get", "/league/players/{name}/rating.svg"): query("pool", "rules"),
    ("post", "/api/series"): json_body(
        rules=TEXT,
        variants={"type": "array", "items": TEXT},
        seats={"type": "array", "items": SEAT},
        target=NUMBER,
    ),
    ("post", "/series/new"): form_body(
        rules=TEXT,
        target=TEXT,
        **{f"seat{k}": TEXT for k in range(1, 6)},
        **{f"name{k}": TEXT for k in range(1, 6)},
    ),
    ("post", "/api/tournaments"): json_body(
        name=TEXT, format=TEXT, rules=TEXT, starts_at=TEXT, rounds=NUMBER
    ),
    ("post", "/api/tournaments/{tid}/{action}"): json_body(level=TEXT, match=NUMBER, winner=TEXT),
    ("get", "/tournaments"): query("fragment"),
    ("get", "/tournaments/{tid}"): query("fragment"),
    ("get", "/api/bots/ladder"): query("rules"),
    ("get", "/bots/ladder"): query("rules"),
    ("post", "/api/bots"): json_body(name=TEXT, about=TEXT, description=TEXT),
    ("post", "/api/bots/{name}/tokens"): json_body(
        scopes={"type": "array", "items": TEXT}, label=TEXT
    ),
    ("post", "/api/bots/{name}/tokens/{token_id}/revoke"): json_body(),
    ("post", "/api/challenge/{name}"): json_body(
        rules=TEXT,
        variants={"type": "array", "items": TEXT},
        players=NUMBER,
        my_seat=NUMBER,
        bot_seat=NUMBER,
        level=TEXT,
        ranked=FLAG,
    ),
    ("post", "/api/challenge/{cid}/{action}"): json_body(),
    ("post", "/api/bot/game/{gid}/move"): json_body(move=TEXT, n=NUMBER, id=TEXT),
    ("post", "/api/bot/game/{gid}/move/{move}"): {**json_body(), **query("n")},
    ("post", "/api/bot/game/{gid}/resign"): json_body(),
    ("post", "/api/bot/game/{gid}/draw/{action}"): json_body(),
    ("post", "/api/bot/game/{gid}/chat"): json_body(text=TEXT),
}
"""(method, path) → the parameters and body the route reads."""


def describe(schema: Schema) -> Schema:
    """A copy of FastAPI's ``schema`` with :data:`ROUTES`' query parameters and bodies
    added; a route named there and missing from ``schema`` is a :class:`KeyError`."""
    out = copy.deepcopy(schema)
    for (method, path), extra in ROUTES.items():
        op = out["paths"][path][method]
        op.setdefault("parameters", []).extend(extra.get("parameters", []))
        if "requestBody" in extra:
            op["requestBody"] = extra["requestBody"]
    return out


def schema_of(app: FastAPI) -> Schema:
    """The OpenAPI document of ``app``'s HTTP routes, described by :func:`describe`."""
    return describe(app.openapi())
