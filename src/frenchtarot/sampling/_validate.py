"""The checks of an observation before any sampling: :func:`check_observation`.

An :class:`~frenchtarot.Observation` made by :func:`~frenchtarot.observe` always passes. One
built or changed by hand (``attrs.evolve``) is checked field by field against its own
:attr:`~frenchtarot.Observation.rules`: the type of every field, every seat in range, the
sizes, no card in two places, the phase against the contract. What these checks cannot see
(a history that does not lead to the tricks shown, say) the sampler finds when it replays
the history, and refuses just as cleanly.

The messages name the field, say what was wrong and what was expected, and quote nothing but
the observation itself (it is the caller's own view).
"""

from __future__ import annotations

from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot._core import flow as _flow
from frenchtarot._deal_values import Annulment, AnnulReason, Handful, Trick
from frenchtarot.actions import ACTION_TYPES, Contract, Phase
from frenchtarot.cards import DECK, Card
from frenchtarot.errors import InconsistentObservationError, TarotTypeError
from frenchtarot.observation import Observation
from frenchtarot.rules import Rules
from frenchtarot.scoring import Score

__all__ = ["check_observation"]

_TRUMPS_AND_EXCUSE: Final = (1 << 22) - 1
_TRUMPS: Final = (1 << 21) - 1
_OVER: Final = frozenset((Phase.DONE, Phase.ANNULLED))
_AFTER_BIDDING: Final = frozenset((Phase.CALL, Phase.DISCARD, Phase.SLAM, Phase.PLAY, Phase.DONE))
_AFTER_CALL: Final = frozenset((Phase.DISCARD, Phase.SLAM, Phase.PLAY, Phase.DONE))
_PLAYED: Final = frozenset((Phase.PLAY, Phase.DONE))
_CARD_TYPE: Final = frozenset((Card,))
_BIT_OF: Final = {id(card): 1 << card.index for card in DECK}
_INT_TYPE: Final = frozenset((int,))
_TUPLE_TYPE: Final = frozenset((tuple,))
_TRICK_TYPE: Final = frozenset((Trick,))
_ACTION_TYPES: Final = frozenset(ACTION_TYPES)
_HISTORY_TYPES: Final = frozenset((*ACTION_TYPES, type(None)))


def _wrong(what: str, expected: str, value: object) -> TarotTypeError:
    return TarotTypeError(f"Observation.{what} must be {expected}, not {describe_value(value)}")


def _refuse(message: str) -> InconsistentObservationError:
    return InconsistentObservationError(f"inconsistent observation: {message}")


