"""The server's settings: the limits it enforces and its bots' budget."""

from __future__ import annotations

import math
from typing import Final

import attrs

from frenchtarot._checks import describe_value, quote
from frenchtarot.errors import InvalidSettingsError, TarotTypeError
from frenchtarot.players._levels import LEVELS
from frenchtarot.rules import PRESETS

__all__ = ["Settings"]

_WHOLE_FIELDS: Final = (
    "max_tables",
    "max_connections",
    "max_table_connections",
    "max_message_bytes",
    "action_burst",
    "max_deals",
    "bot_samples",
    "bot_rollouts",
    "bot_threads",
)
_SECONDS_FIELDS: Final = ("idle_seconds", "hello_seconds", "bot_timeout")


def _check(settings: Settings) -> None:
    for name in _WHOLE_FIELDS:
        value = getattr(settings, name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TarotTypeError(f"{name} must be an int, not {describe_value(value)}")
        if value < 1:
            raise InvalidSettingsError(f"{name} must be 1 or more, not {value}")
    for name in (*_SECONDS_FIELDS, "actions_per_second", "bot_delay"):
        value = getattr(settings, name)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TarotTypeError(f"{name} must be a number, not {describe_value(value)}")
        zero_ok = name == "bot_delay"
        if not math.isfinite(value) or value < 0 or (value == 0 and not zero_ok):
            least = "0 or more" if zero_ok else "above 0"
            raise InvalidSettingsError(f"{name} must be a finite number {least}, not {value}")
    if isinstance(settings.rules, str) or not isinstance(settings.rules, tuple):
        raise TarotTypeError(
            f"rules must be a tuple of names, not {describe_value(settings.rules)}"
        )
    if not settings.rules:
        raise InvalidSettingsError("rules must name at least one preset")
    for name in settings.rules:
        if not isinstance(name, str) or name not in PRESETS:
            shown = quote(name) if isinstance(name, str) else describe_value(name)
            raise InvalidSettingsError(
                f"no preset is called {shown}; the presets are " + ", ".join(PRESETS)
            )
    level = settings.bot_level
    if level is not None:
        if isinstance(level, bool) or not isinstance(level, int):
            raise TarotTypeError(f"bot_level must be an int or None, not {describe_value(level)}")
        if level not in LEVELS:
            raise InvalidSettingsError(f"bot_level must be from 1 to 5, not {level}")
    if not isinstance(settings.stats, bool):
        raise TarotTypeError(f"stats must be a bool, not {describe_value(settings.stats)}")


@attrs.frozen(kw_only=True)
class Settings:
    """What a table server offers and the limits it enforces; every field has a default.

    Attributes:
        rules: The names of the presets the lobby offers (keys of
            :data:`frenchtarot.rules.PRESETS`); a table of ``n`` seats may use those of
            them that seat ``n``.
        max_tables: How many tables may be open at once; the lobby refuses more.
        max_connections: How many WebSocket connections the server holds at once, every
            table together.
        max_table_connections: How many connections one table holds (its seats, a seat open
            on several devices, and its spectators).
        max_message_bytes: The longest message a client may send, in UTF-8 bytes; a longer
            one is refused with an error frame.
        actions_per_second: The rate of messages one connection may keep up...
        action_burst: ...and how many it may send at once: a token bucket of this size,
            refilled at ``actions_per_second``. A message over the limit is refused with an
            error frame and not read.
        idle_seconds: A table where nothing happened (no action, no connection) for this
            long is closed: its connections get an error frame and are closed.
        hello_seconds: How long a new connection has to send its ``hello`` message.
        max_deals: The longest match a table may play, in deals.
        bot_level: The bots' difficulty level, 1 to 5 (see
            :func:`frenchtarot.players.level`); ``None`` (the default) for a
            :class:`~frenchtarot.players.MonteCarloPlayer` with ``bot_samples`` and
            ``bot_rollouts``. ``python -m frenchtarot serve`` sets it to 4 unless told
            otherwise.
        bot_samples: Without ``bot_level``, the bots' search budget: the worlds a
            :class:`~frenchtarot.players.MonteCarloPlayer` samples per card...
        bot_rollouts: ...and the random playouts per card and world.
        bot_threads: The threads the bots think in, off the event loop, every table
            together. The built-in bots are pure Python and hold the interpreter while
            they think, so more than one thread plays no faster and only keeps the event
            loop waiting longer; raise it for bots that release the GIL.
        bot_delay: Seconds a bot waits before each of its actions, so that people can
            follow the play (``0`` for none).
        bot_timeout: Seconds a bot may think; past them its decision is taken by the
            fallback player (a :class:`~frenchtarot.players.SimplePlayer`), as when it
            raises.
        stats: Whether ``GET /api/stats`` answers with the server's counters and its
            latency from an action to its broadcast (off by default).
    """

    rules: tuple[str, ...] = tuple(PRESETS)
    max_tables: int = 100
    max_connections: int = 1000
    max_table_connections: int = 40
    max_message_bytes: int = 2048
    actions_per_second: float = 10.0
    action_burst: int = 20
    idle_seconds: float = 1800.0
    hello_seconds: float = 10.0
    max_deals: int = 100
    bot_level: int | None = None
    bot_samples: int = 16
    bot_rollouts: int = 1
    bot_threads: int = 1
    bot_delay: float = 0.0
    bot_timeout: float = 10.0
    stats: bool = False

    def __attrs_post_init__(self) -> None:
        _check(self)
