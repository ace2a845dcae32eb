"""The options of each action and of each sub-step, as legal actions (Pass not included).

Seaport: draw 2 / take a discard / display / ship (SEED; brief §4.1). Forum: any tile
(§4.2). Military: recruit / move leader / station (§4.3). Senate (§4.5). Trajan (§4.4).
Construction: recruit / build (§4.6). Extra-action tiles (§4.7).
"""

from collections.abc import Callable

from engine.trajan.actions import (
    Action,
    AdvanceSenate,
    Build,
    Deploy,
    Discard,
    DisplayCard,
    Done,
    ForumTake,
    Load,
    MoveLeader,
    PortDisplay,
    PortDraw,
    PortShip,
    PortTake,
    Recruit,
    ShipCard,
    TakeTrajan,
    UseExtra,
)
from engine.trajan.rules.common import first_part_bonus
from engine.trajan.state import PlayerState, TrajanState
from engine.trajan.tables import Tables

WILD_COMMODITY = "wild_commodity"
SAME, DIFFERENT, PAIRS = 0, 1, 2
SHIP_MAX = (4, 4, 3)
SENATE_TOP = 7


def seaport(state: TrajanState, t: Tables) -> list[Action]:
    """Return the seaport options open to the active seat."""
    p = state.players[state.current]
    out: list[Action] = []
    if state.deck:
        out.append(PortDraw())
    out.extend(PortTake(i, state.discards[i][-1]) for i in (0, 1) if state.discards[i])
    if p.hand:
        out.append(PortDisplay())
        out.extend(_port_ship(state, t, s) for s in (SAME, DIFFERENT) if s < len(t.ships))
        if len(t.ships) > PAIRS and _pairs_possible(p):
            out.append(_port_ship(state, t, PAIRS))
    return out


def ship_pays(state: TrajanState, t: Tables, ship: int) -> tuple[int, ...]:
    """Return what a ship's side up pays by shipment size (index 0: one card or pair)."""
    return t.ships[ship].front if state.ships[ship] else t.ships[ship].grey


def _port_ship(state: TrajanState, t: Tables, ship: int) -> PortShip:
    return PortShip(ship, ship_pays(state, t, ship))


def labelled_ship_options(state: TrajanState, t: Tables) -> list[Action]:
    """Return `ship_options`, each with the shipment it leaves and its VP (fifth playtest 105)."""
    pays = ship_pays(state, t, state.ship)
    pairs = state.ship == PAIRS
    size = len(state.picks) // 2 if pairs else len(state.picks)
    out: list[Action] = []
    for action in ship_options(state):
        if isinstance(action, ShipCard):
            out.append(ShipCard(action.card, Load(size + 1, pays[size], pairs)))
        else:
            out.append(Done(Load(size, pays[size - 1], pairs)))
    return out


def _pairs_possible(p: PlayerState) -> bool:
    wild = WILD_COMMODITY in p.forum
    kinds = set(p.hand)
    return any(p.hand.count(k) >= 2 for k in kinds) or (wild and bool(kinds))


def forum(state: TrajanState, t: Tables) -> list[Action]:
    """Return one ForumTake per distinct tile kind in the forum display."""
    kinds = {k for k in state.forum if k is not None} | {k for k in state.extras if k is not None}
    return [ForumTake(k) for k in sorted(kinds)]


def military(state: TrajanState, t: Tables) -> list[Action]:
    """Return recruit, each leader move, and stationing, where possible."""
    p = state.players[state.current]
    out: list[Action] = []
    if p.supply > 0:
        out.append(Recruit())
    out.extend(MoveLeader(prov) for prov in t.adjacent[p.leader])
    if p.legionnaires > 0 and p.leader != "camp" and p.leader not in p.provinces:
        out.append(Deploy())
    return out


def senate(state: TrajanState, t: Tables) -> list[Action]:
    """Return the senate advance unless the disc is on the last space."""
    return [AdvanceSenate()] if state.players[state.current].senate < SENATE_TOP else []


