"""A rating history drawn as an SVG picture: the rating line and its deviation band.

:func:`rating_chart` takes the points of a history (time, rating, deviation) and returns a
self-contained SVG document: a polyline through the ratings, a lightly shaded band of ±1
deviation around it (clipped to the picture: a provisional rating's band fills it),
horizontal grid lines with their ratings, and the first and last dates under the axis.
Times are spread by their order (one step a rated result), so a burst of matches in a
day stays readable.

>>> from datetime import datetime, timezone
>>> t = datetime(2026, 1, 5, tzinfo=timezone.utc)
>>> svg = rating_chart([ChartPoint(t, 1500, 500), ChartPoint(t, 1662.3, 290)])
>>> svg.startswith("<svg") and 'class="rating-line"' in svg
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape


@dataclass(frozen=True, slots=True)
class ChartPoint:
    """One point of a rating history: when, the rating and its deviation after it."""

    when: datetime
    rating: float
    deviation: float


def _nice_step(span: float) -> float:
    """A round grid step giving about four lines over ``span``."""
    raw = max(span / 4.0, 1.0)
    power = 10 ** math.floor(math.log10(raw))
    for mult in (1, 2, 5, 10):
        if raw <= mult * power:
            return float(mult * power)
    return float(10 * power)


def chart_coordinates(
    points: Sequence[ChartPoint], width: int = 600, height: int = 240, pad: int = 40
) -> tuple[list[tuple[float, float]], float, float]:
    """The ``(x, y)`` of every point's rating, and the rating shown at the bottom and top.

    The vertical range covers every rating (not the band) with a margin of a tenth of
    their spread, at least 20; x steps
    evenly from the left edge (``pad``) to the right (``width - pad / 2``).
    """
    if not points:
        return [], 0.0, 0.0
    lo, hi = min(p.rating for p in points), max(p.rating for p in points)
    margin = max(20.0, (hi - lo) / 10.0)
    low, high = lo - margin, hi + margin
    left, right = float(pad), float(width) - pad / 2
    top, bottom = pad / 2, float(height) - pad
    n = len(points)
    coords = []
    for i, p in enumerate(points):
        x = left if n == 1 else left + (right - left) * i / (n - 1)
        y = bottom - (bottom - top) * (p.rating - low) / (high - low)
        coords.append((round(x, 1), round(y, 1)))
    return coords, low, high


def rating_chart(
    points: Sequence[ChartPoint],
    title: str = "Rating",
    width: int = 600,
    height: int = 240,
    empty: str = "No rated results yet",
) -> str:
    """The history as an SVG document (``viewBox`` ``0 0 width height``, scalable).

    With no points the picture says so (``empty``, in the reader's language). Each point
    carries a ``<title>`` with its date and rating, shown as a tooltip.
    """
    pad = 40
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="100%" role="img" aria-label="{escape(title)}" class="rating-chart">'
        f"<title>{escape(title)}</title>"
        f'<rect width="{width}" height="{height}" fill="#fff"/>'
    )
    if not points:
        return (
            head + f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle" '
            f'fill="#6b7280" font-size="14">{escape(empty)}</text></svg>'
        )
    coords, low, high = chart_coordinates(points, width, height, pad)
    top, bottom = pad / 2, float(height) - pad

    def y_of(rating: float) -> float:
        clipped = min(max(rating, low), high)
        return round(bottom - (bottom - top) * (clipped - low) / (high - low), 1)

    parts = [head]
    step = _nice_step(high - low)
    line = math.ceil(low / step) * step
    while line <= high:
        y = y_of(line)
        parts.append(
            f'<line x1="{pad}" x2="{width - pad / 2}" y1="{y}" y2="{y}" stroke="#e5e7eb"/>'
            f'<text x="{pad - 4}" y="{y + 4}" text-anchor="end" font-size="11" '
            f'fill="#6b7280">{int(line)}</text>'
        )
        line += step
    upper = [(x, y_of(p.rating + p.deviation)) for (x, _), p in zip(coords, points, strict=True)]
    lower = [(x, y_of(p.rating - p.deviation)) for (x, _), p in zip(coords, points, strict=True)]
    band = " ".join(f"{x},{y}" for x, y in [*upper, *reversed(lower)])
    parts.append(f'<polygon class="rating-band" points="{band}" fill="#0f513212"/>')
    path = " ".join(f"{x},{y}" for x, y in coords)
    parts.append(
        f'<polyline class="rating-line" points="{path}" fill="none" stroke="#0f5132" '
        'stroke-width="2.5" stroke-linejoin="round"/>'
    )
    for (x, y), p in zip(coords, points, strict=True):
        parts.append(
            f'<circle class="rating-point" cx="{x}" cy="{y}" r="3" fill="#0f5132">'
            f"<title>{p.when.date().isoformat()}: {p.rating:.0f} ± {p.deviation:.0f}</title>"
            "</circle>"
        )
    first, last = points[0].when.date().isoformat(), points[-1].when.date().isoformat()
    parts.append(
        f'<text x="{pad}" y="{height - pad / 2 + 6}" font-size="11" fill="#6b7280">{first}</text>'
        f'<text x="{width - pad / 2}" y="{height - pad / 2 + 6}" text-anchor="end" '
        f'font-size="11" fill="#6b7280">{last}</text>'
    )
    parts.append("</svg>")
    return "".join(parts)
