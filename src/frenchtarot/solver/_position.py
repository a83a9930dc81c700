"""From a :class:`~frenchtarot.State` of the card play to the search's position.

The tally so far is counted as ``_core/tally.py`` counts it at the end (the écart, the dog
under Garde sans, the tricks won, the Excuse exchange), so that the search only adds what
the rest of the play brings.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core import calling as _calling
from frenchtarot._core import masks as _masks
from frenchtarot._core.state import State, masks_of, record_of
from frenchtarot.actions import Contract, Phase
from frenchtarot.errors import DealOverError, NotInPlayError, TarotTypeError
from frenchtarot.solver._search import (
    HALF,
    OBJ_POINTS,
    Options,
    Scoring,
    Search,
)

_BOUTS: Final = _masks.BOUTS
_EXCUSE_BIT: Final = _masks.EXCUSE
_PETIT_BIT: Final = _masks.PETIT

Context = tuple[object, ...]
"""What a transposition table is valid for: the objective, the camp, the rules' numbers,
the scoring and the options (a table is shared by the positions of one context only)."""


def check_play(state: object) -> State:
    """``state`` if it is a State in the card play.

    Raises:
        TarotTypeError: ``state`` is not a State.
        DealOverError: The deal is over (played out or annulled).
        NotInPlayError: The deal is before its card play (bidding, call, écart, slam).
    """
    if not isinstance(state, State):
        raise TarotTypeError(f"expected a State, not {type(state).__name__}")
    if state.phase is not Phase.PLAY:
        if state.is_terminal:
            raise DealOverError(
                f"the deal is over ({state.phase.name.lower()}): there is no card play left "
                "to solve"
            )
        raise NotInPlayError(
            f"the solver needs a state of the card play, not one in the "
            f"{state.phase.name.lower()} phase"
        )
    return state


def scoring_of(state: State) -> Scoring:
    """The parts of the taker's score that the cards do not decide (``_core/tally.py``)."""
    record = record_of(state)
    rules = record.rules
    contract: Contract = record.contract  # type: ignore[assignment]
    multiplier = rules.multiplier(contract)
    petit = rules.petit_au_bout * (multiplier if rules.petit_au_bout_multiplied else 1)
    handfuls = sum(rules.handful_bonus(h.size) for h in record.handfuls)
    partner = record.partner
    defenders = rules.seats - (1 if partner is None else 2)
    share = defenders - (0 if partner is None else 1)
    return Scoring(
        multiplier,
        petit,
        handfuls,
        record.slam,
        rules.slam_announced,
        rules.slam_unannounced,
        rules.slam_missed,
        rules.slam_defence,
        share,
    )


def camp_of(state: State) -> int:
    """The taker's camp as a mask of seats."""
    record = record_of(state)
    return _calling.camp_mask(record.taker, record.partner)  # type: ignore[arg-type]


def context_of(state: State, objective: int, options: Options) -> Context:
    """The context of ``state``'s positions for a transposition table."""
    record = record_of(state)
    rules = record.rules
    called = record.called
    return (
        objective,
        camp_of(state),
        rules.seats,
        rules.hand_size,
        -1 if called is None else called.index,
        scoring_of(state).key() if objective != OBJ_POINTS else (),
        options.key(),
    )


def build(
    state: State,
    objective: int,
    options: Options,
    table: dict[int, tuple[int, int, int]],
    history: list[int],
    partition_table: dict[int, tuple[int, ...]],
) -> Search:
    """A search set to ``state`` (which must be in the card play)."""
    record = record_of(state)
    rules = record.rules
    seats = rules.seats
    camp = camp_of(state)
    hands, trick, leader, dog, discard = masks_of(state)
    tricks = state.tricks
    opening = -1
    if record.called is not None and not tricks and not trick:
        opening = record.called.index

    pile = discard
    if record.contract is Contract.GARDE_SANS:
        pile |= dog
    att_half = _half_points(pile)
    att_bouts = pile & _BOUTS
    att_won = False
    def_won = False
    petit_pending = 0
    for number, done in enumerate(tricks):
        mask = _masks.mask_of(done.cards)
        to_attack = camp >> done.winner & 1
        if to_attack:
            att_half += _half_points(mask)
            att_bouts |= mask & _BOUTS
            att_won = True
        else:
            def_won = True
        if mask & _EXCUSE_BIT and number < rules.hand_size - 1:
            owner = camp >> done.seat_of(_EXCUSE_CARD) & 1
            if owner != to_attack:
                if owner:
                    att_half += 8
                    att_bouts |= _EXCUSE_BIT
                else:
                    att_half -= 8
                    att_bouts &= ~_EXCUSE_BIT
        if number == rules.hand_size - 2 and mask & _PETIT_BIT:
            petit_pending = 1 if to_attack else -1

    search = Search(
        seats,
        rules.hand_size,
        camp,
        objective,
        scoring_of(state),
        options,
        table,
        history,
        opening,
        partition_table,
    )
    search.set_position(
        list(hands),
        att_half,
        att_bouts,
        att_won,
        def_won,
        petit_pending,
        leader,
        list(trick),
    )
    return search


def _half_points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += HALF[low.bit_length() - 1]
        mask ^= low
    return total


_EXCUSE_CARD: Final = _masks.cards(_EXCUSE_BIT)[0]
