"""Every figure of data/trajan against the brief's tables (§1 and the §8 data block).

The expected values are transcribed from ../shared/rules/trajan.md §8 (checked against the
§1 tables), so a change to a data file that drifts from the sources fails here.
"""

from collections import Counter

from tests.engine.trajan.helpers import CAT

ACTION_CIRCLE = ("seaport", "forum", "military", "senate", "trajan", "construction")

TRAJAN_TILES = {  # category -> (vp, effect, amount, colour pairs) (§1.2, §8)
    "cards": [(3, "draw_cards", 2, "OO BB YG YY PW GP WB OY BO")],
    "plus2": [(4, "plus2", 1, "GW YP WP OP PP GP WW BP PW")],
    "vp9": [(9, "none", 0, "OO BB YY GG OW PP WW YW BW")],
    "workers": [(5, "workers", 1, "YO PO WO GO BG"), (2, "workers", 2, "YY BY OY OO")],
    "legion": [(5, "legionnaires", 1, "YB BB PB WB GB"), (2, "legionnaires", 2, "WY GY PY OB")],
}
DEMAND_TRAJAN = {"bread": "PP GG OG", "games": "GG YG PG", "religion": "WW WG BO"}

FORUM_TILES = {  # kind id -> count (§1.3, §8); extra-action back: 2 per action (§1.4)
    "bread": 14,
    "games": 14,
    "religion": 14,
    **{f"action_{a}": 1 for a in ACTION_CIRCLE},
    "wild_action": 2,
    "wild_construction": 2,
    "wild_commodity": 3,
    "wild_demand": 3,
    "senate_2": 3,
    "senate_3": 3,
    "senate_4": 3,
    "senate_5": 3,
}

PROVINCES = {  # §1.10, §8
    "camp": (0, {"alpes", "raetia", "noricum"}),
    "alpes": (3, {"narbonensis", "lugudunensis", "belgica", "raetia"}),
    "raetia": (3, {"alpes", "belgica", "germania_superior", "noricum"}),
    "noricum": (5, {"raetia"}),
    "narbonensis": (6, {"aquitania", "lugudunensis", "alpes"}),
    "lugudunensis": (6, {"britannia", "aquitania", "narbonensis", "alpes", "belgica"}),
    "belgica": (
        6,
        {"britannia", "lugudunensis", "germania_inferior", "germania_superior", "alpes", "raetia"},
    ),
    "germania_superior": (6, {"belgica", "germania_inferior", "raetia"}),
    "aquitania": (10, {"lugudunensis", "narbonensis"}),
    "britannia": (10, {"lugudunensis", "belgica", "germania_inferior"}),
    "germania_inferior": (10, {"britannia", "belgica", "germania_superior"}),
}

SHIPS = {  # §1.7, §8: front and grey VP by size
    "same": ((2, 6, 12, 20), (0, 1, 7, 15)),
    "different": ((2, 4, 6, 8), (0, 1, 3, 5)),
    "pairs": ((5, 10, 15), (1, 6, 11)),
}

BONUS = {  # §1.6, §8: tile -> (scoring, yellow, grey, grey_per)
    **{
        f"goods_{a}_{b}": ("commodity_pair", 3, 2, 1)
        for a, b in (
            ("columns", "furs"),
            ("scrolls", "oil"),
            ("fruit", "ceramics"),
            ("wine", "fish"),
            ("jewelry", "gems"),
            ("cattle", "wheat"),
        )
    },
    "demand_bread": ("demand", 9, 6, 1),
    "demand_games": ("demand", 9, 6, 1),
    "demand_religion": ("demand", 9, 6, 1),
    "workers": ("workers", 1, 1, 2),  # 1 per worker; grey: half, rounded up
    "legionnaires": ("legionnaires", 2, 1, 1),
    "bonus_tiles": ("bonus_tiles", 3, 2, 1),
}

BUILDINGS = {"steps": "forum", "door": "senate", "fountain": "seaport"}
BUILDINGS |= {"roof": "trajan", "window": "military"}


def test_the_action_circle_runs_clockwise_from_seaport():
    assert tuple(a.id for a in sorted(CAT.actions, key=lambda a: a.bowl)) == ACTION_CIRCLE


