"""Every refusal raised by key names a message the catalogs have, with the arguments it takes."""

import ast
from pathlib import Path

from engine.core import i18n

ROOT = Path(__file__).resolve().parents[3]
SOURCES = ("engine", "cogs", "bot.py")


def _keyed_raises() -> list[tuple[str, str, frozenset[str]]]:
    found = []
    for top in SOURCES:
        paths = [ROOT / top] if top.endswith(".py") else sorted((ROOT / top).rglob("*.py"))
        for path in paths:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                    continue
                call = node.exc
                name = getattr(call.func, "id", getattr(call.func, "attr", ""))
                if not name.endswith("Error") or not call.args:
                    continue
                first = call.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    text = first.value
                    if " " not in text and "." in text and text.islower():
                        args = frozenset(k.arg for k in call.keywords if k.arg)
                        found.append((f"{path.relative_to(ROOT)}:{node.lineno}", text, args))
    return found


def test_every_keyed_raise_names_a_catalog_message_with_its_arguments():
    raises = _keyed_raises()
    assert len(raises) > 40
    messages = i18n.catalog("en").messages
    for where, key, args in raises:
        assert key in messages, where
        assert i18n.fields_of(messages[key]) == args, (where, key)
