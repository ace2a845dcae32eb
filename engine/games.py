"""The registry of playable games, by name (the lobby, sessions and bench read it)."""

from typing import Any

from engine.core.protocol import GameEngine
from engine.trajan.game import TrajanEngine
from engine.troyes.game import TroyesEngine

GAMES: dict[str, GameEngine[Any, Any]] = {"trajan": TrajanEngine(), "troyes": TroyesEngine()}
