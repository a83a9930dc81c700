"""A :class:`~frenchtarot.vector.VectorEnv` and the scalar engine playing the same deals.

:class:`Twin` keeps one scalar :class:`~frenchtarot.State` per row of a batch and applies
the same action ids to both; :meth:`Twin.check` compares them (the seat to act, the legal
mask, the observation tensor, the whole state, the scores). The conformance tests of
``tests/test_vector.py`` drive it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

import frenchtarot as ft
from frenchtarot import encoding
from frenchtarot.errors import EncodingError
from frenchtarot.vector import VectorEnv, VectorStep
from tests.builders import choose

Chooser = Callable[[ft.State, random.Random], int]


def uniform(state: ft.State, rng: random.Random) -> int:
    """A legal id, every one as likely."""
    return rng.choice(encoding.legal_ids(state))


def biased(state: ft.State, rng: random.Random) -> int:
    """A legal id drawn by :func:`tests.builders.choose` (bids on trumps, shows handfuls)."""
    return encoding.action_id(choose(state, rng), state.rules)


def _strength(number: int) -> int:
    card = number - encoding.PLAY_BASE
    if card < 21:
        return 100 + card
    return -1 if card == 21 else (card - 22) % 14


def strong(state: ft.State, rng: random.Random) -> int:
    """The taker's camp plays its best card (the Excuse last), the defence its worst.

    With a hand rich in trumps the taker often wins every trick: slams, and the Excuse led
    to the last trick. Elsewhere, as :func:`biased`.
    """
    if state.phase is not ft.Phase.PLAY:
        return biased(state, rng)
    ids = encoding.legal_ids(state)
    if ids[0] < encoding.PLAY_BASE and rng.random() < 0.8:
        return max(number for number in ids if number < encoding.PLAY_BASE)  # a handful
    plays = [number for number in ids if number >= encoding.PLAY_BASE]
    attack = state.current in state.attackers
    return (max if attack else min)(plays, key=_strength)


class Twin:
    """A batch and one scalar state per row, moved by the same ids.

    Args:
        env: The batch (not yet reset).
        seed: The seed of the choices.
        chooser: How each action is chosen, from the scalar state.
        tensors: The share of the positions whose observation tensors are compared.
        states: The share of the positions whose whole states are compared.
        deals: When given, what each row plays next once a deal is over (put in with
            :meth:`~frenchtarot.vector.VectorEnv.set_state`) instead of the stream's next deal.
    """

    def __init__(
        self,
        env: VectorEnv,
        seed: int,
        chooser: Chooser = biased,
        *,
        tensors: float = 1.0,
        states: float = 1.0,
        deals: Callable[[random.Random], ft.State] | None = None,
    ) -> None:
        self.env = env
        self.rules = env.rules
        self.rng = random.Random(seed)
        self.chooser = chooser
        self.tensors = tensors
        self.states = states
        self.deals = deals
        self.step: VectorStep = env.reset()
        self.scalar = [self._start(row) for row in range(env.n)]
        self.finished = 0
        self.annulled = 0
        self.refused = 0
        self.seen: set[str] = set()
        for row in range(env.n):
            self.check(row)
        if deals is not None:
            for row in range(env.n):
                self.put(row, deals(self.rng))

    def _start(self, row: int) -> ft.State:
        """The scalar twin of the deal just dealt in ``row``."""
        if self.env.deal_numbers[row] < 0:  # pragma: no cover - set by set_state
            raise AssertionError("a new deal has a number in the stream")
        seed = int(self.env.deal_seeds[row])
        state = ft.new_deal(seed=seed, dealer=int(self.env.dealers[row]), rules=self.rules)
        if self.env._batch.dealing == "library":
            assert self.env.state(row) == state, f"row {row}: deal of seed {seed}"
            return state
        return self.env.state(row)

    def put(self, row: int, state: ft.State) -> None:
        """Put ``state`` in ``row`` of the batch, and as its scalar twin."""
        self.env.set_state(row, state)
        self.scalar[row] = state
        self.step = self.env.observe()
        self.check(row)

    def check(self, row: int) -> None:
        """Compare ``row`` with its twin: seat to act, mask, tensor and state."""
        state, step = self.scalar[row], self.step
        where = f"row {row}, {state!r}"
        assert step.current[row] == state.current, where
        ids = np.flatnonzero(step.mask[row]).tolist()
        assert ids == encoding.legal_ids(state), where
        if self.rng.random() < self.tensors:
            assert state.current is not None
            seen = ft.observe(state, state.current)
            if self.env.observation_size == encoding.observation_tensor_size(self.rules):
                expected = encoding.observation_tensor(seen)
            else:
                expected = encoding.information_state_tensor(seen)
            got = step.observation[row]
            assert got.tolist() == expected, (where, np.flatnonzero(got != expected))
        if self.rng.random() < self.states:
            assert self.env.state(row) == state, where

    def refuse(self) -> None:
        """Offer one deal an id it may not take: both sides refuse it, nothing changes."""
        env, rng = self.env, self.rng
        row = rng.randrange(env.n)
        state = self.scalar[row]
        legal = set(encoding.legal_ids(state))
        wrong = rng.choice(
            [-1, env.num_actions, *(n for n in range(env.num_actions) if n not in legal)]
        )
        actions = np.array([ids[0] for ids in map(encoding.legal_ids, self.scalar)])
        actions[row] = wrong
        try:
            env.step(actions)
        except EncodingError as error:
            assert error.value == (row, wrong), error
            assert f"deal {row}:" in str(error)
        else:  # pragma: no cover - a failure
            raise AssertionError(f"id {wrong} accepted in row {row}, {state!r}")
        if 0 <= wrong < env.num_actions:
            try:
                encoding.action_from_id(wrong, state)
            except EncodingError:
                pass
            else:  # pragma: no cover - a failure
                raise AssertionError(f"id {wrong} refused by the batch only, {state!r}")
        self.refused += 1
        assert env.state(row) == state

    def advance(self) -> None:
        """One step of every deal, with the ids the chooser draws from the scalar states."""
        actions = [self.chooser(state, self.rng) for state in self.scalar]
        self.step = step = self.env.step(np.array(actions))
        refill = []
        for row, number in enumerate(actions):
            before = self.scalar[row]
            state = ft.apply(before, encoding.action_from_id(number, before))
            self.seen.add(encoding.describe_id(number, self.rules).split()[0])
            if state.is_terminal:
                assert step.done[row], f"row {row}: {state!r} is over"
                assert tuple(step.rewards[row]) == ft.score(state).deltas, state.history
                self.finished += 1
                self.annulled += state.phase is ft.Phase.ANNULLED
                if state.phase is ft.Phase.DONE:
                    score = ft.score(state)
                    if score.slam.made_by is not None:
                        self.seen.add(f"slam made by {score.slam.made_by.name.lower()}")
                    if score.petit_au_bout is not None:
                        self.seen.add("petit au bout")
                    last = state.tricks[-1]
                    if ft.DECK[21] in last.cards and last.seat_of(ft.DECK[21]) == last.winner:
                        self.seen.add("the Excuse wins the last trick")
                if self.deals is not None:
                    refill.append(row)
                state = self._start(row)
            else:
                assert not step.done[row] and not step.rewards[row].any(), state
            self.scalar[row] = state
            self.check(row)
        for row in refill:
            self.put(row, self.deals(self.rng))  # type: ignore[misc]

    def play(self, deals: int, refusals: float = 0.0) -> None:
        """Step until ``deals`` deals have ended, offering an illegal id now and then."""
        while self.finished < deals:
            if self.rng.random() < refusals:
                self.refuse()
            self.advance()
