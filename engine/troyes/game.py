"""The public entry of the Troyes engine: TroyesEngine, on the core GameEngine contract.

Rules live in rules/<phase>.py (rules/flow.py decides what comes next), card figures in
data/troyes/*.toml through catalog.py, effect behaviour in effects.py. `apply` validates,
clones, dispatches with `match` to the decision's handler (assert_never keeps the action list
complete), bumps the version and reports whether dice were rolled or hidden cards revealed
(Step.irreversible). The engine holds only its catalog: one engine serves every game.
"""

import functools
from collections.abc import Mapping, Sequence
from operator import attrgetter
from pathlib import Path
from typing import Any, ClassVar, assert_never

from engine.core import i18n
from engine.core.errors import GameError, IllegalMoveError
from engine.core.protocol import Layout, OptionSpec, Result, Step
from engine.core.rng import Rng
from engine.core.serial import from_jsonable, record_types
from engine.core.validation import InvalidStateError
from engine.troyes import actions as a
from engine.troyes import events as ev
from engine.troyes import (
    explain,
    explain_costs,
    layout,
    log_together,
    scoring,
    state,
    text,
    validate,
    view,
)
from engine.troyes.catalog import DATA_DIR, DATA_FILES, Catalog, default_catalog, load_catalog
from engine.troyes.context import Ctx, cathedral_cubes, in_buildings
from engine.troyes.log_words import naming
from engine.troyes.rules import (
    actions_phase,
    commit,
    counter,
    flow,
    group,
    influence,
    ladies_setup,
    outer,
    outer_cubes,
    outer_dice,
    reactions,
    walls,
)
from engine.troyes.rules import round as round_rules
from engine.troyes.rules.buildings import empty_spaces
from engine.troyes.state import GAME, TroyesState

# Everything in a state but its version, declined entries and memos: two states equal under
# this have the same doable turn-menu targets (actions_phase.targets reads nothing else).
_NOT_CONTENT = ("version", "declined", "legal_memo", "targets_memo")
_CONTENT = attrgetter(*(f for f in TroyesState.__slots__ if f not in _NOT_CONTENT))

# The Ladies of Troyes modules (issue 3). A module is offered in `options()` only once it works.
ON_OFF = ("off", "on")
# The plans whose cube and dice steps say what the target takes and gives (target_line).
TARGETS = ("event", "citizen", "cathedral", "card", "agriculture")
POOL = ("off", "ladies", "mixed")  # base only, the Ladies cards only, or both shuffled
MODULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "tournament": ("Tournament order: 3-4 players, last round counter-clockwise", ON_OFF),
    "new_characters": ("Ladies: the 9 characters replace the 6", ON_OFF),
    "reveal_character": ("Ladies: one character revealed to all at the start", ON_OFF),
    "new_activities": ("Ladies: activity cards, Ladies only or mixed with the base", POOL),
    "new_events": ("Ladies: events, Ladies only or mixed with the base", POOL),
    "purple_die": ("Ladies: the family leader's purple die", ON_OFF),
    "walls": ("Ladies: wall guards and outer activities", ON_OFF),
    "extra_components": ("Ladies: 2 more black dice and 2 more neutral citizens", ON_OFF),
}
# Every option at its fullest: each Ladies module on, its cards and events mixed with the
# base ones, and the tournament order (the all-modules game of the tests and benchmarks).
EVERY_MODULE: dict[str, str] = {key: choices[-1] for key, (_, choices) in MODULES.items()}
EVENT_TYPES = record_types(ev)  # the recorded events by class name, to rebuild stored ones


def _also(prompt: str, more: str) -> str:
    """Return the prompt with a further sentence, if there is one."""
    return f"{prompt} {more}" if more else prompt


