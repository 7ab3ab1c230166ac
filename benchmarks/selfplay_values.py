"""What predicts the outcome of self-play: the double-dummy samples' mean or the playouts', trick by trick.

    .venv/bin/python tools/play_data.py --kinds strong --deals 700 --seed 91 --out SP91.jsonl
    .venv/bin/python benchmarks/selfplay_values.py SP91.jsonl --out V91.jsonl          # ~1.3 s a deal
    .venv/bin/python benchmarks/selfplay_values.py --report V91.jsonl V92.jsonl

Replays every deal of a ``tools/play_data.py`` log (strong as released against itself, its own trump
decisions) and, at every card decision with a choice, asks the strong player in the mover's seat for the
two values it blends (:meth:`StrongBot.figures` with the playouts' share 0, then
:meth:`StrongBot.policy_values`; its budget on the solver's work clock, 3,000 nodes a millisecond, as the
arenas measure it, fresh samples seeded by the deal and the decision), the true deal's double-dummy value of
every legal card and the deal's outcome as played, all for the mover's team.  One JSON line a decision;
an existing file is continued.

``--report`` fits, per trick and per side, the outcome by least squares on the played card's two values
with the decision's means over its legal cards beside them (so the fit weighs how the played card stands
among the others, not how good the position is), and prints the playouts' share of the two coefficients
with a 95% interval from resampling whole deals: the share the outcome of self-play asks for, to set
against the player's own schedule (``PLAYOUT_MIX``, 0.7 at the first trick to 0.3 at the last).  Only
the played card's outcome is known, so this is a guide, not a measurement of play.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))  # tools/fit_play.py by its package name, as the logs' replay

from tools.fit_play import replay  # noqa: E402

from klaverjas.bots.strong import PLAYOUT_MIX, PLAYOUT_POLICY, SolverWorkClock, StrongBot  # noqa: E402
from klaverjas.bots.view import View  # noqa: E402
from klaverjas.core.cards import cards_of  # noqa: E402
from klaverjas.solver import Position, solve  # noqa: E402

NODES_PER_MS = 3000.0


def decisions(rec: dict[str, Any], index: int, bot: StrongBot, tag: str) -> list[dict[str, Any]]:
    """The rows of one logged deal (see the module's text)."""
    rows: list[dict[str, Any]] = []
    signs: list[int] = []  # the mover's side of each row, for the outcome known once the deal is over
    deal = None
    for deal, card in replay(rec):
        legal = deal.legal()
        if legal & (legal - 1):
            seat = deal.turn
            view = View.of(deal, seat)
            bot.rng.seed(zlib.crc32(f"{tag}:{index}:{len(view.tricks)}:{len(view.trick)}".encode()))
            figs = bot.figures(view)
            played_out = bot.policy_values(view, PLAYOUT_POLICY)
            sign = 1 if seat % 2 == 0 else -1
            true = solve(Position.from_deal(deal), "real").cards
            cards = cards_of(legal)
            rows.append({"deal": index, "trick": len(view.tricks), "place": len(view.trick),
                         "maker": int(view.makers == seat % 2), "card": card, "samples": figs[0].samples,
                         "dd": {str(f.card): round(f.mean, 2) for f in figs},
                         "po": {str(c): round(played_out[c], 2) for c in cards},
                         "true": {str(c): sign * true[c] for c in cards}})
            signs.append(sign)
    assert deal is not None and deal.is_over, "a logged deal is played to its end"
    ns, ew = deal.score().scores  # replay plays every card on the one deal it yields
    for row, sign in zip(rows, signs, strict=True):
        row["outcome"] = sign * (ns - ew)
    return rows


def extract(log: Path, out: Path) -> None:
    work = SolverWorkClock(NODES_PER_MS)
    bot = StrongBot(playout_mix=0.0, clock=work, solve_fn=work.values)
    bot.prepare()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    done = {json.loads(line)["deal"] for line in out.read_text().splitlines()} if out.exists() else set()
    with out.open("a") as f:
        for i, rec in enumerate(tqdm(records)):
            if i not in done:
                f.write("".join(json.dumps(r) + "\n" for r in decisions(rec, i, bot, log.name)))
                f.flush()


def share_fit(rows: list[dict[str, Any]], rng: np.random.Generator, rounds: int = 200) -> tuple[float, float, float]:
    """The playouts' share of the played card's two coefficients, with a 95% interval over deals resampled."""
    y = np.array([r["outcome"] for r in rows], dtype=float)
    x = np.array([[1.0, r["maker"], r["dd"][str(r["card"])], r["po"][str(r["card"])],
                   np.mean(list(r["dd"].values())), np.mean(list(r["po"].values()))] for r in rows])
    at: dict[tuple[str, int], list[int]] = {}
    for i, r in enumerate(rows):
        at.setdefault((r["file"], r["deal"]), []).append(i)
    keys = sorted(at)

    def share(idx: np.ndarray) -> float:
        coef = np.linalg.lstsq(x[idx], y[idx], rcond=None)[0]
        return float(coef[3] / (coef[2] + coef[3]))

    whole = share(np.arange(len(rows)))
    draws = [share(np.concatenate([at[keys[j]] for j in rng.integers(0, len(keys), len(keys))]))
             for _ in range(rounds)]
    lo, hi = np.percentile(draws, [2.5, 97.5])
    return whole, float(lo), float(hi)


def report(paths: list[Path]) -> None:
    rows = [dict(json.loads(line), file=str(p)) for p in paths for line in p.read_text().splitlines()]
    rng = np.random.default_rng(0)
    deals = len({(r["file"], r["deal"]) for r in rows})
    print(f"{len(rows)} decisions with a choice, {deals} deals")
    print("| decisions | n | the playouts' share the outcome asks for (95%) | the player's share |")
    print("|---|---|---|---|")
    groups: list[tuple[str, list[dict[str, Any]], str]] = [("all", rows, "0.7 .. 0.3")]
    first, last = PLAYOUT_MIX
    for t in range(7):
        groups.append((f"trick {t + 1}", [r for r in rows if r["trick"] == t], f"{first + (last - first) * t / 7:.2f}"))
    groups.append(("makers", [r for r in rows if r["maker"]], "0.7 .. 0.3"))
    groups.append(("defenders", [r for r in rows if not r["maker"]], "0.7 .. 0.3"))
    for name, group, own in groups:
        whole, lo, hi = share_fit(group, rng)
        print(f"| {name} | {len(group)} | {whole:.2f} ({lo:.2f} .. {hi:.2f}) | {own} |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path, help="a tools/play_data.py log, or with --report decision files")
    ap.add_argument("--out", type=Path, help="where the decisions go (with a log)")
    ap.add_argument("--report", action="store_true", help="fit and print the shares of decision files")
    args = ap.parse_args()
    missing = [str(p) for p in args.files if not p.is_file()]
    if missing:
        ap.error(f"no such file: {', '.join(missing)}")
    if args.report:
        report(args.files)
        return 0
    if args.out is None or len(args.files) != 1:
        ap.error("give one play log and --out (or --report with decision files)")
    extract(args.files[0], args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
