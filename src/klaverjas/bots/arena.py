"""Bots against bots: one deal, duplicate pairs, and the arena statistics.

Duplicate: every deal is played twice with the same cards, once with bot A at
North-South and once at East-West, so the luck of the cards cancels.  The unit
of the statistics is the pair: A's points minus B's, averaged over its two
deals, with a 95% interval from the spread of the pairs.

With a trump decider (``trump_by``) one third bot makes every seat's trump
decisions in both games of a pair, so the two games have the same trump, the
same makers' seats and differ in card play alone.  Then A made trump in one
game of the pair and B in the other (on the same cards), and the pair's
difference splits exactly into two duplicate comparisons: A's score as makers
minus B's as makers, and A's as defenders minus B's as defenders.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import statistics
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Any

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
              timings: Sequence[Timings | None] = (None, None, None, None), trump_by: Bot | None = None) -> Deal:
    """Play one deal with ``seats[s]`` deciding for seat ``s``; each bot sees only its own view.

    ``trump_by``: the bot that makes every seat's trump decisions instead (the seats still play
    every card and claim); its decisions are not timed with the seats'."""
    deal = Deal.new(rules, dealer, random.Random(seed))
    claimed = rules.roem_claim == "claimed" and rules.roem == "trick"
    while not deal.selection.done:
        seat = deal.selection.to_move
        assert seat is not None
        decider = seats[seat] if trump_by is None else trump_by
        action = _ask(decider, View.of(deal, seat), timings[seat] if trump_by is None else None)
        if not isinstance(action, TrumpAction):
            raise BotError(f"{decider.name} answered {action!r} to a trump decision")
        try:
            deal.choose_trump(action)
        except (TrumpError, PlayError) as exc:
            raise BotError(f"{decider.name} made a trump decision the rules refuse: {exc}") from None
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
    # Per game: the makers' team in seats (0 NS, 1 EW; None without makers) and whether they went nat.
    makers: tuple[int | None, int | None] = (None, None)
    nat: tuple[bool, bool] = (False, False)
    same_trump: bool = False  # both games had the same trump decisions (the bids, in order)

    @property
    def a_made(self) -> int | None:
        """With the same makers' seats in both games: the game (0 or 1) in which A made trump, else None."""
        m = self.makers[0]
        if not self.same_trump or m is None or self.makers[1] != m:
            return None
        return 0 if m == 0 else 1  # A sits at NS in game 0 and at EW in game 1

    @property
    def diff(self) -> float:
        """A's points minus B's per deal, averaged over the pair."""
        (a1, b1), (a2, b2) = self.scores
        return ((a1 - b1) + (a2 - b2)) / 2


def pair_seed(seed: int, index: int) -> str:
    return f"{seed}:{index}"


def _makers(deal: Deal) -> int | None:
    maker = deal.selection.maker
    return None if maker is None or not deal.rules.has_makers else maker & 1


def play_pair_deals(rules: Rules, seed: int, index: int, bots: tuple[Bot, Bot], decider: Bot | None = None,
                    timings: tuple[Timings | None, Timings | None] = (None, None)) -> tuple[Deal, Deal]:
    """Deal ``index`` of a duplicate run played twice: ``bots[0]`` at NS, then at EW.

    Every bot is reseeded before each game by the side and the game, not by its name: two runs that
    differ only in one side's options draw the same random numbers in every game, so they differ only
    where the options change a decision (and what follows from it)."""
    a, b = bots
    ta, tb = timings
    deals = []
    for game, (seats, times) in enumerate((([a, b, a, b], [ta, tb, ta, tb]), ([b, a, b, a], [tb, ta, tb, ta]))):
        for side, bot in (("a", a), ("b", b)):
            bot.reseed(zlib.crc32(f"{seed}:{index}:{game}:{side}".encode()))
        if decider is not None:
            decider.reseed(zlib.crc32(f"{seed}:{index}:trump".encode()))
        deals.append(play_deal(rules, index % 4, pair_seed(seed, index), seats, times, decider))
    return deals[0], deals[1]


