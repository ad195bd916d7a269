"""onecontact for Python side by side with its peers, in one run.

Speed (microseconds per URL over the whole file, each contender's best of
--repeat rounds in which all take turns, and ratios) and answers (where each peer's answer differs from onecontact's on
the same file, counted and with examples), for three jobs:

- registrable domain: tldextract (offline, the same Public Suffix List,
  private section included), publicsuffixlist (the same list);
- normalization / de-duplication: ural.normalize_url, ural.fingerprint_url,
  courlan.normalize_url, w3lib.url.canonicalize_url, url_normalize, surt,
  against the key V1 (from a list, a pyarrow array, a pandas Series through
  the accessor, a polars Series, the polars expression plugin eager and
  streaming, and the map_batches route the namespace took before the plugin);
- parsing: urllib.parse.urlsplit, yarl.URL, ada_url.URL, against
  onecontact.URL.

Run in the environment bench/setup.sh makes:

    bash crates/onecontact-python/bench/setup.sh
    target/python/bench-venv/bin/python crates/onecontact-python/bench/compare.py \
        [--data ../shared/bench-data/others/kasztp.txt] [--repeat 5] [--times 100]

--times N runs the batch and column routes (onecontact's calls over a whole
list, array or column) on the file repeated N times, so that a call's fixed
cost does not hide its cost per row; the per-URL loops (the peers and
onecontact's single calls) run on the file once. Figures are per URL and in
rows per second either way. The batch routes run with threads=1 and
threads=2; polars' own thread pool (the streaming engine's) has
POLARS_MAX_THREADS threads, every core by default.
"""

import argparse
import collections
import os
import pathlib
import platform
import sys
import time
import urllib.parse

import onecontact

REPO = pathlib.Path(__file__).resolve().parents[3]
PSL_FILE = REPO / "testdata/psl/public_suffix_list.dat"
DEFAULT_DATA = REPO.parent / "shared/bench-data/others/kasztp.txt"


def read_urls(path):
    # As given: one URL per line, the line ending removed (a BOM stays).
    with open(path, encoding="utf-8", newline="") as f:
        return [line.rstrip("\r\n") for line in f if line.strip()]


def guarded(function):
    """The function with failures as None (each peer raises its own way)."""

    def call(text):
        try:
            return function(text)
        except Exception:  # noqa: BLE001 - any failure of a peer counts as no answer
            return None

    return call


