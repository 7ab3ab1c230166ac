"""How often the strong player's own next card, chosen once for the samples that look alike, changes its card.

    .venv/bin/python benchmarks/postpone.py --deals 40 [--from-trick 1] [--rules rotterdam] [--seed 11]

The double-dummy mean lets the player choose its next card in each sample as if it saw that sample's hidden
hands (strategy fusion).  ``StrongBot(postpone_from=T)`` takes that back for its next card
(:meth:`klaverjas.bots.strong.StrongBot.postponed_totals`): the samples in which the same cards were played
up to its next turn are one situation, in which it plays one card for them all.  This plays seeded deals with
strong in every seat (trump decisions by strong, its budget counted in the solver's nodes as
``strong_hybrid_bot.py --work-clock 3000``) and asks, at every card decision from trick T on with a choice,
which card the player as released and the postponing one choose from the same samples; both are valued on the
true deal by the solver (the real score, nat included, from the deciding side).  The released player's card is
played.  Prints the decisions, how many differ, each card's mean loss against the true deal's best, and their
difference per decision with its 95% interval, and how much the postponement takes from a card's value.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.strong import SolverWorkClock, StrongBot, position_of  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import Deal, Rules  # noqa: E402
from klaverjas.solver import solve  # noqa: E402


def both_cards(bot: StrongBot, view: View) -> tuple[int, int, float]:
    """The card of the player as released and of the postponing one, from the same samples, and how much
    the postponement takes from a card's value on average (the values as blended with the playouts)."""
    state = bot.rng.getstate()
    bot.postpone_from = None
    released = bot.figures(view)
    bot.rng.setstate(state)
    bot.postpone_from = 0
    postponed = bot.figures(view)
    bot.postpone_from = None
    after = {f.card: f.mean for f in postponed}
    taken = statistics.fmean(f.mean - after[f.card] for f in released)
    return released[0].card, postponed[0].card, taken


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--from-trick", type=int, default=1, help="the first trick asked, counted from 0")
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--work-clock", type=float, default=3000.0, help="solver nodes a millisecond of the budget")
    args = ap.parse_args()
    if args.deals < 1 or not 0 <= args.from_trick <= 7:
        ap.error("--deals must be at least 1 and --from-trick a trick from 0 to 7")
    try:
        rules = Rules.parse(args.rules)
    except ValueError as exc:
        ap.error(f"--rules: {exc}")
    losses: list[tuple[float, float]] = []
    takes: list[float] = []
    start = time.perf_counter()
    for d in range(args.deals):
        deal = Deal.new(rules, d % 4, random.Random(f"{args.seed}:{d}"))
        bots = []
        for place in range(4):
            work = SolverWorkClock(args.work_clock)
            bots.append(StrongBot(seed=1000 * d + place, clock=work, solve_fn=work.values))
        while not deal.selection.done:
            bidder = deal.selection.to_move
            assert bidder is not None
            deal.choose_trump(bots[bidder].trump(View.of(deal, bidder)))
        while not deal.is_over:
            seat = deal.turn
            view = View.of(deal, seat)
            if len(view.tricks) < args.from_trick or view.legal.bit_count() < 2 or not bots[seat].searches(view):
                deal.play(bots[seat].card(view))
                continue
            released, postponed, taken = both_cards(bots[seat], view)
            takes.append(taken)
            if released != postponed:
                sign = 1 if view.team == 0 else -1
                truth = solve(position_of(view, (deal.hands[0], deal.hands[1], deal.hands[2], deal.hands[3])),
                              "real").cards
                best = max(sign * v for v in truth.values())
                losses.append((best - sign * truth[released], best - sign * truth[postponed]))
            else:
                losses.append((math.nan, math.nan))
            deal.play(released)
        print(f"deal {d + 1}: {len(losses)} decisions, {sum(not math.isnan(a) for a, _ in losses)} differ "
              f"({time.perf_counter() - start:.0f} s)", file=sys.stderr, flush=True)
    changed = [(a, b) for a, b in losses if not math.isnan(a)]
    print(f"{args.rules}, seed {args.seed}, {args.deals} deals, from trick {args.from_trick}: {len(losses)} decisions "
          f"with a choice, {len(changed)} cards changed by the postponement; it takes {statistics.fmean(takes):.2f} "
          f"points from a card's value on average (at most {max(takes):.1f} at one decision)")
    if len(changed) > 1:
        gains = [a - b for a, b in changed]
        mean = sum(gains) / len(losses)
        half = 1.96 * statistics.stdev(gains + [0.0] * (len(losses) - len(changed))) / math.sqrt(len(losses))
        released_loss = statistics.fmean(a for a, _ in changed)
        postponed_loss = statistics.fmean(b for _, b in changed)
        print(f"where they differ, loss against the true deal's best: released {released_loss:.1f}, postponed "
              f"{postponed_loss:.1f}; postponed better by {mean:+.3f} a decision "
              f"({mean - half:+.3f} .. {mean + half:+.3f})")


if __name__ == "__main__":
    main()
