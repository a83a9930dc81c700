"""Helpers of the table server's tests over ASGI: the app served to Starlette's test client.

* :func:`serving`: the app with its lobby, in a test client; :data:`FAST`, settings that
  keep the tests quick.
* :func:`open_table` and :func:`tokens_of`: a table opened through the lobby's API, and the
  secret tokens of its human seats.
* :func:`newer`, :func:`at_least`, :func:`exactly`: which view a socket waits for.
* :func:`on_loop`: a call on the server's event loop.

It imports Starlette's test client: import it after ``pytest.importorskip("starlette")``
and ``pytest.importorskip("httpx")``, as ``test_server_app.py`` and ``test_server_match.py``
do.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable, Iterator
from typing import Any

with warnings.catch_warnings():  # Starlette >= 1.0 prefers httpx2, and says so
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

import frenchtarot as ft
from frenchtarot.server import Settings, create_app
from frenchtarot.server._lobby import Lobby
from tests.serving import Frame, close_all

FAST = Settings(bot_samples=2, actions_per_second=400, action_burst=40, max_message_bytes=512)


@contextlib.contextmanager
def serving(
    settings: Settings = FAST, bot_factory: Callable[[ft.Rules, int], Any] | None = None
) -> Iterator[tuple[TestClient, Lobby]]:
    app = create_app(settings, bot_factory=bot_factory)
    with TestClient(app) as client:
        try:
            yield client, app.state.lobby
        finally:
            close_all()


def open_table(
    client: TestClient, seats: int, bots: list[bool], deals: int = 1, **extra: Any
) -> dict[str, Any]:
    players = [{"name": f"P{seat}", "bot": bot} for seat, bot in enumerate(bots)]
    answer = client.post(
        "/api/tables", json={"seats": seats, "deals": deals, "players": players, **extra}
    )
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    return table


def tokens_of(table: dict[str, Any]) -> dict[int, str]:
    return {
        entry["seat"]: entry["link"].split("#token=")[1]
        for entry in table["seats"]
        if entry["link"] is not None
    }


def newer(seen: int) -> Callable[[Frame], bool]:
    """Whether a frame is a view newer than version ``seen``."""
    return lambda frame: bool(frame["version"] > seen)


def at_least(seen: int) -> Callable[[Frame], bool]:
    """Whether a frame is a view of version ``seen`` or newer."""
    return lambda frame: bool(frame["version"] >= seen)


def exactly(seen: int) -> Callable[[Frame], bool]:
    """Whether a frame is the view of version ``seen``."""
    return lambda frame: bool(frame["version"] == seen)


def on_loop(client: TestClient, call: Callable[[], Any]) -> Any:
    """Run ``call`` on the server's event loop (where the lobby lives)."""
    portal = client.portal
    assert portal is not None
    return portal.call(call)
