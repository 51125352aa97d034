"""The rule-file side of trick games (docs/format.md, "Trick games"): loading `family: tricks`
files into their `TrickRules`, the checks that refuse what cannot be played (each at its
`file:line:col`), and `domino explain` on them.

Texas 42 and its house rules are bundled (rules/texas-42*.yaml); the files that must be refused are
tests/examples/invalid/tricks-*.yaml, each naming its diagnostics in `# expect:` lines.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.resources import bundled_variants
from interpreter.rulefile.explain import differences, explain
from interpreter.rulefile.loader import check_file, load_ruleset
from interpreter.rulefile.ruleset import Family, Ruleset, StartCriterion
from interpreter.rulefile.trick_rules import (
    MAX_BIDS,
    Aim,
    AllPass,
    BiddingRules,
    CallRules,
    Combination,
    Contract,
    Declarer,
    DoublePlace,
    FirstLeader,
    LedSuit,
    NamedTile,
    SpecialBid,
    TrickStock,
    Trump,
)
from tests.clirunner import domino
from tests.test_rule_examples import _render

# The invalid trick files are among the invalid examples (tests/test_rule_examples.py checks each
# one's `# expect:` lines); here, all of them at once through the command.
INVALID = sorted((Path(__file__).parent / "examples" / "invalid").glob("tricks-*.yaml"))


def _load(name: str) -> Ruleset:
    return load_ruleset(name)  # a bundled variant


def _read(ruleset: Ruleset) -> str:
    return " ".join(explain(ruleset).split())  # as read, whatever the line breaks


def _tile_counts(ruleset: Ruleset) -> dict[tuple[int, int], int]:
    tricks = ruleset.tricks
    assert tricks is not None
    env = {"players": 4, "max_pip": 6, "set_size": 28}
    found = {}
    for high in range(7):
        for low in range(high + 1):
            value = tricks.count({**env, "high": high, "low": low, "pips": high + low, "is_double": high == low})
            if value:
                found[(low, high)] = value
    return found


# --- the fixtures load --------------------------------------------------------------------------


def test_texas_42_loads_into_its_trick_rules() -> None:
    rules = _load("texas-42")
    assert rules.family is Family.TRICKS
    tricks = rules.tricks
    assert tricks is not None
    assert tricks.bidding == BiddingRules(
        min=30,
        max=41,
        step=1,
        marks=1,
        special=(
            SpecialBid("1 mark", 42, 42, 1),
            SpecialBid("2 marks", 84, 42, 2),
            SpecialBid("3 marks", 126, 42, 3, after=84),
            SpecialBid("4 marks", 168, 42, 4, after=126),
            SpecialBid("5 marks", 210, 42, 5, after=168),
        ),
        all_pass=AllPass.REDEAL,
    )
    assert tricks.bidding.values() == (*range(30, 42), 42, 84, 126, 168, 210)
    assert tricks.trumps == {Trump.SUITS, Trump.DOUBLES, Trump.NONE}
    assert tricks.fixed_trump is None
    assert tricks.doubles is DoublePlace.HIGH
    assert tricks.must_follow is True
    assert tricks.first_leader is FirstLeader.BIDDER
    assert (tricks.trick_points, tricks.last_trick, tricks.stop_when_decided) == (1, 0, True)
    assert tricks.contracts == ()  # straight 42: the special contracts are house rules
    assert _tile_counts(rules) == {(5, 5): 10, (4, 6): 10, (0, 5): 5, (1, 4): 5, (2, 3): 5}
    assert tricks.hand.source == "if bidder then (if made then bid_marks else 0) else (if made then 0 else bid_marks)"
    # The hand's score over the hand names: a made 2-mark bid, and the same bid set.
    names = {"players": 4, "max_pip": 6, "set_size": 28, "round": 1, "score": 0, "points": 42, "opp_points": 0,
             "tricks": 7, "count": 35, "last_trick": True, "bid": 84, "bid_marks": 2}  # fmt: skip
    assert tricks.hand({**names, "bidder": True, "made": True}) == 2
    assert tricks.hand({**names, "bidder": False, "made": False}) == 2
    assert tricks.hand({**names, "bidder": False, "made": True}) == 0
    # The shared sections.
    assert (rules.max_pip, rules.players.min, rules.players.max, rules.players.team_counts) == (6, 4, 4, {4})
    assert rules.deal.hand_sizes == {4: 7}
    assert [r.criterion.value for r in rules.start.first_round] == ["random"]
    assert [r.criterion.value for r in rules.start.later_rounds] == ["next_seat"]
    assert (rules.match.target, rules.match.reach.value, rules.match.winner.value) == (7, "at_least", "highest")


def test_a_trick_file_holds_the_layout_defaults(tmp_path: Path) -> None:
    """The layout sections of a trick ruleset are left at the schema's defaults, as a layout file
    that does not write them has them."""
    (tmp_path / "plain.yaml").write_text(
        "name: plain\nset: {max_pip: 6}\nplayers: {min: 4, max: 4}\ndeal: {hand_size: 7, undealt: dead}\n"
        "draw: {policy: none}\nmatch: {target: 7}\n"
    )
    plain, rules = load_ruleset(tmp_path / "plain.yaml"), _load("texas-42")
    assert plain.family is Family.LAYOUT and plain.tricks is None
    assert rules.layout == plain.layout
    assert rules.in_play is None
    assert rules.play.match.source == plain.play.match.source and rules.play.forced is plain.play.forced
    assert rules.draw.policy.value == "one_then_pass"  # the schema's default, unused by a trick game
    assert (rules.domino.scorer, rules.blocked.scorer) == (plain.domino.scorer, plain.blocked.scorer)


def test_the_house_rules_change_only_what_they_say() -> None:
    base, forced, points = _load("texas-42"), _load("texas-42-forced-bid"), _load("texas-42-points")
    assert base.tricks is not None and forced.tricks is not None and points.tricks is not None
    assert base.tricks.bidding is not None and forced.tricks.bidding is not None
    assert forced.tricks.bidding.all_pass is AllPass.FORCED
    assert forced.tricks.bidding.special == base.tricks.bidding.special
    assert points.match.target == 250 and points.tricks.stop_when_decided is False
    assert points.tricks.hand.source.endswith("(if made then points else points + bid)")
    assert differences(forced, base) == ["What happens when everyone passes changes from a redeal to a forced bid."]


def test_every_bundled_file_says_its_family() -> None:
    for name in bundled_variants():
        rules = load_ruleset(name)
        by_tag = {
            "trick": Family.TRICKS, "patience": Family.TABLEAU, "counting": Family.COUNTING,
            "rummy": Family.DRAW_DISCARD, "partition": Family.PARTITION,
        }  # fmt: skip
        expected = next((by_tag[tag] for tag in rules.tags if tag in by_tag), Family.LAYOUT)
        assert rules.family is expected, name
        # Each family's own compiled rules, set in its files only (a layout game has none of them).
        own = {
            Family.TRICKS: rules.tricks, Family.TABLEAU: rules.tableau, Family.COUNTING: rules.counting,
            Family.DRAW_DISCARD: rules.draw_discard, Family.PARTITION: rules.partition,
        }  # fmt: skip
        with_own = [family for family, section in own.items() if section is not None]
        assert with_own == ([] if expected is Family.LAYOUT else [expected]), name


def test_a_game_without_bidding_fixes_its_trumps(tmp_path: Path) -> None:
    text = (
        "name: plain-tricks\nfamily: tricks\nset: {max_pip: 6}\nplayers: {min: 2, max: 4}\n"
        'deal: {hand_size: {"2": 7, "3-4": 5}}\nstart: {first_round: [{holder: [0, 1]}, random]}\n'
        "tricks: {last_trick: 10}\nscoring: {hand: points}\nmatch: {target: 100}\n"
    )
    (tmp_path / "plain-tricks.yaml").write_text(text)
    house = "name: sixes\nextends: ./plain-tricks.yaml\ntrumps: {fixed: 6, doubles: low}\n"
    (tmp_path / "sixes.yaml").write_text(house)
    plain, sixes = load_ruleset(tmp_path / "plain-tricks.yaml"), load_ruleset(tmp_path / "sixes.yaml")
    assert plain.tricks is not None and sixes.tricks is not None
    assert plain.tricks.bidding is None
    assert (plain.tricks.trumps, plain.tricks.fixed_trump) == ({Trump.NONE}, None)
    assert (sixes.tricks.trumps, sixes.tricks.fixed_trump, sixes.tricks.doubles) == ({Trump.SUITS}, 6, DoublePlace.LOW)
    assert plain.tricks.first_leader is FirstLeader.STARTER  # the defaults of a game without an auction
    assert plain.tricks.count.constant == 0 and plain.tricks.trick_points == 1
    text = _read(sixes)
    assert "There is no bidding." in text
    assert "Sixes are trumps." in text and "A double is the lowest tile of its suit." in text
    assert "by the player holding 0-1; failing that, by a player chosen at random" in text
    assert (
        "Each trick counts 1 to the player who takes it; the tiles in it count nothing. The last trick counts 10 more."
        in text
    )
    assert "There are no trumps." in _read(plain)
    assert "The trump suit changes from none to sixes." in differences(sixes, plain)


# --- the checks -----------------------------------------------------------------------------------


def test_every_problem_is_a_positioned_line_never_a_traceback() -> None:
    result = domino("validate", *map(str, INVALID))
    assert result.status is ExitStatus.FAILURE
    lines = result.stdout.splitlines()
    problems = [line for line in lines if not line.startswith("    ")]  # not an expression and its caret
    assert problems and all(re.match(r"^\S+\.yaml:\d+:\d+: \S", line) for line in problems), result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert "internal error" not in result.stdout


def test_a_misspelt_trick_key_gets_a_suggestion(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"name: house\nextends: {'texas-42'}\ntricks:\n  stop_when_decidd: false\n")
    (diagnostic,) = check_file(path)
    assert diagnostic.format() == (
        f"{path}:4:3: tricks: unknown key 'stop_when_decidd'; did you mean 'stop_when_decided'?"
    )


def test_the_bundled_trick_files_are_valid() -> None:
    paths = [path for name, path in bundled_variants().items() if name.startswith("texas-42")]
    assert len(paths) == 4
    for path in paths:
        assert not check_file(path), _render(check_file(path))


# --- explain ------------------------------------------------------------------------------------


def test_explain_reads_texas_42_as_a_rulebook() -> None:
    text = _read(_load("texas-42"))
    for heading in ("The set", "Players and hands", "Starting a hand", "Trumps", "Playing a hand", "Counting",
                    "Scoring a hand", "Winning"):  # fmt: skip
        assert heading in text
    assert "A double-6 set: 28 tiles" in text and "Each player is dealt 7 tiles. Every tile is dealt." in text
    assert "Partners sit opposite each other and score as a team." in text
    # who bids first and how
    assert "The starter bids first, then each player in turn (clockwise) bids once or passes." in text
    assert "The number bids run from 30 to 41; each is worth 1 mark" in text
    assert '"2 marks" (84) must take 42 points and is worth 2 marks' in text
    assert '"3 marks" (126), bid only over a standing 84, must take 42 points and is worth 3 marks' in text
    assert "If everyone passes, the tiles are shuffled and dealt again" in text
    # trumps, following, the count tiles, the score, the target
    trumps = 'a suit (blanks to sixes), the doubles (a suit of their own) or no trumps ("follow me")'
    assert f"The winner of the auction declares trumps: {trumps}." in text
    assert "A double is the highest tile of its suit." in text
    assert "The winner of the auction leads the first trick" in text
    assert (
        "You must follow the suit led when you can: a led tile's suit is its higher end, a double its own number, "
        "a trump only trumps." in text
    )
    assert "5-5 and 4-6 count 10; 0-5, 1-4 and 2-3 count 5; each trick 1." in text
    assert "A hand holds 42 points in all." in text
    assert "Play stops as soon as it is certain whether the bidder's side makes its bid." in text
    assert "each team scores (the marks the winning bid is worth if the bid was made, otherwise 0) if the team" in text
    assert "a team has a score of 7 or more" in text


def test_explain_of_the_house_rules() -> None:
    assert "the last player to speak may not pass: they must bid at least 30." in _read(_load("texas-42-forced-bid"))
    points = _read(_load("texas-42-points"))
    assert "a team has a score of 250 or more" in points
    assert "Play stops" not in points


def test_explain_diff_lists_the_changes_of_a_trick_file(tmp_path: Path) -> None:
    result = domino("explain", "texas-42-points", "--diff", "texas-42")
    assert result.status is ExitStatus.OK, result.stderr
    said = " ".join(result.stdout.split())  # as read, whatever the line breaks
    assert "- The target changes from 7 to 250." in said
    assert "- Stopping once the bid is decided changes from yes to no, every trick is played." in said
    assert "- The score of a hand changes." in said
    assert "42-points: (the points the team took if the bid was made" in said
    (tmp_path / "no-bids.yaml").write_text(
        f"name: no-bids\nextends: {'texas-42'}\nbidding: null\ntrumps: {{choices: null}}\n"
        "tricks: {first_leader: starter, stop_when_decided: false}\n"
    )
    no_bids = load_ruleset(tmp_path / "no-bids.yaml")
    assert differences(no_bids, _load("texas-42"))[0] == "Drops the auction."
    assert differences(_load("texas-42"), no_bids)[0].startswith("Adds an auction: The number bids run from 30 to 41")
    same = domino("explain", "texas-42", "--diff", "texas-42")
    assert "plays exactly like" in same.stdout


def test_explain_diff_across_families_compares_what_they_share() -> None:
    found = differences(_load("texas-42"), load_ruleset("straight-partners"))
    assert found[0] == "The kind of game changes from a layout game to a trick-taking game."
    assert "The target changes from 250 to 7." in found
    assert not any("layout" in line.lower() and "kind of game" not in line for line in found)
    assert not any("scoring during play" in line for line in found)


# --- special contracts ----------------------------------------------------------------------------

TEXAS_42_HOUSE = {  # each contract of rules/texas-42-house.yaml, its formulas by their source
    "nel-o": Contract("nel-o", 42, None, None, Trump.NONE, Declarer.BIDDER, DoublePlace.HIGH, True, Aim.NO_TRICKS,
                      None, doubles_declared=True),
    "plunge": Contract("plunge", 168, "doubles >= 4", 168, None, Declarer.PARTNER, DoublePlace.HIGH, False,
                       Aim.ALL_TRICKS, None),
    "splash": Contract("splash", 126, "doubles >= 3", 126, None, Declarer.PARTNER, DoublePlace.HIGH, False,
                       Aim.ALL_TRICKS, None),
    "sevens": Contract("sevens", 42, None, None, Trump.NONE, Declarer.BIDDER, DoublePlace.HIGH, False, Aim.ALL_TRICKS,
                       "0 - abs(pips - 7)"),
}  # fmt: skip


def _sources(contract: Contract) -> Contract:
    """`contract` with its formulas as their source text, to compare with a table of sources."""
    requires = None if contract.requires is None else contract.requires.source
    rank = None if contract.rank is None else contract.rank.source
    return dataclasses.replace(contract, requires=requires, rank=rank)  # type: ignore[arg-type]


def test_the_house_file_loads_its_special_contracts() -> None:
    house, base = _load("texas-42-house"), _load("texas-42")
    assert house.tricks is not None and base.tricks is not None
    assert {c.name: _sources(c) for c in house.tricks.contracts} == TEXAS_42_HOUSE
    assert [c.name for c in house.tricks.contracts] == list(TEXAS_42_HOUSE)  # in the file's order
    # Nothing else changes but Lechner Hall's raises: at most two marks, the marks bids in any order.
    assert base.tricks.bidding is not None and house.tricks.bidding is not None
    marks = tuple(dataclasses.replace(bid, after=None) for bid in base.tricks.bidding.special)
    bidding = dataclasses.replace(base.tricks.bidding, special=marks, max_raise=84)
    assert dataclasses.replace(house.tricks, contracts=()) == dataclasses.replace(base.tricks, bidding=bidding)
    plunge, sevens = house.tricks.contracts[1], house.tricks.contracts[3]
    assert plunge.requires is not None and sevens.rank is not None
    hand = {"players": 4, "max_pip": 6, "set_size": 28, "tiles": 7, "count": 10, "longest": 3}
    assert plunge.requires({**hand, "doubles": 4}) is True and plunge.requires({**hand, "doubles": 3}) is False
    tile = {"players": 4, "max_pip": 6, "set_size": 28, "is_double": False}
    assert sevens.rank({**tile, "high": 5, "low": 2, "pips": 7}) == 0
    assert sevens.rank({**tile, "high": 6, "low": 6, "pips": 12, "is_double": True}) == -5
    # Lechner Hall's raises (bidding.max_raise), doubles called by the nel-o bidder and Kelley's sevens
    # ties (a house file's tricks.ties) are played.
    assert house.not_expressible == ()


def test_a_house_file_replaces_or_removes_the_list_of_contracts(tmp_path: Path) -> None:
    house = bundled_variants()["texas-42-house"]
    (tmp_path / "plain.yaml").write_text(f"name: plain\nextends: {house}\ncontracts: null\n")
    (tmp_path / "low.yaml").write_text(
        f"name: low\nextends: {house}\ncontracts:\n  - {{name: low, min_bid: 84, aim: no_tricks, doubles: low}}\n"
    )
    plain, low = load_ruleset(tmp_path / "plain.yaml"), load_ruleset(tmp_path / "low.yaml")
    assert plain.tricks is not None and plain.tricks.contracts == ()
    assert low.tricks is not None
    (contract,) = low.tricks.contracts
    low_contract = Contract("low", 84, None, None, None, Declarer.BIDDER, DoublePlace.LOW, False, Aim.NO_TRICKS, None)
    assert contract == low_contract


def test_a_contract_without_partners_or_a_bidder_who_leads(tmp_path: Path) -> None:
    """Contracts that need no partner load in a game without partnerships, and the doubles default to
    trumps.doubles; a rank that reads more than the pips is said as its formula."""
    text = (
        "name: solo\nextends: texas-42\nplayers: {min: 3, max: 4, teams: none}\ntrumps: {doubles: low}\n"
        "tricks: {first_leader: starter}\ncontracts:\n"
        '  - {name: grand, requires: "count >= 20 and longest >= 4", aim: all_tricks}\n'
        '  - {name: heavy, trumps: none, rank: "if is_double then 20 + high else pips"}\n'
    )
    (tmp_path / "solo.yaml").write_text(text)
    solo = load_ruleset(tmp_path / "solo.yaml")
    assert solo.tricks is not None
    grand, heavy = solo.tricks.contracts
    assert (grand.doubles, grand.trumps, grand.declarer, grand.aim) == (
        DoublePlace.LOW,
        None,
        Declarer.BIDDER,
        Aim.ALL_TRICKS,
    )
    assert (heavy.doubles, heavy.trumps, heavy.aim) == (DoublePlace.LOW, Trump.NONE, Aim.BID)
    read = _read(solo)
    assert (
        "grand: declared only when, in the bidder's hand as dealt, the count of the tiles is at least 20 and the "
        "most tiles of one suit (its double included) is at least 4; the bidder names trumps and leads the first "
        "trick; the bidder must take every trick." in read
    )
    assert "heavy: the bidder leads the first trick; there are no suits and no trumps: a tile ranks by 20 + " in read
    assert "the bidder must take what the bid must make, as usual." in read
    assert "made, for the score of the hand, when the bidder does what it must." in read


def test_explain_says_the_special_contracts() -> None:
    text = _read(_load("texas-42-house"))
    assert "Instead, they may declare one of the special contracts below." in text
    assert (
        "Special contracts ----------------- Instead of naming trumps, the winner of the auction may declare one of "
        "these contracts: - nel-o: a bid of at least 1 mark (42); no trumps; the bidder, on declaring it, announces "
        "where the doubles rank: highest or lowest in their suits, or a suit of their own with [6|6] highest "
        "(own_suit) or with [0|0] highest (own_suit_low); the bidder's partner lays their hand down and sits out; "
        "the bidder's side must take no trick." in text
    )
    assert (
        "- plunge: a bid of at least 4 marks (168); declared only when, in the bidder's hand as dealt, the number of "
        "doubles is at least 4; a player holding such a hand may bid 4 marks (168) over any lower bid, out of the "
        "usual order; one who wins the auction with 4 marks (168), in the usual order or out of it, while holding "
        "such a hand must declare plunge; the bidder's partner names trumps and leads the first trick; the bidder's "
        "side must take every trick." in text
    )
    assert "- splash: a bid of at least 3 marks (126); declared only when" in text
    assert (
        "- sevens: a bid of at least 1 mark (42); there are no suits and no trumps: tiles rank by their pips, highest "
        "first: 7, then 6 or 8, then 5 or 9, then 4 or 10, then 3 or 11, then 2 or 12, then 1, then 0; each player "
        "must play one of their highest-ranked tiles" in text
    )
    assert "makes its bid or contract." in text
    assert "A bid may raise the standing bid by at most 84" in text  # Lechner Hall's, played
    # Each contract is an item of its own, on lines of its own.
    lines = explain(_load("texas-42-house")).splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("- ")][:4] == [
        "- nel-o", "- plunge", "- splash", "- sevens"
    ]  # fmt: skip
    assert "Special contracts" not in _read(_load("texas-42"))


def test_explain_diff_says_each_contract_added_dropped_or_changed(tmp_path: Path) -> None:
    everything = differences(_load("texas-42-house"), _load("texas-42"))
    assert not any(line.startswith("The list of the source's rules this file does not play") for line in everything)
    found = everything[-len(TEXAS_42_HOUSE) :]  # the contracts come after the rest (the bids, Lechner Hall's)
    assert [line.split(":")[0] for line in found] == [f"Adds the special contract {name}" for name in TEXAS_42_HOUSE]
    assert found[0] == (
        "Adds the special contract nel-o: a bid of at least 1 mark (42); no trumps; the bidder, on declaring it, "
        "announces where the doubles rank: highest or lowest in their suits, or a suit of their own with [6|6] "
        "highest (own_suit) or with [0|0] highest (own_suit_low); the bidder's partner lays their hand down and sits "
        "out; the bidder's side must take no trick."
    )
    assert differences(_load("texas-42"), _load("texas-42-house"))[-len(TEXAS_42_HOUSE) :] == [
        f"Drops the special contract {name}." for name in TEXAS_42_HOUSE
    ]
    house = bundled_variants()["texas-42-house"]
    (tmp_path / "changed.yaml").write_text(
        f"name: changed\nextends: {house}\ncontracts:\n"
        "  - {name: nel-o, min_bid: 84, trumps: none, doubles: own_suit, partner_out: true, aim: no_tricks}\n"
        '  - {name: plunge, requires: "doubles >= 5", bid: 210, declarer: partner, aim: all_tricks}\n'
        '  - {name: sevens, min_bid: 42, trumps: none, rank: "0 - abs(pips - 7)", aim: all_tricks}\n'
    )
    changed = load_ruleset(tmp_path / "changed.yaml")
    assert differences(changed, _load("texas-42-house")) == [
        "The special contract nel-o: the lowest bid changes from 1 mark (42) to 2 marks (84).",
        "The special contract nel-o: a double's place changes from highest in its suit to a suit of their own.",
        "The special contract nel-o: who places the doubles changes from the declarer to the rule file.",
        "The special contract plunge: the lowest bid changes from 4 marks (168) to any bid.",
        "The special contract plunge: the hand it needs changes from the number of doubles is at least 4 to the "
        "number of doubles is at least 5.",
        "The special contract plunge: the bid that binds to it changes from 4 marks (168) to 5 marks (210).",
        "Drops the special contract splash.",
    ]
    result = domino("explain", str(tmp_path / "changed.yaml"), "--diff", "texas-42-house")
    assert result.status is ExitStatus.OK, result.stderr
    assert "- Drops the special contract splash." in result.stdout
    # The order the contracts are listed in plays no part.
    two = ["  - {name: nel-o, trumps: none, aim: no_tricks}\n", "  - {name: sevens, trumps: none, rank: pips}\n"]
    (tmp_path / "ab.yaml").write_text("name: ab\nextends: texas-42\ncontracts:\n" + "".join(two))
    (tmp_path / "ba.yaml").write_text("name: ba\nextends: texas-42\ncontracts:\n" + "".join(reversed(two)))
    assert differences(load_ruleset(tmp_path / "ab.yaml"), load_ruleset(tmp_path / "ba.yaml")) == []


def test_explain_says_a_set_with_tiles_left_out_a_kitty_and_an_auction_of_several_rounds(tmp_path: Path) -> None:
    text = (
        "name: r\nextends: texas-42\nbidding: {rounds: until_passes, kitty: true, min: 20, max: 41, special: []}\n"
        "set: {without: 'low == 0 and high == 1'}\ndeal: {hand_size: 6}\n"
    )
    (tmp_path / "r.yaml").write_text(text)
    rules = load_ruleset(tmp_path / "r.yaml")
    assert rules.set_size == 27 and (0, 1) not in rules.set_tiles() and rules.tricks.bidding.kitty
    found = differences(rules, _load("texas-42"))
    assert "The set changes from the complete double-6 set to without 0-1." in found
    assert "The kitty (the undealt tiles) going to the winner of the auction changes from no to yes." in found
    said = _read(rules)
    assert "A double-6 set without 0-1: 27 tiles." in said
    assert "round after round; a player who passes is out of the auction" in said


def test_a_kitty_needs_tiles_left_over_and_without_plays_in_a_layout_game_too(tmp_path: Path) -> None:
    (tmp_path / "k.yaml").write_text("name: k\nextends: texas-42\nbidding: {kitty: true}\n")
    (diagnostic,) = check_file(tmp_path / "k.yaml")
    assert diagnostic.message.endswith("with 4 players every tile is dealt: no tile is left for a kitty")
    (tmp_path / "w.yaml").write_text("name: w\nextends: draw\nset: {without: 'low == 0'}\n")
    assert check_file(tmp_path / "w.yaml") == []  # a layout game leaves tiles out too (issue 29)


# --- the set as a list, the stock, the calls and the new trick keys ---------------------------------

EXAMPLES = Path(__file__).parent / "examples"
CIVIL = [((6, 6), "Heaven"), ((1, 1), "Earth"), ((4, 4), "Man"), ((1, 3), "Goose"), ((5, 5), "Flower"),
         ((3, 3), "Long"), ((2, 2), "Board"), ((5, 6), "Hatchet"), ((4, 6), "Partition"), ((1, 6), "Long Leg Seven"),
         ((1, 5), "Big Head Six")]  # fmt: skip
MILITARY = [((3, 6), 6), ((4, 5), 6), ((2, 6), 5), ((3, 5), 5), ((2, 5), 4), ((3, 4), 4), ((2, 4), 3), ((1, 4), 2),
            ((2, 3), 2), ((1, 2), 1)]  # fmt: skip


def test_the_chinese_set_loads_from_its_list_of_tiles() -> None:
    path = EXAMPLES / "chinese-set.yaml"
    assert not check_file(path), _render(check_file(path))
    rules = load_ruleset(path)
    tricks = rules.tricks
    assert tricks is not None
    civil = [tile for tile, _ in CIVIL for _copy in range(2)]
    assert rules.tiles == (*civil, *(tile for tile, _ in MILITARY))  # the entries in order, each `copies` times
    assert (rules.set_size, rules.max_pip, rules.set_tiles()) == (32, 6, rules.tiles)
    assert len(tricks.named) == 32
    assert tricks.named[:2] == (NamedTile("Heaven", "civil", 11), NamedTile("Heaven", "civil", 11))
    assert [about.rank for about in tricks.named[:22:2]] == list(range(11, 0, -1))
    assert [(about.suit, about.rank) for about in tricks.named[22:]] == [("military", rank) for _, rank in MILITARY]
    assert [about.name for about in tricks.named[:22:2]] == [name for _, name in CIVIL]
    assert tricks.led_suit is LedSuit.NAMED and tricks.trumps == {Trump.NONE} and tricks.fixed_trump is None
    assert (tricks.must_follow, tricks.stock, tricks.calls, tricks.top, tricks.pip_order) == (False, None, None, (), ())
    assert rules.deal.hand_sizes == {4: 8} and rules.match.target == 8


def test_a_listed_set_without_names_or_suits_and_a_house_rule_over_a_double_six(tmp_path: Path) -> None:
    """set.tiles replaces the double-N set: a house rule over a file with set.max_pip drops it (or
    gives the same largest number); suits and ranks without led_suit: named are only shown."""
    (tmp_path / "doubled.yaml").write_text(
        "name: doubled\nextends: texas-42\nset:\n  max_pip: null\n  tiles:\n"
        "    - {tile: 6-4, copies: 8}\n    - {tile: 5-0, copies: 8}\n    - {tile: 4-3, copies: 8, suit: odd, rank: 3}\n"
        "    - {tile: 0-0, copies: 4}\n"
    )
    doubled = load_ruleset(tmp_path / "doubled.yaml")
    assert doubled.tiles == ((4, 6),) * 8 + ((0, 5),) * 8 + ((3, 4),) * 8 + ((0, 0),) * 4
    assert doubled.max_pip == 6 and doubled.set_size == 28
    assert doubled.tricks is not None and doubled.tricks.led_suit is LedSuit.HIGHER_END
    assert doubled.tricks.named[16] == NamedTile("", "odd", 3) and doubled.tricks.named[0] == NamedTile()
    (tmp_path / "plain.yaml").write_text(
        "name: plain\nextends: texas-42\nset: {max_pip: 6, tiles: [{tile: 6-6, copies: 8}, {tile: 5-5, copies: 8},"
        " {tile: 4-4, copies: 8}, {tile: 3-3, copies: 4}]}\n"
    )
    plain = load_ruleset(tmp_path / "plain.yaml")
    assert plain.tricks is not None and plain.tricks.named == ()  # nothing said of the tiles


BINGO_LIKE = """name: bingo-like
family: tricks
set: {max_pip: 6}
players: {min: 2, max: 2}
deal: {hand_size: 7}
start: {first_round: [random], later_rounds: [next_seat]}
stock: {turn_up: true, draw: true, close: true, free_while_open: true}
tricks:
  must_trump: true
  top: [0-0]
  pip_order: [1, 2, 3, 4, 5, 6, 0]
  points: 0
  last_trick: 10
  count: "if is_double and is_trump then 20 else if pips % 5 == 0 then pips else 0"
  stop_when: "points >= 70"
