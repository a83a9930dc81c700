"""The page files shipped in the package: the lobby's and the table's HTML, script and style."""

from __future__ import annotations

from importlib import resources
from typing import Final

__all__ = ["STATIC_FILES", "static_file"]

STATIC_FILES: Final = {
    "lobby.html": "text/html; charset=utf-8",
    "table.html": "text/html; charset=utf-8",
    "lobby.js": "text/javascript; charset=utf-8",
    "table.js": "text/javascript; charset=utf-8",
    "tarot.css": "text/css; charset=utf-8",
}
"""Each file of ``frenchtarot/server/static``, with the type it is served as."""


def static_file(name: str) -> bytes:
    """The bytes of one of :data:`STATIC_FILES`, read from the installed package."""
    return resources.files("frenchtarot.server").joinpath("static").joinpath(name).read_bytes()
