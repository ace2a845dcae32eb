"""Troyes board and private images (issue 6), drawn from the engine's views.

`board_png(view)` draws the public board from `view(state, None)` only, so no VP or
character card can reach it; `private_png(view)` shows a seat its own VP and characters.
Both come from the one board pipeline (`render.base.board`); this game plugs in its reading
of the view (`scene_from_view`), its layout of a scene (`scene.plan`) and its private image.
"""

from engine.troyes.catalog import Catalog, default_catalog
from engine.troyes.view import TroyesView
from render.base.board import Board
from render.base.canvas import Canvas
from render.i18n import current, localized
from render.troyes import view as tv
from render.troyes.scene import COUNTED, FOCUS, TroyesScene, compose_private, final, plan, shots


def scene_from_view(
    view: TroyesView,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    cat: Catalog | None = None,
) -> TroyesScene:
    """Read the engine's view into a scene (names and figures from the catalog).

    Labels and catalog names are in the current language (`render.i18n.language`).
    """
    cat = localized(cat or default_catalog())
    return TroyesScene(
        header=tv.header_of(view, prompt, names),
        players=tv.players_of(view),
        influence=tuple((p.seat, p.influence) for p in view.players),
        buildings=tv.buildings_of(view, cat),
        square=tv.square_of(view),
        activities=tv.activities_of(view, cat),
        cathedral=tv.cathedral_of(view, cat),
        events=tv.events_of(view, cat),
        wall=tv.wall_of(view, cat),
        plan=tv.plan_of(view, cat),
        revealed=tuple(cat.characters[c].name for c in view.revealed if c in cat.characters),
        focus=_focus(view),
    )


def _focus(view: TroyesView) -> str:
    """Return the area the pending decision is about (`scene.FOCUS`; the square by default)."""
    if view.phase == "over":
        return ""
    if view.kind == "count" and view.plan[0] in COUNTED:
        return COUNTED[view.plan[0]]
    return FOCUS.get(view.kind, "square")


def _private(view: TroyesView, scene: TroyesScene, seat: int) -> Canvas:
    """Compose a seat's private image: own VP and character cards (name and text)."""
    cat = default_catalog()
    me = view.players[seat]
    spanish = current() == "es"
    characters = tuple(
        (
            cat.characters[c].name_es if spanish else cat.characters[c].name,
            cat.characters[c].text_es if spanish else cat.characters[c].text,
        )
        for c in me.characters or ()
    )
    return compose_private(scene, seat, me.vp, characters, over=view.phase == "over")


BOARD: Board[TroyesView, TroyesScene] = Board(
    "troyes",
    seat=lambda view: view.me,
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
