"""The API's JSON objects as Python objects whose fields read as attributes."""

from __future__ import annotations

import json
from typing import Any


class KestrelObject(dict):
    """A JSON object of the API: `charge.status` and `charge["status"]` read the same field."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(
                f"This {self.get('object', 'object')} has no field {name!r}"
            ) from None


def decode(body: bytes) -> Any:
    """The JSON of a response body, every object in it a KestrelObject."""
    return json.loads(body.decode("utf-8"), object_hook=KestrelObject)
