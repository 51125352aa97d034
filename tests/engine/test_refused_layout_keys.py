"""The layout keys of issue 29's layout mechanisms, refused where they stand: `deal.redeal_when`,
the `stock_lead` and `draw_until` start entries, `play.again_when` and `play.skip_when`, `play.until`,
`deal.undealt: starter`, `layout.spinners: first_double_optional`, `deal.hands: blind_row`."""

from __future__ import annotations

import pytest
from engine_helpers import problems

REFUSED = [
    ('extends: cuban\ndeal:\n  redeal_claim: "double >= 5"\n',
     "4:18: deal.redeal_claim: unknown name 'double'; did you mean 'doubles'?"),
    ("extends: cuban\ndeal:\n  redeal_claim: true\n",
     "4:17: deal.redeal_claim: this condition always holds: every player could throw every deal in"),
    ('extends: bingo\ndeal:\n  redeal_claim: "doubles >= 5"\n',
     "4:17: deal.redeal_claim: a deal thrown in because of a hand is played in layout games only, not yet in trick "
     "games"),
    ("extends: draw\nstart:\n  first_round: [lots_per_side]\n",
     "4:17: start.first_round[0]: 'lots_per_side' draws a lot for each side, so it needs partnerships "
     "(players.teams)"),
    ("extends: cuban\nstart:\n  first_round: [lots_per_sid]\n",
     "4:17: start.first_round[0]: 'lots_per_sid' is not one of highest_double, lots, random, previous_winner, "
     "next_seat, redeal, last_player_if_won, previous_starter_after_tie, winning_side_next, previous_out, "
     "winning_side_choice, after_last_player, winning_side_lightest, lots_per_side, lots_lowest; did you mean "
     "'lots_per_side'?"),
    ('extends: basic-trains\ndeal:\n  redeal_when: "double == 0"\n',
     "4:17: deal.redeal_when: unknown name 'double'; did you mean 'doubles'?"),
    ("extends: basic-trains\ndeal:\n  redeal_when: doubles\n",
     "4:16: deal.redeal_when: expected a condition (true/false), got a number"),
    ("extends: basic-trains\ndeal:\n  redeal_when: true\n",
     "4:16: deal.redeal_when: this condition always holds: no deal could stand"),
    ('extends: bingo\ndeal:\n  redeal_when: "doubles >= 5"\n',
     "4:16: deal.redeal_when: a deal thrown in because of a hand is played in layout games only, not yet in trick "
     "games"),
    ('extends: fortress\nstart:\n  first_round: [{stock_lead: "hgh == 6", start: [lots]}, lots]\n',
     "4:31: start.first_round[0].stock_lead: unknown name 'hgh'; did you mean 'high'?"),
    ("extends: fortress\nstart:\n  first_round: [{stock_lead: true}]\n",
     "4:17: start.first_round[0]: a 'stock_lead' entry needs both stock_lead: CONDITION and start: [criteria]"),
    ("extends: draw\nstart:\n  lead_from: stock\n  first_round: [{stock_lead: true, start: [lots]}]\n",
     "5:30: start.first_round[0].stock_lead: start.lead_from: stock already turns the lead up from the boneyard; "
     "use one"),
    ("extends: mexican-train\nstart:\n  first_round: [{stock_lead: true, start: [lots]}]\n",
     "4:30: start.first_round[0].stock_lead: a lead from the undealt tiles needs layout.topology: line (a hub leads "
     "its engine)"),
    ("extends: merry-go-round\nstart:\n  first_round: [{draw_until: is_dubble, start: [lots]}]\n",
     "4:30: start.first_round[0].draw_until: unknown name 'is_dubble'; did you mean 'is_double'?"),
    ("extends: merry-go-round\nstart:\n  lead: any\n  first_round: [{draw_until: is_double, start: [lots]}]\n",
     "5:30: start.first_round[0].draw_until: the tile drawn for is the one led: needs start.lead: qualifying"),
    ("extends: fortress\nstart:\n  first_round: [{draw_until: is_double, start: [lots]}]\n",
     "4:30: start.first_round[0].draw_until: the starter draws for a lead from the boneyard: needs deal.undealt: "
     "boneyard"),
    ('extends: pass-pass\nplay:\n  again_when: "end_summ == 5"\n',
     "4:16: play.again_when: unknown name 'end_summ'; did you mean 'end_sum'?"),
    ("extends: pass-pass\nplay:\n  again_when: true\n",
     "4:15: play.again_when: this condition always holds: the same player would play for ever"),
    ("extends: pass-pass\nplay:\n  skip_when: false\n", "4:14: play.skip_when: this condition never holds"),
    ("extends: fives-and-threes\nplay:\n  until: side_ot\n",
     "4:10: play.until: 'side_ot' is not one of first_out, all_out, side_out; did you mean 'side_out'?"),
    ("extends: fortress\ndeal:\n  undealt: startr\n",
     "4:12: deal.undealt: 'startr' is not one of boneyard, dead, starter, first_trick, last_trick; did you mean "
     "'starter'?"),
    ("extends: bingo\ndeal:\n  undealt: starter\n",
     "4:12: deal.undealt: starter gives the undealt tiles to the layout's first player: layout games only"),
    ("extends: mexican-train\ndeal:\n  undealt: starter\n",
     "4:12: deal.undealt: starter gives the undealt tiles to the player of the line's first tile: needs a line"),
    ("extends: sniff\nlayout:\n  spinners: first_double_optinal\n",
     "4:13: layout.spinners: 'first_double_optinal' is not one of none, first_double, every_double, lead_double, "
     "first_double_optional; did you mean 'first_double_optional'?"),
    ("extends: mexican-train\nlayout:\n  spinners: first_double_optional\n",
     "4:13: layout.spinners: first_double_optional lays the first double in line or across: needs a line"),
    ("extends: blind-hughie\ndeal:\n  hands: blind_rows\n",
     "4:10: deal.hands: 'blind_rows' is not one of open, blind_row; did you mean 'blind_row'?"),
    ("extends: bingo\ndeal:\n  hands: blind_row\n",
     "4:10: deal.hands: blind_row lays the rows' tiles on a layout: layout games only"),
    ("extends: mexican-train\ndeal:\n  hands: blind_row\n",
     "4:10: deal.hands: blind_row lays the turned tile on a line: needs layout.topology: line"),
    ("extends: draw\nplay:\n  until: side_out\n",
     "4:10: play.until: side_out waits for a whole side to be out, so it needs partnerships (players.teams)"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "problem"), REFUSED)
def test_a_bad_setting_is_refused_where_it_stands(text: str, problem: str) -> None:
    assert problems(text) == [problem]
