"""Trajan's public entry: `TrajanEngine`, the GameEngine of engine/core/protocol.py.

Validate at the boundary (STYLE.md §2.2): the game is not over, the action is legal;
then clone, dispatch with `match` to a small handler in rules/, bump the version.
"""

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, assert_never

from engine.core.errors import GameError, GameOverError, IllegalMoveError
from engine.core.protocol import Bundle, OptionSpec, Result, Step
from engine.core.serial import from_jsonable, record_types
from engine.core.validation import InvalidStateError
from engine.trajan import bundle_words, events, explain, heuristic, scoring, text, validate, view
from engine.trajan.actions import (
    Action,
    AdvanceSenate,
    Build,
    ChooseBonus,
    ChooseBowl,
    Deploy,
    Discard,
    DisplayCard,
    Done,
    DrawStartCard,
    FillBowl,
    ForumTake,
    MoveLeader,
    Pass,
    PayDemand,
    PickTrajan,
    PlacePlus2,
    PortDisplay,
    PortDraw,
    PortShip,
    PortTake,
    Recruit,
    ShipCard,
    ShipCards,
    Sow,
    TakeTrajan,
    UseExtra,
    action_text,
    compound_from_text,
)
from engine.trajan.catalog import DATA_DIR, DATA_FILES, default_catalog, load_catalog
from engine.trajan.components import Catalog
from engine.trajan.events import REVEALING, REVEALS
from engine.trajan.rules import board, bundles, flow, quarter, seaport, setup, turn
from engine.trajan.rules.legal import legal_actions
from engine.trajan.state import GAME, TrajanState, from_json, to_json
from engine.trajan.tables import Tables, tables

OPTIONS = (
    OptionSpec(
        "bowl_colours",
        "Starting bowls: any two markers, or two different colours (rules differ).",
        ("any", "distinct"),
        "any",
    ),
    OptionSpec(
        "time_track",
        "Time-track cycle: ih = 11/16/21 spaces, fm = 12/17/22 (2/3/4 players).",
        ("ih", "fm"),
        "ih",
    ),
)


EVENT_TYPES = record_types(events)  # the recorded events by class name, to rebuild stored ones


class TrajanEngine:
    """The rules of Trajan for 2-4 players."""

    name: ClassVar[str] = "trajan"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    # Rules editions (engine/core/editions.py): raise `rules_version` when a rule's code
    # changes; the data files are those catalog.py reads.
    rules_version: ClassVar[int] = 1
    data_files: ClassVar[tuple[str, ...]] = DATA_FILES

    def __init__(self, catalog: Catalog | None = None, data_dir: Path | None = None) -> None:
        """Use the shipped data unless a catalog (or a data folder) is given."""
        if catalog is None and data_dir is not None:
            catalog = load_catalog(data_dir)
        self.data_dir = data_dir if data_dir is not None else (None if catalog else DATA_DIR)
        self.catalog = catalog if catalog is not None else default_catalog()
        self.tables: Tables = tables(self.catalog)

    def with_data(self, directory: Path) -> "TrajanEngine":
        """Return a Trajan engine reading its data from `directory` (another edition)."""
        return TrajanEngine(data_dir=directory)

    def options(self) -> Sequence[OptionSpec]:
        """Return the options a game may be created with."""
        return OPTIONS

    def new_state(self, options: Mapping[str, str], seats: int, seed: int) -> TrajanState:
        """Set up a new game; raise GameError on a bad seat count or option."""
        if not self.min_seats <= seats <= self.max_seats:
            raise GameError("trajan.error.seats")
        chosen = {o.name: o.default for o in OPTIONS}
        for key, value in options.items():
            spec = next((o for o in OPTIONS if o.name == key), None)
            if spec is None or value not in spec.choices:
                raise GameError("trajan.error.option", name=key, value=value)
            chosen[key] = value
        state, _ = setup.new_state(self.tables, tuple(sorted(chosen.items())), seats, seed)
        return state

    def legal_actions(self, state: TrajanState) -> list[Action]:
        """Return every legal action of the pending decision, in a stable order."""
        return legal_actions(state, self.tables)

    def apply(self, state: TrajanState, action: Action) -> Step[TrajanState]:
        """Apply a legal action to a clone of `state`; raise a GameError otherwise."""
        if state.pending is None:
            raise GameOverError("error.game_over")
        legal = action in legal_actions(state, self.tables)
        if not legal and not bundles.legal(state, self.tables, action):
            if bundles.is_bundle(state, action):  # its own refusal, not the notation (item 116)
                bundles.run(state.clone(), self.tables, action, [])
            raise IllegalMoveError("error.not_legal_now", move=action_text(action))
        new = state.clone()
        events: list[Any] = []
        _dispatch(new, self.tables, action, events)
        new.version += 1
        irreversible = any(isinstance(e, REVEALING) for e in events)
        reveals = tuple(dict.fromkeys(REVEALS[type(e)] for e in events if type(e) in REVEALS))
        meta = {"reveals": tuple(f"trajan.reveals.{k}" for k in reveals)} if reveals else {}
        return Step(new, tuple(events), irreversible, meta)

    def default_action(self, state: TrajanState) -> None:
        """Return None: Trajan asks nobody out of turn, so no decision has a default answer."""
        return

    def view(self, state: TrajanState, seat: int | None) -> view.TrajanView:
        """Return what `seat` may see (None: the public view)."""
        return view.make_view(state, self.tables, seat)

    def result(self, state: TrajanState) -> Result | None:
        """Return the final result once the game is over."""
        return scoring.result(state, self.tables)

    def to_json(self, state: TrajanState) -> dict[str, Any]:
        """Serialise a state, with its game and schema keys."""
        return to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> TrajanState:
        """Rebuild and validate a state; raise ValueError (InvalidStateError) on bad data."""
        s = from_json(data)
        validate.check(s, self.tables)
        if s.pending is not None:
            try:
                legal = self.legal_actions(s)
            except Exception as exc:  # a state the rules cannot read is corrupt, whatever broke
                raise InvalidStateError(GAME, "pending", f"cannot be offered: {exc!r}") from exc
            if not legal:
                raise InvalidStateError(GAME, "pending", f"{s.pending.kind!r} offers nothing")
        return s

    def action_text(self, action: Action) -> str:
        """Return the short, unique notation of an action."""
        return action_text(action)

    def describe(self, action: Action, lang: str = "en", names: Sequence[str] = ()) -> str:
        """Return the label a player reads for an action (Trajan's labels name no seat)."""
        return text.describe(action, self.tables, lang)

    def describe_event(self, event: Any, lang: str = "en", names: Sequence[str] = ()) -> str:
        """Return one log line for an event, its seats named by `names` (else "Player N")."""
        return text.describe_event(event, self.tables, lang, names)

    def event_from_json(self, data: Mapping[str, Any]) -> Any:
        """Rebuild a recorded event from its stored JSON (`to_jsonable`)."""
        return from_jsonable(data, EVENT_TYPES)

    def relabel(
        self, notation: str, seat: int, lang: str, names: Sequence[str], told: bool = False
    ) -> str | None:
        """Return a stored move's label with its seats named: None, no Trajan label names one.

        `told` (the log's line for the move): a label that says "your" in the third person.
        """
        return text.told(notation, self.tables, lang) if told else None

    def explain(self, state: TrajanState, action: Action, lang: str = "en") -> str:
        """Return what choosing `action` gets, in one short public line ("" if nothing)."""
        return explain.explain(state, action, self.tables, lang)

    def prompt(self, state: TrajanState, lang: str = "en") -> str:
        """Return what the deciding seat must decide now."""
        return text.prompt(state, self.tables, lang)

    def bundle(self, state: TrajanState, lang: str = "en") -> Bundle | None:
        """Return the one-go menu of a shipment or a many-coloured sowing, else None."""
        return bundle_words.bundle(state, self.tables, lang)

    def layout(self, state: TrajanState, lang: str = "en") -> None:
        """Return None: Trajan's controls come as the legal actions do."""
        return

    def bundle_action(self, state: TrajanState, values: Sequence[str]) -> Action:
        """Return the whole shipment or sowing of a menu's picked values (IllegalMoveError)."""
        kind = state.pending.kind if state.pending else ""
        if kind == "ship":
            return bundles.ship_bundle(state, values)
        if kind == "sow":
            return bundles.sow_bundle(state, values)
        raise IllegalMoveError("error.session.not_on_offer")

    def compound(self, state: TrajanState, text: str) -> Action | None:
        """Return the compound action a stored notation names ("shipment ...", "sow ...")."""
        return compound_from_text(text)

    def heuristic(self, state: TrajanState, seat: int) -> float:
        """Estimate how well `seat` is doing, for the greedy AI."""
        return heuristic.heuristic(state, self.tables, seat)


