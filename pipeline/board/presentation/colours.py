"""Colour distances as players see them, for the map's and the charts' palettes: CIEDE2000 in CIELAB, and
the common colour-vision deficiencies simulated (protanopia, deuteranopia, tritanopia: the matrices of
Machado, Oliveira and Fernandes 2009 at full severity, applied in linear sRGB).

`tests/test_map_colours.py` asserts with these that every two powers of a map stay apart for every kind of
vision; nothing here is drawn.
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]

# Machado et al. (2009), severity 1.0, linear RGB -> linear RGB
DEFICIENCIES: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *DEFICIENCIES)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def rgb(colour: str) -> RGB:
    """``#RRGGBB`` -> sRGB in 0..1."""
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def seen(colour: str, vision: str) -> RGB:
    """The sRGB colour as a person with `vision` (one of VISIONS) sees it."""
    if vision == "normal":
        return rgb(colour)
    matrix = DEFICIENCIES[vision]
    lin = [_linear(c) for c in rgb(colour)]
    out = [sum(m * c for m, c in zip(row, lin, strict=True)) for row in matrix]
    return (_gamma(out[0]), _gamma(out[1]), _gamma(out[2]))


def lab(srgb: RGB) -> RGB:
    """sRGB (0..1) -> CIELAB (D65)."""
    r, g, b = (_linear(c) for c in srgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(lab1: RGB, lab2: RGB) -> float:
    """CIEDE2000 colour difference (about 2: just told apart side by side; 10 and more: plainly different)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dlp, dcp = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhp_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    lp_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_mean = (h1p + h2p) / 2
    else:
        hp_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hp_mean - 30))
        + 0.24 * math.cos(math.radians(2 * hp_mean))
        + 0.32 * math.cos(math.radians(3 * hp_mean + 6))
        - 0.20 * math.cos(math.radians(4 * hp_mean - 63))
    )
    d_theta = 30 * math.exp(-(((hp_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    sl = 1 + 0.015 * (lp_mean - 50) ** 2 / math.sqrt(20 + (lp_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dlp / sl) ** 2 + (dcp / sc) ** 2 + (dhp_big / sh) ** 2 + rt * (dcp / sc) * (dhp_big / sh))


def distance(colour1: str, colour2: str, vision: str = "normal") -> float:
    """How far apart two ``#RRGGBB`` colours look to a person with `vision`."""
    return delta_e(lab(seen(colour1, vision)), lab(seen(colour2, vision)))


def closest_pair(colours: dict[str, str]) -> tuple[float, str, str, str]:
    """The two entries that look closest, for any vision: (distance, vision, name, name)."""
    names = sorted(colours)
    best = (math.inf, "", "", "")
    for vision in VISIONS:
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                d = distance(colours[a], colours[b], vision)
                if d < best[0]:
                    best = (d, vision, a, b)
    return best
