"""The words of :mod:`frenchtarot.svg`, in English and in French.

Private. Each label of a picture is a template of :data:`_TEMPLATES`, filled in by
:meth:`Words.say`; :class:`Words` also names the seats (by the names given, or by number),
the contracts, the phases and the cards' corner letters in the picture's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from frenchtarot.actions import Action, AnnounceSlam, Bid, Contract, Pass, Phase
from frenchtarot.cards import Card
from frenchtarot.svg._looks import _EXCUSE_SYMBOL, _SUIT_SYMBOL

LANGUAGES: Final = ("en", "fr")

_ENGLISH: Final = {
    "seat": "seat {n}",
    "Seat": "Seat {n}",
    "you": " (you)",
    "trick of": "trick {n} of {total}",
    "bidding": "bidding",
    "call": "calling a partner",
    "discard": "écart",
    "slam": "slam announcement",
    "done": "deal over",
    "annulled": "deal annulled",
    "your turn": " · your turn",
    "to act": " · {who} to act",
    "dealer": "Dealer: {who}",
    "no bid": " · no bid yet",
    "no taker": " · no taker",
    "highest": " · highest bid: {contract} ({who})",
    "taker is": " · taker: {who}, {contract}",
    "slam announced": ", slam announced",
    "called card": "Called card: {short} ({name})",
    "partner is": " · partner: {who}",
    "alone": " · the taker plays alone",
    "partner unknown": " · partner unknown",
    "You": "Your turn",
    "prompt play": "{who}: play a highlighted card",
    "prompt handful": " or show a handful of {sizes} cards",
    "or": " or ",
    "prompt discard": "{who}: put a highlighted card in the écart ({left} to go)",
    "prompt call": "{who}: call one of the cards below",
    "prompt other": "{who}: {actions}",
    "pass": "pass",
    "announce slam": "slam",
    "Dealer": "Dealer",
    "Taker": "Taker",
    "Partner": "Partner",
    "passed": "passed",
    "card": "{n} card",
    "cards": "{n} cards",
    "status to act": " · to act",
    "status score": "score {delta}",
    "your hand": "Your hand ({count})",
    "no cards": "no cards",
    "Dog": "Dog",
    "shown": "shown",
    "face down": "face down",
    "face down at the table": "face down at the table",
    "your ecart": "Your écart",
    "Ecart": "Écart",
    "trumps shown": "trumps shown",
    "handful of": "Handful of {who}",
    "last trick": "Trick {n}, won by {who}",
    "petit sec of": "Petit sec of {who}",
    "Call": "Call",
    "choose a card": "choose a card",
    "called": "called",
    "excuse owes": "{giver} owes {receiver} a half-point card for the Excuse",
    "annulled petit sec": "Deal annulled: {who} held a petit sec.",
    "annulled passed": "Deal annulled: every seat passed.",
    "score head": "{contract} (x{multiplier}) by {camp}: {verdict} by {margin}",
    "camp alone": "{who} alone",
    "camp with": "{who} with {partner}",
    "made": "made",
    "lost": "lost",
    "points": "{points} points",
    "bout": "{n} bout",
    "bouts": "{n} bouts",
    "target": "target {target}",
    "petit au bout": "petit au bout {value}",
    "handful bonus": "handful of {who} {value}",
    "unit": "; unit {unit}",
    "scores": "Scores: {deltas}",
    "delta": "{who}: {delta}",
    "slam made": "slam announced and made",
    "slam unannounced": "slam made unannounced",
    "slam missed": "slam announced and missed",
    "slam defence": "slam made by the defence",
    "no slam": "no slam",
    "observation title": "What {who} sees: {phase}",
    "public title": "What everyone sees: {phase}",
    "public line": "Public view · {phase}{turn}",
    "state title": "Every hand (omniscient view): {phase}",
    "state line": "Every hand · {phase}{turn}",
    "banner": "Omniscient view: every hand and the dog. Never show it to a player.",
    "trick title": "A trick led by {who}",
    "trick won": ", won by {who}",
    "trick cards": ": {cards}",
    "no card yet": "no card yet",
    "hand title": "A hand of {cards}",
}

_FRENCH: Final = {
    "seat": "siège {n}",
    "Seat": "Siège {n}",
    "you": " (vous)",
    "trick of": "pli {n} sur {total}",
    "bidding": "enchères",
    "call": "appel d'un partenaire",
    "discard": "écart",
    "slam": "annonce du chelem",
    "done": "donne terminée",
    "annulled": "donne annulée",
    "your turn": " · à vous",
    "to act": " · tour : {who}",
    "dealer": "Donneur : {who}",
    "no bid": " · aucune enchère",
    "no taker": " · pas de preneur",
    "highest": " · plus forte enchère : {contract} ({who})",
    "taker is": " · preneur : {who}, {contract}",
    "slam announced": ", chelem annoncé",
    "called card": "Carte appelée : {short} ({name})",
    "partner is": " · partenaire : {who}",
    "alone": " · le preneur joue seul",
    "partner unknown": " · partenaire inconnu",
    "You": "À vous",
    "prompt play": "{who} : jouez une carte mise en évidence",
    "prompt handful": " ou montrez une poignée de {sizes} cartes",
    "or": " ou ",
    "prompt discard": "{who} : mettez à l'écart une carte mise en évidence (encore {left})",
    "prompt call": "{who} : appelez l'une des cartes ci-dessous",
    "prompt other": "{who} : {actions}",
    "pass": "passe",
    "announce slam": "chelem",
    "Dealer": "Donneur",
    "Taker": "Preneur",
    "Partner": "Partenaire",
    "passed": "passe",
    "card": "{n} carte",
    "cards": "{n} cartes",
    "status to act": " · à jouer",
    "status score": "marque {delta}",
    "your hand": "Votre main ({count})",
    "no cards": "aucune carte",
    "Dog": "Chien",
    "shown": "retourné",
    "face down": "face cachée",
    "face down at the table": "face cachée sur la table",
    "your ecart": "Votre écart",
    "Ecart": "Écart",
    "trumps shown": "atouts montrés",
    "handful of": "Poignée · {who}",
    "last trick": "Pli {n} · remporté par {who}",
    "petit sec of": "Petit sec · {who}",
    "Call": "Appel",
    "choose a card": "choisissez une carte",
    "called": "appelée",
    "excuse owes": "{giver} doit à {receiver} une carte d'un demi-point pour l'Excuse",
    "annulled petit sec": "Donne annulée : {who} avait le petit sec.",
    "annulled passed": "Donne annulée : tout le monde a passé.",
    "score head": "{contract} (x{multiplier}) jouée par {camp} : {verdict} de {margin}",
    "camp alone": "{who} seul",
    "camp with": "{who} avec {partner}",
    "made": "réussie",
    "lost": "chutée",
    "points": "{points} points",
    "bout": "{n} bout",
    "bouts": "{n} bouts",
    "target": "objectif {target}",
    "petit au bout": "petit au bout {value}",
    "handful bonus": "poignée de {who} {value}",
    "unit": " ; unité {unit}",
    "scores": "Scores : {deltas}",
    "delta": "{who} : {delta}",
    "slam made": "chelem annoncé et réussi",
    "slam unannounced": "chelem réussi sans annonce",
    "slam missed": "chelem annoncé et chuté",
    "slam defence": "chelem de la défense",
    "no slam": "pas de chelem",
    "observation title": "Ce que voit {who} : {phase}",
    "public title": "Ce que voit toute la table : {phase}",
    "public line": "Vue publique · {phase}{turn}",
    "state title": "Toutes les mains (vue omnisciente) : {phase}",
    "state line": "Toutes les mains · {phase}{turn}",
    "banner": "Vue omnisciente : toutes les mains et le chien. Ne jamais la montrer à un joueur.",
    "trick title": "Un pli entamé par {who}",
    "trick won": ", remporté par {who}",
    "trick cards": " : {cards}",
    "no card yet": "aucune carte encore",
    "hand title": "Une main : {cards}",
}

_TEMPLATES: Final = {"en": _ENGLISH, "fr": _FRENCH}

_RANKS: Final = {
    "en": {11: "J", 12: "C", 13: "Q", 14: "K"},
    "fr": {11: "V", 12: "C", 13: "D", 14: "R"},
}
"""The letters of the court cards in a card's corner: English, or French (valet, cavalier,
dame, roi, as printed on French packs)."""


class Words:
    """The labels of one picture: its language and the names of its seats."""

    __slots__ = ("_names", "_templates", "lang")

    def __init__(self, lang: str, names: Sequence[str] | None) -> None:
        self.lang = lang
        self._templates = _TEMPLATES[lang]
        self._names = None if names is None else tuple(names)

    def say(self, key: str, **fields: object) -> str:
        """The label ``key``, its fields filled in."""
        return self._templates[key].format(**fields)

    def seat(self, seat: int) -> str:
        """A seat inside a sentence: its name, or ``seat 2``."""
        if self._names is not None:
            return self._names[seat]
        return self.say("seat", n=seat)

    def seat_cap(self, seat: int) -> str:
        """A seat at the start of a sentence or on its plate: its name, or ``Seat 2``."""
        if self._names is not None:
            return self._names[seat]
        return self.say("Seat", n=seat)

    def count(self, cards: int) -> str:
        """``1 card``, ``13 cards``."""
        # French counts 0 and 1 in the singular, English 1 only.
        single = cards <= 1 if self.lang == "fr" else cards == 1
        return self.say("card" if single else "cards", n=cards)

    def number(self, value: float) -> str:
        """A number of points, with a decimal comma in French: ``45.5``, ``45,5``."""
        text = f"{value:g}"
        return text.replace(".", ",") if self.lang == "fr" else text

    def contract(self, contract: Contract) -> str:
        """A contract: ``garde sans`` in English, ``Garde sans le chien`` in French."""
        if self.lang == "fr":
            return contract.french
        return contract.name.lower().replace("_", " ")

    def phase(self, phase: Phase, tricks: int, hand_size: int) -> str:
        """Where the deal stands: ``bidding``, ``trick 3 of 18``, ``deal over``..."""
        if phase is Phase.PLAY:
            return self.say("trick of", n=tricks + 1, total=hand_size)
        return self.say(phase.value)

    def action(self, action: Action) -> str:
        """An action that is not a card, in words: ``pass``, ``garde``, ``slam``."""
        if isinstance(action, Pass):
            return self.say("pass")
        if isinstance(action, Bid):
            return self.contract(action.contract)
        if isinstance(action, AnnounceSlam):
            return self.say("announce slam")
        return str(action)

    def rank(self, card: Card) -> str:
        """What a card's corner shows first: ``10``, ``K`` (``R`` in French), ``21``, ``★``."""
        if card.is_excuse:
            return _EXCUSE_SYMBOL
        if card.suit is None:
            return str(card.rank)
        return _RANKS[self.lang].get(card.rank, str(card.rank))

    def short(self, card: Card) -> str:
        """A card in a line of text: ``K♥`` (``R♥`` in French), ``21``, ``★``."""
        symbol = "" if card.suit is None else _SUIT_SYMBOL[card.suit]
        return self.rank(card) + symbol

    def name(self, card: Card) -> str:
        """A card's full name in the picture's language."""
        return card.name_fr if self.lang == "fr" else card.name_en

    def names(self, card: Card) -> str:
        """Both names of a card and its notation, the picture's language first."""
        first, second = (
            (card.name_fr, card.name_en)
            if self.lang == "fr"
            else (
                card.name_en,
                card.name_fr,
            )
        )
        return f"{first}, {second} ({card.notation})"