class TroyesEngine:
    """Troyes (Pearl Games 2010) for 2-4 players."""

    name: ClassVar[str] = "troyes"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4

    # Rules editions (engine/core/editions.py): raise `rules_version` when a rule's code
    # changes; the data files are those catalog.py reads.
    rules_version: ClassVar[int] = 1
    data_files: ClassVar[tuple[str, ...]] = DATA_FILES

    def __init__(self, catalog: Catalog | None = None, data_dir: Path | None = None) -> None:
        """Use the shipped data unless a catalog is given (tests build small ones)."""
        # The engine holds nothing but the catalog: one engine serves every game, from several
        # threads at once, so what is worked out about a game is memoised on its state.
        if catalog is None and data_dir is not None:
            catalog = load_catalog(data_dir)
        self.catalog = catalog or default_catalog()
        self.data_dir = data_dir if data_dir is not None else (None if catalog else DATA_DIR)

    def with_data(self, directory: Path) -> "TroyesEngine":
        """Return a Troyes engine reading its data from `directory` (another edition)."""
        return TroyesEngine(data_dir=directory)

    def options(self) -> Sequence[OptionSpec]:
        """Return the options a game may be created with (only modules that work)."""
        return tuple(
            OptionSpec(key, desc, choices, "off") for key, (desc, choices) in MODULES.items()
        )

    def new_state(self, options: Mapping[str, str], seats: int, seed: int) -> TroyesState:
        """Set up a game: board, cards, events, characters; first decision is placement."""
        if not self.min_seats <= seats <= self.max_seats:
            raise GameError("troyes.error.seats")
        chosen = dict.fromkeys(MODULES, "off")
        for key, value in options.items():
            if key not in MODULES or value not in MODULES[key][1]:
                raise GameError("troyes.error.option", name=key, value=value)
            chosen[key] = value
        s = round_rules.new_board(seats, self.catalog, seed, chosen)
        ctx = Ctx(s, self.catalog, rng=Rng(seed, 0, "setup"))
        round_rules.deal(ctx)
        return s

    def legal_actions(self, state: TroyesState) -> list[a.Action]:
        """Return every legal action of the pending decision, in a stable order."""
        return list(self._legal_cached(state))

    def _legal_cached(self, state: TroyesState) -> list[a.Action]:
        """Return the legal actions, shared with the state's memo: never change the list.

        States are never changed outside `apply` (which clones), so the answer is kept on
        the state object for its version (the AI asks, then applies). The memo is read once
        and replaced whole, so a state shared between threads at worst works it out twice.
        """
        memo = state.legal_memo
        if memo is not None and memo[0] == state.version:
            return memo[1]
        acts = self._legal(state)
        state.legal_memo = (state.version, acts)
        return acts

    def _legal(self, s: TroyesState) -> list[a.Action]:  # noqa: PLR0911, PLR0912 - one per kind
        if s.phase == "over":
            return []
        ctx = Ctx(s, self.catalog)
        if s.reactions:
            return reactions.answers(ctx)
        match s.kind:
            case "dice":  # the commonest after "turn" (also reached by `case _` below)
                return group.step_actions(ctx)
            case "start":
                return [a.PlaceStart(b, n) for b, n in empty_spaces(s)]
            case "turn":
                return actions_phase.turn_actions(ctx, self._turn_targets(ctx))
            case "events":
                return [*actions_phase.fightable(ctx), a.Back()]
            case "influence":
                return influence.influence_actions(ctx)
            case "flip":
                return influence.flip_actions(ctx)
            case "counter":
                return counter.counter_actions(ctx)
            case "counter_more":
                return counter.more_actions(ctx)
            case "wall_from" | "wall_die" | "boost" | "wall":
                return walls.step_actions(ctx)
            case "outer":
                return outer.menu_actions(ctx)
            case "swap" | "swap_take" | "swap_give":
                return outer_dice.swap_actions(ctx)
            case "flip_bought":
                return [*outer_dice.flip_options(ctx), a.Back()]
            case "bonus":
                return outer.bonus_actions(ctx)
            case _:
                return group.step_actions(ctx)

    def _turn_targets(self, ctx: Ctx) -> actions_phase.Targets:
        """Return the turn menu's targets, reused while the game's content stays the same.

        The memo travels with the state's clones (`TroyesState.clone`): a seat that backs out
        of a sub-menu gets the same targets (declined entries are filtered later).
        """
        s = ctx.s
        memo = s.targets_memo
        if memo is not None and memo[0] == _CONTENT(s):
            found: actions_phase.Targets = memo[1]
            return found
        found = actions_phase.targets(ctx)
        # The key is taken from a clone: a caller changing `ctx.s` in place later (tests
        # setting up a scenario) cannot make it match content it was not computed from.
        s.targets_memo = (_CONTENT(s.clone()), found)
        return found

    def apply(self, state: TroyesState, action: a.Action) -> Step[TroyesState]:
        """Apply a legal action to a clone of `state`; raise IllegalMoveError otherwise."""
        legal = self._legal_cached(state)
        if action not in legal and not walls.named_colour(state, action, legal):
            raise IllegalMoveError("error.not_legal_pick")
        ask = explain.pass_question(state, legal) if isinstance(action, a.Pass) else None
        ctx = Ctx(state.clone(), self.catalog)
        if state.version == 0:  # new_state returns no events: the first move opens the log
            ctx.log.extend(self.setup_events(state))
        self._dispatch(ctx, action)
        ctx.s.version += 1
        meta: dict[str, Any] = {}
        if ctx.reveals:
            meta["reveals"] = tuple(f"troyes.reveals.{k}" for k in ctx.reveals)
        if ask is not None:  # asked before an unconfirmed pass is played (sessions: `ask`)
            meta["ask"] = ask
        return Step(ctx.s, tuple(ctx.log), irreversible=ctx.irreversible, meta=meta)

    def setup_events(self, state: TroyesState) -> tuple[Any, ...]:
        """Return the public facts of the set-up (the Ladies' revealed character, outer faces).

        `new_state` returns a state only, so `apply` puts these at the head of the first
        move's events: they become the first lines of the game's log.
        """
        return ladies_setup.public_facts(state)

    def _dispatch(self, ctx: Ctx, action: a.Action) -> None:  # noqa: PLR0912, PLR0915 - flat match
        match action:
            # Most frequent first (random play): the classes are disjoint, so order is speed only.
            case a.TakeDie() if ctx.s.kind == "wall_die":
                walls.take_die(ctx, action)
            case a.TakeDie():
                group.take_die(ctx, action)
            case a.Back():
                actions_phase.back(ctx)
            case a.Pass():
                actions_phase.pass_turn(ctx)
            case a.CounterWith(c, v):
                counter.counter_with(ctx, c, v)
            case a.ChooseCard(card):
                actions_phase.choose(ctx, "card", card)
            case a.ChooseEvent(e):
                actions_phase.choose(ctx, "event", e)
            case a.Craftsman(source):
                group.choose_source(ctx, source)
            case a.DiceDone():
                group.dice_done(ctx)
            case a.Times(n):
                commit.commit(ctx, n)
            case a.Reroll(c, v):
                influence.reroll(ctx, c, v)
            case a.OpenInfluence():
                influence.open_menu(ctx)
            case a.CounterNext(v):
                counter.counter_next(ctx, v)
            case a.PlaceStart(b, n):
                flow.place_start(ctx, b, n)
            case a.ChooseBuilding(b):
                actions_phase.choose(ctx, "citizen", b)
            case a.ChooseCathedral():
                actions_phase.choose(ctx, "cathedral", "")
            case a.ChooseAgriculture():
                actions_phase.choose(ctx, "agriculture", "")
            case a.HireCitizen():
                influence.hire(ctx)
            case a.UseCube(card):
                group.choose_cube(ctx, card)
            case a.NoCube():
                group.choose_cube(ctx, "")
            case a.StartFlip():
                influence.start_flip(ctx)
            case a.FlipDie(c, v):
                influence.flip_die(ctx, c, v)
            case a.FlipDone():
                influence.flip_done(ctx)
            case a.OpenEvents():
                actions_phase.open_events(ctx)
            case a.Mode(m):
                group.choose_mode(ctx, m)
            case a.CubeOnEvent(e):
                commit.cube_on_event(ctx, e)
            case a.Concede():
                counter.concede(ctx)
            case a.StopCounter():
                counter.stop(ctx)
            case a.Answer(choice):
                reactions.answer(ctx, choice)
            case _:
                self._dispatch_ladies(ctx, action)

    def _dispatch_ladies(self, ctx: Ctx, action: a.LadiesAction) -> None:  # noqa: PLR0912
        match action:
            case a.Walls():
                walls.start(ctx)
            case a.WallFrom(d):
                walls.choose_district(ctx, d)
            case a.Boost(n):
                walls.boost(ctx, n)
            case a.Walk(n):
                walls.walk(ctx, n)
            case a.PlaceOuter(level):
                walls.place(ctx, level)
            case a.WallDone():
                walls.finish(ctx)
            case a.OpenOuter() if ctx.s.kind == "dice":
                ctx.s.kind = "flip_bought"
            case a.OpenOuter():
                outer_cubes.open_menu(ctx)
            case a.SwapWith(d):
                outer_dice.swap_with(ctx, d)
            case a.SwapTake(c, v):
                outer_dice.swap_take(ctx, c, v)
            case a.SwapGive(c, v):
                outer_dice.swap_give(ctx, c, v)
            case a.SwapDone():
                outer_dice.swap_done(ctx)
            case a.FlipBought(d, c, v):
                group.take_flipped(ctx, d, c, v)
            case a.OuterReroll(c, v):
                outer.reroll(ctx, c, v)
            case a.Bonus(face, card):
                commit.choose_bonus(ctx, face, card)
            case a.NoBonus():
                commit.choose_bonus(ctx, "", "")
            case a.OuterCounter():
                counter.outer_counter(ctx)
            case _:
                assert_never(action)

    def default_action(self, state: TroyesState) -> a.Action | None:
        """Return the answer applied when an out-of-turn question times out, if one is open."""
        return a.Answer(state.reactions[0].default) if state.reactions else None

    def view(self, state: TroyesState, seat: int | None) -> view.TroyesView:
        """Return what `seat` may see (None: the public view)."""
        return view.view(state, self.catalog, seat)

    def result(self, state: TroyesState) -> Result | None:
        """Return the final result once the game is over, else None."""
        return scoring.result(state, self.catalog) if state.phase == "over" else None

    def to_json(self, state: TroyesState) -> dict[str, Any]:
        """Serialise a state, with its schema version."""
        return state_module_to_json(state)

    def from_json(self, data: Mapping[str, Any]) -> TroyesState:
        """Rebuild and validate a state; raise ValueError on bad data."""
        s = state.from_json(dict(data))
        cat = self.catalog
        events = [*s.queue, *(e for deck in s.decks.values() for e in deck), *s.event_cubes]
        checks = (
            ("activity card", [*s.activity, *s.craftsmen, *s.card_cubes], cat.cards),
            ("event", [*events, *(e for won in s.won for e in won)], cat.events),
            ("character", [*(c for chars in s.characters for c in chars), *s.revealed],
             cat.characters),
            ("outer activity", [*s.outer, *s.outer_cubes], cat.outer),
        )  # fmt: skip
        for what, ids, known in checks:
            for ident in ids:
                if ident not in known:
                    raise ValueError(f"malformed troyes state: unknown {what} {ident!r}")
        validate.check(s, cat)
        self._check_decision(s)
        return s

    def _check_decision(self, s: TroyesState) -> None:
        """Refuse a state whose pending decision offers nothing (or cannot be worked out)."""
        if s.pending is None:
            return
        try:
            legal = self.legal_actions(s)
        except Exception as exc:  # a state the rules cannot read is corrupt, whatever broke
            raise InvalidStateError(
                GAME, "pending", f"{s.kind!r} cannot be offered: {exc!r}"
            ) from exc
        if not legal:
            raise InvalidStateError(GAME, "pending", f"{s.kind!r} offers no legal action")

    def action_text(self, action: a.Action) -> str:
        """Return the short, unique notation of an action."""
        return a.text(action)

    def describe(self, action: a.Action, lang: str = "en", names: Sequence[str] = ()) -> str:
        """Return the label a player reads for an action (at most 80 characters)."""
        with naming(names):
            return text.describe(self.catalog, action, lang)

    def describe_event(
        self,
        event: Any,
        lang: str = "en",
        names: Sequence[str] = (),
        viewer: int | None = None,
    ) -> str:
        """Return one log line for an event: public (no VP figure), or as `viewer` reads it."""
        with naming(names):
            return text.describe_event(self.catalog, event, lang, viewer)

    def describe_together(
        self, events: Sequence[Any], lang: str = "en", names: Sequence[str] = ()
    ) -> list[tuple[tuple[int, ...], str]]:
        """Return the public lines of a move's events that read better together, by places.

        A round's opening in fewer lines (engine/troyes/log_together.py, playtest item 69).
        """
        with naming(names):
            return log_together.together(self.catalog, events, lang)

    def event_from_json(self, data: Mapping[str, Any]) -> Any:
        """Rebuild a recorded event from its stored JSON (`to_jsonable`)."""
        return from_jsonable(data, EVENT_TYPES)

    def relabel(
        self, notation: str, seat: int, lang: str, names: Sequence[str], told: bool = False
    ) -> str | None:
        """Return a stored move's label with its seats named (None: its label names no seat).

        `told`: as the log tells it, "your" worded in the third person ("their").
        """
        with naming(names):
            return text.relabel(self.catalog, notation, seat, len(names), lang, told)

    def prompt(self, state: TroyesState, lang: str = "en") -> str:  # noqa: PLR0911 - one per kind
        """Return what the deciding seat must decide now."""
        prompts = text.PROMPTS.get(lang, text.PROMPTS["en"])
        if state.reactions:
            return prompts.get(state.reactions[0].kind, state.reactions[0].kind)
        kind = state.kind if state.phase != "over" else ""
        if kind == "counter" and state.black:  # name the black die being countered
            target = int(state.plan.target) if state.plan.target else state.black[0]
            return _also(prompts["counter"].format(n=target), self._black(state, lang))
        if kind == "counter_more":  # and where the black dice came from (playtest item 59)
            return _also(prompts["counter_more"], self._black(state, lang))
        if kind == "count" and explain.places_cubes(self.catalog, state):
            return prompts["count_cubes"]
        if kind in ("cube", "dice") and state.plan.action in TARGETS:
            # what the target takes and gives, before the dice (playtest items 70, 71, 108)
            return _also(prompts[kind], explain.target_line(self.catalog, state, lang))
        if kind == "start":  # how many are left to place, this one included (playtest 23)
            left = state.placing.count(state.turn)
            return i18n.text("es" if lang == "es" else "en", "choices.troyes.start", count=left)
        return prompts.get(kind, "")

    def _black(self, state: TroyesState, lang: str) -> str:
        return explain_costs.black_sources(self.catalog, state, "es" if lang == "es" else "en")

    def explain(self, state: TroyesState, action: a.Action, lang: str = "en") -> str:
        """Return what choosing `action` gets, in one short public line ("" if nothing)."""
        return explain.explain(self.catalog, state, action, lang)

    def bundle(self, state: TroyesState, lang: str = "en") -> None:
        """Return None: every Troyes decision is one step (none is answered in one go)."""
        return

    def layout(self, state: TroyesState, lang: str = "en") -> Layout | None:
        """Return where a compound decision's options stay: the group's dice, every space.

        A turn menu (or list of events) after a back keeps the entry backed out of in its
        place, disabled (playtest item 67); a turn menu shows the entries that come and go
        within a turn after the targets (item 82), and so does the counter step (item 112).
        """
        legal = self._legal_cached(state)
        if state.phase != "over" and not state.reactions and state.kind == "turn":
            ctx = Ctx(state, self.catalog)  # the menu below only reads the state
            menu = actions_phase.turn_menu(ctx, self._turn_targets(ctx))
            label = functools.partial(text.describe, self.catalog, lang=lang)
            return layout.turn(menu, legal, label, lang)
        if state.phase != "over" and not state.reactions and state.kind == "counter":
            return layout.counter(legal)  # the dice first, as the turn menu's targets (112)
        if state.declined and not state.reactions and state.kind == "events":
            ctx = Ctx(state, self.catalog)
            label = functools.partial(text.describe, self.catalog, lang=lang)
            return layout.declined(actions_phase.events_menu(ctx), legal, label, lang)
        return layout.layout(state, legal, lang)

    def bundle_action(self, state: TroyesState, values: Sequence[str]) -> a.Action:
        """Refuse: Troyes offers no decision answered in one go."""
        raise IllegalMoveError("error.session.not_on_offer")

    def compound(self, state: TroyesState, text: str) -> a.Action | None:
        """Return a purple die's walls pick with a colour that changes nothing, else None.

        Troyes has no compound actions; but games stored before playtest item 125 named the
        purple die's colour on the walls where it is now offered with none (`walls.named_colour`).
        """
        match text.split():
            case ["die", d, c, v, "as", colour] if d.isdigit() and v.isdigit():
                action = a.TakeDie(int(d), c, int(v), colour)
            case _:
                return None
        return action if walls.named_colour(state, action, self._legal_cached(state)) else None

    def heuristic(self, state: TroyesState, seat: int) -> float:
        """Estimate how well `seat` is doing, from what that seat may know."""
        if state.phase == "over":
            return float(scoring.result(state, self.catalog).scores[seat])
        s = state
        crafts = sum(1 for spaces in s.craftsmen.values() if seat in spaces)
        levels = sum(1 for lv in s.cathedral if seat in lv)
        cubes = sum(c[seat] for c in s.card_cubes.values())
        events = sum(c[seat] for c in s.event_cubes.values())
        # A one-ply player sees a compound action only through its first steps: a small bonus
        # for an action under way keeps it from dithering between menus or always passing.
        progress = 0.0
        if s.turn == seat and s.plan.action:
            progress = 1.0 + 0.1 * len(s.plan.dice)
        elif s.turn == seat and s.kind == "counter":
            progress = 0.1 * len(s.plan.dice)
        return (
            s.vp[seat]
            + (s.deniers[seat] + s.pot[seat]) / 4
            + s.influence[seat] / 3
            + 2.0 * levels
            + 1.5 * crafts
            + 0.8 * cubes
            + 0.5 * events
            + 0.3 * (in_buildings(s, seat) + s.supply[seat])
            + 0.2 * cathedral_cubes(s, seat)
            + progress
            + self._ladies_value(s, seat)
        )

    @staticmethod
    def _ladies_value(s: TroyesState, seat: int) -> float:
        """Value the walls: guard progress towards the gates, cubes on outer activities."""
        if not s.guards:
            return 0.0
        return 0.15 * s.guards[seat] + 0.6 * sum(c[seat] for c in s.outer_cubes.values())


state_module_to_json = state.to_json
