"""The cluster's plumbing: the Redis bus every web worker publishes its games' news on
(:mod:`.bus`, with a one-process stand-in) and the Redis stream of bot turns that
``cuttle bot-worker`` processes serve (:mod:`.botqueue`). Nothing here knows a game's
rules; the game tier (:mod:`cuttle.server.game`) sits on top and applies the news."""
