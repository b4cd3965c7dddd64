"""Who is asking, looked up before the route runs, off the event loop on a server database.

Nearly every route and every websocket starts by reading the session cookie's user from
the database (:meth:`Auth.lookup <cuttle.server.auth.Auth.lookup>`). On PostgreSQL that
is a network round trip; done by the route on the event loop, every table waits for it.
:class:`SessionLookup` does it first, through the app's
:class:`~cuttle.server.offload.Offload` (a worker thread on a server database), and keeps
the answer in the request's scope, where :func:`cuttle.server.deps.current` finds it.
A session looked up in the last few seconds is answered from the worker's cache on the
loop, without the thread (see :data:`cuttle.server.auth.SESSION_CACHE_SECONDS`).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import HTTPConnection

from ..models import AuthSession, User
from ..offload import Offload
from .auth import COOKIE, Auth

SCOPE_KEY = "cuttle.session"
"""The scope entry holding the looked-up ``(user, session)`` or ``None``."""


def looked_up(conn: HTTPConnection) -> tuple[bool, tuple[User, AuthSession] | None]:
    """Whether ``conn``'s session was looked up already, and what was found."""
    if SCOPE_KEY in conn.scope:
        return True, conn.scope[SCOPE_KEY]
    return False, None


class SessionLookup:
    """ASGI middleware: looks up the session cookie of every request and websocket except
    static files, and stores the result in the scope under :data:`SCOPE_KEY`."""

    def __init__(self, app: Any, auth: Auth, offload: Offload) -> None:
        """Wrap ``app``; look sessions up with ``auth`` through ``offload``."""
        self.app = app
        self.auth = auth
        self.offload = offload

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Look the session up (if the request may need it), then pass the request on."""
        if scope["type"] in ("http", "websocket") and not scope["path"].startswith("/static/"):
            token = HTTPConnection(scope).cookies.get(COOKIE)
            done, found = self.auth.cached(token)
            scope[SCOPE_KEY] = found if done else await self.offload(self.auth.lookup, token)
        await self.app(scope, receive, send)
