"""The ``.onecontact`` accessor on pandas Series:
``df["website"].onecontact.key()``."""

import onecontact


class OnecontactAccessor:
    """onecontact's batch calls on a pandas Series of web addresses.

    Each method answers every row in Rust, on every core, and gives a Series
    with the column's index and name (parse and inspect give a DataFrame with
    its index). A row that is missing, not a str or not a web address gives a
    missing value; ``error_code()`` says why a row failed."""

    def __init__(self, series):
        self._series = series

    def key(self, *, psl=None, threads=None):
        """Key V1 of every row (onecontact.keys)."""
        return onecontact.keys(self._series, psl=psl, threads=threads)

    def canonical(self, *, threads=None):
        """The canonical form of every row (onecontact.canonicals)."""
        return onecontact.canonicals(self._series, threads=threads)

    def registrable_domain(self, *, psl=None, private=True, threads=None):
        """The registrable domain of every row's host (onecontact.registrable_domains)."""
        return onecontact.registrable_domains(
            self._series, psl=psl, private=private, threads=threads)

    def error_code(self, *, threads=None):
        """Why each row is not a web address, None where it is or is missing (onecontact.error_codes)."""
        return onecontact.error_codes(self._series, threads=threads)

    def parse(self, *, psl=None, private=True, threads=None):
        """The parts of every row, one column each (onecontact.parse_all)."""
        return onecontact.parse_all(self._series, psl=psl, private=private, threads=threads)

    def inspect(self, *, psl=None, threads=None):
        """What inspect finds in every row, one column each (onecontact.inspect_all)."""
        return onecontact.inspect_all(self._series, psl=psl, threads=threads)


def register(pandas):
    """Registers the accessor (once) on pandas.Series."""
    if isinstance(getattr(pandas.Series, "onecontact", None), type):
        return
    current = pandas.Series.__dict__.get("onecontact")
    if current is not None and getattr(current, "_accessor", None) is OnecontactAccessor:
        return
    pandas.api.extensions.register_series_accessor("onecontact")(OnecontactAccessor)
