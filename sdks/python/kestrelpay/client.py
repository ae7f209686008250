"""The Kestrel Pay client: one per process, holding its configuration and cached token."""

from __future__ import annotations

from typing import Optional

from .operations import load_table, namespaces
from .requester import Requester
from .webhooks import Webhooks

# The base URL of each environment (openapi/openapi.yaml `servers`); paths start with /v1.
ENVIRONMENTS = {
    "sandbox": "https://sandbox.api.kestrelpay.com",
    "production": "https://api.kestrelpay.com",
}
DEFAULT_TIMEOUT_SECONDS = 30.0
DEFAULT_MAX_RETRIES = 2

API_VERSION, OPERATIONS = load_table()


def _base_url(environment: Optional[str], base_url: Optional[str]) -> str:
    if base_url is not None and environment is not None:
        raise ValueError(
            "Send environment or base_url, not both: base_url takes environment's place."
        )
    if base_url is not None:
        if not isinstance(base_url, str) or not base_url.startswith(("https://", "http://")):
            raise ValueError(
                "base_url must be an http(s) URL without /v1, such as https://api.kestrelpay.com."
            )
        return base_url.rstrip("/")
    chosen = "sandbox" if environment is None else environment
    if chosen not in ENVIRONMENTS:
        raise ValueError(f"environment must be 'sandbox' or 'production', not {chosen!r}.")
    return ENVIRONMENTS[chosen]


class KestrelPay:
    """Every endpoint as `kestrel.<namespace>.<method>(*path_args, **fields, idempotency_key=…)`."""

    def __init__(
        self,
        *,
        public_key: str,
        private_key: str,
        environment: Optional[str] = None,
        base_url: Optional[str] = None,
        timeout: float = DEFAULT_TIMEOUT_SECONDS,
        max_retries: int = DEFAULT_MAX_RETRIES,
    ) -> None:
        for name, key in (("public_key", public_key), ("private_key", private_key)):
            if not isinstance(key, str) or not key:
                raise ValueError(f"{name} is required: the {name.replace('_', ' ')} of a key pair.")
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
            raise ValueError("timeout must be a positive number of seconds.")
        if isinstance(max_retries, bool) or not isinstance(max_retries, int) or max_retries < 0:
            raise ValueError("max_retries must be a whole number, 0 or more; 0 turns retries off.")
        requester = Requester(
            base_url=_base_url(environment, base_url),
            public_key=public_key,
            private_key=private_key,
            api_version=API_VERSION,
            timeout=float(timeout),
            max_retries=max_retries,
        )
        for name, namespace in namespaces(OPERATIONS, requester).items():
            setattr(self, name, namespace)
        self.webhooks = Webhooks()
