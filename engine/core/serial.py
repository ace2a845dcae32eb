"""JSON helpers shared by the games: dataclass records to plain JSON and back checks.

States serialise themselves explicitly (each game's `state.py`); this module turns the
frozen records (actions, events) into readable JSON for logs and checks schema versions.
"""

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any


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


def check_schema(data: Mapping[str, Any], game: str, schema: int) -> None:
    """Raise ValueError unless `data` is a state of `game` at schema version `schema`."""
    if data.get("game") != game:
        raise ValueError(f"not a {game} state: game={data.get('game')!r}")
    if data.get("schema") != schema:
        raise ValueError(f"{game} state schema {data.get('schema')!r} is not {schema}")
