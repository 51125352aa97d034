"""The HTML report of `domino simulate --report` and `domino compare --report`.

One self-contained page: the command's text summary and plots drawn by matplotlib (the Agg
backend, never a window), each embedded as inline SVG with its text drawn as paths, and the
styles inline — no script, no font, no image from anywhere else, so it opens without a network.
The same runs give the same bytes (fixed SVG ids, no dates).

matplotlib is imported only by `write`: the rest of the command line never pays for it.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from interpreter.study.stats import running_rate, wilson
from interpreter.text.untrusted import is_rule_file_name
from interpreter.version import DISTRIBUTION

if TYPE_CHECKING:
    from interpreter.study.simulation import MatchRecord, SimulationResult

Runs = Sequence[tuple[str, "SimulationResult"]]  # (label, a run kept with detail=True)

_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#7f7f7f")

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 2em; }
pre { background: #f6f6f6; padding: 1em; overflow-x: auto; font-size: 0.85em; line-height: 1.35; }
figure { margin: 1.5em 0; } figcaption { font-size: 0.9em; color: #555; margin-top: 0.3em; }
svg { max-width: 100%; height: auto; }
"""


INSTALL = f"pip install '{DISTRIBUTION}[report]'"


def missing_library() -> str | None:
    """Why a report cannot be drawn here (the report extra, matplotlib, is not installed), or None."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return f"needs matplotlib: {INSTALL}"
    return None


def path_problem(path: Path) -> str | None:
    """Why a report cannot go to `path`, checked before a run (a rule file would be erased)."""
    if is_rule_file_name(path) or is_rule_file_name(path.resolve()):
        return "a report is HTML; that name is a rule file's (.yaml/.yml), which it would erase"
    if path.is_dir():
        return "that is a folder; name a file in it"
    if not path.parent.is_dir():
        return f"there is no folder {path.parent.name or path.parent}"
    return None


def write(path: Path, title: str, summary: str, runs: Runs) -> None:
    """The page for `runs` (labels as the command line named them), with `summary` (the command's
    text output) above the plots. OSError if it cannot be written."""
    path.write_text(page(title, summary, runs), encoding="utf-8")


def page(title: str, summary: str, runs: Runs) -> str:
    figures = "\n".join(
        f"<h2>{html.escape(heading)}</h2>\n<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"
        for heading, svg, caption in plots(runs)
    )
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<h1>{html.escape(title)}</h1>\n<pre>{html.escape(summary)}</pre>\n{figures}\n"
        "<p><small>Intervals are 95%; <code>domino docs compare</code> says how they are computed.</small></p>\n"
        "</body>\n</html>\n"
    )


def plots(runs: Runs) -> list[tuple[str, str, str]]:
    """(heading, inline SVG, caption) of every plot."""
    import matplotlib

    matplotlib.use("Agg")  # no window, whatever the environment says
    from matplotlib.figure import Figure

    drawers = (
        ("Points per round", _points_per_round, "How many points a round gives (all sides together), as a share "
         "of the rounds."),
        ("Match length", _match_length, "How many rounds a match lasts, as a share of the matches."),
        ("Win rate by seat", _seat_rates, "The share of matches won from each seat (strategies rotate through "
         "the seats), with 95% Wilson intervals; the dotted line is an even share."),
        ("Win rate by strategy", _strategy_rates, "The share of matches each strategy won, with 95% Wilson "
         "intervals."),
        ("Score margin", _margins, "The winning side's lead over the best other side when a match ends."),
        ("Running win rate", _running, "Each strategy's win rate and its 95% interval after every match: how "
         "the estimate settles as matches accumulate."),
    )  # fmt: skip
    out = []
    for number, (heading, draw, caption) in enumerate(drawers, start=1):
        with matplotlib.rc_context({"svg.hashsalt": f"domino-{number}", "svg.fonttype": "path", "font.size": 9}):
            figure = Figure(figsize=(7.5, 3.4 if draw is not _running else 2.6 * len(runs) + 0.6))
            draw(figure, runs)
            figure.tight_layout()
            buffer = io.StringIO()
            figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
        out.append((heading, _inline(buffer.getvalue(), f"f{number}-"), caption))
    return out


def _inline(svg: str, prefix: str) -> str:
    """An SVG document as an element of the page: no XML prologue or doctype (whose DTD address
    nothing fetches, but a page should not name it), no metadata, its ids made the figure's own."""
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.DOTALL)
    ids = set(re.findall(r'\bid="([^"]+)"', svg))
    svg = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}{m.group(1)}"', svg)
    return re.sub(r"#([A-Za-z_][\w.-]*)", lambda m: f"#{prefix}{m.group(1)}" if m.group(1) in ids else m.group(0), svg)


def _colour(index: int) -> str:
    return _COLOURS[index % len(_COLOURS)]


