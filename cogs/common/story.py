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

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import NamedTuple

from cogs.common.i18n import t
from cogs.common.text import (
    LIMIT,
    Told,
    fit,
    notice_lines,
    seat_name,
    sentence,
    standings,
    told,
    when,
)
from engine import games
from engine.sessions import By, LogLine, NoticeKind, Outcome


def title(game: str, number: int, lang: str) -> str:
    """Return a game's title in its language: "Troyes #3", "Troyes n.º 3", "Trajano n.º 1"."""
    return t(lang, "story.title", game=games.title(game, lang), number=number)


def header(game: str, number: int, lang: str, move: int, images: int | None = None) -> str:
    """Return the first line of a turn message: the game's title and the move number.

    `images`: the move the message's images show, said when it is not `move` (a retired
    turn message keeps the images of an earlier board: playtest item 127).
    """
    if images is not None and images != move:
        pictured = title(game, number, lang)
        return t(lang, "story.header_pictured", title=pictured, move=move, pictured=images)
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


def _apart(history: Sequence[LogLine], seat: int, others: Sequence[LogLine]) -> tuple[LogLine, ...]:
    """Return `others` without the game's first turn when an AI played it in its own message.

    An AI that starts has the start's board as its first turn's message (playtest item 100:
    posted while it thinks, then closed on its turn, the start and the set-up facts with it),
    so the next seats' first turns do not tell that turn or the start again (item 120). The
    bot starts every game so (cogs/lobby.py `advance=False`); a first board that says the
    start itself (its STARTED notice) tells the AIs' moves before it (callers skip this).
    """
    if not history or history[0].version != 1 or history[0].by is not By.AI:
        return tuple(others)
    first = history[0].seat
    if seat == first:
        return tuple(others)
    end = 0
    while end < len(history) and history[end].seat == first:
        end += 1
    last = history[end - 1].version
    return tuple(m for m in others if m.version > last)


# How briefly each part of a turn (the others' moves, the decider's own) is told.
_FULL, _BRIEF, _RUNS = 0, 1, 2
# The parts' brevity, tried in turn until the story fits: the others' details go first, then
# their runs of moves become one line each; the turn's own moves keep their detail till then.
_LEVELS = ((_FULL, _FULL), (_BRIEF, _FULL), (_RUNS, _FULL))
# Then, at each of these, the others' oldest lines go until it fits; the turn's own moves are
# told briefer only when the others' lines have gone but their headings and milestones.
_LAST = ((_RUNS, _FULL), (_RUNS, _BRIEF), (_RUNS, _RUNS))
# What a story line is when room runs out: a heading (always kept), a milestone's line or a
# line of the turn being told (kept to the last), a round's opening told with a milestone
# (the round's end, then its new cards, income, dice), a move with an opening (a black die
# countered), or any other.
_HEADING, _MILESTONE, _ROUND, _OPENING, _OTHER = 4, 3, 2, 1, 0
# How many characters of labels the runs' lines list: the others' runs, the turn's own runs
# (None: all of them).
Caps = tuple[int | None, int | None]


class _Line(NamedTuple):
    """One line of a story as room runs out: its text, how long it stays, whose move it is.

    `move`: the move's place in the story (a heading's or a run's own); `head`: the move's
    headline, which takes its lines with it when it goes; `versions`: the move numbers it
    tells (a run's all); `gone`: a note standing where moves were left out, their numbers.
    """

    text: str
    weight: int
    move: int
    head: bool = True
    versions: tuple[int, ...] = ()
    gone: tuple[int, ...] = ()