def play_pairs(spec_a: str, spec_b: str, rules_text: str, seed: int, indices: Iterable[int],
               bots: tuple[Bot, Bot] | None = None, trump_spec: str | None = None,
               trump_bot: Bot | None = None) -> tuple[list[PairResult], Timings, Timings]:
    """Play duplicate pairs; builds its own bots from the specs unless given.

    ``trump_spec`` (or ``trump_bot``): the bot making every seat's trump decisions, reseeded alike
    before both games of a pair so that a bot drawing random numbers decides alike too."""
    rules = Rules.parse(rules_text)
    own = bots is None
    a, b = bots if bots is not None else (make_bot(spec_a), make_bot(spec_b))
    own_trump = trump_bot is None and trump_spec is not None
    decider = make_bot(trump_spec) if own_trump and trump_spec is not None else trump_bot
    ta, tb = Timings(), Timings()
    results = []
    try:
        for i in indices:
            d1, d2 = play_pair_deals(rules, seed, i, (a, b), decider, (ta, tb))
            sc1, sc2 = d1.score(), d2.score()
            s1, s2 = sc1.scores, sc2.scores
            results.append(PairResult(i, ((s1[0], s1[1]), (s2[1], s2[0])), (_makers(d1), _makers(d2)),
                                      (sc1.nat, sc2.nat), d1.selection.events == d2.selection.events))
    finally:
        if own:
            a.close()
            b.close()
        if own_trump and decider is not None:
            decider.close()
    return results, ta, tb


def _chunk_job(args: tuple[str, str, str, int, list[int], str | None]) -> tuple[list[PairResult], Timings, Timings]:
    spec_a, spec_b, rules_text, seed, indices, trump_spec = args
    return play_pairs(spec_a, spec_b, rules_text, seed, indices, trump_spec=trump_spec)


def pair_line(r: PairResult) -> dict[str, Any]:
    """One finished pair as a line of the ``--pairs`` file (read back by ``pair_from_line``)."""
    return {"index": r.index, "diff": r.diff, "scores": [list(r.scores[0]), list(r.scores[1])],
            "makers": list(r.makers), "nat": list(r.nat), "same_trump": r.same_trump}


def pair_from_line(line: dict[str, Any]) -> PairResult:
    """The pair a ``pair_line`` wrote."""
    (a1, b1), (a2, b2) = line["scores"]
    m1, m2 = line["makers"]
    n1, n2 = line["nat"]
    return PairResult(int(line["index"]), ((int(a1), int(b1)), (int(a2), int(b2))),
                      (None if m1 is None else int(m1), None if m2 is None else int(m2)),
                      (bool(n1), bool(n2)), bool(line["same_trump"]))


def timing_line(ta: Timings, tb: Timings) -> dict[str, Any]:
    """The milliseconds of every decision of a chunk of pairs, per bot and kind, as a line of the ``--pairs``
    file after the chunk's pairs: the parts of a run written to several files then give the whole run's
    medians, not only each part's (read back by ``timings_from_line``)."""
    return {"ms": {side: {k: [round(x, 3) for x in t.ms[k]] for k in KINDS if t.ms[k]}
                   for side, t in (("a", ta), ("b", tb))}}


def timings_from_line(line: dict[str, Any]) -> tuple[Timings, Timings]:
    """The two bots' decision times a ``timing_line`` wrote."""
    out = []
    for side in ("a", "b"):
        t = Timings()
        for kind, xs in line["ms"][side].items():
            if kind not in KINDS:
                raise ValueError(f"unknown kind of decision {kind!r}")
            t.ms[kind].extend(float(x) for x in xs)
        out.append(t)
    return out[0], out[1]


