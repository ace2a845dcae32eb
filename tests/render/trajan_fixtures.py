"""A hand-built Trajan scene at the largest counts, for checking layout before the engine."""
# ruff: noqa: RUF001 - the multiplication sign is the label the board shows

from render.base.header import HeaderInfo
from render.trajan.board import Province, Senate, SenateLane, Ship, Site, TrajanTop
from render.trajan.mat import PlayerPanel, Slot
from render.trajan.scene import TrajanScene

EDGES = (
    ("camp", "alpes"),
    ("camp", "raetia"),
    ("camp", "noricum"),
    ("alpes", "narbonensis"),
    ("alpes", "lugudunensis"),
    ("alpes", "belgica"),
    ("alpes", "raetia"),
    ("raetia", "belgica"),
    ("raetia", "germania_superior"),
    ("raetia", "noricum"),
    ("narbonensis", "aquitania"),
    ("narbonensis", "lugudunensis"),
    ("lugudunensis", "britannia"),
    ("lugudunensis", "aquitania"),
    ("lugudunensis", "belgica"),
    ("belgica", "britannia"),
    ("belgica", "germania_inferior"),
    ("belgica", "germania_superior"),
    ("germania_superior", "germania_inferior"),
    ("britannia", "germania_inferior"),
)
NAMES = {
    "camp": ("Military camp", 0),
    "alpes": ("Alpes", 3),
    "raetia": ("Raetia", 3),
    "noricum": ("Noricum", 5),
    "narbonensis": ("Narbonensis", 6),
    "lugudunensis": ("Lugudunensis", 6),
    "belgica": ("Belgica", 6),
    "germania_superior": ("Germania Superior", 6),
    "aquitania": ("Aquitania", 10),
    "britannia": ("Britannia", 10),
    "germania_inferior": ("Germania Inferior", 10),
}
SPACE_VOTES = (0, 2, 3, 4, 5, 6, 7, 8)
ACTIONS = ("Seaport", "Forum", "Military", "Senate", "Trajan", "Construction")


def scene(seats: int = 4, vp_shift: int = 0) -> TrajanScene:
    provinces = tuple(
        Province(
            pid,
            name,
            vp,
            None if pid in {"camp", "belgica"} else "Extra: Construction",
            tuple(range(seats)) if pid in {"camp", "belgica"} else (),
            tuple((s, 9 if pid == "camp" else 1) for s in range(seats)) if pid != "noricum" else (),
        )
        for pid, (name, vp) in NAMES.items()
    )
    players = tuple(
        PlayerPanel(
            seat=s,
            vp=88 + s + vp_shift,
            hand=11,
            actions=ACTIONS,
            bowls=(("B", "Y"), ("G", "O", "P", "W", "B"), (), ("W",), ("P", "P"), ("O", "Y", "G")),
            slots=(
                Slot(("O", "Y"), 9),
                None,
                Slot(("W", "W"), 4),
                None,
                Slot(("B", "G"), 5),
                Slot(("P", "G"), 1),
            ),
            arch=1 if s % 2 else None,
            facts=(
                "Supply: 13 tokens",
                "Workers' camp: 9",
                "Military camp: 9",
                "Senate: space 8",
                "+2: Seaport, Forum, Military",
                "Display: 12 cards",
            ),
            owned=(
                "Bread ×2",
                "Games ×2",
                "Religion ×2",
                "Trajan bread",
                "Trajan games",
                "Extra: Construction ×2",
                "Wild: action",
                "Wild: card",
                "Senate 5",
                "Stairs 5",
                "Door 4",
                "Fountain 3",
                "Roof 2",
                "Window 5",
                "Bonus: Columns/Furs (yellow)",
                "Bonus: Legionnaires (grey)",
            ),
            hand_cards=("Columns", "Furs", "Scrolls", "Oil", "Fruit", "Ceramics", "Wine"),
        )
        for s in range(seats)
    )
    return TrajanScene(
        header=HeaderInfo(
            "Trajan",
            1,
            "Choose a bowl to sow its markers (target: Military).",
            "Quarter 3 of 4 · round 2",
            0.55,
            "about 7 rounds left",
        ),
        time=(7, 21, "quarter 3 · round 2 of 4"),
        vp=tuple((s, 88 + s + vp_shift) for s in range(seats)),
        military=(provinces, EDGES),
        seaport=(
            (
                Ship("Same goods", True, (2, 6, 12, 20)),
                Ship("Different goods", False, (0, 1, 3, 5)),
                Ship("Pairs", True, (5, 10, 15)),
            ),
            ("Ceramics", "Jewelry"),
            37,
        ),
        forum=(
            ("Extra: Seaport", "Extra: Senate", "Extra: Construction"),
            (
                "Bread",
                "Games",
                "Religion",
                "Senate 5",
                "Wild: demand",
                "Wild: card",
                "Wild: build",
                "Wild: action",
                "Extra: Trajan",
                "Senate 2",
                "Bread",
                "Games",
            ),
        ),
        trajan=(
            TrajanTop("Two cards", 3, ("O", "O"), 9),
            TrajanTop("+2 marker", 4, ("P", "W"), 8),
            TrajanTop("Victory", 9, ("B", "W"), 1),
            TrajanTop("Workers", 5, ("Y", "O"), 5),
            "empty",
            TrajanTop("Demand: bread", 1, ("G", "G"), 2),
        ),
        senate=Senate(
            tuple(
                SenateLane(
                    s, 7 - s, (5, 4, 3)[: s % 3], SPACE_VOTES[7 - s] + sum((5, 4, 3)[: s % 3])
                )
                for s in range(seats)
            ),
            SPACE_VOTES,
            ("Wine/Fish (yellow)", "Bonus tiles (yellow)"),
            ("Bread", "Games", "Religion"),
        ),
        construction=(
            tuple(
                tuple(
                    Site(
                        f"{r * 5 + c + 1}: Fountain (5 VP)" if (r + c) % 3 else None,
                        tuple(range(seats)) if c == 2 else (),
                        r * 5 + c + 1,
                    )
                    for c in range(5)
                )
                for r in range(4)
            ),
            tuple((s, 9) for s in range(seats)),
        ),
        players=players,
    )
