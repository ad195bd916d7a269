"""Type stubs of the onecontact package (the docstrings are the ones help() shows)."""

import os
from typing import Iterable, Optional, Protocol, Tuple, TypedDict, Union, overload

import pandas
import polars
import pyarrow

__version__: str

#: The former name of LinkWarning (not exported by ``import *``).
Warning = LinkWarning

class URLError(ValueError):
    """A text that is not a URL (or not a web address).

    Attributes: code (a stable code: the URL Standard's validation error for URL, a web.* code for WebAddress), message (what to fix), offset (the place in the text, in code points, or None) and validation_error (the URL Standard's name for the failure, or None)."""

    code: str
    message: str
    offset: Optional[int]
    validation_error: Optional[str]

class URL:
    """A URL parsed by the WHATWG URL Standard, as new URL(text, base) in a browser.

    The getters are those of the Standard's API (href, protocol, username, password, host, hostname, port, pathname, search, hash, origin). A URL is immutable, hashable and equal to another URL with the same href.

    Raises URLError (a ValueError) when the text is not a URL, TypeError when it is not a str. Lone surrogates in the text read as U+FFFD, as the Standard's USVString does."""

    def __new__(cls, text: str, base: Union[str, URL, None] = None) -> URL: ...
    @staticmethod
    def can_parse(text: str, base: Union[str, URL, None] = None) -> bool:
        """Whether URL(text, base) would succeed, without building it."""
    def join(self, text: str) -> URL:
        """The URL text resolves to against this one: URL(text, self)."""
    @property
    def href(self) -> str:
        """The whole URL, serialized."""
    @property
    def origin(self) -> str:
        """The origin, serialized ("null" for an opaque origin)."""
    @property
    def protocol(self) -> str:
        """The scheme followed by ":"."""
    @property
    def username(self) -> str:
        """The user name, percent-encoded ("" when there is none)."""
    @property
    def password(self) -> str:
        """The password, percent-encoded ("" when there is none)."""
    @property
    def host(self) -> str:
        """The host and, when not the default, ":" and the port."""
    @property
    def hostname(self) -> str:
        """The host without the port."""
    @property
    def port(self) -> str:
        """The port ("" for none or the scheme's default)."""
    @property
    def pathname(self) -> str:
        """The path."""
    @property
    def search(self) -> str:
        """"?" and the query, or "" when the query is empty or absent."""
    @property
    def hash(self) -> str:
        """"#" and the fragment, or "" when it is empty or absent."""
    @property
    def search_params(self) -> list[Tuple[str, str]]:
        """The query as application/x-www-form-urlencoded (name, value) pairs, in order, decoded."""

class PublicSuffixList:
    """A Public Suffix List: the one compiled into the package (PublicSuffixList.baked()) or a newer one, from its text or a file (load_psl). Pass it as psl= to WebAddress, inspect, compare and the batch calls. public_suffix and registrable_domain answer for a host name; a list pickles (a loaded one with its text)."""

    def __new__(cls, text: str) -> PublicSuffixList: ...
    @staticmethod
    def baked() -> PublicSuffixList:
        """The list compiled into the package."""
    @staticmethod
    def from_file(path: Union[str, os.PathLike[str]]) -> PublicSuffixList:
        """Reads a list in the format of public_suffix_list.dat from a file."""
    @property
    def version(self) -> Optional[str]:
        """The list's VERSION line, when it has one."""
    @property
    def icann_rules(self) -> int:
        """The number of rules in the ICANN section."""
    @property
    def private_rules(self) -> int:
        """The number of rules in the PRIVATE section."""
    def public_suffix(self, domain: str, *, private: bool = True) -> Optional[str]:
        """The public suffix of a host name, in ASCII lower case (the URL Standard's form of the host: "Bücher.DE" answers "de"); None for an IP address. private=False leaves the list's PRIVATE section out (tldextract's default). Raises URLError (a ValueError) for a text that is not a host, such as a URL: WebAddress(text).public_suffix answers for those."""
    def registrable_domain(self, domain: str, *, private: bool = True) -> Optional[str]:
        """The registrable domain of a host name (its public suffix and one more label), in ASCII lower case; None when the host is a public suffix itself or an IP address. private=False leaves the list's PRIVATE section out. Raises URLError (a ValueError) for a text that is not a host, such as a URL: WebAddress(text).registrable_domain answers for those."""

