"""Tests for dealing: ``new_deal`` (the seeded deal), ``deal_from`` and the petit sec."""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from frenchtarot import (
    DECK,
    FOUR_PLAYER,
    Annulment,
    AnnulReason,
    Card,
    IllegalActionError,
    InvalidDealError,
    NotationError,
    Pass,
    Phase,
    Rule,
    State,
    TarotError,
    _dealing,
    apply,
    deal_from,
    legal_actions,
    new_deal,
    returns,
    score,
)
from frenchtarot._core.shuffle import INDICES, shuffle_and_deal
from frenchtarot.errors import InvalidDealTypeError

PETIT = Card.parse("T1")
EXCUSE = Card.parse("EX")
SEEDS = st.integers(min_value=0, max_value=2**64)
DEALERS = st.integers(min_value=0, max_value=3)


def notation(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


def trumps_and_excuse(hand: Sequence[Card]) -> list[Card]:
    return [card for card in hand if card.is_trump or card.is_excuse]


# ---------------------------------------------------------------------------------------------
# Pinned deals: any change to the shuffle, the cut or the way the cards are dealt shows here.
# (Generated once with the implementation, then written down.)

PINNED: list[tuple[int, int, tuple[str, str, str, str], str]] = [
    (
        1,
        0,
        (
            "T1 T3 T8 T11 T16 EX 10S 2H 4H 5H 9H KH 1D 4D JD QD 2C 3C",
            "T2 T4 T9 T10 T12 T17 T21 4S 7S CS QS KS 6H 2D 3D 7D 7C JC",
            "T6 T7 T13 T14 2S 5S 8S 9S 3H JH 6D 10D CD KD 1C 5C 10C CC",
            "T5 T15 T18 T20 3S 6S JS 1H 7H 8H 10H CH QH 8D 4C 9C QC KC",
        ),
        "T19 1S 5D 9D 6C 8C",
    ),
    (
        2,
        3,
        (
            "T2 T3 T6 T10 T15 T16 EX 1S 2S 3S 8S 7H 9H QH KH 5D 5C 6C",
            "T7 T9 T13 T19 T20 5S CS QS 3H 4D 6D 7D 9D CD 4C 7C 10C KC",
            "T5 T12 4S 6S 9S 10S KS 8H JH 1D 2D 8D QD 2C 9C JC CC QC",
            "T1 T4 T8 T11 T14 T18 T21 7S JS 1H 2H 4H 10H CH 3D KD 1C 8C",
        ),
        "T17 5H 6H 10D JD 3C",
    ),
    (
        12345,
        0,
        (
            "T3 T5 T8 T9 T12 T17 T18 9S CS 5H 6H 4D 7D 9D KD 6C 10C KC",
            "T4 T6 T7 T13 T15 1S 4S 6S KS 10H JH 6D 8D JD 1C 2C 5C JC",
            "T1 T16 T21 2S 5S 10S JS QS 1H 2H 4H 9H 1D 2D 5D CD QD 8C",
            "T2 T10 T11 T20 3S 7S 8S 3H 7H 8H QH KH 3D 10D 3C 7C 9C CC",
        ),
        "T14 T19 EX CH 4C QC",
    ),
]


@pytest.mark.parametrize(
    ("seed", "dealer", "hands", "dog"), PINNED, ids=[f"seed{s}-dealer{d}" for s, d, *_ in PINNED]
)
def test_pinned_deals(seed: int, dealer: int, hands: tuple[str, ...], dog: str) -> None:
    state = new_deal(seed=seed, dealer=dealer)
    assert tuple(notation(hand) for hand in state.hands) == hands
    assert notation(state.dog) == dog
    assert state.dealer == dealer
    assert state.phase is Phase.BIDDING
    assert state.current == (dealer + 1) % 4


def test_pinned_deals_are_valid_deals() -> None:
    for seed, dealer, hands, dog in PINNED:
        words = " ".join((*hands, dog)).split()
        assert sorted(Card.parse(word) for word in words) == list(DECK)
        rebuilt = deal_from([hand.split() for hand in hands], dog.split(), dealer=dealer)
        assert rebuilt == new_deal(seed=seed, dealer=dealer)


# ---------------------------------------------------------------------------------------------
# Counts and distinctness.


def check_complete_deal(state: State) -> None:
    hands = state.hands
    assert [len(hand) for hand in hands] == [18, 18, 18, 18]
    assert len(state.dog) == 6
    everything = [card for hand in hands for card in hand] + list(state.dog)
    assert len(everything) == 78
    assert set(everything) == set(DECK)
    for hand in (*hands, state.dog):
        assert list(hand) == sorted(hand)


@pytest.mark.parametrize("dealer", range(4))
def test_deal_counts_for_many_seeds(dealer: int) -> None:
    for seed in range(150):
        state = new_deal(seed=seed, dealer=dealer)
        check_complete_deal(state)
        assert state.dealer == dealer


@given(SEEDS, DEALERS)
def test_deal_counts_for_any_seed(seed: int, dealer: int) -> None:
    check_complete_deal(new_deal(seed=seed, dealer=dealer))


def test_deal_without_seed_is_complete() -> None:
    for dealer in range(4):
        state = new_deal(dealer=dealer)
        check_complete_deal(state)
        assert state.dealer == dealer


@pytest.mark.parametrize("dealer", range(4))
def test_shuffle_and_deal_gives_18_cards_per_seat_and_6_to_the_dog(dealer: int) -> None:
    for seed in range(50):
        hands, dog = shuffle_and_deal(random.Random(seed), FOUR_PLAYER, dealer, INDICES)
        assert [len(hand) for hand in hands] == [18] * 4
        assert len(dog) == 6
        assert sorted([i for hand in hands for i in hand] + dog) == list(range(78))


# ---------------------------------------------------------------------------------------------
# The first and the last card of the pack never go to the dog.
#
# The pack itself is internal, so the test does not rebuild it (that would repeat the
# implementation). Reading ``shuffle_and_deal`` tells only this: the draws that shuffle and
# cut come first, and the dog's positions among the packets are drawn last, one draw per dog
# card. So the test replays a real seeded sequence for every draw but the last six, and then
# varies those six (the two extremes of ``random()`` and a spread of values between). The
# pack is then the same in every variant while the dog moves. Cards are dealt three at a time
# starting with the seat after the dealer and ending with the dealer, so the first card of
# the pack is the first card that seat receives, and the last card of the pack is the last
# card the dealer receives, unless a dog card was put before the first packet or after the
# last one; then, in that variant, the first (last) card received would be another card.
# Hence: the first card the seat after the dealer receives and the last card the dealer
# receives must be the same in every variant. The test also checks that the dog really did
# move across the variants, so it cannot pass vacuously if the draw order changes.

LARGEST_RANDOM = 1.0 - 2.0**-53


class CountingRandom(random.Random):
    """A seeded Random that counts its draws."""

    def __init__(self, seed: int) -> None:
        self.draws = 0
        super().__init__(seed)

    def random(self) -> float:
        self.draws += 1
        return super().random()


class ScriptedRandom(random.Random):
    """A Random whose ``random()`` returns given values, in order, and nothing else."""

    def __new__(cls, values: list[float]) -> ScriptedRandom:
        # Python 3.10 seeds a Random in __new__ from the constructor's argument, which a
        # list cannot be: give it none (__init__ seeds it, and the draws are scripted).
        return super().__new__(cls)

    def __init__(self, values: list[float]) -> None:
        self.values = list(values)
        self.used = 0
        super().__init__(0)

    def random(self) -> float:
        assert self.used < len(self.values), "more draws than scripted"
        value = self.values[self.used]
        self.used += 1
        return value


@pytest.mark.parametrize("dealer", range(4))
def test_first_and_last_card_of_the_pack_are_never_in_the_dog(dealer: int) -> None:
    dog_size = FOUR_PLAYER.dog_size
    first_seat = (dealer + 1) % 4
    for seed in range(40):
        counter = CountingRandom(seed)
        shuffle_and_deal(counter, FOUR_PLAYER, dealer, INDICES)
        source = random.Random(seed)
        prefix = [source.random() for _ in range(counter.draws - dog_size)]
        spread = random.Random(10_000 + seed)
        suffixes = [
            [0.0] * dog_size,
            [LARGEST_RANDOM] * dog_size,
            [0.5] * dog_size,
            [0.0, LARGEST_RANDOM] * (dog_size // 2),
            *([spread.random() for _ in range(dog_size)] for _ in range(8)),
        ]
        firsts, lasts, dogs = set(), set(), set()
        for suffix in suffixes:
            rng = ScriptedRandom(prefix + suffix)
            hands, dog = shuffle_and_deal(rng, FOUR_PLAYER, dealer, INDICES)
            assert rng.used == len(rng.values)
            assert sorted([i for hand in hands for i in hand] + dog) == list(range(78))
            firsts.add(hands[first_seat][0])
            lasts.add(hands[dealer][-1])
            dogs.add(frozenset(dog))
        assert len(dogs) > 1, "varying the last draws did not move the dog"
        assert len(firsts) == 1, f"seed {seed}: the first card of the pack went to the dog"
        assert len(lasts) == 1, f"seed {seed}: the last card of the pack went to the dog"


# ---------------------------------------------------------------------------------------------
# Reproducibility and the random source.


@given(SEEDS, DEALERS)
def test_same_seed_same_deal(seed: int, dealer: int) -> None:
    first = new_deal(seed=seed, dealer=dealer)
    second = new_deal(seed=seed, dealer=dealer)
    assert first == second
    assert hash(first) == hash(second)
    assert first.hands == second.hands
    assert first.dog == second.dog


def test_different_seeds_give_different_deals() -> None:
    deals = {new_deal(seed=seed).hands for seed in range(200)}
    assert len(deals) == 200
    dogs = {new_deal(seed=seed).dog for seed in range(200)}
    assert len(dogs) > 190


@given(SEEDS)
def test_the_dealer_only_changes_who_receives_which_packets(seed: int) -> None:
    # The pack does not depend on the dealer: the same seed deals the same packets, starting
    # with the seat after the dealer, so the hands turn with the dealer and the dog stays.
    base = new_deal(seed=seed, dealer=0)
    for dealer in range(1, 4):
        state = new_deal(seed=seed, dealer=dealer)
        assert state.dog == base.dog
        for seat in range(4):
            assert state.hand((seat + dealer) % 4) == base.hand(seat)


def test_the_global_random_state_is_neither_used_nor_changed() -> None:
    random.seed(1)
    first = new_deal(seed=99)
    random.seed(2)
    random.random()
    before = random.getstate()
    second = new_deal(seed=99)
    new_deal()
    assert random.getstate() == before
    assert first == second


class SpyRandom(random.Random):
    """Records how it was seeded, every public method looked up on it, and its draws."""

    made: ClassVar[list[SpyRandom]] = []

    def __init__(self, seed: object = None) -> None:
        self.seeded_with = seed
        self.used: list[str] = []
        self.draws = 0
        SpyRandom.made.append(self)
        super().__init__(seed)  # type: ignore[arg-type]

    def __getattribute__(self, name: str) -> object:
        # Any public method the deal looks up (shuffle, randrange, choice, getrandbits, ...)
        # is noted, however it is called afterwards.
        value = super().__getattribute__(name)
        if not name.startswith("_") and callable(value):
            super().__getattribute__("used").append(name)
        return value

    def random(self) -> float:
        self.draws += 1
        return super().random()


@pytest.mark.parametrize("seed", [0, 1, 232, 12345, 2**40 + 7])
@pytest.mark.parametrize("dealer", range(4))
def test_only_random_random_is_used(
    monkeypatch: pytest.MonkeyPatch, seed: int, dealer: int
) -> None:
    expected = new_deal(seed=seed, dealer=dealer)
    SpyRandom.made.clear()
    monkeypatch.setattr(_dealing, "random", types.SimpleNamespace(Random=SpyRandom))
    state = new_deal(seed=seed, dealer=dealer)
    assert len(SpyRandom.made) == 1
    spy = SpyRandom.made[0]
    assert spy.seeded_with == seed
    assert state == expected
    assert set(spy.used) - {"seed"} == {"random"}
    # The deal did draw from random() (and, above, from nothing else).
    assert spy.draws > 0


def test_no_seed_uses_a_fresh_random_random(monkeypatch: pytest.MonkeyPatch) -> None:
    SpyRandom.made.clear()
    monkeypatch.setattr(_dealing, "random", types.SimpleNamespace(Random=SpyRandom))
    check_complete_deal(new_deal())
    assert len(SpyRandom.made) == 1
    spy = SpyRandom.made[0]
    assert spy.seeded_with is None
    assert set(spy.used) - {"seed"} == {"random"}
    assert spy.draws > 0


# ---------------------------------------------------------------------------------------------
# The start of the deal.


@pytest.mark.parametrize("dealer", range(4))
def test_the_seat_after_the_dealer_speaks_first(dealer: int) -> None:
    deck = list(DECK)
    hands = [deck[18 * seat : 18 * seat + 18] for seat in range(4)]
    states = [new_deal(seed=1, dealer=dealer), deal_from(hands, deck[72:], dealer=dealer)]
    for state in states:
        assert state.phase is Phase.BIDDING
        assert state.dealer == dealer
        assert state.current == (dealer + 1) % 4
        after = apply(state, Pass())
        assert after.current == (dealer + 2) % 4
        assert after.bids == (((dealer + 1) % 4, None),)


def test_a_fresh_deal_is_at_the_start_of_the_bidding() -> None:
    state = new_deal(seed=3)
    assert state.phase is Phase.BIDDING
    assert not state.is_terminal
    assert state.taker is None
    assert state.contract is None
    assert state.slam is False
    assert state.handfuls == ()
    assert state.tricks == ()
    assert state.history == ()
    assert state.discard == ()
    assert state.current_trick == ()
    assert state.leader is None
    assert state.bids == ()
    assert state.annulment is None
    assert returns(state) == (0, 0, 0, 0)


# ---------------------------------------------------------------------------------------------
# Petit sec.

SUIT_CARDS = [card for card in DECK if card.suit is not None]


def deal_giving(seat: int, special: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    """A deal where ``seat`` holds ``special`` and suit cards; the other cards go round."""
    hand = special + [card for card in SUIT_CARDS if card not in special][: 18 - len(special)]
    rest = [card for card in DECK if card not in hand]
    others = [rest[18 * i : 18 * i + 18] for i in range(3)]
    return [*others[:seat], hand, *others[seat:]], rest[54:]


def check_annulled_for_petit_sec(state: State, seat: int) -> None:
    assert state.phase is Phase.ANNULLED
    assert state.is_terminal
    assert state.current is None
    assert state.annulment == Annulment(AnnulReason.PETIT_SEC, seat)
    assert state.annulment is not None
    assert state.annulment.reason is AnnulReason.PETIT_SEC
    assert state.annulment.seat == seat
    assert trumps_and_excuse(state.hand(seat)) == [PETIT]
    assert legal_actions(state) == ()
    result = score(state)
    assert result.deltas == (0, 0, 0, 0)
    assert result.annulment == state.annulment
    assert returns(state) == (0, 0, 0, 0)
    with pytest.raises(IllegalActionError) as info:
        apply(state, Pass())
    assert info.value.rule is Rule.GAME_OVER


@pytest.mark.parametrize("seat", range(4))
@pytest.mark.parametrize("dealer", range(4))
def test_petit_sec_annuls_the_deal(seat: int, dealer: int) -> None:
    hands, dog = deal_giving(seat, [PETIT])
    state = deal_from(hands, dog, dealer=dealer)
    check_annulled_for_petit_sec(state, seat)
    assert state.dealer == dealer


@pytest.mark.parametrize(
    "special",
    [
        pytest.param(["T1", "EX"], id="petit-with-the-excuse"),
        pytest.param(["T1", "T2"], id="petit-plus-another-trump"),
        pytest.param(["T1", "T21"], id="petit-plus-the-21"),
        pytest.param(["T1", "T2", "EX"], id="petit-trump-and-excuse"),
        pytest.param(["EX"], id="excuse-alone"),
        pytest.param(["T2"], id="one-other-trump-alone"),
    ],
)
@pytest.mark.parametrize("seat", range(4))
def test_not_a_petit_sec(special: list[str], seat: int) -> None:
    hands, dog = deal_giving(seat, [Card.parse(text) for text in special])
    state = deal_from(hands, dog)
    assert [str(c) for c in trumps_and_excuse(state.hand(seat))] == special
    assert state.phase is Phase.BIDDING
    assert state.annulment is None
    assert state.current == 1


def test_petit_in_the_dog_is_not_a_petit_sec() -> None:
    dog = [PETIT, *SUIT_CARDS[:5]]
    seat0 = SUIT_CARDS[5:23]
    rest = [card for card in DECK if card not in dog and card not in seat0]
    hands = [seat0, rest[:18], rest[18:36], rest[36:]]
    state = deal_from(hands, dog)
    assert trumps_and_excuse(state.hand(0)) == []
    assert state.phase is Phase.BIDDING
    assert state.annulment is None


# The first seed from 0 that deals a petit sec (found by searching 0..5000, then pinned).
FIRST_PETIT_SEC_SEED = 232
FIRST_PETIT_SEC_SEAT = 0


def test_a_seeded_deal_can_be_a_petit_sec() -> None:
    for seed in range(FIRST_PETIT_SEC_SEED):
        assert new_deal(seed=seed).phase is Phase.BIDDING, seed
    state = new_deal(seed=FIRST_PETIT_SEC_SEED)
    check_annulled_for_petit_sec(state, FIRST_PETIT_SEC_SEAT)
    check_complete_deal(state)


@given(SEEDS, DEALERS)
@example(FIRST_PETIT_SEC_SEED, 0)
@example(FIRST_PETIT_SEC_SEED, 2)
def test_annulled_exactly_when_a_hand_is_a_petit_sec(seed: int, dealer: int) -> None:
    state = new_deal(seed=seed, dealer=dealer)
    sec = [seat for seat in range(4) if trumps_and_excuse(state.hand(seat)) == [PETIT]]
    if sec:
        check_annulled_for_petit_sec(state, sec[0])
    else:
        assert state.phase is Phase.BIDDING
        assert state.annulment is None


# ---------------------------------------------------------------------------------------------
# deal_from.


def base_deal() -> tuple[list[list[object]], list[object]]:
    """The pinned seed-1 deal as fresh, editable lists of notations."""
    _, _, hands, dog = PINNED[0]
    return [list(hand.split()) for hand in hands], list(dog.split())


Deal = tuple[object, object]
Edit = Callable[[list[list[object]], list[object]], object]


def edit(change: Edit) -> Callable[[], Deal]:
    """A case: the base deal, edited in place by ``change`` (its result is ignored)."""

    def build() -> Deal:
        hands, dog = base_deal()
        change(hands, dog)
        return hands, dog

    return build


def replace(change: Callable[[list[list[object]], list[object]], Deal]) -> Callable[[], Deal]:
    """A case: what ``change`` makes of the base deal's hands and dog."""

    def build() -> Deal:
        return change(*base_deal())

    return build


def put(group: list[Any], index: int, value: object) -> None:
    group[index] = value


def short_hand(seat: int) -> Callable[[], Deal]:
    """The base deal with the last card of ``seat`` removed."""
    return edit(lambda h, d: h[seat].pop())


def long_hand(seat: int) -> Callable[[], Deal]:
    """The base deal with a card moved from the dog to ``seat``."""
    return edit(lambda h, d: h[seat].append(d.pop()))


def text_of(group: list[object]) -> str:
    return " ".join(str(item) for item in group)


BAD_DEALS: list[tuple[str, Callable[[], Deal], tuple[str, ...]]] = [
    ("two-hands", replace(lambda h, d: (h[:2], d)), ("3, 4 or 5", "2")),
    ("six-hands", replace(lambda h, d: ([*h, [], []], d)), ("3, 4 or 5", "6")),
    ("three-hands-of-18", replace(lambda h, d: (h[:3], d)), ("seat 0", "24", "18")),
    ("five-hands-of-18", replace(lambda h, d: ([*h, []], d)), ("seat 0", "15", "18")),
    ("no-hands", replace(lambda h, d: ([], d)), ("3, 4 or 5", "0")),
    *((f"seat-{seat}-has-17", short_hand(seat), (f"seat {seat}", "17")) for seat in range(4)),
    *((f"seat-{seat}-has-19", long_hand(seat), (f"seat {seat}", "19")) for seat in range(4)),
    ("dog-of-5", edit(lambda h, d: d.pop()), ("dog", "5")),
    ("dog-of-7", edit(lambda h, d: d.append("KH")), ("dog",)),
    ("dog-of-0", replace(lambda h, d: (h, [])), ("dog", "0")),
    ("twice-in-one-hand", edit(lambda h, d: put(h[2], 17, "T6")), ("T6", "seat 2")),
    ("in-hand-and-dog", edit(lambda h, d: put(d, 0, "KH")), ("KH", "seat 0", "the dog")),
    ("in-two-hands", edit(lambda h, d: put(h[3], 17, "KS")), ("KS", "seat 1", "seat 3")),
    (
        "same-card-as-card-and-text",
        edit(lambda h, d: put(h[1], 0, Card.parse("QD"))),
        ("QD", "seat 0", "seat 1"),
    ),
    ("unknown-card-in-seat-2", edit(lambda h, d: put(h[2], 5, "ZZ")), ("'ZZ'", "seat 2")),
    ("unknown-card-in-dog", edit(lambda h, d: put(d, 3, "T22")), ("'T22'", "dog")),
    ("rank-15-in-seat-3", edit(lambda h, d: put(h[3], 0, "15S")), ("'15S'", "seat 3")),
    ("int-in-seat-1", edit(lambda h, d: put(h[1], 4, 42)), ("42", "seat 1")),
    ("none-in-dog", edit(lambda h, d: put(d, 0, None)), ("None", "dog")),
    ("bytes-in-seat-0", edit(lambda h, d: put(h[0], 0, b"T1")), ("seat 0",)),
    ("hand-as-string", edit(lambda h, d: put(h, 1, text_of(h[1]))), ("seat 1",)),
    ("hand-as-card", edit(lambda h, d: put(h, 2, DECK[0])), ("seat 2",)),
    ("hand-as-int", edit(lambda h, d: put(h, 3, 18)), ("seat 3",)),
    ("dog-as-string", replace(lambda h, d: (h, text_of(d))), ("dog",)),
    ("hands-as-string", replace(lambda h, d: (" ".join(map(text_of, h)), d)), ("hands",)),
    ("hands-as-bytes", replace(lambda h, d: (b"T1 T2", d)), ("hands",)),
    ("hands-as-none", replace(lambda h, d: (None, d)), ("hands",)),
    ("hands-as-generator", replace(lambda h, d: ((x for x in h), d)), ("hands",)),
    ("hands-as-dict", replace(lambda h, d: (dict(enumerate(h)), d)), ("hands",)),
]


@pytest.mark.parametrize(
    ("build", "fragments"),
    [(build, fragments) for _, build, fragments in BAD_DEALS],
    ids=[name for name, *_ in BAD_DEALS],
)
def test_deal_from_refuses_bad_deals(
    build: Callable[[], Deal], fragments: tuple[str, ...]
) -> None:
    hands, dog = build()
    with pytest.raises(InvalidDealError) as info:
        deal_from(hands, dog)  # type: ignore[arg-type]
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, (fragment, message)


def test_every_bad_deal_case_is_otherwise_the_valid_base_deal() -> None:
    # The cases above each break one thing: the untouched base deal itself is accepted.
    hands, dog = base_deal()
    assert deal_from(hands, dog) == new_deal(seed=1)  # type: ignore[arg-type]


def test_unknown_card_error_keeps_the_notation_error_as_cause() -> None:
    hands, dog = base_deal()
    hands[2][5] = "ZZ"
    with pytest.raises(InvalidDealError) as info:
        deal_from(hands, dog)  # type: ignore[arg-type]
    assert isinstance(info.value.__cause__, NotationError)


@pytest.mark.parametrize("dealer", [-1, 4, 10, True, False, "0", None, 1.0])
def test_bad_dealer(dealer: object) -> None:
    hands, dog = base_deal()
    with pytest.raises(InvalidDealError) as info:
        deal_from(hands, dog, dealer=dealer)  # type: ignore[arg-type]
    assert repr(dealer) in str(info.value)
    with pytest.raises(InvalidDealError) as info:
        new_deal(seed=1, dealer=dealer)  # type: ignore[arg-type]
    assert repr(dealer) in str(info.value)


@pytest.mark.parametrize("seed", ["1", 1.5, True, False, b"1", (1,)])
def test_bad_seed(seed: object) -> None:
    with pytest.raises(InvalidDealError) as info:
        new_deal(seed=seed)  # type: ignore[arg-type]
    message = str(info.value)
    # Short scalars are shown; other values are named by their type (a repr may be huge).
    assert repr(seed) in message or type(seed).__name__ in message


def test_invalid_deal_error_is_a_value_error_and_a_tarot_error() -> None:
    assert issubclass(InvalidDealError, ValueError)
    assert issubclass(InvalidDealError, TarotError)
    hands, dog = base_deal()
    with pytest.raises(ValueError):
        deal_from(hands[:3], dog)  # type: ignore[arg-type]
    with pytest.raises(TarotError):
        deal_from(hands[:3], dog)  # type: ignore[arg-type]


def test_deal_from_accepts_cards_and_strings_mixed() -> None:
    hands, dog = base_deal()
    expected = new_deal(seed=1)
    mixed: list[list[Card | str]] = [
        [Card.parse(str(text)) for text in hands[0]],
        [f" {str(text).lower()}\t" for text in hands[1]],
        [Card.parse(str(text)) if i % 2 else str(text) for i, text in enumerate(hands[2])],
        [str(text) for text in hands[3]],
    ]
    mixed_dog: tuple[Card | str, ...] = (Card.parse(str(dog[0])), *(str(t) for t in dog[1:]))
    assert deal_from(mixed, mixed_dog) == expected
    assert deal_from(tuple(tuple(hand) for hand in mixed), list(mixed_dog)) == expected
    assert deal_from([iter(hand) for hand in mixed], iter(mixed_dog)) == expected
    assert deal_from(expected.hands, expected.dog) == expected


def test_deal_from_hands_in_any_order_gives_sorted_hands() -> None:
    deck = list(DECK)
    random.Random(5).shuffle(deck)
    hands = [deck[18 * seat : 18 * seat + 18] for seat in range(4)]
    state = deal_from(hands, deck[72:], dealer=2)
    for seat in range(4):
        assert state.hand(seat) == tuple(sorted(hands[seat]))
    assert state.dog == tuple(sorted(deck[72:]))


@given(SEEDS, DEALERS)
def test_deal_from_rebuilds_any_seeded_deal(seed: int, dealer: int) -> None:
    state = new_deal(seed=seed, dealer=dealer)
    assert deal_from(state.hands, state.dog, dealer=dealer) == state
    texts = [[str(card) for card in hand] for hand in state.hands]
    assert deal_from(texts, [str(card) for card in state.dog], dealer=dealer) == state


@pytest.mark.parametrize("dealer", range(4))
def test_next_dealer_is_the_seat_after_the_dealer_even_after_an_annulment(dealer: int) -> None:
    played = new_deal(seed=1, dealer=dealer)
    assert played.next_dealer == (dealer + 1) % 4
    for _ in range(4):  # four passes annul the deal
        played = apply(played, Pass())
    assert played.phase is Phase.ANNULLED
    assert played.next_dealer == (dealer + 1) % 4
    sec = new_deal(seed=232, dealer=dealer)  # a petit sec whoever deals (hands rotate)
    assert sec.phase is Phase.ANNULLED
    assert sec.next_dealer == (dealer + 1) % 4


def test_numpy_style_integers_are_accepted_and_other_types_refused() -> None:
    class Index:  # an integer type that is not an int, like numpy.int64
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    assert new_deal(seed=Index(3), dealer=Index(2)) == new_deal(seed=3, dealer=2)  # type: ignore[arg-type]
    assert new_deal(seed=1).hand(Index(2)) == new_deal(seed=1).hand(2)
    assert Card.from_index(Index(5)) is DECK[5]  # type: ignore[arg-type]
    for bad in ("3", 3.0, True, None):
        with pytest.raises(InvalidDealTypeError) as info:
            new_deal(dealer=bad)  # type: ignore[arg-type]
        assert isinstance(info.value, TypeError) and isinstance(info.value, InvalidDealError)
    for bad_seed in ("abc", 2.5, False):
        with pytest.raises(TypeError):
            new_deal(seed=bad_seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidDealTypeError):
        deal_from(5, [])  # type: ignore[arg-type]
