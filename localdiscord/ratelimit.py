"""Discord's rate limits: per-route buckets, shared (per-resource) limits and the global limit.

Every answer on a bot route carries Discord's bucket headers (`X-RateLimit-Limit`,
`-Remaining`, `-Reset`, `-Reset-After`, `-Bucket`); a request over a bucket's limit is
answered 429 with `Retry-After`, `X-RateLimit-Scope: user` and Discord's JSON body
(`message`, `retry_after`, `global: false`, `code: 0`). A bucket is a route (method and
path template) counted separately per major parameter (channel, guild, or webhook id and
token), as Discord does. The numbers are Discord's (5 messages per 5 s in a channel,
5 edits per 5 s, 5 deletes per 1 s, 5 webhook messages per 2 s; the rest generous) and
each can be changed (`RouteLimits.set`). `RouteLimits.share` makes a resource answer 429
with scope `shared` for a while, as Discord does when a resource (not the bot) is busy;
such a 429 does not count against the bot. The global limit (50 requests per second,
interaction routes exempt) answers 429 with `global: true` and scope `global`.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]
# (method, path template under /api/v10) -> (limit, seconds); Discord's observed numbers.
DEFAULT_LIMITS: dict[tuple[str, str], tuple[int, float]] = {
    ("POST", "/channels/{channel_id}/messages"): (5, 5.0),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): (5, 5.0),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): (5, 1.0),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): (5, 2.0),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"): (5, 2.0),
    ("POST", "/channels/{channel_id}/threads"): (10, 10.0),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): (10, 10.0),
}
DEFAULT_ROUTE_LIMIT = (50, 1.0)  # any other route
# A path segment after one of these is that parameter (Discord's names, as in its spec).
_PARAMS = {
    "channels": "channel_id",
    "messages": "message_id",
    "guilds": "guild_id",
    "users": "user_id",
    "members": "user_id",
    "thread-members": "user_id",
    "roles": "role_id",
    "applications": "application_id",
    "commands": "command_id",
    "permissions": "overwrite_id",
}
_TWO = {"webhooks": ("webhook_id", "webhook_token"),
        "interactions": ("interaction_id", "interaction_token")}  # fmt: skip
# Words that follow such a segment without being a parameter (e.g. /users/@me).
_LITERALS = frozenset({"@me", "@original", "bulk-delete", "pins", "search", "templates"})
_MAJOR = ("channel_id", "guild_id", "webhook_id", "webhook_token", "interaction_id")


def template_of(path: str) -> tuple[str, dict[str, str]]:
    """Return a path's route template (Discord's parameter names) and its parameters.

    '/channels/1/messages' -> ('/channels/{channel_id}/messages', {'channel_id': '1'}).
    """
    parts = path.strip("/").split("/")
    out: list[str] = []
    params: dict[str, str] = {}
    i = 0
    while i < len(parts):
        seg = parts[i]
        out.append(seg)
        i += 1
        names = _TWO.get(seg) or ((_PARAMS[seg],) if seg in _PARAMS else ())
        for name in names:
            is_token = name.endswith("_token")  # tokens are any text
            if i < len(parts) and (is_token or parts[i] not in _LITERALS):
                params[name] = parts[i]
                out.append("{" + name + "}")
                i += 1
    return "/" + "/".join(out), params


@dataclass
class Window:
    """One bucket for one major parameter: a fixed window of `per` seconds."""

    limit: int
    per: float
    started: float = 0.0
    used: int = 0

    def take(self, now: float) -> float:
        """Count one request; return 0, or how long until the window resets (refused)."""
        if now - self.started >= self.per:
            self.started, self.used = now, 0
        if self.used >= self.limit:
            return self.started + self.per - now
        self.used += 1
        return 0.0

    def reset_after(self, now: float) -> float:
        """Seconds until this window resets."""
        return max(0.0, self.started + self.per - now)


@dataclass(frozen=True)
class Verdict:
    """What the limits say about one request: its headers, and a 429 if refused."""

    headers: dict[str, str]
    retry_after: float = 0.0
    scope: str = ""  # "user", "shared" or "global" when refused

    @property
    def refused(self) -> bool:
        """Whether the request is answered 429."""
        return self.retry_after > 0


class GlobalLimit:
    """Discord's global limit: 50 bot requests per second (interaction routes are exempt)."""

    def __init__(self, per_second: int = 50) -> None:
        self.per_second = per_second
        self._stamps: deque[float] = deque()

    def retry_after(self) -> float:
        """Count one request; return 0, or how long to wait when over the limit."""
        now = time.monotonic()
        while self._stamps and now - self._stamps[0] >= 1.0:
            self._stamps.popleft()
        if len(self._stamps) >= self.per_second:
            return round(1.0 - (now - self._stamps[0]), 3) or 0.001
        self._stamps.append(now)
        return 0.0


