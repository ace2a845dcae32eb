"""What a Trajan choice gets you, in one short line (at most 100 characters).

The line goes under a button's label or as a select option's description, so it may only
say what every player sees on the table: the top cards of the discard piles, the top tiles
of the Trajan stacks (face up once the set-up bowls are filled), the construction tiles
still on the sites, the provinces' values, where a bowl's markers will land. It never reads
a hand, the deck or the bonus bag.
"""

from typing import Any

from engine.core import fit, i18n
from engine.trajan import actions as a
from engine.trajan.actions import SHIP_WORDS
from engine.trajan.rules.common import player
from engine.trajan.rules.options import SHIP_MAX
from engine.trajan.rules.turn import matches
from engine.trajan.state import ACTIONS, TrajanState
from engine.trajan.tables import Tables
from engine.trajan.text import ROMAN, name

LIMIT = 100


def msg(lang: str, key: str, **values: Any) -> str:
    """Return the `trajan.explain.<key>` message (a plural one by its `count`)."""
    return i18n.text("es" if lang == "es" else "en", f"trajan.explain.{key}", **values)


def explain(state: TrajanState, action: a.Action, t: Tables, lang: str = "en") -> str:
    """Return what choosing `action` in `state` gets, from public information ("" if nothing)."""
    return fit.clip(_explain(state, action, t, lang), LIMIT)  # where a clause ends (item 88)


def _explain(state: TrajanState, action: a.Action, t: Tables, lang: str) -> str:  # noqa: PLR0911, PLR0912
    match action:
        case a.DrawStartCard(_, card) | a.PortTake(_, card) if card:
            return ""  # the label names the card already (a description would repeat it)
        case a.DrawStartCard(source) if source > 0:
            return _top_card(state, source - 1, t, lang)
        case a.PortTake(pile):
            return _top_card(state, pile, t, lang)
        case a.PickTrajan(stack, _) | a.TakeTrajan(stack):
            return _trajan_tile(state, stack, t, lang)
        case a.ChooseBowl(bowl):
            return _bowl(state, bowl, t, lang)
        case a.Build(_, named, bonus) if named is not None:
            # The label names the site's tile already (playtest item 7); the line says why a
            # bonus action comes with it (fifth playtest item 107).
            return _first_part(named, bonus, t, lang) if named and bonus else ""
        case a.Build(site):
            tile = state.sites[site] if 0 <= site < len(state.sites) else None
            if tile is None:
                return msg(lang, "site_empty")
            building = t.construction[tile]
            return msg(lang, "site", tile=name(t, "building", tile, lang), vp=building.vp)
        case a.MoveLeader(province):
            return _province(state, province, t, lang)
        case a.Deploy():
            return _province(state, player(state).leader, t, lang)
        case a.PortShip(ship):  # the ship's rule and side (fifth playtest item 105)
            rule = msg(lang, f"ship_{SHIP_WORDS[ship]}", most=SHIP_MAX[ship])
            side = msg(lang, "ship_front" if state.ships[ship] else "ship_grey")
            return f"{rule} · {side}"
        case a.Sow(_, colours):  # the Trajan tile this order completes (sixth playtest item 122)
            return _sow(state, colours, t, lang)
        case a.PlacePlus2():
            return msg(lang, "plus2")
        case a.AdvanceSenate():
            return msg(lang, "senate", space=player(state).senate + 1)
        case a.ForumTake(tile) | a.UseExtra(tile):
            return _text(t.forum.get(tile), lang)
        case a.ChooseBonus(tile):
            return _text(t.bonus.get(tile), lang)
    return ""


def _first_part(tile: str, bonus: str, t: Tables, lang: str) -> str:
    kind = t.construction[tile].building
    building = next(b for b in t.cat.buildings if b.id == kind)
    called = building.name_es if lang == "es" else building.name
    return msg(lang, "site_bonus", kind=called, act=name(t, "action", bonus, lang))


def _top_card(state: TrajanState, pile: int, t: Tables, lang: str) -> str:
    cards = state.discards[pile] if 0 <= pile < len(state.discards) else ()
    if not cards:
        return msg(lang, "pile_empty")
    return msg(lang, "top_card", card=name(t, "card", cards[-1], lang))


