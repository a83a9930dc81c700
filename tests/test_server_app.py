"""The table server over ASGI (Starlette's test client): pages, lobby, sockets, whole matches.

Whole matches at 3, 4 and 5 seats are played by scripted humans over their sockets and by
bots, with a spectator watching, while the humans also misbehave: they act for another
seat, send oversized, malformed and unknown messages, flood the server, reconnect with the
same link and open a second device. Every refusal must come back as an error frame, the
table must go on, and the match record must hold every action the humans had accepted, in
order. The twin tests over the socket are in ``test_server_twins.py``.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette >= 1.0 prefers httpx2, and says so
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from starlette.applications import Starlette
from starlette.routing import Mount

import frenchtarot as ft
from frenchtarot import records
from frenchtarot.match import Match
from frenchtarot.observation import Observation, public_view
from frenchtarot.players import SimplePlayer
from frenchtarot.rules import PRESETS, RULES_BY_SEATS
from frenchtarot.server import Settings, create_app
from frenchtarot.server._lobby import Lobby
from frenchtarot.server._table import Table
from tests.serving import (
    Frame,
    Socket,
    close_all,
    close_socket,
    open_socket,
)

TABLES = [pytest.param(rules, id=rules.name) for rules in RULES_BY_SEATS.values()]
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


# --- Whole matches --------------------------------------------------------------------------


def pick(view: Frame, rng: random.Random) -> str:
    """A scripted human's choice among the actions its view offers."""
    offered = [str(action["notation"]) for action in view["actions"]]
    if view["phase"] == "bidding" and len(offered) > 1 and rng.random() < 0.5:
        return offered[1]
    handfuls = [notation for notation in offered if notation.startswith("handful")]
    if handfuls and rng.random() < 0.5:
        return handfuls[0]
    return rng.choice(offered)


class Misbehaviour:
    """What a scripted human does wrong, at its turn, before its real action."""

    def __init__(self, client: TestClient, table_id: str, tokens: dict[int, str]) -> None:
        self.client = client
        self.table_id = table_id
        self.tokens = tokens
        self.errors: list[str] = []
        self.done: set[str] = set()
        self.listening: list[Socket] = []
        """Sockets of a seat left open when the seat went on from a second device."""

    def expect(self, socket: Socket, code: str, rule: str | None = None) -> None:
        error = socket.until_error()
        assert error["code"] == code, error
        if rule is not None:
            assert error["rule"] == rule, error
        self.errors.append(code)

    def run(
        self, kind: str, seat: int, humans: dict[int, Socket], spectator: Socket, view: Frame
    ) -> None:
        socket = humans[seat]
        others = [other for other in humans if other != seat]
        self.done.add(kind)
        if kind == "other seat" and others:
            humans[others[0]].act(view["actions"][0]["notation"])
            self.expect(humans[others[0]], "illegal_action", "not_your_turn")
        elif kind == "seat field":
            socket.send({"type": "act", "action": view["actions"][0]["notation"], "seat": 0})
            self.expect(socket, "bad_message")
        elif kind == "oversized":
            socket.act("pass " * 200)
            self.expect(socket, "too_large")
        elif kind == "malformed":
            socket.send_text("{not json")
            self.expect(socket, "bad_json")
            socket.send_text("[1, 2]")
            self.expect(socket, "bad_message")
            socket.session.send_bytes(b'{"type": "act", "action": "pass"}')
            self.expect(socket, "bad_message")
            socket.send({"type": "dance"})
            self.expect(socket, "bad_message")
            socket.send({"type": "act", "action": 5})
            self.expect(socket, "bad_message")
            socket.send({"type": "hello", "token": self.tokens[seat]})
            self.expect(socket, "bad_message")
        elif kind == "nonsense":
            socket.act("garde sans le chien du tout")
            self.expect(socket, "bad_notation")
            socket.act("call KH" if view["phase"] != "call" else "discard 2S")
            self.expect(socket, "illegal_action")
        elif kind == "spectator":
            spectator.act(view["actions"][0]["notation"])
            self.expect(spectator, "spectator")
            spectator.send({"type": "next"})
            self.expect(spectator, "spectator")
        elif kind == "next":
            socket.send({"type": "next"})
            self.expect(socket, "not_between_deals")
        elif kind == "flood":
            for _ in range(120):
                socket.send_text("{")
            codes = [socket.until_error()["code"] for _ in range(120)]
            assert set(codes) == {"bad_json", "rate_limited"}, set(codes)
            self.errors += codes
            time.sleep(FAST.action_burst / FAST.actions_per_second + 0.05)
        elif kind == "reconnect":
            close_socket(socket)
            again = open_socket(self.client, self.table_id, self.tokens[seat])
            fresh = again.until_view()
            assert fresh["seat"] == seat and fresh["version"] == view["version"]
            assert again.text.split(',"svg"')[0] == socket.text.split(',"svg"')[0]
            humans[seat] = again
        elif kind == "second device":
            second = open_socket(self.client, self.table_id, self.tokens[seat])
            assert second.until_view()["version"] == view["version"]
            humans[seat] = second  # acts from the second device; the first one still listens
            self.listening.append(socket)


