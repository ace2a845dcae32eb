r"""Application-command sync: Discord's validation of definitions and the stored commands.

Limits (Discord developer docs, "Application Commands"): names 1-32 characters matching
``^[-_'\\p{L}\\p{N}]{1,32}$`` and lowercase for chat-input commands; descriptions 1-100
(empty for user/message commands); at most 25 options per level and 25 choices per option;
subcommand groups nest one level; required options before optional ones; at most 4000
characters of names, descriptions and choices per command; 100 chat-input commands per scope.
"""

from __future__ import annotations

from typing import Any

from localdiscord.errors import FormErrors
from localdiscord.model import Json

CHAT_INPUT, USER_CMD, MESSAGE_CMD = 1, 2, 3
SUB_COMMAND, SUB_GROUP = 1, 2
STRING, INTEGER, NUMBER = 3, 4, 10
_CHOICE_TYPES = (STRING, INTEGER, NUMBER)
_MAX_COMBINED = 4000
Path = tuple[str | int, ...]


def _name_ok(name: str, chat_input: bool) -> bool:
    if chat_input:
        body = name.replace("-", "").replace("_", "").replace("'", "")
        return name == name.lower() and (body == "" or body.isalnum()) and " " not in name
    return name.strip() == name and name != ""


def _check_name_desc(errs: FormErrors, path: Path, obj: Json, chat_input: bool) -> int:
    """Check name, description and their localizations; return their combined length."""
    name = obj.get("name")
    errs.length((*path, "name"), name, 1, 32)
    if isinstance(name, str) and 1 <= len(name) <= 32 and not _name_ok(name, chat_input):
        errs.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    desc = obj.get("description", "")
    if chat_input:
        errs.length((*path, "description"), desc, 1, 100)
    elif desc:
        errs.add(
            (*path, "description"),
            "APPLICATION_COMMAND_INVALID_DESCRIPTION",
            "Description must be empty for user and message commands",
        )
    for key, limit in (("name_localizations", 32), ("description_localizations", 100)):
        for locale, text in (obj.get(key) or {}).items():
            errs.length((*path, key, locale), text, 1, limit)
            bad = isinstance(text, str) and bool(text) and not _name_ok(text, chat_input)
            if key == "name_localizations" and bad:
                errs.add(
                    (*path, key, locale),
                    "APPLICATION_COMMAND_INVALID_NAME",
                    "Command name is invalid",
                )
    return len(str(name or "")) + len(str(desc or ""))


def _check_choices(errs: FormErrors, path: Path, opt: Json) -> int:
    choices: list[Json] = opt.get("choices") or []
    if not choices:
        return 0
    total = 0
    if opt.get("type") not in _CHOICE_TYPES:
        errs.add(
            (*path, "choices"),
            "APPLICATION_COMMAND_OPTION_CHOICES_INVALID",
            "Choices are only allowed for string, integer and number options",
        )
    if opt.get("autocomplete"):
        errs.add(
            (*path, "autocomplete"),
            "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID",
            "Autocomplete cannot be enabled on options with choices",
        )
    errs.count((*path, "choices"), choices, 25)
    for i, choice in enumerate(choices):
        errs.length((*path, "choices", i, "name"), choice.get("name"), 1, 100)
        value = choice.get("value")
        if isinstance(value, str):
            errs.length((*path, "choices", i, "value"), value, 1, 100)
        total += len(str(choice.get("name", ""))) + len(str(value))
    return total


