"""Verifies a webhook delivery's Kestrel-Signature header and returns its event."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Optional, Union

from .errors import KestrelError
from .objects import KestrelObject

# A delivery signed longer ago than this is refused, so a captured one cannot be replayed.
TOLERANCE_SECONDS = 300


def _parse_header(header: Optional[str]) -> tuple:
    """The header's `t` and every `v1`: one per secret in force during a rotation."""
    fields = [part.strip().split("=", 1) for part in (header or "").split(",") if "=" in part]
    timestamps = [value for name, value in fields if name == "t"]
    signatures = [value for name, value in fields if name == "v1"]
    if len(timestamps) != 1 or not timestamps[0].isdigit() or not signatures:
        raise KestrelError("The Kestrel-Signature header must have one t and at least one v1.")
    return int(timestamps[0]), signatures


class Webhooks:
    """`kestrel.webhooks`: a helper that makes no API call."""

    def construct_event(
        self, payload: Union[bytes, str], signature_header: Optional[str], secret: str
    ) -> KestrelObject:
        """The event of a delivery whose signature checks out; KestrelError when it does not."""
        if isinstance(payload, str):
            payload = payload.encode("utf-8")
        if not isinstance(payload, (bytes, bytearray)):
            raise TypeError("payload must be the raw body as received, as bytes or str.")
        if not isinstance(secret, str) or not secret:
            raise ValueError("secret must be the endpoint's signing secret, whsec_…")
        timestamp, signatures = _parse_header(signature_header)
        if time.time() - timestamp > TOLERANCE_SECONDS:
            raise KestrelError(
                f"The Kestrel-Signature is more than {TOLERANCE_SECONDS} seconds old."
            )
        signed = str(timestamp).encode("ascii") + b"." + bytes(payload)
        expected = (
            hmac.new(secret.encode("utf-8"), signed, hashlib.sha256).hexdigest().encode("ascii")
        )
        if not any(hmac.compare_digest(expected, sent.encode("utf-8")) for sent in signatures):
            raise KestrelError("No v1 of the Kestrel-Signature matches the body and the secret.")
        try:
            event = json.loads(bytes(payload).decode("utf-8"), object_hook=KestrelObject)
        except ValueError:
            raise KestrelError("The body of the delivery is not a JSON event.") from None
        if not isinstance(event, KestrelObject):
            raise KestrelError("The body of the delivery is not a JSON event.")
        return event
