"""Render what a user sees as plain text for the terminal table; save images to disk."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

from localdiscord.messages import walk_components
from localdiscord.model import Json
from localdiscord.seen import Seen

_SAFE = re.compile(r"[^A-Za-z0-9._-]+")
_MENTION = re.compile(r"<@!?(\d+)>")
_TIMESTAMP = re.compile(r"<t:(-?\d+)(?::[tTdDfFR])?>")
_STYLE = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "premium"}


@dataclass
class Control:
    """A numbered button or select the user can pick by typing its number."""

    message_id: int
    component: Json

    @property
    def is_select(self) -> bool:
        """Whether this is a select menu."""
        return self.component.get("type") != 2


@dataclass
class Renderer:
    """Turns messages into text, numbering controls and saving attachments."""

    out_dir: Path
    names: dict[int, str] = field(default_factory=dict)  # user id -> name, for mentions
    controls: list[Control] = field(default_factory=list)

    def text(self, content: str) -> str:
        """Show user mentions as @name and timestamps as UTC dates, as a client would."""
        text = _MENTION.sub(lambda m: "@" + self.names.get(int(m[1]), m[1]), content)
        return _TIMESTAMP.sub(lambda m: _when(int(m[1])), text)

    def save(self, msg: Seen) -> list[Path]:
        """Save a message's attachments under out_dir; return their paths."""
        paths = []
        for att in msg.attachments:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            digest = hashlib.sha256(att.data).hexdigest()[:8]  # an edited board gets a new file
            path = self.out_dir / f"{msg.id}-{digest}-{_SAFE.sub('_', att.filename)}"
            if not path.exists():
                path.write_bytes(att.data)
            paths.append(path)
        return paths

    def message(self, msg: Seen) -> list[str]:
        """Render one message (header, content, embeds, files, numbered controls)."""
        tags = [t for t, on in (("only you", msg.ephemeral), ("edited", msg.edited)) if on]
        head = f"[{msg.author}{' (bot)' if msg.author_is_bot else ''}]"
        if tags:
            head += f" ({', '.join(tags)})"
        if msg.loading:
            return [f"{head} {msg.author} is thinking..."]
        lines = [f"{head} {self.text(msg.content)}" if msg.content else head]
        for embed in msg.embeds:
            lines += _embed(embed)
        # Several images of one message are one gallery in a client: each on its line here,
        # with its alt text.
        for path, att in zip(self.save(msg), msg.attachments, strict=True):
            alt = f" (alt: {att.description})" if att.description else ""
            lines.append(f"  image: {path}{alt}")
        if msg.thread_id is not None:
            lines.append("  (a thread was started here: type `threads`)")
        lines += _layout_text(msg.components)
        for comp in msg.controls():  # numbered as a client shows them, row by row
            lines.append(self._control(msg.id, comp))
        return lines

    def _control(self, message_id: int, comp: Json) -> str:
        self.controls.append(Control(message_id, comp))
        number = len(self.controls)
        off = " (disabled)" if comp.get("disabled") else ""
        if comp.get("type") == 2:
            label = comp.get("label") or (comp.get("emoji") or {}).get("name") or "?"
            return f"  [{number}] {label}{off}"
        options = comp.get("options") or []
        pick = _pick(comp.get("min_values", 1), comp.get("max_values", 1))
        placeholder = comp.get("placeholder") or "menu"
        head = f"  [{number}] {placeholder} ({pick}){off}:"
        if any(o.get("description") for o in options):
            # Discord shows each option's description under its label: one option a line,
            # so a choice's "what it gets you" is read here too (playtest of issue 14).
            return "\n".join([head, *(f"      {_option(i, o)}" for i, o in enumerate(options))])
        listing = "  ".join(f"{_letter(i)}) {o.get('label')}" for i, o in enumerate(options))
        return f"{head} {listing}"


def _pick(few: int, many: int) -> str:
    """Return how many options a menu takes: "pick 3" when it takes exactly 3 (item 80)."""
    if many <= 1:
        return "pick one"
    if few == many:
        return f"pick {many}"
    return f"pick {few} to {many}" if few > 1 else f"pick up to {many}"


def _when(ts: int) -> str:
    return dt.datetime.fromtimestamp(ts, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _layout_text(components: list[Json]) -> list[str]:
    """Render Components V2 text displays and media galleries (classic rows have none)."""
    lines = []
    for comp in walk_components(components):
        if comp.get("type") == 10:
            lines += [f"  {line}" for line in str(comp.get("content", "")).splitlines()]
        elif comp.get("type") in (11, 12, 13):
            items = comp.get("items") or [comp]
            for item in items:
                media = item.get("media") or item.get("file") or {}
                lines.append(f"  (media: {media.get('url', '?')})")
    return lines


def _option(i: int, option: Json) -> str:
    """Return a select option as its letter, label and (if any) description."""
    description = option.get("description")
    return f"{_letter(i)}) {option.get('label')}" + (f" — {description}" if description else "")


def _letter(i: int) -> str:
    return chr(ord("a") + i) if i < 26 else str(i + 1)


def option_index(token: str) -> int | None:
    """Map a select option letter (`a`) or number (`1`) to an index."""
    if len(token) == 1 and token.isalpha():
        return ord(token.lower()) - ord("a")
    if token.isdigit():
        return int(token) - 1
    return None


def _embed(embed: Json) -> list[str]:
    lines = []
    if embed.get("author", {}).get("name"):
        lines.append(f"  | {embed['author']['name']}")
    if embed.get("title"):
        lines.append(f"  | ** {embed['title']} **")
    if embed.get("description"):
        lines += [f"  | {line}" for line in str(embed["description"]).splitlines()]
    for fld in embed.get("fields") or []:
        lines.append(f"  | {fld.get('name')}: {fld.get('value')}")
    for key in ("image", "thumbnail"):
        if (embed.get(key) or {}).get("url"):
            lines.append(f"  | {key}: {embed[key]['url']}")
    if (embed.get("footer") or {}).get("text"):
        lines.append(f"  | -- {embed['footer']['text']}")
    return lines
