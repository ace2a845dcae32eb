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

CATEGORIES = ("play", "events", "craftsmen", "cathedral", "characters", "endgame", "walls")


def _majority(counts: list[int], table: list[int]) -> list[int]:
    """Share majority VP by rank; tied seats split the VP of the ranks they cover, rounded down."""
    out = [0] * len(counts)
    ranked = sorted({c for c in counts if c > 0}, reverse=True)
    rank = 0
    for value in ranked:
        tied = [i for i, c in enumerate(counts) if c == value]
        pool = sum(table[rank : rank + len(tied)])
        for i in tied:
            out[i] = pool // len(tied)
        rank += len(tied)
    return out


def walls_scores(s: TroyesState, cat: Catalog) -> list[int]:
    """Return each seat's end-of-game VP from outer activities (tile d, troyes.md §10.5)."""
    out = [0] * s.seats
    for face in s.outer:
        ref = cat.outer[face].effect
        if ref is None or ref.name != "arrival_majority":
            continue
        cubes = s.outer_cubes[face]
        bonus = _majority(cubes, list(ref.params["majority"]))
        for seat in range(s.seats):
            out[seat] += cubes[seat] * ref.params["cube_vp"] + bonus[seat]
    return out


def final_scores(s: TroyesState, cat: Catalog) -> list[dict[str, int]]:
    """Return each seat's points by category."""
    revealed = [*(c for chars in s.characters for c in chars), *s.revealed]
    walls = walls_scores(s, cat)
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
            chars += effects.score_character(s, seat, ref.name, ref.params, cat.cards)
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
                "walls": walls[seat],
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
