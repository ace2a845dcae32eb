# mypy: disable-error-code="comparison-overlap"
# (exact Fractions are compared with int literals on purpose: Fraction(10) == 10)
from collections.abc import Sequence
from fractions import Fraction as F  # noqa: N817

import pytest
from openskill.models import PlackettLuce

from engine.leagues.model import LeagueError, Scoring
from engine.leagues.standings import (
    Credit,
    Entry,
    Rating,
    TableScore,
    rate_table,
    rating_model,
    replay_ratings,
    score_table,
    season_standings,
)

DEFAULT = Scoring()


def _by_user(scored: Sequence[TableScore]) -> dict[int, tuple[int, F, F]]:
    return {s.user: (s.rank, s.points, s.vp_share) for s in scored}


def test_four_player_table_scores_10_6_3_1_and_vp_share_against_the_winner():
    scored = score_table(
        DEFAULT, [Entry(1, 1, 40), Entry(2, 2, 30), Entry(3, 3, 20), Entry(4, 4, 10)]
    )
    assert _by_user(scored) == {
        1: (1, 10, 1),
        2: (2, 6, F(3, 4)),
        3: (3, 3, F(1, 2)),
        4: (4, 1, F(1, 4)),
    }
    assert [s.user for s in scored] == [1, 2, 3, 4]


def test_tied_places_share_the_points_of_the_places_they_cover():
    scored = score_table(
        DEFAULT, [Entry(1, 1, 40), Entry(2, 2, 30), Entry(3, 2, 30), Entry(4, 4, 12)]
    )
    assert _by_user(scored) == {
        1: (1, 10, 1),
        2: (2, F(9, 2), F(3, 4)),
        3: (2, F(9, 2), F(3, 4)),
        4: (4, 1, F(3, 10)),
    }


def test_shared_win_splits_first_and_second():
    scored = score_table(DEFAULT, [Entry(1, 1, 30), Entry(2, 1, 30), Entry(3, 3, 15)])
    # Three players: 10 / 4.5 / 1; two winners share (10 + 4.5) / 2.
    assert _by_user(scored) == {1: (1, F(29, 4), 1), 2: (1, F(29, 4), 1), 3: (3, 1, F(1, 2))}
    assert all(s.won for s in scored[:2])


def test_three_player_points_are_first_mean_of_middle_and_last():
    assert DEFAULT.points(3) == (10, F(9, 2), 1)
    assert Scoring(three=(F(10), F(5), F(2))).points(3) == (10, 5, 2)
    assert Scoring(four=(8, 4, 2, 1)).points(3) == (8, 3, 1)
    assert DEFAULT.bye_points == 5


def test_a_forfeit_is_last_with_no_points_and_the_rest_rank_among_themselves():
    scored = score_table(
        DEFAULT,
        [Entry(1, 2, 35), Entry(2, 1, 40), Entry(3, 3, 20), Entry(4, None, 25, forfeited=True)],
    )
    assert _by_user(scored) == {2: (1, 10, 1), 1: (2, 6, F(7, 8)), 3: (3, 3, F(1, 2)), 4: (4, 0, 0)}
    assert scored[-1].forfeited


def test_two_forfeits_share_last_place():
    scored = score_table(
        DEFAULT,
        [Entry(1, 1, 20), Entry(2, 2, 10), Entry(3, None, None, True), Entry(4, None, None, True)],
    )
    assert _by_user(scored) == {1: (1, 10, 1), 2: (2, 6, F(1, 2)), 3: (3, 0, 0), 4: (3, 0, 0)}


def test_a_winner_with_no_points_gives_everyone_a_full_share():
    scored = score_table(DEFAULT, [Entry(1, 1, 0), Entry(2, 2, 0), Entry(3, 3, 0)])
    assert [s.vp_share for s in scored] == [1, 1, 1]


@pytest.mark.parametrize(
    "entries",
    [
        [Entry(1, 1, 3), Entry(2, 2, 2)],
        [Entry(1, 1, 3), Entry(1, 2, 2), Entry(3, 3, 1)],
        [Entry(1, 1, 3), Entry(2, None, 2), Entry(3, 3, 1)],
        [Entry(1, 1, 3), Entry(2, 2, None), Entry(3, 3, 1)],
    ],
)
def test_malformed_results_are_refused(entries):
    with pytest.raises(LeagueError):
        score_table(DEFAULT, entries)


