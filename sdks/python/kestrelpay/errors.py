"""Typed exceptions for the API's error envelope: one class per documented error `type`."""

from __future__ import annotations

import json
from http.client import HTTPMessage
from typing import Optional


class KestrelError(Exception):
    """A failed request, with the envelope's `type`, `code`, `message`, `param` and `request_id`."""

    def __init__(
        self,
        message: str,
        *,
        type: Optional[str] = None,
        code: Optional[str] = None,
        param: Optional[str] = None,
        request_id: Optional[str] = None,
        status: Optional[int] = None,
        headers: Optional[HTTPMessage] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.type = type
        self.code = code
        self.param = param
        self.request_id = request_id
        self.status = status
        # Case-insensitive: error.headers.get("Retry-After").
        self.headers = headers if headers is not None else HTTPMessage()

    def __str__(self) -> str:
        named = (("status", self.status), ("code", self.code), ("request", self.request_id))
        details = [f"{name} {value}" for name, value in named if value is not None]
        return f"{self.message} ({', '.join(details)})" if details else self.message


class InvalidRequestError(KestrelError):
    """`invalid_request_error`: a parameter is missing or malformed, or the body is refused."""


class AuthenticationError(KestrelError):
    """`authentication_error`: the token or the keys sent for one are missing, wrong or expired."""


class PermissionError(KestrelError):  # the documented name; shadows the built-in only here
    """`permission_error`: the key pair behind the token lacks the role the action needs."""


class NotFoundError(KestrelError):
    """`not_found_error`: no object with that ID exists in this environment."""


class ConflictError(KestrelError):
    """`conflict_error`: the request conflicts with an object's state or an idempotency key."""


class RateLimitError(KestrelError):
    """`rate_limit_error`: too many requests; `Retry-After` says how long to wait."""


class ApiError(KestrelError):
    """`api_error`: an unexpected problem on Kestrel Pay's side."""


ERROR_CLASSES = {
    "invalid_request_error": InvalidRequestError,
    "authentication_error": AuthenticationError,
    "permission_error": PermissionError,
    "not_found_error": NotFoundError,
    "conflict_error": ConflictError,
    "rate_limit_error": RateLimitError,
    "api_error": ApiError,
}

# The type of each documented status, for an answer without an envelope (a proxy's error page).
TYPE_OF_STATUS = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    405: "invalid_request_error",
    408: "invalid_request_error",
    409: "conflict_error",
    413: "invalid_request_error",
    415: "invalid_request_error",
    429: "rate_limit_error",
}


def _envelope(body: bytes) -> dict:
    try:
        parsed = json.loads(body.decode("utf-8"))
    except ValueError:
        return {}
    error = parsed.get("error") if isinstance(parsed, dict) else None
    return error if isinstance(error, dict) else {}


def error_from_response(status: int, headers: HTTPMessage, body: bytes) -> KestrelError:
    """The exception for a non-2xx answer: its envelope's type, or else its status's."""
    envelope = _envelope(body)
    fallback_type = TYPE_OF_STATUS.get(status, "api_error" if status >= 500 else None)
    error_type = envelope.get("type") or fallback_type
    cls = ERROR_CLASSES.get(error_type, KestrelError)
    return cls(
        envelope.get("message") or f"The API answered HTTP {status} without an error envelope.",
        type=error_type,
        code=envelope.get("code"),
        param=envelope.get("param"),
        request_id=envelope.get("request_id") or headers.get("Kestrel-Request-Id"),
        status=status,
        headers=headers,
    )
