"""Small helpers to reach a given point of a deal from explicit cards and action notations.

Stable API for every test module:

* :func:`cards` reads ``"T1 EX KH"`` into cards.
* :func:`deal` makes a deal from (possibly partial) hands and dog; unnamed cards fill the gaps.
* :func:`actions` / :func:`play_out` read and apply a script such as
  ``"pass garde pass pass discard 2S discard 3S"``.
* :func:`snapshot` copies a state through pickle; :func:`assert_refused` checks a refusal.
* :func:`legal_plays` is the set of cards :func:`frenchtarot.legal_actions` lets the seat play.
* :func:`visible` and :func:`named`: the cards a seat may have seen, and may see named (the
  ground truth of the leak tests, computed from the whole state).
* :func:`run` writes a run of trumps (``run(2, 4) == "T2 T3 T4"``), :func:`full_hand` pads
  trumps with plain cards, :func:`check_annulled` checks an annulled deal.
* :func:`random_deal`, :func:`start`, :func:`choose`, :func:`play_random` and
  :func:`play_to_end`: seeded deals (plain, rich in trumps, or a petit sec) played at random
  with a bias towards the rarer situations; :func:`random_finished_deal` plays a seeded deal
  out with :func:`frenchtarot.rollout`.
* :func:`swap_deal`, :func:`swap_action`, :func:`twin` and :func:`twin_for`: the same deal
  with two cards exchanged, for the tests that a seat cannot tell two deals apart.
* :data:`HOUSE_RULES`: a custom :class:`~frenchtarot.Rules` of each table size that changes
  every house-rule knob, for the features' tests "under a custom Rules" (beside
  :data:`frenchtarot.rules.LUDICASH`).
"""

from __future__ import annotations

import itertools
import pickle
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeAlias

import attrs
import pytest

import frenchtarot as ft
from frenchtarot import (
    DECK,
    FOUR_PLAYER,
    RULES_BY_SEATS,
    Action,
    Annulment,
    AnnulReason,
    Call,
    Card,
    Contract,
    DeclareHandful,
    Discard,
    IllegalActionError,
    Pass,
    Phase,
    Play,
    Rule,
    Rules,
    State,
    apply,
    deal_from,
    legal_actions,
    parse_action,
)

__all__ = [
    "HOUSE_RULES",
    "Deal",
    "actions",
    "assert_refused",
    "autoplay",
    "biddable_deal",
    "cards",
    "check_annulled",
    "choose",
    "deal",
    "full_hand",
    "highest_card",
    "legal_plays",
    "lowest_card",
    "named",
    "play_out",
    "play_random",
    "play_to_end",
    "random_deal",
    "random_finished_deal",
    "run",
    "snapshot",
    "start",
    "swap_action",
    "swap_deal",
    "twin",
    "twin_for",
    "visible",
]

Script: TypeAlias = str | Iterable[str | Action]
"""What :func:`actions` reads: one string, or actions and their notations."""


HOUSE_RULES: dict[int, Rules] = {
    seats: attrs.evolve(
        rules,
        name=f"house-{seats}",
        contracts=((Contract.GARDE, 3), (Contract.GARDE_CONTRE, 7))
        if seats != 4
        else ((Contract.PETITE, 1), (Contract.GARDE_SANS, 5)),
        handfuls=tuple((size, bonus + 5) for size, bonus in rules.handfuls),
        petit_au_bout=15,
        petit_au_bout_multiplied=False,
        slam_announced=500,
        slam_unannounced=250,
        slam_missed=150,
        slam_defence=300,
    )
    for seats, rules in RULES_BY_SEATS.items()
}
"""A custom table of each size with every knob changed: two contracts only (Garde x3 and
Garde contre x7; at four, Petite x1 and Garde sans x5), handful bonuses +5, a flat petit au
bout of 15, slam bonuses 500 / 250 / 150 / 300."""


def cards(text: str) -> list[Card]:
    """The cards named in ``text``, separated by white space (``"T1 EX KH"``), in order."""
    return [Card.parse(word) for word in text.split()]


