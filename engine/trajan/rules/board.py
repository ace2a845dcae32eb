"""The forum, military, senate, Trajan and construction actions (SEED; brief §4.2-§4.6)."""

from typing import Any

from engine.trajan.events import (
    ForumTileTaken,
    LeaderMoved,
    LegionnaireStationed,
    SenateAdvanced,
    TokensMoved,
    TrajanTaken,
    WorkerBuilt,
)
from engine.trajan.rules.common import first_part_bonus, player, replace_at, with_sorted
from engine.trajan.rules.flow import finish_action
from engine.trajan.state import TrajanState
from engine.trajan.tables import Tables


def forum_take(state: TrajanState, t: Tables, tile: str, events: list[Any]) -> None:
    """Take a tile of this kind from the forum (green spaces first, then yellow)."""
    if tile in state.forum:
        state.forum = replace_at(state.forum, state.forum.index(tile), None)
    else:
        state.extras = replace_at(state.extras, state.extras.index(tile), None)
    p = player(state)
    p.forum = with_sorted(p.forum, tile)
    events.append(ForumTileTaken(state.current, tile))
    finish_action(state, t, events, None)


def recruit(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Move a token from the supply to the camp of the action on top of the stack."""
    p = player(state)
    p.supply -= 1
    military = state.todo[-1].endswith(":military")
    if military:
        p.legionnaires += 1
    else:
        p.workers += 1
    events.append(TokensMoved(state.current, "legionnaires" if military else "workers", 1))
    finish_action(state, t, events, None)


def move_leader(state: TrajanState, t: Tables, province: str, events: list[Any]) -> None:
    """Move the leader to an adjacent province and pick up its forum tile, if any."""
    p = player(state)
    p.leader = province
    i = t.provinces.index(province)
    tile = state.province_tiles[i]
    if tile is not None:
        state.province_tiles = replace_at(state.province_tiles, i, None)
        p.forum = with_sorted(p.forum, tile)
    events.append(LeaderMoved(state.current, province, tile))
    finish_action(state, t, events, None)


def deploy(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Station a legionnaire in the leader's province: its VP minus 3 per rival there."""
    p = player(state)
    province = p.leader
    rivals = sum(1 for q in state.players if q is not p and province in q.provinces)
    vp = max(0, t.province_vp[province] - t.fig.legionnaire_penalty * rivals)
    p.legionnaires -= 1
    p.provinces = with_sorted(p.provinces, province)
    p.score("military", vp)
    events.append(LegionnaireStationed(state.current, province, vp))
    finish_action(state, t, events, None)


def advance_senate(state: TrajanState, t: Tables, events: list[Any]) -> None:
    """Move the senate disc one space, on top of any discs there, and score the space."""
    p = player(state)
    p.senate += 1
    state.clock += 1
    p.stamp = state.clock
    vp = t.fig.senate_vp[p.senate - 1]
    p.score("senate", vp)
    events.append(SenateAdvanced(state.current, p.senate, vp))
    finish_action(state, t, events, None)


def take_trajan(state: TrajanState, t: Tables, stack: int, events: list[Any]) -> None:
    """Put a stack's top tile under the arch, then move the arch to the next free slot."""
    p = player(state)
    tiles = state.stacks[stack]
    tile = tiles[-1]
    state.stacks = replace_at(state.stacks, stack, tiles[:-1])
    slot = p.arch
    p.slots = replace_at(p.slots, slot, tile)
    p.arch = next_free_slot(p.slots, slot)
    top = tiles[-2] if len(tiles) > 1 else None
    events.append(TrajanTaken(state.current, stack, tile, slot, top))
    finish_action(state, t, events, None)


def next_free_slot(slots: tuple[str | None, ...], start: int) -> int:
    """Return the next free slot clockwise after `start`, or -1 (the centre) if none."""
    for step in range(1, len(slots) + 1):
        slot = (start + step) % len(slots)
        if slots[slot] is None:
            return slot
    return -1


def build(state: TrajanState, t: Tables, site: int, events: list[Any]) -> None:
    """Send a worker to a site; take its tile (and a first-of-type bonus action) if any."""
    p = player(state)
    p.workers -= 1
    p.sites = tuple(sorted((*p.sites, site)))
    tile_id = state.sites[site]
    vp = 0
    bonus = None
    if tile_id is not None:
        state.sites = replace_at(state.sites, site, None)
        bonus = first_part_bonus(p, t, tile_id)
        p.buildings = with_sorted(p.buildings, tile_id)
        vp = t.construction[tile_id].vp
        p.score("construction", vp)
    events.append(WorkerBuilt(state.current, site, tile_id, vp, bonus))
    finish_action(state, t, events, bonus)
