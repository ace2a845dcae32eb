"""A 24-player, 6-week season through the service with a fake clock and fake session manager."""

from collections import Counter
from dataclasses import dataclass
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from engine.leagues.actions import SeasonClosed, Standings, WeekSeated
from tests.engine.leagues.sim import START, Played, Sim

PLAYERS, WEEKS = 24, 6
END = START + timedelta(weeks=WEEKS, days=1)  # just past the close of season 1


def _independent_points(p: Played) -> dict[int, Fraction]:
    """Recompute one table's points from its raw result, without the league code."""
    table: list[Fraction] = {
        4: [Fraction(10), Fraction(6), Fraction(3), Fraction(1)],
        3: [Fraction(10), Fraction(9, 2), Fraction(1)],
    }[len(p.players)]
    playing = sorted(
        (s for s in range(len(p.players)) if s not in p.forfeited), key=lambda s: p.ranks[s] or 0
    )
    out = {p.players[s]: Fraction(0) for s in p.forfeited}
    for place, seat in enumerate(playing):  # the sim never reports tied ranks
        out[p.players[seat]] = Fraction(table[place])
    return out


def _independent_ratings(played: list[Played]) -> dict[int, tuple[float, float]]:
    model = PlackettLuce()
    ratings: dict[int, tuple[float, float]] = {}
    for p in played:
        order = sorted(range(len(p.players)), key=lambda s: (s in p.forfeited, p.ranks[s] or 0))
        teams, ranks = [], list[float]()
        for position, seat in enumerate(order, start=1):
            user = p.players[seat]
            mu, sigma = ratings.get(user, (model.mu, model.sigma))
            teams.append([model.create_rating([mu, sigma])])
            ranks.append(len(p.players) - len(p.forfeited) + 1 if seat in p.forfeited else position)
        for seat, team in zip(order, model.rate(teams, ranks=ranks), strict=True):
            ratings[p.players[seat]] = (team[0].mu, team[0].sigma)
    return ratings


@dataclass
class Run:
    sim: Sim
    steps: list[str]
    standings: Standings
    export: dict[str, str]


async def _run(tmp_path: Path, *, restart: bool, repeat_weight: int = 3) -> Run:
    """Run season 1 to its close (season 2 opens at the same step, so its games are dropped)."""
    sim = await Sim.start(tmp_path / "league.db", PLAYERS, WEEKS, repeat_weight=repeat_weight)
    restart_at = START + timedelta(weeks=2, days=3, hours=5) if restart else None
    try:
        await sim.run_until(END, restart_at=restart_at)
        steps = [k for k, _ in await sim.service.store.steps(sim.league_id)]
        standings = await sim.service.standings(sim.league_id, 1)
        export = await sim.service.export_csv(sim.league_id)
    finally:
        await sim.close()
    first = {
        t.table_id
        for a in sim.actions
        if isinstance(a, WeekSeated) and a.season == 1
        for t in a.tables
    }
    sim.played = [p for p in sim.played if p.table_id in first]
    sim.actions = [
        a
        for a in sim.actions
        if getattr(a, "season", 1) == 1
        and (not hasattr(a, "request") or a.request.table.table_id in first)
    ]
    return Run(sim, steps, standings, export)


def _repeats(sim: Sim) -> int:
    met: Counter[tuple[int, int]] = Counter()
    repeats = 0
    for a in sim.actions:
        if isinstance(a, WeekSeated):
            for t in a.tables:
                pairs = [(x, y) for i, x in enumerate(t.players) for y in t.players[i + 1 :]]
                repeats += sum(1 for x, y in pairs if met[min(x, y), max(x, y)])
                met.update((min(x, y), max(x, y)) for x, y in pairs)
    return repeats


async def test_a_simulated_season_matches_an_independent_recomputation(tmp_path, record_property):
    run = await _run(tmp_path, restart=True)
    sim = run.sim
    seated = [a for a in sim.actions if isinstance(a, WeekSeated)]
    assert [(a.season, a.week) for a in seated] == [(1, w) for w in range(1, WEEKS + 1)]
    for a in seated:  # everyone plays every week, once, at tables of four
        players = [p for t in a.tables for p in t.players]
        assert sorted(players) == list(range(1001, 1001 + PLAYERS))
        assert {len(t.players) for t in a.tables} == {4}
    steps = [k for k in run.steps if k.startswith("s1:")]
    assert len(steps) == len(set(steps)) == 2 * WEEKS + 1
    # Every game created once, every result in by its deadline (late ones finished at it).
    assert len(set(sim.created())) == len(sim.created()) == PLAYERS // 4 * WEEKS
    assert len(sim.played) == PLAYERS // 4 * WEEKS
    assert all(p.at <= p.deadline + timedelta(hours=3) for p in sim.played)
    late = {p.table_id for p in sim.played if p.forfeited}
    assert late == set(sim.finish_requests())
    assert late  # the sim does run games into the deadline

    standings = run.standings
    rows = {r.user: r for _, div in standings.divisions for r in div}
    points: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    for p in sim.played:
        for user, pts in _independent_points(p).items():
            points[user] += pts  # type: ignore[assignment]
        wins[
            p.players[
                min(
                    (s for s in range(len(p.players)) if s not in p.forfeited),
                    key=lambda s: p.ranks[s] or 0,
                )
            ]
        ] += 1
    assert {u: r.points for u, r in rows.items()} == dict(points)
    assert {u: r.wins for u, r in rows.items() if r.wins} == dict(wins)
    assert all(r.games == WEEKS for r in rows.values())
    ordered = [r.points for _, div in standings.divisions for r in div]
    assert ordered == sorted(ordered, reverse=True)

    expected = _independent_ratings(sim.played)
    stored = {u: (r.mu, r.sigma) for u, r in standings.ratings.items()}
    assert stored.keys() == expected.keys()
    for user, (mu, sigma) in expected.items():
        assert stored[user] == pytest.approx((mu, sigma), abs=1e-9)
    assert any(isinstance(a, SeasonClosed) for a in sim.actions)
    record_property("repeat_pairings", _repeats(sim))


@pytest.mark.slow
async def test_a_restart_mid_week_changes_nothing(tmp_path):
    with_restart = await _run(tmp_path / "a", restart=True)
    without = await _run(tmp_path / "b", restart=False)
    assert with_restart.sim.restarts == 1
    assert with_restart.sim.played == without.sim.played
    assert with_restart.sim.actions == without.sim.actions
    assert with_restart.steps == without.steps
    assert with_restart.export == without.export


@pytest.mark.slow
async def test_repeat_penalty_reduces_repeat_pairings_in_a_season(tmp_path, record_property):
    penalised = _repeats((await _run(tmp_path / "a", restart=False)).sim)
    pure_swiss = _repeats((await _run(tmp_path / "b", restart=False, repeat_weight=0)).sim)
    record_property("repeat_pairings", {"weight_3": penalised, "weight_0": pure_swiss})
    assert penalised < pure_swiss
