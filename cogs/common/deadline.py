"""The 3-second answer guarantee: every interaction is acknowledged in time (issue 18).

Discord shows "The application did not respond" when an interaction gets no initial answer
within 3 seconds. A handler that is slow before it answers (a slow database, a slow lookup,
a game's lock held by another call) would leave players with that. So every interaction,
command or component, gets a `Guarded` response the moment it arrives (`bot.GameBot.dispatch`,
before any handler runs), and a watchdog: if nothing answered after `DEFER_AFTER` seconds,
it defers. A command is deferred as "thinking", ephemerally unless its answer is public (the
command's `extras={"public": True}`, or its `public` option); a component with a deferred
update (no visible change; the message it sits on can still be edited). The handler does not
know: its later initial answer becomes what fits the deferral (`send_message` a followup,
which completes the "thinking" message; `edit_message` an edit of the original; a second
`defer` nothing). Autocomplete is not deferred (Discord has no such answer for it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import discord

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds after the interaction was created; Discord's limit is 3
PUBLIC = {"public": True}  # a command's extras when its answer is for everyone
_FOLLOWUP_KEYS = frozenset(
    {
        "embed", "embeds", "file", "files", "view", "tts", "ephemeral", "allowed_mentions",
        "suppress_embeds", "silent", "poll",
    }
)  # fmt: skip


class Guarded(discord.InteractionResponse[Any]):
    """An interaction's response that the watchdog may have deferred already."""

    def __init__(self, parent: discord.Interaction[Any]) -> None:
        super().__init__(parent)
        self.turn = asyncio.Lock()  # one initial answer: the handler's or the watchdog's
        self.watchdog_deferred = False
        self.arrived = time.time()  # when the bot's loop dispatched it (for `trace`)
        self.watchdog: asyncio.TimerHandle | None = None  # armed until the handler answers
        self.deferral: asyncio.Task[None] | None = None  # the watchdog's deferral, once due

    def _answered(self) -> None:
        """Stop the watchdog: the handler answered, so nothing is left for it to do.

        An armed watchdog holds the interaction (its message, every component) for its
        whole delay: at a few clicks a second, hundreds of them, which every full garbage
        collection then walks on the event loop. Stopped, they are freed at once. It is a
        timer, not a sleeping task: a cancelled task leaves a cycle behind (its coroutine,
        the CancelledError, its traceback and frames) for the collector to free, where a
        cancelled timer drops its callback.
        """
        if self.watchdog is not None:
            self.watchdog.cancel()
            self.watchdog = None

    def release(self) -> None:
        """Let go of the interaction once its handler is done, if nothing is left to answer.

        The interaction keeps its response and the response its interaction: a cycle, which
        only a garbage collection frees, with the message, the view and every component
        hanging on it (some 45 objects a press). A full collection on the event loop walks
        what such cycles left over (docs/ai.md, "What runs on the event loop"). Let go, they
        are freed the moment the handler's last reference goes. Kept while the watchdog may
        still defer (the handler did not answer).
        """
        if self.watchdog is not None or not self.is_done() or self.turn.locked():
            return
        if not hasattr(self, "_parent"):
            return  # released already (a callback that calls its base class's)
        if self.deferral is not None and not self.deferral.done():
            return
        del self._parent  # answered: what is asked of a done response later needs no parent

    def _due(self) -> None:
        """The watchdog's time came with no answer: defer in a task (tracked until done)."""
        self.watchdog = None
        if self.is_done():
            return
        task = asyncio.get_running_loop().create_task(self.watch(0.0))
        self.deferral = task
        _WATCHING.add(task)
        task.add_done_callback(_WATCHING.discard)

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        """Defer, unless the watchdog did already."""
        async with self.turn:
            if self.watchdog_deferred:
                return
            began = time.time()
            await super().defer(ephemeral=ephemeral, thinking=thinking)
            self._answered()
            trace(self._parent, self.arrived, began)

    async def send_message(self, content: Any = None, **kwargs: Any) -> Any:
        """Answer; after the watchdog's deferral, as the followup that completes it."""
        async with self.turn:
            if not self.watchdog_deferred:
                sent = await super().send_message(content, **kwargs)
                self._answered()
                return sent
        extra = {k: v for k, v in kwargs.items() if k in _FOLLOWUP_KEYS}
        return await self._parent.followup.send(content, wait=True, **extra)

    async def edit_message(self, **kwargs: Any) -> Any:
        """Edit the component's message; after the watchdog's deferral, through the webhook."""
        async with self.turn:
            if not self.watchdog_deferred:
                edited = await super().edit_message(**kwargs)
                self._answered()
                return edited
        kwargs.pop("delete_after", None)
        kwargs.pop("suppress_embeds", None)
        return await self._parent.edit_original_response(**kwargs)

    async def watch(self, delay: float) -> None:
        """Defer after `delay` seconds if nothing answered by then."""
        if delay > 0:
            await asyncio.sleep(delay)
        async with self.turn:
            if self.is_done():
                return
            interaction = self._parent
            command = interaction.type is discord.InteractionType.application_command
            ephemeral = command and not public(interaction)
            try:
                await super().defer(ephemeral=ephemeral, thinking=command)
            except discord.HTTPException as error:
                log.warning("could not defer a slow interaction in time (%s)", error)
                return
            self.watchdog_deferred = True
        log.info("deferred interaction %s: no answer %.1f s after it began", interaction.id, delay)


def trace(interaction: discord.Interaction[Any], arrived: float, began: float) -> None:
    """Log where an acknowledgement's time went (DEBUG on `denarius.latency`; the bench).

    Three spans, in ms: from the interaction's making (its snowflake's time) to its
    dispatch on the bot's loop (the gateway: the emulator's or Discord's side, the socket,
    the bot's event loop), from there to the handler's defer (the handler's work before its
    answer), and the defer request itself (the HTTP round trip, the API's side included).
    """
    if not latency.isEnabledFor(logging.DEBUG):
        return
    made = interaction.created_at.timestamp()
    done = time.time()
    latency.debug(
        "ack %s: gateway %.1f ms, handler %.1f ms, request %.1f ms",
        interaction.id, (arrived - made) * 1000, (began - arrived) * 1000, (done - began) * 1000,
    )  # fmt: skip


latency = logging.getLogger("denarius.latency")


def public(interaction: discord.Interaction[Any]) -> bool:
    """Whether a command's answer is for everyone (so its deferral must not be ephemeral)."""
    command = interaction.command
    if command is not None and command.extras.get("public"):
        return True
    return bool(getattr(interaction.namespace, "public", False))


def answer_in_time(interaction: discord.Interaction[Any], after: float = DEFER_AFTER) -> None:
    """Give an interaction the guarded response and arm its watchdog (before any handler)."""
    if interaction.type not in (
        discord.InteractionType.application_command,
        discord.InteractionType.component,
    ):
        return  # autocomplete cannot be deferred; the bot opens no modals
    response = Guarded(interaction)
    interaction._cs_response = response  # type: ignore[attr-defined]
    age = time.time() - interaction.created_at.timestamp()  # its snowflake's time
    delay = max(0.0, min(after, after - age))  # a skewed clock never waits longer than `after`
    response.watchdog = asyncio.get_running_loop().call_later(delay, response._due)


_WATCHING: set[asyncio.Task[None]] = set()  # keep the watchdogs' deferrals referenced until done
