"""A game as one JSON file: export it, verify it by replaying it, import it elsewhere.

The file holds what a replay needs and what players read: the schema version, the game, its
options, seed and seat order, the seats (users and AIs), the game's AI settings (`ai`: the
stand-in level, hints on or off, ranked; absent in files written before, whose imports get
the bot's stand-in as before), every move with its notation, the
events it recorded, its log lines and its time (taken-back moves too, flagged with the undo
that took them back), the final result and a readable text log. It holds no state: the
state is what the moves lead to from the seed, and `state_sha256` pins it.

`check(doc, games)` replays the file from the seed, move by move in the order they were
made (a taken-back move replays from the state it was made on), and refuses the first move
whose notation is not legal there, that is not its seat's decision or whose events differ
from the recorded ones (`ExportRefusedError` names it). `Transfer` is the session part
that exports a stored game and imports a checked file as a new game, finished or running.

The command line is `python -m engine.sessions.export verify FILE` (export.py).
"""

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import GameError
from engine.core.play import parse_action
from engine.core.protocol import GameEngine
from engine.core.serial import to_jsonable
from engine.sessions.context import Context
from engine.sessions.errors import GameNotFoundError, NotStartedError
from engine.sessions.loaded import Loaded
from engine.sessions.models import By, Final, Outcome, SeatState, Status
from engine.sessions.replay import events_json, final_from_json, final_ranks, final_to_json
from engine.sessions.repository import Repository
from engine.sessions.rows import GameAiRow, GameRow, MoveRow, SeatRow, to_text
from engine.sessions.turns import Turns

__all__ = ["FORMAT", "SCHEMA", "Checked", "ExportRefusedError", "Transfer", "build", "check"]

FORMAT = "denarius.game"
SCHEMA = 1
SEAT_STATES = frozenset(s.value for s in SeatState)
MOVERS = frozenset(b.value for b in By)


class ExportRefusedError(GameError):
    """A file that is not a game export this bot reads, or whose moves do not replay."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A file that replays exactly: its game, the state it leads to and its live moves."""

    doc: Mapping[str, Any]
    engine: GameEngine[Any, Any]
    state: Any
    state_json: str  # the state as the store writes it
    live: int  # moves not taken back
    total: int  # every move in the file


def state_text(engine: GameEngine[Any, Any], state: Any) -> str:
    """Return a state's JSON exactly as the store saves it."""
    return json.dumps(engine.to_json(state), sort_keys=True)


def sha256(text: str) -> str:
    """Return the hex SHA-256 of a text."""
    return hashlib.sha256(text.encode()).hexdigest()


# ---- building a file -------------------------------------------------------------------


def build(
    row: GameRow,
    seats: Sequence[SeatRow],
    moves: Sequence[MoveRow],
    engine: GameEngine[Any, Any],
    names: Mapping[int, str] | None = None,
    ai: GameAiRow | None = None,
) -> dict[str, Any]:
    """Return the export document of a started game (`moves`: all of them, in order).

    `ai` is the game's row of `game_ai` (None: a game without one, itself imported).
    """
    if row.seed is None or row.state is None:
        raise NotStartedError("export.not_started", number=row.id)
    by_seat = sorted(seats, key=lambda s: -1 if s.seat is None else s.seat)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "schema": SCHEMA,
        "game": row.game,
        "options": json.loads(row.options),
        "seed": row.seed,
        "seat_order": row.seat_order,
        "language": row.language,
        "policy": row.policy,
        "move_seconds": row.move_seconds,
        "reminders": json.loads(row.reminders),
        "status": row.status,
        "version": row.version,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "seats": [_seat(s) for s in by_seat],
        "ai": None if ai is None else _ai(ai),
        "moves": [_move(m) for m in moves],
        "result": None if row.result is None else json.loads(row.result),
        "state_sha256": sha256(row.state),
        "source": {"game_id": row.id, "guild_id": row.guild_id},
    }
    doc["log"] = text_log(doc, engine, names or {})
    return doc


def _seat(s: SeatRow) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "slot": s.slot,
        "user_id": s.user_id,
        "ai": s.ai,
        "state": s.state,
        "stand_in": bool(s.stand_in),
        "timeouts": s.timeouts,
        "muted": s.muted,
        "standing": json.loads(s.standing),
        "joined_at": s.joined_at,
    }