def _records(result: SimulationResult) -> list[MatchRecord]:
    return result.records


def _histogram(figure: Any, runs: Runs, values_of: Any, xlabel: str, ylabel: str, integer: bool = True) -> None:
    import numpy as np

    axes = figure.add_subplot()
    data = [np.asarray(values_of(result), dtype=float) for _, result in runs]
    pooled = np.concatenate([d for d in data if d.size] or [np.zeros(1)])
    low, high = float(pooled.min()), float(pooled.max())
    if integer and high - low <= 60:
        edges = np.arange(low - 0.5, high + 1.5)
    else:
        edges = np.histogram_bin_edges(pooled, bins=min(40, max(10, int(np.sqrt(pooled.size)))))
    for index, ((label, _), values) in enumerate(zip(runs, data, strict=True)):
        if not values.size:
            continue
        weights = np.full(values.size, 1 / values.size)
        axes.hist(values, bins=edges, weights=weights, histtype="step", linewidth=1.6, color=_colour(index),
                  label=f"{label} (mean {values.mean():.1f})")  # fmt: skip
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.legend(frameon=False)
    axes.grid(alpha=0.3)


def _points_per_round(figure: Any, runs: Runs) -> None:
    _histogram(
        figure, runs, lambda r: [p for record in _records(r) for p in record.round_points], "points in a round",
        "share of rounds",
    )  # fmt: skip


def _match_length(figure: Any, runs: Runs) -> None:
    _histogram(
        figure, runs, lambda r: [record.rounds for record in _records(r)], "rounds in a match", "share of matches"
    )


def _margins(figure: Any, runs: Runs) -> None:
    _histogram(
        figure, runs, lambda r: [record.margin for record in _records(r)], "winner's lead (points)", "share of matches",
        integer=False,
    )  # fmt: skip


def _bars(figure: Any, runs: Runs, groups: list[str], rates_of: Any, fair: float | None, xlabel: str) -> None:
    axes = figure.add_subplot()
    width = 0.8 / max(len(runs), 1)
    for index, (label, result) in enumerate(runs):
        rates = rates_of(result)  # [(successes, trials)] per group
        xs = [g + (index - (len(runs) - 1) / 2) * width for g in range(len(groups))]
        values = [s / t if t else 0.0 for s, t in rates]
        intervals = [wilson(s, t) for s, t in rates]
        errors = [[v - lo for v, (lo, _) in zip(values, intervals, strict=True)],
                  [hi - v for v, (_, hi) in zip(values, intervals, strict=True)]]  # fmt: skip
        axes.bar(xs, values, width * 0.9, yerr=errors, capsize=3, color=_colour(index), alpha=0.8, label=label)
    if fair is not None:
        axes.axhline(fair, linestyle=":", color="#444")
    axes.set_xticks(range(len(groups)), groups)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("win rate")
    axes.set_ylim(0, 1)
    axes.legend(frameon=False)
    axes.grid(axis="y", alpha=0.3)


def _seat_rates(figure: Any, runs: Runs) -> None:
    seats = len(runs[0][1].strategies)

    def rates(result: SimulationResult) -> list[tuple[float, int]]:
        records = _records(result)
        return [(sum(record.wins[seat] for record in records), len(records)) for seat in range(seats)]

    records = _records(runs[0][1])
    fair = sum(sum(record.wins) for record in records) / max(len(records), 1) / seats
    _bars(figure, runs, [f"seat {seat + 1}" for seat in range(seats)], rates, fair, "seat (1: the first to sit)")


def _strategy_rates(figure: Any, runs: Runs) -> None:
    names = list(dict.fromkeys(runs[0][1].strategies))

    def rates(result: SimulationResult) -> list[tuple[float, int]]:
        records = _records(result)
        return [(sum(record.share_of(name) for record in records), len(records)) for name in names]

    _bars(figure, runs, names, rates, None, "strategy")


def _running(figure: Any, runs: Runs) -> None:
    names = list(dict.fromkeys(runs[0][1].strategies))
    first = None
    for row, (label, result) in enumerate(runs):
        axes = figure.add_subplot(len(runs), 1, row + 1, sharex=first)
        first = first or axes
        for index, name in enumerate(names):
            running = running_rate([record.share_of(name) for record in _records(result)])
            xs = range(1, len(running) + 1)
            axes.plot(xs, [e.value for e in running], color=_colour(index), linewidth=1.4, label=name)
            axes.fill_between(xs, [e.low for e in running], [e.high for e in running], color=_colour(index), alpha=0.15)
        axes.set_ylim(0, 1)
        axes.set_ylabel("win rate")
        axes.set_title(label, fontsize=9, loc="left")
        axes.grid(alpha=0.3)
        axes.legend(frameon=False, loc="best", ncols=len(names))
    if first is not None:
        figure.axes[-1].set_xlabel("matches played")
