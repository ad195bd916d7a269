"""pandas columns: a Series in gives a Series (or, for parse_all and
inspect_all, a DataFrame) out, with the input's index and name.

Imported only when a pandas object is passed or pandas is imported (the
``.onecontact`` accessor is registered then); the package never imports
pandas on its own.
"""

import numpy as np
import pandas as pd

#: The dtype pandas gives a column of text built from Python str values:
#: ``object`` in pandas 2, the ``str`` dtype (missing values NaN) in pandas 3.
TEXT = pd.Series(["a"]).dtype


def _is_arrow_text(arrow_type):
    import pyarrow as pa

    return (
        pa.types.is_string(arrow_type)
        or pa.types.is_large_string(arrow_type)
        or (hasattr(pa.types, "is_string_view") and pa.types.is_string_view(arrow_type))
    )


def _arrow_backed(dtype):
    """Whether the column's values are an Arrow string array that can be read
    in place (pyarrow is then installed, since it holds them)."""
    if isinstance(dtype, pd.StringDtype):
        return dtype.storage in ("pyarrow", "pyarrow_numpy")
    arrow_dtype = getattr(pd, "ArrowDtype", None)
    if arrow_dtype is not None and isinstance(dtype, arrow_dtype):
        return _is_arrow_text(dtype.pyarrow_dtype)
    return False


def _text_dtype(dtype):
    """The dtype of a text answer: the input's own when it is a text dtype,
    else the pandas default for text."""
    if isinstance(dtype, pd.StringDtype):
        return dtype
    arrow_dtype = getattr(pd, "ArrowDtype", None)
    if arrow_dtype is not None and isinstance(dtype, arrow_dtype) and _is_arrow_text(dtype.pyarrow_dtype):
        return dtype
    return TEXT


def _rows(series):
    """What the native call reads: the Arrow array of an Arrow-backed text
    column (read in place), else the values as a list (row by row: a value
    that is not a str is a row that fails, never the batch)."""
    if _arrow_backed(series.dtype):
        return series.array.__arrow_array__()
    values = series.tolist()
    # A missing value (None, NaN, NaT, pd.NA) is a None row, not an error.
    for row in np.flatnonzero(series.isna().to_numpy()):
        values[row] = None
    return values


def _categorical(call, series, kind):
    """Each category answered once, then spread over the rows by code."""
    categories = pd.Series(series.dtype.categories)
    per_category = column(call, categories, kind)
    codes = series.cat.codes.to_numpy()
    if kind == "text":
        values = per_category.to_numpy(dtype=object, na_value=None)
        # A code of -1 (a missing value) takes the None appended last.
        values = np.append(values, None)
        out = pd.Series(values.take(codes), index=series.index, name=series.name, dtype=TEXT)
        return out
    taken = per_category.iloc[np.where(codes >= 0, codes, 0)] if len(per_category) else None
    if taken is None:
        return _empty_frame(call, series)
    taken = taken.set_axis(series.index)
    missing = codes < 0
    if missing.any():
        taken = taken.mask(pd.Series(missing, index=series.index))
    return taken


def _empty_frame(call, series):
    frame = column(call, pd.Series([], dtype=object), "frame")
    return frame.reindex(series.index)


def _text_series(answer, series, dtype):
    if isinstance(answer, list):
        return pd.Series(answer, index=series.index, name=series.name, dtype=dtype)
    import pyarrow as pa

    values = pa.array(answer).to_pandas()
    if values.dtype != dtype:
        values = values.astype(dtype)
    return pd.Series(values.array, index=series.index, name=series.name)


def _frame(answer, series):
    if isinstance(answer, dict):
        columns = {}
        for name, values in answer.items():
            if name == "port":
                columns[name] = pd.array(values, dtype="Int32")
            elif name == "warning_codes":
                columns[name] = pd.Series(values, dtype=object).array
            else:
                columns[name] = pd.Series(values, dtype=TEXT).array
        return pd.DataFrame(columns, index=series.index)
    import pyarrow as pa

    struct = pa.array(answer)
    columns = {}
    for field, child in zip(struct.type, struct.flatten()):
        values = child.to_pandas()
        if field.name == "port":
            values = values.astype("Int32")
        elif field.name != "warning_codes" and values.dtype != TEXT:
            values = values.astype(TEXT)
        columns[field.name] = values.array
    return pd.DataFrame(columns, index=series.index)


def column(call, series, kind):
    """Answers a pandas Series through ``call`` (a native batch call taking
    the rows): a Series with the same index and name for ``kind == "text"``,
    a DataFrame with the same index for ``kind == "frame"``."""
    if isinstance(series.dtype, pd.CategoricalDtype):
        return _categorical(call, series, kind)
    answer = call(_rows(series))
    if kind == "frame":
        return _frame(answer, series)
    return _text_series(answer, series, _text_dtype(series.dtype))


def answer(call, texts, kind):
    """A Series, an Index (answered as a Series, returned as an Index) or a
    DataFrame (refused: one column at a time)."""
    if isinstance(texts, pd.DataFrame):
        raise TypeError(
            "texts must be one column (df['website']), not a DataFrame")
    if isinstance(texts, pd.Index):
        out = column(call, pd.Series(texts, name=texts.name), kind)
        if kind == "frame":
            return out.set_axis(texts)
        return pd.Index(out, name=texts.name)
    return column(call, texts, kind)
