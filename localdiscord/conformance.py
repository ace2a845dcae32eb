"""Every REST request the bot sends and every answer the emulator gives, held to Discord's spec.

The emulator records each REST exchange (`Exchange`: method, path, request body, status,
answer) on its API routes. `Spec` loads Discord's own OpenAPI 3.1 description of API v10
(`discord-api-spec/openapi.json`), finds the path template and method of each exchange,
and validates the request body (the `payload_json` part of a multipart request) and the
answer against their schemas with jsonschema (Draft 2020-12, `$ref`s resolved in the spec).
Validators are compiled once per schema. What the spec itself gets wrong is allowed in one
place, `QUIRKS`, each with its reason; anything else is a problem.

The tests find the spec beside the repository (`../shared/discord-api-spec/openapi.json`,
or `DISCORD_API_SPEC`), and fail clearly when it is missing.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from localdiscord.record import Exchange

SPEC_ENV = "DISCORD_API_SPEC"
_REPO = Path(__file__).resolve().parents[1]
_SPEC_FILE = ("shared", "discord-api-spec", "openapi.json")
_SPEC_URI = "urn:discord-openapi"
_METHODS = ("get", "put", "post", "patch", "delete")


@dataclass(frozen=True)
class Quirk:
    """A documented difference between Discord's spec and Discord itself, allowed here."""

    side: str  # "request", "response" or "header"
    operation: str  # the spec's operationId, or "*"
    where: str  # a regular expression the error's JSON path must match in full
    message: str  # a regular expression the error's message must match (search)
    reason: str

    def allows(self, side: str, operation: str, where: str, message: str) -> bool:
        """Whether this quirk covers one validation error."""
        return (
            self.side == side
            and self.operation in ("*", operation)
            and re.fullmatch(self.where, where) is not None
            and re.search(self.message, message) is not None
        )


# Where Discord's published spec disagrees with what Discord accepts and sends (and what
# discord.py therefore sends). Each entry names the one place it applies and why.
QUIRKS: tuple[Quirk, ...] = (
    Quirk(
        "request",
        "*",
        r"(\.data)?\.attachments\[\d+\]\.id",
        r"is not of type 'string'",
        "a new upload's attachments[].id is the integer index n of its files[n] part; "
        "discord.py sends it so and Discord accepts it (the spec types every id a snowflake "
        "string)",
    ),
    Quirk(
        "request",
        "*",
        r"(\.data)?\.allowed_mentions\.(users|roles)\[\d+\]",
        r"is not valid under any of the given schemas",
        "discord.py lists allowed_mentions users and roles as integer ids, which Discord "
        "accepts (the spec allows only snowflake strings)",
    ),
    Quirk(
        "request",
        "create_guild_role",
        r"\.permissions",
        r"is not of type 'integer', 'null'",
        "a role's permissions go as a string bitfield, as Discord's docs say of every "
        "permission field and as discord.py sends them (the spec types this one integer)",
    ),
    Quirk(
        "request",
        "create_dm",
        r"\.recipient_id",
        r"is not valid under any of the given schemas",
        "discord.py sends the recipient of a new DM as an integer id, which Discord accepts "
        "(the spec allows only a snowflake string or null)",
    ),
    Quirk(
        "header",
        "*",
        r"X-RateLimit-(Limit|Remaining|Reset|Reset-After|Bucket)",
        r"^missing on a global 429$",
        "a 429 from the global limit belongs to no bucket, so Discord sends it without the "
        "bucket headers (X-RateLimit-Global and -Scope: global instead); the spec lists "
        "them on every 429",
    ),
    Quirk(
        "response",
        "*",
        r"\.errors(\.[^.]+)*\._errors\[\d+\]\.code",
        r"is not of type 'integer'",
        "the field errors of a 400 / 50035 carry string codes (BASE_TYPE_BAD_LENGTH, ...), "
        "as Discord sends them and its docs show; the spec reuses the integer-coded Error",
    ),
)


@dataclass
class Problem:
    """One way an exchange breaks the spec."""

    exchange: Exchange
    side: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.exchange.describe()}: {self.side} {self.where or '$'}: {self.message}"


class SpecMissingError(FileNotFoundError):
    """Discord's OpenAPI description is not where the tests look for it."""


def spec_path() -> Path:
    """Return where the spec is: `DISCORD_API_SPEC`, else ../shared/discord-api-spec/.

    The repository's parent is looked at first (CI), then its ancestors (a git worktree
    kept under the main checkout's parent).
    """
    if os.environ.get(SPEC_ENV):
        return Path(os.environ[SPEC_ENV])
    for folder in _REPO.parents:
        if folder.joinpath(*_SPEC_FILE).is_file():
            return folder.joinpath(*_SPEC_FILE)
    return _REPO.parent.joinpath(*_SPEC_FILE)


def _pointer(*parts: str) -> str:
    return "#/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


def _json_path(path: Iterable[Any]) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


