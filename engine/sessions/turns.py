"""Turns: play a move, let automated seats move, and describe what a call changed.

`play` applies a move once. A move the engine marks irreversible (it reveals a die, a card or
hidden information, so no undo can cross it) is not saved unless the call says `confirmed`:
unconfirmed, the outcome carries `confirm` and nothing changes; the confirm button calls again
with `confirmed=True`. Every outcome is complete (`outcome`): the next choices, the recent log
and whom to ping come with it, so the poster never calls back.
"""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, field, replace
from logging import DEBUG, INFO
from typing import Any

from engine.ai.players import Player
from engine.core.errors import GameError, GameOverError
from engine.core.i18n import text
from engine.core.play import check_turn
from engine.sessions.context import Context
from engine.sessions.errors import ThinkingError
from engine.sessions.forced import MAX_FORCED, forced_step
from engine.sessions.loaded import (
    Loaded,
    check_version,
    competing,
    controller,
    info,
    line,
    resolve,
    restore,
    snapshot,
    turn_of,
)
from engine.sessions.models import (
    By,
    Choice,
    Choices,
    LogLine,
    Notice,
    NoticeKind,
    Outcome,
    Status,
    Turn,
)
from engine.sessions.replay import final_from_json
from engine.sessions.repository import Repository, since_last_turn
from engine.sessions.rows import from_text, to_text
from engine.thinking import Played, Suggestion

log = logging.getLogger(__name__)

SEARCH = "hard"  # the AI level that searches (its thinking is logged, at INFO)
MAX_AUTO_MOVES = 5000  # a safety stop for automated seats that never hand back
RECENT = 6  # the live moves an outcome lists for a board edited in place
HISTORY = 80  # the most live moves an outcome carries for the thread's story (more fit no message)
# An AI decision still under way after this long (seconds) gets the call's moves so far shown
# first (playtest item 100); a quicker one costs no extra post. The searching AI (SEARCH)
# thinks for seconds every time: its decisions get them shown at once.
SHOW_AFTER = 1.0
# Told the person's own moves of a call once they are saved, before any AI seat thinks: the
# caller answers the person then, not after every AI has moved (playtest item 115).
Saved = Callable[[list[LogLine]], Awaitable[None]]


@dataclass(slots=True)
class Progress:
    """A call's moves so far, for the boards shown while its automated seats think.

    `actor`: the person who made the call (None: a start, a resumption); `lines`: the moves
    the call made before its automated seats; `shown`: how many of the call's moves the last
    board shown had (the thinking board of a start is posted by its caller); `saved`: told
    the person's saved moves once, as the first AI seat starts to decide (item 115).
    """

    actor: int | None
    lines: list[LogLine] = field(default_factory=list)
    shown: int = 0
    saved: Saved | None = None

    async def tell_saved(self, game_id: int) -> None:
        """Tell `saved` the person's moves, once; a failure there changes nothing saved."""
        saved, self.saved = self.saved, None
        if saved is None or not self.lines:
            return
        try:
            await saved(list(self.lines))
        except Exception:
            log.exception("game %s: telling a saved move failed", game_id)


def choices_of(g: Loaded, turn: Turn) -> Choices:
    """Return the pending decision of a loaded game with its legal actions (button indices)."""
    lang, state = g.row.language, g.state
    items = tuple(
        Choice(
            i, g.engine.action_text(a), g.engine.describe(a, lang), g.engine.explain(state, a, lang)
        )
        for i, a in enumerate(g.engine.legal_actions(state))
    )
    bundle, layout = g.engine.bundle(state, lang), g.engine.layout(state, lang)
    return Choices(g.id, g.row.version, turn, items, bundle, layout, game=g.row.game)


def _undoable(moves: list[Any]) -> bool:
    """Whether a person has a move of their own an undo could take back: none revealed since."""
    for move in reversed(moves):
        if move.irreversible:
            return False
        if move.by == By.PLAYER:
            return True
    return False


