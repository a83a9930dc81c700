"""The count of a deal played out (``frenchtarot._core.tally``, behind :func:`frenchtarot.score`):
rare ends of a deal that the rules' tests do not reach."""

from __future__ import annotations

import pytest

import frenchtarot as ft
from frenchtarot import Camp, Contract
from frenchtarot.scoring import PetitAuBout
from tests.builders import cards, deal, play_out, scripted, trumps

# The FFT's multipliers, and the petit au bout's 10 points, multiplied like the contract.
MULTIPLIERS = {Contract.GARDE_SANS: 4, Contract.GARDE_CONTRE: 6}
PETIT_AU_BOUT = 10


@pytest.mark.parametrize("contract", list(MULTIPLIERS), ids=lambda contract: contract.name)
@pytest.mark.parametrize("slam", ["slam", "pass"], ids=["slam announced", "no slam announced"])
def test_the_petit_in_the_last_trick_the_excuse_wins_counts_for_the_attack(
    contract: Contract, slam: str
) -> None:
    # Seat 1 (the dealer's next, who leads either way) holds T12 to T21, the Excuse and the
    # top hearts and diamonds; seat 2 the other trumps, T1 to T11, and the low hearts and
    # diamonds it follows with. Seat 1 wins every trick, then leads the Excuse to the last,
    # which seat 2 must answer with its Petit: the Excuse wins that trick (the attack won
    # every other one), so the Petit is taken in the last trick, by the attack.
    start = deal(
        {
            1: trumps(12, 21) + " EX KH QH CH JH KD QD CD",
            2: trumps(1, 11) + " 1H 2H 3H 4H 1D 2D 3D",
        }
    )
    state = play_out(start, f"{contract.name.lower()} pass pass pass {slam}")
    plans = {
        1: cards(trumps(12, 21))[::-1] + cards("KH QH CH JH KD QD CD EX"),
        2: cards(trumps(2, 11) + " 1H 2H 3H 4H 1D 2D 3D T1"),
    }
    end = scripted(state, plans, ft.FOUR_PLAYER.hand_size)
    last = end.tricks[-1]
    assert {trick.winner for trick in end.tricks} == {1}
    assert last.cards[:2] == tuple(cards("EX T1"))
    score = ft.score(end)
    assert score.petit_au_bout == PetitAuBout(Camp.ATTACK, PETIT_AU_BOUT * MULTIPLIERS[contract])
    assert score.slam.made_by is Camp.ATTACK
