"""A score sheet: stored deal inputs in, scores, totals, dealer and winner out.

All scoring goes through :mod:`klaverjas.core.scoring`.  This module only
validates what a person typed (so each message can name its field) and walks
the deals in order (a South African deal that stopped when a team went on is
scored by the core with ``complete=False``).  Every refusal says why in every
language (:mod:`.texts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from klaverjas.core.rules import Rules, RulesError
from klaverjas.core.scoring import DealScore, Match, ScoreError, going_on, score_deal
from klaverjas.core.seats import TEAMS, next_seat
from klaverjas.core.texts import Text, phrase_all

from .texts import FIELDS, Refused, say, sentence

RULE_PRESETS = ("amsterdam", "rotterdam", "sa")
DUTCH_MATCH_ENDS = ("deals", "points", "open")
MAX_ROEM = 2000  # far above any real deal; keeps numbers sane in SQLite and on screen
MAX_MATCH_NUMBER = 100_000


class FieldError(Refused):
    """Input that cannot be stored; each error names the field it belongs to and says why in every language.
    Its message names each field with its English, as the API's ``errors`` do."""

    def __init__(self, errors: Sequence[tuple[str, str, Text]]) -> None:
        self.texts = [text for _, _, text in errors]
        self.errors = [(f, c, text["en"]) for f, c, text in errors]  # (field, code, English message)
        super().__init__(sentence(self.texts), "; ".join(f"{f}: {m}" for f, _, m in self.errors))


class Conflict(Refused):
    """A valid request the sheet's current state does not allow (HTTP 409); ``deal``: the deal it is about."""

    def __init__(self, code: str, reason: Text, deal: int | None = None) -> None:
        super().__init__(reason)
        self.code = code
        self.deal = deal


@dataclass(frozen=True)
class DealInput:
    """What the keeper typed for one deal; scores are always recomputed from this."""

    makers: int | None
    points: tuple[int, int]
    roem: tuple[int, int] = (0, 0)
    pit: int | None = None
    verzaakt: int | None = None
    stopped: bool = False  # SA only: the deal ended when a team went on

    def as_json(self) -> dict[str, Any]:
        return {"makers": _team(self.makers), "points": list(self.points), "roem": list(self.roem),
                "pit": _team(self.pit), "verzaakt": _team(self.verzaakt), "stopped": self.stopped}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DealInput:
        def team(v: Any) -> int | None:
            return None if v is None else TEAMS.index(v)
        p, r = data["points"], data["roem"]
        return cls(team(data["makers"]), (int(p[0]), int(p[1])), (int(r[0]), int(r[1])),
                   team(data["pit"]), team(data["verzaakt"]), bool(data.get("stopped", False)))


def _team(t: int | None) -> str | None:
    return None if t is None else TEAMS[t]


@dataclass(frozen=True)
class Settings:
    title: str = ""
    teams: tuple[str, str] = ("Wij", "Zij")
    players: tuple[str, str, str, str] | None = None  # seating order; seats N E S W, N+S are teams[0]
    first_dealer: int = 0
    rules: str = "amsterdam"
    match_end: str = "deals:16"

    @property
    def is_sa(self) -> bool:
        return self.rules == "sa"

    def rules_value(self) -> Rules:
        return Rules.parse(self.rules).with_options(match_end=self.match_end)


def check_settings(s: Settings) -> None:
    errors: list[tuple[str, str, Text]] = []
    if s.rules not in RULE_PRESETS:
        errors.append(("rules", "rules_unknown", phrase_all(FIELDS, "rules_unknown", choices=", ".join(RULE_PRESETS))))
    else:
        kind, _, number = s.match_end.partition(":")
        allowed = ("strokes",) if s.is_sa else DUTCH_MATCH_ENDS
        if kind not in allowed:
            errors.append(("match_end", "match_end_kind", phrase_all(
                FIELDS, "match_end_kind", rules=s.rules, kinds_en=" or ".join(allowed), kinds_nl=" of ".join(allowed))))
        elif kind != "open" and not (number.isdigit() and 0 < int(number) <= MAX_MATCH_NUMBER):
            errors.append(("match_end", "match_end_number",
                           phrase_all(FIELDS, "match_end_number", kind=kind, most=MAX_MATCH_NUMBER)))
        elif kind == "open" and number:
            errors.append(("match_end", "match_end_number", phrase_all(FIELDS, "open_number")))
        else:
            try:
                s.rules_value()
            except RulesError as exc:
                errors.append(("match_end", "match_end_kind", phrase_all(FIELDS, "match_end_rules", detail=str(exc))))
    if not 0 <= s.first_dealer <= 3:
        errors.append(("first_dealer", "first_dealer_range", phrase_all(FIELDS, "first_dealer_range")))
    if errors:
        raise FieldError(errors)