@dataclass(frozen=True)
class _Operation:
    template: str
    method: str
    op_id: str
    request: str | None  # pointer to the JSON request schema
    responses: dict[str, str | None]  # status (or 2XX/4XX) -> pointer to the JSON schema
    headers: dict[str, dict[str, str]]  # status -> header name -> its JSON type
    query: dict[str, tuple[str, str]]  # query parameter -> (pointer to its schema, its type)


class Spec:
    """Discord's OpenAPI description, compiled into per-route validators."""

    def __init__(self, path: Path | None = None, quirks: tuple[Quirk, ...] = QUIRKS) -> None:
        self.path = path or spec_path()
        if not self.path.is_file():
            raise SpecMissingError(
                f"Discord's OpenAPI spec is missing: expected {self.path} "
                f"(the repository's ../shared/discord-api-spec/openapi.json; or set {SPEC_ENV})"
            )
        self.doc: dict[str, Any] = json.loads(self.path.read_text(encoding="utf-8"))
        self.quirks = quirks
        self._routes = self._build_routes()
        self._validators: dict[str, Draft202012Validator] = {}
        self.allowed: dict[Quirk, int] = {}  # how often each quirk was needed
        self.checked_requests = 0
        self.checked_responses = 0
        self.refused_invalid = 0  # requests the spec refuses that the emulator refused too

    @cached_property
    def _registry(self) -> Registry[Any]:
        resource = Resource.from_contents(self.doc, default_specification=DRAFT202012)
        registry: Registry[Any] = Registry().with_resource(_SPEC_URI, resource)
        return registry

    def _build_routes(self) -> list[tuple[re.Pattern[str], dict[str, _Operation]]]:
        routes = []
        for template, item in self.doc["paths"].items():
            ops = {}
            for method in _METHODS:
                if method in item:
                    ops[method.upper()] = self._operation(template, method, item[method])
            pattern = re.sub(r"\\\{[a-z_]+\\\}", "[^/]+", re.escape(template))
            literal = sum(1 for seg in template.split("/") if seg and "{" not in seg)
            routes.append((literal, re.compile(pattern + "/?"), ops))
        routes.sort(key=lambda r: -r[0])  # literal segments first: @me before {user_id}
        return [(pattern, ops) for _, pattern, ops in routes]

    def _operation(self, template: str, method: str, op: dict[str, Any]) -> _Operation:
        base = ("paths", template, method)
        content = (op.get("requestBody") or {}).get("content") or {}
        request = None
        if "application/json" in content:
            request = _pointer(*base, "requestBody", "content", "application/json", "schema")
        responses: dict[str, str | None] = {}
        headers: dict[str, dict[str, str]] = {}
        for status, listed in op.get("responses", {}).items():
            where: tuple[str, ...] = (*base, "responses", status)
            answer = listed
            if "$ref" in listed:
                name = listed["$ref"].rsplit("/", 1)[1]
                where = ("components", "responses", name)
                answer = self.doc["components"]["responses"][name]
            headers[status] = {
                name: self._header_type(spec)
                for name, spec in (answer.get("headers") or {}).items()
            }
            has_json = "application/json" in (answer.get("content") or {})
            responses[status] = (
                _pointer(*where, "content", "application/json", "schema") if has_json else None
            )
        query = {}
        for i, param in enumerate(op.get("parameters", [])):
            if param.get("in") == "query":
                kind = str(param.get("schema", {}).get("type", "string"))
                query[param["name"]] = (_pointer(*base, "parameters", str(i), "schema"), kind)
        op_id = op.get("operationId", "?")
        return _Operation(template, method, op_id, request, responses, headers, query)

    def _header_type(self, spec: dict[str, Any]) -> str:
        if "$ref" in spec:
            spec = self.doc["components"]["headers"][spec["$ref"].rsplit("/", 1)[1]]
        return str(spec.get("schema", {}).get("type", "string"))

    def operation(self, method: str, path: str) -> _Operation | None:
        """Return the spec's operation for a request (method and path under /api/v10)."""
        for pattern, ops in self._routes:
            if pattern.fullmatch(path) and method in ops:
                return ops[method]
        return None

    def _validator(self, pointer: str) -> Draft202012Validator:
        validator = self._validators.get(pointer)
        if validator is None:
            schema = {"$ref": _SPEC_URI + pointer}
            validator = Draft202012Validator(schema, registry=self._registry)
            self._validators[pointer] = validator
        return validator

    def _errors(self, pointer: str, value: Any) -> Iterator[tuple[str, str]]:
        for error in self._validator(pointer).iter_errors(value):
            for leaf in _leaves(error):
                yield _json_path(leaf.absolute_path), leaf.message

    def check(self, exchange: Exchange) -> list[Problem]:
        """Validate one exchange; return its problems (quirks allowed)."""
        op = self.operation(exchange.method, exchange.path)
        if op is None:
            text = "no such route in Discord's API"
            return [Problem(exchange, "route", "", text)]
        problems: list[Problem] = []
        if exchange.status < 400:
            problems += self._check_query(exchange, op)
        if exchange.request is not None:
            self.checked_requests += 1
            if op.request is None:
                problems.append(Problem(exchange, "request", "", "this route takes no body"))
            else:
                found = self._filter(exchange, "request", op, op.request, exchange.request)
                # A request the spec refuses must be refused (a 4XX, as Discord would
                # answer it); one the emulator accepted means it is kinder than Discord.
                if exchange.status < 400:
                    problems += found
                elif found:
                    self.refused_invalid += 1
        problems += self._check_response(exchange, op)
        return problems

    def _check_query(self, exchange: Exchange, op: _Operation) -> list[Problem]:
        """Validate the query string (Discord's boolean query strings: true/false/1/0)."""
        problems = []
        for name, raw in exchange.query.items():
            found = op.query.get(name)
            if found is None:
                problems.append(Problem(exchange, "query", name, "not a parameter of this route"))
                continue
            pointer, kind = found
            for where, message in self._errors(pointer, _query_value(raw, kind)):
                problems.append(Problem(exchange, "query", name + where, message))
        return problems

    def _check_response(self, exchange: Exchange, op: _Operation) -> list[Problem]:
        status = str(exchange.status)
        family = status[0] + "XX"
        key = status if status in op.responses else family
        if key not in op.responses:
            text = f"status {status} is not an answer of {op.op_id}"
            return [Problem(exchange, "response", "", text)]
        pointer = op.responses[key]
        self.checked_responses += 1
        problems = self._check_headers(exchange, op, op.headers.get(key, {}))
        if pointer is None:
            if exchange.response is not None:
                problems.append(Problem(exchange, "response", "", "the spec answers no body"))
            return problems
        if exchange.response is None:
            return [*problems, Problem(exchange, "response", "", "a JSON body is expected")]
        return problems + self._filter(exchange, "response", op, pointer, exchange.response)

    def _check_headers(
        self, exchange: Exchange, op: _Operation, wanted: dict[str, str]
    ) -> list[Problem]:
        sent = {k.lower(): v for k, v in exchange.headers.items()}
        is_global = isinstance(exchange.response, dict) and exchange.response.get("global")
        problems = []
        for name, kind in wanted.items():
            value = sent.get(name.lower())
            if value is None:
                message = "missing on a global 429" if is_global else "missing"
            elif not _header_fits(value, kind):
                message = f"{value!r} is not a valid {kind}"
            else:
                continue
            quirk = next(
                (q for q in self.quirks if q.allows("header", op.op_id, name, message)), None
            )
            if quirk is None:
                problems.append(Problem(exchange, "header", name, message))
            else:
                self.allowed[quirk] = self.allowed.get(quirk, 0) + 1
        return problems

    def _filter(
        self, exchange: Exchange, side: str, op: _Operation, pointer: str, value: Any
    ) -> list[Problem]:
        problems = []
        for where, message in self._errors(pointer, value):
            quirk = next((q for q in self.quirks if q.allows(side, op.op_id, where, message)), None)
            if quirk is None:
                problems.append(Problem(exchange, side, where, message))
            else:
                self.allowed[quirk] = self.allowed.get(quirk, 0) + 1
        return problems


