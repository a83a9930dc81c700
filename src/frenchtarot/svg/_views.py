"""What the whole-deal pictures of :mod:`frenchtarot.svg` show: a view of the table.

Private. ``_observation_view`` reads an :class:`~frenchtarot.Observation` only, so its view
holds nothing the seat may not see; ``_state_view`` is the omniscient one. The views are
drawn by :mod:`frenchtarot.svg._render`, in the words of a :class:`~._words.Words`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from frenchtarot import _engine, scoring
from frenchtarot._core.state import State
from frenchtarot._deal_values import AnnulReason, Handful, Trick
from frenchtarot._score_values import Camp, SlamResult
from frenchtarot.actions import Action, Call, Contract, DeclareHandful, Discard, Phase, Play
from frenchtarot.cards import Card
from frenchtarot.observation import Observation
from frenchtarot.svg._words import Words


class _Plate(NamedTuple):
    """A seat's name plate at the table."""

    seat: int
    name: str
    suffix: str
    """What follows the name: `` (you)`` on the viewer's plate."""
    roles: str
    status: str
    viewer: bool
    to_act: bool


class _Row(NamedTuple):
    """A labelled row of small cards: the dog, the écart, a handful, a trick..."""

    kind: str
    """The row's class in the document: ``dog``, ``ecart``, ``handful``, ``last-trick``..."""
    label: str
    cards: tuple[Card, ...]
    backs: int = 0
    captions: tuple[str, ...] = ()
    note: str = ""
    seat: int | None = None
    actions: Mapping[Card, Action] | None = None
    """The cards of the row that are actions now (the choices of the call), else None."""
    attr: str = "data-card"


class _Hand(NamedTuple):
    label: str
    seat: int
    cards: tuple[Card, ...]
    actions: Mapping[Card, Action] | None
    """The cards that may be played or put aside now, with their actions; ``None`` when
    the seat has no card to play or put aside now (then no card is dimmed)."""


class _View(NamedTuple):
    title: str
    banner: str
    lines: tuple[str, ...]
    called: Card | None
    called_caption: str
    seats: int
    bottom: int
    plates: tuple[_Plate, ...]
    trick: tuple[Card, ...]
    leader: int | None
    hands: tuple[_Hand, ...]
    rows: tuple[_Row, ...]
    notes: tuple[str, ...]
    data: tuple[tuple[str, str], ...]
    """The attributes of the document's root: the seat, the phase, the legal actions."""


def _contract_line(
    words: Words,
    phase: Phase,
    dealer: int,
    taker: int | None,
    contract: Contract | None,
    slam: bool,
) -> str:
    line = words.say("dealer", who=words.seat(dealer))
    if contract is None or taker is None:
        return line + words.say("no bid" if phase is Phase.BIDDING else "no taker")
    named = words.contract(contract)
    if phase is Phase.BIDDING:
        return line + words.say("highest", contract=named, who=words.seat(taker))
    line += words.say("taker is", who=words.seat(taker), contract=named)
    return line + (words.say("slam announced") if slam else "")


def _called_line(
    words: Words, called: Card, partner: int | None, alone: bool, viewer: int | None
) -> str:
    line = words.say("called card", short=words.short(called), name=words.name(called))
    if partner is not None:
        line += words.say("partner is", who=words.seat(partner))
        return line + (words.say("you") if partner == viewer else "")
    return line + words.say("alone" if alone else "partner unknown")


def _prompt(words: Words, actions: Sequence[Action], phase: Phase, who: str, left: int) -> str:
    """What the seat to act may do, in words (cards to play are highlighted instead)."""
    if not actions:
        return ""
    if phase is Phase.PLAY:
        line = words.say("prompt play", who=who)
        sizes = sorted({len(a.cards) for a in actions if isinstance(a, DeclareHandful)})
        if sizes:
            line += words.say("prompt handful", sizes=words.say("or").join(map(str, sizes)))
        return line
    if phase is Phase.DISCARD:
        return words.say("prompt discard", who=who, left=left)
    if phase is Phase.CALL:
        return words.say("prompt call", who=who)
    return words.say("prompt other", who=who, actions=", ".join(map(words.action, actions)))


