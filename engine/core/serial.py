"""JSON helpers shared by the games: dataclass records to plain JSON and back checks.

States serialise themselves explicitly (each game's `state.py`); this module turns the
frozen records (actions, events) into readable JSON for logs and checks schema versions.
"""

import copy
import dataclasses
import enum
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]


def to_jsonable(obj: Any) -> Any:
    """Return `obj` as JSON-ready data; a dataclass gains a "type" key with its class name."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        out: dict[str, Any] = {"type": type(obj).__name__}
        for f in dataclasses.fields(obj):
            out[f.name] = to_jsonable(getattr(obj, f.name))
        return out
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, Mapping):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple | frozenset | set):
        items = sorted(obj, key=repr) if isinstance(obj, frozenset | set) else obj
        return [to_jsonable(v) for v in items]
    return obj


def record_types(module: ModuleType) -> dict[str, type]:
    """Return the dataclasses defined in `module` by class name (for `from_jsonable`)."""
    return {
        name: cls
        for name, cls in vars(module).items()
        if isinstance(cls, type)
        and dataclasses.is_dataclass(cls)
        and cls.__module__ == module.__name__
    }


def from_jsonable(data: Any, types: Mapping[str, type]) -> Any:
    """Rebuild what `to_jsonable` made of records of `types` (lists come back as tuples).

    Raises:
        ValueError: a record of a type not in `types`, or with fields its class lacks.
    """
    if isinstance(data, Mapping) and "type" in data:
        cls = types.get(str(data["type"]))
        if cls is None:
            raise ValueError(f"unknown record type {data['type']!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        values = {k: from_jsonable(v, types) for k, v in data.items() if k != "type"}
        if not set(values) <= names:
            raise ValueError(f"{cls.__name__} has no fields {sorted(set(values) - names)}")
        return cls(**values)
    if isinstance(data, Mapping):
        return {k: from_jsonable(v, types) for k, v in data.items()}
    if isinstance(data, list):
        return tuple(from_jsonable(v, types) for v in data)
    return data


def check_schema(data: Mapping[str, Any], game: str, schema: int) -> None:
    """Raise ValueError unless `data` is a state of `game` at schema version `schema`."""
    if data.get("game") != game:
        raise ValueError(f"not a {game} state: game={data.get('game')!r}")
    if data.get("schema") != schema:
        raise ValueError(f"{game} state schema {data.get('schema')!r} is not {schema}")


def upgrade_schema(
    data: Mapping[str, Any], game: str, current: int, upgrades: Mapping[int, Upgrade]
) -> dict[str, Any]:
    """Return a copy of a saved `game` state brought up to schema `current`.

    `upgrades[v]` turns schema v data into schema v + 1 (adding a new field with its default,
    say); they run in turn from the saved schema, so every older save still loads.

    Raises:
        ValueError: another game, a schema newer than `current` (saved by a newer bot), or a
            schema no chain of upgrades reaches.
    """
    if data.get("game") != game:
        raise ValueError(f"not a {game} state: game={data.get('game')!r}")
    version = data.get("schema")
    oldest = min([current, *upgrades])
    if type(version) is not int or version < oldest:
        known = f"schema {current}" if oldest == current else f"schemas {oldest}-{current}"
        raise ValueError(f"{game} state schema {version!r} is unknown: this bot reads {known}")
    if version > current:
        raise ValueError(
            f"{game} state schema {version} is newer than this bot's ({current}): update the bot"
        )
    out = copy.deepcopy(dict(data)) if version < current else dict(data)
    while version < current:
        step = upgrades.get(version)
        if step is None:
            raise ValueError(f"{game} state schema {version} has no upgrade to {version + 1}")
        out = step(out)
        version += 1
        out["schema"] = version
    return out
