"""One workload, run N times, for instruction counts under callgrind:
(Ir of N=2 - Ir of N=1) / rows = instructions per row, set-up excluded.

    for n in 1 2; do PYTHONHASHSEED=0 OPENBLAS_NUM_THREADS=1 POLARS_MAX_THREADS=1 \\
        valgrind --tool=callgrind --callgrind-out-file=cg.$n \\
        target/python/bench-venv/bin/python crates/onecontact-python/bench/callgrind.py WORKLOAD $n; done
    grep ^summary cg.1 cg.2

OPENBLAS_NUM_THREADS=1: numpy's idle BLAS threads (pyarrow and pandas import
numpy) spin for a time that varies between the two runs; POLARS_MAX_THREADS=1
keeps polars' pool to one thread; PYTHONHASHSEED=0: the same string hashes
(and so the same dictionary probes) in both runs.

WORKLOAD: keys (onecontact.keys, one thread), keys-arrow (the same on a
pyarrow array), keys-pandas (the pandas accessor on a pandas Series of the
default dtype), keys-polars (onecontact.keys on a polars Series),
keys-polars-expr (the polars expression plugin in a DataFrame.select;
domains-, parse- and inspect-polars-expr the others), keys-polars-stream
(the plugin in a lazy plan collected by the streaming engine),
keys-polars-map-batches (the route the namespace took before the plugin:
map_batches handing each batch to onecontact.keys), domains-arrow, url
(onecontact.URL per URL), ada (ada_url.URL per URL), tldextract,
publicsuffixlist, courlan, w3lib, url-normalize, surt, domains
(onecontact.registrable_domains, one thread), domains-pandas.
ROWS (environment, default all) takes the first ROWS URLs of kasztp.txt.
"""

import os
import sys

from compare import DEFAULT_DATA, PSL_FILE, read_urls

urls = read_urls(os.environ.get("DATA", DEFAULT_DATA))
urls = urls[: int(os.environ.get("ROWS", len(urls)))]
workload, times = sys.argv[1], int(sys.argv[2])

import onecontact  # noqa: E402

if workload == "keys":
    def run():
        onecontact.keys(urls, threads=1)
elif workload == "domains":
    def run():
        onecontact.registrable_domains(urls, threads=1)
elif workload == "keys-arrow":
    import pyarrow
    array = pyarrow.array(urls)

    def run():
        onecontact.keys(array, threads=1)
elif workload in ("keys-pandas", "domains-pandas"):
    import pandas
    series = pandas.Series(urls, name="website")

    def run():
        if workload == "keys-pandas":
            series.onecontact.key(threads=1)
        else:
            series.onecontact.registrable_domain(threads=1)
elif workload == "keys-polars":
    import polars
    column = polars.Series("website", urls)

    def run():
        onecontact.keys(column, threads=1)
elif workload in ("keys-polars-expr", "domains-polars-expr", "parse-polars-expr",
                  "inspect-polars-expr"):
    import polars
    frame = polars.DataFrame({"website": urls})
    expression = getattr(polars.col("website").onecontact, {
        "keys": "key", "domains": "registrable_domain", "parse": "parse",
        "inspect": "inspect"}[workload.split("-")[0]])(threads=1)

    def run():
        frame.select(expression)
elif workload == "keys-polars-stream":
    import polars
    frame = polars.LazyFrame({"website": urls})

    def run():
        frame.select(polars.col("website").onecontact.key(threads=1)).collect(engine="streaming")
elif workload == "keys-polars-map-batches":
    import polars
    frame = polars.DataFrame({"website": urls})

    def run():
        frame.select(polars.col("website").map_batches(
            lambda s: onecontact.keys(s, threads=1), return_dtype=polars.String))
elif workload == "domains-arrow":
    import pyarrow
    array = pyarrow.array(urls)

    def run():
        onecontact.registrable_domains(array, threads=1)
elif workload == "url":
    def run():
        for u in urls:
            try:
                onecontact.URL(u)
            except onecontact.URLError:
                pass
elif workload == "ada":
    import ada_url

    def run():
        for u in urls:
            try:
                ada_url.URL(u)
            except ValueError:
                pass
elif workload == "tldextract":
    import tldextract
    extract = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=[PSL_FILE.as_uri()],
                                    fallback_to_snapshot=False, include_psl_private_domains=True)
    extract("https://example.com/")

    def run():
        for u in urls:
            extract(u)
elif workload == "courlan":
    import courlan

    def run():
        for u in urls:
            try:
                courlan.normalize_url(u)
            except ValueError:
                pass
elif workload in ("w3lib", "url-normalize", "surt", "publicsuffixlist"):
    from compare import guarded, make_peers
    peers, _ = make_peers()
    name = {"w3lib": "w3lib.canonicalize_url", "url-normalize": "url_normalize",
            "surt": "surt.surt"}.get(workload)
    function = guarded(peers["domain"]["publicsuffixlist"] if name is None
                       else peers["normalize"][name])
    function("https://example.com/")

    def run():
        for u in urls:
            function(u)
else:
    raise SystemExit(f"unknown workload {workload}")

for _ in range(times):
    run()
print(len(urls), "rows")
