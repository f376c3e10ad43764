#!/usr/bin/env python3
"""Writes Fixtures/recurrence/dateutil-reference.json: RRULE expansions by python-dateutil.

Each case is a rule, a floating start (YYYYMMDDTHHMMSS, or YYYYMMDD for an all-day start that
dateutil reads as 00:00), how many occurrences to take, and the occurrences dateutil gives.
RecurrenceRuleReferenceTests compares our expansion to it exactly.

Run: python3 scripts/gen-rrule-reference.py   (deterministic: fixed seed)

Rules are kept to what both sides define alike: no BYDAY mixing plain and ordinal weekdays
(dateutil intersects them, RFC 5545 and we take their union), no date-only UNTIL with a timed
start (dateutil reads it as 00:00, we as the whole day), nothing we refuse (BYMONTHDAY in WEEKLY,
BYYEARDAY outside YEARLY, ordinal BYDAY in DAILY/WEEKLY or with BYWEEKNO).

Two dateutil 2.9 readings differ from RFC 5545 and are left out of the random cases (the
hand-written tests pin our RFC reading instead):
- a WEEKLY rule's first period starts at DTSTART rather than at the WKST week holding it, which
  changes BYSETPOS when DTSTART is not on WKST;
- the number of weeks of the previous year (for early-January days in its last week) is computed
  from the wrong year's length, so BYWEEKNO=52/53 can be wrong there (2022-01-01 is in week 52 of
  2021, dateutil says 53).
"""
import datetime as dt
import json
import os
import random
import signal

import dateutil
from dateutil.rrule import rrulestr

OUT = os.path.join(os.path.dirname(__file__), "..", "Fixtures", "recurrence", "dateutil-reference.json")
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

