"""The table sizes of the FFT game, each one :class:`Rules` value.

A :class:`Rules` is plain, validated data: how many seats, how many cards each, the dog, the
size of a packet in the deal, the handful sizes and whether the taker calls a partner. The
engine reads every table-size difference from here; everything that depends on one deal
(who took, who the partner is) lives in the :class:`~frenchtarot.State`.

=====================  =====  ====  ===  ======  ==========  ==============
value                  seats  hand  dog  packet  handfuls    partner called
=====================  =====  ====  ===  ======  ==========  ==============
:data:`THREE_PLAYER`   3      24    6    4       13, 15, 18  no
:data:`FOUR_PLAYER`    4      18    6    3       10, 13, 15  no
:data:`FIVE_PLAYER`    5      15    3    3       8, 10, 13   yes (a King)
=====================  =====  ====  ===  ======  ==========  ==============
"""

from __future__ import annotations

from typing import Final

import attrs

from frenchtarot._checks import describe_value, whole_number
from frenchtarot.errors import InvalidRulesError, InvalidSeatError, TarotTypeError

__all__ = ["FIVE_PLAYER", "FOUR_PLAYER", "RULES_BY_SEATS", "THREE_PLAYER", "Rules"]

_PACK: Final = 78
_HANDFUL_BONUSES: Final = (20, 30, 40)


def _check_rules(rules: Rules) -> None:
    """Refuse parameters that do not describe a playable Tarot table."""
    if not isinstance(rules.name, str):
        raise TarotTypeError(f"Rules.name must be a str, not {describe_value(rules.name)}")
    for field in ("seats", "hand_size", "dog_size", "packet", "min_cut"):
        value = getattr(rules, field)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TarotTypeError(f"Rules.{field} must be an int, not {describe_value(value)}")
    if not isinstance(rules.calls_partner, bool):
        raise TarotTypeError(
            f"Rules.calls_partner must be a bool, not {describe_value(rules.calls_partner)}"
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
        if pair[1] < 1:
            raise InvalidRulesError(f"a handful bonus must be positive, not {pair[1]}")
        sizes.append(pair[0])
    if sizes != sorted(set(sizes)) or sizes[0] < 1 or sizes[-1] > min(22, rules.hand_size):
        raise InvalidRulesError(
            f"handful sizes must increase, each from 1 to {min(22, rules.hand_size)}: {sizes}"
        )


@attrs.frozen
class Rules:
    """The parameters of one table size.

    Use :data:`THREE_PLAYER`, :data:`FOUR_PLAYER` or :data:`FIVE_PLAYER`; other values are
    checked when made.

    Attributes:
        name: A short name, e.g. ``"four-player"``.
        seats: The number of players dealt in: 3, 4 or 5.
        hand_size: Cards dealt to each player.
        dog_size: Cards in the dog (*chien*), and so in the écart.
        packet: Cards given to a player at a time during the deal.
        handfuls: ``(number of trumps, bonus)`` for the simple, double and triple handful.
        calls_partner: Whether the taker calls a card after the bidding and plays with
            whoever holds it (the five-player game).
        min_cut: The fewest cards the cut may take or leave.

    Raises:
        InvalidRulesError: The numbers do not make a table: seats times hand size plus the
            dog is not 78, a packet does not divide a hand, the handful sizes do not
            increase, and so on.
        TarotTypeError: A field has the wrong type.

    >>> FIVE_PLAYER.seats * FIVE_PLAYER.hand_size + FIVE_PLAYER.dog_size
    78
    >>> Rules("odd", seats=4, hand_size=17, dog_size=6, packet=1, handfuls=FOUR_PLAYER.handfuls)
    Traceback (most recent call last):
    ...
    frenchtarot.errors.InvalidRulesError: 4 hands of 17 and a dog of 6 do not make the 78 \
cards of the pack
    """

    name: str
    seats: int
    hand_size: int
    dog_size: int
    packet: int
    handfuls: tuple[tuple[int, int], ...]
    calls_partner: bool = False
    min_cut: int = 3

    def __attrs_post_init__(self) -> None:
        _check_rules(self)

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
            20, 30 or 40 for the simple, double and triple handful, else 0.
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
