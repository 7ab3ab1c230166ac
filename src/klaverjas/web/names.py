"""The one rule for every name people type (sheet titles, team and player names, play and table names).

A name is trimmed, and may not hold characters that hide or reorder what others read: control characters
(C0, DEL, C1), bidi embeddings, overrides and isolates, zero-width characters and other invisible format
marks, line and paragraph separators, the byte-order mark.  The rule is one regular expression, so the
OpenAPI schema carries it as the field's ``pattern`` and the server refuses exactly what the schema forbids.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import AfterValidator, Field

# Every character the rule refuses, as one class; \uXXXX reads the same in Python, ECMA and Rust regexes.
FORBIDDEN = (r"\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f"
             r"\ufeff\ufff9-\ufffb")
PATTERN = f"^[^{FORBIDDEN}]*$"
_BAD = re.compile(f"[{FORBIDDEN}]")
MAX_SHEET_NAME = 40
MAX_PLAYER_NAME = 30


def problem(value: str) -> str | None:
    """Why ``value`` is not an acceptable name or text, or None when it is."""
    bad = _BAD.search(value)
    if bad is None:
        return None
    return f"contains the invisible or control character U+{ord(bad.group()):04X}"


def clean_name(value: str) -> str:
    """``value`` trimmed; a ValueError naming the first forbidden character otherwise."""
    why = problem(value)
    if why is not None:
        raise ValueError(f"name {why}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate from a JSON escape
        raise ValueError("name is not valid text") from None
    return value.strip()


_RULE = {"pattern": PATTERN, "description": "trimmed; no control, bidi-override or zero-width characters"}

SheetName = Annotated[str, Field(max_length=MAX_SHEET_NAME, json_schema_extra=_RULE), AfterValidator(clean_name)]
PlayerName = Annotated[str, Field(max_length=MAX_PLAYER_NAME, json_schema_extra=_RULE), AfterValidator(clean_name)]
# At least one character as sent (a name of spaces becomes the seat's default name).
RequiredPlayerName = Annotated[str, Field(min_length=1, max_length=MAX_PLAYER_NAME, json_schema_extra=_RULE),
                               AfterValidator(clean_name)]
