"""Bots against bots: one deal, duplicate pairs, and the arena statistics.

Duplicate: every deal is played twice with the same cards, once with bot A at
North-South and once at East-West, so the luck of the cards cancels.  The unit
of the statistics is the pair: A's points minus B's, averaged over its two
deals, with a 95% interval from the spread of the pairs.
"""

from __future__ import annotations

import contextlib
import math
import random
import statistics
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..core import Deal, PlayError, Rules, TrumpAction, TrumpError
from .base import Bot
from .protocol import BotError, ExternalBot
from .view import View

KINDS = ("trump", "play", "claim")


def levels() -> dict[str, Callable[[], Bot]]:
    """The built-in levels; ``strong`` only when the solver it needs is there."""
    from .basic import BasicBot
    from .random_bot import RandomBot

    out: dict[str, Callable[[], Bot]] = {"random": RandomBot, "basic": BasicBot}
    from .strong import available

    if available():
        from .expert import ExpertBot
        from .strong import StrongBot

        out["strong"] = StrongBot
        out["expert"] = ExpertBot
    return out


def make_bot(spec: str) -> Bot:
    """``random``, ``basic``, ``strong`` or ``cmd:<command line>`` for an external program."""
    spec = spec.strip()
    if spec.startswith("cmd:"):
        return ExternalBot(spec[4:])
    known = levels()
    if spec not in known:
        raise ValueError(f"unknown bot {spec!r}: expected {', '.join(known)} or cmd:<program>")
    return known[spec]()


def check_spec(spec: str) -> None:
    spec = spec.strip()
    if spec.startswith("cmd:"):
        if not spec[4:].strip():
            raise ValueError("bot 'cmd:' needs a command line")
        return
    known = levels()
    if spec not in known:
        raise ValueError(f"unknown bot {spec!r}: expected {', '.join(known)} or cmd:<program>")


@dataclass
class Timings:
    """Milliseconds per decision, per kind."""

    ms: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})

    def extend(self, other: Timings) -> None:
        for k in KINDS:
            self.ms[k].extend(other.ms[k])

    def summary(self) -> dict[str, Any]:
        every = [x for k in KINDS for x in self.ms[k]]
        out: dict[str, Any] = {"decisions": len(every),
                               "mean_ms": round(statistics.fmean(every), 3) if every else None}
        for k in KINDS:
            xs = self.ms[k]
            if xs:
                out[k] = {"n": len(xs), "median_ms": round(statistics.median(xs), 3),
                          "mean_ms": round(statistics.fmean(xs), 3), "max_ms": round(max(xs), 3)}
        return out


def _ask(bot: Bot, view: View, timings: Timings | None) -> Any:
    start = time.perf_counter()
    action = bot.decide(view)
    if timings is not None:
        timings.ms[view.phase].append((time.perf_counter() - start) * 1000)
    return action


def play_deal(rules: Rules, dealer: int, seed: int | str, seats: Sequence[Bot],
              timings: Sequence[Timings | None] = (None, None, None, None)) -> Deal:
    """Play one deal with ``seats[s]`` deciding for seat ``s``; each bot sees only its own view."""
    deal = Deal.new(rules, dealer, random.Random(seed))
    claimed = rules.roem_claim == "claimed" and rules.roem == "trick"
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        action = _ask(seats[seat], View.of(deal, seat), timings[seat])
        if not isinstance(action, TrumpAction):
            raise BotError(f"{seats[seat].name} answered {action!r} to a trump decision")
        try:
            deal.choose_trump(action)
        except (TrumpError, PlayError) as exc:
            raise BotError(f"{seats[seat].name} made a trump decision the rules refuse: {exc}") from None
    while not deal.is_over:
        seat = deal.turn
        card = _ask(seats[seat], View.of(deal, seat), timings[seat])
        if isinstance(card, TrumpAction):
            raise BotError(f"{seats[seat].name} answered {card} to a card decision")
        try:
            deal.play(card)
        except PlayError as exc:
            raise BotError(f"{seats[seat].name} played a card the rules refuse: {exc}") from None
        if claimed and not deal.trick:
            # The trick winner is asked after every trick, so being asked tells nothing.
            winner = deal.tricks[-1].winner
            amount = _ask(seats[winner], View.of(deal, winner, claim=True), timings[winner])
            if isinstance(amount, int) and amount > 0:
                with contextlib.suppress(PlayError):  # a wrong claim is refused and the roem is lost
                    deal.claim_roem(winner, amount)
    return deal


@dataclass
class PairResult:
    index: int
    scores: tuple[tuple[int, int], tuple[int, int]]  # (A, B) scores in the deal with A at NS, then at EW

    @property
    def diff(self) -> float:
        """A's points minus B's per deal, averaged over the pair."""
        (a1, b1), (a2, b2) = self.scores
        return ((a1 - b1) + (a2 - b2)) / 2


