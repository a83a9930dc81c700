"""What the whole-deal pictures of :mod:`frenchtarot.svg` show: a view of the table.

Private. ``_observation_view`` reads an :class:`~frenchtarot.Observation` only, so its view
holds nothing the seat may not see; ``_state_view`` is the omniscient one. The views are
drawn by :mod:`frenchtarot.svg`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from frenchtarot import _engine, scoring
from frenchtarot._core.state import State
from frenchtarot._deal_values import AnnulReason, Trick
from frenchtarot.actions import Action, Contract, DeclareHandful, Discard, Phase, Play
from frenchtarot.cards import Card
from frenchtarot.observation import Observation
from frenchtarot.rules import Rules
from frenchtarot.svg._draw import _short

# ---------------------------------------------------------------------------------------------
# Whole deals: what to draw (a _View).


class _Plate(NamedTuple):
    """A seat's name plate at the table."""

    seat: int
    name: str
    roles: str
    status: str
    viewer: bool
    to_act: bool


class _Row(NamedTuple):
    """A labelled row of small cards: the dog, the écart, a handful, a trick..."""

    label: str
    cards: tuple[Card, ...]
    backs: int = 0
    captions: tuple[str, ...] = ()
    note: str = ""


class _Hand(NamedTuple):
    label: str
    cards: tuple[Card, ...]
    playable: frozenset[Card] | None
    """The cards that may be played or put aside now; ``None`` when that does not apply."""


class _View(NamedTuple):
    title: str
    banner: str
    lines: tuple[str, ...]
    called: Card | None
    seats: int
    bottom: int
    plates: tuple[_Plate, ...]
    trick: tuple[Card, ...]
    leader: int | None
    hands: tuple[_Hand, ...]
    rows: tuple[_Row, ...]
    notes: tuple[str, ...]


def _words(contract: Contract) -> str:
    return contract.name.lower().replace("_", " ")


def _phase_words(phase: Phase, tricks: int, rules: Rules) -> str:
    if phase is Phase.PLAY:
        return f"trick {tricks + 1} of {rules.hand_size}"
    return {
        Phase.BIDDING: "bidding",
        Phase.CALL: "calling a partner",
        Phase.DISCARD: "écart",
        Phase.SLAM: "slam announcement",
        Phase.DONE: "deal over",
        Phase.ANNULLED: "deal annulled",
    }[phase]


def _contract_line(
    phase: Phase, dealer: int, taker: int | None, contract: Contract | None, slam: bool
) -> str:
    line = f"Dealer: seat {dealer}"
    if contract is None or taker is None:
        return line + (" · no bid yet" if phase is Phase.BIDDING else " · no taker")
    if phase is Phase.BIDDING:
        return line + f" · highest bid: {_words(contract)} (seat {taker})"
    return (
        line + f" · taker: seat {taker}, {_words(contract)}" + (", slam announced" if slam else "")
    )


def _called_line(called: Card, partner: int | None, alone: bool, viewer: int | None) -> str:
    line = f"Called card: {_short(called)} ({called.name_en})"
    if partner is not None:
        return line + f" · partner: seat {partner}" + (" (you)" if partner == viewer else "")
    if alone:
        return line + " · the taker plays alone"
    return line + " · partner unknown"


def _choices(actions: Sequence[Action], phase: Phase, who: str, left: int) -> str:
    """What the seat to act may do, in words (cards to play are highlighted instead)."""
    if not actions:
        return ""
    if phase is Phase.PLAY:
        line = f"{who}: play a highlighted card"
        if any(isinstance(action, DeclareHandful) for action in actions):
            sizes = sorted({len(a.cards) for a in actions if isinstance(a, DeclareHandful)})
            line += " or show a handful of " + " or ".join(map(str, sizes)) + " cards"
        return line
    if phase is Phase.DISCARD:
        return f"{who}: put a highlighted card in the écart ({left} to go)"
    return f"{who}: " + ", ".join(map(str, actions))


def _playable(actions: Sequence[Action]) -> frozenset[Card] | None:
    cards = frozenset(a.card for a in actions if isinstance(a, (Play, Discard)))
    return cards or None


