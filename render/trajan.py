"""Trajan board and private images (issue 6), drawn from the engine's views.

`board_png(view)` draws the public board from `view(state, None)` only, so nothing hidden
can reach it; `private_png(view)` draws a seat's own panel and hand from `view(state, seat)`.
"""

from engine.trajan.catalog import default_catalog
from engine.trajan.components import Catalog
from engine.trajan.view import TrajanView
from render import trajan_view as tv
from render.canvas import Canvas
from render.encode import encode_board
from render.i18n import language, localized, tr
from render.palettes import board_palette
from render.recent import RecentScenes
from render.trajan_scene import TrajanScene, compose_private, compose_scene


def scene_from_view(
    view: TrajanView,
    cat: Catalog | None = None,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
) -> TrajanScene:
    """Read the engine's view into a scene (names and figures from the catalog).

    Labels and catalog names are in the current language (`render.i18n.language`).
    """
    ix = tv.index_of(localized(cat or default_catalog()))
    if prompt:  # the engine's sentence names no seat: the header names the deciding player
        prompt = prompt[:1].upper() + prompt[1:]
    return TrajanScene(
        header=tv.header_of(view, ix, prompt, names),
        time=(view.time, view.cycle, tr("trajan.time_label", time=view.time, cycle=view.cycle)),
        vp=tuple((p.seat, p.vp) for p in view.players),
        military=(tv.provinces_of(view, ix), tv.edges_of(ix)),
        seaport=tv.seaport_of(view, ix),
        forum=tv.forum_of(view, ix),
        trajan=tv.stacks_of(view, ix),
        senate=(
            tuple((p.seat, p.senate) for p in view.players),
            tuple(tv.after_colon(ix.bonus[b].name) for b in view.bonus_offer),
            tuple(tv.demand_name(ix, d).capitalize() for d in view.demands_shown),
        ),
        construction=(tv.sites_of(view, ix), tuple((p.seat, p.workers) for p in view.players)),
        players=tuple(tv.player_of(p, view, ix, names) for p in view.players),
    )


def board_png(
    view: TrajanView,
    previous: TrajanView | None = None,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    note: str = "",
    lang: str = "en",
) -> bytes:
    """Draw the public Trajan board from `view(state, None)` as PNG bytes.

    Args:
        view: the public view; a seat's view is refused, so no secret reaches the board.
        previous: the public view of the last posted image; what differs is highlighted.
        prompt: the engine's sentence for the pending decision (else a generic one).
        names: player names by seat.
        note: one line for the footer, such as the last move (`engine.describe_event`).
        lang: the game's language ("en" or "es") for every fixed label and catalog name.
    """
    canvas = compose_board(view, previous, prompt=prompt, names=names, note=note, lang=lang)
    return encode_board(canvas.image, board_palette("trajan"), "trajan")


def compose_board(
    view: TrajanView,
    previous: TrajanView | None = None,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    note: str = "",
    lang: str = "en",
) -> Canvas:
    """Compose the public board without encoding it (see `board_png`)."""
    if view.seat is not None:
        raise ValueError("the public board is drawn only from view(state, None)")
    with language(lang):
        scene = _RECENT.get(view, prompt, names)
        before = None if previous is None else _RECENT.get(previous, prompt, names)
        return compose_scene(scene, before, note)


def _scene(view: TrajanView, prompt: str | None, names: tuple[str, ...] | None) -> TrajanScene:
    return scene_from_view(view, prompt=prompt, names=names)


_RECENT: RecentScenes[TrajanView, TrajanScene] = RecentScenes(_scene)


def private_png(
    view: TrajanView,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    lang: str = "en",
) -> bytes:
    """Draw a seat's private image (their panel and hand) from `view(state, seat)`."""
    if view.seat is None:
        raise ValueError("a private image needs a seat's own view")
    with language(lang):
        scene = scene_from_view(view, prompt=prompt, names=names)
        return compose_private(scene.players[view.seat], scene.header).png()