def deal(
    hands: Sequence[str] | Mapping[int, str],
    dog: str = "",
    *,
    dealer: int = 0,
    rules: Rules = FOUR_PLAYER,
) -> State:
    """A deal from explicit cards, the cards nobody is given filling the gaps.

    Args:
        hands: Each seat's cards as a white-space separated string, either one string per
            seat (seat 0 first) or a mapping from some seats to their cards. A hand may
            name fewer cards than a full hand.
        dog: The dog's cards (possibly fewer than a full dog).
        dealer: The dealing seat.
        rules: The table size (four players by default).

    Returns:
        The state from :func:`frenchtarot.deal_from`. The cards nobody was given go, in
        :data:`frenchtarot.DECK` order, first to the dog until it is full, then to seat 0,
        1, ... in turn until each hand is full.
    """
    given = dict(enumerate(hands)) if isinstance(hands, Sequence) else dict(hands)
    places = [cards(given.get(seat, "")) for seat in range(rules.seats)]
    dog_cards = cards(dog)
    used = {card for place in [*places, dog_cards] for card in place}
    spare = iter(card for card in DECK if card not in used)
    sizes = [(dog_cards, rules.dog_size), *((place, rules.hand_size) for place in places)]
    for place, size in sizes:
        while len(place) < size:
            place.append(next(spare))
    return deal_from(places, dog_cards, dealer=dealer, rules=rules)


def actions(script: Script) -> list[Action]:
    """Read a script of actions.

    Args:
        script: Actions, or their notations (see :func:`frenchtarot.parse_action`), or one
            string. A string holding a comma or a new line is split there, one action per
            piece (this is the way to write a ``handful``); otherwise it is split at white
            space, ``discard`` and ``call`` taking the word after them:
            ``"garde pass discard 2S KH"``.

    Returns:
        The actions, in order.
    """
    if not isinstance(script, str):
        return [parse_action(item) if isinstance(item, str) else item for item in script]
    if re.search(r"[,\n]", script):
        return [parse_action(piece) for piece in re.split(r"[,\n]", script) if piece.strip()]
    words = script.split()
    out: list[Action] = []
    while words:
        word = words.pop(0)
        if word.lower() in ("discard", "call") and words:
            word += " " + words.pop(0)
        out.append(parse_action(word))
    return out


def play_out(state: State, script: Script) -> State:
    """The state after applying every action of ``script`` (see :func:`actions`) in turn."""
    for action in actions(script):
        state = apply(state, action)
    return state


def snapshot(state: State) -> State:
    """An independent copy of ``state``, made by a pickle round trip."""
    copy = pickle.loads(pickle.dumps(state))
    assert isinstance(copy, State)
    return copy


def legal_plays(state: State) -> set[Card]:
    """The cards that :func:`frenchtarot.legal_actions` lets the seat to act play."""
    return {action.card for action in legal_actions(state) if isinstance(action, Play)}


def assert_refused(
    state: State, action: Action | str, rule: Rule, *, seat: int | None = None
) -> IllegalActionError:
    """Check that ``apply`` refuses ``action`` for ``rule`` and leaves ``state`` usable.

    The state must compare equal to a pickled copy taken before the attempt, offer the same
    legal actions as that copy, and still accept its first legal action (if any).

    Returns:
        The error raised, for further checks.
    """
    if isinstance(action, str):
        action = parse_action(action)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action, seat=seat)
    error = caught.value
    assert error.rule is rule, f"{action}: expected {rule}, got {error.rule} ({error})"
    assert error.action == action
    assert state == before
    assert hash(state) == hash(before)
    offered = legal_actions(state)
    assert offered == legal_actions(before)
    if offered:
        apply(state, offered[0])
        assert state == before
    return error


def lowest_card(state: State, plays: list[Card]) -> Card:
    """The lowest legal card, keeping the Excuse to the end."""
    return next((card for card in plays if not card.is_excuse), plays[0])


