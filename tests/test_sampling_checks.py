"""Sampling refuses an observation built by hand cleanly (issue #30).

An observation changed with ``attrs.evolve`` (a seat that does not exist, the rules of
another table, hand sizes of the wrong length, a hand as a list or as strings...) makes
:func:`~frenchtarot.sampling.sample_state` and :func:`~frenchtarot.sampling.constraints`
raise :class:`~frenchtarot.InconsistentObservationError` or
:class:`~frenchtarot.TarotTypeError`, nothing else: a table of cases, each field broken in
each way at every table size and under house rules, and a fuzz of random changes to real
observations (a small one here, ``FRENCHTAROT_SOAK_DEALS`` of them in the soak step). A
changed observation is sampled only when some deal gives it: then the world's observation
equals it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator

import attrs
import pytest

import frenchtarot as ft
from frenchtarot import (
    Annulment,
    AnnulReason,
    Card,
    Contract,
    Handful,
    Observation,
    Phase,
    Rules,
    TarotTypeError,
    Trick,
)
from frenchtarot.observation import public_view
from frenchtarot.rules import LUDICASH
from frenchtarot.sampling import InconsistentObservationError, constraints, sample_state
from tests.builders import HOUSE_RULES, MODES, choose, random_deal, start

#: Every table size under the FFT rules, Ludicash and a custom table of each size.
TABLES: tuple[Rules, ...] = (
    ft.THREE_PLAYER,
    ft.FOUR_PLAYER,
    ft.FIVE_PLAYER,
    LUDICASH,
    *HOUSE_RULES.values(),
)
DOCUMENTED = (InconsistentObservationError, TarotTypeError)
FIELDS = tuple(field.name for field in attrs.fields(Observation))


def _path(rules: Rules, seed: int) -> list[ft.State]:
    """Every state of a seeded deal at this table, played at random (a petit sec one time
    in five; the bids low, so that the dog is often shown)."""
    rng = random.Random(seed)
    state = start(random_deal(seed, MODES[seed % len(MODES)], rules), rules)
    states = [state]
    while not state.is_terminal:
        state = ft.apply(state, choose(state, rng))
        states.append(state)
    return states


def real_observations(rules: Rules, seed: int) -> Iterator[Observation]:
    """Observations of a seeded deal: its start, a call, an écart, the play and the end."""
    states = _path(rules, seed)
    picks = {0, len(states) - 1, *range(rules.seats, min(len(states), rules.seats + 8))}
    picks |= set(range(0, len(states), 7))
    for number in sorted(picks):
        yield ft.observe(states[number], (seed + number) % rules.seats)


def changed_field(observation: Observation, field: str, value: object) -> Observation:
    """``observation`` with ``field`` set to ``value``, whatever its type."""
    return attrs.evolve(observation, **{field: value})  # type: ignore[arg-type]


def sampled(observation: Observation, rng: random.Random) -> str:
    """What sampling ``observation`` does: ``"sampled"``, or the documented error's name.

    Anything else (a raw ``IndexError``, ``AssertionError``..., or a world whose observation
    differs) fails the test.
    """
    try:
        known = constraints(observation)
    except DOCUMENTED as error:
        with pytest.raises(type(error)):
            sample_state(observation, rng)
        return type(error).__name__
    try:  # constraints() does not replay the history, sample_state() does
        world = sample_state(observation, rng)
    except InconsistentObservationError:
        return "InconsistentObservationError"
    assert ft.observe(world, observation.seat) == observation
    assert known.seat == observation.seat
    return "sampled"


# --- A table of cases: each field broken in each way, at each table ---------------------


def _other_rules(rules: Rules) -> Iterator[Rules]:
    """The other tables' rules: another size, and the same size with other house rules."""
    for other in TABLES:
        if other != rules:
            yield other


def _card_tuples(value: tuple[Card, ...], spare: Card) -> Iterator[object]:
    """``value`` broken: a list, strings, a card twice, out of order, one missing, one more."""
    yield list(value)
    yield tuple(str(card) for card in value)
    yield (*value, "KS")
    yield (*value, 3)
    if value:
        yield (*value, value[0])
        yield value[1:]
        yield tuple(reversed(value)) if len(value) > 1 else (value[0], value[0])
    yield tuple(sorted({*value, spare}))
    yield "T1 T2"
    yield None if value else (spare,)


def _ints(seats: int) -> list[object]:
    return [-1, seats, seats + 7, 2**70, True, False, 1.0, "1", None, [0]]


def _spare(observation: Observation) -> Card:
    """A card that is not in the observing seat's hand (it may be elsewhere)."""
    return next(card for card in reversed(ft.DECK) if card not in observation.hand)