def _number(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _wrong(what, "an int", value)
    return value


def _seat(value: object, what: str, seats: int) -> int:
    seat = _number(value, what)
    if not 0 <= seat < seats:
        raise _refuse(f"{what} must be a seat from 0 to {seats - 1}, not {seat}")
    return seat


def _maybe_seat(value: object, what: str, seats: int) -> int | None:
    return None if value is None else _seat(value, what, seats)


def _flag(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise _wrong(what, "a bool", value)
    return value


def _bits(cards: list[Card] | tuple[Card, ...]) -> list[int]:
    """The bit of each card (cards are interned: looked up by identity, at C speed)."""
    bits = list(map(_BIT_OF.get, map(id, cards)))
    if None in bits:  # pragma: no cover - a Card that is not one of the pack's
        return [1 << card.index for card in cards]
    return bits  # type: ignore[return-value]


def _cards(value: object, what: str) -> int:
    """The mask of ``value``: a tuple of distinct cards in canonical order."""
    if value.__class__ is not tuple or not _CARD_TYPE.issuperset(map(type, value)):
        _slow_cards(value, what)
    bits = _bits(value)  # type: ignore[arg-type]
    if bits != sorted(set(bits)):
        raise _refuse(f"{what} must list each card once, in canonical order")
    return sum(bits)


def _slow_cards(value: object, what: str) -> None:
    """Refuse ``value`` if it is not a tuple of cards, saying why."""
    if not isinstance(value, tuple):
        raise _wrong(what, "a tuple of cards", value)
    for card in value:
        if not isinstance(card, Card):
            raise TarotTypeError(f"Observation.{what} must hold cards, not {describe_value(card)}")


def _disjoint(mask: int, seen: int, what: str) -> int:
    """``seen`` with the cards of ``mask`` added, refusing a card already seen."""
    if mask & seen:
        raise _refuse(f"{what} holds a card that is also elsewhere in the observation")
    return seen | mask


def check_observation(observation: Observation) -> None:
    """Refuse an observation that is not consistent with its own rules.

    Raises:
        TarotTypeError: A field has the wrong type (a list for a tuple, a string for a card,
            a bool for an int, a value for an enum member...).
        InconsistentObservationError: A value no deal of these rules can give (a seat out of
            range, the wrong number of cards, a card in two places, a phase the contract
            does not allow...), or a public view, which is no seat's own view.
    """
    rules = observation.rules
    if not isinstance(rules, Rules):
        raise _wrong("rules", "a Rules", rules)
    if not isinstance(observation.public, bool):
        raise _wrong("public", "a bool", observation.public)
    if observation.public:
        raise _refuse(
            "a public view (public_view) holds no seat's hand: sample from the observation "
            "of a seat (observe)"
        )
    seats = rules.seats
    seat = _seat(observation.seat, "seat", seats)
    _seat(observation.dealer, "dealer", seats)
    phase = observation.phase
    if not isinstance(phase, Phase):
        raise _wrong("phase", "a Phase", phase)
    current = _maybe_seat(observation.current, "current", seats)
    if (current is None) != (phase in _OVER):
        raise _refuse(
            f"current must be None exactly when the deal is over, not {current} in the "
            f"{phase.name.lower()} phase"
        )
    if phase is Phase.CALL and not rules.calls_partner:
        raise _refuse(f"the {rules.name} rules call no partner, so have no call phase")
    _check_bidding(observation, phase, seats)
    aside = _check_dog(observation, phase, seat)
    seen = _disjoint(aside, _cards(observation.hand, "hand"), "the écart")
    seen = _disjoint(_check_tricks(observation, phase, seats), seen, "a trick")
    leader = _maybe_seat(observation.leader, "leader", seats)
    if (leader is None) != (phase is not Phase.PLAY):
        raise _refuse(f"leader must be a seat during the play only, not {leader}")
    trick = _cards_in_order(observation.current_trick, "Observation.current_trick")
    if len(observation.current_trick) >= seats:
        raise _refuse(f"current_trick must hold fewer than {seats} cards")
    _disjoint(trick, seen, "current_trick")
    _check_history(observation, seat, current)
    _check_sizes(observation, phase, len(observation.tricks))
    _check_handfuls(observation, phase, seats)
    _check_end(observation, phase, seats)


def _check_bidding(observation: Observation, phase: Phase, seats: int) -> None:
    rules = observation.rules
    taker = _maybe_seat(observation.taker, "taker", seats)
    contract = observation.contract
    if contract is not None and not isinstance(contract, Contract):
        raise _wrong("contract", "a Contract or None", contract)
    if (taker is None) != (contract is None):
        raise _refuse("taker and contract must both be None (no bid yet) or both be set")
    if contract is not None and not rules.offers(contract):
        raise _refuse(
            f"the {rules.name} rules do not offer {contract.name.lower()}; they offer "
            + ", ".join(offered.name.lower() for offered in rules.offered)
        )
    if phase in _AFTER_BIDDING and taker is None:
        raise _refuse(f"the {phase.name.lower()} phase needs a taker and a contract")
    called = observation.called
    if called is not None and not isinstance(called, Card):
        raise _wrong("called", "a Card or None", called)
    partner = _maybe_seat(observation.partner, "partner", seats)
    alone = _flag(observation.alone, "alone")
    calls = rules.calls_partner and phase in _AFTER_CALL and taker is not None
    if (called is not None) != calls:
        raise _refuse(
            "called must be the called card once a five-player taker has called, else None"
        )
    if partner is not None and (called is None or partner == taker or alone):
        raise _refuse(
            "partner must be None unless a card was called, and never the taker nor with alone"
        )
    if alone and called is None:
        raise _refuse("alone must be False unless a card was called")
    if _flag(observation.slam, "slam") and phase not in _PLAYED:
        raise _refuse("slam may be True only once the play has begun")


def _check_dog(observation: Observation, phase: Phase, seat: int) -> int:
    """The mask of the écart cards this seat saw."""
    rules = observation.rules
    shown = _flow.dog_is_public(phase, observation.contract)
    if observation.dog is not None or shown:
        if observation.dog is None or not shown:
            raise _refuse(
                "dog must be the dog's cards exactly when it is face up (a Petite or a Garde, "
                "after the bidding and the call), else None"
            )
        _cards(observation.dog, "dog")
        if len(observation.dog) != rules.dog_size:
            raise _refuse(f"dog must hold {rules.dog_size} cards, not {len(observation.dog)}")
    trumps = _cards(observation.shown_discard, "shown_discard")
    if trumps & ~_TRUMPS or (trumps and not shown):
        raise _refuse("shown_discard must hold the trumps put in the écart, and only those")
    discard = observation.discard
    if discard is None:
        if shown and seat == observation.taker:
            raise _refuse("discard must be the taker's écart (a tuple) once the dog is shown")
        aside = trumps
    else:
        if not shown or seat != observation.taker:
            raise _refuse("discard must be None except for the taker once the dog is shown")
        aside = _cards(discard, "discard")
        if trumps & ~aside or aside & _TRUMPS != trumps:
            raise _refuse("shown_discard must be the trumps of the taker's écart")
    if aside.bit_count() > rules.dog_size:
        raise _refuse(f"the écart holds {rules.dog_size} cards, not more")
    return aside


def _check_tricks(observation: Observation, phase: Phase, seats: int) -> int:
    """The mask of the cards in the tricks."""
    tricks = observation.tricks
    if not isinstance(tricks, tuple):
        raise _wrong("tricks", "a tuple of Trick", tricks)
    if len(tricks) > observation.rules.hand_size or (tricks and phase not in _PLAYED):
        raise _refuse(
            f"tricks must hold at most {observation.rules.hand_size} tricks, and none before "
            "the play"
        )
    if not tricks:
        return 0
    # Checked at once first (most observations pass), one by one to say what is wrong.
    if (
        _TRICK_TYPE.issuperset(map(type, tricks))
        and _INT_TYPE.issuperset(map(type, ends := [t.leader for t in tricks]))
        and _INT_TYPE.issuperset(map(type, winners := [t.winner for t in tricks]))
        and min(ends + winners) >= 0
        and max(ends + winners) < seats
        and _TUPLE_TYPE.issuperset(map(type, cards := [t.cards for t in tricks]))
        and set(map(len, cards)) == {seats}
        and _CARD_TYPE.issuperset(map(type, flat := [c for trick in cards for c in trick]))
    ):
        bits = _bits(flat)
        if len(set(bits)) == len(bits):
            return sum(bits)
    played = 0
    for trick in tricks:
        if not isinstance(trick, Trick):
            raise TarotTypeError(
                f"Observation.tricks must hold tricks, not {describe_value(trick)}"
            )
        _seat(trick.leader, "tricks: a trick's leader", seats)
        _seat(trick.winner, "tricks: a trick's winner", seats)
        mask = _cards_in_order(trick.cards, "Observation.tricks: a trick's cards")
        if len(trick.cards) != seats:
            raise _refuse(f"a trick of the {observation.rules.name} rules has {seats} cards")
        if mask & played:
            raise _refuse("tricks hold a card twice")
        played |= mask
    return played


def _cards_in_order(value: object, what: str) -> int:
    """The mask of ``value``: a tuple of distinct cards in any order (a trick's)."""
    if not isinstance(value, tuple):
        raise TarotTypeError(f"{what} must be a tuple of cards, not {describe_value(value)}")
    mask = 0
    for card in value:
        if not isinstance(card, Card):
            raise TarotTypeError(f"{what} must hold cards, not {describe_value(card)}")
        bit = 1 << card.index
        if mask & bit:
            raise _refuse(f"{what} hold {card} twice")
        mask |= bit
    return mask


def _check_sizes(observation: Observation, phase: Phase, tricks: int) -> None:
    rules = observation.rules
    seats = rules.seats
    sizes = observation.hand_sizes
    if not isinstance(sizes, tuple):
        raise _wrong("hand_sizes", "a tuple of ints", sizes)
    for size in sizes:
        if not isinstance(size, int) or isinstance(size, bool):
            raise TarotTypeError(
                f"Observation.hand_sizes must hold ints, not {describe_value(size)}"
            )
    if len(sizes) != seats:
        raise _refuse(f"hand_sizes must hold one count per seat ({seats}), not {len(sizes)}")
    if sizes[observation.seat] != len(observation.hand):
        raise _refuse(
            f"hand_sizes[{observation.seat}] must be the {len(observation.hand)} cards of hand, "
            f"not {sizes[observation.seat]}"
        )
    # Each seat holds its hand less the cards it played; in the écart, the taker holds the
    # dog as well, less the cards put aside so far.
    expected = [rules.hand_size - tricks] * seats
    leader = observation.leader
    if leader is not None:
        for position in range(len(observation.current_trick)):
            expected[_flow.seat_at(seats, leader, position)] -= 1
    taker = observation.taker
    if phase is Phase.DISCARD and taker is not None:
        put_aside = len(observation.history) - _flow.actions_before_dog(rules)
        expected[taker] += rules.dog_size - max(0, put_aside)
    if list(sizes) != expected:
        raise _refuse(
            "hand_sizes must be what each seat holds after the cards played "
            f"({', '.join(map(str, expected))}), not {', '.join(map(str, sizes))}"
        )


def _check_handfuls(observation: Observation, phase: Phase, seats: int) -> None:
    handfuls = observation.handfuls
    if not isinstance(handfuls, tuple):
        raise _wrong("handfuls", "a tuple of Handful", handfuls)
    if handfuls and phase not in _PLAYED:
        raise _refuse("handfuls are shown during the play only")
    shown = 0
    for handful in handfuls:
        if not isinstance(handful, Handful):
            raise TarotTypeError(
                f"Observation.handfuls must hold handfuls, not {describe_value(handful)}"
            )
        _seat(handful.seat, "handfuls: a handful's seat", seats)
        mask = _cards(handful.cards, "handfuls: a handful's cards")
        if mask & ~_TRUMPS_AND_EXCUSE or mask & shown:
            raise _refuse("a handful shows trumps (and the Excuse), each shown once")
        shown |= mask


def _check_end(observation: Observation, phase: Phase, seats: int) -> None:
    score = observation.score
    if score is not None and not isinstance(score, Score):
        raise _wrong("score", "a Score or None", score)
    if (score is None) != (phase not in _OVER):
        raise _refuse("score must be the score exactly once the deal is over, else None")
    annulment = observation.annulment
    if annulment is not None:
        if not isinstance(annulment, Annulment):
            raise _wrong("annulment", "an Annulment or None", annulment)
        if not isinstance(annulment.reason, AnnulReason):
            raise _wrong("annulment.reason", "an AnnulReason", annulment.reason)
        holder = _maybe_seat(annulment.seat, "annulment.seat", seats)
        if (holder is None) != (annulment.reason is AnnulReason.ALL_PASSED):
            raise _refuse("annulment.seat must be the petit sec's holder, and only for one")
    if (annulment is not None) != (phase is Phase.ANNULLED):
        raise _refuse("annulment must be set exactly when the deal was annulled")
    shown_hand = observation.shown_hand
    petit_sec = annulment is not None and annulment.reason is AnnulReason.PETIT_SEC
    if (shown_hand is not None) != petit_sec:
        raise _refuse("shown_hand must be the petit sec's hand exactly when one annulled the deal")
    if shown_hand is not None:
        _cards(shown_hand, "shown_hand")
        if len(shown_hand) != observation.rules.hand_size:
            raise _refuse(f"shown_hand must hold a whole hand of {observation.rules.hand_size}")


def _check_history(observation: Observation, seat: int, current: int | None) -> None:
    rules = observation.rules
    history = observation.history
    if not isinstance(history, tuple):
        raise _wrong("history", "a tuple of actions", history)
    kinds = list(map(type, history))
    if not _HISTORY_TYPES.issuperset(kinds):
        for action in history:
            if action is not None and not isinstance(action, ACTION_TYPES):
                raise TarotTypeError(
                    f"Observation.history must hold actions (None for an écart card not "
                    f"seen), not {describe_value(action)}"
                )
    hidden = kinds.count(type(None))
    most = 2 * rules.seats + 2 + rules.dog_size + rules.seats * rules.hand_size
    if len(history) > most:
        raise _refuse(f"history must hold at most {most} actions, not {len(history)}")
    if hidden and (observation.dog is None or seat == observation.taker):
        raise _refuse("history hides écart cards only from a defender once the dog is shown")
    if hidden > rules.dog_size:
        raise _refuse(f"history hides at most the {rules.dog_size} cards of the écart")
    legal = observation.legal_actions
    if not isinstance(legal, tuple):
        raise _wrong("legal_actions", "a tuple of actions", legal)
    if not _ACTION_TYPES.issuperset(map(type, legal)):
        for action in legal:
            if not isinstance(action, ACTION_TYPES):
                raise TarotTypeError(
                    f"Observation.legal_actions must hold actions, not {describe_value(action)}"
                )
    if bool(legal) != (current == seat):
        raise _refuse("legal_actions must list this seat's actions exactly on its turn")
