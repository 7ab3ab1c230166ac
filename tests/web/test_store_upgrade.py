"""A SQLite file written by the previous stores (commit 334b244, on stdlib sqlite3 with their own version
tables) is taken over in place: every sheet, token, evening and member reads back the same through the new
stores, no sheet is adopted again, and the file goes on working."""

from __future__ import annotations

from dataclasses import astuple
from pathlib import Path
from typing import Any

from sqlalchemy import text
from tests.web.legacy import club_store_334b244 as old_clubs
from tests.web.legacy import keeper_store_334b244 as old_keeper

from klaverjas.web.club import Evening
from klaverjas.web.club.store import ClubStore
from klaverjas.web.db import Database
from klaverjas.web.keeper.routes import _check
from klaverjas.web.keeper.sheet import DealInput, Settings
from klaverjas.web.keeper.store import Store


def deal(makers: int, points: int, roem: tuple[int, int] = (0, 0)) -> DealInput:
    return DealInput(makers, (points, 162 - points), roem, None, None, False)


def sheet_view(st: Any) -> tuple[Any, ...]:
    return st.id, st.settings, st.deals, st.created, st.updated, st.last_action


def evening_view(st: Any) -> tuple[Any, ...]:
    return st.id, st.club_id, st.season_id, st.date, st.evening.as_json(), st.version, st.updated


def old_file(path: Path) -> dict[str, Any]:
    """Sheets and clubs written by the old stores; returns what the old stores read back, and the tokens."""
    keeper = old_keeper.Store(path)
    first, owner1 = keeper.create(Settings("Vrijdag", ("Wij", "Zij"), ("An", "Bo", "Cor", "Dirk"), 1,
                                           "amsterdam", "deals:16"))
    second, owner2 = keeper.create(Settings("", ("Noord", "Zuid"), None, 0, "rotterdam", "open"))
    for points in (100, 62, 81):
        keeper.add_deal(first, deal(0, points), _check)
    edited = keeper.add_deal(first, deal(1, 90, (20, 0)), _check)
    keeper.edit_deal(first, edited, deal(1, 95, (20, 0)), _check)
    gone = keeper.add_deal(second, deal(0, 120), _check)
    keeper.add_deal(second, deal(1, 70), _check)
    keeper.delete_deal(second, gone, _check)
    read = keeper.share(first, "read")
    edit = keeper.share(second, "edit")
    tokens = {owner1: (first, "owner"), owner2: (second, "owner"), read: (first, "read"), edit: (second, "edit")}
    sheets = [(sheet_view(st), mode) for st, mode in keeper.sheets(None)]
    keeper.close()

    clubs = old_clubs.ClubStore(path)
    club, organiser = clubs.create_club("De Klaverboer")
    for name in ("bram", "Anna", "Cor", "dirk"):
        clubs.add_member(club.id, name, "12" if name == "Cor" else None)
    season = clubs.create_season(club.id, "Winter", 3)
    evening = clubs.create_evening(club.id, Evening(rounds=2), "2026-11-27", season.id)
    for name in ("Anna", "bram", "Cor", "dirk", "Eva", "Fien", "Gert", "Hans"):
        def arrive(ev: Evening, name: str = name) -> None:
            ev.sign_in(name)
        clubs.change(club.id, evening, arrive)
    clubs.change(club.id, evening, lambda ev: ev.draw_round())
    other = clubs.create_evening(club.id, Evening(), "", None)
    seen = {"club": astuple(clubs.club(club.id)), "members": [astuple(m) for m in clubs.members(club.id)],
            "seasons": [astuple(s) for s in clubs.seasons(club.id)],
            "evenings": [evening_view(e) for e in clubs.evenings(club.id)], "organiser": organiser,
            "table": clubs.table_token(club.id, evening, 1, 1), "club_id": club.id, "other": other}
    clubs.close()
    return {"tokens": tokens, "sheets": sheets, "first": first, **seen}


def test_the_new_stores_read_every_sheet_and_evening_of_an_old_file(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = old_file(path)
    db = Database(path)
    keeper, clubs = Store(db), ClubStore(db)
    assert keeper.adopted == []  # the old file's sheets already had owners
    assert db.versions() == {"club": 1, "keeper": 2}
    assert [(sheet_view(st), mode) for st, mode in keeper.sheets(None)] == old["sheets"]
    for token, (sheet_id, mode) in old["tokens"].items():
        assert keeper.lookup(token) == (sheet_id, mode)
    club_id = old["club_id"]
    assert astuple(clubs.club(club_id)) == old["club"]
    assert [astuple(m) for m in clubs.members(club_id)] == old["members"]
    assert [astuple(s) for s in clubs.seasons(club_id)] == old["seasons"]
    assert [evening_view(e) for e in clubs.evenings(club_id)] == old["evenings"]
    assert clubs.role(club_id, old["organiser"]) == "organiser"
    assert clubs.table_key(old["table"]) is not None

    # It goes on: a new deal and an undo on the old sheet, a new evening after the old ones.
    first = old["first"]
    before = keeper.get(first)
    added = keeper.add_deal(first, deal(0, 82), _check)
    assert added > max(i for i, _ in before.deals) and keeper.get(first).last_action == "add"
    assert keeper.undo(first, _check) == "add" and keeper.get(first).deals == before.deals
    assert clubs.create_evening(club_id, Evening(), "", None) > old["other"]
    db.close()

    again = Database(path)  # a second start runs no step again
    assert Store(again).adopted == [] and again.versions() == {"club": 1, "keeper": 2}
    with again.read() as connection:
        assert connection.execute(text("SELECT COUNT(*) FROM sheet_tokens")).scalar() == 4
    again.close()
