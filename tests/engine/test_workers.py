"""Worker pools that mend themselves and never outlive their parent (issue 18)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.workers import WorkerPool
from tests.processes import children, wait_gone

REPO = Path(__file__).resolve().parents[2]


def _pid() -> int:
    return os.getpid()


async def test_a_killed_worker_is_replaced_and_the_call_runs() -> None:
    pool = WorkerPool(1)
    try:
        first = await pool.run(_pid)
        os.kill(first, signal.SIGKILL)
        assert wait_gone([first]) == []
        second = await pool.run(_pid)  # the broken pool is replaced, the call made again
        assert second != first
        assert pool.replaced == 1
        assert await pool.run(_pid) == second  # and the new pool stays
    finally:
        pool.close()


async def test_a_call_that_fails_is_not_retried() -> None:
    pool = WorkerPool(1)
    try:
        with pytest.raises(ZeroDivisionError):
            await pool.run(divmod, 1, 0)
        assert pool.replaced == 0
    finally:
        pool.close()


PARENT = textwrap.dedent("""
    import asyncio, os, sys, time
    from engine.workers import WorkerPool

    async def main():
        pool = WorkerPool(2)
        print(await pool.run(os.getpid), flush=True)
        time.sleep(600)

    asyncio.run(main())
""")


def test_workers_and_the_resource_tracker_die_with_a_killed_parent() -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT], cwd=REPO, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        kids = children(parent.pid)
        assert worker in kids
        assert any("resource_tracker" in cmd for cmd in kids.values())
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        assert wait_gone(list(kids)) == [], f"left behind: {children(1) or kids}"
    finally:
        parent.kill()
        parent.wait(10)