def run_arena(spec_a: str, spec_b: str, rules_text: str, deals: int, seed: int, jobs: int = 1,
              progress: bool = True, trump_by: str | None = None, pairs_out: IO[str] | None = None,
              first: int = 0) -> dict[str, Any]:
    """``deals`` duplicate pairs (each played twice) and the report as a JSON-ready dict.

    ``trump_by``: a bot spec (as for the players) that makes every seat's trump decisions.  ``pairs_out``:
    a file that gets a first line naming the run, then one line per pair as each chunk of deals ends and one
    with the chunk's decision times, so a run stopped before its end keeps what it played
    (``benchmarks/paired.py`` reads it as a report, ``benchmarks/pooled.py`` joins the parts of a run).
    ``first``: the run starts at that deal (a stopped run resumed: deal i is the same in every run of the
    seed, so deals ``first`` to ``deals - 1`` are played and the two parts together make the whole run)."""
    if deals <= 0:
        raise ValueError(f"--deals must be positive, got {deals}")
    if not 0 <= first < deals:
        raise ValueError(f"--from-deal must be from 0 to --deals minus one ({deals - 1}), got {first}")
    if jobs <= 0:
        raise ValueError(f"--jobs must be positive, got {jobs}")
    Rules.parse(rules_text)
    check_spec(spec_a)
    check_spec(spec_b)
    if trump_by is not None:
        trump_by = trump_by.strip()
        try:
            check_spec(trump_by)
        except ValueError as exc:
            raise ValueError(f"--trump-by: {exc}") from None
    from tqdm import tqdm  # type: ignore[import-untyped]

    chunk = 8
    tasks = [(spec_a, spec_b, rules_text, seed, list(range(i, min(i + chunk, deals))), trump_by)
             for i in range(first, deals, chunk)]
    results: list[PairResult] = []
    ta, tb = Timings(), Timings()

    def record(rs: list[PairResult], x: Timings, y: Timings) -> None:
        results.extend(rs)
        ta.extend(x)
        tb.extend(y)
        if pairs_out is not None:
            lines = [pair_line(r) for r in rs] + [timing_line(x, y)]
            pairs_out.write("".join(json.dumps(line) + "\n" for line in lines))
            pairs_out.flush()

    if pairs_out is not None:
        pairs_out.write(json.dumps({"arena": {"bots": [spec_a, spec_b], "rules": rules_text, "seed": seed,
                                              "trump_by": trump_by, "deals": deals, "from_deal": first}})
                        + "\n")
        pairs_out.flush()
    bar = tqdm(total=deals - first, unit="deal", disable=not progress, leave=False, desc=f"{spec_a} v {spec_b}")
    try:
        if jobs == 1:
            a, b = make_bot(spec_a), make_bot(spec_b)
            decider = make_bot(trump_by) if trump_by is not None else None
            try:
                for task in tasks:
                    r, x, y = play_pairs(*task[:5], bots=(a, b), trump_bot=decider)
                    record(r, x, y)
                    bar.update(len(r))
            finally:
                a.close()
                b.close()
                if decider is not None:
                    decider.close()
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for r, x, y in pool.map(_chunk_job, tasks):
                    record(r, x, y)
                    bar.update(len(r))
    finally:
        bar.close()
    return report(spec_a, spec_b, rules_text, seed, results, ta, tb, trump_by)


def _interval(xs: Sequence[float]) -> tuple[float, list[float] | None]:
    """The mean and its 95% interval (None for fewer than two values)."""
    mean = statistics.fmean(xs)
    if len(xs) < 2:
        return mean, None
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return mean, [round(mean - half, 2), round(mean + half, 2)]


def by_makers(results: Sequence[PairResult]) -> dict[str, Any]:
    """The pairs' differences split by who made trump (runs with one trump decider only).

    In a pair with the same trump decisions in both games A made trump in one game and B in the
    other, on the same cards: ``makers`` is A's score as makers minus B's as makers, ``defenders``
    A's score as defenders minus B's; the two add up to twice the pair's difference.  ``nat``: how
    often each went nat as makers.  Pairs whose games had different trump decisions (a decider that
    is not reproducible) or no makers are left out and counted."""
    makers: list[float] = []
    defenders: list[float] = []
    nat_a = nat_b = 0
    for r in results:
        g = r.a_made
        if g is None:
            continue
        (a_m, b_d), (a_d, b_m) = r.scores[g], r.scores[1 - g]  # (A, B) in A's making game, then in B's
        makers.append(a_m - b_m)
        defenders.append(a_d - b_d)
        nat_a += r.nat[g]
        nat_b += r.nat[1 - g]
    n = len(makers)
    out: dict[str, Any] = {"pairs": n, "left_out": len(results) - n}
    if not n:
        return out
    for key, xs in (("makers", makers), ("defenders", defenders)):
        mean, ci = _interval(xs)
        out[key] = {"diff_per_deal": round(mean, 2), "ci95": ci}
    out["nat_share"] = {"a": round(nat_a / n, 4), "b": round(nat_b / n, 4)}
    return out


