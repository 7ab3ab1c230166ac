"""A club evening: who is present, the rounds drawn, every table's result, the standings.

An evening has a format (``individual``: partners drawn each round; ``pairs``: fixed pairs), a
number of rounds, the match end of a table's sheet (``deals:16``, ``deals:12`` or ``points:N``), a
Dutch rules preset, a bye rule, a prize formula and a seed for the draw.  Players sign in at the
door; a late arrival signs in whenever and is drawn from the next round on; a player may leave
between rounds.  Round ``k`` is drawn once round ``k - 1`` is closed, and closes when every table has
a complete result.  A table's result is either typed by the organiser (two totals) or its sheet's
deals, scored by the score keeper (:mod:`klaverjas.web.keeper.sheet`): it counts when the sheet is complete.
A changed result of a table that already had one is logged with who changed it.  A closed evening
refuses every change.  :meth:`Evening.as_json` / :meth:`Evening.from_json` store it as plain JSON with
a format version.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from klaverjas.web.keeper.sheet import MAX_ROEM, Conflict, DealInput, FieldError, Settings, check_settings, compute

from .draw import Round, Table, check_round, draw_individual, draw_pairs
from .errors import ClosedError, ClubError, DrawError, ResultError, RoundError, SettingsError
from .prizes import PrizeFormula
from .standings import ByeRule, EveningStandings, Line, evening_standings

FORMAT_VERSION = 1
FORMATS = ("individual", "pairs")
PRESETS = ("amsterdam", "rotterdam")  # Dutch sheets: South African strokes have no totals to rank
MAX_ROUNDS = 12
MAX_NAME = 60


@dataclass
class TableResult:
    """A table's result: typed totals, or the sheet's deals and first dealer."""

    totals: tuple[int, int] | None  # the sides' totals once complete
    deals: tuple[DealInput, ...] | None = None
    first_dealer: int = 0

    @property
    def complete(self) -> bool:
        return self.totals is not None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"totals": None if self.totals is None else list(self.totals)}
        if self.deals is not None:
            out["deals"] = [d.as_json() for d in self.deals]
            out["first_dealer"] = self.first_dealer
        return out


@dataclass
class PlayedRound:
    draw: Round
    results: dict[int, TableResult] = field(default_factory=dict)
    closed: bool = False

    def missing(self) -> list[int]:
        return [t.number for t in self.draw.tables if not (r := self.results.get(t.number)) or not r.complete]


class Evening:
    """One evening of a club; every change goes through a method that refuses bad input."""

    def __init__(self, *, format: str = "individual", rounds: int = 5, match_end: str = "deals:16",
                 rules: str = "amsterdam", bye_rule: ByeRule | None = None, prizes: PrizeFormula | None = None,
                 seed: int = 0, title: str = "") -> None:
        if format not in FORMATS:
            raise SettingsError(f"format must be {' or '.join(FORMATS)}, not {format!r}")
        if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise SettingsError(f"an evening has 1 to {MAX_ROUNDS} rounds, not {rounds!r}")
        if rules not in PRESETS:
            raise SettingsError(f"rules must be {' or '.join(PRESETS)} for a club evening, not {rules!r}")
        if not match_end.startswith(("deals:", "points:")):
            raise SettingsError(f"a round ends after deals:N or at points:N, not {match_end!r}")
        try:
            check_settings(Settings(rules=rules, match_end=match_end))
        except FieldError as exc:
            raise SettingsError(str(exc)) from None
        self.format = format
        self.rounds = rounds
        self.match_end = match_end
        self.rules = rules
        self.bye_rule = bye_rule or ByeRule()
        self.prizes = prizes or PrizeFormula()
        self.seed = seed
        self.title = title
        self.present: list[str] = []  # in sign-in order
        self.entrants: list[str] = []  # everyone who ever signed in, in order
        self.members: dict[str, tuple[str, str]] = {}  # pairs format: pair name -> its two players
        self.played: list[PlayedRound] = []
        self.closed = False
        self.log: list[dict[str, Any]] = []  # corrections: round, table, by, before, after

    # -- settings derived ------------------------------------------------------------------------------
    @property
    def deals_per_round(self) -> int | None:
        kind, _, number = self.match_end.partition(":")
        return int(number) if kind == "deals" else None

    @property
    def side_size(self) -> int:
        return 2 if self.format == "individual" else 1

    def _open(self) -> None:
        if self.closed:
            raise ClosedError("the evening is closed; nothing can change any more")

    @property
    def current(self) -> PlayedRound | None:
        """The round being played (drawn, not closed), if any."""
        return self.played[-1] if self.played and not self.played[-1].closed else None

    # -- who is present --------------------------------------------------------------------------------
    def sign_in(self, name: str, members: tuple[str, str] | None = None) -> None:
        """Sign in a player (individual) or a pair with its two players (pairs); late arrivals too."""
        self._open()
        name = name.strip() if isinstance(name, str) else ""
        if not name or len(name) > MAX_NAME:
            raise SettingsError(f"a name needs 1 to {MAX_NAME} characters")
        if name in self.present:
            raise SettingsError(f"{name} is already signed in")
        if self.format == "pairs":
            if members is None or len(members) != 2 or not all(isinstance(m, str) and m.strip() for m in members):
                raise SettingsError(f"pair {name} needs the names of its two players")
            a, b = members[0].strip(), members[1].strip()
            if a == b:
                raise SettingsError(f"pair {name} lists {a} twice")
            for other in self.present:
                if other != name and {a, b} & set(self.members.get(other, ())):
                    raise SettingsError(f"{a if a in self.members[other] else b} already plays in pair {other}")
            self.members[name] = (a, b)
        elif members is not None:
            raise SettingsError("players of an individual evening sign in alone; partners are drawn")
        self.present.append(name)
        if name not in self.entrants:
            self.entrants.append(name)

    def leave(self, name: str) -> None:
        """A player (or pair) goes home; not in the middle of a round they play in."""
        self._open()
        if name not in self.present:
            raise SettingsError(f"{name} is not signed in")
        current = self.current
        if current is not None and name in current.draw.entrants:
            table = current.draw.table_of(name)
            place = f"plays at table {table.number}" if table else "has a bye"
            raise RoundError(f"{name} {place} in round {current.draw.number}; leave once the round is closed")
        self.present.remove(name)

    # -- rounds ----------------------------------------------------------------------------------------
    def _next_number(self) -> int:
        self._open()
        if self.current is not None:
            n = self.current.draw.number
            raise RoundError(f"round {n} is still being played: close it before drawing round {n + 1}")
        number = len(self.played) + 1
        if number > self.rounds:
            raise RoundError(f"the evening has {self.rounds} rounds; all are drawn")
        return number

    def draw_round(self) -> Round:
        """Draw the next round for the entrants present now (seeded: the same evening draws the same)."""
        self._next_number()
        history = [p.draw for p in self.played]
        try:
            if self.format == "individual":
                rnd = draw_individual(self.present, history, self.seed)
            else:
                rnd = draw_pairs(self.present, history, self.seed)
        except DrawError as exc:
            raise RoundError(f"round {len(history) + 1} cannot be drawn: {exc}") from None
        self.played.append(PlayedRound(rnd))
        return rnd

    def set_round(self, tables: Sequence[tuple[Sequence[str], Sequence[str]]], byes: Sequence[str] = ()) -> Round:
        """The organiser's own draw of the next round: tables as pairs of sides, in table order."""
        number = self._next_number()
        rnd = Round(number, tuple(Table(k + 1, (tuple(a), tuple(b))) for k, (a, b) in enumerate(tables)),
                    tuple(byes))
        check_round(rnd, self.side_size, self.present)
        self.played.append(PlayedRound(rnd))
        return rnd

    def _table(self, round_number: int, table_number: int) -> tuple[PlayedRound, Table]:
        self._open()
        if not 1 <= round_number <= len(self.played):
            drawn = f"rounds 1 to {len(self.played)} are drawn" if self.played else "no round is drawn yet"
            raise ResultError(f"round {round_number} has not been drawn ({drawn})")
        played = self.played[round_number - 1]
        for t in played.draw.tables:
            if t.number == table_number:
                return played, t
        raise ResultError(f"round {round_number} has no table {table_number} "
                          f"(it has tables 1 to {len(played.draw.tables)})")

    def record_totals(self, round_number: int, table_number: int, totals: Sequence[int],
                      by: str = "organiser") -> None:
        """The organiser types a table's two totals (side 1, side 2) from its paper sheet."""
        played, _ = self._table(round_number, table_number)
        deals = self.deals_per_round
        most = (deals or 50) * (Settings(rules=self.rules).rules_value().total + 100 + MAX_ROEM)
        if len(totals) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in totals):
            raise ResultError(f"table {table_number} of round {round_number}: give two whole-number totals")
        if not all(0 <= v <= most for v in totals):
            raise ResultError(f"table {table_number} of round {round_number}: totals must be 0 to {most}")
        self._store(played, table_number, TableResult((totals[0], totals[1])), by)

    def record_sheet(self, round_number: int, table_number: int, deals: Sequence[DealInput],
                     first_dealer: int = 0, by: str = "table") -> bool:
        """A table's sheet so far, scored by the score keeper; returns whether it is complete."""
        played, _ = self._table(round_number, table_number)
        limit = self.deals_per_round
        if limit is not None and len(deals) > limit:
            raise ResultError(f"table {table_number} of round {round_number} entered {len(deals)} deals; "
                              f"a round has {limit}")
        settings = Settings(rules=self.rules, match_end=self.match_end, first_dealer=first_dealer)
        try:
            check_settings(settings)
            sheet = compute(settings, list(enumerate(deals, 1)))
        except (FieldError, Conflict) as exc:
            raise ResultError(f"table {table_number} of round {round_number}: {exc}") from None
        assert sheet.match is not None
        totals = (sheet.match.totals[0], sheet.match.totals[1]) if sheet.match.is_over else None
        self._store(played, table_number, TableResult(totals, tuple(deals), first_dealer), by)
        return totals is not None

    def _store(self, played: PlayedRound, table_number: int, result: TableResult, by: str) -> None:
        before = played.results.get(table_number)
        if played.closed and not result.complete:
            raise ResultError(f"round {played.draw.number} is closed: table {table_number} needs a complete "
                              "result")
        if before is not None and before.complete and before.totals != result.totals:
            self.log.append({"round": played.draw.number, "table": table_number, "by": by,
                             "before": list(before.totals or ()),
                             "after": None if result.totals is None else list(result.totals)})
        played.results[table_number] = result

    def close_round(self, round_number: int) -> None:
        """Close a round once every table has a complete result."""
        self._open()
        current = self.current
        if current is None or current.draw.number != round_number:
            raise RoundError(f"round {round_number} is not the round being played")
        missing = current.missing()
        if missing:
            tables = ", ".join(str(t) for t in missing)
            raise RoundError(f"round {round_number} cannot close: table{'s' if len(missing) > 1 else ''} "
                             f"{tables} {'have' if len(missing) > 1 else 'has'} no complete result")
        current.closed = True

    def close(self) -> None:
        """Close the evening: the standings are final."""
        self._open()
        if self.current is not None:
            raise RoundError(f"round {self.current.draw.number} is still being played; close it first")
        if not self.played:
            raise RoundError("no round has been played")
        self.closed = True

    # -- standings -------------------------------------------------------------------------------------
    def results(self) -> dict[int, dict[int, tuple[int, int]]]:
        return {p.draw.number: {t: r.totals for t, r in p.results.items() if r.totals is not None}
                for p in self.played}

    def standings(self) -> EveningStandings:
        return evening_standings([p.draw for p in self.played], self.results(), self.bye_rule, self.entrants)

    def prize_winners(self) -> list[Line]:
        lines = self.standings().lines
        return [lines[p - 1] for p in self.prizes.places(len(lines))]

    # -- storage ---------------------------------------------------------------------------------------
    def as_json(self) -> dict[str, Any]:
        return {
            "format_version": FORMAT_VERSION, "title": self.title, "format": self.format, "rounds": self.rounds,
            "match_end": self.match_end, "rules": self.rules, "seed": self.seed,
            "bye_rule": self.bye_rule.as_json(), "prizes": self.prizes.as_json(),
            "present": list(self.present), "entrants": list(self.entrants),
            "members": {k: list(v) for k, v in self.members.items()},
            "played": [{"draw": p.draw.as_json(), "closed": p.closed,
                        "results": {str(t): r.as_json() for t, r in sorted(p.results.items())}}
                       for p in self.played],
            "closed": self.closed, "log": [dict(e) for e in self.log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Evening:
        """Rebuild a stored evening; every draw and sheet is checked again on the way in."""
        if not isinstance(data, dict) or data.get("format_version") != FORMAT_VERSION:
            version = data.get("format_version") if isinstance(data, dict) else None
            raise SettingsError(f"stored evening has format version {version!r}; this program reads "
                                f"{FORMAT_VERSION}")
        try:
            ev = cls(format=data["format"], rounds=data["rounds"], match_end=data["match_end"],
                     rules=data["rules"], bye_rule=ByeRule.from_json(data["bye_rule"]),
                     prizes=PrizeFormula.from_json(data["prizes"]), seed=int(data["seed"]),
                     title=str(data["title"]))
            ev.present = [str(x) for x in data["present"]]
            ev.entrants = [str(x) for x in data["entrants"]]
            ev.members = {str(k): (str(v[0]), str(v[1])) for k, v in data["members"].items()}
            for k, stored in enumerate(data["played"]):
                rnd = Round.from_json(stored["draw"])
                if rnd.number != k + 1:
                    raise SettingsError(f"stored round {k + 1} is numbered {rnd.number}")
                check_round(rnd, ev.side_size)
                ev.played.append(PlayedRound(rnd))
                for table, result in stored["results"].items():
                    if result.get("deals") is not None:
                        ev.record_sheet(k + 1, int(table), [DealInput.from_json(d) for d in result["deals"]],
                                        int(result["first_dealer"]))
                    elif result["totals"] is not None:
                        ev.record_totals(k + 1, int(table), [int(v) for v in result["totals"]])
                ev.played[-1].closed = bool(stored["closed"])
            ev.log = [dict(e) for e in data["log"]]
            ev.closed = bool(data["closed"])
        except ClubError as exc:
            raise SettingsError(f"stored evening is not valid: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise SettingsError(f"stored evening is not valid: {type(exc).__name__} {exc}") from None
        return ev
