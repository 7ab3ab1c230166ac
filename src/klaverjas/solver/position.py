"""A position for the solver: the cards still held, the current trick and what each team took.

Positions come from JSON (the ``klaverjas solve`` contract) or from a :class:`~klaverjas.core.Deal`
in progress.  :meth:`Position.play` plays one card with the core rules and is what the reference
minimax, the analysis and the tests walk positions with; the fast search never builds these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from klaverjas.core.cards import Card, CardSet, card_name, cards_of, parse_cards, parse_hand, parse_suit
from klaverjas.core.play import legal_for, trick_view
from klaverjas.core.roem import quartet_values, trick_roem
from klaverjas.core.rules import Rules
from klaverjas.core.scoring import score_deal
from klaverjas.core.seats import SEATS, TEAMS, parse_seat, parse_team, step_of
from klaverjas.core.state import Deal
from klaverjas.core.tables import TABLES


class PositionError(ValueError):
    """A position that cannot occur or is badly written; the message names the field."""


@dataclass(frozen=True)
class Position:
    """``hands`` hold the cards not yet played; ``trick`` the cards of the current trick in order
    from ``leader``; ``points``/``roem``/``tricks`` what NS and EW took in completed tricks (roem
    without the pit bonus, which :meth:`final_scores` adds)."""

    rules: Rules
    trump: int
    makers: int | None
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    leader: int
    trick: tuple[Card, ...] = ()
    points: tuple[int, int] = (0, 0)
    roem: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        self.validate()

    # --- derived ----------------------------------------------------------
    @property
    def step(self) -> int:
        return step_of(self.rules.direction)

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick) * self.step) % 4

    @property
    def tricks_left(self) -> int:
        """Tricks not yet completed, the current one included."""
        return 8 - self.tricks[0] - self.tricks[1]

    @property
    def is_over(self) -> bool:
        return self.tricks_left == 0

    def legal(self) -> CardSet:
        if self.is_over:
            return 0
        return legal_for(self.rules, self.trump, self.hands[self.turn], self.trick)

    def validate(self) -> None:
        if not 0 <= self.trump < 4:
            raise PositionError(f"trump {self.trump} is not a suit")
        if self.rules.has_makers and self.makers not in (0, 1, None):
            raise PositionError(f"makers {self.makers!r} is not a team")
        if not 0 <= self.leader < 4:
            raise PositionError(f"leader {self.leader} is not a seat")
        seen = 0
        for hand in self.hands:
            if seen & hand:
                raise PositionError(f"card {card_name((seen & hand).bit_length() - 1)} is in two hands")
            seen |= hand
        for card in self.trick:
            if seen >> card & 1:
                raise PositionError(f"card {card_name(card)} is both in the trick and in a hand")
            seen |= 1 << card
        if len(self.trick) > 3:
            raise PositionError(f"the trick holds {len(self.trick)} cards; a completed trick belongs in 'won'")
        for team in (0, 1):
            if self.tricks[team] < 0 or self.points[team] < 0 or self.roem[team] < 0:
                raise PositionError(f"won {TEAMS[team]}: negative figures")
            if self.roem[team] % 10:
                raise PositionError(f"won {TEAMS[team]} roem={self.roem[team]} is not a multiple of 10")
        done = self.tricks[0] + self.tricks[1]
        if done > 8:
            raise PositionError(f"won tricks add up to {done}, more than 8")
        left = 8 - done
        for i in range(4):
            seat = (self.leader + i * self.step) % 4
            want = left - (1 if i < len(self.trick) else 0)
            got = self.hands[seat].bit_count()
            if got != want:
                raise PositionError(f"hand {SEATS[seat]} holds {got} cards; with {done} tricks won and "
                                    f"{len(self.trick)} in the trick it should hold {want}")
        if left == 0 and self.trick:
            raise PositionError("all 8 tricks are won but a trick is in progress")
        tables = TABLES[self.rules.values]
        played = ((1 << 32) - 1) & ~seen
        played_points = sum(tables.points[self.trump][c] for c in cards_of(played))
        if left == 0:
            played_points += tables.last_trick
        if self.points[0] + self.points[1] != played_points:
            raise PositionError(f"won points NS={self.points[0]} + EW={self.points[1]} should add up to "
                                f"{played_points}, the points of the cards already played")
        # The trick so far must have been legal, or the position cannot arise.
        hands = list(self.hands)
        for i, card in enumerate(self.trick):
            seat = (self.leader + i * self.step) % 4
            held = hands[seat] | 1 << card
            if not legal_for(self.rules, self.trump, held, self.trick[:i]) >> card & 1:
                raise PositionError(f"{SEATS[seat]} may not play {card_name(card)} in this trick")

    # --- play -------------------------------------------------------------
    def play(self, card: Card) -> Position:
        """The position after the player to move plays ``card`` (which must be legal)."""
        if not self.legal() >> card & 1:
            raise PositionError(f"{SEATS[self.turn]} may not play {card_name(card)} now")
        hands = list(self.hands)
        hands[self.turn] ^= 1 << card
        trick = self.trick + (card,)
        if len(trick) < 4:
            return replace(self, hands=(hands[0], hands[1], hands[2], hands[3]), trick=trick)
        tables = TABLES[self.rules.values]
        view = trick_view(trick[:3], self.trump, tables)
        win_pos = view.win_pos
        if tables.above[self.trump][view.win] >> card & 1 or (card >> 3 == self.trump and
                                                              view.win >> 3 != self.trump):
            win_pos = 3
        winner = (self.leader + win_pos * self.step) % 4
        team = winner & 1
        pts = sum(tables.points[self.trump][c] for c in trick)
        if self.tricks[0] + self.tricks[1] == 7:
            pts += tables.last_trick
        roem = trick_roem(trick, self.trump, quartet_values(self.rules)) if self.rules.roem == "trick" else 0
        points, rm, tricks = list(self.points), list(self.roem), list(self.tricks)
        points[team] += pts
        rm[team] += roem
        tricks[team] += 1
        return Position(self.rules, self.trump, self.makers, (hands[0], hands[1], hands[2], hands[3]), winner, (),
                        (points[0], points[1]), (rm[0], rm[1]), (tricks[0], tricks[1]))

    def pit(self) -> int | None:
        if self.is_over and self.rules.pit_bonus:
            for team in (0, 1):
                if self.tricks[team] == 8:
                    return team
        return None

    def totals(self) -> tuple[int, int]:
        """Card points plus roem plus any pit bonus so far, per team."""
        t = [self.points[0] + self.roem[0], self.points[1] + self.roem[1]]
        pit = self.pit()
        if pit is not None:
            t[pit] += self.rules.pit_bonus
        return t[0], t[1]

    def final_value(self, objective: str, start: Position) -> int:
        """The objective's value of this finished position, seen from ``start``."""
        if objective == "points":
            a, b = self.totals()
            s0, s1 = start.totals()
            return (a - b) - (s0 - s1)
        if self.rules.has_makers:
            if self.makers is None:
                raise PositionError("makers missing: these rules have a playing team (give \"makers\")")
            score = score_deal(self.rules, self.makers, self.points, self.roem, self.pit())
            return score.scores[0] - score.scores[1]
        a, b = self.totals()
        return a - b

    # --- conversions ------------------------------------------------------
    @classmethod
    def from_deal(cls, deal: Deal) -> Position:
        """The position of a core :class:`Deal` in play (hand roem already credited stays in ``roem``)."""
        if deal.trump < 0:
            raise PositionError("trump has not been chosen yet")
        h = deal.hands
        return cls(deal.rules, deal.trump, deal.makers, (h[0], h[1], h[2], h[3]), deal.leader, tuple(deal.trick),
                   (deal.points[0], deal.points[1]), (deal.roem[0], deal.roem[1]),
                   (deal.tricks_won[0], deal.tricks_won[1]))

    @classmethod
    def from_json(cls, data: Any) -> Position:
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
        unknown = set(data) - {"rules", "trump", "makers", "hands", "leader", "trick", "won"}
        if unknown:
            raise PositionError(f"unknown field {sorted(unknown)[0]!r} in position")
        rules = Rules.parse(_text(data, "rules", "amsterdam"))
        if "trump" not in data:
            raise PositionError("missing field 'trump'")
        trump = parse_suit(_text(data, "trump"))
        makers_text = data.get("makers")
        if makers_text is not None and not isinstance(makers_text, str):
            raise PositionError("'makers' must be \"NS\", \"EW\" or null")
        makers = parse_team(makers_text) if makers_text else None
        if not rules.has_makers:
            makers = None
        hands_data = data.get("hands")
        if not isinstance(hands_data, Mapping) or set(hands_data) != set(SEATS):
            raise PositionError("'hands' must be an object with keys N, E, S, W")
        hands = []
        for seat in SEATS:
            text = hands_data[seat]
            if not isinstance(text, str | list):
                raise PositionError(f"hand {seat} must be a string of cards")
            hands.append(parse_hand(text))
        if "leader" not in data:
            raise PositionError("missing field 'leader'")
        leader = parse_seat(_text(data, "leader"))
        trick_data = data.get("trick", "")
        if not isinstance(trick_data, str | list):
            raise PositionError("'trick' must be a string of cards")
        trick = tuple(parse_cards(trick_data))
        won = data.get("won", {})
        if not isinstance(won, Mapping) or not set(won) <= {"NS", "EW"}:
            raise PositionError("'won' must be an object with keys NS and EW")
        figures = {}
        for team in ("NS", "EW"):
            entry = won.get(team, {})
            if not isinstance(entry, Mapping) or not set(entry) <= {"points", "roem", "tricks"}:
                raise PositionError(f"won {team} must be an object with points, roem and tricks")
            for key in ("points", "roem", "tricks"):
                value = entry.get(key, 0)
                if not isinstance(value, int) or isinstance(value, bool):
                    raise PositionError(f"won {team} {key} must be a whole number")
                figures[team, key] = value
        return cls(rules, trump, makers, (hands[0], hands[1], hands[2], hands[3]), leader, trick,
                   (figures["NS", "points"], figures["EW", "points"]), (figures["NS", "roem"], figures["EW", "roem"]),
                   (figures["NS", "tricks"], figures["EW", "tricks"]))

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": str(self.rules), "trump": "CDHS"[self.trump],
            "makers": None if self.makers is None else TEAMS[self.makers],
            "hands": {SEATS[s]: " ".join(card_name(c) for c in cards_of(self.hands[s])) for s in range(4)},
            "leader": SEATS[self.leader], "trick": " ".join(card_name(c) for c in self.trick),
            "won": {TEAMS[t]: {"points": self.points[t], "roem": self.roem[t], "tricks": self.tricks[t]}
                    for t in (0, 1)},
        }


def _text(data: Mapping[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise PositionError(f"'{key}' must be a string")
    return value
