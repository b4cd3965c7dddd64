"""Game analysis on the site (issue 28): an engine review of a finished game, stored.

``POST /api/games/{id}/analysis`` asks for one (and every ranked game asks for one itself
when it ends); ``GET`` says how far it is and, once done, returns the review JSON of
:func:`cuttle.analysis.analyse_record` (each ply's win chance from the mover's own
information, its mark, the best move; the accuracy of each player).

- :mod:`.models`: the ``game_analyses`` table (migration 0009).
- :mod:`.work`: the blocking part, run in a child process: read the game's record, run the
  review with a progress callback that stores plies done, store the review.
- :mod:`.service`: who runs it. With Redis (several web workers) a web worker only adds a
  job to the analysis stream and ``cuttle bot-worker`` processes run it; with no queue (one
  process, SQLite) it runs in this process's own child process, off the event loop.
- :mod:`.routes`: the JSON API.

Only a finished game is analysed or shown: its replay already shows every card (the deck
included) to every reader, so its review tells nobody anything new; a game in play is
refused with 409.
"""
