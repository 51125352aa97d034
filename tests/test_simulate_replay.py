"""`domino simulate` and `domino replay`, run as commands."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from interpreter.frontends.cli.commands.environment import ExitStatus
from interpreter.resources import bundled_variants
from tests.clirunner import domino


def test_simulate_json_has_the_documented_fields():
    result = domino("simulate", "draw", "-n", "5", "--seed", "3", "--players", "random,random,random", "--json")
    assert result.status is ExitStatus.OK, result.stderr
    summary = json.loads(result.stdout)
    for key in ("variant", "matches", "rounds", "wins", "mean_scores", "blocked_share", "seconds",
                "matches_per_s", "rounds_per_s"):
        assert key in summary
    assert summary["variant"] == "draw"
    assert summary["matches"] == 5
    assert len(summary["wins"]) == 3
    assert sum(summary["wins"]) == pytest.approx(5)
    assert summary["rounds"] >= 5


def test_simulate_same_seed_same_games(tmp_path):
    first = domino("simulate", "straight", "-n", "3", "--seed", "9", "--json", "--log", "a.jsonl", cwd=tmp_path)
    second = domino("simulate", "straight", "-n", "3", "--seed", "9", "--json", "--log", "b.jsonl", cwd=tmp_path)
    assert first.status is second.status is ExitStatus.OK
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    strip = ("seconds", "matches_per_s", "rounds_per_s")
    assert {k: v for k, v in json.loads(first.stdout).items() if k not in strip} == {
        k: v for k, v in json.loads(second.stdout).items() if k not in strip
    }


def test_simulate_defaults_to_the_fewest_players():
    summary = json.loads(domino("simulate", "mexican-train", "-n", "1", "--json").stdout)
    assert len(summary["players"]) == 2


def test_simulate_refuses_bad_arguments():
    assert domino("simulate", "draw", "--players", "random,genius").status is ExitStatus.USAGE
    assert domino("simulate", "draw", "--players", "random").status is ExitStatus.USAGE  # draw needs 2+
    assert domino("simulate", "draw", "-n", "0").status is ExitStatus.USAGE
    missing = domino("simulate", "no-such-variant")
    assert missing.status is ExitStatus.FAILURE
    assert "no-such-variant" in missing.stderr


@pytest.mark.parametrize("variant", sorted(bundled_variants()))
def test_replay_accepts_every_variants_log(tmp_path, variant):
    simulated = domino("simulate", variant, "-n", "1", "--seed", "4", "--log", "game.jsonl", cwd=tmp_path)
    assert simulated.status is ExitStatus.OK
    result = domino("replay", "game.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert "1 matches" in result.stdout


def _tampered(tmp_path, change):
    domino("simulate", "draw", "-n", "2", "--seed", "5", "--log", "game.jsonl", cwd=tmp_path)
    lines = (tmp_path / "game.jsonl").read_text().splitlines()
    number = change(lines)
    (tmp_path / "game.jsonl").write_text("\n".join(lines) + "\n")
    result = domino("replay", "game.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith(f"game.jsonl:{number}:"), result.stderr
    return result.stderr


def test_replay_stops_at_a_changed_score(tmp_path):
    def change(lines):
        for i, line in enumerate(lines):
            record = json.loads(line)
            if record["type"] == "round_end":
                record["scores"] = [s + 1 for s in record["scores"]]
                lines[i] = json.dumps(record)
                return i + 1
        raise AssertionError("no round_end record")

    _tampered(tmp_path, change)


def test_replay_stops_at_an_illegal_action(tmp_path):
    def change(lines):
        for i, line in enumerate(lines):
            record = json.loads(line)
            if record["type"] == "action" and record["action"]["kind"] == "play":
                record["action"]["tile"] = [9, 9]
                lines[i] = json.dumps(record)
                return i + 1
        raise AssertionError("no play action")

    assert "illegal" in _tampered(tmp_path, change)


def test_replay_stops_at_a_missing_record(tmp_path):
    def change(lines):
        for i, line in enumerate(lines):
            if json.loads(line)["type"] == "action" and i > 3:
                del lines[i]
                return i + 1
        raise AssertionError("no action")

    _tampered(tmp_path, change)


def test_replay_reports_garbage_with_its_line(tmp_path):
    (tmp_path / "bad.jsonl").write_text("{not json\n")
    result = domino("replay", "bad.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("bad.jsonl:1:")


def test_simulate_takes_house_rules_with_set_like_play(tmp_path):
    result = domino("simulate", "draw", "-n", "2", "--set", "match.target=20", "--log", "g.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    ends = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    finals = [max(record["scores"]) for record in ends if record["type"] == "match_end"]
    assert len(finals) == 2 and all(20 <= score < 100 for score in finals)
    replayed = domino("replay", "g.jsonl", cwd=tmp_path)
    assert replayed.status is ExitStatus.OK, replayed.stderr
    bad = domino("simulate", "draw", "--set", "match.taget=20", cwd=tmp_path)
    assert bad.status is ExitStatus.FAILURE and "--set match.taget=20" in bad.stderr


def test_simulate_with_set_in_several_processes(tmp_path):
    args = ("simulate", "straight", "-n", "4", "--set", "match.target=60", "--seed", "2", "--json")
    one = domino(*args, "--log", "one.jsonl", cwd=tmp_path)
    two = domino(*args, "--workers", "2", "--log", "two.jsonl", cwd=tmp_path)
    assert one.status is two.status is ExitStatus.OK, two.stderr
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()


HOUSE = "name: my-house\nextends: draw\nmatch: {target: 30}\n"


def test_replay_finds_the_rule_file_the_log_was_written_from(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "house.yaml").write_text(HOUSE)
    assert domino("simulate", "rules/house.yaml", "-n", "1", "--log", "g.jsonl", cwd=tmp_path).status is ExitStatus.OK
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "g.jsonl").rename(tmp_path / "elsewhere" / "g.jsonl")
    result = domino("replay", "g.jsonl", cwd=tmp_path / "elsewhere")
    assert result.status is ExitStatus.OK, result.stderr


def test_replay_of_a_changed_or_missing_rule_file_asks_for_rules(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE)
    assert domino("simulate", "house.yaml", "-n", "1", "--log", "g.jsonl", cwd=tmp_path).status is ExitStatus.OK
    house.write_text(HOUSE.replace("30", "40"))
    changed = domino("replay", "g.jsonl", cwd=tmp_path)
    assert changed.status is ExitStatus.FAILURE and "--rules FILE" in changed.stderr
    house.unlink()
    missing = domino("replay", "g.jsonl", cwd=tmp_path)
    assert missing.status is ExitStatus.FAILURE and "--rules FILE" in missing.stderr
    house.write_text(HOUSE)
    assert domino("replay", "g.jsonl", "--rules", "house.yaml", cwd=tmp_path).status is ExitStatus.OK


def _log_naming(tmp_path, path: str, digest_of: bytes) -> None:
    """A log whose header names `path` as its rule file, with the digest of `digest_of`."""
    (tmp_path / "house.yaml").write_text(HOUSE)
    domino("simulate", "house.yaml", "-n", "1", "--log", "g.jsonl", cwd=tmp_path)
    lines = (tmp_path / "g.jsonl").read_text().splitlines()
    header = json.loads(lines[0])
    assert header["rules_file"] == str((tmp_path / "house.yaml").resolve())
    header["rules_file"], header["rules_sha256"] = path, hashlib.sha256(digest_of).hexdigest()
    (tmp_path / "g.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")


def test_replay_never_reads_a_file_a_log_names_unless_it_is_a_rule_file(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("name: secret-words\nset: {max_pip: 6}\n")
    _log_naming(tmp_path, str(secret), secret.read_bytes())
    result = domino("replay", "g.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and "--rules FILE" in result.stderr
    assert "secret-words" not in result.stderr and "max_pip" not in result.stderr


def test_replay_uses_a_named_rule_file_only_when_its_digest_matches(tmp_path):
    other = tmp_path / "other.yaml"
    other.write_text("name: other-words\nextends: draw\nmatch: {target: 99}\n")
    _log_naming(tmp_path, str(other), b"something else")
    result = domino("replay", "g.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.FAILURE and "--rules FILE" in result.stderr
    assert "other-words" not in result.stderr and "99" not in result.stderr


def test_the_log_names_the_strategy_in_each_seat_and_still_replays(tmp_path):
    args = ("simulate", "draw", "-n", "3", "--players", "greedy,random,heavy", "--log", "g.jsonl")
    assert domino(*args, cwd=tmp_path).status is ExitStatus.OK
    lines = (tmp_path / "g.jsonl").read_text().splitlines()
    headers = [json.loads(line) for line in lines if json.loads(line)["type"] == "match"]
    assert [h["strategies"] for h in headers] == [
        ["greedy", "random", "heavy"], ["random", "heavy", "greedy"], ["heavy", "greedy", "random"],
    ]  # the seats rotate from match to match
    assert domino("replay", "g.jsonl", cwd=tmp_path).status is ExitStatus.OK
    # A log from before the key was written replays as it did.
    old = [json.dumps({k: v for k, v in json.loads(line).items() if k != "strategies"}) for line in lines]
    (tmp_path / "old.jsonl").write_text("\n".join(old) + "\n")
    result = domino("replay", "old.jsonl", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert "3 matches" in result.stdout


# --- `-`: the rules on standard input -----------------------------------------------------------

TYPED = "name: lunch\nextends: ./base.yaml\n"  # a relative extends: found from the current directory


def _without_timing(text: str) -> dict:
    return {k: v for k, v in json.loads(text).items() if k not in ("seconds", "matches_per_s", "rounds_per_s")}


def test_simulate_reads_the_rules_from_standard_input_in_any_number_of_processes(tmp_path):
    (tmp_path / "base.yaml").write_text(HOUSE)
    args = ("simulate", "-", "-n", "5", "--seed", "4", "--set", "match.target=40", "--json")
    one = domino(*args, "--log", "one.jsonl", cwd=tmp_path, stdin=TYPED)
    two = domino(*args, "--workers", "2", "--log", "two.jsonl", cwd=tmp_path, stdin=TYPED)
    assert one.status is two.status is ExitStatus.OK, one.stderr + two.stderr
    assert _without_timing(one.stdout) == _without_timing(two.stdout)
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    # The same rules as the same text in a file: the same digest, the same games.
    (tmp_path / "lunch.yaml").write_text(TYPED)
    filed = domino("simulate", "lunch.yaml", *args[2:], "--log", "file.jsonl", cwd=tmp_path)
    assert _without_timing(filed.stdout) == _without_timing(one.stdout)
    typed_log = [json.loads(line) for line in (tmp_path / "one.jsonl").read_text().splitlines()]
    filed_log = [json.loads(line) for line in (tmp_path / "file.jsonl").read_text().splitlines()]
    header, filed_header = typed_log[0], filed_log[0]
    assert header["rules_from"] == "stdin" and header["settings"] == ["match.target=40"]
    assert "rules_file" not in header and "rules_from" not in filed_header
    where = ("rules_from", "rules_file", "rules_sha256")  # all that tells the two logs apart
    assert [_without(record, where) for record in typed_log] == [_without(record, where) for record in filed_log]


def _without(record: dict, keys: tuple[str, ...]) -> dict:
    return {key: value for key, value in record.items() if key not in keys}


def test_replay_of_a_log_of_rules_from_standard_input_asks_for_the_rules(tmp_path):
    (tmp_path / "base.yaml").write_text(HOUSE)
    args = ("simulate", "-", "-n", "2", "--set", "match.target=40", "--log", "g.jsonl")
    written = domino(*args, cwd=tmp_path, stdin=TYPED)
    assert written.status is ExitStatus.OK, written.stderr
    asked = domino("replay", "g.jsonl", cwd=tmp_path)
    assert asked.status is ExitStatus.FAILURE and "Traceback" not in asked.stderr
    assert "read from standard input; pass --rules FILE" in asked.stderr
    (tmp_path / "lunch.yaml").write_text(TYPED)
    replayed = domino("replay", "g.jsonl", "--rules", "lunch.yaml", cwd=tmp_path)  # the log's --set is laid over
    assert replayed.status is ExitStatus.OK, replayed.stderr


def test_problems_of_rules_from_standard_input_are_reported_where_they_are(tmp_path):
    typed = "name: lunch\nextends: draw\nscoring:\n  domino: {points: '10 // (round - 1)'}\n"
    (tmp_path / "lunch.yaml").write_text(typed)
    # --set over the text: a problem it causes in a base is shown where it is, as over a file.
    too_small = ("simulate", "-n", "1", "--set", "set.max_pip=2")
    over_text = domino(too_small[0], "-", *too_small[1:], cwd=tmp_path, stdin=typed)
    over_file = domino(too_small[0], "lunch.yaml", *too_small[1:], cwd=tmp_path)
    assert over_text.status is over_file.status is ExitStatus.FAILURE
    assert over_text.stderr == over_file.stderr and "draw.yaml:" in over_text.stderr
    misspelt = domino("simulate", "-", "--set", "match.taget=20", cwd=tmp_path, stdin=typed)
    assert misspelt.status is ExitStatus.FAILURE and "--set match.taget=20" in misspelt.stderr
    # A formula that fails in a worker process names its place in the text typed.
    failed = domino("simulate", "-", "-n", "4", "--set", "match.target=50", "--workers", "2", cwd=tmp_path, stdin=typed)
    assert failed.status is ExitStatus.FAILURE
    assert failed.stderr.startswith("<stdin>:4:20 (scoring.domino.points): division by zero"), failed.stderr
    unreadable = domino("simulate", "-", cwd=tmp_path, stdin="name: [")
    assert unreadable.status is ExitStatus.FAILURE and unreadable.stderr.startswith("<stdin>:1:")


def test_a_long_run_is_cut_into_short_chunks_that_cover_every_match_once():
    # A stopped run (Ctrl-C, a lost worker) keeps only the chunks that finished: none may be long.
    from interpreter.records.replay import RulesOrigin
    from interpreter.rulefile.loader import load_ruleset
    from interpreter.study import simulation

    rules = load_ruleset(bundled_variants()["draw"])
    options = simulation._Options(detail=False, budget=None)
    spec = simulation._Spec(rules, RulesOrigin("draw"), ("random", "random"), 10_000, 1, None, None, options)
    for workers in (1, 2, 8):
        chunks = spec.chunks(workers)
        assert max(c.stop - c.start for c in chunks) <= simulation.CHUNK_MATCHES
        assert [i for c in chunks for i in range(c.start, c.stop)] == list(range(10_000))
    assert len(spec.chunks(2)) == 100  # 10,000 matches in chunks of 100, not 8 of 1,250


# --- where the outputs go: a log and a report are two files -------------------------------------


@pytest.mark.parametrize("spelling", ["out.jsonl", "./out.jsonl", "sub/../out.jsonl", "link.jsonl", "hard.jsonl"])
def test_simulate_refuses_a_report_over_its_own_log_before_writing(tmp_path, spelling):
    (tmp_path / "sub").mkdir()
    (tmp_path / "out.jsonl").write_text("kept\n")
    (tmp_path / "link.jsonl").symlink_to("out.jsonl")
    os.link(tmp_path / "out.jsonl", tmp_path / "hard.jsonl")
    result = domino("simulate", "draw", "-n", "1", "--log", "out.jsonl", "--report", spelling, cwd=tmp_path)
    assert result.status is ExitStatus.USAGE
    assert result.stderr == (
        f"domino simulate: --log out.jsonl and --report {spelling} are the same file; "
        "the report would replace the log: name two files\n"
    )
    assert (tmp_path / "out.jsonl").read_text() == "kept\n"


def test_simulate_refuses_a_log_and_report_through_a_link_to_a_file_not_yet_there(tmp_path):
    (tmp_path / "link.html").symlink_to("run.html")  # a dangling link: writing it creates run.html
    result = domino("simulate", "draw", "-n", "1", "--log", "run.html", "--report", "link.html", cwd=tmp_path)
    assert result.status is ExitStatus.USAGE and "are the same file" in result.stderr
    assert not (tmp_path / "run.html").exists()


def test_compare_refuses_a_report_over_its_csv_before_writing(tmp_path):
    (tmp_path / "rows").mkdir()
    (tmp_path / "rows" / "matches.csv").write_text("kept\n")
    result = domino("compare", "draw", "draw-50", "-n", "2", "--csv", "rows", "--report", "rows/matches.csv",
                    cwd=tmp_path)  # fmt: skip
    assert result.status is ExitStatus.USAGE
    assert result.stderr == (
        "domino compare: --report rows/matches.csv and --csv rows both write rows/matches.csv; "
        "the report would replace the rows: name another file\n"
    )
    assert (tmp_path / "rows" / "matches.csv").read_text() == "kept\n"


def test_a_log_and_a_report_side_by_side_are_both_written(tmp_path):
    result = domino("simulate", "draw", "-n", "2", "--log", "run.jsonl", "--report", "run.html", cwd=tmp_path)
    assert result.status is ExitStatus.OK, result.stderr
    assert (tmp_path / "run.html").read_text().startswith("<!DOCTYPE html>")
    assert domino("replay", "run.jsonl", cwd=tmp_path).status is ExitStatus.OK


# --- a log cut short, as a kill leaves it -------------------------------------------------------
# simulate writes whole records through a buffer, so a kill ends the file after any record, anywhere
# in a round; killed mid-write (or on a full disk), inside a record, without its "\n".


def _full_log(tmp_path) -> list[str]:
    """The lines (with their "\n") of a two-match log of draw."""
    assert domino("simulate", "draw", "-n", "2", "--seed", "5", "--log", "game.jsonl", cwd=tmp_path).status == 0
    return (tmp_path / "game.jsonl").read_text().splitlines(keepends=True)


def _replay_text(tmp_path, text: str):
    (tmp_path / "cut.jsonl").write_text(text)
    return domino("replay", "cut.jsonl", cwd=tmp_path)


def _types(lines: list[str]) -> list[str]:
    return [json.loads(line)["type"] for line in lines]


def _unfinished(kept: list[str]) -> str:
    """What replay prints of a log cut after `kept`: its matches and actions, the last unfinished."""
    types = _types(kept)
    return (
        f"cut.jsonl: {types.count('match')} matches, {types.count('action')} actions replayed, "
        "all consistent (the last match is unfinished)\n"
    )


def _cuts_at_round_boundaries(lines: list[str]) -> dict[str, int]:
    """Where a log may be cut between rounds: how many lines each such cut keeps."""
    types = _types(lines)
    ends = [i + 1 for i, kind in enumerate(types) if kind == "round_end"]
    match_ends = [i + 1 for i, kind in enumerate(types) if kind == "match_end"]
    second = types.index("match", 1)
    return {
        "after the first header": 1,
        "after the first round": ends[0],
        "after the last round, before the match end": match_ends[0] - 1,
        "after a round of the second match": next(end for end in ends if end > second + 1),
        "after the last round of the log": match_ends[-1] - 1,
    }


CUTS = ["after the first header", "after the first round", "after the last round, before the match end",
        "after a round of the second match", "after the last round of the log"]  # fmt: skip


@pytest.mark.parametrize("cut", CUTS)
def test_a_log_cut_at_a_round_boundary_replays_as_unfinished(tmp_path, cut):
    lines = _full_log(tmp_path)
    kept = lines[: _cuts_at_round_boundaries(lines)[cut]]
    result = _replay_text(tmp_path, "".join(kept))
    assert (result.status, result.stderr, result.stdout) == (ExitStatus.OK, "", _unfinished(kept))


@pytest.mark.parametrize("cut", CUTS)
def test_a_torn_last_line_is_a_cut_at_the_record_before(tmp_path, cut):
    lines = _full_log(tmp_path)
    keep = _cuts_at_round_boundaries(lines)[cut]
    kept, torn = lines[:keep], lines[keep][:40]  # a kill in the middle of writing the next record
    result = _replay_text(tmp_path, "".join(kept) + torn)
    assert (result.status, result.stderr, result.stdout) == (ExitStatus.OK, "", _unfinished(kept))


def test_a_log_cut_inside_a_round_after_any_record_replays_as_unfinished(tmp_path):
    # Every record is a plausible last one: here a score, whose round end the engine has produced.
    lines = _full_log(tmp_path)
    keep = _types(lines).index("round_end")
    assert _types(lines)[keep - 1] == "score"
    result = _replay_text(tmp_path, "".join(lines[:keep]))
    assert (result.status, result.stdout) == (ExitStatus.OK, _unfinished(lines[:keep]))


def test_a_whole_log_without_its_last_newline_is_whole(tmp_path):
    lines = _full_log(tmp_path)
    result = _replay_text(tmp_path, "".join(lines).removesuffix("\n"))
    assert result.status is ExitStatus.OK, result.stderr
    assert result.stdout == _unfinished(lines).replace(" (the last match is unfinished)", "")


def test_a_torn_line_with_more_after_it_is_damage(tmp_path):
    lines = _full_log(tmp_path)
    result = _replay_text(tmp_path, "".join(lines[:20]) + lines[20][:40] + "\n" + "".join(lines[21:]))
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("cut.jsonl:21: not a sound JSON record")


def test_a_torn_line_that_ends_the_log_is_damage_when_no_record_came_before(tmp_path):
    result = _replay_text(tmp_path, _full_log(tmp_path)[0][:40])
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith("cut.jsonl:1: not a sound JSON record")


def test_a_match_whose_end_is_missing_before_the_next_match_is_damage(tmp_path):
    lines = _full_log(tmp_path)
    match_end = _types(lines).index("match_end")
    result = _replay_text(tmp_path, "".join(lines[:match_end] + lines[match_end + 1 :]))
    assert result.status is ExitStatus.FAILURE
    assert result.stderr.startswith(f"cut.jsonl:{match_end + 1}: the log lacks a 'match_end' record")