def highest_card(state: State, plays: list[Card]) -> Card:
    """The highest legal card, keeping the Excuse to the end."""
    return next((card for card in reversed(plays) if not card.is_excuse), plays[0])


def autoplay(state: State, taker_policy: Callable[[State, list[Card]], Card]) -> State:
    """Play the deal to the end: the taker by ``taker_policy``, the defenders highest first."""
    while state.phase is Phase.PLAY:
        plays = sorted(legal_plays(state))
        policy = taker_policy if state.current == state.taker else highest_card
        state = apply(state, Play(policy(state, plays)))
    return state


def biddable_deal(seed: int, rng: random.Random) -> State:
    """The four-player deal of ``seed`` (dealt by ``seed % 4``), or, when it is a petit sec,
    the first deal of a seed drawn from ``rng`` that is not."""
    state = ft.new_deal(seed=seed, dealer=seed % 4)
    while state.phase is not Phase.BIDDING:
        state = ft.new_deal(seed=rng.randrange(2**32), dealer=seed % 4)
    return state


def visible(state: State, seat: int) -> frozenset[Card]:
    """Every card ``seat`` may have seen, computed from the whole state (the ground truth).

    Its own cards, every card played, the handfuls, a dog turned face up, the trumps put in
    the écart, the taker's own écart (for the taker) and the hand of a petit sec.
    """
    seen = set(state.hand(seat))
    for trick in state.tricks:
        seen.update(trick.cards)
    seen.update(state.current_trick)
    for handful in state.handfuls:
        seen.update(handful.cards)
    contract = state.contract
    if (
        contract is not None
        and contract.dog_is_shown
        and state.phase not in (Phase.BIDDING, Phase.CALL)
    ):
        seen.update(state.dog)
        seen.update(card for card in state.discard if card.is_trump)
        if seat == state.taker:
            seen.update(state.discard)
    annulment = state.annulment
    if annulment is not None and annulment.seat is not None:
        seen.update(state.hand(annulment.seat))
    return frozenset(seen)


def named(state: State, seat: int) -> frozenset[Card]:
    """Every card ``seat`` may see named: those it saw (:func:`visible`) and the called card,
    whose name is public (where it lies is not), and at the call the names the taker may
    call."""
    called = {state.called} if state.called is not None else set()
    if state.phase is Phase.CALL and seat == state.current:
        called |= {action.card for action in legal_actions(state) if isinstance(action, Call)}
    return visible(state, seat) | called


def run(first: int, last: int, *extra: str) -> str:
    """Trumps ``first`` to ``last`` then ``extra``, as notation: ``run(2, 4) == "T2 T3 T4"``."""
    return " ".join([*(f"T{rank}" for rank in range(first, last + 1)), *extra])


#: Plain filler for a hand: Clubs, then Diamonds, then Hearts.
FILLER = [card for suit in "CDH" for card in DECK if card.notation.endswith(suit)]


def full_hand(relevant: str, rules: Rules = FOUR_PLAYER) -> str:
    """``relevant`` (trumps and the Excuse) completed to a full hand with plain filler."""
    mine = cards(relevant)
    return " ".join(map(str, mine + FILLER[: rules.hand_size - len(mine)]))


def check_annulled(state: State, reason: AnnulReason, seat: int | None) -> None:
    """``state`` is annulled for ``reason`` (by ``seat``'s petit sec): over, scored zero."""
    seats = state.rules.seats
    assert state.phase is Phase.ANNULLED and state.is_terminal
    assert state.current is None
    assert state.annulment == Annulment(reason, seat)
    if reason is AnnulReason.PETIT_SEC:
        assert seat is not None
        assert [c for c in state.hand(seat) if c.is_trump or c.is_excuse] == [Card(None, 1)]
    assert legal_actions(state) == ()
    assert ft.returns(state) == (0,) * seats
    result = ft.score(state)
    assert result.deltas == (0,) * seats
    assert result.annulment == state.annulment
    assert result.taker is None and result.unit == 0
    assert state.next_dealer == (state.dealer + 1) % seats
    with pytest.raises(IllegalActionError) as info:
        apply(state, Pass())
    assert info.value.rule is Rule.GAME_OVER