class RouteLimits:
    """Per-route buckets with Discord's headers, and shared (per-resource) limits."""

    def __init__(self, clock: Clock = time.monotonic, wall: Clock = time.time) -> None:
        self.clock = clock
        self.wall = wall
        self.limits = dict(DEFAULT_LIMITS)
        self.default = DEFAULT_ROUTE_LIMIT
        self._windows: dict[tuple[str, str, str], Window] = {}
        self._shared: dict[str, float] = {}  # major key -> monotonic time the block ends
        self.refused: list[tuple[str, str, str]] = []  # (method, path, scope) of each 429
        self.exhausted = 0  # answers that left a bucket empty (Remaining: 0)
        self.counts: Counter[tuple[str, str]] = Counter()  # requests by route (the bench)

    def set(self, method: str, template: str, limit: int, per: float) -> None:
        """Change one route's limit (e.g. a lower one to provoke 429s in a test)."""
        self.limits[(method, template)] = (limit, per)
        self._windows = {k: w for k, w in self._windows.items() if k[:2] != (method, template)}

    def share(self, major: str, seconds: float) -> None:
        """Make a resource (e.g. a channel id) answer 429 with scope `shared` for a while."""
        self._shared[major] = self.clock() + seconds

    def check(self, method: str, template: str, params: dict[str, str]) -> Verdict:
        """Count one request to a route; return its headers and whether it is refused."""
        now = self.clock()
        self.counts[(method, template)] += 1
        major = ":".join(params[k] for k in _MAJOR if k in params)
        limit, per = self.limits.get((method, template), self.default)
        key = (method, template, major)
        window = self._windows.get(key)
        if window is None:
            window = self._windows[key] = Window(limit, per, now)
        blocked = self._shared.get(major, 0.0) - now if major else 0.0
        if blocked > 0:
            return self._refuse(method, template, window, now, blocked, "shared")
        wait = window.take(now)
        if wait > 0:
            return self._refuse(method, template, window, now, wait, "user")
        if window.used == window.limit:
            self.exhausted += 1
        return Verdict(self._headers(method, template, window, now))

    def headers(self, method: str, template: str, params: dict[str, str]) -> dict[str, str]:
        """Return a route's headers without counting a request (e.g. for a 401)."""
        now = self.clock()
        major = ":".join(params[k] for k in _MAJOR if k in params)
        limit, per = self.limits.get((method, template), self.default)
        window = self._windows.get((method, template, major)) or Window(limit, per, now)
        return self._headers(method, template, window, now)

    def _refuse(
        self, method: str, template: str, window: Window, now: float, wait: float, scope: str
    ) -> Verdict:
        self.refused.append((method, template, scope))
        headers = self._headers(method, template, window, now)
        if scope == "shared":
            headers["X-RateLimit-Reset-After"] = f"{wait:.3f}"
        headers["X-RateLimit-Scope"] = scope
        return Verdict(headers, round(wait, 3) or 0.001, scope)

    def _headers(self, method: str, template: str, window: Window, now: float) -> dict[str, str]:
        after = window.reset_after(now)
        bucket = hashlib.sha1(f"{method} {template}".encode(), usedforsecurity=False)
        return {
            "X-RateLimit-Limit": str(window.limit),
            "X-RateLimit-Remaining": str(max(0, window.limit - window.used)),
            "X-RateLimit-Reset": f"{self.wall() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": bucket.hexdigest()[:32],
        }