def _hand_actions(actions: Sequence[Action]) -> dict[Card, Action] | None:
    """The plays or discards among ``actions``, by their card; ``None`` if there are none."""
    found: dict[Card, Action] = {a.card: a for a in actions if isinstance(a, (Play, Discard))}
    return found or None


def _calls(words: Words, actions: Sequence[Action]) -> tuple[_Row, ...]:
    """At the call, the cards the taker may call, as a row of choices."""
    calls: dict[Card, Action] = {a.card: a for a in actions if isinstance(a, Call)}
    if not calls:
        return ()
    label, note = words.say("Call"), words.say("choose a card")
    return (_Row("choices", label, tuple(calls), note=note, actions=calls, attr="data-choice"),)


def _roles(
    words: Words,
    seat: int,
    dealer: int,
    phase: Phase,
    taker: int | None,
    partner: int | None,
    bids: Sequence[tuple[int, Contract | None]],
) -> str:
    roles = [words.say("Dealer")] if seat == dealer else []
    if phase is Phase.BIDDING or taker is None:
        roles.extend(
            words.contract(word) if word else words.say("passed")
            for who, word in bids
            if who == seat
        )
    elif seat == taker:
        roles.append(words.say("Taker"))
    if seat == partner:
        roles.append(words.say("Partner"))
    return " · ".join(roles)


def _status(
    words: Words, seat: int, cards: int, current: int | None, score: scoring.Score | None
) -> str:
    if score is not None and score.annulment is None:
        return words.say("status score", delta=f"{score.deltas[seat]:+d}")
    return words.count(cards) + (words.say("status to act") if seat == current else "")


def _last_trick(words: Words, tricks: Sequence[Trick], seats: int) -> tuple[_Row, ...]:
    if not tricks:
        return ()
    last = tricks[-1]
    captions = tuple(words.seat((last.leader + i) % seats) for i in range(seats))
    label = words.say("last trick", n=len(tricks), who=words.seat(last.winner))
    return (_Row("last-trick", label, last.cards, captions=captions),)


def _handfuls(words: Words, handfuls: Sequence[Handful]) -> tuple[_Row, ...]:
    return tuple(
        _Row("handful", words.say("handful of", who=words.seat(h.seat)), h.cards, seat=h.seat)
        for h in handfuls
    )


def _slam_words(words: Words, slam: SlamResult) -> str:
    if slam.made_by is Camp.ATTACK:
        return words.say("slam made" if slam.announced else "slam unannounced")
    if slam.made_by is Camp.DEFENCE:
        missed = words.say("slam missed") + ", " if slam.announced else ""
        return missed + words.say("slam defence")
    return words.say("slam missed" if slam.announced else "no slam")


def _score_notes(words: Words, score: scoring.Score | None) -> tuple[str, ...]:
    if score is None:
        return ()
    annulment = score.annulment
    if annulment is not None:
        if annulment.reason is AnnulReason.PETIT_SEC and annulment.seat is not None:
            return (words.say("annulled petit sec", who=words.seat(annulment.seat)),)
        return (words.say("annulled passed"),)
    assert score.contract is not None and score.taker is not None
    camp = words.seat(score.taker)
    if score.called is not None:
        camp = (
            words.say("camp alone", who=camp)
            if score.partner is None
            else words.say("camp with", who=camp, partner=words.seat(score.partner))
        )
    named = words.contract(score.contract)
    facts = [
        words.say("points", points=words.number(score.taker_points)),
        words.say("bout" if score.bouts == 1 else "bouts", n=score.bouts),
        words.say("target", target=score.target),
    ]
    if score.petit_au_bout is not None:
        facts.append(words.say("petit au bout", value=f"{score.petit_au_bout.value:+d}"))
    facts.extend(
        words.say("handful bonus", who=words.seat(h.seat), value=f"{h.value:+d}")
        for h in score.handfuls
    )
    if score.slam.value or score.slam.announced:
        facts.append(f"{_slam_words(words, score.slam)} {score.slam.value:+d}")
    deltas = " · ".join(
        words.say("delta", who=words.seat(seat), delta=f"{delta:+d}")
        for seat, delta in enumerate(score.deltas)
    )
    head = words.say(
        "score head",
        contract=named[:1].upper() + named[1:],
        multiplier=score.multiplier,
        camp=camp,
        verdict=words.say("made" if score.made else "lost"),
        margin=score.margin,
    )
    return (
        head,
        ", ".join(facts) + words.say("unit", unit=f"{score.unit:+d}"),
        words.say("scores", deltas=deltas),
    )


