"""``serve``: run the table server with uvicorn (see :func:`frenchtarot.server.main`)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Final

from frenchtarot.errors import TarotError
from frenchtarot.rules import PRESETS
from frenchtarot.server._settings import Settings

__all__ = ["main", "parser"]

WS_MAX_SIZE: Final = 65536
"""uvicorn closes a connection whose message is longer than this (the server refuses any
message longer than ``Settings.max_message_bytes`` with an error frame before that)."""

DEFAULT_LEVEL: Final = 4
"""The bots' level when neither ``--level`` nor a Monte Carlo budget is given: the searcher
at 0.05 s a decision, the strongest whose three bots at a table still play a trick in
under a fifth of a second (level 5 takes 0.25 s a decision, and the bots of every table
think in one thread)."""

SWITCH_INTERVAL: Final = 0.001
"""The interpreter's thread switch interval while serving, in seconds (see ``main``)."""

_MISSING: Final = (
    "the table server needs the server extra: pip install 'frenchtarot[server]' "
    "(Starlette and uvicorn)"
)


def parser() -> argparse.ArgumentParser:
    """The arguments of ``serve``."""
    defaults = Settings()
    parse = argparse.ArgumentParser(
        prog="python -m frenchtarot serve",
        description="Serve French Tarot tables in the browser: a lobby to open a table of "
        "3, 4 or 5 seats, humans and bots, one secret link per seat.",
    )
    parse.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parse.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    parse.add_argument(
        "--rules",
        action="append",
        choices=tuple(PRESETS),
        metavar="NAME",
        help="a rules preset the lobby offers (repeat for several; all by default): "
        + ", ".join(PRESETS),
    )
    parse.add_argument("--max-tables", type=int, default=defaults.max_tables)
    parse.add_argument("--max-connections", type=int, default=defaults.max_connections)
    parse.add_argument("--max-deals", type=int, default=defaults.max_deals)
    parse.add_argument(
        "--idle-minutes",
        type=float,
        default=defaults.idle_seconds / 60,
        help="close a table idle this long (30)",
    )
    parse.add_argument(
        "--level",
        type=int,
        default=None,
        help=f"the bots' difficulty level, 1 to 5 ({DEFAULT_LEVEL}; see players.level)",
    )
    parse.add_argument(
        "--bot-samples",
        type=int,
        default=None,
        help=f"instead of --level, MonteCarloPlayer bots with this many worlds per card "
        f"({defaults.bot_samples})...",
    )
    parse.add_argument(
        "--bot-rollouts",
        type=int,
        default=None,
        help=f"...and this many random playouts per card and world ({defaults.bot_rollouts})",
    )
    parse.add_argument("--bot-threads", type=int, default=defaults.bot_threads)
    parse.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        help="seconds a bot waits before it acts, for people to follow (0.6)",
    )
    parse.add_argument(
        "--root-path",
        default="",
        help="the path prefix a reverse proxy serves the app under, e.g. /tarot",
    )
    parse.add_argument(
        "--forwarded-allow-ips",
        default="127.0.0.1",
        help="proxies whose X-Forwarded-* headers are trusted (127.0.0.1)",
    )
    parse.add_argument(
        "--stats", action="store_true", help="answer GET /api/stats with the server's counters"
    )
    parse.add_argument(
        "--log-level",
        default="info",
        choices=("critical", "error", "warning", "info", "debug"),
    )
    return parse


def main(argv: Sequence[str]) -> int:
    """Run the server until interrupted; see :func:`frenchtarot.server.main`."""
    args = parser().parse_args(list(argv))
    budget = args.bot_samples is not None or args.bot_rollouts is not None
    if budget and args.level is not None:
        print(
            "serve: --level and --bot-samples/--bot-rollouts exclude each other", file=sys.stderr
        )
        return 2
    defaults = Settings()
    try:
        settings = Settings(
            rules=tuple(args.rules) if args.rules else tuple(PRESETS),
            max_tables=args.max_tables,
            max_connections=args.max_connections,
            max_deals=args.max_deals,
            idle_seconds=args.idle_minutes * 60,
            bot_level=None if budget else (DEFAULT_LEVEL if args.level is None else args.level),
            bot_samples=defaults.bot_samples if args.bot_samples is None else args.bot_samples,
            bot_rollouts=(
                defaults.bot_rollouts if args.bot_rollouts is None else args.bot_rollouts
            ),
            bot_threads=args.bot_threads,
            bot_delay=args.bot_delay,
            stats=args.stats,
        )
    except TarotError as error:
        print(f"serve: {error}", file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print(f"serve: the port is 0 to 65535, not {args.port}", file=sys.stderr)
        return 2
    try:
        import uvicorn

        from frenchtarot.server._app import create_app
    except ImportError:
        print(f"serve: {_MISSING}", file=sys.stderr)
        return 2
    # The bots think in threads of this process: let the event loop have the interpreter
    # back within a millisecond (Python's default is 5) when it has frames to send.
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
    app = create_app(settings)
    where = f"http://{args.host}:{args.port}{args.root_path}/"
    print(f"frenchtarot: the lobby is at {where} (Ctrl-C to stop)", file=sys.stderr)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        root_path=args.root_path,
        proxy_headers=True,
        forwarded_allow_ips=args.forwarded_allow_ips,
        ws_max_size=WS_MAX_SIZE,
        log_level=args.log_level,
    )
    return 0
