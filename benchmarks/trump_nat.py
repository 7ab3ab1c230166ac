"""How often the strong player's trump decisions go nat, per number of trumps, with a trump model.

    .venv/bin/python benchmarks/trump_nat.py --deals 2000 --rules rotterdam \\
        [--model benchmarks/bidding_model_before.json]

All four seats take trump by the model (as ``strong``) and play their cards by the rules of thumb
(``basic``, so thousands of deals take a minute); it prints, per number of trumps the maker held, how
many deals were played, the nat rate and the makers' mean result (their score minus the defenders').
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots import bidding, strong  # noqa: E402
from klaverjas.bots.arena import pair_seed, play_deal  # noqa: E402
from klaverjas.bots.basic import BasicBot  # noqa: E402
from klaverjas.bots.bidding import parse_model  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import SUIT_MASKS, Rules, TrumpAction  # noqa: E402


class ModelTrumpBot(BasicBot):
    name = "model-trump"

    def trump(self, view: View) -> TrumpAction:
        action = strong.estimate_options(view)[0].action
        assert isinstance(action, TrumpAction)
        return action


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", type=Path, default=None, help="a trump model JSON (default: the installed one)")
    args = ap.parse_args()
    if args.model is not None:
        other = parse_model(args.model.read_text())
        bidding.model = lambda values="dutch": other  # type: ignore[assignment]
        strong.__dict__["bidding_model"] = bidding.model
    rules = Rules.parse(args.rules)
    bot = ModelTrumpBot()
    per: dict[int, list[tuple[bool, int]]] = defaultdict(list)
    for i in range(args.deals):
        deal = play_deal(rules, i % 4, pair_seed(args.seed, i), [bot] * 4)
        maker = deal.selection.maker
        if deal.makers is None or maker is None:
            continue
        n = (deal.initial[maker] & SUIT_MASKS[deal.trump]).bit_count()
        score = deal.score()
        per[n].append((score.nat, score.scores[deal.makers] - score.scores[1 - deal.makers]))
    print("trumps  deals   nat   makers' mean")
    for n in sorted(per):
        rows = per[n]
        nat, mean = sum(r[0] for r in rows) / len(rows), sum(r[1] for r in rows) / len(rows)
        print(f"{n:6d} {len(rows):6d} {nat:6.1%} {mean:+8.1f}")
    allrows = [r for rows in per.values() for r in rows]
    print(f"   all {len(allrows):6d} {sum(r[0] for r in allrows) / len(allrows):6.1%} "
          f"{sum(r[1] for r in allrows) / len(allrows):+8.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
