"""``python -m frenchtarot``: the command line (see ``python -m frenchtarot --help``)."""

from __future__ import annotations

from frenchtarot._cli import main

if __name__ == "__main__":
    raise SystemExit(main())
