"""The apply context and the helpers every rule and effect shares: gains, losses, counts.

Below the rules (rules/*.py) and the effect behaviour (effects.py), which both build on it.
Rulings applied here: influence is capped at 20, any excess lost (troyes-cards-extra.md §2.5);
VP and deniers never go below 0, a player with 0 VP loses nothing (troyes.md §4, §11 #5).
"""

from dataclasses import dataclass, field
from typing import Any

from engine.core.rng import Rng
from engine.troyes.catalog import Catalog
from engine.troyes.state import BUILDINGS, NEUTRAL, TroyesState


def has_outer_cubes(s: TroyesState, seat: int) -> bool:
    """Return whether the seat has a cube on any outer activity (every use of one needs it)."""
    return any(cubes[seat] for cubes in s.outer_cubes.values())


def whose(s: TroyesState, seat: int, district: int) -> str:
    """Return whose district it is from `seat`'s side: "own", "neutral" or "" (a rival's)."""
    return "own" if district == seat else ("neutral" if district == s.seats else "")


@dataclass(slots=True)
class Ctx:
    """One `apply` call: the cloned state, the catalog, the log and the action's generator."""

    s: TroyesState
    cat: Catalog
    log: list[Any] = field(default_factory=list)
    rng: Rng | None = None
    irreversible: bool = False
    reveals: list[str] = field(default_factory=list)  # what it revealed: troyes.reveals.<key>
    # Derived facts about dice and cubes; `forget` must be called whenever those change.
    memo: dict[Any, Any] = field(default_factory=dict)

    def forget(self) -> None:
        """Drop derived facts after dice or card cubes changed."""
        self.memo.clear()

    def random(self) -> Rng:
        """Return this action's generator; using it marks the step irreversible."""
        if self.rng is None:
            self.rng = Rng(self.s.seed, self.s.version, "troyes")
        self.reveal("roll")
        return self.rng

    def reveal(self, what: str) -> None:
        """Mark the step irreversible: it shows `what` (troyes.reveals.<what>)."""
        self.irreversible = True
        if what not in self.reveals:
            self.reveals.append(what)


def gain(ctx: Ctx, seat: int, deniers: int = 0, influence: int = 0, vp: int = 0) -> None:
    """Give a seat deniers, influence (capped) and VP."""
    s = ctx.s
    s.deniers[seat] += deniers
    s.influence[seat] = min(ctx.cat.rules.influence_max, s.influence[seat] + influence)
    s.vp[seat] += vp


def lose_vp(s: TroyesState, seat: int, amount: int) -> int:
    """Take up to `amount` VP from a seat (never below 0); return what was taken."""
    taken = min(amount, s.vp[seat])
    s.vp[seat] -= taken
    return taken


def building_index(name: str) -> int:
    """Return the index of a building name."""
    return BUILDINGS.index(name)


def standing(s: TroyesState, seat: int, building: int) -> int:
    """Count a seat's citizens standing in one building (lying ones do not count)."""
    return s.buildings[building].count(seat)


def in_buildings(s: TroyesState, seat: int) -> int:
    """Count a seat's citizens standing in the three buildings."""
    return sum(row.count(seat) for row in s.buildings)


def craftsmen_of(s: TroyesState, seat: int) -> list[str]:
    """Return the cards on which a seat has a craftsman."""
    return [card for card, spaces in s.craftsmen.items() if seat in spaces]


def owned(s: TroyesState, seat: int) -> int:
    """Count every citizen a seat owns: supply, buildings, lying, craftsmen (cap 12)."""
    lying = sum(b.count(seat) for b in s.lying)
    crafts = sum(seat in spaces for spaces in s.craftsmen.values())
    return s.supply[seat] + in_buildings(s, seat) + lying + crafts


def neutral_on_board(s: TroyesState) -> int:
    """Count neutral citizens on the board (standing or lying)."""
    return sum(b.count(NEUTRAL) for b in s.buildings) + sum(b.count(NEUTRAL) for b in s.lying)


def order_from(s: TroyesState, first: int) -> list[int]:
    """Return the seats in playing order starting from `first`."""
    return [(first + i * s.direction) % s.seats for i in range(s.seats)]


def cathedral_cubes(s: TroyesState, seat: int) -> int:
    """Count a seat's cubes in the Cathedral."""
    return sum(level.count(seat) for level in s.cathedral)