def best_time(work, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


# The peers, each made to answer offline with the pinned list.
def make_peers():
    import ada_url
    import courlan
    import publicsuffixlist
    import surt
    import tldextract
    import ural
    import url_normalize
    import w3lib.url
    import yarl

    extract = tldextract.TLDExtract(
        cache_dir=None,
        suffix_list_urls=[PSL_FILE.as_uri()],
        fallback_to_snapshot=False,
        include_psl_private_domains=True,
    )
    with open(PSL_FILE, encoding="utf-8") as f:
        psl = publicsuffixlist.PublicSuffixList(f)

    def tld_domain(url):
        return extract(url).top_domain_under_public_suffix or None

    def psl_domain(url):
        host = urllib.parse.urlsplit(url).hostname
        return psl.privatesuffix(host) if host else None

    versions = {
        "tldextract": tldextract.__version__,
        "publicsuffixlist": _version("publicsuffixlist"),
        "ural": _version("ural"),
        "courlan": _version("courlan"),
        "w3lib": _version("w3lib"),
        "yarl": yarl.__version__,
        "ada-url": _version("ada-url"),
        "url-normalize": _version("url-normalize"),
        "surt": _version("surt"),
    }
    return {
        "domain": {
            "tldextract": tld_domain,
            "publicsuffixlist": psl_domain,
        },
        "normalize": {
            "ural.normalize_url": ural.normalize_url,
            "ural.fingerprint_url": ural.fingerprint_url,
            "courlan.normalize_url": courlan.normalize_url,
            "w3lib.canonicalize_url": w3lib.url.canonicalize_url,
            "url_normalize": url_normalize.url_normalize,
            "surt.surt": surt.surt,
        },
        "parse": {
            "urllib.parse.urlsplit": urllib.parse.urlsplit,
            "yarl.URL": yarl.URL,
            "ada_url.URL": ada_url.URL,
        },
    }, versions


def _version(name):
    from importlib.metadata import version

    return version(name)


def oc_domain(url):
    return onecontact.WebAddress(url).registrable_domain


def oc_key(url):
    return onecontact.WebAddress(url).key()


def ours(name):
    """Whether a contender is one of onecontact's routes."""
    return name.startswith(("onecontact", "pandas ", "polars "))


def speed(peers, urls, repeat, times=1):
    """µs per URL of every contender. The contenders take turns in each
    round (so a change of the machine's load hits all of them alike), and
    each keeps its best round."""
    def loop(function):
        function = guarded(function)

        def work():
            for url in urls:
                function(url)

        return work

    contenders = []  # (job, name, work, rows)
    for job, functions in peers.items():
        for name, function in functions.items():
            contenders.append((job, name, loop(function), len(urls)))
    contenders += [
        ("domain", "onecontact.WebAddress(t).registrable_domain", loop(oc_domain), len(urls)),
        ("normalize", "onecontact.WebAddress(t).key()", loop(oc_key), len(urls)),
        ("parse", "onecontact.URL(t)", loop(onecontact.URL), len(urls)),
    ]
    many = urls * times
    batch = []  # (job, name, work taking threads)
    batch += [
        ("domain", "onecontact.registrable_domains(list)",
         lambda n: onecontact.registrable_domains(many, threads=n)),
        ("normalize", "onecontact.keys(list)", lambda n: onecontact.keys(many, threads=n)),
        ("normalize", "onecontact.canonicals(list)",
         lambda n: onecontact.canonicals(many, threads=n)),
    ]
    try:
        import pyarrow

        array = pyarrow.array(many)
        batch += [
            ("normalize", "onecontact.keys(pyarrow array)",
             lambda n: onecontact.keys(array, threads=n)),
            ("domain", "onecontact.registrable_domains(pyarrow array)",
             lambda n: onecontact.registrable_domains(array, threads=n)),
        ]
    except ImportError:
        pass
    try:
        import pandas

        series = pandas.Series(many, name="website")
        batch += [
            ("normalize", f"pandas {pandas.__version__} Series ({series.dtype}).onecontact.key()",
             lambda n: series.onecontact.key(threads=n)),
            ("domain", f"pandas {pandas.__version__} Series ({series.dtype}).onecontact.registrable_domain()",
             lambda n: series.onecontact.registrable_domain(threads=n)),
        ]
    except ImportError:
        pass
    try:
        import polars

        column = polars.Series("website", many)
        frame = polars.DataFrame({"website": many})
        col = polars.col("website")

        def before(call):
            # The namespace's route before the plugin: polars calls Python
            # once per batch, which hands it to the batch call.
            return lambda n: frame.select(col.map_batches(
                lambda s: call(s, threads=n), return_dtype=polars.String))

        batch += [
            ("normalize", "onecontact.keys(polars Series)",
             lambda n: onecontact.keys(column, threads=n)),
            ("normalize", "polars plugin df.select(pl.col().onecontact.key())",
             lambda n: frame.select(col.onecontact.key(threads=n))),
            ("normalize", "polars plugin, lazy, collect(engine='streaming')",
             lambda n: frame.lazy().select(col.onecontact.key(threads=n))
             .collect(engine="streaming")),
            ("normalize", "polars map_batches(onecontact.keys) (the route before the plugin)",
             before(onecontact.keys)),
            ("domain", "polars plugin df.select(pl.col().onecontact.registrable_domain())",
             lambda n: frame.select(col.onecontact.registrable_domain(threads=n))),
            ("domain", "polars plugin, lazy, collect(engine='streaming')",
             lambda n: frame.lazy().select(col.onecontact.registrable_domain(threads=n))
             .collect(engine="streaming")),
            ("domain", "polars map_batches(onecontact.registrable_domains) (before the plugin)",
             before(onecontact.registrable_domains)),
        ]
    except ImportError:
        pass
    for job, name, work in batch:
        for n in (1, 2):
            contenders.append((job, f"{name}, threads={n}",
                               (lambda work, n: lambda: work(n))(work, n), len(many)))
    best = [float("inf")] * len(contenders)
    for _ in range(repeat):
        for i, (_, _, work, _) in enumerate(contenders):
            best[i] = min(best[i], best_time(work, 1))
    return [(job, name, t / rows * 1e6)
            for (job, name, _, rows), t in zip(contenders, best)]


# Where the answers differ.
def domain_differences(peer, urls):
    ours = onecontact.registrable_domains(urls)
    counts = collections.Counter()
    examples = {}
    for url, a, b in zip(urls, ours, map(guarded(peer), urls)):
        if a == b:
            counts["same"] += 1
            continue
        if a is None:
            why = "onecontact: none (not a web address, IP host, or a public suffix)"
        elif b is None:
            why = "peer: none"
        elif a.lower() == b.lower():
            why = "letter case (onecontact gives the host as the URL parser serializes it)"
        elif _to_ascii(b) == a:
            why = "IDN form (onecontact: the xn-- form of the host the URL holds)"
        else:
            why = "a different host (the URL Standard's host parsing differs from the peer's)"
        counts[why] += 1
        examples.setdefault(why, (url, a, b))
    return counts, examples


def _to_ascii(domain):
    try:
        return domain.encode("idna").decode("ascii")
    except UnicodeError:
        return None


def grouping_differences(peer, urls):
    """How de-duplicating with the peer's answer differs from the key: URLs
    the key puts together and the peer keeps apart, and the other way."""
    keys = onecontact.keys(urls)
    theirs = [guarded(peer)(u) for u in urls]
    by_key = collections.defaultdict(set)
    by_peer = collections.defaultdict(set)
    for i, (k, p) in enumerate(zip(keys, theirs)):
        by_key[k if k is not None else ("none", i)].add(i)
        by_peer[p if p is not None else ("none", i)].add(i)
    merged_by_key = merged_by_peer = 0
    key_example = peer_example = None
    for i, (k, p) in enumerate(zip(keys, theirs)):
        a = by_key[k if k is not None else ("none", i)]
        b = by_peer[p if p is not None else ("none", i)]
        if a - b:
            merged_by_key += 1
            if key_example is None:
                j = min(a - b)
                key_example = (urls[i], urls[j], k, theirs[i], theirs[j])
        if b - a:
            merged_by_peer += 1
            if peer_example is None:
                j = min(b - a)
                peer_example = (urls[i], urls[j], p, keys[i], keys[j])
    return {
        "distinct_key": len(by_key),
        "distinct_peer": len(by_peer),
        "peer_failures": sum(p is None for p in theirs),
        "merged_by_key_only": merged_by_key,
        "merged_by_peer_only": merged_by_peer,
        "key_example": key_example,
        "peer_example": peer_example,
    }


def parse_differences(name, peer, urls):
    counts = collections.Counter()
    example = {}
    for url in urls:
        try:
            ours = onecontact.URL(url).href
        except onecontact.URLError:
            ours = None
        try:
            result = peer(url)
            theirs = result.geturl() if name.startswith("urllib") else (
                result.href if name.startswith("ada") else str(result))
        except Exception:  # noqa: BLE001
            theirs = None
        if ours == theirs:
            counts["same href"] += 1
        elif ours is None or theirs is None:
            counts["one of the two refuses the text"] += 1
            example.setdefault("one of the two refuses the text", (url, ours, theirs))
        else:
            counts["different href"] += 1
            example.setdefault("different href", (url, ours, theirs))
    return counts, example


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(DEFAULT_DATA))
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--times", type=int, default=1,
                        help="repeat the file this many times for the batch and column routes")
    parser.add_argument("--no-speed", action="store_true")
    args = parser.parse_args()
    urls = read_urls(args.data)
    peers, versions = make_peers()
    print(f"# {len(urls)} URLs from {pathlib.Path(args.data).name}; Python {platform.python_version()}, "
          f"{os.cpu_count()} cores; onecontact {onecontact.__version__}; "
          + ", ".join(f"{k} {v}" for k, v in versions.items()))

    if not args.no_speed:
        rows = speed(peers, urls, args.repeat, args.times)
        print("\n## Speed (µs per URL, best of", args.repeat, "interleaved rounds; batch routes on",
              f"{len(urls) * args.times} rows, load average {os.getloadavg()[0]:.1f})\n")
        print("| job | call | µs/URL | rows/s | speed vs the job's fastest peer |")
        print("|---|---|---:|---:|---:|")
        for job in ("domain", "normalize", "parse"):
            peer_times = [t for j, n, t in rows if j == job and not ours(n)]
            fastest = min(peer_times)
            for j, name, t in rows:
                if j == job:
                    print(f"| {job} | `{name}` | {t:.3f} | {1e6 / t:,.0f} | {fastest / t:.1f}x |")
        def t(name):
            return next(x for _, n, x in rows if n == name)
        print("\n## Targets\n")
        fastest_norm = min(t(n) for n in peers["normalize"])
        fastest_domain = min(t(n) for n in peers["domain"])
        print(f"- batch key vs the fastest peer's normalization: {fastest_norm / t('onecontact.keys(list), threads=2'):.1f}x (target 10x from a list)")
        for job, fastest in (("normalize", fastest_norm), ("domain", fastest_domain)):
            for _, name, x in rows:
                if _ == job and ("arrow" in name or "polars" in name or "pandas" in name):
                    print(f"- {name} vs the fastest {job} peer: {fastest / x:.1f}x (target 20x)")
        print(f"- onecontact.URL(t) vs ada_url.URL(t): {t('ada_url.URL') / t('onecontact.URL(t)'):.2f}x (target 1x)")
        print(f"- registrable_domains vs tldextract: {t('tldextract') / t('onecontact.registrable_domains(list), threads=2'):.1f}x (target 10x)")

    print("\n## Registrable domain: where the answers differ\n")
    print("| peer | reason | URLs | example: URL → onecontact / peer |")
    print("|---|---|---:|---|")
    for name, peer in peers["domain"].items():
        counts, examples = domain_differences(peer, urls)
        for why, n in counts.most_common():
            ex = examples.get(why)
            shown = f"`{ex[0]}` → `{ex[1]}` / `{ex[2]}`" if ex else ""
            print(f"| {name} | {why} | {n} | {shown} |")

    print("\n## De-duplication: the key V1 against each peer's normal form\n")
    print("| peer | distinct (key / peer) | peer fails | URLs merged by the key only | merged by the peer only |")
    print("|---|---:|---:|---:|---:|")
    details = []
    for name, peer in peers["normalize"].items():
        d = grouping_differences(peer, urls)
        print(f"| {name} | {d['distinct_key']} / {d['distinct_peer']} | {d['peer_failures']} | "
              f"{d['merged_by_key_only']} | {d['merged_by_peer_only']} |")
        details.append((name, d))
    print()
    for name, d in details:
        if d["key_example"]:
            a, b, k, pa, pb = d["key_example"]
            print(f"- {name}, the key merges: `{a}` and `{b}` (key `{k}`; peer `{pa}` / `{pb}`)")
        if d["peer_example"]:
            a, b, p, ka, kb = d["peer_example"]
            print(f"- {name}, the peer merges: `{a}` and `{b}` (peer `{p}`; keys `{ka}` / `{kb}`)")

    print("\n## Parsing: href against onecontact.URL\n")
    print("| peer | same href | different href | one refuses | example |")
    print("|---|---:|---:|---:|---|")
    for name, peer in peers["parse"].items():
        counts, example = parse_differences(name, peer, urls)
        ex = example.get("different href") or example.get("one of the two refuses the text")
        shown = f"`{ex[0]}` → `{ex[1]}` / `{ex[2]}`" if ex else ""
        print(f"| {name} | {counts['same href']} | {counts['different href']} | "
              f"{counts['one of the two refuses the text']} | {shown} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
