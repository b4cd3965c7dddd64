"""The league: first-to-two matches, Glicko-2 ratings, weekly points, seasons, brackets.

Pure functions and value types, no I/O but :mod:`cuttle.league.cli` and the shipped
hall-of-fame data; ``docs/league.md`` gives every rule and ruling.
"""

from .bracket import CHAMPIONSHIP_POINTS, Bracket, BracketError, championship_points
from .championships import season_championship, world_qualifiers
from .glicko2 import LICHESS, Rating, RatingBook, update
from .hall_of_fame import load_hall_of_fame
from .longterm import Series
from .match import Ending, GameResult, Match
from .results import MatchRecord, matches_from_records, read_results_csv
from .seasons import SUITS, Calendar, Standing, standings
from .weekly import weekly_points, weekly_table

__all__ = [
    "CHAMPIONSHIP_POINTS",
    "LICHESS",
    "SUITS",
    "Bracket",
    "BracketError",
    "Calendar",
    "Ending",
    "GameResult",
    "Match",
    "MatchRecord",
    "Rating",
    "RatingBook",
    "Series",
    "Standing",
    "championship_points",
    "load_hall_of_fame",
    "matches_from_records",
    "read_results_csv",
    "season_championship",
    "standings",
    "update",
    "weekly_points",
    "weekly_table",
    "world_qualifiers",
]
