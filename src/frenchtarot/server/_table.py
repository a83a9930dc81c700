"""One table: a match, who sits where, the seats' secret tokens, and the frames of each view.

A :class:`Table` is plain, synchronous Python with no event loop and no web framework: the
lobby (``_lobby.py``) calls it from its event loop, and the tests may drive it directly. It
takes a client's actions through :func:`frenchtarot.act` only, and builds every frame from
an observation (see ``_views.py``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from frenchtarot import records
from frenchtarot._act import act
from frenchtarot._core.state import State
from frenchtarot.actions import Action
from frenchtarot.errors import TarotError
from frenchtarot.match import Match
from frenchtarot.observation import Observation, observe, public_view
from frenchtarot.players import Player, SimplePlayer
from frenchtarot.records import JSONValue
from frenchtarot.server._views import sheet_json, view_frame

if TYPE_CHECKING:
    from frenchtarot.server._lobby import Connection

__all__ = ["Refusal", "Table"]

PLAYING: Final = "playing"
DEAL_OVER: Final = "deal_over"
MATCH_OVER: Final = "match_over"
_FALLBACK: Final = SimplePlayer()


class Refusal(NamedTuple):
    """Why the table refuses a message, for a reason of its own (not of the rules of the game).

    Attributes:
        code: The error frame's code.
        message: What to tell the client.
    """

    code: str
    message: str


def fallback_action(observation: Observation) -> Action:
    """The action of the fallback player, or the first legal action should it fail too."""
    try:
        action = _FALLBACK(observation)
    except Exception:  # pragma: no cover - SimplePlayer always answers a legal action
        return observation.legal_actions[0]
    return action


class Table:
    """A match at one table, with human seats (each with a secret token) and bot seats.

    Args:
        table_id: The table's public id (in its links).
        match: The match, its first deal in progress; seats are its players (no dead player).
        bots: For each seat, its bot, or ``None`` for a human seat.
        now: The time the table opens (the lobby's clock).
    """

    def __init__(
        self, table_id: str, match: Match, bots: Sequence[Player | None], now: float
    ) -> None:
        if match.dead_player or len(bots) != match.players:
            raise ValueError("a table seats one player per seat of its match")
        self.id = table_id
        self.match = match
        self.bots = tuple(bots)
        self.humans = frozenset(seat for seat, bot in enumerate(bots) if bot is None)
        self.tokens: tuple[str | None, ...] = tuple(
            secrets.token_urlsafe(18) if bot is None else None for bot in bots
        )
        self.shown: State | None = None
        """A finished deal on show until every human seat asks for the next one."""
        self.ready: set[int] = set()
        self.version = 0
        self.last_active = now
        self.closed = False
        self.connections: set[Connection] = set()
        self._frames: dict[tuple[int | None, str, str], str] = {}
        self._header: dict[str, JSONValue] | None = None
        self._sheet: tuple[int, JSONValue] | None = None

    # --- Seats and status ------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, seat 0 first."""
        return self.match.names

    def seat_for(self, token: str) -> int | None:
        """The human seat whose token is ``token``, or ``None`` (compared in constant time)."""
        found = None
        given = token.encode("utf-8", "surrogatepass")
        for seat, secret in enumerate(self.tokens):
            if secret is not None and secrets.compare_digest(given, secret.encode()):
                found = seat
        return found

    @property
    def status(self) -> str:
        """``"playing"``, ``"deal_over"`` (a finished deal on show) or ``"match_over"``."""
        if self.match.is_over:
            return MATCH_OVER
        return PLAYING if self.shown is None else DEAL_OVER

    @property
    def state(self) -> State:
        """The deal on show: the one in progress, or a finished one between deals."""
        if self.shown is not None:
            return self.shown
        assert self.match.current is not None
        return self.match.current

    def touch(self, now: float) -> None:
        """Note activity at ``now`` (an action, a connection), which keeps the table open."""
        self.last_active = max(self.last_active, now)

    # --- Moving on -------------------------------------------------------------------------

    def refusal(self) -> Refusal | None:
        """Why the table takes no action now (closed, over, between deals), or ``None``."""
        if self.closed:
            return Refusal("table_closed", "the table is closed")
        status = self.status
        if status == MATCH_OVER:
            return Refusal("match_over", "the match is over")
        if status == DEAL_OVER:
            return Refusal(
                "between_deals", "the deal is over: send next to go on to the next deal"
            )
        return None

    def act(self, seat: int, text: str) -> Refusal | None:
        """Take ``text`` from the human at ``seat``, through :func:`frenchtarot.act`.

        Returns:
            ``None`` once the action is taken, or the table's :meth:`refusal`.

        Raises:
            TarotError: The rules refuse it (safe to send back to that seat).
        """
        refused = self.refusal()
        if refused is not None:
            return refused
        self._advance(act(self.state, text, seat))
        return None

    def bot_turn(self) -> tuple[int, Player, Observation, int] | None:
        """The bot to act now: its seat, player, observation and the table's version."""
        if self.closed or self.status != PLAYING:
            return None
        state = self.state
        seat = state.current
        if seat is None:  # pragma: no cover - a finished deal is never in progress
            return None
        bot = self.bots[seat]
        if bot is None:
            return None
        return seat, bot, observe(state, seat), self.version

    def play_bot(self, seat: int, action: object, observation: Observation) -> bool:
        """Take a bot's ``action`` at ``seat``; the fallback player's if it is refused.

        Returns:
            Whether the bot's own action was taken (``False``: the fallback's).
        """
        if self.refusal() is not None:
            raise RuntimeError(f"table {self.id} is not playing: no bot may act")
        state = self.state
        try:
            new = act(state, action, seat)  # type: ignore[arg-type]
        except TarotError:
            self._advance(act(state, fallback_action(observation), seat))
            return False
        self._advance(new)
        return True

    def next_deal(self, seat: int) -> Refusal | None:
        """The human at ``seat`` is ready for the next deal; ``None``, or why not now."""
        if self.closed:
            return Refusal("table_closed", "the table is closed")
        if self.status != DEAL_OVER:
            return Refusal("not_between_deals", "there is no finished deal to leave")
        self.ready.add(seat)
        if self.humans <= self.ready:
            self.shown = None
            self.ready = set()
        self._changed()
        return None

    def _advance(self, state: State) -> None:
        self.match = self.match.update(state)
        if state.is_terminal and (self.humans or self.match.is_over):
            self.shown = state
            self.ready = set()
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._frames.clear()
        self._header = None

    # --- What is sent ----------------------------------------------------------------------

    def _sheet_json(self) -> JSONValue:
        done = len(self.match.deals)
        if self._sheet is None or self._sheet[0] != done:
            self._sheet = (done, sheet_json(self.match.sheet))
        return self._sheet[1]

    def header(self) -> dict[str, JSONValue]:
        """The public facts of the table, the same in every frame of one version."""
        if self._header is None:
            status = self.status
            waiting = sorted(self.humans - self.ready) if status == DEAL_OVER else []
            self._header = {
                "version": self.version,
                "status": status,
                "rules": self.match.rules.name,
                "players": [
                    {"name": name, "bot": bot is not None}
                    for name, bot in zip(self.names, self.bots, strict=True)
                ],
                "scored": len(self.match.scored),
                "deals_to_play": self.match.deals_to_play,
                "waiting": list(waiting),
                "sheet": self._sheet_json(),
                "record": status == MATCH_OVER,
            }
        return self._header

    def observation(self, seat: int | None) -> Observation:
        """What ``seat`` sees of the deal on show; the public view for ``None``."""
        if seat is None:
            return public_view(observe(self.state, 0))
        return observe(self.state, seat)

    def frame(self, seat: int | None, lang: str = "fr", theme: str = "light") -> str:
        """The ``view`` frame for ``seat`` (``None``: a spectator) at this version."""
        key = (seat, lang, theme)
        frame = self._frames.get(key)
        if frame is None:
            frame = view_frame(
                self.observation(seat),
                seat=seat,
                header=self.header(),
                names=self.names,
                lang=lang,
                theme=theme,
            )
            self._frames[key] = frame
        return frame

    def record(self) -> str | None:
        """The match record once the match is over (it shows every hand), else ``None``."""
        return records.dumps(self.match) if self.match.is_over else None