# --- Seeded random deals, played at random --------------------------------------------------

Deal: TypeAlias = tuple[list[list[Card]], list[Card], int]
"""The hands (one per seat), the dog and the dealer."""

#: How :func:`random_deal` deals, in turn (a petit sec one time in five).
MODES = ("plain", "trumps", "plain", "trumps", "petit_sec")


def random_deal(seed: int, mode: str, rules: Rules = FOUR_PLAYER) -> Deal:
    """A deal from ``seed``: a plain shuffle, one seat stacked with trumps, or a petit sec."""
    rng = random.Random(seed)
    size = rules.hand_size
    dealer = rng.randrange(rules.seats)
    pack = list(DECK)
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(rules.seats)]
    seat = rng.randrange(rules.seats)
    if mode == "trumps":
        least = rules.handfuls[0][0]
        trumps = [card for card in pack if card.is_trump][: rng.randint(least, least + 6)]
        kings = [card for card in pack if card.is_king][: rng.randint(0, 4)]
        picked = set(trumps + kings)
        hands[seat] = (trumps + kings + [card for card in pack if card not in picked])[:size]
    elif mode == "petit_sec":
        petit = Card.parse("T1")
        plain = [c for c in pack if not (c.is_trump or c.is_excuse)]
        hands[seat] = [petit, *plain[: size - 1]]
    taken = {card for hand in hands for card in hand}
    rest = iter(card for card in pack if card not in taken)
    for hand in hands:
        while len(hand) < size:
            hand.append(next(rest))
    return hands, list(rest), dealer


def start(dealt: Deal, rules: Rules | None = None) -> State:
    """The first state of ``dealt``, at the FFT table of that many hands unless ``rules``."""
    hands, dog, dealer = dealt
    return deal_from(hands, dog, dealer=dealer, rules=rules or RULES_BY_SEATS[len(hands)])


def choose(state: State, rng: random.Random) -> Action:
    """A random legal action, biased to reach every situation often.

    In the bidding, a seat with ten trumps or more usually bids, others usually pass, and
    low bids come first, so that the dog is often shown and the écart often made. A
    handful, when one may be shown, is shown half of the time.
    """
    offered = legal_actions(state)
    if state.phase is Phase.BIDDING:
        bids = offered[1:]
        strong = sum(card.is_trump for card in state.hand(state.current or 0)) >= 10
        if bids and rng.random() < (0.8 if strong else 0.4):
            return bids[0] if rng.random() < 0.7 else rng.choice(bids)
        return offered[0]
    handfuls = [action for action in offered if isinstance(action, DeclareHandful)]
    if handfuls and rng.random() < 0.5:
        return rng.choice(handfuls)
    return rng.choice(offered)


def play_random(state: State, rng: random.Random, steps: int) -> State:
    """The state after up to ``steps`` actions of :func:`choose`."""
    for _ in range(steps):
        if state.is_terminal:
            break
        state = apply(state, choose(state, rng))
    return state


def play_to_end(state: State, rng: random.Random) -> list[State]:
    """Every state from ``state`` to the end of the deal, played by :func:`choose`."""
    states = [state]
    while not state.is_terminal:
        state = apply(state, choose(state, rng))
        states.append(state)
    return states


def random_finished_deal(rules: Rules, seed: int) -> State:
    """The deal of ``seed`` at this table, dealt by ``seed % seats``, played out at random."""
    begin = ft.new_deal(seed=seed, rules=rules, dealer=seed % rules.seats)
    return ft.rollout(begin, random.Random(seed))


# --- Twins: the same deal with two cards exchanged -----------------------------------------