# Hand-picked cases: the RFC 5545 section 3.8.5.3 rules (floating here), month ends, leap days,
# week numbering with WKST, set positions.
CURATED = [
    ("FREQ=DAILY;COUNT=10", "19970902T090000", 10),
    ("FREQ=DAILY;UNTIL=19971224T000000", "19970902T090000", 200),
    ("FREQ=DAILY;INTERVAL=2", "19970902T090000", 20),
    ("FREQ=DAILY;INTERVAL=10;COUNT=5", "19970902T090000", 5),
    ("FREQ=YEARLY;UNTIL=20000131T140000;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", "19980101T090000", 200),
    ("FREQ=DAILY;UNTIL=20000131T140000;BYMONTH=1", "19980101T090000", 200),
    ("FREQ=WEEKLY;COUNT=10", "19970902T090000", 10),
    ("FREQ=WEEKLY;UNTIL=19971224T000000", "19970902T090000", 50),
    ("FREQ=WEEKLY;INTERVAL=2;WKST=SU", "19970902T090000", 13),
    ("FREQ=WEEKLY;UNTIL=19971007T000000;WKST=SU;BYDAY=TU,TH", "19970902T090000", 50),
    ("FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", "19970902T090000", 10),
    ("FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000;WKST=SU;BYDAY=MO,WE,FR", "19970901T090000", 50),
    ("FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", "19970902T090000", 8),
    ("FREQ=MONTHLY;COUNT=10;BYDAY=1FR", "19970905T090000", 10),
    ("FREQ=MONTHLY;UNTIL=19971224T000000;BYDAY=1FR", "19970905T090000", 50),
    ("FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", "19970907T090000", 10),
    ("FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", "19970922T090000", 6),
    ("FREQ=MONTHLY;BYMONTHDAY=-3", "19970928T090000", 12),
    ("FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", "19970902T090000", 10),
    ("FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", "19970930T090000", 10),
    ("FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15", "19970910T090000", 10),
    ("FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", "19970902T090000", 25),
    ("FREQ=YEARLY;COUNT=10;BYMONTH=6,7", "19970610T090000", 10),
    ("FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", "19970310T090000", 10),
    ("FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", "19970101T090000", 10),
    ("FREQ=YEARLY;BYDAY=20MO", "19970519T090000", 3),
    ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "19970512T090000", 3),
    ("FREQ=YEARLY;BYMONTH=3;BYDAY=TH", "19970313T090000", 11),
    ("FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", "19970605T090000", 39),
    ("FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", "19970902T090000", 5),
    ("FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", "19970913T090000", 10),
    ("FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", "19961105T090000", 3),
    ("FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", "19970904T090000", 3),
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", "19970929T090000", 7),
    ("FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", "20070115T090000", 5),
    ("FREQ=MONTHLY;BYMONTHDAY=31", "20260131T080000", 14),
    ("FREQ=MONTHLY;BYMONTHDAY=-1", "20260131T080000", 14),
    ("FREQ=MONTHLY", "20260131T080000", 14),
    ("FREQ=MONTHLY;BYMONTHDAY=30,-30", "20240101", 14),
    ("FREQ=MONTHLY;BYMONTHDAY=29", "20240129T070000", 14),
    ("FREQ=YEARLY", "20240229T090000", 5),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "20240229", 5),
    ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "20240229", 5),
    ("FREQ=YEARLY;BYYEARDAY=366", "20201231", 4),
    ("FREQ=YEARLY;BYYEARDAY=-366", "20200101", 4),
    ("FREQ=YEARLY;BYYEARDAY=60", "20230301", 6),
    ("FREQ=YEARLY;BYYEARDAY=-1,1", "20231231T120000", 6),
    ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO", "20200101", 8),
    ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO;WKST=SU", "20200101", 8),
    ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO", "19970101", 5),
    ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO;WKST=SU", "19970101", 5),
    ("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=SU", "20200101", 8),
    ("FREQ=YEARLY;BYWEEKNO=1", "20201226", 21),
    ("FREQ=YEARLY;BYWEEKNO=1;WKST=SU", "20201226", 21),
    ("FREQ=YEARLY;BYWEEKNO=52,53;BYDAY=SU", "20200101", 12),
    ("FREQ=YEARLY;BYWEEKNO=-1;BYDAY=TH", "20200101", 8),
    ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=TU;WKST=TH", "20200101", 8),
    ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", "19970805T090000", 4),
    ("FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", "19970805T090000", 4),
    ("FREQ=WEEKLY;BYDAY=MO,WE,FR;BYSETPOS=-1", "20260101T090000", 10),
    ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1;WKST=SU", "20251228T090000", 10),
    ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "20260101T170000", 12),
    ("FREQ=MONTHLY;BYDAY=SA,SU;BYSETPOS=1,2,-1", "20260101", 12),
    ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "20260101T020000", 6),
    ("FREQ=YEARLY;BYMONTH=11;BYDAY=1SU", "20260101T013000", 6),
    ("FREQ=YEARLY;BYDAY=-1FR", "20260101", 6),
    ("FREQ=YEARLY;BYDAY=1MO,-1MO", "20260101", 6),
    ("FREQ=YEARLY;BYDAY=53FR", "19980101", 3),
    ("FREQ=YEARLY;BYMONTH=1,7;BYDAY=2WE", "20260101", 8),
    ("FREQ=YEARLY;BYSETPOS=1,-1;BYMONTH=2,5", "20260101T060000", 8),
    ("FREQ=YEARLY;BYMONTHDAY=1;BYSETPOS=2,-2", "20260101", 8),
    ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "20260102T080000", 15),
    ("FREQ=DAILY;BYMONTHDAY=1,15,-1;INTERVAL=3", "20260101", 15),
    ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29", "20230101T090000", 3),
    ("FREQ=DAILY;INTERVAL=7;BYDAY=SA", "20260103", 4),
    ("FREQ=WEEKLY;BYMONTH=1,2;BYDAY=SU", "20251201T090000", 20),
    ("FREQ=MONTHLY;BYDAY=1MO", "20260701T090000", 6),
    ("FREQ=MONTHLY;INTERVAL=13;BYMONTHDAY=31", "20260131", 6),
    ("FREQ=MONTHLY;BYDAY=5FR", "20260101T120000", 6),
    ("FREQ=MONTHLY;BYDAY=-5MO", "20260101T120000", 6),
    ("FREQ=MONTHLY;BYMONTH=2,4;BYMONTHDAY=30,31", "20260101T120000", 6),
    ("FREQ=YEARLY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=29", "20240229T090000", 4),
    ("FREQ=DAILY;COUNT=1", "20260101T000000", 1),
    ("FREQ=WEEKLY;COUNT=3;BYDAY=MO", "20260101T000000", 3),
    ("FREQ=YEARLY;UNTIL=20301231;BYMONTH=12;BYMONTHDAY=31", "20260101", 20),
    ("FREQ=MONTHLY;UNTIL=20260331T235959;BYMONTHDAY=-1", "20260101T235959", 20),
]


def fmt(d, all_day):
    return d.strftime("%Y%m%d") if all_day else d.strftime("%Y%m%dT%H%M%S")


def parse_start(text):
    if "T" in text:
        return dt.datetime.strptime(text, "%Y%m%dT%H%M%S"), False
    return dt.datetime.strptime(text, "%Y%m%d"), True


def pick(rng, values, low, high):
    return rng.sample(values, rng.randint(low, high))


