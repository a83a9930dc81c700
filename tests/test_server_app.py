"""The table server over ASGI (Starlette's test client): pages, lobby, sockets.

The pages and their files, the lobby's API, the connections it refuses, a bot that thinks
off the event loop, the app mounted under a path and the frames' JSON. The whole matches
(scripted humans who misbehave, bots, a spectator) are in ``test_server_match.py``, the
twin tests over the socket in ``test_server_twins.py``.
"""

from __future__ import annotations

import json
import time
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette >= 1.0 prefers httpx2, and says so
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from starlette.applications import Starlette
from starlette.routing import Mount

import frenchtarot as ft
from frenchtarot.observation import Observation
from frenchtarot.players import SimplePlayer
from frenchtarot.rules import PRESETS, RULES_BY_SEATS
from frenchtarot.server import Settings, create_app
from frenchtarot.server._lobby import Lobby
from frenchtarot.server._table import Table
from tests.app_client import FAST, on_loop, open_table, serving, tokens_of
from tests.serving import (
    Socket,
    close_all,
    close_socket,
    open_socket,
)

TABLES = [pytest.param(rules, id=rules.name) for rules in RULES_BY_SEATS.values()]


# --- Pages and the lobby's API --------------------------------------------------------------


def test_the_pages_and_their_files() -> None:
    with serving() as (client, _lobby):
        lobby = client.get("/")
        assert lobby.status_code == 200 and lobby.headers["content-type"].startswith("text/html")
        assert 'src="/static/lobby.js"' in lobby.text and "{{root}}" not in lobby.text
        assert "default-src 'self'" in lobby.headers["content-security-policy"]
        page = client.get("/table/anything")
        assert page.status_code == 200 and 'src="/static/table.js"' in page.text
        for name, kind in [
            ("table.js", "javascript"),
            ("lobby.js", "javascript"),
            ("tarot.css", "css"),
        ]:
            answer = client.get(f"/static/{name}")
            assert answer.status_code == 200 and kind in answer.headers["content-type"]
        for name in ("lobby.html", "nothing.js", "..%2fpyproject.toml"):
            assert client.get(f"/static/{name}").status_code == 404
        config = client.get("/api/config").json()
        assert config["presets"] == [
            {"name": name, "seats": rules.seats} for name, rules in PRESETS.items()
        ]
        assert config["deals"] == [3, 5, 7] and config["max_deals"] == FAST.max_deals


def test_opening_a_table_gives_one_secret_link_per_human_seat() -> None:
    with serving() as (client, lobby):
        table = open_table(
            client, 5, [False, True, False, True, False], deals=3, rules="five-player"
        )
        assert table["spectate"] == f"/table/{table['id']}"
        links = [entry["link"] for entry in table["seats"]]
        assert links[1] is None and links[3] is None
        assert all(link.startswith(table["spectate"] + "#token=") for link in links[::2])
        assert len(set(tokens_of(table).values())) == 3
        opened = lobby.tables[table["id"]]
        assert opened.match.deals_to_play == 3 and opened.match.rules == ft.FIVE_PLAYER
        assert opened.names == ("P0", "P1", "P2", "P3", "P4")
        named = client.post(
            "/api/tables", json={"seats": 3, "players": [{}, {"name": " "}, {"name": "Zoé"}]}
        )
        assert [entry["name"] for entry in named.json()["seats"]] == ["seat 0", "seat 1", "Zoé"]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{", 400, "bad_table"),
        (b"[]", 400, "bad_table"),
        (b'{"seats": 4}', 400, "bad_table"),
        (b'{"seats": 6, "players": [{}, {}, {}, {}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 4, "players": [{}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": true, "players": [{}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 3, "players": [1, 2, 3]}', 400, "bad_table"),
        (b'{"seats": 3, "deals": 0, "players": [{}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 3, "deals": 101, "players": [{}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 3, "deals": "5", "players": [{}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 3, "rules": "four-player", "players": [{}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 4, "rules": 4, "players": [{}, {}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 3, "players": [{"name": "A"}, {"name": "A"}, {}]}', 400, "bad_table"),
        (b'{"seats": 3, "players": [{"name": 7}, {}, {}]}', 400, "bad_table"),
        (b'{"seats": 3, "players": [{"name": "' + b"x" * 41 + b'"}, {}, {}]}', 400, "bad_table"),
        (
            b'{"seats": 3, "players": [{}, {}, {}], "pad": "' + b"x" * 5000 + b'"}',
            413,
            "too_large",
        ),
    ],
)
def test_the_lobby_refuses_a_bad_table(body: bytes, status: int, code: str) -> None:
    with serving() as (client, lobby):
        answer = client.post("/api/tables", content=body)
        assert answer.status_code == status and answer.json()["error"] == code
        assert not lobby.tables


