"""Texts cut at Discord's limits keep their figures (playtest 2026-12, item 88).

A button's label takes 80 characters, a select option's description 100: a plain cut landed
inside the figure ("+1 de influenc…", "1 vez por cada 4 punt…", "en cada punt…").
"""

from collections.abc import Iterator
from typing import Any

import pytest

from cogs.common.i18n import t
from cogs.common.text import LABEL, done_line
from engine import games
from engine.core import fit
from engine.core.rng import Rng
from engine.games import GAMES
from engine.trajan import actions as ta
from engine.troyes import actions as a
from tests.engine.trajan.helpers import ENGINE as TRAJAN
from tests.engine.trajan.helpers import play_setup
from tests.engine.troyes.helpers import ENGINE as TROYES
from tests.engine.troyes.helpers import table

DESCRIPTION = 100
NAMES = ("alice (1)", "IA normal (2)", "IA difícil (3)", "IA normal (4)")


def test_the_three_cut_texts_of_the_playtest_fit_whole():
    # "Hecho: alice (1) contrarresta el dado negro de 5 con amarillo 6: +1 de influenc…"
    line = "alice (1) contrarresta el dado negro de 5 con amarillo 6: +1 de influencia"
    assert done_line(line, "alice (1)", "es") == (
        "Hecho: contrarresta el dado negro de 5 con amarillo 6: +1 de influencia"
    )
    short = "alice (1) counters the black 5 with yellow 6: +1 influence"
    assert done_line(short, "alice (1)", "en") == f"Done: {short}"  # it fits: as it was
    # "Activar Ganadero — Cría: …; después vende en el mercado: 5 denarios por cubo gastado.
    # 1 vez por cada 4 punt…"
    breeder = TROYES.catalog.cards["stock_breeder"]
    es = TROYES.explain(table(3), a.ChooseCard("stock_breeder"), "es")
    assert es == f"1 vez por cada {breeder.divisor} puntos. {breeder.text_es}"
    assert len(es) <= DESCRIPTION
    en = TROYES.explain(table(3), a.ChooseCard("stock_breeder"), "en")
    assert en == f"Once per {breeder.divisor} pips. {breeder.text}"
    # "Pila 6 (Demanda) — … satisface una demanda de juegos en cada punt…"
    s = play_setup(2, 1)
    stacks = list(s.stacks)
    stacks[5] = (*stacks[5], "demand_games_gg")
    s.stacks = tuple(stacks)
    assert TRAJAN.explain(s, ta.TakeTrajan(5), "es") == (
        "verde claro + verde claro · 1 PV · Satisface 1 demanda de Juegos en cada puntuación "
        "trimestral."
    )
    assert TRAJAN.explain(s, ta.TakeTrajan(5), "en") == (
        "light green + light green · 1 VP · Meets 1 Games demand at every later quarter scoring."
    )


def _clipped(monkeypatch: pytest.MonkeyPatch) -> dict[tuple[str, int], str]:
    """Record every text `fit.clip` cuts, with what it shows."""
    cuts: dict[tuple[str, int], str] = {}
    clip = fit.clip

    def recording(
        text: str, limit: int, marks: tuple[str, ...] = fit.BOUNDARIES, least: float = 0.5
    ) -> str:
        shown = clip(text, limit, marks, least)
        if shown != text:
            cuts[text, limit] = shown
        return shown

    monkeypatch.setattr(fit, "clip", recording)
    return cuts


def _steps(name: str, seeds: range) -> Iterator[tuple[Any, Any, list[Any]]]:
    """Yield each state of seeded random games (Troyes with and without the Ladies)."""
    engine, spec = GAMES[name], games.spec(name)
    for seed in seeds:
        options = dict(spec.presets["ladies"]) if name == "troyes" and seed % 2 else {}
        s = engine.new_state(options, 2 + seed % 3, seed)
        rng = Rng(seed, 0, "fit")
        while s.pending is not None:
            actions = engine.legal_actions(s)
            step = engine.apply(s, actions[rng.below(len(actions))])
            yield s, step, actions
            s = step.state


@pytest.mark.parametrize("name", ["troyes", "trajan"])
def test_no_choice_line_of_seeded_games_is_cut_inside_a_figure(
    name: str, monkeypatch: pytest.MonkeyPatch
):
    cuts = _clipped(monkeypatch)
    engine = GAMES[name]
    lines = 0
    for s, _, actions in _steps(name, range(6)):
        for lang in ("es", "en"):
            for action in actions:
                said = engine.explain(s, action, lang)
                assert len(said) <= DESCRIPTION
                # a line cut short was cut by `fit.clip`, checked below
                assert not said.endswith(fit.ELLIPSIS) or said in cuts.values(), said
                lines += bool(said)
            bundle = engine.bundle(s, lang)
            for pick in bundle.picks if bundle else ():
                assert len(pick.detail) <= DESCRIPTION, pick.detail
    assert lines > 1000
    inside = [shown for (text, _), shown in cuts.items() if fit.cut_inside(text, shown)]
    assert inside == []


def test_no_done_heading_of_seeded_games_is_cut_inside_a_figure():
    spec = games.spec("troyes")
    headings = 0
    for _, step, _ in _steps("troyes", range(8)):
        events = step.events
        for lang in ("es", "en"):
            names = NAMES[: len(step.state.vp)]
            said = [TROYES.describe_event(e, lang, names) for e in events]
            for places, line in TROYES.describe_together(events, lang, names):
                for place in places:
                    said[place] = line if place == places[0] else ""
            for event, line in zip(events, said, strict=True):
                if type(event).__name__ not in spec.done_events or not line:
                    continue
                who = NAMES[event.seat]
                heading = done_line(line, who, lang)
                whole = t(lang, "play.done", line=line)
                nameless = t(lang, "play.done", line=line.removeprefix(f"{who} "))
                first, two, second = heading.partition("\n")
                assert all(len(x) <= LABEL for x in (first, second)), heading
                if two:  # two headings side by side: the whole line, nothing cut (item 103)
                    assert any(first + x + second == nameless for x in (" ", ", ", "; "))
                    continue
                assert not fit.cut_inside(whole, heading) or not fit.cut_inside(nameless, heading)
                headings += 1
    assert headings > 100
