"""Puzzles on the site: the puzzle page, the next puzzle for a solver, attempts rated
with Glicko-2 against each puzzle, streaks and themes (the data: :mod:`cuttle.puzzles`)."""