def breakages(observation: Observation) -> Iterator[tuple[str, object]]:
    """``(field, wrong value)`` for each way of breaking each field of ``observation``."""
    seats = observation.rules.seats
    spare = _spare(observation)
    for rules in _other_rules(observation.rules):
        yield "rules", rules
    yield "rules", "four-player"
    for field in ("seat", "dealer"):
        for value in _ints(seats):
            if value is not None:
                yield field, value
    for field in ("current", "taker", "partner", "leader"):
        for value in _ints(seats):
            yield field, value
        yield field, 0 if getattr(observation, field) is None else None
    for phase in Phase:
        yield "phase", phase
    yield "phase", "play"
    for contract in (*Contract, None, "garde", 2):
        yield "contract", contract
    yield "called", Card.parse("KH") if observation.called is None else None
    yield "called", "KH"
    for field in ("alone", "slam"):
        yield field, not getattr(observation, field)
        yield field, 1
        yield field, None
    for field in ("hand", "current_trick", "shown_discard"):
        for value in _card_tuples(getattr(observation, field), spare):
            yield field, value
    for field in ("dog", "discard", "shown_hand"):
        value = getattr(observation, field)
        if value is None:
            yield field, ()
            yield field, observation.hand
        else:
            yield field, None
            yield from ((field, broken) for broken in _card_tuples(value, spare))
    sizes = observation.hand_sizes
    yield "hand_sizes", list(sizes)
    yield "hand_sizes", sizes[:-1]
    yield "hand_sizes", (*sizes, 0)
    yield "hand_sizes", tuple(map(float, sizes))
    yield "hand_sizes", (True, *sizes[1:])
    yield "hand_sizes", (sizes[0] + 1, *sizes[1:])
    yield "hand_sizes", (sizes[0] + 1, sizes[1] - 1, *sizes[2:])
    yield "hand_sizes", tuple(-size for size in sizes)
    tricks = observation.tricks
    yield "tricks", list(tricks)
    yield "tricks", (*tricks, "trick")
    if tricks:
        yield "tricks", tricks[1:]
        yield "tricks", (*tricks, tricks[0])
        yield "tricks", tuple(reversed(tricks))
        first = tricks[0]
        yield "tricks", (attrs.evolve(first, leader=(first.leader + 1) % seats), *tricks[1:])
        yield "tricks", (Trick._trusted(seats + 1, first.cards, 0), *tricks[1:])
        yield "tricks", (Trick._trusted(first.leader, list(first.cards), 0), *tricks[1:])  # type: ignore[arg-type]
        yield "tricks", (Trick._trusted(first.leader, first.cards[:-1], 0), *tricks[1:])
    else:
        cards = tuple(card for card in ft.DECK if card not in observation.hand)[:seats]
        yield "tricks", (Trick(0, cards, 0),)
    handfuls = observation.handfuls
    yield "handfuls", list(handfuls)
    yield "handfuls", (*handfuls, Handful(seats % 5, ft.DECK[:8]))
    yield "handfuls", (*handfuls, "handful")
    if handfuls:
        yield "handfuls", handfuls[1:]
        yield "handfuls", (*handfuls, handfuls[0])
    history = observation.history
    yield "history", list(history)
    yield "history", history[:-1]
    yield "history", (*history, ft.Pass())
    yield "history", (None, *history)
    yield "history", (*history, "pass")
    yield "history", tuple(reversed(history))
    legal = observation.legal_actions
    yield "legal_actions", list(legal)
    yield "legal_actions", () if legal else (ft.Pass(),)
    yield "legal_actions", ("pass",)
    yield "score", "score"
    if observation.score is not None:
        yield "score", None
    yield "annulment", Annulment(AnnulReason.ALL_PASSED)
    yield "annulment", Annulment(AnnulReason.PETIT_SEC, 0)
    yield "annulment", Annulment(AnnulReason.PETIT_SEC)
    yield "annulment", "annulled"
    if observation.annulment is not None:
        yield "annulment", None


def _cases() -> Iterator[Observation]:
    for number, rules in enumerate(TABLES):
        for seed in (3 * number, 3 * number + 1, 3 * number + 2):
            states = _path(rules, seed)
            for state in (states[0], states[min(len(states) - 1, rules.seats + 2)], states[-1]):
                yield ft.observe(state, seed % rules.seats)
    # A deal annulled for a petit sec (its hand spread), and one in the écart.
    petit_sec = ft.new_deal(seed=232)
    assert petit_sec.annulment is not None
    yield ft.observe(petit_sec, 1)
    state = ft.new_deal(seed=4)
    for word in ("pass", "garde", "pass", "pass"):
        state = ft.apply(state, ft.parse_action(word))
    state = ft.apply(state, ft.legal_actions(state)[0])
    assert state.phase is Phase.DISCARD and state.taker == 2
    yield ft.observe(state, 2)
    yield ft.observe(state, 3)


