"""Discord's documented limits on message bodies, components, modals and autocomplete results.

Message content 2000; 10 embeds of title 256, description 4096, 25 fields (name 256, value
1024), footer 2048, author 256 and 6000 characters in all; 5 action rows of 5 buttons (or one
select); custom_id 1-100; button label 80; select: 1-25 options, label/value/description 100,
placeholder 150; modal: title 45, 1-5 components, text input label 45, value 4000; 10 files of
at most 10 MiB each (developer docs: Message, Embed, Component, Interaction references).
"""

from __future__ import annotations

from typing import Any

from localdiscord.errors import (
    CANNOT_SEND_EMPTY_MESSAGE,
    REQUEST_ENTITY_TOO_LARGE,
    ApiError,
    FormErrors,
)
from localdiscord.model import Json

FILE_LIMIT = 10 * 1024 * 1024
COMPONENTS_V2 = 1 << 15
_BUTTON, _STRING_SELECT, _TEXT_INPUT, _LINK = 2, 3, 4, 5
_SELECTS = (3, 5, 6, 7, 8)
_EMBED_FIELDS = (("title", 256), ("description", 4096))
Path = tuple[str | int, ...]


def check_files(sizes: list[int]) -> None:
    """Reject uploads Discord would reject (413 / 40005 over 10 MiB, at most 10 files)."""
    if any(size > FILE_LIMIT for size in sizes):
        raise ApiError(413, REQUEST_ENTITY_TOO_LARGE, "Request entity too large")
    if len(sizes) > 10:
        errs = FormErrors()
        errs.add(("files",), "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
        errs.raise_if_any()


def _embed_size(embed: Json) -> int:
    size = len(str(embed.get("title", ""))) + len(str(embed.get("description", "")))
    size += len(str((embed.get("footer") or {}).get("text", "")))
    size += len(str((embed.get("author") or {}).get("name", "")))
    for fld in embed.get("fields") or []:
        size += len(str(fld.get("name", ""))) + len(str(fld.get("value", "")))
    return size


def _check_embed(errs: FormErrors, path: Path, embed: Json) -> None:
    for key, limit in _EMBED_FIELDS:
        if key in embed and embed[key] is not None:
            errs.length((*path, key), embed[key], 0, limit)
    fields = embed.get("fields") or []
    errs.count((*path, "fields"), fields, 25)
    for i, fld in enumerate(fields):
        errs.length((*path, "fields", i, "name"), fld.get("name"), 1, 256)
        errs.length((*path, "fields", i, "value"), fld.get("value"), 1, 1024)
    if embed.get("footer"):
        errs.length((*path, "footer", "text"), embed["footer"].get("text"), 1, 2048)
    if embed.get("author"):
        errs.length((*path, "author", "name"), embed["author"].get("name"), 1, 256)


def _check_embeds(errs: FormErrors, embeds: list[Json]) -> None:
    errs.count(("embeds",), embeds, 10)
    for i, embed in enumerate(embeds):
        _check_embed(errs, ("embeds", i), embed)
    if sum(_embed_size(e) for e in embeds) > 6000:
        errs.add(("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def _check_button(errs: FormErrors, path: Path, comp: Json) -> None:
    if comp.get("style") == _LINK:
        if not comp.get("url"):
            errs.add((*path, "url"), "BASE_TYPE_REQUIRED", "This field is required")
        if "custom_id" in comp:
            errs.add(
                (*path, "custom_id"),
                "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                "Link buttons cannot have a custom_id",
            )
    elif comp.get("style") != 6:
        errs.length((*path, "custom_id"), comp.get("custom_id"), 1, 100)
    if comp.get("label") is not None:
        errs.length((*path, "label"), comp["label"], 0, 80)
    elif not comp.get("emoji"):
        errs.add((*path, "label"), "BASE_TYPE_REQUIRED", "A label or an emoji is required")


def _check_select(errs: FormErrors, path: Path, comp: Json) -> None:
    errs.length((*path, "custom_id"), comp.get("custom_id"), 1, 100)
    if comp.get("placeholder") is not None:
        errs.length((*path, "placeholder"), comp["placeholder"], 0, 150)
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not (0 <= lo <= 25 and 1 <= hi <= 25 and lo <= hi):
        errs.add((*path, "max_values"), "BASE_TYPE_BAD_INT", "min/max_values out of range")
    if comp.get("type") != _STRING_SELECT:
        return
    options = comp.get("options") or []
    if not 1 <= len(options) <= 25:
        errs.add((*path, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
    for i, opt in enumerate(options):
        errs.length((*path, "options", i, "label"), opt.get("label"), 1, 100)
        errs.length((*path, "options", i, "value"), opt.get("value"), 1, 100)
        if opt.get("description") is not None:
            errs.length((*path, "options", i, "description"), opt["description"], 0, 100)


def _check_row(errs: FormErrors, path: Path, row: Json, ids: set[str]) -> None:
    children = row.get("components") or []
    selects = [c for c in children if c.get("type") in _SELECTS]
    if not children or len(children) > 5 or (selects and len(children) > 1):
        errs.add(
            (*path, "components"),
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for j, comp in enumerate(children):
        cpath = (*path, "components", j)
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if custom_id in ids:
                errs.add(
                    (*cpath, "custom_id"),
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            ids.add(str(custom_id))
        if comp.get("type") == _BUTTON:
            _check_button(errs, cpath, comp)
        elif comp.get("type") in _SELECTS:
            _check_select(errs, cpath, comp)


def check_components(errs: FormErrors, components: list[Json], flags: int) -> None:
    """Check action rows (classic layout) against Discord's width and id limits."""
    ids: set[str] = set()
    if flags & COMPONENTS_V2:
        errs.count(("components",), components, 40)
        return
    errs.count(("components",), components, 5)
    for i, row in enumerate(components):
        if row.get("type") != 1:
            errs.add(
                ("components", i, "type"),
                "UNION_TYPE_CHOICES",
                "Top-level components must be action rows",
            )
            continue
        _check_row(errs, ("components", i), row, ids)


def check_message(body: Json, *, has_files: bool, creating: bool) -> None:
    """Validate a message create/edit body like Discord (400 / 50035 or 50006)."""
    errs = FormErrors()
    content = body.get("content")
    if content is not None:
        errs.length(("content",), content, 0, 2000)
    _check_embeds(errs, body.get("embeds") or [])
    check_components(errs, body.get("components") or [], int(body.get("flags") or 0))
    errs.raise_if_any()
    if creating and not (
        content
        or body.get("embeds")
        or has_files
        or body.get("components")
        or body.get("sticker_ids")
        or body.get("poll")
    ):
        raise ApiError(400, CANNOT_SEND_EMPTY_MESSAGE, "Cannot send an empty message")


def _check_modal_item(errs: FormErrors, path: Path, comp: Json) -> None:
    if comp.get("type") == 1:
        for j, child in enumerate(comp.get("components") or []):
            _check_modal_item(errs, (*path, "components", j), child)
    elif comp.get("type") == 18:
        errs.length((*path, "label"), comp.get("label"), 1, 45)
        _check_modal_item(errs, (*path, "component"), comp.get("component") or {})
    elif comp.get("type") == _TEXT_INPUT:
        errs.length((*path, "custom_id"), comp.get("custom_id"), 1, 100)
        if "label" in comp:
            errs.length((*path, "label"), comp["label"], 1, 45)
        if comp.get("value") is not None:
            errs.length((*path, "value"), comp["value"], 0, 4000)
        if comp.get("placeholder") is not None:
            errs.length((*path, "placeholder"), comp["placeholder"], 0, 100)


def check_modal(data: Any) -> None:
    """Validate a modal (callback type 9) like Discord."""
    errs = FormErrors()
    data = data if isinstance(data, dict) else {}
    errs.length(("data", "title"), data.get("title"), 1, 45)
    errs.length(("data", "custom_id"), data.get("custom_id"), 1, 100)
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        errs.add(
            ("data", "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length."
        )
    for i, comp in enumerate(comps):
        _check_modal_item(errs, ("data", "components", i), comp)
    errs.raise_if_any()


def check_choices(data: Any) -> None:
    """Validate an autocomplete result (callback type 8): at most 25 choices."""
    errs = FormErrors()
    choices = (data or {}).get("choices") or []
    errs.count(("data", "choices"), choices, 25)
    for i, choice in enumerate(choices):
        errs.length(("data", "choices", i, "name"), choice.get("name"), 1, 100)
        if isinstance(choice.get("value"), str):
            errs.length(("data", "choices", i, "value"), choice["value"], 0, 100)
    errs.raise_if_any()
