"""The table: arms that grow from the lead tile (line) or from the engine double (hub).

An arm is one open end with the tiles laid on it, from its root outward. A line starts with two
end arms at the lead (a spinner lead: all of its arms); a spinner laid on an arm continues that
arm past itself and opens side arms. A hub has one personal train per seat and the shared trains,
all rooted at the engine, or, where personal trains start from their owners' own doubles, two
trains per owner rooted at that double, added as it is laid. Markers belong to seats: a marked
seat's trains are open to everyone.
"""

from __future__ import annotations

END = "end"  # an arm at one of the lead tile's ends
SIDE = "side"  # an arm opened on the long side of a spinner
TRAIN = "train"  # an arm from the hub


class Spinner:
    """A spinner's bookkeeping, fixed once laid (clones share it).

    `ends` pairs each end arm with its length when the spinner was laid: that end carries a tile
    once the arm is longer. An attached spinner has one end only, its own arm: the end it was
    attached by is covered by definition.
    """

    __slots__ = ("ends", "tile")

    def __init__(self, tile: int, ends: tuple[tuple[int, int], ...]) -> None:
        self.tile = tile
        self.ends = ends


class Arm:
    __slots__ = ("id", "kind", "owner", "root", "spinner", "tiles", "value")

    def __init__(self, id: int, kind: str, owner: int | None, root: int, value: int, spinner: Spinner | None) -> None:
        self.id = id
        self.kind = kind
        self.owner = owner  # the seat owning a personal train, else None
        self.root = root  # the tile id it grows from: lead, engine or spinner
        self.value = value  # the pips the open end shows
        self.spinner = spinner  # set on a spinner's side arms only: they may wait for its ends
        self.tiles: list[tuple[int, int]] = []  # (tile id, touching half), root outward

    def copy(self) -> Arm:
        arm = Arm(self.id, self.kind, self.owner, self.root, self.value, self.spinner)
        arm.tiles = self.tiles.copy()
        return arm


