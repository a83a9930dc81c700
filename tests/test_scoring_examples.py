"""The five worked examples of the rulebook's "Scoring in Casual Play", as complete deals.

Each example is a whole deal: explicit hands and dog, then every action (bids, écart, slam
decision, handfuls and the 72 cards) in the notation :func:`frenchtarot.parse_action` reads,
one trick per line. Replaying it with :func:`frenchtarot.apply` must reach the taker's total
printed in the rulebook, and the score's breakdown must match the rulebook's arithmetic term
by term:

1. Garde, the taker shows a single handful, wins the Petit au bout and ends with 49 points and
   two bouts: (25 + 8) x 2 + 20 + 20 = 106 a defender, +318 for the taker.
2. Garde sans made by 4, the Petit captured at the end by the defence:
   (25 + 4) x 4 - 40 = 76, +228 for the taker.
3. Petite set by 7 after a single handful, the taker winning the Petit au bout:
   25 + 7 + 20 - 10 = 42 to each defender, -126 for the taker.
4. Garde made by 11 with a defender's single handful: (25 + 11) x 2 + 20 = 92, +276.
5. Garde with a slam announced and made, a single handful and the Petit au bout, while a
   defender keeps the Excuse: 87 points with two bouts, (25 + 46) x 2 + 20 + 20 + 400 = 582,
   +1746 for the taker.

The rulebook leaves the bouts of example 2 and 4 open; these deals use one and two.
"""

from __future__ import annotations

from dataclasses import dataclass

import attrs
import pytest

import frenchtarot as ft
from frenchtarot import Camp, Card, Contract, Score, State
from frenchtarot.scoring import HandfulBonus, PetitAuBout, SlamResult

PETIT = Card.parse("T1")
EXCUSE = Card.parse("EX")


@dataclass(frozen=True)
class Example:
    """One worked example: the deal, its actions, and what the rulebook prints."""

    name: str
    dealer: int
    hands: tuple[str, str, str, str]
    dog: str
    actions: str
    score: Score
    book_total: int
    #: The rulebook's terms for one defender, signed for the taker: contract x multiplier,
    #: handfuls, Petit au bout, slam.
    book_terms: tuple[int, int, int, int]

    def action_list(self) -> list[str]:
        return [
            text.strip()
            for line in self.actions.strip().splitlines()
            for text in line.split(",")
            if text.strip()
        ]

    def play(self) -> State:
        state = ft.deal_from(
            [hand.split() for hand in self.hands], self.dog.split(), dealer=self.dealer
        )
        for text in self.action_list():
            assert not state.is_terminal
            state = ft.apply(state, ft.parse_action(text))
        assert state.phase is ft.Phase.DONE
        return state


