"""Helpers of the table server's tests: twin deals, tables made of a given deal, sockets.

* :func:`find_twins`: a deal played at random and its twin, another deal that a seat (or
  the public) cannot tell apart for as long as possible, with the actions to replay in each;
  :func:`twin_deals`, a run of them.
* :func:`table_of` / :func:`match_of`: a match (and a table) whose deal in progress is a
  given one.
* :class:`Socket`: a Starlette test WebSocket with a receive that times out, the frames it
  got, and waits for a view or an error.
* :class:`AsgiSocket`: a WebSocket to the app on the test's own event loop, for volume.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import anyio
import attrs

import frenchtarot as ft
from frenchtarot import DECK, Action, Card, State
from frenchtarot.errors import TarotError
from frenchtarot.match import Match, new_match
from frenchtarot.players import Player
from frenchtarot.server._table import Table
from tests.builders import choose, start, swap_action, swap_deal, visible

if TYPE_CHECKING:
    from starlette.testclient import TestClient, WebSocketTestSession
    from starlette.types import ASGIApp, Message

Frame = dict[str, Any]
NAMES = ("Ana", "Bea", "Cy", "Dom", "Eli")


def seen_by(state: State, seat: int | None) -> frozenset[Card]:
    """The cards ``seat`` may have seen; for ``None``, the cards every seat has seen."""
    if seat is not None:
        return visible(state, seat)
    return frozenset.intersection(*(visible(state, s) for s in range(state.rules.seats)))


@attrs.frozen
class Twins:
    """A deal, its twin, and the steps the watcher cannot tell them apart.

    ``actions[j]`` and ``other_actions[j]`` (with the acting seat ``seats[j]``) lead from
    ``states[j]`` to ``states[j + 1]`` and likewise in the twin; the watcher sees the same in
    ``states[j]`` and ``other_states[j]`` for every ``j`` of ``0 .. len(states) - 1``.
    """

    watcher: int | None
    states: tuple[State, ...]
    other_states: tuple[State, ...]
    actions: tuple[Action, ...]
    other_actions: tuple[Action, ...]
    seats: tuple[int, ...]
    swapped: tuple[Card, Card]

    @property
    def partner_differs(self) -> bool:
        """Whether the twins' partners differ (five players, the called card swapped)."""
        return any(
            a.partner != b.partner for a, b in zip(self.states, self.other_states, strict=True)
        )


def _window(
    start_a: State, start_b: State, path: Sequence[Action], a: Card, b: Card, watcher: int | None
) -> Twins:
    states, others, acts, other_acts, seats = [start_a], [start_b], [], [], []
    state, other = start_a, start_b
    for action in path:
        seat = state.current
        assert seat is not None
        swapped = swap_action(action, a, b)
        try:
            after, other_after = ft.apply(state, action), ft.apply(other, swapped)
        except TarotError:
            break
        if after.is_terminal or seen_by(after, watcher) != seen_by(other_after, watcher):
            break
        acts.append(action)
        other_acts.append(swapped)
        seats.append(seat)
        states.append(after)
        others.append(other_after)
        state, other = after, other_after
    return Twins(
        watcher,
        tuple(states),
        tuple(others),
        tuple(acts),
        tuple(other_acts),
        tuple(seats),
        (a, b),
    )


