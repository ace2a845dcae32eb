"""Parse and complete slash-command lines typed at the table, against the synced commands.

`/game new game:trajan players:3` becomes the path "game new" and options; a token ending in
`?` asks for help or suggestions for that option (static choices, or the bot's autocomplete).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from localdiscord.model import Json
from localdiscord.slash import TYPE_NAMES, UsageError


@dataclass
class SlashLine:
    """A typed slash command: path words, option values, and the option asked about."""

    path: str
    options: dict[str, str]
    asking: str | None = None  # option name ending in "?", or "" for the whole command


def parse(line: str) -> SlashLine:
    """Split `/path words name:value name2:"two words"` (a trailing `?` asks for help)."""
    try:
        tokens = shlex.split(line.strip().removeprefix("/"))
    except ValueError as exc:
        raise UsageError(f"Cannot read that line: {exc}.") from None
    path: list[str] = []
    options: dict[str, str] = {}
    asking: str | None = None
    for part in tokens:
        if part == "?":
            asking = ""
        elif ":" in part:
            name, value = part.split(":", 1)
            if value.endswith("?"):
                asking, value = name, value[:-1]
            options[name] = value
        elif options:
            raise UsageError(f"Expected name:value after the options, got {part!r}.")
        else:
            path.append(part)
    return SlashLine(" ".join(path), options, asking)


def describe_option(opt: Json) -> str:
    """Return one help line for an option: name, type, range, required, choices."""
    kind = TYPE_NAMES.get(opt["type"], str(opt["type"]))
    bits = [f"{opt['name']}:<{kind}>", "required" if opt.get("required") else "optional"]
    low, high = opt.get("min_value"), opt.get("max_value")
    if low is not None or high is not None:
        bits.append(f"{low if low is not None else '...'}-{high if high is not None else '...'}")
    if opt.get("choices"):
        bits.append("one of " + ", ".join(str(c["value"]) for c in opt["choices"]))
    if opt.get("autocomplete"):
        bits.append("suggestions with ?")
    return f"  {' '.join(bits)} - {opt.get('description', '')}"


def describe_commands(commands: list[Json]) -> list[str]:
    """Return one line per command and subcommand, with its description."""
    lines = []
    for cmd in commands:
        subs = [o for o in cmd.get("options") or [] if o["type"] in (1, 2)]
        if not subs:
            lines.append(f"  /{cmd['name']} - {cmd.get('description', '')}")
        for sub in subs:
            inner = [o for o in sub.get("options") or [] if o["type"] == 1]
            for leaf in inner or [sub]:
                name = f"{sub['name']} {leaf['name']}" if inner else sub["name"]
                lines.append(f"  /{cmd['name']} {name} - {leaf.get('description', '')}")
    return lines


def _children(commands: list[Json], words: list[str]) -> list[Json] | None:
    level: list[Json] = commands
    for word in words:
        node = next((o for o in level if o["name"] == word), None)
        if node is None:
            return None
        level = node.get("options") or []
    return level


def complete(commands: list[Json], line: str) -> list[str]:
    """Return completions of the last word of a slash line (names, options, choices)."""
    head, _, last = line.rpartition(" ")
    words = head.removeprefix("/").split() if head else []
    if not head:
        return ["/" + c["name"] for c in commands if ("/" + c["name"]).startswith(line)]
    path = [w for w in words if ":" not in w]
    level = _children(commands, path)
    if level is None:
        return []
    if ":" in last:
        name, partial = last.split(":", 1)
        opt = next((o for o in level if o["name"] == name), None)
        values = [str(c["value"]) for c in (opt or {}).get("choices") or []]
        return [f"{name}:{v}" for v in values if v.startswith(partial)]
    used = {w.split(":", 1)[0] for w in words if ":" in w}
    out = []
    for opt in level:
        if opt["type"] in (1, 2):
            out.append(opt["name"])
        elif opt["name"] not in used:
            out.append(opt["name"] + ":")
    return [o for o in out if o.startswith(last)]
