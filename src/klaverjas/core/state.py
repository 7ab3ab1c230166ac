"""One deal from the deal to the score: trump selection, play, roem, undo.

:class:`Deal` is the single game-state object the bots, solver, CLI and
server use.  The hot path (:meth:`Deal.legal`, :meth:`Deal.play_unchecked`,
:meth:`Deal.undo`) works on masks and precomputed tables only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import RANKS, SUIT_MASKS, SUITS, Card, CardSet, card_name
from .play import PlayRules, Refusal, legal_mask, refusal
from .roem import STUK, Roemte, has_sturk, quartet_values, scoring_roemtes, trick_roem
from .rules import Rules
from .scoring import DealScore, going_on, score_deal
from .seats import SEATS, TEAMS, first_lead, step_of
from .tables import TABLES
from .trump import TrumpAction, TrumpSelection


class PlayError(ValueError):
    """A play or call the deal does not allow now; the message says why."""


class IllegalCard(PlayError):
    """A card the rules refuse; carries the :class:`Refusal` with the reason chain."""

    def __init__(self, refusal: Refusal, seat: int):
        self.refusal = refusal
        self.seat = seat
        super().__init__(f"{SEATS[seat]} may not play {card_name(refusal.card)}: {refusal.text('en')}")


@dataclass(frozen=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int  # card points, with the last-trick bonus on the eighth trick
    roem: int  # trick roem (Dutch) or hand roem credited at this trick (S000)

    def as_json(self) -> dict[str, object]:
        return {"leader": SEATS[self.leader], "cards": [card_name(c) for c in self.cards],
                "winner": SEATS[self.winner], "points": self.points, "roem": self.roem}


def deal_hands(rules: Rules, dealer: int, rng: random.Random) -> tuple[list[CardSet], Card]:
    """Shuffle and deal in the variant's batches from the first lead seat; returns the hands and the
    last card dealt (the dealer's, face up in ``last_card`` trump selection)."""
    deck = list(range(32))
    rng.shuffle(deck)
    return hands_from_deck(rules, dealer, deck), deck[31]


def hands_from_deck(rules: Rules, dealer: int, deck: Sequence[Card]) -> list[CardSet]:
    hands = [0, 0, 0, 0]
    step = step_of(rules.direction)
    pos = 0
    for size in rules.batch_sizes:
        seat = dealer
        for _ in range(4):
            seat = (seat + step) % 4
            for _ in range(size):
                hands[seat] |= 1 << deck[pos]
                pos += 1
    return hands


class Deal:
    """A deal in progress.  Seats and teams are ints (see :mod:`klaverjas.core.seats`)."""

    def __init__(self, rules: Rules, dealer: int, hands: Sequence[CardSet], proposed: int | None = None,
                 carry: Sequence[int] = (0, 0)):
        if len(hands) != 4:
            raise PlayError(f"a deal needs 4 hands, got {len(hands)}")
        seen = 0
        for seat, hand in enumerate(hands):
            if hand.bit_count() != 8:
                raise PlayError(f"hand {SEATS[seat]} has {hand.bit_count()} cards, expected 8")
            if seen & hand:
                raise PlayError(f"card {card_name((seen & hand).bit_length() - 1)} is dealt twice")
            seen |= hand
        self.rules = rules
        self.dealer = dealer
        self.initial = tuple(hands)
        self.hands = list(hands)
        self.selection = TrumpSelection(rules, dealer, proposed)
        self.carry = (carry[0], carry[1])
        self._tables = TABLES[rules.values]
        self._pr = PlayRules.of(rules)
        self._quartets = quartet_values(rules)
        self._step = step_of(rules.direction)
        self._claimed = rules.roem_claim == "claimed" and rules.roem == "trick"
        self.trump = -1
        self.makers: int | None = None
        self.leader = self.turn = first_lead(dealer, rules.direction)
        self.trick: list[Card] = []
        self.win = -1
        self.win_seat = -1
        self.points = [0, 0]
        self.roem = [0, 0]
        self.tricks_won = [0, 0]
        self.tricks: list[Trick] = []
        self.plays: list[tuple[int, Card]] = []
        self.illegal_plays: list[tuple[int, int, Card]] = []  # (play index, seat, card)
        self.verzaakt: int | None = None
        self.pending_roem: tuple[int, int] | None = None  # (team, roem) awaiting a claim
        self.claims: list[tuple[int, int, int]] = []  # (play index, seat, roem)
        self.went_on: tuple[int, int, int] | None = None  # S000: (team, strokes, trick index)
        self._undo: list[tuple[int, int, tuple[int, int] | None, tuple[int, int, int] | None, bool]] = []
        self._roemtes: list[Roemte] = []
        self._sturk: dict[int, int] = {}  # trump suit holder seat -> roem
        if self.selection.done:
            self._start_play()

    # --- construction -------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, dealer: int, seed: int | random.Random | None = None,
            carry: Sequence[int] = (0, 0)) -> Deal:
        """Deal at random (reproducible for a seed) and propose trump as the mode needs."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        hands, last = deal_hands(rules, dealer, rng)
        mode = rules.trump_selection
        proposed = last >> 3 if mode == "last_card" else rng.randrange(4) if mode in ("proposed", "turned") else None
        deal = cls(rules, dealer, hands, proposed, carry)
        if mode == "turned":
            deal.turned_rank = rng.choice("23456")
        return deal

    turned_rank: str = ""

    @property
    def face_up(self) -> str | None:
        """The card shown during trump selection: the turned card (2-6) or the dealer's last card."""
        if self.rules.trump_selection == "turned" and self.selection.proposed is not None:
            return f"{self.turned_rank or '2'}{SUITS[self.selection.proposed]}"
        return None

    # --- trump ---------------------------------------------------------
    def choose_trump(self, action: TrumpAction) -> None:
        if self.selection.done:
            raise PlayError("trump has already been chosen")
        self.selection.act(action)
        if self.selection.done:
            self._start_play()

    def set_trump(self, trump: int, maker: int | None) -> None:
        """Skip the selection: trump and maker are known (records, solver, score checks)."""
        self.selection.trump = trump
        self.selection.maker = maker
        self.selection.to_move = None
        self._start_play()

    def _start_play(self) -> None:
        trump = self.selection.trump
        assert trump is not None
        self.trump = trump
        maker = self.selection.maker
        self.makers = None if maker is None or not self.rules.has_makers else maker & 1
        self._above = self._tables.above[trump]
        self._points = self._tables.points[trump]
        if self.rules.roem == "hand":
            order = [(self.leader + i * self._step) % 4 for i in range(4)]
            self._roemtes = scoring_roemtes(self.initial, order, trump)
            self._sturk = {s: 20 for s in range(4) if has_sturk(self.initial[s], trump)}

    @property
    def phase(self) -> str:
        if not self.selection.done:
            return "trump"
        return "done" if self.is_over else "play"

    # --- play ----------------------------------------------------------
    def legal(self) -> CardSet:
        """Cards the player to move may play (a mask)."""
        trick = self.trick
        if not trick:
            return self.hands[self.turn]
        return legal_mask(self.hands[self.turn], trick[0] >> 3, self.win, self.win_seat == self.turn ^ 2,
                          self.trump, self._above, self._pr)

    def why_not(self, card: Card) -> Refusal | None:
        seats = [(self.leader + i * self._step) % 4 for i in range(len(self.trick))]
        return refusal(self.rules, self.trump, self.hands[self.turn], self.trick, card, seats)

    def play(self, card: Card) -> None:
        """Play a card for the player to move, refusing (or with ``illegal_cards=allow`` recording)
        an illegal one."""
        if self.trump < 0:
            raise PlayError("trump has not been chosen yet")
        if self.is_over:
            raise PlayError("the deal is over")
        seat = self.turn
        if not self.hands[seat] >> card & 1:
            raise PlayError(f"{SEATS[seat]} does not hold {card_name(card)}")
        if not self.legal() >> card & 1:
            reason = self.why_not(card)
            assert reason is not None
            if self.rules.illegal_cards == "refuse":
                raise IllegalCard(reason, seat)
            self.illegal_plays.append((len(self.plays), seat, card))
        self.play_unchecked(card)

    def play_unchecked(self, card: Card) -> None:
        """Play a card known to be legal (search and playouts)."""
        seat = self.turn
        trick = self.trick
        self._undo.append((self.win, self.win_seat, self.pending_roem, self.went_on, False))
        self.pending_roem = None
        self.hands[seat] ^= 1 << card
        self.plays.append((seat, card))
        if not trick:
            self.win, self.win_seat = card, seat
        else:
            win = self.win
            if self._above[win] >> card & 1 or (card >> 3 == self.trump and win >> 3 != self.trump):
                self.win, self.win_seat = card, seat
        trick.append(card)
        if len(trick) < 4:
            self.turn = (seat + self._step) & 3
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        pts = self._points
        winner = self.win_seat
        team = winner & 1
        index = len(self.tricks)
        points = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        if index == 7:
            points += self._tables.last_trick
        if self.rules.roem == "trick":
            roem = trick_roem(trick, self.trump, self._quartets)
        else:
            roem = 0
        credited = roem
        if roem and self._claimed:
            self.pending_roem = (team, roem)
            credited = 0
        self.points[team] += points
        self.tricks_won[team] += 1
        if self.rules.roem == "hand":
            credited = self._hand_roem_at(index, trick)
            for r_team, amount in credited:
                self.roem[r_team] += amount
            credited_total = sum(a for _, a in credited)
        else:
            self.roem[team] += credited
            credited_total = credited
        self.tricks.append(Trick(self.leader, tuple(trick), winner, points, credited_total))
        u = self._undo[-1]
        self._undo[-1] = (u[0], u[1], u[2], u[3], True)
        self.trick = []
        self.leader = self.turn = winner
        if self.rules.match_end_kind[0] == "strokes" and self.went_on is None:
            on = going_on(self.rules, self.running_totals)
            if on is not None:
                self.went_on = (on[0], on[1], index)

    def _hand_roem_at(self, index: int, trick: Sequence[Card]) -> list[tuple[int, int]]:
        """S000 roemtes count from the end of the first trick; Sturk from the trick it is declared in."""
        out: list[tuple[int, int]] = []
        if index == 0:
            out.extend((r.seat & 1, r.value) for r in self._roemtes)
        stuk = STUK[self.trump]
        for holder in self._sturk:
            before = 0
            for t in self.tricks:
                before |= sum(1 << c for c in t.cards)
            now = sum(1 << c for c in trick)
            if not before & stuk and now & stuk:
                out.append((holder & 1, 20))
        return out

    def undo(self) -> Card:
        """Take back the last card; returns it."""
        if not self.plays:
            raise PlayError("no card to undo")
        seat, card = self.plays.pop()
        win, win_seat, pending, went_on, completed = self._undo.pop()
        if completed:
            t = self.tricks.pop()
            team = t.winner & 1
            self.points[team] -= t.points
            self.tricks_won[team] -= 1
            if self.rules.roem == "hand":
                for r_team, amount in self._hand_roem_at(len(self.tricks), t.cards):
                    self.roem[r_team] -= amount
            else:
                self.roem[team] -= t.roem
            self.trick = list(t.cards[:3])
            self.leader = t.leader
            for ci, (c_play, c_seat, c_roem) in enumerate(self.claims):
                if c_play >= len(self.plays):
                    del self.claims[ci:]
                    break
        else:
            self.trick.pop()
        if self.illegal_plays and self.illegal_plays[-1][0] == len(self.plays):
            self.illegal_plays.pop()
        self.hands[seat] |= 1 << card
        self.win, self.win_seat, self.pending_roem, self.went_on = win, win_seat, pending, went_on
        self.turn = seat
        return card

    # --- claims and calls ---------------------------------------------
    def claim_roem(self, seat: int, amount: int) -> None:
        """Claimed roem: the trick winner's team claims the roem of the trick just completed."""
        if not self._claimed:
            raise PlayError("roem is counted automatically under these rules; nothing to claim")
        pending = self.pending_roem
        if pending is None:
            last = self.tricks[-1] if self.tricks else None
            if last is None or trick_roem(last.cards, self.trump, self._quartets) == 0:
                raise PlayError("the last trick holds no roem")
            raise PlayError("the roem of the last trick can no longer be claimed")
        team, roem = pending
        if seat & 1 != team:
            raise PlayError(f"the roem belongs to {TEAMS[team]}, who won the trick")
        if amount != roem:
            raise PlayError(f"the last trick holds {roem} roem, not {amount}")
        self.roem[team] += roem
        self.pending_roem = None
        self.claims.append((len(self.plays), seat, roem))
        # Keep the undo record consistent: the trick's credited roem now includes the claim.
        t = self.tricks[-1]
        self.tricks[-1] = Trick(t.leader, t.cards, t.winner, t.points, t.roem + roem)

    def call_verzaakt(self, seat: int) -> int:
        """``seat`` calls a renege by the other team; returns the offending team or raises if none."""
        if self.rules.illegal_cards != "allow":
            raise PlayError("illegal cards are refused under these rules, so nobody can renege")
        if self.verzaakt is not None:
            raise PlayError("a renege has already been called")
        offenders = [(i, s, c) for i, s, c in self.illegal_plays if s & 1 != seat & 1]
        if not offenders:
            raise PlayError(f"no renege by {TEAMS[1 - (seat & 1)]} in this deal")
        self.verzaakt = 1 - (seat & 1)
        return self.verzaakt

    # --- results -------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 8 or self.verzaakt is not None

    @property
    def running_totals(self) -> tuple[int, int]:
        """Carry-over plus card points and credited roem so far (S000's count)."""
        return (self.carry[0] + self.points[0] + self.roem[0], self.carry[1] + self.points[1] + self.roem[1])

    @property
    def pit(self) -> int | None:
        if len(self.tricks) == 8 and self.rules.pit_bonus:
            for team in (0, 1):
                if self.tricks_won[team] == 8:
                    return team
        return None

    def score(self) -> DealScore:
        if not self.is_over:
            raise PlayError("the deal is not over")
        makers = self.makers if self.rules.has_makers else None
        return score_deal(self.rules, makers, self.points, self.roem, self.pit, self.verzaakt)

    def seat_of_trick_card(self, position: int) -> int:
        return (self.leader + position * self._step) % 4


__all__ = ["Deal", "Trick", "PlayError", "IllegalCard", "deal_hands", "hands_from_deck",
           "RANKS", "SUIT_MASKS"]
