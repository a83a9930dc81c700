"""The exceptions raised by :mod:`frenchtarot`.

Every exception the library raises on purpose derives from :class:`TarotError`, but one:
:class:`ArenaInterrupted`, the duplicate arena's Ctrl-C, is a :class:`KeyboardInterrupt`, so
that an interrupt stays one. Errors caused by a bad value also derive from :class:`ValueError`,
and errors caused by a value of the wrong type from :class:`TypeError`, so callers can catch
them either way::

    try:
        state = frenchtarot.apply(state, action)
    except frenchtarot.IllegalActionError as error:
        print(error.rule, error)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar, Final

if TYPE_CHECKING:
    from frenchtarot.actions import Action
    from frenchtarot.arena import DealFailure, DuplicateResult

__all__ = [
    "ArenaInterrupted",
    "ArenaStoppedError",
    "ConformanceError",
    "DealFailedError",
    "DealOverError",
    "EncodingError",
    "IllegalActionError",
    "InconsistentObservationError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidDealTypeError",
    "InvalidDealerError",
    "InvalidMatchError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidSettingsError",
    "InvalidSizeError",
    "NotInPlayError",
    "NotTerminalError",
    "NotationError",
    "RecordError",
    "Rule",
    "TarotError",
    "TarotTypeError",
]


class TarotError(Exception):
    """The root of every exception raised by :mod:`frenchtarot`.

    Attributes:
        code: A short stable name of the error's kind, for a wire or a log: ``"error"``
            here, and one of its own for each subclass (``"illegal_action"``,
            ``"bad_notation"``, ``"invalid_seat"``...). The codes never change between
            versions; an :class:`IllegalActionError` also names its rule by
            :attr:`Rule.code`.
    """

    code: ClassVar[str] = "error"


class TarotTypeError(TarotError, TypeError):
    """An argument has the wrong type (for example a string where an action is expected)."""

    code: ClassVar[str] = "wrong_type"


class NotationError(TarotError, ValueError):
    """A text could not be parsed as a card or an action.

    Attributes:
        text: The text that was refused.
    """

    code: ClassVar[str] = "bad_notation"

    def __init__(self, message: str, text: str) -> None:
        super().__init__(message)
        self.text = text

    def __reduce__(self) -> tuple[type[NotationError], tuple[str, str]]:
        return (type(self), (str(self), self.text))


class InvalidCardError(TarotError, ValueError):
    """A suit and rank (or an index) that names no card of the pack."""

    code: ClassVar[str] = "invalid_card"


class InvalidDealError(TarotError, ValueError):
    """Hands, dog or dealer given to :func:`frenchtarot.deal_from` do not make a valid deal."""

    code: ClassVar[str] = "invalid_deal"


class InvalidDealTypeError(InvalidDealError, TarotTypeError):
    """A deal argument of the wrong type; also a :class:`TypeError`."""

    code: ClassVar[str] = "invalid_deal_type"


class InvalidRulesError(TarotError, ValueError):
    """:class:`~frenchtarot.Rules` whose numbers do not make a Tarot table."""

    code: ClassVar[str] = "invalid_rules"


class InvalidSeatError(TarotError, ValueError):
    """A seat number outside ``0 .. seats - 1``."""

    code: ClassVar[str] = "invalid_seat"


class InvalidDealerError(InvalidDealError, InvalidSeatError):
    """A dealer that is not a seat of the table.

    Both an :class:`InvalidDealError` and an :class:`InvalidSeatError`, so that one
    ``except InvalidSeatError`` catches every bad seat, the dealer's included.
    """

    code: ClassVar[str] = "invalid_dealer"


class DealOverError(TarotError, ValueError):
    """An operation that needs a seat to act got a finished deal (for example a player)."""

    code: ClassVar[str] = "deal_over"


class NotTerminalError(TarotError, ValueError):
    """An operation that needs a finished deal (such as scoring) got an unfinished one."""

    code: ClassVar[str] = "not_terminal"


class NotInPlayError(TarotError, ValueError):
    """An operation that needs the card play got a deal before it (the bidding, the call...).

    Raised by the solver (:mod:`frenchtarot.solver`) for a deal still in the bidding, the
    call, the écart or the slam decision, or annulled.
    """

    code: ClassVar[str] = "not_in_play"


class InvalidMatchError(TarotError, ValueError):
    """Settings that make no game of several deals, or a deal that does not belong to it.

    Raised by :func:`frenchtarot.match.new_match` (a table size, names or number of deals that
    do not fit), by :meth:`frenchtarot.match.Match.update` (a state of another deal) and by
    :func:`frenchtarot.match.team_standings` (teams that are not 2 or 4 players of the tables).
    """

    code: ClassVar[str] = "invalid_match"


class RecordError(TarotError, ValueError):
    """A JSON record that :mod:`frenchtarot.records` refuses to load.

    Every refusal of a record, whatever is wrong with it (not JSON, a missing field, a
    value of the wrong type, a card or an action that is not notation, an action the rules
    forbid, a format written by a later version), is this one error; nothing is returned.

    Attributes:
        path: Where in the document, as a JSON path: ``"$"`` for the whole document,
            ``"$.hands[2][5]"``, ``"$.deals[1].moves[17]"``. In a JSON Lines stream, the
            path is that of the line's document and :attr:`line` says which line.
        reason: Why it was refused.
        action: The index in ``moves`` of the action that was refused, or ``None`` when
            the fault is not an action.
        line: The line number (from 1) in a JSON Lines stream, else ``None``.
        shape: ``True`` when the fault is in the record's shape, which the shipped JSON
            schema (:func:`frenchtarot.records.json_schema`; for a loader of one kind,
            the definition of that kind) refuses too: not JSON, a missing or unknown
            field, a wrong type, a number out of range, a wrong count, a code or
            notation that is not one, a value the table's size or preset rules out.
            ``False`` when only loading finds it, the record's shape being right: a
            replay (an action the rules refuse, a match's deals against its seed and
            length), what several values say together (the cards of a deal, cards out
            of the order of the deck, sums, a view's fields against each other), or a
            message of the bot protocol given to :func:`~frenchtarot.records.loads`.
    """

    code: ClassVar[str] = "invalid_record"

    def __init__(
        self,
        path: str,
        reason: str,
        action: int | None = None,
        line: int | None = None,
        shape: bool = True,
    ) -> None:
        where = path if line is None else f"line {line}, {path}"
        super().__init__(f"invalid record at {where}: {reason}")
        self.path = path
        self.reason = reason
        self.action = action
        self.line = line
        self.shape = shape

    def __reduce__(
        self,
    ) -> tuple[type[RecordError], tuple[str, str, int | None, int | None, bool]]:
        return (type(self), (self.path, self.reason, self.action, self.line, self.shape))


class Rule(enum.Enum):
    """The rule that makes an action illegal, carried by :class:`IllegalActionError`."""

    GAME_OVER = "the deal is over"
    NOT_YOUR_TURN = "only the seat whose turn it is may act"
    WRONG_PHASE = "this kind of action is not allowed in this phase of the deal"
    BID_TOO_LOW = "a bid must be higher than every earlier bid"
    CONTRACT_NOT_OFFERED = "the table's house rules do not offer this contract"
    CARD_NOT_IN_HAND = "the card is not in the player's hand"
    FORBIDDEN_DISCARD = "neither a King nor a bout may be put in the écart"
    TRUMP_DISCARD_AVOIDABLE = "a trump may be put in the écart only when it is unavoidable"
    MUST_FOLLOW_SUIT = "a player who holds the suit led must follow it"
    MUST_TRUMP = "a player void in the suit led must play a trump"
    MUST_OVERTRUMP = "a trump must beat the highest trump in the trick when the player can"
    HANDFUL_NOT_NOW = "a handful is declared only just before the player's first card, once"
    INVALID_HANDFUL = "the handful is not a display the rules allow"
    CARD_NOT_CALLABLE = (
        "the taker calls a King; a Queen only holding the four Kings, a Knight only holding "
        "every King and Queen, a Jack only holding every King, Queen and Knight"
    )
    CALLED_SUIT_LEAD = (
        "the opening lead may not be in the called card's suit, except the called card itself "
        "or when the leader holds nothing else"
    )

    @property
    def code(self) -> str:
        """The rule's stable wire code, e.g. ``"not_your_turn"`` (never its English text)."""
        return _RULE_CODES[self]


_RULE_CODES: Final[dict[Rule, str]] = {
    Rule.GAME_OVER: "game_over",
    Rule.NOT_YOUR_TURN: "not_your_turn",
    Rule.WRONG_PHASE: "wrong_phase",
    Rule.BID_TOO_LOW: "bid_too_low",
    Rule.CONTRACT_NOT_OFFERED: "contract_not_offered",
    Rule.CARD_NOT_IN_HAND: "card_not_in_hand",
    Rule.FORBIDDEN_DISCARD: "forbidden_discard",
    Rule.TRUMP_DISCARD_AVOIDABLE: "trump_discard_avoidable",
    Rule.MUST_FOLLOW_SUIT: "must_follow_suit",
    Rule.MUST_TRUMP: "must_trump",
    Rule.MUST_OVERTRUMP: "must_overtrump",
    Rule.HANDFUL_NOT_NOW: "handful_not_now",
    Rule.INVALID_HANDFUL: "invalid_handful",
    Rule.CARD_NOT_CALLABLE: "card_not_callable",
    Rule.CALLED_SUIT_LEAD: "called_suit_lead",
}
"""The stable wire code of each rule, written out so that renaming a member changes none."""


class IllegalActionError(TarotError, ValueError):
    """An action the rules forbid in the given state.

    The state the action was applied to is unchanged and can still be used.

    Attributes:
        rule: Which rule forbids the action.
        action: The refused action.
        seat: The seat whose turn it was (``None`` when the deal is over).
        detail: More about why, when there is more to say (else ``""``).
        where: Where in the deal it happened, as the message says it (e.g. ``"seat 2 in
            trick 3"``), or ``""``.
    """

    code: ClassVar[str] = "illegal_action"

    def __init__(
        self, rule: Rule, action: Action, seat: int | None, detail: str = "", where: str = ""
    ) -> None:
        super().__init__(self._message(rule, action, detail, where))
        self.rule = rule
        self.action = action
        self.seat = seat
        self.detail = detail
        self.where = where

    @staticmethod
    def _message(rule: Rule, action: Action, detail: str, where: str) -> str:
        message = f"illegal action {action}"
        if where:
            message += f" ({where})"
        message += f": {rule.value}"
        if detail:
            message += f" ({detail})"
        return message

    def _locate(self, where: str) -> None:
        """Say where in the deal the action was refused (the engine calls this)."""
        self.where = where
        self.args = (self._message(self.rule, self.action, self.detail, where),)

    def __reduce__(
        self,
    ) -> tuple[type[IllegalActionError], tuple[Rule, Action, int | None, str, str]]:
        return (type(self), (self.rule, self.action, self.seat, self.detail, self.where))


# The errors of the features, defined here with the others and importable from the
# feature that raises them (frenchtarot.sampling, .players, .svg, .encoding, .testing).


class InconsistentObservationError(TarotError, ValueError):
    """No deal gives this observation: it was not made by :func:`frenchtarot.observe`."""

    code: ClassVar[str] = "inconsistent_observation"


class InvalidSettingsError(TarotError, ValueError):
    """Settings of a player or of the arena that cannot work (a budget of zero samples)."""

    code: ClassVar[str] = "invalid_settings"


class _BudgetSpent(Exception):
    """The solver's search ran out of its node or time budget (caught by the solver)."""


class InvalidSizeError(TarotError, ValueError):
    """A picture size that is not a number of pixels from 10 to 2000."""

    code: ClassVar[str] = "invalid_size"


class EncodingError(TarotError, ValueError):
    """Something the encodings do not represent.

    An action with no id, an id that stands for no action offered in the position, or (in
    the OpenSpiel adapter) a kind of observation that is not provided.

    Attributes:
        value: The action, id or observation kind that was refused.
    """

    code: ClassVar[str] = "encoding"

    def __init__(self, message: str, value: object) -> None:
        super().__init__(message)
        self.value = value

    def __reduce__(self) -> tuple[type[EncodingError], tuple[str, object]]:
        return (type(self), (str(self), self.value))


class ConformanceError(TarotError, AssertionError):
    """A check of :func:`frenchtarot.testing.check_conformance` failed.

    It is an :class:`AssertionError` too, so test runners report it as a failed test.

    Attributes:
        check: The short name of the failed check, such as ``"apply-pure"`` or ``"cards"``.
        detail: What was wrong, in words.
        seed: The seed of the deal (dealt by seat ``seed % seats``) where it failed.
        step: How many actions of that deal had been applied.
        history: Those actions, in order; with the seed they replay the failure.
    """

    code: ClassVar[str] = "conformance"

    def __init__(
        self, check: str, detail: str, *, seed: int, step: int, history: tuple[Action, ...] = ()
    ) -> None:
        message = f"conformance check {check!r} failed on deal seed {seed}, step {step}: {detail}"
        if history:
            message += f" [actions so far: {' '.join(map(str, history))}]"
        super().__init__(message)
        self.check = check
        self.detail = detail
        self.seed = seed
        self.step = step
        self.history = history

    def __reduce__(self) -> tuple[object, ...]:
        # The keyword-only arguments need spelling out for pickle (and so multiprocessing).
        return (_rebuild_error, (self.check, self.detail, self.seed, self.step, self.history))


def _rebuild_error(
    check: str, detail: str, seed: int, step: int, history: tuple[Action, ...]
) -> ConformanceError:
    return ConformanceError(check, detail, seed=seed, step=step, history=history)


class ArenaStoppedError(TarotError, RuntimeError):
    """The duplicate arena stopped before the end; :attr:`result` holds what it played.

    Raised by :func:`frenchtarot.arena.duplicate` when the executor was shut down, broke or
    cancelled its work, when the journal could not be written, or when the ``progress``
    callback raised (that error is the ``__cause__``).

    Attributes:
        result: The deals finished before the arena stopped, a
            :class:`~frenchtarot.arena.DuplicateResult` whose ``complete`` is false.
    """

    code: ClassVar[str] = "arena_stopped"

    def __init__(self, message: str, result: DuplicateResult) -> None:
        super().__init__(message)
        self.result = result

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.result))


class DealFailedError(ArenaStoppedError):
    """A deal of the duplicate arena failed, and the arena was told to raise on failure.

    Attributes:
        failure: Which deal failed, where (rotation, seat, player) and why: a
            :class:`~frenchtarot.arena.DealFailure`.
        result: The deals finished so far, this failure included.
    """

    code: ClassVar[str] = "deal_failed"

    def __init__(self, message: str, result: DuplicateResult, failure: DealFailure) -> None:
        super().__init__(message, result)
        self.failure = failure

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.result, self.failure))


class ArenaInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped the duplicate arena; :attr:`result` holds the deals it finished.

    The one exception of the library that is not a :class:`TarotError`: it is a
    :class:`KeyboardInterrupt`, so that an interrupt stays one (an ``except Exception``
    does not swallow it, and an uncaught one ends the program as Ctrl-C does).

    Attributes:
        result: The deals finished before the interrupt, a
            :class:`~frenchtarot.arena.DuplicateResult` whose ``complete`` is false.
    """

    def __init__(self, message: str, result: DuplicateResult) -> None:
        super().__init__(message)
        self.result = result

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (str(self), self.result))
