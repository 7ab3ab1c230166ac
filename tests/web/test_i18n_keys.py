"""The pages' texts without a browser: static/i18n/<lang>.json has the same keys and placeholders in every
language, and every key the pages ask for (t('area.key') in static/js, data-i18n in static/*.html) is there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "src" / "klaverjas" / "web" / "static"
LANGUAGES = ("nl", "en")
PLACEHOLDER = re.compile(r"\{(\w+)(?::[^{}|]*\|[^{}]*)?\}")  # {n} or {n:# deal|# deals}

Table = dict[str, str]


def flatten(node: object, prefix: str = "") -> Table:
    """{'keeper': {'err': {'invalid': '...'}}} -> {'keeper.err.invalid': '...'}; every leaf must be text."""
    if isinstance(node, str):
        return {prefix: node}
    assert isinstance(node, dict), f"{prefix}: a text or a section, not {node!r}"
    out: Table = {}
    for key, value in node.items():
        assert "." not in key and key.strip() == key and key, f"{prefix}: key {key!r} must be a plain word"
        out.update(flatten(value, f"{prefix}.{key}" if prefix else key))
    return out


def load(lang: str) -> Table:
    return flatten(json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8")))


def sections(table: Table) -> set[str]:
    return {key.split(".", 1)[0] for key in table}


def keys_used(table: Table) -> tuple[set[str], set[str]]:
    """The keys the pages use: whole keys written out ('keeper.undo', anywhere in the JS, e.g. in a ternary,
    and every data-i18n / data-i18n-label attribute), and the fixed heads of keys built at run time
    (`keeper.preset.${rules}` gives 'keeper.preset.')."""
    names = "|".join(sorted(sections(table)))
    whole: set[str] = set()
    heads: set[str] = set()
    for path in sorted((STATIC / "js").glob("*.js")):
        js = path.read_text(encoding="utf-8")
        whole |= set(re.findall(rf"""['"]((?:{names})\.[\w.:-]+)['"]""", js))
        heads |= set(re.findall(rf"`((?:{names})\.[\w.:-]*)\$\{{", js))
        whole |= {m for m in re.findall(rf"`((?:{names})\.[\w.:-]+)`", js)}
    for path in sorted(STATIC.glob("*.html")):
        whole |= set(re.findall(r'data-i18n(?:-label)?="([^"]+)"', path.read_text(encoding="utf-8")))
    return whole, heads


@pytest.fixture(scope="module")
def tables() -> dict[str, Table]:
    return {lang: load(lang) for lang in LANGUAGES}


def test_every_language_has_every_key(tables: dict[str, Table]) -> None:
    for lang, table in tables.items():
        for other, other_table in tables.items():
            missing = sorted(set(table) - set(other_table))
            assert not missing, f"in {lang}.json but not in {other}.json: {missing}"
        empty = sorted(key for key, text in table.items() if not text.strip())
        assert not empty, f"empty texts in {lang}.json: {empty}"


def test_placeholders_match_between_languages(tables: dict[str, Table]) -> None:
    first, *others = LANGUAGES
    for key, text in tables[first].items():
        for lang in others:
            ours, theirs = set(PLACEHOLDER.findall(text)), set(PLACEHOLDER.findall(tables[lang].get(key, "")))
            assert ours == theirs, f"{key}: {first} has {sorted(ours)}, {lang} has {sorted(theirs)}"


def test_every_key_the_pages_use_is_in_the_tables(tables: dict[str, Table]) -> None:
    whole, heads = keys_used(tables[LANGUAGES[0]])
    assert len(whole) > 200 and "keeper.round_n" in whole and "play.hint" in whole  # the scan finds the calls
    for lang, table in tables.items():
        missing = sorted(key for key in whole if key not in table)
        assert not missing, f"used by the pages but not in {lang}.json: {missing}"
        unknown = sorted(head for head in heads if not any(key.startswith(head) for key in table))
        assert not unknown, f"keys built from these heads have no text in {lang}.json: {unknown}"



def test_every_text_in_the_tables_is_used(tables: dict[str, Table]) -> None:
    """A text no page asks for is dead weight for every translator; keys built at run time count by their head."""
    whole, heads = keys_used(tables[LANGUAGES[0]])
    unused = sorted(key for key in tables[LANGUAGES[0]] if key not in whole and not key.startswith(tuple(heads)))
    assert not unused, f"no page uses: {unused}"
