"""The solver's sure-trick bounds (``solver/_bounds.py``) on hand-made positions.

Each row gives the hands at a trick's start (seat 0 to lead unless said), the attack's
seats, and the half points the bound must give each camp: counted by hand from the rule
the bound states (master trumps, the leader's masters no other seat can ruff, the Excuse
kept), so that a bound that grows unsound or weaker shows here. The cards keep their deck
indices as labels (the search's labels for more than 61 cards; any labelling keeps the
order within a suit). That the search's values never change with the bound switched off is
checked with the other switches in ``test_solver.py`` (``OFF``).
"""

from __future__ import annotations

import pytest

import frenchtarot as ft
from frenchtarot.solver import Objective, Solver, solve
from frenchtarot.solver._bounds import sure_marked
from frenchtarot.solver._search import HALF, Options
from tests.solver_reference import play_to

TRUMPS = (1 << 21) - 1
EXCUSE = 1 << 21
SUITS = [((1 << 14) - 1) << (22 + 14 * suit) for suit in range(4)]


def hand(cards: str) -> int:
    mask = 0
    for name in cards.split():
        mask |= 1 << ft.Card.parse(name).index
    return mask


ROWS = [
    # (what, hands, attack seats, leader, attack's sure, defence's sure)
    (
        "the top two trumps in one hand: two tricks, 4.5 + 0.5 points and 3 cards each",
        ["T21 T20 1S", "T5 2S 3S", "T6 4S 5S", "T7 6S 7S"],
        0b0001,
        1,
        (9 + 1) + 2 * 3,
        0,
    ),
    (
        "the top trumps split in one camp: as many tricks as one seat holds",
        ["T21 2S 3S", "T20 4S 5S", "T6 6S 7S", "T7 8S 9S"],
        0b0011,
        2,
        9 + 3,
        0,
    ),
    (
        "a run broken by the other camp's trump: only the trumps above it",
        ["T21 T19 1S", "T20 2S 3S", "T6 4S 5S", "T7 6S 7S"],
        0b0001,
        1,
        9 + 3,
        0,
    ),
    (
        "the leader cashes a King and a Queen no one can ruff, then the 21",
        ["KH QH T21", "1H 2H 3H", "4H 5H 6H", "7H 8H T1"],
        0b0001,
        0,
        (9 + 7 + 9) + 3 * 3,
        0,
    ),
    (
        "the leader cashes a King in each of two suits, then the 21",
        ["KH KS T21", "1H 1S T1", "2H 2S 3S", "3H 4S 5S"],
        0b0001,
        0,
        (9 + 9 + 9) + 3 * 3,
        0,
    ),
    (
        "a seat with trumps and one card of the suit ruffs the second round",
        ["KH QH 1S", "1H T2 3S", "4H 5H 6H", "7H 8H 9H"],
        0b0001,
        0,
        9 + 3,
        1 + 3,  # the defence's T2: the only trump, a master
    ),
    (
        "a seat without trumps never ruffs",
        ["KH QH 1S", "1H 2S 3S", "4H 5H 6H", "7H 8H 9H"],
        0b0001,
        0,
        (9 + 7) + 2 * 3,
        0,
    ),
    (
        "a Queen under the other camp's King is no master; the 4 and 3 of spades are",
        ["KH 1S 2S", "QH 3S 4S", "4H 5H 6H", "7H 8H 9H"],
        0b0001,
        1,
        0,
        (1 + 1) + 2 * 3,
    ),
    (
        "one sure trick, no trick won, the other camp's Excuse: it could be the last",
        ["T21 1S 2S", "EX 3S 4S", "T6 5S 6S", "T7 7S 8S"],
        0b0001,
        1,
        0,
        8,
    ),
    (
        "the camp's Excuse before the last trick: 4 points kept",
        ["EX 1S 2S", "T5 3S 4S", "T6 5S 6S", "T7 7S 8S"],
        0b0001,
        1,
        8,
        0,  # three master trumps, possibly in one trick: one, maybe the last
    ),
    (
        "the leader cashes all but its Excuse: the Excuse would be the last card, not kept",
        ["KH EX", "1H T2", "4H 5H", "7H 8H"],
        0b0001,
        0,
        9 + 3,
        0,
    ),
    (
        "the last trick: the Excuse of a camp that won no trick wins it, no master is sure",
        ["EX", "T2", "4H", "7H"],
        0b0001,
        1,
        0,
        0,
    ),
]


def owners(masks: list[int]) -> list[int]:
    """Each card's seat in ``masks`` (the table the search keeps for ``sure_marked``)."""
    return [next((seat for seat, m in enumerate(masks) if m >> card & 1), 0) for card in range(78)]


@pytest.mark.parametrize(
    ("what", "hands", "attack", "leader", "att", "defence"), ROWS, ids=[row[0] for row in ROWS]
)
def test_the_sure_points_of_hand_made_positions(
    what: str, hands: list[str], attack: int, leader: int, att: int, defence: int
) -> None:
    masks = [hand(cards) for cards in hands]
    half = list(HALF)
    got = [
        sure_marked(
            masks, owners(masks), attack, side, leader, TRUMPS, SUITS, half, EXCUSE, False, True
        )[0]
        for side in (1, 0)
    ]
    assert got == [att, defence], what


def test_a_trick_won_lifts_the_excuse_exception() -> None:
    masks = [hand(cards) for cards in ["T21 1S 2S", "EX 3S 4S", "T6 5S 6S", "T7 7S 8S"]]
    won = sure_marked(
        masks, owners(masks), 0b0001, 1, 1, TRUMPS, SUITS, list(HALF), EXCUSE, True, True
    )[0]
    assert won == 9 + 3


def test_the_opening_lead_restriction_leaves_the_leader_s_masters_out() -> None:
    masks = [hand(cards) for cards in ["KH QH T21", "1H 2H 3H", "4H 5H 6H", "7H 8H T1"]]
    assert (
        sure_marked(
            masks, owners(masks), 0b0001, 1, 0, TRUMPS, SUITS, list(HALF), EXCUSE, False, False
        )[0]
        == 12
    )


@pytest.mark.parametrize("objective", [Objective.POINTS, Objective.CONTRACT], ids=str)
@pytest.mark.parametrize("seed", range(6))
def test_the_root_range_holds_the_value_and_the_switch_keeps_it(
    seed: int, objective: Objective
) -> None:
    """At a trick's start the root's bounds (with the sure tricks) hold the exact value,
    and the value is the same with the bound switched off."""
    rules = (ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER)[seed % 3]
    state = play_to(rules, seed, 4 + seed % 3, "random")
    while state.current_trick:  # on to the next trick's start
        state = ft.apply(state, ft.legal_actions(state)[0])
    value = solve(state, objective).value
    internal = value * 2 if objective is Objective.POINTS else value
    low, high = Solver()._search(state, objective, 0, 0.0).range_now()
    assert low <= internal <= high
    off = Solver._with_options(Options(sure=False)).solve(state, objective)
    assert off.value == value


def test_the_floor_probe_set_back_after_its_nodes_keeps_the_value() -> None:
    """A solve first asks, within a few nodes, whether the value is its lower bound; when
    the nodes run out, the position is set back and the bisection finds the same value as
    one full-window search."""
    probed_out = 0
    for seed in range(4):
        state = play_to(ft.FOUR_PLAYER, 40 + seed, 6, "random")
        got = solve(state)
        assert got.value == Solver._with_options(Options(bisect=False)).solve(state).value
        probed_out += got.nodes > 2_000
    assert probed_out >= 1
