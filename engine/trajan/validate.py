"""Every invariant a Trajan state must keep, checked when a stored state is read (issue 20).

`state.from_json` checks the shape (seats, mats, the 15 tokens of each seat); the checks here
need the catalog's figures (data/trajan/*.toml), so a corrected figure moves the limits with
it. `problems(state, tables)` lists what is wrong under the name of its check; the engine's
`from_json` refuses the first (engine/core/validation.py):

- `markers`: each seat has 2 action markers of each of the 6 colours (SEED components), in
  its bowls or in its hand while sowing; never more, and exactly that once setup is over;
- `cards`: no commodity has more cards in the deck, the discard piles, the hands and the displays
  than the box holds (cards shipped leave the game; cards being picked stay in the hand);
- `tiles`: no forum or extra-action tile kind is in play more often than the box holds it,
  no Trajan tile or bonus tile lies in two places;
- `values`: the time marker within its cycle, the quarter within the game, the senate and
  the arch on their tracks, no negative count;
- `pending`: each setup phase asks its own decision, the decider is the active seat during
  setup and turns, and a decision in progress has a seat to act.
"""

from collections import Counter
from collections.abc import Iterable

from engine.core.validation import InvalidStateError, Problem, first
from engine.trajan.state import COLOUR_ORDER, GAME, TrajanState
from engine.trajan.tables import Tables

__all__ = ["InvalidStateError", "check", "problems"]


def check(s: TrajanState, t: Tables) -> None:
    """Raise InvalidStateError naming the first invariant `s` breaks."""
    first(GAME, problems(s, t))


def problems(s: TrajanState, t: Tables) -> list[Problem]:
    """Return every invariant `s` breaks, in the order of the checks (empty: valid)."""
    found: list[Problem] = []
    for part in (_markers, _cards, _tiles, _values, _pending):
        found.extend(part(s, t))
    return found


def _markers(s: TrajanState, t: Tables) -> list[Problem]:
    out: list[Problem] = []
    per = t.fig.markers_per_colour
    for seat, p in enumerate(s.players):
        held = "".join(p.bowls) + (s.in_hand if seat == s.current else "")
        counts = Counter(held)
        for colour in COLOUR_ORDER:
            n = counts.get(colour, 0)
            exact = s.phase != "setup_bowl" and n != per
            if n > per or exact:
                out.append(Problem("markers", f"seat {seat} has {n} {colour} markers, not {per}"))
    return out


def _over(what: str, held: Iterable[str], box: dict[str, int]) -> list[Problem]:
    counts = Counter(held)
    return [
        Problem(what, f"{n} of {kind!r}, the box has {box.get(kind, 0)}")
        for kind, n in sorted(counts.items())
        if n > box.get(kind, 0)
    ]


def _cards(s: TrajanState, t: Tables) -> list[Problem]:
    held = [*s.deck, *(c for pile in s.discards for c in pile)]
    for p in s.players:
        held.extend((*p.hand, *p.display))
    box = {c.id: c.count for c in t.cat.commodities}
    return _over("cards", held, box)


def _tiles(s: TrajanState, t: Tables) -> list[Problem]:
    forum = [*s.forum_pile, *s.extra_pile, *(x for x in (*s.forum, *s.extras) if x)]
    forum.extend(x for x in s.province_tiles if x)
    for p in s.players:
        forum.extend(p.forum)
    box = {f.id: f.count for f in t.cat.forum_tiles}
    out = _over("tiles", (x for x in forum if x in box), box)
    trajan = [*(x for stack in s.stacks for x in stack), *(x for x in s.removed if x in t.trajan)]
    bonus = [*s.bonus_bag, *s.bonus_offer]
    for p in s.players:
        trajan.extend(x for x in p.slots if x)
        bonus.extend((*p.bonus, *p.bonus_grey))
    for what, ids in (("Trajan tiles", trajan), ("bonus tiles", bonus)):
        twice = sorted(x for x, n in Counter(ids).items() if n > 1)
        if twice:
            out.append(Problem("tiles", f"{what} {twice} lie in two places"))
    return out


def _values(s: TrajanState, t: Tables) -> list[Problem]:
    out: list[Problem] = []
    if not 0 <= s.time < s.cycle:
        out.append(Problem("values", f"time marker on {s.time} of a {s.cycle}-space cycle"))
    if not 0 <= s.quarter <= t.fig.quarters:
        out.append(Problem("values", f"quarter {s.quarter}"))
    for seat, p in enumerate(s.players):
        if not -1 <= p.arch < len(p.slots):
            out.append(Problem("values", f"seat {seat}'s arch on slot {p.arch}"))
        if min(p.supply, p.workers, p.legionnaires, p.senate, p.stamp) < 0:
            out.append(Problem("values", f"seat {seat} has a negative count"))
        if p.senate >= len(t.fig.senate_vp) + 1:
            out.append(Problem("values", f"seat {seat} on senate space {p.senate}"))
    return out


def _pending(s: TrajanState, t: Tables) -> list[Problem]:
    del t  # the decision depends on the state alone
    d = s.pending
    if d is None:
        return []
    out: list[Problem] = []
    if s.phase.startswith("setup") and d.kind != s.phase:
        out.append(Problem("pending", f"decision {d.kind!r} in phase {s.phase!r}"))
    if s.phase in ("setup_bowl", "setup_card", "setup_trajan", "turn") and d.seat != s.current:
        out.append(Problem("pending", f"seat {d.seat} decides on seat {s.current}'s turn"))
    return out
