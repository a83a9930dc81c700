"""The deal record: the fields of a state that playing a card never changes.

Its class, :class:`DealRecord`, is shared by the states of a deal between two changes to
one of its fields; :mod:`frenchtarot._core.state` keeps one in each state.
"""

from __future__ import annotations

from typing import final

from frenchtarot._deal_values import Annulment, Handful
from frenchtarot.actions import Contract
from frenchtarot.cards import Card
from frenchtarot.rules import Rules

__all__ = ["DealRecord"]


@final
class DealRecord:
    """The fields of a state that playing a card never changes: one record shared by states.

    The rest of the rules core and the observation may read a state's record
    (:func:`~frenchtarot._core.state.record_of`), never change it.

    The card play makes most of a deal's states, and each new state copies its fields:
    keeping these in one shared record leaves it fewer to copy. The bidding, the call, the
    écart, the slam decision, a handful and an annulment make a new record. Never changed
    once made.
    """

    __slots__ = (
        "annulment",
        "called",
        "contract",
        "dealer",
        "discard",
        "dog",
        "handfuls",
        "partner",
        "rules",
        "slam",
        "taker",
    )

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        dog: int,
        discard: int,
        taker: int | None,
        contract: Contract | None,
        called: Card | None,
        partner: int | None,
        slam: bool,
        handfuls: tuple[Handful, ...],
        annulment: Annulment | None,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.dog = dog
        self.discard = discard
        self.taker = taker
        self.contract = contract
        self.called = called
        self.partner = partner
        self.slam = slam
        self.handfuls = handfuls
        self.annulment = annulment
