"""Guided practice: lessons are JSON data files; the engine and the basic computer player check answers.

A lesson is a list of steps.  A ``card`` step is a prepared position (rules, trump, the tricks so far,
the current trick and the player's hand): the answer is a card, checked for legality by
:func:`klaverjas.core.refusal` and for quality against the lesson's ``good`` cards and the advice of
:class:`klaverjas.bots.BasicBot`.  A ``choice`` step asks for a number the engine computes (the roem or
the points in a trick, a deal's score, with or without a pit), so a lesson file never holds an answer the engine
could disagree with.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from klaverjas.bots import BasicBot
from klaverjas.bots.view import PastTrick, View
from klaverjas.core import (
    PRESETS,
    TABLES,
    CardError,
    DealScore,
    Rules,
    card_name,
    cards_of,
    legal_for,
    parse_card,
    parse_cards,
    parse_seat,
    parse_suit,
    refusal,
    score_deal,
    trick_roem,
    trick_view,
)
from klaverjas.core.roem import quartet_values, trick_roem_parts
from klaverjas.core.seats import SEATS, step_of
from klaverjas.core.texts import LANGS, WORDS, Table, Text, entry, phrase, render, render_all

LESSON_DIR = Path(__file__).parent / "lessons"
LESSON_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")

# What the lessons say about an answer; a lesson's own texts are in its JSON file, checked by _text.
LESSON_TEXTS: Table = {
    "allowed_not_best": entry("{c_card} is allowed, but not the best card here. Try again.",
                              "{c_card} mag, maar is hier niet de beste kaart. Probeer het nog eens."),
    "not_allowed": entry("That card is not allowed. Try again.", "Die kaart mag niet. Probeer het nog eens."),
    "not_the_number": entry("Not {choice}. Try again.", "Niet {choice}. Probeer het nog eens."),
    "no_roem": entry("This trick holds no roem.", "Deze slag bevat geen roem."),
    "roem_sum": entry("In this trick: {parts} = {total} roem.", "In deze slag: {parts} = {total} roem."),
    "nat": entry("The playing team has {points} + {roem} roem = {mine}, the defenders {their_points} + {their_roem} "
                 "= {theirs}. That is not more, so the playing team goes nat: 0, and the defenders get {total} + "
                 "all roem = {their_score}.",
                 "De spelers hebben {points} + {roem} roem = {mine}, de tegenpartij {their_points} + {their_roem} = "
                 "{theirs}. Dat is niet meer, dus de spelers gaan nat: 0, en de tegenpartij krijgt {total} + alle "
                 "roem = {their_score}."),
    "made": entry("The playing team has {mine}, more than the defenders' {theirs}: each team scores its own points, "
                  "{score} and {their_score}.",
                  "De spelers hebben {mine}, meer dan de {theirs} van de tegenpartij: elk team krijgt zijn eigen "
                  "punten, {score} en {their_score}."),
    "hint_roem": entry("Look for runs of three or four in one suit (7 8 9 10 J Q K A), king and queen of trumps, and "
                       "four of a kind.",
                       "Zoek reeksen van drie of vier in één kleur (7 8 9 10 B V H A), heer en vrouw van troef, en "
                       "vier gelijke kaarten."),
    "pit": entry("{team} took all eight tricks: a pit, {bonus} extra roem.",
                 "{team} haalde alle acht slagen: pit, {bonus} roem extra."),
    "no_pit": entry("{team} took {tricks} of the eight tricks: no pit, even with {points} points.",
                    "{team} haalde {tricks} van de acht slagen: geen pit, ook niet met {points} punten."),
    "trick_points": entry("In this trick: {parts} = {total} card points.",
                          "In deze slag: {parts} = {total} kaartpunten."),
    "last_trick_points": entry("In this trick: {parts} = {cards} card points, + {bonus} for the last trick = {total}.",
                               "In deze slag: {parts} = {cards} kaartpunten, + {bonus} voor de laatste slag = "
                               "{total}."),
    "hint_tricks": entry("A pit is all eight tricks, not all the points: only a team that took every trick gets the "
                         "{bonus} extra roem.",
                         "Pit is alle acht slagen, niet alle punten: alleen een team dat elke slag haalde krijgt de "
                         "{bonus} roem extra."),
    "hint_points": entry("Trumps: {trumps}. Other suits: {plain}. The last trick adds {last}.",
                         "Troef: {trumps}. Andere kleuren: {plain}. De laatste slag telt {last} extra."),
    "hint_score": entry("Add card points and roem per team. The playing team must have more than the defenders; a "
                        "tie is not enough.",
                        "Tel per team de kaartpunten en de roem op. De spelers moeten meer hebben dan de tegenpartij; "
                        "gelijk is niet genoeg."),
}
# The parts of the roem in a trick, joined by " + " inside "roem_sum".
ROEM_PARTS: Table = {
    "run": entry("a run {v}", "een reeks {v}"),
    "stuk": entry("stuk {v}", "stuk {v}"),
    "four": entry("four of a kind {v}", "vier gelijke {v}"),
}


class LessonError(ValueError):
    """A lesson file that does not describe a valid position or question; the message says where."""


def _text(data: Any, where: str) -> Text:
    if not isinstance(data, dict) or any(not isinstance(data.get(k), str) or not data[k] for k in LANGS):
        raise LessonError(f"{where}: needs a text in en and nl")
    return {k: data[k] for k in LANGS}


@dataclass(frozen=True)
class CardStep:
    rules: Rules
    trump: int
    seat: int
    maker: int | None
    tricks: tuple[PastTrick, ...]
    leader: int
    trick: tuple[int, ...]
    hand: int
    good: frozenset[int]
    ask: Text
    explain: Text

    @property
    def trick_seats(self) -> list[int]:
        step = step_of(self.rules.direction)
        return [(self.leader + i * step) % 4 for i in range(len(self.trick))]

    def view(self) -> View:
        """The player's view of the position, as the computer players see a real deal."""
        first = self.tricks[0].leader if self.tricks else self.leader
        dealer = (first - step_of(self.rules.direction)) % 4
        legal = legal_for(self.rules, self.trump, self.hand, self.trick)
        tables = TABLES[self.rules.values]
        points = [0, 0]
        for t in self.tricks:
            points[t.winner & 1] += sum(tables.points[self.trump][c] for c in t.cards)
        return View(rules=self.rules, seat=self.seat, dealer=dealer, phase="play", hand=self.hand,
                    mode=self.rules.trump_selection, proposed=None, face_up=None, bids=(), options=(),
                    trump=self.trump, maker=self.maker, leader=self.leader, trick=self.trick, tricks=self.tricks,
                    points=(points[0], points[1]), roem=(0, 0), legal=legal)

    def as_json(self) -> dict[str, Any]:
        return {"kind": "card", "rules": str(self.rules), "preset": self.rules.preset, "trump": "CDHS"[self.trump],
                "seat": SEATS[self.seat], "maker": None if self.maker is None else SEATS[self.maker],
                "tricks": [{"leader": SEATS[t.leader], "winner": SEATS[t.winner],
                            "cards": [card_name(c) for c in t.cards]} for t in self.tricks],
                "trick": [{"seat": SEATS[s], "card": card_name(c)}
                          for s, c in zip(self.trick_seats, self.trick, strict=True)],
                "hand": [card_name(c) for c in cards_of(self.hand)], "ask": self.ask}


