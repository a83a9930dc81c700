"""The lobby's connections without a web framework: a fake channel on a plain event loop.

What Starlette's test client cannot show: a client that reads slowly (the server stops
reading it, and loses none of its answers), a client gone while frames wait for it, views
replaced in the outbox, and a table closed between a connection and its hello.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

import frenchtarot as ft
from frenchtarot.match import new_match
from frenchtarot.server import Settings
from frenchtarot.server._lobby import Connection, Lobby, Metrics, _Bucket


class FakeChannel:
    """A client: messages it will send, and what the server sent it."""

    def __init__(self, send_delay: float = 0.0, fail_after: int | None = None) -> None:
        self.inbox: asyncio.Queue[str | bytes | None] = asyncio.Queue()
        self.sent: list[str] = []
        self.closed: int | None = None
        self.send_delay = send_delay
        self.fail_after = fail_after
        self.most_waiting = 0

    async def receive(self) -> str | bytes | None:
        return await self.inbox.get()

    async def send(self, text: str) -> None:
        if self.fail_after is not None and len(self.sent) >= self.fail_after:
            raise ConnectionError("the client is gone")
        await asyncio.sleep(self.send_delay)
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code
        self.inbox.put_nowait(None)

    def say(self, message: object) -> None:
        self.inbox.put_nowait(message if isinstance(message, str) else json.dumps(message))

    def frames(self) -> list[dict[str, object]]:
        return [json.loads(text) for text in self.sent]


def run(body: Callable[[Lobby], Awaitable[None]], settings: Settings | None = None) -> None:
    async def main() -> None:
        lobby = Lobby(settings or Settings(bot_samples=2))
        try:
            await asyncio.wait_for(body(lobby), 30)
        finally:
            await lobby.close()

    asyncio.run(main())


def test_a_slow_reader_loses_none_of_its_answers() -> None:
    async def body(lobby: Lobby) -> None:
        table = lobby.open_table(seats=4, bots=[False] * 4)
        channel = FakeChannel(send_delay=0.002)
        channel.say({"type": "hello", "token": table.tokens[0]})
        for _ in range(100):
            channel.say("{")
        serving = asyncio.create_task(lobby.serve(table.id, channel))
        while len(channel.sent) < 101:
            connections = list(table.connections)
            if connections:
                channel.most_waiting = max(channel.most_waiting, len(connections[0].outbox))
            await asyncio.sleep(0.001)
        channel.inbox.put_nowait(None)
        await serving
        frames = channel.frames()
        assert frames[0]["type"] == "view"
        assert [frame["code"] for frame in frames[1:]] == ["bad_json"] * 100
        assert channel.most_waiting <= 33

    run(body, Settings(actions_per_second=10_000, action_burst=1_000))


def test_a_client_gone_while_frames_wait() -> None:
    async def body(lobby: Lobby) -> None:
        table = lobby.open_table(seats=3, bots=[False] * 3)
        channel = FakeChannel(fail_after=1)
        channel.say({"type": "hello", "token": table.tokens[1]})
        for _ in range(60):
            channel.say("[]")
        serving = asyncio.create_task(lobby.serve(table.id, channel))
        await asyncio.wait_for(serving, 5)
        assert len(channel.sent) == 1 and not table.connections and lobby.connections == 0

    run(body, Settings(actions_per_second=10_000, action_burst=1_000))


def test_a_table_closed_before_the_hello() -> None:
    async def body(lobby: Lobby) -> None:
        table = lobby.open_table(seats=3, bots=[False] * 3)
        channel = FakeChannel()
        serving = asyncio.create_task(lobby.serve(table.id, channel))
        await asyncio.sleep(0.01)
        lobby.close_table(table)
        lobby.close_table(table)  # closing twice is closing once
        channel.say({"type": "hello"})
        await serving
        assert channel.frames()[0]["code"] == "table_closed" and channel.closed == 4410

    run(body)


def test_a_waiting_view_is_replaced_by_the_next() -> None:
    async def body(lobby: Lobby) -> None:
        connection = Connection(FakeChannel(), None, "fr", "light", _Bucket(1.0, 1, 0.0))
        connection.push_view("first", 2.0)
        connection.push_error("oops")
        connection.push_view("second", 5.0)
        connection.push_view("third", None)
        assert list(connection.outbox) == [("error", "oops", None), ("view", "third", 2.0)]

    run(body)


def test_metrics_before_and_after() -> None:
    metrics = Metrics()
    assert metrics.summary()["latency_p99_ms"] is None
    metrics.latencies.extend(n / 1000 for n in range(1, 101))
    summary = metrics.summary()
    assert summary["latency_p50_ms"] == 50.0 and summary["latency_p99_ms"] == 99.0
    assert summary["latency_max_ms"] == 100.0


def test_a_table_opened_outside_an_event_loop_waits_for_one() -> None:
    lobby = Lobby(Settings(bot_samples=2))
    table = lobby.open_table(seats=3, bots=[True] * 3, match=new_match(3, deals=1, seed=1))
    assert table.bot_turn() is not None and not lobby._drivers
    assert lobby.sweep() == 0
    assert ft.observe(table.state, 0).hand
