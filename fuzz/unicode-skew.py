#!/usr/bin/env python3
"""Prints the Unicode-skew block of fuzz/ada-differences.txt: every code point
whose IDNA status or mapping differs between Unicode's IdnaMappingTable.txt
17.0.0 (ada 4.0.0's data, that of WPT's IdnaTestV2.json) and 18.0.0 (ICU4X 2.4,
onecontact-idna's data), as ranges.

Usage: python3 fuzz/unicode-skew.py ../shared/testdata/unicode-idna/IdnaMappingTable.txt \\
           ../shared/testdata/unicode-idna/18.0.0-draft/IdnaMappingTable.txt
"""
import sys

def load(path):
    table = {}
    for line in open(path, encoding="utf-8"):
        line = line.split("#")[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split(";")]
        span = fields[0].split("..")
        value = (fields[1], fields[2] if len(fields) > 2 else "")
        for c in range(int(span[0], 16), int(span[-1], 16) + 1):
            table[c] = value
    return table

old, new = load(sys.argv[1]), load(sys.argv[2])
ranges = []
for c in sorted(set(old) | set(new)):
    if old.get(c) == new.get(c):
        continue
    key = (old.get(c, ("absent", ""))[0], new.get(c, ("absent", ""))[0])
    if ranges and ranges[-1][1] == c - 1 and ranges[-1][2] == key:
        ranges[-1][1] = c
    else:
        ranges.append([c, c, key])
for a, b, (was, now) in ranges:
    span = f"U+{a:04X}" if a == b else f"U+{a:04X}..U+{b:04X}"
    print(f"{span} IDNA status {was} in Unicode 17.0 (ada), {now} in 18.0 (onecontact)")


def new_in(path, versions):
    """The ranges of a table's lines whose characters are new in `versions`
    and not disallowed (their age is the comment's first word)."""
    for line in open(path, encoding="utf-8"):
        data, _, comment = line.partition("#")
        fields = [f.strip() for f in data.split(";")]
        age = comment.split()[0] if comment.split() else ""
        if len(fields) < 2 or fields[1].startswith("disallowed") or age not in versions:
            continue
        span = fields[0].split("..")
        yield int(span[0], 16), int(span[-1], 16), age


if len(sys.argv) > 3 and sys.argv[3] == "--properties":
    print()
    print("# Characters new in Unicode 16.0 and 17.0 (from the 17.0.0 table), whose")
    print("# General_Category, Bidi_Class or normalization ada's data does not know.")
    for a, b, age in new_in(sys.argv[1], {"16.0", "17.0"}):
        span = f"U+{a:04X}" if a == b else f"U+{a:04X}..U+{b:04X}"
        print(f"{span} new in Unicode {age}: ada's character properties predate it")
