"""Read the process table from /proc: children of a process, and whether one is still alive."""

from __future__ import annotations

import time
from pathlib import Path


def _stat(pid: int) -> tuple[int, str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    state, ppid = text.rpartition(")")[2].split()[:2]  # the name may hold spaces
    return int(ppid), state


def children(pid: int) -> dict[int, str]:
    """Return the live children of `pid`, each with its command line."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(int(entry.name))
        if stat is not None and stat[0] == pid and stat[1] != "Z":
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            out[int(entry.name)] = cmd
    return out


def parent(pid: int) -> int | None:
    """Return the parent pid of `pid` (None when it is gone)."""
    stat = _stat(pid)
    return None if stat is None else stat[0]


def alive(pid: int) -> bool:
    """Whether `pid` exists and is not a zombie."""
    stat = _stat(pid)
    return stat is not None and stat[1] != "Z"


def wait_gone(pids: list[int], timeout: float = 10.0) -> list[int]:
    """Wait until none of `pids` is alive; return those still alive at the timeout."""
    end = time.monotonic() + timeout
    while (left := [p for p in pids if alive(p)]) and time.monotonic() < end:
        time.sleep(0.1)
    return left
