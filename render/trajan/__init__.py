"""Trajan board and private images (issue 6), drawn from the engine's views.

`board_png(view)` draws the public board from `view(state, None)` only, so nothing hidden
can reach it; `private_png(view)` draws a seat's own panel and hand from `view(state, seat)`.
Both come from the one board pipeline (`render.base.board`); this game plugs in its reading
of the view (`scene_from_view`), its layout of a scene (`scene.plan`) and its private image.
"""

from engine.trajan.catalog import default_catalog
from engine.trajan.components import Catalog
from engine.trajan.view import TrajanView
from render.base.board import Board
from render.base.canvas import Canvas
from render.i18n import localized, tr
from render.trajan import view as tv
from render.trajan.scene import (
    FOCUS,
    TrajanScene,
    at_end,
    compose_private,
    final,
    plan,
    shots,
)


def scene_from_view(
    view: TrajanView,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    cat: Catalog | None = None,
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
        senate=tv.senate_of(view, ix),
        construction=(tv.sites_of(view, ix), tuple((p.seat, p.workers) for p in view.players)),
        players=tuple(tv.player_of(p, view, ix, names) for p in view.players),
        focus=FOCUS.get(view.pending.kind, "") if view.pending else "",
    )


def _private(view: TrajanView, scene: TrajanScene, seat: int) -> Canvas:
    """Compose a seat's private image: their panel and hand.

    At the end the replay posts it for everyone (fifth playtest items 110 and 113): the
    panel shows the final score with where it came from, and the hand is the player's.
    """
    me = view.players[seat]
    if view.phase == "over" and me.final is not None:
        return compose_private(at_end(scene.players[seat], me.vp, me.final), scene.header, True)
    return compose_private(scene.players[seat], scene.header)


BOARD: Board[TrajanView, TrajanScene] = Board(
    "trajan",
    seat=lambda view: view.seat,
    scene=scene_from_view,
    plan=plan,
    private=_private,
    shots=shots,
    final=final,
)
board_png = BOARD.board_png
compose_board = BOARD.compose_board
gallery = BOARD.gallery
compose_gallery = BOARD.compose_gallery
private_png = BOARD.private_png
