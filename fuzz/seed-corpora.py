#!/usr/bin/env python3
"""Writes the seed corpora of the differential fuzz targets and of the
URLPattern target (not kept in git; run again to reproduce them):
fuzz/corpus-seed/url_ada, idna_ada and urlpattern.

- url_ada: every urltestdata.json entry of WPT (testdata/wpt-url/), as
  `base\\x01input` when it has a base, else the input alone; every line of
  ../shared/bench-data (or $ONECONTACT_BENCH_DATA); the url crate's fuzz
  regression inputs.
- idna_ada: the inputs of toascii.json and IdnaTestV2.json, the hosts of the
  url seeds, the idna and psl crates' fuzz regression inputs.
- urlpattern: per urlpatterntestdata.json case, each pattern string (a
  constructor string, or a component's pattern of an init) as the first line
  and the case's string inputs (or their pathnames) as the next lines; the
  urlpattern crate's fuzz regression inputs.

Usage: python3 fuzz/seed-corpora.py   (from the workspace root)
"""
import hashlib, json, os, pathlib, urllib.parse

root = pathlib.Path(__file__).resolve().parent.parent
bench = pathlib.Path(os.environ.get("ONECONTACT_BENCH_DATA", root.parent / "shared" / "bench-data"))
out = root / "fuzz" / "corpus-seed"

def write(target, data):
    d = out / target
    d.mkdir(parents=True, exist_ok=True)
    (d / hashlib.sha1(data).hexdigest()).write_bytes(data)

def entries(name):
    return [e for e in json.loads((root / "testdata" / "wpt-url" / name).read_text()) if isinstance(e, dict)]

hosts = set()
for e in entries("urltestdata.json"):
    data = e["input"] if e.get("base") is None else e["base"] + "\x01" + e["input"]
    write("url_ada", data.encode("utf-8", "surrogatepass"))
    if e.get("hostname"):
        hosts.add(e["hostname"])
for path in sorted(bench.rglob("*.txt")):
    for line in path.read_bytes().splitlines():
        line = line.strip()
        if line:
            write("url_ada", line)
            try:
                host = urllib.parse.urlsplit(line.decode("utf-8")).hostname
            except ValueError:
                host = None
            if host:
                hosts.add(host)
for path in sorted((root / "crates" / "onecontact-url" / "tests" / "fuzz_regressions").glob("parse-*")):
    write("url_ada", path.read_bytes())
for name in ["toascii.json", "IdnaTestV2.json"]:
    for e in entries(name):
        write("idna_ada", e["input"].encode("utf-8", "surrogatepass"))
for host in sorted(hosts):
    write("idna_ada", host.encode("utf-8", "surrogatepass"))
for crate in ["onecontact-idna", "onecontact-psl"]:
    for path in sorted((root / "crates" / crate / "tests" / "fuzz_regressions").iterdir()):
        if path.suffix != ".md":
            write("idna_ada", path.read_bytes())
def pattern_lines(value):
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [v for v in value.values() if isinstance(v, str)]
    return []

cases = json.loads((root / "testdata" / "wpt-urlpattern" / "urlpatterntestdata.json").read_text())
for case in cases:
    inputs = [line for i in case.get("inputs", []) for line in pattern_lines(i)][:4]
    for p in case.get("pattern", [])[:1]:
        for line in pattern_lines(p):
            text = "\n".join([line] + inputs)
            write("urlpattern", text.encode("utf-8", "surrogatepass"))
for path in sorted((root / "crates" / "onecontact-urlpattern" / "tests" / "fuzz_regressions").iterdir()):
    if path.suffix != ".md":
        write("urlpattern", path.read_bytes())
for target in ["url_ada", "idna_ada", "urlpattern"]:
    print(target, len(list((out / target).iterdir())), "seeds")