def _trajan_tile(state: TrajanState, stack: int, t: Tables, lang: str) -> str:
    tiles = state.stacks[stack] if 0 <= stack < len(state.stacks) else ()
    if not tiles or state.phase == "setup_bowl":  # face down until the set-up bowls are full
        return ""
    tile = t.trajan[tiles[-1]]
    colours = " + ".join(name(t, "colour", c, lang) for c in tile.colours)
    text = tile.text_es if lang == "es" else tile.text
    return msg(lang, "trajan", colours=colours, vp=tile.vp, text=text)


def _bowl(state: TrajanState, bowl: int, t: Tables, lang: str) -> str:
    markers = len(player(state).bowls[bowl])
    last = (bowl + markers) % len(ACTIONS)
    if markers:  # the label names the action taken: the line says where the markers go
        first = ROMAN[(bowl + 1) % len(ACTIONS)]
        speech = "es" if lang == "es" else "en"
        # Round the whole circle, "from VI to VI" read as nothing (found at the local table).
        key = "choices.trajan.sown_round" if markers >= len(ACTIONS) else "choices.trajan.sown"
        sown = i18n.text(speech, key, count=markers, first=first, last=ROMAN[last])
        fulfil = _forced_fulfil(state, bowl, t, lang)
        if not fulfil:
            return sown
        # The tile it completes, as a sowing's line says it (seventh playtest item 3); alone
        # when both do not fit (it names the bowl where the last marker lands).
        both = f"{sown}; {fulfil}"
        return both if len(both) <= LIMIT else fulfil
    action = name(t, "action", ACTIONS[last], lang)
    return msg(lang, "bowl", count=markers, bowl=ROMAN[last], act=action)


def _forced_fulfil(state: TrajanState, bowl: int, t: Tables, lang: str) -> str:
    """Return the Trajan tile a bowl's markers complete when their sowing is forced, else "".

    One marker, or markers of one colour: no order is asked, the last lands where it must.
    """
    p = player(state)
    markers = p.bowls[bowl]
    if len(set(markers)) != 1:
        return ""
    bowls = len(ACTIONS)
    after = [*p.bowls]
    after[bowl] = ""  # the bowl is emptied first: a lap of six or more refills it
    for i, colour in enumerate(markers):
        after[(bowl + 1 + i) % bowls] += colour
    return _fulfil(state, (bowl + len(markers)) % bowls, after, t, lang)


def _sow(state: TrajanState, colours: str, t: Tables, lang: str) -> str:
    """Return what the Trajan tile beside the last marker's bowl gives if this order fills it.

    A one-colour choice tells it only when the markers left are then forced (one colour).
    """
    rest = list(state.in_hand)
    for colour in colours:
        if colour not in rest:
            return ""
        rest.remove(colour)
    if len(set(rest)) > 1:
        return ""
    order = colours + "".join(rest)
    bowls = len(ACTIONS)
    after = [*player(state).bowls]
    for i, colour in enumerate(order):
        after[(state.sow_bowl + i) % bowls] += colour
    return _fulfil(state, (state.sow_bowl + len(order) - 1) % bowls, after, t, lang)


def _fulfil(state: TrajanState, target: int, bowls: list[str], t: Tables, lang: str) -> str:
    """Return "completes the tile ... beside bowl N: +V VP" if `bowls[target]` fills its tile."""
    tile_id = player(state).slots[target]
    if tile_id is None:
        return ""
    tile = t.trajan[tile_id]
    if not matches(bowls[target], tile.colours):
        return ""
    tname = name(t, "trajan", tile_id, lang)
    return msg(lang, "sow_fulfil", tile=tname, bowl=ROMAN[target], vp=tile.vp)


def _province(state: TrajanState, province: str, t: Tables, lang: str) -> str:
    if province not in t.province_vp:
        return ""
    p = player(state)
    rivals = sum(1 for q in state.players if q is not p and province in q.provinces)
    vp = max(0, t.province_vp[province] - t.fig.legionnaire_penalty * rivals)
    if not rivals:  # nothing to subtract: no penalty spelled out (found at the local table)
        return msg(lang, "province_alone", vp=vp)
    return msg(lang, "province", vp=vp, rivals=rivals, count=rivals)


def _text(tile: Any, lang: str) -> str:
    if tile is None:
        return ""
    return str(tile.text_es if lang == "es" else tile.text)