def _told(  # noqa: PLR0913 - the two parts of a turn and how to word them
    others: Sequence[LogLine],
    own: Sequence[LogLine],
    who: str | None,
    names: Sequence[str],
    lang: str,
    game: str,
    *,
    room: int = LIMIT,
    seen: bool = False,
) -> list[str]:
    """Return the lines of a turn's story; briefer when they would not fit `room` (item 47).

    In this order, until it fits: the others' moves lose their detail lines; then each run of
    one seat's moves with no kept line (a milestone's summary line, a round's opening: the
    black dice, the income) becomes one line (its count and as many of its labels as fit);
    then the others' oldest lines go: first the moves with neither a milestone nor a round's
    opening, then those with an opening, then the opening's lines told with a milestone. The
    turn's own moves (what the decider just did, item 69) rank with the milestones: only then
    do they lose their detail lines and become runs, and the oldest of them and of the
    milestones go last (the newest move stays). A last line says how many were left out
    (they are in `/game log`). `who`: whose turn the others' moves lead to ("Since your last
    turn, who:"); None: the others' moves are told without that heading (the end of a game,
    `/game log` since a turn).
    """
    parts = (told(others, names, lang, game), told(own, names, lang, game))
    labels = sum(len(m.label) + 3 for p in parts for m in p)  # what every run's line lists
    for level in _LEVELS:
        lines, left = _compose(parts, level, (None, None), who, lang)
        if _size(lines, left, lang) <= room:
            return _said(lines, left, lang)
    for level in _LAST:
        story = _Story(parts, level, who, lang, room)
        # The others' runs list the labels that fit; the turn's own runs keep all of theirs
        # until the others' lines but their milestones have gone, and then list fewer before
        # any milestone goes (playtest item 118).
        lines, left = story.fitted((_most(story.size_with, room, labels), None), milestones=seen)
        if story.last and _size(lines, left, lang) > room:
            most = _most(story.size_fitted, room, labels)
            lines, left = story.fitted((0, most))
            if _size(lines, left, lang) > room:
                lines, left = story.fitted((0, most), milestones=True)
        if story.last or _size(lines, left, lang) <= room:
            break
    return _said(lines, left, lang)


class _Story(NamedTuple):
    """A turn's story at one of the `_LAST` levels: told with caps on runs' labels, fitted."""

    parts: tuple[list[Told], list[Told]]
    level: tuple[int, int]
    who: str | None
    lang: str
    room: int

    @property
    def last(self) -> bool:
        """Whether this is the briefest level, where milestones and own lines may go too."""
        return self.level == _LAST[-1]

    def fitted(self, caps: Caps, *, milestones: bool = False) -> tuple[list[_Line], int]:
        """Return the lines with the oldest taken out until they fit, and how many went.

        `milestones`: the milestones' lines and the turn's own may go too (the oldest first).
        """
        lines, left = _compose(self.parts, self.level, caps, self.who, self.lang)
        lines = _newest_kept(lines)
        weights = (_OTHER, _OPENING, _ROUND, _MILESTONE)
        for weight in weights[: 4 if milestones else 3]:
            left += _drop(lines, weight, left, self.lang, self.room)  # the oldest go first
        return lines, left

    def size_with(self, cap: int) -> int:
        """Return the size of the whole story when the others' runs list `cap` characters."""
        return _size(*_compose(self.parts, self.level, (cap, None), self.who, self.lang), self.lang)

    def size_fitted(self, cap: int) -> int:
        """Return the size of the story fitted with the turn's own runs listing `cap` characters."""
        return _size(*self.fitted((0, cap)), self.lang)


def _newest_kept(lines: list[_Line]) -> list[_Line]:
    """Return the lines with the newest move's (what the decider answers) as the milestones'."""
    newest = lines[-1].move if lines else None
    return [x._replace(weight=max(x.weight, _MILESTONE)) if x.move == newest else x for x in lines]


def _most(size: Callable[[int], int], room: int, most: int) -> int:
    """Return the largest cap in 0..`most` whose story's `size` fits `room` (0 if none does)."""
    low, high = 0, most
    while low < high:
        cap = (low + high + 1) // 2
        if size(cap) <= room:
            low = cap
        else:
            high = cap - 1
    return low


def _drop(lines: list[_Line], weight: int, left: int, lang: str, room: int) -> int:
    """Take out the oldest lines of this weight until the story fits; return how many went.

    A move's headline takes its lines with it, and a note takes its place naming the moves
    left out there (playtest item 101: where they were, not after the turn's own moves);
    one note for moves left out side by side. The count returned is of lines only (a kept
    line of a move that stays).
    """
    gone, index = 0, 0
    while _size(lines, left + gone, lang) > room and index < len(lines):
        line = lines[index]
        if line.weight != weight or line.gone:
            index += 1
            continue
        end = index + 1
        while line.head and end < len(lines) and not lines[end].head:
            end += 1
        if not line.head:
            gone += end - index
            del lines[index:end]
            continue
        versions = line.versions
        if end < len(lines) and lines[end].gone:  # the note after it takes it in
            versions, end = versions + lines[end].gone, end + 1
        if index > 0 and lines[index - 1].gone:  # and the note before it
            index -= 1
            versions = lines[index].gone + versions
        lines[index:end] = [_Line("", _HEADING, line.move, gone=versions)]
        index += 1
    return gone