def _roles(
    seat: int,
    dealer: int,
    phase: Phase,
    taker: int | None,
    partner: int | None,
    bids: Sequence[tuple[int, Contract | None]],
) -> str:
    roles = ["dealer"] if seat == dealer else []
    if phase is Phase.BIDDING or taker is None:
        roles.extend(_words(word) if word else "passed" for who, word in bids if who == seat)
    elif seat == taker:
        roles.append("taker")
    if seat == partner:
        roles.append("partner")
    return " · ".join(roles)


def _status(seat: int, cards: int, current: int | None, score: scoring.Score | None) -> str:
    if score is not None and score.annulment is None:
        return f"score {score.deltas[seat]:+d}"
    status = f"{cards} card{'' if cards == 1 else 's'}"
    return status + (" · to act" if seat == current else "")


def _last_trick(tricks: Sequence[Trick], seats: int) -> tuple[_Row, ...]:
    if not tricks:
        return ()
    last = tricks[-1]
    captions = tuple(f"seat {(last.leader + i) % seats}" for i in range(seats))
    label = f"Trick {len(tricks)}, won by seat {last.winner}"
    return (_Row(label, last.cards, captions=captions),)


def _score_notes(score: scoring.Score | None) -> tuple[str, ...]:
    if score is None:
        return ()
    annulment = score.annulment
    if annulment is not None:
        if annulment.reason is AnnulReason.PETIT_SEC:
            return (f"Deal annulled: seat {annulment.seat} held a petit sec.",)
        return ("Deal annulled: every seat passed.",)
    assert score.contract is not None
    camp = f"seat {score.taker}"
    if score.called is not None:
        camp += " alone" if score.partner is None else f" with seat {score.partner}"
    verdict = "made" if score.made else "lost"
    facts = [
        f"{score.taker_points:g} points",
        f"{score.bouts} bout{'' if score.bouts == 1 else 's'}",
        f"target {score.target}",
    ]
    if score.petit_au_bout is not None:
        facts.append(f"petit au bout {score.petit_au_bout.value:+d}")
    facts.extend(f"handful of seat {h.seat} {h.value:+d}" for h in score.handfuls)
    if score.slam.value or score.slam.announced:
        facts.append(f"{score.slam.describe()} {score.slam.value:+d}")
    deltas = " · ".join(f"seat {seat}: {delta:+d}" for seat, delta in enumerate(score.deltas))
    return (
        f"{_words(score.contract).capitalize()} (x{score.multiplier}) by {camp}: "
        f"{verdict} by {score.margin}",
        ", ".join(facts) + f"; unit {score.unit:+d}",
        f"Scores: {deltas}",
    )


def _ecart_count(history: Sequence[Action | None]) -> int:
    """How many cards were put in the écart (hidden ones are ``None`` in an observation)."""
    return sum(1 for action in history if action is None or isinstance(action, Discard))


