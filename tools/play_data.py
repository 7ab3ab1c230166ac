"""Play logs of several kinds of players, for fitting the card-play model of the strong player's inference.

    .venv/bin/python tools/play_data.py --deals 400 --rules rotterdam --out data/play.jsonl

Each seeded deal is played by two kinds of players, one per team (seats 0 and 2, seats 1 and 3), the
pairing going round every ordered pair of the kinds: ``basic`` (the rules of thumb), ``strong`` with few
samples (10, no time budget) and the numba stand-ins of the open flat Monte Carlo and ISMCTS programs
(benchmarks/flatmc_bot.py, benchmarks/ismcts_bot.py, played in this process); ``--kinds strong`` plays the
strong player as released against itself, for a model of its own choices.  Every player makes its own
trump decisions (``--mixed``: only the pairings of two different kinds, e.g. strong against a stand-in for
``benchmarks/card_locations.py``).  One JSON line per deal: the kinds per seat, the hands as dealt, the trump
decisions and every card in order, so the decisions can be replayed with their true hands (``tools/fit_play.py``
does, and keeps those with more than one legal card).  An existing file is continued, so the run can be
stopped and resumed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

from tqdm import tqdm  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))  # the stand-ins by their package name, as the benchmarks import them

from benchmarks.flatmc_bot import FlatMcBot  # noqa: E402
from benchmarks.ismcts_bot import IsmctsBot  # noqa: E402

from klaverjas.bots.arena import play_deal  # noqa: E402
from klaverjas.bots.base import Bot  # noqa: E402
from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.strong import StrongBot  # noqa: E402
from klaverjas.core import Deal, Rules  # noqa: E402

KINDS: dict[str, Callable[[], Bot]] = {
    "basic": BasicBot,
    "strong10": lambda: StrongBot(samples=10, budget_ms=math.inf),
    "strong": StrongBot,  # as released (its time budget, the playouts): for a model of its own choices
    "flatmc": FlatMcBot,
    "ismcts": IsmctsBot,
}
# The mix the opponents' model (play_model.json) was fitted on.
DEFAULT_KINDS = ("basic", "strong10", "flatmc", "ismcts")


def record(deal: Deal, kinds: list[str], rules: str, index: int) -> dict[str, object]:
    return {"rules": rules, "index": index, "dealer": deal.dealer, "kinds": kinds,
            "hands": [int(h) for h in deal.initial],
            "bids": [[seat, action.as_json()] for seat, action in deal.selection.events],
            "plays": [card for t in deal.tricks for card in t.cards]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--kinds", default=",".join(DEFAULT_KINDS),
                    help=f"comma-separated kinds of players, of {', '.join(KINDS)}")
    ap.add_argument("--out", type=Path, default=Path("data/play.jsonl"))
    ap.add_argument("--mixed", action="store_true",
                    help="only deals where the two teams are of different kinds")
    args = ap.parse_args()
    rules = Rules.parse(args.rules)
    names = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in names if k not in KINDS]
    if unknown or not names:
        ap.error(f"--kinds: unknown kind(s) {', '.join(unknown) or '(none given)'}; known: {', '.join(KINDS)}")
    bots = {k: KINDS[k]() for k in names}
    for bot in bots.values():
        bot.prepare()
    pairs = [(a, b) for a in names for b in names if a != b or not args.mixed]
    if not pairs:
        ap.error("--mixed needs at least two kinds")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    done = sum(1 for _ in args.out.open()) if args.out.exists() else 0
    with args.out.open("a") as out:
        for i in tqdm(range(done, args.deals), initial=done, total=args.deals):
            a, b = pairs[i % len(pairs)]
            kinds = [a, b, a, b]
            for k, bot in bots.items():
                bot.reseed(zlib.crc32(f"{args.seed}:{i}:{k}".encode()))
            dealer = i % 4
            seed = f"{args.seed}:{i}"
            deal = play_deal(rules, dealer, seed, [bots[k] for k in kinds])
            out.write(json.dumps(record(deal, kinds, args.rules, i)) + "\n")
            out.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