def trajan(state: TrajanState, t: Tables) -> list[Action]:
    """Return one TakeTrajan per non-empty stack, unless the arch stands in the centre."""
    if state.players[state.current].arch < 0:
        return []
    return [TakeTrajan(i) for i, stack in enumerate(state.stacks) if stack]


def construction(state: TrajanState, t: Tables) -> list[Action]:
    """Return recruit, and every site a worker from the camp may go to."""
    p = state.players[state.current]
    out: list[Action] = []
    if p.supply > 0:
        out.append(Recruit())
    if p.workers > 0:
        out.extend(_build(state, t, site) for site in buildable_sites(p, t))
    return out


def _build(state: TrajanState, t: Tables, site: int) -> Build:
    """Return a site's choice with its tile and the bonus action a first part of its kind gives."""
    tile = state.sites[site]
    if tile is None:
        return Build(site, "")
    return Build(site, tile, first_part_bonus(state.players[state.current], t, tile) or "")


def buildable_sites(p: PlayerState, t: Tables) -> list[int]:
    """Return the sites this player may build on: any at first, then orthogonal neighbours."""
    own = set(p.sites)
    if not own:
        return list(range(len(t.site_neighbours)))
    near: set[int] = set()
    for site in own:
        near |= t.site_neighbours[site]
    return sorted(near - own)


OPTIONS: dict[str, Callable[[TrajanState, Tables], list[Action]]] = {
    "seaport": seaport,
    "forum": forum,
    "military": military,
    "senate": senate,
    "trajan": trajan,
    "construction": construction,
}


def discard_options(state: TrajanState) -> list[Action]:
    """Return each card kind in hand onto each discard pile."""
    kinds = sorted(set(state.players[state.current].hand))
    return [Discard(k, pile) for k in kinds for pile in (0, 1)]


def display_options(state: TrajanState, t: Tables) -> list[Action]:
    """Return the cards that may still go to the display, and Done once one was chosen."""
    left = list(state.players[state.current].hand)
    for card in state.picks:
        left.remove(card)
    out: list[Action] = []
    if len(state.picks) < t.fig.display_max:
        out.extend(DisplayCard(k) for k in sorted(set(left)))
    if state.picks:
        out.append(Done())
    return out


def ship_options(state: TrajanState) -> list[Action]:
    """Return the cards that may still be loaded on the ship, and Done when valid."""
    p = state.players[state.current]
    picks = state.picks
    real = [c for c in picks if c != "wild"]
    left = list(p.hand)
    for card in real:
        left.remove(card)
    wild_ok = WILD_COMMODITY in p.forum and "wild" not in picks
    out: list[Action] = []
    if state.ship == PAIRS:
        # Each pair adds two picks: (k, k), or (k, "wild") when a wild completes it.
        if len(picks) // 2 < SHIP_MAX[PAIRS]:
            for k in sorted(set(left) - set(real)):
                if left.count(k) >= 2 or wild_ok:
                    out.append(ShipCard(k))
        if picks:
            out.append(Done())
        return out
    if len(picks) < SHIP_MAX[state.ship]:
        if state.ship == SAME:
            kinds = sorted(set(left)) if not real else ([real[0]] if real[0] in left else [])
        else:
            kinds = sorted(set(left) - set(real))
        out.extend(ShipCard(k) for k in kinds)
        if wild_ok and real:
            out.append(ShipCard("wild"))
    if real:
        out.append(Done())
    return out


def extra_options(state: TrajanState, t: Tables, action: str) -> list[Action]:
    """Return the extra-action tiles the active seat may use to repeat `action`."""
    if state.extra_used:
        return []
    held = state.players[state.current].forum
    tiles: list[Action] = [UseExtra(k) for k in t.extra_kinds[action] if k in held]
    # A tile is offered only when the action can be done again (a repeat with no option
    # would spend the tile for nothing).
    return tiles if tiles and OPTIONS[action](state, t) else []
