"""Troyes board and private images (issue 6), drawn from the engine's views.

`board_png(view)` draws the public board from `view(state, None)` only, so no VP or
character card can reach it; `private_png(view)` shows a seat its own VP and characters.
"""

from engine.troyes.catalog import Catalog, default_catalog
from engine.troyes.view import TroyesView
from render.base.canvas import Canvas
from render.base.encode import encode_board
from render.base.palettes import board_palette
from render.base.recent import RecentScenes
from render.i18n import current, language, localized
from render.troyes import view as tv
from render.troyes.scene import TroyesScene, compose_private, compose_scene


def scene_from_view(
    view: TroyesView,
    cat: Catalog | None = None,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
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
    )


def compose_board(
    view: TroyesView,
    previous: TroyesView | None = None,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    note: str = "",
    lang: str = "en",
) -> Canvas:
    """Compose the public board without encoding it (see `board_png`)."""
    if view.me is not None:
        raise ValueError("the public board is drawn only from view(state, None)")
    with language(lang):
        scene = _RECENT.get(view, prompt, names)
        before = None if previous is None else _RECENT.get(previous, prompt, names)
        return compose_scene(scene, before, note)


def _scene(view: TroyesView, prompt: str | None, names: tuple[str, ...] | None) -> TroyesScene:
    return scene_from_view(view, prompt=prompt, names=names)


_RECENT: RecentScenes[TroyesView, TroyesScene] = RecentScenes(_scene)


def board_png(
    view: TroyesView,
    previous: TroyesView | None = None,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    note: str = "",
    lang: str = "en",
) -> bytes:
    """Draw the public Troyes board from `view(state, None)` as PNG bytes.

    Args:
        view: the public view; a seat's view is refused, so no secret reaches the board.
        previous: the public view of the last posted image; what differs is highlighted.
        prompt: the engine's sentence for the pending decision (else a generic one).
        names: player names by seat.
        note: one line for the footer, such as the last move (`engine.describe_event`).
        lang: the game's language ("en" or "es") for every fixed label and catalog name.
    """
    canvas = compose_board(view, previous, prompt=prompt, names=names, note=note, lang=lang)
    return encode_board(canvas.image, board_palette("troyes"), "troyes")


def private_png(
    view: TroyesView,
    *,
    prompt: str | None = None,
    names: tuple[str, ...] | None = None,
    lang: str = "en",
) -> bytes:
    """Draw a seat's private image (own VP and character cards) from `view(state, seat)`."""
    if view.me is None:
        raise ValueError("a private image needs a seat's own view")
    with language(lang):
        cat = default_catalog()
        scene = scene_from_view(view, cat, prompt, names)
        me = view.players[view.me]
        spanish = current() == "es"
        characters = tuple(
            (
                cat.characters[c].name_es if spanish else cat.characters[c].name,
                cat.characters[c].text_es if spanish else cat.characters[c].text,
            )
            for c in me.characters or ()
        )
        return compose_private(scene, view.me, me.vp, characters).png()
