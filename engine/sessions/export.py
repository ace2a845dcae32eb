"""`python -m engine.sessions.export verify FILE`: replay an exported game and check it.

The file format, the check and the session part that exports and imports games are in
`transfer.py`; this module is the command line, and nothing in the package imports it (so
`python -m` runs it fresh).
"""

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.protocol import GameEngine
from engine.sessions.transfer import ExportRefusedError, check, loads, sha256

__all__ = ["main"]


def main(
    argv: Sequence[str] | None = None, games: Mapping[str, GameEngine[Any, Any]] | None = None
) -> int:
    """`verify FILE`: replay an export and check it; exit 0 when every move replays.

    `games` defaults to the registry (engine/games.py); tests pass games of their own.
    """
    parser = argparse.ArgumentParser(prog="python -m engine.sessions.export")
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="replay an export from its seed, check every event")
    verify.add_argument("file")
    args = parser.parse_args(argv)
    if games is None:
        from engine.games import GAMES  # noqa: PLC0415 - the registry, only when run

        games = GAMES

    try:
        with open(args.file, "rb") as handle:
            checked = check(loads(handle.read()), games)
    except OSError as error:
        sys.stderr.write(f"{args.file}: {error}\n")
        return 2
    except ExportRefusedError as error:
        sys.stderr.write(f"{args.file}: refused: {error}\n")
        return 1
    undone = checked.total - checked.live
    sys.stdout.write(
        f"{args.file}: {checked.engine.name}, {checked.live} moves replay exactly"
        f" ({undone} taken back, checked too); state {sha256(checked.state_json)[:16]}\n"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
