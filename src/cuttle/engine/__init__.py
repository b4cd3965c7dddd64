"""The pure rules engine: cards, rule sets, positions, moves, records and views.

Nothing here imports from the rest of the package.
"""

from .cards import card, card_name
from .errors import (
    CuttleError,
    GameOverError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidPositionError,
    InvalidRulesError,
    RecordError,
)
from .game import Game, Outcome, Phase, Termination, new_game
from .moves import Move, move_text, parse_move
from .records import parse_record, read_record, read_records, write_record
from .rules import EFFECTS, PRESETS, VARIANTS, RuleSet, get_rules, house_rules, load_house_rules

__all__ = [
    "EFFECTS",
    "PRESETS",
    "VARIANTS",
    "CuttleError",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidCardError",
    "InvalidMoveError",
    "InvalidPositionError",
    "InvalidRulesError",
    "Move",
    "Outcome",
    "Phase",
    "RecordError",
    "RuleSet",
    "Termination",
    "card",
    "card_name",
    "get_rules",
    "house_rules",
    "load_house_rules",
    "move_text",
    "new_game",
    "parse_move",
    "parse_record",
    "read_record",
    "read_records",
    "write_record",
]
