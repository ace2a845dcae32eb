"""Session-wide checks: every REST exchange with the local Discord is held to Discord's spec.

Each emulator started in this process hands its exchanges (`localdiscord.conformance`) to
the sink installed here; after each test, what was recorded since the last check (the
module's bot start-up included) is validated against Discord's OpenAPI description, and
the test fails on any request or answer the spec refuses (the allowed quirks aside).
`DISCORD_API_SPEC_CHECK=0` turns the check off (e.g. to measure without it).

It also offers every test folder the database backends (tests/engine/db/backends.py), and
tells pytest-xdist (`make test` runs two workers) what must stay on one worker.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from localdiscord import conformance, record
from tests.engine.db.backends import backend, database_url, pg_database, pg_url

__all__ = [
    "backend",
    "database_url",
    "pg_database",
    "pg_url",
    "pytest_collection_modifyitems",
    "pytest_terminal_summary",
]
TESTS = Path(__file__).resolve().parent

_PENDING: list[record.Exchange] = []
_SPEC: list[conformance.Spec] = []
_TOTALS = {"exchanges": 0, "seconds": 0.0}


def _spec() -> conformance.Spec:
    if not _SPEC:
        try:
            _SPEC.append(conformance.Spec())
        except conformance.SpecMissingError as exc:
            pytest.fail(str(exc), pytrace=False)
    return _SPEC[0]


def _check_pending(when: str) -> None:
    if not _PENDING:
        return
    batch = list(_PENDING)
    del _PENDING[: len(batch)]
    spec = _spec()
    started = time.perf_counter()
    problems = [p for ex in batch for p in spec.check(ex)]
    _TOTALS["seconds"] += time.perf_counter() - started
    _TOTALS["exchanges"] += len(batch)
    if problems:
        shown = "\n".join(f"  {p}" for p in problems[:30])
        more = f"\n  ... and {len(problems) - 30} more" if len(problems) > 30 else ""
        pytest.fail(
            f"{len(problems)} problem(s) against Discord's OpenAPI spec {when}:\n{shown}{more}",
            pytrace=False,
        )


@pytest.fixture(scope="session", autouse=True)
def _discord_spec_sink() -> Iterator[None]:
    if os.environ.get("DISCORD_API_SPEC_CHECK", "1") == "0":
        yield
        return
    record.SINKS.append(_PENDING.append)
    yield
    record.SINKS.remove(_PENDING.append)
    _check_pending("at the end of the session")


@pytest.fixture(autouse=True)
def _discord_spec_check(_discord_spec_sink: None) -> Iterator[None]:
    yield
    _check_pending("during this test (or its module's set-up)")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say how many exchanges were checked against the spec and which quirks were needed."""
    if not _SPEC:
        return
    spec = _SPEC[0]
    write = terminalreporter.write_line
    write(
        f"Discord API spec: {_TOTALS['exchanges']} exchanges checked "
        f"({spec.checked_requests} request bodies, {spec.checked_responses} answers; "
        f"{spec.refused_invalid} invalid requests refused as Discord would) "
        f"in {_TOTALS['seconds']:.2f} s"
    )
    for quirk, count in spec.allowed.items():
        write(f"  quirk allowed {count}x: {quirk.operation} {quirk.side} {quirk.where}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Group tests for `--dist loadgroup`: a module's tests share a worker, tests/e2e is one group.

    A module's tests often share one bot (a module-scoped table), so they run together; the
    whole of tests/e2e runs on one worker in file order, because test_zz_copy.py copies the
    databases the other e2e modules left behind. Without xdist the mark does nothing.
    """
    for item in items:
        where = item.path.resolve().relative_to(TESTS)
        group = "e2e" if where.parts[0] == "e2e" else where.as_posix()
        item.add_marker(pytest.mark.xdist_group(group))
