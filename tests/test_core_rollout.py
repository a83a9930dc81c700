"""The random playout of the rules core (``frenchtarot._core.simulate``), behind
:func:`frenchtarot.rollout`: when it is used, and deals whose rare rules it must apply as the
engine does (the partner's camp on the last trick, the taker's écart trumps in a handful)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import frenchtarot as ft
from frenchtarot import Card, State
from frenchtarot._core.simulate import draws_like_random
from tests.builders import cards, deal, play_out, scripted, trumps

FIVE = ft.FIVE_PLAYER


class PlainRandom(random.Random):
    """A generator that changes nothing: it draws as random.Random does."""


class OwnChoice(random.Random):
    """A generator with a choice of its own, which the playout cannot imitate."""

    def choice(self, seq: Any) -> Any:
        return seq[len(seq) - 1]


class OwnRandom(random.Random):
    """A generator with a random() of its own: Python then draws integers from it (the class
    gets another _randbelow, which does not call getrandbits)."""

    def random(self) -> float:
        return super().random() / 2


@pytest.mark.parametrize(
    ("rng", "fast"),
    [
        (random.Random(1), True),
        (random.SystemRandom(), True),
        (PlainRandom(1), True),
        (OwnChoice(1), False),
        (OwnRandom(1), False),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, random.Random) else str(value),
)
def test_the_playout_serves_the_generators_that_draw_like_random(
    rng: random.Random, fast: bool
) -> None:
    assert draws_like_random(rng) is fast


def stepwise(state: State, seed: int) -> State:
    """The deal played out by ``rng.choice(legal_actions(s))``, one state at a time."""
    rng = random.Random(seed)
    while not state.is_terminal:
        state = ft.apply(state, rng.choice(ft.legal_actions(state)))
    return state


def test_the_partners_excuse_takes_the_last_trick_after_the_taker_took_every_other() -> None:
    # Seat 1 holds T7 to T21 and takes a Garde sans, calling the King of spades, which seat
    # 3 holds beside the Excuse. Seat 1 leads (the dealer's next) and wins every trick with
    # its trumps; seat 3 keeps the Excuse for the last one.
    start = deal({1: trumps(7, 21), 3: "KS EX"}, rules=FIVE)
    state = play_out(start, "garde_sans pass pass pass pass call KS pass")
    assert (state.taker, state.partner) == (1, 3)
    plans = {
        1: cards(trumps(7, 21))[::-1],
        3: [card for card in state.hand(3) if not card.is_excuse],
    }
    before_last = scripted(state, plans, FIVE.hand_size - 1)
    assert {trick.winner for trick in before_last.tricks} == {1}
    assert before_last.hand(3) == tuple(cards("EX"))
    # The attack won every earlier trick, so the Excuse its partner plays wins the last.
    for seed in range(3):
        end = ft.rollout(before_last, random.Random(seed))
        assert end.tricks[-1].seat_of(Card.parse("EX")) == 3
        assert end.tricks[-1].winner == 3
        assert end == stepwise(before_last, seed)


def test_a_defender_never_shows_the_takers_ecart_trumps() -> None:
    # Seat 1 takes a Garde with the four Kings and T11 to T21, and the dog T8 T9 T10: with no
    # ordinary card, it must put three trumps aside (shown, and part of its own handfuls).
    # Seat 2 holds six trumps, too few for the smallest handful (eight): only the écart's
    # three, which are not its own, would make one.
    start = deal(
        {1: "KS KH KD KC " + trumps(11, 21), 2: trumps(2, 7), 4: "T1 EX"},
        dog="T8 T9 T10",
        rules=FIVE,
    )
    state = play_out(start, "garde pass pass pass pass call QS discard T8 discard T9 discard T10")
    state = play_out(state, "pass")
    assert state.phase is ft.Phase.PLAY
    assert [card for card in state.discard if card.is_trump] == cards("T8 T9 T10")
    own = {seat: set(state.hand(seat)) for seat in range(FIVE.seats)}
    own[1] |= set(state.discard)
    shown: set[int] = set()
    for seed in range(12):
        end = ft.rollout(state, random.Random(seed))
        assert end == stepwise(state, seed)
        for handful in end.handfuls:
            assert set(handful.cards) <= own[handful.seat]
            shown.add(handful.seat)
    assert shown == {1}  # the taker showed one now and then, nobody else could
