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
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeAlias

import pytest

from frenchtarot import (
    DECK,
    FOUR_PLAYER,
    Action,
    Call,
    Card,
    IllegalActionError,
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
    "actions",
    "assert_refused",
    "cards",
    "deal",
    "legal_plays",
    "named",
    "play_out",
    "snapshot",
    "visible",
]

Script: TypeAlias = str | Iterable[str | Action]
"""What :func:`actions` reads: one string, or actions and their notations."""


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
