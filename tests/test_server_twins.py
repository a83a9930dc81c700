"""The twin test over the socket: a seat cannot tell two deals apart by the frames it is sent.

Two tables play deals that differ only in two cards a watcher (a seat, or a spectator) has
not seen (see :func:`tests.serving.find_twins`; at five players the called card when it can,
so that the partner differs); the watcher must be sent byte-identical frames, version after
version, until it could tell the deals apart.

Two ways over the socket:

* Starlette's test client, every seat a human on its own socket acting there, a spectator
  watching too (a few deals in the main suite);
* the volume run (``soak``): the app called on the test's own event loop through
  :class:`tests.serving.AsgiSocket` (the real app and its frames, without the test client's
  thread crossing for every message). Only the watcher is connected; the other seats are
  bots of the app replaying the twin's script (taken through ``act`` by the server, as any
  bot's), and the watcher, when a seat, plays its own actions over its socket. A tenth of
  ``soak_deals`` twin deals per table size (1,000 by default), in parts that pytest-xdist can
  spread.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # Starlette >= 1.0 prefers httpx2, and says so
    warnings.filterwarnings("ignore", message=".*httpx2")
    from starlette.testclient import TestClient

from starlette.applications import Starlette

import frenchtarot as ft
from frenchtarot.actions import Action
from frenchtarot.observation import Observation
from frenchtarot.rules import RULES_BY_SEATS
from frenchtarot.server import Settings, create_app
from frenchtarot.server._lobby import Lobby
from frenchtarot.server._table import Table
from tests.serving import AsgiSocket, Socket, Twins, close_all, match_of, open_socket, twin_deals

TABLES = [pytest.param(rules, id=rules.name) for rules in RULES_BY_SEATS.values()]
SETTINGS = Settings(max_table_connections=10, actions_per_second=1000, bot_threads=1)
_VERSION = re.compile(r'"version":(\d+),')


def version_of(frame: str) -> int | None:
    """The version of a view frame (the first ``version`` of its header), ``None`` if no view."""
    if not frame.startswith('{"type":"view"'):
        return None
    found = _VERSION.search(frame)
    assert found is not None
    return int(found.group(1))


# --- Over Starlette's test client, every seat on its socket ---------------------------------


def is_version(version: int, view: dict[str, Any]) -> bool:
    return bool(view["version"] == version)


@contextlib.contextmanager
def client_app() -> Iterator[tuple[TestClient, Lobby]]:
    app = create_app(SETTINGS)
    with TestClient(app) as client:
        try:
            yield client, app.state.lobby
        finally:
            close_all()


def on_loop(client: TestClient, call: Callable[[], Any]) -> Any:
    portal = client.portal
    assert portal is not None
    return portal.call(call)


def client_twins(client: TestClient, lobby: Lobby, twins: Twins) -> int:
    """Play the twins on two tables of humans over their sockets; compare the watcher's."""
    tables: list[Table] = [
        on_loop(
            client,
            functools.partial(
                lobby.open_table,
                seats=state.rules.seats,
                bots=[False] * state.rules.seats,
                match=match_of(state),
            ),
        )
        for state in (twins.states[0], twins.other_states[0])
    ]
    pairs: list[dict[int | None, Socket]] = []
    for table in tables:
        sockets: dict[int | None, Socket] = {None: open_socket(client, table.id, lang="fr")}
        for seat, token in enumerate(table.tokens):
            assert token is not None
            sockets[seat] = open_socket(client, table.id, token, lang="fr")
        pairs.append(sockets)
    mine, theirs = (sockets[twins.watcher] for sockets in pairs)
    compared = 0
    for step in range(len(twins.states)):
        if step:
            seat = twins.seats[step - 1]
            pairs[0][seat].act(str(twins.actions[step - 1]))
            pairs[1][seat].act(str(twins.other_actions[step - 1]))
        for socket in (mine, theirs):
            socket.until_view(functools.partial(is_version, step))
        assert mine.text == theirs.text, f"seat {twins.watcher} tells them apart at {step}"
        compared += 1
    for table in tables:
        on_loop(client, functools.partial(lobby.close_table, table))
    close_all()
    return compared


def run_client_twins(rules: ft.Rules, deals: int, seed: int) -> tuple[int, int]:
    """``deals`` twin pairs over the test client: (frames compared, pairs whose partner
    differs)."""
    compared = partners = 0
    with client_app() as (client, lobby):
        for twins in twin_deals(rules, deals, seed):
            compared += client_twins(client, lobby, twins)
            partners += twins.partner_differs
    return compared, partners


@pytest.mark.parametrize("rules", TABLES)
def test_twin_tables_send_a_seat_the_same_frames_over_the_socket(rules: ft.Rules) -> None:
    compared, _partners = run_client_twins(rules, deals=2, seed=2_000)
    assert compared > 40


def test_five_player_twins_over_the_socket_cover_the_partner() -> None:
    _compared, partners = run_client_twins(ft.FIVE_PLAYER, deals=3, seed=2_100)
    assert partners > 0


# --- In process: the watcher's socket, the other seats the app's bots ------------------------


class Script:
    """A bot of the app that replays a twin's actions: the action of the step it is asked
    at (the length of the observation's history); past the script, the first legal action
    (the test has closed the table by then, or is about to)."""

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self.actions = actions

    def __call__(self, observation: Observation) -> Action:
        step = len(observation.history)
        return self.actions[step] if step < len(self.actions) else observation.legal_actions[0]