EXAMPLES = [
    Example(
        name="garde-handful-petit-au-bout",
        dealer=0,
        hands=(
            "T2 T3 T8 1S 3S 9S QS 3H 5H 9H 10H 2D 6D 10D KD 1C 7C CC",
            "T1 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 4S 6S 2H JH JD 2C 5C",
            "T10 EX 2S 7S 8S 10S JS CS KS QH 1D 4D CD 8C 10C JC QC KC",
            "T5 T6 T7 T9 T11 1H 6H 7H 8H KH 5D 7D 8D 9D QD 3C 4C 9C",
        ),
        dog="T4 5S 4H CH 3D 6C",
        actions="""
            garde, pass, pass, pass
            discard CH, discard 6S, discard 6C, discard JD, discard 4H, discard 2H
            pass
            handful T1 T4 T12 T13 T14 T15 T16 T17 T18 T19, T16, EX, T9, T8
            T17, T10, T11, T3
            T14, CD, T7, T2
            T21, 10C, T5, 9S
            T20, 10S, T6, 9H
            T15, JS, 7D, 5H
            2C, QC, 4C, CC
            CS, 7H, 1S, 4S
            1D, 9D, 6D, 3D
            9C, 7C, 5C, JC
            KS, QD, QS, 5S
            QH, KH, 3H, JH
            1H, 10H, T18, 8S
            T19, 8C, 8H, 10D
            T12, 7S, 3C, 3S
            T13, 2S, 8D, KD
            T4, KC, 6H, 2D
            T1, 4D, 5D, 1C
        """,
        score=Score(
            annulment=None,
            taker=1,
            contract=Contract.GARDE,
            multiplier=2,
            taker_points=49.0,
            defence_points=42.0,
            bouts=2,
            target=41,
            made=True,
            margin=8,
            petit_au_bout=PetitAuBout(Camp.ATTACK, 20),
            handfuls=(HandfulBonus(1, 10, 20),),
            slam=SlamResult(False, None, 0),
            unit=106,
            deltas=(-106, 318, -106, -106),
        ),
        book_total=318,
        book_terms=(66, 20, 20, 0),
    ),
    Example(
        name="garde-sans-petit-lost-at-the-end",
        dealer=0,
        hands=(
            "T6 T13 EX 2S 3S 5S 9H 3D 7D 10D CD QD KD 2C 8C JC CC QC",
            "T15 T16 T17 T18 T19 T20 T21 9S 10S QS KS 4H 7H 8H KH 5D 9C 10C",
            "T5 T9 T14 1S 8S JS 3H 10H JH CH QH 6D 8D JD 3C 4C 7C KC",
            "T1 T2 T3 T4 T7 T11 T12 4S 7S CS 1H 2H 5H 6H 2D 9D 5C 6C",
        ),
        dog="T8 T10 6S 1D 4D 1C",
        actions="""
            garde_sans, pass, pass, pass
            pass
            T20, T14, T7, T6
            4H, 3H, 6H, EX
            T12, T13, T19, T5
            T21, T9, T11, 2S
            9C, KC, 5C, CC
            JH, 2H, 9H, 8H
            JD, 9D, 7D, 5D
            QH, 1H, 3S, KH
            9S, JS, 4S, 5S
            8D, 2D, KD, T18
            7H, 10H, 5H, CD
            CH, T3, QC, T17
            T16, 3C, T2, 8C
            10S, 8S, 7S, JC
            10C, 7C, 6C, 2C
            KS, 1S, CS, 3D
            T15, 4C, T4, QD
            QS, 6D, T1, 10D
        """,
        score=Score(
            annulment=None,
            taker=1,
            contract=Contract.GARDE_SANS,
            multiplier=4,
            taker_points=55.0,
            defence_points=36.0,
            bouts=1,
            target=51,
            made=True,
            margin=4,
            petit_au_bout=PetitAuBout(Camp.DEFENCE, -40),
            handfuls=(),
            slam=SlamResult(False, None, 0),
            unit=76,
            deltas=(-76, 228, -76, -76),
        ),
        book_total=228,
        book_terms=(116, 0, -40, 0),
    ),
    Example(
        name="petite-set-by-seven",
        dealer=0,
        hands=(
            "T12 T13 T20 2S 10S JS 1H 3H 9H 10H JH 1D 3D 4D KD 1C 10C JC",
            "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 1S KS 4H 8H CD 9C QC",
            "T14 T15 T16 T17 T21 EX 5S 6S CS 6H CH QH KH 6D JD QD 3C 4C",
            "T19 3S 4S 9S QS 2H 5H 7H 2D 7D 9D 10D 2C 5C 6C 7C CC KC",
        ),
        dog="T18 7S 8S 5D 8D 8C",
        actions="""
            petite, pass, pass, pass
            discard 5D, discard 8S, discard 9C, discard QC, discard 1S, discard 7S
            pass
            handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T10, T11, T21, T19, T13
            EX, QS, 10S, KS
            T2, T17, 5H, T20
            T12, T18, T14, 2H
            4H, KH, 7H, 9H
            4C, 7C, 10C, 8C
            KD, CD, 6D, 7D
            1H, 8H, QH, 9S
            6H, 6C, 10H, T4
            8D, QD, 10D, 3D
            5S, 4S, 2S, T5
            T10, T15, KC, JS
            CS, 3S, JC, T3
            T7, T16, 2D, 4D
            JD, 9D, 1D, T6
            T8, 3C, CC, JH
            T9, 6S, 5C, 1C
            T1, CH, 2C, 3H
        """,
        score=Score(
            annulment=None,
            taker=1,
            contract=Contract.PETITE,
            multiplier=1,
            taker_points=44.0,
            defence_points=47.0,
            bouts=1,
            target=51,
            made=False,
            margin=7,
            petit_au_bout=PetitAuBout(Camp.ATTACK, 10),
            handfuls=(HandfulBonus(1, 10, -20),),
            slam=SlamResult(False, None, 0),
            unit=-42,
            deltas=(42, -126, 42, 42),
        ),
        book_total=-126,
        book_terms=(-32, -20, 10, 0),
    ),
    Example(
        name="garde-defence-handful",
        dealer=0,
        hands=(
            "T16 5S 6S 9S CS 3H 10H 3D 5D 6D 7D 8D 10D 4C 5C 8C 9C 10C",
            "T1 T14 T15 T20 T21 EX 2S 8S QS KS 5H 6H KH CD KD 3C 6C KC",
            "T13 T18 4S JS 1H 2H 4H 7H 8H JH CH QH 1D 4D 9D QD 7C QC",
            "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 3S 7S 10S 9H 2D JD 1C 2C",
        ),
        dog="T12 T17 T19 1S JC CC",
        actions="""
            garde, pass, pass, pass
            discard 5H, discard 6H, discard CC, discard JC, discard QS, discard 8S
            pass
            T21, T13, handful T2 T3 T4 T5 T6 T7 T8 T9 T10 T11, T5, T16
            T20, T18, T8, 10D
            T19, QD, T6, 5D
            KS, JS, 10S, 6S
            3C, QC, 2C, 5C
            QH, 9H, 10H, EX
            4H, T3, 3H, KH
            2D, 8D, KD, 9D
            T17, 8H, T10, 6D
            T15, 2H, T9, 10C
            T1, CH, T4, 8C
            7S, CS, 2S, 4S
            9C, 6C, 7C, 1C
            3D, CD, 1D, JD
            1S, 4D, 3S, 9S
            7D, T12, 1H, T2
            KC, JH, T11, 4C
            T7, 5S, T14, 7H
        """,
        score=Score(
            annulment=None,
            taker=1,
            contract=Contract.GARDE,
            multiplier=2,
            taker_points=52.0,
            defence_points=39.0,
            bouts=2,
            target=41,
            made=True,
            margin=11,
            petit_au_bout=None,
            handfuls=(HandfulBonus(3, 10, 20),),
            slam=SlamResult(False, None, 0),
            unit=92,
            deltas=(-92, 276, -92, -92),
        ),
        book_total=276,
        book_terms=(72, 20, 0, 0),
    ),
    Example(
        name="garde-announced-slam",
        dealer=0,
        hands=(
            "T2 T3 T5 T6 T8 T9 1S 9S CS 1H JH 2D 7D 10D 2C 4C 7C 10C",
            "T1 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 QS KS QH KH QD KD KC",
            "T4 T7 5S 10S JS 5H 7H 8H CH 1D 4D 5D 8D JD 1C 3C 6C 8C",
            "EX 4S 6S 7S 8S 4H 6H 9H 10H 3D 6D 9D CD 5C 9C JC CC QC",
        ),
        dog="T10 T11 2S 3S 2H 3H",
        actions="""
            garde, pass, pass, pass
            discard 2S, discard 3S, discard 2H, discard 3H, discard QD, discard QH
            slam
            handful T1 T10 T11 T12 T13 T14 T15 T16 T17 T18, T21, T7, 4S, T8
            T20, T4, 9D, T5
            T19, 5D, 8S, T6
            T18, 10S, CC, T9
            T17, 4D, CD, T3
            T16, 8D, 3D, T2
            T15, 3C, 6D, 10D
            T14, 1C, 7S, 1H
            T13, JS, EX, 10C
            T12, 5S, 5C, JH
            T11, 5H, QC, 1S
            T10, 8C, 6H, CS
            KS, CH, 6S, 9S
            KH, 7H, 10H, 2D
            KD, 1D, JC, 7D
            KC, 6C, 9C, 4C
            QS, JD, 9H, 7C
            T1, 8H, 4H, 2C
        """,
        score=Score(
            annulment=None,
            taker=1,
            contract=Contract.GARDE,
            multiplier=2,
            taker_points=87.0,
            defence_points=4.0,
            bouts=2,
            target=41,
            made=True,
            margin=46,
            petit_au_bout=PetitAuBout(Camp.ATTACK, 20),
            handfuls=(HandfulBonus(1, 10, 20),),
            slam=SlamResult(True, Camp.ATTACK, 400),
            unit=582,
            deltas=(-582, 1746, -582, -582),
        ),
        book_total=1746,
        book_terms=(142, 20, 20, 400),
    ),
]

