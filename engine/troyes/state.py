"""The mutable record of one Troyes game, its hand-written clone and its JSON form.

Layout (troyes.md §2-§4): dice live in districts (one per seat, then the neutral one, last);
the three buildings hold 6 spaces each (a seat, NEUTRAL or None) plus the citizens lying on
their illustration (expelled this round). Cards and events are referred to by id only.
`plan` holds the half-chosen compound action (target -> cube -> dice -> count), so the UI
never holds half a move.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.protocol import Decision
from engine.core.serial import Upgrade, upgrade_schema

# The shape of the saved JSON. A change to it (a new field, a renamed key) bumps this number
# and adds an upgrade function to `_UPGRADES` below, so games saved earlier still load
# (STYLE.md §2.2); `from_json` reads only the current shape, strictly.
SCHEMA_VERSION = 2
GAME = "troyes"
NEUTRAL = -1
BUILDINGS = ("palace", "bishopric", "city_hall")
COLOURS = ("red", "white", "yellow")
WILD = "purple"  # Ladies: a die whose colour is chosen when used (hook; off in the base game)

Die = tuple[str, int]


@dataclass(slots=True)
class Plan:
    """The compound action being built by the deciding seat."""

    action: str = ""
    target: str = ""
    source: str = ""
    cube: str = ""
    mode: str = ""
    dice: list[tuple[int, str, int, str]] = field(default_factory=list)
    count: int = 0
    left: int = 0
    back: str = ""
    bonus: str = ""  # Ladies: the outer activity chosen for this action ("none" if declined)

    def clone(self) -> "Plan":
        """Return an independent copy (attribute by attribute: cheaper than __init__)."""
        new = object.__new__(Plan)
        new.action, new.target, new.source = self.action, self.target, self.source
        new.cube, new.mode, new.dice = self.cube, self.mode, self.dice[:]
        new.count, new.left, new.back, new.bonus = self.count, self.left, self.back, self.bonus
        return new


@dataclass(slots=True)
class Reaction:
    """A question put to a seat out of turn (Ladies hook), answered by default on timeout."""

    seat: int
    kind: str
    default: str
    data: str = ""


@dataclass(slots=True)
class TroyesState:
    """Everything about one game; `apply` clones it before changing anything."""

    seed: int
    version: int
    seats: int
    options: dict[str, str]
    rounds: int
    round: int = 0
    phase: str = "setup"
    start: int = 0
    turn: int = 0
    direction: int = 1
    kind: str = ""
    deniers: list[int] = field(default_factory=list)
    influence: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    supply: list[int] = field(default_factory=list)
    neutral_supply: int = 0
    buildings: list[list[int | None]] = field(default_factory=list)
    lying: list[list[int]] = field(default_factory=list)
    districts: list[list[Die]] = field(default_factory=list)
    activity: list[str] = field(default_factory=list)
    craftsmen: dict[str, list[int | None]] = field(default_factory=dict)
    card_cubes: dict[str, list[int]] = field(default_factory=dict)
    queue: list[str] = field(default_factory=list)
    event_cubes: dict[str, list[int]] = field(default_factory=dict)
    decks: dict[str, list[str]] = field(default_factory=dict)
    won: list[list[str]] = field(default_factory=list)
    cathedral: list[list[int]] = field(default_factory=list)
    characters: list[list[str]] = field(default_factory=list)
    black: list[int] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    pot: list[int] = field(default_factory=list)
    placing: list[int] = field(default_factory=list)
    plan: Plan = field(default_factory=Plan)
    reactions: list[Reaction] = field(default_factory=list)
    # Menu entries backed out of during the current decision (not offered again until the
    # seat acts or the turn moves on), so nobody can go round in circles between menus.
    declined: list[str] = field(default_factory=list)
    # The Ladies of Troyes (empty when their modules are off): the character revealed to all,
    # each seat's guard space on the wall, the outer face dealt at each gate (level I-IV) and
    # the cubes on it, the out-of-turn offers still to make after an action or before the
    # events act (`kind|seat|data`), the events each seat is shielded from this round.
    revealed: list[str] = field(default_factory=list)
    guards: list[int] = field(default_factory=list)
    outer: list[str] = field(default_factory=list)
    outer_cubes: dict[str, list[int]] = field(default_factory=dict)
    offers: list[str] = field(default_factory=list)
    shield: list[str] = field(default_factory=list)
    # Derived, never saved or compared: what the engine worked out about this state object,
    # kept here (not on the engine, which every game shares) so no game can see another's.
    # `legal_memo` is (version, legal actions) of this object and is not cloned;
    # `targets_memo` is (content, turn-menu targets) and is: it holds for any state whose
    # content equals the key (a seat backing out of a sub-menu gets the same targets).
    legal_memo: tuple[int, list[Any]] | None = field(default=None, compare=False, repr=False)
    targets_memo: tuple[tuple[Any, ...], Any] | None = field(
        default=None, compare=False, repr=False
    )

    @property
    def pending(self) -> Decision | None:
        """Return the decision the game waits for, or None once it is over."""
        if self.phase == "over":
            return None
        if self.reactions:
            return Decision(self.reactions[0].seat, self.reactions[0].kind)
        return Decision(self.turn, self.kind)

    @property
    def neutral(self) -> int:
        """Return the index of the neutral district."""
        return self.seats

    def clone(self) -> "TroyesState":
        """Return an independent copy (hand-written for speed, never deepcopy)."""
        new = object.__new__(TroyesState)  # skips __init__: every field is set below
        new.seed, new.version, new.seats, new.options = (
            self.seed,
            self.version,
            self.seats,
            self.options,
        )
        new.rounds, new.round, new.phase, new.start = (
            self.rounds,
            self.round,
            self.phase,
            self.start,
        )
        new.turn, new.direction, new.kind = self.turn, self.direction, self.kind
        new.deniers, new.influence, new.vp = self.deniers[:], self.influence[:], self.vp[:]
        new.supply, new.neutral_supply = self.supply[:], self.neutral_supply
        new.buildings = [row[:] for row in self.buildings]
        new.lying = [row[:] for row in self.lying]
        new.districts = [row[:] for row in self.districts]
        new.activity = self.activity  # never changed after setup
        new.craftsmen = self.craftsmen  # copy-on-write: see cow_set
        new.card_cubes = self.card_cubes  # copy-on-write
        new.queue = self.queue[:]
        new.event_cubes = self.event_cubes  # copy-on-write
        new.decks = self.decks  # copy-on-write
        new.won = self.won  # copy-on-write
        new.cathedral = [row[:] for row in self.cathedral]
        new.characters = self.characters  # never changed after setup
        new.black = self.black[:]
        new.passed, new.pot, new.placing = self.passed[:], self.pot[:], self.placing[:]
        new.plan = self.plan.clone()
        new.reactions = (
            [Reaction(r.seat, r.kind, r.default, r.data) for r in self.reactions]
            if self.reactions
            else []
        )
        new.declined = self.declined[:]
        new.revealed = self.revealed  # never changed after setup
        new.guards = self.guards[:]
        new.outer = self.outer  # never changed after setup
        new.outer_cubes = self.outer_cubes  # copy-on-write
        new.offers = self.offers[:]
        new.shield = self.shield[:]
        new.legal_memo = None
        new.targets_memo = self.targets_memo  # keyed by content: still right, or not matched
        return new


def cow_set(table: dict[str, list[Any]], key: str, index: int, value: Any) -> dict[str, list[Any]]:
    """Return `table` with table[key][index] = value, copying only what changes.

    `craftsmen`, `card_cubes`, `event_cubes`, `decks`, `won` and `outer_cubes` are shared by a
    state and its clones (they change rarely), so they are never changed in place, always
    replaced.
    """
    row = table[key][:]
    row[index] = value
    out = dict(table)
    out[key] = row
    return out


_SCALARS = ("seed", "version", "seats", "rounds", "round", "phase", "start", "turn")
_SCALARS2 = ("direction", "kind", "neutral_supply")
_LISTS = (
    "deniers",
    "influence",
    "vp",
    "supply",
    "black",
    "passed",
    "pot",
    "placing",
    "queue",
    "declined",
)
_LADIES = ("revealed", "guards", "outer", "offers", "shield")  # The Ladies of Troyes


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 added `declined`, the Ladies fields and `plan.bonus`: v1 saves had them empty.

    (Some v1 saves, written after `declined` was added without a bump, already hold it; their
    value is kept.)
    """
    for name in ("declined", *_LADIES):
        data.setdefault(name, [])
    data.setdefault("outer_cubes", {})
    plan = data.get("plan")
    if isinstance(plan, dict):
        plan.setdefault("bonus", "")
    return data


