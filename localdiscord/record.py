"""The REST exchanges of an emulator, as recorded for the conformance check.

Kept apart from `localdiscord.conformance` (which needs jsonschema, a tools dependency)
so the emulator records without it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

API_PREFIX = "/api/v10"


@dataclass
class Exchange:
    """One REST call: what the bot asked and what the emulator answered."""

    method: str
    path: str  # under /api/v10, without the query string
    query: dict[str, str]
    request: Any  # the JSON body (a multipart request's payload_json), or None
    status: int
    response: Any  # the JSON answer, or None (204, or not JSON)
    headers: dict[str, str]

    def describe(self) -> str:
        """Return 'METHOD /path -> status' for messages."""
        return f"{self.method} {self.path} -> {self.status}"


Sink = Callable[[Exchange], None]
# Every emulator in this process hands its exchanges to these (the tests' conformance check).
SINKS: list[Sink] = []
