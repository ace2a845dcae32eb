"""Read Troyes's engine view (engine/troyes/view.py) into the records the board draws.

Only what the view carries is drawn; names and figures come from the engine's catalog. The
Ladies of Troyes parts are read when the view has them: a purple die is just a die of colour
"purple" in a district; the wall needs `guards` (space per seat) and `outer` (tile id and
cubes per seat) on the view; outer faces are named from the catalog.
"""

from typing import Any

from engine.troyes.catalog import Catalog
from engine.troyes.view import TroyesView
from render.base.header import HeaderInfo
from render.i18n import current, tr
from render.troyes.areas import Outer, Wall
from render.troyes.board import NEUTRAL, Activity, Building, Event, TroyesPlayer

COLOURS = ("red", "white", "yellow")
BUILDINGS = (
    ("palace", "troyes.palace", "red"),
    ("bishopric", "troyes.bishopric", "white"),
    ("city_hall", "troyes.city_hall", "yellow"),
)
_PHASES = ("setup", "events", "actions")
# Round phases 0-5 (troyes.md §4): how far into a round each engine phase is.
_PHASE_SHARE = {"setup": 0.0, "events": 0.5, "actions": 0.7}
# What a group of dice is chosen for when it has no card, event or building to name.
PURPOSES = {
    "cathedral": "troyes.purpose_cathedral",
    "agriculture": "troyes.purpose_agriculture",
    "walls": "troyes.purpose_walls",
}
WALL_LENGTH = 20
WALL_GATES = (5, 10, 15, 20)


HEADER_ROOM = 90  # characters of a prompt the board's two-line header shows whole


def header_of(view: TroyesView, prompt: str | None, names: tuple[str, ...] | None) -> HeaderInfo:
    """Return the header: who decides what, the round, and how many rounds are left."""
    if view.phase == "over":
        return HeaderInfo(
            "Troyes",
            None,
            tr("common.game_over_line"),
            tr("common.game_over"),
            1.0,
            tr("troyes.all_played", n=view.rounds),
            names,
        )
    current = max(1, view.round)
    share = _PHASE_SHARE.get(view.phase, 0.5)
    done = (current - 1 + share) / max(1, view.rounds)
    left = view.rounds - current
    remaining = tr("common.rounds_left", count=left) if left else tr("common.last_round")
    phase = tr(f"troyes.phase_{view.phase}") if view.phase in _PHASES else view.phase
    stage = tr("troyes.stage", round=current, rounds=view.rounds, phase=phase)
    decision = _question(prompt) or ""  # never the raw kind, English (playtest 7 item 1)
    return HeaderInfo("Troyes", view.turn, decision, stage, done, remaining, names)


def _question(prompt: str | None) -> str | None:
    """Return a long prompt's first sentence: the header has two lines, the message the rest.

    A counter's prompt goes on to say which events the black dice came from (playtest 59);
    the board's header keeps the question, the thread's message says it all.
    """
    if not prompt or len(prompt) <= HEADER_ROOM:
        return prompt
    for end in ("? ", ". "):
        cut = prompt.find(end)
        if 0 < cut < HEADER_ROOM:
            return prompt[: cut + 1]
    return prompt


def players_of(view: TroyesView) -> tuple[TroyesPlayer, ...]:
    """Return each player's public figures (VP only where the view shows them)."""
    return tuple(
        TroyesPlayer(
            p.seat,
            p.deniers,
            p.influence,
            p.supply,
            p.pot,
            p.passed,
            len(p.events_won),
            p.vp,
            start=p.seat == view.start,
        )
        for p in view.players
    )


def buildings_of(view: TroyesView, cat: Catalog) -> tuple[Building, ...]:
    """Return the three buildings with their citizens and the expelled ones."""
    return tuple(
        Building(tr(name), colour, cat.rules.salary.get(key, 0), spaces, lying)
        for (key, name, colour), spaces, lying in zip(
            BUILDINGS, view.buildings, view.lying, strict=True
        )
    )


def square_of(view: TroyesView) -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...]:
    """Return the districts: one per seat, then the neutral one."""
    seats = len(view.players)
    return tuple(
        (index if index < seats else NEUTRAL, tuple(dice))
        for index, dice in enumerate(view.districts)
    )