def swap_deal(dealt: Deal, a: Card, b: Card) -> Deal:
    """``dealt`` with the cards ``a`` and ``b`` exchanged."""
    swap = {a: b, b: a}
    hands, dog, dealer = dealt
    return (
        [[swap.get(c, c) for c in hand] for hand in hands],
        [swap.get(c, c) for c in dog],
        dealer,
    )


def swap_action(action: Action, a: Card, b: Card) -> Action:
    """``action`` with the cards ``a`` and ``b`` exchanged."""
    swap = {a: b, b: a}
    if isinstance(action, Play):
        return Play(swap.get(action.card, action.card))
    if isinstance(action, Discard):
        return Discard(swap.get(action.card, action.card))
    if isinstance(action, DeclareHandful):
        return DeclareHandful(swap.get(card, card) for card in action.cards)
    return action


def _replay(dealt: Deal, history: Iterable[Action]) -> State | None:
    state = start(dealt)
    try:
        for action in history:
            state = apply(state, action)
    except IllegalActionError:
        return None
    return state


def twin(
    state: State, rng: random.Random, seat: int | None = None
) -> tuple[State, Card, Card] | None:
    """Another deal and state that differ from ``state`` only by two cards exchanged.

    The two cards are in different places of the deal as dealt (two hands, or a hand and
    the dog), and the same actions, with the two cards exchanged, are legal in the other
    deal. With ``seat``, both cards are ones that seat never saw, in either deal.

    Every pair is tried, in a random order, so ``None`` means that no such deal exists: late
    in the play, the few cards a seat has not seen may all be pinned by what their holders
    played (a swap would make an earlier card illegal).
    """
    dealt: Deal = ([list(hand) for hand in state.dealt], list(state.dog), state.dealer)
    hands, dog, _dealer = dealt
    place = {card: where for where, group in enumerate([*hands, dog]) for card in group}
    seen = visible(state, seat) if seat is not None else frozenset()
    unseen = [card for card in DECK if card not in seen]
    pairs = [(a, b) for a, b in itertools.combinations(unseen, 2) if place[a] != place[b]]
    rng.shuffle(pairs)
    for a, b in pairs:
        other = _replay(swap_deal(dealt, a, b), (swap_action(x, a, b) for x in state.history))
        if other is not None and (seat is None or visible(other, seat) == seen):
            return other, a, b
    return None


def twin_for(state: State, seat: int, rng: random.Random) -> State | None:
    """A deal that differs from ``state`` by two cards ``seat`` never saw, replayed to the
    same point; at five players the called card first, when the seat has not seen it (so
    that the partner differs). Any rules, house rules too."""
    dealt: Deal = ([list(hand) for hand in state.dealt], list(state.dog), state.dealer)
    groups = [*dealt[0], dealt[1]]
    place = {card: where for where, group in enumerate(groups) for card in group}
    seen = visible(state, seat)
    unseen = [card for card in DECK if card not in seen]
    pairs = [(a, b) for a, b in itertools.combinations(unseen, 2) if place[a] != place[b]]
    rng.shuffle(pairs)
    called = state.called
    if called is not None:
        pairs.sort(key=lambda pair: called not in pair)
    for a, b in pairs[:40]:
        hands, dog, dealer = swap_deal(dealt, a, b)
        other = deal_from(hands, dog, dealer=dealer, rules=state.rules)
        try:
            for action in state.history:
                other = apply(other, swap_action(action, a, b))
        except IllegalActionError:
            continue
        if visible(other, seat) == seen:
            return other
    return None


def scripted(state: State, plans: dict[int, list[Card]], tricks: int) -> State:
    """Play until ``tricks`` tricks are complete, each seat its first legal card of its plan
    (or, without one, its first legal card)."""
    while len(state.tricks) < tricks:
        legal = [action.card for action in ft.legal_actions(state) if isinstance(action, Play)]
        plan = plans.get(state.current, []) if state.current is not None else []
        state = ft.apply(state, Play(next((card for card in plan if card in legal), legal[0])))
    return state


def trumps(low: int, high: int) -> str:
    return " ".join(f"T{number}" for number in range(low, high + 1))
