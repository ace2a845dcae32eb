"""Fixtures every test folder may use: the database backends (tests/engine/db/backends.py)."""

from tests.engine.db.backends import backend, database_url, pg_database, pg_url

__all__ = ["backend", "database_url", "pg_database", "pg_url"]