KINDS = (
    "other seat",
    "seat field",
    "oversized",
    "malformed",
    "nonsense",
    "spectator",
    "next",
    "flood",
    "reconnect",
    "second device",
)


def play_match(
    client: TestClient, table: dict[str, Any], seed: int, misbehave: bool = True
) -> tuple[list[tuple[int, str]], Frame, Misbehaviour]:
    """Play the table's match to its end: the humans over their sockets, the bots on their
    own, a spectator watching. Returns the humans' accepted actions, the spectator's last
    view and what went wrong on purpose."""
    rng = random.Random(seed)
    tokens = tokens_of(table)
    spectator = open_socket(client, table["id"])
    humans = {seat: open_socket(client, table["id"], token) for seat, token in tokens.items()}
    wrong = Misbehaviour(client, table["id"], tokens)
    kinds = list(KINDS)
    sent: list[tuple[int, str]] = []
    asked: set[int] = set()
    view = spectator.until_view()
    turns = 0
    while view["status"] != "match_over":
        version = view["version"]
        if view["status"] == "deal_over":
            for seat in view["waiting"]:
                if seat not in asked:
                    asked.add(seat)
                    humans[seat].send({"type": "next"})
            view = spectator.until_view(newer(version))
            continue
        asked.clear()
        seat = view["current"]
        if seat in humans:
            mine = humans[seat].until_view(at_least(version))
            assert mine["seat"] == seat and mine["current"] == seat and mine["actions"]
            turns += 1
            if misbehave and kinds and turns % 2 == 0:
                wrong.run(kinds.pop(0), seat, humans, spectator, mine)
            notation = pick(mine, rng)
            humans[seat].act(notation)
            sent.append((seat, notation))
        view = spectator.until_view(newer(version))
    for socket in [*humans.values(), *wrong.listening]:
        final = socket.until_view(lambda frame: frame["status"] == "match_over")
        assert final["breakdown"] == view["breakdown"] and final["sheet"] == view["sheet"]
    check_views_load(spectator, humans)
    return sent, view, wrong


def check_views_load(spectator: Socket, humans: dict[int, Socket]) -> None:
    """The observation record of every view frame received, read as sent by the library's
    own reader: the spectator's a public view, each seat's its own observation; each writes
    back to the same bytes."""
    for socket, seat in [(spectator, None), *((socket, seat) for seat, socket in humans.items())]:
        texts = [text for text in socket.texts if text.startswith('{"type":"view"')]
        assert len(texts) == len(socket.views) > 0
        for text in texts:
            record = text.partition(',"observation":')[2][:-1]
            observation = records.load_observation(record)
            assert records.dumps(observation) == record
            assert observation.public is (seat is None)
            if seat is None:
                assert public_view(observation) == observation
            else:
                assert observation.seat == seat


