"""The static pages: each page URL serves one HTML file from static/, which loads its scripts from /static.

The API docs (/docs: Swagger UI, /redoc: ReDoc) load their scripts from /docs-assets, the copies the
``fastapi-offline`` package ships, so they work without the internet and without an inline script.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse

STATIC = Path(__file__).resolve().parent / "static"
DOCS_ASSETS = Path(str(files("fastapi_offline") / "static"))

router = APIRouter(include_in_schema=False)


def page(name: str) -> FileResponse:
    return FileResponse(STATIC / name)


@router.get("/")
def index() -> FileResponse:
    return page("index.html")


def _docs_page(title: str, head: str, body: str) -> HTMLResponse:
    return HTMLResponse(f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="/docs-assets/favicon.png">
  {head}
</head>
<body>
{body}
</body>
</html>
""")


@router.get("/docs")
def swagger_ui() -> HTMLResponse:
    return _docs_page("Klaverjas API", '<link rel="stylesheet" href="/docs-assets/swagger-ui.css">',
                      '<div id="swagger-ui"></div>\n<script src="/docs-assets/swagger-ui-bundle.js"></script>\n'
                      '<script src="/static/js/api-docs.js"></script>')


@router.get("/redoc")
def redoc() -> HTMLResponse:
    return _docs_page("Klaverjas API", "", '<redoc spec-url="/openapi.json"></redoc>\n'
                      '<script src="/docs-assets/redoc.standalone.js"></script>')
