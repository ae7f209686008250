"""The official Python library for the Kestrel Pay API."""

from .client import KestrelPay
from .errors import (
    ApiError,
    AuthenticationError,
    ConflictError,
    InvalidRequestError,
    KestrelError,
    NotFoundError,
    PermissionError,
    RateLimitError,
)
from .objects import KestrelObject
from .pagination import Page
from .version import VERSION as __version__

# PermissionError is left out, so that `from kestrelpay import *` keeps Python's own.
__all__ = [
    "ApiError",
    "AuthenticationError",
    "ConflictError",
    "InvalidRequestError",
    "KestrelError",
    "KestrelObject",
    "KestrelPay",
    "NotFoundError",
    "Page",
    "RateLimitError",
]
