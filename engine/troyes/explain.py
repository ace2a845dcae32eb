"""What a Troyes choice gets you, in one short line (at most 100 characters).

Also which question the "how many" decision puts: cubes on some actions, activations of a card
on others. Only what every player sees goes into the line (dice in the districts, deniers).
"""

from engine.core import i18n
from engine.troyes import actions as a
from engine.troyes.catalog import Catalog
from engine.troyes.state import TroyesState

LIMIT = 100


def explain(cat: Catalog, state: TroyesState, action: a.Action, lang: str = "en") -> str:
    """Return what choosing `action` in `state` gets ("" when the label says it all)."""
    lang = "es" if lang == "es" else "en"
    plan = state.plan
    match action:
        case a.Boost(deniers) if plan.dice:
            district, _, value, _ = plan.dice[0]
            price = int(cat.rules.dice_price[0]) if district != state.turn else 0
            line = i18n.text(
                lang, "troyes.explain.boost", value=value + deniers, cost=price + deniers
            )
        case a.Times(n) if state.kind == "count":
            key = "troyes.explain.cubes" if places_cubes(cat, state) else "troyes.explain.uses"
            line = i18n.text(lang, key, count=n)
        case _:
            return ""
    return line if len(line) <= LIMIT else line[: LIMIT - 1] + "…"


def places_cubes(cat: Catalog, state: TroyesState) -> bool:
    """Tell whether the pending "how many" counts cubes placed (else activations of a card)."""
    plan = state.plan
    if plan.action in ("cathedral", "event"):
        return True
    if plan.action == "card":
        card = cat.cards.get(plan.target)
        return card is not None and not (
            card.effect is not None and (card.kind == "immediate" or plan.mode == "use")
        )
    return False
