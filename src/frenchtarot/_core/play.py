"""The play of a card: the legal plays and cards of a state, and the state after a card.

The hot path of the library: a deal is mostly cards played, and the loops of the public
API, the rollout and the adapters call :func:`legal_plays` (or :func:`legal_cards`) then
:func:`play_card` on each state. With :mod:`~frenchtarot._core.state` and
:mod:`~frenchtarot._core.evolve`, the only code that reads a state's private slots.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core import calling as _calling
from frenchtarot._core import flow as _flow
from frenchtarot._core import handful as _handful
from frenchtarot._core import masks as _masks
from frenchtarot._core import tricks as _tricks
from frenchtarot._core.state import State, next_state
from frenchtarot._deal_values import Trick
from frenchtarot.actions import PLAYS, Action, DeclareHandful, Phase, Play
from frenchtarot.cards import DECK
from frenchtarot.errors import IllegalActionError, Rule

__all__ = ["has_shown", "legal_cards", "legal_plays", "play_card"]

_CARD_OF: Final = DECK.__getitem__

_PLAY: Final = Phase.PLAY
_PLAY_TABLE: Final = _masks.make_table(PLAYS)
# The play state last given to legal_plays and its legal-card mask, so that play_card, called
# next on the same state in the usual loop, need not work the mask out again. One tuple, set
# in one assignment, so that threads never pair a state with another state's mask.
_last_legal: tuple[State | None, int] = (None, 0)


def legal_plays(state: State) -> tuple[Action, ...]:
    """The legal actions of a state in the play: the handfuls on offer, then the cards."""
    global _last_legal
    seat: int = state.current  # type: ignore[assignment]
    hand = state._hands[seat]
    legal = _play_mask(state, hand)
    _last_legal = (state, legal)
    plays: tuple[Action, ...] = _masks.select(_PLAY_TABLE, legal)
    if not state.tricks:
        deal = state._deal
        if _flow.may_show_handful(0, has_shown(state, seat)):
            ecart = deal.discard & _masks.TRUMPS if seat == deal.taker else 0
            displays = _handful.canonical_displays(deal.rules, hand, ecart)
            if displays:
                shown = tuple(DeclareHandful(_masks.cards(mask)) for mask in displays)
                return shown + plays
    return plays


def legal_cards(state: State) -> int:
    """The mask of the cards the seat to act may play, in the play (the handfuls aside).

    As :func:`legal_plays` does, it remembers the mask for :func:`play_card` on the same
    state: for an adapter that needs the cards without their actions.
    """
    global _last_legal
    seat: int = state.current  # type: ignore[assignment]
    trick = state._trick
    legal = _tricks.legal_mask(state._hands[seat], trick)
    called = state._deal.called
    if called is not None and not trick and not state.tricks:  # as _play_mask
        legal = _calling.opening_lead_mask(legal, called._index)
    _last_legal = (state, legal)
    return legal


def play_card(state: State, action: Play, seat: int) -> State:
    """The state after ``seat``, the seat to act in the play, plays ``action``'s card.

    Raises:
        IllegalActionError: The card is not one ``seat`` may play.
    """
    hands = state._hands
    hand = hands[seat]
    index = action.card._index
    bit = 1 << index
    cached, legal = _last_legal
    if cached is not state:
        legal = _play_mask(state, hand)
    if not legal & bit:
        raise _refused_play(state, action, seat, legal)
    changed = list(hands)  # _masks.replaced, inline on the hottest path
    changed[seat] = hand ^ bit
    hands = tuple(changed)
    trick = state._trick + (index,)
    deal = state._deal
    rules = deal.rules
    leader = state._leader
    tricks = state.tricks
    seats = rules.seats
    if len(trick) < seats:
        return next_state(
            deal,
            _PLAY,
            _flow.NEXT_SEAT[seats][seat],
            hands,
            tricks,
            trick,
            leader,
            (state._chain, action),
        )
    camp = _calling.camp_mask(deal.taker, deal.partner)  # type: ignore[arg-type]
    winner = _tricks.trick_winner(rules, camp, leader, trick, tricks)
    tricks += (Trick._trusted(leader, tuple(map(_CARD_OF, trick)), winner),)
    if _flow.deal_over(rules, len(tricks)):
        return next_state(
            deal, Phase.DONE, None, hands, tricks, (), leader, (state._chain, action)
        )
    return next_state(deal, _PLAY, winner, hands, tricks, (), winner, (state._chain, action))


def has_shown(state: State, seat: int) -> bool:
    """Whether ``seat`` has shown a handful in this deal."""
    return any(handful.seat == seat for handful in state._deal.handfuls)


def _play_mask(state: State, hand: int) -> int:
    """The cards of ``hand`` that the seat to act may play to the trick in progress."""
    trick = state._trick
    legal = _tricks.legal_mask(hand, trick)
    called = state._deal.called
    if called is not None and not trick and not state.tricks:
        legal = _calling.opening_lead_mask(legal, called._index)
    return legal


def _refused_play(state: State, action: Play, seat: int, legal: int) -> IllegalActionError:
    """The error for playing ``action`` from ``seat``, whose legal cards are ``legal``."""
    hand = state._hands[seat]
    trick = state._trick
    index = action.card._index
    if _tricks.legal_mask(hand, trick) & 1 << index:  # barred by the opening-lead restriction
        rule = Rule.CALLED_SUIT_LEAD
    else:
        rule = _tricks.refusal(hand, trick, index)
    allowed = " ".join(map(str, _masks.cards(legal)))
    return IllegalActionError(rule, action, seat, f"seat {seat} may play {allowed}")