CASES = tuple(_cases())


@pytest.mark.parametrize(
    "observation", CASES, ids=lambda o: f"{o.rules.name}-{o.phase.name.lower()}-{o.seat}"
)
def test_every_broken_field_raises_only_documented_errors(observation: Observation) -> None:
    rng = random.Random(0)
    assert sampled(observation, rng) == "sampled"
    outcomes: Counter[str] = Counter()
    for field, value in breakages(observation):
        changed = changed_field(observation, field, value)
        # "sampled" when some deal gives the changed observation (an equal value; at the
        # start of a deal, another table of the same size): sampled() checked the world.
        outcomes[sampled(changed, rng)] += 1
    assert outcomes["TarotTypeError"] > 20
    assert outcomes["InconsistentObservationError"] > 40


@pytest.mark.parametrize(
    ("field", "value", "error", "words"),
    [
        ("seat", 4, InconsistentObservationError, "seat must be a seat from 0 to 3, not 4"),
        ("seat", True, TarotTypeError, "seat must be an int, not True"),
        ("rules", ft.FIVE_PLAYER, InconsistentObservationError, "hand_sizes must hold one"),
        ("rules", "four-player", TarotTypeError, "rules must be a Rules"),
        ("taker", 7, InconsistentObservationError, "taker must be a seat from 0 to 3"),
        ("hand_sizes", (18, 18, 18), InconsistentObservationError, "one count per seat (4)"),
        ("hand_sizes", [18] * 4, TarotTypeError, "hand_sizes must be a tuple of ints"),
        ("hand", "list", TarotTypeError, "hand must be a tuple of cards, not list"),
        ("hand", "strings", TarotTypeError, "hand must hold cards, not 'T1'"),
        ("hand", "twice", InconsistentObservationError, "each card once, in canonical order"),
        ("phase", Phase.PLAY, InconsistentObservationError, "play phase needs a taker"),
        ("contract", Contract.GARDE, InconsistentObservationError, "taker and contract"),
        ("public", 1, TarotTypeError, "public must be a bool, not 1"),
    ],
)
def test_the_message_says_what_was_wrong_and_what_was_expected(
    field: str, value: object, error: type[Exception], words: str
) -> None:
    state = ft.new_deal(seed=1)
    view = ft.observe(state, 0)
    if value == "list":
        value = list(view.hand)
    elif value == "strings":
        value = tuple(map(str, view.hand))
    elif value == "twice":
        value = (view.hand[0], *view.hand[:-1])
    changed = changed_field(view, field, value)
    for function in (constraints, lambda o: sample_state(o, random.Random(1))):
        with pytest.raises(error) as raised:
            function(changed)
        assert words in str(raised.value)
        for card in state.hand(1):  # nothing beyond the observation: no hidden card named
            assert f" {card}" not in str(raised.value)


@pytest.mark.parametrize("tricks", [0, 5, 18])
def test_a_public_view_is_refused_it_is_no_seats_own_view(tricks: int) -> None:
    """Even at the end of a deal, where the hand sizes alone would not tell."""
    state = ft.new_deal(seed=7)
    while not state.is_terminal and len(state.tricks) < tricks:
        state = ft.apply(state, ft.legal_actions(state)[-1])
    public = public_view(ft.observe(state, 1))
    for function in (constraints, lambda o: sample_state(o, random.Random(1))):
        with pytest.raises(InconsistentObservationError, match="public view"):
            function(public)


# --- The fuzz: random changes of real observations --------------------------------------


def _mutation(
    observation: Observation, others: list[Observation], rng: random.Random
) -> tuple[str, Callable[[], object]]:
    """A way to change one field, as ``(field, maker of the wrong value)``."""
    field = rng.choice(FIELDS)
    value = getattr(observation, field)
    other = rng.choice(others)
    options: list[Callable[[], object]] = [
        lambda: getattr(other, field),  # the same field of another observation (or table)
        lambda: rng.choice([None, "x", 1.5, True, -1, 2**80, (), [], object(), Phase.PLAY]),
    ]
    if isinstance(value, tuple):
        options += [
            lambda: list(value),
            lambda: value[: rng.randrange(len(value))] if value else (None,),
            lambda: (*value, rng.choice(value)) if value else (rng.choice(ft.DECK),),
            lambda: tuple(rng.sample(value, len(value))),
            lambda: tuple(str(item) for item in value),
            lambda: _moved(value, rng),
        ]
    if isinstance(value, int):
        seats = observation.rules.seats
        options += [lambda: value + rng.choice([-1, 1, seats]), lambda: bool(value)]
    if field in ("tricks", "current_trick", "hand", "dog", "discard", "shown_hand"):
        options.append(lambda: _card_moved(observation, field, rng))
    return field, rng.choice(options)


