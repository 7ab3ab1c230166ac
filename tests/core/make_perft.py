"""Generate tests/core/perft.json from the slow reference of tests/core/reference.py.

Run once from the repository root:  .venv/bin/python tests/core/make_perft.py

Every position is a seeded deal made with ``Deal.new(rules, dealer, seed)`` (only the dealing is
taken from the engine; the hands are stored in the file, so the file stays valid if the engine's
shuffle changes); trump and maker are fixed per position; optionally a prefix of cards, chosen by
the reference with a seeded random, is played first.  The counts are the number of distinct legal
card sequences of 1..4 cards (and 8 for a few positions), computed by the reference alone.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import reference as ref  # noqa: E402

PRESETS = ("amsterdam", "rotterdam", "sa", "strict")
SEEDS = (1, 2, 3, 4, 5, 6)
PREFIXES = (0, 5, 13)  # cards played before counting
DEPTHS = (1, 2, 3, 4)
DEEP = {(1, 0), (2, 5), (3, 13)}  # (seed, prefix) positions that also get a depth-8 count (not sa from the
# start: free play in sa gives some 200000 sequences, too slow for the test suite)


def engine_deal(preset: str, seed: int, dealer: int) -> list[set[ref.RCard]]:
    from klaverjas.core import Deal, Rules

    deal = Deal.new(Rules.parse(preset), dealer, seed)
    return [ref.from_mask(mask) for mask in deal.hands]


def position_spec(preset: str, seed: int, prefix: int, hands: list[set[ref.RCard]] | None = None,
                  deep: bool = True) -> dict[str, Any]:
    """The position and its reference counts; ``hands`` (else dealt by Deal.new) as stored in the file."""
    facts = ref.PRESET_FACTS[preset]
    dealer = seed % 4
    trump = ref.SUIT_LETTERS[(seed * 3 + len(preset)) % 4]
    maker = (seed * 7) % 4
    if hands is None:
        hands = engine_deal(preset, seed, dealer)
    step = 1 if facts["direction"] == "clockwise" else -1
    first = (dealer + step) % 4
    pos = ref.Position(facts["play"], facts["values"], facts["direction"], trump,
                       tuple(frozenset(h) for h in hands), (), first)
    rng = random.Random(f"{preset}/{seed}/{prefix}")
    played: list[str] = []
    for _ in range(prefix):
        choice = rng.choice(sorted(pos.moves(), key=ref.to_int))
        played.append(str(choice))
        pos = pos.after(choice)
    spec: dict[str, Any] = {
        "preset": preset, "seed": seed, "dealer": "NESW"[dealer], "trump": trump, "maker": "NESW"[maker],
        "hands": {"NESW"[s]: " ".join(sorted((str(c) for c in hands[s]), key=lambda t: ref.to_int(ref.card(t))))
                  for s in range(4)},
        "prefix": played,
        "counts": {str(d): ref.perft(pos, d) for d in DEPTHS},
    }
    if deep and (seed, prefix) in DEEP and (preset, prefix) != ("sa", 0):
        spec["counts"]["8"] = ref.perft(pos, 8)
    return spec


def main() -> None:
    positions = [position_spec(p, s, k) for p in PRESETS for s in SEEDS for k in PREFIXES]
    out = {"generator": "tests/core/make_perft.py (reference.py, no engine code)", "positions": positions}
    (HERE / "perft.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(positions)} positions")


if __name__ == "__main__":
    main()
