"""Reading an action from its text in a position: :func:`frenchtarot.parse_action`.

Private: :mod:`frenchtarot.actions` holds the action values and their notation (``str()``
and ``notation()``); this module holds the words that name them and reads a text back into
an action, with the messages that say why a text names no action, and what the position
expects instead.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from frenchtarot._checks import describe_value, quote
from frenchtarot._core.state import State
from frenchtarot._engine import legal_actions
from frenchtarot.actions import (
    _MAX_HANDFUL,
    ANNOUNCE_SLAM,
    BIDS,
    CALLS,
    DISCARDS,
    PASS,
    PLAYS,
    Action,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Phase,
    Play,
    _card_alone,
)
from frenchtarot.cards import Card, foreign_character
from frenchtarot.errors import NotationError, TarotTypeError
from frenchtarot.observation import Observation

__all__ = ["parse_action"]

_MAX_ACTION_LENGTH: Final = 400
"""The longest text :func:`parse_action` reads (the longest canonical notation has 85)."""
_WORDS: Final[dict[str, Action]] = {
    "pass": PASS,
    "slam": ANNOUNCE_SLAM,
    **{contract.name.lower(): bid for contract, bid in BIDS.items()},
}
"""The actions that are one English word: the words ``str()`` writes."""
_FRENCH_WORDS: Final[dict[str, Action]] = {
    "passe": PASS,
    "chelem": ANNOUNCE_SLAM,
    "prise": BIDS[Contract.PETITE],
    "gardesans": BIDS[Contract.GARDE_SANS],
    "garde_sans_le_chien": BIDS[Contract.GARDE_SANS],
    "gardecontre": BIDS[Contract.GARDE_CONTRE],
    "garde_contre_le_chien": BIDS[Contract.GARDE_CONTRE],
}
"""The French words and phrases (``petite`` and ``garde`` are already in :data:`_WORDS`)."""
_PHRASES: Final[dict[str, Action]] = {**_WORDS, **_FRENCH_WORDS}
"""Every action without a card, keyed by its words in lower case joined by ``_``: so
``garde sans`` and ``garde_sans`` are one key, and ``garde sans le chien`` another."""
_MOST_PHRASE_WORDS: Final = 4
_CARD_VERBS: Final[dict[str, str]] = {
    "call": "call",
    "appel": "call",
    "appelle": "call",
    "discard": "discard",
    "ecart": "discard",
    "ecarte": "discard",
    "play": "play",
    "joue": "play",
}
"""The words that take one card, and the English verb each stands for."""
_CARD_ACTIONS: Final[dict[str, tuple[Action, ...]]] = {
    "call": CALLS,
    "discard": DISCARDS,
    "play": PLAYS,
}
_EXAMPLE_CARDS: Final = {"call": "KS", "discard": "2S", "play": "KH"}
_HANDFUL_WORDS: Final = frozenset({"handful", "poignee"})
_MAX_MESSAGE: Final = 300
"""The longest message :func:`parse_action` writes, whatever the text and the position."""
_EXPECTED: Final = (
    "expected pass, petite, garde, garde_sans, garde_contre, slam, a card (e.g. 'KH'), "
    "'call <card>', 'discard <card>' or 'handful <cards...>'"
)


def parse_action(text: str, state: State | Observation | None = None) -> Action:
    """Read an action from its notation (see the module's table), ignoring case and spacing.

    Like :meth:`Card.parse`, this reads ASCII only: words are split on ASCII white space, and
    a text with any other character is refused. A text of more than 400 characters or more
    than 23 words (``handful`` and 22 cards) is no action's notation, and is refused without
    being read further.

    French words are read as well as English: ``passe``; ``prise`` (Petite); ``garde sans``,
    ``gardesans`` or ``garde sans le chien``; ``garde contre``, ``gardecontre`` or ``garde
    contre le chien``; ``chelem`` (slam); ``poignee`` (*poignée*, handful); ``appel`` or
    ``appelle`` (call); ``ecart`` or ``ecarte`` (discard); ``joue`` (play). Accents are not
    ASCII: write them without. A contract's words may also be joined by ``_``.

    Without ``state``, a card alone is a :class:`Play`. With it, a card alone is the card
    action of the phase: a :class:`Call` at the call (:attr:`Phase.CALL
    <frenchtarot.Phase.CALL>`), a :class:`Discard` in the écart (:attr:`Phase.DISCARD
    <frenchtarot.Phase.DISCARD>`), and a :class:`Play` in any other phase. The position only
    guides the reading: the action read need not be legal there (:func:`~frenchtarot.apply`
    decides), so ``discard 2S`` is a :class:`Discard` in any phase. ``call``, ``discard``,
    ``play`` (and their French words) without a card are refused with a message saying what
    is missing: without a position, that a card must follow; with one, the cards the seat to
    act may choose, or why there is no such choice now. ``handful`` alone is the empty
    handful without a position, and with one is refused with the handful sizes and the
    displays the seat is offered.

    Args:
        text: The notation, e.g. ``"pass"``, ``"garde"``, ``"call KS"``, ``"discard 2S"``,
            ``"KH"``.
        state: The position the text is read in: a :class:`~frenchtarot.State`, an
            :class:`~frenchtarot.Observation`, or ``None`` (the default) for none.

    Returns:
        The action. ``parse_action(action.notation(state), state) == action`` for every
        action offered by ``legal_actions(state)``.

    Raises:
        NotationError: ``text`` is not the notation of an action: it is too long, holds a
            character that is not ASCII, names no card where a card is expected, shows a
            card twice in a handful, lacks the card a word needs... The message quotes at
            most the first 40 characters of ``text`` and is at most 300 characters long;
            the error's ``text`` attribute is ``text`` itself.
        TarotTypeError: ``text`` is not a string, or ``state`` is neither a State, an
            Observation nor ``None``.

    >>> parse_action("GARDE_SANS")
    Bid(contract=Contract.GARDE_SANS)
    >>> parse_action("garde contre le chien")
    Bid(contract=Contract.GARDE_CONTRE)
    >>> parse_action("handful T2 T3 T4 T5 T6 T7 T8 T9 T10 EX").cards == frozenset(
    ...     Card.parse(t) for t in "T2 T3 T4 T5 T6 T7 T8 T9 T10 EX".split())
    True
    >>> parse_action("discard")
    Traceback (most recent call last):
    ...
    frenchtarot.errors.NotationError: invalid action notation 'discard': discard what? a card \
must follow 'discard', e.g. 'discard 2S'
    """
    if not isinstance(text, str):
        raise TarotTypeError(f"action notation must be a str, not {type(text).__name__}")
    phase = _position_phase(state)
    # Refuse what cannot be an action before reading it: the message quotes only the start.
    if len(text) > _MAX_ACTION_LENGTH:
        raise NotationError(
            f"invalid action notation {quote(text)}: {len(text)} characters, too long for any "
            f"action (at most {_MAX_ACTION_LENGTH})",
            text,
        )
    foreign = foreign_character(text)
    if foreign is not None:
        # The message is short, so it has room for a longer quote of escaped characters.
        raise NotationError(
            f"invalid action notation {quote(text, width=180)}: {foreign}; action notation is "
            "ASCII",
            text,
        )
    # Only printable ASCII and ASCII white space are left, and str.split splits on the latter.
    words = text.split()
    count = len(words)
    if 0 < count <= _MOST_PHRASE_WORDS:
        action = _PHRASES.get("_".join(words).lower())
        if action is not None:
            return action
    keyword = words[0].lower() if words else ""
    verb = _CARD_VERBS.get(keyword)
    problem = ""
    try:
        if count == 1 and verb is None and keyword not in _HANDFUL_WORDS:
            return _card_alone(Card.parse(words[0]), phase)
        if count == 2 and verb is not None:
            return _CARD_ACTIONS[verb][Card.parse(words[1]).index]
        if count > _MAX_HANDFUL + 1:
            problem = f"{count} words, too many; "
        elif keyword in _HANDFUL_WORDS and (count > 1 or state is None):
            cards = [Card.parse(word) for word in words[1:]]
            ordered = sorted(cards)
            repeated = [card for card, after in itertools.pairwise(ordered) if card is after]
            if not repeated:
                return DeclareHandful(cards)
            problem = f"{repeated[0]} shown twice; "
    except NotationError as error:
        problem = f"{quote(error.text, 8, 20)} is not a card; "
    head = f"invalid action notation {quote(text)}: "
    if count == 1 and verb is not None:
        raise NotationError(_missing_card(head, keyword, verb, state), text)
    if count == 1 and keyword in _HANDFUL_WORDS and state is not None:
        raise NotationError(_missing_handful(head, state), text)
    if state is None:
        raise NotationError(head + problem + _EXPECTED, text)
    raise NotationError(_expected(head + problem, state), text)


def _position_phase(state: object) -> Phase | None:
    """The phase of the position ``state`` (``None`` for none); refuse anything else."""
    if state is None:
        return None
    if isinstance(state, (State, Observation)):
        return state.phase
    raise TarotTypeError(
        f"the position must be a State or an Observation, not {describe_value(state)}"
    )


def _offered(state: State | Observation) -> tuple[Action, ...] | None:
    """The actions open to the seat to act, or ``None`` when the position does not say.

    An observation says only when it is the observing seat's turn.
    """
    if isinstance(state, State):
        return legal_actions(state)
    return state.legal_actions if state.current == state.seat else None


def _fit(before: str, listing: str, after: str = "") -> str:
    """``before + listing + after``, the listing cut at a word to stay within 300 characters."""
    room = _MAX_MESSAGE - len(before) - len(after)
    if len(listing) > room:
        kept = ""
        for word in listing.split(" "):
            if len(kept) + 1 + len(word) + 4 > room:
                break
            kept = f"{kept} {word}" if kept else word
        listing = f"{kept} ..." if kept else "..."
    return before + listing + after


def _either(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``..."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


def _cards(offered: tuple[Action, ...] | None, kind: type[Play | Discard | Call]) -> str:
    """The cards of the offered actions of one kind, e.g. ``"2S 3S 7H"``."""
    if offered is None:
        return ""
    return " ".join(str(action.card) for action in offered if isinstance(action, kind))


def _phase_now(phase: Phase) -> str:
    return f"the deal is in the {phase.value} phase"


def _missing_card(head: str, keyword: str, verb: str, state: State | Observation | None) -> str:
    """The message for ``call``, ``discard`` or ``play`` (or a French word) with no card."""
    what = f"{head}{verb} what? "
    example = f"{keyword} {_EXAMPLE_CARDS[verb]}"
    if state is None:
        return f"{what}a card must follow {keyword!r}, e.g. {example!r}"

    seat, phase, offered = state.current, state.phase, _offered(state)
    if seat is None:
        return f"{what}the deal is over ({phase.value}): no action is taken"
    alone = " (the card alone will do)"
    if verb == "call":
        if phase is not Phase.CALL:
            five = "" if state.rules.calls_partner else " (only five players call a partner)"
            return f"{what}no card is called now: {_phase_now(phase)}{five}"
        cards = _cards(offered, Call)
        if not cards:
            return f"{what}seat {seat}, the taker, is to call a card: one must follow {keyword!r}"
        return _fit(f"{what}seat {seat}, the taker, may call ", cards, alone)
    if verb == "discard":
        if phase is not Phase.DISCARD:
            return f"{what}nothing is put aside now: {_phase_now(phase)}"
        cards = _cards(offered, Discard)
        if not cards:
            return f"{what}seat {seat}, the taker, is putting cards aside: one must follow"
        return _fit(f"{what}seat {seat}, the taker, may put aside ", cards, alone)
    if phase is not Phase.PLAY:
        return f"{what}no card is played now: {_phase_now(phase)}"
    trick = f" in trick {len(state.tricks) + 1}"
    cards = _cards(offered, Play)
    if not cards:
        return f"{what}seat {seat} is to play a card{trick}: one must follow {keyword!r}"
    return _fit(f"{what}seat {seat} may play ", cards, trick + alone)


def _missing_handful(head: str, state: State | Observation) -> str:
    """The message for ``handful`` (or ``poignee``) alone, given a position."""
    what = f"{head}handful of what? "
    seat, phase = state.current, state.phase
    sizes = _either([str(size) for size, _bonus in state.rules.handfuls])
    if seat is None:
        return f"{what}the deal is over ({phase.value}): no action is taken"
    if phase is not Phase.PLAY:
        return f"{what}no handful is shown now: {_phase_now(phase)}"
    offered = _offered(state)
    displays = [str(action) for action in offered or () if isinstance(action, DeclareHandful)]
    if displays:
        before = f"{what}a handful is {sizes} trumps; seat {seat} may show e.g. "
        return _fit(before, " or ".join(displays))
    if offered is None:  # an observation from another seat: its hand is hidden
        return f"{what}a handful is {sizes} trumps, shown before one's first card"
    if state.tricks:
        reason = "the first trick is over"
    elif any(handful.seat == seat for handful in state.handfuls):
        reason = f"seat {seat} has shown one already"
    else:
        reason = f"seat {seat} holds too few trumps (a handful is {sizes})"
    return f"{what}seat {seat} may show no handful: {reason}"


def _expected(before: str, state: State | Observation) -> str:
    """The end of the message for a text that is no action: what the position expects."""
    seat, phase, offered = state.current, state.phase, _offered(state)
    if seat is None:
        return f"{before}the deal is over ({phase.value}): no action is taken"
    if phase is Phase.BIDDING:
        if offered is None:
            return f"{before}seat {seat} is to bid: pass, or a contract higher than the last"
        return f"{before}seat {seat} is to bid: {_either([str(action) for action in offered])}"
    if phase is Phase.SLAM:
        return f"{before}seat {seat}, the taker, is to say slam or pass"
    if phase is Phase.CALL:
        return _listed(f"{before}seat {seat}, the taker, is to call a card", _cards(offered, Call))
    if phase is Phase.DISCARD:
        return _listed(
            f"{before}seat {seat}, the taker, is to put a card aside", _cards(offered, Discard)
        )
    trick = f"seat {seat} is to play a card in trick {len(state.tricks) + 1}"
    handful = ""
    if any(isinstance(action, DeclareHandful) for action in offered or ()):
        handful = "; or 'handful <cards...>'"
    return _listed(before + trick, _cards(offered, Play), handful)


def _listed(before: str, cards: str, after: str = "") -> str:
    """``before``, then ``": "`` and the cards when there are any, then ``after``."""
    if not cards:
        return before + after
    return _fit(before + ": ", cards, after)