def load_psl(path: Union[str, os.PathLike[str]]) -> PublicSuffixList:
    """Reads a Public Suffix List from a file (as PublicSuffixList.from_file)."""

class SocialProfile:
    """A web address with the shape of a social-network profile: network, handle and path."""

    network: str
    handle: str
    path: str

class WebAddress:
    """A web address as a person pasted it.

    White space around the text is ignored; without a scheme, https:// is assumed. Gives the URL a browser builds, the canonical form (tracking parameters and fragment removed), the key (equal for addresses of the same page of the same organization), facts, the social-profile shape and where each part was written. Two WebAddress values are equal when their canonical forms are.

    Raises URLError with a web.* code (web.host-missing, web.invalid-host, web.invalid-port, web.invalid-url, ...) when the text is not a web address. psl= is the PublicSuffixList for the key and the registrable domain (the baked one by default); private=False leaves the list's PRIVATE section out of registrable_domain and public_suffix (the key is defined on the whole list and does not change). A WebAddress pickles with its text, psl= and private=."""

    def __new__(cls, text: str, *, psl: Optional[PublicSuffixList] = None, private: bool = True) -> WebAddress: ...
    @property
    def text(self) -> str:
        """The text as given."""
    @property
    def url(self) -> URL:
        """The URL a browser builds from the text (fragment and tracking parameters still in it)."""
    @property
    def href(self) -> str:
        """The URL's href."""
    @property
    def canonical(self) -> str:
        """The URL without tracking parameters and fragment."""
    def key(self, version: Optional[int] = None) -> str:
        """The comparison key of that version (1 when not given; the versions are 1 and 2): equal for addresses of the same page of the same organization. A version's format never changes."""
    @property
    def facts(self) -> frozenset[str]:
        """The facts that hold: scheme_assumed, ip_host, internationalized_domain, non_web_scheme, has_credentials, tracking_parameters_removed, fragment_removed."""
    @property
    def is_website(self) -> bool:
        """Whether the scheme is http or https."""
    @property
    def social_profile(self) -> Optional[SocialProfile]:
        """The social-network profile this address has the shape of, if any."""
    @property
    def registrable_domain(self) -> Optional[str]:
        """The registrable domain of the host (ASCII form), None for IP addresses and public suffixes; without the list's PRIVATE section when made with private=False."""
    @property
    def public_suffix(self) -> Optional[str]:
        """The public suffix of the host (ASCII form), None when the host is not a domain; without the list's PRIVATE section when made with private=False."""
    @property
    def removed_tracking_parameters(self) -> list[str]:
        """The names of the tracking parameters the canonical form left out, in order."""
    @property
    def spans(self) -> dict[str, Tuple[int, int]]:
        """Where each part was written: {field: (start, end)} in code points of the text as given, so that text[start:end] is the part. Fields: scheme (when written), host, port, path, query, fragment."""

class LinkWarning:
    """One warning about a link: code (stable), severity (info, warning or danger), message (a sentence), evidence (the text it is about, or None), and for lookalike-of-popular-domain imitates (the domain imitated) and imitation_kind (the heuristic that found it: combo-squatting, edit-distance, …), else None."""

    code: str
    severity: str
    message: str
    evidence: Optional[str]
    imitates: Optional[str]
    imitation_kind: Optional[str]

class LabelDisplay:
    """One xn-- label: ascii, unicode (None when the Punycode does not decode), reason (why it stays in Punycode, or None) and character (the code point at fault, or None)."""

    ascii: str
    unicode: Optional[str]
    reason: Optional[str]
    character: Optional[str]