_UPGRADES: dict[int, Upgrade] = {1: _v1_to_v2}


def to_json(state: TroyesState) -> dict[str, Any]:
    """Serialise a state to plain JSON data with the game name and schema version."""
    out: dict[str, Any] = {"game": GAME, "schema": SCHEMA_VERSION, "options": dict(state.options)}
    for name in (*_SCALARS, *_SCALARS2, *_LISTS):
        value = getattr(state, name)
        out[name] = list(value) if isinstance(value, list) else value
    out["buildings"] = [list(b) for b in state.buildings]
    out["lying"] = [list(b) for b in state.lying]
    out["districts"] = [[[c, v] for c, v in d] for d in state.districts]
    out["activity"] = list(state.activity)
    out["craftsmen"] = {k: list(v) for k, v in state.craftsmen.items()}
    out["card_cubes"] = {k: list(v) for k, v in state.card_cubes.items()}
    out["event_cubes"] = {k: list(v) for k, v in state.event_cubes.items()}
    out["decks"] = {k: list(v) for k, v in state.decks.items()}
    out["won"] = [list(w) for w in state.won]
    out["cathedral"] = [list(c) for c in state.cathedral]
    out["characters"] = [list(c) for c in state.characters]
    p = state.plan
    out["plan"] = {
        "action": p.action,
        "target": p.target,
        "source": p.source,
        "cube": p.cube,
        "mode": p.mode,
        "dice": [list(d) for d in p.dice],
        "count": p.count,
        "left": p.left,
        "back": p.back,
        "bonus": p.bonus,
    }
    for name in _LADIES:
        out[name] = list(getattr(state, name))
    out["outer_cubes"] = {k: list(v) for k, v in state.outer_cubes.items()}
    out["reactions"] = [[r.seat, r.kind, r.default, r.data] for r in state.reactions]
    return out


