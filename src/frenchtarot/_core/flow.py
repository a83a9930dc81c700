"""The order of play: who acts next and when each phase ends.

The engine (``_engine``) and the fast playout (``_rollout``) both walk a deal through the
same steps, and both take every such decision from here:

1. the bidding: each seat from the one after the dealer speaks once; all passing annuls;
2. the call (five players): the taker calls a card, which names the partner;
3. the dog: turned up and taken by the taker under Petite and Garde, who then puts as many
   cards aside (the écart); left face down under Garde sans and Garde contre;
4. the slam: the taker announces one or not;
5. the play: the seat after the dealer leads, or the taker after announcing a slam; a
   player may show a handful just before their first card; the winner of a trick leads the
   next; the deal ends when every card is played.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core import masks as _masks
from frenchtarot.actions import Contract, Phase
from frenchtarot.rules import Rules


def bidding_over(rules: Rules, words: int) -> bool:
    """Whether the bidding ends after ``words`` words (every seat speaks once)."""
    return words >= rules.seats


def words_spoken(rules: Rules, dealer: int, seat: int) -> int:
    """How many words have been said once ``seat`` has spoken in the bidding.

    The bidding goes round the table once, from the dealer's next seat to the dealer.
    """
    return (seat - dealer - 1) % rules.seats + 1


def after_bidding(rules: Rules, contract: Contract | None) -> Phase:
    """The phase after the bidding's last word; ``contract`` is the highest bid or ``None``."""
    if contract is None:
        return Phase.ANNULLED
    if rules.calls_partner:
        return Phase.CALL
    return after_call(contract)


def after_call(contract: Contract) -> Phase:
    """The phase that follows the call (or, without a call, the bidding)."""
    return Phase.DISCARD if contract.dog_is_shown else Phase.SLAM


def take_dog(hands: tuple[int, ...], taker: int, dog: int) -> tuple[int, ...]:
    """The hands once the taker has taken the dog (on entering the écart)."""
    return _masks.replaced(hands, taker, hands[taker] | dog)


def ecart_left(rules: Rules, ecart: int) -> int:
    """How many cards the taker has still to put aside, ``ecart`` being put aside so far."""
    return rules.dog_size - ecart.bit_count()


def first_leader(rules: Rules, dealer: int, taker: int, slam: bool) -> int:
    """The first trick's leader: the taker after a slam announcement, else the dealer's next."""
    return taker if slam else (dealer + 1) % rules.seats


NEXT_IN_TRICK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((seat + 1) % seats for seat in range(seats)) for seats in range(6)
)
"""``NEXT_IN_TRICK[seats][seat]``: the seat that plays after ``seat`` within a trick, at a
table of ``seats`` (a table lookup: a card is played on every action of the play)."""


def may_show_handful(tricks_done: int, shown_by_seat: bool) -> bool:
    """Whether a seat about to play may show a handful: in the first trick, once."""
    return not tricks_done and not shown_by_seat


def deal_over(rules: Rules, tricks_done: int) -> bool:
    """Whether the deal is played out after ``tricks_done`` tricks."""
    return tricks_done >= rules.hand_size


def actions_before_dog(rules: Rules) -> int:
    """How many actions come before the dog is turned up (or left face down).

    The bidding's words, and the call with five players.
    """
    return rules.seats + 1 if rules.calls_partner else rules.seats


def dog_is_public(phase: Phase, contract: Contract | None) -> bool:
    """Whether the dog is face up: Petite or Garde, once the bidding and the call are over."""
    return (
        contract is not None
        and contract.dog_is_shown
        and phase is not Phase.BIDDING
        and phase is not Phase.CALL
    )
