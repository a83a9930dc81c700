"""The Starlette application: the pages, the lobby's HTTP API and the WebSocket of a table.

The only module of the library that imports Starlette.
"""

from __future__ import annotations

import contextlib
import html
import json
from collections.abc import AsyncIterator
from typing import Any, Final

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from frenchtarot.errors import TarotError
from frenchtarot.rules import PRESETS
from frenchtarot.server._files import STATIC_FILES, static_file
from frenchtarot.server._lobby import BotFactory, Lobby
from frenchtarot.server._settings import Settings
from frenchtarot.server._table import Table

__all__ = ["create_app"]

_MOST_BODY: Final = 4096
_HEADERS: Final = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


class _SocketChannel:
    """A Starlette WebSocket as the lobby's :class:`~frenchtarot.server._lobby.Channel`."""

    def __init__(self, socket: WebSocket) -> None:
        self.socket = socket

    async def receive(self) -> str | bytes | None:
        try:
            message = await self.socket.receive()
        except (RuntimeError, WebSocketDisconnect):  # pragma: no cover - a torn connection
            return None
        if message["type"] == "websocket.disconnect":
            return None
        text = message.get("text")
        if text is not None:
            return str(text)
        return bytes(message.get("bytes") or b"")

    async def send(self, text: str) -> None:
        await self.socket.send_text(text)

    async def close(self, code: int) -> None:
        socket = self.socket
        if socket.application_state is WebSocketState.CONNECTED:
            with contextlib.suppress(RuntimeError, OSError, WebSocketDisconnect):
                await socket.close(code)


def _problem(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def create_app(
    settings: Settings | None = None, *, bot_factory: BotFactory | None = None
) -> Starlette:
    """The table server as an ASGI application (see :func:`frenchtarot.server.create_app`)."""
    lobby = Lobby(settings, bot_factory=bot_factory)
    pages = {name: static_file(name) for name in STATIC_FILES}

    def root(request: Request) -> str:
        return request.url_for("lobby").path.rstrip("/")

    def page(name: str, request: Request) -> Response:
        body = pages[name].replace(b"{{root}}", html.escape(root(request)).encode())
        return Response(body, media_type=STATIC_FILES[name], headers=_HEADERS)

    async def lobby_page(request: Request) -> Response:
        return page("lobby.html", request)

    async def table_page(request: Request) -> Response:
        return page("table.html", request)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES or name.endswith(".html"):
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(pages[name], media_type=STATIC_FILES[name], headers=_HEADERS)

    async def config(request: Request) -> Response:
        offered = lobby.settings.rules
        return JSONResponse(
            {
                "presets": [{"name": name, "seats": PRESETS[name].seats} for name in offered],
                "deals": [3, 5, 7],
                "max_deals": lobby.settings.max_deals,
            }
        )

    async def open_table(request: Request) -> Response:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > _MOST_BODY:
                return _problem(413, "too_large", f"a request is at most {_MOST_BODY} bytes")
        refused = lobby.refusal()
        if refused is not None:
            return _problem(503, refused.code, refused.message)
        try:
            asked = json.loads(body)
            table = _open(lobby, asked)
        except (TarotError, ValueError, TypeError, KeyError) as error:
            return _problem(400, "bad_table", str(error) or "a table needs seats and players")
        base = root(request)
        link = f"{base}/table/{table.id}"
        seats = [
            {
                "seat": seat,
                "name": name,
                "bot": token is None,
                "link": None if token is None else f"{link}#token={token}",
            }
            for seat, (name, token) in enumerate(zip(table.names, table.tokens, strict=True))
        ]
        return JSONResponse({"id": table.id, "spectate": link, "seats": seats}, status_code=201)

    async def record(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        table = lobby.tables.get(table_id)
        if table is None:
            return _problem(404, "no_table", "no such table (closed?)")
        text = table.record()
        if text is None:
            return _problem(409, "match_not_over", "the record is ready once the match is over")
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="tarot-{table_id}.json"'},
        )

    async def stats(request: Request) -> Response:
        if not lobby.settings.stats:
            return _problem(404, "not_found", "statistics are off")
        return JSONResponse(lobby.stats())

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        channel = _SocketChannel(websocket)
        await lobby.serve(websocket.path_params["table_id"], channel)
        await channel.close(1000)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await lobby.close()

    app = Starlette(
        routes=[
            Route("/", lobby_page, name="lobby"),
            Route("/api/config", config),
            Route("/api/tables", open_table, methods=["POST"]),
            Route("/api/stats", stats),
            Route("/table/{table_id}", table_page, name="table"),
            Route("/table/{table_id}/record", record),
            Route("/static/{name}", static),
            WebSocketRoute("/ws/{table_id}", socket),
        ],
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    return app


def _open(lobby: Lobby, asked: Any) -> Table:
    """Open the table described by a lobby request's JSON body."""
    if not isinstance(asked, dict):
        raise ValueError("a table is a JSON object")
    players = asked["players"]
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise ValueError("players is a list of objects")
    seats = asked["seats"]
    deals = asked.get("deals", 5)
    rules = asked.get("rules")
    for value, what in ((seats, "seats"), (deals, "deals")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{what} is a whole number")
    if rules is not None and not isinstance(rules, str):
        raise ValueError("rules is the name of a preset")
    bots = [player.get("bot", False) is True for player in players]
    names = [player.get("name") or "" for player in players]
    if not all(isinstance(name, str) for name in names):
        raise ValueError("a name is a string")
    given = [name.strip() for name in names]
    filled = [name or f"seat {seat}" for seat, name in enumerate(given)]
    return lobby.open_table(seats=seats, bots=bots, deals=deals, rules=rules, names=filled)
