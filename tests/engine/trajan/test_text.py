"""Labels, log lines, prompts and views in English and Spanish."""

from collections.abc import Iterator
from dataclasses import FrozenInstanceError
from typing import Any, get_args

import pytest

from engine.core.rng import Rng
from engine.trajan import actions as a
from engine.trajan import events as ev
from tests.engine.trajan.helpers import ENGINE


def _walk(seats: int, seed: int) -> Iterator[tuple[Any, list[Any] | None]]:
    state = ENGINE.new_state({}, seats, seed)
    while state.pending is not None:
        actions = ENGINE.legal_actions(state)
        yield state, actions
        step = ENGINE.apply(state, Rng(seed, state.version, "t").pick(actions))
        for event in step.events:
            yield event, None
        state = step.state
    yield state, []


def test_every_label_log_line_and_prompt_reads_in_both_languages():
    kinds = set()
    for item, actions in _walk(3, seed=9):
        if actions is None:
            for lang in ("en", "es"):
                line = ENGINE.describe_event(item, lang)
                assert line != type(item).__name__, item
            kinds.add(type(item).__name__)
            continue
        for lang in ("en", "es"):
            prompt = ENGINE.prompt(item, lang)
            assert prompt
            assert "Player" not in prompt
            assert "Jugador" not in prompt  # the caption and the header name the decider
            labels = [ENGINE.describe(a, lang) for a in actions]
            assert all(0 < len(label) <= 80 for label in labels)
    assert {"BowlChosen", "MarkerSown", "QuarterEnded", "GameEnded"} <= kinds


def test_drawn_cards_are_counted_not_named_in_the_log():
    line = ENGINE.describe_event(ev.CardsDrawn(0, ("wine", "fish")), "en")
    assert "2" in line
    assert "Wine" not in line


def test_counted_log_lines_agree_with_their_count():
    assert ENGINE.describe_event(ev.CardsDrawn(0, ("wine",)), "en") == "Player 1 draws 1 card"
    assert ENGINE.describe_event(ev.CardsDrawn(1, ("wine", "fish")), "en") == (
        "Player 2 draws 2 cards"
    )
    assert ENGINE.describe_event(ev.CardsDrawn(0, ("wine",)), "es") == "Jugador 1 roba 1 carta"
    assert "(s)" not in ENGINE.describe_event(ev.CardsDrawn(0, ("a", "b", "c")), "es")


def test_spanish_differs_from_english():
    assert ENGINE.describe_event(ev.SenateAdvanced(0, 4, 5), "es") != ENGINE.describe_event(
        ev.SenateAdvanced(0, 4, 5), "en"
    )


def test_the_public_view_hides_hands_and_a_seat_sees_its_own():
    state = ENGINE.new_state({}, 2, seed=3)
    while state.phase != "turn":
        state = ENGINE.apply(state, ENGINE.legal_actions(state)[0]).state
    public = ENGINE.view(state, None)
    assert all(p.hand is None for p in public.players)
    assert public.players[0].hand_size == 3
    mine = ENGINE.view(state, 0)
    assert mine.players[0].hand == state.players[0].hand
    assert mine.players[1].hand is None
    with pytest.raises(FrozenInstanceError):
        public.quarter = 3  # type: ignore[misc]


SAMPLES = [
    ev.GameSetUp(2, 0),
    ev.BowlFilled(0, 1, "PW"),
    ev.TrajanRevealed(("vp9_oo",)),
    ev.CardsDrawn(0, ("wine",)),
    ev.CardTaken(0, 1, "wine"),
    ev.PileRefilled(0, "fish"),
    ev.TrajanPicked(0, 2, "vp9_oo", 1),
    ev.BowlChosen(0, 2, 3, 5, True),
    ev.MarkerSown(0, 3, "P"),
    ev.TrajanFulfilled(0, 3, "vp9_oo", 9),
    ev.Plus2Placed(0, "forum"),
    ev.TokensMoved(0, "workers", 2),
    ev.ActionPassed(0, "senate"),
    ev.ActionUnavailable(0, "trajan"),
    ev.CardDiscarded(0, "wine", 1),
    ev.CardsDisplayed(0, ("wine", "fish")),
    ev.Shipped(0, 2, ("wine", "wine"), True, 10, True),
    ev.ForumTileTaken(0, "senate_3"),
    ev.LeaderMoved(0, "belgica", "bread"),
    ev.LegionnaireStationed(0, "belgica", 3),
    ev.SenateAdvanced(0, 4, 5),
    ev.TrajanTaken(0, 1, "vp9_oo", 0, None),
    ev.WorkerBuilt(0, 7, "door_3", 3, "senate"),
    ev.ExtraUsed(0, "wild_action", "forum", 2),
    ev.RoundEnded(0, "bread"),
    ev.DemandsMet(0, ("bread", "games", "religion"), 1, 4),
    ev.ConsulsNamed((8, 5), 0, "workers", 1, "legionnaires"),
    ev.QuarterEnded(0, (), (), (), ()),
    ev.GameEnded((10, 20)),
]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_event_type_has_its_own_log_line(lang):
    assert {type(e) for e in SAMPLES} == set(get_args(ev.Event))
    for event in SAMPLES:
        line = ENGINE.describe_event(event, lang)
        assert line != type(event).__name__
        assert "{" not in line


# The seed's Spanish game terms (SEED): "bandeja" for a bowl of the action circle, "sitio de
# construcción", "pantalla personal" for the played cards, "satisfacer" a demand, "espacio"
# for a mat slot; never the made-up "cuenco", "solar" or "exponer".
OFF_SEED_SPANISH = ("cuenco", "solar", "expon", "cubierta")


def test_spanish_text_uses_the_seed_vocabulary():
    labels = [
        ENGINE.describe(a.ChooseBowl(0), "es"),
        ENGINE.describe(a.Build(4), "es"),
        ENGINE.describe(a.PortDisplay(), "es"),
        ENGINE.describe(a.PayDemand("bread", False), "es"),
    ]
    assert "bandeja" in labels[0]
    assert "sitio de construcción" in labels[1]
    assert "pantalla" in labels[2]
    assert "satisfacer" in labels[3].lower()
    lines = [ENGINE.describe_event(e, "es") for e in SAMPLES]
    for _, actions in _walk(2, seed=4):
        lines.extend(ENGINE.describe(x, "es") for x in actions or [])
    texts = [*labels, *lines, *(c.text_es for c in ENGINE.catalog.commodities)]
    texts += [x.text_es for x in ENGINE.catalog.actions]
    texts += [x.text_es for x in ENGINE.catalog.bonus_tiles]
    for line in texts:
        assert not any(word in line.lower() for word in OFF_SEED_SPANISH), line


def test_demand_payment_labels_say_what_is_spent():
    assert ENGINE.describe(a.PayDemand("bread", False)) == "Meet the Bread demand with a forum tile"
    assert (
        ENGINE.describe(a.PayDemand("bread", True)) == "Meet the Bread demand with the demand wild"
    )
