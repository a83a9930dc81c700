"""Reading a view record: one seat's :class:`~frenchtarot.Observation`, checked.

A view holds no deal to replay: the other hands are not in it. So the reader checks each
field (types, ranges, cards in the library's notation and in the order of the deck) and
then what the fields say together: no card in two places of the seat's own cards, the
tricks and the trick in progress; the cards played in the moves are the cards of the
tricks; each move's seat is the one the dealer, the bidding and the trick winners give;
the bidding names the taker and the contract; the handfuls, the slam and the called card
are the ones in the moves; the phase, the seat to act, the legal actions, the score and
the annulment agree. A view that passes is one the seat could have been shown, as far as
the seat itself can tell; nothing in it is checked against cards it does not see.

A public view (``"public": true``, :func:`~frenchtarot.observation.public_view`) holds no
hand, no écart of its own and no legal actions, hides every non-trump card of the écart,
and names the partner (or that the taker is alone) only once everyone knows it; it loads
to a value that is its own public view.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._core import flow as _flow
from frenchtarot._deal_values import Annulment, AnnulReason, Handful, Trick
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import Card
from frenchtarot.encoding import action_id
from frenchtarot.errors import TarotError
from frenchtarot.observation import Observation, public_view
from frenchtarot.records._codes import CONTRACT_CODES, PHASE_CODES, by_code
from frenchtarot.records._decode import is_preset
from frenchtarot.records._read import (
    MOST_MOVES,
    fail,
    read_action,
    read_array,
    read_boolean,
    read_card,
    read_card_run,
    read_card_set,
    read_code,
    read_integer,
    read_object,
    read_optional_seat,
    read_rules,
    read_seat,
)
from frenchtarot.records._values import MOST_ACTIONS, read_annulment, read_score
from frenchtarot.rules import Rules
from frenchtarot.scoring import Score

__all__ = ["OPTIONAL_VIEW_FIELDS", "VIEW_FIELDS", "decode_observation"]

VIEW_FIELDS: Final = (
    "format",
    "kind",
    "public",
    "rules",
    "seat",
    "dealer",
    "phase",
    "current",
    "contract",
    "taker",
    "called",
    "partner",
    "alone",
    "hand",
    "hand_sizes",
    "dog",
    "discard",
    "shown_discard",
    "slam",
    "handfuls",
    "tricks",
    "current_trick",
    "moves",
    "legal_actions",
    "score",
    "annulment",
    "shown_hand",
)
"""The fields of a view record, in the order written."""
OPTIONAL_VIEW_FIELDS: Final = ("public",)
"""The fields a view record may leave out: ``"public"`` is written only when true."""
_PHASES: Final = by_code(PHASE_CODES)
_CONTRACTS: Final = by_code(CONTRACT_CODES)
_OVER: Final = (Phase.DONE, Phase.ANNULLED)


def decode_observation(document: dict[str, object]) -> Observation:
    """The observation of a view record (its format and kind checked)."""
    record = read_object(document, "$", VIEW_FIELDS, OPTIONAL_VIEW_FIELDS)
    public = "public" in record
    if public and record["public"] is not True:
        fail("$.public", "expected true: a view that is not public leaves the field out")
    rules = read_rules(record["rules"], "$.rules")
    seats = rules.seats
    seat = read_seat(record["seat"], "$.seat", seats)
    dealer = read_seat(record["dealer"], "$.dealer", seats)
    phase = read_code(record["phase"], "$.phase", _PHASES, "a phase's code")
    current = read_optional_seat(record["current"], "$.current", seats)
    if (current is None) != (phase in _OVER):
        why = "null: the deal is over" if current is not None else "the seat to act"
        fail("$.current", f"expected {why} in the {PHASE_CODES[phase]!r} phase")
    contract = _contract(record["contract"], rules)
    taker = read_optional_seat(record["taker"], "$.taker", seats)
    if (taker is None) != (contract is None):
        fail("$.taker", "the taker (the highest bidder) and the contract go together")
    called, partner, alone = _camp(record, rules)
    hand, sizes = _hand(record, rules, seat, public)
    dog, discard, shown_discard = _dog(record, rules, public)
    slam = read_boolean(record["slam"], "$.slam")
    handfuls = _handfuls(record["handfuls"], rules)
    tricks = _tricks(record["tricks"], rules)
    leader, trick = _current_trick(record["current_trick"], rules, tricks)
    _check_places(hand, tricks, trick, (*(discard or ()), *shown_discard))
    moves = _moves(record["moves"], rules)
    history = tuple(action for _seat, action in moves)
    _check_bidding(moves, rules, taker, contract)
    _check_moves(moves, rules, dealer, taker, slam, called, handfuls, tricks, trick)
    legal = _legal_actions(record["legal_actions"], rules)
    if public and legal:
        fail("$.legal_actions", "a public view offers no action: expected []")
    if legal and current != seat:
        reason = f"seat {seat} is not to act: expected no legal actions"
        fail("$.legal_actions", reason, shape=False)
    if not legal and current == seat and not public:
        fail("$.legal_actions", f"seat {seat} is to act: expected its legal actions", shape=False)
    score, annulment, shown_hand = _outcome(record, rules, phase)
    observation = Observation(
        rules,
        seat,
        dealer,
        phase,
        current,
        hand,
        sizes,
        taker,
        contract,
        called,
        partner,
        alone,
        dog,
        discard,
        shown_discard,
        slam,
        handfuls,
        tricks,
        trick,
        leader,
        history,
        legal,
        score,
        annulment,
        shown_hand,
        public,
    )
    if public:
        _check_public(observation)
    return observation


def _check_public(view: Observation) -> None:
    """Refuse what a public view may not show.

    Every non-trump card of the écart is hidden, and the partner (or that the taker is
    alone) is named only once everyone knows it.
    """
    expected = public_view(view)
    for number, (action, shown) in enumerate(zip(view.history, expected.history, strict=True)):
        if action != shown:
            reason = "a public view shows only the trumps of the écart: expected null"
            fail(f"$.moves[{number}][1]", reason)
    if view.partner != expected.partner:
        reason = "the called card is not played yet: nobody but the partner knows it"
        fail("$.partner", f"{reason}; expected null", shape=False)
    if view.alone != expected.alone:
        reason = "nobody but the taker knows yet that the taker plays alone"
        fail("$.alone", f"{reason}: expected false", shape=False)


def _contract(value: object, rules: Rules) -> Contract | None:
    if value is None:
        return None
    contract = read_code(value, "$.contract", _CONTRACTS, "a contract's code")
    if not any(contract is offered for offered, _times in rules.contracts):
        reason = f"the {rules.name} table does not offer {CONTRACT_CODES[contract]}"
        fail("$.contract", reason, shape=is_preset(rules))
    return contract


def _camp(record: dict[str, object], rules: Rules) -> tuple[Card | None, int | None, bool]:
    """The called card, the partner if known, and whether the taker is known to be alone."""
    raw = record["called"]
    called = None if raw is None else read_card(raw, "$.called")
    if called is not None and not rules.calls_partner:
        fail("$.called", f"nobody calls a card at the {rules.name} table: expected null")
    partner = read_optional_seat(record["partner"], "$.partner", rules.seats)
    alone = read_boolean(record["alone"], "$.alone")
    if called is None and partner is not None:
        fail("$.partner", "no card was called: expected null")
    if (called is None or partner is not None) and alone:
        why = "no card was called" if called is None else "the taker has a partner"
        fail("$.alone", f"{why}: expected false")
    return called, partner, alone


def _hand(
    record: dict[str, object], rules: Rules, seat: int, public: bool
) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The seat's hand (none in a public view) and how many cards each seat holds."""
    most = rules.hand_size + rules.dog_size
    preset = is_preset(rules)
    hand = read_card_set(record["hand"], "$.hand", 0, most, shape=preset)
    raw = read_array(record["hand_sizes"], "$.hand_sizes", rules.seats, rules.seats, "sizes")
    sizes = tuple(
        read_integer(item, f"$.hand_sizes[{n}]", 0, most, shape=preset)
        for n, item in enumerate(raw)
    )
    if public and hand:
        fail("$.hand", "a public view holds no hand: expected []")
    if not public and sizes[seat] != len(hand):
        reason = f"seat {seat} holds the {len(hand)} cards of $.hand"
        fail(f"$.hand_sizes[{seat}]", reason, shape=False)
    return hand, sizes


