"""Results and ratings of every game (issue 16): recorded once, rated by a clear rule."""

from openskill.models import PlackettLuce

from engine.around import ratings
from engine.around.service import Around
from engine.sessions.lobby import NewGame
from tests.engine.sessions.conftest import make_manager, start_game


async def _play_out(manager, game_id: int, winner: int) -> None:
    """Play until `winner` reaches 10: the others add 1, the winner adds 2."""
    while True:
        info = await manager.status(game_id)
        if info.turn is None:
            return
        user = info.turn.user_id
        await manager.play(game_id, user, info.version, "add 2" if user == winner else "add 1")


async def test_ratings_after_three_games_equal_a_recomputation(manager):
    people = Around(manager)
    manager.on_game_end(people.record_end)
    a = await start_game(manager, "toy", (1, 2, 3))
    await manager.resign(a.game_id, 2)  # resigned: ranked last, the game goes on
    await _play_out(manager, a.game_id, 3)
    b = await start_game(manager, "toy", (3, 1, 2))
    await _play_out(manager, b.game_id, 1)
    c = await start_game(manager, "toy", (2, 3, 1))
    await _play_out(manager, c.game_id, 2)
    # The independent recomputation: the library itself, from the results as stored.
    model = PlackettLuce()
    mine: dict[int, tuple[float, float]] = {}
    for game in (a, b, c):
        final = (await manager.status(game.game_id)).final
        assert final is not None
        seats = (await manager.status(game.game_id)).seats
        users = [s.user_id or 0 for s in sorted(seats, key=lambda s: s.seat or 0)]
        teams = [[model.rating(*mine.get(u, (25.0, 25.0 / 3)))] for u in users]
        new = model.rate(teams, ranks=list(final.ranks))
        for u, team in zip(users, new, strict=True):
            mine[u] = (team[0].mu, team[0].sigma)
    got = {}
    for user in (1, 2, 3):
        profile = await people.profile(7, user)
        (rating,) = profile.ratings
        assert (rating.game, rating.players, rating.games) == ("toy", 3, 3)
        assert abs(rating.mu - mine[user][0]) < 1e-9
        assert abs(rating.sigma - mine[user][1]) < 1e-9
        got[user] = profile
    assert got[1].wins == 1
    assert got[1].played == 3
    assert got[2].last[-1].place == 3  # the resignation, first of the three, ranked last
    assert [p.game_id for p in got[3].last] == [c.game_id, b.game_id, a.game_id]
    board = await people.leaderboard(7, "toy")
    assert board.players == 3
    assert [b.user_id for b in board.lines] == sorted(
        mine, key=lambda u: -ratings.ordinal(*mine[u])
    )
    assert await people.catch_up() == 0  # nothing recorded twice
    assert not await people.record(a.game_id)  # told twice: recorded (and rated) once
    first = await people.history(7, 1, 0, size=2)
    second = await people.history(7, 1, 1, size=2)
    assert (first.total, first.pages, len(first.games), len(second.games)) == (3, 2, 2, 1)
    assert {p.game_id for p in first.games}.isdisjoint({p.game_id for p in second.games})
    assert (await people.history(7, 1, 9, size=2)).page == 1  # past the end: the last page


async def test_ai_seats_are_fixed_and_abandoned_or_unrated_games_do_not_count(store, clock):
    manager = make_manager(store, clock)
    people = Around(manager)  # not listening yet: the catch-up records what ended meanwhile
    vs_ai = await start_game(manager, "toy", (1,), ("greedy",))
    await _play_out(manager, vs_ai.game_id, 1)
    gone = await start_game(manager, "toy", (1, 2))
    await manager.abandon(gone.game_id, 1, admin=True)
    info = await manager.create_lobby(1, NewGame("toy", guild_id=7, seats=2))
    await people.unrate(info.game_id, 1)
    await manager.join(info.game_id, 2)
    off = await manager.start(info.game_id, 1)
    await _play_out(manager, off.game_id, 2)
    assert await people.catch_up() == 3
    assert await people.catch_up() == 0
    profile = await people.profile(7, 1)
    (rating,) = profile.ratings  # only the game against the AI
    final = (await manager.status(vs_ai.game_id)).final
    assert final is not None
    human, ai = final.ranks  # the human sits first (join order)
    expected = ratings.rate(
        [ratings.Entrant(human, *ratings.START, user=1), ratings.ai_entrant("greedy", ai)]
    )
    assert (rating.players, rating.games) == (2, 1)
    assert abs(rating.mu - expected[1][0]) < 1e-9
    assert profile.played == 3
    assert profile.placed == 2
    history = await people.history(7, 1)
    off_info = await manager.status(off.game_id)
    assert off_info.final is not None
    off_place = next(off_info.final.ranks[s.seat or 0] for s in off_info.seats if s.user_id == 1)
    places = [(p.rated, p.place) for p in history.games]
    assert places == [(False, off_place), (False, None), (True, human)]
    assert (await people.profile(7, 2)).ratings == ()  # both of 2's games were unrated
    assert profile.favourite == "toy"
