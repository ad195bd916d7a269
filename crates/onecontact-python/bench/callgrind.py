"""One workload, run N times, for instruction counts under callgrind:
(Ir of N=2 - Ir of N=1) / rows = instructions per row, set-up excluded.

    for n in 1 2; do valgrind --tool=callgrind --callgrind-out-file=cg.$n \\
        target/python/bench-venv/bin/python crates/onecontact-python/bench/callgrind.py WORKLOAD $n; done
    grep ^summary cg.1 cg.2

WORKLOAD: keys (onecontact.keys, one thread), keys-arrow (the same on a
pyarrow array), url (onecontact.URL per URL), ada (ada_url.URL per URL),
tldextract, courlan, domains (onecontact.registrable_domains, one thread).
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
else:
    raise SystemExit(f"unknown workload {workload}")

for _ in range(times):
    run()
print(len(urls), "rows")
