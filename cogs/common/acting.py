"""Game controls and what pressing them does: play, confirm, undo, "out of date" (STYLE.md §2.4).

The controls are persistent DynamicItems built only from the legal actions. Every custom_id
carries what the click needs: `dn:m:{game}:{version}:{index}` plays the `index`-th legal
action of version `version`. Nothing is kept in memory, so a control works after a restart,
and a control of an older version is refused by the session manager (`StaleStateError`): the
player then gets an ephemeral "out of date" with fresh controls. Up to 20 choices are
buttons; more, or choices that carry a line saying what they get (`Choice.detail`: "top card:
Wine"), or a decision its game always offers as a menu (`GameSpec.menu_kinds`: Trajan's set-up
bowls), become a select menu of 25 per page with page buttons, the line as each option's
description. Within a compound decision the engine's layout (`Choices.layout`) keeps the
options already picked or taken in their places, disabled (`SpentButton`), or names them in a
menu's placeholder, and heads the step after the last pick with a disabled line (playtest
items 20, 37). An option spent with a reason (`Spent.detail`: a Troyes entry backed out of,
item 67) stays in its place in a menu too, its reason as its line, so the letters of the
others do not move; picking it plays nothing and says so. A move that reveals a die, card
or secret (undo cannot cross it) asks for a confirmation that says what it reveals, with
Cancel; so does a move the engine asks about (`Outcome.ask`: a Troyes pass that leaves dice
unused). A decision that may be answered in one go (`Choices.bundle`: a whole Trajan
shipment or sowing) gets a multi-select above its one-step choices (`dn:b:{game}:{version}`);
its confirmation carries the picked values.

Acting has one shape on every path (a control or a command): acknowledge at once, ask the
session manager, answer a refusal with one ephemeral sentence, post the outcome with the
poster. Controls and acting live in one module because each needs the other (a button plays
a move; playing answers with a confirm button or fresh controls).
"""

import asyncio
import logging
import re
from dataclasses import replace
from typing import Any

import discord

from cogs.common.errors import guarded, refuse, reply, report_failure
from cogs.common.i18n import lang_for, t
from cogs.common.items import Controls, Persistent, button
from cogs.common.runtime import in_game, remember
from cogs.common.text import LABEL, named_choices, seat_name, sentence, words
from engine import games
from engine.core import fit
from engine.core.errors import GameError, StaleStateError
from engine.core.play import Typed
from engine.core.protocol import Layout, Spent
from engine.sessions import Choice, Choices, LogLine, NoticeKind, Outcome, ThinkingError

log = logging.getLogger(__name__)

# Decisions whose choices show the decider's hand, by game (each game's GameSpec says):
# the public board offers one "choose privately" button; the choices go out ephemerally.
PRIVATE_KINDS = games.PRIVATE_KINDS
# Decisions always offered as a menu, by game (each game's GameSpec says): one form each time.
MENU_KINDS = games.MENU_KINDS
MAX_BUTTONS = 20  # four rows of five; the fifth row holds the tools
PAGE = 25  # a select menu's limit
LAST_NOTATION = "pass"  # a pass's notation (Troyes): shown after the other choices (item 39)
NO_INDEX = 999_999  # a Cancel button's index when the move was picked in a one-go menu
PICKS = r"[A-Za-z0-9_.,]+"  # a one-go menu's picked values, comma-separated
PICKS_TEXT = 72  # at most (a custom_id has 100 characters)
CHECK = "\N{CHECK MARK}"  # before an option already picked in this decision (item 20)
HEADING = 99  # the spent slot of a heading button (a place's slot is its position)
SPENT_VALUE = "n"  # a menu's spent option's value: "n" and its place (never an index)


def jump_url(guild_id: int | None, channel_id: int | None, message_id: int | None) -> str:
    """Return a link to a message (or its channel) as Discord builds it."""
    parts = [str(guild_id or "@me"), str(channel_id or 0)]
    if message_id:
        parts.append(str(message_id))
    return "https://discord.com/channels/" + "/".join(parts)


def _clip(text: str, size: int = LABEL) -> str:
    return fit.clip(text, size)  # where a clause ends, not inside its figure (item 88)


def _add_heading(view: discord.ui.View, game: int, version: int, heading: str, row: int) -> None:
    """Add a heading's disabled buttons: two side by side for a heading of two lines.

    A line one button cannot hold whole is two (`text.done_line`, playtest item 103).
    """
    for i, part in enumerate(heading.split("\n")[:2]):
        view.add_item(SpentButton(game, version, HEADING + i, _clip(part), row=row))


