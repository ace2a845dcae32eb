"""The text of posted messages: board captions, catch-up logs, notices and final standings.

Pure functions of the session manager's records, in the game's language; the sentences
come from the message catalog. Players' names are put in here, at the edge: each stored move
is described again by its engine with the seats' names (`words`), never swapped in by regex.
Discord's 2,000-character limit is kept by dropping the oldest log lines first (the full log
is one `/game log` away).
"""

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

import discord

from cogs.common.i18n import t
from engine import games
from engine.core.fit import clip_keeping_outcome
from engine.core.protocol import Layout, Spent
from engine.games import GAMES
from engine.sessions import Choices, Final, LogLine, Notice, NoticeKind
from render.base.palette import seat_label

LIMIT = 1900
LABEL = 80  # a button's label (Discord)
_VERSION = re.compile(r"^dn:[msu]:\d+:(\d+)")


def seat_name(seat: int | None, names: Sequence[str]) -> str:
    """Return a seat's player name with its mark, exactly as the board image shows it."""
    if seat is None:
        return "?"
    return seat_label(seat, tuple(names))


def words(
    line: LogLine, names: Sequence[str], lang: str, told: bool = True
) -> tuple[str, list[str]]:
    """Describe a stored move again, its seats named: its label and its event lines.

    The engine words it from what is stored (the notation and the recorded events), with the
    players' names put in here, so a move stored with "Player N" prose reads like a new one.
    The events are described as the public reads them (no hidden VP figures), those that read
    better together in one line at the first one's place (the others' lines are empty:
    `GameSpec.together`). `told` (the
    log's line, after the player's name): a label that says "your" in the third person
    (playtest item 25); without it, as the decider read it on the button.
    """
    engine = GAMES.get(line.game)
    if engine is None or (line.events and not line.records):  # a game no longer registered
        return line.text, list(line.events)
    seats = tuple(seat_name(seat, names) for seat in range(len(names)))
    label = engine.relabel(line.notation, line.seat, lang, seats, told) or line.text
    described = [engine.describe_event(e, lang, seats) for e in line.records]
    together = games.spec(line.game).together
    if together is not None:  # a round's opening in fewer lines (playtest item 69)
        for places, said in together(engine, line.records, lang, seats):
            for place in places:
                described[place] = said if place == places[0] else ""
    return label, described


def named_choices(choices: Choices, game: str, names: Sequence[str], lang: str) -> Choices:
    """Return the choices with the labels that name a seat worded with the players' names."""
    engine = GAMES.get(game)
    if engine is None:
        return choices
    seats = tuple(seat_name(seat, names) for seat in range(len(names)))
    decider = choices.turn.seat
    named = tuple(
        replace(
            c,
            label=engine.relabel(c.notation, decider, lang, seats) or c.label,
            detail=_named_detail(c.detail, game, seats, lang),
        )
        for c in choices.choices
    )
    return replace(choices, choices=named)


def _named_detail(detail: str, game: str, seats: Sequence[str], lang: str) -> str:
    """Return a choice's line with the engine's "Jugador N" worded as that seat's name.

    A choice's line says a seat as the engine does (`GameSpec.seat_word`: it has no names):
    the fifth playtest read "… y expulsa a un ciudadano de Jugador 1; cuesta 2 denarios"
    beside the label's "Tomar el dado rojo 1 de IA normal (1)".
    """
    key = games.spec(game).seat_word if game in GAMES else ""
    if not detail or not key:
        return detail
    for seat in reversed(range(len(seats))):  # "Jugador 1" cannot eat "Jugador 12"'s start
        said = t(lang, key, n=seat + 1)
        detail = re.sub(rf"{re.escape(said)}(?!\d)", seats[seat], detail)
    return detail


def done_heading(
    choices: Choices, moves: Sequence[LogLine], names: Sequence[str], lang: str
) -> Choices:
    """Head the choices with what the decider's last move did, when it closed an action.

    When the last die of a group commits an action and the same seat decides again (the
    others passed; a black die countered and another may follow), the new controls would
    start with nothing that says what happened, and a quick second press would land on a
    new choice. The move's event that says the action was done (the game's
    `GameSpec.done_events`) heads them instead, disabled: "Done: alice fights War: …".
    A decision whose controls keep spent options in their places (a group under way, an
    entry backed out of) or have a heading already is left as it is; a turn menu whose
    places only order its entries (playtest item 82) is headed.
    """
    if not moves or choices.game not in GAMES:
        return choices
    last, layout = moves[-1], choices.layout
    if last.seat != choices.turn.seat or last.undone:
        return choices
    kept = layout is not None and any(isinstance(p, Spent) for p in layout.places)
    if layout is not None and (layout.heading or kept):
        return choices
    done = games.spec(choices.game).done_events
    kinds = [type(r).__name__ for r in last.records]
    _, described = words(last, names, lang)
    said = [e for k, e in zip(kinds, described, strict=False) if k in done and e]
    if not said:
        return choices
    heading = done_line(said[-1], seat_name(last.seat, names), lang)
    return replace(choices, layout=replace(layout or Layout(), heading=heading))


