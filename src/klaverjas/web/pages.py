"""The static pages: each page URL serves one HTML file from static/, which loads its scripts from /static."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent / "static"

router = APIRouter(include_in_schema=False)


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name)


@router.get("/")
def index() -> FileResponse:
    return page("index.html")
