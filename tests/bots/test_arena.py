"""The arena: duplicate deals, reproducible figures, the same results with several workers."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from klaverjas.bots import BasicBot, RandomBot
from klaverjas.bots.arena import PairResult, Timings, by_makers, format_report, play_deal, report, run_arena
from klaverjas.cli.main import main
from klaverjas.core import Deal, Rules
from klaverjas.core.record import to_record

from .helpers import load_benchmark


def test_both_games_of_a_pair_use_the_same_cards_with_the_seats_swapped() -> None:
    rules = Rules.parse("amsterdam")
    a, b = BasicBot(), RandomBot(1)
    d1 = play_deal(rules, 2, "pair", [a, b, a, b])
    d2 = play_deal(rules, 2, "pair", [b, a, b, a])
    assert d1.initial == d2.initial and d1.dealer == d2.dealer


def test_a_bot_against_itself_ties_exactly_and_the_report_adds_up() -> None:
    rep = run_arena("basic", "basic", "rotterdam", 16, seed=3, progress=False)
    assert rep["diff_per_deal"] == 0 and rep["ci95"] == [0, 0]
    assert rep["matches16"] == 2 and rep["match_share_a"] == 0.5
    assert rep["timing"]["a"]["play"]["n"] == rep["timing"]["b"]["play"]["n"] == 16 * 2 * 16


def test_figures_are_reproducible_and_independent_of_jobs() -> None:
    one = run_arena("basic", "random", "amsterdam", 10, seed=9, progress=False)
    again = run_arena("basic", "random", "amsterdam", 10, seed=9, progress=False)
    two = run_arena("basic", "random", "amsterdam", 10, seed=9, jobs=2, progress=False)
    for rep in (again, two):
        assert rep["diff_per_deal"] == one["diff_per_deal"] and rep["mean_points"] == one["mean_points"]


def test_report_statistics() -> None:
    # A wins every 16-deal match with one seating and loses every one with the other.
    results = [PairResult(i, ((100, 62), (50, 112))) for i in range(32)]
    rep = report("x", "y", "amsterdam", 1, results, Timings(), Timings())
    assert rep["diff_per_deal"] == (38 - 62) / 2
    assert rep["matches16"] == 4 and rep["match_share_a"] == 0.5
    assert rep["ci95"] == [-12.0, -12.0]
    assert rep["pairs"] == [[i, -12.0] for i in range(32)]


def _trump_part(deal: Deal) -> tuple[object, ...]:
    rec = to_record(deal)
    return rec.get("trump_selection"), rec.get("trump"), rec.get("maker")


@pytest.mark.parametrize("rules_text", ["rotterdam", "amsterdam", "strict", "amsterdam(trump_selection=utrecht)"])
def test_one_trump_decider_gives_both_games_of_a_pair_the_same_trump(rules_text: str) -> None:
    # Basic and random as card players: with their own trump decisions the records differ on some deal,
    # with one decider (even a random one, reseeded alike) the trump part of the records is the same.
    rules = Rules.parse(rules_text)
    a, b = BasicBot(), RandomBot(5)
    differ = 0
    for i in range(12):
        own = [play_deal(rules, i % 4, f"t:{i}", seats) for seats in ([a, b, a, b], [b, a, b, a])]
        differ += _trump_part(own[0]) != _trump_part(own[1])
        for decider in (BasicBot(), RandomBot()):
            games = []
            for seats in ([a, b, a, b], [b, a, b, a]):
                decider.reseed(i)
                games.append(play_deal(rules, i % 4, f"t:{i}", seats, trump_by=decider))
            assert _trump_part(games[0]) == _trump_part(games[1])
            assert to_record(games[0])["hands"] == to_record(games[1])["hands"]
    assert differ > 0


def test_with_a_trump_decider_the_report_names_it_and_splits_by_makers() -> None:
    rep = run_arena("basic", "random", "rotterdam", 16, seed=4, progress=False, trump_by="basic")
    assert rep["trump_by"] == "basic"
    split = rep["by_makers"]
    assert split["pairs"] == 16 and split["left_out"] == 0
    # The two duplicate comparisons add up to twice the pair's difference.
    total = split["makers"]["diff_per_deal"] + split["defenders"]["diff_per_deal"]
    assert abs(total - 2 * rep["diff_per_deal"]) < 0.02
    # Without a decider nothing is split (the makers differ between the two games).
    plain = run_arena("basic", "random", "rotterdam", 4, seed=4, progress=False)
    assert plain["trump_by"] is None and plain["by_makers"] is None


def test_by_makers_compares_makers_with_makers() -> None:
    # Pair 0: NS made trump in both games; A (at NS in game 0) scored 100 as makers, B (at NS in game 1) 80.
    r = PairResult(0, ((100, 62), (50, 80)), makers=(0, 0), nat=(False, False), same_trump=True)
    split = by_makers([r, PairResult(1, ((0, 0), (0, 0)))])
    assert split["pairs"] == 1 and split["left_out"] == 1
    assert split["makers"]["diff_per_deal"] == 20 and split["defenders"]["diff_per_deal"] == 50 - 62
    assert r.diff == (20 + 50 - 62) / 2


def test_cli_trump_by(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "basic,random", "--trump-by", "random", "--deals", "2", "--rules", "strict",
                 "--json", "--no-progress"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["trump_by"] == "random" and rep["by_makers"]["left_out"] == 0
    assert main(["arena", "--bots", "basic,random", "--trump-by", "grandmaster", "--deals", "2",
                 "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--trump-by" in err[0] and "grandmaster" in err[0]
    assert main(["arena", "--bots", "basic,random", "--trump-by", "cmd: ", "--deals", "2", "--no-progress"]) == 2
    assert "command line" in capsys.readouterr().err
    assert main(["arena", "--bots", "basic,random", "--trump-by", "basic", "--deals", "2", "--no-progress"]) == 0
    assert "trump decisions: basic for every seat" in capsys.readouterr().out


def _reports(folder: Path, **reports: dict[str, Any]) -> dict[str, str]:
    """Each arena report written to ``folder/NAME.json``; the paths by name, as the scripts take them."""
    for name, written in reports.items():
        (folder / f"{name}.json").write_text(json.dumps(written))
    return {name: str(folder / f"{name}.json") for name in reports}


def test_two_runs_on_the_same_seed_compare_deal_by_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # basic against random and random against itself on the same deals: each deal's difference is listed,
    # and the paired figure is the mean of the per-deal differences.  Given a third run, run 1 is measured
    # against each of the others and against their mean deal by deal, and those two against each other.
    # A run on other deals among them is refused.
    paired = load_benchmark("paired")
    one = run_arena("basic", "random", "rotterdam", 6, seed=4, progress=False)
    two = run_arena("random", "random", "rotterdam", 6, seed=4, progress=False)
    three = run_arena("random", "basic", "rotterdam", 6, seed=4, progress=False)
    assert [i for i, _ in one["pairs"]] == list(range(6))
    assert round(sum(d for _, d in one["pairs"]) / 6, 2) == one["diff_per_deal"]
    a, b, c = ([d for _, d in run["pairs"]] for run in (one, two, three))
    per_deal = [x - y for x, y in zip(a, b, strict=True)]
    files = _reports(tmp_path, one=one, two=two, three=three, other={**two, "seed": 5})
    sys.argv = ["paired.py", files["one"], files["two"]]
    assert paired.main() == 0
    out = capsys.readouterr().out
    assert f"run 1 minus run 2, deal by deal: {sum(per_deal) / 6:+.1f}" in out
    assert f"deals that ended the same in both runs: {sum(d == 0 for d in per_deal)} of 6" in out
    sys.argv = ["paired.py", files["one"], files["two"], files["three"]]
    assert paired.main() == 0
    out = capsys.readouterr().out
    assert out.startswith("6 deals in all 3 runs (rotterdam, seed 4")
    against_mean = sum(x - (y + z) / 2 for x, y, z in zip(a, b, c, strict=True)) / 6
    assert f"run 1 minus the mean of runs 2 to 3, deal by deal: {against_mean:+.1f} (95%" in out
    assert f"run 1 minus run 3, deal by deal: {sum(x - z for x, z in zip(a, c, strict=True)) / 6:+.1f}" in out
    between = sum(y - z for y, z in zip(b, c, strict=True)) / 6
    assert f"run 2 minus run 3 (the compared runs among themselves), deal by deal: {between:+.1f}" in out
    assert f"deals that ended the same in runs 1 and 3: {sum(x == z for x, z in zip(a, c, strict=True))} of 6" in out
    for runs in ([files["one"], files["other"]], [files["one"], files["three"], files["other"]]):
        sys.argv = ["paired.py", *runs]
        assert paired.main() == 2
        assert "differ in seed" in capsys.readouterr().err


def test_runs_on_different_seeds_pool_into_one_figure(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two runs of the same players on other deals: the pooled figure is the mean over all their deals; other
    # players, or deals counted twice, are refused.
    pooled = load_benchmark("pooled")
    one = run_arena("basic", "random", "rotterdam", 6, seed=4, progress=False)
    two = run_arena("basic", "random", "rotterdam", 4, seed=5, progress=False)
    diffs = [d for _, d in one["pairs"]] + [d for _, d in two["pairs"]]
    files = _reports(tmp_path, one=one, two=two, other={**two, "bots": ["random", "random"]})
    sys.argv = ["pooled.py", files["one"], files["two"]]
    assert pooled.main() == 0
    out = capsys.readouterr().out
    assert f"10 deals together (rotterdam, trump by None), basic over random: {sum(diffs) / 10:+.1f}" in out
    assert f"seed 5, 4 deals: {sum(diffs[6:]) / 4:+.1f}" in out
    sys.argv = ["pooled.py", files["one"], files["other"]]
    assert pooled.main() == 2
    assert "differs" in capsys.readouterr().err
    sys.argv = ["pooled.py", files["one"], files["one"]]
    assert pooled.main() == 2
    assert "repeats deals of seed 4" in capsys.readouterr().err


def test_the_parts_of_a_run_give_the_whole_runs_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A run of 20 deals played whole and in two parts (deals 0 to 11, then 12 to 19 with --from-deal): over the
    # parts' --pairs files pooled.py gives the whole run's report but the decision times (each run has its own
    # clock: only their number is the same), and over the whole run's file its times too, to the microsecond.
    pooled, paired = load_benchmark("pooled"), load_benchmark("paired")
    common = ["arena", "--bots", "basic,random", "--trump-by", "basic", "--rules", "rotterdam", "--seed", "3",
              "--json", "--no-progress"]
    files = {name: tmp_path / f"{name}.pairs" for name in ("whole", "first", "second")}
    assert main([*common, "--deals", "20", "--pairs", str(files["whole"])]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert main([*common, "--deals", "12", "--pairs", str(files["first"])]) == 0
    assert main([*common, "--deals", "20", "--from-deal", "12", "--pairs", str(files["second"])]) == 0
    capsys.readouterr()
    assert whole["matches16"] == 2 and whole["by_makers"]["pairs"] == 20

    def without_times(rep: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in rep.items() if key != "timing"}

    from_parts = pooled.whole_report([paired.load(files["first"]), paired.load(files["second"])])
    assert without_times(from_parts) == without_times(whole)
    for side in ("a", "b"):
        assert from_parts["timing"][side]["decisions"] == whole["timing"][side]["decisions"] == 640
    from_whole = pooled.whole_report([paired.load(files["whole"])])
    assert without_times(from_whole) == without_times(whole)
    for side in ("a", "b"):
        got, wanted = from_whole["timing"][side], whole["timing"][side]
        assert got["decisions"] == wanted["decisions"]
        for figure in ("median_ms", "mean_ms", "max_ms"):
            assert abs(got["play"][figure] - wanted["play"][figure]) <= 0.0011
    sys.argv = ["pooled.py", str(files["first"]), str(files["second"])]
    assert pooled.main() == 0
    out = capsys.readouterr().out.splitlines()
    mean = sum(diff for _, diff in whole["pairs"]) / 20
    assert out[2].startswith(f"20 deals together (rotterdam, trump by basic), basic over random: {mean:+.1f} (95%")
    assert out[3:] == format_report(from_parts).splitlines()
    # With another seed's run the matches are each run's own, summed (16 deals of seed 4: two more).
    other = tmp_path / "other.pairs"
    assert main([*(a if a != "3" else "4" for a in common), "--deals", "16", "--pairs", str(other)]) == 0
    alone = json.loads(capsys.readouterr().out)
    both = pooled.whole_report([paired.load(files["whole"]), paired.load(other)])
    won = whole["match_share_a"] * 2 + alone["match_share_a"] * 2
    assert both["seed"] == "3, 4" and both["matches16"] == 4 and both["match_share_a"] == round(won / 4, 4)
    assert both["deals"] == 36 and both["by_makers"]["pairs"] == 36
    # A line the arena did not write is named, not a traceback.
    broken = tmp_path / "broken.pairs"
    broken.write_text(files["first"].read_text().replace('"play"', '"lead"', 1))
    sys.argv = ["pooled.py", str(broken)]
    assert pooled.main() == 2
    assert "not as the arena writes it" in capsys.readouterr().err
    # A report (--json), which holds no pair as written, gives the pooled figure alone.
    (tmp_path / "whole.json").write_text(json.dumps(whole))
    sys.argv = ["pooled.py", str(tmp_path / "whole.json")]
    assert pooled.main() == 0
    assert len(capsys.readouterr().out.splitlines()) == 2


def test_a_run_writes_each_finished_deal_as_it_goes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The --pairs file holds what the report holds, deal by deal, and paired.py reads it as a report, also
    # while its last line is still being written.
    paired = load_benchmark("paired")
    pairs = tmp_path / "pairs.jsonl"
    assert main(["arena", "--bots", "basic,random", "--deals", "10", "--rules", "rotterdam", "--seed", "3",
                 "--json", "--no-progress", "--pairs", str(pairs)]) == 0
    rep = json.loads(capsys.readouterr().out)
    lines = [json.loads(line) for line in pairs.read_text().splitlines()]
    assert lines[0] == {"arena": {"bots": ["basic", "random"], "rules": "rotterdam", "seed": 3, "trump_by": None,
                                  "deals": 10, "from_deal": 0}}
    # Each chunk of eight pairs, then that chunk's decision times: 32 cards a game, two games a pair.
    assert ["ms" in line for line in lines[1:]] == [False] * 8 + [True] + [False] * 2 + [True]
    played = [line for line in lines[1:] if "index" in line]
    assert [[line["index"], line["diff"]] for line in played] == rep["pairs"]
    assert all(len(line["scores"]) == 2 and len(line["nat"]) == 2 for line in played)
    assert [len(line["ms"]["a"]["play"]) for line in lines if "ms" in line] == [8 * 32, 2 * 32]
    (tmp_path / "report.json").write_text(json.dumps(rep))
    head, first, second = pairs.read_text().splitlines()[:3]
    (tmp_path / "cut.jsonl").write_text(f"{head}\n{first}\n{second[: len(second) // 2]}")
    sys.argv = ["paired.py", str(tmp_path / "cut.jsonl"), str(tmp_path / "report.json")]
    assert paired.main() == 0
    out = capsys.readouterr().out
    assert "1 deals in both" in out and "deal by deal: +0.0" in out
    assert main(["arena", "--bots", "basic,random", "--deals", "2", "--no-progress",
                 "--pairs", str(tmp_path / "no" / "such" / "dir" / "p.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "--pairs" in err and "cannot write" in err


def test_a_stopped_run_resumed_from_a_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A run stopped after 6 of 10 deals, resumed with --from-deal 6: the resumed part plays deals 6 to 9
    # exactly as the whole run does, and paired.py reads both parts of the file as that run.
    paired = load_benchmark("paired")
    common = ["arena", "--bots", "basic,random", "--deals", "10", "--rules", "rotterdam", "--seed", "3",
              "--json", "--no-progress"]
    whole, rest = tmp_path / "whole.jsonl", tmp_path / "rest.jsonl"
    assert main([*common, "--pairs", str(whole)]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert main([*common, "--from-deal", "6", "--pairs", str(rest)]) == 0
    resumed = json.loads(capsys.readouterr().out)
    assert resumed["deals"] == 4 and resumed["pairs"] == rep["pairs"][6:]
    whole_lines, rest_lines = whole.read_text().splitlines(), rest.read_text().splitlines()
    assert json.loads(rest_lines[0])["arena"]["from_deal"] == 6
    assert [line for line in rest_lines[1:] if '"index"' in line] == [line for line in whole_lines[7:]
                                                                    if '"index"' in line]
    joined = tmp_path / "joined.jsonl"
    joined.write_text("\n".join(whole_lines[:7] + rest_lines) + "\n")
    (tmp_path / "report.json").write_text(json.dumps(rep))
    sys.argv = ["paired.py", str(joined), str(tmp_path / "report.json")]
    assert paired.main() == 0
    out = capsys.readouterr().out
    assert "10 deals in both" in out and "deal by deal: +0.0" in out
    # Parts of another run are refused, and so is a first deal outside the run.
    other = json.dumps({"arena": {**json.loads(rest_lines[0])["arena"], "seed": 4}})
    joined.write_text("\n".join([*whole_lines[:7], other, *rest_lines[1:]]) + "\n")
    with pytest.raises(SystemExit, match="different runs"):
        paired.load(joined)
    for bad in ("10", "-1"):
        assert main([*common, "--from-deal", bad]) == 2
        err = capsys.readouterr().err
        assert "--from-deal" in err and "Traceback" not in err
