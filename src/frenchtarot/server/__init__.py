"""A table in the browser: a lobby, humans and bots at one table, over a WebSocket.

``python -m frenchtarot serve`` runs it (:func:`main`); :func:`create_app` gives the same
server as an ASGI application, to run with any ASGI server or to mount in another
application. It needs the ``server`` extra (``pip install 'frenchtarot[server]'``:
Starlette and uvicorn); this module imports without it, and :func:`create_app` says what is
missing.

The lobby opens a table of 3, 4 or 5 seats for a match of any number of deals, each seat a
human or a bot (a :class:`~frenchtarot.players.MonteCarloPlayer`), and gives one link per
human seat, holding that seat's secret token. Each connection is sent only its own view:
the observation of its seat, or the public view for a spectator
(:func:`frenchtarot.observation.public_view`, also importable from here);
actions are taken through :func:`frenchtarot.act` only. The page is plain HTML, CSS and
JavaScript shipped in the package. The protocol (the messages and frames) and the
guarantees are described in the docs, "A table in the browser".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from frenchtarot.observation import public_view
from frenchtarot.players import Player
from frenchtarot.rules import Rules
from frenchtarot.server._cli import main as _main
from frenchtarot.server._settings import Settings

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["Settings", "create_app", "main", "public_view"]


def create_app(
    settings: Settings | None = None,
    *,
    bot_factory: Callable[[Rules, int], Player] | None = None,
) -> Starlette:
    """The table server as a Starlette (ASGI) application.

    Run it with any ASGI server, or mount it under a path of another application (its
    links and pages follow the mount point)::

        from starlette.applications import Starlette
        from starlette.routing import Mount
        from frenchtarot.server import create_app

        app = Starlette(routes=[Mount("/tarot", app=create_app())])

    The application's state holds its lobby (``app.state.lobby``). Tables, bots and their
    threads are closed on the application's shutdown (its lifespan); a mounted application
    gets no lifespan of its own, so its bots' threads end with the process.

    Args:
        settings: The limits and the bots' budget (the defaults of :class:`Settings`).
        bot_factory: Makes the player of each bot seat, given the table's rules and the
            seat; by default a :class:`~frenchtarot.players.MonteCarloPlayer` with the
            settings' budget. A bot that raises, answers an illegal action or takes longer
            than ``settings.bot_timeout`` has that decision taken by a
            :class:`~frenchtarot.players.SimplePlayer`.

    Returns:
        The application.

    Raises:
        ImportError: Starlette is not installed (the ``server`` extra).
    """
    try:
        from frenchtarot.server._app import create_app as create
    except ImportError as error:
        raise ImportError(
            "frenchtarot.server needs the server extra: pip install 'frenchtarot[server]'"
        ) from error
    return create(settings, bot_factory=bot_factory)


def main(argv: Sequence[str]) -> int:
    """Run the table server: ``serve [--host 127.0.0.1] [--port 8000] [--rules NAME]...``.

    ``argv`` holds the arguments after ``serve`` (``--help`` lists them all): the address,
    the rules presets the lobby offers (``--rules`` once per preset; all by default), the
    limits (tables, connections, deals, idle time) and the bots' budget and pace. The
    server listens on 127.0.0.1 unless told otherwise and runs until interrupted.

    Returns:
        The exit status, 0 once the server is stopped, 2 for bad arguments or a missing
        extra.
    """
    return _main(argv)
