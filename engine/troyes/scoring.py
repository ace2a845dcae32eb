"""Final scoring (troyes.md §6), every category of every seat.

VP earned in play, +1 per uncountered event where present, craftsman-space VP, -2 per
Cathedral level without an own cube, every revealed character scored by every player,
and end-of-game cube cards (Ladies hook).

The tie-break is not in the sources: more deniers, then more influence, else a shared rank
(docs/rules-gaps.md).
"""

from engine.core.protocol import Result
from engine.troyes import effects
from engine.troyes.catalog import Catalog
from engine.troyes.state import TroyesState

CATEGORIES = ("play", "events", "craftsmen", "cathedral", "characters", "endgame")


def final_scores(s: TroyesState, cat: Catalog) -> list[dict[str, int]]:
    """Return each seat's points by category."""
    revealed = [c for chars in s.characters for c in chars]
    out = []
    for seat in range(s.seats):
        present = sum(1 for e in s.queue if s.event_cubes[e][seat] > 0)
        crafts = 0
        for card, spaces in s.craftsmen.items():
            if seat in spaces:
                crafts += cat.cards[card].spaces_vp[spaces.index(seat)]
        missing = sum(1 for level in s.cathedral if seat not in level)
        chars = 0
        for cid in revealed:
            ref = cat.characters[cid].score
            chars += effects.score_character(s, seat, ref.name, ref.params)
        endgame = 0
        for card in s.activity:
            end = cat.cards[card].endgame
            if end is not None:
                endgame += effects.score_endgame(s, card, seat, end.name, end.params)
        out.append(
            {
                "play": s.vp[seat],
                "events": present * cat.rules.uncountered_vp,
                "craftsmen": crafts,
                "cathedral": -missing * cat.cathedral.missing_level_vp,
                "characters": chars,
                "endgame": endgame,
            }
        )
    return out


def result(s: TroyesState, cat: Catalog) -> Result:
    """Return scores, ranks (tied seats share a rank) and the breakdown."""
    breakdown = final_scores(s, cat)
    scores = tuple(sum(b.values()) for b in breakdown)
    keys = [(scores[i], s.deniers[i], s.influence[i]) for i in range(s.seats)]
    ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
    return Result(scores, ranks, tuple(breakdown), "deniers, then influence (not in the rules)")