def normalize_deal(settings: Settings, makers: int | None, points: Sequence[int | None], roem: Sequence[int],
                   pit: int | None, verzaakt: int | None, stopped: bool) -> DealInput:
    """Check one deal's figures field by field and fill in the other side's points."""
    rules = settings.rules_value()
    total = rules.total
    errors: list[tuple[str, str, Text]] = []
    if settings.is_sa:
        if makers is not None:
            errors.append(("makers", "makers_sa", phrase_all(FIELDS, "makers_sa")))
        if verzaakt is not None:
            errors.append(("verzaakt", "verzaakt_sa", phrase_all(FIELDS, "verzaakt_sa")))
    else:
        if makers is None:
            errors.append(("makers", "makers_missing", phrase_all(FIELDS, "makers_missing")))
        if stopped:
            errors.append(("stopped", "stopped_dutch", phrase_all(FIELDS, "stopped_dutch")))
    pts = list(points)
    for team in (0, 1):
        v = pts[team]
        if v is not None and not 0 <= v <= total:
            errors.append((f"points.{TEAMS[team]}", "points_range", phrase_all(FIELDS, "points_range", total=total)))
        r = roem[team]
        if not 0 <= r <= MAX_ROEM:
            errors.append((f"roem.{TEAMS[team]}", "roem_range", phrase_all(FIELDS, "roem_range", most=MAX_ROEM)))
        elif r % 10:
            errors.append((f"roem.{TEAMS[team]}", "roem_multiple", phrase_all(FIELDS, "roem_multiple")))
    if errors:
        raise FieldError(errors)
    if pts[0] is None and pts[1] is None:
        if verzaakt is None:
            raise FieldError([("points", "points_missing", phrase_all(FIELDS, "points_missing"))])
        pts = [0, 0]  # a reneging deal is scored without card points
    elif pts[0] is None or pts[1] is None:
        known = 0 if pts[0] is not None else 1
        other = 1 - known
        pts[other] = 0 if stopped else total - (pts[known] or 0)
    p = (int(pts[0] or 0), int(pts[1] or 0))
    if stopped:
        if p[0] + p[1] > total:
            errors.append(("points", "points_sum_stopped",
                           phrase_all(FIELDS, "points_sum_stopped", sum=p[0] + p[1], total=total)))
    elif verzaakt is None and p[0] + p[1] != total:
        errors.append(("points", "points_sum", phrase_all(FIELDS, "points_sum", sum=p[0] + p[1], total=total)))
    if pit is not None and p[pit] != total:
        errors.append(("pit", "pit_points", phrase_all(FIELDS, "pit_points", total=total, team=TEAMS[pit])))
    if errors:
        raise FieldError(errors)
    return DealInput(makers, p, (int(roem[0]), int(roem[1])), pit, verzaakt, stopped)


@dataclass
class DealRow:
    id: int
    number: int
    input: DealInput
    score: DealScore
    totals: tuple[int, int]
    dealer: int
    game: int = 1  # SA: which game (a run of deals until somebody goes on)
    carry: tuple[int, int] = (0, 0)  # SA: the game's running totals after this deal
    went_on: tuple[int, int] | None = None  # SA: (team, strokes) when the game ended here


@dataclass
class Computed:
    settings: Settings
    rules: Rules
    deals: list[DealRow] = field(default_factory=list)
    match: Match | None = None

    @property
    def next_dealer(self) -> int | None:
        assert self.match is not None
        if self.match.is_over:
            return None
        return next_seat(self.settings.first_dealer, self.rules.direction, len(self.deals))


def compute(settings: Settings, deals: Sequence[tuple[int, DealInput]]) -> Computed:
    """Score every deal in order with the core; refuse a sheet that is not a valid match."""
    rules = settings.rules_value()
    match = Match(rules)
    out = Computed(settings, rules, match=match)
    game = 1
    for index, (deal_id, d) in enumerate(deals):
        number = index + 1
        if match.is_over:
            raise Conflict("match_over", say("over_before", n=number), deal=number)
        try:
            score = score_deal(rules, d.makers, d.points, d.roem, d.pit, d.verzaakt, complete=not d.stopped)
        except ScoreError as exc:
            raise FieldError([("deal", "score_error", phrase_all(FIELDS, "score_error", n=number, detail=str(exc)))]
                             ) from None
        match.add_deal(score)
        dealer = next_seat(settings.first_dealer, rules.direction, index)
        row = DealRow(deal_id, number, d, score, (match.totals[0], match.totals[1]), dealer, game)
        if settings.is_sa:
            match.carry[0] += score.scores[0]
            match.carry[1] += score.scores[1]
            row.carry = (match.carry[0], match.carry[1])
            on = going_on(rules, match.carry)
            if on is not None:
                row.went_on = on
                match.add_game(on[0], on[1], match.carry)
                game += 1
            elif d.stopped:
                raise FieldError([("stopped", "stopped_not_on", phrase_all(FIELDS, "stopped_not_on", n=number))])
        out.deals.append(row)
    return out