def find_twins(rules: ft.Rules, seed: int, watcher: int | None) -> Twins | None:
    """A deal of ``seed`` played at random and its longest-lasting twin for ``watcher``.

    The twin swaps two cards the watcher has not seen at a random point of the deal's second
    half (at five players the called card when it can, so that the partner differs); the
    window runs from the deal to the first step where the watcher could tell them apart.
    """
    rng = random.Random(seed)
    first = ft.new_deal(seed=seed, rules=rules, dealer=seed % rules.seats)
    if first.is_terminal:  # a petit sec: nothing to play
        return None
    path: list[Action] = []
    states = [first]
    while not states[-1].is_terminal:
        path.append(choose(states[-1], rng))
        states.append(ft.apply(states[-1], path[-1]))
    dealt = ([list(hand) for hand in first.dealt], list(first.dog), first.dealer)
    place = {card: where for where, group in enumerate([*dealt[0], dealt[1]]) for card in group}
    best: Twins | None = None
    for _ in range(3):
        point = states[rng.randrange(len(states) // 2, len(states) - 1)]
        unseen = [card for card in DECK if card not in seen_by(point, watcher)]
        pairs = [(x, y) for x, y in itertools.combinations(unseen, 2) if place[x] != place[y]]
        rng.shuffle(pairs)
        called = point.called
        if called is not None:
            pairs.sort(key=lambda pair: called not in pair)
        for a, b in pairs[:25]:
            twin_start = start(swap_deal(dealt, a, b), rules)
            if twin_start.is_terminal:  # the swap made a petit sec
                continue
            twins = _window(first, twin_start, path, a, b, watcher)
            if best is None or len(twins.states) > len(best.states):
                best = twins
            if len(twins.states) > len(path) // 2:
                return best
    return best


def twin_deals(rules: ft.Rules, deals: int, seed: int) -> Iterator[Twins]:
    """``deals`` twins of :func:`find_twins` (of at least two steps), each watched by a seat
    or the public, picked at random from ``seed``."""
    rng = random.Random(seed)
    found = number = 0
    while found < deals:
        number += 1
        twins = find_twins(rules, seed + number, rng.choice([None, *range(rules.seats)]))
        if twins is not None and len(twins.states) >= 2:
            found += 1
            yield twins


def match_of(deal: State, deals: int = 1) -> Match:
    """A match at the deal's table whose deal in progress is ``deal`` (names from NAMES)."""
    seats = deal.rules.seats
    match = new_match(seats, names=NAMES[:seats], deals=deals, seed=1, dealer=deal.dealer)
    return attrs.evolve(match, current=deal)


def table_of(deal: State, bots: Sequence[Player | None] | None = None) -> Table:
    """A table (every seat human unless ``bots``) whose deal in progress is ``deal``."""
    seats = deal.rules.seats
    return Table("twin", match_of(deal), bots or [None] * seats, 0.0)


# --- Sockets --------------------------------------------------------------------------------


class Closed(Exception):
    """The server closed the socket."""

    def __init__(self, code: int) -> None:
        super().__init__(f"closed with {code}")
        self.code = code


OPEN: list[Socket] = []
"""Every test socket not closed yet (:func:`close_all` closes them)."""


class Socket:
    """A test WebSocket: frames received with a timeout, and kept."""

    def __init__(self, session: WebSocketTestSession, timeout: float = 20.0) -> None:
        OPEN.append(self)
        self.session = session
        self.timeout = timeout
        self.views: list[Frame] = []
        self.errors: list[Frame] = []
        self.texts: list[str] = []
        self.text = ""
        """The last frame received, as sent."""

    @property
    def view(self) -> Frame:
        """The latest view received."""
        return self.views[-1]

    def send(self, message: object) -> None:
        self.session.send_text(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.session.send_text(text)

    def act(self, notation: str) -> None:
        self.send({"type": "act", "action": notation})

    def receive(self) -> Frame:
        """The next frame; raises :class:`Closed` when the server closes the socket."""
        session = self.session
        timeout = self.timeout

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await session._send_rx.receive()

        message = session.portal.call(get)
        if message["type"] == "websocket.close":
            raise Closed(int(message.get("code", 1000)))
        text = str(message["text"])
        self.texts.append(text)
        self.text = text
        frame: Frame = json.loads(text)
        (self.views if frame["type"] == "view" else self.errors).append(frame)
        return frame

    def until_view(self, wanted: Callable[[Frame], bool] = lambda view: True) -> Frame:
        """Receive until a view that is ``wanted``."""
        while True:
            frame = self.receive()
            if frame["type"] == "view" and wanted(frame):
                return frame

    def until_error(self) -> Frame:
        """Receive until an error frame; return it."""
        while True:
            frame = self.receive()
            if frame["type"] == "error":
                return frame

    def closed_with(self) -> int:
        """Receive until the server closes the socket; its close code."""
        try:
            while True:
                self.receive()
        except Closed as closed:
            return closed.code


def open_socket(
    client: TestClient, table_id: str, token: str | None = None, *, lang: str = "en"
) -> Socket:
    """Connect to ``table_id`` and say hello (a seat's token, or none to watch)."""
    session = client.websocket_connect(f"/ws/{table_id}")
    session.__enter__()
    socket = Socket(session)
    hello: dict[str, str] = {"type": "hello", "lang": lang}
    if token is not None:
        hello["token"] = token
    socket.send(hello)
    return socket


def close_socket(socket: Socket) -> None:
    """Close the client side of ``socket``."""
    if socket in OPEN:
        OPEN.remove(socket)
        socket.session.__exit__(None, None, None)


def close_all() -> None:
    """Close every socket still open (a test client cannot stop while one is)."""
    while OPEN:
        close_socket(OPEN[-1])


# --- An in-process WebSocket ------------------------------------------------------------------


class AsgiSocket:
    """A WebSocket to an ASGI app in the same event loop: the real app, its real frames.

    Starlette's test client runs the app in a thread of its own and crosses threads for
    every message; this transport calls the app as an ASGI server would (a ``websocket``
    scope, a ``receive`` and a ``send``) on the caller's event loop, for the volume tests.
    Open it with :meth:`connect` from a coroutine.
    """

    def __init__(self, app: ASGIApp, path: str, timeout: float = 30.0) -> None:
        self.app = app
        self.path = path
        self.timeout = timeout
        self.to_app: asyncio.Queue[Message] = asyncio.Queue()
        self.from_app: asyncio.Queue[Message] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None

    async def connect(self) -> None:
        """Open the connection: the app's handshake, which it must accept."""
        scope = {
            "type": "websocket",
            "asgi": {"version": "3.0", "spec_version": "2.3"},
            "http_version": "1.1",
            "scheme": "ws",
            "path": self.path,
            "raw_path": self.path.encode(),
            "root_path": "",
            "query_string": b"",
            "headers": [(b"host", b"testserver")],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
            "subprotocols": [],
            "state": {},
            "extensions": {},
        }

        async def run() -> None:
            await self.app(scope, self.to_app.get, self.from_app.put)

        self.task = asyncio.get_running_loop().create_task(run())
        self.to_app.put_nowait({"type": "websocket.connect"})
        accepted = await self._next()
        assert accepted["type"] == "websocket.accept", accepted

    async def _next(self) -> Message:
        return await asyncio.wait_for(self.from_app.get(), self.timeout)

    def send(self, message: object) -> None:
        """Send ``message`` as one text frame of JSON."""
        self.to_app.put_nowait({"type": "websocket.receive", "text": json.dumps(message)})

    async def receive(self) -> str:
        """The next text frame, as sent; raises :class:`Closed` when the app closes."""
        message = await self._next()
        if message["type"] == "websocket.close":
            raise Closed(int(message.get("code", 1000)))
        assert message["type"] == "websocket.send", message
        return str(message["text"])

    async def close(self) -> None:
        """Leave, and wait for the app to finish with the connection."""
        self.to_app.put_nowait({"type": "websocket.disconnect", "code": 1000})
        if self.task is not None:
            await asyncio.wait_for(self.task, self.timeout)
