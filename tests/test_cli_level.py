"""``python -m frenchtarot play --level N``: the other seats' difficulty level."""

from __future__ import annotations

import io

import pytest

from frenchtarot._cli.terminal import main_play


def run(args: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main_play(args, stdin=io.StringIO("1\n" * 120), stdout=out)
    return code, out.getvalue()


def test_level_1_plays_random_opponents_seeded_by_the_deal() -> None:
    code, out = run(["--seed", "5", "--level", "1"])
    assert code == 0 and "\nScore: " in out
    assert "--seed 5 --seat 0 --dealer 0 --level 1\n" in out  # the replay line keeps it
    assert run(["--seed", "5", "--level", "1"])[1] == out  # the same opponents again
    simple = run(["--seed", "5"])[1]
    assert "--level" not in simple  # level 2 is the default
    assert simple != out
    assert run(["--seed", "5", "--level", "2"])[1] == simple


@pytest.mark.parametrize("level", ["0", "6", "two"])
def test_a_bad_level_is_refused(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main_play(["--level", level], stdin=io.StringIO(""), stdout=io.StringIO())
    assert done.value.code == 2
    assert "the level must be" in capsys.readouterr().err