def _ai(row: GameAiRow) -> dict[str, Any]:
    return {"stand_in": row.stand_in, "hints": bool(row.hints), "ranked": bool(row.ranked)}


def _move(m: MoveRow) -> dict[str, Any]:
    return {
        "version": m.version,
        "ply": m.ply,
        "seat": m.seat,
        "notation": m.action,
        "label": m.label,
        "events": json.loads(m.events),
        "lines": json.loads(m.lines),
        "irreversible": bool(m.irreversible),
        "by": m.by,
        "undone_at": m.undone_at,
        "time": m.created_at,
        "ai": m.ai,  # the AI that made it, as it played (None: a person's move)
    }


def text_log(
    doc: Mapping[str, Any], engine: GameEngine[Any, Any], names: Mapping[int, str]
) -> list[str]:
    """Return the readable log: a header, then each move and its event lines."""
    seats = doc["seats"]

    def who(seat: int) -> str:
        s = seats[seat]
        if s["user_id"] is not None:
            return names.get(s["user_id"], f"user {s['user_id']}")
        return f"AI ({s['ai']})"

    options = ", ".join(f"{k}={v}" for k, v in sorted(doc["options"].items())) or "-"
    lines = [
        f"{engine.name} · seed {doc['seed']} · options {options} · {doc['status']}",
        "seats: " + "; ".join(f"{i + 1}. {who(i)}" for i in range(len(seats))),
    ]
    for m in doc["moves"]:
        undone = f" [undone at move {m['undone_at']}]" if m["undone_at"] is not None else ""
        lines.append(f"{m['version']:>4} {m['time'][:16]} {who(m['seat'])}: {m['label']}{undone}")
        lines += [f"       {e}" for e in m["lines"]]
    final = final_from_json(None if doc["result"] is None else json.dumps(doc["result"]))
    if final is not None:
        ranks = ", ".join(f"{who(s)} #{r}" for s, r in enumerate(final.ranks))
        lines.append(f"end ({final.reason}): {ranks}")
    return lines


def dumps(doc: Mapping[str, Any]) -> bytes:
    """Return the file's bytes: readable, stable JSON."""
    return (json.dumps(doc, indent=1, sort_keys=True, ensure_ascii=False) + "\n").encode()


def loads(data: bytes | str) -> dict[str, Any]:
    """Read a file's bytes; refuse what is not an export of this schema."""
    try:
        doc = json.loads(data)
    except (ValueError, UnicodeDecodeError) as error:
        raise ExportRefusedError("export.unreadable", reason=str(error)) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ExportRefusedError("export.unreadable", reason=f"it is not a {FORMAT} file")
    if doc.get("schema") != SCHEMA:
        raise ExportRefusedError("export.schema", found=doc.get("schema"), expected=SCHEMA)
    return doc


# ---- checking a file -------------------------------------------------------------------


def check(doc: Mapping[str, Any], games: Mapping[str, GameEngine[Any, Any]]) -> Checked:
    """Replay a file from its seed and check every move, its events and its end.

    Raises:
        ExportRefusedError: the file is malformed, or names the first move that does not
            replay (an illegal notation, another seat's decision, or different events).
    """
    try:
        return _check(doc, games)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ExportRefusedError(
            "export.unreadable", reason=f"{type(error).__name__}: {error}"
        ) from None


def _check(doc: Mapping[str, Any], games: Mapping[str, GameEngine[Any, Any]]) -> Checked:
    engine = games.get(doc["game"])
    if engine is None:
        raise ExportRefusedError("export.unknown_game", game=doc["game"])
    seats = doc["seats"]
    _check_seats(seats, engine)
    known = {o.name: o.choices for o in engine.options()}
    options = {str(k): str(v) for k, v in doc["options"].items()}
    if set(options) != set(known) or any(v not in known[k] for k, v in options.items()):
        raise ExportRefusedError("export.unreadable", reason="the options are not the game's")
    initial = engine.new_state(options, len(seats), int(doc["seed"]))
    path: list[tuple[Mapping[str, Any], Any]] = []  # the live line: (move, state after it)
    for m in doc["moves"]:
        while path and path[-1][0]["ply"] >= m["ply"]:
            path.pop()  # taken back before this move was made
        state = path[-1][1] if path else initial
        path.append((m, _replay_one(engine, state, m)))
    live = [m for m in doc["moves"] if m["undone_at"] is None]
    if [id(m) for m, _s in path] != [id(m) for m in live]:
        raise ExportRefusedError("export.undone", move=_first_odd(path, live))
    state = path[-1][1] if path else initial
    text = state_text(engine, state)
    if doc.get("state_sha256") not in (None, sha256(text)):
        raise ExportRefusedError("export.wrong_state")
    _check_end(doc, engine, state)
    return Checked(doc, engine, state, text, len(live), len(doc["moves"]))