def _dog(
    record: dict[str, object], rules: Rules, public: bool
) -> tuple[tuple[Card, ...] | None, tuple[Card, ...] | None, tuple[Card, ...]]:
    """The dog turned up, the seat's own écart (none in a public view), its trumps shown."""
    size = rules.dog_size
    preset = is_preset(rules)
    raw = record["dog"]
    dog = None if raw is None else read_card_set(raw, "$.dog", size, size, shape=preset)
    raw = record["discard"]
    discard = None if raw is None else read_card_set(raw, "$.discard", 0, size, shape=preset)
    if public and discard is not None:
        fail("$.discard", "a public view holds no écart of its own: expected null")
    shown = read_card_set(record["shown_discard"], "$.shown_discard", 0, size, shape=preset)
    for number, card in enumerate(shown):
        if not card.is_trump:
            fail(f"$.shown_discard[{number}]", f"{card} is no trump: only trumps are shown")
        if discard is not None and card not in discard:
            reason = f"{card} is not in this seat's écart ($.discard)"
            fail(f"$.shown_discard[{number}]", reason, shape=False)
    return dog, discard, shown


def _handfuls(value: object, rules: Rules) -> tuple[Handful, ...]:
    sizes = [size for size, _bonus in rules.handfuls]
    items = read_array(value, "$.handfuls", 0, rules.seats, "handfuls")
    handfuls: list[Handful] = []
    for number, item in enumerate(items):
        where = f"$.handfuls[{number}]"
        fields = read_object(item, where, ("seat", "cards"))
        seat = read_seat(fields["seat"], f"{where}.seat", rules.seats)
        cards = read_card_set(fields["cards"], f"{where}.cards", 1, 22)
        if len(cards) not in sizes:
            reason = f"a handful at this table has {sizes} cards, not {len(cards)}"
            fail(f"{where}.cards", reason, shape=is_preset(rules))
        handfuls.append(Handful(seat, cards))
    return tuple(handfuls)