def _compose(
    parts: tuple[list[Told], list[Told]],
    level: tuple[int, int],
    caps: Caps,
    who: str | None,
    lang: str,
) -> tuple[list[_Line], int]:
    """Return a turn's story lines at this brevity, each with its weight, and how many it left out.

    `caps`: how many characters of labels a run's line lists, the others' and the turn's
    own (None: all). The turn's own
    lines weigh as milestones (item 69). A move's lines weigh by what each says: a
    milestone's summary line, a round's opening, a detail.
    """
    others, own = parts
    out: list[_Line] = []
    left = 0
    # The set-up's facts the first move carries come first, with the start (item 89): before
    # "Since your last turn" and whatever brevity tells that move.
    for fact in next((m.prologue for m in (*others, *own)), ()):
        out.append(_Line(fact, _OPENING, len(out)))
    since = t(lang, "post.since", who=who) if who is not None else None
    for moves, brevity, heading, least, cap in (
        (others, level[0], since, _OTHER, caps[0]),
        (own, level[1], t(lang, "story.this_turn") if others else None, _MILESTONE, caps[1]),
    ):
        if not moves:
            continue
        if heading is not None:
            out.append(_Line(heading, _HEADING, len(out)))
        grouped = _runs(moves) if brevity == _RUNS else [[m] for m in moves]
        if brevity != _FULL:
            left += sum(m.details for m in moves)
        for run in grouped:
            if len(run) == 1:
                out += _lines(run[0], len(out), least, brief=brevity != _FULL)
                continue
            line, unlisted = _run(run, cap, lang)
            numbers = tuple(range(run[0].version, (run[-1].until or run[-1].version) + 1))
            out.append(_Line(line, least, len(out), versions=numbers))
            left += unlisted
    return out, left


def _lines(move: Told, place: int, least: int, *, brief: bool) -> list[_Line]:
    """Return a move's headline and its lines (`brief`: the kept ones), each weighed."""
    numbers = tuple(range(move.version, (move.until or move.version) + 1))
    out = [_Line(move.head, max(_weight(move), least), place, versions=numbers)]
    for line, kept in zip(move.lines, move.kept, strict=True):
        if kept or not brief:
            said = _OTHER
            if line.startswith("\N{BAR CHART}"):
                said = _MILESTONE
            elif kept:  # a round's opening, told beside its milestones or on its own
                said = _ROUND if move.milestone else _OPENING
            out.append(_Line(line, max(said, least), place, head=False))
    return out


def _weight(move: Told) -> int:
    """Return how long a move's line stays when room runs out (`_OTHER` ... `_MILESTONE`)."""
    if move.milestone:
        return _MILESTONE
    return _OPENING if any(move.kept) else _OTHER


def _runs(moves: Sequence[Told]) -> list[list[Told]]:
    """Return moves grouped: each run of one seat's moves with no kept line, each other alone.

    A run is one player's or one stand-in's: the moves an AI stand-in chose for a timed-out
    person are a run of their own, marked so.
    """
    runs: list[list[Told]] = []
    for move in moves:
        plain = not any(move.kept)
        last = runs[-1][-1] if runs else None
        if (
            plain
            and last is not None
            and (last.seat, last.stand_in) == (move.seat, move.stand_in)
            and not any(last.kept)
        ):
            runs[-1].append(move)
        else:
            runs.append([move])
    return runs


def _run(run: Sequence[Told], cap: int | None, lang: str) -> tuple[str, int]:
    """Return a run of one seat's moves as one line, and how many of their labels it leaves out.

    "`24`-`63` **IA normal (2)**: 40 jugadas: Usar influencia · … y 31 más" (an en dash
    between the numbers): the labels in order while they fit `cap` characters (None: all),
    the first one always (a bare count, "6 jugadas", tells nothing: playtest item 118).
    A stand-in's run keeps its mark: "**bob (2)** *(suplente IA)*: 3 jugadas: …".
    """
    labels: list[str] = []
    size = 0
    for move in run:
        size += len(move.label) + 3
        if cap is not None and size > cap and labels:
            break
        labels.append(move.label)
    first, last = run[0], run[-1]
    end = last.until or last.version
    line = f"`{first.version:>3}`\N{EN DASH}`{end:>3}` **{first.who}**"
    if first.stand_in:
        line += " " + t(lang, "post.stand_in")
    line += ": " + t(lang, "story.run", count=len(run))
    unlisted = len(run) - len(labels)
    line += ": " + " \N{MIDDLE DOT} ".join(labels)
    if unlisted:
        line += " " + t(lang, "story.run_more", count=unlisted)
    return line, unlisted


def _size(lines: Sequence[_Line], left: int, lang: str) -> int:
    """Return the characters a story takes (as `fit` counts), its last line too."""
    return sum(len(x) + 1 for x in _said(lines, left, lang))