def _check_seats(seats: Sequence[Mapping[str, Any]], engine: GameEngine[Any, Any]) -> None:
    if not engine.min_seats <= len(seats) <= engine.max_seats:
        raise ExportRefusedError("export.unreadable", reason=f"{len(seats)} seats")
    users = [s["user_id"] for s in seats if s["user_id"] is not None]
    for number, s in enumerate(seats):
        bad = (
            s["seat"] != number
            or (s["user_id"] is None) == (s["ai"] is None)
            or s["state"] not in SEAT_STATES
        )
        if bad:
            raise ExportRefusedError("export.unreadable", reason=f"seat {number + 1} is malformed")
    if len(set(users)) != len(users):
        raise ExportRefusedError("export.unreadable", reason="a user has two seats")


def _replay_one(engine: GameEngine[Any, Any], state: Any, m: Mapping[str, Any]) -> Any:
    """Apply one recorded move to the state it was made on, or refuse it by its number."""
    number, notation = m["version"], m["notation"]
    pending = state.pending
    if pending is None or pending.seat != m["seat"] or state.version != m["ply"]:
        raise ExportRefusedError("export.wrong_seat", move=number, notation=notation)
    if m["by"] not in MOVERS:
        raise ExportRefusedError("export.unreadable", reason=f"move {number}: who moved")
    try:
        step = engine.apply(state, parse_action(engine, state, notation))
    except GameError as error:
        raise ExportRefusedError(
            "export.bad_move", move=number, notation=notation, reason=str(error)
        ) from None
    if events_json(step.events) != json.dumps(to_jsonable(m["events"]), sort_keys=True):
        raise ExportRefusedError("export.wrong_events", move=number, notation=notation)
    return step.state


def _first_odd(
    path: Sequence[tuple[Mapping[str, Any], Any]], live: Sequence[Mapping[str, Any]]
) -> int:
    """Return the number of the first move where the replayed line and the live moves part."""
    for (m, _s), n in zip(path, live, strict=False):
        if m is not n:
            return int(min(m["version"], n["version"]))
    longer = path[len(live)][0] if len(path) > len(live) else live[len(path)]
    return int(longer["version"])


def _check_end(doc: Mapping[str, Any], engine: GameEngine[Any, Any], state: Any) -> None:
    status = doc["status"]
    if status not in (Status.ACTIVE, Status.FINISHED, Status.ABANDONED):
        raise ExportRefusedError("export.unreadable", reason=f"status {status!r}")
    over = engine.result(state) is not None or state.pending is None
    if status == Status.ACTIVE:
        if over or doc["result"] is not None:
            raise ExportRefusedError("export.wrong_result")
        return
    final = final_from_json(None if doc["result"] is None else json.dumps(doc["result"]))
    if final is None:
        if status == Status.FINISHED:
            raise ExportRefusedError("export.wrong_result")
        return
    out = tuple(s for s, row in enumerate(doc["seats"]) if row["state"] != SeatState.PLAYING)
    if final.reason == "completed":
        result = engine.result(state)
        if result is None or not over:
            raise ExportRefusedError("export.wrong_result")
        expected = Final("completed", final_ranks(result, out), result, out)
        if final_to_json(expected) != final_to_json(final):
            raise ExportRefusedError("export.wrong_result")
    elif over:
        raise ExportRefusedError("export.wrong_result")


# ---- the session part ------------------------------------------------------------------