def matches16(results: Sequence[PairResult]) -> tuple[float, int]:
    """A's 16-deal matches won (a tie counts a half) and played: each block of 16 pairs in the given order
    is two matches, one per seating; the pairs after the last whole block make none."""
    won, played = 0.0, 0
    for start in range(0, len(results) - len(results) % 16, 16):
        block = results[start:start + 16]
        for side in (0, 1):
            a = sum(r.scores[side][0] for r in block)
            b = sum(r.scores[side][1] for r in block)
            won += 1.0 if a > b else 0.5 if a == b else 0.0
            played += 1
    return won, played


def report(spec_a: str, spec_b: str, rules_text: str, seed: int, results: list[PairResult],
           ta: Timings, tb: Timings, trump_by: str | None = None) -> dict[str, Any]:
    results.sort(key=lambda r: r.index)
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    won, played = matches16(results)
    mean_a = statistics.fmean(s[0] for r in results for s in r.scores)
    mean_b = statistics.fmean(s[1] for r in results for s in r.scores)
    return {
        "bots": [spec_a, spec_b], "rules": rules_text, "deals": n, "games": 2 * n, "seed": seed,
        # None: each bot made its own trump decisions, so the difference is trump decisions and card play.
        "trump_by": trump_by,
        "by_makers": by_makers(results) if trump_by is not None else None,
        "mean_points": {"a": round(mean_a, 2), "b": round(mean_b, 2)},
        "diff_per_deal": round(mean, 2),
        "ci95": [round(mean - half, 2), round(mean + half, 2)] if n > 1 else None,
        "matches16": played, "match_share_a": round(won / played, 4) if played else None,
        "timing": {"a": ta.summary(), "b": tb.summary()},
        # Each deal's index and A's points minus B's (the mean of its two games): two runs with the same
        # seed play the same deals, so they can be compared deal by deal (benchmarks/paired.py).
        "pairs": [[r.index, r.diff] for r in results],
    }


def format_report(rep: dict[str, Any]) -> str:
    a, b = rep["bots"]
    lines = [f"{a} vs {b}: {rep['deals']} duplicate deals ({rep['games']} games), rules {rep['rules']}, "
             f"seed {rep['seed']}"]
    trump_by = rep.get("trump_by")
    if trump_by is None:
        lines.append("  trump decisions: each bot its own (the difference is trump decisions and card play)")
    else:
        lines.append(f"  trump decisions: {trump_by} for every seat (the difference is card play alone)")
    lines.append(f"  mean points per deal: {a} {rep['mean_points']['a']}, {b} {rep['mean_points']['b']}")
    lines.append(f"  difference per deal: {rep['diff_per_deal']:+.1f}{_ci_text(rep['ci95'])}")
    split = rep.get("by_makers")
    if split and split["pairs"]:
        for key, words in (("makers", "as makers"), ("defenders", "as defenders")):
            part = split[key]
            lines.append(f"    {words}: {a} minus {b} {part['diff_per_deal']:+.1f}{_ci_text(part['ci95'])}")
        nat = split["nat_share"]
        lines.append(f"    makers went nat: {a} {100 * nat['a']:.1f}%, {b} {100 * nat['b']:.1f}% "
                     f"(over {split['pairs']} pairs, {split['left_out']} left out)")
    if rep["match_share_a"] is not None:
        lines.append(f"  16-deal matches won by {a}: {100 * rep['match_share_a']:.1f}% of {rep['matches16']}")
    else:
        lines.append("  16-deal matches: fewer than 16 deals played")
    for key, name in (("a", a), ("b", b)):
        t = rep["timing"][key]
        if not t["decisions"]:
            lines.append(f"  {name}: no decision timed")
            continue
        card = t.get("play")
        card_text = f", card median {card['median_ms']:.2f} ms (mean {card['mean_ms']:.2f}, max " \
                    f"{card['max_ms']:.1f})" if card else ""
        lines.append(f"  {name}: {t['mean_ms']:.2f} ms per decision over {t['decisions']}{card_text}")
    return "\n".join(lines)


def _ci_text(ci: list[float] | None) -> str:
    return f" (95% interval {ci[0]:+.1f} .. {ci[1]:+.1f})" if ci else ""
