"""Typed Hypothesis strategies for frenchtarot: cards, deals, actions and reachable states.

Reachable states are built cheaply: a deal (from a seed or from explicit hands) and a
string of bytes, each of which picks one of the legal actions (see :func:`pick`). A failing
example shrinks to a short walk from a simple deal.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from hypothesis import strategies as st

import frenchtarot as ft
from frenchtarot import (
    DECK,
    Action,
    AnnounceSlam,
    Bid,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Play,
    State,
)

#: No deal takes more actions than this: 4 words, 6 discards, the slam decision, at most
#: one handful per seat and 72 cards played make 87.
MAX_DEAL_ACTIONS = 87

TRUMPS: tuple[Card, ...] = tuple(card for card in DECK if card.is_trump)
EXCUSE: Card = Card(None, 0)


class DealCards(NamedTuple):
    """Four hands of 18 cards and a dog of 6, together a permutation of :data:`DECK`."""

    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]


class DealSpec(NamedTuple):
    """Everything :func:`frenchtarot.deal_from` takes."""

    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    dealer: int

    def deal(self) -> State:
        return ft.deal_from(self.hands, self.dog, dealer=self.dealer)


class Walk(NamedTuple):
    """A deal and the choices that lead from it to a state (see :func:`walk`)."""

    start: State
    choices: tuple[int, ...]


def cards() -> st.SearchStrategy[Card]:
    """Any one of the 78 cards."""
    return st.sampled_from(DECK)


def seats() -> st.SearchStrategy[int]:
    """A seat of the four-player table."""
    return st.integers(min_value=0, max_value=3)


def seeds() -> st.SearchStrategy[int]:
    """A seed for :func:`frenchtarot.new_deal` (any int is valid, negative ones included)."""
    return st.integers(min_value=-(2**63), max_value=2**64)


def _split(pack: Sequence[Card]) -> DealCards:
    hands = tuple(tuple(pack[18 * seat : 18 * seat + 18]) for seat in range(4))
    return DealCards(hands, tuple(pack[72:]))


def hands() -> st.SearchStrategy[DealCards]:
    """Four hands and a dog: a random permutation of the pack cut 18/18/18/18 + 6."""
    return st.permutations(DECK).map(_split)


def _spec(cards: DealCards, dealer: int) -> DealSpec:
    return DealSpec(cards.hands, cards.dog, dealer)


def valid_deals() -> st.SearchStrategy[DealSpec]:
    """Valid arguments for :func:`frenchtarot.deal_from`, dealer included."""
    return st.builds(_spec, hands(), seats())


def _seeded_deal(seed: int, dealer: int) -> State:
    return ft.new_deal(seed=seed, dealer=dealer)


def deals() -> st.SearchStrategy[State]:
    """The first state of a deal: from :func:`frenchtarot.new_deal` or :func:`deal_from`.

    The explicit deals are either any permutation of the pack or a deal where the first
    seat to speak is rich in trumps (see :func:`scarce_ecart_deals`), so that handfuls and
    trumps in the écart come up. Some deals are a *petit sec*, already over.
    """
    return st.one_of(
        st.builds(_seeded_deal, seeds(), seats()),
        valid_deals().map(DealSpec.deal),
        st.deferred(lambda: scarce_ecart_deals().map(DealSpec.deal)),
    )


def choices(
    max_steps: int = MAX_DEAL_ACTIONS, *, min_steps: int = 0
) -> st.SearchStrategy[tuple[int, ...]]:
    """How to pick the next actions: one byte (0 to 255) per action (see :func:`walk`).

    One draw of bytes for a whole deal is much cheaper than one draw per action.
    """
    return st.binary(min_size=min_steps, max_size=max_steps).map(tuple)


@st.composite
def _walks(draw: st.DrawFn, min_steps: int, max_steps: int) -> Walk:
    start = draw(deals())
    # Half the walks go all the way, so that finished deals are common.
    if min_steps == max_steps or draw(st.booleans()):
        steps = max_steps
    else:
        steps = draw(st.integers(min_value=min_steps, max_value=max_steps))
    picks = draw(choices(steps, min_steps=steps))
    return Walk(start, picks)


def walks(max_steps: int = MAX_DEAL_ACTIONS, *, min_steps: int = 0) -> st.SearchStrategy[Walk]:
    """A deal and from ``min_steps`` to ``max_steps`` choices (often ``max_steps``)."""
    return _walks(min_steps, max_steps)


def full_walks() -> st.SearchStrategy[Walk]:
    """A deal and enough choices to reach its end, whatever is chosen."""
    return walks(MAX_DEAL_ACTIONS, min_steps=MAX_DEAL_ACTIONS)


def pick(state: State, legal: Sequence[Action], byte: int) -> Action:
    """The legal action that ``byte`` stands for.

    In the bidding, before any bid, even values pass and odd ones bid a contract; after a
    bid, one value in four outbids it and the others pass. So every contract is often
    played, and four passes happen now and then. When a handful may be shown, odd values
    show one. Otherwise the value is taken modulo the number of legal actions.
    """
    if state.phase is ft.Phase.BIDDING and len(legal) > 1:
        bids = len(legal) - 1
        if state.contract is None:
            return legal[0] if byte % 2 == 0 else legal[1 + (byte // 2) % bids]
        return legal[1 + (byte // 4) % bids] if byte % 4 == 1 else legal[0]
    if isinstance(legal[0], DeclareHandful) and byte % 2:
        shown = sum(1 for action in legal if isinstance(action, DeclareHandful))
        return legal[(byte // 2) % shown]
    return legal[byte % len(legal)]


def _salt(start: State) -> int:
    """A number that depends on the deal only, mixed into the drawn choices."""
    return sum((n + 1) * card.index for n, card in enumerate(start.dog))


def walk(start: State, picks: Sequence[int]) -> Iterator[tuple[State, Action | None]]:
    """Yield each state from ``start`` on with the action then chosen (``None`` at the end).

    Each byte of ``picks`` is mixed with its position and with the dog before it picks an
    action (see :func:`pick`): Hypothesis often draws runs of zeros, and these still make
    varied deals. The walk stops early when the deal ends.
    """
    salt = _salt(start)
    state = start
    for step, byte in enumerate(picks):
        legal = ft.legal_actions(state)
        if not legal:
            break
        action = pick(state, legal, (byte + salt + 101 * step) % 256)
        yield state, action
        state = ft.apply(state, action)
    yield state, None


def replay(start: State, picks: Sequence[int]) -> State:
    """The state reached from ``start`` by the choices ``picks`` (see :func:`walk`)."""
    *_, (last, _none) = walk(start, picks)
    return last


def _end_of(path: Walk) -> State:
    return replay(path.start, path.choices)


@st.composite
def _states(draw: st.DrawFn, max_steps: int) -> State:
    path = [state for state, _action in walk(*draw(walks(max_steps)))]
    # Mixed like the choices, so that the state is spread along the deal even when
    # Hypothesis draws zeros.
    where = draw(st.integers(min_value=0, max_value=255)) + _salt(path[0])
    return path[where % len(path)]


def states(max_steps: int = MAX_DEAL_ACTIONS) -> st.SearchStrategy[State]:
    """A state reachable by legal play: a deal then up to ``max_steps`` legal actions.

    The state is drawn along the whole walk, so every phase of the deal comes up.
    """
    return _states(max_steps)


def terminal_states() -> st.SearchStrategy[State]:
    """A finished deal: played out, or annulled by a petit sec or four passes."""
    return full_walks().map(_end_of)


def done_states() -> st.SearchStrategy[State]:
    """A deal played out to the last trick (never annulled)."""
    return terminal_states().filter(lambda state: state.phase is ft.Phase.DONE)


@st.composite
def scarce_ecart_deals(draw: st.DrawFn) -> DealSpec:
    """Deals where the first seat to speak may have to put trumps in the écart.

    That seat's eighteen cards and the dog together hold all four Kings, the Petit, from
    none to seven ordinary cards (suit cards other than Kings), and trumps or the Excuse
    for the rest, so that taking the dog leaves fewer than six ordinary cards more often
    than not.
    """
    dealer = draw(seats())
    ordinary = draw(st.integers(min_value=0, max_value=7))
    pack = draw(st.permutations(DECK))  # one draw orders every group below
    plain = [card for card in pack if card.suit is not None and not card.is_king]
    high = [card for card in pack if card.suit is None and card != TRUMPS[0]]
    chosen = {TRUMPS[0], *(c for c in pack if c.is_king), *plain[:ordinary]}
    chosen.update(high[: 19 - ordinary])
    group = [card for card in pack if card in chosen]
    rest = [card for card in pack if card not in chosen]
    first = (dealer + 1) % 4
    hands: list[tuple[Card, ...]] = []
    for seat in range(4):
        if seat == first:
            hands.append(tuple(group[:18]))
        else:
            hands.append(tuple(rest[:18]))
            rest = rest[18:]
    return DealSpec(tuple(hands), tuple(group[18:]), dealer)


def _handful_cards() -> st.SearchStrategy[frozenset[Card]]:
    trump_sets = st.sampled_from((10, 13, 15)).flatmap(
        lambda size: st.lists(
            st.sampled_from((*TRUMPS, EXCUSE)), min_size=size, max_size=size, unique=True
        )
    )
    return st.one_of(trump_sets.map(frozenset), st.frozensets(cards(), max_size=16))


def actions() -> st.SearchStrategy[Action]:
    """Any well-formed action, legal or not in any given state.

    Handfuls are mostly 10, 13 or 15 trumps (the Excuse possibly among them), sometimes any
    set of cards.
    """
    return st.one_of(
        st.just(Pass()),
        st.builds(Bid, st.sampled_from(Contract)),
        st.just(AnnounceSlam()),
        st.builds(Discard, cards()),
        st.builds(Play, cards()),
        st.builds(DeclareHandful, _handful_cards()),
    )
