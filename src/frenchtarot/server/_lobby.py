"""The lobby: open tables, their connections, their bots, the limits and the counters.

It runs on an asyncio event loop and knows nothing of the web framework: a connection is a
:class:`Channel` (receive a message, send one, close), which ``_app.py`` makes of a
Starlette WebSocket. The protocol (the messages and the frames) is documented in
``docs/browser.md``.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import math
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Final, Protocol

from frenchtarot.actions import Action
from frenchtarot.errors import InvalidMatchError, TarotError
from frenchtarot.match import Match, new_match
from frenchtarot.observation import Observation
from frenchtarot.players import MonteCarloPlayer, Player, level
from frenchtarot.rules import PRESETS, Rules
from frenchtarot.server._settings import Settings
from frenchtarot.server._table import Refusal, Table, fallback_action
from frenchtarot.server._views import LANGUAGES, THEMES, error_frame, refusal_frame

__all__ = ["BotFactory", "Channel", "Connection", "Lobby", "Metrics"]

BotFactory = Callable[[Rules, int], Player]
"""Makes the bot of one seat: given the table's rules and the seat."""

# WebSocket close codes (4000-4999 are the application's own).
CLOSE_POLICY: Final = 1008
CLOSE_TRY_LATER: Final = 1013
CLOSE_BAD_TOKEN: Final = 4403
CLOSE_NO_TABLE: Final = 4404
CLOSE_HELLO_TIMEOUT: Final = 4408
CLOSE_TABLE_CLOSED: Final = 4410

_OUTBOX: Final = 32
"""Frames waiting to be written to one connection before its reader stops reading."""
_LATENCIES: Final = 200_000
_log = logging.getLogger("frenchtarot.server")


class Channel(Protocol):
    """A client's connection, as the lobby sees it."""

    async def receive(self) -> str | bytes | None:
        """The next message, or ``None`` once the client has gone."""

    async def send(self, text: str) -> None:
        """Send one text frame."""

    async def close(self, code: int) -> None:
        """Close the connection with ``code``."""


class Metrics:
    """The server's counters, and its latency from an action to each of its broadcasts."""

    def __init__(self) -> None:
        self.latencies: collections.deque[float] = collections.deque(maxlen=_LATENCIES)
        self.actions = 0
        self.bot_actions = 0
        self.bot_failures = 0
        self.refusals = 0
        self.frames = 0
        self.peak_connections = 0

    def summary(self) -> dict[str, float | int | None]:
        """The counters, and the latency percentiles in milliseconds (``None`` before any)."""
        ordered = sorted(self.latencies)

        def percentile(share: float) -> float | None:
            if not ordered:
                return None
            index = min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)
            return round(ordered[max(0, index)] * 1000, 3)

        return {
            "actions": self.actions,
            "bot_actions": self.bot_actions,
            "bot_failures": self.bot_failures,
            "refusals": self.refusals,
            "frames": self.frames,
            "peak_connections": self.peak_connections,
            "latency_samples": len(ordered),
            "latency_p50_ms": percentile(0.50),
            "latency_p90_ms": percentile(0.90),
            "latency_p99_ms": percentile(0.99),
            "latency_max_ms": percentile(1.0),
        }


