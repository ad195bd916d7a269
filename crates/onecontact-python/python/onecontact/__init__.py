"""onecontact: web addresses as people paste them.

The WHATWG URL (``URL``), web addresses with a canonical form, a
de-duplication key and facts (``WebAddress``), link inspection
(``inspect``), explained comparison (``compare``) and batch calls over
lists and Arrow string arrays (``keys``, ``canonicals``,
``registrable_domains``, ``error_codes``) that release the GIL and use
every core. See ``help(onecontact.URL)`` and the others.
"""

from ._onecontact import (
    URL,
    Comparison,
    Difference,
    HostDisplay,
    LabelDisplay,
    LinkReport,
    PublicSuffixList,
    SocialProfile,
    URLError,
    Warning,
    WebAddress,
    __version__,
    canonicals as _canonicals,
    compare,
    error_codes as _error_codes,
    inspect,
    keys as _keys,
    load_psl,
    registrable_domains as _registrable_domains,
)

__all__ = [
    "URL",
    "URLError",
    "WebAddress",
    "PublicSuffixList",
    "SocialProfile",
    "LinkReport",
    "Warning",
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
    "load_psl",
    "__version__",
]


def _like(texts, answer):
    """The answer in the input's kind: a pyarrow or polars input gets a
    pyarrow array or a polars Series back; any other Arrow input gets the
    Arrow array object (it exports ``__arrow_c_array__``); a list stays a list."""
    if isinstance(answer, list):
        return answer
    module = type(texts).__module__.split(".", 1)[0]
    if module == "pyarrow":
        import pyarrow

        return pyarrow.array(answer)
    if module == "polars":
        import polars

        return polars.Series(answer).alias(texts.name)
    return answer


def keys(texts, *, psl=None, threads=None, version=1):
    return _like(texts, _keys(texts, psl=psl, threads=threads, version=version))


def canonicals(texts, *, threads=None):
    return _like(texts, _canonicals(texts, threads=threads))


def registrable_domains(texts, *, psl=None, threads=None):
    return _like(texts, _registrable_domains(texts, psl=psl, threads=threads))


def error_codes(texts, *, threads=None):
    return _like(texts, _error_codes(texts, threads=threads))


for _wrapper, _native in (
    (keys, _keys),
    (canonicals, _canonicals),
    (registrable_domains, _registrable_domains),
    (error_codes, _error_codes),
):
    _wrapper.__doc__ = _native.__doc__
del _wrapper, _native
