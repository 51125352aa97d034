"""Points scored the moment a trick is taken (issue 29, M17: `tricks.trick_scores`): Bingo's game
point for the double-blank caught with the double of trumps, Tien Gow's payments to the Gee Joon
and to a quartet, on scripted deals with their exact outcome."""

from __future__ import annotations

from engine_helpers import TIEN_GOW_DEAL, TIEN_GOW_GEE_JOON, TIEN_GOW_QUARTET, house, play, problem_messages, rules

from interpreter.engine import Match, deal

# Bingo: the turned-up tile is the boneyard's last, 3-5: fives are trumps. Seat 0 leads; seat 1
# holds the double-blank, which takes any trick.
BOARD = "0-1 0-2 0-4 0-5 0-6 1-1 1-4 1-5 2-2 2-4 2-5 3-4 4-4 3-5"
BINGO = deal("5-5 4-5 1-2 1-3 2-3 0-3 6-6", "0-0 5-6 4-6 3-6 2-6 1-6 3-3", boneyard=BOARD, starter=0)


def test_bingo_the_double_blank_caught_with_the_trump_double_scores_a_game_point_at_once() -> None:
    match = Match(rules("bingo"), 2, deals=[BINGO])
    events = play(match, "play 5-5", "play 0-0")
    scored = [(e["type"], e.get("side"), e.get("points"), e.get("reason")) for e in events if e["type"] != "action"]
    assert scored[:2] == [("trick", 1, 42, None), ("score", 1, 1, "trick")]  # right after the trick
    assert match.scores == (0, 1) and match.round == 1


def test_bingo_no_game_point_when_blanks_are_trumps() -> None:
    blanks = deal(
        "5-5 4-5 1-2 1-3 2-3 0-3 6-6", "0-0 5-6 4-6 3-6 2-6 1-6 3-3",
        boneyard=BOARD.replace("3-5", "0-7").replace("0-4", "3-5").replace("0-7", "0-4"), starter=0,
    )  # fmt: skip
    match = Match(rules("bingo"), 2, deals=[blanks])
    assert match.trick_view.declaration == 0  # 0-4 turned: the 0-0 is the double of trumps itself
    play(match, "play 5-5", "play 0-0")
    assert match.events_of("score") == [] and match.scores == (0, 0)


def test_tien_gow_the_gee_joon_and_a_quartet_collect_from_each_other_player_at_once() -> None:
    match = Match(rules("tien-gow"), 4, deals=[TIEN_GOW_DEAL])
    play(match, *TIEN_GOW_GEE_JOON)
    assert match.scores == (12, -4, -4, -4)  # the Gee Joon: 2 from each, doubled for the banker (seat 0)
    play(match, *TIEN_GOW_QUARTET)
    assert match.scores == (36, -12, -12, -12)  # the quartet: 4 from each, doubled
    reasons = [(e["side"], e["points"]) for e in match.events_of("score") if e["reason"] == "trick"]
    assert reasons == [(1, -4), (2, -4), (3, -4), (0, 12), (1, -8), (2, -8), (3, -8), (0, 24)]


def test_trick_scores_name_tiles_and_plays_the_file_has() -> None:
    text = (
        "extends: bingo\ntricks:\n  trick_scores:\n    - {played: [0-7], points: 1}\n"
        "    - {kind: pair, points: 1}\n    - {played: [0-0], kind: pair, points: 1}\n"
    )
    assert problem_messages(text) == [
        "tricks.trick_scores[0].played[0]: 0-7 is not a tile of the set",
        "tricks.trick_scores[1].kind: names a combination kind of tricks.combinations, and this game has none",
        "tricks.trick_scores[2]: say when it scores: played (tiles played to it), or the combination or kind "
        "that took it",
    ]
    none = "extends: tien-gow\ntricks: {trick_scores: [{played: [trump_double], points: 1}]}\n"
    assert problem_messages(none) == [
        "tricks.trick_scores[0].played[0]: this game never has trumps, so there is no double of trumps; leave it out"
    ]
    assert house("extends: bingo\ntricks: {trick_scores: null}\n").tricks.trick_scores == ()


def test_explain_says_the_scores_of_a_trick() -> None:
    from interpreter.rulefile.explain import differences, explain

    text = " ".join(explain(rules("bingo")).split())
    assert (
        "As soon as a trick is taken, straight into the score: when 0-0 and the double of trumps are played to "
        "one trick, the player who takes it scores 1." in text
    )
    changed = differences(house("extends: tien-gow\ntricks: {trick_scores: null}\n"), rules("tien-gow"))
    assert changed == [
        "The points scored as a trick is taken changes.\n    tien-gow: when the Gee Joon takes a trick, the player "
        "who takes it collects 2 from each other player; when any quartet takes a trick, the player who takes it "
        "collects 4 from each other player\n    house: none"
    ]