def random_case(rng):
    freq = rng.choice(["YEARLY", "YEARLY", "MONTHLY", "MONTHLY", "WEEKLY", "DAILY"])
    start = dt.datetime(1995, 1, 1) + dt.timedelta(days=rng.randint(0, 13000))
    if rng.random() < 0.2:  # month ends and leap days
        start = rng.choice([dt.datetime(2024, 2, 29), dt.datetime(2023, 1, 31), dt.datetime(2020, 12, 31),
                            dt.datetime(2025, 8, 31), dt.datetime(2000, 2, 29), dt.datetime(2026, 12, 28)])
    all_day = rng.random() < 0.3
    if not all_day:
        start = start.replace(hour=rng.choice([0, 9, 13, 23]), minute=rng.choice([0, 30]),
                              second=rng.choice([0, 0, 15]))
    parts = ["FREQ=" + freq]
    if rng.random() < 0.35:
        parts.append("INTERVAL=%d" % rng.randint(2, 5))
    by = []
    ordinal_ok = freq in ("MONTHLY", "YEARLY")
    if rng.random() < 0.3:
        by.append("BYMONTH=" + ",".join(str(m) for m in sorted(pick(rng, list(range(1, 13)), 1, 4))))
    has_weekno = False
    if freq == "YEARLY" and rng.random() < 0.25:
        weeks = pick(rng, [1, 2, 10, 20, 26, -1, -2, 30], 1, 2)
        by.append("BYWEEKNO=" + ",".join(map(str, weeks)))
        has_weekno = True
    if freq == "YEARLY" and rng.random() < 0.2:
        by.append("BYYEARDAY=" + ",".join(map(str, pick(rng, [1, 2, 59, 60, 100, 200, 365, 366, -1, -60, -365, -366], 1, 3))))
    if freq != "WEEKLY" and rng.random() < 0.35:
        by.append("BYMONTHDAY=" + ",".join(map(str, pick(rng, [1, 2, 13, 15, 28, 29, 30, 31, -1, -2, -7, -31], 1, 3))))
    if rng.random() < 0.5:
        if ordinal_ok and not has_weekno and rng.random() < 0.5:
            limit = 5 if (freq == "MONTHLY" or any(b.startswith("BYMONTH=") for b in by)) else 53
            days = pick(rng, DAYS, 1, 2)
            by.append("BYDAY=" + ",".join("%d%s" % (rng.choice([1, 2, 3, -1, -2, limit, -limit]), d) for d in days))
        else:
            by.append("BYDAY=" + ",".join(pick(rng, DAYS, 1, 4)))
    rng.shuffle(by)
    by = by[:2]  # more constraints mostly make rules that never occur
    parts += by
    if by and rng.random() < 0.3 and not (freq == "WEEKLY" and start.weekday() != 0):
        parts.append("BYSETPOS=" + ",".join(map(str, pick(rng, [1, 2, 3, -1, -2, 5], 1, 2))))
    if rng.random() < 0.3 and not any(p.startswith("BYSETPOS") for p in parts):
        parts.append("WKST=" + rng.choice(["MO", "SU", "TH", "SA"]))
    roll = rng.random()
    take = 20
    if roll < 0.4:
        count = rng.randint(1, 30)
        parts.append("COUNT=%d" % count)
        take = count
    elif roll < 0.65:
        until = start + dt.timedelta(days=rng.randint(20, 2000), hours=rng.randint(0, 23))
        parts.append("UNTIL=" + (until.strftime("%Y%m%d") if all_day and rng.random() < 0.5 else until.strftime("%Y%m%dT%H%M%S")))
        take = 150
    return ";".join(parts), fmt(start, all_day), take


class Timeout(Exception):
    pass


def expand(rule, start_text, take):
    start, all_day = parse_start(start_text)
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(Timeout()))
    signal.alarm(2)
    try:
        out = []
        for occurrence in rrulestr(rule, dtstart=start, cache=False):
            out.append(fmt(occurrence, all_day))
            if len(out) >= take:
                break
        return out
    finally:
        signal.alarm(0)


def main():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=400, help="how many cases (default 400, the committed fixture)")
    parser.add_argument("--seed", type=int, default=5545)
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = []
    seen = set()
    empty = 0
    for rule, start, take in CURATED:
        cases.append({"rule": rule, "start": start, "take": take, "expected": expand(rule, start, take)})
        seen.add((rule, start))
    while len(cases) < args.cases:
        rule, start, take = random_case(rng)
        if (rule, start) in seen:
            continue
        try:
            expected = expand(rule, start, take)
        except Timeout:
            continue  # a rule with no occurrence within dateutil's years: too slow to search here
        if not expected:
            empty += 1
            if empty > 5:
                continue  # a few rules that never occur are enough
        seen.add((rule, start))
        cases.append({"rule": rule, "start": start, "take": take, "expected": expected})
    with open(args.out, "w") as f:
        json.dump({"generator": "scripts/gen-rrule-reference.py",
                   "dateutil": dateutil.__version__, "cases": cases}, f, indent=1)
        f.write("\n")
    print("wrote %d cases to %s" % (len(cases), os.path.normpath(args.out)))


if __name__ == "__main__":
    main()