BY_NAME = {example.name: example for example in EXAMPLES}
IDS = [example.name for example in EXAMPLES]


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_example_reaches_the_printed_total(example: Example) -> None:
    score = ft.score(example.play())
    assert score.taker is not None
    assert score.deltas[score.taker] == example.book_total


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_example_scores_every_field(example: Example) -> None:
    score = ft.score(example.play())
    for field in attrs.fields(Score):
        assert getattr(score, field.name) == getattr(example.score, field.name), field.name
    assert score == example.score


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_example_follows_the_rulebook_arithmetic(example: Example) -> None:
    score = ft.score(example.play())
    contract_term, handful_term, petit_term, slam_term = example.book_terms
    assert score.contract is not None
    multiplier = {
        Contract.PETITE: 1,
        Contract.GARDE: 2,
        Contract.GARDE_SANS: 4,
        Contract.GARDE_CONTRE: 6,
    }[score.contract]
    sign = 1 if score.made else -1
    assert sign * (25 + score.margin) * multiplier == contract_term
    assert sum(handful.value for handful in score.handfuls) == handful_term
    assert (score.petit_au_bout.value if score.petit_au_bout else 0) == petit_term
    assert score.slam.value == slam_term
    assert score.unit == sum(example.book_terms) == example.book_total // 3
    assert score.deltas == tuple(
        3 * score.unit if seat == score.taker else -score.unit for seat in range(4)
    )
    assert sum(score.deltas) == 0


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_example_petit_au_bout_is_in_the_last_trick_of_its_camp(example: Example) -> None:
    state = example.play()
    score = ft.score(state)
    last = state.tricks[-1]
    if score.petit_au_bout is None:
        assert PETIT not in last.cards
    else:
        assert PETIT in last.cards
        camp = Camp.ATTACK if last.winner == state.taker else Camp.DEFENCE
        assert score.petit_au_bout.camp is camp


