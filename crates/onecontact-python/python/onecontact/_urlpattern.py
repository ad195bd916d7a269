"""URLPattern's batch call in the input's kind, and its unpickling.

``URLPattern.test_all`` (native) calls ``test_all`` here: a pandas Series or
Index is answered through its rows (read in place when Arrow-backed) as a
nullable ``boolean`` column; any other input goes to the native
``_test_rows`` as it is, and the answer comes back as the input's kind
(pyarrow, polars, another Arrow producer, a list)."""


def test_all(pattern, urls, base, threads):
    from . import _library, _like

    if _library(urls) == "pandas":
        return _pandas_answer(pattern, urls, base, threads)
    return _like(urls, pattern._test_rows(urls, base, threads))


def _booleans(answer):
    """A pandas BooleanArray from a list or an Arrow BooleanArray."""
    import pandas as pd

    if isinstance(answer, list):
        return pd.array(answer, dtype="boolean")
    import pyarrow as pa

    return pd.BooleanDtype().__from_arrow__(pa.array(answer))


def _pandas_answer(pattern, urls, base, threads):
    import pandas as pd

    from . import _pandas

    if isinstance(urls, pd.DataFrame):
        raise TypeError("urls must be one column (df['url']), not a DataFrame")
    if isinstance(urls, pd.Index):
        series = pd.Series(urls, name=urls.name)
        return pd.Index(_booleans(pattern._test_rows(_pandas._rows(series), base, threads)),
                        name=urls.name)
    answer = pattern._test_rows(_pandas._rows(urls), base, threads)
    return pd.Series(_booleans(answer), index=urls.index, name=urls.name)


def rebuild(input, base, ignore_case):
    """Unpickles a URLPattern from the arguments it was made with."""
    from . import URLPattern

    return URLPattern(input, base, ignore_case=ignore_case)
