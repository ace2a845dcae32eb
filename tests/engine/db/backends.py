"""Both backends for the store, session and league tests: a parametrised `database_url`.

`database_url` is an SQLite file in the test's folder, or a PostgreSQL URL naming a schema
of its own (`?search_path=t_...`) in a throw-away database made for this test run on the
server at `TEST_DATABASE_URL` (default: 127.0.0.1:5432, user postgres, trust
authentication). The database, with every schema in it, is dropped when the run ends.

When no server answers, the PostgreSQL half skips with the reason, except under `CI=true`,
where a missing server fails the run: CI must test both.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

SERVER = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
BACKENDS = ("sqlite", "postgresql")


def with_database(url: str, name: str, **settings: str) -> str:
    """Return `url` naming database `name`, with `settings` as its query."""
    parts = urlsplit(url)
    query = "&".join(f"{k}={v}" for k, v in settings.items())
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", query, ""))


async def _answers(url: str) -> str | None:
    try:
        conn = await asyncpg.connect(url, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as error:
        return f"{type(error).__name__}: {error}"
    await conn.close()
    return None


async def _admin(url: str, *statements: str) -> None:
    conn = await asyncpg.connect(url, timeout=10)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """Make a throw-away database for this test run; return its URL; drop it at the end."""
    problem = asyncio.run(_answers(SERVER))
    if problem is not None:
        reason = f"no PostgreSQL server answers at {SERVER} ({problem})"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}: CI runs every test against PostgreSQL too")
        pytest.skip(reason)
    name = f"denarius_test_{os.getpid()}_{secrets.token_hex(4)}"
    asyncio.run(_admin(SERVER, f'CREATE DATABASE "{name}"'))
    try:
        yield with_database(SERVER, name)
    finally:
        asyncio.run(_admin(SERVER, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture
async def pg_url(pg_database: str) -> str:
    """Return a URL whose connections work in a fresh schema of the run's database.

    The schema goes with the database at the end of the run (dropping each one as its test
    ends would cost a third of a PostgreSQL test's time).
    """
    schema = f"t_{secrets.token_hex(6)}"
    await _admin(pg_database, f"CREATE SCHEMA {schema}")
    return with_database(pg_database, urlsplit(pg_database).path[1:], search_path=schema)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The backend a test runs on (each such test runs once per backend)."""
    return str(request.param)


@pytest.fixture
def database_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Where the test's database is: an SQLite file, or a PostgreSQL schema of its own."""
    if backend == "sqlite":
        return str(tmp_path / "games.db")
    return str(request.getfixturevalue("pg_url"))
