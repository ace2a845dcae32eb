"""Divisions: split a league into tiers and move players up and down between seasons.

Research brief §A5: Meeple League promotes the winner and relegates the bottom two; the
suggested default is divisions of 8, promote the top 1-2, relegate the bottom 2. Here the
move is symmetric so division sizes stay put:

- Divisions exist only when there are more players than `size`; otherwise everyone is in
  division 1 (a single Swiss pool).
- Number of divisions = max(1, round(players / size)), halves rounded up; every division
  holds exactly `size` players except the bottom one, which takes the rest (so it holds
  between size/2 and 1.5 * size players).
- Season end: between each pair of adjacent divisions, the top `promotion` players of the
  lower division and the bottom `promotion` of the upper one swap (clamped to half the
  smaller division), all by that season's final standings inside each division.
- Then players who left are dropped, newcomers join at the bottom (best rated first), and
  the ladder is cut again into divisions as above, from the top. So a place freed by a
  leaver goes to the next player down the ladder, who may be one just relegated.
- A first season ranks players by rating (best first), then by join order.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import pairwise


def division_count(players: int, size: int | None) -> int:
    """Return how many divisions `players` make with divisions of `size` (None = one)."""
    if size is None or players <= size:
        return 1
    return max(1, (players + size // 2) // size)


def cut(ladder: Sequence[int], size: int | None) -> list[list[int]]:
    """Cut a ladder (best first) into divisions, top division first."""
    count = division_count(len(ladder), size)
    if count == 1 or size is None:
        return [list(ladder)]
    out = [list(ladder[i * size : (i + 1) * size]) for i in range(count - 1)]
    out.append(list(ladder[(count - 1) * size :]))
    return out


def promote(
    finals: Sequence[Sequence[int]],
    promotion: int,
    leaving: Collection[int],
    newcomers: Sequence[int],
    size: int | None,
) -> list[list[int]]:
    """Return next season's divisions from this season's final standings per division.

    Args:
        finals: each division's final standings, best first; top division first.
        promotion: how many players swap between adjacent divisions.
        leaving: players who left the league.
        newcomers: players without a division, best rated first.
        size: the division size (None = one division).
    """
    divisions = [list(d) for d in finals]
    for upper, lower in pairwise(divisions):
        k = min(promotion, len(upper) // 2, len(lower) // 2)
        if k == 0:
            continue
        down, up = upper[len(upper) - k :], lower[:k]
        upper[len(upper) - k :] = up
        lower[:k] = down
    ladder = [p for d in divisions for p in d if p not in leaving]
    ladder += [p for p in newcomers if p not in ladder and p not in leaving]
    return cut(ladder, size)