scoring: {hand: "if claimed then 2 else if closer then 0 else if points > opp_points then 1 else 0"}
match: {target: 7}
"""

LOO_LIKE = """name: loo-like
family: tricks
set: {max_pip: 6}
players: {min: 3, max: 5}
deal: {hand_size: 5}
start: {first_round: [random], later_rounds: [next_seat]}
stock: {turn_up: true}
calls: {drop: [4, 5], exchange: {"3": 5, "4": 6}}
tricks:
  must_trump: true
  must_beat: true
  lead_trump: "trumps >= 2 or won_last"
  led_suit: leader_names
scoring: {hand: "if dropped then 0 else if walkover then 5 else if tricks == 0 then -5 else tricks"}
match: {rounds: 10}
"""


def _write(tmp_path: Path, text: str) -> Ruleset:
    name = text.split("\n", 1)[0].removeprefix("name: ")
    (tmp_path / f"{name}.yaml").write_text(text)
    assert not check_file(tmp_path / f"{name}.yaml"), _render(check_file(tmp_path / f"{name}.yaml"))
    return load_ruleset(tmp_path / f"{name}.yaml")


def test_a_stock_turned_up_and_drawn_from_and_the_new_trick_keys(tmp_path: Path) -> None:
    bingo = _write(tmp_path, BINGO_LIKE)
    tricks = bingo.tricks
    assert tricks is not None
    assert tricks.stock == TrickStock(turn_up=True, draw=True, close=True, free_while_open=True)
    assert (tricks.trumps, tricks.fixed_trump, tricks.bidding) == ({Trump.SUITS}, None, None)  # the turn-up's suit
    assert tricks.top == ((0, 0),) and tricks.pip_order == (1, 2, 3, 4, 5, 6, 0)
    assert (tricks.must_follow, tricks.must_trump, tricks.must_beat) == (True, True, False)
    assert tricks.led_suit is LedSuit.HIGHER_END and tricks.lead_trump is None and tricks.calls is None
    assert tricks.stop_when is not None and tricks.stop_when.source == "points >= 70"
    hand = {"players": 2, "max_pip": 6, "set_size": 28, "round": 1, "score": 0, "opp_points": 30, "tricks": 5,
            "opp_tricks": 9, "count": 60, "last_trick": False, "bidder": False, "bid": 0, "bid_marks": 0,
            "made": False, "claimed": False, "closer": False, "opp_closer": False, "tricks_at_close": 0,
            "points_at_close": 0, "opp_tricks_at_close": 0, "opp_points_at_close": 0, "dropped": False,
            "walkover": False}  # fmt: skip
    assert tricks.stop_when({**hand, "points": 70}) is True and tricks.stop_when({**hand, "points": 69}) is False
    assert tricks.hand({**hand, "points": 50, "claimed": True}) == 2
    assert tricks.hand({**hand, "points": 50, "closer": True}) == 0
    tile = {"players": 2, "max_pip": 6, "set_size": 28, "high": 4, "low": 4, "pips": 8, "is_double": True, "rank": 0}
    assert tricks.count({**tile, "is_trump": True, "trump": 4}) == 20
    assert tricks.count({**tile, "is_trump": False, "trump": -1}) == 0


def test_calls_and_a_trump_lead(tmp_path: Path) -> None:
    loo = _write(tmp_path, LOO_LIKE)
    tricks = loo.tricks
    assert tricks is not None
    assert tricks.calls == CallRules(drop=frozenset({4, 5}), exchange={3: 5, 4: 6})
    assert tricks.stock == TrickStock(turn_up=True)
    assert tricks.led_suit is LedSuit.LEADER_NAMES and (tricks.must_trump, tricks.must_beat) == (True, True)
    assert tricks.lead_trump is not None
    lead = {"players": 4, "max_pip": 6, "set_size": 28, "tiles": 5, "trick": 2}
    assert tricks.lead_trump({**lead, "trumps": 2, "won_last": False}) is True
    assert tricks.lead_trump({**lead, "trumps": 1, "won_last": True}) is True
    assert tricks.lead_trump({**lead, "trumps": 1, "won_last": False}) is False
    everywhere = _write(tmp_path, LOO_LIKE.replace("loo-like", "loo-everywhere").replace(
        'calls: {drop: [4, 5], exchange: {"3": 5, "4": 6}}', "calls: {drop: true, exchange: 5}"
    ).replace("max: 5}", "max: 4}"))  # fmt: skip
    assert everywhere.tricks is not None
    assert everywhere.tricks.calls == CallRules(drop=frozenset({3, 4}), exchange={3: 5, 4: 5})


def test_the_usual_order_of_the_numbers_is_no_order(tmp_path: Path) -> None:
    (tmp_path / "usual.yaml").write_text("name: usual\nextends: texas-42\ntricks: {pip_order: [0, 1, 2, 3, 4, 5, 6]}\n")
    usual = load_ruleset(tmp_path / "usual.yaml")
    assert usual.tricks is not None and usual.tricks.pip_order == ()
    assert differences(usual, _load("texas-42")) == []


def test_a_count_that_reads_the_trumps_is_bounded_by_the_best_trumps(tmp_path: Path) -> None:
    """The most points a side can take is worked out under every trump the game can have: ten for
    each trump, seven trumps (a suit, or the doubles), seven tricks: 77."""
    base = 'name: trumped\nextends: texas-42\ntricks: {count: "if is_trump then 10 else 0"}\n'
    (tmp_path / "trumped.yaml").write_text(base + "bidding: {max: 77, special: []}\n")
    assert not check_file(tmp_path / "trumped.yaml"), _render(check_file(tmp_path / "trumped.yaml"))
    (tmp_path / "over.yaml").write_text(base + "bidding: {max: 78, special: []}\n")
    (diagnostic,) = check_file(tmp_path / "over.yaml")
    assert diagnostic.message == "bidding.max: 78 can never be made: a side takes at most 77 points in a hand"
    # The doubles as trumps count too, and only when they may be declared.
    doubles = 'name: doubled\nextends: texas-42\ntrumps: {choices: [doubles]}\ntricks: {count: "10 // (trump + 1)"}\n'
    (tmp_path / "doubled.yaml").write_text(doubles)
    (diagnostic,) = check_file(tmp_path / "doubled.yaml")
    assert diagnostic.message.startswith("tricks.count: cannot be evaluated for 0-0 with 4 players without trumps")


def test_a_rank_from_the_set_is_read_by_the_count_and_a_ranked_contract(tmp_path: Path) -> None:
    text = (EXAMPLES / "chinese-set.yaml").read_text().replace("name: chinese-set", "name: ranked")
    text = text.replace("tricks: {led_suit: named, must_follow: false, points: 1}", 'tricks: {count: "rank // 5"}')
    (tmp_path / "ranked.yaml").write_text(text)
    assert not check_file(tmp_path / "ranked.yaml"), _render(check_file(tmp_path / "ranked.yaml"))
    ranked = load_ruleset(tmp_path / "ranked.yaml")
    assert ranked.tricks is not None and ranked.tricks.led_suit is LedSuit.HIGHER_END
    read = _read(ranked)
    # Heaven and Earth rank 11 and 10, Man to Board 9 to 5, the nines and eights 6 and 5.
    assert "1-1 and 6-6 count 2; 2-2, 3-3, 4-4, 5-5, 1-3, 2-6, 3-5, 3-6 and 4-5 count 1; each trick 1." in read
    assert "A hand holds 30 points in all." in read  # 2 × 2 × 2 + 5 × 2 + 4 + 8 tricks


def test_a_house_rule_turns_a_game_without_trumps_into_one_with_a_stock(tmp_path: Path) -> None:
    (tmp_path / "plain.yaml").write_text(
        "name: plain\nfamily: tricks\nset: {max_pip: 6}\nplayers: {min: 2, max: 2}\ndeal: {hand_size: 7}\n"
        "start: {first_round: [random]}\ntricks: {}\nscoring: {hand: tricks}\nmatch: {target: 20}\n"
    )
    (tmp_path / "stocked.yaml").write_text(
        "name: stocked\nextends: ./plain.yaml\nstock: {turn_up: true, draw: true}\ntricks: {must_trump: true}\n"
    )
    stocked = load_ruleset(tmp_path / "stocked.yaml")
    assert stocked.tricks is not None and stocked.tricks.stock == TrickStock(turn_up=True, draw=True)
    assert stocked.tricks.trumps == {Trump.SUITS}
    (tmp_path / "stocked.yaml").write_text("name: stocked\nextends: ./plain.yaml\nstock: {draw: true}\n")
    assert load_ruleset(tmp_path / "stocked.yaml").tricks.trumps == {Trump.NONE}


def test_every_name_a_trick_expression_reads_is_said_in_words_and_documented() -> None:
    """The hand, lead and trick tile names: each read in words by explain, listed in the schema's
    description of the keys that read them, and in docs/format.md."""
    from interpreter.resources import load_schema
    from interpreter.rulefile.explain_tricks import LEAD, TRICK_TILE, hand_names
    from interpreter.rulefile.trick_rules import HAND_NAMES, LEAD_NAMES, TRICK_TILE_NAMES

    assert set(hand_names("player")) == set(HAND_NAMES)
    assert set(LEAD) == set(LEAD_NAMES) and set(TRICK_TILE) == set(TRICK_TILE_NAMES)
    schema = load_schema()["properties"]
    described = {
        "scoring.hand": (schema["scoring"]["properties"]["hand"]["description"], HAND_NAMES),
        "tricks.stop_when": (schema["tricks"]["properties"]["stop_when"]["description"], HAND_NAMES),
        "tricks.lead_trump": (schema["tricks"]["properties"]["lead_trump"]["description"], LEAD_NAMES),
        "tricks.count": (schema["tricks"]["properties"]["count"]["description"], TRICK_TILE_NAMES),
    }
    for key, (description, names) in described.items():
        listed = set(re.findall(r"\w+", description.split("names: ", 1)[1].split(")", 1)[0]))
        assert listed == set(names), (key, set(names) ^ listed)
    docs = (Path(__file__).parent.parent / "docs" / "format.md").read_text(encoding="utf-8")
    for name in (*HAND_NAMES, *LEAD_NAMES, *TRICK_TILE_NAMES):
        assert f"`{name}`" in docs, name


# --- tiles played together (rules/tien-gow.yaml) -----------------------------------------------------


def test_tien_gow_loads_its_combinations_place_by_place() -> None:
    rules = _load("tien-gow")
    tricks = rules.tricks
    assert tricks is not None
    assert (tricks.led_suit, tricks.must_follow, tricks.face_down) == (LedSuit.NAMED, False, True)
    later = [rule.criterion for rule in rules.start.later_rounds]
    assert later == [StartCriterion.PREVIOUS_WINNER, StartCriterion.NEXT_SEAT]
    combinations = {c.name: c for c in tricks.combinations}
    assert len(tricks.combinations) == len(combinations) == 32
    # A place is the tiles that may stand there: one tile, or either of the nines.
    assert combinations["Gee Joon"] == Combination("Gee Joon", (((2, 4),), ((1, 2),)), "Supreme pair", 1)
    assert combinations["pair of Heavens"] == Combination("pair of Heavens", (((6, 6),), ((6, 6),)), "civil pair", 11)
    assert combinations["Jaap Gow (mixed nines)"].tiles == (((3, 6),), ((4, 5),))
    assert combinations["Heaven and a nine"] == Combination(
        "Heaven and a nine", (((6, 6),), ((3, 6), (4, 5))), "mixed pair", 4
    )
    assert combinations["Goose and a five"].tiles == (((1, 3),), ((1, 4), (2, 3)))
    assert combinations["two Heavens and a nine"].tiles == (((6, 6),), ((6, 6),), ((3, 6), (4, 5)))
    assert combinations["Heavens and nines"] == Combination(
        "Heavens and nines", (((6, 6),), ((6, 6),), ((3, 6),), ((4, 5),)), "quartet", 4
    )
    kinds: dict[str, list[int]] = {}
    for c in tricks.combinations:
        kinds.setdefault(c.kind, []).append(c.rank)
    assert kinds == {
        "Supreme pair": [1],
        "civil pair": list(range(11, 0, -1)),
        "military pair": [4, 3, 2, 1],
        "mixed pair": [4, 3, 2, 1],
        "set of two civil and a military": [4, 3, 2, 1],
        "set of a civil and two military": [4, 3, 2, 1],
        "quartet": [4, 3, 2, 1],
    }
    assert {len(c.tiles) for c in tricks.combinations} == {2, 3, 4}


def test_a_house_rule_replaces_the_combinations_and_lays_nothing_face_down(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text(
        "name: house\nextends: tien-gow\ntricks:\n  face_down: false\n  last_bonus: null\n  trick_scores: null\n"
        "  combinations:\n"
        "    - {name: nines, tiles: [[3-6, 4-5, 3-6], [4-5, 3-6]], kind: pair, rank: 1}\n"
    )
    house = load_ruleset(tmp_path / "house.yaml")
    assert house.tricks is not None and not house.tricks.face_down
    # A tile listed twice in a place stands there once.
    assert house.tricks.combinations == (Combination("nines", (((3, 6), (4, 5)), ((4, 5), (3, 6))), "pair", 1),)
    single_text = "name: single\nextends: tien-gow\ntricks: {combinations: null, last_bonus: null, trick_scores: null}"
    single_text += "\n"
    (tmp_path / "single.yaml").write_text(single_text)
    single = load_ruleset(tmp_path / "single.yaml")
    assert single.tricks is not None and single.tricks.combinations == () and single.tricks.face_down


def test_the_ways_to_fill_the_places_of_the_combinations_are_bounded(tmp_path: Path) -> None:
    civil = "[6-6, 1-1, 4-4, 1-3, 5-5, 3-3, 2-2, 5-6]"
    path = tmp_path / "wide.yaml"
    path.write_text(
        "name: wide\nextends: tien-gow\ntricks:\n  last_bonus: null\n  trick_scores: null\n  combinations:\n"
        f"    - {{name: civil four, tiles: [{civil}, {civil}, {civil}, {civil}], kind: four, rank: 1}}\n"
    )
    (diagnostic,) = check_file(path)
    assert diagnostic.format() == (
        f"{path}:7:33: tricks.combinations[0].tiles: the combinations may stand for 2000 groups of tiles at most "
        "(each way of filling their places is one), and this one brings them to 4096"
    )


def test_the_number_bids_of_an_auction_are_bounded(tmp_path: Path) -> None:
    """Every bid above the standing one is a legal move: 7,000 bids made every auction's state list
    7,000 moves (and a file can reach a million). Refused at load, where the bids are written."""
    path = tmp_path / "many.yaml"
    path.write_text("name: many-bids\nextends: moon\nbidding: {min: 0, max: 6999, step: 1, special: null}\n"
                    "tricks: {points: 1000}\n")  # fmt: skip
    (diagnostic,) = check_file(path)
    assert diagnostic.format() == (
        f"{path}:3:24: bidding.max: the number bids from 0 to 6999 in steps of 1 are 7,000; an auction offers "
        f"{MAX_BIDS:,} at most (a larger step, or a narrower min … max)"
    )
    shown = domino("validate", str(path))  # the bound, in the words and at the place validate prints
    assert shown.status is ExitStatus.FAILURE and shown.stdout == diagnostic.format() + "\n"
    path.write_text("name: many-bids\nextends: moon\nbidding: {min: 0, max: 6993, step: 7, special: null}\n"
                    "tricks: {points: 1000}\n")  # fmt: skip
    assert check_file(path) == []
