"""The learning API: lessons load and are consistent with the engine and the computer player; inputs are
validated with a 4xx and a reason, never a 5xx."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from fastapi.testclient import TestClient  # noqa: E402

from klaverjas.bots import BasicBot  # noqa: E402
from klaverjas.core import card_name, cards_of, legal_for, parse_card, refusal  # noqa: E402
from klaverjas.web import create_app  # noqa: E402
from klaverjas.web.learn.glossary import TERM_IDS, TERMS  # noqa: E402
from klaverjas.web.learn.lessons import (  # noqa: E402
    CardStep,
    ChoiceStep,
    LessonError,
    check_choice,
    load_lessons,
    parse_lesson,
)

STATIC = Path(__file__).resolve().parents[2] / "src" / "klaverjas" / "web" / "static"
LESSONS = load_lessons()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path_factory.mktemp("api") / "learn.db")) as c:
        yield c


def test_the_lessons_of_every_basic_topic_exist() -> None:
    assert len(LESSONS) >= 10
    topics = {"follow-suit", "trump-in", "overtrump", "undertrump-amsterdam", "undertrump-rotterdam",
              "partner-winning", "counting-roem", "nat", "drawing-trumps", "signalling", "south-african"}
    assert topics <= set(LESSONS)


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_lesson_agrees_with_the_engine_and_the_computer_player(lesson_id: str) -> None:
    lesson = LESSONS[lesson_id]
    assert set(lesson.terms) <= TERM_IDS
    for step in lesson.steps:
        if isinstance(step, CardStep):
            legal = legal_for(step.rules, step.trump, step.hand, step.trick)
            assert all(legal >> c & 1 for c in step.good)
            # The advice the page shows must not contradict the lesson's answer.
            best = BasicBot().advise(step.view())[0]
            assert best.action in step.good, (lesson_id, best.action, best.code)
        else:
            assert isinstance(step, ChoiceStep)
            assert step.answer() in step.choices


def test_lesson_files_are_checked_when_loaded() -> None:
    base: dict[str, Any] = {"title": {"en": "t", "nl": "t"}, "intro": {"en": "i", "nl": "i"}, "rules": "amsterdam"}
    card = {"kind": "card", "trump": "H", "trick": ["AS", "7S", "QH"], "hand": ["7H", "JH", "8C", "KC", "KD", "AD",
                                                                              "TD", "9C"],
            "good": ["JH"], "ask": {"en": "a", "nl": "a"}, "explain": {"en": "e", "nl": "e"}}
    assert parse_lesson({**base, "steps": [card]}, "ok").steps
    bad_steps = [
        {**card, "good": ["7H"]},  # an illegal card as the answer
        {**card, "hand": ["AS", "JH", "8C", "KC", "KD", "AD", "TD", "9C"]},  # AS twice
        {**card, "hand": ["7H", "JH"]},  # too few cards for the first trick
        {**card, "ask": {"en": "only English"}},
        {"kind": "choice", "question": {"type": "trick_roem", "trump": "H", "cards": ["JH", "QH", "KH", "7S"]},
         "choices": [20, 50], "ask": {"en": "a", "nl": "a"}, "explain": {"en": "e", "nl": "e"}},  # 40 missing
        {"kind": "dance"},
    ]
    for step in bad_steps:
        with pytest.raises(LessonError):
            parse_lesson({**base, "steps": [step]}, "bad")
    with pytest.raises(LessonError):
        parse_lesson({**base, "steps": [card]}, "Bad Id")


def test_an_illegal_card_is_refused_with_the_engines_reason(client: TestClient) -> None:
    r = client.post("/api/learn/lessons/overtrump/answer", json={"step": 0, "card": "7H"})
    assert r.status_code == 200
    body = r.json()
    step = LESSONS["overtrump"].steps[0]
    assert isinstance(step, CardStep)
    expected = refusal(step.rules, step.trump, step.hand, step.trick, parse_card("7H"), step.trick_seats)
    assert expected is not None
    assert body["legal"] is False and body["good"] is False and body["done"] is False
    assert body["refusal"] == {"en": expected.text("en"), "nl": expected.text("nl")}
    assert "overtroeven" in body["refusal"]["nl"] and "overtrump" in body["refusal"]["en"]
    assert body["advice"]["card"] == "JH" and body["advice"]["why"]["nl"]


def test_a_legal_but_poor_card_is_explained_by_the_advice(client: TestClient) -> None:
    body = client.post("/api/learn/lessons/partner-winning/answer", json={"step": 0, "card": "7H"}).json()
    assert body["legal"] is True and body["good"] is False and body["done"] is False
    assert body["yours"]["code"] == "overtake"  # trumping your partner's winning ace
    assert body["advice"]["card"] in ("AD", "TD")
    body = client.post("/api/learn/lessons/partner-winning/answer", json={"step": 0, "card": "AD"}).json()
    assert body["good"] is True and body["done"] is True and body["last"] is False and body["explain"]["en"]
    last = len(LESSONS["partner-winning"].steps) - 1
    body = client.post("/api/learn/lessons/partner-winning/answer", json={"step": last, "card": "TD"}).json()
    assert body["good"] is True and body["last"] is True


def test_choice_steps_are_checked_by_the_engine(client: TestClient) -> None:
    wrong = client.post("/api/learn/lessons/counting-roem/answer", json={"step": 0, "choice": 20}).json()
    assert wrong["correct"] is False and wrong["hint"]["nl"] and wrong["why"] is None
    right = client.post("/api/learn/lessons/counting-roem/answer", json={"step": 0, "choice": 40}).json()
    assert right["correct"] is True and "stuk" in right["why"]["en"] and right["last"] is False
    nat = client.post("/api/learn/lessons/nat/answer", json={"step": 1, "choice": 182}).json()
    assert nat["correct"] is True and "nat" in nat["why"]["en"]


def test_the_lesson_page_data_never_holds_the_answer(client: TestClient) -> None:
    data = client.get("/api/learn/lessons/overtrump").json()
    assert "good" not in str(data) and data["steps_data"][0]["hand"]
    assert data["term_names"]["overtroeven"]["nl"] == "overtroeven"


@pytest.mark.parametrize(("method", "url", "body", "status"), [
    ("get", "/api/learn/lessons/no-such-lesson", None, 404),
    ("get", "/api/learn/lessons/" + "x" * 41, None, 422),
    ("get", "/api/learn/lessons/..%2Fetc", None, 404),
    ("get", "/api/learn/rules/nowhere", None, 404),
    ("get", "/api/learn/compare/amsterdam/nowhere", None, 404),
    ("get", "/learn/rules/nowhere", None, 404),
    ("get", "/learn/lessons/no-such-lesson", None, 404),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": 5, "card": "JH"}, 422),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": 0, "card": "XX"}, 422),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": 0}, 422),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": 0, "choice": 3}, 422),
    ("post", "/api/learn/lessons/nat/answer", {"step": 0, "card": "JH"}, 422),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": -1, "card": "JH"}, 422),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": "0", "card": "JH", "evil": 1}, 422),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": 0, "card": ["JH"]}, 422),
    ("post", "/api/learn/lessons/overtrump/answer", {"step": 0, "card": "JHJHJ"}, 422),
    ("post", "/api/learn/lessons/nat/answer", {"step": 0, "choice": 10**9}, 422),
    ("post", "/api/learn/lessons/nope/answer", {"step": 0, "card": "JH"}, 404),
])
def test_bad_input_is_a_4xx_with_a_reason(client: TestClient, method: str, url: str, body: Any, status: int) -> None:
    r = client.post(url, json=body) if method == "post" else client.get(url)
    assert r.status_code == status, r.text
    assert r.json()["detail"]


def test_a_card_not_in_the_hand_is_refused_not_an_error(client: TestClient) -> None:
    body = client.post("/api/learn/lessons/overtrump/answer", json={"step": 0, "card": "AS"}).json()
    assert body["legal"] is False and body["refusal_code"] == "not_in_hand"


def test_pages_are_served(client: TestClient) -> None:
    for url in ("/learn", "/learn/glossary", "/learn/rules/sa", "/learn/lessons/nat"):
        r = client.get(url)
        assert r.status_code == 200 and "learn.js" in r.text


def test_the_glossary_covers_the_terms_of_the_dutch_rules_page_and_the_south_african_account() -> None:
    ids = [t.id for t in TERMS]
    assert len(ids) == len(set(ids))
    for word in ("jas", "nel", "stuk", "roem", "nat", "pit", "verzaken", "wij-zij", "overtroeven", "roemte",
                 "telman", "ou-jol", "slag"):
        assert word in TERM_IDS
    afrikaans = {t.af for t in TERMS}
    assert {"boer", "manel", "troef", "slaggie", "roemte", "telman", "ou jol"} <= afrikaans
    assert all(t.def_nl and t.def_en for t in TERMS)


def test_every_glossary_link_in_the_pages_points_at_a_term() -> None:
    js = (STATIC / "js" / "glossary.js").read_text(encoding="utf-8")
    used = set(re.findall(r"\['[^']+', '([a-z-]+)'\]", js))
    assert used and used <= TERM_IDS, used - TERM_IDS
    assert "termLink('nat'" in (STATIC / "js" / "keeper.js").read_text(encoding="utf-8")


def test_lesson_cards_in_the_page_are_the_hand(client: TestClient) -> None:
    for lesson_id, lesson in LESSONS.items():
        data = client.get(f"/api/learn/lessons/{lesson_id}").json()
        for step, shown in zip(lesson.steps, data["steps_data"], strict=True):
            if isinstance(step, CardStep):
                assert shown["hand"] == [card_name(c) for c in cards_of(step.hand)]


def choice(question: dict[str, Any], choices: list[int]) -> dict[str, Any]:
    return {"kind": "choice", "question": question, "choices": choices, "ask": {"en": "a", "nl": "a"},
            "explain": {"en": "e", "nl": "e"}}


def test_a_pit_is_all_eight_tricks_not_all_the_points() -> None:
    base: dict[str, Any] = {"title": {"en": "t", "nl": "t"}, "intro": {"en": "i", "nl": "i"}}
    pit = {"type": "deal_tricks", "makers": "NS", "tricks": [8, 0], "points": [162, 0], "roem": [20, 0],
           "ask_team": "NS"}
    steps = [choice(pit, [182, 282]), choice({**pit, "tricks": [7, 1], "roem": [0, 0]}, [162, 262]),
             choice({**pit, "tricks": [0, 8], "points": [0, 162], "roem": [0, 0], "ask_team": "EW"}, [162, 262]),
             choice({**pit, "makers": "EW", "tricks": [0, 8], "points": [0, 162], "roem": [0, 0], "ask_team": "EW"},
                    [162, 262])]
    lesson = parse_lesson({**base, "steps": steps}, "pit-check")
    answers = [s.answer() for s in lesson.steps if isinstance(s, ChoiceStep)]
    # A pit scores the bonus whoever played; the defenders' pit puts the makers nat.
    assert answers == [282, 162, 262, 262]
    # Tricks are what count: a team may take all 162 points and still leave the defenders a trick.
    assert parse_lesson({**base, "steps": [choice({**pit, "tricks": [6, 2], "roem": [0, 0]}, [162, 262])]}, "ok")
    bad = [{**pit, "tricks": [7, 0]},  # not eight tricks
           {**pit, "tricks": [8, 0], "points": [152, 10]},  # a pit without all the points
           {**pit, "tricks": [8, 0], "points": [162, 0], "roem": [0, 20]},  # roem for a team without a trick
           {**pit, "tricks": "8"}]
    for q in bad:
        with pytest.raises(LessonError):
            parse_lesson({**base, "steps": [choice(q, [0, 162, 282])]}, "bad")


def test_the_points_of_a_trick_count_ten_more_when_it_is_the_last() -> None:
    base: dict[str, Any] = {"title": {"en": "t", "nl": "t"}, "intro": {"en": "i", "nl": "i"}}
    q = {"type": "trick_points", "trump": "H", "cards": ["AS", "TS", "KS", "7S"]}
    lesson = parse_lesson({**base, "steps": [choice(q, [25, 35]), choice({**q, "last": True}, [25, 35]),
                                             choice({**q, "cards": ["JH", "9H", "7C", "8C"]}, [34, 44]),
                                             choice({**q, "last": True, "rules": "sa"}, [29, 35])]}, "points-check")
    # South African values: the king of a plain suit is 3, the last trick 5.
    assert [s.answer() for s in lesson.steps if isinstance(s, ChoiceStep)] == [25, 35, 34, 29]
    # A wrong number gets the values of the question's own rules.
    dutch, south_african = lesson.steps[1], lesson.steps[3]
    assert isinstance(dutch, ChoiceStep) and isinstance(south_african, ChoiceStep)
    assert check_choice(dutch, 25)["hint"]["en"] == ("Trumps: jack 20, nine 14, ace 11, ten 10, king 4, queen 3. Other "
                                                     "suits: ace 11, ten 10, king 4, queen 3, jack 2. The last trick "
                                                     "adds 10.")
    assert check_choice(south_african, 24)["hint"]["nl"] == ("Troef: boer 20, negen 14, aas 11, tien 10, heer 3, "
                                                             "vrouw 2. Andere kleuren: aas 11, tien 10, heer 3, "
                                                             "vrouw 2, boer 1. De laatste slag telt 5 extra.")
    for cards in (["AS", "TS", "KS"], ["AS", "AS", "KS", "7S"], ["AS", "TS", "KS", "XX"]):
        with pytest.raises(LessonError):
            parse_lesson({**base, "steps": [choice({**q, "cards": cards}, [25, 35])]}, "bad")


def test_pit_and_last_trick_answers_are_explained(client: TestClient) -> None:
    wrong = client.post("/api/learn/lessons/pit/answer", json={"step": 1, "choice": 262}).json()
    assert wrong["correct"] is False and "acht slagen" in wrong["hint"]["nl"]
    right = client.post("/api/learn/lessons/pit/answer", json={"step": 1, "choice": 162}).json()
    assert right["correct"] is True and "no pit" in right["why"]["en"] and "geen pit" in right["why"]["nl"]
    pit = client.post("/api/learn/lessons/pit/answer", json={"step": 0, "choice": 282}).json()
    assert "a pit, 100 extra roem" in pit["why"]["en"] and "282" in pit["why"]["en"]
    last = client.post("/api/learn/lessons/last-trick/answer", json={"step": 0, "choice": 35}).json()
    assert last["correct"] is True and "+ 10 for the last trick = 35" in last["why"]["en"]
    assert "laatste slag" in last["why"]["nl"]
    hint = client.post("/api/learn/lessons/last-trick/answer", json={"step": 0, "choice": 25}).json()
    assert "10" in hint["hint"]["en"] and hint["why"] is None


def test_claiming_roem_has_its_own_glossary_term_in_both_languages(client: TestClient) -> None:
    assert "roem-melden" in TERM_IDS and "roem-melden" in LESSONS["claiming-roem"].terms
    data = client.get("/api/learn/lessons/claiming-roem").json()
    assert data["term_names"]["roem-melden"] == {"en": "claim roem", "nl": "roem melden"}
    body = client.post("/api/learn/lessons/claiming-roem/answer", json={"step": 2, "choice": 0}).json()
    assert body["correct"] is True and body["why"]["en"] == "This trick holds no roem."
