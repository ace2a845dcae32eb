"""AI players: `make_player(level)` gives an easy, normal or hard opponent (levels.py)."""

from engine.ai.levels import LEVELS, make_player

__all__ = ["LEVELS", "make_player"]