def from_json(saved: Mapping[str, Any]) -> TroyesState:
    """Rebuild a state, upgrading an older schema; raise ValueError on bad or unknown data."""
    data = upgrade_schema(saved, GAME, SCHEMA_VERSION, _UPGRADES)
    try:
        kw: dict[str, Any] = {n: data[n] for n in (*_SCALARS, *_SCALARS2)}
        kw.update({n: list(data[n]) for n in _LISTS})
        p = data["plan"]
        state = TroyesState(
            options={str(k): str(v) for k, v in data["options"].items()},
            buildings=[list(b) for b in data["buildings"]],
            lying=[list(b) for b in data["lying"]],
            districts=[[(str(c), int(v)) for c, v in d] for d in data["districts"]],
            activity=list(data["activity"]),
            craftsmen={k: list(v) for k, v in data["craftsmen"].items()},
            card_cubes={k: list(v) for k, v in data["card_cubes"].items()},
            event_cubes={k: list(v) for k, v in data["event_cubes"].items()},
            decks={k: list(v) for k, v in data["decks"].items()},
            won=[list(w) for w in data["won"]],
            cathedral=[list(c) for c in data["cathedral"]],
            characters=[list(c) for c in data["characters"]],
            plan=Plan(
                p["action"],
                p["target"],
                p["source"],
                p["cube"],
                p["mode"],
                [(int(a), str(b), int(c), str(d)) for a, b, c, d in p["dice"]],
                p["count"],
                p["left"],
                p["back"],
                str(p["bonus"]),
            ),
            reactions=[
                Reaction(int(s), str(k), str(d), str(x)) for s, k, d, x in data["reactions"]
            ],
            outer_cubes={k: [int(x) for x in v] for k, v in data["outer_cubes"].items()},
            **kw,
        )
        for name in _LADIES:
            setattr(state, name, list(data[name]))
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed troyes state: {exc!r}") from exc
    if not 2 <= state.seats <= 4 or len(state.deniers) != state.seats:
        raise ValueError("malformed troyes state: seat count")
    if len(state.districts) != state.seats + 1 or len(state.buildings) != len(BUILDINGS):
        raise ValueError("malformed troyes state: board shape")
    return state
