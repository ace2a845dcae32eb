"""Read Trajan's engine view (engine/trajan/view.py) into the records the board draws.

Only what `view` carries is drawn; names and figures come from the engine's catalog (the
same data the rules use), shortened to fit their spaces.
"""

from collections import Counter
from collections.abc import Sequence

from engine.trajan.components import BonusTile, Catalog, ForumTile, TrajanTile
from engine.trajan.view import PlayerView, TrajanView
from render.base.header import HeaderInfo
from render.base.palette import TIMES, seat_label
from render.i18n import tr
from render.trajan.board import Province, Senate, SenateLane, Ship, Site, TrajanTop
from render.trajan.mat import PlayerPanel, Slot

ROUNDS_PER_QUARTER = 4


class Index:
    """The catalog's entries by id (built once per catalog)."""

    def __init__(self, cat: Catalog) -> None:
        """Index every kind of entry the board names."""
        self.cat = cat
        self.forum = {t.id: t for t in cat.forum_tiles}
        self.trajan = {t.id: t for t in cat.trajan_tiles}
        self.construction = {t.id: t for t in cat.construction_tiles}
        self.bonus = {t.id: t for t in cat.bonus_tiles}
        self.province = {p.id: p for p in cat.provinces}
        self.commodity = {c.id: c.name for c in cat.commodities}
        self.action = {a.id: a.name for a in cat.actions}
        self.building = {b.id: b.name for b in cat.buildings}
        self.demand = {d.id: d.name for d in cat.demand_tiles}
        self.category = {c.id: c.name for c in cat.categories}


_INDEXES: dict[int, Index] = {}


def index_of(cat: Catalog) -> Index:
    """Return the (cached) index of a catalog."""
    found = _INDEXES.get(id(cat))
    if found is None or found.cat is not cat:
        found = _INDEXES[id(cat)] = Index(cat)
    return found


_WILDS = ("wild_action", "wild_construction", "wild_commodity", "wild_demand")


def after_colon(name: str) -> str:
    """Return a catalog name without its kind prefix ("Ship: pairs" -> "pairs")."""
    return name.split(": ", 1)[-1]


def offered_bonus(tile: BonusTile) -> str:
    """Return a bonus tile on offer by the Senate as its chip names it ("Bonus: legionnaires").

    The one that scores bonus tiles says how (playtest item 78: "Bonus: bonus tiles").
    """
    if tile.scoring == "bonus_tiles":
        return tr("trajan.bonus_offer_bonus_tiles", vp=tile.yellow)
    return after_colon(tile.name)


def demand_name(ix: "Index", demand: str) -> str:
    """Return a demand's name from its id, in the catalog's language, as the log names it.

    "Bread", with its capital, as in "Demand tile: Bread" (playtest item 28).
    """
    return ix.demand.get(demand, demand)


def forum_label(tile: ForumTile, ix: Index) -> str:
    """Return a forum or extra-action tile's short label (e.g. "Senate 3", "Extra: Forum")."""
    if tile.kind == "demand" and tile.demand:
        return demand_name(ix, tile.demand).capitalize()
    if tile.kind == "action" and tile.action:
        # A green (forum) and a yellow extra action read alike: the forum's headings name
        # their colour in words, as the choices do ("(green tile)", playtest item 76).
        return tr("trajan.extra", action=tr(f"trajan.short_{tile.action}"))
    if tile.kind == "senate":  # "Senate 5 (5 votes)", as the choices say it (playtest item 76)
        return tr("trajan.senate_tile", count=tile.votes)
    return tr(f"trajan.{tile.kind}") if tile.kind in _WILDS else tile.name


def trajan_label(tile: TrajanTile, ix: "Index") -> str:
    """Return a Trajan tile's short label: its kind's name, as the choices name the stack.

    One name per kind (data/trajan/trajan_tiles.toml `category`), in the image and in the
    labels (playtest item 8); a demand says which, workers and legions how many.
    """
    if tile.category == "demand" and tile.demand:
        return tr("trajan.demand_chip", name=demand_name(ix, tile.demand))
    label = ix.category.get(tile.category, tile.category)
    if tile.category in {"workers", "legion"}:
        return f"{label} {TIMES}{tile.amount}"
    return label


