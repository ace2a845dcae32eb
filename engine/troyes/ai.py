"""What the Troyes AI players know about the game: a position value from one seat's knowledge.

`value(s, cat, seat)` estimates the seat's final score in VP: what it holds now as if the game
ended (VP earned, craftsman spaces, the Cathedral penalty, its own and the revealed character
cards, end-of-game cards, the walls), plus what its resources promise in the rounds still to
play (deniers, influence, citizens, craftsmen, cubes on cards, dice not yet used). It reads
only what the seat may see: its own VP and characters, never a rival's (troyes.md §3.2 step 9).
The weights are estimates tuned by self-play, not rule figures.
"""

from engine.troyes import effects
from engine.troyes.catalog import Catalog
from engine.troyes.rules.common import cathedral_cubes, in_buildings
from engine.troyes.scoring import walls_scores
from engine.troyes.state import TroyesState

# A denier and an influence point are worth this many VP while rounds remain (troyes.md §5).
DENIER_VP = 0.22
INFLUENCE_VP = 0.25
# A citizen in a building rolls one die each round still to come; one in the supply can be
# placed or hired out as a craftsman. A craftsman lets its owner activate the card cheaply.
CITIZEN_ROUND_VP = 0.9
SUPPLY_CITIZEN_VP = 0.6
CRAFTSMAN_ROUND_VP = 0.8
CUBE_ON_CARD_VP = 0.7
UNUSED_PIP_VP = 0.05


def final_part(s: TroyesState, cat: Catalog, seat: int, characters: list[str]) -> float:
    """Return the seat's score if the game ended now, counting only `characters` it knows."""
    present = sum(1 for e in s.queue if s.event_cubes[e][seat] > 0)
    crafts = 0
    for card, spaces in s.craftsmen.items():
        if seat in spaces:
            crafts += cat.cards[card].spaces_vp[spaces.index(seat)]
    chars = 0
    for cid in characters:
        ref = cat.characters[cid].score
        chars += effects.score_character(s, seat, ref.name, ref.params, cat.cards)
    endgame = 0
    for card in s.activity:
        end = cat.cards[card].endgame
        if end is not None:
            endgame += effects.score_endgame(s, card, seat, end.name, end.params)
    walls = walls_scores(s, cat)[seat] if s.outer else 0
    return s.vp[seat] + present * cat.rules.uncountered_vp + crafts + chars + endgame + walls


def known_characters(s: TroyesState, seat: int) -> list[str]:
    """Return the character cards `seat` knows will be scored: its own and the revealed."""
    return [*s.characters[seat], *s.revealed]


def value(s: TroyesState, cat: Catalog, seat: int) -> float:
    """Estimate the seat's final VP from what it may see."""
    known = known_characters(s, seat)
    now = final_part(s, cat, seat, known)
    if s.phase == "over":
        return float(now)
    # Rounds still to play after this one, and how much of this round is left.
    later = max(0, s.rounds - max(s.round, 1))
    acting = s.phase in ("setup", "income", "events", "actions") or s.round == 0
    left = later + (0.5 if acting else 0.0)
    missing = sum(1 for level in s.cathedral if seat not in level)
    # The penalty is final only at the end: while rounds remain it can still be avoided.
    cathedral = -missing * cat.cathedral.missing_level_vp * (1.0 if later == 0 else 0.6)
    crafts = sum(1 for spaces in s.craftsmen.values() if seat in spaces)
    cubes = sum(c[seat] for c in s.card_cubes.values())
    money = (s.deniers[seat] + s.pot[seat]) * DENIER_VP * min(1.0, 0.3 + left / 2)
    influence = s.influence[seat] * INFLUENCE_VP * min(1.0, 0.3 + left / 2)
    future = (
        in_buildings(s, seat) * CITIZEN_ROUND_VP * later
        + s.supply[seat] * SUPPLY_CITIZEN_VP * min(1.0, left)
        + crafts * CRAFTSMAN_ROUND_VP * left
        + cubes * CUBE_ON_CARD_VP
        + 0.1 * cathedral_cubes(s, seat)
    )
    dice = 0.0
    if s.phase == "actions" and not s.passed[seat]:
        dice = UNUSED_PIP_VP * sum(v for _, v in s.districts[seat])
    guards = 0.15 * s.guards[seat] * min(1.0, left) if s.guards else 0.0
    return now + cathedral + money + influence + future + dice + guards
