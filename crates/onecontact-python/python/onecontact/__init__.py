"""onecontact: web addresses as people paste them.

The WHATWG URL (``URL``), web addresses with a canonical form, a
de-duplication key and facts (``WebAddress``), link inspection
(``inspect``), explained comparison (``compare``), URL patterns (``URLPattern``) and batch calls over
lists, pandas and polars columns and Arrow string arrays (``keys``,
``canonicals``, ``registrable_domains``, ``error_codes``, ``parse_all``,
``inspect_all``) that release the GIL and use every core. Importing the
package registers the ``.onecontact`` accessor on pandas Series and the
``.onecontact`` namespace on polars expressions and Series (when, and as
soon as, pandas or polars is imported). See ``help(onecontact.URL)`` and the
others.
"""

import functools

from . import _hooks
from ._onecontact import (
    URL,
    Comparison,
    Difference,
    HostDisplay,
    LabelDisplay,
    LinkReport,
    LinkWarning,
    PublicSuffixList,
    SocialProfile,
    URLError,
    URLPattern,
    URLPatternError,
    WebAddress,
    __version__,
    canonicals as _canonicals,
    compare,
    error_codes as _error_codes,
    inspect,
    inspect_all as _inspect_all,
    keys as _keys,
    load_psl,
    parse_all as _parse_all,
    registrable_domains as _registrable_domains,
)

#: The former name of LinkWarning, kept for code that used it; not exported
#: by ``from onecontact import *`` (it would shadow Python's ``Warning``).
Warning = LinkWarning

__all__ = [
    "URL",
    "URLError",
    "URLPattern",
    "URLPatternError",
    "WebAddress",
    "PublicSuffixList",
    "SocialProfile",
    "LinkReport",
    "LinkWarning",
    "HostDisplay",
    "LabelDisplay",
    "Comparison",
    "Difference",
    "inspect",
    "compare",
    "keys",
    "canonicals",
    "registrable_domains",
    "error_codes",
    "parse_all",
    "inspect_all",
    "load_psl",
    "__version__",
]


def _library(texts):
    return type(texts).__module__.split(".", 1)[0]


def _like(texts, answer):
    """The answer in the input's kind: a pyarrow or polars input gets a
    pyarrow array or a polars Series back; any other Arrow input gets the
    Arrow array object (it exports ``__arrow_c_array__``); a list or a dict
    of lists stays as it is."""
    if isinstance(answer, (list, dict)):
        return answer
    library = _library(texts)
    if library == "pyarrow":
        import pyarrow

        return pyarrow.array(answer)
    if library == "polars":
        import polars

        return polars.Series(answer).alias(texts.name)
    return answer


def _batch(native, texts, kind, kwargs):
    if _library(texts) == "pandas":
        from . import _pandas

        return _pandas.answer(functools.partial(native, **kwargs), texts, kind)
    return _like(texts, native(texts, **kwargs))


def keys(texts, *, psl=None, threads=None, version=1):
    return _batch(_keys, texts, "text", {"psl": psl, "threads": threads, "version": version})


def canonicals(texts, *, threads=None):
    return _batch(_canonicals, texts, "text", {"threads": threads})


def registrable_domains(texts, *, psl=None, private=True, threads=None):
    return _batch(_registrable_domains, texts, "text",
                  {"psl": psl, "private": private, "threads": threads})


def error_codes(texts, *, threads=None):
    return _batch(_error_codes, texts, "text", {"threads": threads})


def parse_all(texts, *, psl=None, private=True, threads=None):
    return _batch(_parse_all, texts, "frame",
                  {"psl": psl, "private": private, "threads": threads})


def inspect_all(texts, *, psl=None, threads=None):
    return _batch(_inspect_all, texts, "frame", {"psl": psl, "threads": threads})


for _wrapper, _native in (
    (keys, _keys),
    (canonicals, _canonicals),
    (registrable_domains, _registrable_domains),
    (error_codes, _error_codes),
    (parse_all, _parse_all),
    (inspect_all, _inspect_all),
):
    _wrapper.__doc__ = _native.__doc__
del _wrapper, _native


def _register_pandas(pandas):
    from . import _pandas_accessor

    _pandas_accessor.register(pandas)


def _register_polars(polars):
    from . import _polars

    _polars.register(polars)


_hooks.when_imported("pandas", _register_pandas)
_hooks.when_imported("polars", _register_polars)


def _rebuild_psl(text):
    """Unpickles a PublicSuffixList: its text, or None for the baked list."""
    return PublicSuffixList.baked() if text is None else PublicSuffixList(text)


def _rebuild_web_address(text, psl, private):
    """Unpickles a WebAddress from the text and arguments it was made with."""
    return WebAddress(text, psl=psl, private=private)