def test_scoring_must_not_rise():
    with pytest.raises(LeagueError):
        Scoring(four=(10, 6, 7, 1))
    with pytest.raises(LeagueError):
        Scoring(four=(10, 6, 3))


def _week_one() -> list[tuple[TableScore, ...]]:
    t1 = score_table(DEFAULT, [Entry(1, 1, 50), Entry(2, 2, 40), Entry(3, 3, 30), Entry(4, 4, 20)])
    t2 = score_table(DEFAULT, [Entry(5, 1, 30), Entry(6, 2, 27), Entry(7, 3, 15), Entry(8, 4, 3)])
    return [t1, t2]


def test_standings_order_points_then_vp_share_and_share_full_ties():
    rows = season_standings(range(1, 9), _week_one())
    assert [(r.rank, r.user) for r in rows] == [
        (1, 1),
        (1, 5),
        (3, 6),
        (4, 2),
        (5, 3),
        (6, 7),
        (7, 4),
        (8, 8),
    ]
    assert rows[2].vp_share == F(9, 10)
    assert rows[3].vp_share == F(4, 5)
    assert rows[0].opponents_points == rows[1].opponents_points == F(10, 3)


def test_opponents_points_break_a_tie_left_by_points_share_and_wins():
    games = _week_one()
    games.append(score_table(DEFAULT, [Entry(2, 1, 30), Entry(3, 2, 20), Entry(4, 3, 10)]))
    credits = [Credit(u, F(0), "absent") for u in (1, 5, 6, 7, 8)]
    rows = {r.user: r for r in season_standings(range(1, 9), games, credits)}
    # Player 1 met 2, 3, 4 (16, 7.5, 2 points); player 5 met 6, 7, 8 (6, 3, 1 points).
    assert rows[1].opponents_points == F(51, 6)
    assert rows[5].opponents_points == F(10, 3)
    assert rows[1].rank < rows[5].rank
    assert rows[1].absences == 1
    assert rows[2].absences == 0


def test_wins_break_a_tie_left_by_points_and_vp_share():
    s = Scoring(four=(10, 6, 4, 0))
    g1 = score_table(s, [Entry(1, 1, 40), Entry(2, 2, 24), Entry(3, 3, 10), Entry(4, 4, 8)])
    g2 = score_table(
        s, [Entry(5, 1, 50), Entry(6, 2, 45), Entry(2, 3, 20), Entry(1, None, None, True)]
    )
    rows = {r.user: r for r in season_standings(range(1, 7), [g1, g2])}
    assert (rows[1].points, rows[1].vp_share, rows[1].wins) == (10, F(1, 2), 1)
    assert (rows[2].points, rows[2].vp_share, rows[2].wins) == (10, F(1, 2), 0)
    assert [rows[5].rank, rows[1].rank, rows[2].rank] == [1, 2, 3]
    assert rows[1].forfeits == 1


def test_byes_add_points_without_a_game():
    rows = season_standings([1, 2], [], [Credit(1, F(5), "bye")])
    assert [(r.user, r.points, r.games, r.byes) for r in rows] == [(1, 5, 0, 1), (2, 0, 0, 0)]


def test_rating_update_equals_a_direct_openskill_call():
    model = rating_model()
    scored = score_table(
        DEFAULT, [Entry(1, 2, 30), Entry(2, 1, 40), Entry(3, 3, 20), Entry(4, None, None, True)]
    )
    before = {1: Rating(27.0, 7.0), 2: Rating(22.0, 8.0)}
    after = rate_table(model, before, scored)
    direct = PlackettLuce()
    teams = [
        [direct.create_rating([22.0, 8.0])],
        [direct.create_rating([27.0, 7.0])],
        [direct.rating()],
        [direct.rating()],
    ]
    expected = direct.rate(teams, ranks=[1, 2, 3, 4])
    for user, team in zip([2, 1, 3, 4], expected, strict=True):
        assert after[user] == Rating(team[0].mu, team[0].sigma)
    assert after[2].mu > 22.0
    assert after[4].mu < 25.0


def test_replayed_ratings_equal_game_by_game_updates():
    g1, g2 = _week_one()
    g3 = score_table(DEFAULT, [Entry(1, 3, 10), Entry(5, 1, 30), Entry(8, 2, 20)])
    model = rating_model()
    step: dict[int, Rating] = {}
    for g in (g1, g2, g3):
        step.update(rate_table(model, step, g))
    assert replay_ratings(model, [g1, g2, g3]) == step
    assert Rating(25.0, 25 / 3).display == 1500