def done_line(line: str, who: str, lang: str) -> str:
    """Return "Done: <line>" within a button's 80 characters, its figures whole (item 88).

    Too long, it drops the decider's own name ("Hecho: contrarresta el dado negro de 5 con
    amarillo 6: +1 de influencia"); still too long, it is two lines (two headings side by
    side), split where a clause or phrase starts, the outcome with what explains its figure
    ("Hecho: sube a las murallas" / "con rojo 1, subido 1 por 1 denario: 2 puntos de
    acción", item 103). Only a line two buttons cannot hold is cut before its closing outcome
    (`clip_keeping_outcome`): never the figure cut in two.
    """
    heading = t(lang, "play.done", line=line)
    if len(heading) > LABEL and line.startswith(f"{who} "):
        heading = t(lang, "play.done", line=line.removeprefix(f"{who} "))
    if len(heading) <= LABEL:
        return heading
    split = _two_lines(heading)
    return split if split is not None else clip_keeping_outcome(heading, LABEL)


def _two_lines(heading: str) -> str | None:
    """Return a heading as two lines of a button's size each, split where a clause starts.

    Where what was used starts (" con ") comes first, then a clause (", ", "; "), then a
    phrase (" y "), each the one nearest the outcome's ": " that fits; None when no split
    gives two lines that fit.
    """
    end = heading.rfind(": ")
    end = len(heading) if end <= len(heading) // 2 else end
    splits = (((" con ", " with "), True), ((", ", "; "), False), ((" y ", " and "), True))
    for marks, keep in splits:
        for cut in sorted({heading.rfind(m, 0, end) for m in marks}, reverse=True):
            if cut <= 0:
                continue
            first = heading[:cut]
            rest = heading[cut + 1 :] if keep else heading[cut + 2 :]
            if len(first) <= LABEL and len(rest) <= LABEL:
                return f"{first}\n{rest}"
    return None


def sentence(prompt: str) -> str:
    """Return a prompt as it follows "Now: <player>:", a sentence with its capital.

    Prompts name no seat and start in lower case ("choose a bowl."); after the player's name
    every game's reads alike: "Choose a bowl.", "Coloca un ciudadano inicial." (item 28).
    """
    return prompt[:1].upper() + prompt[1:]


def when(moment: datetime | None, style: str = "R") -> str:
    """Return a Discord timestamp that each reader sees in their own time zone.

    `style` is Discord's: "R" relative ("in 3 hours"), "f" date and time.
    """
    return "-" if moment is None else f"<t:{int(moment.timestamp())}:{style}>"


def _line(line: LogLine, names: Sequence[str], lang: str) -> str:
    """Return a move's log entry: who did what, and the events it caused as bullets."""
    return _entry(line, names, lang).text()


@dataclass(frozen=True, slots=True)
class Told:
    """A move as the thread tells it: its headline, then its lines in the order they happened.

    `kept[i]`: whether a short story keeps `lines[i]` (a milestone's summary line, a line of a
    round's opening); the others are details, the first lines a long turn drops.
    """

    version: int
    seat: int
    who: str
    label: str
    head: str
    lines: tuple[str, ...] = ()
    kept: tuple[bool, ...] = ()
    stand_in: bool = False  # an AI stand-in chose it for a timed-out person: marked
    prologue: tuple[str, ...] = ()  # the set-up's facts, told before the first move (item 89)
    until: int | None = None  # the last move it tells: moves that only explored a menu

    def text(self, *, brief: bool = False) -> str:
        """Return the move's entry: its headline and its lines (`brief`: the kept ones)."""
        lines = [x for x, k in zip(self.lines, self.kept, strict=True) if k or not brief]
        return "\n".join([*self.prologue, self.head, *lines])

    @property
    def milestone(self) -> bool:
        """Return whether a milestone's summary line is among its lines."""
        return any(x.startswith("\N{BAR CHART}") for x in self.lines)

    @property
    def details(self) -> int:
        """Return how many of its lines a brief entry leaves out."""
        return self.kept.count(False)


