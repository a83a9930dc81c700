"""Writing records: the JSON objects of every kind, as Python data.

What each kind holds is documented in :mod:`frenchtarot.records` and in the schema; the
readers in :mod:`frenchtarot.records._kinds` read back exactly this.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from frenchtarot._core.state import State
from frenchtarot._deal_values import Annulment
from frenchtarot.actions import Action
from frenchtarot.cards import Card
from frenchtarot.encoding import action_id
from frenchtarot.match import Match
from frenchtarot.observation import Observation
from frenchtarot.records._codes import (
    ANNULMENT_CODES,
    CAMP_CODES,
    CONTRACT_CODES,
    PHASE_CODES,
)
from frenchtarot.records._read import FORMAT
from frenchtarot.rules import PRESETS, Rules
from frenchtarot.scoring import Score

if TYPE_CHECKING:
    from frenchtarot.records import JSONValue

__all__ = [
    "annulment_body",
    "encode_action",
    "encode_actions",
    "encode_match",
    "encode_observation",
    "encode_rules",
    "encode_score",
    "encode_state",
    "rules_object",
    "score_body",
]


def encode_rules(rules: Rules) -> JSONValue:
    """The ``"rules"`` of a record: a preset's name, or the object of every field."""
    preset = PRESETS.get(rules.name)
    if preset is rules or preset == rules:
        return rules.name
    return rules_object(rules)


def rules_object(rules: Rules) -> dict[str, JSONValue]:
    """The object of every field of ``rules``: how a record writes rules that are no preset.

    The schema also names the objects of the presets with it, which a record may not hold.
    """
    return {
        "name": rules.name,
        "seats": rules.seats,
        "hand_size": rules.hand_size,
        "dog_size": rules.dog_size,
        "packet": rules.packet,
        "handfuls": [[trumps, bonus] for trumps, bonus in rules.handfuls],
        "calls_partner": rules.calls_partner,
        "min_cut": rules.min_cut,
        "contracts": [[CONTRACT_CODES[contract], times] for contract, times in rules.contracts],
        "petit_au_bout": rules.petit_au_bout,
        "petit_au_bout_multiplied": rules.petit_au_bout_multiplied,
        "slam_announced": rules.slam_announced,
        "slam_unannounced": rules.slam_unannounced,
        "slam_missed": rules.slam_missed,
        "slam_defence": rules.slam_defence,
    }


def _cards(cards: Iterable[Card]) -> list[JSONValue]:
    return list(map(str, cards))


def _deal(state: State) -> dict[str, JSONValue]:
    """A deal as a match record holds it: the dealer, the hands and dog dealt, the moves."""
    return {
        "dealer": state.dealer,
        "hands": [_cards(hand) for hand in state.dealt],
        "dog": _cards(state.dog),
        "moves": [[seat, str(action)] for seat, action in state.moves],
    }


def encode_state(state: State) -> dict[str, JSONValue]:
    """The deal record of a state."""
    return {"format": FORMAT, "kind": "deal", "rules": encode_rules(state.rules), **_deal(state)}


def encode_match(match: Match) -> dict[str, JSONValue]:
    """The match record of a match."""
    draw = match.draw
    current = match.current
    return {
        "format": FORMAT,
        "kind": "match",
        "rules": encode_rules(match.rules),
        "names": list(match.names),
        "deals_to_play": match.deals_to_play,
        "dead_player": match.dead_player,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "draw": None if draw is None else [[p, str(card)] for p, card in draw.draws],
        "deals": [_deal(deal) for deal in match.deals],
        "current": None if current is None else _deal(current),
    }


def encode_action(action: Action) -> dict[str, JSONValue]:
    """The action record of one action: its notation."""
    return {"format": FORMAT, "kind": "action", "notation": str(action)}


def encode_actions(actions: Iterable[Action]) -> dict[str, JSONValue]:
    """The actions record of a list of actions (legal actions, say): their notations."""
    return {"format": FORMAT, "kind": "actions", "actions": list(map(str, actions))}


def annulment_body(annulment: Annulment | None) -> JSONValue:
    """An annulment as a record holds it: ``{"reason": code, "seat": seat or null}``."""
    if annulment is None:
        return None
    return {"reason": ANNULMENT_CODES[annulment.reason], "seat": annulment.seat}


def score_body(score: Score) -> dict[str, JSONValue]:
    """The fields of a score, as a score record and a view's ``"score"`` hold them."""
    contract = score.contract
    petit = score.petit_au_bout
    slam = score.slam
    called = score.called
    return {
        "annulment": annulment_body(score.annulment),
        "taker": score.taker,
        "contract": None if contract is None else CONTRACT_CODES[contract],
        "taker_points": float(score.taker_points),
        "defence_points": float(score.defence_points),
        "bouts": score.bouts,
        "target": score.target,
        "made": score.made,
        "margin": score.margin,
        "petit_au_bout": None
        if petit is None
        else {"camp": CAMP_CODES[petit.camp], "value": petit.value},
        "handfuls": [
            {"seat": bonus.seat, "size": bonus.size, "value": bonus.value}
            for bonus in score.handfuls
        ],
        "slam": {
            "announced": slam.announced,
            "made_by": None if slam.made_by is None else CAMP_CODES[slam.made_by],
            "value": slam.value,
        },
        "unit": score.unit,
        "deltas": list(score.deltas),
        "called": None if called is None else str(called),
        "partner": score.partner,
        "multiplier": score.multiplier,
    }


def encode_score(score: Score) -> dict[str, JSONValue]:
    """The score record of a score."""
    return {"format": FORMAT, "kind": "score", **score_body(score)}


def encode_observation(view: Observation) -> dict[str, JSONValue]:
    """The view record of an observation: every field it holds, and nothing else.

    The moves carry their seats (:attr:`Observation.moves <frenchtarot.Observation.moves>`)
    and the legal actions their ids (:func:`frenchtarot.encoding.action_id`), both public.
    A public view (:func:`frenchtarot.observation.public_view`) says so, with
    ``"public": true`` after the kind; any other view leaves the field out.
    """
    rules = view.rules
    contract = view.contract
    called = view.called
    dog = view.dog
    discard = view.discard
    leader = view.leader
    score = view.score
    shown = view.shown_hand
    return {
        "format": FORMAT,
        "kind": "observation",
        **({"public": True} if view.public else {}),
        "rules": encode_rules(rules),
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": PHASE_CODES[view.phase],
        "current": view.current,
        "contract": None if contract is None else CONTRACT_CODES[contract],
        "taker": view.taker,
        "called": None if called is None else str(called),
        "partner": view.partner,
        "alone": view.alone,
        "hand": _cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "dog": None if dog is None else _cards(dog),
        "discard": None if discard is None else _cards(discard),
        "shown_discard": _cards(view.shown_discard),
        "slam": view.slam,
        "handfuls": [{"seat": h.seat, "cards": _cards(h.cards)} for h in view.handfuls],
        "tricks": [
            {"leader": trick.leader, "cards": _cards(trick.cards), "winner": trick.winner}
            for trick in view.tricks
        ],
        "current_trick": None
        if leader is None
        else {"leader": leader, "cards": _cards(view.current_trick)},
        "moves": [[seat, None if action is None else str(action)] for seat, action in view.moves],
        "legal_actions": [
            {"notation": str(action), "id": action_id(action, rules)}
            for action in view.legal_actions
        ],
        "score": None if score is None else score_body(score),
        "annulment": annulment_body(view.annulment),
        "shown_hand": None if shown is None else _cards(shown),
    }