def _check_option(errs: FormErrors, path: Path, opt: Json, depth: int) -> int:
    total = _check_name_desc(errs, path, opt, chat_input=True)
    kind = opt.get("type")
    if not isinstance(kind, int) or not 1 <= kind <= 11:
        errs.add((*path, "type"), "BASE_TYPE_CHOICES", f"Value must be one of 1..11, not {kind}.")
        return total
    total += _check_choices(errs, path, opt)
    if kind in (SUB_COMMAND, SUB_GROUP):
        if depth >= (1 if kind == SUB_GROUP else 2):
            errs.add(
                (*path, "type"),
                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                "Subcommands and groups cannot nest this deep",
            )
        children = opt.get("options") or []
        if kind == SUB_GROUP and any(c.get("type") != SUB_COMMAND for c in children):
            errs.add(
                (*path, "options"),
                "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                "Subcommand groups may only contain subcommands",
            )
        total += _check_options(errs, path, children, depth + 1)
    elif opt.get("options"):
        errs.add(
            (*path, "options"),
            "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
            "Only subcommands and groups may have options",
        )
    for key in ("min_value", "max_value"):
        bound = opt.get(key)
        if isinstance(bound, int | float) and not -(2**53) <= bound <= 2**53:
            errs.add(
                (*path, key),
                "NUMBER_TYPE_MAX" if bound > 0 else "NUMBER_TYPE_MIN",
                f"int value should be <= {2**53} and >= {-(2**53)}.",
            )
    for low, high in (("min_value", "max_value"), ("min_length", "max_length")):
        lo, hi = opt.get(low), opt.get(high)
        if lo is not None and hi is not None and lo > hi:
            errs.add((*path, low), "NUMBER_TYPE_MAX", f"{low} must not exceed {high}")
    return total


def _check_options(errs: FormErrors, path: Path, options: list[Json], depth: int) -> int:
    errs.count((*path, "options"), options, 25)
    total = 0
    seen: set[str] = set()
    optional_seen = False
    kinds = {o.get("type") in (SUB_COMMAND, SUB_GROUP) for o in options}
    if len(kinds) > 1:
        errs.add(
            (*path, "options"),
            "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
            "Subcommands cannot be mixed with other options",
        )
    for i, opt in enumerate(options):
        name = str(opt.get("name"))
        if name in seen:
            errs.add(
                (*path, "options", i, "name"),
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        seen.add(name)
        if opt.get("required") and optional_seen:
            errs.add(
                (*path, "options", i, "required"),
                "APPLICATION_COMMAND_OPTIONS_ORDER_INVALID",
                "Required options must be placed before non-required options",
            )
        optional_seen = optional_seen or not opt.get("required", False)
        total += _check_option(errs, (*path, "options", i), opt, depth)
    return total


def validate_commands(commands: Any) -> None:
    """Validate a bulk-overwrite body like Discord; raise `ApiError` 400/50035 on failure."""
    errs = FormErrors()
    if not isinstance(commands, list):
        errs.add((), "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        errs.raise_if_any()
        return
    names: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        kind = cmd.get("type", CHAT_INPUT)
        total = _check_name_desc(errs, (i,), cmd, chat_input=kind == CHAT_INPUT)
        total += _check_options(errs, (i,), cmd.get("options") or [], 0)
        if total > _MAX_COMBINED:
            errs.add((i,), "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (4000)")
        key = (kind, str(cmd.get("name")))
        if key in names:
            errs.add(
                (i, "name"),
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                "Application command names must be unique",
            )
        names.add(key)
    chat = sum(1 for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT)
    if chat > 100:
        errs.add((), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
    errs.raise_if_any()


def stored_command(cmd: Json, *, cmd_id: int, app_id: int, guild_id: int | None) -> Json:
    """Return the command as Discord stores and returns it (ids, defaults filled in)."""
    defaults: Json = {
        "type": CHAT_INPUT,
        "description": "",
        "default_member_permissions": None,
        "dm_permission": True,
        "nsfw": False,
        "contexts": [0, 1, 2] if guild_id is None else [0],
        "integration_types": [0],
        "name_localizations": None,
        "description_localizations": None,
    }
    out: Json = {
        **defaults,
        **cmd,
        "id": str(cmd_id),
        "application_id": str(app_id),
        "version": str(cmd_id),
    }
    for key in ("contexts", "integration_types", "type", "description", "nsfw"):
        if out[key] is None:  # discord.py sends null for "unset"; Discord stores the default
            out[key] = defaults[key]
    if out["default_member_permissions"] is not None:  # Discord answers a string bitfield
        out["default_member_permissions"] = str(int(out["default_member_permissions"]))
    if guild_id is not None:
        out["guild_id"] = str(guild_id)
    if not out.get("options"):
        out.pop("options", None)
    return out
