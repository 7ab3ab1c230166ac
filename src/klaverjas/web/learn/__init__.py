"""Learning pages: rules per preset, the glossary, guided lessons (issue 8).

``register(app)`` adds the pages (all served by learn.html, which routes on the path) and their JSON
API.  Inputs are validated with a 4xx and a reason; the content comes from the engine (see
:mod:`.rules_page` and :mod:`.lessons`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, HTTPException
from fastapi import Path as PathParam
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field

from klaverjas.core import PRESETS, CardError, parse_card

from .glossary import TERMS, glossary_json
from .lessons import CardStep, check_card, check_choice, load_lessons
from .rules_page import compare, rules_page

STATIC = Path(__file__).resolve().parent.parent / "static"
LessonId = Annotated[str, PathParam(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]
Preset = Annotated[str, PathParam(max_length=20)]


class Answer(BaseModel):
    """One answer to one step of a lesson: a card (``JH``) or a number."""

    model_config = ConfigDict(extra="forbid")
    step: int = Field(ge=0, le=50)
    card: str | None = Field(default=None, min_length=2, max_length=4)
    choice: int | None = Field(default=None, ge=-10_000, le=10_000)


def _preset(name: str) -> str:
    if name not in PRESETS:
        raise HTTPException(404, f"no rules preset {name!r}: expected {', '.join(PRESETS)}")
    return name


def _lesson(lesson_id: str) -> Any:
    lesson = load_lessons().get(lesson_id)
    if lesson is None:
        raise HTTPException(404, f"no lesson {lesson_id!r}")
    return lesson


def register(app: FastAPI) -> None:
    load_lessons()  # a broken lesson file stops the app at startup, not a player mid-lesson
    router = APIRouter()

    @router.get("/api/learn/rules", tags=["learn"])
    def presets() -> list[dict[str, Any]]:
        return [{"preset": p, "name": rules_page(p)["name"]} for p in PRESETS]

    @router.get("/api/learn/rules/{preset}", tags=["learn"])
    def rules(preset: Preset) -> dict[str, Any]:
        return rules_page(_preset(preset))

    @router.get("/api/learn/compare/{a}/{b}", tags=["learn"])
    def compare_presets(a: Preset, b: Preset) -> list[dict[str, Any]]:
        return compare(_preset(a), _preset(b))

    @router.get("/api/learn/glossary", tags=["learn"])
    def glossary() -> list[dict[str, Any]]:
        return glossary_json()

    @router.get("/api/learn/lessons", tags=["learn"])
    def lessons() -> list[dict[str, Any]]:
        return [lesson.summary() for lesson in load_lessons().values()]

    @router.get("/api/learn/lessons/{lesson_id}", tags=["learn"])
    def lesson(lesson_id: LessonId) -> dict[str, Any]:
        data = dict(_lesson(lesson_id).as_json())
        names = {t.id: {"nl": t.nl, "en": t.en} for t in TERMS}
        data["term_names"] = {t: names.get(t, {"nl": t, "en": t}) for t in data["terms"]}
        return data

    @router.post("/api/learn/lessons/{lesson_id}/answer", tags=["learn"])
    def answer(lesson_id: LessonId, body: Answer) -> dict[str, Any]:
        found = _lesson(lesson_id)
        if body.step >= len(found.steps):
            raise HTTPException(422, f"lesson {lesson_id} has {len(found.steps)} steps; "
                                     f"step {body.step} does not exist")
        step = found.steps[body.step]
        if isinstance(step, CardStep):
            if body.card is None:
                raise HTTPException(422, "this step asks for a card")
            try:
                card = parse_card(body.card)
            except CardError as exc:
                raise HTTPException(422, str(exc)) from None
            result = check_card(step, card)
        else:
            if body.choice is None:
                raise HTTPException(422, "this step asks for a number (choice)")
            result = check_choice(step, body.choice)
        result["last"] = body.step == len(found.steps) - 1
        return result

    def page() -> FileResponse:
        return FileResponse(STATIC / "learn.html")

    @router.get("/learn", include_in_schema=False)
    def learn_index() -> FileResponse:
        return page()

    @router.get("/learn/glossary", include_in_schema=False)
    def glossary_page() -> FileResponse:
        return page()

    @router.get("/learn/rules/{preset}", include_in_schema=False)
    def rules_page_html(preset: Preset) -> FileResponse:
        _preset(preset)
        return page()

    @router.get("/learn/lessons/{lesson_id}", include_in_schema=False)
    def lesson_page(lesson_id: LessonId) -> FileResponse:
        _lesson(lesson_id)
        return page()

    app.include_router(router)


__all__ = ["register"]