_BOOLEANS = {"true": True, "True": True, "1": True, "false": False, "False": False, "0": False}


def _query_value(raw: str, kind: str) -> Any:
    """A query string value as its schema's type (Discord's boolean spellings: true/1...)."""
    if kind == "boolean":
        return _BOOLEANS.get(raw, raw)
    if kind == "integer" and re.fullmatch(r"-?[0-9]+", raw):
        return int(raw)
    if kind == "number" and re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", raw):
        return float(raw)
    return raw


def _header_fits(value: str, kind: str) -> bool:
    if kind == "integer":
        return re.fullmatch(r"-?[0-9]+", value) is not None
    if kind == "number":
        return re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", value) is not None
    return True


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    """Descend into oneOf/anyOf to the errors of the branch that was meant.

    A branch that refuses the value's own `type` (a component's kind, null or object) was
    not meant; of the others, the one whose errors sit deepest in the value is.
    """
    if not error.context:
        yield error
        return
    by_branch: dict[str | int, list[ValidationError]] = {}
    for sub in error.context:
        by_branch.setdefault(sub.schema_path[0], []).append(sub)

    def wrong_kind(errs: list[ValidationError]) -> bool:  # paths here are relative to the value
        return any(
            e.validator in ("type", "enum", "const") and list(e.path) in ([], ["type"])
            for e in errs
        )

    branches = [errs for errs in by_branch.values() if not wrong_kind(errs)]
    if not branches:
        yield error
        return
    best = max(branches, key=lambda errs: (max(len(e.path) for e in errs), -len(errs)))
    for sub in best:
        yield from _leaves(sub)
