"""What the terminal game prints: the hand, the person's turn, the others' actions, the end.

Everything printed comes from the person's :class:`~frenchtarot.Observation`, never from
the :class:`~frenchtarot.State`: their own hand, what the others bid, call and play as it
happens, the dog when it is turned face up, the trumps put in the écart, the handfuls, and
the score once the deal is over. Hidden cards (the other hands, a dog left face down, the
non-trump cards of another seat's écart) are never shown, not even at the end.

The functions here build lines of text from an observation and write nothing; a
:class:`Screen` writes them, with each card's Unicode glyph next to its notation or without,
and keeps to the characters the output stream can encode (accents dropped, else ``?``).
The game itself, which asks and reads the person's answers, is
:mod:`frenchtarot._cli.terminal`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from typing import Final, TextIO

from frenchtarot._cli import _words
from frenchtarot._core.tally import TARGETS
from frenchtarot.actions import (
    Action,
    AnnounceSlam,
    Bid,
    Call,
    Contract,
    DeclareHandful,
    Discard,
    Pass,
    Phase,
    Play,
)
from frenchtarot.cards import Card, Suit
from frenchtarot.observation import Observation

__all__ = [
    "WIDTH",
    "Screen",
    "action_label",
    "contract_line",
    "describe_hand",
    "end_lines",
    "event_lines",
    "face_down",
    "help_lines",
    "last_lines",
    "score_lines",
    "turn_lines",
]

_SUITS: Final = (
    (Suit.SPADES, "spades", "\u2660"),
    (Suit.HEARTS, "hearts", "\u2665"),
    (Suit.DIAMONDS, "diamonds", "\u2666"),
    (Suit.CLUBS, "clubs", "\u2663"),
)
WIDTH: Final = 78
"""Where the list of choices is wrapped (a card glyph counted as two columns)."""
_SAMPLE: Final = "\U0001f0a1\u2660\u00e9"
"""A card glyph, a suit symbol and an accent: what the output stream must be able to write."""


class Screen:
    """The output: card faces with or without glyphs, and text the stream can encode."""

    def __init__(self, out: TextIO, glyphs: bool) -> None:
        self._out = out
        encoding = getattr(out, "encoding", None)
        self._encoding: str | None = None  # None: the stream writes any character
        if isinstance(encoding, str):
            try:
                _SAMPLE.encode(encoding)
            except UnicodeEncodeError:
                self._encoding = encoding
            except LookupError:  # an encoding Python does not know: keep to ASCII
                self._encoding = "ascii"
        self.glyphs = glyphs and self._encoding is None

    def _safe(self, text: str) -> str:
        """``text`` as the stream can write it: accents dropped, else ``?``."""
        if self._encoding is None:
            return text
        plain = _words.plain_characters(text)
        return plain.encode(self._encoding, "replace").decode(self._encoding)

    def say(self, text: str = "") -> None:
        self._out.write(self._safe(text) + "\n")

    def say_all(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.say(line)

    def ask(self, prompt: str) -> None:
        self._out.write(self._safe(prompt))
        self._out.flush()

    def echo(self, line: str) -> None:
        self._out.write(self._safe(line if line.endswith("\n") else line + "\n"))

    def card(self, card: Card) -> str:
        """A card's face: its glyph and its notation (``"🂾 KH"``), or the notation alone."""
        return f"{card.glyph} {card}" if self.glyphs else str(card)

    def cards(self, cards: Iterable[Card]) -> str:
        return "  ".join(self.card(card) for card in cards) or "-"

    def suit(self, name: str, symbol: str) -> str:
        return f"{symbol} {name}" if self.glyphs else name


def _who(seat: int, me: int, other: str, mine: str) -> str:
    """``"Seat 2 bids"`` or ``"You bid"``: the subject and the verb in the right form."""
    return f"You {mine}" if seat == me else f"Seat {seat} {other}"


