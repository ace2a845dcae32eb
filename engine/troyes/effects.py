"""What the effect primitives do: the only behaviour card data can refer to.

Five families (STYLE.md §2.3): `immediate` (per activation of a card), `modifier` (a delayed
card's cube changing one dice group), `event` (a non-military event hitting one seat each
round), `score` (a character card) and `endgame` (cubes on an end-of-game card). Their names
and parameter schemas, checked when the data is read, are in primitives.py; the sixth family,
`outer`, is carried out by rules/{walls,outer,outer_dice}.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import CatalogError
from engine.troyes.context import (
    Ctx,
    building_index,
    cathedral_cubes,
    craftsmen_of,
    gain,
    in_buildings,
    lose_vp,
    standing,
)
from engine.troyes.primitives import Params
from engine.troyes.state import COLOURS, NEUTRAL, TroyesState

UNBOUNDED = 99

# ---- named counts (characters, conditional cards) -----------------------------------------


def _events_with_cube(s: TroyesState, seat: int) -> int:
    return sum(1 for e in s.queue if s.event_cubes.get(e, [0] * s.seats)[seat] > 0)


COUNTS: dict[str, Callable[[TroyesState, int], int]] = {
    "influence": lambda s, seat: s.influence[seat],
    "deniers": lambda s, seat: s.deniers[seat],
    "cathedral_cubes": cathedral_cubes,
    "craftsmen": lambda s, seat: len(craftsmen_of(s, seat)),
    "citizens_in_buildings": in_buildings,
    "events_won": lambda s, seat: len(s.won[seat]),
    "events_with_own_cube": _events_with_cube,
    "citizens_palace": lambda s, seat: standing(s, seat, 0),
    "citizens_bishopric": lambda s, seat: standing(s, seat, 1),
    "citizens_city_hall": lambda s, seat: standing(s, seat, 2),
}


# ---- immediate effects (per activation) ---------------------------------------------------


def dice_in_district(s: TroyesState, seat: int) -> int:
    """Count the dice in a seat's district, the purple die included (Ladies, Procession)."""
    return len(s.districts[seat])


def most_dice(s: TroyesState, seat: int) -> bool:
    """Return whether no rival has more dice in their district than the seat."""
    mine = dice_in_district(s, seat)
    return mine > 0 and all(dice_in_district(s, o) <= mine for o in range(s.seats))


def free_event_spaces(ctx: Ctx) -> int:
    """Count the free cube spaces over all events in the queue."""
    s = ctx.s
    return sum(ctx.cat.events[e].spaces - sum(s.event_cubes[e]) for e in s.queue)


def unit_cost(name: str, params: Params) -> int:
    """Return the deniers one activation costs (reserved when choosing dice)."""
    return int(params.get("pay_deniers", 0)) if name == "convert" else 0


# The immediate effects whose uses `max_times` may limit; for any other it is UNBOUNDED (and
# `unit_cost` is 0), so the menus need not ask.
LIMITED = frozenset(("convert", "vp_capped_by", "place_event_cubes", "vp_if_most_dice"))


