"""The cached access token: requested on first use, and again shortly before it expires."""

from __future__ import annotations

import threading
import time
from typing import Callable, Optional

from .errors import KestrelError

# Refresh when less than this remains, as the Authentication page advises.
REFRESH_MARGIN_SECONDS = 60.0


class TokenCache:
    """One token per client, shared by its threads; `issue` returns the token response."""

    def __init__(self, issue: Callable[[], dict]) -> None:
        self._issue = issue
        self._lock = threading.Lock()
        self._token: Optional[str] = None
        self._refresh_at = 0.0

    def get(self) -> str:
        """The cached token, or a new one when there is none or it is about to expire."""
        with self._lock:
            if self._token is None or time.monotonic() >= self._refresh_at:
                self._token, self._refresh_at = self._renewed()
            return self._token

    def discard(self, token: str) -> None:
        """Forgets a token the API called expired, unless another thread has replaced it already."""
        with self._lock:
            if self._token == token:
                self._token = None

    def _renewed(self) -> tuple:
        """A new token, and the moment to replace it."""
        issued_at = time.monotonic()
        answer = self._issue()
        token = answer.get("access_token") if isinstance(answer, dict) else None
        lifetime = answer.get("expires_in") if isinstance(answer, dict) else None
        if not isinstance(token, str) or not isinstance(lifetime, (int, float)):
            raise KestrelError("POST /v1/auth/token answered without access_token and expires_in.")
        # A token shorter-lived than twice the margin is still used for half its life.
        margin = min(REFRESH_MARGIN_SECONDS, lifetime / 2)
        return token, issued_at + lifetime - margin
