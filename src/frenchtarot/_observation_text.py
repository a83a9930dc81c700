"""The words of an observation: its key (:attr:`Observation.key`) and its text form.

Both are made from the observation's fields alone; :class:`~frenchtarot.Observation`'s
``key`` and ``str`` call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from frenchtarot._core import flow as _flow
from frenchtarot.actions import Phase
from frenchtarot.cards import Card

if TYPE_CHECKING:
    from frenchtarot.observation import Observation

__all__ = ["key_of", "text_of"]

_HIDDEN_DISCARD: Final = "discard ?"


def key_of(view: Observation) -> tuple[int | str, ...]:
    """The :attr:`~frenchtarot.Observation.key` of ``view`` (see there)."""
    dealt = "public" if view.public else _text("hand", view.dealt_hand)
    parts: list[int | str] = [view.seat, view.dealer, dealt]
    annulment = view.annulment
    if view.shown_hand is not None and annulment is not None:
        parts.append(_text(f"petit_sec {annulment.seat}", view.shown_hand))
    turned = _flow.actions_before_dog(view.rules)
    for number, action in enumerate(view.history):
        if number == turned and view.dog is not None:
            parts.append(_text("dog", view.dog))
        parts.append(_HIDDEN_DISCARD if action is None else str(action))
    if len(view.history) == turned and view.dog is not None:
        parts.append(_text("dog", view.dog))
    return tuple(parts)


def text_of(view: Observation) -> str:
    """The text form of ``view``, ``str(view)``: one fact a line."""
    lines = [f"seat {view.seat}, dealer {view.dealer}, {view.phase.name.lower()}"]
    if view.current is not None:
        lines[0] += f", seat {view.current} to act"
    lines.append("public view: no hand" if view.public else _text("hand:", view.hand))
    lines.append("cards held: " + " ".join(f"{s}:{n}" for s, n in enumerate(view.hand_sizes)))
    if view.history:
        words = (f"{s}:{c.name.lower() if c else 'pass'}" for s, c in view.bids)
        lines.append("bids: " + " ".join(words))
    if view.contract is not None and view.phase is not Phase.BIDDING:
        slam = ", slam announced" if view.slam else ""
        lines.append(f"taker {view.taker} ({view.contract.name.lower()}){slam}")
    if view.called is not None:
        camp = "partner unknown"
        if view.partner is not None:
            camp = f"partner {view.partner}"
        elif view.alone:
            camp = "the taker plays alone"
        lines.append(f"called {view.called}, {camp}")
    if view.dog is not None:
        lines.append(_text("dog:", view.dog))
    if view.discard is not None:
        lines.append(_text("écart:", view.discard))
    if view.shown_discard:
        lines.append(_text("écart trumps shown:", view.shown_discard))
    lines.extend(_text(f"handful of seat {h.seat}:", h.cards) for h in view.handfuls)
    lines.extend(f"trick {n + 1}: {trick}" for n, trick in enumerate(view.tricks))
    if view.current_trick:
        lines.append(_text(f"trick in progress (led by {view.leader}):", view.current_trick))
    lines.extend(
        f"seat {e.giver} owes seat {e.receiver} a half-point card for the Excuse"
        for e in view.excuse_exchanges
    )
    if view.shown_hand is not None:
        lines.append(_text("petit sec shown:", view.shown_hand))
    if view.legal_actions:
        lines.append("legal: " + ", ".join(map(str, view.legal_actions)))
    if view.score is not None:
        lines.append(f"score: {view.score}")
    return "\n".join(lines)


def _text(label: str, cards: tuple[Card, ...]) -> str:
    return " ".join([label, *map(str, cards)])
