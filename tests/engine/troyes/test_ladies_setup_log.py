"""A Ladies set-up's public facts open the log (issue 3): revealed character, outer faces.

`new_state` returns a state only; the first applied move carries these facts at the head of its
events, so the session's first log line shows them, in English and in Spanish.
"""

import itertools
from dataclasses import astuple
from datetime import UTC, datetime

from engine.sessions.lobby import NewGame
from engine.sessions.manager import SessionManager
from engine.sessions.models import SeatOrder
from engine.sessions.store import Store
from engine.troyes.events import CharacterRevealed, OuterDealt
from tests.engine.troyes.helpers import ALL, CAT, ENGINE


def test_the_first_move_opens_the_log_with_the_public_set_up_facts():
    s = ENGINE.new_state(ALL, 4, 5)
    step = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
    facts = [e for e in step.events if isinstance(e, CharacterRevealed | OuterDealt)]
    assert facts == [
        CharacterRevealed(s.revealed[0]),
        *(OuterDealt(level, face) for level, face in enumerate(s.outer, start=1)),
    ]
    assert step.events[: len(facts)] == tuple(facts)  # before the move's own events
    assert len({CAT.outer[e.face].level for e in facts if isinstance(e, OuterDealt)}) == 4
    secret = {c for hand in s.characters for c in hand}
    for event in step.events:
        assert not set(map(str, astuple(event))) & secret
        for lang in ("en", "es"):
            line = ENGINE.describe_event(event, lang)
            assert not any(CAT.characters[c].name in line for c in secret)
    later = ENGINE.apply(step.state, ENGINE.legal_actions(step.state)[0])
    assert not [e for e in later.events if isinstance(e, CharacterRevealed | OuterDealt)]


def test_a_game_without_those_modules_logs_no_set_up_facts():
    s = ENGINE.new_state({"purple_die": "on", "new_characters": "on"}, 3, 5)
    step = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
    assert not [e for e in step.events if isinstance(e, CharacterRevealed | OuterDealt)]


async def test_the_session_log_starts_with_the_set_up_facts_in_the_game_language(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        clock = lambda: datetime(2026, 1, 5, 12, 0, tzinfo=UTC)  # noqa: E731
        manager = SessionManager(
            store, {"troyes": ENGINE}, clock, seeds=itertools.count(11).__next__
        )
        spec = NewGame(
            "troyes", guild_id=7, channel_id=70, seats=2, options=ALL, language="es",
            seat_order=SeatOrder.JOIN,
        )  # fmt: skip
        info = await manager.create_lobby(1, spec)
        await manager.add_ai(info.game_id, 1, "random")
        out = await manager.start(info.game_id, 1)
        while not (await manager.log(info.game_id)):  # the human moves first: play a move
            assert out.turn is not None
            out = await manager.play(info.game_id, 1, out.version, 0)
        first = (await manager.log(info.game_id))[0]
        state = ENGINE.new_state(ALL, 2, 11)
        revealed = CAT.characters[state.revealed[0]].name_es
        assert any(revealed in line for line in first.events[:1])
        outer = [CAT.outer[f].name_es for f in state.outer]
        assert all(any(name in line for line in first.events[1:5]) for name in outer)
        assert (await manager.verify(info.game_id)).ok
    finally:
        await store.close()
