"""No shared module names a game: everything about a game lives in its folders and its spec.

Shared code asks the registry (engine/games.py). A game's name (or one of its lookup topics,
in any case) written as a string in shared code is a second, silent registry, so this test
reads every shared module's syntax tree and fails on such a literal. Docstrings and comments
may mention games; f-string parts count as literals.
"""

import ast
import tomllib
from pathlib import Path

import pytest

from engine import games
from tests.games.pebbles.game import PebblesEngine

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("bot.py", "cogs", "render", "engine", "localdiscord")


def _names() -> frozenset[str]:
    return frozenset(name.lower() for spec in games.specs() for name in (spec.name, *spec.scope()))


def _owned(path: Path) -> bool:
    """Return whether a module belongs to one game (its engine, its renderer) or is the registry."""
    parts = path.relative_to(ROOT).parts
    if parts == ("engine", "games.py"):
        return True
    if len(parts) < 2 or parts[0] not in {"engine", "render"}:
        return False
    own = parts[1].removesuffix(".py")
    return any(own == g or own.startswith(f"{g}_") for g in (s.name for s in games.specs()))


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def game_literals(source: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """Return (line, text) of every string literal in `source` that is a game's name."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and node.value.strip().lower() in names
    ]


def _shared_modules() -> list[Path]:
    paths: list[Path] = []
    for top in SHARED:
        base = ROOT / top
        paths.extend([base] if base.is_file() else sorted(base.rglob("*.py")))
    return [p for p in paths if not _owned(p)]


def test_the_registry_knows_both_games() -> None:
    assert {"trajan", "troyes"} <= set(games.GAMES)
    assert {"trajan", "troyes", "ladies"} <= _names()


def test_no_shared_module_names_a_game() -> None:
    names = _names()
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in _shared_modules()
        for line, text in game_literals(path.read_text(encoding="utf-8"), names)
    ]
    assert not found, "ask engine/games.py instead of naming a game:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'GAME = "troyes"',
        "if game == 'Trajan': pass",
        'TITLES = {"ladies": 1}',
        'label = f"{n} troyes"[:1] or f"troyes"',
        "def f(game='trajan'): return game",
    ],
)
def test_the_scan_catches_a_game_name(source: str) -> None:
    assert game_literals(source, _names())


def test_the_scan_allows_docstrings_and_prose() -> None:
    source = '"""Troyes."""\ndef f():\n    """Trajan."""\n    return "Look up a rule of Trajan"\n'
    assert game_literals(source, _names()) == []


def test_game_folders_and_the_registry_are_exempt() -> None:
    assert _owned(ROOT / "engine" / "troyes" / "spec.py")
    assert _owned(ROOT / "render" / "trajan_scene.py")
    assert _owned(ROOT / "render" / "troyes" / "board.py")
    assert _owned(ROOT / "engine" / "games.py")
    assert not _owned(ROOT / "cogs" / "lobby.py")
    assert not _owned(ROOT / "engine" / "lookup" / "cards.py")
    assert ROOT / "cogs" / "lobby.py" in _shared_modules()


def test_every_game_engine_is_held_to_the_import_contracts() -> None:
    """A game's engine package must be pure and independent (pyproject.toml lists them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    pure = next(c for c in contracts if "engine.core" in c.get("source_modules", ()))
    alone = next(c for c in contracts if c["name"] == "Each game engine stands alone")
    drawn = next(c for c in contracts if c["name"] == "Each game's renderer stands alone")
    for spec in games.specs():
        package = ".".join(type(spec.engine).__module__.split(".")[:2])
        if package.startswith("engine."):
            assert package in pure["source_modules"], f"{package}: add it to {pure['name']!r}"
            assert package in alone["modules"], f"{package}: add it to {alone['name']!r}"
        if spec.renderer.startswith("render."):
            renderer = ".".join(spec.renderer.split(".")[:2])
            assert renderer in drawn["modules"], f"{renderer}: add it to {drawn['name']!r}"


def test_a_name_or_a_topic_cannot_be_taken_twice() -> None:
    troyes = games.spec("troyes")
    twin = games.GameSpec(engine=troyes.engine, titles={"en": "Again"}, renderer="render.troyes")
    with pytest.raises(ValueError, match="two games"):
        games.register(twin)
    engine = PebblesEngine()
    own, ladies = games.Topic("pebbles", {"en": "P"}, 0), games.Topic("ladies", {"en": "L"}, 0)
    with pytest.raises(ValueError, match="first lookup topic"):
        games.GameSpec(engine=engine, titles={"en": "P"}, renderer="x", topics=(ladies,))
    clash = games.GameSpec(engine=engine, titles={"en": "P"}, renderer="x", topics=(own, ladies))
    with pytest.raises(ValueError, match="taken"):
        games.register(clash)
    assert games.spec("troyes") is troyes
    assert "pebbles" not in games.GAMES


def test_unknown_games_are_refused_by_name() -> None:
    with pytest.raises(KeyError, match="known: trajan, troyes"):
        games.spec("chess")
    assert games.title("chess") == "Chess"
    assert games.topic("chess") is None
    assert games.topic_game("ladies") is games.spec("troyes")
