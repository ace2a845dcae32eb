"""Fixtures for the lookup tests: the real index, and small hand-built entries and rule files."""

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.lookup import RulesIndex, default_index
from engine.lookup.model import Entry, EntryText, Game


@pytest.fixture(scope="session")
def real_index() -> RulesIndex:
    """Return the index built from the repository's data folder (rules + hand-made cards)."""
    return default_index()


def make_entry(
    entry_id: str,
    en: tuple[str, ...],
    es: tuple[str, ...],
    *,
    game: Game = "troyes",
    body_en: str = "",
    body_es: str = "",
    related: tuple[str, ...] = (),
) -> Entry:
    """Build an entry: `en`/`es` are (title, *aliases)."""
    return Entry(
        id=entry_id,
        game=game,
        related=related,
        en=EntryText(en[0], "Test", body_en or f"About {en[0]}.", en[1:]),
        es=EntryText(es[0], "Prueba", body_es or f"Sobre {es[0]}.", es[1:]),
        origin="test",
    )


@pytest.fixture
def small_index() -> RulesIndex:
    """Return an index of a few entries covering both games and both languages."""
    return RulesIndex(
        [
            make_entry(
                "troyes.palace",
                ("Palace", "royal palace"),
                ("Palacio",),
                body_en="Each citizen there gives a red die and costs 2 deniers of salary.",
                body_es="Cada ciudadano allí da un dado rojo y cuesta 2 deniers de salario.",
                related=("troyes.buy_dice",),
            ),
            make_entry(
                "troyes.buy_dice",
                ("Using other players' dice", "buy dice"),
                ("Usar dados de otros jugadores", "comprar dados"),
                body_en="A bought die costs 2, 4 or 6 deniers by the size of the group.",
                body_es="Un dado comprado cuesta 2, 4 o 6 deniers según el tamaño del grupo.",
            ),
            make_entry(
                "troyes.activity.monk",
                ("Monk",),
                ("Monje",),
                body_en="Spend a cube: one white die becomes three yellow dice.",
                body_es="Gasta un cubo: un dado blanco se convierte en tres dados amarillos.",
            ),
            make_entry(
                "trajan.senate",
                ("Senate action", "senate"),
                ("Acción del Senado", "senado"),
                game="trajan",
                body_en="Move your disc one space forward and score its victory points.",
                body_es="Avanza tu disco una casilla y gana sus puntos de victoria.",
            ),
            make_entry(
                "trajan.senate_track",
                ("Senate track",),
                ("Pista del Senado",),
                game="trajan",
                body_en="Spaces worth 2 to 8 points and votes.",
                body_es="Casillas de 2 a 8 puntos y votos.",
            ),
            make_entry(
                "trajan.tie_break", ("Tie-break", "tie"), ("Desempate", "empate"), game="trajan"
            ),
            make_entry("troyes.tie_break", ("Tie-break", "tie"), ("Desempate", "empate")),
        ]
    )


RuleWriter = Callable[[str, str], Path]


@pytest.fixture
def rules_dir(tmp_path: Path) -> Callable[[str, str], Path]:
    """Return a writer of en/es rule files under a temporary data/rules folder."""
    root = tmp_path / "rules"
    (root / "en").mkdir(parents=True)
    (root / "es").mkdir(parents=True)

    def write(lang: str, text: str) -> Path:
        path = root / lang / "test.toml"
        path.write_text(text, encoding="utf-8")
        return root

    return write