class _Bucket:
    """A token bucket: ``burst`` messages at once, refilled at ``rate`` a second."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Connection:
    """One client at one table: its seat (``None`` for a spectator) and its outbox.

    Frames are written in order by a task of their own, so a slow client never holds up a
    table. A view frame replaces a view still waiting in the outbox (each view is the
    whole picture), so a slow client gets the latest one.
    """

    def __init__(
        self, channel: Channel, seat: int | None, lang: str, theme: str, bucket: _Bucket
    ) -> None:
        self.channel = channel
        self.seat = seat
        self.lang = lang
        self.theme = theme
        self.bucket = bucket
        self.outbox: collections.deque[tuple[str, str, float | None]] = collections.deque()
        self.wake = asyncio.Event()
        self.room = asyncio.Event()
        self.writer: asyncio.Task[None] | None = None

    def push_view(self, frame: str, since: float | None) -> None:
        for entry in self.outbox:
            if entry[0] == "view":
                self.outbox.remove(entry)
                if entry[2] is not None:
                    since = entry[2] if since is None else min(since, entry[2])
                break
        self.outbox.append(("view", frame, since))
        self.wake.set()

    def push_error(self, frame: str) -> None:
        self.outbox.append(("error", frame, None))
        self.wake.set()

    def push_close(self, code: int) -> None:
        self.outbox.append(("close", str(code), None))
        self.wake.set()


def _default_bots(settings: Settings) -> BotFactory:
    def make(rules: Rules, seat: int) -> Player:
        if settings.bot_level is not None:
            return level(settings.bot_level)
        return MonteCarloPlayer(samples=settings.bot_samples, rollouts=settings.bot_rollouts)

    return make


def _think(player: Player, observation: Observation) -> tuple[Action, float]:
    """Run in a bot thread: the bot's action and when it was ready."""
    action = player(observation)
    return action, time.perf_counter()