def _turn_start(seats: list[int], end: int, seat: int) -> int:
    """Return where the story of `seat`'s turn ending at `end` starts (cogs/common/story.py).

    Its own trailing moves, and before them the others' moves since its turn before.
    """
    start = end
    while start > 0 and seats[start - 1] == seat:
        start -= 1
    while start > 0 and seats[start - 1] != seat:
        start -= 1
    return start


def story_window(moves: list[Any], turn: Turn | None, lines: list[LogLine]) -> list[Any]:
    """Return the live moves the thread's story of this outcome needs, at most HISTORY.

    The decider's turn so far and what the others did since its last turn; and the turn
    this call ended (from its first move), with what came before it. Only these are decoded:
    describing the whole game on every move would hold the event loop.
    """
    live = [m for m in moves if m.undone_at is None]
    seats = [m.seat for m in live]
    start = len(live)
    if turn is not None:
        start = _turn_start(seats, len(live), turn.seat)
    if lines:
        first = next((i for i, m in enumerate(live) if m.version == lines[0].version), None)
        if first is not None:
            end = first
            while end < len(live) and seats[end] == seats[first]:
                end += 1
            start = min(start, _turn_start(seats, end, seats[first]))
    return live[max(start, len(live) - HISTORY) :]


class Turns:
    """Moves: the player's, then the automated seats' until a person must decide."""

    def __init__(self, ctx: Context, repo: Repository) -> None:
        """Share the service's context and repository."""
        self.ctx = ctx
        self.repo = repo
        self.unsaved: set[int] = set()  # games whose automated move the store refused

    async def retry_unsaved(self) -> list[Outcome]:
        """Take again the automated turns the store refused to save (called on every tick).

        A game whose store is still not writable stays waiting, quietly: it was told once.
        """
        outcomes = []
        for game_id in sorted(self.unsaved):
            self.unsaved.discard(game_id)
            async with self.ctx.lock(game_id):
                g = await self.repo.load(game_id)
                if g.row.status != Status.ACTIVE or g.state.pending is None:
                    continue
                if controller(g, g.state, self.ctx.players, self.ctx.stand_in).by is By.PLAYER:
                    continue
                lines = await self.advance(g)
                if lines:
                    outcomes.append(await self.outcome(g, lines, [], actor=None))
        return outcomes

    async def play(
        self,
        game_id: int,
        user_id: int,
        version: int,
        move: object,
        *,
        confirmed: bool = True,
        saved: Saved | None = None,
    ) -> Outcome:
        """Play a move: a button index into the legal actions, a typed notation, or an action.

        Checks, in order: the game exists and is active, the user is seated, `version` is the
        game's version (else StaleStateError), it is their decision, the move is legal. Then
        one transaction stores it, and AI seats move until a human must decide. A move that
        reveals something is only stored `confirmed` (or when it is the only legal move);
        otherwise the outcome asks (`confirm`). `saved` is told the person's saved moves as
        the first AI seat starts to decide, so the person is answered before it thinks.
        """
        thinking = self.ctx.thinking.get(game_id)
        if thinking is not None:  # an AI holds the lock for seconds: say so now (item 100)
            raise ThinkingError("error.not_your_turn", thinking)
        async with self.ctx.lock(game_id):
            g = await self.repo.active(game_id)
            row = competing(g, user_id)
            check_version(g, version)
            assert row.seat is not None  # noqa: S101 - active games have engine seats
            check_turn(g.engine, g.state, row.seat, g.state.version)
            action = resolve(g.engine, g.state, move)
            step = g.engine.apply(g.state, action)
            # A forced move (the only one on offer) is played at once: asking leaves no choice
            # but to say yes (playtest item 23), and undo could not cross it either way. A
            # move the engine wants asked about (`ask`: a pass leaving dice, item 39) asks too.
            ask = step.meta.get("ask")
            asking = step.irreversible or ask is not None
            if asking and not confirmed and len(g.engine.legal_actions(g.state)) != 1:
                lang = g.row.language
                why = "; ".join(text(lang, key) for key in step.meta.get("reveals", ()))
                confirm = replace(self._choice(g, action), detail=why)
                question = "" if ask is None else text(lang, ask[0], **ask[1])
                outcome = await self.outcome(g, [], [], actor=user_id)
                return replace(outcome, confirm=confirm, ask=question)
            lines = [await self.repo.commit(g, row.seat, action, step, By.PLAYER)]
            progress = Progress(user_id, lines, saved=saved)
            lines += await self.advance(g, after=row.seat, progress=progress)
            # Told meanwhile that an AI was thinking, the player may have looked away: the
            # decision coming back to them pings them (item 100); a quick reply does not.
            actor = None if progress.shown else user_id
            return await self.outcome(g, lines, [], actor=actor)

    async def proceed(self, game_id: int) -> Outcome:
        """Let a game's automated seats move (after a start posted its first board).

        Their moves so far are shown while one thinks (`Progress`), as after a person's move.
        """
        async with self.ctx.lock(game_id):
            g = await self.repo.load(game_id)
            lines = await self.advance(g, progress=Progress(None))
            return await self.outcome(g, lines, [], actor=None)

    @staticmethod
    def _choice(g: Loaded, action: Any) -> Choice:
        """Return the choice (button index, notation, label) of a legal action."""
        notation = g.engine.action_text(action)
        index = next(
            (
                i
                for i, a in enumerate(g.engine.legal_actions(g.state))
                if g.engine.action_text(a) == notation
            ),
            0,
        )
        return Choice(index, notation, g.engine.describe(action, g.row.language))

    async def choices(self, game_id: int) -> Choices:
        """Return the current decision and its legal actions (the button indices)."""
        g = await self.repo.active(game_id)
        turn = turn_of(g)
        if turn is None:
            raise GameOverError("error.game_over")
        return choices_of(g, turn)

    async def hint(self, game_id: int, user_id: int) -> tuple[Choices, Suggestion]:
        """Suggest the caller's move as the normal AI would, from what their seat may see.

        Refused in a ranked (league) game, in a game whose creator turned hints off, and when
        the decision is not the caller's. Changes nothing; takes no lock (it only reads).
        """
        g = await self.repo.active(game_id)
        if g.ai is not None and g.ai.ranked:
            raise GameError("error.ai.hint_ranked")
        if g.ai is not None and not g.ai.hints:
            raise GameError("error.ai.hint_off")
        row = competing(g, user_id)
        turn = turn_of(g)
        if turn is None or row.seat != turn.seat:
            raise GameError("error.ai.hint_not_yours")
        suggestion = await self.ctx.thinker.suggest(g.engine, g.state)
        return choices_of(g, turn), suggestion

    async def current(self, game_id: int) -> Outcome:
        """Return the game as it stands, as an Outcome with no moves (to post its board again)."""
        return await self.outcome(await self.repo.load(game_id), [], [], actor=None)

    async def _keep(self, g: Loaded, notices: list[Notice]) -> list[Notice]:
        """Store the notices owed to the game's thread (see `owed`), if any is new.

        A store that refuses (a full disk) must not turn what was saved into an error: the
        notices are then posted as before, only not kept for after an outage.
        """
        if all(n.id is not None for n in notices):
            return notices
        try:
            async with self.ctx.store.transaction() as tx:
                return await self.repo.keep_notices(tx, g, notices)
        except Exception:
            log.exception("game %s: the notices of this call were not stored", g.id)
            return notices

    async def owed(self, game_id: int | None = None) -> dict[int, list[Notice]]:
        """Return the notices not posted yet, by game, oldest first (after an outage, a restart).

        What no longer needs saying is dropped (marked posted): a reminder of a turn the
        game has moved on from, or a request already answered, and everything of a game
        that is gone.
        """
        owed: dict[int, list[Notice]] = {}
        moot: list[int] = []
        games: dict[int, Any] = {}
        for row in await self.ctx.store.owed_notices(game_id):
            if row.game_id not in games:
                games[row.game_id] = await self.ctx.store.game(row.game_id)
            game = games[row.game_id]
            kind = NoticeKind(row.kind)
            if game is None or game.status == Status.LOBBY:
                moot.append(row.id)
                continue
            if kind is NoticeKind.REMINDER and (
                row.version != game.version or game.status != Status.ACTIVE
            ):
                moot.append(row.id)
                continue
            if kind in (NoticeKind.UNDO_ASKED, NoticeKind.ABANDON_ASKED):
                request = await self.ctx.store.request(row.request_id or 0)
                if request is None or request.status != "open":
                    moot.append(row.id)
                    continue
            notice = Notice(
                kind,
                row.seat,
                row.user_id,
                row.request_id,
                tuple(int(u) for u in json.loads(row.waiting_on)),
                None if row.at is None else from_text(row.at),
                row.detail,
                row.id,
            )
            owed.setdefault(row.game_id, []).append(notice)
        await self.posted(moot)
        return owed

    async def posted(self, ids: Collection[int]) -> None:
        """Mark notices posted: they are no longer owed to their thread."""
        if ids:
            async with self.ctx.store.transaction() as tx:
                await tx.notices_posted(ids, to_text(self.ctx.now()))

    async def advance(
        self, g: Loaded, after: int | None = None, *, progress: Progress | None = None
    ) -> list[LogLine]:
        """Let AI seats, stand-ins and standing answers move until a human must decide.

        With `progress`, an AI decision that takes a while (`SHOW_AFTER`) first shows the
        watchers the call's moves so far (`_think`): the board says who is thinking.

        `after`: the seat whose person just moved; while that seat's next decision has
        nothing to decide (engine/sessions/forced.py), its step is played at once, as that
        person's move (playtest item 44). A failing AI (a bug) must not turn a saved human
        move into an error: it is logged, the game waits at the AI's decision (`resume()`
        retries), and the outcome says so.
        """
        lines: list[LogLine] = []
        forced = 0
        for _ in range(MAX_AUTO_MOVES):
            if g.row.status != Status.ACTIVE or g.state.pending is None:
                return lines
            ctl = controller(g, g.state, self.ctx.players, self.ctx.stand_in)
            seat = g.state.pending.seat
            if ctl.by is By.PLAYER:
                if seat != after or forced >= MAX_FORCED or not await self._force(g, lines):
                    return lines
                forced += 1
                continue
            after = None  # another seat moved: what follows is no longer the person's step
            played: str | None = None  # the AI that made the move, as it played
            try:
                action = ctl.action
                if ctl.player is not None:
                    # Off the event loop (a worker process): a search AI may think a while.
                    searching = ctl.player.name == SEARCH  # the one that thinks for seconds
                    log.log(INFO if searching else DEBUG, "game %s: AI %s thinks for seat %s",
                            g.id, ctl.player.name, seat)  # fmt: skip
                    decided = await self._think(g, ctl.player, seat, lines, progress)
                    action, played = decided.action, decided.played
                step = g.engine.apply(g.state, action)
            except Exception as error:
                log.exception("game %s: the automated seat %s failed to move", g.id, seat)
                g.stalled = f"{type(error).__name__}: {error}"
                return lines
            kept = snapshot(g)
            try:
                lines.append(await self.repo.commit(g, seat, action, step, ctl.by, played))
            except Exception as error:
                # What was stored before stays stored (the player's move); only this follow-up
                # is not (a full disk, a read-only or locked database). Say so, forget the
                # half-applied commit, and take the turn again on a later tick.
                log.exception("game %s: the move of automated seat %s was not stored", g.id, seat)
                restore(g, kept)
                g.stalled = f"{type(error).__name__}: {error}"
                self.unsaved.add(g.id)
                return lines
        raise RuntimeError(f"game {g.id}: automated seats made {MAX_AUTO_MOVES} moves in a row")

    async def _think(
        self,
        g: Loaded,
        player: Player,
        seat: int,
        lines: list[LogLine],
        progress: Progress | None,
    ) -> Played:
        """Return an AI's decision; while it is under way, a person's press is refused at once.

        A decision still under way after `SHOW_AFTER` (at once for the searching AI) first
        has the call's moves so far shown (`progress`, if any is new since the last board
        shown). The decision runs in a worker (engine/thinking.py); the game's lock stays
        held, so nothing else changes it.
        """
        self.ctx.thinking[g.id] = seat
        decision = asyncio.ensure_future(self.ctx.thinker.decide(g.engine, g.state, player))
        try:
            if progress is not None:  # the person is answered now, not after every AI (item 115)
                await progress.tell_saved(g.id)
            if progress is not None and self.ctx.watchers:
                wait = 0 if player.name == SEARCH else SHOW_AFTER
                done, _ = await asyncio.wait({decision}, timeout=wait)
                if not done:
                    await self._show(g, [*progress.lines, *lines], progress)
            return await decision
        finally:
            decision.cancel()  # a cancelled call (the bot closing) leaves no decision behind
            self.ctx.thinking.pop(g.id, None)

    async def _show(self, g: Loaded, lines: list[LogLine], progress: Progress) -> None:
        """Tell the watchers the call's moves so far, once each: an AI seat thinks now."""
        if len(lines) <= progress.shown:
            return
        progress.shown = len(lines)
        outcome = replace(await self.outcome(g, lines, [], actor=progress.actor), thinking=True)
        for watcher in self.ctx.watchers:
            try:
                await watcher(outcome)
            except Exception:
                log.exception("game %s: a progress watcher failed", g.id)

    async def _force(self, g: Loaded, lines: list[LogLine]) -> bool:
        """Play the person's forced step, if the decision is one; tell whether it was played.

        A store that refuses it leaves the step to the person's press (nothing is lost).
        """
        forced = forced_step(g.engine, g.state)
        if forced is None:
            return False
        assert g.state.pending is not None  # noqa: S101 - the caller checked
        seat, (action, step) = g.state.pending.seat, forced
        kept = snapshot(g)
        try:
            lines.append(await self.repo.commit(g, seat, action, step, By.PLAYER))
        except Exception:
            log.exception("game %s: the forced step of seat %s was not stored", g.id, seat)
            restore(g, kept)
            return False
        return True

    async def outcome(
        self,
        g: Loaded,
        lines: list[LogLine],
        notices: list[Notice],
        *,
        actor: int | None,
    ) -> Outcome:
        """Describe a call's effects; ping the decider if the decision passed to them.

        If the call ended the game, the game-end listeners are told here, after its commit.
        """
        turn = turn_of(g)
        moves = [] if g.state is None else await self.ctx.store.moves(g.id)
        ping = None
        catch_up: tuple[LogLine, ...] = ()
        if g.turns and turn is not None and turn.user_id not in (None, actor):
            ping = turn.user_id
            catch_up = since_last_turn(g, moves, turn.seat)
        final = final_from_json(g.row.result)
        if g.stalled:
            notices = [*notices, Notice(NoticeKind.AI_FAILED, detail=g.stalled)]
        if g.ended:  # stored when the game ended (Repository.keep_end)
            notices = [*notices, g.finished or Notice(NoticeKind.FINISHED)]
        notices = await self._keep(g, notices)
        view = None if g.state is None else g.engine.view(g.state, None)
        moved = lines and g.initial is not None and g.state is not None
        before = g.engine.view(g.initial, None) if moved else None
        if g.closed:
            g.closed = False  # told once, even if this call describes itself twice
            await self.ctx.ended(info(g))
        return Outcome(
            game_id=g.id,
            version=g.row.version,
            status=Status(g.row.status),
            moves=tuple(lines),
            notices=tuple(notices),
            turn=turn,
            ping=ping,
            catch_up=catch_up,
            view=view,
            before=before,
            final=final,
            thread_id=g.row.thread_id,
            board_message_id=g.row.board_message_id,
            ping_message_id=g.row.ping_message_id,
            choices=None if turn is None or turn.user_id is None else choices_of(g, turn),
            recent=tuple(line(g, m) for m in moves[-RECENT:]),
            history=tuple(line(g, m) for m in story_window(moves, turn, lines)),
            undoable=_undoable(moves),
        )
