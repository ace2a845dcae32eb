"""Weekly seating: split the active players into tables, Swiss style, and order each table.

Research brief §A2 (../shared/notes/leagues-and-lookups.md): BGA fills boards by standings
but repeats opponents; a local search that adds a squared penalty for repeat opponents cuts
repeats sharply. The cost of a table here is

    repeat_weight * sum over its pairs of (times met before)^2
  + (worst rank - best rank at the table)                     # Swiss: similar standing
  + SEAT_WEIGHT * (fewest first seats at the table - fewest first seats of anyone)

The last term keeps, at every table, someone who has started few games, so first seats even
out over the season. Search: start from tables filled in standings order, then swap players
between nearby tables while the total cost falls (first improvement, seeded visit order).

Table sizes (`table_sizes`): as many tables of the preferred size as possible, the remainder
at tables of the other size (3 or 4). No byes from 6 players on. With fewer: 3 or 4 players
make one table; 5 players make a table of 4 and one bye; 1 or 2 players all get byes (no
game). The bye goes to the player with the fewest byes so far, the lowest ranked among equals.

Deterministic: the same inputs and seed give the same tables.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.rng import Rng

SEAT_WEIGHT = 2
WINDOW = 3  # a player may swap with players up to this many tables away
MAX_PASSES = 12


@dataclass(frozen=True, slots=True)
class History:
    """What earlier weeks of the season left behind.

    `met` maps a pair (low id, high id) to how often they shared a table; `seats` maps a
    player to their seat counts by position (index 0 = first seat); `byes` counts byes.
    """

    met: Mapping[tuple[int, int], int] = field(default_factory=dict)
    seats: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    byes: Mapping[int, int] = field(default_factory=dict)

    def seat_count(self, player: int, position: int) -> int:
        """Return how often `player` sat at `position` (0 = first)."""
        counts = self.seats.get(player, ())
        return counts[position] if position < len(counts) else 0


def history_of(weeks: Iterable[Iterable[Sequence[int]]], byes: Iterable[int] = ()) -> History:
    """Return what earlier weeks left: each week's tables (players in seat order), the byes."""
    met: dict[tuple[int, int], int] = {}
    seats: dict[int, list[int]] = {}
    for tables in weeks:
        for table in tables:
            for i, a in enumerate(table):
                seats.setdefault(a, [0, 0, 0, 0])[i] += 1
                for b in table[i + 1 :]:
                    key = (min(a, b), max(a, b))
                    met[key] = met.get(key, 0) + 1
    counted: dict[int, int] = {}
    for player in byes:
        counted[player] = counted.get(player, 0) + 1
    return History(met, {p: tuple(c) for p, c in seats.items()}, counted)


