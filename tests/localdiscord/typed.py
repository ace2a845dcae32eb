"""Check JSON payloads against the TypedDicts discord.py ships in `discord/types/`.

Those modules import each other in cycles that only work under TYPE_CHECKING, so they are
loaded here with a finder that lets a half-initialised module hand out placeholders, which
are swapped for the real objects once every module has loaded. Annotations are strings
(`from __future__ import annotations`) and get resolved by `typing.get_type_hints`.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.abc
import importlib.util
import pkgutil
import sys
import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

import discord.types


class _Pending:
    def __init__(self, module: str, name: str) -> None:
        self.module = module
        self.name = name


class _Loader(importlib.abc.Loader):
    def __init__(self, inner: importlib.abc.Loader) -> None:
        self.inner = inner

    def create_module(self, spec: Any) -> types.ModuleType | None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        name = module.__name__
        vars(module)["__getattr__"] = lambda attr: _Pending(name, attr)
        self.inner.exec_module(module)
        del vars(module)["__getattr__"]


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if not fullname.startswith("discord.types."):
            return None
        sys.meta_path.remove(self)
        try:
            spec = importlib.util.find_spec(fullname)
        finally:
            sys.meta_path.insert(0, self)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader)
        return spec


def _load_types() -> dict[str, types.ModuleType]:
    finder = _Finder()
    sys.meta_path.insert(0, finder)
    try:
        names = [m.name for m in pkgutil.iter_modules(discord.types.__path__)]
        mods = {n: importlib.import_module(f"discord.types.{n}") for n in names}
    finally:
        sys.meta_path.remove(finder)
    for mod in mods.values():
        for key, value in list(vars(mod).items()):
            if isinstance(value, _Pending):
                setattr(mod, key, getattr(sys.modules[value.module], value.name))
        _bind_type_checking_imports(mod)
    return mods


def _bind_type_checking_imports(mod: types.ModuleType) -> None:
    """Bind names imported only under `if TYPE_CHECKING:` (string annotations use them)."""
    with open(mod.__file__ or "") as fh:
        tree = ast.parse(fh.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
            source = sys.modules.get(f"discord.types.{node.module}")
            for alias in node.names:
                name = alias.asname or alias.name
                if source is not None and not hasattr(mod, name):
                    setattr(mod, name, getattr(source, alias.name))


TYPES = _load_types()


@functools.cache
def _class_defs(module: str) -> dict[str, ast.ClassDef]:
    source = TYPES[module.rsplit(".", 1)[1]].__file__ or ""
    with open(source) as fh:
        tree = ast.parse(fh.read())
    return {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}


@functools.cache
def _optional_keys(tp: Any) -> frozenset[str]:
    """Keys declared (without Required) in a `total=False` class of tp's hierarchy."""
    node = _class_defs(tp.__module__).get(tp.__name__)
    if node is None:
        return frozenset()
    total = all(
        not (k.arg == "total" and isinstance(k.value, ast.Constant) and not k.value.value)
        for k in node.keywords
    )
    keys: set[str] = set()
    if not total:
        keys |= {
            s.target.id
            for s in node.body
            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
        }
    module = sys.modules[tp.__module__]
    for base in node.bases:
        if isinstance(base, ast.Name):
            parent = getattr(module, base.id, None)
            if typing.is_typeddict(parent):
                keys |= _optional_keys(parent)
    return frozenset(keys)


def _hints(tp: Any) -> dict[str, Any]:
    return typing.get_type_hints(tp, include_extras=True)


def _strip(hint: Any) -> tuple[Any, bool | None]:
    origin = get_origin(hint)
    if origin is Required:
        return get_args(hint)[0], True
    if origin is NotRequired:
        return get_args(hint)[0], False
    return hint, None


# Keys discord.py types as "absent or an object" that Discord's OpenAPI spec requires and
# allows to be null (discord.py reads them with .get() and accepts None).
SPEC_NULLABLE = {"primary_guild"}  # in User and the TypedDicts built on it


def _check_typeddict(value: Any, tp: Any, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: expected object for {tp.__name__}, got {type(value).__name__}"]
    errors: list[str] = []
    for key, raw in _hints(tp).items():
        hint, flag = _strip(raw)
        required = flag if flag is not None else key not in _optional_keys(tp)
        if key not in value:
            if required:
                errors.append(f"{path}.{key}: missing (required by {tp.__name__})")
            continue
        if value[key] is None and key in SPEC_NULLABLE:
            continue
        errors += check(value[key], hint, f"{path}.{key}")
    return errors


def _check_union(value: Any, args: tuple[Any, ...], path: str) -> list[str]:
    best: list[str] | None = None
    for arg in args:
        errs = check(value, arg, path)
        if not errs:
            return []
        if best is None or len(errs) < len(best):
            best = errs
    return best or [f"{path}: matches no member of the union"]


def _check_scalar(value: Any, tp: Any, path: str) -> list[str]:
    ok = {
        str: isinstance(value, str),
        int: isinstance(value, int) and not isinstance(value, bool),
        float: isinstance(value, int | float) and not isinstance(value, bool),
        bool: isinstance(value, bool),
        type(None): value is None,
        dict: isinstance(value, dict),
        list: isinstance(value, list),
    }.get(tp)
    if ok is None:
        return []  # classes we do not model (e.g. enums) are not checked
    return [] if ok else [f"{path}: expected {tp.__name__}, got {value!r:.60}"]


def check(value: Any, tp: Any, path: str = "$") -> list[str]:  # noqa: PLR0911
    """Return every mismatch between a JSON value and a discord.types annotation."""
    if tp is Any or tp is object:
        return []
    if typing.is_typeddict(tp):
        return _check_typeddict(value, tp, path)
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (Union, types.UnionType):
        return _check_union(value, args, path)
    if origin is Literal:
        return [] if value in args else [f"{path}: {value!r} not in {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: expected list"]
        return [e for i, v in enumerate(value) for e in check(v, args[0], f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: expected object"]
        return [e for k, v in value.items() for e in check(v, args[1], f"{path}.{k}")]
    if tp is None:
        tp = type(None)
    return _check_scalar(value, tp, path)


def typed(module: str, name: str) -> Any:
    """Return a TypedDict (or alias) from discord/types/<module>.py."""
    return getattr(TYPES[module], name)
