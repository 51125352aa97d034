"""Two `start` keys of layout games, checked beyond the schema: `lead_names_end` (the leader of a
tile that is no double names which of its ends stays open; a line grows from that end only) and
`tied_winner` (whom `previous_winner` picks when several tie for the previous round's best score)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.rulefile.ruleset import Layout, LeadFrom, Spinners, Start, StartCriterion, TiedWinner, Topology

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def check_start_options(b: _Builder, layout: Layout, start: Start) -> None:
    if start.lead_names_end:
        _check_lead_names_end(b, layout, start)
    rules = start.later_rounds
    if start.tied_winner is not TiedWinner.NOBODY and not any(
        rule.criterion is StartCriterion.PREVIOUS_WINNER for rule in rules
    ):
        b.problem(
            ("start", "tied_winner"),
            "breaks a tie for the previous round's win, which only a previous_winner criterion in "
            "start.later_rounds reads; there is none",
        )


def _check_lead_names_end(b: _Builder, layout: Layout, start: Start) -> None:
    """The lead is laid from a hand onto a line whose lead keeps its two ends (no spinner lead)."""
    path = ("start", "lead_names_end")
    if layout.topology is not Topology.LINE:
        b.problem(path, "the leader names which end of the line's lead is open: it needs layout.topology: line")
    elif layout.spinners is not Spinners.NONE:
        b.problem(path, "a line growing from one end of its lead has no spinner lead: it needs layout.spinners: none")
    elif start.lead_from is LeadFrom.STOCK or any(
        rule.stock_lead is not None for rule in (*start.first_round, *start.later_rounds)
    ):
        b.problem(path, "a lead turned up from the stock has no leader to name its open end; lead from a hand")
