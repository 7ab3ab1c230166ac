"""Actions as ints and a seat's view as a flat vector, both ways.

Actions (one ``Discrete(40)`` space for every decision a deal offers):

====== =====================================================
0..31  play that card (``suit * 8 + rank``, as in klaverjas.core)
32     pass (trump selection)
33     play the suit on offer (``proposed`` and ``turned`` modes)
34..37 choose clubs, diamonds, hearts, spades as trump
38     claimed roem: let the roem of the trick just won go
39     claimed roem: claim it (exactly the roem the trick holds)
====== =====================================================

The observation is built from a :class:`klaverjas.bots.View`, which holds only
that seat's hand and public facts, so nothing else can reach the vector.  Seats
in it are relative: 0 the observer, 1 the next seat in the direction of play,
2 the partner, 3 the seat before; teams are "us" then "them".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ..bots import View
from ..core import TrumpAction
from ..core.trump import PASS, PLAY, choose

N_CARDS = 32
PASS_ACTION = 32
PLAY_ACTION = 33
CHOOSE_ACTION = 34  # + suit
NO_CLAIM_ACTION = 38
CLAIM_ACTION = 39
N_ACTIONS = 40

PHASES = ("trump", "play", "claim", "done")
MAX_BIDS = 5  # four passes and the forced choice
BID_KINDS = 6  # pass, play, choose C D H S

# (name, length) of each block of the vector, in order.
BLOCKS: tuple[tuple[str, int], ...] = (
    ("hand", N_CARDS),
    ("played_by", 4 * N_CARDS),  # per relative seat: every card it has played, current trick included
    ("trick_of", 8 * N_CARDS),  # per trick 0..7: the cards played in it (current trick included)
    ("current", 4 * N_CARDS),  # per relative seat: its card in the trick being played
    ("leader", 4),  # relative seat leading the current trick
    ("dealer", 4),
    ("maker", 4),  # relative seat that made trump (all zero if none yet, or no makers in the rules)
    ("trump", 4),
    ("proposed", 4),  # suit on offer (proposed, turned) or shown by the dealer's last card (last_card)
    ("phase", len(PHASES)),
    ("bids", MAX_BIDS * (4 + BID_KINDS)),  # each call in order: relative seat one-hot, then what it said
    ("points", 2),  # card points won so far: us, them
    ("roem", 2),  # roem credited so far: us, them
)
SLICES: dict[str, slice] = {}
_start = 0
for _name, _length in BLOCKS:
    SLICES[_name] = slice(_start, _start + _length)
    _start += _length
OBS_SIZE = _start
# Card points reach 162, roem stays far below 2000 in any deal (eight tricks of at most 220).
SCORE_HIGH = 2000.0
OBS_HIGH = np.ones(OBS_SIZE, dtype=np.float32)
OBS_HIGH[SLICES["points"].start:SLICES["roem"].stop] = SCORE_HIGH


def trump_action_id(action: TrumpAction) -> int:
    if action.kind == "pass":
        return PASS_ACTION
    if action.kind == "play":
        return PLAY_ACTION
    assert action.suit is not None
    return CHOOSE_ACTION + action.suit


def trump_action_of(action_id: int) -> TrumpAction:
    if action_id == PASS_ACTION:
        return PASS
    if action_id == PLAY_ACTION:
        return PLAY
    if CHOOSE_ACTION <= action_id < CHOOSE_ACTION + 4:
        return choose(action_id - CHOOSE_ACTION)
    raise ValueError(f"action {action_id} is not a trump decision (32 pass, 33 play, 34..37 choose a suit)")


def relative(seat: int, observer: int, step: int) -> int:
    """Steps in the direction of play from ``observer`` to ``seat`` (step 3 is its own inverse mod 4)."""
    return (seat - observer) * step % 4


def _set_mask(vec: NDArray[np.float32], offset: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        vec[offset + low.bit_length() - 1] = 1.0
        mask ^= low


def encode(view: View) -> NDArray[np.float32]:
    """The observation vector of a view (see :data:`BLOCKS`)."""
    vec = np.zeros(OBS_SIZE, dtype=np.float32)
    me, step = view.seat, view.step

    def rel(seat: int) -> int:
        return relative(seat, me, step)

    _set_mask(vec, SLICES["hand"].start, view.hand)
    played_by, trick_of, current = SLICES["played_by"].start, SLICES["trick_of"].start, SLICES["current"].start
    tricks = [*((t.leader, t.cards) for t in view.tricks), (view.leader, view.trick)]
    for index, (leader, cards) in enumerate(tricks):
        for position, card in enumerate(cards):
            who = rel(view.seat_at(leader, position))
            vec[played_by + who * N_CARDS + card] = 1.0
            vec[trick_of + index * N_CARDS + card] = 1.0
    for position, card in enumerate(view.trick):
        vec[current + rel(view.seat_at(view.leader, position)) * N_CARDS + card] = 1.0
    if view.phase != "done":
        vec[SLICES["leader"].start + rel(view.leader)] = 1.0
    vec[SLICES["dealer"].start + rel(view.dealer)] = 1.0
    if view.makers is not None and view.maker is not None:
        vec[SLICES["maker"].start + rel(view.maker)] = 1.0
    if view.trump >= 0:
        vec[SLICES["trump"].start + view.trump] = 1.0
    if view.proposed is not None:
        vec[SLICES["proposed"].start + view.proposed] = 1.0
    vec[SLICES["phase"].start + PHASES.index(view.phase)] = 1.0
    bids = SLICES["bids"].start
    for index, (seat, action) in enumerate(view.bids[:MAX_BIDS]):
        slot = bids + index * (4 + BID_KINDS)
        vec[slot + rel(seat)] = 1.0
        vec[slot + 4 + trump_action_id(action) - PASS_ACTION] = 1.0
    us, them = view.team, 1 - view.team
    vec[SLICES["points"]] = (view.points[us], view.points[them])
    vec[SLICES["roem"]] = (view.roem[us], view.roem[them])
    return vec


def _mask_at(vec: NDArray[np.float32], offset: int) -> int:
    mask = 0
    for card in np.flatnonzero(vec[offset:offset + N_CARDS]):
        mask |= 1 << int(card)
    return mask


def _one_hot(vec: NDArray[np.float32], name: str) -> int | None:
    hits = np.flatnonzero(vec[SLICES[name]])
    return int(hits[0]) if len(hits) else None


@dataclass(frozen=True)
class Decoded:
    """An observation vector read back: card sets are masks, seats relative to the observer."""

    hand: int
    played_by: tuple[int, int, int, int]
    trick_of: tuple[int, ...]  # per trick index, the cards in it
    current: tuple[int, int, int, int]
    leader: int | None
    dealer: int | None
    maker: int | None
    trump: int | None
    proposed: int | None
    phase: str
    bids: tuple[tuple[int, int], ...]  # (relative seat, action id)
    points: tuple[int, int]
    roem: tuple[int, int]

    @property
    def cards_shown(self) -> int:
        """Every card the vector names anywhere."""
        out = self.hand
        for mask in (*self.played_by, *self.trick_of, *self.current):
            out |= mask
        return out


def decode(vec: NDArray[Any]) -> Decoded:
    """Read an observation vector back (the no-leak test and anyone inspecting one)."""
    if vec.shape != (OBS_SIZE,):
        raise ValueError(f"an observation has shape ({OBS_SIZE},), got {vec.shape}")
    v = np.asarray(vec, dtype=np.float32)
    bids: list[tuple[int, int]] = []
    for index in range(MAX_BIDS):
        slot = v[SLICES["bids"].start + index * (4 + BID_KINDS):][:4 + BID_KINDS]
        if slot.any():
            bids.append((int(np.argmax(slot[:4])), PASS_ACTION + int(np.argmax(slot[4:]))))
    phase = _one_hot(v, "phase")
    by = [_mask_at(v, SLICES["played_by"].start + s * N_CARDS) for s in range(4)]
    now = [_mask_at(v, SLICES["current"].start + s * N_CARDS) for s in range(4)]
    return Decoded(
        hand=_mask_at(v, SLICES["hand"].start),
        played_by=(by[0], by[1], by[2], by[3]),
        trick_of=tuple(_mask_at(v, SLICES["trick_of"].start + t * N_CARDS) for t in range(8)),
        current=(now[0], now[1], now[2], now[3]),
        leader=_one_hot(v, "leader"), dealer=_one_hot(v, "dealer"), maker=_one_hot(v, "maker"),
        trump=_one_hot(v, "trump"), proposed=_one_hot(v, "proposed"),
        phase=PHASES[phase if phase is not None else 0], bids=tuple(bids),
        points=(int(v[SLICES["points"]][0]), int(v[SLICES["points"]][1])),
        roem=(int(v[SLICES["roem"]][0]), int(v[SLICES["roem"]][1])),
    )


__all__ = ["N_ACTIONS", "OBS_SIZE", "BLOCKS", "SLICES", "PHASES", "PASS_ACTION", "PLAY_ACTION", "CHOOSE_ACTION",
           "NO_CLAIM_ACTION", "CLAIM_ACTION", "Decoded", "encode", "decode", "trump_action_id", "trump_action_of",
           "relative"]
