"""One deal from the deal to the score: trump selection, play, roem, undo.

:class:`Deal` is the single game-state object the bots, solver, CLI and
server use.  The hot path (:meth:`Deal.legal`, :meth:`Deal.play_unchecked`,
:meth:`Deal.undo`) works on masks and precomputed tables only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from .cards import _BYTE_CARDS as BYTE_CARDS
from .cards import RANKS, SUIT_MASKS, SUITS, Card, CardSet, card_name, random_card
from .play import PlayRules, Refusal, legal_mask, refusal, trick_view
from .reasons import ReasonedError, team_facts
from .roem import STUK, Roemte, four_card_roem, has_sturk, quartet_values, scoring_roemtes, trick_roem
from .rules import Rules
from .scoring import DealScore, going_on, score_deal
from .seats import SEATS, step_of
from .tables import TABLES, ValueTables
from .texts import LANGS
from .trump import TrumpAction, TrumpSelection


class PlayError(ReasonedError):
    """A play or call the deal does not allow now; the message says why (``text`` in every language where a
    person can meet it)."""


class IllegalCard(PlayError):
    """A card the rules refuse; carries the :class:`Refusal` with the reason chain."""

    def __init__(self, refusal: Refusal, seat: int):
        self.refusal = refusal
        self.seat = seat
        super().__init__(f"{SEATS[seat]} may not play {card_name(refusal.card)}: {refusal.text('en')}")
        self.text = {lang: refusal.text(lang) for lang in LANGS}


class Trick(NamedTuple):
    """A completed trick."""

    leader: int
    cards: tuple[int, ...]  # in play order, the leader's first
    winner: int
    points: int  # card points, with the last-trick bonus on the eighth trick
    roem: int  # trick roem (Dutch) or hand roem credited at this trick (South African)

    def as_json(self) -> dict[str, object]:
        """The trick with seats and cards by name."""
        return {"leader": SEATS[self.leader], "cards": [card_name(c) for c in self.cards],
                "winner": SEATS[self.winner], "points": self.points, "roem": self.roem}


def shuffled_deck(rng: random.Random) -> list[Card]:
    """A uniformly random order of the 32 cards (sorting by random keys is the fastest way here)."""
    rnd = rng.random
    return sorted(range(32), key=lambda _: rnd())


def deal_hands(rules: Rules, dealer: int, rng: random.Random) -> tuple[list[CardSet], Card]:
    """Shuffle and deal in the variant's batches from the first lead seat; returns the hands and the
    last card dealt (the dealer's, face up in ``last_card`` trump selection)."""
    deck = shuffled_deck(rng)
    return hands_from_deck(rules, dealer, deck), deck[31]


_POSITIONS: dict[tuple[str, str, int], tuple[tuple[int, ...], ...]] = {}


def hands_from_deck(rules: Rules, dealer: int, deck: Sequence[Card]) -> list[CardSet]:
    """Deal ``deck`` in batches, each batch going round the table from the seat after the dealer."""
    key = (rules.batches, rules.direction, dealer)
    positions = _POSITIONS.get(key)
    if positions is None:
        per_seat: list[list[int]] = [[], [], [], []]
        step = step_of(rules.direction)
        pos = 0
        for size in rules.batch_sizes:
            seat = dealer
            for _ in range(4):
                seat = (seat + step) % 4
                per_seat[seat].extend(range(pos, pos + size))
                pos += size
        positions = _POSITIONS[key] = tuple(tuple(p) for p in per_seat)
    hands = []
    for seat_positions in positions:
        mask = 0
        for p in seat_positions:
            mask |= 1 << deck[p]
        hands.append(mask)
    return hands


# Seats in playing order from each leader, per direction step.
_SEAT_ORDERS = {step: tuple(tuple((leader + i * step) & 3 for i in range(4)) for leader in range(4))
                for step in (1, 3)}

_EngineData = tuple[ValueTables, PlayRules, tuple[int, ...], int, bool, bool, bool, int]


def _engine_data(rules: Rules) -> _EngineData:
    """What the hot paths derive from the rules, computed once per Rules value."""
    data: _EngineData | None = rules.__dict__.get("_engine")
    if data is None:
        tables = TABLES[rules.values]
        data = (tables, PlayRules.of(rules), quartet_values(rules), step_of(rules.direction),
                rules.roem_claim == "claimed" and rules.roem == "trick", rules.roem == "hand",
                rules.match_end_kind[0] == "strokes", tables.last_trick)
        rules.__dict__["_engine"] = data  # frozen dataclass: cache beside the fields, not as one
    return data


class Deal:
    """A deal in progress.  Seats and teams are ints (see :mod:`klaverjas.core.seats`)."""

    __slots__ = ("rules", "dealer", "initial", "hands", "selection", "carry", "trump", "makers", "leader", "turn",
                 "trick", "win", "win_seat", "points", "roem", "tricks_won", "tricks", "plays", "illegal_plays",
                 "verzaakt", "claims", "went_on", "went_on_totals", "turned_rank", "_tables", "_pr", "_quartets",
                 "_step",
                 "_claimed", "_hand_roem", "_strokes", "_last_bonus", "_pending", "_roemtes", "_sturk", "_above",
                 "_beaten_by", "_points")

    def __init__(self, rules: Rules, dealer: int, hands: Sequence[CardSet], proposed: int | None = None,
                 carry: Sequence[int] = (0, 0)):
        if len(hands) != 4:
            raise PlayError(f"a deal needs 4 hands, got {len(hands)}")
        seen = 0
        for seat, hand in enumerate(hands):
            if hand >> 32 or hand < 0:
                raise PlayError(f"hand {SEATS[seat]} holds something that is not one of the 32 cards")
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
        self.turned_rank = ""
        (self._tables, self._pr, self._quartets, self._step, self._claimed, self._hand_roem, self._strokes,
         self._last_bonus) = _engine_data(rules)
        self.trump = -1
        self.makers: int | None = None
        self.leader = self.turn = self.selection.first
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
        self._pending: tuple[int, int, int] | None = None  # (team, roem, at play count) awaiting a claim
        self.claims: list[tuple[int, int, int]] = []  # (play index, seat, roem)
        self.went_on: tuple[int, int, int] | None = None  # strokes: (team, strokes, trick index)
        self.went_on_totals: tuple[int, int] | None = None  # the running totals at that moment
        self._roemtes: list[Roemte] = []
        self._sturk: dict[int, int] = {}  # holder seat of trump king and queen -> roem
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
        proposed = last >> 3 if mode == "last_card" else rng.randrange(4) if rules.offers_suit else None
        deal = cls(rules, dealer, hands, proposed, carry)
        if mode == "turned":
            deal.turned_rank = rng.choice("23456")
        return deal

    def copy(self) -> Deal:
        """An independent copy with the whole history: playing, undoing or choosing trump on it
        leaves this deal as it is, and the copy can undo back to where this deal could."""
        new = Deal.__new__(Deal)
        for name in Deal.__slots__:
            if hasattr(self, name):  # the trump tables are set once play starts
                value = getattr(self, name)
                # Lists and dicts are the mutable state; what they hold (ints, tuples) is immutable.
                setattr(new, name, value.copy() if isinstance(value, list | dict) else value)
        new.selection = self.selection.copy()
        return new

    __copy__ = copy

    @property
    def face_up(self) -> str | None:
        """The card shown during trump selection: the turned card (2-6) or the dealer's last card."""
        if self.rules.trump_selection == "turned" and self.selection.proposed is not None:
            return f"{self.turned_rank or '2'}{SUITS[self.selection.proposed]}"
        return None

    # --- trump ---------------------------------------------------------
    def choose_trump(self, action: TrumpAction) -> None:
        """The player to move takes a trump-selection action; play starts once trump is known."""
        if self.selection.done:
            raise PlayError.of_call("trump_chosen")
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
        self._beaten_by = self._tables.beaten_by[trump]
        self._points = self._tables.points[trump]
        if self._hand_roem:
            order = [(self.leader + i * self._step) % 4 for i in range(4)]
            self._roemtes = scoring_roemtes(self.initial, order, trump)
            self._sturk = {s: 20 for s in range(4) if has_sturk(self.initial[s], trump)}

    @property
    def phase(self) -> str:
        """``trump`` (choosing trump), ``play`` or ``done``."""
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
        """Why the player to move may not play ``card`` (None if they may)."""
        seats = [(self.leader + i * self._step) % 4 for i in range(len(self.trick))]
        return refusal(self.rules, self.trump, self.hands[self.turn], self.trick, card, seats)

    def play(self, card: Card) -> None:
        """Play a card for the player to move, refusing (or with ``illegal_cards=allow`` recording)
        an illegal one."""
        if self.trump < 0:
            raise PlayError.of_call("trump_not_chosen")
        if self.is_over:
            raise PlayError.of_call("deal_over")
        seat = self.turn
        if not self.hands[seat] >> card & 1:
            raise PlayError.of_call("not_held", seat=SEATS[seat], card=card_name(card))
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
        self.hands[seat] ^= 1 << card
        self.plays.append((seat, card))
        trick = self.trick
        if not trick or self._beaten_by[self.win] >> card & 1:
            self.win = card
            self.win_seat = seat
        trick.append(card)
        if len(trick) == 4:
            self._finish_trick()
        else:
            self.turn = (seat + self._step) & 3

    def playout(self, rng: random.Random) -> None:
        """Play uniformly random legal cards to the end of the deal (Monte Carlo, benchmarks).

        The result equals calling :meth:`play_unchecked` with :func:`random_card` of
        :meth:`legal` each time (a test checks this); the common case of trick roem
        counted automatically runs in local variables because it is the inner loop of
        every simulation.
        """
        rnd = rng.random
        if self.trick or self._claimed or self._hand_roem or self._strokes:
            while len(self.tricks) < 8:
                self.play_unchecked(random_card(self.legal(), rnd))
            return
        hands, plays, tricks = self.hands, self.plays, self.tricks
        trump, above, beaten_by, pr, pts = self.trump, self._above, self._beaten_by, self._pr, self._points
        step, stuk, new_tuple = self._step, STUK[trump], tuple.__new__
        four_card_roem_of = four_card_roem(self._quartets)
        points, roem, won = self.points, self.roem, self.tricks_won
        order = _SEAT_ORDERS[step]
        simple_follow = not (pr.head_plain or pr.trump_instead_of_following)
        seat = self.leader
        for index in range(len(tricks), 8):
            leader = seat
            legal = hands[seat]
            for _ in range(int(rnd() * legal.bit_count())):  # random_card, inlined
                legal &= legal - 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            hands[seat] ^= bit
            mask = bit
            led, win, win_seat = card >> 3, card, seat
            led_mask, led_shift, led_cards = SUIT_MASKS[led], 8 * led, BYTE_CARDS[led]
            plain_follow = led != trump and simple_follow
            cards = [card]
            for _ in range(3):
                seat = (seat + step) & 3
                hand = hands[seat]
                follow = hand & led_mask
                if follow and plain_follow:  # following a plain suit needs no rule lookup
                    options = led_cards[follow >> led_shift]
                    card = options[int(rnd() * len(options))]
                else:
                    legal = legal_mask(hand, led, win, win_seat == seat ^ 2, trump, above, pr)
                    if legal & led_mask == legal:  # within the led suit: pick from its byte
                        options = led_cards[legal >> led_shift]
                        card = options[int(rnd() * len(options))]
                    else:
                        for _ in range(int(rnd() * legal.bit_count())):
                            legal &= legal - 1
                        card = (legal & -legal).bit_length() - 1
                bit = 1 << card
                hands[seat] = hand ^ bit
                mask |= bit
                if beaten_by[win] >> card & 1:
                    win, win_seat = card, seat
                cards.append(card)
            team = win_seat & 1
            trick_points = pts[cards[0]] + pts[cards[1]] + pts[cards[2]] + pts[cards[3]]
            if index == 7:
                trick_points += self._last_bonus
            trick_roem = four_card_roem_of[mask]
            if mask & stuk == stuk:
                trick_roem += 20
            points[team] += trick_points
            roem[team] += trick_roem
            won[team] += 1
            plays += zip(order[leader], cards, strict=True)
            tricks.append(new_tuple(Trick, (leader, tuple(cards), win_seat, trick_points, trick_roem)))
            seat = win_seat
        self.leader = self.turn = seat
        self.win = self.win_seat = -1

    def _finish_trick(self) -> None:
        trick = self.trick
        pts = self._points
        winner = self.win_seat
        team = winner & 1
        index = len(self.tricks)
        points = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        if index == 7:
            points += self._last_bonus
        if self._hand_roem:
            roem = self._hand_roem_at(index, trick, 1)
        else:
            roem = trick_roem(trick, self.trump, self._quartets)
            if roem:
                if self._claimed:
                    self._pending = (team, roem, len(self.plays))
                    roem = 0
                else:
                    self.roem[team] += roem
        self.points[team] += points
        self.tricks_won[team] += 1
        self.tricks.append(Trick(self.leader, tuple(trick), winner, points, roem))
        self.trick = []
        self.leader = self.turn = winner
        if self._strokes and self.went_on is None:
            on = going_on(self.rules, self.running_totals)
            if on is not None:
                self.went_on = (on[0], on[1], index)
                self.went_on_totals = self.running_totals

    def _hand_roem_at(self, index: int, trick: Sequence[Card], sign: int) -> int:
        """South African roemtes count from the end of the first trick; Sturk from the trick it is declared in.

        Adds ``sign`` times the roem credited at trick ``index`` to the teams; returns the total."""
        credited: list[tuple[int, int]] = []
        if index == 0:
            credited.extend((r.seat & 1, r.value) for r in self._roemtes)
        stuk = STUK[self.trump]
        if self._sturk:
            before = 0
            for t in self.tricks[:index]:
                for c in t.cards:
                    before |= 1 << c
            now = 0
            for c in trick:
                now |= 1 << c
            if not before & stuk and now & stuk:
                credited.extend((holder & 1, 20) for holder in self._sturk)
        for team, amount in credited:
            self.roem[team] += sign * amount
        return sum(amount for _, amount in credited)

    @property
    def pending_roem(self) -> tuple[int, int] | None:
        """Claimed roem: (team, roem) of the trick just completed, until the next card is played."""
        pending = self._pending
        if pending is not None and pending[2] == len(self.plays):
            return pending[0], pending[1]
        return None

    def undo(self) -> Card:
        """Take back the last card; returns it."""
        if not self.plays:
            raise PlayError.of_call("no_card_to_undo")
        seat, card = self.plays.pop()
        if self.trick:
            self.trick.pop()
        else:
            t = self.tricks.pop()
            team = t.winner & 1
            self.points[team] -= t.points
            self.tricks_won[team] -= 1
            if self._hand_roem:
                self._hand_roem_at(len(self.tricks), t.cards, -1)
            else:
                self.roem[team] -= t.roem
            self.trick = list(t.cards[:3])
            self.leader = t.leader
            while self.claims and self.claims[-1][0] > len(self.plays):
                self.claims.pop()
            if self.went_on is not None and self.went_on[2] >= len(self.tricks):
                self.went_on = self.went_on_totals = None
        if self.illegal_plays and self.illegal_plays[-1][0] == len(self.plays):
            self.illegal_plays.pop()
        self.hands[seat] |= 1 << card
        self.turn = seat
        # The trick's head is recomputed from the cards left in it.
        view = trick_view(self.trick, self.trump, self._tables)
        self.win = view.win
        self.win_seat = self.seat_of_trick_card(view.win_pos) if self.trick else -1
        return card

    # --- claims and calls ---------------------------------------------
    def claim_roem(self, seat: int, amount: int) -> None:
        """Claimed roem: the trick winner's team claims the roem of the trick just completed."""
        if not self._claimed:
            raise PlayError.of_call("roem_counted")
        pending = self.pending_roem
        if pending is None:
            last = self.tricks[-1] if self.tricks else None
            if last is None or trick_roem(last.cards, self.trump, self._quartets) == 0:
                raise PlayError.of_call("no_roem_in_trick")
            raise PlayError.of_call("roem_too_late")
        team, roem = pending
        if seat & 1 != team:
            raise PlayError.of_call("roem_theirs", **team_facts(team))
        if amount != roem:
            raise PlayError.of_call("roem_amount", roem=roem, amount=amount)
        self.roem[team] += roem
        self._pending = None
        self.claims.append((len(self.plays), seat, roem))
        # Keep the undo record consistent: the trick's credited roem now includes the claim.
        t = self.tricks[-1]
        self.tricks[-1] = Trick(t.leader, t.cards, t.winner, t.points, t.roem + roem)

    def call_verzaakt(self, seat: int) -> int:
        """``seat`` calls a renege by the other team; returns the offending team or raises if none."""
        if self.rules.illegal_cards != "allow":
            raise PlayError.of_call("no_renege_rules")
        if self.verzaakt is not None:
            raise PlayError.of_call("renege_called")
        offenders = [(i, s, c) for i, s, c in self.illegal_plays if s & 1 != seat & 1]
        if not offenders:
            raise PlayError.of_call("no_renege", **team_facts(1 - (seat & 1)))
        self.verzaakt = 1 - (seat & 1)
        return self.verzaakt

    # --- results -------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """All eight tricks played, or a renege called."""
        return len(self.tricks) == 8 or self.verzaakt is not None

    @property
    def running_totals(self) -> tuple[int, int]:
        """Carry-over plus card points and credited roem so far (the South African count, docs/rules.md §7)."""
        return (self.carry[0] + self.points[0] + self.roem[0], self.carry[1] + self.points[1] + self.roem[1])

    @property
    def pit(self) -> int | None:
        """The team that took all eight tricks, where the rules pay a pit bonus."""
        if len(self.tricks) == 8 and self.rules.pit_bonus:
            for team in (0, 1):
                if self.tricks_won[team] == 8:
                    return team
        return None

    def score(self) -> DealScore:
        """The deal's score (docs/rules.md §6); raises :class:`PlayError` before the deal is over."""
        if not self.is_over:
            raise PlayError.of_call("deal_not_over")
        makers = self.makers if self.rules.has_makers else None
        return score_deal(self.rules, makers, self.points, self.roem, self.pit, self.verzaakt)

    def seat_of_trick_card(self, position: int) -> int:
        """The seat that played the card at ``position`` of the current trick."""
        return (self.leader + position * self._step) % 4


__all__ = ["Deal", "Trick", "PlayError", "IllegalCard", "deal_hands", "hands_from_deck",
           "RANKS", "SUIT_MASKS"]
