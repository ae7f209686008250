"""A page of a list that iterates across every page after it, requesting each as it is reached."""

from __future__ import annotations

from typing import Any, Callable, Iterator

from .objects import KestrelObject


class Page:
    """The list object (`data`, `has_more`, `next_cursor`); iterating it follows the cursors."""

    def __init__(
        self, first: KestrelObject, fetch: Callable[[dict], KestrelObject], backward: bool
    ):
        self._first = first
        self._fetch = fetch
        # A walk started with ending_before goes on backwards, from each page's first object.
        self._backward = backward

    def __getattr__(self, name: str) -> Any:
        # Private names are never fields: copying or pickling looks them up before _first exists.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._first, name)

    def __repr__(self) -> str:
        data = self._first.get("data") or []
        more = self._first.get("has_more")
        cursor = self._first.get("next_cursor")
        return f"<Page of {len(data)}, has_more={more}, next_cursor={cursor!r}>"

    def _cursor(self, page: KestrelObject) -> dict:
        data = page.get("data") or []
        if self._backward:
            return {"ending_before": data[0]["id"]}
        return {"starting_after": page.get("next_cursor") or data[-1]["id"]}

    def __iter__(self) -> Iterator[Any]:
        page = self._first
        while True:
            yield from page.get("data") or []
            if not page.get("has_more") or not page.get("data"):
                return
            page = self._fetch(self._cursor(page))
