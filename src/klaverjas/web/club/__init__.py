"""Club evenings and seasons: the draw, the tables' results, the standings and the prizes.

Pure logic on the standard library, the core and the score keeper's sheet; no I/O, so the evening
can be tested alone and served by a router later.
"""

from .draw import Quality, Round, Table, check_round, draw_individual, draw_pairs, quality
from .errors import ClosedError, ClubError, DrawError, ResultError, RoundError, SettingsError
from .evening import FORMAT_VERSION, Evening
from .prizes import PrizeFormula
from .standings import ByeRule, EveningStandings, Line, SeasonLine, evening_standings, season_standings

__all__ = [
    "FORMAT_VERSION", "ByeRule", "ClosedError", "ClubError", "DrawError", "Evening", "EveningStandings", "Line",
    "PrizeFormula", "Quality", "ResultError", "Round", "RoundError", "SeasonLine", "SettingsError", "Table",
    "check_round", "draw_individual", "draw_pairs", "evening_standings", "quality", "season_standings",
]