def _ecart_count(history: Sequence[Action | None]) -> int:
    """How many cards were put in the écart (hidden ones are ``None`` in an observation)."""
    return sum(1 for action in history if action is None or isinstance(action, Discard))


def _data(
    phase: Phase, actions: Sequence[Action], seat: int | None
) -> tuple[tuple[str, str], ...]:
    """The root's attributes: the observing seat, the phase and every legal action."""
    data = [] if seat is None else [("data-seat", str(seat))]
    data.append(("data-phase", phase.value))
    data.append(("data-actions", ";".join(map(str, actions))))
    return tuple(data)


def _observation_view(obs: Observation, words: Words, spectator: bool = False) -> _View:
    """The view of ``obs``: its seat's, or a spectator's (no seat is "you", no hand)."""
    rules = obs.rules
    seats = rules.seats
    phase = obs.phase
    where = words.phase(phase, len(obs.tricks), rules.hand_size)
    viewer = None if spectator else obs.seat
    turn = ""
    if obs.current is not None and obs.current == viewer:
        turn = words.say("your turn")
    elif obs.current is not None:
        turn = words.say("to act", who=words.seat(obs.current))
    first = (
        words.say("public line", phase=where, turn=turn)
        if viewer is None
        else f"{words.seat_cap(obs.seat)} · {where}{turn}"
    )
    lines = [first, _contract_line(words, phase, obs.dealer, obs.taker, obs.contract, obs.slam)]
    if obs.called is not None:
        lines.append(_called_line(words, obs.called, obs.partner, obs.alone, viewer))
    left = rules.dog_size - len(obs.discard or ())
    actions = obs.legal_actions if obs.current == obs.seat else ()
    prompt = _prompt(words, actions, phase, words.say("You"), left)
    if prompt:
        lines.append(prompt)
    plates = tuple(
        _Plate(
            seat,
            words.seat_cap(seat),
            words.say("you") if seat == viewer else "",
            _roles(words, seat, obs.dealer, phase, obs.taker, obs.partner, obs.bids),
            _status(words, seat, obs.hand_sizes[seat], obs.current, obs.score),
            seat == viewer,
            seat == obs.current,
        )
        for seat in range(seats)
    )
    label = words.say("your hand", count=words.count(len(obs.hand)))
    hands = () if viewer is None else (_Hand(label, obs.seat, obs.hand, _hand_actions(actions)),)
    rows: list[_Row] = list(_calls(words, actions))
    if obs.dog is not None:
        rows.append(_Row("dog", words.say("Dog"), obs.dog, note=words.say("shown")))
    else:
        rows.append(
            _Row("dog", words.say("Dog"), (), backs=rules.dog_size, note=words.say("face down"))
        )
    if obs.discard is not None:
        if obs.discard:
            rows.append(_Row("ecart", words.say("your ecart"), obs.discard))
    elif obs.dog is not None:
        count = _ecart_count(obs.history)
        if count:
            note = words.say("trumps shown" if obs.shown_discard else "face down")
            backs = count - len(obs.shown_discard)
            rows.append(_Row("ecart", words.say("Ecart"), obs.shown_discard, backs, note=note))
    rows.extend(_handfuls(words, obs.handfuls))
    rows.extend(_last_trick(words, obs.tricks, seats))
    annulment = obs.annulment
    if obs.shown_hand is not None and annulment is not None and annulment.seat is not None:
        label = words.say("petit sec of", who=words.seat(annulment.seat))
        rows.append(_Row("petit-sec", label, obs.shown_hand, seat=annulment.seat))
    notes = tuple(
        words.say("excuse owes", giver=words.seat_cap(e.giver), receiver=words.seat(e.receiver))
        for e in obs.excuse_exchanges
    ) + _score_notes(words, obs.score)
    title = (
        words.say("public title", phase=where)
        if viewer is None
        else words.say("observation title", who=words.seat(obs.seat), phase=where)
    )
    return _View(
        title,
        "",
        tuple(lines),
        obs.called,
        words.say("called"),
        seats,
        obs.seat,
        plates,
        obs.current_trick,
        obs.leader,
        hands,
        tuple(rows),
        notes,
        _data(phase, actions, viewer),
    )


