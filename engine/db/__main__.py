"""`python -m engine.db copy --from sqlite:var/games.db --to postgresql://...`: move a database.

Copies every row to an empty target (engine/db/copy.py: refused if the target has any row;
all or nothing), compares every table with the source, then replays every game of the target
from its seed (`SessionService.verify`), and says what it did. The exit status is 0 only if
everything copied and every game verifies. Stop the bot first: rows written during the copy
would be left behind. Either end may be an SQLite file (`sqlite:PATH` or just `PATH`) or a
`postgresql://` URL; the source is migrated to this code's schema first, as the bot would.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from engine.db.copy import CopyError, copy
from engine.db.database import Database
from engine.db.errors import DatabaseError
from engine.db.postgres import is_url
from engine.games import GAMES  # the engines: this command needs them, the layer does not
from engine.sessions.service import SessionService
from engine.sessions.store import Store


def say(text: str, *, problem: bool = False) -> None:
    """Write one line for the operator (problems to stderr)."""
    (sys.stderr if problem else sys.stdout).write(text + "\n")


def target(text: str) -> str:
    """Return what `Database.open` takes for a command-line database: a URL or a file path."""
    if is_url(text):
        return text
    return text.removeprefix("sqlite:")


async def verify_games(db: Database) -> list[str]:
    """Replay every game of `db` from its seed; return a line for each one that fails."""
    service = SessionService(Store(db), GAMES, clock=lambda: datetime.now(UTC))
    failures = []
    for (game_id,) in await db.fetch_all("SELECT id FROM games ORDER BY id"):
        report = await service.verify(int(game_id))
        if not report.ok:
            failures.append(f"game {game_id}: {report.detail}")
    return failures


async def run_copy(source: str, destination: str) -> int:
    """Copy `source` to `destination`, verify it, print what happened; return the exit code."""
    async with await Database.open(source) as src, await Database.open(destination) as dst:
        try:
            copied = await copy(src, dst)
        except (CopyError, DatabaseError) as error:
            say(f"copy refused or failed, the target is left as it was: {error}", problem=True)
            return 1
        for name, count in copied.tables:
            say(f"{name}: {count} rows")
        games = len(await dst.fetch_all("SELECT id FROM games"))
        failures = await verify_games(dst)
    for line in failures:
        say(line, problem=True)
    if failures:
        say(f"{len(failures)} of {games} games do not verify", problem=True)
        return 1
    say(f"copied {copied.rows} rows; all {games} games replay exactly")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Read the command line and run the command."""
    parser = argparse.ArgumentParser(prog="python -m engine.db", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    copying = commands.add_parser("copy", help="copy a whole database into an empty one")
    copying.add_argument("--from", dest="source", required=True, help="sqlite:PATH or a URL")
    copying.add_argument("--to", dest="destination", required=True, help="a URL or sqlite:PATH")
    args = parser.parse_args(argv)
    source = target(args.source)
    if not is_url(source) and not Path(source).is_file():  # opening it would make an empty one
        say(f"no database at {source}", problem=True)
        return 2
    return asyncio.run(run_copy(source, target(args.destination)))


if __name__ == "__main__":
    sys.exit(main())