def test_example_1_story() -> None:
    state = BY_NAME["garde-handful-petit-au-bout"].play()
    score = ft.score(state)
    (handful,) = state.handfuls
    assert handful.seat == state.taker and handful.size == 10
    assert state.tricks[-1].winner == state.taker and PETIT in state.tricks[-1].cards
    assert (score.taker_points, score.bouts, score.target, score.margin) == (49, 2, 41, 8)


def test_example_2_story() -> None:
    state = BY_NAME["garde-sans-petit-lost-at-the-end"].play()
    score = ft.score(state)
    assert state.contract is Contract.GARDE_SANS and state.discard == ()
    last = state.tricks[-1]
    assert PETIT in last.cards and last.winner != state.taker
    assert score.made and score.margin == 4


def test_example_3_story() -> None:
    state = BY_NAME["petite-set-by-seven"].play()
    score = ft.score(state)
    (handful,) = state.handfuls
    assert handful.seat == state.taker and handful.size == 10
    last = state.tricks[-1]
    assert PETIT in last.cards and last.winner == state.taker
    assert not score.made and score.margin == 7


def test_example_4_story() -> None:
    state = BY_NAME["garde-defence-handful"].play()
    score = ft.score(state)
    (handful,) = state.handfuls
    assert handful.seat != state.taker and handful.size == 10
    assert score.made and score.margin == 11 and score.petit_au_bout is None


def test_example_5_story() -> None:
    state = BY_NAME["garde-announced-slam"].play()
    score = ft.score(state)
    assert state.slam and state.tricks[0].leader == state.taker
    assert all(trick.winner == state.taker for trick in state.tricks)
    excuse_trick = next(trick for trick in state.tricks if EXCUSE in trick.cards)
    assert excuse_trick.seat_of(EXCUSE) != state.taker
    assert excuse_trick is not state.tricks[-1]
    assert PETIT in state.tricks[-1].cards
    (handful,) = state.handfuls
    assert handful.seat == state.taker and handful.size == 10
    # 91 card points, less the Excuse the defence keeps, plus the half point it gives back.
    assert score.taker_points == 91 - 4.5 + 0.5 == 87
    assert score.defence_points == 4
    assert (score.bouts, score.margin) == (2, 46)
