"""The JSON answers of the learning API.

The rules pages and lessons are built by :mod:`.rules_page` and :mod:`.lessons`; their inner sections
(situations, roem and scoring tables, lesson steps) are typed here as JSON values, their top level as
fields, so a new kind of section needs no change here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, RootModel

Texts = dict[str, str]  # one text per language: {"en": ..., "nl": ...}


class Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Answer(BaseModel):
    """One answer to one step of a lesson: a card (``JH``) or a number."""

    model_config = ConfigDict(extra="forbid")
    step: int = Field(ge=0, le=50)
    card: str | None = Field(default=None, min_length=2, max_length=4)
    choice: int | None = Field(default=None, ge=-10_000, le=10_000)


class PresetName(Out):
    preset: str
    name: Texts
    summary: Texts = Field(description="how the variant's play differs, in a line")


class RulesPage(Out):
    """One preset's rules, with worked examples computed by the engine."""

    preset: str
    rules: str
    name: Texts
    summary: Texts
    fields: dict[str, JsonValue] = Field(description="every rule field of the preset")
    direction: JsonValue
    values: JsonValue
    trump_selection: JsonValue
    situations: list[JsonValue]
    roem: JsonValue
    scoring: JsonValue
    match_end: JsonValue
    compare: list[JsonValue] | None = Field(None, description="Amsterdam and Rotterdam only: where they differ")


class CompareRow(RootModel[dict[str, JsonValue]]):
    """``{"id": situation, <preset a>: its legal cards..., <preset b>: ...}``."""


class OtherWord(Out):
    lang: Literal["nl", "en"]
    word: str


class Term(Out):
    id: str
    nl: str
    en: str
    af: str = Field(description="the Afrikaans word in South African Klawerjas, empty when Dutch only")
    def_nl: str
    def_en: str
    games: Literal["nl", "sa", "both"]
    also: list[OtherWord] = Field(default_factory=list, description="other words for the term, found by the search")


class LessonSummary(Out):
    id: str
    title: Texts
    steps: int
    terms: list[str]


class Lesson(LessonSummary):
    intro: Texts
    steps_data: list[JsonValue] = Field(description="each step: a card to play or a number to give; no answers")
    term_names: dict[str, Texts]


class AdviceOut(Out):
    card: str
    why: Texts
    code: str


class Yours(Out):
    why: Texts
    code: str


class CardResult(Out):
    """The answer to a card step: legal (else the engine's refusal), good, and why."""

    card: str
    legal: bool
    refusal: Texts | None
    refusal_code: str | None
    good: bool
    advice: AdviceOut
    yours: Yours | None
    done: bool
    explain: Texts
    last: bool


class ChoiceResult(Out):
    """The answer to a number step."""

    choice: int
    correct: bool
    done: bool
    explain: Texts
    why: Texts | None
    hint: Texts | None
    last: bool
