"""Trajan's mutable game state, its hand-written clone and its JSON form.

Every field inside a player or the board is an immutable value (int, str, tuple), so
`clone()` copies one level and is cheap (STYLE.md §2.2: never deepcopy). Stacks and piles
are tuples whose *last* item is the top. Marker bowls are strings of colour codes
(B Y G O P W, see data/trajan/board.toml), kept sorted.
"""

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from engine.core.protocol import Decision
from engine.core.serial import Upgrade, upgrade_schema
from engine.core.validation import InvalidStateError

GAME = "trajan"
# The shape of the saved JSON: a change to it bumps this number and adds an upgrade function
# (schema v -> v + 1) to `_UPGRADES`, so games saved earlier still load (STYLE.md §2.2).
SCHEMA_VERSION = 1
_UPGRADES: dict[int, Upgrade] = {}
COLOUR_ORDER = "BYGOPW"
ACTIONS = ("seaport", "forum", "military", "senate", "trajan", "construction")
TOKENS = 15  # per player; checked against data/trajan/board.toml by the tests
PLAY_CATEGORIES = ("trajan_tiles", "seaport", "military", "senate", "construction", "demands")


@cache
def sort_markers(markers: str) -> str:
    """Return the markers in canonical colour order."""
    return "".join(sorted(markers, key=COLOUR_ORDER.index))


@dataclass(slots=True)
class PlayerState:
    """One seat's mat and pieces."""

    bowls: tuple[str, ...]
    slots: tuple[str | None, ...]
    arch: int  # slot 0-5 under the arch; -1 when it stands in the centre (all slots full)
    hand: tuple[str, ...]
    display: tuple[str, ...]
    supply: int
    workers: int  # tokens in the workers' camp
    legionnaires: int  # tokens in the military camp
    sites: tuple[int, ...]  # construction sites (0-19) holding one of this seat's workers
    provinces: tuple[str, ...]  # provinces holding one of this seat's legionnaires
    leader: str
    forum: tuple[str, ...]  # forum and extra-action tiles held (kind ids, sorted)
    demands: tuple[str, ...]  # Trajan demand tiles kept on the mat
    plus2: tuple[str, ...]  # actions with a [+2] marker
    buildings: tuple[str, ...]  # construction tiles taken
    bonus: tuple[str, ...]  # bonus tiles, yellow side up
    bonus_grey: tuple[str, ...]  # bonus tiles, grey side up
    senate: int  # space on the senate track, 0 = start
    stamp: int  # height in the senate stack: higher stamp = higher disc on the same space
    vp: int
    vp_by: tuple[int, ...]  # VP scored during play, per PLAY_CATEGORIES

    def clone(self) -> "PlayerState":
        """Return an independent copy."""
        return PlayerState(
            self.bowls,
            self.slots,
            self.arch,
            self.hand,
            self.display,
            self.supply,
            self.workers,
            self.legionnaires,
            self.sites,
            self.provinces,
            self.leader,
            self.forum,
            self.demands,
            self.plus2,
            self.buildings,
            self.bonus,
            self.bonus_grey,
            self.senate,
            self.stamp,
            self.vp,
            self.vp_by,
        )

    def score(self, category: str, vp: int) -> None:
        """Add `vp` (may be negative) to the total and to a play category."""
        i = PLAY_CATEGORIES.index(category)
        self.vp += vp
        self.vp_by = (*self.vp_by[:i], self.vp_by[i] + vp, *self.vp_by[i + 1 :])


