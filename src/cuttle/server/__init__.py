"""The Cuttle web site: lobby, live tables over websockets, replays and records.

Start it with ``cuttle serve``; build the ASGI app with :func:`cuttle.server.app.create_app`.
The floors, bottom up: the rows and storage (:mod:`.models`, :mod:`.db`, :mod:`.writer`,
:mod:`.offload`), the cluster's plumbing (:mod:`.cluster`: the Redis bus and the bot
queue), the game tier (:mod:`.game`: one commit path per game and the features around
it), the league and series (:mod:`.league`, :mod:`.series`), and the pages, HTTP API and
websocket endpoint on top. ``docs/architecture.md`` follows a move through all of them.
"""
