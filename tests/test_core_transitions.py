"""The transitions of the rules core (``frenchtarot._core.transitions``), beyond what the
rules' tests see through :func:`frenchtarot.legal_actions` and :func:`frenchtarot.apply`."""

from __future__ import annotations

import random

import pytest

import frenchtarot as ft
from frenchtarot import Phase, Rules
from frenchtarot._core import transitions

TABLES = [ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER]


@pytest.mark.parametrize("rules", TABLES, ids=lambda rules: rules.name)
def test_the_legal_actions_of_the_core_are_the_entry_points_in_every_phase(rules: Rules) -> None:
    # legal_actions sends the card play straight to its rule; the core's legal answers for
    # every phase, the play included, and the terminal states.
    phases: set[Phase] = set()
    for seed in range(4):
        state, rng = ft.new_deal(seed=seed, rules=rules), random.Random(seed)
        while True:
            offered = ft.legal_actions(state)
            assert transitions.legal(state) == offered
            phases.add(state.phase)
            if state.is_terminal:
                break
            state = ft.apply(state, rng.choice(offered))
    assert Phase.PLAY in phases and Phase.DONE in phases