def controls(
    choices: Choices,
    lang: str,
    page: int = 0,
    *,
    tools: bool = True,
    hidden: bool = False,
    undo: bool = True,
) -> discord.ui.View:
    """Build the controls of the current decision (buttons, or a paged select) plus tools.

    With `hidden` (a public board whose choices would show the decider's hand), one button
    asks for the choices privately instead. A decision that may be answered in one go
    (`Choices.bundle`: a whole shipment, a whole sowing) gets its multi-select first, above
    the one-step choices. Without `undo` (the newest move revealed something, so no undo can
    cross it, whoever asks), the tools offer no Undo. A pass is shown last, away from the
    first place a quick press lands (its index, the move it plays, is unchanged; item 39).
    A decision its game always offers as a menu (`Choices.game`'s menu kinds) is a menu,
    however few its choices.
    """
    view = Controls()
    game, version = choices.game_id, choices.version
    items = tuple(sorted(choices.choices, key=lambda c: c.notation == LAST_NOTATION))
    choices = replace(choices, choices=items)
    layout = None if hidden else choices.layout
    first = 0  # the first row the one-step choices may use
    if not hidden and choices.bundle is not None:
        view.add_item(BundleSelect(game, version, choices, lang))
        first = 1
    if layout is not None and layout.heading:  # a repeated press lands on nothing (item 20)
        _add_heading(view, game, version, layout.heading, first)
        first += 1
    places = _places(choices, layout)
    buttons = MAX_BUTTONS - 5 * first
    menu = choices.turn.kind in MENU_KINDS.get(choices.game, frozenset())
    if hidden:
        view.add_item(PageButton(game, version, 0, t(lang, "play.choose_privately"), row=0))
    elif len(places) <= buttons and not menu and not any(c.detail for c in items):
        for place, c in enumerate(places):
            row = first + place // 5
            if isinstance(c, Spent):
                view.add_item(SpentButton(game, version, place, _spent_label(c), row=row))
            else:
                view.add_item(MoveButton(game, version, c.index, _clip(c.label), row=row))
    else:
        pages = (len(_menu_places(choices)) + PAGE - 1) // PAGE
        page = max(0, min(page, pages - 1))
        view.add_item(MoveSelect(game, version, page, choices, lang, row=first))
        if page > 0:
            view.add_item(PageButton(game, version, page - 1, t(lang, "play.previous"), first + 1))
        if page < pages - 1:
            view.add_item(PageButton(game, version, page + 1, t(lang, "play.next"), first + 1))
    if tools:
        view.add_item(PrivateButton(game, t(lang, "play.private")))
        if undo:
            view.add_item(UndoButton(game, version, t(lang, "play.undo")))
    return view


def _spent_label(spent: Spent) -> str:
    """Return a spent button's label: ticked when picked; a button has no line for a reason."""
    label = f"{CHECK} {spent.label}" if spent.picked else spent.label
    return _clip(f"{label} ({spent.detail})" if spent.detail else label)


def _places(choices: Choices, layout: Layout | None) -> list[Choice | Spent]:
    """Return the choices in the places the engine keeps them, spent options among them.

    Without a layout, the choices as they come (a pass last). A layout that names an index
    no choice has (it cannot happen) falls back to that too: a control must play its move.
    """
    if layout is None or not layout.places:
        return list(choices.choices)
    by_index = {c.index: c for c in choices.choices}
    indices = [p for p in layout.places if not isinstance(p, Spent)]
    if sorted(indices) != sorted(by_index):
        return list(choices.choices)
    places = [p if isinstance(p, Spent) else by_index[p] for p in layout.places]
    return sorted(places, key=lambda p: isinstance(p, Choice) and p.notation == LAST_NOTATION)


def _menu_places(choices: Choices) -> list[Choice | Spent]:
    """Return a menu's options: the choices, and the spent ones that say why in their places.

    A menu cannot disable an option: one picked in this decision is named in its placeholder
    instead (item 20), while one with a reason (item 67) stays, so no letter moves.
    """
    places = _places(choices, choices.layout)
    return [p for p in places if not isinstance(p, Spent) or p.detail]


