"""Outer activity cubes (The Ladies of Troyes, troyes.md §10.5; seed 002): when and how they work.

Cubes on an outer activity work like delayed-card cubes, and may also be used out of turn and
in phase 3. At most one cube of an outer activity per action for each player, whoever's action
it is (outer_cubes.py keeps count; `ladies.outer_limit` = "table", the earlier reading, makes
it one for the whole table). Built here:
- a `reroll_die`: before an action or a counter, reroll one own die of the face's colour;
- b `bonus_vp`, e `agriculture_deniers`, l `citizen_influence`, i `move_cube`: a choice asked
  just before the action is paid (`bonus` decision), applied with it;
- f `craftsman_deniers`, k `sold_dice_influence`: offered out of turn after a rival's action;
- h `events_shield`: offered before the events act (no loss from that event), and a cube may
  counter the black die a player must counter (counter.py);
- g `swap_dice` and j `flip_bought`: in outer_dice.py.
Out-of-turn offers are asked one at a time, only when the seat can really use them; each is a
`Reaction` (kinds `outer_craftsman`, `outer_sold`, `outer_shield`; answers `use`/`decline`,
default `decline`), so a standing answer or the deadline settles it without stalling the table.
This module says which offers to queue and what an answer does; flow.py asks them in turn and
decides what comes after.
"""

from engine.troyes.actions import Action, Back, Bonus, NoBonus, OuterReroll
from engine.troyes.context import Ctx, gain, order_from
from engine.troyes.events import OuterUsed
from engine.troyes.rules import events_phase, outer_dice
from engine.troyes.rules.outer_cubes import discard, faces_with, leave_menu
from engine.troyes.state import Reaction, TroyesState, cow_set

REACTION_KINDS = {
    "craftsman": "outer_craftsman",
    "sold": "outer_sold",
    "shield": "outer_shield",
}
EFFECT_OF = {
    "craftsman": "craftsman_deniers",
    "sold": "sold_dice_influence",
    "shield": "events_shield",
}
MOVABLE = ("delayed", "mixed", "endgame")


# ---- a: reroll a die of the face's colour --------------------------------------------------


def _reroll_faces(ctx: Ctx, seat: int) -> list[tuple[str, str]]:
    return [(f, ctx.cat.outer[f].die_colour) for f in faces_with(ctx, seat, "reroll_die")]


def reroll_options(ctx: Ctx, seat: int) -> list[Action]:
    """Return the own dice an outer reroll may hit now (never the purple die: it has no colour)."""
    colours = {c for _, c in _reroll_faces(ctx, seat)}
    dice = sorted({d for d in ctx.s.districts[seat] if d[0] in colours})
    return [OuterReroll(c, v) for c, v in dice]


def menu_options(ctx: Ctx, seat: int) -> list[Action]:
    """Return what the outer menu offers now: rerolls (a) and dice exchanges (g)."""
    return [*reroll_options(ctx, seat), *outer_dice.swap_targets(ctx, seat)]


def menu_actions(ctx: Ctx) -> list[Action]:
    """Return the outer menu with a way back."""
    return [*menu_options(ctx, ctx.s.turn), Back()]


def reroll(ctx: Ctx, colour: str, value: int) -> None:
    """Discard a cube to reroll one own die of the face's colour."""
    s = ctx.s
    seat = s.turn
    face = next(f for f, c in _reroll_faces(ctx, seat) if c == colour)
    new = ctx.random().die()
    ctx.forget()
    district = s.districts[seat]
    district[district.index((colour, value))] = (colour, new)
    discard(ctx, seat, face, f"reroll {colour} {value}->{new}")
    leave_menu(ctx)


# ---- b, e, i, l: a choice just before the action is paid -----------------------------------


def bonus_options(ctx: Ctx) -> list[Action]:
    """Return the outer activities that can improve the action being paid for."""
    s, cat = ctx.s, ctx.cat
    p, seat = s.plan, s.turn
    wanted = {
        "cathedral": "bonus_vp",
        "event": "bonus_vp",
        "agriculture": "agriculture_deniers",
        "citizen": "citizen_influence",
    }.get(p.action, "")
    out: list[Action] = [Bonus(f) for f in faces_with(ctx, seat, wanted)] if wanted else []
    if p.action == "card" and cat.cards[p.target].kind in MOVABLE:
        targets = [c for c in s.activity if cat.cards[c].level <= s.round]
        targets = [c for c in targets if cat.cards[c].kind in MOVABLE]
        for face in faces_with(ctx, seat, "move_cube"):
            out += [Bonus(face, c) for c in targets]
    return out