def _moved(value: tuple[object, ...], rng: random.Random) -> tuple[object, ...]:
    """``value`` with one item replaced by a random card (a card moved or duplicated)."""
    if not value:
        return (rng.choice(ft.DECK),)
    items = list(value)
    items[rng.randrange(len(items))] = rng.choice(ft.DECK)
    return tuple(items)


def _card_moved(observation: Observation, field: str, rng: random.Random) -> object:
    """A card of ``field`` swapped for another card of the observation or the deck."""
    value = getattr(observation, field)
    if field == "tricks":
        if not value:
            return value
        number = rng.randrange(len(value))
        trick = value[number]
        cards = list(trick.cards)
        cards[rng.randrange(len(cards))] = rng.choice(ft.DECK)
        changed = Trick._trusted(trick.leader, tuple(cards), trick.winner)
        return (*value[:number], changed, *value[number + 1 :])
    pool = [*observation.hand, *(c for t in observation.tricks for c in t.cards)]
    if not value or not pool:
        return (rng.choice(ft.DECK),)
    cards = list(value)
    cards[rng.randrange(len(cards))] = rng.choice(pool)
    return tuple(sorted(set(cards))) if field != "current_trick" else tuple(cards)


def fuzz(count: int, seed: int) -> Counter[str]:
    """Sample ``count`` random one-field changes of real observations; tally the outcomes."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    pool: list[Observation] = []
    deal = 0
    while sum(outcomes.values()) < count:
        rules = TABLES[deal % len(TABLES)]
        observations = list(real_observations(rules, seed * 7919 + deal))
        pool = (pool + observations)[-60:]
        deal += 1
        for observation in observations:
            for _attempt in range(20):  # a change: not a value equal to the field's
                field, make = _mutation(observation, pool, rng)
                value = make()
                changed = changed_field(observation, field, value)
                if not _same(changed, observation):
                    break
            else:  # pragma: no cover - twenty equal values in a row
                continue
            try:
                outcomes[sampled(changed, rng)] += 1
            except Exception as error:
                raise AssertionError(
                    f"{field} = {value!r} in {observation!r} (table {rules.name}): "
                    f"{type(error).__name__}: {error}"
                ) from error
    return outcomes


def _same(changed: Observation, observation: Observation) -> bool:
    """Whether the change left the observation as it was: equal, field by field written the
    same (``True`` for ``1`` is a change)."""
    try:
        equal = changed == observation
    except TypeError:
        return False
    return equal and all(
        repr(getattr(changed, name)) == repr(getattr(observation, name)) for name in FIELDS
    )


def test_random_changes_of_real_observations_raise_only_documented_errors() -> None:
    outcomes = fuzz(600, seed=4)
    assert outcomes["TarotTypeError"] > 50
    assert outcomes["InconsistentObservationError"] > 150
    assert outcomes["sampled"] >= 3  # a change some deal gives (another seat at the end...)


@pytest.mark.soak
def test_soak_random_changes_raise_only_documented_errors(soak_deals: int) -> None:
    """``FRENCHTAROT_SOAK_DEALS`` random one-field changes (10,000 by default)."""
    outcomes = fuzz(soak_deals, seed=2)
    assert sum(outcomes.values()) >= soak_deals
    assert outcomes["InconsistentObservationError"] > soak_deals // 4


def test_an_equal_observation_of_other_types_is_refused_though_its_twin_is_cached() -> None:
    # True == 1 and 1.0 == 1 (with equal hashes): the sampler cached for the real view must
    # not serve a changed one that compares equal to it.
    state = ft.new_deal(seed=1, dealer=0)
    view = ft.observe(state, 1)
    sample_state(view, random.Random(1))  # now cached
    assert constraints(ft.observe(state, 1)) == constraints(view)  # an equal copy: served
    for field, value in [
        ("seat", True),
        ("seat", 1.0),
        ("dealer", False),
        ("hand_sizes", (18.0, *view.hand_sizes[1:])),
        ("current", True),
    ]:
        changed = changed_field(view, field, value)
        assert changed == view and hash(changed) == hash(view)
        for function in (constraints, lambda o: sample_state(o, random.Random(1))):
            with pytest.raises(TarotTypeError, match=field):
                function(changed)
