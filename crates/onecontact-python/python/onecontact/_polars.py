"""The ``.onecontact`` namespace on polars expressions and Series:
``pl.col("url").onecontact.key()``.

An expression is a compiled polars expression plugin: polars' engine (eager,
lazy or streaming) hands the column's Arrow chunks to onecontact's native
module, which answers the rows in Rust, with no Python call per batch. The
one exception is ``psl=`` (a Public Suffix List loaded at run time), which
the plugin interface cannot carry: such an expression hands each batch to the
batch call through ``map_batches``. On a Series, the methods are the batch
calls themselves."""

import onecontact
from . import _onecontact

#: The polars releases whose plugin interface (version 0.1: the column
#: passed as Arrow C arrays, options as a pickled dict) the native module
#: speaks: polars 1.x and 2.x (checked on 2.1.0).
_POLARS_MAJORS = (1, 2)


def _polars_major(polars):
    try:
        return int(str(polars.__version__).split(".", 1)[0])
    except ValueError:
        return None


def _text(call, **kwargs):
    def run(series):
        return call(series, **kwargs)

    return run


class _Calls:
    def __init__(self, target):
        self._target = target

    def _apply(self, name, run, kind, options, psl):
        raise NotImplementedError

    def key(self, *, psl=None, threads=None, version=1):
        """Key V1 of every row (or with version=2 key V2), as onecontact.keys."""
        return self._apply("key", _text(onecontact.keys, psl=psl, threads=threads,
                                        version=version),
                           "text", {"threads": threads, "version": version}, psl)

    def canonical(self, *, threads=None):
        """The canonical form of every row (onecontact.canonicals)."""
        return self._apply("canonical", _text(onecontact.canonicals, threads=threads),
                           "text", {"threads": threads}, None)

    def registrable_domain(self, *, psl=None, private=True, threads=None):
        """The registrable domain of every row's host (onecontact.registrable_domains)."""
        return self._apply("registrable_domain",
                           _text(onecontact.registrable_domains, psl=psl, private=private,
                                 threads=threads),
                           "text", {"threads": threads, "private": private}, psl)

    def error_code(self, *, threads=None):
        """Why each row is not a web address (onecontact.error_codes)."""
        return self._apply("error_code", _text(onecontact.error_codes, threads=threads),
                           "text", {"threads": threads}, None)

    def parse(self, *, psl=None, private=True, threads=None):
        """The parts of every row as a struct (onecontact.parse_all)."""
        return self._apply("parse", _text(onecontact.parse_all, psl=psl, private=private,
                                          threads=threads),
                           "parse", {"threads": threads, "private": private}, psl)

    def inspect(self, *, psl=None, threads=None):
        """What inspect finds in every row as a struct (onecontact.inspect_all)."""
        return self._apply("inspect", _text(onecontact.inspect_all, psl=psl, threads=threads),
                           "inspect", {"threads": threads}, psl)


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


def _options(options):
    """The keyword arguments the plugin takes: checked here, so that a wrong
    value raises when the expression is built, as the batch calls do."""
    # The batch call checks threads= and version= with its own messages.
    onecontact.keys([], threads=options.get("threads"), version=options.get("version", 1))
    if "private" in options and not isinstance(options["private"], bool):
        raise TypeError(f"private must be True or False, not {options['private']!r}")
    return {name: value for name, value in options.items() if value is not None}


def register(polars):
    """Registers the namespaces (once) on polars.Expr and polars.Series."""
    if hasattr(polars.Expr, "onecontact"):
        return
    major = _polars_major(polars)

    class ExprCalls(_Calls):
        """onecontact's batch calls as polars expressions (a compiled plugin)."""

        def _apply(self, name, run, kind, options, psl):
            if psl is not None:
                # A list loaded at run time stays in this process: each batch
                # goes to the batch call (read in place, answered in Rust).
                return self._target.map_batches(run, return_dtype=_dtype(polars, kind))
            if major not in _POLARS_MAJORS:
                raise RuntimeError(
                    f"onecontact's polars expressions are a compiled plugin for polars "
                    f"{' and '.join(f'{m}.x' for m in _POLARS_MAJORS)} (plugin interface "
                    f"{'.'.join(map(str, _onecontact._POLARS_PLUGIN_VERSION))}); polars "
                    f"{polars.__version__} is not one of them. Install a supported polars, or "
                    f"call the batch functions on a Series (onecontact.keys(df['url']))."
                )
            from polars.plugins import register_plugin_function

            kwargs = _options(options)
            return register_plugin_function(
                plugin_path=_onecontact.__file__,
                function_name=name,
                args=self._target,
                kwargs=kwargs or None,
                is_elementwise=True,
            )

    class SeriesCalls(_Calls):
        """onecontact's batch calls on a polars Series."""

        def _apply(self, name, run, kind, options, psl):
            return run(self._target)

    polars.api.register_expr_namespace("onecontact")(ExprCalls)
    polars.api.register_series_namespace("onecontact")(SeriesCalls)
