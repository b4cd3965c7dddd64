"""Rate limits: a token bucket per websocket, and named limits per user or client address
(sign-in attempts, new guests, new games), in this process or shared through Redis."""

from __future__ import annotations

import logging
import re
import time
from typing import Any

log = logging.getLogger("cuttle.server")


class TokenBucket:
    """Allow ``rate`` events a second on average and ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        """Start full."""
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are enough; return whether the event may go ahead."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False


class KeyedLimiter:
    """A token bucket per key (e.g. client address), forgetting idle keys."""

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000) -> None:
        """Create an empty limiter."""
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, key: str) -> bool:
        """Return whether ``key`` may act now."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._make_room()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take()

    def _make_room(self) -> None:
        """Forget the half of the keys with the most tokens (a full bucket holds nothing
        worth keeping), so that a flood of new keys never wipes a spent one."""
        now = time.monotonic()

        def tokens(b: TokenBucket) -> float:
            return min(b.burst, b.tokens + (now - b.stamp) * b.rate)

        kept = sorted(self.buckets.items(), key=lambda kv: tokens(kv[1]))[: self.max_keys // 2]
        self.buckets = dict(kept)


_UNITS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0}
_LIMIT = re.compile(r"^\s*(\d+)\s*(?:/|per)\s*(\d+)?\s*(second|minute|hour|day)s?\s*$")


def parse_limit(text: str) -> tuple[int, float]:
    """``"20/minute"``, ``"10 per 10 seconds"`` → ``(20, 60.0)``: events and window seconds.

    The same grammar as the ``limits`` library's strings, which the shared limiter uses.
    Raises :class:`ValueError` for anything else.
    """
    m = _LIMIT.match(text)
    if m is None or int(m.group(1)) < 1:
        raise ValueError(f"bad rate limit {text!r}: write it like '20/minute' or '10/10 seconds'")
    return int(m.group(1)), int(m.group(2) or 1) * _UNITS[m.group(3)]


class RateLimits:
    """Named limits (``"guest"``, ``"create"``, …) counted per key (a user, an address).

    Without ``storage`` the counts live in this process (token buckets: ``N/period`` allows
    ``N`` at once and refills at ``N`` per period). With a Redis URL they live in Redis
    (the ``limits`` library's moving window), so every web worker counts together. If
    Redis cannot be reached the request is let through and a warning logged: a Redis
    outage must not take the site down with it.
    """

    def __init__(self, limits: dict[str, str], storage: str | None = None) -> None:
        """Parse ``limits`` (name → ``"N/period"``); count in ``storage`` (a Redis URL) or here."""
        self.specs = {name: parse_limit(text) for name, text in limits.items()}
        self.storage = storage
        self._local = {
            name: KeyedLimiter(count / period, count)
            for name, (count, period) in self.specs.items()
        }
        self._shared: Any = None
        self._items: dict[str, Any] = {}
        if storage:
            from limits import RateLimitItemPerSecond
            from limits.storage import storage_from_string
            from limits.strategies import MovingWindowRateLimiter

            self._shared = MovingWindowRateLimiter(storage_from_string(storage))
            self._items = {
                name: RateLimitItemPerSecond(count, int(period))
                for name, (count, period) in self.specs.items()
            }

    @property
    def remote(self) -> bool:
        """Whether the counts live in Redis (each check is a network round trip)."""
        return self._shared is not None

    def _ask(self, name: str, key: str, spend: bool) -> bool:
        if self._shared is None:
            bucket = self._local[name]
            if spend:
                return bucket.take(key)
            b = bucket.buckets.get(key)
            if b is None:
                return True
            b.take(0.0)  # refill
            return b.tokens >= 1.0
        try:
            if spend:
                return bool(self._shared.hit(self._items[name], name, key))
            return bool(self._shared.test(self._items[name], name, key))
        except Exception as e:  # Redis down: let it through rather than refuse everyone
            log.warning("rate limit %s unavailable (%s): allowed", name, e)
            return True

    def allowed(self, name: str, key: str) -> bool:
        """Whether ``key`` may do ``name`` once more now, without counting it."""
        return self._ask(name, key, spend=False)

    def hit(self, name: str, key: str) -> bool:
        """Count one ``name`` for ``key``; ``False`` (nothing counted) if over the limit."""
        return self._ask(name, key, spend=True)

    def hit_all(self, pairs: list[tuple[str, str]]) -> bool:
        """Count each ``(name, key)`` only if every one of them is within its limit."""
        if len(pairs) == 1:
            return self.hit(*pairs[0])
        if not all(self.allowed(n, k) for n, k in pairs):
            return False
        return all([self.hit(n, k) for n, k in pairs])