def _said(lines: Sequence[_Line], left: int, lang: str) -> list[str]:
    """Return a story's lines, and the line that says how many were left out (if any were).

    A note where moves were left out names them; the count of the lines left out besides
    (the details of moves told briefer) closes the others' moves, before "This turn:" (the
    others' details go first: playtest item 101), or the story. A note of moves left out
    standing there says the count too: one note, not two in a row (playtest item 118).
    """
    said = [_gone(line.gone, lang) if line.gone else line.text for line in lines]
    if not left:
        return said
    own = t(lang, "story.this_turn")
    at = next((i for i, x in enumerate(lines) if x.weight == _HEADING and x.text == own), None)
    at = len(said) if at is None else at
    if at and lines[at - 1].gone:
        said[at - 1] = _gone(lines[at - 1].gone, lang, left)
        return said
    return [*said[:at], t(lang, "story.left_out", count=left), *said[at:]]


@lru_cache(maxsize=1024)  # fitting a long story asks for the same notes many times
def _gone(versions: tuple[int, ...], lang: str, lines: int = 0) -> str:
    """Return the note where moves were left out: "… moves 18 and 20-23 left out here: …".

    `lines`: the detail lines left out besides, said in the same note ("… and 10 detail
    lines").
    """
    spans: list[list[int]] = []
    for version in sorted(set(versions)):
        if spans and version == spans[-1][1] + 1:
            spans[-1][1] = version
        else:
            spans.append([version, version])
    said = [str(a) if a == b else f"{a}\N{EN DASH}{b}" for a, b in spans]
    if len(said) > 3:  # a long list says only where the moves left out start and end
        said = [f"{spans[0][0]}\N{EN DASH}{spans[-1][1]}"]
        key = "story.moves_left_out_among"
    else:
        key = "story.moves_left_out"
    listed = said[0]
    if len(said) > 1:
        listed = t(lang, "story.and", first=", ".join(said[:-1]), last=said[-1])
    also = t(lang, "story.lines_also", count=lines) if lines else ""
    return t(lang, key, count=len(set(versions)), moves=listed, also=also)


def caption(
    outcome: Outcome, names: Sequence[str], lang: str, game: str, extra: Sequence[str] = ()
) -> str:
    """Return the turn message: what happened since the decider's last turn, and now.

    `extra`: sentences after the start's notice (the seat order on the first board); the two
    open the message, the other notices close it.
    """
    head = header(game, outcome.game_id, lang, outcome.version)
    turn = outcome.turn
    starting = [n for n in outcome.notices if n.kind is NoticeKind.STARTED]
    if turn is not None and outcome.history:
        others, own = turn_of(outcome.history, turn.seat)
        if not starting:  # not the start's own board: the AI's first turn was told (item 120)
            others = _apart(outcome.history, turn.seat, others)
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
    # The start and the seat order come first, before the moves made since (the AIs' set-up
    # moves of a Trajan game: playtest item 90), as the first turn's closing edit says them.
    later = [n for n in outcome.notices if n.kind is not NoticeKind.STARTED]
    opened = [*notice_lines(starting, names, lang), *extra]
    notes = notice_lines(later, names, lang)
    room = _room(head, tail, [*opened, *notes])
    told = _told(others, own, who, names, lang, game, room=room)
    return fit(head, [*opened, *told, *notes], tail, lang)


def _room(head: str, tail: str, lines: Sequence[str]) -> int:
    """Return what a message's story may take besides these parts (as `fit` counts)."""
    return LIMIT - len(head) - len(tail) - 80 - sum(len(x) + 1 for x in lines)


def passed(outcome: Outcome) -> bool:
    """Return whether this call's moves ended a turn (another seat moved, or decides now)."""
    if outcome.turn is None or not outcome.moves:
        return False
    return any(m.seat != outcome.turn.seat for m in outcome.moves)


def closing(
    outcome: Outcome,
    names: Sequence[str],
    lang: str,
    game: str,
    start: Sequence[str] = (),
    *,
    images: int | None = None,
) -> str | None:
    """Return the whole of the turn this call ended, for its message's last edit.

    The turn is the seat's that made this call's first move, up to its last move in a row.
    None when the history does not reach back to it (the message is then left as it was).
    `start`: what the first board announced (the start, the seat order), kept in the first
    turn's message. `images`: the move the message's images show (None: it has none, or
    that is not known); the edit keeps them, so the header says so when it tells a later
    move (playtest item 127: "jugada 229" over board-227.png).
    """
    span = _closed(outcome)
    if span is None:
        return None
    history, end = outcome.history, span
    seat = history[end - 1].seat
    others, own = turn_of(history[:end], seat)
    others = _apart(history, seat, others)
    head = header(game, outcome.game_id, lang, history[end - 1].version, images)
    opened = list(start) if (others or own)[0].version == 1 else []  # the game's first turn
    room = _room(head, "", opened)
    told = _told(others, own, seat_name(seat, names), names, lang, game, room=room)
    return fit(head, [*opened, *told], "", lang)


