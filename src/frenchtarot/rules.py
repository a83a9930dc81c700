"""The tables the library plays, each one :class:`Rules` value, and the house rules.

A :class:`Rules` is plain, validated data: how many seats, how many cards each, the dog, the
size of a packet in the deal, the handful sizes and whether the taker calls a partner, and
the scoring knobs on which club tables differ (the contracts offered and their
multipliers, the petit au bout, the slam bonuses). The engine reads every difference
between tables from here; everything that depends on one deal (who took, who the partner
is) lives in the :class:`~frenchtarot.State`.

=====================  =====  ====  ===  ======  ==========  ==============  ============
value                  seats  hand  dog  packet  handfuls    partner called  contracts
=====================  =====  ====  ===  ======  ==========  ==============  ============
:data:`THREE_PLAYER`   3      24    6    4       13, 15, 18  no              FFT
:data:`FOUR_PLAYER`    4      18    6    3       10, 13, 15  no              FFT
:data:`FIVE_PLAYER`    5      15    3    3       8, 10, 13   yes (a King)    FFT
:data:`LUDICASH`       4      18    6    3       10, 13, 15  no              no Petite
=====================  =====  ====  ===  ======  ==========  ==============  ============

The FFT contracts are Petite, Garde, Garde sans and Garde contre (x1, x2, x4, x6).
:func:`find_rules` finds a preset by its name (:data:`PRESETS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from frenchtarot._checks import describe_value, quote, whole_number
from frenchtarot.actions import Contract
from frenchtarot.errors import InvalidRulesError, InvalidSeatError, TarotTypeError

__all__ = [
    "FFT_CONTRACTS",
    "FIVE_PLAYER",
    "FOUR_PLAYER",
    "LUDICASH",
    "PRESETS",
    "RULES_BY_SEATS",
    "THREE_PLAYER",
    "Rules",
    "find_rules",
]

_PACK: Final = 78
_HANDFUL_BONUSES: Final = (20, 30, 40)
_INT_FIELDS: Final = (
    "seats",
    "hand_size",
    "dog_size",
    "packet",
    "min_cut",
    "petit_au_bout",
    "slam_announced",
    "slam_unannounced",
    "slam_missed",
    "slam_defence",
)
_BOOL_FIELDS: Final = ("calls_partner", "petit_au_bout_multiplied")
_BONUS_FIELDS: Final = _INT_FIELDS[5:]
_LARGEST_BONUS: Final = 10_000
"""The largest petit au bout, handful or slam bonus and multiplier a table may set: far above
any table's, and it keeps every score a small int."""

FFT_CONTRACTS: Final[tuple[tuple[Contract, int], ...]] = tuple(
    (contract, contract.multiplier) for contract in Contract
)
"""The FFT contracts in bidding order with their multipliers: Petite x1, Garde x2, Garde
sans x4, Garde contre x6. The default of :attr:`Rules.contracts`."""


def _check_types(rules: Rules) -> None:
    if not isinstance(rules.name, str):
        raise TarotTypeError(f"Rules.name must be a str, not {describe_value(rules.name)}")
    for field in _INT_FIELDS:
        value = getattr(rules, field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TarotTypeError(f"Rules.{field} must be an int, not {describe_value(value)}")
    for field in _BOOL_FIELDS:
        value = getattr(rules, field)
        if not isinstance(value, bool):
            raise TarotTypeError(f"Rules.{field} must be a bool, not {describe_value(value)}")


def _check_table(rules: Rules) -> None:
    """Refuse seats, hands, dog and packets that do not deal the pack."""
    if not rules.name.strip() or not rules.name.isprintable():
        raise InvalidRulesError(
            f"Rules.name must be printable text that is not blank, not {quote(rules.name)}"
        )
    if not 3 <= rules.seats <= 5:
        raise InvalidRulesError(f"Tarot is played by 3, 4 or 5 seats, not {rules.seats}")
    if rules.hand_size < 1 or rules.dog_size < 1:
        raise InvalidRulesError(
            f"hand and dog must hold cards, not {rules.hand_size} and {rules.dog_size}"
        )
    if rules.seats * rules.hand_size + rules.dog_size != _PACK:
        raise InvalidRulesError(
            f"{rules.seats} hands of {rules.hand_size} and a dog of {rules.dog_size} "
            f"do not make the {_PACK} cards of the pack"
        )
    if rules.packet < 1 or rules.hand_size % rules.packet:
        raise InvalidRulesError(
            f"a packet of {rules.packet} cards does not divide a hand of {rules.hand_size}"
        )
    packets = rules.seats * rules.hand_size // rules.packet
    if rules.dog_size > packets - 1:
        raise InvalidRulesError(
            f"a dog of {rules.dog_size} cards does not fit between {packets} packets"
        )
    if not 1 <= rules.min_cut <= _PACK // 2:
        raise InvalidRulesError(f"min_cut must be from 1 to {_PACK // 2}, not {rules.min_cut}")
    if rules.calls_partner and rules.seats != 5:
        raise InvalidRulesError(
            f"a partner is called only at a table of 5 seats, not {rules.seats} "
            "(the called card's holder plays with the taker against the others)"
        )


def _check_handfuls(rules: Rules) -> None:
    handfuls = rules.handfuls
    if not isinstance(handfuls, tuple) or len(handfuls) != len(_HANDFUL_BONUSES):
        raise TarotTypeError(
            "Rules.handfuls must be a tuple of 3 (trumps, bonus) pairs, "
            f"not {describe_value(handfuls)}"
        )
    sizes = []
    for pair in handfuls:
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
        ):
            raise TarotTypeError(
                f"each handful must be a (trumps, bonus) pair, not {describe_value(pair)}"
            )
        if not 1 <= pair[1] <= _LARGEST_BONUS:
            raise InvalidRulesError(
                f"a handful bonus must be from 1 to {_LARGEST_BONUS}, not {pair[1]}"
            )
        sizes.append(pair[0])
    if sizes != sorted(set(sizes)) or sizes[0] < 1 or sizes[-1] > min(22, rules.hand_size):
        raise InvalidRulesError(
            f"handful sizes must increase, each from 1 to {min(22, rules.hand_size)}: {sizes}"
        )


