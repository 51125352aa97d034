"""`domino explain`: every variant's rules in English, and the differences between two variants."""

from __future__ import annotations

import re

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.resources import bundled_variants, rules_dir
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.explain_common import left_out
from interpreter.rulefile.loader import load_ruleset, load_ruleset_text
from interpreter.rulefile.ruleset import Family, Ruleset
from tests.clirunner import domino


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_every_bundled_variant_is_explained_with_its_key_facts(variant):
    result = domino("explain", variant)
    assert result.status is ExitStatus.OK, result.stderr
    text = " ".join(result.stdout.split())  # as read, whatever the line breaks
    ruleset = load_ruleset(variant)
    assert ruleset.title in text
    own_facts = {
        Family.TRICKS: _trick_key_facts,
        Family.COUNTING: _counting_key_facts,
        Family.TABLEAU: _tableau_key_facts,
        Family.DRAW_DISCARD: _draw_discard_key_facts,
        Family.PARTITION: _partition_key_facts,
    }
    if ruleset.family in own_facts:  # a family with a rulebook of its own (the rest: a layout game's)
        own_facts[ruleset.family](ruleset, text)
        return
    if ruleset.family is Family.PARTITION:
        _partition_key_facts(ruleset, text)
        return
    for heading in ("The set", "Players and hands", "Starting a round", "The layout", "Playing", "Winning"):
        assert heading in text
    _set_facts(ruleset, text)
    for size in set(ruleset.deal.hand_sizes.values()):
        assert f"{size} tiles" in text or f"{size} with" in text
    if ruleset.match.target is not None:
        assert f"{ruleset.match.target} points" in text
    if ruleset.match.rounds:
        rounds = ruleset.match.rounds[ruleset.players.min]
        assert f"{rounds} {'round' if rounds == 1 else 'rounds'}" in text
    assert ("Scoring during play" in text) == (ruleset.in_play is not None or ruleset.on_pass is not None)


def _counting_key_facts(ruleset: Ruleset, text: str) -> None:
    """A counting game's rulebook: its sections, the deal, the crib, the limit, the pegging and the show."""
    rules = ruleset.counting
    assert rules is not None
    for heading in ("The set", "Players and hands", "Dealing", "The play", "The show", "Winning"):
        assert heading in text
    _set_facts(ruleset, text)
    for size in set(ruleset.deal.hand_sizes.values()):
        assert f"{size} tiles" in text
    assert f"lays {rules.crib_from_each} of his tiles face down into the crib" in text
    assert f"may not pass {rules.limit}" in text
    for total, points in rules.totals:
        assert f"brings the total to {total} scores {points}" in text
    assert f"{ruleset.match.target} points" in text


def _set_facts(ruleset: Ruleset, text: str) -> None:
    named = ruleset.tricks is not None and ruleset.tricks.named
    if named or (ruleset.tiles and not left_out(ruleset)):  # the set as set.tiles lists it (copies)
        assert f"A set of {ruleset.set_size} tiles: " in text
    elif ruleset.tiles:  # tiles left out of the set (set.without)
        assert f"A double-{ruleset.max_pip} set without " in text and f": {ruleset.set_size} tiles." in text
    else:
        assert f"double-{ruleset.max_pip} set: {ruleset.set_size} tiles" in text


def _tableau_key_facts(ruleset: Ruleset, text: str) -> None:
    """A patience: its set, how its tiles are laid out, what a removal makes, how it is won."""
    rules = ruleset.tableau
    assert rules is not None
    for heading in ("The set", "The deal", "Play", "Won or lost"):
        assert heading in text
    _set_facts(ruleset, text)
    line, columns = f"{rules.columns} are laid face up in a line", f"{rules.columns} columns of {rules.depth}"
    assert (line if rules.depth == 1 else columns) in text
    assert f"whose pips make {rules.total} together" in text
    assert ("as spares" in text) == bool(rules.spares)


def _draw_discard_key_facts(ruleset: Ruleset, text: str) -> None:
    rules = ruleset.draw_discard
    assert rules is not None
    for heading in ("The set", "Players and hands", "Starting a hand", "A turn", "Groups", "Going out", "Winning"):
        assert heading in text
    _set_facts(ruleset, text)
    for size in set(ruleset.deal.hand_sizes.values()):
        assert f"{size} tiles" in text
    for kind in rules.groups:
        assert f"{kind.name}: " in text
    assert "safety bound" in text  # the turn limit that ends every hand


def _partition_key_facts(ruleset: Ruleset, text: str) -> None:
    rules = ruleset.partition
    assert rules is not None
    for heading in ("The set", "Players and hands", "The bank", "Splitting the hand", "Ranking", "The showdown"):
        assert heading in text
    _set_facts(ruleset, text)
    assert f"splits his {rules.hand_size} tiles" in text
    for group in rules.groups:
        assert f"{group.name} of {group.size}" in text
    for entry in rules.ranking:
        assert f"{entry.name}: " in text
    assert f"The match is {ruleset.match.rounds[ruleset.players.min]}" in text  # type: ignore[index]


def _trick_key_facts(ruleset: Ruleset, text: str) -> None:
    tricks = ruleset.tricks
    assert tricks is not None
    _set_facts(ruleset, text)
    for size in set(ruleset.deal.hand_sizes.values()):
        assert f"{size} tiles" in text or f"{size} with" in text
    if tricks.bidding is not None and tricks.bidding.over_turn_up:  # its one bid: the mark to make
        assert f"must then take at least {tricks.bidding.min} point" in text
    elif tricks.bidding is not None:
        assert f"from {tricks.bidding.min} to {tricks.bidding.max}" in text
        for special in tricks.bidding.special:
            assert special.name in text
    if tricks.must_follow:
        assert "must follow" in text
    if ruleset.match.target is not None:
        assert f"{ruleset.match.target} or more" in text


def test_expressions_are_read_in_words():
    text = " ".join(domino("explain", "straight").stdout.split())
    assert "the sum of the open ends is a multiple of 5" in text
    assert "rounded to the nearest multiple of 5" in text
    assert "end_sum" not in text


