"""Placement points per table, season standings with tie-breaks, and OpenSkill ratings.

Rules (research brief §A3, ../shared/notes/leagues-and-lookups.md):

Table scoring (`score_table`):
- The game reports a placement for every player who did not forfeit (1 = winner; equal
  placements are ties) and their final score (victory points).
- Players who did not forfeit are ranked among themselves. A group tied over places
  i..j shares the mean of those places' points. The points table is the one for the seated
  table size (Scoring.points): at a four-player table where one player forfeits, the other
  three take the 10/6/3 of places 1-3.
- Forfeits count as last place: every forfeiting player is ranked after all others (tied
  with other forfeiters), scores 0 points and a VP share of 0. OpenSkill sees them last.
- VP share = own score / the table winner's score (the highest score among players placed
  first), as an exact fraction. If the winner's score is 0 or less, every non-forfeiting
  player's share is 1 (the scores say nothing).

Season standings (`season_standings`), in this order:
1. points (placement points + bye points + declared-absence points), higher first;
2. mean VP share over games played (a forfeited game counts with share 0), higher first;
3. wins (first places, shared first places included), more first;
4. opponents' average points: the mean, over every opponent met (once per game), of that
   opponent's season points (a Buchholz-like strength of schedule), higher first;
5. still equal: the players share the rank and are listed by user id.

Ratings: OpenSkill Plackett-Luce with the library's default parameters, one update per game
in the order results were recorded. Ratings carry over between seasons of the league.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from openskill.models import PlackettLuce

from engine.leagues.model import LeagueError, Scoring

DISPLAY_BASE = 1500
DISPLAY_SCALE = 24  # display = 1500 + 24 * (mu - 3 sigma): a new player shows 1500


@dataclass(frozen=True, slots=True)
class Entry:
    """One player's outcome at one table, as the game reports it."""

    user: int
    placement: int | None
    score: int | None
    forfeited: bool = False


@dataclass(frozen=True, slots=True)
class TableScore:
    """One player's scored result: effective rank (1 = first; ties share), points, VP share."""

    user: int
    rank: int
    points: Fraction
    vp_share: Fraction
    forfeited: bool
    score: int | None

    @property
    def won(self) -> bool:
        """Return whether the player took (or shared) first place."""
        return self.rank == 1 and not self.forfeited


@dataclass(frozen=True, slots=True)
class Credit:
    """Points a player gets for a week without a game: a bye or a declared absence."""

    user: int
    points: Fraction
    kind: str  # "bye" | "absent"


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the season standings."""

    rank: int
    user: int
    points: Fraction
    games: int
    wins: int
    vp_share: Fraction
    opponents_points: Fraction
    forfeits: int
    byes: int
    absences: int


@dataclass(frozen=True, slots=True)
class Rating:
    """An OpenSkill rating: mean and uncertainty."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """Return the conservative estimate mu - 3 sigma."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """Return an Elo-like figure for profiles: 1500 for a new player."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


def score_table(scoring: Scoring, entries: Sequence[Entry]) -> tuple[TableScore, ...]:
    """Score one finished table; the result lists players best first."""
    _check_entries(entries)
    points = scoring.points(len(entries))
    playing = sorted((e for e in entries if not e.forfeited), key=lambda e: e.placement or 0)
    winner_score = (
        max((e.score or 0 for e in playing if e.placement == playing[0].placement), default=0)
        if playing
        else 0
    )
    out: list[TableScore] = []
    start = 0
    while start < len(playing):
        group = [e for e in playing if e.placement == playing[start].placement]
        share_points = sum(points[start : start + len(group)], Fraction(0)) / len(group)
        for e in group:
            out.append(
                TableScore(
                    e.user,
                    start + 1,
                    share_points,
                    _vp_share(e.score, winner_score),
                    False,
                    e.score,
                )
            )
        start += len(group)
    for e in sorted((e for e in entries if e.forfeited), key=lambda e: e.user):
        out.append(TableScore(e.user, len(playing) + 1, Fraction(0), Fraction(0), True, e.score))
    return tuple(out)


def _vp_share(score: int | None, winner_score: int) -> Fraction:
    if winner_score <= 0:
        return Fraction(1)
    return Fraction(score or 0, winner_score)


