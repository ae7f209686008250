"""Sends API requests: the token, the version and idempotency headers, retries and errors."""

from __future__ import annotations

import json
import platform
import time
from typing import Any, Optional
from urllib.parse import urlencode

from .errors import KestrelError, error_from_response
from .objects import decode
from .retries import backoff_seconds, delay_before_retry
from .tokens import TokenCache
from .transport import NETWORK_ERRORS, exchange
from .version import VERSION

USER_AGENT = f"kestrelpay-python/{VERSION} Python/{platform.python_version()}"


def _query_value(name: str, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    raise TypeError(f"The {name} parameter must be a string, a number or a boolean.")


def query_string(fields: dict) -> str:
    """The fields of a GET or DELETE as a query string; a field set to None is left out."""
    pairs = [
        (name, _query_value(name, value)) for name, value in fields.items() if value is not None
    ]
    return f"?{urlencode(pairs)}" if pairs else ""


class Requester:
    """Calls one base URL with one key pair; safe to share between threads."""

    def __init__(
        self,
        *,
        base_url: str,
        public_key: str,
        private_key: str,
        api_version: str,
        timeout: float,
        max_retries: int,
    ) -> None:
        self._base_url = base_url
        self._keys = {"public_key": public_key, "private_key": private_key}
        self._api_version = api_version
        self._timeout = timeout
        self._max_retries = max_retries
        self._tokens = TokenCache(self._issue_token)

    def _issue_token(self) -> dict:
        return self.send("POST", "/v1/auth/token", body=self._keys, authenticated=False)

    def send(
        self,
        method: str,
        path: str,
        *,
        query: Optional[dict] = None,
        body: Optional[dict] = None,
        idempotency_key: Optional[str] = None,
        authenticated: bool = True,
    ) -> Any:
        """The decoded answer of a 2xx; raises the error of anything else once retries are spent."""
        url = f"{self._base_url}{path}{query_string(query or {})}"
        headers = {
            "Accept": "application/json",
            "Kestrel-Version": self._api_version,
            "User-Agent": USER_AGENT,
        }
        data = None
        if body is not None:
            data = json.dumps(body, separators=(",", ":")).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        answer = self._with_retries(method, url, headers, data, authenticated)
        if not answer.body.strip():
            return None
        try:
            return decode(answer.body)
        except ValueError:
            raise KestrelError(
                f"{method} {path} answered {answer.status} with a body that is not JSON.",
                status=answer.status,
                headers=answer.headers,
            ) from None

    def _with_retries(self, method, url, headers, data, authenticated):
        """The first 2xx answer, retrying what is safe to retry with the same headers."""
        retries_done = 0
        renewed_token = False
        while True:
            token = self._tokens.get() if authenticated else None
            if token is not None:
                headers["Authorization"] = f"Bearer {token}"
            try:
                answer = exchange(method, url, headers, data, self._timeout)
            except NETWORK_ERRORS as failure:
                if retries_done >= self._max_retries:
                    attempts = retries_done + 1
                    raise KestrelError(
                        f"{method} {url} got no answer in {attempts} attempt(s): {failure}"
                    ) from failure
                wait = backoff_seconds(retries_done)
            else:
                if 200 <= answer.status < 300:
                    return answer
                error = error_from_response(answer.status, answer.headers, answer.body)
                # An expired token is renewed and the request sent again, once, outside the retries.
                if token is not None and error.code == "token_expired" and not renewed_token:
                    self._tokens.discard(token)
                    renewed_token = True
                    continue
                wait = delay_before_retry(error, retries_done)
                if wait is None or retries_done >= self._max_retries:
                    raise error
            time.sleep(wait)
            retries_done += 1