def ask_bonus(ctx: Ctx, times: int) -> bool:
    """Ask for an outer bonus before paying, once per action; return whether it was asked."""
    p = ctx.s.plan
    if p.bonus or not ctx.s.outer:
        return False
    if not bonus_options(ctx):
        p.bonus = "none"
        return False
    p.left = times
    ctx.s.kind = "bonus"
    return True


def bonus_actions(ctx: Ctx) -> list[Action]:
    """Return the bonus choices and declining."""
    return [*bonus_options(ctx)[:24], NoBonus()]


def apply_bonus(ctx: Ctx) -> None:
    """Carry out the chosen bonus with the action (the cube is discarded)."""
    s, cat = ctx.s, ctx.cat
    p, seat = s.plan, s.turn
    if not p.bonus or p.bonus == "none":
        return
    face, card = p.bonus.split(":")
    ref = cat.outer[face].effect
    assert ref is not None  # noqa: S101 - only faces with effects are offered
    match ref.name:
        case "bonus_vp":
            gain(ctx, seat, vp=ref.params["vp"])
        case "agriculture_deniers":
            gain(ctx, seat, deniers=ref.params["deniers"])
        case "citizen_influence":
            gain(ctx, seat, influence=ref.params["influence"])
        case _:  # move_cube
            s.card_cubes = cow_set(s.card_cubes, card, seat, s.card_cubes[card][seat] + 1)
            ctx.forget()
    discard(ctx, seat, face, ref.name + (f" {card}" if card else ""))


# ---- f, h, k: offers out of turn -----------------------------------------------------------


def offer_face(ctx: Ctx, kind: str, seat: int) -> str:
    """Return the face whose cube the seat would spend on this offer ("" if none)."""
    faces = faces_with(ctx, seat, EFFECT_OF[kind])
    return faces[0] if faces else ""


def queue_action_offers(ctx: Ctx) -> None:
    """An action is over: queue f and k for the seats it concerns, in turn order."""
    s = ctx.s
    p, actor = s.plan, s.turn
    offers = []
    if p.action == "card":
        for seat in order_from(s, actor)[1:]:
            if seat in s.craftsmen[p.target]:
                offers.append(f"craftsman|{seat}|{p.target}")
    for seat in order_from(s, actor)[1:]:
        if any(d == seat for d, _, _, _ in p.dice):
            offers.append(f"sold|{seat}|")
    s.offers = offers


def can_offer(ctx: Ctx, kind: str, seat: int, data: str) -> bool:
    """Return whether the seat can really use this offer now."""
    if not offer_face(ctx, kind, seat):
        return False
    if kind == "shield":
        return events_phase.would_hurt(ctx, seat, data)
    return True


def offer_choices(ctx: Ctx, r: Reaction) -> list[str]:
    """Return the answers to an offer."""
    return ["use", "decline"]


def resolve_offer(ctx: Ctx, r: Reaction, choice: str) -> None:
    """Carry out the answer to an offer (a used cube is discarded)."""
    s = ctx.s
    kind, data = r.data.split("|")
    if choice != "use":
        return
    face = offer_face(ctx, kind, r.seat)
    ref = ctx.cat.outer[face].effect
    assert ref is not None  # noqa: S101
    # One cube of an outer activity per action, even on a rival's action: for each player
    # (each is asked once), or, under the earlier reading, for the whole table.
    table = ctx.cat.ladies.outer_limit == "table"
    if kind == "craftsman":
        gain(ctx, r.seat, deniers=ref.params["deniers"])
        if table:
            s.offers = [o for o in s.offers if not o.startswith("craftsman|")]
    elif kind == "sold":
        gain(ctx, r.seat, influence=ref.params["influence"])
        if table:
            s.offers = [o for o in s.offers if not o.startswith("sold|")]
    else:
        s.shield.append(f"{r.seat}:{data}")
    s.outer_cubes = cow_set(s.outer_cubes, face, r.seat, s.outer_cubes[face][r.seat] - 1)
    ctx.log.append(OuterUsed(r.seat, face, f"{kind} {data}".strip()))


def shield_offers(ctx: Ctx) -> bool:
    """Before the events act, queue the h offers; return whether any may be asked."""
    s = ctx.s
    if not s.outer:
        return False
    s.offers = [
        f"shield|{seat}|{event}"
        for event in s.queue
        for seat in order_from(s, s.start)
        if can_offer(ctx, "shield", seat, event)
    ]
    return bool(s.offers)


def cubes_left(s: TroyesState) -> int:
    """Count every cube on the outer activities (for checks)."""
    return sum(sum(c) for c in s.outer_cubes.values())