def _observation_view(obs: Observation) -> _View:
    rules = obs.rules
    seats = rules.seats
    phase = obs.phase
    turn = ""
    if obs.current == obs.seat:
        turn = " · your turn"
    elif obs.current is not None:
        turn = f" · seat {obs.current} to act"
    lines = [
        f"Seat {obs.seat} · {_phase_words(phase, len(obs.tricks), rules)}{turn}",
        _contract_line(phase, obs.dealer, obs.taker, obs.contract, obs.slam),
    ]
    if obs.called is not None:
        lines.append(_called_line(obs.called, obs.partner, obs.alone, obs.seat))
    left = rules.dog_size - len(obs.discard or ())
    choices = _choices(obs.legal_actions, phase, "Your turn", left)
    if choices:
        lines.append(choices)
    plates = tuple(
        _Plate(
            seat,
            f"Seat {seat}" + (" (you)" if seat == obs.seat else ""),
            _roles(seat, obs.dealer, phase, obs.taker, obs.partner, obs.bids),
            _status(seat, obs.hand_sizes[seat], obs.current, obs.score),
            seat == obs.seat,
            seat == obs.current,
        )
        for seat in range(seats)
    )
    hands = (
        _Hand(
            f"Your hand ({len(obs.hand)} card{'' if len(obs.hand) == 1 else 's'})",
            obs.hand,
            _playable(obs.legal_actions),
        ),
    )
    rows: list[_Row] = []
    if obs.dog is not None:
        rows.append(_Row("Dog", obs.dog, note="shown"))
    else:
        rows.append(_Row("Dog", (), backs=rules.dog_size, note="face down"))
    if obs.discard is not None:
        if obs.discard:
            rows.append(_Row("Your écart", obs.discard))
    elif obs.dog is not None:
        count = _ecart_count(obs.history)
        if count:
            note = "trumps shown" if obs.shown_discard else "face down"
            backs = count - len(obs.shown_discard)
            rows.append(_Row("Écart", obs.shown_discard, backs=backs, note=note))
    rows.extend(_Row(f"Handful of seat {handful.seat}", handful.cards) for handful in obs.handfuls)
    rows.extend(_last_trick(obs.tricks, seats))
    annulment = obs.annulment
    if obs.shown_hand is not None and annulment is not None:
        rows.append(_Row(f"Petit sec of seat {annulment.seat}", obs.shown_hand))
    notes = tuple(
        f"Seat {e.giver} owes seat {e.receiver} a half-point card for the Excuse"
        for e in obs.excuse_exchanges
    ) + _score_notes(obs.score)
    return _View(
        f"What seat {obs.seat} sees: {_phase_words(phase, len(obs.tricks), rules)}",
        "",
        tuple(lines),
        obs.called,
        seats,
        obs.seat,
        plates,
        obs.current_trick,
        obs.leader,
        hands,
        tuple(rows),
        notes,
    )


def _state_view(state: State, bottom: int) -> _View:
    rules = state.rules
    seats = rules.seats
    phase = state.phase
    turn = "" if state.current is None else f" · seat {state.current} to act"
    lines = [
        f"Every hand · {_phase_words(phase, len(state.tricks), rules)}{turn}",
        _contract_line(phase, state.dealer, state.taker, state.contract, state.slam),
    ]
    if state.called is not None:
        lines.append(_called_line(state.called, state.partner, state.partner is None, None))
    legal = _engine.legal_actions(state)
    left = rules.dog_size - len(state.discard)
    choices = _choices(legal, phase, f"Seat {state.current}", left)
    if choices:
        lines.append(choices)
    score = scoring.score(state) if state.is_terminal else None
    hands = state.hands
    plates = tuple(
        _Plate(
            seat,
            f"Seat {seat}",
            _roles(seat, state.dealer, phase, state.taker, state.partner, state.bids),
            _status(seat, len(hands[seat]), state.current, score),
            False,
            seat == state.current,
        )
        for seat in range(seats)
    )
    hand_rows = []
    for offset in range(seats):
        seat = (bottom + offset) % seats
        roles = _roles(seat, state.dealer, phase, state.taker, state.partner, state.bids)
        label = f"Seat {seat}" + (f" · {roles}" if roles else "") + f" ({len(hands[seat])})"
        playable = _playable(legal) if seat == state.current else None
        hand_rows.append(_Hand(label, hands[seat], playable))
    contract = state.contract
    dog_shown = (
        contract is not None and contract.dog_is_shown and phase not in (Phase.BIDDING, Phase.CALL)
    )
    rows = [_Row("Dog", state.dog, note="" if dog_shown else "face down at the table")]
    if state.discard:
        rows.append(_Row("Écart", state.discard))
    rows.extend(
        _Row(f"Handful of seat {handful.seat}", handful.cards) for handful in state.handfuls
    )
    rows.extend(_last_trick(state.tricks, seats))
    annulment = state.annulment
    if annulment is not None and annulment.reason is AnnulReason.PETIT_SEC:
        rows.append(_Row(f"Petit sec of seat {annulment.seat}", hands[annulment.seat or 0]))
    return _View(
        f"Every hand (omniscient view): {_phase_words(phase, len(state.tricks), rules)}",
        "Omniscient view: every hand and the dog. Never show it to a player.",
        tuple(lines),
        state.called,
        seats,
        bottom,
        plates,
        state.current_trick if phase is Phase.PLAY else (),
        state.leader,
        tuple(hand_rows),
        tuple(rows),
        _score_notes(score),
    )
