"""The league on the site: ranked matches between people (first to two games, Glicko-2
ratings), games against bots and games of 3-5 seats rated in their own pools, the
ranked queue and challenges, seasons with their standings, and the championships'
brackets. It is built on :mod:`cuttle.league` (the rules and rulings, ``docs/league.md``)
and creates its games through :mod:`cuttle.server.game.spec`; once a game is over, its
game-over hook returns what the league adds to it
(:class:`~cuttle.server.game.spec.GameOverNews`)."""