@dataclass(frozen=True, slots=True)
class Seating:
    """One week's tables (players in seat order) and the players left out with a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def table_sizes(n: int, preferred: int = 4) -> tuple[tuple[int, ...], int]:
    """Return the table sizes for `n` players (preferred size first) and the number of byes."""
    if preferred not in (3, 4):
        raise ValueError("tables seat 3 or 4 players")
    if n < 3:
        return (), n
    if n == 5:
        return (4,), 1
    other = 7 - preferred
    # Fewest tables of the other size such that the rest divides into preferred-size tables.
    for k in range(preferred):
        rest = n - k * other
        if rest >= 0 and rest % preferred == 0:
            return (preferred,) * (rest // preferred) + (other,) * k, 0
    raise AssertionError(f"no table split for {n}")  # unreachable: 3 and 4 make every n >= 6


def seat_week(
    ranked: Sequence[int],
    history: History,
    *,
    seed: int,
    salt: str,
    repeat_weight: int = 3,
    preferred: int = 4,
) -> Seating:
    """Seat the players, given best first (`ranked`), into tables in seat order.

    Args:
        ranked: active players in standings order, best first; each exactly once.
        history: earlier meetings, seats and byes this season.
        seed: the league's seed; with `salt` (e.g. "s1w3d0") it fixes every random choice.
        salt: distinguishes weeks and divisions.
        repeat_weight: weight of the repeat-opponent penalty (0 = pure Swiss).
        preferred: the preferred table size.
    """
    if len(set(ranked)) != len(ranked):
        raise ValueError("a player is listed twice")
    rng = Rng(seed, 0, f"seating:{salt}")
    sizes, bye_count = table_sizes(len(ranked), preferred)
    byes = _pick_byes(ranked, history, bye_count)
    players = [p for p in ranked if p not in byes]
    search = _Search(players, history, repeat_weight)
    tables = search.run(sizes, rng)
    ordered = tuple(_seat_order(t, history, rng) for t in tables)
    return Seating(ordered, tuple(byes))


def _pick_byes(ranked: Sequence[int], history: History, count: int) -> list[int]:
    if count == 0:
        return []
    order = sorted(
        range(len(ranked)), key=lambda i: (history.byes.get(ranked[i], 0), -i)
    )  # fewest byes, then lowest ranked
    return [ranked[i] for i in order[:count]]


class _Search:
    """Local search over table assignments; costs as in the module docstring."""

    def __init__(self, players: list[int], history: History, repeat_weight: int) -> None:
        self.rank = {p: i for i, p in enumerate(players)}
        self.players = players
        # Meetings as nested dicts (player -> other -> count): no tuple built per lookup.
        self.met: dict[int, dict[int, int]] = {}
        for (a, b), count in history.met.items():
            self.met.setdefault(a, {})[b] = count
            self.met.setdefault(b, {})[a] = count
        self.first = {p: history.seat_count(p, 0) for p in players}
        self.min_first = min(self.first.values(), default=0)
        self.weight = repeat_weight

    def cost(self, table: list[int]) -> int:
        met, n = self.met, len(table)
        repeats = 0
        for i in range(n - 1):
            row = met.get(table[i])
            if row:
                for j in range(i + 1, n):
                    c = row.get(table[j], 0)
                    repeats += c * c
        ranks = [self.rank[p] for p in table]
        fewest_first = min([self.first[p] for p in table])
        return (
            self.weight * repeats
            + max(ranks)
            - min(ranks)
            + SEAT_WEIGHT * (fewest_first - self.min_first)
        )

    def run(self, sizes: Sequence[int], rng: Rng) -> list[list[int]]:
        tables: list[list[int]] = []
        start = 0
        for size in sizes:
            tables.append(self.players[start : start + size])
            start += size
        costs = [self.cost(t) for t in tables]
        n = len(tables)
        pairs = [(a, b) for a in range(n) for b in range(a + 1, min(n, a + 1 + WINDOW))]
        for _ in range(MAX_PASSES):
            rng.shuffle(pairs)
            improved = False
            for a, b in pairs:
                improved = self._improve(tables, costs, a, b) or improved
            if not improved:
                break
        return tables

    def _improve(self, tables: list[list[int]], costs: list[int], a: int, b: int) -> bool:
        """Make every improving swap between tables a and b; return whether any was made."""
        ta, tb = tables[a], tables[b]
        improved = False
        for i in range(len(ta)):
            for j in range(len(tb)):
                ta[i], tb[j] = tb[j], ta[i]
                ca, cb = self.cost(ta), self.cost(tb)
                if ca + cb < costs[a] + costs[b]:
                    costs[a], costs[b] = ca, cb
                    improved = True
                else:
                    ta[i], tb[j] = tb[j], ta[i]
        return improved


def _seat_order(table: Sequence[int], history: History, rng: Rng) -> tuple[int, ...]:
    """Order a table: seat 0 to whoever started fewest games, then seat by seat likewise.

    Ties go to a seeded random order, so nobody is favoured by their id.
    """
    tiebreak = {p: rng.below(1 << 30) for p in sorted(table)}
    remaining = list(table)
    order: list[int] = []
    for position in range(len(table)):

        def key(p: int, pos: int = position) -> tuple[int, int]:
            return (history.seat_count(p, pos), tiebreak[p])

        chosen = min(remaining, key=key)
        remaining.remove(chosen)
        order.append(chosen)
    return tuple(order)


def repeat_pairs(tables: Sequence[Sequence[int]], met: Mapping[tuple[int, int], int]) -> int:
    """Return how many pairs at `tables` had met before (a pair met twice counts once)."""
    return sum(
        1
        for t in tables
        for i, a in enumerate(t)
        for b in t[i + 1 :]
        if met.get((min(a, b), max(a, b)), 0) > 0
    )
