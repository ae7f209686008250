"""The client's namespaces and methods, made from the operation table in operations.json."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any, Callable, NamedTuple, Optional
from urllib.parse import quote

from .pagination import Page
from .requester import Requester

TABLE_FILE = Path(__file__).with_name("operations.json")


class Operation(NamedTuple):
    name: str
    method: str
    path: str
    path_params: tuple
    query: bool
    list: bool
    idempotent: bool
    public: bool


def snake_case(name: str) -> str:
    """`paymentLinks` → `payment_links`, as the Python samples name namespaces and methods."""
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


def load_table(file: Path = TABLE_FILE) -> tuple:
    """The API version the table was made for, and its operations by SDK name."""
    try:
        table = json.loads(file.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ImportError(f"{file} is missing: run `npm run sdks:tables` before packing.") from None
    operations = [
        Operation(
            name=name,
            method=entry["method"],
            path=entry["path"],
            path_params=tuple(entry["pathParams"]),
            query=entry["query"],
            list=entry["list"],
            idempotent=entry["idempotent"],
            public=entry["public"],
        )
        for name, entry in table["operations"].items()
    ]
    return table["apiVersion"], operations


def _filled_path(operation: Operation, path_args: tuple) -> str:
    params = operation.path_params
    if len(path_args) != len(params):
        wanted = ", ".join(params) or "no path arguments"
        raise TypeError(
            f"{operation.name} takes {len(params)} path argument(s) ({wanted}), not {len(path_args)}."
        )
    path = operation.path
    for param, value in zip(params, path_args):
        if not isinstance(value, str) or not value:
            raise TypeError(f"{operation.name}: the {param} argument must be a non-empty string.")
        path = path.replace(f"{{{param}}}", quote(value, safe=""))
    return path


def bind(operation: Operation, requester: Requester) -> Callable[..., Any]:
    """The method that calls one operation: path arguments, then fields, then `idempotency_key`."""

    def call(*path_args: str, idempotency_key: Optional[str] = None, **fields: Any) -> Any:
        path = _filled_path(operation, path_args)
        if idempotency_key is not None and not operation.idempotent:
            raise TypeError(
                f"{operation.name} takes no idempotency_key: only methods that send a POST do."
            )
        if idempotency_key is not None and not isinstance(idempotency_key, str):
            raise TypeError(f"{operation.name}: idempotency_key must be a string.")

        # One key for the call, which its retries reuse: the caller's, or a new UUID v4.
        key = (idempotency_key or str(uuid.uuid4())) if operation.idempotent else None

        def send(sent_fields: dict) -> Any:
            return requester.send(
                operation.method,
                path,
                query=sent_fields if operation.query else None,
                body=None if operation.query else sent_fields,
                idempotency_key=key,
                authenticated=not operation.public,
            )

        answer = send(fields)
        if not operation.list:
            return answer
        return Page(
            answer,
            lambda cursor: send({**fields, **cursor}),
            backward=fields.get("ending_before") is not None,
        )

    call.__name__ = snake_case(operation.name.split(".")[1])
    call.__qualname__ = ".".join(snake_case(part) for part in operation.name.split("."))
    call.__doc__ = f"{operation.method} {operation.path}"
    return call


class Namespace:
    """One resource's methods, such as `kestrel.charges`."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __repr__(self) -> str:
        return f"<kestrelpay namespace {self._name}>"


def namespaces(operations: list, requester: Requester) -> dict:
    """Every namespace of the table by its snake_case name, each with its methods bound."""
    made: dict = {}
    for operation in operations:
        namespace_name, method_name = (snake_case(part) for part in operation.name.split("."))
        namespace = made.setdefault(namespace_name, Namespace(namespace_name))
        setattr(namespace, method_name, bind(operation, requester))
    return made
