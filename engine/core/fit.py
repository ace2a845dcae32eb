"""A text cut to Discord's limits where a clause ends, never inside one (playtest item 88).

A button's label takes 80 characters, a select option's description 100. A plain cut lands
wherever the count runs out, often inside the clause that carries the figure ("1 vez por cada
4 punt…", "+1 de influenc…"). `clip` cuts at the last clause boundary that fits (a "; ",
". ", ": ", ", " or " (" after at least half the room), else at the last space, and marks the
cut with an ellipsis; a text that fits is returned as it is. `clip_keeping_outcome` keeps a
line's closing outcome ("…: +1 de influencia") whole and cuts what comes before it, where a
clause or a phrase ("con …", "y …") starts.
"""

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"
BOUNDARIES = ("; ", ". ", ": ", ", ", " (", " — ")
PHRASES = (" y ", " con ", " and ", " with ")  # where a phrase of a log line starts


def clip(text: str, limit: int, marks: tuple[str, ...] = BOUNDARIES, least: float = 0.5) -> str:
    """Return `text` cut to `limit` characters at a clause boundary (an ellipsis marks it).

    A boundary before `least` of the room would drop too much: the cut is then at a word.
    """
    if len(text) <= limit:
        return text
    room = limit - len(ELLIPSIS)
    cut = max((text.rfind(mark, 0, room + 1) for mark in marks), default=-1)
    if cut < room * least:  # no clause ends late enough: the last whole word
        cut = text.rfind(" ", 0, room + 1)
    if cut <= 0:
        cut = room
    return text[:cut].rstrip(" ,;:.(") + ELLIPSIS


def clip_keeping_outcome(text: str, limit: int) -> str:
    """Return `text` cut to `limit`, keeping its outcome after the last ": " whole.

    "Hecho: contrarresta el dado negro de 6 con amarillo 4 y 2 puntos sobrantes del grupo
    anterior: +1 de influencia" becomes "Hecho: contrarresta el dado negro de 6 con amarillo
    4…: +1 de influencia". Without an outcome that has a figure, as `clip`.
    """
    if len(text) <= limit:
        return text
    head, sep, outcome = text.rpartition(": ")
    room = limit - len(sep) - len(outcome)
    if not sep or not any(ch.isdigit() for ch in outcome) or room < limit // 2:
        return clip(text, limit)
    return clip(head, room, BOUNDARIES + PHRASES, least=0.3) + sep + outcome


def cut_inside(text: str, shown: str, marks: tuple[str, ...] = BOUNDARIES) -> bool:
    """Return whether `shown`, a cut of `text`, ends inside a clause that carries a figure.

    For tests: a cut is fine where a clause boundary (`marks`) follows the part kept, or where
    the clause cut short has no digit; an outcome kept after the cut (`clip_keeping_outcome`)
    must be the text's own end. A `shown` that is no cut of `text` counts as cut inside.
    """
    if shown == text:
        return False
    kept, mark, after = shown.partition(ELLIPSIS)
    if not mark or not text.startswith(kept):
        return True
    if after:  # the outcome kept whole after the cut: the part before was cut at a phrase
        if not after.startswith(": ") or not text.endswith(after):
            return True
        return cut_inside(text[: len(text) - len(after)], kept + mark, marks + PHRASES)
    rest = text[len(kept) :]
    if rest.startswith(marks) or rest[:1] in tuple(".;:,"):
        return False
    start = max(kept.rfind(m) for m in marks)
    end = min((i for i in (rest.find(m) for m in marks) if i >= 0), default=len(rest))
    clause = kept[max(start, 0) :] + rest[:end]
    return any(ch.isdigit() for ch in clause)
