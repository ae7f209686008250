"""One HTTP exchange with the standard library, within a time limit, following no redirects."""

from __future__ import annotations

import http.client
import time
import urllib.error
import urllib.request
from typing import NamedTuple, Optional

# What a failed attempt can raise before any answer arrives: refused or dropped connections,
# timeouts, broken responses. URLError and socket timeouts are OSErrors.
NETWORK_ERRORS = (OSError, http.client.HTTPException)

_CHUNK_BYTES = 64 * 1024


class Answer(NamedTuple):
    status: int
    headers: http.client.HTTPMessage
    body: bytes


class _RefuseRedirects(urllib.request.HTTPRedirectHandler):
    """The API never redirects: a 3xx is answered as it is, and a POST is never resent as a GET."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_opener = urllib.request.build_opener(_RefuseRedirects())


def _read_within(response, deadline: float) -> bytes:
    """The body, or TimeoutError once the attempt's time is spent, however slowly it trickles in."""
    chunks = []
    while True:
        if time.monotonic() > deadline:
            raise TimeoutError("The response did not arrive in full within the timeout.")
        chunk = response.read1(_CHUNK_BYTES)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def exchange(method: str, url: str, headers: dict, body: Optional[bytes], timeout: float) -> Answer:
    """Sends one request and returns the answer, whatever its status; raises a NETWORK_ERROR."""
    deadline = time.monotonic() + timeout
    request = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        response = _opener.open(request, timeout=timeout)
    except urllib.error.HTTPError as answered:
        response = answered
    with response:
        return Answer(response.getcode(), response.headers, _read_within(response, deadline))
