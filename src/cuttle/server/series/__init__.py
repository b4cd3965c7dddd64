"""Long-term series on the site ("like Rummy 500"): runs of ordinary games (rounds) among
the same 2-5 players, people and/or bots, whose points on the table at the end of each
round add up on a scoring sheet until someone reaches the target. Rounds are created
through :mod:`cuttle.server.game.spec`; the game-over hook scores a round and creates the
next with the seats rotated."""