@dataclass(frozen=True)
class ChoiceStep:
    question: dict[str, Any]
    choices: tuple[int, ...]
    ask: Text
    explain: Text

    def answer(self) -> int:
        return engine_answer(self.question)

    def as_json(self) -> dict[str, Any]:
        q = self.question
        return {"kind": "choice", "question": {k: v for k, v in q.items() if k != "ask_team"} | {
            "ask_team": q.get("ask_team")}, "choices": list(self.choices), "ask": self.ask}


Step = CardStep | ChoiceStep


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    title: Text
    intro: Text
    terms: tuple[str, ...]
    steps: tuple[Step, ...]

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "steps": len(self.steps), "terms": list(self.terms)}

    def as_json(self) -> dict[str, Any]:
        """What the page shows: never the expected answers."""
        return {**self.summary(), "intro": self.intro, "steps_data": [s.as_json() for s in self.steps]}


def _rules(name: Any, where: str) -> Rules:
    if not isinstance(name, str) or name not in PRESETS:
        raise LessonError(f"{where}: rules must be one of {', '.join(PRESETS)}")
    return PRESETS[name]


def _card_step(data: dict[str, Any], rules: Rules, where: str) -> CardStep:
    try:
        rules = _rules(data.get("rules", rules.preset), where)
        trump = parse_suit(data["trump"])
        seat = parse_seat(data.get("seat", "S"))
        maker = None if data.get("maker") is None else parse_seat(data["maker"])
        step = step_of(rules.direction)
        tables = TABLES[rules.values]
        seen = 0
        tricks = []
        for t in data.get("tricks", []):
            cards = tuple(parse_cards(t["cards"]))
            if len(cards) != 4:
                raise LessonError(f"{where}: a past trick needs 4 cards")
            leader = parse_seat(t["leader"])
            win_pos = trick_view(cards, trump, tables).win_pos
            tricks.append(PastTrick(leader, cards, (leader + win_pos * step) % 4))
            for c in cards:
                seen = _add(seen, c, where)
        trick = tuple(parse_cards(data.get("trick", [])))
        if len(trick) > 3:
            raise LessonError(f"{where}: the current trick has at most 3 cards before the player")
        leader = (seat - len(trick) * step) % 4
        if tricks and tricks[-1].winner != leader:
            raise LessonError(f"{where}: {SEATS[tricks[-1].winner]} won the last trick, so must lead this one")
        for c in trick:
            seen = _add(seen, c, where)
        hand = 0
        for c in parse_cards(data["hand"]):
            seen = _add(seen, c, where)
            hand |= 1 << c
        if hand.bit_count() != 8 - len(tricks):
            raise LessonError(f"{where}: after {len(tricks)} tricks the hand holds {8 - len(tricks)} cards")
        good = frozenset(parse_cards(data["good"]))
    except (KeyError, TypeError, CardError, ValueError) as exc:
        if isinstance(exc, LessonError):
            raise
        raise LessonError(f"{where}: {exc}") from None
    legal = legal_for(rules, trump, hand, trick)
    if not good or any(not legal >> c & 1 for c in good):
        raise LessonError(f"{where}: every good card must be a legal card in the hand")
    return CardStep(rules, trump, seat, maker, tuple(tricks), leader, trick, hand, good,
                    _text(data.get("ask"), where + ".ask"), _text(data.get("explain"), where + ".explain"))


