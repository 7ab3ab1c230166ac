"""The Python text tables: every text in every language with the same facts, and every id the code renders exists.

The ids the code uses are read from the source (the ``render``/``render_all``/``phrase``/``both`` calls and the
codes the bots pass along), so a text removed from a table, or a call with a misspelt id, fails here without
having to reach that line in a game.
"""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from klaverjas.bots import texts as bot_texts
from klaverjas.core import PRESETS, reasons, texts
from klaverjas.core.rules import CHOICES, MATCH_END_KINDS
from klaverjas.core.texts import LANGS, Table, placeholders
from klaverjas.web import security
from klaverjas.web.keeper import texts as keeper_texts
from klaverjas.web.learn import glossary, lessons
from klaverjas.web.play import routes as play_routes
from klaverjas.web.play import texts as play_texts

# The package exports its function rules_page under the module's name.
rules_page = importlib.import_module("klaverjas.web.learn.rules_page")

SRC = Path(__file__).resolve().parent.parent / "src" / "klaverjas"

TABLES: dict[str, Table] = {
    "core.texts.CARD_TEXTS": texts.CARD_TEXTS,
    "core.reasons.REFUSALS": reasons.REFUSALS,
    "core.reasons.REFUSAL_PARTS": reasons.REFUSAL_PARTS,
    "core.reasons.CALL_REFUSALS": reasons.CALL_REFUSALS,
    "bots.texts.TEXTS": bot_texts.TEXTS,
    "bots.texts.SIGNAL_WORDS": bot_texts.SIGNAL_WORDS,
    "web.play.texts.REFUSALS": play_texts.REFUSALS,
    "web.keeper.texts.REFUSALS": keeper_texts.REFUSALS,
    "web.keeper.texts.FIELDS": keeper_texts.FIELDS,
    "web.security.GUARD_REFUSALS": security.GUARD_REFUSALS,
    "web.learn.glossary.NAMES": glossary.NAMES,
    "web.learn.glossary.MEANINGS": glossary.MEANINGS,
    "web.learn.lessons.LESSON_TEXTS": lessons.LESSON_TEXTS,
    "web.learn.lessons.ROEM_PARTS": lessons.ROEM_PARTS,
    **{f"web.learn.rules_page.{name}": table for name, table in rules_page.TEXT_TABLES.items()},
}
ENTRIES = [(name, key) for name, table in TABLES.items() for key in table]
OWN_LANG = re.compile(r"_(" + "|".join(LANGS) + r")$")


def test_the_tables_are_found() -> None:
    # A table emptied by mistake, or a rules page that lost a table, would otherwise pass every test below.
    assert all(TABLES.values()), [name for name, table in TABLES.items() if not table]
    assert len(ENTRIES) > 200


@pytest.mark.parametrize(("table", "key"), ENTRIES)
def test_every_text_is_in_every_language(table: str, key: str) -> None:
    text = TABLES[table][key]
    assert set(text) == set(LANGS), f"{table}[{key!r}] has {sorted(text)}, expected {list(LANGS)}"
    for lang in LANGS:
        assert isinstance(text[lang], str) and text[lang].strip(), f"{table}[{key!r}][{lang!r}] is empty"


def _facts_of(template: str, lang: str) -> set[str]:
    """The facts a template uses, with a language's own facts (``verb_en``) named for every language (``verb_*``)."""
    names = placeholders(template)
    foreign = {n for n in names if (m := OWN_LANG.search(n)) and m.group(1) != lang}
    assert not foreign, f"the {lang} template uses another language's facts {sorted(foreign)}: {template!r}"
    return {OWN_LANG.sub("_*", n) for n in names}


@pytest.mark.parametrize(("table", "key"), ENTRIES)
def test_every_language_takes_the_same_facts(table: str, key: str) -> None:
    text = TABLES[table][key]
    facts = {lang: _facts_of(text[lang], lang) for lang in LANGS}
    first = facts[LANGS[0]]
    for lang in LANGS[1:]:
        assert facts[lang] == first, f"{table}[{key!r}]: {LANGS[0]} takes {sorted(first)}, {lang} {sorted(facts[lang])}"


def sample_facts(text: dict[str, str]) -> dict[str, object]:
    """A value for every fact a text takes, of the kind its name says (a card, a suit, a list of cards)."""
    facts: dict[str, object] = {}
    for template in text.values():
        for name in placeholders(template):
            if name.startswith("c_"):
                facts[name] = 8 * 2 + 4  # the jack of hearts
            elif name.startswith("s_"):
                facts[name] = 3
            elif name.startswith("cs_"):
                facts[name] = [0, 31]
            else:
                facts[name] = 7
    return facts


@pytest.mark.parametrize(("table", "key"), ENTRIES)
def test_every_text_renders_without_a_leftover_placeholder(table: str, key: str) -> None:
    text = TABLES[table][key]
    facts = sample_facts(text)
    for lang in LANGS:
        out = texts.render(TABLES[table], key, lang, **facts)
        assert "{" not in out and "}" not in out, f"{table}[{key!r}][{lang!r}] renders as {out!r}"
        if any(name.startswith("c_") for name in facts):
            assert texts.card_words(20, lang) in out.lower()


