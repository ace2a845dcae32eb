"""Discord-shaped API errors: HTTP status, JSON error code, message and nested form errors."""

from __future__ import annotations

from typing import Any

# Discord's JSON error codes used by the emulator (developer docs, "JSON Error Codes").
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
UNKNOWN_USER = 10013
UNKNOWN_APPLICATION_COMMAND = 10063
UNKNOWN_INTERACTION = 10062
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
CANNOT_SEND_EMPTY_MESSAGE = 50006
INTERACTION_ALREADY_ACKNOWLEDGED = 40060
REQUEST_ENTITY_TOO_LARGE = 40005
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
CANNOT_DM = 50007


class ApiError(Exception):
    """An error the emulator answers with, in the exact JSON shape Discord uses."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        """Return the JSON body Discord sends for this error."""
        out: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            out["errors"] = self.errors
        return out


def not_found(code: int, what: str) -> ApiError:
    """Return the 404 Discord answers for an unknown object (e.g. 'Unknown Message')."""
    return ApiError(404, code, f"Unknown {what}")


class FormErrors:
    """Collect field errors into Discord's nested `errors` tree for a 400 / 50035 answer."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        """Record one error at `path` (keys and list indexes, as Discord nests them)."""
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def raise_if_any(self) -> None:
        """Raise the collected errors as an `ApiError` (400, code 50035), if there are any."""
        if self.tree:
            raise ApiError(400, INVALID_FORM_BODY, "Invalid Form Body", self.tree)

    def length(self, path: tuple[str | int, ...], value: object, low: int, high: int) -> None:
        """Check that a string's length is within [low, high], Discord-style."""
        if not isinstance(value, str):
            self.add(path, "STRING_TYPE_CONVERT", "Could not interpret value as string.")
            return
        if not low <= len(value) <= high:
            text = f"Must be between {low} and {high} in length."
            self.add(path, "BASE_TYPE_BAD_LENGTH", text)

    def count(self, path: tuple[str | int, ...], items: list[Any], high: int) -> None:
        """Check that a list has at most `high` items, Discord-style."""
        if len(items) > high:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {high} or fewer in length.")