def _counted(labels: Sequence[str]) -> list[str]:
    counts = Counter(labels)
    return [f"{label} {TIMES}{n}" if n > 1 else label for label, n in counts.items()]


def header_of(
    view: TrajanView, ix: Index, prompt: str | None, names: tuple[str, ...] | None
) -> HeaderInfo:
    """Return the header: who decides what, quarter and round, and how much is left."""
    quarters = ix.cat.figures.quarters
    total = quarters * ROUNDS_PER_QUARTER
    if view.pending is None:
        return HeaderInfo(
            tr("playtest.trajan_title"),  # "Trajano" in a Spanish game's final board
            None,
            tr("common.game_over_line"),
            tr("common.game_over"),
            1.0,
            tr("trajan.all_played", n=quarters),
            names,
        )
    done_rounds = (view.quarter - 1) * ROUNDS_PER_QUARTER + view.round - 1
    fraction = (done_rounds + view.time / max(1, view.cycle)) / total
    left = total - done_rounds - 1
    remaining = tr("common.rounds_left", count=left) if left else tr("common.last_round")
    decision = prompt or ""  # never the raw kind ("Setup bowl." in Spanish: playtest 7 item 1)
    stage = tr(
        "trajan.stage",
        quarter=view.quarter,
        quarters=quarters,
        round=view.round,
        rounds=ROUNDS_PER_QUARTER,
    )
    title = tr("playtest.trajan_title")
    return HeaderInfo(title, view.pending.seat, decision, stage, fraction, remaining, names)


def provinces_of(view: TrajanView, ix: Index) -> tuple[Province, ...]:
    """Return every province (camp first) with its tile, leaders and legionnaires."""
    tiles = dict(view.provinces)
    out = []
    for province in ix.cat.provinces:
        camp = province.id not in tiles
        tile_id = tiles.get(province.id)
        leaders = tuple(p.seat for p in view.players if p.leader == province.id)
        if camp:
            legion = tuple((p.seat, p.legionnaires) for p in view.players if p.legionnaires)
        else:
            legion = tuple((p.seat, 1) for p in view.players if province.id in p.provinces)
        label = forum_label(ix.forum[tile_id], ix) if tile_id else None
        out.append(Province(province.id, province.name, province.vp, label, leaders, legion))
    return tuple(out)


def edges_of(ix: Index) -> tuple[tuple[str, str], ...]:
    """Return each adjacency once (the camp's one-way links included)."""
    seen: set[frozenset[str]] = set()
    edges = []
    for province in ix.cat.provinces:
        for other in province.adjacent:
            key = frozenset((province.id, other))
            if key not in seen:
                seen.add(key)
                edges.append((province.id, other))
    return tuple(edges)


def seaport_of(view: TrajanView, ix: Index) -> tuple[tuple[Ship, ...], tuple[str, ...], int]:
    """Return the ships (side up and payouts), the discard tops and the draw pile size."""
    ships = tuple(
        Ship(
            after_colon(ship.name).capitalize(),
            front,
            ship.front if front else ship.grey,
            "pairs" if ship.id == "pairs" else "cards",
        )
        for ship, front in zip(ix.cat.ships, view.ships, strict=True)
    )
    names = {c.id: c.name for c in ix.cat.commodities}
    # The top card and how many the pile holds (playtest item 77: "Fruit (1)" was unexplained).
    discards = tuple(
        tr("trajan.discard_top", card=names[top], count=size) if top else tr("common.empty")
        for top, size in zip(view.discard_tops, view.discard_sizes, strict=True)
    )
    return ships, discards, view.deck_size


def forum_of(view: TrajanView, ix: Index) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Return the labels of the extra-action and forum spaces ("" for an empty space)."""
    extras = tuple(forum_label(ix.forum[t], ix) if t else "" for t in view.extras)
    forum = tuple(forum_label(ix.forum[t], ix) if t else "" for t in view.forum)
    return extras, forum


def stacks_of(view: TrajanView, ix: Index) -> tuple[TrajanTop | str, ...]:
    """Return each Trajan stack's top tile, or why none is shown."""
    out: list[TrajanTop | str] = []
    for stack, (top, size) in enumerate(zip(view.stack_tops, view.stack_sizes, strict=True), 1):
        if top is None:
            key = "trajan.stack_face_down" if size else "trajan.stack_empty"
            out.append(tr(key, stack=stack))
            continue
        tile = ix.trajan[top]
        colours = (tile.colours[0], tile.colours[1])
        out.append(TrajanTop(trajan_label(tile, ix), tile.vp, colours, size, stack))
    return tuple(out)