def thinking(
    outcome: Outcome, names: Sequence[str], lang: str, game: str, start: Sequence[str] = ()
) -> str:
    """Return a turn message while AI seats move (playtest item 100), edited as each moves.

    The turn this call ended, told as its closing edit will tell it, then the moves made
    since under their own heading ("Since then:", not the reader's "This turn:", item 126),
    then who is thinking now (the message has no controls meanwhile). `start`: what the
    first board announced (the start, the seat order).
    """
    head = header(game, outcome.game_id, lang, outcome.version)
    who = seat_name(outcome.turn.seat, names) if outcome.turn is not None else "?"
    tail = t(lang, "post.thinking", who=who)
    history, end = outcome.history, _closed(outcome)
    if end is None:  # no move yet (a game just started): its start is the story
        return fit(head, list(start), tail, lang)
    seat = history[end - 1].seat
    others, own = turn_of(history[:end], seat)
    others = _apart(history, seat, others)
    opened = list(start) if (others or own)[0].version == 1 else []  # as `closing` keeps it
    room = _room(head, tail, opened)
    after = history[end:]
    later: list[str] = []
    whole = _lines_size(_told(own, (), None, names, lang, game, room=_WHOLE))  # the own turn
    if after:  # the AIs' moves since: under their own heading, not the turn's (item 126)
        # The reader's own turn stays whole; the moves since take what it leaves but a little
        # for the others' moves before it (the reader saw those when the turn began), so
        # they are what goes (seventh playtest: the own turn went, six notes in a row).
        heading = t(lang, "story.since_then")
        since = (
            len(heading) + 1 + _lines_size(_told(after, (), None, names, lang, game, room=_WHOLE))
        )
        size = max(room // 4, min(since, room - whole - _BEFORE_LEAST)) - len(heading) - 1
        later = [heading, *_told(after, (), None, names, lang, game, room=size)]
    room -= sum(len(x) + 1 for x in later)
    # When the reader's turn fits whole, the others' moves before it go first, milestones too.
    seen = whole + _BEFORE_LEAST <= room
    told = _told(others, own, seat_name(seat, names), names, lang, game, room=room, seen=seen)
    return fit(head, [*opened, *told, *later], tail, lang)


_WHOLE = 10**6  # room enough to tell any story whole
# What a turn message keeps at least for the others' moves before the reader's turn while AIs
# move after it: "Since your last turn" and a note of the moves left out.
_BEFORE_LEAST = 160


def _lines_size(lines: Sequence[str]) -> int:
    """Return the characters these lines take, one newline each."""
    return sum(len(x) + 1 for x in lines)


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


def after_closing(outcome: Outcome) -> tuple[LogLine, ...]:
    """Return this call's moves after the turn it closed (the game's last ones).

    The end of a game has no next turn message to tell them: the final message does.
    """
    end = _closed(outcome)
    return tuple(outcome.moves) if end is None else outcome.history[end:]


def final(outcome: Outcome, names: Sequence[str], lang: str, game: str) -> str:
    """Return the closing message: the game's last moves, that it is over, why, the standings.

    The last moves come first, as they happened, then "**Trajano n.º 2 ha terminado.**"
    (item 80); a long ending is told briefer as a turn is (`_told`).
    """
    over = t(lang, "story.over", title=title(game, outcome.game_id, lang))
    after = [over, *notice_lines(outcome.notices, names, lang)]
    after += standings(outcome.final, names, lang)
    room = _room("", "", after)
    told = _told(after_closing(outcome), (), None, names, lang, game, room=room)
    return fit("", [*told, *after], "", lang)


def since(head: str, lines: Sequence[LogLine], names: Sequence[str], lang: str, game: str) -> str:
    """Return `/game log` since a player's last turn: `head`, then the moves fitted as a turn's.

    Told briefer when long (`_told`), its last line saying how many lines were left out.
    """
    told = _told(lines, (), None, names, lang, game, room=_room(head, "", []))
    return fit(head, told, "", lang)


def order(names: Sequence[str], first: int, lang: str, *, shuffled: bool) -> str:
    """Return the seat order announced at the start: the order of play, who starts, how."""
    seats = ", ".join(f"{i + 1}. {seat_name(i, names)}" for i in range(len(names)))
    key = "story.order_shuffled" if shuffled else "story.order_joined"
    return t(lang, key, order=seats, first=seat_name(first, names))
