"""The league rows of results, byes, ratings and the CSV export: the second half of the store.

`LeagueStore` (store.py) inherits these methods; they share its database and its
transaction (a result, its rating updates and its history rows are written together).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import datetime
from fractions import Fraction
from typing import Any

from engine.db import Database
from engine.leagues.standings import Credit, Rating, TableScore


def iso(t: datetime | None) -> str | None:
    """Return a time as ISO 8601 text (None stays None)."""
    return None if t is None else t.isoformat()


def maybe_time(text: str | None) -> datetime | None:
    """Return a stored time, or None."""
    return None if text is None else datetime.fromisoformat(text)


def parse_time(text: str) -> datetime:
    """Return a stored time."""
    return datetime.fromisoformat(text)


class ResultRows:
    """Reads and writes of results, credits and ratings over `self.database`."""

    database: Database

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return await self.database.fetch_all(sql, params)

    async def _one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        return await self.database.fetch_one(sql, params)

    async def _insert(self, sql: str, params: Sequence[Any]) -> int:
        return await self.database.insert(sql, params)

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await self.database.execute(sql, params)

    async def _many(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.database.execute_many(sql, rows)

    # -- leagues and members ------------------------------------------------------------

    async def insert_results(self, table_id: int, scores: Sequence[TableScore], seq: int) -> None:
        """Store a table's scored results and mark it finished with order number `seq`."""
        await self._many(
            "INSERT INTO league_result VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    table_id,
                    s.user,
                    None if s.forfeited else s.rank,
                    s.score,
                    int(s.forfeited),
                    s.rank,
                    str(s.points),
                    str(s.vp_share),
                )
                for s in scores
            ],
        )
        await self._run("UPDATE league_table SET result_seq = ? WHERE id = ?", (seq, table_id))

    async def next_result_seq(self) -> int:
        """Return the next result order number."""
        row = await self._one("SELECT coalesce(max(result_seq), 0) + 1 FROM league_table")
        return int(row[0])

    async def table_scores(self, table_id: int) -> tuple[TableScore, ...]:
        """Return the stored result of one table (empty if none), best first."""
        rows = await self._all(
            "SELECT user_id, rank, points, vp_share, forfeited, score FROM league_result"
            " WHERE table_id = ? ORDER BY rank, user_id",
            (table_id,),
        )
        return tuple(_score(r) for r in rows)

    async def season_scores(self, season_id: int) -> list[tuple[TableScore, ...]]:
        """Return every recorded table of a season, in the order results were recorded."""
        rows = await self._all(
            "SELECT t.id, r.user_id, r.rank, r.points, r.vp_share, r.forfeited, r.score"
            " FROM league_result r JOIN league_table t ON t.id = r.table_id"
            " JOIN league_week w ON w.id = t.week_id WHERE w.season_id = ?"
            " ORDER BY t.result_seq, r.rank, r.user_id",
            (season_id,),
        )
        grouped: dict[int, list[TableScore]] = {}
        for table_id, *rest in rows:
            grouped.setdefault(table_id, []).append(_score(rest))
        return [tuple(v) for v in grouped.values()]

    async def insert_credits(self, week_id: int, credits: Iterable[Credit]) -> None:
        """Store byes and absences of a week."""
        await self._many(
            "INSERT INTO league_credit VALUES (?, ?, ?, ?)",
            [(week_id, c.user, c.kind, str(c.points)) for c in credits],
        )

    async def season_credits(self, season_id: int) -> list[Credit]:
        """Return every bye and absence of a season."""
        rows = await self._all(
            "SELECT c.user_id, c.points, c.kind FROM league_credit c"
            " JOIN league_week w ON w.id = c.week_id WHERE w.season_id = ?"
            " ORDER BY w.number, c.user_id",
            (season_id,),
        )
        return [Credit(u, Fraction(p), k) for u, p, k in rows]

    async def week_credits(self, week_id: int) -> list[Credit]:
        """Return the byes and absences of one week."""
        rows = await self._all(
            "SELECT user_id, points, kind FROM league_credit WHERE week_id = ? ORDER BY user_id",
            (week_id,),
        )
        return [Credit(u, Fraction(p), k) for u, p, k in rows]

    async def ratings(self, league_id: int) -> dict[int, tuple[Rating, int]]:
        """Return user -> (rating, games rated) for a league."""
        rows = await self._all(
            "SELECT user_id, mu, sigma, games FROM league_rating WHERE league_id = ?",
            (league_id,),
        )
        return {u: (Rating(mu, s), g) for u, mu, s, g in rows}

    async def save_rating(
        self,
        league_id: int,
        table_id: int,
        user: int,
        change: tuple[Rating, Rating],
        now: datetime,
    ) -> None:
        """Store a rating update and its history row."""
        before, after = change
        await self._run(
            "INSERT INTO league_rating VALUES (?, ?, ?, ?, 1) ON CONFLICT (league_id, user_id)"
            " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
            " games = league_rating.games + 1",
            (league_id, user, after.mu, after.sigma),
        )
        await self._run(
            "INSERT INTO league_rating_history (league_id, user_id, table_id, mu_before,"
            " sigma_before, mu_after, sigma_after, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (league_id, user, table_id, before.mu, before.sigma, after.mu, after.sigma, iso(now)),
        )

    async def rating_history(self, league_id: int) -> list[tuple[int, int, Rating, Rating]]:
        """Return (table id, user, before, after) rows in the order they were rated."""
        rows = await self._all(
            "SELECT table_id, user_id, mu_before, sigma_before, mu_after, sigma_after"
            " FROM league_rating_history WHERE league_id = ? ORDER BY id",
            (league_id,),
        )
        return [(t, u, Rating(a, b), Rating(c, d)) for t, u, a, b, c, d in rows]

    async def games_csv(self, league_id: int) -> str:
        """Return every recorded game result of a league as CSV."""
        rows = await self._all(
            "SELECT s.number, w.number, t.number, t.division, t.game_id, st.seat, r.user_id,"
            " r.placement, r.score, r.forfeited, r.rank, r.points, r.vp_share"
            " FROM league_result r JOIN league_table t ON t.id = r.table_id"
            " JOIN league_seat st ON st.table_id = t.id AND st.user_id = r.user_id"
            " JOIN league_week w ON w.id = t.week_id JOIN league_season s ON s.id = w.season_id"
            " WHERE s.league_id = ? ORDER BY s.number, w.number, t.number, st.seat",
            (league_id,),
        )
        head = (
            "season",
            "week",
            "table",
            "division",
            "game_id",
            "seat",
            "user_id",
            "placement",
            "score",
            "forfeited",
            "rank",
            "points",
            "vp_share",
        )
        return to_csv(
            head,
            [(*r[:11], float(Fraction(r[11])), round(float(Fraction(r[12])), 4)) for r in rows],
        )


def to_csv(head: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """Return a header and rows as CSV text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(head)
    writer.writerows(rows)
    return out.getvalue()


def _score(row: Sequence[Any]) -> TableScore:
    user, rank, points, share, forfeited, score = row
    return TableScore(user, rank, Fraction(points), Fraction(share), bool(forfeited), score)