def _check_contracts(contracts: object) -> None:
    if not isinstance(contracts, tuple):
        raise TarotTypeError(
            "Rules.contracts must be a tuple of (Contract, multiplier) pairs, "
            f"not {describe_value(contracts)}"
        )
    if not contracts:
        raise InvalidRulesError("a table offers at least one contract, not none")
    previous: tuple[Contract, int] | None = None
    for pair in contracts:
        if (
            not isinstance(pair, tuple)
            or len(pair) != 2
            or not isinstance(pair[0], Contract)
            or isinstance(pair[1], bool)
            or not isinstance(pair[1], int)
        ):
            raise TarotTypeError(
                "each of Rules.contracts must be a (Contract, multiplier) pair, "
                f"not {describe_value(pair)}"
            )
        contract, multiplier = pair
        if not 1 <= multiplier <= _LARGEST_BONUS:
            raise InvalidRulesError(
                f"the multiplier of {contract.name.lower()} must be from 1 to "
                f"{_LARGEST_BONUS}, not {multiplier}"
            )
        if previous is not None:
            if contract.rank <= previous[0].rank:
                raise InvalidRulesError(
                    "the contracts are listed once each, in the FFT order (petite, garde, "
                    f"garde_sans, garde_contre): {contract.name.lower()} comes after "
                    f"{previous[0].name.lower()}"
                )
            if multiplier <= previous[1]:
                raise InvalidRulesError(
                    "a contract's multiplier rises with its rank: "
                    f"{contract.name.lower()} x{multiplier} is not above "
                    f"{previous[0].name.lower()} x{previous[1]}"
                )
        previous = (contract, multiplier)


def _check_rules(rules: Rules) -> None:
    """Refuse parameters that do not describe a playable Tarot table."""
    _check_types(rules)
    _check_table(rules)
    _check_handfuls(rules)
    _check_contracts(rules.contracts)
    for field in _BONUS_FIELDS:
        value = getattr(rules, field)
        if not 0 <= value <= _LARGEST_BONUS:
            raise InvalidRulesError(
                f"Rules.{field} must be from 0 to {_LARGEST_BONUS}, not {value}"
            )


