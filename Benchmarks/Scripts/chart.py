#!/usr/bin/env python3
"""Draws the table of Scripts/instructions.py as an SVG bar chart.

One group of horizontal bars per workload: instructions per operation of the
hand-written code, Instill and the peers, on a logarithmic scale (the peers are tens
of times slower than the rest, so a linear scale would hide the difference between
hand-written code and Instill). A variant missing from a workload has no bar.

Input: the Markdown table instructions.py prints (a file, or standard input); the
columns read are those whose header ends in "(Ir/op)". Standard library only.

Usage:
  python3 Scripts/instructions.py --output run.md
  python3 Scripts/chart.py run.md -o ../Sources/Instill/Instill.docc/Resources/performance-instructions.svg
"""

import argparse
import math
import pathlib
import sys
from xml.sax.saxutils import escape

COLOURS = {
    "hand-written": "#7f8c8d",
    "Instill": "#2e86de",
    "Swinject": "#e67e22",
    "swift-dependencies": "#8e44ad",
}
FALLBACK_COLOURS = ["#27ae60", "#c0392b", "#16a085"]

LABEL_WIDTH = 230
BAR_AREA = 540
VALUE_WIDTH = 90
BAR_HEIGHT = 13
BAR_GAP = 3
GROUP_GAP = 16
TOP = 64
FONT = "font-family='-apple-system, Helvetica, Arial, sans-serif'"


def read_table(text: str) -> tuple[list[str], list[tuple[str, dict[str, float]]]]:
    """The variants (in column order) and, per workload, each variant's figure."""
    variants: list[str] = []
    columns: dict[int, str] = {}
    rows: list[tuple[str, dict[str, float]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if not columns:
            for index, cell in enumerate(cells):
                if cell.endswith("(Ir/op)"):
                    columns[index] = cell.removesuffix("(Ir/op)").strip()
            variants = list(columns.values())
            continue
        if set(cells[0]) <= set("-: "):
            continue
        figures = {}
        for index, variant in columns.items():
            cell = cells[index].replace(",", "") if index < len(cells) else ""
            try:
                figures[variant] = float(cell)
            except ValueError:
                pass  # "—": no such variant for this workload
        rows.append((cells[0], figures))
    if not columns:
        sys.exit("no column ending in (Ir/op): is this the table of instructions.py?")
    return variants, rows


def short(value: float) -> str:
    for limit, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= limit:
            scaled = value / limit
            return f"{scaled:.3g}{suffix}"
    return f"{value:.3g}"


def chart(variants: list[str], rows: list[tuple[str, dict[str, float]]], title: str) -> str:
    values = [v for _, figures in rows for v in figures.values() if v > 0]
    low = 10 ** math.floor(math.log10(min(values)))
    high = 10 ** math.ceil(math.log10(max(values)))
    decades = round(math.log10(high / low))

    def x(value: float) -> float:
        return LABEL_WIDTH + BAR_AREA * math.log10(max(value, low) / low) / decades

    colours = {}
    for index, variant in enumerate(variants):
        colours[variant] = COLOURS.get(variant, FALLBACK_COLOURS[index % len(FALLBACK_COLOURS)])

    heights = [len(figures) * (BAR_HEIGHT + BAR_GAP) - BAR_GAP for _, figures in rows]
    plot_height = sum(heights) + GROUP_GAP * (len(rows) + 1)
    width = LABEL_WIDTH + BAR_AREA + VALUE_WIDTH
    height = TOP + plot_height + 40

    out = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' {FONT} font-size='12'>",
        f"<rect width='{width}' height='{height}' fill='white'/>",
        f"<text x='{LABEL_WIDTH}' y='20' font-size='14' font-weight='bold'>{escape(title)}</text>",
    ]
    # Legend.
    legend_x = LABEL_WIDTH
    for variant in variants:
        out.append(f"<rect x='{legend_x}' y='32' width='12' height='12' fill='{colours[variant]}'/>")
        out.append(f"<text x='{legend_x + 16}' y='42'>{escape(variant)}</text>")
        legend_x += 24 + 7 * len(variant)
    # Decade grid lines and their labels.
    axis_bottom = TOP + plot_height
    for decade in range(decades + 1):
        value = low * 10**decade
        gx = x(value)
        out.append(f"<line x1='{gx:.1f}' y1='{TOP}' x2='{gx:.1f}' y2='{axis_bottom}' stroke='#ddd'/>")
        out.append(f"<text x='{gx:.1f}' y='{axis_bottom + 16}' text-anchor='middle' fill='#555'>{short(value)}</text>")
    out.append(
        f"<text x='{LABEL_WIDTH + BAR_AREA / 2}' y='{axis_bottom + 34}' text-anchor='middle' fill='#555'>"
        "instructions per operation (callgrind), log scale</text>"
    )
    # Bars.
    y = TOP + GROUP_GAP
    for (workload, figures), group_height in zip(rows, heights):
        out.append(
            f"<text x='{LABEL_WIDTH - 8}' y='{y + group_height / 2 + 4:.1f}' text-anchor='end'>{escape(workload)}</text>"
        )
        for variant in variants:
            if variant not in figures:
                continue
            value = figures[variant]
            end = x(value)
            out.append(
                f"<rect x='{LABEL_WIDTH}' y='{y}' width='{end - LABEL_WIDTH:.1f}' height='{BAR_HEIGHT}' "
                f"fill='{colours[variant]}'><title>{escape(variant)}: {value:,.0f}</title></rect>"
            )
            out.append(f"<text x='{end + 4:.1f}' y='{y + BAR_HEIGHT - 2}' font-size='10' fill='#333'>{value:,.0f}</text>")
            y += BAR_HEIGHT + BAR_GAP
        y += GROUP_GAP - BAR_GAP
    out.append(f"<line x1='{LABEL_WIDTH}' y1='{TOP}' x2='{LABEL_WIDTH}' y2='{axis_bottom}' stroke='#333'/>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("table", nargs="?", type=pathlib.Path, help="the table (default: standard input)")
    parser.add_argument("-o", "--output", type=pathlib.Path, help="the SVG to write (default: standard output)")
    parser.add_argument("--title", default="Instructions per operation: hand-written, Instill and the peers")
    options = parser.parse_args()

    text = options.table.read_text() if options.table else sys.stdin.read()
    variants, rows = read_table(text)
    svg = chart(variants, rows, options.title)
    if options.output:
        options.output.write_text(svg)
    else:
        sys.stdout.write(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
