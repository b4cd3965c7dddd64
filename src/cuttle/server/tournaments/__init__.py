"""Tournaments any evening (docs/tournaments.md): a registered player organises a Swiss or
double-elimination tournament of first-to-two matches with a start time and a rule set;
players join from the lobby; pairings, standings and the bracket update live.

:mod:`.models` holds the rows (migration 0011), :mod:`.service` the running of them (the
pairings come from :mod:`cuttle.league.swiss` and :class:`cuttle.league.Bracket`; a match
of two people is a league match, :mod:`cuttle.server.league.matches`), :mod:`.routes`
the pages and the JSON API."""