def activities_of(view: TroyesView, cat: Catalog) -> tuple[Activity, ...]:
    """Return the nine activity cards; face-down ones show only their colour and level."""
    craftsmen = dict(view.craftsmen)
    cubes = dict(view.card_cubes)
    out = []
    for index, card_id in enumerate(view.activity):
        colour, level = COLOURS[index // 3], index % 3 + 1
        if card_id is None:
            out.append(Activity("", colour, level, False, (), (), ()))
            continue
        card = cat.cards[card_id]
        counts = tuple((seat, n) for seat, n in enumerate(cubes.get(card_id, ())) if n)
        detail = tr(
            "troyes.card_detail",
            colour=tr(f"colour.{card.colour}"),
            hire=card.hire,
            divisor=card.divisor,
            kind=tr(f"troyes.kind_{card.kind}"),
        )
        out.append(
            Activity(
                card.name,
                card.colour,
                card.level,
                True,
                craftsmen.get(card_id, ()),
                card.spaces_vp,
                counts,
                detail,
            )
        )
    return tuple(out)


def cathedral_of(view: TroyesView, cat: Catalog) -> tuple[tuple[int | None, ...], ...]:
    """Return each cathedral level's spaces: the seat whose cube fills it, or None."""
    return tuple(
        tuple(filled[k] if k < len(filled) else None for k in range(len(spaces)))
        for filled, spaces in zip(view.cathedral, cat.cathedral.levels, strict=True)
    )


def events_of(
    view: TroyesView, cat: Catalog
) -> tuple[tuple[Event, ...], tuple[int, ...], str, str]:
    """Return the event queue (with cubes), the black dice, the deck sizes, and an idle line.

    The idle line says why no black die is on the table: "por tirar" before this round's
    roll, "ninguno por contrarrestar" after it (each die rolled is countered or conceded
    and leaves the table, so none left also means none rolled; playtest item 46).
    """
    cubes = dict(view.event_cubes)
    events = tuple(
        Event(
            cat.events[e].name,
            cat.events[e].colour,
            cat.events[e].black_dice,
            tuple((seat, n) for seat, n in enumerate(cubes.get(e, ())) if n),
        )
        for e in view.queue
    )
    decks = tr(
        "troyes.decks",
        decks=" · ".join(f"{n} {tr(f'colour.{colour}')}" for colour, n in view.deck_sizes),
    )
    rolling = view.phase == "setup" or (view.phase == "events" and view.kind == "shield")
    idle = tr("troyes.black_to_roll") if rolling else tr("troyes.black_none_left")
    return events, view.black, decks, idle


def wall_of(view: Any, cat: Catalog) -> tuple[Wall, tuple[Outer, ...]] | None:
    """Return the Ladies' wall and outer activities (names from the catalog) when on."""
    guards = getattr(view, "guards", None)
    outer = getattr(view, "outer", None)
    if guards is None or outer is None:
        return None
    tiles = tuple(
        Outer(
            level,
            outer_name(cat, str(tile_id)),
            tuple((seat, n) for seat, n in enumerate(cubes) if n),
            outer_text(cat, str(tile_id)),
        )
        for level, (tile_id, cubes) in enumerate(outer, start=1)
    )
    return Wall(tuple(enumerate(guards)), WALL_LENGTH, WALL_GATES), tiles


def outer_name(cat: Catalog, tile_id: str) -> str:
    """Return an outer activity face's name from the catalog (its id, spaced, if unknown)."""
    face = cat.outer.get(tile_id)
    return face.name if face is not None else tile_id.replace("_", " ").capitalize()


def outer_text(cat: Catalog, tile_id: str) -> str:
    """Return what an outer activity face does, in the image's language ("" if unknown).

    The tile named its activity only (playtest item 95); the text is the data's own.
    """
    face = cat.outer.get(tile_id)
    if face is None:
        return ""
    return face.text_es if current() == "es" else face.text


def plan_of(view: TroyesView, cat: Catalog) -> tuple[str, tuple[tuple[int, str, int], ...]]:
    """Return what the deciding seat's half-built action is for, and the dice chosen so far."""
    action, target, dice = view.plan
    names = {key: tr(name) for key, name, _ in BUILDINGS}
    if action == "card" and target in cat.cards:
        purpose = cat.cards[target].name
    elif action == "event" and target in cat.events:
        purpose = tr("troyes.fighting", event=cat.events[target].name)
    elif action == "citizen":
        purpose = tr("troyes.citizen_in", building=names.get(target, target))
    elif action in PURPOSES:  # named in the image's language, not the engine's word (playtest)
        purpose = tr(PURPOSES[action])
    elif action:
        purpose = action.replace("_", " ")
    elif target.isdigit():
        purpose = tr("troyes.countering", n=target)
    else:
        purpose = ""
    return purpose, tuple(dice)
