"""Checks that every `kestrel.<namespace>.<method>(…)` call in the docs' Python samples is a
method of this library, with as many positional arguments as its path has parameters, and an
idempotency_key only where the method sends a POST.

Usage: python3 sdks/python/check_samples.py <content folder>
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from kestrelpay.client import OPERATIONS
from kestrelpay.operations import snake_case

HELPERS = {"webhooks.construct_event"}
PYTHON_BLOCK = re.compile(r"```python[^\n]*\n(.*?)```", re.DOTALL)


def kestrel_calls(code: str):
    """Each call of a client method in a sample, as (`namespace.method`, the call's node)."""
    for node in ast.walk(ast.parse(code)):
        method = getattr(node, "func", None)
        namespace = getattr(method, "value", None)
        if isinstance(method, ast.Attribute) and isinstance(namespace, ast.Attribute):
            if isinstance(namespace.value, ast.Name) and namespace.value.id == "kestrel":
                yield f"{namespace.attr}.{method.attr}", node


def problem(name: str, call: ast.Call, table: dict):
    """What is wrong with one call, or None."""
    if name in HELPERS:
        return None
    operation = table.get(name)
    if operation is None:
        return f"{name} is not a method"
    if len(call.args) != len(operation.path_params):
        return f"{name} takes {len(operation.path_params)} path arguments, not {len(call.args)}"
    if (
        any(keyword.arg == "idempotency_key" for keyword in call.keywords)
        and not operation.idempotent
    ):
        return f"{name} takes no idempotency_key"
    return None


def main(content: Path) -> int:
    table = {".".join(map(snake_case, op.name.split("."))): op for op in OPERATIONS}
    checked = 0
    problems = []
    for page in sorted(content.rglob("*.mdx")):
        text = page.read_text(encoding="utf-8")
        for block in PYTHON_BLOCK.finditer(text):
            first_line = text.count("\n", 0, block.start(1))
            for name, call in kestrel_calls(block.group(1)):
                checked += 1
                found = problem(name, call, table)
                if found:
                    problems.append(f"{page}:{first_line + call.lineno}: {found}")
    if problems or not checked:
        print(
            "\n".join(problems) or f"No Python sample under {content} calls the client.",
            file=sys.stderr,
        )
        return 1
    print(f"{checked} calls checked")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
