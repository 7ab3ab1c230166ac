"""A club evening: who is present, the rounds drawn, every table's result, the standings.

An evening has a format (``individual``: partners drawn each round; ``pairs``: fixed pairs, moving by
the circle method or the stay/move movement), a number of rounds, the match end of a table's sheet
(``deals:16``, ``deals:12`` or ``points:N``; ``strokes:N`` in ``sa``), a rules preset (``amsterdam``,
``rotterdam`` or ``sa``), a bye rule, a prize formula and a seed for the draw.  A Dutch table's result
is its two totals of points; a South African one's (``sa``: no makers, games to 100 won in strokes,
docs/rules.md §6, §7) is its two sides' strokes, so the standings add strokes.  Players sign in at the
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
from .texts import both, choices, keeper_reason, say

FORMAT_VERSION = 1
FORMATS = ("individual", "pairs")
MOVEMENTS = ("circle", "mitchell")  # pairs: everyone moves (circle), or N-S stay and E-W move a table (mitchell)
PRESETS = ("amsterdam", "rotterdam", "sa")  # sa: a table's result is its strokes (docs/rules.md §6, §7)
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
                 seed: int = 0, title: str = "", movement: str = "circle") -> None:
        if format not in FORMATS:
            raise SettingsError("format", value=repr(format), **choices(FORMATS))
        if movement not in MOVEMENTS:
            raise SettingsError("movement", value=repr(movement), **choices(MOVEMENTS))
        if movement != "circle" and format != "pairs":
            raise SettingsError("movement_pairs")
        if not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
            raise SettingsError("rounds", most=MAX_ROUNDS, value=repr(rounds))
        if rules not in PRESETS:
            raise SettingsError("rules", value=repr(rules), **choices(PRESETS))
        if rules == "sa" and not match_end.startswith("strokes:"):
            raise SettingsError("match_end_sa", value=repr(match_end))
        if rules != "sa" and not match_end.startswith(("deals:", "points:")):
            raise SettingsError("match_end", value=repr(match_end))
        try:
            check_settings(Settings(rules=rules, match_end=match_end))
        except FieldError as exc:
            raise SettingsError("sheet_settings", **both("detail", keeper_reason(exc.errors[0][1], str(exc), 0))
                                ) from None
        bye_rule = bye_rule or ByeRule()
        if rules == "sa" and bye_rule.kind == "fixed" and bye_rule.points > int(match_end[8:]) + 1:
            raise SettingsError("bye_strokes", most=int(match_end[8:]) + 1, value=bye_rule.points)
        self.format = format
        self.movement = movement
        self.rounds = rounds
        self.match_end = match_end
        self.rules = rules
        self.bye_rule = bye_rule
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
    def strokes_target(self) -> int | None:
        """South African evenings: the strokes a table plays to (``strokes:N``); a table's result is strokes."""
        kind, _, number = self.match_end.partition(":")
        return int(number) if kind == "strokes" else None

    @property
    def side_size(self) -> int:
        return 2 if self.format == "individual" else 1

    def _open(self) -> None:
        if self.closed:
            raise ClosedError("closed")

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
            raise SettingsError("name", most=MAX_NAME)
        if name in self.present:
            raise SettingsError("signed_in", name=name)
        if self.format == "pairs":
            if members is None or len(members) != 2 or not all(isinstance(m, str) and m.strip() for m in members):
                raise SettingsError("pair_players", name=name)
            a, b = members[0].strip(), members[1].strip()
            if a == b:
                raise SettingsError("pair_twice", name=name, player=a)
            for other in self.present:
                if other != name and {a, b} & set(self.members.get(other, ())):
                    raise SettingsError("pair_taken", player=a if a in self.members[other] else b, pair=other)
            self.members[name] = (a, b)
        elif members is not None:
            raise SettingsError("alone")
        self.present.append(name)
        if name not in self.entrants:
            self.entrants.append(name)

    def leave(self, name: str) -> None:
        """A player (or pair) goes home; not in the middle of a round they play in."""
        self._open()
        if name not in self.present:
            raise SettingsError("not_signed_in", name=name)
        current = self.current
        if current is not None and name in current.draw.entrants:
            table = current.draw.table_of(name)
            if table is not None:
                raise RoundError("leave_table", name=name, table=table.number, round=current.draw.number)
            raise RoundError("leave_bye", name=name, round=current.draw.number)
        self.present.remove(name)

    # -- rounds ----------------------------------------------------------------------------------------
    def _next_number(self) -> int:
        self._open()
        if self.current is not None:
            n = self.current.draw.number
            raise RoundError("still_playing", n=n, next=n + 1)
        number = len(self.played) + 1
        if number > self.rounds:
            raise RoundError("all_drawn", n=self.rounds)
        return number

    def draw_round(self) -> Round:
        """Draw the next round for the entrants present now (seeded: the same evening draws the same)."""
        self._next_number()
        history = [p.draw for p in self.played]
        try:
            if self.format == "individual":
                rnd = draw_individual(self.present, history, self.seed)
            else:
                rnd = draw_pairs(self.present, history, self.seed, movement=self.movement)
        except DrawError as exc:
            raise RoundError("cannot_draw", n=len(history) + 1, **both("detail", exc.reason)) from None
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
            drawn = say("drawn_so_far", n=len(self.played)) if self.played else say("none_drawn")
            raise ResultError("not_drawn", n=round_number, **both("drawn", drawn))
        played = self.played[round_number - 1]
        for t in played.draw.tables:
            if t.number == table_number:
                return played, t
        raise ResultError("no_table", round=round_number, table=table_number, n=len(played.draw.tables))

    def record_totals(self, round_number: int, table_number: int, totals: Sequence[int],
                      by: str = "organiser") -> None:
        """The organiser types a table's two totals (side 1, side 2) from its paper sheet."""
        played, _ = self._table(round_number, table_number)
        if len(totals) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in totals):
            raise ResultError("two_totals", table=table_number, round=round_number)
        target = self.strokes_target
        if target is not None:
            # Strokes: the winner reached the target (one past it when its last game was worth two).
            low, high = sorted(totals)
            if not (0 <= low < target <= high <= target + 1):
                raise ResultError("strokes_result", table=table_number, round=round_number, target=target,
                                  more=target + 1)
        else:
            deals = self.deals_per_round
            most = (deals or 50) * (Settings(rules=self.rules).rules_value().total + 100 + MAX_ROEM)
            if not all(0 <= v <= most for v in totals):
                raise ResultError("totals_range", table=table_number, round=round_number, most=most)
        self._store(played, table_number, TableResult((totals[0], totals[1])), by)

    def record_sheet(self, round_number: int, table_number: int, deals: Sequence[DealInput],
                     first_dealer: int = 0, by: str = "table") -> bool:
        """A table's sheet so far, scored by the score keeper; returns whether it is complete."""
        played, _ = self._table(round_number, table_number)
        limit = self.deals_per_round
        if limit is not None and len(deals) > limit:
            raise ResultError("too_many_deals", table=table_number, round=round_number, n=len(deals), limit=limit)
        settings = Settings(rules=self.rules, match_end=self.match_end, first_dealer=first_dealer)
        try:
            check_settings(settings)
            sheet = compute(settings, list(enumerate(deals, 1)))
        except (FieldError, Conflict) as exc:
            code = exc.errors[0][1] if isinstance(exc, FieldError) else exc.code
            reason = keeper_reason(code, str(exc), settings.rules_value().total)
            raise ResultError("sheet_refused", table=table_number, round=round_number,
                              **both("detail", reason)) from None
        assert sheet.match is not None
        # A Dutch table's result is its points; a South African one's its strokes (docs/rules.md §6, §7).
        final = sheet.match.strokes if self.strokes_target is not None else sheet.match.totals
        totals = (final[0], final[1]) if sheet.match.is_over else None
        self._store(played, table_number, TableResult(totals, tuple(deals), first_dealer), by)
        return totals is not None

    def _store(self, played: PlayedRound, table_number: int, result: TableResult, by: str) -> None:
        before = played.results.get(table_number)
        if played.closed and not result.complete:
            raise ResultError("closed_round_incomplete", round=played.draw.number, table=table_number)
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
            raise RoundError("not_current", n=round_number)
        missing = current.missing()
        if missing:
            raise RoundError("missing_many" if len(missing) > 1 else "missing_one", n=round_number,
                             tables=", ".join(str(t) for t in missing))
        current.closed = True

    def close(self) -> None:
        """Close the evening: the standings are final."""
        self._open()
        if self.current is not None:
            raise RoundError("close_first", n=self.current.draw.number)
        if not self.played:
            raise RoundError("none_played")
        self.closed = True

    # -- standings -------------------------------------------------------------------------------------
    def results(self) -> dict[int, dict[int, tuple[int, int]]]:
        return {p.draw.number: {t: r.totals for t, r in p.results.items() if r.totals is not None}
                for p in self.played}

    def standings(self) -> EveningStandings:
        return evening_standings([p.draw for p in self.played], self.results(), self.bye_rule, self.entrants)

    def prize_places(self, standings: EveningStandings | None = None) -> list[int]:
        """The prized places; none before a table has a result, when everyone is tied at 0 and a mark
        would single out whoever sorts first by name (or a fixed bye's score)."""
        st = standings if standings is not None else self.standings()
        return self.prizes.places(len(st.lines)) if st.table_scores else []

    def prize_winners(self) -> list[Line]:
        st = self.standings()
        return [st.lines[p - 1] for p in self.prize_places(st)]

    # -- storage ---------------------------------------------------------------------------------------
    def as_json(self) -> dict[str, Any]:
        return {
            "format_version": FORMAT_VERSION, "title": self.title, "format": self.format,
            "movement": self.movement, "rounds": self.rounds,
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
            raise SettingsError("stored_version", version=repr(version), reads=FORMAT_VERSION)
        try:
            ev = cls(format=data["format"], rounds=data["rounds"], match_end=data["match_end"],
                     rules=data["rules"], bye_rule=ByeRule.from_json(data["bye_rule"]),
                     prizes=PrizeFormula.from_json(data["prizes"]), seed=int(data["seed"]),
                     title=str(data["title"]), movement=str(data.get("movement", "circle")))
            ev.present = [str(x) for x in data["present"]]
            ev.entrants = [str(x) for x in data["entrants"]]
            ev.members = {str(k): (str(v[0]), str(v[1])) for k, v in data["members"].items()}
            for k, stored in enumerate(data["played"]):
                rnd = Round.from_json(stored["draw"])
                if rnd.number != k + 1:
                    raise SettingsError("stored_round", k=k + 1, number=rnd.number)
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
            raise SettingsError("stored_invalid", **both("detail", exc.reason)) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            detail = f"{type(exc).__name__} {exc}"
            raise SettingsError("stored_invalid", detail_en=detail, detail_nl=detail) from None
        return ev
