"""A hand-built Troyes scene at the largest counts, for checking layout before the engine."""

from render.base.header import HeaderInfo
from render.troyes.areas import Outer, Wall
from render.troyes.board import NEUTRAL, Activity, Building, Event, TroyesPlayer
from render.troyes.scene import TroyesScene

CARDS = (
    ("red", "Archer"),
    ("red", "Mercenary"),
    ("red", "Knight Commander of the Order"),
    ("white", "Monk"),
    ("white", "Confession"),
    ("white", "Hermit"),
    ("yellow", "Farmer"),
    ("yellow", "Master Tradesman"),
    ("yellow", "Agriculture"),
)


def scene(seats: int = 4, ladies: bool = True, shift: int = 0) -> TroyesScene:
    everyone = tuple(range(seats))
    players = tuple(
        TroyesPlayer(s, 23 + shift, 18, 3, 4, s == 1, 3, None, start=s == 1) for s in everyone
    )
    buildings = tuple(
        Building(name, colour, salary, (*everyone, NEUTRAL, NEUTRAL)[:6], everyone)
        for name, colour, salary in (
            ("Palace", "red", 2),
            ("Bishopric", "white", 1),
            ("City Hall", "yellow", 0),
        )
    )
    dice = (
        ("red", 6),
        ("red", 5),
        ("white", 4),
        ("white", 3),
        ("yellow", 2),
        ("yellow", 1),
        ("red", 3),
        ("white", 6),
        ("yellow", 5),
        ("red", 1),
        ("white", 2),
        ("purple", 4),
    )
    square = (*((s, dice) for s in everyone), (NEUTRAL, dice[:6]))
    activities = tuple(
        Activity(
            name,
            colour,
            1 + i % 3,
            i % 3 != 2,
            (0, 1 % seats, None, seats - 1),
            (2, 1, 0, 0),
            tuple((s, 9) for s in everyone),
            "hire 4 · 1 cube per 3 pips",
        )
        for i, (colour, name) in enumerate(CARDS)
    )
    events = tuple(
        Event(name, colour, dice_n, tuple((s, 2) for s in everyone))
        for name, colour, dice_n in (
            ("Marauding", "red", 1),
            ("War", "red", 2),
            ("Heresy", "white", 0),
            ("Drought", "yellow", 0),
            ("Succession Conflict", "yellow", 0),
            ("War", "red", 3),
            ("Excommunication", "white", 0),
            ("Unknown military event A", "red", 2),
        )
    )
    wall = (
        Wall(tuple((s, 5 * s + 3) for s in everyone), 20, (5, 10, 15, 20)),
        tuple(
            Outer(level, name, tuple((s, 4) for s in everyone), text)
            for level, name, text in (
                (
                    1,
                    "Watchtower",
                    "Discard 1 cube: reroll 1 of your white dice (also during Phase 3). "
                    "Cubes cannot be placed here with a white die.",
                ),
                (2, "Farmers' Market", "Discard 1 cube: +5 deniers when you use Agriculture."),
                (
                    3,
                    "Tournament Field",
                    "Everyone reaching this gate gains 3 VP. End of game: 1 VP per cube here; "
                    "most cubes 8 VP, second 4, third 2 (ties split, rounded down).",
                ),
                (
                    4,
                    "Exchange",
                    "Discard 1 cube: swap 1 die with each opponent, neutral included (up to 3 "
                    "swaps); never the purple die.",
                ),
            )
        ),
    )
    return TroyesScene(
        header=HeaderInfo(
            "Troyes",
            2,
            "Choose an action: take dice, activate a card, or pass.",
            "Round 4 of 6 · actions",
            0.6,
            "2 more rounds after this one",
        ),
        players=players,
        influence=tuple((s, 20 - 3 * s + shift) for s in everyone),
        buildings=buildings,
        square=square,
        activities=activities,
        cathedral=((0, 1, 2, 3, None), (3, 2, 1, None, None), (0, None, None, None)),
        events=(events, (6, 5, 5, 4, 3, 2, 1), "decks: 3 red · 6 white · 6 yellow", "none left"),
        wall=wall if ladies else None,
    )