class HostDisplay:
    """The host as a careful browser shows it: host (labels in Unicode where safe), labels, imitates (the popular domain it imitates, or None) and is_unicode."""

    host: str
    labels: list[LabelDisplay]
    imitates: Optional[str]
    is_unicode: bool

class LinkReport:
    """What inspect found about a link: input, error_code and error (when the text is not a URL), scheme_assumed, url, scheme, real_host, host_kind, host_unicode, display, registrable_domain, userinfo, warnings (most serious first), warning_codes and max_severity."""

    input: str
    error_code: Optional[str]
    error: Optional[str]
    scheme_assumed: bool
    url: Optional[str]
    scheme: Optional[str]
    real_host: Optional[str]
    host_kind: Optional[str]
    host_unicode: Optional[str]
    display: Optional[HostDisplay]
    registrable_domain: Optional[str]
    userinfo: Optional[str]
    warnings: list[LinkWarning]
    max_severity: Optional[str]
    @property
    def warning_codes(self) -> list[str]:
        """The codes of the warnings, in order."""
    def has(self, code: str) -> bool:
        """Whether a warning with this code was raised."""

def inspect(text: str, *, psl: Optional[PublicSuffixList] = None) -> LinkReport:
    """Reads a link before it is clicked: the host the browser really connects to, its registrable domain, warnings with codes and severities, and the host as a careful browser displays it. Never raises for text that is not a URL: error_code says why. psl= is the PublicSuffixList to use (the baked one by default)."""

class Difference:
    """One way two addresses differ: code, message and equivalent (whether both still name the same resource)."""

    code: str
    message: str
    equivalent: bool

class Comparison:
    """What compare found: first and second (normalized), same_url, first_key, second_key, same_key, verdict (same-url, same-key or different) and differences."""

    first: str
    second: str
    same_url: bool
    first_key: Optional[str]
    second_key: Optional[str]
    same_key: bool
    verdict: str
    differences: list[Difference]

def compare(first: str, second: str, *, psl: Optional[PublicSuffixList] = None) -> Comparison:
    """Whether two addresses are the same URL, the same key, and each difference explained. Raises URLError when either is not a URL. psl= is the PublicSuffixList for the keys (the baked one by default)."""

# The batch calls: each gives its answer in the input's kind, one overload per kind.

class _ArrowArrayExportable(Protocol):
    def __arrow_c_array__(self, requested_schema: object = None) -> tuple[object, object]: ...

class _ArrowStreamExportable(Protocol):
    def __arrow_c_stream__(self, requested_schema: object = None) -> object: ...

_Arrow = Union[_ArrowArrayExportable, _ArrowStreamExportable]

class ParsedColumns(TypedDict):
    """What parse_all gives for a list: one list per part, as long as the input."""

    href: list[Optional[str]]
    scheme: list[Optional[str]]
    host: list[Optional[str]]
    port: list[Optional[int]]
    path: list[Optional[str]]
    query: list[Optional[str]]
    fragment: list[Optional[str]]
    registrable_domain: list[Optional[str]]
    public_suffix: list[Optional[str]]
    error_code: list[Optional[str]]

class InspectedColumns(TypedDict):
    """What inspect_all gives for a list: one list per field, as long as the input."""

    real_host: list[Optional[str]]
    registrable_domain: list[Optional[str]]
    max_severity: list[Optional[str]]
    warning_codes: list[Optional[list[str]]]
    imitates: list[Optional[str]]
    imitation_kind: list[Optional[str]]
    error_code: list[Optional[str]]

