"""The bot protocol: one JSON object per line over stdin/stdout (see docs/bot-protocol.md).

:func:`serve` is the bot side (``klaverjas bot --level basic``); :class:`ExternalBot`
is the host side, running any program that speaks the protocol as a :class:`Bot`.
Every ``decide`` request carries the complete view, so a bot needs no state.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from typing import IO, Any

from ..core import TrumpAction, parse_card
from .base import Action, Bot, Option, action_json
from .view import View, parse_action

PROTOCOL = 1


class BotError(ValueError):
    """A bot broke the protocol or answered with a move the rules refuse."""


def parse_reply(phase: str, reply: dict[str, Any]) -> Action:
    """The action in a ``decide`` reply for a decision of ``phase``."""
    if phase == "trump":
        return parse_action(reply)
    if phase == "play":
        card = reply.get("card")
        if not isinstance(card, str):
            raise BotError(f"reply to a card decision needs \"card\", got {json.dumps(reply)}")
        return parse_card(card)
    if phase == "claim":
        claim = reply.get("claim", 0)
        if not isinstance(claim, int) or claim < 0:
            raise BotError(f"reply to a claim decision needs \"claim\" (a whole number), got {json.dumps(reply)}")
        return claim
    raise BotError(f"no decision in phase {phase!r}")


def handle(bot: Bot, message: dict[str, Any]) -> dict[str, Any] | None:
    """The bot's answer to one host message (``None``: no reply is due)."""
    cmd = message.get("cmd")
    ident = message.get("id")
    if cmd == "hello":
        return {"reply": "hello", "protocol": PROTOCOL, "name": f"klaverjas {bot.name}", "levels": [bot.name],
                "seeds": True}
    if cmd == "seed":
        seed = message.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
            raise ValueError(f"seed needs \"seed\", a whole number from 0 to 2**32 - 1, got {json.dumps(seed)}")
        bot.reseed(seed)
        return {"reply": "seed", "id": ident}
    if cmd == "decide":
        view = View.from_json(message["view"])
        return {"reply": "decide", "id": ident, **action_json(view.phase, bot.decide(view))}
    if cmd == "advise":
        view = View.from_json(message["view"])
        options = bot.advise(view)
        return {"reply": "advise", "id": ident, "options": [o.as_json(view.phase) for o in options]}
    if cmd == "quit":
        return None
    raise ValueError(f"unknown cmd {cmd!r}: expected hello, seed, decide, advise or quit")


def serve(bot: Bot, inp: IO[str], out: IO[str]) -> int:
    """Answer host messages until ``quit`` or end of input."""
    # Load (or compile) what the bot needs before the handshake, so no decision waits for it: hosts
    # time decisions, and the handshake is where a program is expected to start up.
    bot.prepare()
    for line in inp:
        if not line.strip():
            continue
        ident = None
        try:
            message = json.loads(line)
            if not isinstance(message, dict):
                raise ValueError("a message must be a JSON object")
            ident = message.get("id")
            if message.get("cmd") == "quit":
                return 0
            reply = handle(bot, message)
        except (ValueError, KeyError, NotImplementedError) as exc:
            reply = {"reply": "error", "id": ident, "message": str(exc) or type(exc).__name__}
        if reply is not None:
            try:
                out.write(json.dumps(reply, ensure_ascii=False) + "\n")
                out.flush()
            except BrokenPipeError:
                return 0  # the host has gone (an arena stopped): nobody is left to answer
    return 0


class ExternalBot(Bot):
    """A program speaking the protocol, started with ``cmd`` (split like a shell would)."""

    def __init__(self, cmd: str, timeout: float = 30.0):
        args = shlex.split(cmd)
        if not args:
            raise BotError("empty bot command")
        self.cmd = cmd
        self.timeout = timeout  # seconds a reply may take before the bot is given up on
        try:
            self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                                         encoding="utf-8")
        except OSError as exc:
            raise BotError(f"cannot start bot {cmd!r}: {exc}") from None
        # A reader thread feeds a queue, so a bot that hangs costs a timeout, not the whole arena.
        self._lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self._next = 0
        hello = self._ask({"cmd": "hello", "protocol": PROTOCOL}, "hello")
        self.name = str(hello.get("name") or cmd)
        # A bot that says it takes seeds is reseeded before every deal as the host's own bots are, so a match
        # against it can be played again with the same result; other bots are never sent one.
        self.seeds = hello.get("seeds") is True

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put("")  # end of output

    def _ask(self, message: dict[str, Any], expect: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(message) + "\n")
            self.proc.stdin.flush()
            line = self._lines.get(timeout=self.timeout)
        except (BrokenPipeError, OSError):
            line = ""
        except queue.Empty:
            self.proc.kill()
            raise BotError(f"bot {self.cmd!r} did not answer {message.get('cmd')} within {self.timeout:g} s") from None
        if not line:
            raise BotError(f"bot {self.cmd!r} ended without answering {message.get('cmd')}")
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            raise BotError(f"bot {self.cmd!r} sent a line that is not JSON: {line.strip()[:80]!r}") from None
        if not isinstance(reply, dict) or reply.get("reply") != expect or reply.get("id") != message.get("id"):
            raise BotError(f"bot {self.cmd!r} answered {line.strip()[:120]!r} to {message.get('cmd')}")
        return reply

    def _request(self, cmd: str, **fields: Any) -> dict[str, Any]:
        self._next += 1
        return self._ask({"cmd": cmd, "id": self._next, **fields}, cmd)

    def decide(self, view: View) -> Action:
        return parse_reply(view.phase, self._request("decide", view=view.as_json()))

    def reseed(self, seed: int) -> None:
        if self.seeds:
            self._request("seed", seed=seed)

    def trump(self, view: View) -> TrumpAction:
        action = self.decide(view)
        assert isinstance(action, TrumpAction)
        return action

    def card(self, view: View) -> int:
        action = self.decide(view)
        assert isinstance(action, int)
        return action

    def claim(self, view: View) -> int:
        action = self.decide(view)
        assert isinstance(action, int)
        return action

    def advise(self, view: View) -> list[Option]:
        reply = self._request("advise", view=view.as_json())
        return [Option(parse_reply(view.phase, o), float(o.get("score", 0)), dict(o.get("why", {})),
                       str(o.get("code", ""))) for o in reply.get("options", [])]

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                assert self.proc.stdin is not None
                self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
                self.proc.stdin.close()
                self.proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()
