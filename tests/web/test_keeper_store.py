"""The score keeper's store on SQLite and on PostgreSQL: changes, undo, tokens, refused changes, and
several processes (each its own Database) adding deals to one sheet at once."""

from __future__ import annotations

import threading

import pytest

from klaverjas.web.db import Database
from klaverjas.web.keeper.routes import _check
from klaverjas.web.keeper.sheet import DealInput, FieldError, Settings, compute
from klaverjas.web.keeper.store import NotFound, NothingToUndo, Store

OPEN = Settings("Test", ("Wij", "Zij"), None, 0, "amsterdam", "open")


def deal(points: int) -> DealInput:
    return DealInput(0, (points, 162 - points), (0, 0), None, None, False)


def refuse(*_: object) -> None:
    raise FieldError([("points", "invalid", {"en": "no", "nl": "nee"})])


def test_changes_undo_and_a_refused_change(db_setting: str) -> None:
    store = Store(db_setting)
    sheet_id, owner = store.create(OPEN)
    first = store.add_deal(sheet_id, deal(100), _check)
    second = store.add_deal(sheet_id, deal(90), _check)
    store.edit_deal(sheet_id, first, deal(120), _check)
    store.delete_deal(sheet_id, second, _check)
    assert store.get(sheet_id).deals == [(first, deal(120))]
    with pytest.raises(FieldError):
        store.add_deal(sheet_id, deal(50), refuse)
    assert store.get(sheet_id).deals == [(first, deal(120))]  # the refused deal left nothing, nor its undo
    assert [store.undo(sheet_id, _check) for _ in range(3)] == ["delete", "edit", "add"]
    assert store.get(sheet_id).deals == [(first, deal(100))]
    assert store.undo(sheet_id, _check) == "add" and store.get(sheet_id).last_action is None
    with pytest.raises(NothingToUndo):
        store.undo(sheet_id, _check)
    with pytest.raises(NotFound):
        store.edit_deal(sheet_id, 10_000, deal(1), _check)
    store.update(sheet_id, Settings("Nieuw", ("A", "B"), ("N", "E", "S", "W"), 2, "amsterdam", "open"), _check)
    assert store.get(sheet_id).settings.players == ("N", "E", "S", "W")
    store.close()


def test_tokens_open_their_sheets_with_their_mode(db_setting: str) -> None:
    store = Store(db_setting)
    mine, owner = store.create(OPEN)
    theirs, other = store.create(OPEN)
    read = store.share(mine, "read")
    edit = store.share(theirs, "edit")
    store.add_deal(mine, deal(100), _check)  # the sheet changed last comes first
    listed = store.sheets([read, other, edit, "not a token"])
    assert [(st.id, mode) for st, mode in listed] == [(mine, "read"), (theirs, "owner")]
    assert store.lookup(owner) == (mine, "owner") and store.access(theirs, edit) == "edit"
    assert store.access(mine, edit) is None and store.lookup("x") is None
    store.delete(mine)
    assert store.lookup(read) == (mine, "read")  # kept: its holder learns the sheet is gone
    with pytest.raises(NotFound):
        store.get(mine)
    with pytest.raises(NotFound):
        store.delete(mine)
    store.close()


def test_processes_adding_deals_to_one_sheet_at_once_lose_none(db_setting: str) -> None:
    sheet_id, _ = Store(db_setting).create(OPEN)
    stores = [Store(Database(db_setting, timeout=30)) for _ in range(4)]
    sent: list[int] = []
    errors: list[BaseException] = []

    def write(store: Store, first: int) -> None:
        try:
            for points in range(first, first + 10):
                store.add_deal(sheet_id, deal(points), _check)
                sent.append(points)
        except BaseException as error:  # reported below, with the thread's error
            errors.append(error)

    threads = [threading.Thread(target=write, args=(s, 10 + 20 * k)) for k, s in enumerate(stores)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    stored = Store(db_setting).get(sheet_id)
    assert sorted(d.points[0] for _, d in stored.deals) == sorted(sent) and len(sent) == 40
    ids = [i for i, _ in stored.deals]
    assert ids == sorted(ids) and len(set(ids)) == 40
    # Numbered 1..40 without gaps, and each writer's deals in the order it sent them.
    computed = compute(stored.settings, stored.deals)
    assert [r.number for r in computed.deals] == list(range(1, 41))
    for k in range(4):
        mine = [d.points[0] for _, d in stored.deals if 10 + 20 * k <= d.points[0] < 20 + 20 * k]
        assert mine == list(range(10 + 20 * k, 20 + 20 * k))

    # Undos at once, each of its own: without the row lock two would read the same last action.
    def undo(store: Store) -> None:
        try:
            for _ in range(5):
                store.undo(sheet_id, _check)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=undo, args=(s,)) for s in stores]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    assert Store(db_setting).get(sheet_id).deals == stored.deals[:20]
    for s in stores:
        s.close()
