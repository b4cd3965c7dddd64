"""The site's puzzles: the next puzzle shows the solver's seat only, moves are judged
with clear 4xx answers for bad ones, the first attempt is rated and later ones are not,
themes and rule sets filter, and the page is served."""

from __future__ import annotations

from srvutil import Client, ServerProc

from cuttle.puzzles.model import by_id


def _next(c: Client, **params: str) -> dict:
    r = c.http.get("/api/puzzles/next", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_puzzle_shows_the_solvers_seat_only(server: ServerProc) -> None:
    c = Client(server.url)
    data = _next(c)
    shown = data["puzzle"]
    assert "record" not in shown and "solution" not in shown
    whole = by_id()[shown["id"]]
    game = whole.game()
    for seat, hand in enumerate(shown["view"]["hands"]):
        if seat == shown["seat"]:
            assert sorted(hand) == sorted(game.view(seat)["hands"][seat])
        else:  # the opponents' cards are hidden unless the solver saw them
            assert hand == game.view(shown["seat"])["hands"][seat]
    assert set(shown["legal"]) == set(game.legal_moves())
    assert data["solver"]["rating"] == 1500 and data["solver"]["streak"] == 0
    # The deck's order appears nowhere in what the solver gets.
    assert "Deck" not in str(shown)


def test_the_first_attempt_is_rated_and_a_second_is_not(server: ServerProc) -> None:
    c = Client(server.url)
    shown = _next(c)["puzzle"]
    solution = by_id()[shown["id"]].solution
    r = c.post(f"/api/puzzles/{shown['id']}/attempt", {"move": solution})
    assert r.status_code == 200, r.text
    first = r.json()
    assert first["solved"] and first["rated"] and first["rating_change"] > 0
    assert first["solver"]["streak"] == 1
    again = c.post(f"/api/puzzles/{shown['id']}/attempt", {"move": solution}).json()
    assert again["solved"] and not again["rated"] and again["solver"]["streak"] == 1
    # The next puzzle is another one; a wrong move ends the streak and costs rating.
    other = _next(c)["puzzle"]
    assert other["id"] != shown["id"]
    right = by_id()[other["id"]].solution
    wrong = next(m for m in other["legal"] if m != right)
    miss = c.post(f"/api/puzzles/{other['id']}/attempt", {"move": wrong}).json()
    assert not miss["solved"] and miss["rating_change"] < 0 and miss["solver"]["streak"] == 0
    assert miss["solution"] == right
    # Why: the solution's win chance, and the most any other move keeps (the verified gap).
    assert 0.5 <= miss["chance"] <= 1 and miss["next_best"] <= miss["chance"] - 0.19


def test_bad_attempts_get_clear_4xx_and_change_nothing(server: ServerProc) -> None:
    c = Client(server.url)
    shown = _next(c)["puzzle"]
    pid = shown["id"]
    assert c.post(f"/api/puzzles/{pid}/attempt", {"move": "fly 7Z"}).status_code == 400
    not_legal = c.post(f"/api/puzzles/{pid}/attempt", {"move": "points XX"})
    assert not_legal.status_code == 400
    assert c.post(f"/api/puzzles/{pid}/attempt", {"move": 7}).status_code == 400
    assert c.post("/api/puzzles/nope/attempt", {"move": "draw"}).status_code == 404
    no_csrf = c.http.post(f"/api/puzzles/{pid}/attempt", json={"move": "draw"})
    assert no_csrf.status_code == 403
    standing = c.http.get("/api/puzzles").json()["solver"]
    assert standing["solved"] == standing["failed"] == 0
    assert c.http.get("/api/puzzles/next", params={"theme": "nonsense"}).status_code == 400
    assert c.http.get("/api/puzzles/next", params={"rules": "chess"}).status_code == 400


def test_themes_and_rule_sets_filter_the_puzzles(server: ServerProc) -> None:
    c = Client(server.url)
    offer = c.http.get("/api/puzzles").json()
    assert {"standard", "cuttlecards", "cutthroat"} <= set(offer["rules"])
    theme = offer["themes"][0]["theme"]
    shown = _next(c, theme=theme)["puzzle"]
    assert theme in by_id()[shown["id"]].themes
    shown = _next(c, rules="cutthroat")["puzzle"]
    assert shown["rules"] == "cutthroat" and len(shown["view"]["hands"]) == 3
    page = c.http.get("/puzzles")
    assert page.status_code == 200 and 'id="puzzle-root"' in page.text