def _add(seen: int, card: int, where: str) -> int:
    if seen >> card & 1:
        raise LessonError(f"{where}: {card_name(card)} appears twice")
    return seen | 1 << card


QUESTIONS = ("trick_roem", "deal_score", "deal_tricks", "trick_points")
TEAM_NAMES = ("NS", "EW")


def _pit(q: dict[str, Any]) -> int | None:
    """The team that took all eight tricks in a ``deal_tricks`` question, or None; checks the trick counts."""
    tricks = q["tricks"]
    if (not isinstance(tricks, list) or len(tricks) != 2 or not all(isinstance(n, int) and 0 <= n <= 8
                                                                     for n in tricks) or sum(tricks) != 8):
        raise ValueError("tricks must be two whole numbers, NS and EW, that add up to 8")
    for team in (0, 1):
        if tricks[team] == 0 and (q["points"][team] or q.get("roem", [0, 0])[team]):
            raise ValueError(f"{TEAM_NAMES[team]} took no trick, so it has no points and no roem")
    return tricks.index(8) if 8 in tricks else None


def _trick_points(q: dict[str, Any]) -> tuple[list[int], int]:
    """The card points of each card in a ``trick_points`` question, and the last-trick bonus (0 if not last)."""
    rules = PRESETS[q["rules"]]
    cards = parse_cards(q["cards"])
    if len(cards) != 4 or len(set(cards)) != 4:
        raise ValueError("a trick is four different cards")
    trump = parse_suit(q["trump"])
    points = TABLES[rules.values].points[trump]
    return [points[c] for c in cards], rules.last_trick_bonus if q.get("last") is True else 0


def _score(q: dict[str, Any]) -> DealScore:
    rules = PRESETS[q["rules"]]
    pit = _pit(q) if q["type"] == "deal_tricks" else None
    return score_deal(rules, TEAM_NAMES.index(q["makers"]), q["points"], q.get("roem", [0, 0]), pit=pit)


