"""The prompt loop: computer seats move by themselves, each person is shown the table and asked for a
move, and the game is saved after every action.

Reading a move never changes the match: a refused input gets its reason and the same prompt. A
computer's choice depends only on the match's seed and how far the log has come, so a resumed game
goes on as the uninterrupted one would have.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import TextIO

from interpreter.engine import Action, Match
from interpreter.frontends.computers import computer_choice, estimate_words, hint_moves
from interpreter.frontends.presentation.boards import board_of as words_board
from interpreter.frontends.presentation.moves import numbered, read_move, same_move
from interpreter.frontends.presentation.narration import Narrator
from interpreter.frontends.presentation.refused import Refused
from interpreter.frontends.presentation.score_sheet import score_sheet_lines
from interpreter.frontends.presentation.seats import Seat
from interpreter.frontends.presentation.style import Style
from interpreter.frontends.terminal.asked import ASKED
from interpreter.frontends.terminal.boards import board_of as terminal_board
from interpreter.frontends.terminal.line_reader import line_reader, typed_words
from interpreter.rulefile.ruleset import Ruleset
from interpreter.text.untrusted import printable

_CLEAR_SCREEN = "\x1b[H\x1b[2J\x1b[3J"  # and the scrollback, where the last hand would still be


class Ending(enum.Enum):
    FINISHED = "finished"
    QUIT = "quit"
    END_OF_INPUT = "end of input"


class _Stop(Exception):
    def __init__(self, ending: Ending) -> None:
        super().__init__(ending.value)
        self.ending = ending


class Session:
    def __init__(
        self,
        match: Match,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        seed: int,
        streams: tuple[TextIO, TextIO],
        style: Style,
        save: Callable[[], None],
        rules_text: Callable[[], str],
        terminal: tuple[bool, bool],
    ) -> None:
        self.match = match
        self.ruleset = ruleset
        self.seats = seats
        self.seed = seed
        self.stdin, self.out = streams
        self.style = style
        self.save = save
        self.rules_text = rules_text
        typing, watching = terminal  # whether stdin and stdout are terminals
        self.echo = not typing  # piped input is shown, so that a transcript reads as a dialogue
        self.interactive = typing and watching
        self.narrator = Narrator(match, seats, style)
        humans = [number for number, seat in enumerate(seats) if seat.human]
        self.hot_seat = len(humans) > 1
        # Per person, how much of the log they have been told, from the deal of the current round on
        # (a resumed game retells its round so far); a spectator, when nobody plays, is told it all.
        tellers: list[int | None] = [*humans] or [None]
        self.told: dict[int | None, int] = {number: self._round_start() for number in tellers}
        self.last_human = humans[0] if humans else None
        self.on_screen: int | None = None  # whose hand the screen shows
        self.board = terminal_board(match)  # the screen, help and words of the board the hands are played on
        self.round_word = words_board(match).round_word
        # At a terminal, lines are edited and recalled with readline; Tab completes the help's words.
        self.lines = line_reader(self.stdin, self.out, typed_words(self._help()))

    def run(self) -> Ending:
        try:
            while not self.match.is_over:
                seat = self.match.current_player
                assert seat is not None
                if self.seats[seat].human:
                    action = self._ask(seat)
                else:
                    action = computer_choice(self.match, self.seats[seat].kind, self.seed)
                events = self.match.apply(action)
                self.save()
                if None in self.told:
                    self._tell(None, None)
                elif self.interactive and not self.hot_seat and any(e["type"] == "round_end" for e in events):
                    self._pause_after_round()
        except _Stop as stop:
            return stop.ending
        if None not in self.told:
            # The end is told to the last person who moved; in hot-seat play, as everyone may see it.
            self._tell(self.last_human, None if self.hot_seat else self.last_human)
        return Ending.FINISHED

    def _round_start(self) -> int:
        """Where the current round's deal is in the log: a resumed game retells its round so far."""
        for index in range(len(self.match.events) - 1, -1, -1):
            if self.match.events[index]["type"] == "deal":
                return index
        return 0

    def _tell(self, listener: int | None, viewer: int | None, upto: int | None = None) -> None:
        """Tell `listener` what happened since they were last told (up to event `upto`), showing what
        `viewer` may see."""
        end = len(self.match.events) if upto is None else upto
        start = self.told[listener]
        events = self.match.events[start:end]
        self.told[listener] = end
        lines = self.narrator.tell(events, viewer, start)
        if lines:
            self.out.write("\n".join(lines) + "\n")

    def _pause_after_round(self) -> None:
        """At a terminal, let the person take in how the round ended before the next one is dealt."""
        person = self.last_human
        if self.match.is_over or person is None:
            return
        deal = self._round_start()
        self._tell(person, person, upto=deal)
        answer = self._read(f"Press Enter to deal {self.round_word} {self.match.round}. ", remember=False)
        if answer.strip().lower() in ("quit", "q", "exit"):
            raise _Stop(Ending.QUIT)

    def _ask(self, seat: int) -> Action:
        if self.hot_seat and seat != self.on_screen:
            self._hand_over(seat)
        self.on_screen = self.last_human = seat
        self._tell(seat, seat)
        legal = numbered(self.match.legal_actions(), self.match.layout, self.match.ruleset)
        legal = self.board.order(self.match, legal)
        self.out.write("\n" + self._screen(seat, legal))
        who = "Your" if self.seats[seat].name == "You" else f"{self.seats[seat].name}, your"
        numbers = f"1–{len(legal)}" if len(legal) > 1 else "1"
        asked = ASKED.part(self.match.phase_kind)
        prompt = f"{who} {asked} ({numbers}, or help): "
        while True:
            text = self._read(prompt)
            command = text.strip().lower()
            if command in ("quit", "q", "exit"):
                raise _Stop(Ending.QUIT)
            if command in ("help", "h", "?"):
                self.out.write(self._help())
            elif command == "hint":
                self.out.write(self._hint(legal) + "\n")
            elif command == "rules":
                self.out.write(printable(self.rules_text()))  # the rule file's words, never its escapes
            elif command in ("table", "t"):
                self.out.write(self._screen(seat, legal))
            elif command in ("scores", "score"):
                self.out.write("\n".join(score_sheet_lines(self.match, self.seats)) + "\n")
            elif not command and len(legal) == 1:
                return legal[0]  # Enter takes the only move there is (drawing, again and again)
            elif not command:
                continue
            else:
                try:
                    return read_move(text, legal, self.match, self.seats)
                except Refused as refused:
                    # A refusal may quote what was typed: escaped, though the output lets colours pass.
                    self.out.write(self.style.problem(printable(refused.reason)) + "\n")

    def _help(self) -> str:
        return self.board.help(self.ruleset)

    def _screen(self, seat: int, legal: Sequence[Action]) -> str:
        return self.board.screen(self.match, self.ruleset, self.seats, seat, legal, self.style)

    def _describe(self, action: Action) -> str:
        return self.board.describe(action, self.match, self.seats)

    def _read(self, prompt: str, remember: bool = True) -> str:
        """The next line after `prompt`; `remember`: the Up arrow may recall it (not a "press Enter")."""
        line = self.lines.read(prompt)
        if not line:
            self.out.write("\n")
            raise _Stop(Ending.END_OF_INPUT)
        if self.echo:
            # Escaped as a file's words are: the output lets the program's colours pass, not a typed one.
            self.out.write(printable(line.removesuffix("\n"), keep="\t") + "\n")
        if remember:
            self.lines.remember(line)
        return line

    def _hint(self, legal: Sequence[Action]) -> str:
        """What the strongest computer player would do here, and, when it searches, the best few
        moves with how they did in its playouts. The same choice a computer seat would make."""
        match = self.match
        layout = match.layout
        rules = match.ruleset
        # A move may be a listed move's twin (the same tile on another empty shared train).
        number = {same_move(action, layout, rules): n for n, action in enumerate(legal, start=1)}
        strongest, moves = hint_moves(match, self.seed)
        shown = number[same_move(moves[0][0], layout, rules)]
        lines = [f"Hint ({strongest}): {shown} — {self._describe(legal[shown - 1])}"]
        for action, estimate in moves:
            if estimate is not None:
                listed = number[same_move(action, layout, rules)]
                # The move as a player says it ("bid 31", "[6|4]", "[5|3] on the left end").
                move = legal[listed - 1]
                said = self.board.said(move, match, self.seats)
                odds = estimate_words(estimate.chance, estimate.visits, self.round_word + "s")
                lines.append(f"  {listed}. {said}: {odds}")
        return "\n".join(lines)

    def _hand_over(self, seat: int) -> None:
        name = self.seats[seat].name
        self.out.write("\n" + self.style.heading(f"══ {name}'s turn ══") + "\n")
        if self.interactive:
            # At a shared terminal, the last player's hand must leave the screen before the next looks.
            self._read(f"{name}: press Enter when only you can see the screen. ", remember=False)
            # The screen is cleared by the table's own sequence: the command's output shows any other
            # escape sequence escaped (environment.py), so it is written as a control of its own.
            getattr(self.out, "write_control", self.out.write)(_CLEAR_SCREEN)
