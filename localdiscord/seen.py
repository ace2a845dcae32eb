"""Snapshots of what a user sees: messages, attachments and channels (plain data)."""

from __future__ import annotations

from dataclasses import dataclass, field

from localdiscord.messages import walk_components
from localdiscord.model import Json

# The component types a player acts on: a button and every kind of select menu.
CONTROL_TYPES = (2, 3, 5, 6, 7, 8)


@dataclass(frozen=True)
class SeenFile:
    """An attachment as a user downloads it."""

    filename: str
    data: bytes
    content_type: str
    description: str | None = None  # the alt text, as a client shows it


@dataclass(frozen=True)
class Seen:
    """A message as one user sees it."""

    id: int
    channel_id: int
    author: str
    author_is_bot: bool
    content: str
    embeds: list[Json]
    components: list[Json]
    attachments: list[SeenFile]
    ephemeral: bool
    loading: bool
    edited: bool
    thread_id: int | None = None
    mentions: list[str] = field(default_factory=list)

    def buttons(self) -> list[Json]:
        """Return every button on the message."""
        return [c for c in walk_components(self.components) if c.get("type") == 2]

    def controls(self) -> list[Json]:
        """Return the buttons and select menus in the order a client shows them (row by row)."""
        return [c for c in walk_components(self.components) if c.get("type") in CONTROL_TYPES]

    def selects(self) -> list[Json]:
        """Return every select menu on the message."""
        return [c for c in walk_components(self.components) if c.get("type") in (3, 5, 6, 7, 8)]


@dataclass(frozen=True)
class ChannelRef:
    """A channel or thread a user can open."""

    id: int
    name: str
    is_thread: bool
    parent_id: int | None = None