@pytest.mark.parametrize(("n", "en", "nl"), [
    (1, "and 1 trump is still out: draw them.", "er zit nog 1 troef buiten: trek ze."),
    (2, "and 2 trumps are still out: draw them.", "er zitten nog 2 troeven buiten: trek ze."),
    (0, "and 0 trumps are still out: draw them.", "er zitten nog 0 troeven buiten: trek ze."),
])
def test_a_count_takes_its_noun_and_verb_in_number(n: int, en: str, nl: str) -> None:
    said = bot_texts.both("draw_top", c_card=20, n=n)
    assert said["en"].endswith(en)
    assert said["nl"].endswith(nl)


def test_a_count_spec_speaks_of_one_and_of_many() -> None:
    table = {"held": texts.entry("you hold {n:# trump|# trumps} and {p} points", "je hebt {n:# troef|# troeven}")}
    assert texts.render(table, "held", "en", n=1, p=1) == "You hold 1 trump and 1 points"
    assert texts.render(table, "held", "en", n=5, p=3) == "You hold 5 trumps and 3 points"
    assert texts.render(table, "held", "nl", n=1) == "Je hebt 1 troef"
    assert placeholders(table["held"]["en"]) == {"n", "p"}


def test_an_unknown_language_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown language 'fr': expected en or nl"):
        texts.render(bot_texts.TEXTS, "only", "fr", c_card=0)


# --- the ids the code renders ---------------------------------------------------------------------------------

RENDERERS = {"render", "render_all", "phrase", "phrase_all", "both", "of_call", "say"}


