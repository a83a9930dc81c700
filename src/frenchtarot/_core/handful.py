"""Handfuls (*poignées*): which displays a player may show, and why one is refused."""

from __future__ import annotations

from frenchtarot._core import masks as _masks
from frenchtarot.rules import Rules


def showable(hand: int, ecart_trumps: int) -> tuple[int, int]:
    """The trumps a player may show and whether they hold the Excuse, as masks.

    ``ecart_trumps`` is the taker's trumps put aside in the écart (shown already), else 0.
    """
    return (hand & _masks.TRUMPS) | ecart_trumps, hand & _masks.EXCUSE


def canonical_displays(rules: Rules, hand: int, ecart_trumps: int) -> list[int]:
    """One display per handful size the player can show, smallest first.

    The display shows the trumps already public first (the taker's écart trumps), then the
    lowest trumps of the hand, hiding the highest; the Excuse only when every trump is shown.
    """
    trumps, excuse = showable(hand, ecart_trumps)
    held = trumps.bit_count()
    if held + (excuse != 0) < rules.handfuls[0][0]:  # too few for the smallest (most hands)
        return []
    order = _masks.indices(ecart_trumps) + _masks.indices(trumps & ~ecart_trumps)
    displays = []
    for size, _bonus in rules.handfuls:
        if size <= held:
            mask = 0
            for index in order[:size]:
                mask |= 1 << index
            displays.append(mask)
        elif excuse and size == held + 1:
            displays.append(trumps | excuse)
    return displays


def problem(rules: Rules, hand: int, ecart_trumps: int, shown: int) -> str | None:
    """Why ``shown`` is not a valid handful for this player, or ``None`` when it is."""
    sizes = [size for size, _bonus in rules.handfuls]
    size = shown.bit_count()
    if size not in sizes:
        wanted = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
        return f"a handful has exactly {wanted} cards, not {size}"
    if shown & ~(_masks.TRUMPS | _masks.EXCUSE):
        bad = " ".join(map(str, _masks.cards(shown & ~(_masks.TRUMPS | _masks.EXCUSE))))
        return f"a handful shows only trumps and the Excuse, not {bad}"
    trumps, excuse = showable(hand, ecart_trumps)
    missing = shown & ~(trumps | excuse)
    if missing:
        return f"the player does not hold {' '.join(map(str, _masks.cards(missing)))}"
    if shown & _masks.EXCUSE and trumps & ~shown:
        hidden = " ".join(map(str, _masks.cards(trumps & ~shown)))
        return f"the Excuse may be shown only with every trump held, and {hidden} is hidden"
    return None
