"""Distinct keys of the peers' URL normalizers over the union of URL lists.

Usage: peer_keys.py FILE... (run by key_versions.sh in a venv holding
requirements-peers.txt). Lines are read as key_versions (the Rust side)
reads them: a byte order mark and white space around a line dropped, empty
lines skipped, each distinct line once. A line a normalizer raises on counts
as refused and has no key.
"""

import sys

import courlan
import surt
import ural
from url_normalize import url_normalize
from w3lib.url import canonicalize_url

PEERS = {
    "ural.normalize_url": ural.normalize_url,
    "surt.surt": surt.surt,
    "w3lib.url.canonicalize_url": canonicalize_url,
    "courlan.normalize_url": courlan.normalize_url,
    "url_normalize": url_normalize,
}


def lines(files):
    seen = set()
    for name in files:
        with open(name, encoding="utf-8", errors="surrogateescape") as f:
            for line in f:
                line = line.lstrip("\ufeff").strip()
                if line and line not in seen:
                    seen.add(line)
                    yield line


def main():
    union = list(lines(sys.argv[1:]))
    print(f"distinct lines: {len(union)}")
    for name, normalize in PEERS.items():
        keys = set()
        refused = 0
        for line in union:
            try:
                keys.add(normalize(line))
            except Exception:  # a peer's refusal, whatever its type
                refused += 1
        print(f"distinct keys {name}: {len(keys)} (refused {refused})")


if __name__ == "__main__":
    main()