@attrs.frozen(cache_hash=True)
class Rules:
    """The rules of one table: its size, and the house rules it plays.

    Use a preset (:data:`THREE_PLAYER`, :data:`FOUR_PLAYER`, :data:`FIVE_PLAYER`,
    :data:`LUDICASH`, or :func:`~frenchtarot.rules.find_rules` by name), or
    ``attrs.evolve`` one of them to change a knob: every field not named stays the FFT
    rule. Any other value is checked when made.

    The score of a deal is ``unit = (25 + margin + petit au bout) x multiplier + handfuls +
    slam`` for the attack, where a flat petit au bout
    (``petit_au_bout_multiplied=False``) is added after the multiplication instead.
    Handful and slam bonuses are never multiplied.

    Attributes:
        name: A short name, e.g. ``"four-player"``: printable, not blank.
        seats: The number of players dealt in: 3, 4 or 5.
        hand_size: Cards dealt to each player.
        dog_size: Cards in the dog (*chien*), and so in the écart.
        packet: Cards given to a player at a time during the deal.
        handfuls: ``(number of trumps, bonus)`` for the simple, double and triple handful.
        calls_partner: Whether the taker calls a card after the bidding and plays with
            whoever holds it (the five-player game; only at five seats).
        min_cut: The fewest cards the cut may take or leave.
        contracts: The contracts offered, in bidding order, each with its multiplier
            (:data:`~frenchtarot.rules.FFT_CONTRACTS` by default). A contract left out is
            never legal. The order is the FFT's and the multipliers rise with it.
        petit_au_bout: The petit au bout bonus before any multiplier (FFT: 10).
        petit_au_bout_multiplied: Whether the contract multiplies the petit au bout (FFT:
            yes); ``False`` adds it flat.
        slam_announced: The attack's bonus for a slam announced and made (FFT: 400).
        slam_unannounced: The attack's bonus for a slam made unannounced (FFT: 200).
        slam_missed: What the attack pays for a slam announced and missed (FFT: 200).
        slam_defence: The defence's bonus when it wins every trick (FFT: 200).

    Raises:
        InvalidRulesError: The values do not make a table: seats times hand size plus the
            dog is not 78, a packet does not divide a hand, the handful sizes do not
            increase, a partner called at a table that is not of five, no contract offered,
            the contracts out of order or their multipliers not rising, a negative bonus,
            and so on.
        TarotTypeError: A field has the wrong type.

    >>> FIVE_PLAYER.seats * FIVE_PLAYER.hand_size + FIVE_PLAYER.dog_size
    78
    >>> [contract.name for contract in LUDICASH.offered]
    ['GARDE', 'GARDE_SANS', 'GARDE_CONTRE']
    >>> LUDICASH.multiplier(Contract.GARDE), LUDICASH.offers(Contract.PETITE)
    (2, False)
    >>> import attrs
    >>> attrs.evolve(FOUR_PLAYER, calls_partner=True)
    Traceback (most recent call last):
    ...
    frenchtarot.errors.InvalidRulesError: a partner is called only at a table of 5 seats, \
not 4 (the called card's holder plays with the taker against the others)
    """

    name: str
    seats: int
    hand_size: int
    dog_size: int
    packet: int
    handfuls: tuple[tuple[int, int], ...]
    calls_partner: bool = False
    min_cut: int = 3
    contracts: tuple[tuple[Contract, int], ...] = FFT_CONTRACTS
    petit_au_bout: int = 10
    petit_au_bout_multiplied: bool = True
    slam_announced: int = 400
    slam_unannounced: int = 200
    slam_missed: int = 200
    slam_defence: int = 200

    def __attrs_post_init__(self) -> None:
        _check_rules(self)

    @property
    def offered(self) -> tuple[Contract, ...]:
        """The contracts a seat may bid at this table, lowest first."""
        return tuple(contract for contract, _ in self.contracts)

    def offers(self, contract: Contract) -> bool:
        """Whether ``contract`` may be bid at this table.

        Args:
            contract: Any contract.

        Returns:
            ``True`` when ``contract`` is one of :attr:`contracts`.
        """
        return any(offered is contract for offered, _ in self.contracts)

    def multiplier(self, contract: Contract) -> int:
        """What ``contract`` multiplies the score by at this table.

        Args:
            contract: A contract this table offers.

        Returns:
            Its multiplier, e.g. 2 for a Garde under the FFT rules.

        Raises:
            InvalidRulesError: This table does not offer ``contract``.
            TarotTypeError: ``contract`` is not a :class:`~frenchtarot.Contract`.

        >>> LUDICASH.multiplier(Contract.GARDE_CONTRE)
        6
        """
        if not isinstance(contract, Contract):
            raise TarotTypeError(f"expected a Contract, not {describe_value(contract)}")
        for offered, multiplier in self.contracts:
            if offered is contract:
                return multiplier
        raise InvalidRulesError(
            f"the {self.name} rules do not offer {contract.name.lower()}; they offer "
            + ", ".join(c.name.lower() for c in self.offered)
        )

    def check_seat(self, seat: object) -> int:
        """Return ``seat`` as an ``int`` if it is a seat of this table.

        Any integer type is accepted (NumPy's included), but not ``bool``.

        Args:
            seat: The value to check.

        Returns:
            ``seat`` itself, as an ``int``.

        Raises:
            InvalidSeatError: ``seat`` is outside 0 to ``seats - 1``.
            TarotTypeError: ``seat`` is not an int.
        """
        seat = whole_number(seat, "seat")
        if not 0 <= seat < self.seats:
            raise InvalidSeatError(f"seat must be from 0 to {self.seats - 1}, not {seat}")
        return seat

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat`` (the player on its right).

        Args:
            seat: A seat of this table.

        Returns:
            ``(seat + 1) % seats``.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of this table.
            TarotTypeError: ``seat`` is not an int.
        """
        return (self.check_seat(seat) + 1) % self.seats

    def handful_bonus(self, size: int) -> int:
        """The bonus for a handful of ``size`` cards, 0 when that is not a handful size.

        Args:
            size: The number of cards shown.

        Returns:
            The table's bonus for a simple, double or triple handful of that size (20, 30
            and 40 under the FFT rules), else 0.
        """
        for threshold, bonus in self.handfuls:
            if threshold == size:
                return bonus
        return 0


THREE_PLAYER: Final = Rules(
    name="three-player",
    seats=3,
    hand_size=24,
    dog_size=6,
    packet=4,
    handfuls=((13, 20), (15, 30), (18, 40)),
)
"""The FFT three-player game: 24 cards each dealt four at a time, a dog of 6, handfuls of
13, 15 and 18 trumps; the taker plays alone against two."""

FOUR_PLAYER: Final = Rules(
    name="four-player",
    seats=4,
    hand_size=18,
    dog_size=6,
    packet=3,
    handfuls=((10, 20), (13, 30), (15, 40)),
)
"""The FFT four-player game: 18 cards each, a dog of 6, handfuls of 10, 13 and 15 trumps."""

FIVE_PLAYER: Final = Rules(
    name="five-player",
    seats=5,
    hand_size=15,
    dog_size=3,
    packet=3,
    handfuls=((8, 20), (10, 30), (13, 40)),
    calls_partner=True,
)
"""The FFT five-player game (called King): 15 cards each, a dog of 3, handfuls of 8, 10
and 13 trumps; the taker calls a card and plays with its holder, or alone."""

RULES_BY_SEATS: Final = {rules.seats: rules for rules in (THREE_PLAYER, FOUR_PLAYER, FIVE_PLAYER)}
"""The FFT rules for each table size: ``{3: THREE_PLAYER, 4: FOUR_PLAYER, 5: FIVE_PLAYER}``."""

LUDICASH: Final = attrs.evolve(
    FOUR_PLAYER,
    name="ludicash",
    contracts=tuple(pair for pair in FFT_CONTRACTS if pair[0] is not Contract.PETITE),
)
"""Ludicash's four-player game: the FFT four-player game without the Petite. Its contracts
are Garde (x2, the lowest), Garde sans (x4) and Garde contre (x6); everything else (the
deal, the écart, handfuls, the Excuse, petit au bout, slam bonuses) is the FFT rule. A
"Chelem" bid there is a Garde contre followed by the slam announcement."""

PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {rules.name: rules for rules in (THREE_PLAYER, FOUR_PLAYER, FIVE_PLAYER, LUDICASH)}
)
"""Every preset by its name: ``"three-player"``, ``"four-player"``, ``"five-player"`` and
``"ludicash"``. Read-only; :func:`find_rules` looks names up more loosely."""

_ALIASES: Final = {"3": THREE_PLAYER, "4": FOUR_PLAYER, "5": FIVE_PLAYER}


def find_rules(name: str) -> Rules:
    """The preset called ``name``: what the command line's ``--rules`` reads.

    Case, spaces, underscores and hyphens do not matter (``"Four Player"`` finds
    :data:`FOUR_PLAYER`), and ``"3"``, ``"4"`` and ``"5"`` name the FFT tables.

    Args:
        name: A preset's name (a key of :data:`PRESETS`).

    Returns:
        The preset.

    Raises:
        InvalidRulesError: No preset has that name; the message lists the names.
        TarotTypeError: ``name`` is not a str.

    >>> from frenchtarot.rules import find_rules
    >>> find_rules("Ludicash") is LUDICASH
    True
    >>> find_rules("six")
    Traceback (most recent call last):
    ...
    frenchtarot.errors.InvalidRulesError: no rules are called 'six'; the presets are \
three-player, four-player, five-player, ludicash
    """
    if not isinstance(name, str):
        raise TarotTypeError(f"a rules name must be a str, not {describe_value(name)}")
    key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
    found = PRESETS.get(key) or _ALIASES.get(key)
    if found is None:
        raise InvalidRulesError(
            f"no rules are called {quote(name)}; the presets are " + ", ".join(PRESETS)
        )
    return found