def test_trajan_tiles_match_the_colour_pairs_vp_and_effects():
    for category, groups in TRAJAN_TILES.items():
        got = Counter(
            (t.vp, t.effect, t.amount, t.colours)
            for t in CAT.trajan_tiles
            if t.category == category
        )
        want = Counter(
            (vp, effect, amount, pair)
            for vp, effect, amount, pairs in groups
            for pair in pairs.split()
        )
        assert got == want, category
    got_demand = Counter(
        (t.demand, t.colours, t.vp) for t in CAT.trajan_tiles if t.category == "demand"
    )
    want_demand = Counter(
        (kind, pair, 1) for kind, pairs in DEMAND_TRAJAN.items() for pair in pairs.split()
    )
    assert got_demand == want_demand
    assert {c.id for c in CAT.categories if c.kept} == {"demand"}


def test_forum_extra_demand_and_commodity_counts():
    forum = {f.id: f.count for f in CAT.forum_tiles if f.back == "forum"}
    assert forum == FORUM_TILES
    votes = {f.id: f.votes for f in CAT.forum_tiles if f.kind == "senate"}
    assert votes == {"senate_2": 2, "senate_3": 3, "senate_4": 4, "senate_5": 5}
    extra = Counter(f.action for f in CAT.forum_tiles if f.back == "extra" for _ in range(f.count))
    assert extra == dict.fromkeys(ACTION_CIRCLE, 2)
    assert {d.id: d.count for d in CAT.demand_tiles} == dict.fromkeys(
        ("bread", "games", "religion"), 5
    )
    assert all(c.count == 5 for c in CAT.commodities)
    assert len(CAT.commodities) == 12
    partners = {c.id: c.partner for c in CAT.commodities}
    assert all(partners[partners[c]] == c for c in partners)


def test_provinces_ships_bonus_tiles_and_buildings():
    assert {p.id: (p.vp, set(p.adjacent)) for p in CAT.provinces} == PROVINCES
    assert {s.id: (s.front, s.grey) for s in CAT.ships} == SHIPS
    assert {b.id: (b.scoring, b.yellow, b.grey, b.grey_per) for b in CAT.bonus_tiles} == BONUS
    pairs = {b.id: set(b.commodities) for b in CAT.bonus_tiles if b.scoring == "commodity_pair"}
    assert all(set(k.split("_")[1:]) == v for k, v in pairs.items())
    assert {b.id: b.bonus_action for b in CAT.buildings} == BUILDINGS
    tiles = Counter((t.building, t.vp) for t in CAT.construction_tiles)
    assert tiles == Counter((b, vp) for b in BUILDINGS for vp in (2, 3, 4, 5))


def test_rule_figures():
    f = CAT.figures
    assert (f.tokens_per_player, f.markers_per_colour, f.markers_per_bowl) == (15, 2, 2)
    assert (f.start_hand, f.start_trajan_slots) == (3, (2, 4, 6))
    assert (f.forum_spaces, f.extra_action_spaces) == ((6, 9, 12), 3)
    assert (f.demands_removed_at_setup, f.bonus_offer) == (3, 2)
    assert (f.quarters, f.demands_per_quarter) == (4, 3)
    assert (f.time_cycle, f.time_cycle_alt) == ((11, 16, 21), (12, 17, 22))
    assert f.senate_vp == (2, 3, 4, 5, 6, 7, 8)
    assert f.senate_votes == (0, 2, 3, 4, 5, 6, 7, 8)
    assert (f.demand_penalty, f.legionnaire_penalty) == ((4, 9, 15), 3)
    assert (f.construction_set_vp, f.construction_grid) == ((10, 20), (4, 5))
    finals = (
        f.final_vp_card,
        f.final_vp_worker_in_camp,
        f.final_vp_legionnaire_in_camp,
        f.final_vp_trajan_tile,
    )
    assert finals == (1, 1, 1, 1)
    assert (f.port_draw, f.display_max, f.plus2_markers, f.trajan_cards_drawn) == (2, 2, 24, 2)
