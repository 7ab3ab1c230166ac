"""The static pages: each page URL serves one HTML file from static/, which loads its scripts from /static.

What every page shares is written once, here: the head's first lines (character set, viewport, colour
schemes, no icon to fetch, the base style sheet) stand for ``<!--shared-head-->`` and the site's header
for ``<!--site-header-->`` (the print and projector pages have none).

The API docs (/docs: Swagger UI, /redoc: ReDoc) load their scripts from /docs-assets, the copies the
``fastapi-offline`` package ships, so they work without the internet and without an inline script.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

STATIC = Path(__file__).resolve().parent / "static"
DOCS_ASSETS = Path(str(files("fastapi_offline") / "static"))
SHARED_HEAD = """<meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/static/css/base.css">"""
SITE_HEADER = '<header id="site-header" class="site-header"><nav id="topbar"><a href="/" class="brand">Klaverjas</a>' \
              '</nav></header>'

router = APIRouter(include_in_schema=False)


@cache
def render(name: str) -> str:
    """The page ``name`` of static/ with the shared parts in place (read once per process)."""
    html = (STATIC / name).read_text(encoding="utf-8")
    if "<!--shared-head-->" not in html:
        raise ValueError(f"static/{name} lacks <!--shared-head-->")
    return html.replace("<!--shared-head-->", SHARED_HEAD).replace("<!--site-header-->", SITE_HEADER)


def page(name: str) -> HTMLResponse:
    return HTMLResponse(render(name))


@router.get("/")
def index() -> HTMLResponse:
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