def max_times(ctx: Ctx, seat: int, name: str, params: Params, spare: int) -> int:
    """Return how many activations the seat's resources allow (spare = deniers left)."""
    s = ctx.s
    if name == "convert":
        cap = UNBOUNDED
        if params["pay_deniers"]:
            cap = min(cap, spare // params["pay_deniers"])
        if params["pay_influence"]:
            cap = min(cap, s.influence[seat] // params["pay_influence"])
        return cap
    if name == "vp_capped_by":
        return COUNTS[params["count"]](s, seat)
    if name == "place_event_cubes":
        free = free_event_spaces(ctx)
        return int(-(-free // max(1, int(params["cubes"]))))
    if name == "vp_if_most_dice":
        return UNBOUNDED if most_dice(s, seat) else 0
    return UNBOUNDED


def apply_immediate(ctx: Ctx, seat: int, name: str, params: Params, times: int) -> int:
    """Apply an immediate effect `times` times; return event cubes left to place by the seat."""
    s = ctx.s
    match name:
        case "gain":
            gain(
                ctx,
                seat,
                params["deniers"] * times,
                params["influence"] * times,
                params["vp"] * times,
            )
        case "convert":
            s.deniers[seat] -= params["pay_deniers"] * times
            s.influence[seat] -= params["pay_influence"] * times
            gain(
                ctx,
                seat,
                params["gain_deniers"] * times,
                params["gain_influence"] * times,
                params["gain_vp"] * times,
            )
        case "gain_per_citizens":
            # Per activation the player picks a building; the best one is always at least as
            # good (deniers only), so it is taken for them (troyes-cards.md D, Miller).
            names = params["buildings"].split(",")
            best = max(standing(s, seat, building_index(b)) for b in names)
            gain(ctx, seat, deniers=params["deniers"] * best * times)
        case "vp_capped_by" | "vp_if_most_dice":
            gain(ctx, seat, vp=params["vp"] * times)
        case "place_event_cubes":
            return min(int(params["cubes"]) * times, free_event_spaces(ctx))
        case _:
            raise CatalogError(f"immediate effect {name!r} has no implementation")
    return 0


# ---- modifiers (one card cube changes one dice group) -------------------------------------


@dataclass(frozen=True, slots=True)
class GroupRule:
    """Which dice a group may hold and how its total is counted."""

    colours: frozenset[str]
    max_dice: int = 3
    free_one_per_district: bool = False
    add_group: int = 0
    add_each: int = 0
    multiply: int = 1
    set_each: int = 0

    @property
    def keeps_values(self) -> bool:
        """Return whether each die keeps its own value (so it may place a citizen, D)."""
        return not (self.add_group or self.add_each or self.set_each) and self.multiply == 1

    def total(self, values: list[int]) -> int:
        """Return the group's total under this rule."""
        if self.set_each:
            return self.set_each * len(values)
        return sum(values) * self.multiply + self.add_group + self.add_each * len(values)


PLAIN: dict[str, GroupRule] = {c: GroupRule(frozenset((c,))) for c in COLOURS}


def group_rule(name: str, params: Params, colour: str) -> GroupRule | None:  # noqa: PLR0911
    """Return the group rule a cube gives for an action needing `colour`, or None."""
    match name:
        case "set_each":
            return GroupRule(frozenset(COLOURS), set_each=params["value"])
        case "recolour" if params["colour"] == colour:
            return GroupRule(frozenset((params["source"],)))
        case "split_die" if params["colour"] == colour:
            return GroupRule(frozenset((params["source"],)), 1, multiply=params["count"])
        case "add_to_group" if params["colour"] == colour:
            return GroupRule(frozenset((colour,)), add_group=params["amount"])
        case "add_per_die" if params["colour"] == colour:
            return GroupRule(frozenset((colour,)), add_each=params["amount"])
        case "free_one_per_district" if params["colour"] == colour:
            return GroupRule(frozenset((colour,)), free_one_per_district=True)
        case _:
            return None


# ---- event effects (each round, for each seat) --------------------------------------------


def _lose_cube(s: TroyesState, seat: int, where: str) -> str:
    """Take one of the seat's cubes back: the highest in the Cathedral, or one on a card."""
    if where == "cathedral":
        for level in reversed(s.cathedral):
            if seat in level:
                del level[len(level) - 1 - level[::-1].index(seat)]
                return "cathedral cube lost"
        return "none"
    for card, cubes in s.card_cubes.items():
        if cubes[seat] > 0:
            row = cubes[:]
            row[seat] -= 1
            s.card_cubes = {**s.card_cubes, card: row}  # copy-on-write (state.cow_set)
            return f"cube lost from {card}"
    return "none"


def _take(values: list[int], seat: int, amount: int) -> bool:
    paid = min(amount, values[seat])
    values[seat] -= paid
    return paid == amount


def apply_event(ctx: Ctx, seat: int, name: str, params: Params) -> tuple[str, bool]:
    """Make one seat suffer an event; return (what happened, whether it was suffered in full)."""
    s = ctx.s
    match name:
        case "lose":
            ok = _take(s.deniers, seat, params["deniers"])
            ok = _take(s.influence, seat, params["influence"]) and ok
            ok = lose_vp(s, seat, params["vp"]) == params["vp"] and ok
            return "lose", ok
        case "lose_per_citizens":
            owed = params["deniers"] * standing(s, seat, building_index(params["building"]))
            return f"pay {owed}", _take(s.deniers, seat, owed)
        case "lose_cube":
            return _lose_cube(s, seat, params["where"]), True
        case "remove_citizen":
            row = s.buildings[building_index(params["building"])]
            if seat in row:
                row[len(row) - 1 - row[::-1].index(seat)] = None
                s.supply[seat] += 1
                return "citizen home", True
            return "none", True
        case _:
            raise CatalogError(f"event effect {name!r} has no per-seat implementation")


ONCE_EVENTS = frozenset({"neutral_enters"})


def apply_event_once(ctx: Ctx, name: str, params: Params) -> str:
    """Apply the part of an event that happens once, not per seat; return what happened."""
    s = ctx.s
    if s.neutral_supply <= 0:
        return "no neutral citizen left"
    row = s.buildings[building_index(params["building"])]
    out = row[-1] if None not in row else None
    # Enter at space 1 and shift right, as a Bishopric/City Hall placement does.
    gap = row.index(None) if None in row else len(row) - 1
    del row[gap]
    row.insert(0, NEUTRAL)
    s.neutral_supply -= 1
    if out is not None and params["expelled"] == "lies":  # beside the building until phase 5
        s.lying[building_index(params["building"])].append(out)
    elif out is not None and out == NEUTRAL:
        s.neutral_supply += 1
    elif out is not None:
        s.supply[out] += 1
    return "neutral enters"


# ---- characters and end-of-game cards -----------------------------------------------------


def _lady(s: TroyesState, seat: int, building: int, colour: str, cards: Mapping[str, Any]) -> int:
    """Count a seat's citizens in a building plus its craftsmen on cards of that colour."""
    crafts = sum(1 for c, sp in s.craftsmen.items() if seat in sp and cards[c].colour == colour)
    return standing(s, seat, building) + crafts


# The three ladies (troyes-cards.md §5 CH7-CH9: AS, SP, PK); they need card colours.
LADY_COUNTS: dict[str, tuple[int, str]] = {
    "lady_palace": (0, "red"),
    "lady_bishopric": (1, "white"),
    "lady_city_hall": (2, "yellow"),
}


def score_character(
    s: TroyesState, seat: int, name: str, params: Params, cards: Mapping[str, Any]
) -> int:
    """Return the VP a character gives a seat (`cards`: the catalog's activity cards)."""
    if name != "tiers":
        raise CatalogError(f"score effect {name!r} has no implementation")
    count = params["count"]
    if count in LADY_COUNTS:
        have = _lady(s, seat, *LADY_COUNTS[count], cards)
    else:
        have = COUNTS[count](s, seat)
    best = 0
    for threshold, vp in params["tiers"]:
        if have >= threshold:
            best = vp
    return best


def score_endgame(s: TroyesState, card: str, seat: int, name: str, params: Params) -> int:
    """Return the VP a seat's cubes on an end-of-game card are worth."""
    if name != "cubes_decreasing":
        raise CatalogError(f"endgame effect {name!r} has no implementation")
    cubes = s.card_cubes[card]
    # The Hermit (troyes-cards.md §7): each cube is worth `start` minus all cubes on the card.
    return cubes[seat] * max(0, int(params["start"]) - sum(cubes))
