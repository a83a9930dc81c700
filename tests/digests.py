"""Fingerprints of many deals, to compare two builds of the library (see test_compiled.py).

Run as a script, it prints the fingerprints of the ``frenchtarot`` it imports as JSON::

    PYTHONPATH=src python -m tests.digests 1000
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

import frenchtarot as ft
from frenchtarot import State


def describe(state: State) -> str:
    """Every field of ``state`` in words (hashes differ between processes; words do not)."""
    fields = (
        state.rules.name,
        state.dealer,
        state.phase.name,
        state.current,
        [" ".join(map(str, hand)) for hand in state.hands],
        " ".join(map(str, state.dog)),
        " ".join(map(str, state.discard)),
        state.taker,
        state.contract,
        state.called,
        state.partner,
        state.slam,
        [str(handful) for handful in state.handfuls],
        [str(trick) for trick in state.tricks],
        " ".join(map(str, state.current_trick)),
        state.leader,
        " ".join(map(str, state.history)),
        state.annulment,
    )
    return repr(fields)


def fingerprints(deals: int) -> list[str]:
    """One digest per deal: ``deals`` seeds at each table size, played by the public API
    (``legal_actions``, ``apply``, ``score``, every state described) and by ``rollout``."""
    digests = []
    for rules in (ft.THREE_PLAYER, ft.FOUR_PLAYER, ft.FIVE_PLAYER):
        for seed in range(deals):
            start = ft.new_deal(seed=seed, dealer=seed % rules.seats, rules=rules)
            lines = [describe(start)]
            state, rng = start, random.Random(seed)
            while not state.is_terminal:
                actions = ft.legal_actions(state)
                lines.append(" ".join(map(str, actions)))
                state = ft.apply(state, rng.choice(actions))
                lines.append(describe(state))
            lines.append(str(ft.score(state)))
            end = ft.rollout(start, random.Random(seed + 1))
            lines += [describe(end), str(ft.score(end))]
            digests.append(hashlib.sha256("\n".join(lines).encode()).hexdigest())
    return digests


def main() -> None:
    json.dump(fingerprints(int(sys.argv[1])), sys.stdout)


if __name__ == "__main__":
    main()
