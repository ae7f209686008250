"""Writes kestrelpay's wheel and source archive into a folder, after `npm run sdks:tables`.

Usage: python3 sdks/python/pack.py <output folder>
"""

from __future__ import annotations

import sys
from pathlib import Path

import build_backend


def main(arguments: list) -> int:
    if len(arguments) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    output = Path(arguments[0])
    output.mkdir(parents=True, exist_ok=True)
    try:
        written = [build_backend.build_wheel(output), build_backend.build_sdist(output)]
    except FileNotFoundError as missing:
        print(missing, file=sys.stderr)
        return 1
    for name in written:
        print(output / name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
