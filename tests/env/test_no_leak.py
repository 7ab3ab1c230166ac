"""No observation holds another seat's unplayed card.

Two proofs over many seeded random deals, at every step and for every agent:
the decoded observation names only the agent's own hand and cards already played; and the
observation vector is unchanged when the other seats' unplayed cards are dealt among them again,
so nothing in it (scores, flags, bids) depends on them.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from klaverjas.bots import View
from klaverjas.core import Deal, cards_of
from klaverjas.env import AGENTS, SLICES, decode, encode, env, raw_env
from klaverjas.env.encoding import relative

from .reference import copy_of_start

DEALS = 40
REDEALT_DEALS = 10  # the redeal replays the deal at every observation: the costlier proof, on fewer deals


def played(deal: Deal) -> int:
    mask = 0
    for _, card in deal.plays:
        mask |= 1 << card
    return mask


def other_hands_redealt(raw: raw_env, observer: int, rng: random.Random) -> Deal:
    """The same deal so far, but the three other seats' unplayed cards shuffled among them (sizes kept)."""
    deal = raw.deal
    hidden = [c for s in range(4) if s != observer for c in cards_of(deal.hands[s])]
    rng.shuffle(hidden)
    initial = list(deal.initial)
    for seat in range(4):
        if seat != observer:
            size = deal.hands[seat].bit_count()
            initial[seat] = (deal.initial[seat] & ~deal.hands[seat]) | sum(1 << c for c in hidden[:size])
            hidden = hidden[size:]
    alt = copy_of_start(raw)
    alt = Deal(alt.rules, alt.dealer, initial, alt.selection.proposed)
    for _, action in deal.selection.events:
        alt.choose_trump(action)
    claims = {index: (seat, roem) for index, seat, roem in deal.claims}
    for _, card in deal.plays:
        alt.play_unchecked(card)
        if len(alt.plays) in claims:
            alt.claim_roem(*claims[len(alt.plays)])
    return alt


@pytest.mark.parametrize("rules", ["amsterdam", "rotterdam", "sa", "strict", "amsterdam(roem_claim=claimed)"])
def test_no_observation_shows_another_seats_unplayed_card(rules: str) -> None:
    checked = 0
    for seed in range(DEALS):
        wrapped = env(rules=rules)
        wrapped.reset(seed=seed)
        raw = wrapped.unwrapped
        assert isinstance(raw, raw_env)
        rng = random.Random(seed)
        step = 1 if raw.rules.direction == "clockwise" else 3
        while True:
            deal = raw.deal
            public = played(deal)
            for seat, agent in enumerate(AGENTS):
                obs = wrapped.observe(agent)["observation"]
                shown = decode(obs)
                assert shown.hand == deal.hands[seat]
                assert shown.cards_shown & ~(deal.hands[seat] | public) == 0, (agent, deal.plays)
                # The decoder is not blind: every card played is there, at the seat that played it.
                for who, card in deal.plays:
                    assert shown.played_by[relative(who, seat, step)] >> card & 1
                checked += 1
                if seed >= REDEALT_DEALS:
                    continue
                alt = other_hands_redealt(raw, seat, rng)
                same = encode(View.of(alt, seat, claim=raw.claiming))
                if raw.rules.roem == "hand":
                    # Hand roem is declared at the first trick, so public; it follows the redealt hands.
                    same[SLICES["roem"]] = obs[SLICES["roem"]]
                assert np.array_equal(same, obs), agent
            if all(raw.terminations.values()):
                break
            mask = wrapped.observe(wrapped.agent_selection)["action_mask"]
            wrapped.step(rng.choice(np.flatnonzero(mask).tolist()))
    assert checked > DEALS * 4 * 30
