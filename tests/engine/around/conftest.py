"""The session fixtures (a manager on each backend, a fake clock) for the people tests."""

from tests.engine.sessions.conftest import clock, db_path, manager, store

__all__ = ["clock", "db_path", "manager", "store"]
