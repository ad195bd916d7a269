"""The ``.onecontact`` namespace on polars expressions and Series:
``pl.col("url").onecontact.key()``.

Each expression hands polars' string column to onecontact's batch call
through the Arrow PyCapsule interface (``map_batches``): the rows are read in
place and answered in Rust on every core, once per batch polars passes."""

import onecontact


def _text(call, **kwargs):
    def run(series):
        return call(series, **kwargs)

    return run


class _Calls:
    def __init__(self, target):
        self._target = target

    def _apply(self, run, dtype):
        raise NotImplementedError

    def key(self, *, psl=None, threads=None):
        """Key V1 of every row (onecontact.keys)."""
        return self._apply(_text(onecontact.keys, psl=psl, threads=threads), "text")

    def canonical(self, *, threads=None):
        """The canonical form of every row (onecontact.canonicals)."""
        return self._apply(_text(onecontact.canonicals, threads=threads), "text")

    def registrable_domain(self, *, psl=None, private=True, threads=None):
        """The registrable domain of every row's host (onecontact.registrable_domains)."""
        return self._apply(_text(onecontact.registrable_domains, psl=psl, private=private,
                                 threads=threads), "text")

    def error_code(self, *, threads=None):
        """Why each row is not a web address (onecontact.error_codes)."""
        return self._apply(_text(onecontact.error_codes, threads=threads), "text")

    def parse(self, *, psl=None, private=True, threads=None):
        """The parts of every row as a struct (onecontact.parse_all)."""
        return self._apply(_text(onecontact.parse_all, psl=psl, private=private,
                                 threads=threads), "parse")

    def inspect(self, *, psl=None, threads=None):
        """What inspect finds in every row as a struct (onecontact.inspect_all)."""
        return self._apply(_text(onecontact.inspect_all, psl=psl, threads=threads), "inspect")


def _dtype(polars, kind):
    if kind == "text":
        return polars.String
    if kind == "parse":
        return polars.Struct({
            "href": polars.String,
            "scheme": polars.String,
            "host": polars.String,
            "port": polars.UInt16,
            "path": polars.String,
            "query": polars.String,
            "fragment": polars.String,
            "registrable_domain": polars.String,
            "public_suffix": polars.String,
            "error_code": polars.String,
        })
    return polars.Struct({
        "real_host": polars.String,
        "registrable_domain": polars.String,
        "max_severity": polars.String,
        "warning_codes": polars.List(polars.String),
        "imitates": polars.String,
        "imitation_kind": polars.String,
        "error_code": polars.String,
    })


def register(polars):
    """Registers the namespaces (once) on polars.Expr and polars.Series."""
    if hasattr(polars.Expr, "onecontact"):
        return

    class ExprCalls(_Calls):
        """onecontact's batch calls as polars expressions."""

        def _apply(self, run, kind):
            return self._target.map_batches(run, return_dtype=_dtype(polars, kind))

    class SeriesCalls(_Calls):
        """onecontact's batch calls on a polars Series."""

        def _apply(self, run, kind):
            return run(self._target)

    polars.api.register_expr_namespace("onecontact")(ExprCalls)
    polars.api.register_series_namespace("onecontact")(SeriesCalls)