class HeldPool(Executor):
    """The bots' pool, in the caller's thread, held until the watcher is connected.

    It stands in for the app's thread pool: a scripted bot answers at once, and a thread
    crossing for each of its actions would cost more than the frame it leads to. Work
    submitted while the pool is held waits for :meth:`release`.
    """

    def __init__(self) -> None:
        self.held = True
        self.waiting: list[tuple[Future[Any], Callable[[], Any]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.waiting.append((future, functools.partial(fn, *args, **kwargs)))
        if not self.held:
            self.release()
        return future

    def release(self) -> None:
        """Run the work waiting, and whatever comes next at once."""
        self.held = False
        while self.waiting:
            future, work = self.waiting.pop(0)
            try:
                future.set_result(work())
            except Exception as error:  # pragma: no cover - a scripted bot does not fail
                future.set_exception(error)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.waiting.clear()


class Bench:
    """One app on the test's event loop, and the script its next table's bots replay."""

    def __init__(self) -> None:
        self.script: Script | None = None
        self.app: Starlette = create_app(SETTINGS, bot_factory=self.bot)
        self.lobby: Lobby = self.app.state.lobby
        self.pool = HeldPool()
        self.lobby._pool = self.pool

    def bot(self, rules: ft.Rules, seat: int) -> Script:
        assert self.script is not None
        return self.script

    async def watch(self, start: ft.State, actions: tuple[Action, ...], twins: Twins) -> list[str]:
        """Play ``actions`` from ``start`` at a new table; the watcher's views, version by
        version, up to the end of the twins' window."""
        watcher = twins.watcher
        seats = start.rules.seats
        self.script = Script(actions)
        self.pool.held = True
        table = self.lobby.open_table(
            seats=seats, bots=[seat != watcher for seat in range(seats)], match=match_of(start)
        )
        socket = AsgiSocket(self.app, f"/ws/{table.id}")
        await socket.connect()
        hello: dict[str, str] = {"type": "hello", "lang": "fr"}
        token = None if watcher is None else table.tokens[watcher]
        if token is not None:
            hello["token"] = token
        socket.send(hello)
        last = len(actions)
        views: list[str] = []
        while len(views) <= last:
            frame = await socket.receive()
            version = version_of(frame)
            assert version == len(views), f"view {version} after {len(views)}: {frame[:200]}"
            views.append(frame)
            self.pool.release()
            if version < last and twins.seats[version] == watcher:
                socket.send({"type": "act", "action": str(actions[version])})
        self.lobby.close_table(table)
        await socket.close()
        return views


async def socket_twins(bench: Bench, twins: Twins) -> int:
    """The watcher's frames at both tables, equal version by version; how many compared."""
    mine = await bench.watch(twins.states[0], twins.actions, twins)
    theirs = await bench.watch(twins.other_states[0], twins.other_actions, twins)
    assert len(mine) == len(theirs) == len(twins.states)
    for step, (one, other) in enumerate(zip(mine, theirs, strict=True)):
        assert one == other, f"seat {twins.watcher} tells the twins apart at step {step}"
    return len(mine)


async def run_socket_twins(rules: ft.Rules, deals: int, seed: int) -> tuple[int, int, int]:
    """``deals`` twin pairs, each watched by a random seat or the public, in process:
    (pairs, frames compared, pairs whose partner differs)."""
    bench = Bench()
    pairs = compared = partners = 0
    try:
        for twins in twin_deals(rules, deals, seed):
            pairs += 1
            compared += await socket_twins(bench, twins)
            partners += twins.partner_differs
    finally:
        await bench.lobby.close()
    assert bench.lobby.metrics.bot_failures == 0
    return pairs, compared, partners


@pytest.mark.parametrize("rules", TABLES)
def test_twins_in_process(rules: ft.Rules) -> None:
    pairs, compared, partners = asyncio.run(run_socket_twins(rules, deals=6, seed=3_000))
    assert pairs == 6 and compared > 6 * 20
    if rules.calls_partner:
        assert partners > 0


def test_the_twins_in_process_catch_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame that holds a hidden card (here the dog, in the header) tells the twins apart."""
    header = Table.header

    def leaky(self: Table) -> dict[str, Any]:
        return {**header(self), "dog": [str(card) for card in self.state.dog]}

    monkeypatch.setattr(Table, "header", leaky)
    with pytest.raises(AssertionError, match="tells the twins apart"):
        asyncio.run(run_socket_twins(ft.FOUR_PLAYER, deals=6, seed=3_000))


SOAK_PARTS = 4


@pytest.mark.soak
@pytest.mark.parametrize("part", range(SOAK_PARTS))
@pytest.mark.parametrize("rules", TABLES)
def test_soak_twin_tables_over_the_socket(rules: ft.Rules, part: int, soak_deals: int) -> None:
    """A tenth of ``soak_deals`` twin deals per table size (1,000 by default), in parts.

    At five players, a tenth of the pairs at least must have their partners differ (about a
    quarter do), once a part has enough pairs to say so.
    """
    deals = max(SOAK_PARTS, soak_deals // 10)
    share = deals // SOAK_PARTS + (part < deals % SOAK_PARTS)
    pairs, compared, partners = asyncio.run(
        run_socket_twins(rules, deals=share, seed=9_000 + 1_000_000 * part)
    )
    print(f"{rules.name} part {part}: {pairs} twin deals, {compared} frames, {partners} partners")
    assert pairs == share and compared > share * 20
    if rules.calls_partner and share >= 20:
        assert partners > share // 10