def _check_entries(entries: Sequence[Entry]) -> None:
    if len(entries) not in (3, 4):
        raise LeagueError("league.err_result_size")
    if len({e.user for e in entries}) != len(entries):
        raise LeagueError("league.err_result_once")
    for e in entries:
        if not e.forfeited and (e.placement is None or e.placement < 1 or e.score is None):
            raise LeagueError("league.err_result_placement")


def season_standings(
    players: Iterable[int],
    games: Sequence[Sequence[TableScore]],
    credits: Sequence[Credit] = (),
) -> list[StandingRow]:
    """Return the season standings, best first, with the tie-breaks of the module docstring."""
    points: dict[int, Fraction] = defaultdict(Fraction)
    shares: dict[int, list[Fraction]] = defaultdict(list)
    counts: dict[str, dict[int, int]] = {
        k: defaultdict(int) for k in ("wins", "forfeits", "bye", "absent")
    }
    opponents: dict[int, list[int]] = defaultdict(list)
    everyone = set(players)
    for table in games:
        for s in table:
            everyone.add(s.user)
            points[s.user] += s.points
            shares[s.user].append(s.vp_share)
            counts["wins"][s.user] += s.won
            counts["forfeits"][s.user] += s.forfeited
            opponents[s.user].extend(o.user for o in table if o.user != s.user)
    for c in credits:
        everyone.add(c.user)
        points[c.user] += c.points
        counts[c.kind][c.user] += 1
    rows = []
    for user in everyone:
        played = shares[user]
        opp = opponents[user]
        rows.append(
            StandingRow(
                rank=0,
                user=user,
                points=points[user],
                games=len(played),
                wins=counts["wins"][user],
                vp_share=sum(played, Fraction(0)) / len(played) if played else Fraction(0),
                opponents_points=(
                    sum((points[o] for o in opp), Fraction(0)) / len(opp) if opp else Fraction(0)
                ),
                forfeits=counts["forfeits"][user],
                byes=counts["bye"][user],
                absences=counts["absent"][user],
            )
        )
    return _rank(rows)


def _sort_key(r: StandingRow) -> tuple[Fraction, Fraction, int, Fraction]:
    return (-r.points, -r.vp_share, -r.wins, -r.opponents_points)


def _rank(rows: list[StandingRow]) -> list[StandingRow]:
    rows.sort(key=lambda r: (_sort_key(r), r.user))
    out: list[StandingRow] = []
    for i, r in enumerate(rows):
        tied = out and _sort_key(out[-1]) == _sort_key(r)
        rank = out[-1].rank if tied else i + 1
        out.append(StandingRow(rank, *_fields_after_rank(r)))
    return out


def _fields_after_rank(
    r: StandingRow,
) -> tuple[int, Fraction, int, int, Fraction, Fraction, int, int, int]:
    return (
        r.user,
        r.points,
        r.games,
        r.wins,
        r.vp_share,
        r.opponents_points,
        r.forfeits,
        r.byes,
        r.absences,
    )


def rating_model() -> PlackettLuce:
    """Return the rating model: OpenSkill Plackett-Luce with default parameters."""
    return PlackettLuce()


def new_rating(model: PlackettLuce) -> Rating:
    """Return the rating of a player with no games."""
    return Rating(model.mu, model.sigma)


def rate_table(
    model: PlackettLuce, ratings: Mapping[int, Rating], table: Sequence[TableScore]
) -> dict[int, Rating]:
    """Return the new ratings of the players at one scored table (missing = new player)."""
    teams = []
    for s in table:
        r = ratings.get(s.user) or new_rating(model)
        teams.append([model.create_rating([r.mu, r.sigma], name=str(s.user))])
    rated = model.rate(teams, ranks=[float(s.rank) for s in table])
    return {s.user: Rating(t[0].mu, t[0].sigma) for s, t in zip(table, rated, strict=True)}


def replay_ratings(model: PlackettLuce, games: Iterable[Sequence[TableScore]]) -> dict[int, Rating]:
    """Return everyone's rating after rating `games` in order from scratch."""
    ratings: dict[int, Rating] = {}
    for table in games:
        ratings.update(rate_table(model, ratings, table))
    return ratings
