"""The words of ``cuttle play``'s help: its examples and the help the prompt prints.

Both are English sources marked for the ``terminal`` catalog; :mod:`cuttle.cli.play`
translates them where they are shown.
"""

from __future__ import annotations

from cuttle.i18n import N_

EXAMPLES = N_("""\
examples:
  cuttle play                                   standard rules, you are p0
  cuttle play --rules cutthroat --seat 2        three players, you deal
  cuttle play --rules team                      you and p2 against p1 and p3
  cuttle play --rules multiplayer --players 4 --variants random-four
  cuttle play --seed 7 --record mygame.cuttle   a repeatable deal, saved where you say
  cuttle play --record games/                   saved as a new file in the folder games/
  cuttle play --practice                        a practice round: every hand face up
  cuttle play --house house.toml --opponent hard   your own house rules against a bot

At the prompt type a move's number or the move itself ('points 7H'), or one of:
help, moves, table, hint, resign, quit. The record is saved at the end of the game
(default: records/<date-time>.cuttle); --record is checked before the game starts.
""")
"""The examples under ``cuttle play --help``."""

HELP_TEXT = N_("""\
Type the number of a move, or the move in notation:
  draw  pass  points 7H  scuttle 9S 7H  royal KH  glasses 8D  jack JC 7H
  oneoff AC  oneoff 2D QS  counter 2C  resolve  take 5H  discard 3C 4D  scrap 5C
Cards are rank (A 2-9 T J Q K) then suit (C D H S): 7H, TH or 10h; jokers X1, X2.
In the table, XX[JC from p1] is a card with a jack on it taken from p1, and a * marks
a card a nine returned (it cannot be played this turn).
Commands: moves (list your moves), table (draw the table again), hint (the best moves
and their win chances, after a second of search), resign, quit, help.""")
"""What ``help`` at the prompt prints."""
