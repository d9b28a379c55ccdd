"""Draws the app icons (a die face on the night-sky colour) as PNG with nothing but zlib."""

import struct
import zlib
from pathlib import Path

BG, DIE, PIP = (20, 18, 26), (157, 114, 255), (20, 18, 26)


def png(size: int, margin: float) -> bytes:
    lo, hi = size * margin, size * (1 - margin)
    r = (hi - lo) * 0.18
    pip = (hi - lo) * 0.09
    centres = [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)]
    pips = [(lo + (hi - lo) * x, lo + (hi - lo) * y) for x, y in centres]
    rows = []
    for y in range(size):
        row = bytearray([0])
        for x in range(size):
            cx, cy = x + 0.5, y + 0.5
            inside = lo <= cx <= hi and lo <= cy <= hi
            if inside:  # round the corners
                dx = max(lo + r - cx, 0, cx - (hi - r))
                dy = max(lo + r - cy, 0, cy - (hi - r))
                inside = dx * dx + dy * dy <= r * r
            colour = DIE if inside else BG
            if inside and any((cx - px) ** 2 + (cy - py) ** 2 <= pip * pip for px, py in pips):
                colour = PIP
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    head = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "static" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size, 0.12))
        (out / f"maskable-{size}.png").write_bytes(png(size, 0.22))
    (out / "apple-touch-icon.png").write_bytes(png(180, 0.12))
