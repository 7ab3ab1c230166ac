"""The learning API and pages (all pages are served by learn.html, which routes on the path).

Inputs are validated with a 4xx and a reason; the content comes from the engine (see :mod:`.rules_page`
and :mod:`.lessons`).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse

from klaverjas.core import PRESETS, CardError, parse_card

from ..pages import page
from . import lessons as lesson_files
from .glossary import TERMS, glossary_json
from .lessons import CardStep, check_card, check_choice, load_lessons
from .models import (
    Answer,
    CardResult,
    ChoiceResult,
    CompareRow,
    Lesson,
    LessonSummary,
    PresetName,
    RulesPage,
    Term,
)
from .rules_page import compare, rules_page

LessonId = Annotated[str, PathParam(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]
Preset = Annotated[str, PathParam(max_length=20)]

router = APIRouter()


def _preset(name: str) -> str:
    if name not in PRESETS:
        raise HTTPException(404, f"no rules preset {name!r}: expected {', '.join(PRESETS)}")
    return name


def _lesson(lesson_id: str) -> lesson_files.Lesson:
    lesson = load_lessons().get(lesson_id)
    if lesson is None:
        raise HTTPException(404, f"no lesson {lesson_id!r}")
    return lesson


@router.get("/api/learn/rules", response_model=list[PresetName], tags=["learn"])
def presets() -> list[PresetName]:
    pages = [rules_page(p) for p in PRESETS]
    return [PresetName(preset=page["preset"], name=page["name"], summary=page["summary"]) for page in pages]


@router.get("/api/learn/rules/{preset}", response_model=RulesPage, response_model_exclude_unset=True,
            tags=["learn"])
def rules(preset: Preset) -> RulesPage:
    return RulesPage.model_validate(rules_page(_preset(preset)))


@router.get("/api/learn/compare/{a}/{b}", response_model=list[CompareRow], tags=["learn"])
def compare_presets(a: Preset, b: Preset) -> list[CompareRow]:
    return [CompareRow.model_validate(row) for row in compare(_preset(a), _preset(b))]


@router.get("/api/learn/glossary", response_model=list[Term], tags=["learn"])
def glossary() -> list[Term]:
    return [Term.model_validate(t) for t in glossary_json()]


@router.get("/api/learn/lessons", response_model=list[LessonSummary], tags=["learn"])
def lessons() -> list[LessonSummary]:
    return [LessonSummary.model_validate(lesson.summary()) for lesson in load_lessons().values()]


@router.get("/api/learn/lessons/{lesson_id}", response_model=Lesson, tags=["learn"])
def lesson(lesson_id: LessonId) -> Lesson:
    data = dict(_lesson(lesson_id).as_json())
    names = {t.id: {"nl": t.nl, "en": t.en} for t in TERMS}
    data["term_names"] = {t: names.get(t, {"nl": t, "en": t}) for t in data["terms"]}
    return Lesson.model_validate(data)


@router.post("/api/learn/lessons/{lesson_id}/answer", response_model=CardResult | ChoiceResult, tags=["learn"])
def answer(lesson_id: LessonId, body: Answer) -> CardResult | ChoiceResult:
    found = _lesson(lesson_id)
    if body.step >= len(found.steps):
        raise HTTPException(422, f"lesson {lesson_id} has {len(found.steps)} steps; "
                                 f"step {body.step} does not exist")
    step = found.steps[body.step]
    last = body.step == len(found.steps) - 1
    if isinstance(step, CardStep):
        if body.card is None:
            raise HTTPException(422, "this step asks for a card")
        try:
            card = parse_card(body.card)
        except CardError as exc:
            raise HTTPException(422, str(exc)) from None
        return CardResult.model_validate({**check_card(step, card), "last": last})
    if body.choice is None:
        raise HTTPException(422, "this step asks for a number (choice)")
    return ChoiceResult.model_validate({**check_choice(step, body.choice), "last": last})


@router.get("/learn", include_in_schema=False)
def learn_index() -> HTMLResponse:
    return page("learn.html")


@router.get("/learn/glossary", include_in_schema=False)
def glossary_page() -> HTMLResponse:
    return page("learn.html")


@router.get("/learn/rules/{preset}", include_in_schema=False)
def rules_page_html(preset: Preset) -> HTMLResponse:
    _preset(preset)
    return page("learn.html")


@router.get("/learn/lessons/{lesson_id}", include_in_schema=False)
def lesson_page(lesson_id: LessonId) -> HTMLResponse:
    _lesson(lesson_id)
    return page("learn.html")
