"""The tables of the OpenSpiel game: the ``players`` and ``rules`` parameters, custom rules.

OpenSpiel's game parameters are numbers and strings, so the game finds its
:class:`~frenchtarot.Rules` by name: a preset's, or one recorded by :func:`register_rules`.
No ``pyspiel`` here: the rules of the parameters are the library's alone.
"""

from __future__ import annotations

from typing import Final

from frenchtarot._checks import describe_value
from frenchtarot.errors import InvalidRulesError, TarotTypeError
from frenchtarot.rules import PRESETS, RULES_BY_SEATS, Rules, find_rules

__all__ = ["FROM_RULES", "register_rules", "table_of"]

_DEFAULT_PLAYERS: Final = 4
FROM_RULES: Final = 0
"""The ``players`` parameter's default: the seats of ``rules``, or :data:`_DEFAULT_PLAYERS`."""
_UNSAFE: Final = frozenset("(),=")
"""Characters a game string cannot carry in a parameter's value."""
_REGISTERED: dict[str, Rules] = {}
"""The custom rules of :func:`register_rules`, by name."""


def register_rules(rules: Rules) -> str:
    """Make ``rules`` loadable by name: ``pyspiel.load_game("french_tarot(rules=<name>)")``.

    Registering the same value again does nothing, and a preset needs no registering: its
    name is returned as it is.

    Args:
        rules: Any table.

    Returns:
        The name to pass as the game's ``rules`` parameter: ``rules.name``.

    Raises:
        InvalidRulesError: The name is taken: by a preset (or one of the names
            :func:`~frenchtarot.rules.find_rules` reads as a preset's) or by other rules
            registered before; or it holds a character a game string cannot carry
            (``(``, ``)``, ``,``, ``=``) or begins or ends with white space.
        TarotTypeError: ``rules`` is not a :class:`~frenchtarot.Rules`.

    >>> import attrs
    >>> import frenchtarot as ft
    >>> from frenchtarot.openspiel import load_game, register_rules
    >>> flat = attrs.evolve(ft.FOUR_PLAYER, name="flat-petit", petit_au_bout_multiplied=False)
    >>> register_rules(flat)
    'flat-petit'
    >>> load_game(rules="flat-petit").rules is flat
    True
    """
    if not isinstance(rules, Rules):
        raise TarotTypeError(f"expected Rules, not {describe_value(rules)}")
    name = rules.name
    if PRESETS.get(name) == rules:
        return name
    if _UNSAFE.intersection(name) or name != name.strip():
        raise InvalidRulesError(
            f"rules named {name!r} cannot go in an OpenSpiel game string: a name may not "
            "hold '(', ')', ',' or '=', nor begin or end with white space; rename them "
            "with attrs.evolve(rules, name=...)"
        )
    try:
        preset: Rules | None = find_rules(name)
    except InvalidRulesError:
        preset = None
    if preset is not None:
        raise InvalidRulesError(
            f"rules named {name!r} would be taken for the preset {preset.name!r}; rename "
            "them with attrs.evolve(rules, name=...)"
        )
    known = _REGISTERED.setdefault(name, rules)
    if known != rules:
        raise InvalidRulesError(
            f"other rules are already registered as {name!r}: a name stands for one table; "
            "rename these with attrs.evolve(rules, name=...)"
        )
    return name


def _named(name: str) -> Rules:
    """The rules a ``rules`` parameter names: a registered name, else a preset's."""
    found = _REGISTERED.get(name)
    if found is not None:
        return found
    try:
        return find_rules(name)
    except InvalidRulesError:
        custom = ", ".join(_REGISTERED) or "none yet"
        raise InvalidRulesError(
            f"no rules are called {name!r}: the presets are {', '.join(PRESETS)}; the "
            f"rules registered with register_rules are {custom}"
        ) from None


def table_of(players: object, name: object) -> Rules:
    """The rules of the parameters ``players`` and ``rules``.

    Raises:
        InvalidRulesError: ``players`` is not 0, 3, 4 or 5, ``rules`` names no table, or
            the two disagree.
        TarotTypeError: ``rules`` is not a str.
    """
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in (FROM_RULES, *RULES_BY_SEATS)
    ):
        raise InvalidRulesError(f"French Tarot is played by 3, 4 or 5 players, not {players!r}")
    if not isinstance(name, str):
        raise TarotTypeError(f"the rules parameter must be a str, not {describe_value(name)}")
    if not name:
        return RULES_BY_SEATS[players or _DEFAULT_PLAYERS]
    rules = _named(name)
    if players not in (FROM_RULES, rules.seats):
        raise InvalidRulesError(
            f"players={players} does not match rules={name!r}, a table of {rules.seats} "
            f"seats: set players to {rules.seats}, or leave it out"
        )
    return rules
