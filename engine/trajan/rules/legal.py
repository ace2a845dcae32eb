"""The legal actions of the pending decision, in a stable order (each list <= 25)."""

from collections.abc import Callable
from functools import cache

from engine.trajan.actions import Action, ChooseBonus, ChooseBowl, Pass, PayDemand, PlacePlus2, Sow
from engine.trajan.rules import options, quarter, setup
from engine.trajan.rules.turn import plus2_spaces, sow_options
from engine.trajan.state import ACTIONS, TrajanState
from engine.trajan.tables import Tables


def _bowls(state: TrajanState, t: Tables) -> list[Action]:
    bowls = state.players[state.current].bowls
    return [ChooseBowl(i, (i + len(m)) % len(ACTIONS)) for i, m in enumerate(bowls) if m]


def _sow(state: TrajanState, t: Tables) -> list[Action]:
    return list(_sow_actions(state.sow_bowl, state.in_hand))


@cache
def _sow_actions(bowl: int, in_hand: str) -> tuple[Action, ...]:
    return tuple(Sow(bowl, colours) for colours in sow_options(in_hand))


def _plus2(state: TrajanState, t: Tables) -> list[Action]:
    return [PlacePlus2(a) for a in plus2_spaces(state)]


def _extra(state: TrajanState, t: Tables) -> list[Action]:
    action = state.todo[-1].split(":")[1]
    return [*options.extra_options(state, t, action), Pass()]


def _demand(state: TrajanState, t: Tables) -> list[Action]:
    return [PayDemand(state.q_need[0], wild) for wild in quarter.demand_choices(state)]


def _consul(state: TrajanState, t: Tables) -> list[Action]:
    return [ChooseBonus(tile) for tile in sorted(set(state.bonus_offer))]


_BY_KIND: dict[str, Callable[[TrajanState, Tables], list[Action]]] = {
    "setup_bowl": setup.bowl_options,
    "setup_card": lambda s, t: setup.card_options(s),
    "setup_trajan": setup.trajan_options,
    "bowl": _bowls,
    "sow": _sow,
    "plus2": _plus2,
    "discard": lambda s, t: options.discard_options(s),
    "display": options.display_options,
    "ship": options.labelled_ship_options,
    "extra": _extra,
    "demand": _demand,
    "consul": _consul,
}


def _with_pass(action: str) -> Callable[[TrajanState, Tables], list[Action]]:
    options_of = options.OPTIONS[action]

    def legal(state: TrajanState, t: Tables) -> list[Action]:
        return [*options_of(state, t), Pass()]

    return legal


for _action in ACTIONS:
    _BY_KIND[_action] = _with_pass(_action)


def legal_actions(state: TrajanState, t: Tables) -> list[Action]:
    """Return every legal action of the pending decision (empty once the game is over)."""
    if state.pending is None:
        return []
    return _BY_KIND[state.pending.kind](state, t)
