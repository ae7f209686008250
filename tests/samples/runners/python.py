"""Runs Python samples one after another in this one process, each with fresh globals from the
fixture (a new client, so a sandbox of its own). Reads one sample a line on stdin
({"n", "code", "baseUrl"}), writes one result a line on stdout ({"n", "error", "output"}).

Usage: python3 python.py <fixture folder> <the folder the kestrelpay wheel is unpacked in>
"""

import ast
import builtins
import io
import json
import sys
import threading
import traceback

fixture_folder, library = sys.argv[1:3]
sys.path[:0] = [library, fixture_folder]

from fixture import fixture  # noqa: E402

SAMPLE_TIMEOUT_SECONDS = 20


def where_it_failed(sample_id):
    """The exception, and the sample's line it was raised from."""
    kind, error, trace = sys.exc_info()
    lines = [frame.lineno for frame in traceback.extract_tb(trace) if frame.filename == sample_id]
    at = f" (line {lines[-1]})" if lines else ""
    return f"{kind.__name__}{at}: {error}"


def free_names(tree):
    """The names a sample reads but never binds itself."""
    bound, read = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return read - bound - set(dir(builtins))


def as_module(code, sample_id):
    """The sample's syntax tree and compiled code. A sample that returns (the body of a route)
    runs as the body of a function, called at once; any other as a module of its own."""
    try:
        tree = ast.parse(code, sample_id)
        return tree, compile(tree, sample_id, "exec")
    except SyntaxError as error:
        if "'return' outside function" not in str(error):
            raise
    body = "".join(f"    {line}\n" for line in code.splitlines())
    tree = ast.parse(f"def route():\n{body}\nroute()\n", sample_id)
    return tree, compile(tree, sample_id, "exec")


def run(sample):
    output = io.StringIO()

    def captured_print(*values, sep=" ", end="\n", file=None, flush=False):
        output.write(sep.join(str(value) for value in values) + end)

    names = {"__name__": "__main__", "print": captured_print}
    failure = []

    def execute():
        try:
            tree, compiled = as_module(sample["code"], sample["id"])
            given = fixture(sample["baseUrl"], sample["code"])
            names.update({name: given[name]() for name in free_names(tree) if name in given})
            exec(compiled, names)
        except SystemExit as ended:
            if ended.code not in (None, 0):
                failure.append(f"exited with {ended.code}")
        except BaseException:  # noqa: BLE001 - every failure of a sample is its result
            failure.append(where_it_failed(sample["id"]))

    # A thread, so a sample that never returns is reported instead of holding the rest.
    worker = threading.Thread(target=execute, daemon=True)
    worker.start()
    worker.join(SAMPLE_TIMEOUT_SECONDS)
    if worker.is_alive():
        failure.append(f"did not finish in {SAMPLE_TIMEOUT_SECONDS} s")
    lines = output.getvalue().splitlines()
    return {"n": sample["n"], "error": failure[0] if failure else None, "output": lines}


for line in sys.stdin:
    if line.strip():
        sys.stdout.write(json.dumps(run(json.loads(line))) + "\n")
        sys.stdout.flush()
