"""The Cuttle web site: lobby, live tables over websockets, replays and records.

Start it with ``cuttle serve``; build the ASGI app with :func:`cuttle.server.app.create_app`.
The game protocol lives in :mod:`cuttle.server.protocol` as pure functions; the
:mod:`cuttle.server.service` module owns live games, persistence and fan-out.
"""