def _tricks(value: object, rules: Rules) -> tuple[Trick, ...]:
    seats = rules.seats
    items = read_array(value, "$.tricks", 0, rules.hand_size, "tricks", shape=is_preset(rules))
    tricks: list[Trick] = []
    for number, item in enumerate(items):
        where = f"$.tricks[{number}]"
        fields = read_object(item, where, ("leader", "cards", "winner"))
        leader = read_seat(fields["leader"], f"{where}.leader", seats)
        if tricks and leader != tricks[-1].winner:
            reason = f"the winner of the trick before, {tricks[-1].winner}, leads"
            fail(f"{where}.leader", reason, shape=False)
        cards = read_card_run(fields["cards"], f"{where}.cards", seats, seats)
        winner = read_seat(fields["winner"], f"{where}.winner", seats)
        tricks.append(Trick._trusted(leader, cards, winner))
    return tuple(tricks)


def _current_trick(
    value: object, rules: Rules, tricks: tuple[Trick, ...]
) -> tuple[int | None, tuple[Card, ...]]:
    """The leader of the trick in progress (null outside the play) and its cards."""
    if value is None:
        return None, ()
    fields = read_object(value, "$.current_trick", ("leader", "cards"))
    leader = read_seat(fields["leader"], "$.current_trick.leader", rules.seats)
    if tricks and leader != tricks[-1].winner:
        reason = f"the winner of the last trick, {tricks[-1].winner}, leads"
        fail("$.current_trick.leader", reason, shape=False)
    cards = read_card_run(fields["cards"], "$.current_trick.cards", 0, rules.seats - 1)
    return leader, cards


def _check_places(
    hand: tuple[Card, ...],
    tricks: tuple[Trick, ...],
    trick: tuple[Card, ...],
    ecart: tuple[Card, ...],
) -> None:
    """No card in two places: the hand, the tricks, the trick in progress, the écart."""
    places: dict[Card, str] = {}
    groups = [("$.hand", hand)]
    groups.extend((f"$.tricks[{n}].cards", t.cards) for n, t in enumerate(tricks))
    groups.append(("$.current_trick.cards", trick))
    for path, cards in groups:
        for number, card in enumerate(cards):
            if card in places:
                fail(f"{path}[{number}]", f"{card} is also in {places[card]}", shape=False)
            places[card] = path
    for card in ecart:
        if card in places:
            fail("$.discard", f"{card} of the écart is also in {places[card]}", shape=False)


def _moves(value: object, rules: Rules) -> list[tuple[int, Action | None]]:
    items = read_array(value, "$.moves", 0, MOST_MOVES, "moves")
    moves: list[tuple[int, Action | None]] = []
    for number, item in enumerate(items):
        where = f"$.moves[{number}]"
        pair = read_array(item, where, 2, 2, "items (a seat, an action or null)")
        seat = read_seat(pair[0], f"{where}[0]", rules.seats)
        action = None if pair[1] is None else read_action(pair[1], f"{where}[1]")
        moves.append((seat, action))
    return moves


def _check_bidding(
    moves: list[tuple[int, Action | None]],
    rules: Rules,
    taker: int | None,
    contract: Contract | None,
) -> None:
    """The bidding's words come first, and the highest bid is the taker's contract.

    A null (an écart card the seat did not see) comes after the bidding and the call.
    """
    hidden = _flow.actions_before_dog(rules)
    for number, (_seat, action) in enumerate(moves[:hidden]):
        if action is None:
            reason = "only a card of the écart may be hidden (null)"
            fail(f"$.moves[{number}][1]", reason, shape=False)
    highest: tuple[int | None, Contract | None] = (None, None)
    for number, (seat, action) in enumerate(moves[: rules.seats]):
        if isinstance(action, Bid):
            highest = (seat, action.contract)
        elif not isinstance(action, Pass):
            reason = "expected a bid or pass: every seat speaks first"
            fail(f"$.moves[{number}][1]", reason, shape=False)
    if highest != (taker, contract):
        words = "nobody bid" if highest[0] is None else f"seat {highest[0]} bid highest"
        fail("$.taker", f"{words} in $.moves: expected that taker and contract", shape=False)
    if taker is None and len(moves) > rules.seats:
        reason = "everyone passed: the deal ends with the bidding"
        fail(f"$.moves[{rules.seats}]", reason, shape=False)