def _entry(
    line: LogLine,
    names: Sequence[str],
    lang: str,
    milestones: frozenset[str] = frozenset(),
    openings: frozenset[str] = frozenset(),
    facts: frozenset[str] = frozenset(),
) -> Told:
    """Return a move as told: its head, event bullets and (`milestones`) summary lines.

    An event whose class is one of the game's milestones (a quarter's scoring, an event's
    result, the end of a round) is not a bullet but a summary line of its own, where it
    happened among the others (the round's end before the next round's opening, item 63).
    Milestones and `openings` (a round's opening) are kept in a brief entry. The first
    move's set-up `facts` (the revealed character, the outer activities) are the start's,
    not the move's doing: they are told before its head (`prologue`, item 89).
    """
    who = seat_name(line.seat, names)
    label, described = words(line, names, lang)
    head = f"`{line.version:>3}` **{who}**: {label}"
    stand_in = line.by.value == "stand_in"
    if stand_in:
        head += " " + t(lang, "post.stand_in")
    kinds = [type(r).__name__ for r in line.records]
    if len(kinds) != len(described):
        kinds = [""] * len(described)
    said = _plain(head)
    lines: list[str] = []
    kept: list[bool] = []
    prologue: list[str] = []
    for kind, event in zip(kinds, described, strict=True):
        if not event:
            continue
        if kind in facts and line.version == 1:
            prologue.append(f"\N{BULLET} {event}")
            continue
        if kind in milestones:
            lines.append(f"\N{BAR CHART} {event}")
        # An event that only repeats the move ("alice (1): orange into bowl I") adds nothing.
        elif ": " not in event or _plain(event.partition(": ")[2]) not in said:
            lines.append(f"      \N{BULLET} {event}")
        else:
            continue
        kept.append(kind in milestones or kind in openings)
    return Told(
        line.version,
        line.seat,
        who,
        label,
        head,
        tuple(lines),
        tuple(kept),
        stand_in=stand_in,
        prologue=tuple(prologue),
    )


def _plain(text: str) -> str:
    """Return text lowercased with its punctuation as spaces (to see a repeated move)."""
    return " ".join(re.sub(r"[^\w+]+", " ", text.lower()).split())


def plain_log(
    lines: Sequence[LogLine], names: Sequence[str], lang: str, game: str = ""
) -> list[str]:
    """Return the log as plain text lines (an export's text file): no Discord markup.

    A move taken back is marked so (the log may hold them: `include_undone`).
    """
    out = []
    undone = {line.version for line in lines if line.undone}
    for entry in told(lines, names, lang, game):
        head = entry.head + (" " + t(lang, "story.undone") if entry.version in undone else "")
        out.append(replace(entry, head=head).text().replace("**", "").replace("`", ""))
    return out


def shown(lines: Sequence[LogLine], game: str = "") -> list[LogLine]:
    """Return the moves a reader is told: without the menus a seat only explored.

    A way back (a Troyes "Back") and the same seat's eventless moves it leaves unused ("Use
    influence", "Back"; playtest item 26) are what the seat looked at, not what it did: the
    game's `explored` says which (engine/games.py). The stored moves are unchanged.
    """
    explored = games.spec(game).explored if game in GAMES else None
    if explored is None:
        return list(lines)
    out: list[LogLine] = []
    for line in lines:
        quiet = _quiet(line)
        start = len(out)
        while start > 0 and out[start - 1].seat == line.seat and _quiet(out[start - 1]):
            start -= 1
        left = explored(line.notation, [x.notation for x in out[start:]]) if quiet else None
        if left is None:
            out.append(line)
        elif left:
            del out[len(out) - left :]
    return out


def _quiet(line: LogLine) -> bool:
    """Return whether a move caused no event (a step inside a menu)."""
    return not line.records and not line.events


def milestones_of(game: str) -> frozenset[str]:
    """Return the event classes a game shows as summary lines (none for an unknown game)."""
    return games.spec(game).milestones if game in GAMES else frozenset()


def openings_of(game: str) -> frozenset[str]:
    """Return the event classes that open a game's round (none for an unknown game)."""
    return games.spec(game).openings if game in GAMES else frozenset()


def told(lines: Sequence[LogLine], names: Sequence[str], lang: str, game: str = "") -> list[Told]:
    """Return the moves a reader is told (`shown`), each as the thread tells it.

    The moves that only explored a menu are one line, "`259`-`261` **IA normal (1)**:
    opened a menu and went back: nothing played", where they were: the move numbers run on
    without a jump nothing explains (playtest item 102).
    """
    milestones, openings = milestones_of(game), openings_of(game)
    facts = games.spec(game).setup_facts if game in GAMES else frozenset()
    kept = {x.version for x in shown(lines, game)}
    out: list[Told] = []
    hidden: list[LogLine] = []
    for line in lines:
        if line.version not in kept:
            if hidden and hidden[-1].seat != line.seat:
                out.append(_explored(hidden, names, lang))
                hidden = []
            hidden.append(line)
            continue
        if hidden:
            out.append(_explored(hidden, names, lang))
            hidden = []
        out.append(_entry(line, names, lang, milestones, openings, facts))
    return [*out, _explored(hidden, names, lang)] if hidden else out


