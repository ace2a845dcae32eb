"""OpenSkill ratings of every game, per server, game and player count (docs/around.md).

One rating per (server, game, seats at the table): a two-player Troyes and a four-player
Troyes are different skills. OpenSkill Plackett-Luce with the library's default parameters
(a new player is mu 25, sigma 25/3), one update per ended game, in the order games ended.
League ratings are the leagues' own (engine/leagues/standings.py) and stay separate.

The rules for what is rated:

- a finished game is rated, placed by its final ranks (ties share a rank; a player who
  resigned or forfeited is ranked below every competitor, as the game's result says);
- an abandoned game is not rated (nor a lobby that closed); it shows in the history;
- a game whose creator turned rating off at creation (`/game new rated:False`) is not rated;
- an AI seat plays as a fixed-rating opponent of its level (`AI_RATINGS`): it counts in the
  update of the humans at its table, but its own rating never moves; a game with no human
  has nothing to rate;
- that level is the one that played (`played_level`), not the one stored on the seat: a
  seat stored as hard plays at the operator's cap when it is lower (AI_MAX_LEVEL), and a
  hard search past its safety plays a normal move; each move records its player;
- a seat's result belongs to whoever holds it when the game ends (after a substitution, the
  new holder); earlier holders get neither rating change nor history line.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
# The fixed ratings of the AI levels: a chosen ladder (weakest lowest), not a measured one;
# bench/ai.py measures the levels' strength against each other. Sigma is small so that a
# game against an AI teaches the model little about the AI and most about the human.
AI_SIGMA = 1.0
AI_RATINGS: dict[str, float] = {
    "random": 12.0,
    "greedy": 20.0,
    "easy": 18.0,
    "normal": 25.0,
    "hard": 30.0,
}
UNKNOWN_AI = 25.0  # an AI kind not in the table plays as an average player
DISPLAY_BASE = 1500
DISPLAY_SCALE = 24  # shown rating = 1500 + 24 * (mu - 3 sigma), as the leagues show theirs


@dataclass(frozen=True, slots=True)
class Entrant:
    """One seat of an ended game: a human (user) or an AI (kind), its rank and rating now."""

    rank: int
    mu: float
    sigma: float
    user: int | None = None
    ai: str | None = None


def played_level(stored: str, made: dict[str, int] | None) -> str:
    """Return the level an AI seat is rated at: the player that made most of its moves.

    `made` counts the seat's live moves by the player that made them (None or empty: no
    move recorded its player, games played before migration 0013: the stored level). A
    tie goes to the weaker player, so a mixed game never rates the AI above how it played.
    """
    if not made:
        return stored
    return max(made, key=lambda kind: (made[kind], -AI_RATINGS.get(kind, UNKNOWN_AI)))


def ai_entrant(kind: str, rank: int) -> Entrant:
    """Return an AI seat as a fixed-rating opponent."""
    return Entrant(rank, AI_RATINGS.get(kind, UNKNOWN_AI), AI_SIGMA, ai=kind)


def ordinal(mu: float, sigma: float) -> float:
    """Return the conservative skill the leaderboard sorts by: mu - 3 sigma."""
    return mu - 3 * sigma


def display(mu: float, sigma: float) -> int:
    """Return the rating shown to players (a new player shows 1500)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma))


def rate(table: Sequence[Entrant]) -> dict[int, tuple[float, float]]:
    """Return the humans' new (mu, sigma) after one game; AI seats do not change."""
    if sum(1 for e in table if e.user is not None) == 0 or len(table) < 2:
        return {}
    teams = [[MODEL.create_rating([e.mu, e.sigma], name=str(i))] for i, e in enumerate(table)]
    rated = MODEL.rate(teams, ranks=[float(e.rank) for e in table])
    return {
        e.user: (team[0].mu, team[0].sigma)
        for e, team in zip(table, rated, strict=True)
        if e.user is not None
    }