def test_the_lobby_holds_so_many_tables() -> None:
    with serving(Settings(max_tables=2, bot_samples=2)) as (client, lobby):
        open_table(client, 4, [False] * 4)
        open_table(client, 4, [False] * 4)
        answer = client.post("/api/tables", json={"seats": 3, "players": [{}, {}, {}]})
        assert answer.status_code == 503 and answer.json()["error"] == "too_many_tables"
        assert len(lobby.tables) == 2


def test_the_lobby_offers_only_the_rules_it_is_given() -> None:
    with serving(Settings(rules=("ludicash",))) as (client, _lobby):
        assert client.get("/api/config").json()["presets"] == [{"name": "ludicash", "seats": 4}]
        table = open_table(client, 4, [False] * 4)
        assert table["id"]
        answer = client.post("/api/tables", json={"seats": 3, "players": [{}, {}, {}]})
        assert answer.status_code == 400 and "none" in answer.json()["message"]


# --- Connections refused ----------------------------------------------------------------------


def test_a_wrong_token_opens_no_seat() -> None:
    with serving() as (client, lobby):
        table = open_table(client, 4, [False, True, True, True])
        token = tokens_of(table)[0]
        for wrong in (token[:-1], token + "x", "", "\ud800"):
            socket = open_socket(client, table["id"], wrong)
            assert socket.until_error()["code"] == "bad_token"
            assert socket.closed_with() == 4403
        assert not lobby.tables[table["id"]].connections


def test_refused_hellos() -> None:
    with serving(Settings(hello_seconds=0.2, bot_samples=2)) as (client, _lobby):
        table = open_table(client, 4, [False] * 4)
        socket = open_socket(client, "no-such-table")
        assert socket.until_error()["code"] == "no_table" and socket.closed_with() == 4404
        for hello in (
            '{"type": "act", "action": "pass"}',
            "nope",
            '{"type": "hello", "x": 1}',
            '{"type": "hello", "lang": "de"}',
            '{"type": "hello", "token": 5}',
        ):
            session = client.websocket_connect(f"/ws/{table['id']}")
            session.__enter__()
            socket = Socket(session)
            socket.send_text(hello)
            assert socket.until_error()["code"] in ("bad_message", "bad_json")
            assert socket.closed_with() == 1008
        session = client.websocket_connect(f"/ws/{table['id']}")
        session.__enter__()
        quiet = Socket(session)
        assert quiet.until_error()["code"] == "hello_timeout"
        assert quiet.closed_with() == 4408
        session = client.websocket_connect(f"/ws/{table['id']}")
        session.__enter__()
        close_socket(Socket(session))  # gone before saying hello


def test_connection_limits() -> None:
    settings = Settings(max_connections=3, max_table_connections=2, bot_samples=2)
    with serving(settings) as (client, lobby):
        first = open_table(client, 4, [False] * 4)
        second = open_table(client, 4, [False] * 4)
        held = [open_socket(client, first["id"]), open_socket(client, first["id"])]
        for socket in held:
            socket.until_view()
        full = open_socket(client, first["id"])
        assert full.until_error()["code"] == "table_full" and full.closed_with() == 1013
        held.append(open_socket(client, second["id"]))
        held[-1].until_view()
        busy = open_socket(client, second["id"])
        assert busy.until_error()["code"] == "server_full" and busy.closed_with() == 1013
        assert lobby.connections == 3 and lobby.metrics.peak_connections == 3
        close_socket(held.pop())
        again = open_socket(client, second["id"])
        assert again.until_view()["seat"] is None


def test_an_idle_table_is_closed() -> None:
    with serving(Settings(idle_seconds=0.3, bot_samples=2)) as (client, lobby):
        table = open_table(client, 4, [False] * 4)
        socket = open_socket(client, table["id"], tokens_of(table)[0])
        socket.until_view()
        error = socket.until_error()
        assert error["code"] == "table_closed" and "idle" in error["message"]
        assert socket.closed_with() == 4410
        assert table["id"] not in lobby.tables
        assert client.get(f"/table/{table['id']}/record").status_code == 404
        late = open_socket(client, table["id"])
        assert late.until_error()["code"] == "no_table"


