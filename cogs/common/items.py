"""One base for every persistent button and select: the custom_id template, written once.

A `DynamicItem` (STYLE.md §2.4) carries what a click needs in its custom_id. Each item here
states its template as the custom_id with typed fields, e.g.
`class MoveButton(Persistent[Button], custom_id="dn:m:{game:int}:{version:int}:{index:int}")`.
From that one line the base builds the matching regular expression (for discord.py's
dispatch), writes the custom_id of a new item, keeps each field as an attribute and rebuilds the
item from a click's custom_id by calling the class with the fields as keyword arguments (so a
field is named as the constructor's parameter). A field is `{name:int}` (digits), `{name:flag}`
(a bool written 0 or 1) or `{name:<regex>}` (text matching that expression, no braces).
"""

import functools
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self, TypeVar

import discord

from cogs.common.deadline import Guarded

ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])
_FIELD = re.compile(r"\{(?P<name>\w+):(?P<kind>[^{}]+)\}")


@dataclass(frozen=True, slots=True)
class _Field:
    pattern: str
    read: Callable[[str], Any]
    write: Callable[[Any], str]


BIGGEST = 2**63 - 1  # SQLite's largest integer: ids and versions are stored as such


def _int(text: str) -> int:
    """Read digits; a tampered, huge number reads as the biggest, which names nothing."""
    return min(int(text), BIGGEST)  # a custom_id has at most 100 characters


_KINDS: Mapping[str, _Field] = {
    "int": _Field(r"\d+", _int, str),
    "flag": _Field("[01]", lambda text: text == "1", lambda value: str(int(value))),
}


@dataclass(frozen=True, slots=True)
class CustomId:
    """A custom_id template: literal text and typed fields, in order."""

    template: str
    fields: Mapping[str, _Field]
    regex: str

    @classmethod
    def parse(cls, template: str) -> "CustomId":
        """Read a template like "dn:u:{game:int}:{version:int}"; raise ValueError if malformed."""
        fields: dict[str, _Field] = {}
        regex, fmt, end = [], [], 0
        for found in _FIELD.finditer(template):
            literal = template[end : found.start()]
            regex.append(re.escape(literal))
            fmt.append(literal)
            name, kind = found["name"], found["kind"]
            field = _KINDS.get(kind) or _Field(f"(?:{kind})", str, str)
            if name in fields:
                raise ValueError(f"custom_id template {template!r} repeats {name!r}")
            fields[name] = field
            regex.append(f"(?P<{name}>{field.pattern})")
            fmt.append("{" + name + "}")
            end = found.end()
        rest = template[end:]
        if "{" in rest or "}" in rest or not fields:
            raise ValueError(f"custom_id template {template!r} has a malformed field")
        regex.append(re.escape(rest))
        return cls("".join(fmt) + rest, fields, "".join(regex))

    def write(self, values: Mapping[str, Any]) -> str:
        """Return the custom_id of these field values."""
        return self.template.format(**{k: f.write(values[k]) for k, f in self.fields.items()})

    def read(self, match: re.Match[str]) -> dict[str, Any]:
        """Return the field values of a matched custom_id."""
        return {name: field.read(match[name]) for name, field in self.fields.items()}


class Persistent(discord.ui.DynamicItem[ItemT], template=r"(?!)"):
    """A DynamicItem whose custom_id is written from, and read back into, its fields.

    (The base itself matches no custom_id: only its subclasses are dispatched.)
    """

    custom: ClassVar[CustomId]

    def __init_subclass__(cls, *, custom_id: str) -> None:
        custom = CustomId.parse(custom_id)
        super().__init_subclass__(template=custom.regex)
        cls.custom = custom
        own = cls.__dict__.get("callback")
        if own is not None:
            setattr(cls, "callback", _releasing(own))  # noqa: B010 - the subclass's own

    def __init__(self, item: ItemT, **fields: Any) -> None:
        """Wrap `item` (built without a custom_id), giving it the custom_id of `fields`."""
        if set(fields) != set(self.custom.fields):
            raise TypeError(f"{type(self).__name__} needs {sorted(self.custom.fields)}")
        item.custom_id = self.custom.write(fields)  # type: ignore[attr-defined]
        super().__init__(item)
        for name, value in fields.items():
            setattr(self, name, value)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        """Rebuild the item from a click's custom_id."""
        return cls.rebuild(item, cls.custom.read(match))

    @classmethod
    def rebuild(cls, item: discord.ui.Item[Any], fields: dict[str, Any]) -> Self:
        """Return the item of a click from its custom_id fields (override to use `item`)."""
        return cls(**fields)


def _releasing(callback: Callable[[Any, Any], Awaitable[None]]) -> Callable[[Any, Any], Any]:
    """Wrap a control's callback: once it is done, `release` what the press was made of."""

    @functools.wraps(callback)
    async def run(item: discord.ui.Item[Any], interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(item, interaction)
        finally:
            release(item, interaction)

    return run


def release(item: discord.ui.Item[Any], interaction: discord.Interaction[Any]) -> None:
    """Break the reference cycles of a press whose handler is done, so they free at once.

    discord.py builds, for every press, a view from the pressed message (its items and the
    view refer to each other) and gives the interaction a response that refers back to it
    (cogs/common/deadline.py `Guarded`). Left so, each press is some 45 objects only a
    garbage collection frees, and what the young collections miss (a press in flight outlives
    them) waits for a full one, which runs on the event loop (docs/ai.md).
    """
    view = item.view
    if view is not None:
        for child in view.children:
            child._update_view(None)
        view.clear_items()
    item._update_view(None)
    response = interaction.response
    if isinstance(response, Guarded):
        response.release()


class Controls(discord.ui.View):
    """A message's controls: `Persistent` items only, which discord.py's view store never keeps.

    The items are dispatched by their custom_id patterns (`bot.GameBot.setup_hook` registers
    them once), so no view needs keeping. discord.py keeps every view it sends or edits that
    is not finished, and gives one sent ephemerally (a confirmation, fresh controls for a
    stale press) 15 minutes and a task sleeping them out: at a few such replies a second,
    thousands of views in memory, which every full garbage collection walks on the event loop
    (docs/ai.md, "What runs on the event loop"). A finished view is sent, never kept.
    """

    def __init__(self) -> None:
        """Make an empty view that never times out."""
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        """Say the view listens to nothing itself (its items are dispatched by pattern)."""
        return True

    def add_item(self, item: discord.ui.Item[Any]) -> Self:
        """Add a control that does not refer back to the view (a cycle left for the collector).

        Sending needs only the view's list of items; a press is dispatched by custom_id to an
        item discord.py rebuilds, never to this one.
        """
        super().add_item(item)
        item._update_view(None)
        return self


def button(
    label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary, row: int | None = None
) -> discord.ui.Button[Any]:
    """Return a button for a Persistent item (the item gives it its custom_id)."""
    return discord.ui.Button(label=label, style=style, row=row)
