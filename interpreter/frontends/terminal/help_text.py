"""What `help` prints at the terminal's prompt: the moves a game may be typed as, and the commands."""

from __future__ import annotations

from interpreter.rulefile.ruleset import Ruleset
from interpreter.rulefile.trick_rules import LedSuit, Trump

COMMANDS = """\
Other commands:
  hint         what the strongest computer player would do
  table        show the table again
  scores       the score sheet: every hand (round) so far, and the totals
  rules        the rules of this game
  help         this text
  quit         stop; the game is saved and `domino resume FILE` continues it
"""

HELP = """\
Type the number of a move, or name it:
  6-3          play the tile [6|3] (add the place's number, 6-3 2, when it fits several)
  draw, pass, marker
""" + COMMANDS

TRICK_HELP = """\
Type the number of a move, or name it:
  bid 31, bid 1 mark, pass      in the auction (a bare number is a move's number)
  trumps sixes, doubles, no trumps
                                the bidder names trumps (also: trumps 6, follow me)
  6-3                           play the tile [6|3] to the trick
""" + COMMANDS


def trick_help(ruleset: Ruleset) -> str:
    """The moves a trick game may be typed as: only those its rules have."""
    rules = ruleset.tricks
    if rules is None:
        return TRICK_HELP
    lines = ["Type the number of a move, or name it:"]
    if rules.bidding is not None:
        lines.append("  bid 31, bid 1 mark, pass      in the auction (a bare number is a move's number)")
        if len(rules.trumps) > 1 or rules.contracts or Trump.SUITS in rules.trumps:
            lines.append("  trumps sixes, doubles, no trumps")
            lines.append("                                the bidder names trumps (also: trumps 6, follow me)")
    if rules.calls is not None:
        lines.append("  keep, drop, exchange          before the first lead: play the hand, sit it out, or draw anew")
    if rules.passing is not None:
        lines.append("  pass 6-3, give 6-3            before play: pass the tile [6|3] (a bare 6-3 says it too)")
    if rules.melds is not None:
        lines.append("  meld 0-6 1-6 2-6, pass        show a meld by its tiles; pass when you have no more")
    lines.append("  6-3                           play the tile [6|3] to the trick")
    if rules.combinations:
        lines.append("  play 6-6 6-6                  lead tiles together, or play as many as were led")
        lines.append("  pick 6-6                      to follow several tiles: pick them one at a time instead")
    elif rules.face_down:
        lines.append("  play 6-6 1-1                  play as many tiles as were led")
    if rules.led_suit is LedSuit.LEADER_NAMES:
        lines.append("  play 6-3 as 3                 lead [6|3] and name its suit: threes (or: 6-3 as threes)")
    if rules.stock is not None and rules.stock.close:
        lines.append("  close                         close the stock instead of leading at once")
    if (rules.bidding is not None and rules.bidding.kitty) or (rules.calls is not None and rules.calls.exchange):
        lines.append("  discard 6-3                   lay the tile [6|3] face down")
    return "\n".join(lines) + "\n" + COMMANDS


def layout_help(ruleset: Ruleset) -> str:
    """The moves a layout game may be typed as."""
    return HELP
