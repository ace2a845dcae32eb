"""docs/architecture.md names only what exists: every path, dotted name and contract it quotes.

In backticks, a token with a `/` or a file ending is a path (`<game>` stands for any folder,
`{en,es}` for each of its parts); a dotted name starting at one of our packages (or discord)
is a module, or a module and the attributes under it (a call `f(a)` counts as `f`).
Contracts are quoted in the table of contracts, by their exact names in pyproject.toml.
"""

import importlib
import itertools
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
ROOTS = ("bot", "cogs", "render", "engine", "localdiscord", "tests", "discord")
CODE = re.compile(r"`([^`\n]+)`")
DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
FILE_END = re.compile(r"\.(?:py|md|toml|sql|txt)$")
CONTRACT_ROW = re.compile(r'^\| "([^"]+)" \|', re.MULTILINE)


def _tokens() -> list[str]:
    """Return the backticked tokens, a call written out (`f(a, b)`) as its callee's name."""
    found = CODE.findall(DOC.read_text(encoding="utf-8"))
    return [re.sub(r"^([\w.]+)\(.*\)$", r"\1", token) for token in found]


def _is_path(token: str) -> bool:
    return " " not in token and ("/" in token or FILE_END.search(token) is not None)


def _is_name(token: str) -> bool:
    dotted = DOTTED.fullmatch(token) is not None and token.partition(".")[0] in ROOTS
    return dotted and not _is_path(token)


def _expand(token: str) -> list[str]:
    """Return the token with each `{a,b}` spelled out, and `<...>` as a glob wildcard."""
    parts = re.split(r"\{([^{}]*)\}", re.sub(r"<[^<>]+>", "*", token))
    choices = [[p] if i % 2 == 0 else p.split(",") for i, p in enumerate(parts)]
    return ["".join(c) for c in itertools.product(*choices)]


def path_exists(token: str) -> bool:
    """Whether every spelling of a path token names at least one file or folder."""
    return all(any(ROOT.glob(pattern.rstrip("/"))) for pattern in _expand(token))


def name_exists(dotted: str) -> bool:
    """Whether `dotted` is a module, or a module and an attribute chain under it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def test_the_page_names_enough_to_be_checked() -> None:
    tokens = _tokens()
    assert sum(map(_is_path, tokens)) >= 30
    assert sum(map(_is_name, tokens)) >= 50


@pytest.mark.parametrize("token", sorted({t for t in _tokens() if _is_path(t)}))
def test_every_path_exists(token: str) -> None:
    assert path_exists(token), f"docs/architecture.md names {token!r}, which does not exist"


@pytest.mark.parametrize("token", sorted({t for t in _tokens() if _is_name(t)}))
def test_every_dotted_name_exists(token: str) -> None:
    assert name_exists(token), f"docs/architecture.md names {token!r}, which does not exist"


def test_the_checks_can_fail() -> None:
    assert not name_exists("engine.sessions.turns.Turns.no_such_call")
    assert not name_exists("engine.no_such_module.function")
    assert not path_exists("engine/sessions/no_such_part.py")
    assert not path_exists("data/<game>/no_such_file.toml")
    assert path_exists("data/i18n/{en,es}.toml")


def test_the_contracts_table_is_pyproject_s() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = {c["name"] for c in config["tool"]["importlinter"]["contracts"]}
    quoted = set(CONTRACT_ROW.findall(DOC.read_text(encoding="utf-8")))
    assert quoted - contracts == set(), "the page quotes contracts pyproject.toml does not have"
    assert contracts - quoted == set(), "pyproject.toml has contracts the page does not list"
