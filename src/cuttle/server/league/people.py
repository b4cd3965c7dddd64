"""Who is who in the league: registered players by name, their shown names, organisers."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from cuttle.i18n import N_

from ..errors import ServiceError
from ..models import User


def is_admin(user: User, admins: Sequence[str]) -> bool:
    """Whether ``user`` organises the league (``is_admin``, or named in ``admins``)."""
    return bool(user.is_admin) or (
        not user.guest and user.username is not None and user.username in admins
    )


def user_named(db: Session, name: str) -> User:
    """The registered user ``name``; 404 if none."""
    if not isinstance(name, str) or "\x00" in name or len(name) > 32:
        raise ServiceError(N_("no such player"), 404)
    user = db.scalar(select(User).where(User.username == name))
    if user is None:
        raise ServiceError(N_("no such player: {name}"), 404, name=name)
    return user


def names_of(db: Session, ids: Sequence[int]) -> dict[int, str]:
    """The shown name of every user in ``ids`` (``guestN`` for a guest)."""
    if not ids:
        return {}
    rows = db.execute(select(User.id, User.username, User.guest).where(User.id.in_(set(ids))))
    return {i: (n or f"guest{i}") for i, n, _g in rows}
