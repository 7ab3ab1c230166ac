"""JSON game records: what happened in one deal, enough to replay it exactly.

A record is a JSON object::

    {"rules": "amsterdam", "dealer": "N",
     "hands": {"N": "AS KS ...", "E": "...", "S": "...", "W": "..."},
     "proposed": "H",                         # proposed/turned modes: the suit on offer
     "trump_selection": [{"seat": "E", "action": "pass"}, {"seat": "S", "action": "play"}],
     "trump": "H", "maker": "S",              # maker absent where nobody chooses (sa)
     "plays": ["AS", "7S", "QH", ...],        # every card in play order
     "claims": [{"after": 4, "seat": "N", "roem": 20}],   # claimed roem, after that many cards
     "calls": [{"after": 9, "seat": "E"}],    # verzaakt calls (illegal_cards=allow)
     "carry": {"NS": 62, "EW": 82}}           # sa: totals carried over (ou jol)

Only ``rules``, ``dealer``, ``hands``, ``trump`` (or the selection events), ``maker`` and
``plays`` are required.  This module builds and checks dicts; reading and writing
files is the caller's business.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .cards import SUITS, CardError, card_name, cards_text, parse_card, parse_cards, parse_suit
from .rules import Rules, RulesError
from .seats import SEATS, TEAMS, SeatError, parse_seat
from .state import Deal, IllegalCard, PlayError
from .trump import PASS, PLAY, TrumpAction, TrumpError, choose


class RecordError(ValueError):
    """A record that is malformed or describes something impossible; the message says where."""


def _field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"record: missing field {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise RecordError(f"record: field {key!r} has the wrong type ({type(value).__name__})")
    return value


def _action(event: Any, index: int) -> tuple[int, TrumpAction]:
    if not isinstance(event, Mapping):
        raise RecordError(f"record: trump_selection[{index}] must be an object")
    seat = parse_seat(str(event.get("seat", "")))
    kind = event.get("action")
    if kind == "pass":
        return seat, PASS
    if kind == "play":
        return seat, PLAY
    if kind == "choose":
        return seat, choose(parse_suit(str(event.get("suit", ""))))
    raise RecordError(f"record: trump_selection[{index}].action {kind!r}: expected pass, play or choose")


def start_deal(data: Mapping[str, Any], partial: bool = False) -> Deal:
    """A :class:`Deal` set up from a record up to the first card (trump known).

    With ``partial`` a record may stop during the trump selection (a game in progress)."""
    if not isinstance(data, Mapping):
        raise RecordError("record: expected a JSON object")
    try:
        rules = Rules.parse(_field(data, "rules", str))
        dealer = parse_seat(_field(data, "dealer", str))
        hands_field = _field(data, "hands", Mapping)
        hands = []
        for seat in SEATS:
            if seat not in hands_field:
                raise RecordError(f"record: hands has no hand for {seat}")
            text = hands_field[seat]
            cards = parse_cards(text if isinstance(text, str) else [str(t) for t in text])
            if len(cards) != 8:
                raise RecordError(f"record: hand {seat} has {len(cards)} cards, expected 8")
            hands.append(sum(1 << c for c in cards))
        extra = set(hands_field) - set(SEATS)
        if extra:
            raise RecordError(f"record: hands has unknown seat {sorted(extra)[0]!r}")
        proposed = data.get("proposed")
        proposed_suit = parse_suit(proposed) if isinstance(proposed, str) else None
        trump_text = data.get("trump")
        trump = parse_suit(trump_text) if isinstance(trump_text, str) else None
        if proposed_suit is None and rules.deals_suit:
            proposed_suit = trump  # the offer is not recorded; any suit works for replaying the outcome
            if proposed_suit is None:
                raise RecordError("record: missing field 'trump'")
        carry_field = data.get("carry") or {}
        carry = (int(carry_field.get("NS", 0)), int(carry_field.get("EW", 0)))
        deal = Deal(rules, dealer, hands, proposed_suit, carry)
        if rules.trump_selection == "last_card" and trump is not None and deal.selection.trump != trump:
            raise RecordError(f"record: trump {SUITS[trump]} differs from the face-up suit")
        events = data.get("trump_selection")
        maker_text = data.get("maker")
        if events:
            if not isinstance(events, list):
                raise RecordError("record: trump_selection must be a list")
            for i, event in enumerate(events):
                speaker, action = _action(event, i)
                if deal.selection.to_move != speaker:
                    raise RecordError(f"record: trump_selection[{i}]: it is not {SEATS[speaker]}'s turn")
                try:
                    deal.choose_trump(action)
                except TrumpError as exc:
                    raise RecordError(f"record: trump_selection[{i}]: {exc}") from None
            if not deal.selection.done:
                if partial:
                    return deal
                raise RecordError("record: trump_selection ends before trump is chosen")
            if trump is not None and deal.trump != trump:
                raise RecordError(f"record: trump {SUITS[trump]} differs from the trump_selection outcome")
            if isinstance(maker_text, str) and parse_seat(maker_text) != deal.selection.maker:
                raise RecordError("record: maker differs from the trump_selection outcome")
        elif not deal.selection.done:
            if trump is None and partial:
                return deal
            if trump is None:
                raise RecordError("record: missing field 'trump'")
            if not rules.has_makers:
                deal.set_trump(trump, None)
            else:
                if not isinstance(maker_text, str):
                    raise RecordError("record: missing field 'maker' (the seat that chose trump)")
                deal.set_trump(trump, parse_seat(maker_text))
        return deal
    except (CardError, RulesError, SeatError, PlayError) as exc:
        raise RecordError(f"record: {exc}") from None


def replay(data: Mapping[str, Any], partial: bool = False) -> Deal:
    """Replay a record to its last card, checking every play (``partial``: see :func:`start_deal`)."""
    deal = start_deal(data, partial)
    if not deal.selection.done:
        return deal
    plays = _field(data, "plays", list)
    if len(plays) > 32:
        raise RecordError(f"record: {len(plays)} plays, a deal has 32 cards")
    claims = {int(c.get("after", -1)): c for c in data.get("claims") or [] if isinstance(c, Mapping)}
    calls = {int(c.get("after", -1)): c for c in data.get("calls") or [] if isinstance(c, Mapping)}
    for i, text in enumerate(plays):
        _apply_calls(deal, i, claims, calls)
        if deal.is_over:
            raise RecordError(f"record: play {i + 1} ({text}) comes after the deal ended")
        trick_no = len(deal.tricks) + 1
        seat = deal.turn
        try:
            card = parse_card(str(text))
        except CardError as exc:
            raise RecordError(f"record: play {i + 1} in trick {trick_no}: {exc}") from None
        if not deal.hands[seat] >> card & 1:
            where = next((SEATS[s] for s in range(4) if deal.initial[s] >> card & 1), None)
            held = f"; it was dealt to {where}" if where and where != SEATS[seat] else ""
            raise RecordError(f"record: play {i + 1} in trick {trick_no}: {SEATS[seat]} does not hold "
                              f"{card_name(card)}{held}")
        try:
            deal.play(card)
        except IllegalCard as exc:
            raise RecordError(f"record: illegal play in trick {trick_no} ({cards_text(deal.trick + [card])}) by "
                              f"{SEATS[seat]}: {card_name(card)}: {exc.refusal.text('en')}") from None
    _apply_calls(deal, len(plays), claims, calls)
    return deal


def _apply_calls(deal: Deal, index: int, claims: Mapping[int, Any], calls: Mapping[int, Any]) -> None:
    try:
        if index in claims:
            claim = claims[index]
            deal.claim_roem(parse_seat(str(claim.get("seat", ""))), int(claim.get("roem", 0)))
        if index in calls:
            deal.call_verzaakt(parse_seat(str(calls[index].get("seat", ""))))
    except (PlayError, SeatError, ValueError) as exc:
        raise RecordError(f"record: after {index} cards: {exc}") from None


def to_record(deal: Deal) -> dict[str, Any]:
    """The record of a deal as far as it has been played."""
    rules = deal.rules
    data: dict[str, Any] = {
        "rules": str(rules),
        "dealer": SEATS[deal.dealer],
        "hands": {SEATS[s]: cards_text(deal.initial[s]) for s in range(4)},
    }
    sel = deal.selection
    if sel.proposed is not None and rules.offers_suit:
        data["proposed"] = SUITS[sel.proposed]
    if sel.events:
        data["trump_selection"] = [{"seat": SEATS[s], **a.as_json()} for s, a in sel.events]
    if deal.trump >= 0:
        data["trump"] = SUITS[deal.trump]
    if sel.maker is not None:
        data["maker"] = SEATS[sel.maker]
    data["plays"] = [card_name(c) for _, c in deal.plays]
    if deal.claims:
        data["claims"] = [{"after": i, "seat": SEATS[s], "roem": r} for i, s, r in deal.claims]
    if deal.verzaakt is not None:
        data["calls"] = [{"after": len(deal.plays), "seat": SEATS[(deal.verzaakt + 1) % 2]}]
    if any(deal.carry):
        data["carry"] = {"NS": deal.carry[0], "EW": deal.carry[1]}
    return data


def summary(deal: Deal, details: bool = False) -> dict[str, Any]:
    """The replay answer: tricks, points, roem, score, nat and pit (the CLI contract, exactly these keys);
    ``details`` adds ``verzaakt`` and, in strokes matches, ``went_on``."""
    out: dict[str, Any] = {
        "tricks": [t.as_json() for t in deal.tricks],
        "points": {TEAMS[0]: deal.points[0], TEAMS[1]: deal.points[1]},
        "roem": {TEAMS[0]: deal.roem[0], TEAMS[1]: deal.roem[1]},
    }
    if deal.is_over:
        score = deal.score()
        out["score"] = {TEAMS[0]: score.scores[0], TEAMS[1]: score.scores[1]}
        out["nat"] = score.nat
        out["pit"] = None if score.pit is None else TEAMS[score.pit]
        if details:
            out["verzaakt"] = None if score.verzaakt is None else TEAMS[score.verzaakt]
    else:
        out["score"] = None
        out["nat"] = False
        out["pit"] = None
    if details and deal.rules.match_end_kind[0] == "strokes":
        on = deal.went_on
        out["went_on"] = None if on is None else {"team": TEAMS[on[0]], "strokes": on[1], "trick": on[2] + 1}
    return out


def dumps(data: Mapping[str, Any]) -> str:
    """A record as JSON text (non-ASCII suit symbols kept)."""
    return json.dumps(data, ensure_ascii=False)


def loads(text: str) -> dict[str, Any]:
    """A record from JSON text; raises :class:`RecordError` on text that is not a JSON object."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"record: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    if not isinstance(data, dict):
        raise RecordError("record: expected a JSON object")
    return data