def test_shutting_down_closes_every_table() -> None:
    app = create_app(FAST)
    with TestClient(app) as client:
        table = open_table(client, 3, [False, False, True])
        socket = open_socket(client, table["id"], tokens_of(table)[0])
        socket.until_view()
        on_loop(
            client,
            lambda: app.state.lobby.close_table(
                app.state.lobby.tables[table["id"]], "server_closed", "bye"
            ),
        )
        assert socket.until_error()["code"] == "server_closed"
        open_table(client, 3, [True, True, True], deals=50)
        close_all()
    lobby: Lobby = app.state.lobby
    assert not lobby.tables and lobby._closed
    with pytest.raises(RuntimeError, match="shutting down"):
        lobby.open_table(seats=3, bots=[True] * 3)


def test_changing_the_language_sends_the_view_again() -> None:
    with serving() as (client, _lobby):
        table = open_table(client, 4, [False] * 4)
        socket = open_socket(client, table["id"], tokens_of(table)[1], lang="fr")
        first = socket.until_view()
        socket.send({"type": "view", "lang": "en", "theme": "dark"})
        again = socket.until_view()
        assert again["version"] == first["version"] and again["seat"] == 1
        socket.send({"type": "view", "lang": "de"})
        assert socket.until_error()["code"] == "bad_message"


# --- Bots -------------------------------------------------------------------------------------


def test_bots_think_off_the_event_loop() -> None:
    """While a bot thinks for a long time, the server still answers others at once."""

    class Thinking:
        def __call__(self, observation: Observation) -> ft.Action:
            time.sleep(0.3)
            return SimplePlayer()(observation)

    settings = Settings(bot_timeout=5.0, bot_threads=1)
    with serving(settings, bot_factory=lambda rules, seat: Thinking()) as (client, _lobby):
        table = open_table(client, 3, [True, True, True])
        began = time.perf_counter()
        for _ in range(5):
            assert client.get("/api/config").status_code == 200
            watcher = open_socket(client, table["id"])
            watcher.until_view()
        assert time.perf_counter() - began < 1.0


# --- Mounting and the frames -----------------------------------------------------------------


def test_the_app_mounts_under_a_path() -> None:
    inner = create_app(FAST)
    outer = Starlette(routes=[Mount("/tarot", app=inner)])
    with TestClient(outer) as client:
        page = client.get("/tarot/")
        assert page.status_code == 200
        assert 'data-root="/tarot"' in page.text and 'src="/tarot/static/lobby.js"' in page.text
        assert client.get("/tarot/static/table.js").status_code == 200
        answer = client.post("/tarot/api/tables", json={"seats": 3, "players": [{}, {}, {}]})
        table = answer.json()
        assert table["spectate"] == f"/tarot/table/{table['id']}"
        assert table["seats"][0]["link"].startswith(f"/tarot/table/{table['id']}#token=")
        session = client.websocket_connect(f"/tarot/ws/{table['id']}")
        session.__enter__()
        socket = Socket(session)
        socket.send({"type": "hello", "token": tokens_of(table)[2]})
        assert socket.until_view()["seat"] == 2
        page = client.get(f"/tarot/table/{table['id']}")
        assert 'src="/tarot/static/table.js"' in page.text
        close_all()


def test_json_of_the_frames_is_one_object_each() -> None:
    with serving() as (client, _lobby):
        table = open_table(client, 4, [False] * 4)
        socket = open_socket(client, table["id"], tokens_of(table)[0])
        socket.until_view()
        body = json.loads(socket.text)
        assert set(body) == {
            "type",
            "seat",
            "version",
            "status",
            "rules",
            "players",
            "scored",
            "deals_to_play",
            "waiting",
            "sheet",
            "record",
            "phase",
            "current",
            "actions",
            "last_trick",
            "breakdown",
            "svg",
            "observation",
        }


def test_a_failing_driver_closes_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Table, seat: int, action: object, observation: Observation) -> bool:
        raise RuntimeError("a bug in the server")

    monkeypatch.setattr(Table, "play_bot", broken)
    with serving(Settings(bot_delay=0.3)) as (client, lobby):
        table = open_table(client, 3, [True, True, True])
        watcher = open_socket(client, table["id"])
        error = watcher.until_error()
        assert error["code"] == "server_error" and watcher.closed_with() == 4410
        assert table["id"] not in lobby.tables
