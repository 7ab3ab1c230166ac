"""Where knowing partner's cards changes the strong player's card, and what the change is worth.

    .venv/bin/python benchmarks/partner_info.py --deals 150 [--rules rotterdam] [--seed 78]

Plays seeded deals with ``strong`` in every seat (its budget counted in the solver's nodes, as
``strong_hybrid_bot.py --work-clock 3000``, so a run plays again alike; trump decisions by strong).  At
every card decision with more than one legal card a second strong player is asked the same decision
shown partner's cards (placed for the samplers, as ``strong_hybrid_bot.py --sees-partner`` does).  Where
the two cards differ both are valued on the true deal by the double-dummy solver (the real score, nat
included, from the deciding side): the gain is the informed card's value minus the one played.  Prints
the decisions changed and the gain per deal, split by the card's place in the trick, by trick, by side
and by kind of change.  The solver's value assumes perfect play after the card, so the gain overstates
what the change is worth at the table (there, seeing partner's cards is worth about a third of it:
docs/bots.md); its shares say where partner's hand matters.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.dd_errors import replay  # noqa: E402
from benchmarks.oracle_bot import OracleBot  # noqa: E402
from benchmarks.strong_hybrid_bot import TunedBot  # noqa: E402

from klaverjas.bots.arena import play_deal  # noqa: E402
from klaverjas.bots.strong import SolverWorkClock  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core import TABLES, Deal, Rules  # noqa: E402
from klaverjas.solver import Position, solve  # noqa: E402

Row = dict[str, int]


def strong_player(nodes_per_ms: float) -> TunedBot:
    """Strong as released, its budget counted in the solver's nodes."""
    work = SolverWorkClock(nodes_per_ms)
    return TunedBot(clock=work, solve_fn=work.values)


def kind_of(row: Row) -> str:
    """What the informed card does instead, in words."""
    if row["place"] == 0:
        if row["informed_trump"] != row["played_trump"]:
            return "lead: a trump instead of a plain suit" if row["informed_trump"] else \
                "lead: a plain suit instead of a trump"
        return "lead: another suit" if row["informed"] >> 3 != row["played"] >> 3 else "lead: another card of the suit"
    if row["informed"] >> 3 != row["played"] >> 3:
        return "follow: another suit (ruff or discard)"
    more = row["informed_points"] - row["played_points"]
    return "follow: a card of more points" if more > 0 else "follow: a card of fewer points" if more < 0 else \
        "follow: another card of equal points"


def play(rules: Rules, seed: int, index: int, players: list[TunedBot]) -> tuple[Deal, Deal]:
    """Deal ``index`` of ``seed`` as the arena deals it, played by ``players`` (reseeded for it, so it plays
    again alike), and the same deal at its first card."""
    for seat, bot in enumerate(players):
        bot.reseed(1000 * index + seat)
    played = play_deal(rules, index % 4, f"{seed}:{index}", players, trump_by=players[0])
    return played, replay(played)


def decisions(rules: Rules, seed: int, index: int, players: list[TunedBot], informed: TunedBot) -> list[Row]:
    """The decisions of deal ``index`` that the informed player makes otherwise, valued on the true deal."""
    played, deal = play(rules, seed, index, players)
    points = TABLES[rules.values].points[deal.trump]
    rows = []
    for n, card in enumerate(c for t in played.tricks for c in t.cards):
        seat = deal.turn
        view = View.of(deal, seat)
        if view.legal.bit_count() > 1:
            informed.reseed(1000 * index + 10 + n)
            other = informed.card(view)
            if other != card:
                values = solve(Position.from_deal(deal), "real").cards
                sign = 1 if seat % 2 == 0 else -1
                rows.append({"deal": index, "trick": n // 4, "place": len(deal.trick),
                             "maker": int(deal.makers == seat % 2), "gain": sign * (values[other] - values[card]),
                             "played": card, "informed": other, "played_trump": int(card >> 3 == deal.trump),
                             "informed_trump": int(other >> 3 == deal.trump), "played_points": points[card],
                             "informed_points": points[other]})
        deal.play(card)
    return rows


def table(rows: list[Row], deals: int, title: str, key: Callable[[Row], object]) -> None:
    groups: dict[object, list[int]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row["gain"])
    total = sum(r["gain"] for r in rows)
    print(f"\n{title}: changed, gain a deal, share of the gain")
    for k, gains in sorted(groups.items(), key=lambda kv: -sum(kv[1])):
        share = f"{sum(gains) / total:.0%}" if total > 0 else "-"
        print(f"  {k!s:48} {len(gains):5} {sum(gains) / deals:+7.1f}  {share:>5}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=150)
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=78)
    ap.add_argument("--work-clock", type=float, default=3000.0, metavar="NODES_PER_MS")
    ap.add_argument("--out", type=Path, default=None, help="every changed decision as a JSON line")
    args = ap.parse_args()
    if args.deals < 1:
        ap.error(f"--deals must be at least 1, got {args.deals}")
    try:
        rules = Rules.parse(args.rules)
        players = [strong_player(args.work_clock) for _ in range(4)]
        informed = strong_player(args.work_clock)
    except ValueError as exc:
        ap.error(str(exc))
    informed.partner_shown = OracleBot(args.seed, args.deals)
    players[0].prepare()
    rows: list[Row] = []
    for i in range(args.deals):
        rows += decisions(rules, args.seed, i, players, informed)
        print(f"\r{i + 1} deals, {len(rows)} decisions changed", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if args.out is not None:
        args.out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    total = sum(r["gain"] for r in rows)
    print(f"{args.rules}, seed {args.seed}, {args.deals} deals: {len(rows)} decisions changed by seeing partner's "
          f"cards ({len(rows) / args.deals:.1f} a deal), double-dummy gain {total / args.deals:+.1f} a deal")
    table(rows, args.deals, "by place in the trick (0: the lead)", lambda r: r["place"])
    table(rows, args.deals, "by trick", lambda r: r["trick"] + 1)
    table(rows, args.deals, "by side", lambda r: "makers" if r["maker"] else "defenders")
    table(rows, args.deals, "by kind", kind_of)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
