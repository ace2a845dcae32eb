"""Troyes (Pearl Games 2010) for 2-4 players: `TroyesEngine` is the public entry."""

from engine.troyes.game import TroyesEngine

__all__ = ["TroyesEngine"]
