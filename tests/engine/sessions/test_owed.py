"""Notices owed to a game's thread (migration 0010): stored with the outcome, owed until posted.

An outage or a restart between the call and its post must not lose a reminder, a request or
a time-out (cogs/common/poster.py posts what `owed` returns); what no longer needs saying is
dropped: a reminder of a turn the game moved on from, a request already answered.
"""

from datetime import timedelta

from engine.sessions.models import NoticeKind, TimeControl
from tests.engine.sessions.conftest import start_game

DAY = TimeControl(timedelta(hours=24), (timedelta(hours=6),))


async def test_a_reminder_is_owed_until_posted(manager, clock):
    out = await start_game(manager, control=DAY)
    await manager.posted([n.id for n in out.notices if n.id is not None])  # the start
    clock.advance(hours=18)
    [reminder] = await manager.tick()
    [notice] = reminder.notices
    assert notice.id is not None
    owed = await manager.owed()
    assert owed == {out.game_id: [notice]}  # as it came, read back from the store
    assert await manager.owed(out.game_id) == owed
    await manager.posted([notice.id])
    assert await manager.owed() == {}


async def test_a_reminder_of_a_turn_gone_by_and_an_answered_request_are_owed_no_more(manager):
    out = await start_game(manager, "secret", (1, 2, 3), control=DAY)
    played = await manager.play(out.game_id, 1, out.version, "pass")
    asked = await manager.undo(played.game_id, 1, played.version)
    [request] = asked.notices
    assert request.kind is NoticeKind.UNDO_ASKED
    owed = await manager.owed(out.game_id)
    assert [n.kind for n in owed[out.game_id]] == [NoticeKind.STARTED, NoticeKind.UNDO_ASKED]
    refused = await manager.answer(out.game_id, 2, request.request_id or 0, False)
    owed = await manager.owed(out.game_id)
    kinds = [n.kind for n in owed[out.game_id]]
    assert NoticeKind.UNDO_ASKED not in kinds  # answered: asking again would be wrong
    assert kinds[-1] is NoticeKind.REFUSED  # ... but the refusal is owed
    assert refused.notices[0].id == owed[out.game_id][-1].id


async def test_a_reminder_owed_after_the_game_moved_on_is_dropped(manager, clock):
    out = await start_game(manager, control=DAY)
    await manager.posted([n.id for n in out.notices if n.id is not None])
    clock.advance(hours=18)
    [reminder] = await manager.tick()  # ... and Discord was away
    await manager.play(out.game_id, 1, out.version, "add 1")
    assert reminder.notices[0].id is not None
    assert await manager.owed() == {}