class LaidLayout:
    __slots__ = ("arms", "closed", "doubles", "endwise", "engine", "lead", "markers", "own_doubles", "spinners")

    def __init__(self, players: int) -> None:
        self.arms: list[Arm] = []
        self.spinners: list[Spinner] = []
        self.lead: int | None = None  # the lead tile id (line)
        self.engine: int | None = None  # the engine double's tile id (hub)
        self.markers = [False] * players
        self.doubles = 0  # bitmask of the pips whose double lies on the table
        self.own_doubles: list[int] = []  # the doubles personal trains start from, in the order laid
        self.endwise = -1  # a double laid in line, as any other tile (layout.spinners: first_double_optional)
        self.closed: int | None = None  # the end arm of the lead left closed (start.lead_names_end)

    def copy(self) -> LaidLayout:
        new = LaidLayout(0)
        new.arms = [arm.copy() for arm in self.arms]
        new.spinners = self.spinners.copy()
        new.lead = self.lead
        new.engine = self.engine
        new.markers = self.markers.copy()
        new.doubles = self.doubles
        new.own_doubles = self.own_doubles.copy()
        new.endwise = self.endwise
        new.closed = self.closed
        return new

    def start_line(self, tile: int, low: int, high: int, spinner_arms: int) -> None:
        """Lay the lead; `spinner_arms` > 0 makes it a spinner with that many free arms."""
        self.lead = tile
        if spinner_arms:
            sides = tuple(range(2, spinner_arms))
            spinner = Spinner(tile, ((0, 0), (1, 0)))
            self.spinners.append(spinner)
            self.arms = [Arm(0, END, None, tile, low, None), Arm(1, END, None, tile, low, None)]
            self.arms += [Arm(i, SIDE, None, tile, low, spinner) for i in sides]
        else:
            self.arms = [Arm(0, END, None, tile, low, None), Arm(1, END, None, tile, high, None)]

    def start_hub(self, engine: int, pip: int, owners: list[int | None]) -> None:
        self.engine = engine
        self.doubles |= 1 << pip
        self.arms = [Arm(i, TRAIN, owner, engine, pip, None) for i, owner in enumerate(owners)]

    def start_own(self, tile: int, pip: int, seat: int) -> None:
        """`seat` lays its own double `tile`: its personal train, open at both of the double's ends."""
        self.own_doubles.append(tile)
        first = len(self.arms)
        self.arms += [Arm(first, TRAIN, seat, tile, pip, None), Arm(first + 1, TRAIN, seat, tile, pip, None)]

    def open_sides(self, arm: Arm, tile: int, pip: int, count: int) -> tuple[int, ...]:
        """Make the double just laid on `arm` a spinner with `count` side arms; their ids."""
        first = len(self.arms)
        sides = tuple(range(first, first + count))
        spinner = Spinner(tile, ((arm.id, len(arm.tiles)),))
        self.spinners.append(spinner)
        kind = TRAIN if arm.kind == TRAIN else SIDE
        self.arms += [Arm(i, kind, arm.owner, tile, pip, spinner) for i in sides]
        return sides

    def ends_covered(self, spinner: Spinner) -> bool:
        arms = self.arms
        return all(len(arms[a].tiles) > depth for a, depth in spinner.ends)

    def counted_ends(self, is_double: tuple[bool, ...], double_factor: int) -> list[int]:
        """What each open end counts for in-play scoring (docs/format.md, "How ends and end_sum count").

        A double at the end of an arm counts `double_factor` × its pip; so does a spinner whose own
        arm is still empty past it. The lead counts at an empty end arm: a lead double (spinner or
        not) once in all, a lead non-double the half that end shows. Empty side arms and empty
        trains count nothing.
        """
        out: list[int] = []
        lead_double_counted = False
        for arm in self.arms:
            if arm.tiles:
                tile = arm.tiles[-1][0]
                out.append(arm.value * double_factor if is_double[tile] else arm.value)
            elif arm.kind == END and arm.id != self.closed:  # a closed end (start.lead_names_end) is none
                if not is_double[arm.root]:
                    out.append(arm.value)
                elif not lead_double_counted:
                    out.append(arm.value * double_factor)
                    lead_double_counted = True
        return out

    def uncovered_ends(self, is_double: tuple[bool, ...], low: tuple[int, ...], double_factor: int) -> list[int]:
        """`counted_ends` under `spinner_count: uncovered`: a spinner counts `double_factor` × its
        pip while two or fewer of its sides carry a tile (the side it was attached by is covered),
        its pip with three, nothing with four; its own arms count only the tiles laid on them."""
        spun = {spinner.tile: spinner for spinner in self.spinners}
        out: list[int] = []
        lead_double_counted = False
        for arm in self.arms:
            if arm.tiles:
                tile = arm.tiles[-1][0]
                if tile not in spun:  # a spinner at an arm's end counts below, as a spinner
                    out.append(arm.value * double_factor if is_double[tile] else arm.value)
            elif arm.kind == END and arm.root not in spun and arm.id != self.closed:
                if not is_double[arm.root]:
                    out.append(arm.value)
                elif not lead_double_counted:
                    out.append(arm.value * double_factor)
                    lead_double_counted = True
        for spinner in self.spinners:
            free = sum(len(self.arms[end].tiles) <= laid for end, laid in spinner.ends)
            free += sum(1 for arm in self.arms if arm.spinner is spinner and not arm.tiles)
            pip = low[spinner.tile]
            out.append(pip * double_factor if free >= 2 else pip if free == 1 else 0)
        return out

    def open_ends(self, is_double: tuple[bool, ...]) -> list[tuple[int, bool]]:
        """Each open end of the line or the trains, as a player sees it: the pips it shows and
        whether a double lies there. An arm with tiles ends in its last tile (a spinner still open
        past itself included); an empty end arm of the lead shows the lead (a lead double at each
        of its empty ends); empty side arms and empty trains are not ends yet."""
        out: list[tuple[int, bool]] = []
        for arm in self.arms:
            if arm.tiles:
                out.append((arm.value, is_double[arm.tiles[-1][0]]))
            elif arm.kind == END and arm.id != self.closed:  # a closed end (start.lead_names_end) is none
                out.append((arm.value, is_double[arm.root]))
        return out

    def tile_ids(self) -> list[int]:
        """Every tile on the table: the lead or engine first, the players' own doubles, then arm by arm."""
        root = [self.lead] if self.lead is not None else [self.engine] if self.engine is not None else []
        return root + self.own_doubles + [tile for arm in self.arms for tile, _ in arm.tiles]


class Demand:
    """An open double: `remaining` more of its uncovered `arms` must each take a tile before play
    goes anywhere else. It binds once `active` (at once, or from the next turn on)."""

    __slots__ = ("active", "arms", "remaining", "tile")

    def __init__(self, tile: int, arms: list[int], remaining: int, active: bool) -> None:
        self.tile = tile
        self.arms = arms
        self.remaining = remaining
        self.active = active

    def copy(self) -> Demand:
        return Demand(self.tile, self.arms.copy(), self.remaining, self.active)
