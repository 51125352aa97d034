"""Games with their own matching rule, on scripted deals of their bundled rule files: Matador
(rules/matador.yaml)."""

from __future__ import annotations

from engine_helpers import legal, of_type, play, scores_in, start


def test_matador_touching_halves_make_seven_and_matadors_play_anywhere() -> None:
    """Wikipedia (https://en.wikipedia.org/wiki/Matador_(domino_game)): players connect "one causing the
    two connecting ends to have a total of seven pips" / "Blanks are closed to play for any domino other
    than a 'matador'" / "A player can also place a 'matador' at any time without any regard to the
    numbers at either end"; the older article: "A player may also draw a bone even when holding a
    playable bone" / "two bones must remain in the boneyard" / the lightest hand of a block scores "the
    number of the combined hands"."""
    m = start("matador", "6-0 2-2 6-1 3-3", "1-0 5-5 4-2 1-1", boneyard="6-6 0-3 4-4", starter=0)
    play(m, "lead 6-0")
    # 1 + 6 = 7 on arm 1; nothing but a matador goes on the blank; drawing is allowed while able to play.
    assert legal(m) == ["1-0 on arm 1", "1-1 on arm 1", "draw"]
    play(m, "1-0 on arm 1")
    # Both ends blank: only the matador 6-1, either way round, on either end.
    assert legal(m) == ["1-6 on arm 0", "6-1 on arm 0", "1-6 on arm 1", "6-1 on arm 1", "draw"]
    play(m, "1-6 on arm 0")
    assert legal(m) == ["1-1 on arm 0", "draw"]
    play(m, "1-1 on arm 0")
    assert legal(m) == ["draw"]  # 2-2 and 3-3 do not make 7 with 1 or 0
    play(m, "draw")
    assert legal(m) == ["6-6 on arm 0"]  # drawn and playable: it must be played
    play(m, "6-6 on arm 0")
    assert legal(m) == ["pass"] and m.boneyard == ((0, 3), (4, 4))  # only the two reserved tiles are left
    events = play(m, "pass", "pass")
    end = of_type(events, "round_end")[0]
    assert (end["reason"], end["pips"]) == ("blocked", [10, 16])
    assert scores_in(events) == [(0, 26, "blocked")]  # 16 + 10