def _explored(lines: Sequence[LogLine], names: Sequence[str], lang: str) -> Told:
    """Return one seat's moves that only explored a menu as one line, their numbers first.

    Backs alone (a seat leaving a menu it played in: hires, then back) only went back: their
    line does not say "nothing played" (seventh playtest item 4); a walk into a menu does.
    """
    first, last = lines[0].version, lines[-1].version
    who = seat_name(lines[0].seat, names)
    backs = all(x.notation == "back" for x in lines)
    label = t(lang, "story.went_back" if backs else "story.explored")
    numbers = f"`{first:>3}`" if first == last else f"`{first:>3}`\N{EN DASH}`{last:>3}`"
    head = f"{numbers} **{who}**: {label}"
    stand_in = lines[0].by.value == "stand_in"
    return Told(first, lines[0].seat, who, label, head, stand_in=stand_in, until=last)


def entries(
    lines: Sequence[LogLine],
    names: Sequence[str],
    lang: str,
    game: str = "",
    *,
    brief: bool = False,
) -> list[str]:
    """Return the thread's lines for moves: each move, its bullets, its summary lines.

    `brief`: each move with its summary lines and its round opening's lines only (its other
    event bullets are in `/game log`), for a turn whose whole story would not fit one message.
    """
    return [x.text(brief=brief) for x in told(lines, names, lang, game)]


def notice_line(notice: Notice, names: Sequence[str], lang: str) -> str | None:
    """Return the line a board shows for a notice (None: it has no line of its own)."""
    return _notice(notice, names, lang)


def _notice(notice: Notice, names: Sequence[str], lang: str) -> str | None:
    who = seat_name(notice.seat, names)
    key = {
        NoticeKind.STARTED: "notice.started",
        NoticeKind.TIMED_OUT: f"notice.timed_out_{notice.detail or 'stand_in'}",
        NoticeKind.RESIGNED: "notice.resigned",
        NoticeKind.RETURNED: "notice.returned",
        NoticeKind.UNDONE: "notice.undone",
        NoticeKind.REFUSED: "notice.refused",
        NoticeKind.ABANDONED: "notice.abandoned",
        NoticeKind.AI_FAILED: "notice.ai_failed",
        NoticeKind.REPAIRED: "repair.announce",
        NoticeKind.EDITION: "edition.announce",
    }.get(notice.kind)
    return None if key is None else t(lang, key, who=who, detail=notice.detail)


def notice_lines(notices: Sequence[Notice], names: Sequence[str], lang: str) -> list[str]:
    """Return the sentences of the notices a board announces (start, timeouts, undo ...)."""
    return [n for n in (_notice(x, names, lang) for x in notices) if n]


def fit(head: str, lines: Sequence[str], tail: str, lang: str) -> str:
    """Join head, log lines and tail, dropping the oldest lines to stay under the limit."""
    kept: list[str] = []
    room = LIMIT - len(head) - len(tail) - 80
    for line in reversed(lines):
        if len(line) + 1 > room:
            kept.append(t(lang, "post.more", count=len(lines) - len(kept)))
            break
        kept.append(line)
        room -= len(line) + 1
    return "\n".join([head, *reversed(kept), tail]).strip()


def standings(fin: Final | None, names: Sequence[str], lang: str) -> list[str]:
    """Return the final standings, best first: rank, player, score, whether they left."""
    if fin is None:
        return []
    scores = fin.result.scores if fin.result else ()
    lines = []
    for seat in sorted(range(len(fin.ranks)), key=lambda s: (fin.ranks[s], s)):
        vp = t(lang, "story.vp", count=scores[seat]) if seat < len(scores) else ""
        points = f" \N{EM DASH} {vp}" if vp else ""
        out = " " + t(lang, "post.out") if seat in fin.out else ""
        lines.append(f"{fin.ranks[seat]}. {seat_name(seat, names)}{points}{out}")
    return lines


def log_lines(lines: Sequence[LogLine], names: Sequence[str], lang: str) -> str:
    """Return a log for `/game log`, the newest lines kept when it is long."""
    if not lines:
        return t(lang, "game.log_empty")
    return fit("", [_line(x, names, lang) for x in lines], "", lang)


def shown_version(message: discord.Message | Any) -> int | None:
    """Return the game version a posted board's controls carry (None without controls)."""
    for row in getattr(message, "components", []):
        for child in getattr(row, "children", []):
            found = _VERSION.match(getattr(child, "custom_id", None) or "")
            if found:
                return int(found[1])
    return None


def nonce(*parts: object) -> str:
    """Return the nonce of a message: the same post gets the same one (Discord: 25 characters).

    Sent with enforce_nonce, a post repeated after a kill between sending it and recording it
    returns the message already sent instead of a second one.
    """
    return hashlib.blake2b(repr(parts).encode(), digest_size=10).hexdigest()
