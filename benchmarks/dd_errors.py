"""Where two bots lose points double-dummy: every card of a duplicate run valued on the true deal.

    .venv/bin/python benchmarks/dd_errors.py --bot 'cmd:.venv/bin/python benchmarks/strong_hybrid_bot.py \\
        --work-clock 3000' --bot 'cmd:.venv/bin/python benchmarks/flatmc_bot.py' --trump-by strong \\
        --rules rotterdam --seed 24 --deals 100

Plays the deals of ``klaverjas arena`` with the same seed exactly as the arena plays them (the same
reseeding, so a bot that plays again alike makes the same cards), and values every card decision with a
choice by the double-dummy solver on the true deal (the real score, nat included, from the deciding
side): a card's loss is the best legal card's value minus the value of the card played.  Prints each bot's
loss a deal, split by the card's place in the trick, by trick, by side and by kind of card, so the kinds
of decision where one bot gives away more than the other show.  The solver sees every card, so a loss is
what the card costs against perfect play afterwards: a card that needed a guess counts as lost when the
guess was wrong, and one a fair player could not have found counts the same as a blunder; the split
between two bots, not the total, is what it tells.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from klaverjas.bots.arena import check_spec, make_bot, play_pair_deals  # noqa: E402
from klaverjas.core import Deal, Rules  # noqa: E402
from klaverjas.solver import Position, solve  # noqa: E402

Row = dict[str, int]


def kind_of(row: Row) -> str:
    """The decision in words: leads by what was led, the others by following, ruffing or discarding."""
    if row["place"] == 0:
        return "lead: trump" if row["trump"] else "lead: a plain suit"
    return "follow the led suit" if row["follows"] else "ruff" if row["trump"] else "discard"


def replay(played: Deal) -> Deal:
    """``played`` again at its first card (its trump decisions taken), to be played card by card."""
    deal = Deal(played.rules, played.dealer, list(played.initial), played.selection.proposed, played.carry)
    for _, action in played.selection.events:
        deal.choose_trump(action)
    return deal


def game_rows(played: Deal, sides: tuple[int, int, int, int], index: int, game: int) -> list[Row]:
    """Every card decision of ``played`` with more than one legal card, with its double-dummy loss; ``sides``
    names the bot (0 or 1) at each seat."""
    deal = replay(played)
    rows = []
    for n, card in enumerate(c for t in played.tricks for c in t.cards):
        seat = deal.turn
        legal = deal.legal()
        if legal.bit_count() > 1:
            values = solve(Position.from_deal(deal), "real").cards
            sign = 1 if seat % 2 == 0 else -1
            best = max(sign * v for v in values.values())
            led = deal.trick[0] >> 3 if deal.trick else card >> 3
            rows.append({"deal": index, "game": game, "bot": sides[seat], "trick": n // 4, "place": len(deal.trick),
                         "maker": int(deal.makers == seat % 2), "trump": int(card >> 3 == deal.trump),
                         "follows": int(card >> 3 == led), "loss": best - sign * values[card]})
        deal.play(card)
    return rows


def table(rows: list[Row], deals: int, title: str, key: Callable[[Row], object]) -> None:
    """Each bot's decisions and loss a deal (both games of a deal count: a bot plays both sides once)."""
    groups: dict[object, list[list[int]]] = defaultdict(lambda: [[], []])
    for row in rows:
        groups[key(row)][row["bot"]].append(row["loss"])
    print(f"\n{title}: decisions a deal and loss a deal, first bot | second bot | difference")
    for k, (first, second) in sorted(groups.items(), key=lambda kv: str(kv[0])):
        a, b = sum(first) / deals, sum(second) / deals
        print(f"  {k!s:28} {len(first) / deals:5.1f} {a:7.1f} | {len(second) / deals:5.1f} {b:7.1f} | {a - b:+7.1f}")


def report(rows: list[Row], n: int, title: str, names: list[str]) -> None:
    total = [sum(r["loss"] for r in rows if r["bot"] == b) / n for b in (0, 1)]
    print(f"{title}, {n} deals: double-dummy loss a deal {total[0]:.1f} ({names[0]}) "
          f"against {total[1]:.1f} ({names[1]}), difference {total[0] - total[1]:+.1f}")
    table(rows, n, "by place in the trick (0: the lead)", lambda r: r["place"])
    table(rows, n, "by trick", lambda r: r["trick"] + 1)
    table(rows, n, "by side", lambda r: "makers" if r["maker"] else "defenders")
    table(rows, n, "by kind", kind_of)
    table(rows, n, "by side and kind", lambda r: ("makers " if r["maker"] else "defenders ") + kind_of(r))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", action="append", default=[], help="a level or 'cmd:<command line>'; twice")
    ap.add_argument("--trump-by", default=None, help="the bot making every seat's trump decisions")
    ap.add_argument("--rules", default="rotterdam")
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--out", type=Path, default=None,
                    help="every decision as a JSON line, written as the run goes (a run stopped early keeps them)")
    ap.add_argument("--report", type=Path, default=None, metavar="FILE",
                    help="only print the tables of the deals in FILE (an --out file, also one still being written)")
    args = ap.parse_args()
    if args.report is not None:
        rows: list[Row] = [json.loads(line) for line in args.report.read_text().splitlines() if line.strip()]
        whole = {r["deal"] for r in rows if r["game"] == 1}  # a deal whose second game is being played is left out
        rows = [r for r in rows if r["deal"] in whole]
        report(rows, max(len(whole), 1), str(args.report), ["first bot", "second bot"])
        return 0
    if len(args.bot) != 2:
        ap.error(f"give two bots with --bot, got {len(args.bot)}")
    if args.deals < 1:
        ap.error(f"--deals must be at least 1, got {args.deals}")
    try:
        rules = Rules.parse(args.rules)
        for spec in [*args.bot, *([args.trump_by] if args.trump_by else [])]:
            check_spec(spec)
    except ValueError as exc:
        ap.error(str(exc))
    bots = (make_bot(args.bot[0]), make_bot(args.bot[1]))
    decider = make_bot(args.trump_by) if args.trump_by else None
    rows = []
    out = args.out.open("w") if args.out is not None else None
    try:
        for i in range(args.deals):
            for game, played in enumerate(play_pair_deals(rules, args.seed, i, bots, decider)):
                deal_rows = game_rows(played, (0, 1, 0, 1) if game == 0 else (1, 0, 1, 0), i, game)
                rows += deal_rows
                if out is not None:
                    out.write("".join(json.dumps(r) + "\n" for r in deal_rows))
                    out.flush()
            print(f"\r{i + 1} deals", end="", file=sys.stderr, flush=True)
    finally:
        for bot in (*bots, *([decider] if decider else [])):
            bot.close()
        if out is not None:
            out.close()
    print(file=sys.stderr)
    report(rows, args.deals, f"{args.rules}, seed {args.seed}", args.bot)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
