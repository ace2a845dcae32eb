"""What a seat may see of a Trajan game: frozen views with the secrets stripped.

Hidden: hands (only their sizes are public; a seat's own view adds its hand and the cards
it is choosing), the order of every face-down pile, the tiles under the top of each Trajan
stack (and the tops, until the bowls are filled), the demand tiles removed at setup. Once
the game is over each seat's final score is public too (`PlayerView.final`).
"""

from dataclasses import dataclass

from engine.core.protocol import Decision
from engine.trajan.rules.quarter import votes
from engine.trajan.scoring import final_scores
from engine.trajan.state import TrajanState
from engine.trajan.tables import Tables


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's mat and pieces; `hand` is None unless this is the viewer's own seat."""

    seat: int
    vp: int
    bowls: tuple[str, ...]
    slots: tuple[str | None, ...]
    arch: int
    hand_size: int
    hand: tuple[str, ...] | None
    display: tuple[str, ...]
    supply: int
    workers: int
    legionnaires: int
    sites: tuple[int, ...]
    provinces: tuple[str, ...]
    leader: str
    forum: tuple[str, ...]
    demands: tuple[str, ...]
    plus2: tuple[str, ...]
    buildings: tuple[str, ...]
    bonus: tuple[str, ...]
    bonus_grey: tuple[str, ...]
    senate: int
    stamp: int
    votes: int
    final: int | None = None  # the final score once the game is over (fifth playtest item 113)


@dataclass(frozen=True, slots=True)
class TrajanView:
    """The board as `seat` sees it (seat None: the public view)."""

    seat: int | None
    phase: str
    pending: Decision | None
    current: int
    quarter: int
    round: int
    time: int
    cycle: int
    deck_size: int
    discard_tops: tuple[str | None, ...]
    discard_sizes: tuple[int, ...]
    forum: tuple[str | None, ...]
    extras: tuple[str | None, ...]
    forum_pile_size: int
    extra_pile_size: int
    provinces: tuple[tuple[str, str | None], ...]
    sites: tuple[str | None, ...]
    stack_tops: tuple[str | None, ...]
    stack_sizes: tuple[int, ...]
    demands_shown: tuple[str, ...]
    demand_pile_size: int
    bonus_offer: tuple[str, ...]
    bonus_bag_size: int
    ships: tuple[bool, ...]
    in_hand: str
    sow_bowl: int
    target: int
    doing: str | None
    picks: tuple[str, ...] | None
    players: tuple[PlayerView, ...]


def make_view(state: TrajanState, t: Tables, seat: int | None) -> TrajanView:
    """Build the view of `state` for `seat` (None: public)."""
    hidden_tops = state.phase == "setup_bowl"
    over = state.phase == "over"
    finals = [s.total for s in final_scores(state, t)] if over else [None] * len(state.players)
    players = tuple(
        PlayerView(
            seat=i,
            vp=p.vp,
            bowls=p.bowls,
            slots=p.slots,
            arch=p.arch,
            hand_size=len(p.hand),
            hand=p.hand if seat == i else None,
            display=p.display,
            supply=p.supply,
            workers=p.workers,
            legionnaires=p.legionnaires,
            sites=p.sites,
            provinces=p.provinces,
            leader=p.leader,
            forum=p.forum,
            demands=p.demands,
            plus2=p.plus2,
            buildings=p.buildings,
            bonus=p.bonus,
            bonus_grey=p.bonus_grey,
            senate=p.senate,
            stamp=p.stamp,
            votes=votes(state, t, i),
            final=finals[i],
        )
        for i, p in enumerate(state.players)
    )
    return TrajanView(
        seat=seat,
        phase=state.phase,
        pending=state.pending,
        current=state.current,
        quarter=min(state.quarter + 1, t.fig.quarters),
        round=len(state.demands_shown) + 1,
        time=state.time,
        cycle=state.cycle,
        deck_size=len(state.deck),
        discard_tops=tuple(d[-1] if d else None for d in state.discards),
        discard_sizes=tuple(len(d) for d in state.discards),
        forum=state.forum,
        extras=state.extras,
        forum_pile_size=len(state.forum_pile),
        extra_pile_size=len(state.extra_pile),
        provinces=tuple(zip(t.provinces, state.province_tiles, strict=True)),
        sites=state.sites,
        stack_tops=tuple(None if hidden_tops or not s else s[-1] for s in state.stacks),
        stack_sizes=tuple(len(s) for s in state.stacks),
        demands_shown=state.demands_shown,
        demand_pile_size=len(state.demand_pile),
        bonus_offer=state.bonus_offer,
        bonus_bag_size=len(state.bonus_bag),
        ships=state.ships,
        in_hand=state.in_hand,
        sow_bowl=state.sow_bowl,
        target=state.target,
        doing=state.todo[-1].split(":")[1] if state.todo else None,
        picks=state.picks if seat is not None and seat == state.current else None,
        players=players,
    )