def test_diff_says_the_target_changed():
    result = domino("explain", "draw-50", "--diff", "draw")
    assert result.status is ExitStatus.OK
    assert "The target changes from 100 to 50." in result.stdout
    assert len([line for line in result.stdout.splitlines() if line.startswith("- ")]) == 1


def test_diff_of_a_variant_with_itself_and_of_two_games():
    assert "plays exactly like" in domino("explain", "draw", "--diff", "draw").stdout
    changes = " ".join(domino("explain", "straight", "--diff", "draw").stdout.split())  # as read
    assert "Adds scoring during play" in changes
    assert "Drawing changes from draw one (the turn then passes) to draw until a tile fits." in changes


def test_a_house_rule_file_is_explained(tmp_path):
    (tmp_path / "house.yaml").write_text("name: house\nextends: straight\nmatch: {target: 150}\n")
    assert "150 points or more" in domino("explain", "house.yaml", cwd=tmp_path).stdout
    diff = domino("explain", "house.yaml", "--diff", "straight", cwd=tmp_path).stdout
    assert "The target changes from 250 to 150." in diff


def test_an_unknown_variant_is_an_error():
    result = domino("explain", "drawww")
    assert result.status is ExitStatus.FAILURE
    assert "did you mean 'draw'" in result.stderr