def _strings(node: ast.expr | None, bound: dict[str, list[ast.expr]]) -> Iterator[str]:
    """The string ids an expression can take: a literal, either branch of ``a if c else b``, or a local name
    bound to those."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body, bound)
        yield from _strings(node.orelse, bound)
    elif isinstance(node, ast.Name):
        for value in bound.get(node.id, []):
            yield from _strings(value, bound)


def _functions(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The top-level functions and methods of a file (a nested function is read with the one around it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            out += [n for n in node.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append(node)
    return out


def _assignments(func: ast.AST) -> dict[str, list[ast.expr]]:
    bound: dict[str, list[ast.expr]] = {}
    for node in ast.walk(func):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
    return bound


def rendered_ids(path: Path, default_table: str | None) -> list[tuple[str, str, int]]:
    """``(table, id, line)`` of every render call in a file whose id is known from the source.  ``both``, the
    bots' ``render``, the core errors' ``of_call`` and the tables' ``say`` take no table: theirs is
    ``default_table``."""
    found = []
    for func in _functions(path):
        bound = _assignments(func)
        for call in ast.walk(func):
            if not isinstance(call, ast.Call):
                continue
            name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
            if name not in RENDERERS or not call.args:
                continue
            first = call.args[0]
            if isinstance(first, ast.Name) and first.id.isupper():  # render(TABLE, id, ...)
                table, key = first.id, call.args[1] if len(call.args) > 1 else None
            elif default_table is not None:
                table, key = default_table, first
            else:
                continue
            found += [(table, k, call.lineno) for k in _strings(key, bound)]
    return found


def bot_codes(path: Path) -> set[str]:
    """The advice ids the bots pass along before rendering them: ``(score, "id", {facts})`` and
    ``TrumpFit(suit, "id", ...)``."""
    codes = set()
    for func in _functions(path):
        bound = _assignments(func)
        for node in ast.walk(func):
            if isinstance(node, ast.Tuple) and len(node.elts) == 3 and isinstance(node.elts[2], ast.Dict):
                codes |= set(_strings(node.elts[1], bound))
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "TrumpFit" and len(node.args) > 1:
                codes |= set(_strings(node.args[1], bound))
    return codes


# The modules that say the tables' refusals (web/play/texts.py), and the score keeper's (web/keeper/texts.py).
TABLE_MODULES = ("play/game", "play/service", "play/socket", "play/routes", "tables/routes")
KEEPER_MODULES = ("keeper/sheet", "keeper/store", "keeper/routes")
KEEPER_TABLES: dict[str, Table] = {"REFUSALS": keeper_texts.REFUSALS, "FIELDS": keeper_texts.FIELDS}
MODULE_TABLES: dict[str, tuple[dict[str, Table], str | None]] = {
    "core/reasons.py": ({"REFUSALS": reasons.REFUSALS, "REFUSAL_PARTS": reasons.REFUSAL_PARTS}, None),
    "core/state.py": ({"CALL_REFUSALS": reasons.CALL_REFUSALS}, "CALL_REFUSALS"),
    "core/trump.py": ({"CALL_REFUSALS": reasons.CALL_REFUSALS}, "CALL_REFUSALS"),
    **{f"web/{name}.py": ({"REFUSALS": play_texts.REFUSALS, "SUMMARY": play_routes.SUMMARY}, "REFUSALS")
       for name in TABLE_MODULES},
    **{f"web/{name}.py": (KEEPER_TABLES, "REFUSALS") for name in KEEPER_MODULES},
    "bots/basic.py": ({"TEXTS": bot_texts.TEXTS}, "TEXTS"),
    "bots/strong.py": ({"TEXTS": bot_texts.TEXTS}, "TEXTS"),
    "bots/texts.py": ({"TEXTS": bot_texts.TEXTS}, "TEXTS"),
    "web/learn/rules_page.py": ({k: v for k, v in vars(rules_page).items() if k.isupper() and isinstance(v, dict)},
                                None),
    "web/learn/lessons.py": ({"LESSON_TEXTS": lessons.LESSON_TEXTS, "ROEM_PARTS": lessons.ROEM_PARTS}, None),
}


@pytest.mark.parametrize("module", list(MODULE_TABLES))
def test_every_id_the_code_renders_exists(module: str) -> None:
    tables, default = MODULE_TABLES[module]
    found = rendered_ids(SRC / module, default)
    assert found, f"no render calls found in {module}: the reader of this test is broken"
    missing = [f"{module}:{line} {table}[{key!r}]" for table, key, line in found
               if table not in tables or key not in tables[table]]
    assert not missing, missing


def test_every_advice_id_exists_and_is_used() -> None:
    used = {key for module in ("bots/base.py", "bots/basic.py", "bots/random_bot.py", "bots/strong.py", "bots/texts.py")
            for _, key, _ in rendered_ids(SRC / module, "TEXTS")}
    passed = bot_codes(SRC / "bots" / "basic.py")
    assert len(passed) > 20
    assert not passed - set(bot_texts.TEXTS), sorted(passed - set(bot_texts.TEXTS))
    assert set(bot_texts.TEXTS) == used | passed, sorted(set(bot_texts.TEXTS) - used - passed)


def test_every_call_refusal_is_raised_somewhere() -> None:
    used = {key for module in ("core/state.py", "core/trump.py")
            for _, key, _ in rendered_ids(SRC / module, "CALL_REFUSALS")}
    assert used == set(reasons.CALL_REFUSALS), sorted(set(reasons.CALL_REFUSALS) ^ used)


def test_every_refusal_of_a_table_is_said_somewhere() -> None:
    used = {key for name in TABLE_MODULES
            for table, key, _ in rendered_ids(SRC / "web" / f"{name}.py", "REFUSALS") if table == "REFUSALS"}
    assert used == set(play_texts.REFUSALS), sorted(set(play_texts.REFUSALS) ^ used)


def test_every_refusal_of_the_score_keeper_is_said_somewhere() -> None:
    used = {(table, key) for name in KEEPER_MODULES for table, key, _ in rendered_ids(SRC / "web" / f"{name}.py",
                                                                                       "REFUSALS")}
    every = {(table, key) for table, texts_of in KEEPER_TABLES.items() for key in texts_of}
    assert used == every, sorted(used ^ every)


def test_every_refusal_code_has_its_sentence_and_no_other() -> None:
    play = (SRC / "core" / "play.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'(?:make|_ref)\("([a-z_]+)"', play))
    codes |= {c for pair in re.findall(r'make\("([a-z_]+)" if .*? else "([a-z_]+)"\)', play) for c in pair}
    assert len(codes) >= 13
    assert codes == set(reasons.REFUSALS)


def test_every_value_a_rules_page_picks_by_has_its_sentence() -> None:
    # These texts are picked by a field of the rules or by what the engine answers, not by an id in the source.
    assert set(rules_page.DIRECTION) == set(CHOICES["direction"])
    assert set(rules_page.TRUMP_SELECTION) == set(CHOICES["trump_selection"])
    assert set(rules_page.MATCH_END) == set(MATCH_END_KINDS)
    assert set(rules_page.PRESET_NAMES) == set(PRESETS)
    classify = next(f for f in _functions(SRC / "web/learn/rules_page.py") if f.name == "classify")
    kinds = {k.value for node in ast.walk(classify) if isinstance(node, ast.Dict)
             for k in node.keys if isinstance(k, ast.Constant)}
    kinds |= {node.slice.value for node in ast.walk(classify)
              if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)}
    assert len(kinds) >= 11
    assert kinds == set(rules_page.KIND_TEXTS)
    roem = (SRC / "core" / "roem.py").read_text(encoding="utf-8")
    assert set(re.findall(r'parts\.append\(\("([a-z]+)"', roem)) == set(lessons.ROEM_PARTS)


def test_the_words_of_cards_suits_and_seats_are_in_every_language() -> None:
    sizes = {"rank": 8, "suit": 4, "seat": 4}
    for kind, words in texts.WORDS.items():
        assert set(words) == set(LANGS), kind
        for lang in LANGS:
            assert len(words[lang]) == sizes[kind] and all(words[lang]), (kind, lang)
            assert len(set(words[lang])) == sizes[kind], (kind, lang)  # no two cards named alike


def test_every_lesson_text_is_in_every_language() -> None:
    found = 0
    for lesson in lessons.load_lessons().values():
        texts_of = [lesson.title, lesson.intro] + [t for s in lesson.steps for t in (s.ask, s.explain)]
        for text in texts_of:
            assert set(text) == set(LANGS) and all(text.values()), lesson.id
            found += 1
    assert found > 20
