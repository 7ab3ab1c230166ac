"""Playing alone against three computer players: create a game, read its state, records and reviews.

The game itself is played over the WebSocket of :mod:`.socket` (included in ``router``).
"""

from __future__ import annotations

import asyncio
import importlib.util
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query
from fastapi.responses import HTMLResponse
from pydantic import Field

from klaverjas.core import SEATS, Rules, RulesError, parse_card
from klaverjas.core.reasons import card_words
from klaverjas.core.record import RecordError
from klaverjas.core.texts import LANGS, Table, entry, render_all

from ..db import run
from ..errors import ReasonOut, Refusal
from ..pages import page
from ..thinking import Thinker
from . import socket
from .game import GameTable, SeatInfo, new_token
from .models import Created, DealRecord, GameSummary, NewGame, Review, RulesChoice, TableState, Texts
from .service import PlayService, TableRuntime, play_service
from .store import now
from .texts import say

Service = Annotated[PlayService, Depends(play_service)]
Token = Annotated[str | None, Query(max_length=64)]
# Seat and spectator tokens are URL-safe base64 (game.new_token); the pattern lets the schema say
# exactly which texts can be one.
Tokens = Annotated[list[Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{16,64}$")]] | None,
                   Query(max_length=100, description="seat tokens, repeated")]
DealNumber = Annotated[int, Field(ge=1, le=1000)]
Authorization = Annotated[str | None, Header(max_length=100, description="Bearer <token>")]

router = APIRouter()
router.include_router(socket.router)


def rules_of(body: RulesChoice) -> Rules:
    """The rules a new game or table asked for; a combination the engine refuses is a 422 with its reason."""
    options: dict[str, Any] = {k: v for k, v in {
        "trump_selection": body.trump_selection, "match_end": body.match_end,
        "roem_claim": body.roem_claim, "illegal_cards": body.illegal_cards}.items() if v is not None}
    try:
        return Rules.parse(body.preset).with_options(**options)
    except RulesError as exc:
        raise Refusal(422, "rules", say("bad_rules", detail=str(exc))) from None


def bearer(authorization: str | None) -> str | None:
    scheme, _, token = (authorization or "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


async def runtime_or_404(service: PlayService, game_id: str) -> TableRuntime:
    runtime = await service.get(game_id) if len(game_id) <= socket.MAX_ID else None
    if runtime is None:
        raise Refusal(404, "no_game", say("no_game"))
    return runtime


@router.post("/api/play", response_model=Created, status_code=201, tags=["play"])
async def create_game(body: NewGame, service: Service) -> Created:
    north, east, west = body.levels
    return await new_game(service, rules_of(body), [north, east, west], body.name or "You", body.pace, body.seed)


async def new_game(service: PlayService, rules: Rules, levels: list[str], name: str, pace: float,
                   seed: int | None = None) -> Created:
    """A game against three computer players (``levels``: partner N, then E and W), the person South."""
    token = new_token()
    north, east, west = levels
    seats = [SeatInfo("bot", north, "North"), SeatInfo("bot", east, "East"),
             SeatInfo("human", name=name, token=token), SeatInfo("bot", west, "West")]
    table = GameTable.create(rules, seats, seed, first_dealer=3, created=now())
    await service.add(table, pace)
    # The token travels in the fragment, which browsers never send to a server.
    return Created(id=table.id, token=token, seat="S", link=f"/play/{table.id}#token={token}")


@router.post("/api/play/{game_id}/again", response_model=Created, status_code=201, tags=["play"],
             responses={403: {"model": ReasonOut, "description": "not the player's token"},
                        404: {"model": ReasonOut, "description": "no such game"},
                        409: {"model": ReasonOut, "description": "the match is not over, or the game is a table "
                                                                "with friends"}})
async def play_again(game_id: str, service: Service, authorization: Authorization = None) -> Created:
    """Another match against the computer with exactly this game's settings (its rules, each computer player's
    level, the player's name, the pace), once this match is over: a new game with its own id and token; this
    one stays as it is, finished.  The player's token as ``Authorization: Bearer <token>``."""
    runtime = await runtime_or_404(service, game_id)
    async with runtime.lock:  # the stored table, not one being changed
        await service.ensure_stored(runtime)
        table = runtime.table
        seat = service.seat_of(runtime, bearer(authorization))
        if seat is None and table.code:  # a table with friends does not exist for a caller without its tokens
            raise Refusal(404, "no_game", say("no_game"))
        if seat is None:
            raise Refusal(403, "not_player", say("again_seat"))
        if table.code:
            raise Refusal(409, "not_table", say("again_computer"))
        if table.phase != "match_over":
            raise Refusal(409, "not_now", say("again_not_over"))
        levels = [table.seats[s].level for s in (0, 1, 3)]
        rules, name, pace = table.rules, table.seats[seat].name, runtime.pace
    return await new_game(service, rules, levels, name, pace)


@router.get("/api/play", response_model=list[GameSummary], tags=["play"])
async def list_games(service: Service, token: Tokens = None) -> list[GameSummary]:
    """The games of the seat tokens sent (``?token=a&token=b``: a browser keeps its own), most recently
    changed first; nobody else's game is listed, and without tokens the list is empty."""
    return [GameSummary.model_validate(s) for s in await run(service.store.summaries, token or [])]


@router.get("/api/play/{game_id}", response_model=TableState, response_model_exclude_unset=True, tags=["play"],
            responses={404: {"model": ReasonOut, "description": "no such game, or no valid token for it"}})
async def game_state(game_id: str, service: Service, token: Token = None) -> TableState:
    """The state as the seat of ``token`` sees it; with a table's spectator token, the public table.
    Without a valid token the game does not exist for the caller (404)."""
    runtime = await runtime_or_404(service, game_id)
    async with runtime.lock:  # the stored table, not one being changed
        await service.ensure_stored(runtime)
        seat = service.seat_of(runtime, token)
        if seat is None and not (token and runtime.table.may_watch(token)):
            raise Refusal(404, "no_game", say("no_game"))
        return TableState.model_validate(runtime.table.state_for(seat))


async def reader_or_404(service: PlayService, game_id: str, token: str | None) -> TableRuntime:
    """A game whose finished deals the caller may read: at a table with friends only with one of its tokens
    (seat or spectator link), so its id alone reads nothing; a game against the computer by its id."""
    runtime = await runtime_or_404(service, game_id)
    if runtime.table.code and service.seat_of(runtime, token) is None and not runtime.table.may_watch(token):
        raise Refusal(404, "no_game", say("no_game"))
    return runtime


def finished_record(runtime: TableRuntime, number: int) -> dict[str, Any]:
    records = runtime.table.finished_records
    if not 1 <= number <= len(records):
        raise Refusal(404, "not_finished", say("deal_not_finished", n=number))
    return records[number - 1]


@router.get("/api/play/{game_id}/deals/{number}", response_model=DealRecord, response_model_exclude_unset=True,
            tags=["play"])
async def deal_record(game_id: str, number: DealNumber, service: Service, token: Token = None) -> DealRecord:
    return DealRecord.model_validate(finished_record(await reader_or_404(service, game_id, token), number))


@router.get("/api/play/{game_id}/review/{number}", response_model=Review, response_model_exclude_unset=True,
            tags=["play"])
async def deal_review(game_id: str, number: DealNumber, service: Service, token: Token = None) -> Review:
    """The double-dummy review of a finished deal.  The analysis runs in the background: until it
    is ready the answer says ``pending`` and the page asks again."""
    runtime = await reader_or_404(service, game_id, token)
    record = finished_record(runtime, number)
    cache = runtime.table.review_cache
    entry = cache.get(number)
    if entry is None:
        entry = cache[number] = asyncio.get_running_loop().create_task(analyse(record, service.thinker))
    if isinstance(entry, asyncio.Task):
        if not entry.done():
            return Review.model_validate({"available": False, "pending": True, "record": record, "cards": []})
        entry = cache[number] = entry.result()
    seat = service.seat_of(runtime, token)
    cards = entry["cards"]
    if entry["available"]:
        whys = deal_reasons(runtime.table.events, number)
        cards = [{**c, "why": whys[i] if i < len(whys) else None} for i, c in enumerate(cards)]
    return Review.model_validate({
        **entry, "cards": cards, "record": record, "pending": False,
        "cost": {s: sum(c["loss"] for c in cards if c["seat"] == s) for s in SEATS} if entry["available"] else None,
        "summary": None if seat is None or not entry["available"] else seat_summary(entry["cards"], seat)})


def deal_reasons(events: list[Any], number: int) -> list[Texts | None]:
    """The reason of each card of deal ``number`` in play order (None: a person's card), from its card
    events; an undo takes back the cards after it."""
    whys: list[Texts | None] = []
    inside = False
    for event in events:
        if event.kind == "deal":
            if inside:
                break
            inside = event.data["deal"] == number
        elif not inside:
            continue
        elif event.kind == "card":
            whys.append(event.data.get("why"))
        elif event.kind == "undo":
            del whys[event.data["plays"]:]
        elif event.kind == "deal_end":
            break
    return whys


@router.get("/play", include_in_schema=False)
def play_page() -> HTMLResponse:
    return page("play.html")


@router.get("/play/{game_id}", include_in_schema=False)
def game_page(game_id: str) -> HTMLResponse:
    """The page of one game (the link of ``POST /api/play``; the token is in the fragment)."""
    return page("play.html")


async def analyse(record: dict[str, Any], thinker: Thinker) -> dict[str, Any]:
    """What each card of a finished deal cost against the best card at that moment (the solver)."""
    if importlib.util.find_spec("numpy") is None:  # the solver needs numpy; without it there is no review
        return {"available": False, "cards": []}
    try:
        cards = await thinker.review(record)
    except (RecordError, ValueError) as exc:
        return {"available": False, "error": str(exc), "cards": []}
    return {"available": True, "cards": cards}


SUMMARY: Table = {
    "all_best": entry("Every card you played was a best card.", "Elke kaart die je speelde was een beste kaart."),
    "costliest": entry(
        "Your cards cost {lost:# point|# points} in all; the costliest was {c_card} in trick {trick} "
        "({loss:# point|# points}): {best_en} would have kept them.",
        "Je kaarten kostten in totaal {lost:# punt|# punten}; het duurst was {c_card} in slag {trick} "
        "({loss:# punt|# punten}): {best_nl} had ze gehouden."),
}


def seat_summary(cards: list[dict[str, Any]], seat: int) -> Texts:
    """In words: what one player's cards cost in this deal, and the costliest one."""
    mine = [c for c in cards if c["seat"] == SEATS[seat]]
    lost = sum(c["loss"] for c in mine)
    if not lost:
        return render_all(SUMMARY, "all_best")
    worst = max(mine, key=lambda c: c["loss"])
    best = {f"best_{lang}": " / ".join(card_words(parse_card(b), lang) for b in worst["best"]) for lang in LANGS}
    return render_all(SUMMARY, "costliest", lost=lost, c_card=parse_card(worst["card"]), trick=worst["trick"],
                      loss=worst["loss"], **best)
