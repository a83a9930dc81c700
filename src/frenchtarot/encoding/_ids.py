"""The action ids: their numbering, and the look-ups the learning adapters make at each step.

Private: :mod:`frenchtarot.encoding` re-exports the numbering and checks its arguments
before calling :func:`id_of` and :func:`describe`; the adapters (:mod:`frenchtarot.openspiel`,
:mod:`frenchtarot.pettingzoo`) call :func:`ids_of` and :func:`offered_action` on the actions
:func:`~frenchtarot.legal_actions` offered, which need no checking.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot.actions import (
    ANNOUNCE_SLAM,
    BIDS,
    DISCARDS,
    PASS,
    PLAYS,
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Play,
)
from frenchtarot.cards import DECK
from frenchtarot.encoding._layout import CALL_OFFSET, CALLABLE
from frenchtarot.errors import EncodingError, TarotTypeError
from frenchtarot.rules import Rules

__all__ = [
    "BID_IDS",
    "CALL_BASE",
    "DISCARD_BASE",
    "HANDFUL_BASE",
    "PASS_ID",
    "PLAY_BASE",
    "SHARED_ACTIONS",
    "SLAM_ID",
    "describe",
    "id_of",
    "ids_of",
    "num_actions",
    "offered_action",
]

PASS_ID: Final = 0
"""The id of ``Pass()``."""
BID_IDS: Final[dict[Contract, int]] = {
    Contract.PETITE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 3,
    Contract.GARDE_CONTRE: 4,
}
"""The id of each :class:`~frenchtarot.Bid`, by contract."""
SLAM_ID: Final = 5
"""The id of ``AnnounceSlam()``."""
HANDFUL_BASE: Final = 6
"""The id of the simple handful; the double and the triple follow."""
DISCARD_BASE: Final = 9
"""The id of ``Discard(DECK[0])``; ``Discard(card)`` is ``DISCARD_BASE + card.index``."""
PLAY_BASE: Final = DISCARD_BASE + 78
"""The id of ``Play(DECK[0])``; ``Play(card)`` is ``PLAY_BASE + card.index``."""
CALL_BASE: Final = PLAY_BASE + 78
"""The id of the first callable card (five players)."""
_BIDS: Final[tuple[Bid, ...]] = tuple(Bid(contract) for contract in BID_IDS)
_SHARED_IDS: Final[dict[int, int]] = {
    id(PASS): PASS_ID,
    id(ANNOUNCE_SLAM): SLAM_ID,
    **{id(BIDS[contract]): number for contract, number in BID_IDS.items()},
    **{id(DISCARDS[card.index]): DISCARD_BASE + card.index for card in DECK},
    **{id(PLAYS[card.index]): PLAY_BASE + card.index for card in DECK},
}
"""The id of each action :func:`~frenchtarot.legal_actions` offers as one shared object (the
action values of :mod:`frenchtarot.actions`), by the object's identity: a quicker look-up
than :func:`id_of`. The handfuls and calls, whose ids depend on the rules, are not here.
The objects are module constants, kept alive as long as the module, so their ids stay."""
SHARED_ACTIONS: Final[tuple[Action | None, ...]] = tuple(
    [PASS, *(BIDS[contract] for contract in BID_IDS), ANNOUNCE_SLAM, None, None, None]
    + [DISCARDS[card.index] for card in DECK]
    + [PLAYS[card.index] for card in DECK]
)
"""The shared action of each id below :data:`CALL_BASE`; ``None`` for the handfuls'."""


def num_actions(rules: Rules) -> int:
    """How many action ids ``rules`` has (unchecked: see :func:`.encoding.num_actions`)."""
    return CALL_BASE + (len(CALLABLE) if rules.calls_partner else 0)


def id_of(action: Action, rules: Rules) -> int:
    """The id of ``action`` (unchecked: see :func:`frenchtarot.encoding.action_id`)."""
    kind = action.__class__
    if kind is Play:
        return PLAY_BASE + action.card.index  # type: ignore[union-attr]
    if kind is Discard:
        return DISCARD_BASE + action.card.index  # type: ignore[union-attr]
    if kind is Pass:
        return PASS_ID
    if kind is Bid:
        return BID_IDS[action.contract]  # type: ignore[union-attr]
    if kind is AnnounceSlam:
        return SLAM_ID
    if kind is DeclareHandful:
        size = len(action.cards)  # type: ignore[union-attr]
        sizes = [size for size, _bonus in rules.handfuls]
        if size not in sizes:
            raise EncodingError(
                f"no id for {action}: a handful at the {rules.name} table has "
                f"{', '.join(map(str, sizes[:-1]))} or {sizes[-1]} cards, not {size}",
                action,
            )
        return HANDFUL_BASE + sizes.index(size)
    if kind is Call:
        card = action.card  # type: ignore[union-attr]
        if not rules.calls_partner:
            raise EncodingError(
                f"no id for {action}: nobody calls a card at the {rules.name} table "
                "(only five players do)",
                action,
            )
        offset = CALL_OFFSET.get(card)
        if offset is None:
            raise EncodingError(
                f"no id for {action}: only a Jack, Knight, Queen or King of a suit is ever called",
                action,
            )
        return CALL_BASE + offset
    raise TarotTypeError(f"expected an action, not {describe_value(action)}")


def ids_of(offered: tuple[Action, ...], rules: Rules) -> list[int]:
    """The ids of ``offered``, actions :func:`~frenchtarot.legal_actions` offered at ``rules``."""
    shared = _SHARED_IDS
    try:
        return [shared[id(action)] for action in offered]
    except KeyError:  # a handful or a call
        return [
            number if (number := shared.get(id(action), -1)) >= 0 else id_of(action, rules)
            for action in offered
        ]


def offered_action(number: int, offered: tuple[Action, ...], rules: Rules) -> Action:
    """The action of ``offered`` whose id is ``number``.

    Raises:
        EncodingError: ``number`` is out of range, or no action of ``offered`` has it; the
            message lists the ids offered.
    """
    total = num_actions(rules)
    if not 0 <= number < total:
        raise EncodingError(
            f"action id {number} is out of range: the {rules.name} table has ids 0 to {total - 1}",
            number,
        )
    shared = _SHARED_IDS
    for action in offered:
        known = shared.get(id(action), -1)
        if (known if known >= 0 else id_of(action, rules)) == number:
            return action
    ids = " ".join(str(id_of(action, rules)) for action in offered) or "none"
    raise EncodingError(
        f"action id {number} ({describe(number, rules)}) is not offered here; the ids "
        f"offered are {ids}",
        number,
    )


def describe(number: int, rules: Rules) -> str:
    """A short text for an action id (see :func:`frenchtarot.encoding.describe_id`).

    Raises:
        EncodingError: ``number`` is not an id of ``rules``.
    """
    total = num_actions(rules)
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < total:
        raise EncodingError(
            f"{describe_value(number)} is no action id of the {rules.name} table "
            f"(0 to {total - 1})",
            number,
        )
    if number == PASS_ID:
        return "pass"
    if number < SLAM_ID:
        return str(_BIDS[number - 1])
    if number == SLAM_ID:
        return "slam"
    if number < DISCARD_BASE:
        return f"handful of {rules.handfuls[number - HANDFUL_BASE][0]}"
    if number < PLAY_BASE:
        return f"discard {DECK[number - DISCARD_BASE]}"
    if number < CALL_BASE:
        return f"play {DECK[number - PLAY_BASE]}"
    return f"call {CALLABLE[number - CALL_BASE]}"
