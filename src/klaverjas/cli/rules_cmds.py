"""Rules commands: ``legal``, ``score``, ``replay`` (the JSON-lines contract) and ``demo``."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Mapping
from typing import Any

from klaverjas.core import (
    SEATS,
    TEAMS,
    Deal,
    Rules,
    card_name,
    card_symbol,
    cards_of,
    parse_cards,
    parse_seat,
    parse_suit,
    parse_team,
    refusal,
    score_deal,
)
from klaverjas.core.cards import random_card
from klaverjas.core.reasons import LANGS
from klaverjas.core.record import RecordError, loads, replay, summary
from klaverjas.core.seats import step_of

from .main import CliError
from .plumbing import emit, jsonl, read_text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("legal", help="legal cards for the player to move, with reasons for the others")
    p.add_argument("--rules", default="amsterdam")
    p.add_argument("--trump", help="trump suit: C D H S")
    p.add_argument("--hand", help="the mover's cards, e.g. '7H JH 8C KD'")
    p.add_argument("--trick", default="", help="cards already in the trick, in order from the leader")
    p.add_argument("--seat", default="S", help="the mover's seat, for naming the others in reasons (default S)")
    p.add_argument("--lang", default="en", choices=LANGS)
    p.add_argument("--jsonl", action="store_true", help="read one JSON object per stdin line")
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("score", help="score one deal from card points and roem")
    p.add_argument("--rules", default="amsterdam")
    p.add_argument("--makers", help="the playing team: NS or EW (absent in sa)")
    p.add_argument("--points", action="append", default=[], help="card points of one team: NS=82")
    p.add_argument("--roem", action="append", default=[], help="roem of a team, without the pit bonus: EW=20")
    p.add_argument("--pit", help="the team that took every trick")
    p.add_argument("--verzaakt", help="the team that reneged and was called")
    p.add_argument("--jsonl", action="store_true", help="read one JSON object per stdin line")
    p.set_defaults(func=cmd_score)

    p = sub.add_parser("replay", help="replay a JSON game record trick by trick")
    p.add_argument("file", nargs="?", default="-", help="record file, or - for stdin")
    p.add_argument("--jsonl", action="store_true", help="read one record per stdin line")
    p.add_argument("--details", action="store_true", help="also report verzaakt and (sa) went_on")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("demo", help="play one deal between computer players and print it")
    p.add_argument("--rules", default="amsterdam")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--dealer", default="N")
    p.add_argument("--lang", default="en", choices=LANGS, help="the language of the players' reasons")
    p.set_defaults(func=cmd_demo)


def _text(obj: Mapping[str, Any], key: str, default: str | None = None) -> str | None:
    value = obj.get(key, default)
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return " ".join(value)
    raise CliError(f"field {key!r} must be a string")


# --- legal --------------------------------------------------------------------
def legal_answer(rules_text: str, trump_text: str | None, hand_text: str | None, trick_text: str,
                 seat_text: str = "S", lang: str = "en") -> dict[str, Any]:
    rules = Rules.parse(rules_text)
    if trump_text is None:
        raise CliError("--trump is required (C, D, H or S)")
    if hand_text is None:
        raise CliError("--hand is required")
    if lang not in LANGS:
        raise CliError(f"unknown language {lang!r}: expected en or nl")
    trump = parse_suit(trump_text)
    hand = parse_cards(hand_text)
    trick = parse_cards(trick_text)
    if not 1 <= len(hand) <= 8:
        raise CliError(f"a hand holds 1 to 8 cards, got {len(hand)}")
    if len(trick) > 3:
        raise CliError(f"a trick has at most 3 cards before the mover, got {len(trick)}")
    both = set(hand) & set(trick)
    if both:
        raise CliError(f"card {card_name(min(both))} is both in the hand and in the trick")
    seat = parse_seat(seat_text)
    seats = [(seat - (len(trick) - i) * step_of(rules.direction)) % 4 for i in range(len(trick))]
    mask = sum(1 << c for c in hand)
    legal: list[str] = []
    illegal: dict[str, str] = {}
    for card in hand:
        why = refusal(rules, trump, mask, trick, card, seats)
        if why is None:
            legal.append(card_name(card))
        else:
            illegal[card_name(card)] = why.text(lang)
    return {"legal": legal, "illegal": illegal}


def cmd_legal(args: argparse.Namespace) -> int:
    if args.jsonl:
        return jsonl(lambda o: legal_answer(
            _text(o, "rules", "amsterdam") or "amsterdam", _text(o, "trump"), _text(o, "hand"),
            _text(o, "trick", "") or "", _text(o, "seat", "S") or "S", _text(o, "lang", "en") or "en"))
    emit(legal_answer(args.rules, args.trump, args.hand, args.trick, args.seat, args.lang))
    return 0


# --- score --------------------------------------------------------------------
def _team_values(items: Any, what: str) -> dict[int, int]:
    """``["NS=82"]`` or ``{"NS": 82}`` into {team: value}."""
    pairs: list[tuple[str, Any]]
    if isinstance(items, Mapping):
        pairs = list(items.items())
    elif isinstance(items, list):
        pairs = []
        for item in items:
            team, eq, value = str(item).partition("=")
            if not eq:
                raise CliError(f"{what} {item!r}: expected TEAM=NUMBER, e.g. NS=82")
            pairs.append((team, value))
    elif items is None:
        pairs = []
    else:
        raise CliError(f"{what} must be an object like {{\"NS\": 82}}")
    out: dict[int, int] = {}
    for team_text, value in pairs:
        team_index = parse_team(str(team_text))
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise CliError(f"{what} {team_text}: {value!r} is not a whole number")
        try:
            number = int(value)
        except ValueError:
            raise CliError(f"{what} {team_text}: {value!r} is not a whole number") from None
        if team_index in out:
            raise CliError(f"{what} for {TEAMS[team_index]} given twice")
        out[team_index] = number
    return out


def score_answer(rules_text: str, makers_text: str | None, points_in: Any, roem_in: Any,
                 pit_text: str | None, verzaakt_text: str | None) -> dict[str, Any]:
    rules = Rules.parse(rules_text)
    total = rules.total
    points = _team_values(points_in, "points")
    roem = _team_values(roem_in, "roem")
    if not points:
        raise CliError("points of at least one team are required, e.g. --points NS=82")
    for team, value in points.items():
        if not 0 <= value <= total:
            raise CliError(f"points {TEAMS[team]}={value} outside 0..{total}")
    if len(points) == 1:
        (team, value), = points.items()
        points[1 - team] = total - value
    elif points[0] + points[1] != total and verzaakt_text is None:
        raise CliError(f"points NS={points[0]} and EW={points[1]} do not add up to {total}")
    for team, value in roem.items():
        if value < 0 or value % 10:
            raise CliError(f"roem {TEAMS[team]}={value} is not a non-negative multiple of 10")
    makers = parse_team(makers_text) if makers_text else None
    if makers is None and rules.has_makers:
        raise CliError("--makers is required under these rules (NS or EW)")
    pit = parse_team(pit_text) if pit_text else None
    verzaakt = parse_team(verzaakt_text) if verzaakt_text else None
    result = score_deal(rules, makers, (points[0], points[1]), (roem.get(0, 0), roem.get(1, 0)), pit, verzaakt)
    return result.as_json()


def cmd_score(args: argparse.Namespace) -> int:
    if args.jsonl:
        return jsonl(lambda o: score_answer(
            _text(o, "rules", "amsterdam") or "amsterdam", _text(o, "makers"), o.get("points"), o.get("roem"),
            _text(o, "pit"), _text(o, "verzaakt")))
    emit(score_answer(args.rules, args.makers, args.points, args.roem, args.pit, args.verzaakt))
    return 0


# --- replay -------------------------------------------------------------------
def cmd_replay(args: argparse.Namespace) -> int:
    if args.jsonl:
        return jsonl(lambda o: summary(replay(o), args.details))
    text = read_text(args.file)
    try:
        emit(summary(replay(loads(text)), args.details))
    except RecordError as exc:
        raise CliError(str(exc)) from None
    return 0


# --- demo ---------------------------------------------------------------------
def cmd_demo(args: argparse.Namespace) -> int:
    """One deal between computer players, printed trick by trick with each player's reason for every bid
    and card (what ``make run`` shows for now)."""
    rules = Rules.parse(args.rules)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    deal = Deal.new(rules, parse_seat(args.dealer), rng)
    chooser = _bot_factory(rules, seed)
    out = sys.stdout

    def why(reason: Mapping[str, str] | None) -> str:
        return f"  ({reason[args.lang]})" if reason else ""
    out.write(f"klaverjas demo: rules {rules}, seed {seed}, dealer {SEATS[deal.dealer]}\n")
    for seat in range(4):
        cards = sorted(cards_of(deal.hands[seat]), key=lambda c: (c >> 3, c & 7))
        out.write(f"  {SEATS[seat]}: {' '.join(card_symbol(c) for c in cards)}\n")
    while not deal.selection.done:
        speaker = deal.selection.to_move
        assert speaker is not None
        action, reason = chooser.trump(deal, speaker)
        out.write(f"  {SEATS[speaker]} {action}{why(reason)}\n")
        deal.choose_trump(action)
    maker = deal.selection.maker
    out.write(f"trump {'♣♦♥♠'[deal.trump]}" + (f", chosen by {SEATS[maker]}\n" if maker is not None else "\n"))
    reasons: list[str] = []
    while not deal.is_over:
        seat = deal.turn
        card, reason = chooser.card(deal, seat)
        deal.play(card)
        reasons.append(f"    {SEATS[seat]} {card_symbol(card)}{why(reason)}\n")
        if not deal.trick:
            t = deal.tricks[-1]
            played = "  ".join(f"{SEATS[(t.leader + i * step_of(rules.direction)) % 4]} {card_symbol(c)}"
                               for i, c in enumerate(t.cards))
            roem = f" + {t.roem} roem" if t.roem else ""
            out.write(f"trick {len(deal.tricks)}: {played}  -> {SEATS[t.winner]} {t.points}{roem}\n")
            out.writelines(reasons)
            reasons.clear()
    score = deal.score()
    marks = " (nat)" if score.nat else ""
    marks += f" (pit {TEAMS[score.pit]})" if score.pit is not None else ""
    out.write(f"points NS {deal.points[0]} EW {deal.points[1]}, roem NS {deal.roem[0]} EW {deal.roem[1]}\n")
    out.write(f"score NS {score.scores[0]} EW {score.scores[1]}{marks}\n")
    return 0


class _RandomPlayers:
    """Fallback when the bots package is missing: uniformly random legal decisions."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed ^ 0x5EED)

    def trump(self, deal: Deal, seat: int) -> tuple[Any, None]:
        options = deal.selection.options()
        return options[self.rng.randrange(len(options))], None

    def card(self, deal: Deal, seat: int) -> tuple[int, None]:
        return random_card(deal.legal(), self.rng.random), None


def _bot_factory(rules: Rules, seed: int) -> Any:
    try:
        from klaverjas.bots.demo import DemoPlayers
    except ImportError:
        return _RandomPlayers(seed)
    return DemoPlayers(rules, seed)