async def act(
    interaction: discord.Interaction[Any],
    game: int,
    version: int,
    move: int | str | tuple[str, ...] | Typed,
    *,
    sure: bool,
) -> None:
    """Play a move for the clicking user: confirm first if it reveals, then post the outcome.

    `move` is a button index, a typed move from `/move` (`Typed`), or the values picked in a
    decision's one-go menu (`BundleSelect`). Unless `sure`, a move that
    would reveal something comes back unplayed (`outcome.confirm`): the user gets a confirm
    button, which plays it `sure`. The move is applied once per press, the game read once.
    A typed move's "Done." and a confirmation's "Played" are sent once the move is saved,
    before any AI seat thinks (`saved`; playtest item 115), not after every AI has moved.
    """
    rt = remember(interaction)
    typed = interaction.type is discord.InteractionType.application_command
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=typed, thinking=typed)
    answered: list[asyncio.Task[None]] = []  # the answer sent once the move is saved

    async def saved(lines: list[LogLine]) -> None:
        # Told before an AI seat thinks: the person is answered now, not after every AI has
        # moved (playtest item 115). In the background, so the AI's decision does not wait.
        if typed or sure:
            answered.append(asyncio.create_task(_answer(interaction, game, lines[0], lang, typed)))

    try:
        lang = await in_game(interaction, game)
        outcome = await rt.sessions.play(
            game, interaction.user.id, version, move, confirmed=sure, saved=saved
        )
    except StaleStateError as error:
        await stale(interaction, game, error)
        return
    except ThinkingError as error:
        await thinking(interaction, game, error.seat)
        return
    except GameError as error:
        await refuse(interaction, error)
        return
    except Exception as error:
        await report_failure(interaction, error)
        raise
    if outcome.confirm is not None:  # it would reveal something: nothing was played yet
        await _ask(interaction, game, move, outcome, lang)
        return
    # The pressed board is edited through the press (not counted against Discord's global
    # limit) when the bot holds the board's permissions there; else by channel, so a thread
    # without Attach Files is said (tests/e2e/test_limits.py; poster._through).
    await rt.poster.post(outcome, click=None if typed else interaction)
    if answered:  # answered already, before the AI seats thought
        await asyncio.gather(*answered)
    elif outcome.moves and (typed or sure):
        await _answer(interaction, game, outcome.moves[0], lang, typed)


async def _ask(
    interaction: discord.Interaction[Any],
    game: int,
    move: int | str | tuple[str, ...] | Typed,
    outcome: Outcome,
    lang: str,
) -> None:
    """Ask to confirm a move that would reveal something (nothing was played yet)."""
    assert outcome.confirm is not None  # noqa: S101 - the caller checked
    rt = remember(interaction)
    move_label, why = outcome.confirm.label, outcome.confirm.detail
    view = Controls()
    if outcome.turn is not None:  # a rival's die reads with its owner's name, as on the button
        meta = await rt.poster.meta(game)
        asked = Choices(game, outcome.version, outcome.turn, (outcome.confirm,))
        move_label = named_choices(asked, meta.game, meta.names, meta.language).choices[0].label
    yes: ConfirmButton | ConfirmBundle = ConfirmButton(game, outcome.version, outcome.confirm.index)
    index = outcome.confirm.index
    if isinstance(move, tuple):  # a one-go answer: the button carries the picked values
        yes, index = ConfirmBundle(game, outcome.version, ",".join(move)), NO_INDEX
        move_label = outcome.confirm.label
    yes.item.label = f"\N{WHITE HEAVY CHECK MARK} {t(lang, 'play.confirm_yes')}"
    view.add_item(yes)
    view.add_item(CancelButton(game, outcome.version, index, lang))
    await reply(interaction, _question(outcome.ask, move_label, why, lang), view=view)


async def _answer(
    interaction: discord.Interaction[Any], game: int, move: LogLine, lang: str, typed: bool
) -> None:
    """Answer a saved move: "Done." to a typed one, "Played: <move>" on a confirmation."""
    if typed:
        await reply(interaction, t(lang, "play.undo_done"))
    else:
        await _settle(interaction, game, move, lang)


def _question(ask: str, move: str, why: str, lang: str) -> str:
    """Return what a confirmation asks.

    The engine's own question (a pass that leaves dice unused, item 39), else why the move
    cannot be taken back; with both, the one then the other.
    """
    if ask:
        return ask + (f"\n{t(lang, 'play.confirm_also', why=why)}" if why else "")
    if why:
        return t(lang, "play.confirm_why", move=move, why=why)
    return t(lang, "play.confirm", move=move)


