"""Which failures are safe to retry and how long to wait first (Errors page, "Retrying safely")."""

from __future__ import annotations

import random
from email.utils import parsedate_to_datetime
from datetime import datetime, timezone
from typing import Optional

from .errors import KestrelError

# Exponential backoff from about one second, as the Errors page advises, capped per wait.
FIRST_BACKOFF_SECONDS = 1.0
MAX_BACKOFF_SECONDS = 8.0
# Up to this much is added to every wait, so that clients refused together do not return together.
JITTER_SECONDS = 0.25
# A longer Retry-After (a daily limit, a full service) is not waited out: the error is raised.
MAX_RETRY_AFTER_SECONDS = 60.0


def _retry_after_seconds(value: Optional[str]) -> Optional[float]:
    """`Retry-After` as seconds, given as a number of seconds or as an HTTP date."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return max(0.0, (when - datetime.now(timezone.utc)).total_seconds())


def is_retryable(error: KestrelError) -> bool:
    """A timeout, a rate limit, a failure on Kestrel Pay's side, or a key still in progress."""
    status = error.status or 0
    return (
        status in (408, 429)
        or status >= 500
        or (status == 409 and error.code == "idempotency_request_in_progress")
    )


def backoff_seconds(retries_done: int) -> float:
    """The wait before the next retry when the answer named none: 1 s, 2 s, 4 s … plus jitter."""
    doubled = FIRST_BACKOFF_SECONDS * (2**retries_done)
    return min(doubled, MAX_BACKOFF_SECONDS) + random.uniform(0, JITTER_SECONDS)


def delay_before_retry(error: KestrelError, retries_done: int) -> Optional[float]:
    """Seconds to wait before retrying an answered failure, or None when it is final."""
    if not is_retryable(error):
        return None
    retry_after = _retry_after_seconds(error.headers.get("Retry-After"))
    if retry_after is None:
        return backoff_seconds(retries_done)
    if retry_after > MAX_RETRY_AFTER_SECONDS:
        return None
    return retry_after + random.uniform(0, JITTER_SECONDS)