class Transfer:
    """Export a stored game; import a checked file as a new game."""

    def __init__(self, ctx: Context, repo: Repository, turns: Turns) -> None:
        """Share the service's context, repository and turns."""
        self.ctx = ctx
        self.repo = repo
        self.turns = turns

    async def export(self, game_id: int, names: Mapping[int, str] | None = None) -> dict[str, Any]:
        """Return the export document of a started game (`names`: user id -> name, for the log)."""
        row = await self.ctx.store.game(game_id)
        if row is None:
            raise GameNotFoundError("error.session.no_game_number", number=game_id)
        seats = await self.ctx.store.seats(game_id)
        moves = await self.ctx.store.moves(game_id, live_only=False)
        ai = await self.ctx.store.game_ai(game_id)
        return build(row, seats, moves, self.ctx.engine(row.game), names, ai)

    async def import_game(
        self, data: bytes | str, creator_id: int, guild_id: int | None, channel_id: int | None
    ) -> Outcome:
        """Check a file and store it as a new game of this guild, as it was when exported.

        A running game gets a fresh deadline (its clock restarts at the import), and automated
        seats move if the game waits on one. Its thread is for the caller to open.
        """
        checked = check(loads(data), self.ctx.games)
        doc = checked.doc
        for s in doc["seats"]:
            if s["ai"] is not None and s["ai"] not in self.ctx.players:
                raise ExportRefusedError("export.unknown_ai", ai=s["ai"])
        settings = doc.get("ai")  # files written before carry none
        if settings is not None and settings["stand_in"] not in self.ctx.players:
            raise ExportRefusedError("export.unknown_ai", ai=settings["stand_in"])
        now = self.ctx.now()
        stamp = to_text(now)
        active = doc["status"] == Status.ACTIVE
        async with self.ctx.store.transaction() as tx:
            game_id = await tx.insert_game(
                {
                    "guild_id": guild_id,
                    "channel_id": channel_id,
                    "game": doc["game"],
                    "options": json.dumps(doc["options"], sort_keys=True),
                    "max_seats": len(doc["seats"]),
                    "creator_id": creator_id,
                    "seed": int(doc["seed"]),
                    "seat_order": doc["seat_order"],
                    "status": doc["status"],
                    "state": checked.state_json,
                    "version": int(doc["version"]),
                    "move_seconds": doc["move_seconds"],
                    "reminders": json.dumps(doc["reminders"]),
                    "policy": doc["policy"],
                    "language": doc["language"],
                    "result": None
                    if doc["result"] is None
                    else json.dumps(doc["result"], sort_keys=True),
                    "created_at": doc["created_at"],
                    "updated_at": stamp if active else doc["updated_at"],
                }
            )
            for slot, s in enumerate(sorted(doc["seats"], key=lambda s: int(s["slot"]))):
                await tx.insert_seat(game_id, s["user_id"], s["ai"], s["joined_at"])
                await tx.update_seat(
                    game_id, slot, seat=s["seat"], state=s["state"],
                    stand_in=int(s["stand_in"]), timeouts=int(s["timeouts"]),
                    muted=int(s["muted"]), standing=json.dumps(s["standing"], sort_keys=True),
                )  # fmt: skip
            if settings is not None:
                await tx.set_game_ai(_ai_row(game_id, settings))
            for m in doc["moves"]:
                await tx.insert_move(_move_row(game_id, m))
            if active:
                row = await tx.game(game_id)
                assert row is not None  # noqa: S101 - inserted just now
                g = Loaded(row, await tx.seats(game_id), checked.engine, checked.state)
                fields = await self.repo.retarget(tx, g, checked.state, now)
                await tx.update_game(game_id, None, **fields)
        async with self.ctx.lock(game_id):
            g = await self.repo.load(game_id)
            lines = await self.turns.advance(g) if active else []
            return await self.turns.outcome(g, lines, [], actor=None)


def _ai_row(game_id: int, settings: Mapping[str, Any]) -> GameAiRow:
    return GameAiRow(
        game_id, str(settings["stand_in"]), int(bool(settings["hints"])),
        int(bool(settings["ranked"])),
    )  # fmt: skip


def _move_row(game_id: int, m: Mapping[str, Any]) -> MoveRow:
    return MoveRow(
        id=0,
        game_id=game_id,
        version=int(m["version"]),
        ply=int(m["ply"]),
        seat=int(m["seat"]),
        action=m["notation"],
        label=m["label"],
        events=json.dumps(to_jsonable(m["events"]), sort_keys=True),
        lines=json.dumps(list(m["lines"])),
        irreversible=int(bool(m["irreversible"])),
        by=m["by"],
        undone_at=m["undone_at"],
        created_at=m["time"],
        ai=m.get("ai"),  # files written before do not say
    )
