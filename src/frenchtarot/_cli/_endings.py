"""How the command line ends when the world around it does not cooperate.

* A reader that goes away (``python -m frenchtarot | head -1``): writing to the closed pipe
  raises :class:`BrokenPipeError`. The command stops writing, points its standard output
  and error at the null device (so that the interpreter's last flush finds nothing to
  complain about) and exits with status 141, what a shell reports for a program that
  ``SIGPIPE`` ended (128 + 13), with no message: the reader asked for no more.
* Ctrl-C: one line, ``Interrupted.``, on standard error, and status 130 (128 + ``SIGINT``).
* A terminal that cannot encode a character (an accented name, a card glyph, with
  ``PYTHONIOENCODING=ascii`` or an old code page): the character is written without its
  accent, or as ``?`` (:func:`plain_output`).
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
import unicodedata
from typing import Final, TextIO

EXIT_BROKEN_PIPE: Final = 141
"""The status after a broken pipe: 128 + 13, as for a program that ``SIGPIPE`` ended."""
EXIT_INTERRUPTED: Final = 130
"""The status after Ctrl-C: 128 + 2 (``SIGINT``)."""
INTERRUPTED: Final = "Interrupted."
"""The line written on standard error after Ctrl-C."""
PLAIN: Final = "frenchtarot-plain"
"""The name of the codec error handler that :func:`plain_output` installs."""


def _plain(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: the characters without their accents, ``?`` for the rest."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = unicodedata.normalize("NFKD", error.object[error.start : error.end])
    plain = "".join(char for char in text if not unicodedata.combining(char))
    return "".join(char if char.isascii() else "?" for char in plain), error.end


codecs.register_error(PLAIN, _plain)


def plain_output(*streams: TextIO) -> None:
    """Make each text stream write what its encoding cannot as plain text, not fail.

    ``é`` is written ``e``, a card glyph ``?``. Only streams whose errors are ``strict``
    change (standard output, usually; standard error already escapes).
    """
    for stream in streams:
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            stream.reconfigure(errors=PLAIN)


def silence(*streams: TextIO) -> None:
    """Point the streams' file descriptors at the null device: after a broken pipe.

    Python's own advice (the :mod:`signal` module's note on ``SIGPIPE``): what the stream
    still holds is then flushed to nowhere at exit, instead of failing again there.
    Streams without a file descriptor (a test's capture) are left as they are.
    """
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        for stream in streams:
            try:
                os.dup2(null, stream.fileno())
            except (OSError, ValueError):  # io.UnsupportedOperation is both
                continue
    finally:
        os.close(null)


def interrupted() -> int:
    """Say ``Interrupted.`` on standard error (if it still takes it); the status 130."""
    with contextlib.suppress(OSError):  # standard error closed too: nothing to say it on
        print(INTERRUPTED, file=sys.stderr, flush=True)
    return EXIT_INTERRUPTED


def broken_pipe() -> int:
    """Stop writing after the reader went away: the status 141."""
    silence(sys.stdout, sys.stderr)
    return EXIT_BROKEN_PIPE