def sites_of(view: TrajanView, ix: Index) -> tuple[tuple[Site, ...], ...]:
    """Return the construction district as rows of sites."""
    rows, cols = ix.cat.figures.construction_grid[0], ix.cat.figures.construction_grid[1]
    labels = [
        tr("trajan.site_tile", n=i + 1, name=_building(ix, t), vp=ix.construction[t].vp)
        if t
        else None
        for i, t in enumerate(view.sites)
    ]
    workers = [tuple(p.seat for p in view.players if i in p.sites) for i in range(rows * cols)]
    return tuple(
        tuple(
            Site(labels[r * cols + c], workers[r * cols + c], r * cols + c + 1) for c in range(cols)
        )
        for r in range(rows)
    )


def _building(ix: Index, tile_id: str) -> str:
    return ix.building[ix.construction[tile_id].building]


def _buildings(tiles: Sequence[str], ix: Index) -> list[str]:
    """Group construction tiles by building: "Steps 2+5"."""
    by_building: dict[str, list[int]] = {}
    for tile_id in tiles:
        tile = ix.construction[tile_id]
        by_building.setdefault(ix.building[tile.building], []).append(tile.vp)
    return [f"{name} {'+'.join(map(str, sorted(vps)))}" for name, vps in by_building.items()]


def _display(cards: Sequence[str], ix: Index) -> str:
    """Return a player's public card display, grouped: "Display (cards played): Wine 2"."""
    counts = Counter(ix.commodity[c] for c in cards)
    shown = " · ".join(f"{name} {n}" for name, n in sorted(counts.items()))
    return tr("trajan.fact_display", cards=shown) if shown else tr("trajan.fact_display_none")


def bonus_words(tile: BonusTile, ix: Index, grey: bool) -> str:
    """Return what an owned bonus tile scores at the end, on the side it shows (playtest 5).

    "End: 3 VP per Columns or Furs card in display"; its figures come from the data.
    """
    vp = tile.grey if grey else tile.yellow
    match tile.scoring:
        case "commodity_pair" if len(tile.commodities) == 2:
            first, second = (ix.commodity[c] for c in tile.commodities)
            goods = tr("trajan.either", a=first, b=second)
            text = tr("trajan.bonus_commodity_pair", vp=vp, goods=goods)
        case "demand" if tile.demand:
            text = tr("trajan.bonus_demand", vp=vp, demand=ix.demand.get(tile.demand, tile.demand))
        case "workers" if grey and tile.grey_per > 1:
            text = tr("trajan.bonus_workers_grey", vp=vp, per=tile.grey_per)
        case "workers" | "legionnaires" | "bonus_tiles":
            text = tr(f"trajan.bonus_{tile.scoring}", vp=vp)
        case _:
            text = after_colon(tile.name)
    return tr("trajan.bonus_grey", text=text) if grey else text


def senate_tiles(player: PlayerView, ix: Index) -> tuple[int, ...]:
    """Return the votes of each senate tile a player holds (taken at the forum)."""
    return tuple(
        ix.forum[t].votes for t in player.forum if t in ix.forum and ix.forum[t].kind == "senate"
    )


def space_votes(ix: Index) -> tuple[int, ...]:
    """Return the votes each senate space gives (board.toml `senate_votes`: 0, 2, 3 ... 8)."""
    return tuple(ix.cat.figures.senate_votes)


def senate_facts(player: PlayerView, ix: Index) -> tuple[str, ...]:
    """Return the mat's senate line(s): the space and its votes, then any senate tiles.

    "Senate: space 4 (5 votes)", "+ senate tile 5 = 10 votes": the sum the senate track
    shows at the lane's end (playtest item 92: the tile counted but was drawn nowhere).
    """
    table = space_votes(ix)
    base = table[min(player.senate, len(table) - 1)] if table else 0
    lines = [tr("trajan.fact_senate", space=player.senate, votes=base)]
    tiles = senate_tiles(player, ix)
    if tiles:
        held = "+".join(str(t) for t in tiles)
        lines.append(
            tr("trajan.fact_senate_tiles", count=len(tiles), tiles=held, votes=player.votes)
        )
    return tuple(lines)