@overload
def keys(texts: pandas.Series, *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None, version: int = 1) -> pandas.Series: ...
@overload
def keys(texts: pandas.Index, *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None, version: int = 1) -> pandas.Index: ...
@overload
def keys(texts: polars.Series, *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None, version: int = 1) -> polars.Series: ...
@overload
def keys(texts: Union[pyarrow.Array, pyarrow.ChunkedArray], *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None, version: int = 1) -> pyarrow.Array: ...
@overload
def keys(texts: _Arrow, *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None, version: int = 1) -> _ArrowArrayExportable: ...
@overload
def keys(texts: Iterable[object], *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None, version: int = 1) -> list[Optional[str]]:
    """Key V1 (or with version=2 key V2) of every text, in order; None for None, a non-str or a text that is not a web address (error_codes says why; key V2 also gives None for what it refuses: n/a, none, TBD, a host without a dot).

    texts: a list (or any iterable of str) gives a list[str | None]; a pandas Series a pandas Series (same index and name; the column's own string dtype, else object in pandas 2 and str in pandas 3; categorical columns answered once per category); a pandas Index an Index; a pyarrow Array or ChunkedArray a pyarrow Array; a polars Series a polars Series; another Arrow producer (__arrow_c_array__ or __arrow_c_stream__) an object exporting __arrow_c_array__. Arrow strings (utf8, large_utf8, utf8_view, dictionaries of them) are read in place, without a Python object per row. The GIL is released and the work spread over every core, or over threads= threads (a positive int)."""

@overload
def canonicals(texts: pandas.Series, *, threads: Optional[int] = None) -> pandas.Series: ...
@overload
def canonicals(texts: pandas.Index, *, threads: Optional[int] = None) -> pandas.Index: ...
@overload
def canonicals(texts: polars.Series, *, threads: Optional[int] = None) -> polars.Series: ...
@overload
def canonicals(texts: Union[pyarrow.Array, pyarrow.ChunkedArray], *, threads: Optional[int] = None) -> pyarrow.Array: ...
@overload
def canonicals(texts: _Arrow, *, threads: Optional[int] = None) -> _ArrowArrayExportable: ...
@overload
def canonicals(texts: Iterable[object], *, threads: Optional[int] = None) -> list[Optional[str]]:
    """The canonical form of every text, in order; None where keys gives None. Takes and gives what keys does."""

