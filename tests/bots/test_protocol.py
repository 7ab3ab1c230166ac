"""The bot protocol: our bots serve it, and any program that speaks it can play in the arena."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from klaverjas.bots import BasicBot, View
from klaverjas.bots.arena import run_arena
from klaverjas.bots.base import Action
from klaverjas.bots.protocol import BotError, ExternalBot, serve
from klaverjas.cli.main import main
from klaverjas.core import card_name

from .helpers import walk

BOT_CMD = f"{sys.executable} -m klaverjas.cli.main bot --level basic"


def _talk(lines: Sequence[dict[str, object] | str]) -> list[dict[str, object]]:
    inp = io.StringIO("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines))
    out = io.StringIO()
    serve(BasicBot(), inp, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_serve_answers_every_decision_like_the_bot_itself() -> None:
    views = [v for rules in ("amsterdam", "amsterdam(roem_claim=claimed)") for _, v in walk(rules, 2)]
    replies = _talk([{"cmd": "hello", "protocol": 1}]
                    + [{"cmd": "decide", "id": i, "view": v.as_json()} for i, v in enumerate(views)]
                    + [{"cmd": "quit"}, {"cmd": "hello"}])
    assert replies[0]["reply"] == "hello" and replies[0]["protocol"] == 1
    assert len(replies) == 1 + len(views)  # nothing after quit
    bot = BasicBot()
    for i, (view, reply) in enumerate(zip(views, replies[1:], strict=True)):
        assert reply["id"] == i and reply["reply"] == "decide"
        action = bot.decide(view)
        if view.phase == "play":
            assert isinstance(action, int) and reply["card"] == card_name(action)
        elif view.phase == "trump":
            assert reply["action"] == action.kind  # type: ignore[union-attr]
        else:
            assert reply["claim"] == action


def test_advise_and_errors() -> None:
    view = next(v for _, v in walk("amsterdam", 3) if v.phase == "play")
    replies = _talk([{"cmd": "advise", "id": "a", "view": view.as_json()}, "not json", {"cmd": "dance", "id": 9},
                     {"cmd": "decide", "id": 5, "view": {"phase": "play"}}])
    options = replies[0]["options"]
    assert isinstance(options, list) and len(options) == view.legal.bit_count()
    assert all(set(o["why"]) == {"en", "nl"} for o in options)
    assert [r["reply"] for r in replies[1:]] == ["error", "error", "error"]
    assert replies[2]["id"] == 9 and "dance" in str(replies[2]["message"])


DOC = Path(__file__).resolve().parents[2] / "docs" / "bot-protocol.md"


def test_the_documented_transcript_is_what_the_bot_says() -> None:
    block = DOC.read_text().split("## Example transcript")[1].split("```")[1]
    lines = [line for line in block.splitlines() if line.strip()]
    sent = [json.loads(line[2:]) for line in lines if line.startswith("> ")]
    said = [json.loads(line[2:]) for line in lines if line.startswith("< ")]
    assert {m["cmd"] for m in sent} == {"hello", "seed", "decide", "advise", "quit"}
    assert {m["view"]["phase"] for m in sent if m["cmd"] == "decide" and "hand" in m["view"]} == {
        "trump", "play", "claim"}
    assert _talk(sent) == said


def test_a_seed_is_taken_or_refused_with_a_reason() -> None:
    replies = _talk([{"cmd": "seed", "id": 1, "seed": 7}, {"cmd": "seed", "id": 2, "seed": -1},
                     {"cmd": "seed", "id": 3, "seed": "7"}, {"cmd": "seed", "id": 4, "seed": True},
                     {"cmd": "seed", "id": 5}])
    assert replies[0] == {"reply": "seed", "id": 1}
    assert [r["reply"] for r in replies[1:]] == ["error"] * 4
    assert all("whole number" in str(r["message"]) for r in replies[1:])


def test_an_external_bot_that_takes_seeds_plays_a_match_again_alike() -> None:
    # A random player over the protocol: reseeded by the arena before every game, two runs of the same
    # match are the same game for game, and another seed gives other games.
    random_cmd = f"cmd:{sys.executable} -m klaverjas.cli.main bot --level random"
    runs = [run_arena(random_cmd, "basic", "rotterdam", 3, seed=s, progress=False) for s in (5, 5, 6)]
    assert runs[0]["pairs"] == runs[1]["pairs"]
    assert runs[0]["pairs"] != runs[2]["pairs"]
    # The side's seed, not the bot's name: the in-process random player draws the same cards.
    assert run_arena("random", "basic", "rotterdam", 3, seed=5, progress=False)["pairs"] == runs[0]["pairs"]


def test_a_host_that_has_gone_ends_the_session_quietly() -> None:
    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    inp = io.StringIO(json.dumps({"cmd": "hello", "protocol": 1}) + "\n")
    assert serve(BasicBot(), inp, Gone()) == 0


def test_the_documented_example_bot_plays_in_the_arena(tmp_path: Path) -> None:
    # The minimal bot of docs/bot-protocol.md, written against the document alone.
    code = DOC.read_text().split("```python")[1].split("```")[0]
    script = tmp_path / "firstbot.py"
    script.write_text(code)
    rep = run_arena("basic", f"cmd:{sys.executable} {script}", "amsterdam(roem_claim=claimed)", 4, seed=1,
                    progress=False)
    assert rep["deals"] == 4 and rep["diff_per_deal"] > 0
    assert rep["timing"]["b"]["play"]["n"] == 4 * 2 * 16


def test_our_bot_command_plays_as_an_external_bot() -> None:
    rep = run_arena(f"cmd:{BOT_CMD}", "basic", "rotterdam", 3, seed=4, progress=False)
    assert rep["diff_per_deal"] == 0  # the same rules on both sides of a duplicate: an exact tie
    bot = ExternalBot(BOT_CMD)
    try:
        view = next(v for _, v in walk("rotterdam", 6) if v.phase == "play")
        assert bot.decide(view) == BasicBot().decide(view)
        assert [o.action for o in bot.advise(view)] == [o.action for o in BasicBot().advise(view)]
    finally:
        bot.close()


def test_a_bot_that_breaks_the_protocol_is_reported(tmp_path: Path) -> None:
    script = tmp_path / "bad.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    print('hello there', flush=True)\n")
    with pytest.raises(BotError, match="not JSON"):
        ExternalBot(f"{sys.executable} {script}")


def test_cli_arena_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "basic,random", "--deals", "3", "--rules", "rotterdam", "--json",
                 "--no-progress"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["bots"] == ["basic", "random"] and rep["games"] == 6
    assert main(["arena", "--bots", "basic,nobody", "--deals", "3", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nobody" in err[0]
    assert main(["arena", "--bots", "basic", "--deals", "3"]) == 2
    assert main(["arena", "--bots", "basic,random", "--rules", "nowhere", "--deals", "3"]) == 2
    assert main(["bot", "--level", "grandmaster"]) == 2


def test_a_bot_that_hangs_is_given_up_on_after_its_timeout(tmp_path: Path) -> None:
    import time

    script = tmp_path / "sleepy.py"
    script.write_text("import sys, time\nfor line in sys.stdin:\n    time.sleep(60)\n")
    start = time.monotonic()
    with pytest.raises(BotError, match="did not answer hello within 0.5 s"):
        ExternalBot(f"{sys.executable} {script}", timeout=0.5)
    assert time.monotonic() - start < 5


def test_serve_prepares_the_bot_before_the_handshake() -> None:
    events: list[str] = []

    class Preparing(BasicBot):
        def prepare(self) -> None:
            events.append("prepare")

        def decide(self, view: View) -> Action:
            events.append("decide")
            return super().decide(view)

    view = next(v for _, v in walk("rotterdam", 6) if v.phase == "play")
    inp = io.StringIO(json.dumps({"cmd": "hello", "protocol": 1}) + "\n"
                      + json.dumps({"cmd": "decide", "id": 1, "view": view.as_json()}) + "\n")
    out = io.StringIO()
    serve(Preparing(), inp, out)
    assert events == ["prepare", "decide"]
    assert [json.loads(line)["reply"] for line in out.getvalue().splitlines()] == ["hello", "decide"]