def _state_view(state: State, bottom: int, words: Words) -> _View:
    rules = state.rules
    seats = rules.seats
    phase = state.phase
    where = words.phase(phase, len(state.tricks), rules.hand_size)
    turn = "" if state.current is None else words.say("to act", who=words.seat(state.current))
    lines = [
        words.say("state line", phase=where, turn=turn),
        _contract_line(words, phase, state.dealer, state.taker, state.contract, state.slam),
    ]
    if state.called is not None:
        lines.append(_called_line(words, state.called, state.partner, state.partner is None, None))
    legal = _engine.legal_actions(state)
    left = rules.dog_size - len(state.discard)
    if state.current is not None:
        prompt = _prompt(words, legal, phase, words.seat_cap(state.current), left)
        if prompt:
            lines.append(prompt)
    score = scoring.score(state) if state.is_terminal else None
    hands = state.hands
    plates = tuple(
        _Plate(
            seat,
            words.seat_cap(seat),
            "",
            _roles(words, seat, state.dealer, phase, state.taker, state.partner, state.bids),
            _status(words, seat, len(hands[seat]), state.current, score),
            False,
            seat == state.current,
        )
        for seat in range(seats)
    )
    hand_rows = []
    for offset in range(seats):
        seat = (bottom + offset) % seats
        roles = _roles(words, seat, state.dealer, phase, state.taker, state.partner, state.bids)
        label = words.seat_cap(seat) + (f" · {roles}" if roles else "") + f" ({len(hands[seat])})"
        actions = _hand_actions(legal) if seat == state.current else None
        hand_rows.append(_Hand(label, seat, hands[seat], actions))
    contract = state.contract
    dog_shown = (
        contract is not None and contract.dog_is_shown and phase not in (Phase.BIDDING, Phase.CALL)
    )
    note = "" if dog_shown else words.say("face down at the table")
    rows = [*_calls(words, legal), _Row("dog", words.say("Dog"), state.dog, note=note)]
    if state.discard:
        rows.append(_Row("ecart", words.say("Ecart"), state.discard))
    rows.extend(_handfuls(words, state.handfuls))
    rows.extend(_last_trick(words, state.tricks, seats))
    annulment = state.annulment
    if annulment is not None and annulment.seat is not None:
        label = words.say("petit sec of", who=words.seat(annulment.seat))
        rows.append(_Row("petit-sec", label, hands[annulment.seat], seat=annulment.seat))
    return _View(
        words.say("state title", phase=where),
        words.say("banner"),
        tuple(lines),
        state.called,
        words.say("called"),
        seats,
        bottom,
        plates,
        state.current_trick if phase is Phase.PLAY else (),
        state.leader,
        tuple(hand_rows),
        tuple(rows),
        _score_notes(words, score),
        _data(phase, legal, None),
    )
