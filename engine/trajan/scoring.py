"""Final scoring and the result with its tie-break.

SEED "Fin del juego y puntuación final"; brief §5.4, §1.6. Added to the VP scored during
play: 1 per card in hand, per worker and legionnaire still in a camp, per Trajan tile still
on the action circle; 10/20 per construction set of 3/4 (wilds fill gaps); bonus tiles.
Ties go to the higher senate space, then the higher disc (brief §6 A11: the final
quarter's discs are not restacked). The greedy AI's estimate lives in `heuristic.py`.
"""

from collections import Counter
from dataclasses import dataclass

from engine.core.protocol import Result
from engine.trajan.state import PLAY_CATEGORIES, PlayerState, TrajanState
from engine.trajan.tables import Tables

WILD_CONSTRUCTION = "wild_construction"
WILD_COMMODITY = "wild_commodity"
FINAL_CATEGORIES = (
    "cards_in_hand",
    "workers_in_camp",
    "legionnaires_in_camp",
    "trajan_on_circle",
    "construction_sets",
    "bonus_tiles",
)
TIE_BREAK = "Tied VP go to the higher senate space, then to the disc higher in its stack."


@dataclass(frozen=True, slots=True)
class FinalScore:
    """One seat's total and its points per category."""

    total: int
    breakdown: dict[str, int]


def construction_sets(p: PlayerState, t: Tables) -> int:
    """Return the VP of construction sets, placing construction wilds as well as possible."""
    counts = Counter(t.construction[c].building for c in p.buildings)
    types = [counts[b.id] for b in t.cat.buildings]
    return _best_sets(types, p.forum.count(WILD_CONSTRUCTION), t)


def _best_sets(types: list[int], wilds: int, t: Tables) -> int:
    three, four = t.fig.construction_set_vp
    if wilds == 0:
        return sum(four if n >= 4 else three if n == 3 else 0 for n in types)
    best = _best_sets(types, 0, t)
    for i, n in enumerate(types):
        if n < 4:
            best = max(best, _best_sets([*types[:i], n + 1, *types[i + 1 :]], wilds - 1, t))
    return best


def bonus_points(p: PlayerState, t: Tables) -> int:
    """Return the VP of a player's bonus tiles (yellow and grey sides)."""
    total = 0
    best_card_value = 0
    for tile_id, yellow in [(b, True) for b in p.bonus] + [(b, False) for b in p.bonus_grey]:
        tile = t.bonus[tile_id]
        per = tile.yellow if yellow else tile.grey
        match tile.scoring:
            case "commodity_pair":
                total += per * sum(1 for c in p.display if c in tile.commodities)
                best_card_value = max(best_card_value, per)
            case "demand":
                owns = any(
                    t.forum[k].kind == "demand" and t.forum[k].demand == tile.demand
                    for k in p.forum
                )
                total += per if owns else 0
            case "workers":
                n = len(p.sites)
                total += per * (n if yellow else -(-n // tile.grey_per))
            case "legionnaires":
                total += per * len(p.provinces)
            case "bonus_tiles":
                total += per * len(p.bonus)
            case other:
                raise ValueError(f"unknown bonus scoring {other!r}")
    # An unused commodity wild counts as one card for the best commodity tile (UBG).
    return total + best_card_value * p.forum.count(WILD_COMMODITY)


def final_breakdown(p: PlayerState, t: Tables) -> dict[str, int]:
    """Return the end-of-game points of one player, per final category."""
    f = t.fig
    return {
        "cards_in_hand": f.final_vp_card * len(p.hand),
        "workers_in_camp": f.final_vp_worker_in_camp * p.workers,
        "legionnaires_in_camp": f.final_vp_legionnaire_in_camp * p.legionnaires,
        "trajan_on_circle": f.final_vp_trajan_tile * sum(1 for s in p.slots if s is not None),
        "construction_sets": construction_sets(p, t),
        "bonus_tiles": bonus_points(p, t),
    }


def final_scores(state: TrajanState, t: Tables) -> list[FinalScore]:
    """Return every seat's final total and breakdown (play categories + final ones)."""
    out = []
    for p in state.players:
        breakdown = dict(zip(PLAY_CATEGORIES, p.vp_by, strict=True))
        end = final_breakdown(p, t)
        breakdown.update(end)
        out.append(FinalScore(p.vp + sum(end.values()), breakdown))
    return out


def result(state: TrajanState, t: Tables) -> Result | None:
    """Return the final result once the game is over."""
    if state.phase != "over":
        return None
    scores = final_scores(state, t)

    def key(seat: int) -> tuple[int, int, int]:
        p = state.players[seat]
        return (scores[seat].total, p.senate, p.stamp)

    ranks = tuple(
        1 + sum(1 for o in range(state.seats) if key(o) > key(s)) for s in range(state.seats)
    )
    return Result(
        scores=tuple(s.total for s in scores),
        ranks=ranks,
        breakdown=tuple(s.breakdown for s in scores),
        tie_break=TIE_BREAK,
    )
