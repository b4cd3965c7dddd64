"""The site's front: HTML pages, the JSON API, the websocket endpoint and sign-in.

Each route checks its request (sessions, CSRF, rate limits, the shape of every number
and body: a bad request is a 4xx that says what is wrong) and hands the work to the
game tier (:mod:`cuttle.server.game`), the league (:mod:`cuttle.server.league`) or the
series (:mod:`cuttle.server.series`); :mod:`.apidoc` describes the API for the fuzz
tests. Nothing below this package imports it; :mod:`cuttle.server.app` mounts it.
"""
