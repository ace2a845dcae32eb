"""Worker processes that die with the bot and are replaced when one dies (issue 18).

Drawing boards (and, later, AI search) runs in worker processes so that the event loop never
waits on the interpreter lock. Two things go wrong with a bare `ProcessPoolExecutor`:

- **A dead worker breaks the pool for good.** When the kernel's OOM killer (or anyone) kills a
  worker, every later call raises `BrokenProcessPool`. `WorkerPool` makes a new executor and
  runs the call again, once: a call that breaks a fresh pool too is a real error.
- **Workers outlive a killed bot.** A SIGKILLed parent cannot shut its pool down, and a worker
  blocked on its call queue never notices. Every worker runs `die_with_parent` first: a daemon
  thread that ends the worker as soon as it is orphaned (its parent id changes). With the
  workers gone, multiprocessing's resource tracker sees its last pipe close and exits too.
  (Linux's `PR_SET_PDEATHSIG` is not used: it fires when the *thread* that spawned the worker
  ends, and executors spawn from whichever thread submits.)
"""

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
ORPHAN_POLL_S = 0.5


def _watch_parent(parent: int) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(0)  # orphaned: the bot is gone, and so is anyone to give us work
        time.sleep(ORPHAN_POLL_S)


def die_with_parent(parent: int) -> None:
    """Worker initializer: exit as soon as the process `parent` is no longer our parent."""
    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="orphan").start()


class WorkerPool:
    """A process pool whose workers die with this process and which mends itself."""

    def __init__(self, processes: int) -> None:
        """Prepare `processes` spawned workers (started on first use, like the executor's)."""
        self.processes = processes
        self.replaced = 0  # how many broken pools were replaced
        self._pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            self.processes,
            mp_context=multiprocessing.get_context("spawn"),  # the bot's threads are not forked
            initializer=die_with_parent,
            initargs=(os.getpid(),),
        )

    def pids(self) -> list[int]:
        """Return the process ids of the running workers (for tests and diagnostics)."""
        return [p.pid for p in (self._pool._processes or {}).values() if p.pid is not None]

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run `fn(*args)` in a worker; on a broken pool, replace it and run it once more."""
        loop = asyncio.get_running_loop()
        pool = self._pool
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            if pool is self._pool:  # the first caller to see it replaces it
                log.warning("a worker process died; starting a new pool")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new()
                self.replaced += 1
            return await loop.run_in_executor(self._pool, fn, *args)

    def close(self) -> None:
        """Stop the workers without waiting for calls in progress."""
        self._pool.shutdown(wait=False, cancel_futures=True)
