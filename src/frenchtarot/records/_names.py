"""The text a record accepts as a name: the one rule of the loader and the schema.

A name (a player's in a match record, a rules object's) is printable text that is not
blank. Python's :meth:`str.isprintable` is no fixed rule for a schema: what it refuses
grows with the Unicode database of each Python version. So the rule is a regular expression
written here once, for the loader and for the shipped schema alike: it refuses every
character that is a control, a format character (the zero-width space, the byte order
mark, the bidirectional marks...), a surrogate, for private use, a line or paragraph
separator, or a space other than U+0020 in any Unicode database of the Pythons the library
supports (Unicode 13.0 to 15.1), and a name of spaces only. The loader also asks
:meth:`str.isprintable`, which refuses besides the code points this Python's Unicode
database does not assign: a fault no schema can say (``RecordError.shape`` is false).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["MOST_NAME", "NAME_PATTERN", "NAME_REGEX", "name_ok"]

MOST_NAME: Final = 40
"""The longest name of a player (``frenchtarot.match``'s rule): 40 characters."""

_EXCLUDED: Final = (
    (0x0000, 0x001F),
    (0x007F, 0x00A0),
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x1680, 0x1680),
    (0x180E, 0x180E),
    (0x2000, 0x200F),
    (0x2028, 0x202F),
    (0x205F, 0x2064),
    (0x2066, 0x206F),
    (0x3000, 0x3000),
    (0xD800, 0xF8FF),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
    (0xF0000, 0xFFFFD),
    (0x100000, 0x10FFFD),
)
"""The code points a name may not hold: the categories Cc, Cf, Cs, Co, Zl, Zp, and Zs but
U+0020, in Unicode 13.0 to 15.1 (tests/test_records.py compares them with this Python's
database)."""


def _point(code: int) -> str:
    r"""One code point in a character class, for Python's ``re`` and ECMA-262 alike.

    ``\uXXXX`` in the BMP, which both read; the character itself above it, as neither
    reads the other's escape (a schema validator reads the pattern as Unicode text).
    """
    return f"\\u{code:04x}" if code <= 0xFFFF else chr(code)


_CLASS: Final = "".join(
    _point(low) if low == high else f"{_point(low)}-{_point(high)}" for low, high in _EXCLUDED
)
NAME_REGEX: Final = f"^(?!.*[{_CLASS}]) *[^ ]"
"""The pattern of a name, for ``re.search`` and a JSON Schema alike: no excluded character
(``.`` stops at a line break, which is one), and a character that is not a space. It has no
``$``, which Python reads as "at the end or before a final newline"."""
NAME_PATTERN: Final = re.compile(NAME_REGEX)


def name_ok(name: str) -> bool:
    """Whether ``name`` is text the pattern accepts (not blank, nothing unprintable)."""
    return NAME_PATTERN.search(name) is not None
