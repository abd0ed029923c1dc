"""Who may do what, and how much: seat tokens, names, chat text, rate limits, origins.

Tokens are long random secrets (256 bits) handed out once; the database keeps only their
SHA-256, which is enough for secrets this long (nothing to guess, so no slow hash needed).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from urllib.parse import urlsplit

NAME_MAX = 32
"""The longest player name, in characters."""
CHAT_MAX = 500
"""The longest chat message, in characters."""


def new_token() -> str:
    """A fresh secret for a seat or a host: 43 URL-safe characters."""
    return secrets.token_urlsafe(32)


def new_id() -> str:
    """A table id: short, unguessable enough that tables are not found by counting."""
    return secrets.token_urlsafe(9)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: object, stored: str | None) -> bool:
    """Whether ``token`` is the secret whose hash is ``stored`` (in constant time)."""
    if not isinstance(token, str) or not stored or len(token) > 200:
        return False
    return hmac.compare_digest(token_hash(token), stored)


def clean_text(text: str, limit: int) -> str:
    """``text`` without control or format characters (line breaks become spaces), with runs
    of white space folded, stripped, cut to ``limit`` characters."""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if ch in "\n\r\t":
            kept.append(" ")
        elif category in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())[:limit]


def clean_name(name: object, fallback: str) -> str:
    """A player's name as shown to others: a string without control characters, white space
    folded; ``fallback`` when nothing is left. Raises ``ValueError`` for a name that is not text
    or is longer than ``NAME_MAX`` characters once cleaned."""
    if name is None:
        return fallback
    if not isinstance(name, str):
        raise ValueError(f"a name is text, not {type(name).__name__}")
    cleaned = clean_text(name, len(name))
    if len(cleaned) > NAME_MAX:
        raise ValueError(f"a name has at most {NAME_MAX} characters; this one has {len(cleaned)}")
    return cleaned or fallback


class RateLimit:
    """A token bucket: ``rate`` events a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class RateLimits:
    """One bucket per key (an address), forgetting keys not seen for a while."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, RateLimit] = {}

    def allow(self, key: str) -> bool:
        if len(self.buckets) > 10_000:
            stale = time.monotonic() - 3600
            self.buckets = {k: b for k, b in self.buckets.items() if b.stamp > stale}
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = RateLimit(self.rate, self.burst)
        return bucket.allow()


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket opened by a page from ``origin`` may talk to this server.

    Browsers always send ``Origin``; programs (scripts, tests, the benchmark) send none and
    are let in, since a token is what gives a seat. A page may connect from the server's own
    address (``Host``) or from an origin the server was told to allow."""
    if not origin:
        return True
    if "*" in allowed or origin.rstrip("/") in {a.rstrip("/") for a in allowed}:
        return True
    if origin == "null" or host is None:
        return False
    return urlsplit(origin).netloc.lower() == host.lower()