@dataclass(slots=True)
class TrajanState:
    """A whole game of Trajan; `pending` says who decides what next (None: game over)."""

    seed: int
    version: int
    seats: int
    options: tuple[tuple[str, str], ...]
    pending: Decision | None
    phase: str  # setup_bowl, setup_card, setup_trajan, turn, quarter, over
    current: int  # the active seat of the turn (or of the setup step)
    quarter: int  # 0-3; 4 once the game is over
    time: int  # time-marker space, 0 = start space
    cycle: int  # spaces in one time cycle for this player count
    round_over: bool  # the time marker reached its start this turn
    deck: tuple[str, ...]
    discards: tuple[tuple[str, ...], ...]  # the two face-up discard piles
    forum_pile: tuple[str, ...]
    extra_pile: tuple[str, ...]
    forum: tuple[str | None, ...]  # green forum spaces
    extras: tuple[str | None, ...]  # yellow extra-action spaces
    province_tiles: tuple[str | None, ...]  # per province (catalog order, camp excluded)
    sites: tuple[str | None, ...]  # construction tile still on each of the 20 sites
    stacks: tuple[tuple[str, ...], ...]  # the six Trajan stacks
    demand_pile: tuple[str, ...]
    demands_shown: tuple[str, ...]
    demands_removed: tuple[str, ...]  # removed unseen at setup (hidden)
    bonus_bag: tuple[str, ...]
    bonus_offer: tuple[str, ...]  # beside the senate track
    ships: tuple[bool, ...]  # True = coloured front up
    clock: int  # last senate stack stamp handed out
    removed: tuple[str, ...]  # tiles out of the game (forum, extra, Trajan; demand:<kind>)
    todo: tuple[str, ...]  # stack of "act:X", "rep:X", "offer:X" for the turn in progress
    in_hand: str  # action markers being sown
    sow_bowl: int  # bowl that receives the next sown marker
    target: int  # the target bowl of this turn (-1 before sowing ends)
    extra_used: bool
    ship: int  # ship being loaded (-1: none)
    picks: tuple[str, ...]  # cards chosen so far for a display or shipment
    q_seat: int  # seat whose demands are being met at quarter end
    q_need: tuple[str, ...]  # that seat's demands still open
    q_unmet: int
    players: list[PlayerState]

    def clone(self) -> "TrajanState":
        """Return an independent copy (one level: inner values are immutable)."""
        return TrajanState(
            self.seed,
            self.version,
            self.seats,
            self.options,
            self.pending,
            self.phase,
            self.current,
            self.quarter,
            self.time,
            self.cycle,
            self.round_over,
            self.deck,
            self.discards,
            self.forum_pile,
            self.extra_pile,
            self.forum,
            self.extras,
            self.province_tiles,
            self.sites,
            self.stacks,
            self.demand_pile,
            self.demands_shown,
            self.demands_removed,
            self.bonus_bag,
            self.bonus_offer,
            self.ships,
            self.clock,
            self.removed,
            self.todo,
            self.in_hand,
            self.sow_bowl,
            self.target,
            self.extra_used,
            self.ship,
            self.picks,
            self.q_seat,
            self.q_need,
            self.q_unmet,
            [p.clone() for p in self.players],
        )

    def option(self, name: str) -> str:
        """Return the value of a game option."""
        return dict(self.options)[name]


_STATE_FIELDS = tuple(f.name for f in fields(TrajanState) if f.name != "players")
_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))
_OPTIONAL_STR = {"forum", "extras", "province_tiles", "sites", "slots"}


def to_json(state: TrajanState) -> dict[str, Any]:
    """Serialise a state into plain JSON data, with game and schema keys."""
    out: dict[str, Any] = {"game": GAME, "schema": SCHEMA_VERSION}
    for name in _STATE_FIELDS:
        out[name] = _plain(getattr(state, name))
    pending = state.pending
    out["pending"] = None if pending is None else {"seat": pending.seat, "kind": pending.kind}
    out["players"] = [{n: _plain(getattr(p, n)) for n in _PLAYER_FIELDS} for p in state.players]
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def from_json(saved: Mapping[str, Any]) -> TrajanState:
    """Rebuild a state from `to_json` data; raise ValueError if it is not a valid state."""
    data = upgrade_schema(saved, GAME, SCHEMA_VERSION, _UPGRADES)
    expected = {*_STATE_FIELDS, "players", "game", "schema"}
    if set(data) != expected:
        raise ValueError(f"trajan state keys differ: {sorted(set(data) ^ expected)}")
    try:
        pending_raw = data["pending"]
        pending = (
            None if pending_raw is None else Decision(pending_raw["seat"], pending_raw["kind"])
        )
        values = {n: _frozen(data[n]) for n in _STATE_FIELDS if n != "pending"}
        players = [
            PlayerState(**{n: _frozen(raw[n]) for n in _PLAYER_FIELDS}) for raw in data["players"]
        ]
        state = TrajanState(**values, pending=pending, players=players)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"invalid trajan state: {exc}") from exc
    _validate(state)
    return state


PHASES = ("setup_bowl", "setup_card", "setup_trajan", "turn", "quarter", "over")
DECISIONS = (
    *("setup_bowl", "setup_card", "setup_trajan", "bowl", "sow", "plus2", "discard", "display"),
    *("ship", "extra", "demand", "consul", *ACTIONS),
)


def _validate(state: TrajanState) -> None:
    """Check the shape of a state read from JSON (not every rule: enough to catch bad data)."""
    problems = [
        ("seat count", not 2 <= state.seats <= 4 or len(state.players) != state.seats),
        ("phase", state.phase not in PHASES),
        ("pending", (state.pending is None) != (state.phase == "over")),
        ("pending seat", state.pending is not None and not 0 <= state.pending.seat < state.seats),
        ("pending kind", state.pending is not None and state.pending.kind not in DECISIONS),
        ("current seat", not 0 <= state.current < state.seats),
    ]
    for p in state.players:
        mat = len(p.bowls) != 6 or len(p.slots) != 6 or not all(isinstance(b, str) for b in p.bowls)
        markers = "".join(p.bowls)
        problems.append(("player mat", mat or not set(markers) <= set(COLOUR_ORDER)))
        tokens = p.supply + p.workers + p.legionnaires + len(p.sites) + len(p.provinces)
        problems.append(("player tokens", tokens != TOKENS or min(p.supply, p.workers) < 0))
    for what, bad in problems:
        if bad:  # the check's name is what it looks at (engine/trajan/validate.py has the rest)
            raise InvalidStateError(GAME, what, "not as saved by the rules")