def engine_answer(q: dict[str, Any]) -> int:
    """The number the engine gives for a question: the roem in a trick, the points of a trick, or a team's deal
    score (from the card points and roem, or with ``deal_tricks`` also the tricks each team took: a pit)."""
    rules = PRESETS[q["rules"]]
    if q["type"] == "trick_roem":
        return trick_roem(parse_cards(q["cards"]), parse_suit(q["trump"]), quartet_values(rules))
    if q["type"] == "trick_points":
        points, last = _trick_points(q)
        return sum(points) + last
    return int(_score(q).scores[TEAM_NAMES.index(q["ask_team"])])


def _choice_step(data: dict[str, Any], rules: Rules, where: str) -> ChoiceStep:
    q = data.get("question")
    if not isinstance(q, dict) or q.get("type") not in QUESTIONS:
        raise LessonError(f"{where}: question.type must be one of {', '.join(QUESTIONS)}")
    q = {"rules": rules.preset, **q}
    choices = data.get("choices")
    if not isinstance(choices, list) or not all(isinstance(c, int) for c in choices) or len(set(choices)) < 2:
        raise LessonError(f"{where}: choices must be at least two different whole numbers")
    try:
        answer = engine_answer(q)
    except (KeyError, TypeError, ValueError) as exc:
        raise LessonError(f"{where}: {exc}") from None
    if answer not in choices:
        raise LessonError(f"{where}: the engine's answer {answer} is not among the choices")
    return ChoiceStep(q, tuple(choices), _text(data.get("ask"), where + ".ask"),
                      _text(data.get("explain"), where + ".explain"))


def parse_lesson(data: dict[str, Any], lesson_id: str) -> Lesson:
    where = f"lesson {lesson_id}"
    if not LESSON_ID.match(lesson_id):
        raise LessonError(f"{where}: an id is lower case letters, digits and dashes")
    rules = _rules(data.get("rules", "amsterdam"), where)
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{where}: needs a list of steps")
    steps: list[Step] = []
    for i, s in enumerate(raw_steps):
        at = f"{where} step {i + 1}"
        if not isinstance(s, dict):
            raise LessonError(f"{at}: a step is an object")
        kind = s.get("kind", "card")
        if kind == "card":
            steps.append(_card_step(s, rules, at))
        elif kind == "choice":
            steps.append(_choice_step(s, rules, at))
        else:
            raise LessonError(f"{at}: kind must be card or choice")
    terms = data.get("terms", [])
    if not isinstance(terms, list) or not all(isinstance(t, str) for t in terms):
        raise LessonError(f"{where}: terms is a list of glossary ids")
    return Lesson(lesson_id, int(data.get("order", 99)), _text(data.get("title"), where + ".title"),
                  _text(data.get("intro"), where + ".intro"), tuple(terms), tuple(steps))


@lru_cache(maxsize=1)
def load_lessons(directory: Path = LESSON_DIR) -> dict[str, Lesson]:
    """Every lesson file, in lesson order; a broken file fails loudly at startup, not at a player's click."""
    lessons = []
    for path in sorted(directory.glob("*.json")):
        lessons.append(parse_lesson(json.loads(path.read_text(encoding="utf-8")), path.stem))
    lessons.sort(key=lambda lesson: (lesson.order, lesson.id))
    return {lesson.id: lesson for lesson in lessons}


# --- checking answers ---------------------------------------------------------------------------------

def check_card(step: CardStep, card: int) -> dict[str, Any]:
    """Legal? (the engine's refusal, nl/en)  Good? (the lesson and the computer player's advice)  Why."""
    reason = refusal(step.rules, step.trump, step.hand, step.trick, card, step.trick_seats)
    options = BasicBot().advise(step.view())
    best = options[0]
    assert isinstance(best.action, int)
    out: dict[str, Any] = {
        "card": card_name(card), "legal": reason is None,
        "refusal": None if reason is None else {lang: reason.text(lang) for lang in LANGS},
        "refusal_code": None if reason is None else reason.code,
        "good": reason is None and card in step.good,
        "advice": {"card": card_name(best.action), "why": best.why, "code": best.code},
        "yours": None,
    }
    mine = next((o for o in options if o.action == card), None)
    if mine is not None:
        out["yours"] = {"why": mine.why, "code": mine.code}
    out["done"] = out["good"]
    if out["good"]:
        out["explain"] = step.explain
    elif reason is None:
        out["explain"] = render_all(LESSON_TEXTS, "allowed_not_best", c_card=card)
    else:
        out["explain"] = render_all(LESSON_TEXTS, "not_allowed")
    return out


