"""The thread tells the story: one message per turn, every move of every seat in it (issue 14).

A turn message shows what the others did since the decider's last turn ("since your last
turn"), then the decider's own moves of this turn, then whose decision it is now. It is
edited in place while the turn goes on; when the turn passes, the poster edits the old
message one last time into the whole of the turn that ended (`closing`, its controls taken
off in the same edit) and sends one new message. So every move, a rival's or an AI's,
appears in the thread, and no turn makes more than one new message (the emulator keeps
Discord's 5 messages per 5 s per channel). A game's milestones (a quarter's scoring, an
event's result, the end of a round: `GameSpec.milestones`) stand out as summary lines.

Pure functions of the session manager's records (`Outcome.history`, the game's last live
moves), in the game's language.
"""

from collections.abc import Sequence

from cogs.common.i18n import t
from cogs.common.text import LIMIT, entries, fit, notice_lines, seat_name, sentence, when
from engine import games
from engine.sessions import LogLine, Outcome


def title(game: str, number: int, lang: str) -> str:
    """Return a game's title in its language: "Troyes #3", "Troyes n.º 3", "Trajano n.º 1"."""
    return t(lang, "story.title", game=games.title(game, lang), number=number)


def header(game: str, number: int, lang: str, move: int) -> str:
    """Return the first line of a turn message: the game's title and the move number."""
    return t(lang, "story.header", title=title(game, number, lang), move=move)


def turn_of(
    history: Sequence[LogLine], seat: int
) -> tuple[tuple[LogLine, ...], tuple[LogLine, ...]]:
    """Split the end of `history` for `seat`: the others' moves since its last turn, its own.

    Its own moves of this turn are the trailing moves it made; the others' are the moves
    between them and the seat's turn before.
    """
    end = len(history)
    start = end
    while start > 0 and history[start - 1].seat == seat:
        start -= 1
    first = start
    while first > 0 and history[first - 1].seat != seat:
        first -= 1
    return tuple(history[first:start]), tuple(history[start:end])


def _told(  # noqa: PLR0913 - the two parts of a turn and how to word them
    others: Sequence[LogLine],
    own: Sequence[LogLine],
    who: str,
    names: Sequence[str],
    lang: str,
    game: str,
    *,
    room: int = LIMIT,
) -> list[str]:
    """Return the lines of a turn's story; briefer when they would not fit `room`.

    Every move stays: first the others' moves lose their event bullets, then the turn's own
    (the summary lines stay; the bullets are in `/game log`). Only then does `fit` drop the
    oldest lines.
    """
    for brief_others, brief_own in ((False, False), (True, False), (True, True)):
        lines: list[str] = []
        if others:
            lines.append(t(lang, "post.since", who=who))
            lines += entries(others, names, lang, game, brief=brief_others)
        if own:
            if others:
                lines.append(t(lang, "story.this_turn"))
            lines += entries(own, names, lang, game, brief=brief_own)
        if sum(len(x) + 1 for x in lines) <= room:
            break
    return lines


def caption(
    outcome: Outcome, names: Sequence[str], lang: str, game: str, extra: Sequence[str] = ()
) -> str:
    """Return the turn message: what happened since the decider's last turn, and now.

    `extra`: sentences after the notices (the seat order on the first board).
    """
    head = header(game, outcome.game_id, lang, outcome.version)
    turn = outcome.turn
    if turn is not None and outcome.history:
        others, own = turn_of(outcome.history, turn.seat)
    elif outcome.ping is not None and outcome.catch_up:
        others, own = outcome.catch_up, ()
    else:
        others, own = (), outcome.moves
    who = seat_name(turn.seat, names) if turn is not None else "?"
    if turn is not None and turn.user_id is not None:
        who = f"<@{turn.user_id}>"
    tail = ""
    if turn is not None:
        tail = t(lang, "post.now", who=who, prompt=sentence(turn.prompt))
        if turn.deadline is not None:
            tail += " " + t(lang, "post.deadline", when=when(turn.deadline))
    notes = [*notice_lines(outcome.notices, names, lang), *extra]
    room = _room(head, tail, notes)
    told = _told(others, own, who, names, lang, game, room=room)
    return fit(head, [*told, *notes], tail, lang)


def _room(head: str, tail: str, lines: Sequence[str]) -> int:
    """Return what a message's story may take besides these parts (as `fit` counts)."""
    return LIMIT - len(head) - len(tail) - 80 - sum(len(x) + 1 for x in lines)


def passed(outcome: Outcome) -> bool:
    """Return whether this call's moves ended a turn (another seat moved, or decides now)."""
    if outcome.turn is None or not outcome.moves:
        return False
    return any(m.seat != outcome.turn.seat for m in outcome.moves)


def closing(
    outcome: Outcome, names: Sequence[str], lang: str, game: str, start: Sequence[str] = ()
) -> str | None:
    """Return the whole of the turn this call ended, for its message's last edit.

    The turn is the seat's that made this call's first move, up to its last move in a row.
    None when the history does not reach back to it (the message is then left as it was).
    `start`: what the first board announced (the start, the seat order), kept in the first
    turn's message.
    """
    span = _closed(outcome)
    if span is None:
        return None
    history, end = outcome.history, span
    seat = history[end - 1].seat
    others, own = turn_of(history[:end], seat)
    head = header(game, outcome.game_id, lang, history[end - 1].version)
    opened = list(start) if (others or own)[0].version == 1 else []  # the game's first turn
    room = _room(head, "", opened)
    told = _told(others, own, seat_name(seat, names), names, lang, game, room=room)
    return fit(head, [*opened, *told], "", lang)


def _closed(outcome: Outcome) -> int | None:
    """Return where in the history the turn this call ended stops (None: not in it)."""
    history = outcome.history
    if not outcome.moves or not history:
        return None
    first = outcome.moves[0].version
    index = next((i for i, m in enumerate(history) if m.version == first), None)
    if index is None:
        return None
    end = index
    while end < len(history) and history[end].seat == history[index].seat:
        end += 1
    return end


def after_closing(outcome: Outcome, names: Sequence[str], lang: str, game: str) -> list[str]:
    """Return the lines of this call's moves after the turn it closed (the game's last ones).

    The end of a game has no next turn message to tell them: the final message does.
    """
    end = _closed(outcome)
    if end is None:
        return entries(outcome.moves, names, lang, game)
    return entries(outcome.history[end:], names, lang, game)


def order(names: Sequence[str], first: int, lang: str, *, shuffled: bool) -> str:
    """Return the seat order announced at the start: the order of play, who starts, how."""
    seats = ", ".join(f"{i + 1}. {seat_name(i, names)}" for i in range(len(names)))
    key = "story.order_shuffled" if shuffled else "story.order_joined"
    return t(lang, key, order=seats, first=seat_name(first, names))