def _check_moves(
    moves: list[tuple[int, Action | None]],
    rules: Rules,
    dealer: int,
    taker: int | None,
    slam: bool,
    called: Card | None,
    handfuls: tuple[Handful, ...],
    tricks: tuple[Trick, ...],
    trick: tuple[Card, ...],
) -> None:
    """The moves agree with the tricks, the handfuls, the slam and the call; their seats."""
    history = [action for _seat, action in moves]
    played = [action.card for action in history if isinstance(action, Play)]
    dealt = [card for done in tricks for card in done.cards] + list(trick)
    if played != dealt:
        reason = "the cards played are not those of $.tricks and $.current_trick"
        fail("$.moves", reason, shape=False)
    if slam != any(isinstance(action, AnnounceSlam) for action in history):
        fail("$.slam", f"expected {str(not slam).lower()}, as the moves say", shape=False)
    calls = [action.card for action in history if isinstance(action, Call)]
    if calls != ([] if called is None else [called]):
        reason = "expected the card called in the moves, or null when none is"
        fail("$.called", reason, shape=False)
    winners = [done.winner for done in tricks]
    seats = _flow.seats_of(rules, dealer, taker, slam, history, winners)
    for number, ((written, _action), seat) in enumerate(zip(moves, seats, strict=True)):
        if written != seat:
            reason = f"seat {seat} took this action, not {written}"
            fail(f"$.moves[{number}][0]", reason, shape=False)
    shown = [
        Handful(seat, action.cards)
        for (seat, action) in moves
        if isinstance(action, DeclareHandful)
    ]
    if shown != list(handfuls):
        fail("$.handfuls", "expected the handfuls shown in the moves, in order", shape=False)


def _legal_actions(value: object, rules: Rules) -> tuple[Action, ...]:
    items = read_array(value, "$.legal_actions", 0, MOST_ACTIONS, "legal actions")
    legal: list[Action] = []
    last = -1
    for number, item in enumerate(items):
        where = f"$.legal_actions[{number}]"
        fields = read_object(item, where, ("notation", "id"))
        action = read_action(fields["notation"], f"{where}.notation")
        written = read_integer(fields["id"], f"{where}.id", 0)
        # The schema knows every id but a handful's at a rules object's table, where it
        # depends on the handfuls of the rules.
        known = not isinstance(action, DeclareHandful) or is_preset(rules)
        try:
            number_of = action_id(action, rules)
        except TarotError as error:
            fail(f"{where}.notation", str(error), shape=known)
        if written != number_of:
            reason = f"the id of {action} is {number_of}, not {written}"
            fail(f"{where}.id", reason, shape=known)
        if number_of <= last:
            reason = "expected the legal actions in the order of their ids, once each"
            fail(f"{where}.id", reason, shape=False)
        last = number_of
        legal.append(action)
    return tuple(legal)


def _outcome(
    record: dict[str, object], rules: Rules, phase: Phase
) -> tuple[Score | None, Annulment | None, tuple[Card, ...] | None]:
    """The score once the deal is over, the annulment, the spread hand of a petit sec."""
    over = phase in _OVER
    raw = record["score"]
    if (raw is None) == over:
        fail("$.score", "expected the score: the deal is over" if over else "expected null")
    score = None if raw is None else read_score(raw, "$.score", rules.seats)
    annulment = read_annulment(record["annulment"], "$.annulment", rules.seats)
    if (annulment is None) == (phase is Phase.ANNULLED):
        fail("$.annulment", "expected null" if annulment is not None else "expected the reason")
    if score is not None and score.annulment != annulment:
        fail("$.score.annulment", "expected the annulment of $.annulment", shape=False)
    raw = record["shown_hand"]
    petit_sec = annulment is not None and annulment.reason is AnnulReason.PETIT_SEC
    if (raw is None) == petit_sec:
        why = "the hand of the petit sec" if petit_sec else "null"
        fail("$.shown_hand", f"expected {why}")
    most = rules.hand_size
    shape = is_preset(rules)
    shown = None if raw is None else read_card_set(raw, "$.shown_hand", 1, most, shape=shape)
    return score, annulment, shown
