"""What a seat may see (STYLE.md §2.2, troyes.md §13): the only way hidden information leaves.

Public: board, dice, deniers, influence, events, revealed cards. Hidden from rivals until the
end: each player's VP earned in play and their character cards; always hidden: the order of
the decks and the face-down activity cards. A seat's own view adds its VP and characters.
"""

from dataclasses import dataclass

from engine.troyes.catalog import Catalog
from engine.troyes.state import TroyesState


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as the viewer may see them (`vp`/`characters` None when hidden)."""

    seat: int
    deniers: int
    influence: int
    supply: int
    pot: int
    passed: bool
    events_won: tuple[str, ...]
    vp: int | None
    characters: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class TroyesView:
    """The whole table from one seat (or the public, `me` None)."""

    me: int | None
    version: int
    round: int
    rounds: int
    phase: str
    start: int
    turn: int
    kind: str
    direction: int
    buildings: tuple[tuple[int | None, ...], ...]
    lying: tuple[tuple[int, ...], ...]
    districts: tuple[tuple[tuple[str, int], ...], ...]
    activity: tuple[str | None, ...]
    craftsmen: tuple[tuple[str, tuple[int | None, ...]], ...]
    card_cubes: tuple[tuple[str, tuple[int, ...]], ...]
    queue: tuple[str, ...]
    event_cubes: tuple[tuple[str, tuple[int, ...]], ...]
    deck_sizes: tuple[tuple[str, int], ...]
    cathedral: tuple[tuple[int, ...], ...]
    black: tuple[int, ...]
    players: tuple[PlayerView, ...]
    plan: tuple[str, str, tuple[tuple[int, str, int], ...]] = ("", "", ())
    # The Ladies of Troyes, None when the module is off (render/troyes_view.py reads these):
    # the character revealed to all, each seat's guard space, and per gate (level I-IV) the
    # outer face dealt there with the cubes of each seat on it. Purple dice are dice of colour
    # "purple" in their owner's district.
    revealed: tuple[str, ...] = ()
    guards: tuple[int, ...] | None = None
    outer: tuple[tuple[str, tuple[int, ...]], ...] | None = None


def view(s: TroyesState, cat: Catalog, seat: int | None) -> TroyesView:
    """Return what `seat` may see (None: the public view)."""
    over = s.phase == "over"

    def shown(who: int) -> bool:
        return over or who == seat

    players = tuple(
        PlayerView(
            p,
            s.deniers[p],
            s.influence[p],
            s.supply[p],
            s.pot[p],
            s.passed[p],
            tuple(s.won[p]),
            s.vp[p] if shown(p) else None,
            tuple(s.characters[p]) if shown(p) else None,
        )
        for p in range(s.seats)
    )
    up = {c for c in s.activity if cat.cards[c].level <= s.round}
    return TroyesView(
        me=seat,
        version=s.version,
        round=s.round,
        rounds=s.rounds,
        phase=s.phase,
        start=s.start,
        turn=s.turn,
        kind=s.kind,
        direction=s.direction,
        buildings=tuple(tuple(b) for b in s.buildings),
        lying=tuple(tuple(b) for b in s.lying),
        districts=tuple(tuple(d) for d in s.districts),
        activity=tuple(c if c in up else None for c in s.activity),
        craftsmen=tuple((c, tuple(v)) for c, v in s.craftsmen.items() if c in up),
        card_cubes=tuple((c, tuple(v)) for c, v in s.card_cubes.items() if c in up),
        queue=tuple(s.queue),
        event_cubes=tuple((e, tuple(v)) for e, v in s.event_cubes.items()),
        deck_sizes=tuple((k, len(v)) for k, v in s.decks.items()),
        cathedral=tuple(tuple(lv) for lv in s.cathedral),
        black=tuple(s.black),
        players=players,
        # The deciding seat's half-built action (target and dice so far) is public.
        plan=(s.plan.action, s.plan.target, tuple((d, c, v) for d, c, v, _ in s.plan.dice)),
        revealed=tuple(s.revealed),
        guards=tuple(s.guards) if s.guards else None,
        outer=tuple((f, tuple(s.outer_cubes[f])) for f in s.outer) if s.outer else None,
    )
