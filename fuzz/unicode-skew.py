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
