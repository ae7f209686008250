"""Builds kestrelpay's wheel and source archive with the standard library alone.

A PEP 517 backend that needs nothing installed, so that pip builds and installs the package with
no package index: pyproject.toml names it, and pack.py calls it.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import re
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
NAME = "kestrelpay"
SUMMARY = "The official Python library for the Kestrel Pay API."
REQUIRES_PYTHON = ">=3.9"
WHEEL_TAG = "py3-none-any"
# Fixed times and modes make two builds of the same files byte for byte the same.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
TAR_TIME = 315532800  # the same moment, in Unix seconds
FILE_MODE = 0o644


def version() -> str:
    """The release, from kestrelpay/version.py, the one place it is written."""
    text = (ROOT / NAME / "version.py").read_text(encoding="utf-8")
    return re.search(r'^VERSION = "([^"]+)"$', text, re.MULTILINE).group(1)


def package_files() -> list:
    """The package's modules and its operation table, as paths relative to ROOT."""
    table = ROOT / NAME / "operations.json"
    if not table.is_file():
        raise FileNotFoundError(f"{table} is missing: run `npm run sdks:tables` first.")
    modules = sorted((ROOT / NAME).glob("*.py"))
    return [path.relative_to(ROOT).as_posix() for path in [*modules, table]]


def metadata() -> str:
    """The core metadata (version 2.1): the wheel's METADATA and the source archive's PKG-INFO."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    headers = [
        "Metadata-Version: 2.1",
        f"Name: {NAME}",
        f"Version: {version()}",
        f"Summary: {SUMMARY}",
        f"Requires-Python: {REQUIRES_PYTHON}",
        "Description-Content-Type: text/markdown",
    ]
    return "\n".join(headers) + "\n\n" + readme


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def _zip_entry(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_TIME)
    info.external_attr = (0o100000 | FILE_MODE) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None) -> str:
    """PEP 517: writes kestrelpay-<version>-py3-none-any.whl and returns its file name."""
    dist_info = f"{NAME}-{version()}.dist-info"
    entries = [(name, (ROOT / name).read_bytes()) for name in package_files()]
    entries.append((f"{dist_info}/METADATA", metadata().encode("utf-8")))
    wheel = "\n".join(
        ["Wheel-Version: 1.0", f"Generator: {NAME} build_backend", "Root-Is-Purelib: true"]
        + [f"Tag: {WHEEL_TAG}", ""]
    )
    entries.append((f"{dist_info}/WHEEL", wheel.encode("utf-8")))
    entries.append((f"{dist_info}/top_level.txt", f"{NAME}\n".encode("utf-8")))
    record = [_record_line(name, data) for name, data in entries] + [f"{dist_info}/RECORD,,"]
    entries.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode("utf-8")))
    file_name = f"{NAME}-{version()}-{WHEEL_TAG}.whl"
    with zipfile.ZipFile(Path(wheel_directory) / file_name, "w") as archive:
        for name, data in entries:
            _zip_entry(archive, name, data)
    return file_name


def _tar_entry(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = FILE_MODE
    info.mtime = TAR_TIME
    archive.addfile(info, io.BytesIO(data))


def build_sdist(sdist_directory, config_settings=None) -> str:
    """PEP 517: writes kestrelpay-<version>.tar.gz, whose wheel this same backend builds."""
    base = f"{NAME}-{version()}"
    names = ["pyproject.toml", "build_backend.py", "README.md", *package_files()]
    file_name = f"{base}.tar.gz"
    with open(Path(sdist_directory) / file_name, "wb") as raw:
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as zipped:
            with tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as archive:
                _tar_entry(archive, f"{base}/PKG-INFO", metadata().encode("utf-8"))
                for name in names:
                    _tar_entry(archive, f"{base}/{name}", (ROOT / name).read_bytes())
    return file_name