def check_record(
    client: TestClient, table_id: str, sent: list[tuple[int, str]], humans: set[int], last: Frame
) -> Match:
    answer = client.get(f"/table/{table_id}/record")
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == (
        f'attachment; filename="tarot-{table_id}.json"'
    )
    match = records.loads(answer.text)
    assert isinstance(match, Match) and match.is_over
    moves = [(seat, str(action)) for deal in match.deals for seat, action in deal.moves]
    assert [move for move in moves if move[0] in humans] == sent
    final = match.deals[-1]
    assert last["breakdown"]["deltas"] == list(ft.score(final).deltas)
    assert last["sheet"]["totals"] == list(match.sheet.totals)
    assert last["record"] is True
    return match


@pytest.mark.parametrize(
    ("seats", "bots"),
    [
        (3, [False, True, False]),
        (4, [True, False, True, True]),
        (5, [False, True, True, False, False]),
    ],
    ids=["three", "four", "five"],
)
def test_a_whole_match_of_humans_and_bots(seats: int, bots: list[bool]) -> None:
    with serving() as (client, lobby):
        table = open_table(client, seats, bots, deals=2)
        not_over = client.get(f"/table/{table['id']}/record")
        assert not_over.status_code == 409 and not_over.json()["error"] == "match_not_over"
        sent, last, wrong = play_match(client, table, seed=seats)
        humans = {seat for seat, bot in enumerate(bots) if not bot}
        match = check_record(client, table["id"], sent, humans, last)
        assert len(match.scored) == 2
        assert wrong.done >= set(KINDS) - ({"other seat"} if len(humans) == 1 else set())
        stats = lobby.stats()
        assert stats["bot_failures"] == 0 and stats["actions"] == len(sent)
        assert stats["refusals"] == len(wrong.errors)


def test_matches_of_humans_only_and_bots_only() -> None:
    with serving() as (client, _lobby):
        table = open_table(client, 4, [False] * 4, deals=1)
        sent, last, _wrong = play_match(client, table, seed=11, misbehave=False)
        check_record(client, table["id"], sent, {0, 1, 2, 3}, last)
        table = open_table(client, 3, [True] * 3, deals=3)
        sent, last, _wrong = play_match(client, table, seed=12, misbehave=False)
        assert sent == []
        match = check_record(client, table["id"], sent, set(), last)
        assert len(match.scored) == 3


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


def test_failing_bots_are_replaced_and_the_table_goes_on() -> None:
    class Raising:
        def __call__(self, observation: Observation) -> ft.Action:
            raise RuntimeError("a bug in a bot")

    class Slow:
        def __call__(self, observation: Observation) -> ft.Action:
            time.sleep(0.2)
            return SimplePlayer()(observation)

    class Wrong:
        def __call__(self, observation: Observation) -> ft.Action:
            return ft.Play(ft.Card.parse("EX"))

    def factory(rules: ft.Rules, seat: int) -> Any:
        return [Raising(), Slow(), Wrong()][seat]

    settings = Settings(bot_timeout=0.05, bot_threads=4)
    with serving(settings, bot_factory=factory) as (client, lobby):
        table = open_table(client, 3, [True, True, True], deals=1)
        sent, last, _wrong = play_match(client, table, seed=1, misbehave=False)
        check_record(client, table["id"], sent, set(), last)
        stats = lobby.stats()
        failures, actions = stats["bot_failures"], stats["bot_actions"]
        assert isinstance(failures, int) and isinstance(actions, int)
        assert failures >= actions * 2 // 3 > 0


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


# --- Statistics and mounting ------------------------------------------------------------------


def test_statistics_only_when_asked() -> None:
    with serving() as (client, _lobby):
        assert client.get("/api/stats").status_code == 404
    with serving(Settings(stats=True, bot_samples=2)) as (client, _lobby):
        table = open_table(client, 3, [True] * 3)
        play_match(client, table, seed=3, misbehave=False)
        stats = client.get("/api/stats").json()
        assert stats["tables"] == 1 and stats["bot_actions"] > 50
        assert stats["latency_samples"] > 0 and stats["latency_p99_ms"] >= 0


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
