"""``python -m frenchtarot.server``: the table server, as ``python -m frenchtarot serve``."""

from __future__ import annotations

import sys

from frenchtarot.server import main

if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
