"""The drawn table stays readable when it is crowded (issue 12): the page's own layout code, run in
Node on every step of the first round of big games, never lays one tile over another, keeps
every tile inside the box the view is fitted to, and puts no train's name tag over a tile or
another tag. Every tile is drawn, and every place a legal move goes has a place of its own, over no
tile and no other place (issue 20). Without Node the test skips locally and says why;
with CI set it fails (CI has Node: .ci/run installs the language server with npm)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from interpreter.engine import Match
from interpreter.frontends.computers import computer_choice
from interpreter.frontends.web.views import layout_json
from interpreter.resources import bundled_variants
from interpreter.rulefile.loader import load_ruleset

HERE = Path(__file__).resolve().parent
LAYOUT_JS = HERE.parents[1] / "interpreter" / "frontends" / "web" / "static" / "layout.js"


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("Node.js is missing (CI is set: this test must run there)")
        pytest.skip("Node.js is missing: the layout check runs the page's layout.js in Node")
    return node


def _first_round(variant: str, players: int, seed: int) -> dict:
    """Every layout of round 1 of a match of greedy players, as the page receives it, with the arms
    the legal moves go on ("lead": a move on no arm)."""
    ruleset = load_ruleset(bundled_variants()[variant])
    match = Match(ruleset, players=players, seed=seed)
    steps = []
    while not match.is_over and match.round == 1 and len(steps) < 2000:
        arms = {"lead" if a.arm is None else str(a.arm) for a in match.legal_actions() if a.kind == "play"}
        steps.append({"layout": layout_json(match.layout), "players": players, "arms": sorted(arms)})
        match.apply(computer_choice(match, "greedy", seed))
    return {"max_pip": match.ruleset.max_pip, "steps": steps}


def _check(tmp_path: Path, game: dict) -> dict:
    """The page's layout code run in Node on every step of `game`: what layout_overlaps.mjs counts."""
    node = _node()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    run = subprocess.run([node, str(HERE / "layout_overlaps.mjs"), str(path), str(LAYOUT_JS)],
                         capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


CROWDED = [
    *(("mexican-train-18", 8, seed) for seed in (1, 2, 3, 4)),  # nine trains from a double-eighteen hub
    *(("mexican-train", 8, seed) for seed in (1, 2)),
    *(("chicken-foot", players, seed) for players in (4, 7) for seed in (1, 2)),  # toes on every double
    *(("draw-12", 4, seed) for seed in (1, 2, 3, 4)),  # a long double-twelve line with spinners
    ("draw-12", 4, 8),  # a spinner whose arm goes on past it: straight on, its side arms to the sides
    ("chicken-foot", 7, 4),
    ("train-dominoes", 5, 3),
    ("straight", 4, 3),  # a spinner lead whose four arms grow
    ("sebastopol", 4, 3),
    ("maltese-cross", 4, 3),
]


# Not yet guaranteed (whole matches of every bundled layout game measured for issue 20): in later
# rounds a spinner laid where fewer sides are free than it has arms (fortress, doubles, chicken
# foot) may still lay a side arm over a tile; its places are kept apart all the same.
@pytest.mark.parametrize(("variant", "players", "seed"), CROWDED)
def test_a_crowded_table_never_lays_a_tile_over_another(tmp_path, variant, players, seed):
    game = _first_round(variant, players, seed)
    assert len(game["steps"]) > 20, "the round is long enough to crowd the table"
    found = _check(tmp_path, game)
    assert found["steps"] == 3 * len(game["steps"]) and found["tiles"] > 15
    assert (found["overlaps"], found["outside"]) == (0, 0), found["first"]
    assert found["label_overlaps"] == 0, "a train's name tag covers a tile or another tag"
    assert found["undrawn"] == 0, "a tile of the layout is not drawn"


# Where places crowded before issue 20: a chicken foot's toes (three places on one double, the
# train going on past it as one of them), a spinner on an arm of a line, a spinner lead with four
# arms, private trains that start from their owner's double (a place to lay that double).
PLACES = [
    *(("chicken-foot", 4, seed) for seed in (1, 2)),
    *(("chicken-foot", 7, seed) for seed in (1, 2, 4)),
    ("chicken-foot", 2, 3),
    *(("draw-12", 4, seed) for seed in (1, 8)),
    ("straight", 4, 3),
    *(("basic-trains", players, 1) for players in (4, 6)),
    ("mexican-train-18", 8, 1),
]


@pytest.mark.parametrize(("variant", "players", "seed"), PLACES)
def test_every_place_to_play_is_drawn_apart_from_the_tiles_and_the_other_places(tmp_path, variant, players, seed):
    game = _first_round(variant, players, seed)
    found = _check(tmp_path, game)
    assert found["places"] > len(game["steps"]), "the places were counted"
    assert (found["places_missing"], found["place_overlaps"]) == (0, 0), found["first_place"]
    assert found["undrawn"] == 0, "a tile of the layout (or the double a private train starts from) is not drawn"