class Lobby:
    """Every open table of one server, with its limits, bots and counters.

    Args:
        settings: The limits and the bots' budget.
        bot_factory: Makes the bot of each bot seat (by default the player of the
            settings' ``bot_level``, or without one a
            :class:`~frenchtarot.players.MonteCarloPlayer` with the settings' budget).
        clock: The clock for idleness and rate limits (monotonic seconds).
    """

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        bot_factory: BotFactory | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings if settings is not None else Settings()
        self.bot_factory = bot_factory if bot_factory is not None else _default_bots(self.settings)
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.metrics = Metrics()
        self.connections = 0
        self._pool = ThreadPoolExecutor(self.settings.bot_threads, thread_name_prefix="tarot-bot")
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._janitor: asyncio.Task[None] | None = None
        self._closed = False

    # --- Tables ----------------------------------------------------------------------------

    def rules_for(self, seats: int) -> tuple[str, ...]:
        """The names of the presets offered for a table of ``seats``."""
        return tuple(name for name in self.settings.rules if PRESETS[name].seats == seats)

    def refusal(self) -> Refusal | None:
        """Why no table may be opened now (shutting down, too many tables), or ``None``."""
        if self._closed:
            return Refusal("server_closed", "the server is shutting down")
        self.sweep()
        if len(self.tables) >= self.settings.max_tables:
            return Refusal("too_many_tables", "the server has all the tables it can hold")
        return None

    def open_table(
        self,
        *,
        seats: int,
        bots: Sequence[bool],
        deals: int = 5,
        rules: str | None = None,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        match: Match | None = None,
    ) -> Table:
        """Open a table: a new match (or ``match``), ``bots[seat]`` telling the bot seats.

        ``rules`` names one of the presets offered for ``seats`` (the first by default);
        ``match``, a match of ``seats`` players in progress, replaces the new one (its rules,
        names and deals are kept).

        Raises:
            RuntimeError: The lobby opens no table now (see :meth:`refusal`).
            InvalidMatchError: Settings the server does not offer (seats, deals, rules).
            TarotError: A bad name, seed or other argument of the match.
        """
        refused = self.refusal()
        if refused is not None:
            raise RuntimeError(refused.message)
        if seats not in (3, 4, 5) or len(bots) != seats:
            raise InvalidMatchError("a table has 3, 4 or 5 seats, each a human or a bot")
        if match is None:
            offered = self.rules_for(seats)
            name = rules if rules is not None else offered[0] if offered else None
            if name is None or name not in offered:
                raise InvalidMatchError(
                    f"the rules of a table of {seats} are one of: "
                    + (", ".join(offered) or "none")
                )
            if not 1 <= deals <= self.settings.max_deals:
                raise InvalidMatchError(
                    f"a match here has 1 to {self.settings.max_deals} deals, not {deals}"
                )
            match = new_match(seats, names=names, deals=deals, seed=seed, rules=PRESETS[name])
        table_id = secrets.token_urlsafe(9)
        while table_id in self.tables:  # pragma: no cover - 72 random bits
            table_id = secrets.token_urlsafe(9)
        players = [
            self.bot_factory(match.rules, seat) if bot else None for seat, bot in enumerate(bots)
        ]
        table = Table(table_id, match, players, self.clock())
        self.tables[table_id] = table
        self._start_janitor()
        self._kick(table)
        return table

    def close_table(self, table: Table, code: str = "table_closed", why: str = "") -> None:
        """Close ``table``: tell its connections, close them, stop its bots."""
        if table.closed:
            return
        table.closed = True
        self.tables.pop(table.id, None)
        driver = self._drivers.pop(table.id, None)
        if driver is not None:
            driver.cancel()
        frame = error_frame(code, why or "the table is closed")
        for connection in table.connections:
            connection.push_error(frame)
            connection.push_close(CLOSE_TABLE_CLOSED)

    def sweep(self) -> int:
        """Close the tables idle for longer than the settings allow; how many were closed."""
        now = self.clock()
        idle = [
            table
            for table in self.tables.values()
            if now - table.last_active > self.settings.idle_seconds
        ]
        for table in idle:
            self.close_table(table, "table_closed", "the table was idle and is closed")
        return len(idle)

    def _start_janitor(self) -> None:
        with contextlib.suppress(RuntimeError):  # no running loop: the caller sweeps
            if self._janitor is None or self._janitor.done():
                self._janitor = asyncio.get_running_loop().create_task(self._janitor_loop())

    async def _janitor_loop(self) -> None:
        pause = min(60.0, self.settings.idle_seconds / 4)
        while self.tables:  # stops by itself once every table is closed
            await asyncio.sleep(pause)
            self.sweep()

    async def close(self) -> None:
        """Close every table and stop the bots' threads (the server is shutting down)."""
        self._closed = True
        for table in list(self.tables.values()):
            self.close_table(table, "server_closed", "the server is shutting down")
        if self._janitor is not None:
            self._janitor.cancel()
        await asyncio.sleep(0)  # let the writers take the last frames
        self._pool.shutdown(wait=False, cancel_futures=True)

    # --- Bots ------------------------------------------------------------------------------

    def _kick(self, table: Table) -> None:
        """Start the table's bot driver if a bot is to act and none is running."""
        if table.bot_turn() is None:
            return
        driver = self._drivers.get(table.id)
        if driver is not None and not driver.done():
            return
        with contextlib.suppress(RuntimeError):  # no running loop: nothing to drive yet
            loop = asyncio.get_running_loop()
            self._drivers[table.id] = loop.create_task(self._drive(table))

    async def _drive(self, table: Table) -> None:
        """Let the bots play while one is to act; stops when a human is or the match ends.

        Should anything go wrong here (a bug, never a bot's fault: a bot's failure is taken
        over by the fallback player), the table is closed and the error logged.
        """
        try:
            await self._play_bots(table)
        except Exception:
            _log.exception("table %s: the bots' driver failed; closing the table", table.id)
            self.close_table(table, "server_error", "the server failed at this table")

    async def _play_bots(self, table: Table) -> None:
        while (turn := table.bot_turn()) is not None:
            seat, player, observation, version = turn
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            action, since = await self._ask(player, observation)
            if table.closed or table.version != version:  # pragma: no cover - defensive
                continue
            if not table.play_bot(seat, action, observation):
                self.metrics.bot_failures += 1
            self.metrics.bot_actions += 1
            self._changed(table, since)

    async def _ask(self, player: Player, observation: Observation) -> tuple[object, float]:
        """The bot's action, thought in a thread; the fallback's if it raises or is too slow."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, _think, player, observation)
        try:
            return await asyncio.wait_for(future, self.settings.bot_timeout)
        except Exception:
            self.metrics.bot_failures += 1
            return fallback_action(observation), time.perf_counter()

    # --- Connections -----------------------------------------------------------------------

    def _changed(self, table: Table, since: float | None) -> None:
        """Send every connection of ``table`` its new view; let the bots go on."""
        table.touch(self.clock())
        for connection in table.connections:
            frame = table.frame(connection.seat, connection.lang, connection.theme)
            connection.push_view(frame, since)
        self._kick(table)

    async def serve(self, table_id: str, channel: Channel) -> None:
        """Hold one client's connection to table ``table_id`` until either side ends it."""
        settings = self.settings
        table = self.tables.get(table_id)
        if table is None:
            await self._refuse(channel, "no_table", "no such table (closed?)", CLOSE_NO_TABLE)
            return
        if self.connections >= settings.max_connections:
            await self._refuse(channel, "server_full", "too many connections", CLOSE_TRY_LATER)
            return
        if len(table.connections) >= settings.max_table_connections:
            await self._refuse(channel, "table_full", "the table is full", CLOSE_TRY_LATER)
            return
        self.connections += 1
        self.metrics.peak_connections = max(self.metrics.peak_connections, self.connections)
        connection: Connection | None = None
        try:
            connection = await self._greet(table, channel)
            if connection is not None:
                await self._listen(table, connection)
        finally:
            self.connections -= 1
            if connection is not None:
                table.connections.discard(connection)
                writer = connection.writer
                if writer is not None and not writer.done():
                    connection.push_close(1000)
                    with contextlib.suppress(asyncio.TimeoutError, Exception):
                        await asyncio.wait_for(asyncio.shield(writer), 1.0)
                    writer.cancel()

    async def _refuse(self, channel: Channel, code: str, message: str, close: int) -> None:
        self.metrics.refusals += 1
        with contextlib.suppress(Exception):
            await channel.send(error_frame(code, message))
            await channel.close(close)

    async def _greet(self, table: Table, channel: Channel) -> Connection | None:
        """Read the client's ``hello``; its connection, or ``None`` once refused."""
        try:
            message = await asyncio.wait_for(channel.receive(), self.settings.hello_seconds)
        except asyncio.TimeoutError:
            await self._refuse(channel, "hello_timeout", "say hello first", CLOSE_HELLO_TIMEOUT)
            return None
        if message is None:
            return None
        hello, problem = self._read(message, {"hello": ({"token", "lang", "theme"}, set())})
        if hello is None:
            await self._refuse(channel, problem[0], problem[1], CLOSE_POLICY)
            return None
        lang = hello.get("lang", "fr")
        theme = hello.get("theme", "light")
        token = hello.get("token")
        if (
            lang not in LANGUAGES
            or theme not in THEMES
            or not isinstance(token, (str, type(None)))
        ):
            await self._refuse(
                channel,
                "bad_message",
                "hello takes a token, a lang fr|en and a theme light|dark",
                CLOSE_POLICY,
            )
            return None
        seat = None
        if token is not None:
            seat = table.seat_for(token)
            if seat is None:
                await self._refuse(
                    channel, "bad_token", "this link opens no seat", CLOSE_BAD_TOKEN
                )
                return None
        if table.closed:
            await self._refuse(channel, "table_closed", "the table is closed", CLOSE_TABLE_CLOSED)
            return None
        now = self.clock()
        bucket = _Bucket(self.settings.actions_per_second, self.settings.action_burst, now)
        connection = Connection(channel, seat, str(lang), str(theme), bucket)
        connection.writer = asyncio.get_running_loop().create_task(self._write(connection))
        table.connections.add(connection)
        table.touch(now)
        connection.push_view(table.frame(seat, connection.lang, connection.theme), None)
        return connection

    def _read(
        self, message: str | bytes, kinds: dict[str, tuple[set[str], set[str]]]
    ) -> tuple[dict[str, object] | None, tuple[str, str]]:
        """A message as a JSON object of one of ``kinds``, or ``None`` and the refusal.

        ``kinds`` maps each message type to its optional and its required fields.
        """
        most = self.settings.max_message_bytes
        if isinstance(message, bytes):
            return None, ("bad_message", "send text frames of JSON, not binary ones")
        if len(message) > most or (len(message) * 4 > most and len(message.encode()) > most):
            return None, ("too_large", f"a message is at most {most} bytes")
        try:
            body = json.loads(message)
        except ValueError:
            return None, ("bad_json", "a message is one JSON object")
        kind = body.get("type") if isinstance(body, dict) else None
        if not isinstance(kind, str) or kind not in kinds:
            return None, ("bad_message", "a message has a type: " + ", ".join(sorted(kinds)))
        optional, required = kinds[kind]
        fields = set(body) - {"type"}
        if not required <= fields or not fields <= optional | required:
            wanted = ", ".join(sorted(optional | required)) or "no other field"
            return None, ("bad_message", f"a {kind} message takes {wanted}")
        return body, ("", "")

    _KINDS: Final = {
        "act": (set(), {"action"}),
        "next": (set(), set()),
        "view": ({"lang", "theme"}, set()),
    }

    async def _listen(self, table: Table, connection: Connection) -> None:
        """Read the client's messages until it goes or the table closes."""
        while True:
            message = await connection.channel.receive()
            if message is None or table.closed:
                return
            since = time.perf_counter()
            if not connection.bucket.take(self.clock()):
                self._error(connection, "rate_limited", "too many messages: slow down")
            else:
                self._handle(table, connection, message, since)
            while len(connection.outbox) >= _OUTBOX:
                writer = connection.writer
                if table.closed or writer is None or writer.done():
                    return
                connection.room.clear()
                await connection.room.wait()

    def _error(self, connection: Connection, code: str, message: str) -> None:
        self.metrics.refusals += 1
        connection.push_error(error_frame(code, message))

    def _handle(
        self, table: Table, connection: Connection, message: str | bytes, since: float
    ) -> None:
        body, problem = self._read(message, self._KINDS)
        if body is None:
            self._error(connection, *problem)
            return
        kind = body["type"]
        if kind == "view":
            lang = body.get("lang", connection.lang)
            theme = body.get("theme", connection.theme)
            if lang not in LANGUAGES or theme not in THEMES:
                self._error(connection, "bad_message", "lang is fr or en, theme light or dark")
                return
            connection.lang, connection.theme = str(lang), str(theme)
            frame = table.frame(connection.seat, connection.lang, connection.theme)
            connection.push_view(frame, None)
            return
        seat = connection.seat
        if seat is None:
            self._error(connection, "spectator", "a spectator cannot act")
            return
        try:
            if kind == "next":
                refused = table.next_deal(seat)
            else:
                action = body["action"]
                if not isinstance(action, str):
                    self._error(connection, "bad_message", "action is the text of an action")
                    return
                refused = table.act(seat, action)
        except TarotError as error:
            self.metrics.refusals += 1
            connection.push_error(refusal_frame(error))
            return
        if refused is not None:
            self._error(connection, refused.code, refused.message)
            return
        if kind == "act":
            self.metrics.actions += 1
        self._changed(table, since)

    async def _write(self, connection: Connection) -> None:
        """Write the connection's frames in order, as fast as the client takes them."""
        outbox = connection.outbox
        try:
            while True:
                if not outbox:
                    connection.room.set()
                    connection.wake.clear()
                    await connection.wake.wait()
                    continue
                kind, text, since = outbox.popleft()
                connection.room.set()
                if kind == "close":
                    await connection.channel.close(int(text))
                    return
                await connection.channel.send(text)
                self.metrics.frames += 1
                if since is not None:
                    self.metrics.latencies.append(time.perf_counter() - since)
        except Exception:  # the client is gone: its reader ends too
            return
        finally:
            connection.room.set()

    def stats(self) -> dict[str, float | int | None]:
        """The counters of :class:`Metrics`, with the tables and connections open now."""
        return {
            "tables": len(self.tables),
            "connections": self.connections,
            **self.metrics.summary(),
        }