def pair_seed(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def play_pairs(spec_a: str, spec_b: str, rules_text: str, seed: int, indices: Iterable[int],
               bots: tuple[Bot, Bot] | None = None) -> tuple[list[PairResult], Timings, Timings]:
    """Play duplicate pairs; builds its own bots from the specs unless given."""
    rules = Rules.parse(rules_text)
    own = bots is None
    a, b = bots if bots is not None else (make_bot(spec_a), make_bot(spec_b))
    ta, tb = Timings(), Timings()
    results = []
    try:
        for i in indices:
            dealer = i % 4
            for bot in (a, b):
                bot.reseed(zlib.crc32(f"{seed}:{i}:{bot.name}".encode()))
            d1 = play_deal(rules, dealer, pair_seed(seed, i), [a, b, a, b], [ta, tb, ta, tb])
            d2 = play_deal(rules, dealer, pair_seed(seed, i), [b, a, b, a], [tb, ta, tb, ta])
            s1, s2 = d1.score().scores, d2.score().scores
            results.append(PairResult(i, ((s1[0], s1[1]), (s2[1], s2[0]))))
    finally:
        if own:
            a.close()
            b.close()
    return results, ta, tb


def _chunk_job(args: tuple[str, str, str, int, list[int]]) -> tuple[list[PairResult], Timings, Timings]:
    spec_a, spec_b, rules_text, seed, indices = args
    return play_pairs(spec_a, spec_b, rules_text, seed, indices)


def run_arena(spec_a: str, spec_b: str, rules_text: str, deals: int, seed: int, jobs: int = 1,
              progress: bool = True) -> dict[str, Any]:
    """``deals`` duplicate pairs (each played twice) and the report as a JSON-ready dict."""
    if deals <= 0:
        raise ValueError(f"--deals must be positive, got {deals}")
    if jobs <= 0:
        raise ValueError(f"--jobs must be positive, got {jobs}")
    Rules.parse(rules_text)
    check_spec(spec_a)
    check_spec(spec_b)
    from tqdm import tqdm  # type: ignore[import-untyped]

    chunk = 8
    tasks = [(spec_a, spec_b, rules_text, seed, list(range(i, min(i + chunk, deals))))
             for i in range(0, deals, chunk)]
    results: list[PairResult] = []
    ta, tb = Timings(), Timings()
    bar = tqdm(total=deals, unit="deal", disable=not progress, leave=False, desc=f"{spec_a} v {spec_b}")
    try:
        if jobs == 1:
            a, b = make_bot(spec_a), make_bot(spec_b)
            try:
                for task in tasks:
                    r, x, y = play_pairs(*task, bots=(a, b))
                    results.extend(r)
                    ta.extend(x)
                    tb.extend(y)
                    bar.update(len(r))
            finally:
                a.close()
                b.close()
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for r, x, y in pool.map(_chunk_job, tasks):
                    results.extend(r)
                    ta.extend(x)
                    tb.extend(y)
                    bar.update(len(r))
    finally:
        bar.close()
    return report(spec_a, spec_b, rules_text, seed, results, ta, tb)


def report(spec_a: str, spec_b: str, rules_text: str, seed: int, results: list[PairResult],
           ta: Timings, tb: Timings) -> dict[str, Any]:
    results.sort(key=lambda r: r.index)
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    # 16-deal matches: each block of 16 pairs is two matches, one per seating.
    won = played = 0.0
    for start in range(0, n - n % 16, 16):
        block = results[start:start + 16]
        for side in (0, 1):
            a = sum(r.scores[side][0] for r in block)
            b = sum(r.scores[side][1] for r in block)
            won += 1.0 if a > b else 0.5 if a == b else 0.0
            played += 1
    mean_a = statistics.fmean(s[0] for r in results for s in r.scores)
    mean_b = statistics.fmean(s[1] for r in results for s in r.scores)
    return {
        "bots": [spec_a, spec_b], "rules": rules_text, "deals": n, "games": 2 * n, "seed": seed,
        "mean_points": {"a": round(mean_a, 2), "b": round(mean_b, 2)},
        "diff_per_deal": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)] if n > 1 else None,
        "matches16": int(played), "match_share_a": round(won / played, 4) if played else None,
        "timing": {"a": ta.summary(), "b": tb.summary()},
    }


def format_report(rep: dict[str, Any]) -> str:
    a, b = rep["bots"]
    lines = [f"{a} vs {b}: {rep['deals']} duplicate deals ({rep['games']} games), rules {rep['rules']}, "
             f"seed {rep['seed']}",
             f"  mean points per deal: {a} {rep['mean_points']['a']}, {b} {rep['mean_points']['b']}"]
    ci = rep["ci95"]
    ci_text = f" (95% interval {ci[0]:+.1f} .. {ci[1]:+.1f})" if ci else ""
    lines.append(f"  difference per deal: {rep['diff_per_deal']:+.1f}{ci_text}")
    if rep["match_share_a"] is not None:
        lines.append(f"  16-deal matches won by {a}: {100 * rep['match_share_a']:.1f}% of {rep['matches16']}")
    else:
        lines.append("  16-deal matches: fewer than 16 deals played")
    for key, name in (("a", a), ("b", b)):
        t = rep["timing"][key]
        card = t.get("play")
        card_text = f", card median {card['median_ms']:.2f} ms (mean {card['mean_ms']:.2f}, max " \
                    f"{card['max_ms']:.1f})" if card else ""
        lines.append(f"  {name}: {t['mean_ms']:.2f} ms per decision over {t['decisions']}{card_text}")
    return "\n".join(lines)
