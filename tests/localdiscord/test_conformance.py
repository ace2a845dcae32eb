"""The conformance check itself: it finds Discord's spec, refuses what the spec refuses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from localdiscord.conformance import QUIRKS, Spec, SpecMissingError
from localdiscord.model import User
from localdiscord.record import Exchange


@pytest.fixture(scope="module")
def spec() -> Spec:
    return Spec()


BUCKET = {
    "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "4", "X-RateLimit-Reset": "1764590000.5",
    "X-RateLimit-Reset-After": "4.999", "X-RateLimit-Bucket": "abc",
}  # fmt: skip


def _ex(method: str, path: str, request: Any, status: int, response: Any) -> Exchange:
    return Exchange(method, path, {}, request, status, response, dict(BUCKET))


def _message(**changes: Any) -> dict[str, Any]:
    author = User(1, "bot", bot=True).payload()
    msg: dict[str, Any] = {
        "id": "10", "channel_id": "20", "author": author, "content": "hi",
        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": [], "components": [], "pinned": False, "type": 0, "flags": 0,
    }  # fmt: skip
    return {**msg, **changes}


def test_a_valid_exchange_passes(spec: Spec) -> None:
    ex = _ex("POST", "/channels/20/messages", {"content": "hi"}, 200, _message())
    assert spec.check(ex) == []


def test_a_missing_required_field_is_a_problem(spec: Spec) -> None:
    answer = {k: v for k, v in _message().items() if k != "pinned"}
    problems = spec.check(_ex("GET", "/channels/20/messages/10", None, 200, answer))
    assert [str(p).split(": ", 1)[1] for p in problems] == [
        "response $: 'pinned' is a required property"
    ]


def test_a_component_without_its_numeric_id_is_named_precisely(spec: Spec) -> None:
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": "a"}]}
    answer = _message(components=[row])
    wheres = {
        p.where for p in spec.check(_ex("GET", "/channels/20/messages/10", None, 200, answer))
    }
    assert wheres == {".components[0]", ".components[0].components[0]"}


def test_answers_carry_the_headers_the_spec_names(spec: Spec) -> None:
    ex = _ex("POST", "/channels/20/messages", {"content": "hi"}, 200, _message())
    del ex.headers["X-RateLimit-Bucket"]
    ex.headers["X-RateLimit-Remaining"] = "many"
    assert {(p.where, p.message) for p in spec.check(ex)} == {
        ("X-RateLimit-Bucket", "missing"),
        ("X-RateLimit-Remaining", "'many' is not a valid integer"),
    }
    body = {"message": "You are being rate limited.", "retry_after": 0.5, "global": True, "code": 0}
    assert spec.check(Exchange("GET", "/users/@me", {}, None, 429, body, {})) == []


def test_unknown_routes_and_statuses_are_problems(spec: Spec) -> None:
    assert spec.check(_ex("GET", "/no/such/route", None, 200, {}))[0].side == "route"
    problems = spec.check(_ex("GET", "/users/@me", None, 302, None))
    assert "not an answer" in problems[0].message


def test_an_invalid_request_must_be_refused(spec: Spec) -> None:
    body = {"content": "x", "embeds": [{"title": "t"}] * 11}
    error = {"code": 50035, "message": "Invalid Form Body"}
    assert spec.check(_ex("POST", "/channels/20/messages", body, 400, error)) == []
    accepted = spec.check(_ex("POST", "/channels/20/messages", body, 200, _message()))
    assert [p.where for p in accepted] == [".embeds"]


def test_quirks_are_explained_and_narrow(spec: Spec) -> None:
    assert QUIRKS
    assert all(len(q.reason) > 40 for q in QUIRKS)
    upload = {"content": "f", "attachments": [{"id": 0, "filename": "a.png"}]}
    assert spec.check(_ex("POST", "/channels/20/messages", upload, 200, _message())) == []
    # the same integer where Discord wants a snowflake string is not forgiven
    reply = {"content": "r", "message_reference": {"message_id": 5}}
    problems = spec.check(_ex("POST", "/channels/20/messages", reply, 200, _message()))
    assert [p.where for p in problems] == [".message_reference.message_id"]


def test_a_missing_spec_fails_clearly(tmp_path: Path) -> None:
    with pytest.raises(SpecMissingError, match="discord-api-spec"):
        Spec(tmp_path / "shared" / "discord-api-spec" / "openapi.json")


def test_query_parameters_are_held_to_their_schemas(spec: Spec) -> None:
    ok = _ex("GET", "/channels/20/messages", None, 200, [_message()])
    ok.query = {"limit": "50", "before": "10"}
    assert spec.check(ok) == []
    bad = _ex("GET", "/channels/20/messages", None, 200, [_message()])
    bad.query = {"limit": "500", "colour": "red"}
    assert {p.where for p in spec.check(bad)} == {"limit", "colour"}
    hook = _ex("POST", "/webhooks/1/tok", {"content": "x"}, 200, _message())
    hook.query = {"wait": "1", "with_components": "0"}  # Discord's boolean query strings
    assert spec.check(hook) == []
