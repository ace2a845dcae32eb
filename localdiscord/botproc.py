"""Run a bot as its own process, pointed at the emulator through its environment only."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Sequence
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent


class BotProcess:
    """A bot subprocess with its output captured in a log file."""

    def __init__(self, argv: Sequence[str], env: dict[str, str], cwd: Path, log_path: Path) -> None:
        self.argv = list(argv)
        self.env = env
        self.cwd = cwd
        self.log_path = log_path
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the process (appending to the log file)."""
        env = {**os.environ, **self.env}
        paths = [str(REPO_ROOT), env.get("PYTHONPATH", "")]
        env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
        env.setdefault("PYTHONUNBUFFERED", "1")
        with self.log_path.open("ab") as log:
            self._proc = subprocess.Popen(  # noqa: S603 (argv is the caller's own bot command)
                self.argv, cwd=self.cwd, env=env, stdout=log, stderr=subprocess.STDOUT
            )

    @property
    def pid(self) -> int | None:
        """The process id while it runs (None before start)."""
        return self._proc.pid if self._proc is not None else None

    @property
    def alive(self) -> bool:
        """Whether the process is running."""
        return self._proc is not None and self._proc.poll() is None

    def kill(self) -> None:
        """Kill the process with SIGKILL (no cleanup, like a crash) and reap it."""
        if self._proc is not None and self.alive:
            self._proc.send_signal(signal.SIGKILL)
            self._proc.wait(10)

    def stop(self, grace: float = 5.0) -> None:
        """Stop the process politely (SIGTERM), then SIGKILL after `grace` seconds."""
        if self._proc is None or not self.alive:
            return
        self._proc.terminate()
        try:
            self._proc.wait(grace)
        except subprocess.TimeoutExpired:
            self.kill()

    def log_text(self) -> str:
        """Return everything the process printed so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
