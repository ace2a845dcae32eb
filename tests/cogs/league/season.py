"""Reading a league season back from the bot's database, and recomputing it independently.

The recomputation starts from the session games themselves (seats, final ranks, scores,
who forfeited) and uses none of the league code: placement points 10/6/3/1 (10/4.5/1 for
three), shared on ties, 0 for a forfeit; OpenSkill Plackett-Luce straight from the library.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

from openskill.models import PlackettLuce

MONDAY = datetime(2026, 3, 2, 12, tzinfo=UTC)
SLOT1 = datetime(2026, 3, 2, 18, tzinfo=UTC)  # week start: Monday 18:00 UTC
POINTS = {
    4: (Fraction(10), Fraction(6), Fraction(3), Fraction(1)),
    3: (Fraction(10), Fraction(9, 2), Fraction(1)),
}


def slot(week: int) -> datetime:
    """Return the start of week `week` (1-based) when every week is seated on time."""
    return SLOT1 + timedelta(weeks=week - 1)


@dataclass(frozen=True)
class Game:
    """One league table and its session game, as stored."""

    season: int
    week: int
    table_id: int
    game_id: int
    players: tuple[int, ...]  # by seat
    seated_at: datetime
    deadline: datetime
    created_at: datetime
    finished_at: datetime | None
    status: str
    ranks: tuple[int, ...]
    scores: tuple[int, ...] | None
    out: frozenset[int]
    result_seq: int | None


def read_games(db: Path, league_id: int = 1) -> list[Game]:
    """Return every league game of a league, by table id."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT s.number, w.number, t.id, lg.game_id, w.seated_at, w.deadline,"
            " g.created_at, g.updated_at, g.status, g.result, t.result_seq"
            " FROM league_game lg JOIN league_table t ON t.id = lg.table_id"
            " JOIN league_week w ON w.id = t.week_id JOIN league_season s ON s.id = w.season_id"
            " JOIN games g ON g.id = lg.game_id WHERE s.league_id = ? ORDER BY t.id",
            (league_id,),
        ).fetchall()
        out = []
        for season, week, table, game, seated, deadline, created, updated, status, res, seq in rows:
            seats = con.execute(
                "SELECT seat, user_id FROM seats WHERE game_id = ? ORDER BY seat", (game,)
            ).fetchall()
            final = json.loads(res) if res else None
            result = final["result"] if final else None
            out.append(
                Game(
                    season,
                    week,
                    table,
                    game,
                    tuple(u for _, u in seats),
                    datetime.fromisoformat(seated),
                    datetime.fromisoformat(deadline),
                    datetime.fromisoformat(created),
                    datetime.fromisoformat(updated) if status != "active" else None,
                    status,
                    tuple(final["ranks"]) if final else (),
                    tuple(result["scores"]) if result else None,
                    frozenset(final["out"]) if final else frozenset(),
                    seq,
                )
            )
        return out
    finally:
        con.close()


def read_steps(db: Path, league_id: int = 1) -> list[str]:
    """Return the recorded schedule steps of a league."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute(
            "SELECT key FROM league_step WHERE league_id = ? ORDER BY done_at, key", (league_id,)
        ).fetchall()
        return [k for (k,) in rows]
    finally:
        con.close()


def table_points(game: Game) -> dict[int, Fraction]:
    """Return each player's placement points at one game."""
    points = POINTS[len(game.players)]
    playing = sorted(
        (s for s in range(len(game.players)) if s not in game.out), key=lambda s: game.ranks[s]
    )
    out = {game.players[s]: Fraction(0) for s in game.out}
    start = 0
    while start < len(playing):
        group = [s for s in playing if game.ranks[s] == game.ranks[playing[start]]]
        shared = sum(points[start : start + len(group)], Fraction(0)) / len(group)
        out.update({game.players[s]: shared for s in group})
        start += len(group)
    return out


def season_points(games: list[Game]) -> tuple[Counter[int], Counter[int], Counter[int]]:
    """Return (points, games, wins) per user over the games."""
    points: Counter[int] = Counter()
    played: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    for game in games:
        for user, value in table_points(game).items():
            points[user] += value  # type: ignore[assignment]
            played[user] += 1
        for seat, user in enumerate(game.players):
            if seat not in game.out and game.ranks[seat] == 1:
                wins[user] += 1
    return points, played, wins


def ratings(games: list[Game]) -> dict[int, tuple[float, float]]:
    """Return OpenSkill (mu, sigma) per user after rating the games in recorded order."""
    model = PlackettLuce()
    current: dict[int, tuple[float, float]] = {}
    for game in sorted(games, key=lambda g: g.result_seq or 0):
        n = len(game.players)
        competing = n - len(game.out)
        order = sorted(range(n), key=lambda s: (s in game.out, game.ranks[s], s))
        teams, ranks = [], []
        for seat in order:
            mu, sigma = current.get(game.players[seat], (model.mu, model.sigma))
            teams.append([model.create_rating([mu, sigma])])
            ranks.append(float(competing + 1 if seat in game.out else game.ranks[seat]))
        for seat, team in zip(order, model.rate(teams, ranks=ranks), strict=True):
            current[game.players[seat]] = (team[0].mu, team[0].sigma)
    return current


def repeat_pairings(games: list[Game]) -> int:
    """Return how many pairs of players met again after a first meeting."""
    met: Counter[tuple[int, int]] = Counter()
    repeats = 0
    for game in sorted(games, key=lambda g: (g.week, g.table_id)):
        pairs = [
            (min(a, b), max(a, b))
            for i, a in enumerate(game.players)
            for b in game.players[i + 1 :]
        ]
        repeats += sum(1 for p in pairs if met[p])
        met.update(pairs)
    return repeats


def mean_vp_shares(games: list[Game]) -> dict[int, Fraction]:
    """Return each user's mean share of the table winner's score (0 for a forfeit)."""
    shares: dict[int, list[Fraction]] = {}
    for game in games:
        scores = game.scores or (0,) * len(game.players)
        competing = [s for s in range(len(game.players)) if s not in game.out]
        top = max((scores[s] for s in competing if game.ranks[s] == 1), default=0)
        for seat, user in enumerate(game.players):
            if seat in game.out:
                share = Fraction(0)
            else:
                share = Fraction(1) if top <= 0 else Fraction(scores[seat], top)
            shares.setdefault(user, []).append(share)
    return {u: sum(v, Fraction(0)) / len(v) for u, v in shares.items()}