def _name(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _whose(seat: int, me: int) -> str:
    return "your" if seat == me else f"seat {seat}'s"


def _hand_lines(screen: Screen, hand: Sequence[Card]) -> list[str]:
    """The hand, one line for the trumps and the Excuse, then one per suit."""
    rows = [(screen.suit("trumps", " "), [card for card in hand if card.suit is None])]
    rows += [
        (screen.suit(name, symbol), [card for card in hand if card.suit is suit])
        for suit, name, symbol in _SUITS
    ]
    width = max(len(label) for label, _ in rows)
    return [f"  {label:<{width}}  {screen.cards(cards)}" for label, cards in rows if cards]


def describe_hand(screen: Screen, view: Observation) -> list[str]:
    count = len(view.hand)
    return [
        f"Your hand ({count} card{'' if count == 1 else 's'}):",
        *_hand_lines(screen, view.hand),
    ]


def action_label(screen: Screen, action: Action) -> str:
    """How a choice is listed: a card's face (typing the card picks it), else the notation."""
    if isinstance(action, (Play, Discard, Call)):
        return screen.card(action.card)
    return str(action)


def _choice_lines(screen: Screen, options: Sequence[Action]) -> list[str]:
    """The choices, numbered from 1, wrapped at the screen's width."""
    lines: list[str] = []
    line = ""
    for number, action in enumerate(options, 1):
        item = f"{number:>2}) {action_label(screen, action)}"
        columns = len(line) + len(item) + (1 if screen.glyphs else 0) + 2
        if line and columns > WIDTH:
            lines.append(line)
            line = ""
        line = f"{line}  {item}" if line else f"  {item}"
    if line:
        lines.append(line)
    return lines


def contract_line(screen: Screen, view: Observation) -> str | None:
    """``"Contract: Garde, taken by seat 2; called 🂮 KS (partner unknown)."``, once known."""
    if view.phase is Phase.BIDDING or view.taker is None or view.contract is None:
        return None
    text = f"Contract: {view.contract.french}, taken by {_name(view.taker, view.seat)}"
    if view.called is not None:
        if view.partner is not None:
            partner = f"partner: {_name(view.partner, view.seat)}"
        elif view.alone:
            partner = "the taker plays alone"
        else:
            partner = "partner unknown"
        text += f"; called {screen.card(view.called)} ({partner})"
    if view.slam:
        text += "; slam announced"
    return text + "."


def _header(view: Observation) -> str:
    """The first line of the person's turn: ``--- Your turn (seat 0): trick 3 of 18 ---``."""
    phase = view.phase
    if phase is Phase.BIDDING:
        best = (
            "no bid yet"
            if view.contract is None or view.taker is None
            else f"highest bid {view.contract.french}, by {_name(view.taker, view.seat)}"
        )
        what = f"bidding ({best})"
    elif phase is Phase.CALL:
        what = "call the card of your partner"
    elif phase is Phase.DISCARD:
        done = len(view.discard or ())
        what = f"écart, put aside card {done + 1} of {view.rules.dog_size}"
    elif phase is Phase.SLAM:
        what = "announce a slam?"
    else:
        what = f"trick {len(view.tricks) + 1} of {view.rules.hand_size}"
    return f"--- Your turn (seat {view.seat}): {what} ---"


def _table_line(screen: Screen, view: Observation) -> str:
    """The trick so far: ``On the table: seat 1 🃅 5D, seat 2 🃆 6D``, or who leads."""
    if not view.current_trick or view.leader is None:
        return "You lead this trick."
    seats = view.rules.seats
    played = ", ".join(
        f"{_name((view.leader + n) % seats, view.seat)} {screen.card(card)}"
        for n, card in enumerate(view.current_trick)
    )
    return f"On the table: {played}"


def _trick_line(screen: Screen, view: Observation, number: int) -> str:
    """One finished trick: who led, each seat's card, who won."""
    trick = view.tricks[number]
    seats = view.rules.seats
    played = ", ".join(
        f"{_name((trick.leader + n) % seats, view.seat)} {screen.card(card)}"
        for n, card in enumerate(trick.cards)
    )
    return (
        f"Trick {number + 1}, led by {_name(trick.leader, view.seat)}: {played}; "
        f"won by {_name(trick.winner, view.seat)}."
    )


def last_lines(screen: Screen, view: Observation) -> list[str]:
    """What ``last`` shows: the last finished trick."""
    if not view.tricks:
        return ["No trick is finished yet."]
    return [_trick_line(screen, view, len(view.tricks) - 1)]


def _points(halves: int) -> str:
    return f"{halves / 2:g} point{'' if halves == 2 else 's'}"


def score_lines(view: Observation) -> list[str]:
    """What ``score`` shows: the running total of the deal, as far as the person knows it.

    The card points and the bouts in the tricks won so far, by camp when the person knows
    the camps, else by seat (five players, partner unknown). The Excuse is counted for the
    seat that played it (it goes back to its camp), except in the last trick.
    """
    me = view.seat
    taker, contract = view.taker, view.contract
    if view.phase is Phase.BIDDING or taker is None or contract is None:
        return ["No score yet: the bidding is not over."]
    rules = view.rules
    seats = rules.seats
    halves = [0] * seats
    tricks = [0] * seats
    bouts: list[list[Card]] = [[] for _ in range(seats)]
    for number, trick in enumerate(view.tricks):
        tricks[trick.winner] += 1
        for card in trick.cards:
            kept = card.is_excuse and number < rules.hand_size - 1
            owner = trick.seat_of(card) if kept else trick.winner
            halves[owner] += round(card.points * 2)
            if card.is_bout:
                bouts[owner].append(card)
    lines = [
        f"After {len(view.tricks)} of {rules.hand_size} tricks; {contract.french}, taken by "
        f"{_name(taker, me)}:"
    ]

    def summary(label: str, members: Sequence[int]) -> str:
        won = sum(tricks[seat] for seat in members)
        held = sorted(card for seat in members for card in bouts[seat])
        text = f"  {label}: {won} trick{'' if won == 1 else 's'}, "
        text += _points(sum(halves[seat] for seat in members))
        return text + (f"; bouts {' '.join(map(str, held))}" if held else "")

    if rules.calls_partner and view.partner is None and not view.alone:
        for seat in range(seats):
            lines.append(summary(_name(seat, me) + (" (taker)" if seat == taker else ""), [seat]))
        lines.append("  (The partner is not known yet.)")
        return lines
    attack = [seat for seat in range(seats) if seat in (taker, view.partner)]
    defence = [seat for seat in range(seats) if seat not in attack]
    lines.append(summary(f"the taker's side ({', '.join(_name(s, me) for s in attack)})", attack))
    lines.append(summary(f"the defence ({', '.join(_name(s, me) for s in defence)})", defence))
    count = sum(len(bouts[seat]) for seat in attack)
    aside = _ASIDE.get(contract, "the écart counts for the taker")
    lines.append(
        f"  With {count} bout{'' if count == 1 else 's'} the taker needs {TARGETS[count]} "
        f"points ({aside})."
    )
    return lines


_ASIDE: Final = {
    Contract.GARDE_SANS: "the dog counts for the taker",
    Contract.GARDE_CONTRE: "the dog counts for the defence",
}
"""Where the cards set aside go, when not to the taker's écart."""


def help_lines(view: Observation, count: int) -> list[str]:
    """What ``help`` shows: what may be typed now, and the words that work at any prompt."""
    lines = [f"Type a choice's number (1 to {count}) or the choice itself:"]
    phase = view.phase
    if phase is Phase.BIDDING:
        contracts = ", ".join(c.name.lower().replace("_", " ") for c in view.rules.offered)
        lines.append(f"  pass (passe), or a contract: {contracts}")
        lines.append("  (prise is the petite; garde sans/contre le chien work too)")
    elif phase is Phase.CALL:
        lines.append("  a card to call, e.g. KS or RS (call KS, appel KS)")
    elif phase is Phase.DISCARD:
        lines.append("  a card to put aside, e.g. 2S (discard 2S, ecart 2S, écart 2S)")
    elif phase is Phase.SLAM:
        lines.append("  slam (chelem) to announce a slam, pass (passe) not to")
    else:
        lines.append("  a card to play, e.g. KH or RH (play KH, joue KH)")
        lines.append("  handful T1 T2 ... (poignée ...) shows a handful of your own choosing")
    notes = [
        "Cards: a rank and a suit letter, as 10S, JD, KH. Ranks 1 (the Ace) to 10, J or V "
        "(jack, valet), C (knight, cavalier), Q or D (queen, dame), K or R (king, roi); "
        "suits S spades (pique), H hearts (cœur), D diamonds (carreau), C clubs (trèfle). "
        "Trumps T1 to T21, the Excuse EX. Suits are always these English letters: RH is "
        "the roi de cœur, and RC is refused (C is clubs here).",
        "At any prompt: hand (main) shows your hand, last (dernier) the last trick, score "
        "(points) the points won so far, help (aide, ?) this help, quit (quitter) leaves. "
        "Accents are optional: écart or ecart, poignée or poignee.",
        "When you have only one choice, it is played for you (--confirm to be asked).",
    ]
    for note in notes:
        lines += textwrap.wrap(note, WIDTH, subsequent_indent="  ")
    return lines


def turn_lines(
    screen: Screen,
    view: Observation,
    options: Sequence[Action],
    *,
    contract: str | None,
    hand: bool,
    handful: bool,
) -> list[str]:
    """What the person is shown when it is their turn: the compact view.

    ``contract`` is the contract's line when it is new to the person, ``hand`` whether to
    show the hand (once per trick, and once for each of the bidding, the call, the écart
    and the slam decision), ``handful`` whether a handful is offered.
    """
    lines = ["", _header(view)]
    if contract is not None:
        lines.append(contract)
    if view.phase is Phase.DISCARD:
        lines.append(f"Your écart so far: {screen.cards(view.discard or ())}")
    if view.phase is Phase.PLAY:
        lines.append(_table_line(screen, view))
    if hand:
        lines += describe_hand(screen, view)
    if handful:
        lines.append("You may show a handful: you will be asked once you have chosen your card.")
    lines.append("Choices:")
    lines += _choice_lines(screen, options)
    return lines


def _action_line(
    screen: Screen, action: Action | None, seat: int, before: Observation, after: Observation
) -> str:
    """One sentence for one action, as the person saw it (``None``: an écart card unseen)."""
    me = before.seat
    if action is None:  # pragma: no cover - play_game counts these in one line
        return f"Seat {seat} puts a card face down in the écart."
    if isinstance(action, Pass):
        if before.phase is Phase.SLAM:
            return _who(seat, me, "does", "do") + " not announce a slam."
        return _who(seat, me, "passes", "pass") + "."
    if isinstance(action, Bid):
        return _who(seat, me, "bids", "bid") + f" {action.contract.french}."
    if isinstance(action, Call):
        card = action.card
        return _who(seat, me, "calls", "call") + f" {screen.card(card)} ({card.name_en})."
    if isinstance(action, Discard):
        shown = " (a trump: shown to everyone)" if action.card.is_trump else ""
        return _who(seat, me, "puts", "put") + f" {screen.card(action.card)} in the écart{shown}."
    if isinstance(action, AnnounceSlam):
        return _who(seat, me, "announces", "announce") + " a slam."
    if isinstance(action, DeclareHandful):
        cards = sorted(action.cards)
        return (
            _who(seat, me, "shows", "show") + f" a handful of {len(cards)}: {screen.cards(cards)}."
        )
    called = ", the called card" if action.card == after.called else ""
    return _who(seat, me, "plays", "play") + f" {screen.card(action.card)}{called}."


def event_lines(screen: Screen, seat: int, before: Observation, after: Observation) -> list[str]:
    """What the person learns from ``seat``'s action: the difference of two observations."""
    me = after.seat
    lines = [
        _action_line(screen, action, seat, before, after)
        for action in after.history[len(before.history) :]
    ]
    taker = after.taker
    bidding_over = before.phase is Phase.BIDDING and after.phase is not Phase.BIDDING
    if bidding_over and taker is not None and after.contract is not None:
        lines.append(
            f"The bidding is over: {_name(taker, me)} "
            f"{'take' if taker == me else 'takes'} with {after.contract.french}."
        )
        if not after.contract.dog_is_shown:
            lines.append("The dog stays face down.")
    if before.dog is None and after.dog is not None:
        lines.append(f"The dog is turned face up: {screen.cards(after.dog)}")
    if taker is not None and after.annulment is None:
        if after.partner is not None and before.partner is None:
            if after.partner == me:  # told at the call, to the partner alone
                lines.append(
                    f"You hold the called card: you are {_whose(taker, me)} partner "
                    "(the others do not know it yet)."
                )
            else:
                lines.append(f"Seat {after.partner} is {_whose(taker, me)} partner.")
        if after.alone and not before.alone:
            lines.append(
                "You play alone." if taker == me else f"Seat {taker} plays alone (no partner)."
            )
    if len(after.tricks) > len(before.tricks):
        number = len(after.tricks)
        winner = after.tricks[-1].winner
        lines.append(_who(winner, me, "wins", "win") + f" trick {number}.")
    for exchange in after.excuse_exchanges[len(before.excuse_exchanges) :]:
        lines.append(
            f"The Excuse goes back to {_name(exchange.giver, me)}, who owes "
            f"{_name(exchange.receiver, me)} a half-point card in exchange."
        )
    return lines


def end_lines(screen: Screen, view: Observation) -> list[str]:
    """The end of the deal: why it was annulled, or the score; and the person's result."""
    me = view.seat
    score = view.score
    lines = [""]
    if view.annulment is not None:
        lines.append(f"The deal is annulled: {view.annulment.reason.value}.")
        if view.shown_hand is not None and view.annulment.seat is not None:
            lines.append(
                f"{_name(view.annulment.seat, me).capitalize()} shows the petit sec: "
                f"{screen.cards(view.shown_hand)}"
            )
    else:
        lines.append("The deal is over.")
    if score is None:  # pragma: no cover - an observation of a finished deal has a score
        return lines
    lines.append(f"Score: {score}")
    delta = score.deltas[me]
    if score.annulment is not None or score.taker is None or score.contract is None:
        lines.append(f"You (seat {me}): {delta:+d}, nobody scores.")
        return lines
    verdict = "made" if score.made else "lost"
    contract = score.contract.french
    if score.taker == me:
        role = f"you took with {contract} and {verdict} it"
    elif score.partner == me:
        role = f"you were seat {score.taker}'s partner; the {contract} was {verdict}"
    else:
        role = f"you defended against seat {score.taker}'s {contract}; it was {verdict}"
    lines.append(f"You (seat {me}): {role}: {delta:+d}.")
    return lines


def face_down(view: Observation, count: int) -> list[str]:
    """The line for ``count`` écart cards the taker put aside unseen (none for 0)."""
    if not count or view.taker is None:
        return []
    cards = "a card" if count == 1 else f"{count} cards"
    return [f"Seat {view.taker} puts {cards} face down in the écart."]
