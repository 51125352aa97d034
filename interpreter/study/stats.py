"""The statistics of `domino simulate` and `domino compare`: estimates with 95% intervals.

Every function takes per-match values (the match is the unit: its rounds are not independent
of each other, its seats even less) and returns an `IntervalEstimate`. docs/compare.md says how
to read them and why these methods:

- a rate of matches (a win rate): the Wilson score interval;
- a mean over matches (rounds per match, the score margin): the t interval;
- a per-round quantity (points, turns, tiles drawn per round): the ratio of the sums over the
  matches (every round weighs the same), its interval by the delta method over matches;
- a share of rounds (blocked rounds): the same ratio, its interval Wilson's with the number of
  rounds discounted by how much the rounds of one match resemble each other (Kish's design effect);
- a difference B − A on the same seeds: the per-seed differences' mean and t interval (for a
  ratio, the per-seed differences of its linearised values).

A run need not keep its matches: a mean, a ratio and a share need only the sums of each match's
value, its denominator, their squares and their product (`Sums`), which `domino simulate` adds up
as it plays and `domino compare` from its records, so that both give the same numbers.

Pure Python, no dependency: the t quantiles come from a table and an expansion.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

# What each statistic of `simulate --json` and `compare --json` is counted in: the same statistic
# has the same name, the same shape (an `IntervalEstimate`: {"value", "ci95"}) and the same unit in
# both. Rates and differences of rates are fractions (0 to 1, −1 to 1), never percents: a program
# reads them, and the text shows them as percents and percentage points (pp).
UNITS = {
    "strategies": "share of matches won (0 to 1)",
    "seats": "share of matches won (0 to 1)",
    "first_seat_advantage": "share of matches won (-1 to 1): the first seat's win rate minus the seats' average",
    "points_per_round": "points (all sides together) per round",
    "rounds_per_match": "rounds",
    "turns_per_round": "turns (one seat's actions in a row) per round",
    "blocked_share": "share of rounds that ended blocked (0 to 1)",
    "tiles_drawn_per_round": "tiles drawn from the boneyard per round",
    "score_margin": "points: the winning side's lead over the best other side at the end",
    "made_share": "trick games: share of the hands played under a bid whose bid was made (0 to 1)",
}

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval

# t quantiles for 97.5% (a two-sided 95% interval), 1 to 30 degrees of freedom.
_T975 = (
    12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252,
    2.306004135, 2.262157163, 2.228138852, 2.200985160, 2.178812830, 2.160368656, 2.144786688,
    2.131449546, 2.119905299, 2.109815578, 2.100922040, 2.093024054, 2.085963447, 2.079613845,
    2.073873068, 2.068657610, 2.063898562, 2.059538553, 2.055529439, 2.051830516, 2.048407142,
    2.045229642, 2.042272456,
)  # fmt: skip


@dataclass(frozen=True)
class IntervalEstimate:
    """A point estimate and its 95% interval; the bounds are None where the data cannot give one
    (fewer than two matches for a mean)."""

    value: float
    low: float | None
    high: float | None

    def shifted(self, offset: float) -> IntervalEstimate:
        return IntervalEstimate(
            self.value + offset,
            None if self.low is None else self.low + offset,
            None if self.high is None else self.high + offset,
        )

    def clipped(self, low: float, high: float) -> IntervalEstimate:
        """The interval kept within what the quantity can be (a difference of rates: −1 to 1)."""
        return IntervalEstimate(
            self.value,
            None if self.low is None else max(low, self.low),
            None if self.high is None else min(high, self.high),
        )

    def to_json(self, digits: int = 4) -> dict[str, object]:
        bound = lambda x: None if x is None else round(x, digits)  # noqa: E731
        return {"value": round(self.value, digits), "ci95": [bound(self.low), bound(self.high)]}


def as_json(found: Mapping[str, object]) -> dict[str, object]:
    """Statistics as JSON: an `IntervalEstimate` (alone, in a list or by name) as {"value", "ci95"}, a
    number rounded to 4 places, anything else (None, a count) as it is."""
    out: dict[str, object] = {}
    for key, value in found.items():
        if isinstance(value, IntervalEstimate):
            out[key] = value.to_json()
        elif isinstance(value, dict):
            out[key] = {name: estimate.to_json() for name, estimate in value.items()}
        elif isinstance(value, list):
            out[key] = [estimate.to_json() for estimate in value]
        else:
            out[key] = round(value, 4) if isinstance(value, float) else value
    return out


def t975(df: int) -> float:
    """The 97.5% quantile of Student's t with `df` degrees of freedom (a two-sided 95% interval)."""
    if df < 1:
        raise ValueError("t needs at least one degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    # Cornish–Fisher expansion around the normal quantile (Abramowitz & Stegun 26.7.5): for
    # df > 30 its error is below 1e-6.
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def wilson(successes: float, trials: float) -> tuple[float, float]:
    """The Wilson score interval (95%) of a success rate; shared wins count as fractions of a
    success, and `trials` may be an effective (fractional) number."""
    if trials <= 0:
        return (0.0, 1.0)
    p = min(max(successes / trials, 0.0), 1.0)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The bound at an end is that end exactly (rounding would leave 1 − 1e-16 for all successes).
    return (0.0 if p == 0 else max(0.0, centre - half), 1.0 if p == 1 else min(1.0, centre + half))


def rate(values: Sequence[float]) -> IntervalEstimate:
    """A rate of matches: `values` are each match's outcome (1 a win, 0 a loss, a fraction for a
    shared win or the mean over several seats); Wilson's interval over the matches."""
    return rate_of(math.fsum(values), len(values))


def rate_of(successes: float, matches: int) -> IntervalEstimate:
    """A rate of matches from its sum of outcomes over `matches` matches, with Wilson's interval."""
    low, high = wilson(successes, matches)
    return IntervalEstimate(successes / matches if matches else 0.0, low, high)


Exact = int | Fraction  # a sum that adds up alike in any order


def _exact(value: float) -> Exact:
    return value if isinstance(value, int | Fraction) else Fraction(value)


@dataclass
class Sums:
    """Each match's pair (y, x) summed exactly, with their squares and product: y a count or a value,
    x what it is out of (the match's rounds, say; 1 for a plain mean). All that `mean_of`, `ratio_of`
    and `share_of` need, in any number of matches; integers and fractions add up alike in any order,
    so the parts of a run played apart (workers, a cluster) give the same numbers as one."""

    n: int = 0
    y: Exact = 0
    x: Exact = 0
    yy: Exact = 0
    xx: Exact = 0
    xy: Exact = 0

    @classmethod
    def of(cls, ys: Sequence[float], xs: Sequence[float] | None = None) -> Sums:
        exact_ys = [_exact(y) for y in ys]
        exact_xs = [1] * len(ys) if xs is None else [_exact(x) for x in xs]
        return cls(
            len(exact_ys),
            sum(exact_ys),
            sum(exact_xs),
            sum(y * y for y in exact_ys),
            sum(x * x for x in exact_xs),
            sum(x * y for x, y in zip(exact_xs, exact_ys, strict=True)),
        )

    def add(self, y: float, x: float = 1) -> None:
        exact_y, exact_x = _exact(y), _exact(x)
        self.n += 1
        self.y += exact_y
        self.x += exact_x
        self.yy += exact_y * exact_y
        self.xx += exact_x * exact_x
        self.xy += exact_x * exact_y

    def merge(self, other: Sums) -> None:
        self.n += other.n
        self.y += other.y
        self.x += other.x
        self.yy += other.yy
        self.xx += other.xx
        self.xy += other.xy

    def denominators(self) -> Sums:
        """The sums of the x alone, as values (the mean number of rounds, from the blocked rounds' sums)."""
        return Sums(self.n, self.x, self.n, self.xx, self.n, self.x)


def _variance(values: Sequence[float], centre: float) -> float:
    return math.fsum((x - centre) ** 2 for x in values) / (len(values) - 1)


def mean(values: Sequence[float]) -> IntervalEstimate:
    """The mean over matches, with the t interval: exactly `mean_of` for counts (as simulate sums
    them); for other values (shares of a win, differences of them) in floating point, two passes,
    as exact fractions of arbitrary floats would cost a hundred times as much."""
    if all(isinstance(value, int) for value in values):
        return mean_of(Sums.of(values))
    n = len(values)
    centre = math.fsum(values) / n
    if n < 2:
        return IntervalEstimate(centre, None, None)
    half = t975(n - 1) * math.sqrt(_variance(values, centre) / n)
    return IntervalEstimate(centre, centre - half, centre + half)


def mean_of(sums: Sums) -> IntervalEstimate:
    """The mean of the matches' y, with the t interval."""
    n = sums.n
    if n == 0:
        return IntervalEstimate(0.0, None, None)
    centre = Fraction(sums.y) / n
    if n < 2:
        return IntervalEstimate(float(centre), None, None)
    variance = (sums.yy - sums.y * centre) / (n - 1)
    half = t975(n - 1) * math.sqrt(variance / n)
    return IntervalEstimate(float(centre), float(centre) - half, float(centre) + half)


def _linearised(numerators: Sequence[float], denominators: Sequence[float]) -> tuple[float, list[float]]:
    """The ratio of sums R = Σy / Σx, and each match's linearised value (y − R·x) / x̄, whose mean is
    0 and whose variance over n is R's by the delta method."""
    total = math.fsum(denominators)
    if total == 0:
        return 0.0, [0.0] * len(numerators)
    ratio_ = math.fsum(numerators) / total
    x_bar = total / len(denominators)
    return ratio_, [(y - ratio_ * x) / x_bar for y, x in zip(numerators, denominators, strict=True)]


def _ratio_variance(sums: Sums) -> tuple[Fraction, Fraction]:
    """R = Σy / Σx and the variance over the matches of their linearised values (y − R·x) / x̄:
    Σ(y − R·x)² / x̄² / (n − 1), from the sums (0 and 0 where there is no x)."""
    if sums.x == 0 or sums.n < 2:
        return Fraction(0) if sums.x == 0 else Fraction(sums.y) / sums.x, Fraction(0)
    ratio_ = Fraction(sums.y) / sums.x
    x_bar = Fraction(sums.x) / sums.n
    squares = sums.yy - 2 * ratio_ * sums.xy + ratio_ * ratio_ * sums.xx
    return ratio_, squares / (x_bar * x_bar) / (sums.n - 1)


def ratio(numerators: Sequence[float], denominators: Sequence[float]) -> IntervalEstimate:
    """A per-round quantity: Σ numerators / Σ denominators over the matches (say points over
    rounds), with the delta-method interval, matches as the unit (a t quantile)."""
    return ratio_of(Sums.of(numerators, denominators))


def ratio_of(sums: Sums) -> IntervalEstimate:
    """Σy / Σx over the matches, with the delta-method interval, matches as the unit."""
    n = sums.n
    if n == 0:
        return IntervalEstimate(0.0, None, None)
    value, variance = _ratio_variance(sums)
    if n < 2:
        return IntervalEstimate(float(value), None, None)
    half = t975(n - 1) * math.sqrt(variance / n)
    return IntervalEstimate(float(value), float(value) - half, float(value) + half)


def share(counts: Sequence[float], totals: Sequence[float]) -> IntervalEstimate:
    """A share of rounds (say the blocked ones) from each match's count and number of rounds."""
    return share_of(Sums.of(counts, totals))


def share_of(sums: Sums) -> IntervalEstimate:
    """A share of rounds, Σy / Σx (blocked rounds over rounds), with Wilson's interval over the
    effective number of rounds — the rounds divided by the design effect (the ratio's variance over
    matches against the binomial variance of independent rounds; never below 1, so the interval is
    never narrower than treating every round as independent)."""
    rounds = sums.x
    if sums.n == 0 or rounds == 0:
        return IntervalEstimate(0.0, 0.0, 1.0)
    value, variance = _ratio_variance(sums)
    effective = Fraction(rounds)
    binomial = value * (1 - value) / rounds
    if sums.n >= 2 and binomial > 0:
        clustered = variance / sums.n
        effective = rounds / max(Fraction(1), clustered / binomial)
    low, high = wilson(float(value * effective), float(effective))
    return IntervalEstimate(float(value), low, high)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> IntervalEstimate:
    """B − A on the same seeds: the mean of the per-seed differences b[i] − a[i], with the t interval."""
    return mean([y - x for x, y in zip(a, b, strict=True)])


def paired_ratio_difference(
    a_numerators: Sequence[float],
    a_denominators: Sequence[float],
    b_numerators: Sequence[float],
    b_denominators: Sequence[float],
) -> IntervalEstimate:
    """R_B − R_A for two ratios measured on the same seeds: the difference of the ratios, with the
    t interval of the per-seed differences of their linearised values (the delta method, paired)."""
    n = len(a_numerators)
    if n == 0:
        return IntervalEstimate(0.0, None, None)
    ra, za = _linearised(a_numerators, a_denominators)
    rb, zb = _linearised(b_numerators, b_denominators)
    value = rb - ra
    if n < 2:
        return IntervalEstimate(value, None, None)
    d = [y - x for x, y in zip(za, zb, strict=True)]
    half = t975(n - 1) * math.sqrt(_variance(d, math.fsum(d) / n) / n)
    return IntervalEstimate(value, value - half, value + half)


def running_rate(values: Sequence[float]) -> list[IntervalEstimate]:
    """The rate and its Wilson interval after each match: how the estimate settles as matches accumulate."""
    out: list[IntervalEstimate] = []
    total = 0.0
    for n, x in enumerate(values, start=1):
        total += x
        low, high = wilson(total, n)
        out.append(IntervalEstimate(total / n, low, high))
    return out
