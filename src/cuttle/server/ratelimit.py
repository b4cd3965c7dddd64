"""Token buckets: one per websocket, one per client address for sign-in attempts."""

from __future__ import annotations

import time


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
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        return bucket.take()
