"""A test client that keeps sheet tokens the way the keeper page does."""

from __future__ import annotations

import re
from typing import Any

import httpx
from fastapi.testclient import TestClient

SHEET_PATH = re.compile(r"^/api/sheets/(\d+)")


class KeeperClient(TestClient):
    """A keeper as the page is one: it keeps the owner token of every sheet it creates and sends it with
    each request on that sheet (and all of them for the list), with ``X-Klaverjas: 1`` on every request.
    The tests of the tokens themselves (tests/test_security_sheets.py) use a bare client."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, headers={"X-Klaverjas": "1"})
        self.tokens: dict[int, str] = {}

    def request(self, method: str, url: httpx._types.URLTypes, **kwargs: Any) -> httpx.Response:
        path = httpx.URL(str(url)).path
        headers = dict(kwargs.pop("headers", None) or {})
        match = SHEET_PATH.match(path)
        if "authorization" not in {k.lower() for k in headers}:
            if match and int(match.group(1)) in self.tokens:
                headers["Authorization"] = f"Bearer {self.tokens[int(match.group(1))]}"
            elif path == "/api/sheets" and method.upper() == "GET" and self.tokens:
                headers["Authorization"] = "Bearer " + ",".join(self.tokens.values())
        response: httpx.Response = super().request(method, url, headers=headers, **kwargs)
        if path == "/api/sheets" and method.upper() == "POST" and response.status_code == 201:
            body = response.json()
            self.tokens[body["id"]] = body["owner_token"]
        return response
