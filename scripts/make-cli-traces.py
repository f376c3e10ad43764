#!/usr/bin/env python3
"""Writes Fixtures/cli/commute.csv: a drive Work -> Grocery Store -> Home (Fixtures/MapData.json),
one fix every 30 s from 2026-11-24T01:25:00Z (17:25 in Cupertino), with a few records the engine
must reject or drop (no time, bad coordinates, out of order, low accuracy) for the CLI's tests."""
from datetime import datetime, timedelta, timezone

WORK = (37.334900, -122.009020)
GROCERY = (37.323640, -122.039920)
HOME = (37.368830, -122.036350)

def legs():
    yield from [WORK] * 5                       # 2 min at work
    for i in range(1, 11):                      # to the grocery store
        t = i / 10
        yield (WORK[0] + (GROCERY[0] - WORK[0]) * t, WORK[1] + (GROCERY[1] - WORK[1]) * t)
    yield from [GROCERY] * 6                    # shopping
    for i in range(1, 16):                      # home
        t = i / 15
        yield (GROCERY[0] + (HOME[0] - GROCERY[0]) * t, GROCERY[1] + (HOME[1] - GROCERY[1]) * t)
    yield from [HOME] * 4

start = datetime(2026, 11, 24, 1, 25, tzinfo=timezone.utc)
rows = ["time,lat,lon,accuracy"]
for n, (lat, lon) in enumerate(legs()):
    when = (start + timedelta(seconds=30 * n)).strftime("%Y-%m-%dT%H:%M:%SZ")
    rows.append(f"{when},{lat:.6f},{lon:.6f},10")
    if n == 3:
        rows.append(f",{lat:.6f},{lon:.6f},10")                       # no time
    if n == 8:
        rows.append(f"{when},95.000000,{lon:.6f},10")                  # bad coordinates
    if n == 20:
        earlier = (start + timedelta(seconds=30 * (n - 5))).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(f"{earlier},{lat:.6f},{lon:.6f},10")               # out of order
        rows.append(f"{when[:-3]}15Z,{lat:.6f},{lon:.6f},500")         # low accuracy with --max-accuracy
with open("Fixtures/cli/commute.csv", "w") as out:
    out.write("\n".join(rows) + "\n")
