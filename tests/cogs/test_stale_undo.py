"""A stale press's fresh choices offer Undo only where the board does (playtest item 91).

After a card was drawn, a second press of the old board's button got "This board is out of
date" with fresh controls that held "Undo", which then said a card had been revealed since:
undo cannot cross it. The board itself offers no Undo then (`Outcome.undoable`).
"""

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.common import acting
from cogs.common.poster import Meta
from engine.core.errors import StaleStateError
from engine.sessions.models import Outcome, Status
from tests.cogs.test_steady_controls import DICE, _choices
from tests.engine.troyes.helpers import ENGINE
from tests.engine.troyes.test_actions import war_table

ALICE = 70
UNDO = {"es": "Deshacer", "en": "Undo"}
PRIVATE = {"es": "Mi mano / secretos", "en": "My hand / secrets"}
STALE = {
    "es": "Este tablero está desactualizado. Estas son tus opciones actuales: ",
    "en": "This board is out of date. Here are your current choices: ",
}


def _now(lang: str, undoable: bool) -> Outcome:
    """Return the game as it stands, alice deciding, as `sessions.current` gives it."""
    state = war_table(DICE, deniers=[20, 0, 0])
    choices = replace(_choices(state, lang), game="troyes")
    turn = replace(choices.turn, user_id=ALICE)
    choices = replace(choices, turn=turn)
    return Outcome(
        4, state.version, Status.ACTIVE, (), (), turn, None, (), ENGINE.view(state, None), None,
        None, None, 9, 10, choices=choices, undoable=undoable,
    )  # fmt: skip


async def _stale_reply(monkeypatch: Any, lang: str, undoable: bool) -> tuple[str, list[str]]:
    """Press a stale button as alice; return the reply and the labels of its controls."""
    said: list[tuple[str, Any]] = []
    now = _now(lang, undoable)

    async def current(game: int) -> Outcome:
        return now

    async def meta(game: int) -> Meta:
        return Meta("troyes", lang, 1, 2, (ALICE, 71, 72), ("alice", "bob", "carol"))

    async def send_message(text: str, ephemeral: bool = False, **kwargs: Any) -> None:
        said.append((text, kwargs.get("view")))

    sessions = SimpleNamespace(current=current, thinking=lambda game: None)  # no AI thinks
    poster = SimpleNamespace(meta=meta)
    rt = SimpleNamespace(sessions=sessions, poster=poster)
    monkeypatch.setattr(acting, "remember", lambda interaction: rt)
    response = SimpleNamespace(is_done=lambda: False, send_message=send_message)
    interaction = SimpleNamespace(
        extras={"lang": lang}, user=SimpleNamespace(id=ALICE), guild_id=1, response=response
    )
    await acting.stale(interaction, 4, StaleStateError("stale"))  # type: ignore[arg-type]
    [(text, view)] = said
    return text, [str(getattr(c.item, "label", "")) for c in view.children]


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_stale_reply_offers_no_undo_where_the_board_offers_none(monkeypatch, lang):
    text, labels = await _stale_reply(monkeypatch, lang, undoable=False)
    assert text.startswith(STALE[lang])
    assert UNDO[lang] not in labels
    assert labels[-1] == PRIVATE[lang]  # the tools are there, without Undo


@pytest.mark.parametrize("lang", ["es", "en"])
async def test_the_stale_reply_offers_undo_where_the_board_does(monkeypatch, lang):
    text, labels = await _stale_reply(monkeypatch, lang, undoable=True)
    assert text.startswith(STALE[lang])
    assert labels[-2:] == [PRIVATE[lang], UNDO[lang]]
