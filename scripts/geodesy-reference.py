#!/usr/bin/env python3
"""Reference rows for the engine's inside/outside decisions, from GeographicLib's exact solver.

Usage: pip install geographiclib && scripts/geodesy-reference.py > Fixtures/geodesy/circle-reference.csv

Each row is a circular fence (centre, radius 1 m .. 1,000 km) and a fix placed with the direct
problem either just outside the tolerance band around the radius (|d - r| between 1.2 and 5 times
max(0.05 m, 1e-5 r)) or anywhere up to 3 r. Centres cover the globe, the poles (exactly +-90
included) and the antimeridian. Deterministic (seeded).
"""
import math
import random
import sys

from geographiclib.geodesic import Geodesic

ROWS = 3000
g = Geodesic.WGS84
rng = random.Random(20261122)


def centre():
    kind = rng.random()
    if kind < 0.3:
        lat = math.degrees(math.asin(rng.uniform(-1, 1)))
        lon = rng.uniform(-180, 180)
    elif kind < 0.5:  # near the poles, sometimes exactly on them
        lat = rng.choice([-1, 1]) * (90 if rng.random() < 0.15 else rng.uniform(85, 90))
        lon = rng.uniform(-180, 180)
    elif kind < 0.7:  # near the antimeridian
        lat = rng.uniform(-80, 80)
        lon = rng.choice([-1, 1]) * rng.uniform(175, 180)
    else:
        lat = rng.uniform(-89, 89)
        lon = rng.uniform(-180, 180)
    return lat, lon


print("center_lat,center_lon,radius,fix_lat,fix_lon,distance,inside")
written = 0
while written < ROWS:
    lat, lon = centre()
    radius = 10 ** rng.uniform(0, 6)  # 1 m .. 1,000 km
    tolerance = max(0.05, 1e-5 * radius)
    if rng.random() < 0.7:
        target = radius + rng.choice([-1, 1]) * tolerance * rng.uniform(1.2, 5)
    else:
        target = radius * rng.uniform(0, 3)
    if target < 0:
        continue
    fix = g.Direct(lat, lon, rng.uniform(-180, 180), target)
    distance = g.Inverse(lat, lon, fix["lat2"], fix["lon2"])["s12"]
    if abs(distance - radius) <= tolerance:
        continue
    print(f"{lat!r},{lon!r},{radius!r},{fix['lat2']!r},{fix['lon2']!r},{distance!r},{int(distance <= radius)}")
    written += 1
sys.stdout.flush()