def senate_of(view: TrajanView, ix: Index) -> Senate:
    """Return the senate area: each seat's lane and votes, the bonus tiles and the demands."""
    lanes = tuple(SenateLane(p.seat, p.senate, senate_tiles(p, ix), p.votes) for p in view.players)
    return Senate(
        lanes,
        space_votes(ix),
        tuple(offered_bonus(ix.bonus[b]) for b in view.bonus_offer),
        tuple(demand_name(ix, d).capitalize() for d in view.demands_shown),
        tuple(ix.cat.figures.demand_penalty),
    )


SETUP_PHASES = ("setup_bowl", "setup_card", "setup_trajan")


def _start_slots(player: PlayerView, view: TrajanView, ix: Index) -> tuple[int, ...]:
    """Return the slots still waiting for a starting Trajan tile (set-up only; rules §2.13)."""
    if view.phase not in SETUP_PHASES:
        return ()
    return tuple(
        slot - 1 for slot in ix.cat.figures.start_trajan_slots if player.slots[slot - 1] is None
    )


def player_of(
    player: PlayerView, view: TrajanView, ix: Index, names: tuple[str, ...] | None = None
) -> PlayerPanel:
    """Return one player's panel record (with the hand only in their own view)."""
    actions = tuple(
        tr(f"trajan.short_{a.id}") for a in sorted(ix.cat.actions, key=lambda a: a.bowl)
    )
    slots = tuple(
        Slot((tile.colours[0], tile.colours[1]), tile.vp) if tile else None
        for tile in (ix.trajan[s] if s else None for s in player.slots)
    )
    plus2 = ", ".join(ix.action[a] for a in player.plus2)
    leader = ix.province[player.leader].name
    facts: tuple[str, ...] = (
        tr("trajan.fact_supply", count=player.supply),
        tr("trajan.fact_leader", name=leader),
        tr("trajan.fact_workers", n=player.workers),
        tr("trajan.fact_military", n=player.legionnaires),
        *senate_facts(player, ix),
        tr("trajan.fact_plus2", actions=plus2) if plus2 else tr("trajan.fact_plus2_none"),
        _display(player.display, ix),
    )
    if player.seat == view.current and view.in_hand:
        held = " ".join(tr(f"marker_letter.{code}") for code in view.in_hand)
        facts = (*facts, tr("trajan.fact_sowing", cards=held))
    owned = [
        *_counted([forum_label(ix.forum[t], ix) for t in player.forum]),
        *_counted(
            [
                tr("trajan.owned_demand", name=demand_name(ix, ix.trajan[d].demand or d))
                for d in player.demands
            ]
        ),
        *_buildings(player.buildings, ix),
    ]
    named = [
        *owned,
        *(ix.bonus[b].name for b in player.bonus),
        *(tr("trajan.bonus_grey", text=ix.bonus[b].name) for b in player.bonus_grey),
    ]
    owned += [
        *(bonus_words(ix.bonus[b], ix, grey=False) for b in player.bonus),
        *(bonus_words(ix.bonus[b], ix, grey=True) for b in player.bonus_grey),
    ]
    goods = {c.id: c.name for c in ix.cat.commodities}
    hand = tuple(sorted(goods[c] for c in player.hand)) if player.hand is not None else ()
    mine = player.hand is not None and view.picks is not None
    wild = tr("trajan.wild_card")
    picked = tuple(goods.get(c, wild) for c in view.picks or ()) if mine else ()
    return PlayerPanel(
        seat=player.seat,
        vp=player.vp,
        hand=player.hand_size,
        actions=actions,
        bowls=tuple(tuple(bowl) for bowl in player.bowls),
        slots=slots,
        arch=player.arch if player.arch >= 0 else None,
        start_slots=_start_slots(player, view, ix),
        facts=facts,
        owned=tuple(owned),
        hand_cards=hand,
        picked=picked,
        label=seat_label(player.seat, names),
        short=tuple(named),
    )
