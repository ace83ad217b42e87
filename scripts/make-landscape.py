#!/usr/bin/env python3
"""Paints the Showcase's `Landscape` picture (seed 002's Image("Landscape")): a photo-like mountain lake at
dusk, made here from value noise so the project owns it. Writes a PNG with the standard library only;
`make-landscape.py out.png [width height]`, then the committed JPEG is made with ImageMagick:
`convert out.png -quality 88 Sources/Showcase/Resources/Landscape.jpg`."""
import math, random, struct, sys, zlib

W, H = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (1600, 1000)
random.seed(7)

# Value noise on a lattice, smoothly interpolated, summed over octaves.
GRID = 256
lattice = [random.random() for _ in range(GRID * GRID)]
def noise(x, y):
    xi, yi = int(math.floor(x)), int(math.floor(y))
    fx, fy = x - xi, y - yi
    sx, sy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    def at(i, j): return lattice[(j % GRID) * GRID + (i % GRID)]
    a, b = at(xi, yi), at(xi + 1, yi)
    c, d = at(xi, yi + 1), at(xi + 1, yi + 1)
    return (a + (b - a) * sx) * (1 - sy) + (c + (d - c) * sx) * sy
def fbm(x, y, octaves=5):
    total, amplitude, frequency = 0.0, 1.0, 1.0
    for _ in range(octaves):
        total += amplitude * noise(x * frequency, y * frequency)
        amplitude *= 0.5
        frequency *= 2.03
    return total / 1.94

def mix(a, b, t): return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))
def clamp(v): return max(0, min(255, int(v)))

horizon = int(H * 0.62)
sun = (W * 0.68, H * 0.27)
# Mountain ridges, far to near: (height above the horizon as a fraction of H, roughness, colour, haze).
ridges = [(0.30, 0.20, (125, 120, 165), 0.55), (0.20, 0.22, (75, 85, 115), 0.30), (0.09, 0.12, (40, 60, 55), 0.08)]
heights = []
for index, (base, rough, _, _) in enumerate(ridges):
    row = []
    for x in range(W):
        n = fbm(x / (260 - index * 60) + index * 17, index * 3.1, 6)
        row.append(int(horizon - H * (base + rough * (n - 0.5))))
    heights.append(row)

rows = []
for y in range(H):
    row = bytearray()
    for x in range(W):
        if y < horizon:
            t = y / horizon
            color = mix((40, 70, 140), (250, 170, 110), t ** 1.6)        # dusk sky
            d = math.hypot(x - sun[0], y - sun[1])
            glow = max(0.0, 1 - d / (W * 0.35)) ** 2
            color = mix(color, (255, 225, 170), glow * 0.8)
            if d < 38: color = mix(color, (255, 245, 215), min(1, (38 - d) / 3))
            cloud = fbm(x / 160 + 40, y / 40, 5)
            if cloud > 0.55 and y < horizon * 0.7:
                color = mix(color, (255, 200, 190), (cloud - 0.55) * 1.8)
            for (base, rough, rcolor, haze), h in zip(ridges, heights):
                if y >= h[x]:
                    # Rock texture, lit from the sun's side, hazier towards the valley floor.
                    shade = 0.7 + 0.55 * fbm(x / 30, y / 18, 5) + (0.15 if x > sun[0] * 0.9 else 0)
                    rock = tuple(c * shade for c in rcolor)
                    valley = (y - h[x]) / max(1, horizon - h[x])
                    color = mix(rock, (230, 170, 140), min(1, haze + valley * 0.35))
        else:
            # The lake mirrors the scene above the horizon, darkened and broken by ripples.
            depth = (y - horizon) / (H - horizon)
            ripple = int(6 * (fbm(x / 90, y / 6, 3) - 0.5) * (1 + depth * 4))
            my = horizon - (y - horizon) - 1 + ripple
            my = max(0, min(horizon - 1, my))
            mirrored = rows[my][x * 3:(x + 1) * 3]
            color = mix(tuple(mirrored), (20, 40, 60), 0.25 + depth * 0.35)
            shore = 0.80 + 0.08 * (fbm(x / 70, 5.5, 4) - 0.5)
            if depth > shore:                                             # the near shore: grass
                grass = fbm(x / 12, y / 3, 4)
                color = mix((35, 60, 25), (95, 125, 55), grass * (0.6 + depth * 0.4))
        grain = (random.random() - 0.5) * 10                              # film grain: a photo, not a gradient
        row += bytes(clamp(c + grain) for c in color)
    rows.append(row)

raw = b"".join(b"\x00" + bytes(r) for r in rows)
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
open(sys.argv[1], "wb").write(png)