def _dispatch(  # noqa: PLR0912, PLR0915 - one case per action type
    state: TrajanState, t: Tables, action: Action, events: list[Any]
) -> None:
    kind = state.pending.kind if state.pending else ""
    match action:
        case FillBowl(_, colours):
            setup.fill_bowl(state, t, colours, events)
        case DrawStartCard(source):
            setup.draw_start_card(state, t, source, events)
        case PickTrajan(stack, slot):
            setup.pick_trajan(state, t, stack, slot, events)
        case ChooseBowl(bowl):
            turn.choose_bowl(state, t, bowl, events)
        case Sow(_, colours):
            turn.sow(state, t, colours, events)
        case PlacePlus2(act):
            turn.choose_plus2(state, t, act, events)
        case Pass():
            flow.pass_step(state, t, events)
        case PortDraw():
            seaport.port_draw(state, t, events)
        case PortTake(pile):
            seaport.port_take(state, t, pile, events)
        case PortDisplay():
            seaport.port_display(state, t, events)
        case PortShip(ship):
            seaport.port_ship(state, t, ship, events)
        case Discard(card, pile):
            seaport.discard(state, t, card, pile, events)
        case DisplayCard(card):
            seaport.display_card(state, t, card, events)
        case ShipCard(card):
            seaport.ship_card(state, t, card, events)
        case ShipCards():
            bundles.run(state, t, action, events)
        case Done():
            if kind == "ship":
                seaport.ship_done(state, t, events)
            else:
                seaport.display_done(state, t, events)
        case ForumTake(tile):
            board.forum_take(state, t, tile, events)
        case Recruit():
            board.recruit(state, t, events)
        case MoveLeader(province):
            board.move_leader(state, t, province, events)
        case Deploy():
            board.deploy(state, t, events)
        case AdvanceSenate():
            board.advance_senate(state, t, events)
        case TakeTrajan(stack):
            board.take_trajan(state, t, stack, events)
        case Build(site):
            board.build(state, t, site, events)
        case UseExtra(tile):
            flow.use_extra(state, t, tile, events)
        case PayDemand(_, wild):
            quarter.pay_demand(state, t, wild, events)
        case ChooseBonus(tile):
            quarter.choose_bonus(state, t, tile, events)
        case _:
            assert_never(action)