def roem_breakdown(q: dict[str, Any]) -> Text:
    rules = PRESETS[q["rules"]]
    parts = trick_roem_parts(parse_cards(q["cards"]), parse_suit(q["trump"]), quartet_values(rules))
    if not parts:
        return render_all(LESSON_TEXTS, "no_roem")
    total = sum(v for _, v in parts)
    return {lang: render(LESSON_TEXTS, "roem_sum", lang, total=total,
                         parts=" + ".join(phrase(ROEM_PARTS, k, lang, v=v) for k, v in parts)) for lang in LANGS}


def score_breakdown(q: dict[str, Any]) -> Text:
    rules = PRESETS[q["rules"]]
    m = TEAM_NAMES.index(q["makers"])
    s = _score(q)
    pts, roem = list(q["points"]), list(q.get("roem", [0, 0]))
    if s.pit is not None:
        roem[s.pit] += rules.pit_bonus
    mine, theirs = pts[m] + roem[m], pts[1 - m] + roem[1 - m]
    if s.nat:
        out = render_all(LESSON_TEXTS, "nat", points=pts[m], roem=roem[m], mine=mine, their_points=pts[1 - m],
                         their_roem=roem[1 - m], theirs=theirs, total=rules.total, their_score=s.scores[1 - m])
    else:
        out = render_all(LESSON_TEXTS, "made", mine=mine, theirs=theirs, score=s.scores[m],
                         their_score=s.scores[1 - m])
    if q["type"] != "deal_tricks":
        return out
    if s.pit is not None:
        first = render_all(LESSON_TEXTS, "pit", team=TEAM_NAMES[s.pit], bonus=rules.pit_bonus)
    else:
        top = max((0, 1), key=lambda t: q["tricks"][t])
        first = render_all(LESSON_TEXTS, "no_pit", team=TEAM_NAMES[top], tricks=q["tricks"][top], points=pts[top])
    return {lang: f"{first[lang]} {out[lang]}" for lang in LANGS}


def points_breakdown(q: dict[str, Any]) -> Text:
    points, last = _trick_points(q)
    parts = " + ".join(str(p) for p in points)
    if last:
        return render_all(LESSON_TEXTS, "last_trick_points", parts=parts, cards=sum(points), bonus=last,
                          total=sum(points) + last)
    return render_all(LESSON_TEXTS, "trick_points", parts=parts, total=sum(points))


BREAKDOWNS = {"trick_roem": roem_breakdown, "trick_points": points_breakdown}
HINTS = {"trick_roem": "hint_roem", "trick_points": "hint_points", "deal_tricks": "hint_tricks"}


def check_choice(step: ChoiceStep, choice: int) -> dict[str, Any]:
    correct = choice == step.answer()
    why = BREAKDOWNS.get(step.question["type"], score_breakdown)(step.question)
    explain = step.explain if correct else render_all(LESSON_TEXTS, "not_the_number", choice=choice)
    return {"choice": choice, "correct": correct, "done": correct, "explain": explain,
            "why": why if correct else None, "hint": None if correct else _hint(step)}


def _hint(step: ChoiceStep) -> Text:
    """What to look at after a wrong number; the values and the bonus are those of the question's rules."""
    q = step.question
    rules = PRESETS[q["rules"]]
    if q["type"] == "trick_points":
        points = TABLES[rules.values].points[0]  # clubs trump: clubs show the trump values, spades the others
        return {lang: render(LESSON_TEXTS, "hint_points", lang, trumps=_values(points, 0, lang),
                             plain=_values(points, 3, lang), last=rules.last_trick_bonus) for lang in LANGS}
    return render_all(LESSON_TEXTS, HINTS.get(q["type"], "hint_score"), bonus=rules.pit_bonus)


def _values(points: Any, suit: int, lang: str) -> str:
    """The cards of ``suit`` that are worth points, highest first: "jack 20, nine 14, ..."."""
    ranks = sorted((r for r in range(8) if points[suit * 8 + r]), key=lambda r: -points[suit * 8 + r])
    return ", ".join(f"{WORDS['rank'][lang][r]} {points[suit * 8 + r]}" for r in ranks)


__all__ = ["Lesson", "LessonError", "CardStep", "ChoiceStep", "load_lessons", "parse_lesson", "check_card",
           "check_choice", "engine_answer", "parse_card"]
