"""The interactive lessons (issue 26): every step's position is a legal standard-rules
position, its expected moves are legal there, its texts exist; the site's pages and the
check API judge moves against the engine and show only the learner's cards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from cuttle.engine.observer import SeatView
from cuttle.lessons import lessons
from cuttle.server.app import create_app
from cuttle.server.settings import Settings

SLUGS = ["points", "scuttle", "one-offs", "counters", "royals", "jacks", "sevens"]


def test_the_seven_lessons_in_order_with_two_to_four_steps() -> None:
    assert [x.slug for x in lessons()] == SLUGS
    for x in lessons():
        assert 2 <= len(x.steps) <= 4, x.slug


@pytest.mark.parametrize("slug", SLUGS)
def test_every_step_parses_its_expected_moves_are_legal_and_texts_exist(slug: str) -> None:
    found = next(x for x in lessons() if x.slug == slug)
    for i, step in enumerate(found.steps):
        g = step.game()
        assert g.to_json()["rules"] == "standard"
        assert g.to_act == 0, (slug, i)
        legal = SeatView.of(g, 0).legal
        for m in step.expected:
            assert m in legal, (slug, i, m, legal)
        assert len(legal) > len(step.expected), "a step must allow a wrong move to explain"
        for text in (step.instruction, step.explanation, step.why_not):
            assert len(text) > 10
        assert step.highlights(), (slug, i)


def test_the_counter_step_is_an_ace_pending_against_the_learner() -> None:
    step = next(x for x in lessons() if x.slug == "counters").steps[0]
    g = step.game()
    assert g.pending is not None
    assert set(SeatView.of(g, 0).legal) == {"counter 2C", "resolve"}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A client of a fresh site."""
    app = create_app(Settings.from_env(tmp_path_factory.mktemp("lessons") / "data"))
    with TestClient(app) as c:
        yield c


def test_index_and_lesson_pages_list_the_lessons(client: TestClient) -> None:
    html = client.get("/learn").text
    for slug in SLUGS:
        assert f'href="/learn/{slug}"' in html
    r = client.get("/learn/scuttle")
    assert r.status_code == 200 and 'data-lesson="scuttle"' in r.text
    assert client.get("/learn/nothing").status_code == 404
    assert 'href="/learn"' in client.get("/").text


def test_steps_show_only_the_learners_hand(client: TestClient) -> None:
    data = client.get("/api/lessons/points").json()
    first = data["steps"][0]
    assert sorted(first["view"]["hands"][0]) == ["3C", "7H", "KD"]
    assert first["view"]["hands"][1] == ["??", "??"]
    assert set(first["view"]["deck"]) == {"??"}
    assert first["highlight"] == ["7H"]
    assert first["instruction"] == "Click your 7♥, then click your field to score it."


def test_check_right_wrong_illegal_and_unreadable(client: TestClient) -> None:
    right = client.get("/api/lessons/scuttle/0/check", params={"move": "scuttle 8D 6S"})
    said = "Both cards go to the scrap: their 6 points are gone."
    assert right.json()["right"] is True and right.json()["text"] == said
    after = right.json()["after"]
    assert after["view"]["fields"][1]["points"] == ["TH"]  # the 6♠ was scuttled
    assert sorted(after["view"]["scrap"]) == ["6S", "8D"]
    assert after["view"]["hands"][1] == ["??", "??"]
    wrong = client.get("/api/lessons/scuttle/0/check", params={"move": "points 8D"})
    assert wrong.status_code == 200 and wrong.json()["right"] is False
    assert "8♦" in wrong.json()["text"]
    illegal = client.get("/api/lessons/scuttle/0/check", params={"move": "scuttle 2C TH"})
    assert illegal.status_code == 400
    assert client.get("/api/lessons/scuttle/0/check", params={"move": "zz"}).status_code == 400
    assert client.get("/api/lessons/scuttle/9/check", params={"move": "draw"}).status_code == 404


def test_a_german_reader_gets_the_lessons_in_german(client: TestClient) -> None:
    german = {"Accept-Language": "de"}
    data = client.get("/api/lessons/points", headers=german).json()
    assert data["title"] == "Punkte"
    said = "Klicke deine 7♥ an und dann dein Feld, um damit zu punkten."
    assert data["steps"][0]["instruction"] == said
    right = client.get(
        "/api/lessons/scuttle/0/check", params={"move": "scuttle 8D 6S"}, headers=german
    )
    assert right.json()["text"] == (
        "Beide Karten kommen auf den Ablagestapel: Die 6 Punkte des Gegners sind weg."
    )
    assert "Versenken" in client.get("/learn", headers=german).text
    english = client.get("/api/lessons/points").json()  # no language asked: English
    assert english["steps"][0]["instruction"].startswith("Click your 7♥")
