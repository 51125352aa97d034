"""`declaration` compiled into the trick rules' `Declaration` (docs/format.md, "Declarations that
score"), with its checks against the rest of the trick rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from interpreter.expressions.language import Type
from interpreter.rulefile.trick_rules import DECLARE_NAMES, Declaration, Shows

if TYPE_CHECKING:
    from interpreter.rulefile.build import _Builder


def build_declaration(b: _Builder, written: bool, grouped: bool) -> Declaration | None:
    """The declaration a leader may make, or None when the file has none (`written`: it has a
    section). `grouped`: tricks of plays (tiles led together, or laid face down), where it is refused."""
    if not written:
        return None
    if grouped:
        message = "a declaration comes before a lead of one tile face up: not with tiles led together or face down"
        b.problem(("declaration",), message, key=True)
    requires = b.expr(("declaration", "requires"), DECLARE_NAMES, Type.BOOL)
    points = b.expr(("declaration", "points"), DECLARE_NAMES, Type.INT)
    shows = b.option(Shows, "declaration", "shows")
    after_trick = bool(b.get("declaration", "after_trick"))
    lead_shown = bool(b.get("declaration", "lead_shown"))
    wins_when = b.expr(("declaration", "wins_when"), DECLARE_NAMES, Type.BOOL)
    if requires is None or points is None:
        return None  # the problem is reported where the expression is
    return Declaration(requires, shows, points, after_trick, lead_shown, wins_when)
