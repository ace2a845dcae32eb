"""An operator's corrections to the shipped card and tile figures (issue 20, DATA_OVERRIDES).

A correction file sits beside the data file it corrects, named `override.<file>` (the bot
copies `DATA_OVERRIDES/<game>/<file>` there, bot.py). It holds rows of the same tables as the
shipped file, each naming a shipped row by `id` and giving only the fields it changes:

    [[card]]
    id = "merchant"
    hire = { value = 3, verified = true, source = "the card, checked by an owner" }

`overlay` puts them over the parsed shipped data. A row or field the shipped file does not
have, or a value of another shape, is a CatalogError naming the correction file, the row and
the field, so start-up stops (STYLE.md §2.5); the catalog then checks the merged data as it
checks shipped data. The corrections are part of the data's digest (engine/core/editions.py),
so correcting a figure is a new edition: running games keep the figures they started with.
"""

from collections.abc import Mapping
from typing import Any

from engine.core.i18n import CatalogError

PREFIX = "override."


def name_for(file: str) -> str:
    """Return the name of the correction file of a data file."""
    return PREFIX + file


def overlay(shipped: dict[str, Any], file: str, corrections: Mapping[str, Any]) -> dict[str, Any]:
    """Return the shipped data with the corrections put over it (the input is not changed)."""
    where = name_for(file)
    out = dict(shipped)
    for table, rows in corrections.items():
        base = shipped.get(table)
        if not isinstance(rows, list) or not isinstance(base, list):
            raise CatalogError(f"{where}: [[{table}]]: {file} has no such rows to correct")
        by_id = {row.get("id"): i for i, row in enumerate(base) if isinstance(row, dict)}
        merged = [dict(row) for row in base]
        for row in rows:
            ident = row.get("id") if isinstance(row, dict) else None
            if ident not in by_id:
                raise CatalogError(f"{where}: {table} {ident!r}: {file} has no such {table}")
            target = merged[by_id[ident]]
            for key, value in row.items():
                if key != "id":
                    target[key] = _checked(where, f"{table} {ident!r}", key, target.get(key), value)
        out[table] = merged
    return out


def _checked(where: str, row: str, key: str, shipped: Any, value: Any) -> Any:
    """Return a corrected value if it has the shipped value's shape."""
    place = f"{where}: {row}: field {key!r}"
    if shipped is None:
        raise CatalogError(f"{place}: the shipped row has no such field")
    if isinstance(shipped, dict) and "value" in shipped:
        if not isinstance(value, dict) or "value" not in value or "verified" not in value:
            raise CatalogError(f"{place}: expected {{ value, verified, source|why }}")
        _same_shape(place, shipped["value"], value["value"])
        return value
    _same_shape(place, shipped, value)
    return value


def _same_shape(place: str, shipped: Any, value: Any) -> None:
    if type(shipped) is not type(value):
        raise CatalogError(
            f"{place}: expected a {type(shipped).__name__} like the shipped {shipped!r},"
            f" got {value!r}"
        )


def corrected(shipped: Mapping[str, Any], merged: Mapping[str, Any]) -> set[tuple[str, str]]:
    """Return the (row id, field) pairs whose values the corrections changed."""
    out: set[tuple[str, str]] = set()
    for table, rows in merged.items():
        base = {r.get("id"): r for r in shipped.get(table, []) if isinstance(r, dict)}
        if not isinstance(rows, list):
            continue
        for row in rows:
            old = base.get(row.get("id"), {}) if isinstance(row, dict) else {}
            out.update((str(row["id"]), k) for k, v in row.items() if old.get(k) != v)
    return out
