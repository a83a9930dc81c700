"""Today's ``SimplePlayer`` before issue #28, kept for comparison in the benchmarks only.

A copy of the class as it was in ``frenchtarot.players`` (renamed ``OldSimplePlayer``):
``benchmarks/strength.py --only simple-vs-old`` and ``benchmarks/tune_simple.py`` seat it
against the new :class:`~frenchtarot.players.SimplePlayer`. It is not part of the library.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from frenchtarot._core import tricks as _tricks
from frenchtarot.actions import Action, Bid, Call, Contract, DeclareHandful, Discard, Phase, Play
from frenchtarot.cards import Card
from frenchtarot.errors import DealOverError
from frenchtarot.observation import Observation

__all__ = ["OldSimplePlayer"]


def _legal(observation: Observation) -> tuple[Action, ...]:
    if not observation.legal_actions:
        raise DealOverError(f"seat {observation.seat} has nothing to do")
    return observation.legal_actions


# Bidding thresholds of the simple player's hand evaluation, highest contract first. A
# hand bids the highest contract whose threshold it reaches among those still open to it:
# offered by the table and above the highest bid so far.
_BID_THRESHOLDS: Final = (
    (Contract.GARDE_CONTRE, 66),
    (Contract.GARDE_SANS, 58),
    (Contract.GARDE, 47),
    (Contract.PETITE, 38),
)


def _hand_strength(hand: Sequence[Card]) -> int:
    """A rough count of a hand's worth for bidding, scaled to a four-player hand."""
    strength = 0
    trumps = 0
    for card in hand:
        if card.is_bout:
            strength += 9
        if card.is_trump:
            trumps += 1
            strength += 2 + (card.rank >= 16)
        elif card.is_honour:
            strength += card.half_points // 2 + 1
    strength += max(0, trumps * 18 // max(len(hand), 1) - 8) * 3
    return strength * 18 // max(len(hand), 1)  # as if dealt 18 cards


class OldSimplePlayer:
    """A modest but rule-aware player, good enough to make deals look like real ones.

    It bids on a rough hand evaluation, calls (five players) the first King it does not
    hold, or else the first callable card it does not hold, puts its cheapest cards in the
    écart, always shows the largest handful it can, never announces a slam, and in the play
    wins a trick as cheaply as it can when the other camp holds it, gives points to its own
    camp when its camp holds it, and otherwise plays its cheapest card.

    The evaluation sets a threshold for each contract (the same at every table). The player
    bids the highest contract it reaches that is still open: one the table offers
    (:attr:`Rules.contracts <frenchtarot.Rules.contracts>`) and above the highest bid so
    far; when there is none, it passes. So under house rules it never bids a contract left
    out, and never bids above its hand: under :data:`~frenchtarot.rules.LUDICASH`, which
    has no Petite, a hand worth only a Petite passes rather than risk a Garde, which costs
    twice as much when lost.
    """

    def __call__(self, observation: Observation) -> Action:
        """Choose an action for the seat to act.

        Args:
            observation: The view of the seat to act.

        Returns:
            One of ``observation.legal_actions``.

        Raises:
            DealOverError: It is not this seat's turn, or the deal is over.
            TarotTypeError: ``observation`` is not an :class:`~frenchtarot.Observation`.
        """
        actions = _legal(observation)
        seat = observation.seat
        phase = observation.phase
        if phase is Phase.BIDDING:
            strength = _hand_strength(observation.hand)
            for contract, threshold in _BID_THRESHOLDS:
                if strength >= threshold and Bid(contract) in actions:
                    return Bid(contract)
            return actions[0]
        if phase is Phase.DISCARD:
            return min(
                (a for a in actions if isinstance(a, Discard)),
                key=lambda a: (a.card.half_points, a.card.is_trump, a.card.index),
            )
        if phase is Phase.SLAM:
            return actions[0]
        if phase is Phase.CALL:
            calls = [a for a in actions if isinstance(a, Call)]
            held = set(observation.hand)
            return next((a for a in calls if a.card not in held), calls[0])
        handfuls = [a for a in actions if isinstance(a, DeclareHandful)]
        if handfuls:
            return handfuls[-1]
        return self._play(observation, seat, [a for a in actions if isinstance(a, Play)])

    @staticmethod
    def _play(view: Observation, seat: int, plays: list[Play]) -> Play:
        trick = tuple(card.index for card in view.current_trick)
        attack = {view.taker, view.partner} - {None}

        def cheap(play: Play) -> tuple[int, bool, int]:
            return (play.card.half_points, play.card.is_trump, play.card.index)

        if not trick:
            return min(plays, key=cheap)
        leader = view.leader if view.leader is not None else seat
        holder = (leader + _tricks.winning_position(trick)) % view.rules.seats
        if (holder in attack) == (seat in attack):
            return max(plays, key=lambda p: (not p.card.is_trump, p.card.half_points))
        winning = [
            p for p in plays if _tricks.winning_position((*trick, p.card.index)) == len(trick)
        ]
        return min(winning or plays, key=cheap)

    def __repr__(self) -> str:
        return "OldSimplePlayer()"
