"""Lookup tables built once from the catalog, so the hot path does no searching."""

from dataclasses import dataclass
from functools import cache

from engine.trajan.components import (
    BonusTile,
    Catalog,
    ConstructionTile,
    Figures,
    ForumTile,
    Ship,
    TrajanTile,
)
from engine.trajan.state import ACTIONS


@dataclass(frozen=True, slots=True)
class Tables:
    """The catalog plus indexes: tiles by id, adjacency, site neighbours, extra tiles."""

    cat: Catalog
    fig: Figures
    trajan: dict[str, TrajanTile]
    forum: dict[str, ForumTile]
    construction: dict[str, ConstructionTile]
    bonus: dict[str, BonusTile]
    provinces: tuple[str, ...]  # board provinces, camp excluded, in catalog order
    province_vp: dict[str, int]
    adjacent: dict[str, tuple[str, ...]]
    site_neighbours: tuple[frozenset[int], ...]
    building_bonus: dict[str, str]
    stack_categories: tuple[str, ...]
    commodities: tuple[str, ...]
    partner: dict[str, str]
    extra_kinds: dict[str, tuple[str, ...]]  # action -> tile kinds that repeat it
    ships: tuple[Ship, ...]


@cache
def tables(cat: Catalog) -> Tables:
    """Return the lookup tables of a catalog (built once per catalog)."""
    rows, cols = cat.figures.construction_grid
    neighbours = []
    for site in range(rows * cols):
        r, c = divmod(site, cols)
        near = {
            (r + dr) * cols + c + dc
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols
        }
        neighbours.append(frozenset(near))
    extra: dict[str, tuple[str, ...]] = {}
    for action in ACTIONS:
        kinds = [f.id for f in cat.forum_tiles if f.kind == "action" and f.action == action]
        extra[action] = (*kinds, *(f.id for f in cat.forum_tiles if f.kind == "wild_action"))
    stacks = tuple(c.id for c in sorted(cat.categories, key=lambda c: c.stack))
    return Tables(
        cat=cat,
        fig=cat.figures,
        trajan={t.id: t for t in cat.trajan_tiles},
        forum={f.id: f for f in cat.forum_tiles},
        construction={t.id: t for t in cat.construction_tiles},
        bonus={b.id: b for b in cat.bonus_tiles},
        provinces=tuple(p.id for p in cat.provinces if p.id != "camp"),
        province_vp={p.id: p.vp for p in cat.provinces},
        adjacent={p.id: p.adjacent for p in cat.provinces},
        site_neighbours=tuple(neighbours),
        building_bonus={b.id: b.bonus_action for b in cat.buildings},
        stack_categories=stacks,
        commodities=tuple(c.id for c in cat.commodities),
        partner={c.id: c.partner for c in cat.commodities},
        extra_kinds=extra,
        ships=cat.ships,
    )