async def _settle(
    interaction: discord.Interaction[Any], game: int, move: LogLine, lang: str
) -> None:
    """Turn an answered confirmation into "Played: <move>", its buttons gone (playtest 16).

    Left on screen with live buttons, it looked as if the move could be confirmed again.
    """
    meta = await remember(interaction).poster.meta(game)
    label = words(move, meta.names, lang, told=False)[0]  # the decider's own
    try:
        await interaction.edit_original_response(
            content=t(lang, "choices.played", move=label), view=None
        )
    except discord.HTTPException as error:  # the question was dismissed: nothing to settle
        log.info("could not settle the confirmation of game %s: %s", game, error)


async def stale(interaction: discord.Interaction[Any], game: int, error: GameError) -> None:
    """Say the board is out of date; give fresh controls to the decider, a link to others.

    While an AI seat decides, only that it is thinking; on the current board itself (its
    controls came from an older edit), whose turn it is rather than a link to it (item 100).

    The fresh controls are the board's: no Undo where the board offers none (a die, card or
    secret revealed since, or no move of a person to take back; playtest item 91).
    """
    rt = remember(interaction)
    lang = lang_for(interaction)
    seat = rt.sessions.thinking(game)
    if seat is not None:  # an AI decides: the board says so already (playtest item 100)
        await thinking(interaction, game, seat)
        return
    now = await rt.sessions.current(game)
    if now.turn is None:
        await refuse(interaction, error)
        return
    if now.turn.user_id == interaction.user.id and now.choices is not None:
        meta = await rt.poster.meta(game)
        choices = named_choices(now.choices, meta.game, meta.names, meta.language)
        view = controls(choices, lang, undo=now.undoable)
        await reply(interaction, t(lang, "play.stale_mine", prompt=now.turn.prompt), view=view)
        return
    pressed = interaction.message.id if interaction.message is not None else None
    if pressed is not None and pressed == now.board_message_id:  # a link here leads nowhere
        meta = await rt.poster.meta(game)
        who = seat_name(now.turn.seat, meta.names)
        await reply(interaction, t(lang, "play.not_yours", who=who))
        return
    guild = interaction.guild_id
    url = jump_url(guild, now.thread_id, now.board_message_id)
    await reply(interaction, t(lang, "play.stale", url=url))


async def thinking(interaction: discord.Interaction[Any], game: int, seat: int) -> None:
    """Say briefly that it is not the presser's turn: an AI seat is thinking (item 100)."""
    meta = await remember(interaction).poster.meta(game)
    who = seat_name(seat, meta.names)
    await reply(interaction, t(lang_for(interaction), "play.thinking", who=who))


async def undo(interaction: discord.Interaction[Any], game: int, version: int | None) -> None:
    """Undo the user's last move in `game` (at `version`, or the current one) and post it."""
    rt = remember(interaction)
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        lang = await in_game(interaction, game)
        if version is None:
            version = (await rt.sessions.current(game)).version
        outcome = await rt.sessions.undo(game, interaction.user.id, version)
    except StaleStateError as error:
        await stale(interaction, game, error)
        return
    except GameError as error:
        await refuse(interaction, error)
        return
    except Exception as error:
        await report_failure(interaction, error)
        raise
    # The asker's answer first: posting for everyone may wait out Discord's retries (an
    # outage: what cannot be posted is owed and posted later), and the answer must not.
    await reply(interaction, undo_reply(outcome, lang))
    await rt.poster.post(outcome)


def undo_reply(outcome: Outcome, lang: str) -> str:
    """Say what an undo did: taken back at once, or asked of the others and waiting on them."""
    for notice in outcome.notices:
        if notice.kind is NoticeKind.UNDO_ASKED:
            return t(lang, "play.undo_waiting", count=len(notice.waiting_on))
        if notice.kind is NoticeKind.UNDONE:
            return t(lang, "play.undone_now", move=notice.detail)
    return t(lang, "play.undo_done")


class MoveButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:m:{game:int}:{version:int}:{index:int}"
):
    """Play one legal action."""

    game: int
    version: int
    index: int

    def __init__(self, game: int, version: int, index: int, label: str = "?", row: int = 0) -> None:
        item = button(label, discord.ButtonStyle.primary, row=min(row, 3))
        super().__init__(item, game=game, version=version, index=index)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the move (after a confirmation if it reveals something)."""
        await act(interaction, self.game, self.version, self.index, sure=False)


class SpentButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:n:{game:int}:{version:int}:{slot:int}"
):
    """An option already picked or taken, or a heading: disabled, it keeps its place (item 20)."""

    game: int
    version: int
    slot: int

    def __init__(self, game: int, version: int, slot: int, label: str = "?", row: int = 0) -> None:
        item = button(label, discord.ButtonStyle.secondary, row=min(row, 3))
        item.disabled = True
        super().__init__(item, game=game, version=version, slot=slot)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Do nothing: Discord sends no press of a disabled button (an old client might)."""
        await interaction.response.defer()


class ConfirmButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:k:{game:int}:{version:int}:{index:int}"
):
    """Play a move that cannot be taken back, once the player confirmed it."""

    game: int
    version: int
    index: int

    def __init__(self, game: int, version: int, index: int) -> None:
        item = button("\N{WHITE HEAVY CHECK MARK}", discord.ButtonStyle.danger)
        super().__init__(item, game=game, version=version, index=index)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the confirmed move."""
        await act(interaction, self.game, self.version, self.index, sure=True)


class CancelButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:x:{game:int}:{version:int}:{index:int}"
):
    """Decline a move that cannot be taken back: nothing is played, the question goes away."""

    game: int
    version: int
    index: int

    def __init__(self, game: int, version: int, index: int, lang: str = "en") -> None:
        label = f"\N{HEAVY MULTIPLICATION X} {t(lang, 'play.confirm_no')}"
        super().__init__(button(label), game=game, version=version, index=index)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Replace the question by "cancelled" (nothing is asked of the session manager)."""
        lang = lang_for(interaction)
        choices = await remember(interaction).sessions.choices(self.game)
        move = next((c.label for c in choices.choices if c.index == self.index), "?")
        if choices.version != self.version:
            move = "?"
        text = t(lang, "play.cancelled", move=move)
        if self.index == NO_INDEX:  # a one-go answer (a bundle) has no single label
            text = t(lang, "play.cancelled_bundle")
        await interaction.response.edit_message(content=text, view=None)


class MoveSelect(
    Persistent[discord.ui.Select[Any]], custom_id="dn:s:{game:int}:{version:int}:{page:int}"
):
    """Pick one of up to 25 legal actions (one page of a long list)."""

    game: int
    version: int
    page: int

    def __init__(
        self,
        game: int,
        version: int,
        page: int,
        choices: Choices | None = None,
        lang: str = "en",
        row: int | None = None,
    ) -> None:
        options = [discord.SelectOption(label="?", value="0")]
        placeholder = None
        if choices is not None:
            places = _menu_places(choices)
            part = places[page * PAGE : (page + 1) * PAGE]
            # A spent option's value names its place, never an index: a pick of it plays nothing.
            values = [
                str(c.index) if isinstance(c, Choice) else f"{SPENT_VALUE}{page * PAGE + k}"
                for k, c in enumerate(part)
            ]
            options = [
                discord.SelectOption(
                    label=_clip(c.label, 100),
                    value=value,
                    description=_clip(c.detail, 100) if c.detail else None,
                )
                for c, value in zip(part, values, strict=True)
            ]
            pages = (len(places) + PAGE - 1) // PAGE
            placeholder = t(lang, "play.pick", page=page + 1, pages=pages)
            if pages == 1:
                placeholder = t(lang, "play.pick_one")
            if choices.layout is not None and choices.layout.picked:
                # What this decision picked so far: a menu cannot show them disabled (item 20).
                placeholder = _clip(choices.layout.picked, 150)
        item: discord.ui.Select[Any] = discord.ui.Select(
            options=options, placeholder=placeholder, row=row
        )
        super().__init__(item, game=game, version=version, page=page)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the picked move (a spent option, shown for its place, plays nothing)."""
        data: Any = interaction.data or {}
        values = data.get("values") or ["-1"]
        if str(values[0]).startswith(SPENT_VALUE):
            await self.spent(interaction)
            return
        await act(interaction, self.game, self.version, _index(values[0]), sure=False)

    @guarded
    async def spent(self, interaction: discord.Interaction[Any]) -> None:
        """Say that a spent option is not on offer, in the game's language (its line: why)."""
        await in_game(interaction, self.game)
        await reply(interaction, t(lang_for(interaction), "play.spent_pick"))