def _diff(tmp_path, house: str, base: str) -> list[str]:
    (tmp_path / "house.yaml").write_text(house)
    result = domino("explain", "house.yaml", "--diff", base, cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    # Each change is an item, "- " then its text, its lines after the first indented under it.
    return [" ".join(item.split()) for item in re.split(r"\n(?=- )", result.stdout) if item.startswith("- ")]


@pytest.mark.parametrize("base", ["straight", "draw"])
def test_narrowing_the_players_changes_no_hand_size(tmp_path, base):
    # draw deals 7 with 2 players and 5 with 3 or 4: with 2 players only, the hand size is what it was.
    changes = _diff(tmp_path, f"name: house\nextends: {base}\nplayers: {{min: 2, max: 2}}\n", base)
    assert changes == ["- The maximum number of players changes from 4 to 2."]


def test_a_hand_size_diff_names_only_the_counts_that_changed(tmp_path):
    house = 'name: house\nextends: draw\nplayers: {min: 2, max: 3}\ndeal: {hand_size: {"2": 7, "3": 6}}\n'
    changes = _diff(tmp_path, house, "draw")
    assert "- The hand size with 3 players changes from 5 tiles to 6 tiles." in changes
    assert not [line for line in changes if "with 2 players" in line or "with 4" in line]


def test_team_games_are_explained_with_team_scores():
    text = " ".join(domino("explain", "straight-partners").stdout.split())
    assert "the moment a team has 250 points or more" in text
    assert "a player has" not in text
    assert "the team of the player who laid it scores" in text
    assert "the team of the player who went out scores" in text
    assert "player or team" not in text  # partners play in every game of this variant


def test_the_in_play_score_is_the_teams_score_in_a_team_game(tmp_path):
    house = (
        "name: house\nextends: straight-partners\n"
        'scoring: {in_play: {when: "score < 200 and end_sum % 5 == 0", points: end_sum}}\n'
    )
    (tmp_path / "house.yaml").write_text(house)
    text = " ".join(domino("explain", "house.yaml", cwd=tmp_path).stdout.split())
    assert "the team's score before the tile is less than 200" in text
    assert "player's score" not in text


def test_teams_at_some_player_counts_are_called_sides(tmp_path):
    (tmp_path / "house.yaml").write_text(
        'name: house\nextends: straight\nplayers: {teams: opposite, teams_when: "players == 4"}\n'
    )
    text = " ".join(domino("explain", "house.yaml", cwd=tmp_path).stdout.split())
    assert "(with 4 players)" in text and "a side is a team" in text
    assert "the moment a side has 250 points or more" in text
    assert "a player has" not in text


# --- the format's newer mechanisms, each said in words (loaded, never played) -------------------


def house(text: str) -> Ruleset:
    return load_ruleset_text("name: house\n" + text, "house.yaml", rules_dir())


def said(ruleset: Ruleset) -> str:
    return " ".join(explain(ruleset).split())  # as read, whatever the line breaks


def changes(text: str, base: str) -> list[str]:
    return [" ".join(entry.split()) for entry in differences(house(text), load_ruleset(base))]


SEBASTOPOL_LIKE = """extends: draw
layout: {spinners: lead_double, spinner_arms: 4}
play: {allowed: "lead_arms_started == lead_arms or (from_lead and arm_tiles == 0)"}
"""


def test_play_allowed_is_said_as_a_condition_in_words():
    text = said(house(SEBASTOPOL_LIKE))
    assert (
        "A play is allowed only when: the number of arms of the lead that carry a tile equals the number of arms "
        "of the lead or (that arm grows from the lead and there are no tiles already on that arm)."
    ) in text
    assert "lead_arms" not in text and "arm_tiles" not in text
    assert "A play is allowed only when" not in said(load_ruleset("draw"))
    found = changes(SEBASTOPOL_LIKE, "draw")
    assert "Which plays are allowed changes. draw: every play that fits house: the number of arms" in " ".join(found)


def test_play_allowed_on_a_hub_reads_the_engine_and_its_trains():
    text = said(house('extends: mexican-train\nplay: {allowed: "not shared_train or own_train or laid > 3"}\n'))
    assert (
        "A play is allowed only when: that arm is not a shared train or that arm is the player's own train or "
        "the number of tiles laid after the engine is more than 3."
    ) in text


def test_lead_demand_of_the_lead_double_and_of_the_engine():
    line = said(house("extends: draw\nlayout: {spinners: lead_double, spinner_arms: 4, lead_demand: 4}\n"))
    assert (
        "A double led as the first tile must take 4 tiles, one on each of 4 of its arms, before play goes anywhere "
        "else."
    ) in line
    trains = "layout: {personal_trains: false, shared_trains: 3, lead_demand: 3}\ndraw: {when_unable: pass}\n"
    hub = said(house(f"extends: mexican-train\n{trains}"))
    assert "The engine must take 3 tiles, one on each of 3 of its trains, before play goes anywhere else." in hub
    ends = said(house("extends: block\nlayout: {lead_demand: 1}\n"))
    assert "A double led as the first tile must take a tile on one of its ends before play goes anywhere else." in ends
    assert changes("extends: draw\nlayout: {lead_demand: 2}\n", "draw") == [
        "The number of tiles the lead double or the engine demands changes from 0 to 2."
    ]


def test_double_demand_says_what_each_double_demands_as_the_engine_plays_it():
    # every_double: every double played onto an open end is a spinner and demands N of its free arms.
    every = said(house("extends: draw\nlayout: {spinners: every_double, spinner_arms: 4, double_demand: 2}\n"))
    assert (
        "A double played onto an open end must be answered with 2 tiles, one on each of 2 of its 3 free arms, "
        "before play goes anywhere else."
    ) in every
    # first_double: only the first double is a spinner (N); a later one has one free arm (1).
    first = said(house("extends: draw\nlayout: {spinners: first_double, spinner_arms: 4, double_demand: 3}\n"))
    assert (
        "When the first double is played onto an open end (it was not led), it must be answered with 3 tiles, one "
        "on each of its 3 free arms, before play goes anywhere else; every later double has one free arm and must "
        "be answered with a tile on it first."
    ) in first
    # A double that is no spinner demands the one tile its single free arm takes.
    plain = said(house("extends: block\nlayout: {double_demand: 1, demand_starts: next_turn}\n"))
    assert (
        "A double played onto an open end must be answered with a tile on it before play goes anywhere else; the "
        "player who laid it may first play elsewhere."
    ) in plain
    assert "demands" not in plain and "tiles on it" not in plain


def test_a_target_by_player_count_is_said_per_count():
    text = 'extends: draw\nmatch: {target: {"2": 15, "3-4": 10}}\n'
    assert (
        "a player has 15 points or more with 2 players, 10 points or more with 3 or 4 players; the highest total wins."
    ) in said(house(text))
    assert changes(text, "draw") == ["The target changes. draw: 100 house: 15 with 2 players, 10 with 3 or 4 players"]
    three = house(text).for_players(3)
    assert "10 points or more" in said(three) and "15" not in said(three)


def test_the_set_and_the_reserve_by_player_count():
    text = (
        'extends: draw\nset: {max_pip: "if players > 2 then 9 else 6"}\n'
        'deal: {hand_size: 5, reserve: {"2": 2, "3-4": 4}}\n'
    )
    found = said(house(text))
    assert (
        "A double-6 set: 28 tiles, from [0|0] to [6|6], with 2 players; a double-9 set: 55 tiles, from [0|0] to "
        "[9|9], with 3 or 4 players."
    ) in found
    assert "The last tiles of the boneyard are never drawn: 2 with 2 players, 4 with 3 or 4 players." in found
    diff = changes(text, "draw")
    assert "The set with 3 or 4 players changes from double-6 to double-9." in diff
    assert "The number of boneyard tiles never drawn changes from 0 to 2 with 2 players, 4 with 3 or 4 players." in diff


def test_shared_trains_and_the_engine_by_player_count():
    text = (
        'extends: mexican-train\nset: {max_pip: {"2-4": 9, "5-8": 12}}\ndeal: {hand_size: 5}\n'
        'layout: {engine: max_pip, shared_trains: {"2": 1, "3-8": 2}}\n'
    )
    found = said(house(text))
    assert "Shared trains, which anyone may start or extend: 1 with 2 players, 2 with 3 to 8 players." in found
    assert "The engine double ([9|9] with 2 to 4 players, [12|12] with 5 to 8 players) sits in the centre" in found
    assert "The number of shared trains with 3 to 8 players changes from 1 to 2." in changes(text, "mexican-train")


def test_a_specialised_ruleset_is_no_difference():
    text = 'extends: draw\nmatch: {target: {"2": 15, "3-4": 10}}\n'
    a, b = house(text), house(text)
    a.for_players(3)  # fills a's cache of per-count rulesets
    assert differences(a, b) == []


def test_in_play_names_about_each_end_and_the_tile_laid():
    text = (
        'extends: draw\nscoring:\n  in_play: {when: "open_ends == 2 and same_ends == 2 and not laid_is_double", '
        'points: "if double_ends > 0 then laid_high + laid_low else sum(end_values)"}\n'
    )
    found = said(house(text))
    assert (
        "when the number of open ends equals 2 and the largest number of open ends that show the same number "
        "equals 2 and the tile just laid is not a double, the player who laid it scores the higher half of the "
        "tile just laid + the lower half of the tile just laid if the number of open ends where a double lies is "
        "more than 0, otherwise the sum of the numbers the open ends show."
    ) in found
    for name in ("open_ends", "same_ends", "laid_", "double_ends", "end_values"):
        assert name not in found


def test_a_voluntary_draw_is_said_and_never_a_pass():
    text = "extends: draw\ndraw: {voluntary: true}\n"
    assert (
        "A player who can play may draw instead, while the boneyard has tiles to draw, and the draw goes on as for "
        "a player who cannot play; nobody may pass while able to play."
    ) in said(house(text))
    assert "may draw instead" not in said(load_ruleset("draw"))
    assert changes(text, "draw") == ["Drawing instead of playing changes from not allowed to allowed."]


def test_may_play_again_after_a_double():
    found = said(house("extends: draw\nplay: {again_after_double: may}\n"))
    assert "A player who lays a double may play again, or stop and let the turn pass." in found
    assert "A player who lays a double plays again." not in found
    assert changes("extends: draw\nplay: {again_after_double: may}\n", "draw") == [
        "Another play after a double changes from no to yes, or the player may stop."
    ]
    may = house("extends: draw\nplay: {again_after_double: may}\n")
    must = house("extends: draw\nplay: {again_after_double: true}\n")
    assert differences(may, must) == [
        "Another play after a double changes from yes, always to yes, or the player may stop."
    ]


def test_a_ranked_scorer_and_the_round_end_names():
    text = (
        "extends: block\nmatch: {target: 61}\nscoring:\n"
        '  blocked: {scorer: {lowest: "pips + 1000 * min(doubles, 1)"}, points: "opp_pips + opp_doubles"}\n'
        '  domino: {scorer: {highest: tiles}, points: "if went_out and score + opp_pips > 61 then 0 else opp_pips"}\n'
    )
    found = said(house(text))
    assert (
        "When the round is blocked, the player with the lowest value of the pips left in their own hand + 1000 × "
        "(the smaller of the number of doubles left in their own hand and 1) scores the pips left in the opponents' "
        "hands + the number of doubles left in the opponents' hands (a tie scores nobody)."
    ) in found
    assert (
        "When a player goes out, the player with the most tiles left in their own hand scores 0 if the player "
        "went out and the player's score before this round's points + the pips left in the opponents' hands is "
        "more than 61, otherwise the pips left in the opponents' hands (a tie scores nobody)."
    ) in found
    diff = " | ".join(changes(text, "block"))
    assert (
        "Who scores a blocked round changes. block: the lowest pip total house: the player with the lowest value"
    ) in diff
    assert (
        "Who scores when a player goes out changes. block: the player who went out house: the player with the most "
        "tiles"
    ) in diff
    flipped = text.replace("{lowest:", "{highest:")
    assert [e for e in changes(flipped, "block") if e.startswith("Who scores a blocked")] != []
    assert differences(house(flipped), house(text))[0].startswith("Who scores a blocked round changes.")


BLOCKER = """extends: straight-partners
match: {target: 1000}
scoring: {in_play: null}
start: {later_rounds: [last_player_if_won, previous_starter_after_tie, winning_side_next, previous_out, next_seat]}
"""


def test_the_start_criteria_that_read_the_previous_round():
    found = said(house(BLOCKER))
    assert (
        "Later rounds are started: if the team of the player who laid the previous round's last tile won that "
        "round, by that player, who leads any tile; failing that, if nobody won the previous round (it was blocked, "
        "and no one side scored), by its starter again, who leads any tile; failing that, by the first player "
        "after the previous round's starter, in the order of play, of the team that won that round, who leads "
        "any tile; failing that, by the player who went out in the previous round (nobody, after a blocked round), "
        "who leads any tile; failing that, by the player after the previous round's starter, who leads any tile."
    ) in found
    alone = said(house("extends: draw\nstart: {later_rounds: [last_player_if_won, winning_side_next]}\n"))
    assert "if the player who laid the previous round's last tile won that round, by that player" in alone
    assert "by the player who won the previous round" in alone
    diff = " ".join(changes(BLOCKER, "straight-partners"))
    assert "Who starts later rounds changes." in diff and "if the team of the player who laid" in diff
    choice = said(house("extends: straight-partners\nstart: {later_rounds: [winning_side_choice, next_seat]}\n"))
    assert (
        "Later rounds are started by the winner of the previous round, or the next player of their team if the "
        "winner passes the lead on (the team's choice), who leads any tile"
    ) in choice


DEALT_ENGINE = "extends: mexican-train\nlayout: {engine_dealt: true, engine: max_pip}\n"


def test_a_dealt_engine_and_what_happens_when_nobody_holds_it():
    found = said(house(DEALT_ENGINE))
    assert (
        "The engine double [12|12] is dealt like any other tile in every round; its holder starts the round by "
        "laying it in the centre. When nobody holds it, the players draw from the boneyard in turn, from the "
        "player chosen to start on, until one draws it and lays it."
    ) in found
    assert "But the holder of the engine always starts, by laying it" in found
    assert "sits in the centre" not in found
    redeal = said(house(DEALT_ENGINE.replace("}", ", engine_missing: redeal}")))
    assert "When nobody holds it, the tiles are shuffled and dealt again." in redeal
    diff = changes(DEALT_ENGINE.replace("}", ", engine_missing: redeal}"), "mexican-train")
    assert "The engine double changes from set aside before the deal to dealt like any tile." in diff
    assert (
        "What happens when nobody holds the engine changes. mexican-train: the players draw in turn until one holds "
        "it house: the tiles are dealt again"
    ) in diff


def test_partnerships_chosen_when_a_match_starts():
    text = "extends: straight\nplayers: {teams: opposite, teams_optional: true, teams_when: players == 4}\n"
    found = said(house(text))
    assert (
        "A match with 4 players may be played with or without partnerships (partners sit opposite each other and "
        "score as a team), as chosen when it starts; unless chosen otherwise, it is played in partnerships."
    ) in found
    assert "the side of the player who went out scores" in found  # a team, or a player alone
    alone = said(house(text.replace("teams: opposite, ", "")))
    assert "unless chosen otherwise, it is played without partnerships" in alone
    assert "Choosing partnerships when a match starts changes from no to yes." in changes(text, "straight")


def test_tags_and_the_rules_a_file_cannot_play_end_the_explanation():
    text = (
        "extends: draw\ntags: [draw, block]\n"
        'not_expressible: ["The loser shuffles the tiles for the next hand.", "Players may not speak."]\n'
    )
    out = explain(house(text))
    assert "Families: draw, block." in out
    tail = out.split("\nNot played by this file\n")
    assert len(tail) == 2 and "Winning" in tail[0] and "Winning" not in tail[1]
    listed = ["- The loser shuffles the tiles for the next hand.", "- Players may not speak."]
    assert tail[1].splitlines()[-2:] == listed
    assert "Not played by this file" not in explain(load_ruleset("draw"))
    assert "Family: draw." in explain(load_ruleset("draw"))
    diff = changes(text, "draw")
    assert "The list of families: adds block." in diff
    assert (
        "The list of the source's rules this file does not play: adds The loser shuffles the tiles for the next "
        "hand. Players may not speak."
    ) in diff


def test_explain_diff_lists_a_new_mechanism_in_words(tmp_path):
    house_text = (
        "name: house\nextends: draw\nlayout: {spinners: lead_double, lead_demand: 4}\ndraw: {voluntary: true}\n"
    )
    changes_said = _diff(tmp_path, house_text, "draw")
    assert "- The number of tiles the lead double or the engine demands changes from 0 to 4." in changes_said
    assert "- Drawing instead of playing changes from not allowed to allowed." in changes_said


# --- trick games: a listed set, a stock, calls and the newer trick keys --------------------------

PLAIN_TRICKS = """family: tricks
set: {max_pip: 6}
players: {min: 2, max: 2}
deal: {hand_size: 7}
start: {first_round: [random], later_rounds: [next_seat]}
scoring: {hand: tricks}
match: {target: 7}
"""

BINGO_LIKE = (
    PLAIN_TRICKS
    + """stock: {turn_up: true, draw: true, close: true, free_while_open: true}
tricks:
  must_trump: true
  top: [0-0]
  pip_order: [1, 2, 3, 4, 5, 6, 0]
  last_trick: 10
  count: "if is_double and is_trump then 20 else 0"
  stop_when: "points >= 70"
"""
)


def test_a_stock_turned_up_drawn_from_and_closed_reads_as_a_rulebook():
    text = said(house(BINGO_LIKE))
    assert "The tiles not dealt form the stock, face down." in text
    assert (
        "Blanks rank as sevens: the numbers rank 1, 2, 3, 4, 5, 6, 0, from the lowest; this decides a tile's higher "
        "end and its place in a suit." in text
    )
    assert (
        "After the deal a tile of the stock is turned up: its higher end in that order is trumps (a double: its own "
        "number); it is the last tile drawn." in text
    )
    assert "The 0-0 takes any trick it is played to, even over trumps." in text
    assert "While the stock is neither empty nor closed, you may play any tile; the rules below apply after." in text
    assert "A player who cannot follow must play a trump (or the 0-0) if they hold one." in text
    assert "Within a suit a tile ranks by its other number, in the order of the numbers above." in text
    assert "After each trick its winner, then the others in turn, draw a tile from the stock while it lasts." in text
    assert (
        "A player about to lead who has taken a trick this hand may close the stock instead of leading at once: "
        "nobody draws again, and the last trick earns no bonus this hand." in text
    )
    assert "The last trick counts 10 more (not in a hand whose stock was closed)." in text
    assert (
        "After each trick, if for a player the points the player took is at least 70, the hand stops at once: that "
        "player claims it." in text
    )
    # A count that reads the trumps is said as its formula: what a tile counts depends on the hand.
    assert "a tile counts 20 if the tile is a double and the tile is a trump, otherwise 0; each trick 1." in text
    assert "A hand holds" not in text and "points >= 70" not in text
    turned_up = BINGO_LIKE.replace("turn_up: true, draw: true, close: true, free_while_open: true", "turn_up: true")
    left = said(house(turned_up.replace("must_trump: true", "must_trump: false")))
    assert "it stays face up, out of play." in left
    assert "The tiles not dealt form the stock: all but the tile turned up stay face down; nobody draws them." in left


LOO_LIKE = PLAIN_TRICKS.replace("max: 2}", "max: 5}").replace("hand_size: 7", "hand_size: 5")
LOO_LIKE += """stock: {turn_up: true}
calls: {drop: [4, 5], exchange: {"3": 5, "4": 6}}
tricks:
  must_trump: true
  must_beat: true
  lead_trump: "trumps >= 2 or won_last"
  led_suit: leader_names
"""


def test_calls_a_trump_lead_and_a_suit_the_leader_names_read_as_a_rulebook():
    text = said(house(LOO_LIKE.replace("min: 2", "min: 3")))
    assert (
        "Before the first lead each player in turn, from the starter, looks at their hand and may keep it, drop out "
        "or exchange it. A player who drops out (with 4 or 5 players only) lays their hand down and sits the hand "
        "out. If all players but one drop out, the hand is not played: it is a walkover for the one left. A player "
        "who exchanges (with 3 or 4 players only) lays their hand face down out of play, draws from the stock (5 "
        "tiles with 3 players, 6 with 4 players) and discards down to 5 tiles; they may only while the stock holds "
        "that many." in text
    )
    assert (
        "A leader who holds a trump must lead one when the number of trumps the leader holds is at least 2 or the "
        "leader took the last trick." in text
    )
    assert "the leader says which end of the tile they lead is its suit" in text
    assert "A player who cannot follow must play a trump if they hold one." in text
    assert (
        "Of the tiles they may play, a player must play one that would take the trick as it stands, if they have one."
        in text
    )
    assert "trumps >= 2" not in text and "won_last" not in text


def test_a_listed_set_and_its_named_suits_read_as_a_rulebook():
    text = said(load_ruleset(rules_dir().parent / "tests" / "examples" / "chinese-set.yaml"))
    assert (
        "A set of 32 tiles: two each of 6-6 (Heaven), 1-1 (Earth), 4-4 (Man), 1-3 (Goose), 5-5 (Flower), 3-3 (Long), "
        "2-2 (Board), 5-6 (Hatchet), 4-6 (Partition), 1-6 (Long Leg Seven), 1-5 (Big Head Six); one each of 3-6 "
        "(Nine), 4-5 (Nine), 2-6 (Eight), 3-5 (Eight), 2-5 (Seven), 3-4 (Seven), 2-4 (Six), 1-4 (Five), 2-3 (Five), "
        "1-2 (Three)." in text
    )
    assert "There are no trumps." in text and "A double is the" not in text
    assert "nobody has to follow the suit led (a led tile's suit is its own in the set: civil or military)" in text
    assert "The highest-ranked tile of the suit led wins the trick; among equal tiles, the first played." in text
    assert (
        "Within a suit the tiles rank as the set gives them, highest first: civil: 6-6 (Heaven), then 1-1 (Earth), "
        "then 4-4 (Man)" in text
    )
    assert "military: 3-6 (Nine) or 4-5 (Nine), then 2-6 (Eight) or 3-5 (Eight)" in text
    # Tiles listed without a name, twice over, or with suits that are only shown.
    listed = "set: {tiles: [{tile: 6-6, copies: 8}, {tile: 5-5, copies: 8, suit: fives, rank: 2}]}"
    shown = said(house(PLAIN_TRICKS.replace("set: {max_pip: 6}", listed) + "tricks: {}\n"))
    assert "A set of 16 tiles: eight each of 6-6, 5-5 (fives, rank 2)." in shown


def test_explain_diff_says_each_new_trick_key_in_words():
    found = changes(BINGO_LIKE, "texas-42")
    for line in (
        "Turning up a tile of the stock for trumps changes from no to yes.",
        "Drawing from the stock after each trick changes from no to yes.",
        "Closing the stock changes from no to yes.",
        "Playing any tile while the stock is open changes from no to yes.",
        "Trumping when unable to follow changes from not required to compulsory.",
        "Which tiles take any trick changes from none to 0-0.",
        "The order of the numbers changes from the usual order (0 lowest) to 1, 2, 3, 4, 5, 6, 0, from the lowest.",
    ):
        assert line in found, found
    assert (
        "When a side's claim stops the hand changes. texas-42: none, every trick is played house: the points the "
        "player took is at least 70" in found
    )
    loo = [" ".join(entry.split()) for entry in differences(house(LOO_LIKE), house(BINGO_LIKE))]
    for line in (
        "Beating the trick when able changes from not required to compulsory.",
        "The suit a tile led calls for changes from its higher end to the end the leader names.",
        "Dropping out of a hand changes from no to with 4 or 5 players.",
        "Exchanging a hand changes. house: no house: 5 tiles drawn with 3 players, 6 tiles drawn with 4 players",
    ):
        assert line in loo, loo
    assert any(entry.startswith("When a leader holding a trump must lead one changes.") for entry in loo)
    chinese = load_ruleset(rules_dir().parent / "tests" / "examples" / "chinese-set.yaml")
    found = [" ".join(entry.split()) for entry in differences(chinese, load_ruleset("texas-42"))]
    assert "The suit a tile led calls for changes from its higher end to its suit in the set." in found
    assert any(entry.startswith("The set changes. texas-42: the complete double-6 set chinese-set: 32 tiles: "
                                "6-6 ×2, 1-1 ×2") for entry in found)  # fmt: skip
    assert any(entry.startswith("What the set says of its tiles (names, suits, ranks) changes. texas-42: nothing "
                                "chinese-set: 6-6 (Heaven, civil, rank 11);") for entry in found)  # fmt: skip


# --- tiles played together, laid face down, and the winner of a hand starting the next -----------


def test_tien_gow_reads_its_combinations_kind_by_kind():
    text = explain(load_ruleset("tien-gow"))
    read = " ".join(text.split())
    assert (
        "The first hand is started by a player chosen at random; each later hand, by the winner of the previous "
        "hand, the player who scored the most in it (nobody after a tie); failing that, by the player after the "
        "previous hand's starter." in read
    )
    assert (
        'The starter leads the first trick: one tile, or tiles together (see "Tiles led together" below); each '
        "other player in turn then plays as many tiles. The player who takes a trick captures every tile played to "
        "it, and leads the next." in read
    )
    assert (
        "When one tile is led, the highest-ranked tile of the suit led wins the trick; among equal tiles, the first "
        "played. When tiles are led together, the highest combination of their kind played to the trick wins it."
        in read
    )
    assert (
        "A play that does not take the lead of the trick (a tile that does not beat the best so far, or tiles that "
        "do not make a higher combination of the same kind) is laid face down: the other players never see its "
        "tiles. The player who takes the trick captures them with the rest." in read
    )
    assert (
        "Instead of one tile, the leader may lead 2, 3 or 4 tiles together when they make one of the combinations "
        "below. Each other player then plays as many tiles, any they hold. Tiles played together take the lead of "
        "the trick only when they make a combination of the same kind as the best so far, ranked higher: a civil "
        "pair beats only a lower civil pair. Of equal combinations the first played keeps the lead." in read
    )
    for item in (
        "- Supreme pair (2 tiles): Gee Joon (2-4 1-2), the only one of its kind: nothing beats it, and it beats "
        "nothing.",
        "- civil pair (2 tiles): pair of Heavens (6-6 6-6), pair of Earths (1-1 1-1), pair of Men (4-4 4-4),",
        "pair of Long Leg Sevens (1-6 1-6), pair of Big Head Sixes (1-5 1-5).",
        "- military pair (2 tiles): Jaap Gow (mixed nines: 3-6 4-5), Jaap Bart (mixed eights: 2-6 3-5),",
        "- mixed pair (2 tiles): Heaven and a nine (6-6 with either 3-6 or 4-5), Earth and an eight (1-1 with "
        "either 2-6 or 3-5),",
        "- set of two civil and a military (3 tiles): two Heavens and a nine (6-6 6-6 with either 3-6 or 4-5),",
        "- set of a civil and two military (3 tiles): a Heaven and two nines (6-6 3-6 4-5),",
        "- quartet (4 tiles): Heavens and nines (6-6 6-6 3-6 4-5), Earths and eights (1-1 1-1 2-6 3-5), Men and "
        "sevens (4-4 4-4 2-5 3-4), Geese and fives (1-3 1-3 1-4 2-3).",
    ):
        assert item in read, item
    # 32 combinations, one item per kind, each on lines of its own: no wall of text.
    section = text.split("Tiles led together\n------------------\n", 1)[1].split("\n\n", 1)[0]
    assert [line.split(" (", 1)[0] for line in section.splitlines() if line.startswith("- ")] == [
        "- Supreme pair", "- civil pair", "- military pair", "- mixed pair", "- set of two civil and a military",
        "- set of a civil and two military", "- quartet",
    ]  # fmt: skip
    assert max(map(len, text.splitlines())) <= 92
    # Tricks of several tiles: a hand has no fixed number of them, so no total is said.
    assert "Neither a trick nor the tiles in it count anything by themselves: see how a hand is scored." in read
    assert "A hand holds" not in read
    assert "the number of tiles the player captured ÷ 4" in read and "captured //" not in read
    assert "the player for which the player took the last trick collects from every other player" in read


GROUPED = """extends: tien-gow
tricks:
  last_bonus: null
  trick_scores: null
  combinations:
    - {name: pair of Heavens, tiles: [6-6, 6-6], kind: civil pair, rank: 11}
    - {name: Heaven twins, tiles: [6-6, 1-1], kind: civil pair, rank: 11}
    - {name: any two nines, tiles: [[3-6, 2-6], [4-5, 3-5]], kind: military pair, rank: 1}
"""


def test_equal_combinations_and_places_of_choices_read_in_words():
    text = said(house(GROUPED))
    assert "a civil pair beats only a lower civil pair" in text
    assert "- civil pair (2 tiles): pair of Heavens (6-6 6-6) = Heaven twins (6-6 1-1)." in text
    assert (
        "- military pair (2 tiles): any two nines (either 3-6 or 2-6 and either 4-5 or 3-5), the only one of its "
        "kind: nothing beats it, and it beats nothing." in text
    )
    assert "may lead 2 tiles together" in text


def test_a_face_down_game_of_single_tiles_and_a_team_that_won_the_last_hand():
    teams = PLAIN_TRICKS.replace("min: 2, max: 2}", "min: 4, max: 4, teams: opposite}")
    teams = teams.replace("later_rounds: [next_seat]", "later_rounds: [previous_winner, next_seat]")
    text = said(house(teams + "tricks: {face_down: true}\n"))
    assert (
        "each later hand, by the winner of the previous hand: of the team that scored the most in it, the player "
        "who took its last trick, or else its first player in seat order (nobody after a tie); failing that, by "
        "the player after the previous hand's starter." in text
    )
    assert (
        "The starter leads the first trick, and each player in turn plays one tile to it; the winner of a trick "
        "leads the next." in text
    )
    assert (
        "A play that does not take the lead of the trick (a tile that does not beat the best so far) is laid face "
        "down: the other players never see its tiles." in text
    )
    assert "Tiles led together" not in text
    # A list that may pick nobody ends, as the engine plays it, with a seat drawn at random.
    alone = said(house(PLAIN_TRICKS.replace("[next_seat]", "[previous_winner]") + "tricks: {}\n"))
    assert (
        "each later hand, by the winner of the previous hand, the player who scored the most in it (nobody after a "
        "tie); failing that, by a player chosen at random." in alone
    )


def test_explain_diff_names_the_combinations_and_face_down():
    found = changes(GROUPED + "  face_down: false\nstart: {later_rounds: [next_seat]}\n", "tien-gow")
    assert (
        "Laying face down a play that does not take the lead of its trick changes from yes, unseen to no, every "
        "play face up." in found
    )
    assert (
        "Who starts later rounds changes. tien-gow: by the winner of the previous hand, the player who scored the "
        "most in it (nobody after a tie); failing that, by the player after the previous hand's starter house: by "
        "the player after the previous hand's starter" in found
    )
    assert "Adds a combination of the kind civil pair: Heaven twins (6-6 1-1), of rank 11." in found
    assert (
        "Adds a combination of the kind military pair: any two nines (either 3-6 or 2-6 and either 4-5 or 3-5), of "
        "rank 1." in found
    )
    assert "Drops a combination of the kind Supreme pair: Gee Joon (2-4 1-2)." in found
    for start in (
        "Drops 10 combinations of the kind civil pair: pair of Earths (1-1 1-1), ",
        "Drops 4 combinations of the kind quartet: Heavens and nines (6-6 6-6 3-6 4-5), ",
    ):
        assert any(entry.startswith(start) for entry in found), start
    assert not any("pair of Heavens" in entry for entry in found)  # the same in both
    # Each part of a combination kept by its name.
    changed = GROUPED.replace("[6-6, 6-6], kind: civil pair, rank: 11", "[6-6, [6-6, 5-5]], kind: heavenly, rank: 12")
    found = [" ".join(e.split()) for e in differences(house(changed), house(GROUPED))]
    assert found == [
        "The combination pair of Heavens: its tiles change from 6-6 6-6 to 6-6 with either 6-6 or 5-5.",
        "The combination pair of Heavens: its kind changes from civil pair to heavenly.",
        "The combination pair of Heavens: its rank changes from 11 to 12.",
    ]
    chinese = load_ruleset(rules_dir().parent / "tests" / "examples" / "chinese-set.yaml")
    adds = [" ".join(e.split()) for e in differences(load_ruleset("tien-gow"), chinese)]
    assert (
        "Adds tiles led together: 32 combinations of 7 kinds: Supreme pair, civil pair, military pair, mixed pair, "
        "set of two civil and a military, set of a civil and two military, quartet." in adds
    )
    drops = [" ".join(e.split()) for e in differences(chinese, load_ruleset("tien-gow"))]
    dropped = "Drops tiles led together: one tile is led at a time. tien-gow has 32 combinations of 7 kinds: "
    assert any(entry.startswith(dropped) for entry in drops)
    assert sum("combination" in e for e in drops) == 1


# --- words that read as the rule is meant (issue 19) ---------------------------------------------

SOLITAIRE = """set: {max_pip: 6}
players: {min: 1, max: 1}
deal: {hand_size: 7, undealt: dead}
start: {first_round: [random]}
layout: {topology: line, spinners: none}
draw: {policy: none}
scoring:
  domino: {scorer: each, points: "round_nearest(pips, 5) + 10"}
  blocked: {scorer: each, points: "if went_out then 10 else pips"}
match: {rounds: 1, winner: lowest}
"""


def test_one_player_is_said_in_the_singular():
    found = said(house(SOLITAIRE))
    assert "For 1 player. The player is dealt 7 tiles." in found
    assert "The match lasts 1 round; the lowest total wins." in found
    assert "1 players" not in found and "1 rounds" not in found and "play goes" not in found
    three = SOLITAIRE.replace("max: 1}", "max: 3}").replace("hand_size: 7", 'hand_size: {"1": 9, "2-3": 7}')
    table = said(house(three))
    assert "For 1 to 3 players; play goes clockwise. Each player is dealt 9 tiles with 1 player, 7 with 2 or 3 " in (
        table
    )


def test_tiles_set_aside_are_said_only_where_some_are_left_over():
    # 4 × 7 = 28: every tile of the double-6 set is dealt.
    assert "Each player is dealt 7 tiles. Every tile is dealt." in said(load_ruleset("sebastopol"))
    assert "unseen" not in said(load_ruleset("sebastopol"))
    assert (
        "Each player is dealt 7 tiles. With 2 or 3 players, the tiles not dealt are set aside unseen; nobody draws "
        "them. With 4 players, every tile is dealt."
    ) in said(load_ruleset("block"))
    # 5 to 8 players of 3 tiles leave tiles over at every count.
    assert "Each player is dealt 3 tiles. The tiles not dealt are set aside unseen; nobody draws them." in said(
        load_ruleset("tiddly-wink")
    )


def test_each_players_own_score_is_said_before_the_formula():
    assert (
        "When a player goes out, every player adds to their own score the pips left in their own hand. When the "
        "round is blocked, every player adds to their own score the pips left in their own hand."
    ) in said(load_ruleset("mexican-train"))
    found = said(house(SOLITAIRE))
    assert (
        "When a player goes out, every player adds to their own score (the pips left in their own hand, rounded "
        "to the nearest multiple of 5) + 10. When the round is blocked, every player adds to their own score 10 "
        "if the player went out, otherwise the pips left in their own hand."
    ) in found


def test_a_rounded_or_called_operand_is_bracketed_so_that_it_reads_one_way():
    five_up = said(load_ruleset("five-up"))
    assert (
        "the side of the player who went out scores (the pips left in the opponents' hands, rounded to the nearest "
        "multiple of 5) ÷ 5."
    ) in five_up
    assert (
        "the side with the lowest pip total scores ((the pips left in the opponents' hands − the pips left in the "
        "side's own hands), rounded to the nearest multiple of 5) ÷ 5 (a tie scores nobody)."
    ) in five_up
    bergen = said(load_ruleset("bergen"))
    assert "when the number of numbers the open ends show equals 1 or" in bergen
    assert "scores the smaller of (2 if the number of numbers the open ends show equals 1 or " in bergen
    assert "otherwise 3) and (1 if (15 if the number of players equals 2, otherwise 10)" in bergen


def test_a_ranked_scorer_of_tiles_says_most_and_fewest():
    text = "extends: block\nscoring:\n  domino: {scorer: {highest: tiles}, points: opp_pips}\n"
    assert "When a player goes out, the player with the most tiles left in their own hand scores" in said(house(text))
    text = "extends: block\nscoring:\n  domino: {scorer: {lowest: tiles}, points: opp_pips}\n"
    assert "When a player goes out, the player with the fewest tiles left in their own hand scores" in said(house(text))


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_a_not_played_line_names_its_source_not_the_files_letter_for_it(variant):
    """The letters a file's comments give its sources ("#   P2 http://…") are not read by anyone who
    sees "Not played by this file"; a line there names the source."""
    path = bundled_variants()[variant]
    letters = set(re.findall(r"^#\s+([A-Z][0-9]?)\s+https?://", path.read_text(encoding="utf-8"), re.MULTILINE))
    used = {
        (letter, line)
        for line in load_ruleset(variant).not_expressible
        for letter in letters
        if re.search(rf"\b{letter}\b", line)
    }
    assert not used


def test_explain_says_which_rule_a_file_plays_where_its_sources_disagree():
    """texas-42-house's sevens plays Lechner Hall's ties; its house file for Kelley's (tricks.ties) says his."""
    lechner = " ".join(domino("explain", "texas-42-house").stdout.split())
    assert "the highest-ranked tile played takes the trick (the first played, among equals)" in lechner
    kelley = said(house("extends: texas-42-house\ntricks: {ties: bidder_side}\n"))
    assert (
        "the highest-ranked tile played takes the trick (among equal tiles, one played by the winner of the auction "
        "or a partner, over an opponent's played before it (a tie does not set the bidder), else the first played)"
    ) in kelley


def test_explain_says_who_gets_the_widow_and_bids_in_points_where_marks_do_not_count():
    moon = " ".join(domino("explain", "moon").stdout.split())
    assert "The tile not dealt (the widow) goes face down to the winner of the auction once trumps are named" in moon
    assert "set aside unseen" not in moon
    assert "The number bids run from 4 to 7; the bidder must take at least the number bid in points." in moon
    assert '"shoot the moon" (21) must take 7 points.' in moon and "mark" not in moon


def test_explain_diff_says_a_changed_list_entry_by_entry():
    text = (
        "extends: texas-42\nbidding:\n  special:\n"
        "    - {name: 1 mark, value: 42, make: 42, marks: 1}\n"
        "    - {name: 2 marks, value: 84, make: 42, marks: 2}\n"
        "    - {name: 3 marks, value: 126, make: 42, marks: 3}\n"
        "    - {name: 4 marks, value: 168, make: 42, marks: 4, after: 126}\n"
        "    - {name: a moon, value: 500, make: 42, marks: 7}\n"
    )
    diff = differences(house(text), load_ruleset("texas-42"))
    assert diff == [
        "The named bids: adds a moon (500, makes 42, worth 7 marks).",
        "The named bids: 3 marks changes from 3 marks (126 over 84, makes 42, worth 3 marks) to 3 marks (126, makes "
        "42, worth 3 marks).",
        "The named bids: drops 5 marks (210 over 168, makes 42, worth 5 marks).",
    ]
