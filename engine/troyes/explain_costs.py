"""What the Troyes choices that cost or give something say at the moment of choosing (item 59).

The influence menu (troyes.md §5.3: a reroll, a flip, a hired citizen, each for its influence;
the purple die's reroll also for deniers, §10.4), a craftsman's source (a citizen taken from a
building no longer rolls its die, nor draws its salary, troyes.md §4 Phases 1-2; one taken
from another card leaves that card's space), the outer bonus (what its effect gives, from the
tile's data), a cube put on an outer activity (what that activity does, the tile's own text),
and a further black die (what the group has left over, and whether it is enough or more dice
follow). Every figure is read from the rules data; nothing hidden is read.
"""

from engine.core import i18n
from engine.troyes import actions as a
from engine.troyes import ladies_actions as la
from engine.troyes.catalog import Catalog
from engine.troyes.log_words import amount, name, word
from engine.troyes.state import BUILDINGS, WILD, TroyesState

__all__ = ["black_sources", "costs"]


def costs(cat: Catalog, state: TroyesState, action: a.Action, lang: str) -> str | None:  # noqa: PLR0911 - one per choice
    """Return the line of a choice that costs or gives something, None if not one of them."""
    match action:
        case a.Reroll(colour, _) if state.kind == "influence":
            return _reroll(cat, state, colour, lang)
        case a.StartFlip() if state.kind == "influence":
            cost = _influence(lang, cat.rules.flip_cost)
            have = state.influence[state.turn]
            return i18n.text(lang, "troyes.explain.flip", cost=cost, have=have)
        case a.HireCitizen() if state.kind == "influence":
            cost = _influence(lang, cat.rules.hire_cost)
            have, cap = state.influence[state.turn], cat.rules.citizen_cap
            return i18n.text(lang, "troyes.explain.hire", cost=cost, have=have, cap=cap)
        case a.Craftsman(source) if state.kind == "craftsman" and state.plan.target in cat.cards:
            return _source(cat, state, source, lang)
        case la.Bonus(face, card) if face in cat.outer:
            return _bonus(cat, face, card, lang)
        case la.PlaceOuter(level) if 0 < level <= len(state.outer):
            tile = cat.outer[state.outer[level - 1]]
            text = tile.text_es if lang == "es" else tile.text
            x = name(cat, tile.id, lang)
            return i18n.text(lang, "troyes.explain.outer_cube", x=x, text=text)
        case a.CounterNext(value) if state.kind == "counter_more":
            left = state.plan.left
            if left >= value:
                gain = _influence(lang, cat.rules.counter_influence)
                return i18n.text(lang, "troyes.explain.next_now", count=left, gain=gain)
            return i18n.text(lang, "troyes.explain.next_more", count=left, target=value)
        case a.ChooseAgriculture():  # what it gives (item 97; commit.py's rate)
            dice = i18n.text(lang, f"troyes.explain.dice_{cat.rules.agriculture_colour}")
            rate = cat.rules.agriculture_divisor
            return i18n.text(lang, "troyes.explain.agriculture", dice=dice, divisor=rate)
        case la.Walls():  # what the die's pips do (walls.py; item 97)
            return i18n.text(lang, "troyes.explain.walls")
        case a.StopCounter() if state.plan.left:
            return i18n.text(lang, "troyes.explain.stop_left", count=state.plan.left)
        case a.StopCounter() if state.black:  # costs nothing; the dice left go on (item 87)
            return i18n.text(lang, "troyes.explain.stop_free", count=len(state.black))
    return None


def _influence(lang: str, n: int) -> str:
    return word(lang, "influence", n=n)


def _reroll(cat: Catalog, state: TroyesState, colour: str, lang: str) -> str:
    """Say what a reroll costs: its influence, and the purple die's deniers too (§10.4)."""
    cost = _influence(lang, cat.rules.reroll_cost)
    if colour == WILD:
        deniers = amount(lang, "deniers", cat.ladies.purple_reroll_deniers)
        cost = i18n.text(lang, "troyes.explain.and", a=cost, b=deniers)
    return i18n.text(lang, "troyes.explain.reroll", cost=cost, have=state.influence[state.turn])


def _source(cat: Catalog, state: TroyesState, source: str, lang: str) -> str:
    """Say what hiring costs and what the craftsman's source then lacks."""
    deniers = amount(lang, "deniers", cat.cards[state.plan.target].hire)
    words = {"deniers": deniers}
    if source == "supply":
        return i18n.text(lang, "troyes.explain.from_supply", **words)
    if source.startswith("card:"):
        old = source.removeprefix("card:")
        spaces = state.craftsmen.get(old, [])
        where = spaces.index(state.turn) if state.turn in spaces else -1
        vp = cat.cards[old].spaces_vp[where] if 0 <= where < len(cat.cards[old].spaces_vp) else 0
        key = "troyes.explain.from_card_vp" if vp else "troyes.explain.from_card"
        return i18n.text(lang, key, x=name(cat, old, lang), vp=vp, **words)
    b = BUILDINGS.index(source)
    colour = word(lang, cat.rules.building_colour[b])
    salary = cat.rules.salary[source]
    key = "troyes.explain.from_building_paid" if salary else "troyes.explain.from_building"
    building = word(lang, source)
    return i18n.text(
        lang, key, b=building, c=colour, salary=amount(lang, "deniers", salary), **words
    )


def _bonus(cat: Catalog, face: str, card: str, lang: str) -> str:
    """Say what discarding a cube of this outer activity adds to the action (its data)."""
    ref = cat.outer[face].effect
    x = name(cat, face, lang)
    if ref is None:
        return ""
    match ref.name:
        case "bonus_vp":
            gain = word(lang, "vp", n=ref.params["vp"])
        case "agriculture_deniers":
            gain = amount(lang, "deniers", ref.params["deniers"])
        case "citizen_influence":
            gain = _influence(lang, ref.params["influence"])
        case "move_cube" if card:
            return i18n.text(lang, "troyes.explain.bonus_move", x=x, card=name(cat, card, lang))
        case _:
            return ""
    return i18n.text(lang, "troyes.explain.bonus", x=x, gain=gain)


def black_sources(cat: Catalog, state: TroyesState, lang: str) -> str:
    """Say where the round's black dice came from: every military event in the queue.

    The black dice are rolled together, one per die on each military event (troyes.md §4
    Phase 3), so a black die belongs to none of them in particular: the line names them all.
    """
    parts = [
        i18n.text(lang, "troyes.explain.black_from", x=name(cat, e, lang), count=n)
        for e in state.queue
        if e in cat.events and (n := cat.events[e].black_dice)
    ]
    if not parts:
        return ""
    joined = ", ".join(parts)
    return i18n.text(lang, "troyes.explain.black_sources", events=joined)