class BundleSelect(Persistent[discord.ui.Select[Any]], custom_id="dn:b:{game:int}:{version:int}"):
    """Answer a decision in one go: pick several options (a whole shipment, a whole sowing)."""

    game: int
    version: int

    def __init__(
        self, game: int, version: int, choices: Choices | None = None, lang: str = "en"
    ) -> None:
        options = [discord.SelectOption(label="?", value="?")]
        least, most, placeholder = 1, 1, None
        bundle = choices.bundle if choices is not None else None
        if bundle is not None:
            options = [
                discord.SelectOption(
                    label=_clip(p.label, 100),
                    value=p.value,
                    description=_clip(p.detail, 100) if p.detail else None,
                )
                for p in bundle.picks[:PAGE]
            ]
            least, most = bundle.least, min(bundle.most, len(options))
            placeholder = _clip(bundle.placeholder or t(lang, "play.bundle_placeholder"), 150)
        item: discord.ui.Select[Any] = discord.ui.Select(
            options=options, placeholder=placeholder, min_values=least, max_values=most, row=0
        )
        super().__init__(item, game=game, version=version)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the picked options as one move (after a confirmation if it reveals something)."""
        data: Any = interaction.data or {}
        values = tuple(str(v) for v in data.get("values") or ())
        if not values or len(",".join(values)) > PICKS_TEXT or not _picks(values):
            values = ("?",)  # tampered: names no move, and the engine refuses it
        await act(interaction, self.game, self.version, values, sure=False)


def _picks(values: tuple[str, ...]) -> bool:
    """Tell whether picked values can ride on a confirm button's custom_id."""
    return all(v and "," not in v for v in values) and bool(re.fullmatch(PICKS, ",".join(values)))


class ConfirmBundle(
    Persistent[discord.ui.Button[Any]],
    custom_id="dn:kb:{game:int}:{version:int}:{picks:" + PICKS + "}",
):
    """Play a one-go answer that cannot be taken back, once the player confirmed it."""

    game: int
    version: int
    picks: str

    def __init__(self, game: int, version: int, picks: str) -> None:
        item = button("\N{WHITE HEAVY CHECK MARK}", discord.ButtonStyle.danger)
        super().__init__(item, game=game, version=version, picks=picks)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Play the confirmed picks."""
        values = tuple(self.picks.split(","))
        await act(interaction, self.game, self.version, values, sure=True)


def _index(value: object) -> int:
    """Read a picked option's value; anything but a plain index (tampered) names no move."""
    text = str(value)
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else -1


class PageButton(
    Persistent[discord.ui.Button[Any]], custom_id="dn:p:{game:int}:{version:int}:{page:int}"
):
    """Show another page of a long list of moves, ephemerally, to the deciding player."""

    game: int
    version: int
    page: int

    def __init__(self, game: int, version: int, page: int, label: str = "?", row: int = 1) -> None:
        item = button(label, discord.ButtonStyle.secondary, row=row)
        super().__init__(item, game=game, version=version, page=page)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Send that page of the current decision's moves (or say the board is stale)."""
        rt = remember(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await in_game(interaction, self.game)
        choices = await rt.sessions.choices(self.game)
        if choices.version != self.version:
            await stale(interaction, self.game, StaleStateError(t(lang, "error.stale")))
            return
        if choices.turn.user_id != interaction.user.id:
            await reply(interaction, t(lang, "error.not_your_turn"))
            return
        meta = await rt.poster.meta(self.game)
        choices = named_choices(choices, meta.game, meta.names, meta.language)
        view = controls(choices, lang, self.page, tools=False)
        # The prompt stands alone here, so it starts with its capital, as after "Now:".
        await reply(interaction, sentence(choices.turn.prompt), view=view)


class PrivateButton(Persistent[discord.ui.Button[Any]], custom_id="dn:h:{game:int}"):
    """Show the clicking player, ephemerally, what only they may see."""

    game: int

    def __init__(self, game: int, label: str = "?") -> None:
        super().__init__(button(label, row=4), game=game)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Send the private view and image."""
        await in_game(interaction, self.game)
        await remember(interaction).poster.send_private(interaction, self.game)


class UndoButton(Persistent[discord.ui.Button[Any]], custom_id="dn:u:{game:int}:{version:int}"):
    """Take back your last move (at once within your turn, else with the others' consent)."""

    game: int
    version: int

    def __init__(self, game: int, version: int, label: str = "?") -> None:
        super().__init__(button(label, row=4), game=game, version=version)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Ask the session manager to undo, and post what it did."""
        await undo(interaction, self.game, self.version)


ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    MoveButton,
    SpentButton,
    ConfirmButton,
    CancelButton,
    MoveSelect,
    BundleSelect,
    ConfirmBundle,
    PageButton,
    PrivateButton,
    UndoButton,
)
