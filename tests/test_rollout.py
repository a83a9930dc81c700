"""rollout(): the fast random playout must end exactly where the step-by-step loop ends."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    Action,
    AnnounceSlam,
    AnnulReason,
    Bid,
    Card,
    Contract,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Rules,
    State,
    TarotTypeError,
    apply,
    deal_from,
    legal_actions,
    new_deal,
    score,
)
from frenchtarot._rollout import Policy, rollout
from tests.builders import cards
from tests.strategies import TABLES

T = TypeVar("T")

# --- helpers -------------------------------------------------------------------------------


def step_loop(state: State, rng: random.Random) -> State:
    """The reference: one public-API step at a time, uniformly random."""
    while not state.is_terminal:
        state = apply(state, rng.choice(legal_actions(state)))
    return state


def advance(
    state: State, rng: random.Random, until: Callable[[State], bool], *, low_bids: bool = False
) -> State | None:
    """Play random steps until ``until`` holds; ``None`` if the deal ends first.

    With ``low_bids``, nobody bids above a Garde, so that the dog is taken and the écart made.
    """
    while not until(state):
        if state.is_terminal:
            return None
        actions = legal_actions(state)
        if low_bids and state.phase is Phase.BIDDING:
            actions = tuple(
                a for a in actions if not isinstance(a, Bid) or a.contract.dog_is_shown
            )
        state = apply(state, rng.choice(actions))
    return state


def assert_same_as_loop(state: State, seed: int) -> State:
    """rollout and the step loop, each with ``Random(seed)``, agree; returns the end state."""
    fast_rng, slow_rng = random.Random(seed), random.Random(seed)
    fast = rollout(state, fast_rng)
    slow = step_loop(state, slow_rng)
    assert fast.is_terminal
    assert fast == slow
    assert hash(fast) == hash(slow)
    # Spelled out too, so that a narrower State.__eq__ could not hide a difference.
    assert fast.history == slow.history
    assert fast.tricks == slow.tricks
    assert fast.handfuls == slow.handfuls
    assert fast.hands == slow.hands
    assert fast.discard == slow.discard
    assert (fast.phase, fast.current, fast.taker, fast.contract, fast.slam) == (
        slow.phase,
        slow.current,
        slow.taker,
        slow.contract,
        slow.slam,
    )
    assert fast.current_trick == slow.current_trick
    assert fast.annulment == slow.annulment
    assert score(fast) == score(slow)
    # The same number of random draws: both generators end in the same state.
    assert fast_rng.getstate() == slow_rng.getstate()
    return fast


def rest_of_pack(*taken: list[Card]) -> list[Card]:
    used = {card for group in taken for card in group}
    return [card for card in DECK if card not in used]


# --- from every phase ----------------------------------------------------------------------

PHASES: list[tuple[str, Callable[[State], bool]]] = [
    ("start of the bidding", lambda s: s.phase is Phase.BIDDING and not s.history),
    ("second word", lambda s: s.phase is Phase.BIDDING and len(s.history) == 1),
    ("last word", lambda s: s.phase is Phase.BIDDING and len(s.history) == 3),
    ("first discard", lambda s: s.phase is Phase.DISCARD and not s.discard),
    ("fourth discard", lambda s: s.phase is Phase.DISCARD and len(s.discard) == 3),
    ("slam decision", lambda s: s.phase is Phase.SLAM),
    ("first lead", lambda s: s.phase is Phase.PLAY and not s.tricks and not s.current_trick),
    ("first trick, third card", lambda s: not s.tricks and len(s.current_trick) == 2),
    ("between tricks", lambda s: len(s.tricks) == 5 and not s.current_trick),
    ("mid-play", lambda s: len(s.tricks) == 9 and len(s.current_trick) == 1),
    ("last trick", lambda s: len(s.tricks) == 17 and len(s.current_trick) == 3),
]


@pytest.mark.parametrize(("name", "reached"), PHASES, ids=[name for name, _ in PHASES])
def test_same_end_as_the_step_loop_from_every_phase(
    name: str, reached: Callable[[State], bool]
) -> None:
    hits = 0
    for seed in range(60):
        deal = new_deal(dealer=seed % 4, seed=seed)
        start = advance(deal, random.Random(seed), reached, low_bids=seed % 2 == 0)
        if start is None:
            continue
        assert reached(start)
        hits += 1
        assert_same_as_loop(start, seed + 10_000)
    assert hits >= 10, f"only {hits} of 60 deals reached {name}: the table needs more seeds"


@pytest.mark.parametrize("rules", TABLES, ids=[rules.name for rules in TABLES])
def test_from_every_step_of_some_deals(rules: Rules) -> None:
    for seed in range(12):
        state = new_deal(seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_terminal:
            assert_same_as_loop(state, seed * 1000 + len(state.history))
            state = apply(state, rng.choice(legal_actions(state)))


@given(
    deal_seed=st.integers(min_value=0, max_value=2**32),
    dealer=st.integers(min_value=0, max_value=4),
    steps=st.integers(min_value=0, max_value=95),
    prefix_seed=st.integers(),
    rollout_seed=st.integers(),
    rules=st.sampled_from(TABLES),
)
def test_same_end_as_the_step_loop(
    deal_seed: int, dealer: int, steps: int, prefix_seed: int, rollout_seed: int, rules: Rules
) -> None:
    state = new_deal(dealer=dealer % rules.seats, seed=deal_seed, rules=rules)
    rng = random.Random(prefix_seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    assert_same_as_loop(state, rollout_seed)


# --- rare paths, set up on purpose ---------------------------------------------------------


def test_all_passed() -> None:
    annulled = 0
    for seed in range(40):
        state = new_deal(seed=seed)
        for _ in range(3):
            state = apply(state, Pass())
        end = assert_same_as_loop(state, seed)
        if end.phase is Phase.ANNULLED:
            assert end.annulment is not None
            assert end.annulment.reason is AnnulReason.ALL_PASSED
            annulled += 1
    assert 0 < annulled < 40  # both endings of the last word were exercised


def ecart_trump_deal() -> State:
    """Seat 1 holds 15 trumps, takes a Garde and must put trumps in the écart."""
    taker = cards("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 KS KH KD")
    dog = cards("T17 T18 T19 T20 KC QC")
    seat2 = cards("T1 T21 EX 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS 1H 2H")
    others = rest_of_pack(taker, dog, seat2)
    state = deal_from([others[:18], taker, seat2, others[18:]], dog, dealer=0)
    state = apply(state, Bid(Contract.GARDE))
    for _ in range(3):
        state = apply(state, Pass())
    assert state.phase is Phase.DISCARD
    assert state.current == 1
    return state


def test_handfuls_with_ecart_trumps() -> None:
    start = ecart_trump_deal()
    shown_from_ecart = 0
    for seed in range(60):
        end = assert_same_as_loop(start, seed)
        ecart_trumps = {card for card in end.discard if card.is_trump}
        assert ecart_trumps  # the taker had to put trumps aside
        for handful in end.handfuls:
            if handful.seat == 1 and ecart_trumps <= set(handful.cards):
                shown_from_ecart += 1
    assert shown_from_ecart > 0  # the offered displays did include the écart trumps


def test_handful_offers_in_the_first_trick() -> None:
    start = ecart_trump_deal()
    first_lead = advance(
        start, random.Random(5), lambda s: s.phase is Phase.PLAY and not s.current_trick
    )
    assert first_lead is not None
    declared = 0
    for seed in range(60):
        end = assert_same_as_loop(first_lead, seed)
        declared += bool(end.handfuls)
    assert declared > 0


def test_excuse_takes_the_last_trick_of_a_slam() -> None:
    taker = cards("T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 EX")
    others = rest_of_pack(taker)
    state = deal_from([others[:18], taker, others[18:36], others[36:54]], others[54:], dealer=0)
    state = apply(state, Bid(Contract.GARDE_SANS))
    for _ in range(3):
        state = apply(state, Pass())

    def sweep(s: State, actions: tuple[Action, ...]) -> Action:
        """The taker plays its highest trump and keeps the Excuse; the others play low."""
        plays = [a for a in actions if isinstance(a, Play)]
        if s.current == 1:
            return max((a for a in plays if a.card.is_trump), key=lambda a: a.card)
        return plays[0]

    state = apply(state, AnnounceSlam())
    while len(state.tricks) < 17:
        state = apply(state, sweep(state, legal_actions(state)))
    assert all(trick.winner == 1 for trick in state.tricks)
    assert state.hand(1) == (Card.parse("EX"),)
    for seed in range(5):
        end = assert_same_as_loop(state, seed)
        assert end.tricks[-1].winner == 1  # the slam exception: the Excuse wins


# --- terminal states and inputs ------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: ft.rollout("x", random.Random(1)),  # type: ignore[arg-type]
        lambda: ft.rollout(None, random.Random(1)),  # type: ignore[arg-type]
        lambda: ft.rollout(ft.new_deal(seed=1), None),
        lambda: ft.rollout(ft.new_deal(seed=1), 7),  # type: ignore[arg-type]
        lambda: ft.rollout(ft.new_deal(seed=1), random.Random(1), 5),  # type: ignore[arg-type]
        lambda: ft.rollout(step_loop(new_deal(seed=3), random.Random(3)), None),
    ],
    ids=["state-str", "state-none", "rng-none", "rng-int", "policy-int", "finished-rng-none"],
)
def test_rollout_refuses_wrong_types(call: Callable[[], object]) -> None:
    with pytest.raises(TarotTypeError):
        call()


def test_rollout_with_a_policy_needs_no_generator() -> None:
    end = ft.rollout(ft.new_deal(seed=2), None, lambda state, actions: actions[0])
    assert end.is_terminal


def petit_sec_deal() -> State:
    seat0 = cards("T1 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS QS KS 1H 2H 3H")
    others = rest_of_pack(seat0)
    return deal_from([seat0, others[:18], others[18:36], others[36:54]], others[54:])


def terminal_states() -> list[State]:
    ends = [petit_sec_deal()]
    for seed in range(3):
        ends.append(step_loop(new_deal(seed=seed), random.Random(seed)))
    return ends


@pytest.mark.parametrize("end", terminal_states(), ids=lambda s: s.phase.name)
def test_terminal_state_is_returned_unchanged(end: State) -> None:
    assert end.is_terminal
    rng = random.Random(1)
    before = rng.getstate()
    assert rollout(end, rng) is end
    assert rollout(end, rng, lambda s, actions: actions[0]) is end
    assert rng.getstate() == before


def after_one_trick(seed: int) -> State:
    state = advance(new_deal(seed=seed), random.Random(seed), lambda s: len(s.tricks) == 1)
    assert state is not None
    return state


def test_input_state_is_not_changed() -> None:
    for seed in range(5):
        state, twin = after_one_trick(seed), after_one_trick(seed)
        assert state is not twin and state == twin
        rollout(state, random.Random(seed))
        rollout(state, random.Random(seed), lambda s, actions: actions[-1])
        assert state == twin
        assert state.hands == twin.hands and state.history == twin.history
        assert not state.is_terminal


# --- with a policy -------------------------------------------------------------------------


def policy_loop(state: State, policy: Policy) -> State:
    while not state.is_terminal:
        state = apply(state, policy(state, legal_actions(state)))
    return state


def last_action(state: State, actions: tuple[Action, ...]) -> Action:
    return actions[-1]


def uniform(rng: random.Random) -> Policy:
    """A policy drawing uniformly from ``rng``, as the fast path does."""

    def choose(state: State, actions: tuple[Action, ...]) -> Action:
        return rng.choice(actions)

    return choose


def test_policy_gives_the_same_end_as_its_loop() -> None:
    for seed in range(8):
        start = new_deal(seed=seed)
        assert rollout(start, random.Random(0), last_action) == policy_loop(start, last_action)
        mid = advance(start, random.Random(seed), lambda s: s.phase is Phase.PLAY)
        if mid is None:
            continue
        fast = rollout(mid, random.Random(0), uniform(random.Random(seed)))
        assert fast == policy_loop(mid, uniform(random.Random(seed)))


def test_uniform_policy_matches_the_fast_path() -> None:
    # A policy drawing from the same kind of generator must end where the fast path ends.
    for seed in range(8):
        start = new_deal(seed=seed)
        with_policy = rollout(start, random.Random(-1), uniform(random.Random(seed)))
        assert with_policy == rollout(start, random.Random(seed))


def test_policy_is_shown_the_legal_actions_and_rng_is_left_alone() -> None:
    seen: list[State] = []

    def checking(state: State, actions: tuple[Action, ...]) -> Action:
        assert actions == legal_actions(state)
        assert actions
        seen.append(state)
        return actions[0]

    rng = random.Random(4)
    before = rng.getstate()
    end = rollout(new_deal(seed=4), rng, checking)
    assert end.is_terminal
    assert len(seen) == len(end.history)
    assert rng.getstate() == before


def test_illegal_policy_choice_is_refused() -> None:
    def always_pass(state: State, actions: tuple[Action, ...]) -> Action:
        return Pass()

    state = advance(new_deal(seed=2), random.Random(2), lambda s: s.phase is Phase.PLAY)
    assert state is not None
    with pytest.raises(IllegalActionError):
        rollout(state, random.Random(0), always_pass)


# --- players that play from their observation ------------------------------------------


@pytest.mark.parametrize("rules", TABLES, ids=[rules.name for rules in TABLES])
def test_players_play_as_play_deal_does(rules: Rules) -> None:
    from frenchtarot.players import RandomPlayer, SimplePlayer, play_deal

    for seed in range(5):
        start = new_deal(seed=seed, rules=rules)
        assert rollout(start, players=SimplePlayer()) == play_deal(
            start, [SimplePlayer()] * rules.seats
        )
        seated = [RandomPlayer(seed * 10 + seat) for seat in range(rules.seats)]
        again = [RandomPlayer(seed * 10 + seat) for seat in range(rules.seats)]
        assert rollout(start, None, players=seated) == play_deal(start, again)


def test_players_are_given_their_own_observation_only() -> None:
    from frenchtarot.observation import Observation

    seen: list[tuple[int, int | None]] = []

    def spy(observation: Observation) -> Action:
        assert isinstance(observation, Observation)
        seen.append((observation.seat, observation.current))
        return observation.legal_actions[0]

    end = rollout(new_deal(seed=6), players=spy)
    assert end.is_terminal
    assert seen and all(seat == current for seat, current in seen)


@pytest.mark.parametrize(
    "players",
    [5, "SimplePlayer", [lambda obs: obs.legal_actions[0]] * 3, [1, 2, 3, 4]],
    ids=["int", "str", "too-few", "not-callable"],
)
def test_players_must_be_a_player_or_one_per_seat(players: object) -> None:
    with pytest.raises(ft.TarotTypeError):
        rollout(new_deal(seed=1), players=players)  # type: ignore[arg-type]


def test_a_policy_and_players_together_are_refused() -> None:
    from frenchtarot.players import SimplePlayer

    with pytest.raises(ft.TarotTypeError, match="not both"):
        rollout(new_deal(seed=1), None, lambda s, a: a[0], players=SimplePlayer())


# --- generators of other kinds ---------------------------------------------------------------


class FromRandom(random.Random):
    """Overrides random(): Python then draws integers from it, not from getrandbits."""

    def random(self) -> float:
        return super().random() * 0.999


class ReversedChoice(random.Random):
    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]
        return seq[len(seq) - 1 - self._randbelow(len(seq))]  # type: ignore[attr-defined]


class PlainSubclass(random.Random):
    pass


@pytest.mark.parametrize("kind", [FromRandom, ReversedChoice, PlainSubclass, random.Random])
@pytest.mark.parametrize("rules", TABLES, ids=[rules.name for rules in TABLES])
def test_any_random_kind_gives_the_end_of_its_own_choice_loop(
    kind: type[random.Random], rules: Rules
) -> None:
    for seed in range(8):
        start = new_deal(seed=seed, rules=rules)
        end = rollout(start, kind(seed))
        state, rng = start, kind(seed)
        while not state.is_terminal:
            state = apply(state, rng.choice(legal_actions(state)))
        assert end == state