@overload
def registrable_domains(texts: pandas.Series, *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> pandas.Series: ...
@overload
def registrable_domains(texts: pandas.Index, *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> pandas.Index: ...
@overload
def registrable_domains(texts: polars.Series, *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> polars.Series: ...
@overload
def registrable_domains(texts: Union[pyarrow.Array, pyarrow.ChunkedArray], *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> pyarrow.Array: ...
@overload
def registrable_domains(texts: _Arrow, *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> _ArrowArrayExportable: ...
@overload
def registrable_domains(texts: Iterable[object], *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> list[Optional[str]]:
    """The registrable domain (ASCII form) of every text's host, in order; None for IP addresses, public suffixes and texts that are not web addresses. private=False leaves the list's PRIVATE section out (alice.github.io gives github.io). Takes and gives what keys does."""

@overload
def error_codes(texts: pandas.Series, *, threads: Optional[int] = None) -> pandas.Series: ...
@overload
def error_codes(texts: pandas.Index, *, threads: Optional[int] = None) -> pandas.Index: ...
@overload
def error_codes(texts: polars.Series, *, threads: Optional[int] = None) -> polars.Series: ...
@overload
def error_codes(texts: Union[pyarrow.Array, pyarrow.ChunkedArray], *, threads: Optional[int] = None) -> pyarrow.Array: ...
@overload
def error_codes(texts: _Arrow, *, threads: Optional[int] = None) -> _ArrowArrayExportable: ...
@overload
def error_codes(texts: Iterable[object], *, threads: Optional[int] = None) -> list[Optional[str]]:
    """Why each text is not a web address: its web.* code, python.not-a-string for a non-str, None for a web address or a missing value. Takes and gives what keys does."""

@overload
def parse_all(texts: pandas.Series, *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> pandas.DataFrame: ...
@overload
def parse_all(texts: polars.Series, *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> polars.Series: ...
@overload
def parse_all(texts: Union[pyarrow.Array, pyarrow.ChunkedArray], *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> pyarrow.StructArray: ...
@overload
def parse_all(texts: _Arrow, *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> _ArrowArrayExportable: ...
@overload
def parse_all(texts: Iterable[object], *, psl: Optional[PublicSuffixList] = None, private: bool = True, threads: Optional[int] = None) -> ParsedColumns:
    """The parts of every text, read as WebAddress reads it: href, scheme, host, port (None for the scheme's default), path, query and fragment (None when absent), registrable_domain and public_suffix (None when the host is not a domain; private=False leaves the list's PRIVATE section out), and error_code (why the row is not a web address, python.not-a-string for a non-str; the other fields are None then). A None row gives None in every field.

    texts: a list (or any iterable of str) gives a dict of column name to list (pandas.DataFrame(...) and polars.DataFrame(...) take it as it is); a pandas Series a pandas DataFrame with the Series' index (port as Int32); a pyarrow array a pyarrow StructArray; a polars Series a polars Series of structs (.struct.unnest() makes the columns). Runs as keys does."""

@overload
def inspect_all(texts: pandas.Series, *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None) -> pandas.DataFrame: ...
@overload
def inspect_all(texts: polars.Series, *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None) -> polars.Series: ...
@overload
def inspect_all(texts: Union[pyarrow.Array, pyarrow.ChunkedArray], *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None) -> pyarrow.StructArray: ...
@overload
def inspect_all(texts: _Arrow, *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None) -> _ArrowArrayExportable: ...
@overload
def inspect_all(texts: Iterable[object], *, psl: Optional[PublicSuffixList] = None, threads: Optional[int] = None) -> InspectedColumns:
    """What inspect finds in every text: real_host, registrable_domain, max_severity (info, warning, danger or None), warning_codes (a list, most serious first), imitates (the domain the host imitates, or None), imitation_kind (the heuristic that found it, or None) and error_code (why the text is not a URL, python.not-a-string for a non-str; the warnings found in the text as typed are still given). A None row gives None in every field.

    texts: as parse_all (a list gives a dict of lists, a pandas Series a DataFrame, a pyarrow array a StructArray, a polars Series a Series of structs). Runs as keys does."""

# URL patterns.

class URLPatternError(ValueError):
    """A URL pattern that cannot be built.

    Attributes: code (a stable code: urlpattern.tokenize, urlpattern.unexpected-token, urlpattern.duplicate-name, urlpattern.invalid-regexp, urlpattern.needs-backtracking, urlpattern.too-complex, urlpattern.canonicalize, urlpattern.missing-base, urlpattern.base-with-init, urlpattern.invalid-base-url), message (what is wrong and where, the engine's own sentence) and component (the component whose pattern failed: protocol, ..., hash; None for the pattern as a whole)."""

    code: str
    message: str
    component: Optional[str]

class URLPatternInit(TypedDict, total=False):
    """A pattern or an input given as components (the Standard's URLPatternInit); base_url is accepted for baseURL."""

    protocol: str
    username: str
    password: str
    hostname: str
    port: str
    pathname: str
    search: str
    hash: str
    baseURL: str

class URLPatternComponentResult(TypedDict):
    """One component's match: its value in the input and its groups (None for an optional group that matched nothing)."""

    input: str
    groups: dict[str, Optional[str]]

URLPatternResult = TypedDict(
    "URLPatternResult",
    {
        "inputs": list[Union[str, URL, URLPatternInit]],
        "protocol": URLPatternComponentResult,
        "username": URLPatternComponentResult,
        "password": URLPatternComponentResult,
        "hostname": URLPatternComponentResult,
        "port": URLPatternComponentResult,
        "pathname": URLPatternComponentResult,
        "search": URLPatternComponentResult,
        "hash": URLPatternComponentResult,
    },
)

class URLPattern:
    """A URL pattern (the URL Pattern Standard, browsers' URLPattern): does a URL match, and what did each group capture.

    URLPattern(input=None, base=None, *, ignore_case=False): input is a pattern string ("https://*.example.com/users/:id", or a relative one such as "/users/:id" with base) or a dict of components (protocol, username, password, hostname, port, pathname, search, hash, baseURL; a component left out is "*", or taken from baseURL). ignore_case=True matches the pathname, search and hash without regard to case. A pattern that cannot be built raises URLPatternError (a ValueError) with the reason and where; a regular expression only a backtracking engine could run (lookaround, backreferences) is refused then, so that matching time stays linear in the URL.

    The component properties (protocol, ..., hash) are the pattern strings as the Standard normalizes them; has_regexp_groups says whether the pattern uses a (...) group. test and exec match one URL, test_all a whole column. A URLPattern pickles as the arguments it was made with."""

    @overload
    def __new__(cls, input: str, base: Union[str, URL, None] = None, *, ignore_case: bool = False) -> URLPattern: ...
    @overload
    def __new__(cls, input: Optional[URLPatternInit] = None, *, ignore_case: bool = False) -> URLPattern: ...
    @property
    def protocol(self) -> str:
        """The protocol's pattern string."""
    @property
    def username(self) -> str:
        """The username's pattern string."""
    @property
    def password(self) -> str:
        """The password's pattern string."""
    @property
    def hostname(self) -> str:
        """The hostname's pattern string."""
    @property
    def port(self) -> str:
        """The port's pattern string ("" when the pattern names the protocol's default port)."""
    @property
    def pathname(self) -> str:
        """The pathname's pattern string."""
    @property
    def search(self) -> str:
        """The search's pattern string (without "?")."""
    @property
    def hash(self) -> str:
        """The hash's pattern string (without "#")."""
    @property
    def has_regexp_groups(self) -> bool:
        """Whether some component uses a regular expression group "(...)"."""
    @property
    def ignore_case(self) -> bool:
        """Whether ignore_case was set."""
    @overload
    def test(self, input: Union[str, URL], base: Union[str, URL, None] = None) -> bool: ...
    @overload
    def test(self, input: Optional[URLPatternInit] = None) -> bool:
        """Whether input matches: a URL str (resolved against base when given), a URL, or a dict of component values (no base then). A str that is not a URL, or a base that is not one, matches nothing (False), as in a browser."""
    @overload
    def exec(self, input: Union[str, URL], base: Union[str, URL, None] = None) -> Optional[URLPatternResult]: ...
    @overload
    def exec(self, input: Optional[URLPatternInit] = None) -> Optional[URLPatternResult]:
        """The match of input (as test takes it), or None: {"inputs": [input] or [input, base], "protocol": {"input": ..., "groups": {...}}, ..., "hash": {...}}, each component with its value in the input and its groups by name ("0", "1", ... for unnamed ones); an optional group that matched nothing is None."""
    @overload
    def test_all(self, urls: pandas.Series, base: Union[str, URL, None] = None, *, threads: Optional[int] = None) -> pandas.Series: ...
    @overload
    def test_all(self, urls: pandas.Index, base: Union[str, URL, None] = None, *, threads: Optional[int] = None) -> pandas.Index: ...
    @overload
    def test_all(self, urls: polars.Series, base: Union[str, URL, None] = None, *, threads: Optional[int] = None) -> polars.Series: ...
    @overload
    def test_all(self, urls: Union[pyarrow.Array, pyarrow.ChunkedArray], base: Union[str, URL, None] = None, *, threads: Optional[int] = None) -> pyarrow.BooleanArray: ...
    @overload
    def test_all(self, urls: _Arrow, base: Union[str, URL, None] = None, *, threads: Optional[int] = None) -> _ArrowArrayExportable: ...
    @overload
    def test_all(self, urls: Iterable[object], base: Union[str, URL, None] = None, *, threads: Optional[int] = None) -> list[Optional[bool]]:
        """Whether each URL matches, in order: test over a column.

        urls: a list (or any iterable of str) gives a list[bool | None]; a pandas Series a Series of dtype "boolean" (same index and name); a pandas Index an Index; a pyarrow Array or ChunkedArray a pyarrow BooleanArray; a polars Series a polars Boolean Series (same name); another Arrow producer an object exporting __arrow_c_array__. A missing row (None, NaN, an Arrow null) or a value that is not a str gives None (null); a str that is not a URL gives False. base: every row is resolved against it (a base that is not a URL raises URLError). Arrow strings are read in place; the GIL is released and the rows spread over every core, or over threads= threads."""
