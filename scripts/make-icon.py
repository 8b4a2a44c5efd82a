#!/usr/bin/env python3
"""Draws the game's icon: a wooden board in a rounded square, a row of five black stones
across it and three white ones blocking too late.

Writes packaging/icons/scalable/io.github.gomoku.Gomoku.svg and the PNGs at the sizes desktop
menus ask for (packaging/icons/<N>x<N>/io.github.gomoku.Gomoku.png). Only the standard
library: the PNGs are rasterised here from the same shapes as the SVG, four by four samples
per pixel for smooth edges, and written with zlib. The outputs are committed; run this again
after changing the drawing.

Usage: scripts/make-icon.py
"""

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "packaging" / "icons"
APP_ID = "io.github.gomoku.Gomoku"
SIZES = [16, 24, 32, 48, 64, 128, 256, 512]

# The drawing in a 256-unit square (the SVG's viewBox).
CORNER = 44.0
MARGIN = 8.0
WOOD = (0xE0, 0xA4, 0x59)
WOOD_EDGE = (0x9C, 0x66, 0x2C)
LINE = (0x5A, 0x3A, 0x18)
BLACK = (0x1E, 0x1E, 0x22)
WHITE = (0xF4, 0xF1, 0xEA)
WHITE_RIM = (0x8A, 0x84, 0x7A)
GRID = [56.0 + 36.0 * i for i in range(5)]  # five lines each way
RADIUS = 16.5
# Five black stones on the diagonal, three white ones beside it.
BLACKS = [(i, i) for i in range(5)]
WHITES = [(1, 0), (3, 2), (2, 4)]


def rounded_square_coverage(x, y):
    """1 inside the board's rounded square, 0 outside (a sample point)."""
    lo, hi = MARGIN, 256.0 - MARGIN
    if x < lo or x > hi or y < lo or y > hi:
        return 0
    cx = min(max(x, lo + CORNER), hi - CORNER)
    cy = min(max(y, lo + CORNER), hi - CORNER)
    return 1 if (x - cx) ** 2 + (y - cy) ** 2 <= CORNER**2 else 0


def shade(x, y):
    """The colour at a sample point, or None where the icon is transparent."""
    if not rounded_square_coverage(x, y):
        return None
    # The board's edge: a darker band inside the rounded square.
    inner = MARGIN + 7.0
    lo, hi = inner, 256.0 - inner
    cx = min(max(x, lo + CORNER - 7.0), hi - CORNER + 7.0)
    cy = min(max(y, lo + CORNER - 7.0), hi - CORNER + 7.0)
    if (x < lo or x > hi or y < lo or y > hi) or (x - cx) ** 2 + (y - cy) ** 2 > (CORNER - 7.0) ** 2:
        return WOOD_EDGE
    for stones, fill, rim in ((BLACKS, BLACK, BLACK), (WHITES, WHITE, WHITE_RIM)):
        for i, j in stones:
            dx, dy = x - GRID[i], y - GRID[j]
            d2 = dx * dx + dy * dy
            if d2 <= RADIUS**2:
                if d2 >= (RADIUS - 2.5) ** 2:
                    return rim
                # A soft highlight up and to the left.
                hx, hy = dx + 5.0, dy + 5.0
                if hx * hx + hy * hy <= 25.0:
                    return tuple(min(255, c + (70 if fill == BLACK else 11)) for c in fill)
                return fill
    on_line = any(abs(x - g) <= 2.0 for g in GRID) and GRID[0] - 2 <= y <= GRID[-1] + 2
    on_line |= any(abs(y - g) <= 2.0 for g in GRID) and GRID[0] - 2 <= x <= GRID[-1] + 2
    return LINE if on_line else WOOD


def render(size):
    """RGBA rows at `size` pixels, 4x4 samples per pixel."""
    n = 4
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            r = g = b = a = 0
            for sy in range(n):
                for sx in range(n):
                    x = (px + (sx + 0.5) / n) * 256.0 / size
                    y = (py + (sy + 0.5) / n) * 256.0 / size
                    c = shade(x, y)
                    if c is not None:
                        r, g, b, a = r + c[0], g + c[1], b + c[2], a + 1
            if a:
                row += bytes((r // a, g // a, b // a, a * 255 // (n * n)))
            else:
                row += bytes(4)
        rows.append(bytes(row))
    return rows


def png(size, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def hexc(c):
    return "#%02x%02x%02x" % c


def svg():
    lo, hi = MARGIN, 256 - MARGIN
    inner = MARGIN + 7
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">',
        f'<rect x="{lo}" y="{lo}" width="{hi - lo}" height="{hi - lo}" rx="{CORNER}" '
        f'fill="{hexc(WOOD_EDGE)}"/>',
        f'<rect x="{inner}" y="{inner}" width="{256 - 2 * inner}" height="{256 - 2 * inner}" '
        f'rx="{CORNER - 7}" fill="{hexc(WOOD)}"/>',
    ]
    for g in GRID:
        parts.append(
            f'<line x1="{GRID[0] - 2}" y1="{g}" x2="{GRID[-1] + 2}" y2="{g}" '
            f'stroke="{hexc(LINE)}" stroke-width="4"/>'
        )
        parts.append(
            f'<line x1="{g}" y1="{GRID[0] - 2}" x2="{g}" y2="{GRID[-1] + 2}" '
            f'stroke="{hexc(LINE)}" stroke-width="4"/>'
        )
    for stones, fill, rim, lift in ((BLACKS, BLACK, BLACK, 70), (WHITES, WHITE, WHITE_RIM, 11)):
        for i, j in stones:
            x, y = GRID[i], GRID[j]
            parts.append(
                f'<circle cx="{x}" cy="{y}" r="{RADIUS - 1.25}" fill="{hexc(fill)}" '
                f'stroke="{hexc(rim)}" stroke-width="2.5"/>'
            )
            light = tuple(min(255, c + lift) for c in fill)
            parts.append(f'<circle cx="{x - 5}" cy="{y - 5}" r="5" fill="{hexc(light)}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    scalable = OUT / "scalable"
    scalable.mkdir(parents=True, exist_ok=True)
    (scalable / f"{APP_ID}.svg").write_text(svg())
    for size in SIZES:
        folder = OUT / f"{size}x{size}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{APP_ID}.png").write_bytes(png(size, render(size)))
        print(f"wrote {folder / (APP_ID + '.png')}")


if __name__ == "__main__":
    main()
