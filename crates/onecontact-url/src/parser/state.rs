//! The states of the basic URL parser, one match arm each.

use super::Parser;
use super::path::{
    is_double_dot, is_normalized_windows_drive_letter, is_single_dot, is_windows_drive_letter,
    starts_with_windows_drive_letter,
};
use crate::gigo::Gigo;
use crate::host::{HostKind, report_invalid_units};
use crate::percent_encoding::{
    C0_CONTROL, FRAGMENT, QUERY, SPECIAL_QUERY, USERINFO, utf8_percent_encode_into,
};
use crate::prelude::*;
use crate::scheme::SchemeType;
use crate::spans::{Component, Observer};
use crate::tables::{HOST_STATE_STOP, fast_class};
use crate::url::{NONE, to_u32};
use crate::url_ref::UrlRef;
use crate::validation::{ParseError, SetterError, ValidationError};

/// A state of the basic URL parser (the Standard's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    SchemeStart,
    Scheme,
    NoScheme,
    SpecialRelativeOrAuthority,
    PathOrAuthority,
    Relative,
    RelativeSlash,
    SpecialAuthoritySlashes,
    SpecialAuthorityIgnoreSlashes,
    Authority,
    Host,
    Hostname,
    Port,
    File,
    FileSlash,
    FileHost,
    PathStart,
    Path,
    OpaquePath,
    Query,
    Fragment,
}

/// What a state decided.
pub(crate) enum Step {
    /// Continue in this state with the pointer at this byte index.
    Go(State, usize),
    /// The parser returns (end of input, or a state-override return).
    Return,
}

/// How much of a base URL to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Upto {
    /// Scheme only.
    Scheme,
    /// Scheme, credentials, host and port.
    Authority,
    /// … and the path.
    Path,
    /// … and the query.
    Query,
}

type StepResult = Result<Step, ParseError>;

// The scans of the states that decide whether a text parses, shared with
// the yes/no check of `can_parse` (`super::check`).

/// Where the run of scheme code points (ASCII alphanumerics, `+`, `-`, `.`)
/// from `p` ends.
#[inline]
pub(super) fn scheme_run_end(bytes: &[u8], mut p: usize) -> usize {
    while bytes
        .get(p)
        .is_some_and(|&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
    {
        p += 1;
    }
    p
}

/// The type of a scheme written in any case.
#[inline]
pub(super) fn scheme_type_in_any_case(scheme: &[u8]) -> SchemeType {
    let mut lowered = [0u8; 8];
    match scheme.len() {
        2..=5 => {
            for (slot, b) in lowered.iter_mut().zip(scheme) {
                *slot = b.to_ascii_lowercase();
            }
            SchemeType::from_scheme_bytes(lowered.get(..scheme.len()).unwrap_or_gigo())
        }
        _ => SchemeType::NotSpecial,
    }
}

/// Where the authority starting at `p` ends (at `/`, `?`, `#`, `\\` when
/// `special`, or the end of the text).
#[inline]
pub(super) fn authority_end(bytes: &[u8], p: usize, special: bool) -> usize {
    p + bytes
        .get(p..)
        .unwrap_or_gigo()
        .iter()
        .position(|&b| matches!(b, b'/' | b'?' | b'#') || (special && b == b'\\'))
        .unwrap_or(bytes.len().saturating_sub(p))
}

/// [`authority_end`], and the index of the authority's last `@`, which
/// ends the credentials.
#[inline]
pub(super) fn authority_end_and_at(
    bytes: &[u8],
    p: usize,
    special: bool,
) -> (usize, Option<usize>) {
    let end = authority_end(bytes, p, special);
    let at = bytes
        .get(p..end)
        .unwrap_or_gigo()
        .iter()
        .rposition(|&b| b == b'@');
    (end, at.map(|at| p + at))
}

/// Where the host state's host from `p` ends: at a `:` outside brackets,
/// `/`, `?`, `#`, `\\` when `special`, or the end of the text.
#[inline]
pub(super) fn host_end(bytes: &[u8], p: usize, special: bool) -> usize {
    let mut inside_brackets = false;
    let mut q = p;
    while let Some(&b) = bytes.get(q) {
        if fast_class(b) & HOST_STATE_STOP == 0 {
            q += 1;
            continue;
        }
        match b {
            b':' if !inside_brackets => break,
            b'/' | b'?' | b'#' => break,
            b'\\' if special => break,
            b'[' => inside_brackets = true,
            b']' => inside_brackets = false,
            _ => {}
        }
        q += 1;
    }
    q
}

/// Where the run of ASCII digits from `p` ends.
#[inline]
pub(super) fn digits_end(bytes: &[u8], mut p: usize) -> usize {
    while bytes.get(p).is_some_and(u8::is_ascii_digit) {
        p += 1;
    }
    p
}

/// Whether `c` (`None` at the end of the text) ends an authority, so also a
/// host or a port's digits in a parse without a state override: `/`, `?`,
/// `#`, `\\` when `special`, or the end.
#[inline]
pub(super) fn ends_authority(c: Option<u8>, special: bool) -> bool {
    match c {
        None | Some(b'/' | b'?' | b'#') => true,
        Some(b'\\') => special,
        Some(_) => false,
    }
}

/// The value of a port's ASCII digits, `None` when out of range.
#[inline]
pub(super) fn port_number(digits: &[u8]) -> Option<u16> {
    let mut value: u32 = 0;
    for &b in digits {
        value = (value * 10 + u32::from(b - b'0')).min(1 << 20);
    }
    u16::try_from(value).ok()
}

impl<O: Observer> Parser<'_, '_, O> {
    /// Runs the state machine from `state` with the pointer at `p`.
    pub(crate) fn run(&mut self, mut state: State, mut p: usize) -> Result<(), ParseError> {
        loop {
            let step = match state {
                State::SchemeStart => self.scheme_start_state(p)?,
                State::Scheme => self.scheme_state(p)?,
                State::NoScheme => self.no_scheme_state(p)?,
                State::SpecialRelativeOrAuthority => self.special_relative_or_authority_state(p),
                State::PathOrAuthority => self.path_or_authority_state(p),
                State::Relative => self.relative_state(p)?,
                State::RelativeSlash => self.relative_slash_state(p)?,
                State::SpecialAuthoritySlashes => self.special_authority_slashes_state(p),
                State::SpecialAuthorityIgnoreSlashes => {
                    self.special_authority_ignore_slashes_state(p)
                }
                State::Authority => self.authority_state(p)?,
                State::Host | State::Hostname => self.host_state(p)?,
                State::Port => self.port_state(p)?,
                State::File => self.file_state(p),
                State::FileSlash => self.file_slash_state(p),
                State::FileHost => self.file_host_state(p)?,
                State::PathStart => self.path_start_state(p),
                State::Path => self.path_state(p),
                State::OpaquePath => self.opaque_path_state(p),
                State::Query => self.query_state(p),
                State::Fragment => self.fragment_state(p),
            };
            match step {
                Step::Go(next, at) => {
                    state = next;
                    p = at;
                }
                Step::Return => return Ok(()),
            }
        }
    }

    // ----- helpers that record components in the output -----

    /// Sets every offset after the scheme to the current end (no host, path next).
    fn after_scheme(&mut self) {
        let end = self.out_len();
        let url = &mut self.url;
        url.host_start = end;
        url.host_end = end;
        url.path_start = end;
        url.host_kind = HostKind::None;
        url.ip = [0; 4];
        url.port_value = 0;
    }

    /// Copies `base` into the output up to `upto`, with its offsets.
    fn copy_base(&mut self, base: &UrlRef<'_>, upto: Upto) {
        let url = &mut self.url;
        url.serialization.clear();
        url.scheme_type = base.scheme_type;
        url.query_start = NONE;
        url.fragment_start = NONE;
        if upto == Upto::Scheme {
            url.serialization
                .push_str(base.slice(0, base.scheme_end() + 1));
            self.after_scheme();
            return;
        }
        url.serialization
            .push_str(base.slice(0, base.authority_end()));
        url.host_start = base.host_start;
        url.host_end = base.host_end;
        url.port_value = base.port_value;
        url.host_kind = base.host_kind;
        url.ip = base.ip;
        url.path_start = to_u32(url.serialization.len());
        if upto >= Upto::Path {
            url.serialization.push_str(base.path());
        }
        if upto == Upto::Query && base.query_start != NONE {
            url.query_start = to_u32(url.serialization.len());
            url.serialization
                .push_str(base.slice(base.query_start, base.query_end()));
        }
    }

    /// Sets the query to the empty string (appends `?`).
    fn start_query(&mut self) {
        self.url.query_start = self.out_len();
        self.url.serialization.push('?');
    }

    /// Sets the fragment to the empty string (appends `#`).
    fn start_fragment(&mut self) {
        self.url.fragment_start = self.out_len();
        self.url.serialization.push('#');
    }

    /// Reports invalid URL units in `input[start..end]` (validation only).
    fn check_units(&mut self, start: usize, end: usize) {
        if O::VALIDATION {
            let text = self.input.get(start..end).unwrap_or_gigo();
            let mut found = Vec::new();
            report_invalid_units(text, &mut found);
            for v in found {
                self.validation(v.kind, start + v.offset);
            }
        }
    }

    // ----- the states -----

    /// Scheme start state.
    fn scheme_start_state(&mut self, p: usize) -> StepResult {
        // 1. An ASCII alpha starts a scheme.
        if self.byte(p).is_some_and(|b| b.is_ascii_alphabetic()) {
            return Ok(Step::Go(State::Scheme, p));
        }
        // 2. Without state override: no scheme state, pointer unchanged.
        if self.setter.is_none() {
            return Ok(Step::Go(State::NoScheme, p));
        }
        // 3. Otherwise, failure (protocol setter).
        Ok(self.refuse(SetterError::InvalidScheme))
    }

    /// Scheme state.
    fn scheme_state(&mut self, p: usize) -> StepResult {
        // 1. Collect ASCII alphanumerics, `+`, `-` and `.`.
        let q = scheme_run_end(self.input.as_bytes(), p);
        if self.byte(q) != Some(b':') {
            // 3. Not a scheme: start over in the no scheme state.
            if self.setter.is_none() {
                self.url.serialization.clear();
                return Ok(Step::Go(State::NoScheme, 0));
            }
            // 4. Failure for the protocol setter.
            return Ok(self.refuse(SetterError::InvalidScheme));
        }
        // 2. `:` ends the scheme.
        let scheme_text = self.input.get(p..q).unwrap_or_gigo();
        let scheme_type = scheme_type_in_any_case(scheme_text.as_bytes());
        if let Some(original) = self.setter.as_ref().map(|s| s.original) {
            // 2.1 State override: the checks that may refuse the change.
            if original.scheme_type.is_special() != scheme_type.is_special() {
                return Ok(self.refuse(SetterError::SchemeChangeNotAllowed));
            }
            if (original.includes_credentials() || original.has_port()) && scheme_type.is_file() {
                return Ok(self.refuse(SetterError::SchemeChangeNotAllowed));
            }
            if original.scheme_type.is_file() && original.host_kind == HostKind::Empty {
                return Ok(self.refuse(SetterError::SchemeChangeNotAllowed));
            }
            // 2.2–2.3 Set the scheme, drop a port that became the default, return.
            crate::edit::replace_scheme(&mut self.url, scheme_text, scheme_type);
            return Ok(Step::Return);
        }
        // 2.2 Set the scheme.
        let out = &mut self.url.serialization;
        out.extend(
            scheme_text
                .bytes()
                .map(|b| char::from(b.to_ascii_lowercase())),
        );
        out.push(':');
        self.url.scheme_type = scheme_type;
        self.after_scheme();
        self.span(Component::Scheme, p, q);
        let p = q + 1;
        // 2.5 file: → file state.
        if scheme_type.is_file() {
            if !self.rest(p).starts_with("//") {
                self.validation(ValidationError::SpecialSchemeMissingFollowingSolidus, p);
            }
            return Ok(Step::Go(State::File, p));
        }
        if scheme_type.is_special() {
            // 2.6 Same special scheme as the base: special relative or authority state.
            if self.base.is_some_and(|b| b.scheme_type == scheme_type) {
                return Ok(Step::Go(State::SpecialRelativeOrAuthority, p));
            }
            // 2.7 Special authority slashes state.
            return Ok(Step::Go(State::SpecialAuthoritySlashes, p));
        }
        // 2.8 `/` next: path or authority state.
        if self.byte(p) == Some(b'/') {
            return Ok(Step::Go(State::PathOrAuthority, p + 1));
        }
        // 2.9 Opaque path.
        Ok(Step::Go(State::OpaquePath, p))
    }

    /// No scheme state.
    fn no_scheme_state(&mut self, p: usize) -> StepResult {
        let c = self.byte(p);
        let Some(base) = self.base else {
            // 1. No base: failure.
            return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, p));
        };
        if base.has_opaque_path() {
            if c != Some(b'#') {
                // 1. A base with an opaque path only takes a fragment.
                return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, p));
            }
            // 2. Scheme, path and query from the base, then the fragment.
            self.copy_base(base, Upto::Query);
            self.start_fragment();
            return Ok(Step::Go(State::Fragment, p + 1));
        }
        // 3. Relative state, or 4. file state.
        if base.scheme_type.is_file() {
            Ok(Step::Go(State::File, p))
        } else {
            Ok(Step::Go(State::Relative, p))
        }
    }

    /// Special relative or authority state.
    fn special_relative_or_authority_state(&mut self, p: usize) -> Step {
        if self.byte(p) == Some(b'/') && self.byte(p + 1) == Some(b'/') {
            return Step::Go(State::SpecialAuthorityIgnoreSlashes, p + 2);
        }
        self.validation(ValidationError::SpecialSchemeMissingFollowingSolidus, p);
        Step::Go(State::Relative, p)
    }

    /// Path or authority state.
    fn path_or_authority_state(&mut self, p: usize) -> Step {
        if self.byte(p) == Some(b'/') {
            return Step::Go(State::Authority, p + 1);
        }
        // The first `/` was consumed by the scheme state; the path state
        // starts the segment after it.
        self.span_path_start = Some(p.saturating_sub(1));
        Step::Go(State::Path, p)
    }

    /// Relative state.
    fn relative_state(&mut self, p: usize) -> StepResult {
        let Some(base) = self.base else {
            return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, p));
        };
        let special = base.scheme_type.is_special();
        // 2. The scheme is the base's.
        match self.byte(p) {
            // 3–4. `/` (or `\` for special URLs): relative slash state.
            Some(b'/') => {
                self.copy_base(base, Upto::Scheme);
                Ok(Step::Go(State::RelativeSlash, p + 1))
            }
            Some(b'\\') if special => {
                self.validation(ValidationError::InvalidReverseSolidus, p);
                self.copy_base(base, Upto::Scheme);
                Ok(Step::Go(State::RelativeSlash, p + 1))
            }
            // 5. Everything but the fragment from the base, then:
            Some(b'?') => {
                self.copy_base(base, Upto::Path);
                self.start_query();
                Ok(Step::Go(State::Query, p + 1))
            }
            Some(b'#') => {
                self.copy_base(base, Upto::Query);
                self.start_fragment();
                Ok(Step::Go(State::Fragment, p + 1))
            }
            Some(_) => {
                self.copy_base(base, Upto::Path);
                self.shorten_path();
                Ok(Step::Go(State::Path, p))
            }
            None => {
                self.copy_base(base, Upto::Query);
                Ok(Step::Return)
            }
        }
    }

    /// Relative slash state.
    fn relative_slash_state(&mut self, p: usize) -> StepResult {
        let c = self.byte(p);
        if self.is_special() && matches!(c, Some(b'/' | b'\\')) {
            // 1. Special: `/` or `\` → special authority ignore slashes state.
            if c == Some(b'\\') {
                self.validation(ValidationError::InvalidReverseSolidus, p);
            }
            return Ok(Step::Go(State::SpecialAuthorityIgnoreSlashes, p + 1));
        }
        if c == Some(b'/') {
            // 2. Authority state.
            return Ok(Step::Go(State::Authority, p + 1));
        }
        // 3. Credentials, host and port from the base; path state.
        let Some(base) = self.base else {
            return Err(self.fail(ValidationError::MissingSchemeNonRelativeUrl, p));
        };
        self.copy_base(base, Upto::Authority);
        Ok(Step::Go(State::Path, p))
    }

    /// Special authority slashes state.
    fn special_authority_slashes_state(&mut self, p: usize) -> Step {
        if self.byte(p) == Some(b'/') && self.byte(p + 1) == Some(b'/') {
            return Step::Go(State::SpecialAuthorityIgnoreSlashes, p + 2);
        }
        self.validation(ValidationError::SpecialSchemeMissingFollowingSolidus, p);
        Step::Go(State::SpecialAuthorityIgnoreSlashes, p)
    }

    /// Special authority ignore slashes state.
    fn special_authority_ignore_slashes_state(&mut self, mut p: usize) -> Step {
        while matches!(self.byte(p), Some(b'/' | b'\\')) {
            self.validation(ValidationError::SpecialSchemeMissingFollowingSolidus, p);
            p += 1;
        }
        Step::Go(State::Authority, p)
    }

    /// Authority state: finds the last `@` before the end of the authority,
    /// writes the credentials before it and continues in the host state.
    fn authority_state(&mut self, p: usize) -> StepResult {
        let special = self.is_special();
        let (end, at) = authority_end_and_at(self.input.as_bytes(), p, special);
        self.url.serialization.push_str("//");
        let userinfo_start = self.out_len();
        let host_from = match at {
            Some(at) => {
                self.validation(ValidationError::InvalidCredentials, at);
                let userinfo = self.input.get(p..at).unwrap_or_gigo();
                let (user, pass) = match userinfo.find(':') {
                    Some(colon) => (
                        userinfo.get(..colon).unwrap_or_gigo(),
                        userinfo.get(colon + 1..).unwrap_or_gigo(),
                    ),
                    None => (userinfo, ""),
                };
                let out = &mut self.url.serialization;
                utf8_percent_encode_into(out, user, &USERINFO);
                if !pass.is_empty() {
                    self.url.serialization.push(':');
                    utf8_percent_encode_into(&mut self.url.serialization, pass, &USERINFO);
                }
                if self.out_len() > userinfo_start {
                    self.url.serialization.push('@');
                }
                self.span(Component::Userinfo, p, at);
                if O::VALIDATION {
                    self.check_units(p, at);
                }
                if at + 1 == end {
                    // host-missing: credentials without a host.
                    return Err(self.fail(ValidationError::HostMissing, at + 1));
                }
                at + 1
            }
            None => p,
        };
        self.url.host_start = self.out_len();
        Ok(Step::Go(State::Host, host_from))
    }

    /// Host state and hostname state.
    fn host_state(&mut self, p: usize) -> StepResult {
        // 1. Setters on file: URLs use the file host state.
        if self.setter.is_some() && self.url.scheme_type.is_file() {
            return Ok(Step::Go(State::FileHost, p));
        }
        let special = self.is_special();
        let q = host_end(self.input.as_bytes(), p, special);
        let host_start = self.out_len();
        self.url.host_start = host_start;
        if self.byte(q) == Some(b':') {
            // 2. `:` outside brackets: the host ends, a port follows.
            if q == p {
                return Err(self.fail(ValidationError::HostMissing, p));
            }
            if self.state_override() == Some(State::Hostname) {
                return Ok(self.refuse(SetterError::PortNotAllowed));
            }
            self.span(Component::Host, p, q);
            let kind = self.parse_host(p, q, !special)?;
            self.url.host_kind = kind;
            self.url.host_end = self.out_len();
            if let Some(setter) = self.setter.as_mut() {
                setter.host_done = true;
            }
            return Ok(Step::Go(State::Port, q + 1));
        }
        // 3. End of the authority.
        if special && q == p {
            return Err(self.fail(ValidationError::HostMissing, p));
        }
        if q == p
            && let Some(original) = self.setter.as_ref().map(|s| s.original)
            && (original.includes_credentials() || original.has_port())
        {
            return Ok(self.refuse(SetterError::HostRequired));
        }
        self.span(Component::Host, p, q);
        let kind = self.parse_host(p, q, !special)?;
        self.url.host_kind = kind;
        self.url.host_end = self.out_len();
        if self.setter.is_some() {
            return Ok(Step::Return);
        }
        Ok(Step::Go(State::PathStart, q))
    }

    /// Port state.
    fn port_state(&mut self, p: usize) -> StepResult {
        let bytes = self.input.as_bytes();
        let q = digits_end(bytes, p);
        let c = self.byte(q);
        // A setter (a state override) stops at any other byte, `\\` included
        // for a URL that is not special: 2. "or state override is given".
        let ends = ends_authority(c, self.is_special()) || self.setter.is_some();
        if !ends {
            // 3. Anything else: port-invalid.
            return Err(self.fail(ValidationError::PortInvalid, q));
        }
        if q > p {
            // 2.1 The port's value.
            let Some(port) = port_number(bytes.get(p..q).unwrap_or_gigo()) else {
                return Err(self.fail(ValidationError::PortOutOfRange, p));
            };
            // 2.1.3 The default port is stored as null.
            if self.url.scheme_type.default_port() == Some(port) {
                self.url.port_value = 0;
            } else {
                self.url.port_value = port;
                self.url.serialization.push(':');
                crate::host::push_decimal(&mut self.url.serialization, u32::from(port));
            }
            if let Some(setter) = self.setter.as_mut() {
                setter.port_set = true;
            }
            self.span(Component::Port, p, q);
            if self.setter.is_some() {
                return Ok(Step::Return);
            }
        } else if self.setter.is_some() {
            // 2.2 A setter needs at least one digit.
            return Ok(self.refuse(SetterError::PortInvalid));
        }
        Ok(Step::Go(State::PathStart, q))
    }

    /// File state.
    fn file_state(&mut self, p: usize) -> Step {
        // 1. The scheme is "file" (already written when it came from the input).
        if self.url.serialization.is_empty() {
            self.url.serialization.push_str("file:");
            self.url.scheme_type = SchemeType::File;
            self.after_scheme();
        }
        let c = self.byte(p);
        // 3. `/` or `\`: file slash state.
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.validation(ValidationError::InvalidReverseSolidus, p);
            }
            return Step::Go(State::FileSlash, p + 1);
        }
        // 4. A file base supplies host, path and query.
        if let Some(base) = self.base.filter(|b| b.scheme_type.is_file()) {
            return match c {
                Some(b'?') => {
                    self.copy_base(base, Upto::Path);
                    self.start_query();
                    Step::Go(State::Query, p + 1)
                }
                Some(b'#') => {
                    self.copy_base(base, Upto::Query);
                    self.start_fragment();
                    Step::Go(State::Fragment, p + 1)
                }
                Some(_) => {
                    self.copy_base(base, Upto::Path);
                    if starts_with_windows_drive_letter(self.rest(p).as_bytes()) {
                        self.validation(ValidationError::FileInvalidWindowsDriveLetter, p);
                        let start = self.url.path_start as usize;
                        self.url.serialization.truncate(start);
                    } else {
                        self.shorten_path();
                    }
                    Step::Go(State::Path, p)
                }
                None => {
                    self.copy_base(base, Upto::Query);
                    Step::Return
                }
            };
        }
        // 5. Otherwise: empty host, path state.
        self.push_empty_file_host();
        Step::Go(State::Path, p)
    }

    /// Writes `//` and an empty host; the path comes next.
    fn push_empty_file_host(&mut self) {
        self.url.serialization.push_str("//");
        let end = self.out_len();
        let url = &mut self.url;
        url.host_start = end;
        url.host_end = end;
        url.path_start = end;
        url.host_kind = HostKind::Empty;
        url.ip = [0; 4];
    }

    /// File slash state.
    fn file_slash_state(&mut self, p: usize) -> Step {
        let c = self.byte(p);
        // 1. A second slash: file host state.
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.validation(ValidationError::InvalidReverseSolidus, p);
            }
            self.url.serialization.push_str("//");
            let end = self.out_len();
            self.url.host_start = end;
            return Step::Go(State::FileHost, p + 1);
        }
        // 2. The base's host, and its drive letter unless the input has one.
        if let Some(base) = self.base.filter(|b| b.scheme_type.is_file()) {
            self.copy_base(base, Upto::Authority);
            if !starts_with_windows_drive_letter(self.rest(p).as_bytes()) {
                let first = base.path().get(1..).unwrap_or_gigo();
                let first = first.split('/').next().unwrap_or_gigo();
                if is_normalized_windows_drive_letter(first.as_bytes()) {
                    self.url.serialization.push('/');
                    self.url.serialization.push_str(first);
                }
            }
        } else {
            self.push_empty_file_host();
        }
        Step::Go(State::Path, p)
    }

    /// File host state.
    fn file_host_state(&mut self, p: usize) -> StepResult {
        let bytes = self.input.as_bytes();
        let q = authority_end(bytes, p, true);
        let buffer = bytes.get(p..q).unwrap_or_gigo();
        self.url.host_start = self.out_len();
        self.url.ip = [0; 4];
        // 1.1 A drive letter is not a host: it starts the path.
        if self.setter.is_none() && is_windows_drive_letter(buffer) {
            self.validation(ValidationError::FileInvalidWindowsDriveLetterHost, p);
            self.url.host_kind = HostKind::Empty;
            self.url.host_end = self.out_len();
            self.url.path_start = self.out_len();
            return Ok(Step::Go(State::Path, p));
        }
        if buffer.is_empty() {
            // 1.2 Empty host.
            self.url.host_kind = HostKind::Empty;
        } else {
            // 1.3 Parse the host; "localhost" becomes the empty host.
            let start = self.url.serialization.len();
            self.span(Component::Host, p, q);
            let kind = self.parse_host(p, q, false)?;
            if self.url.serialization.get(start..) == Some("localhost") {
                self.url.serialization.truncate(start);
                self.url.host_kind = HostKind::Empty;
            } else {
                self.url.host_kind = kind;
            }
        }
        self.url.host_end = self.out_len();
        if self.setter.is_some() {
            return Ok(Step::Return);
        }
        Ok(Step::Go(State::PathStart, q))
    }

    /// Path start state.
    fn path_start_state(&mut self, p: usize) -> Step {
        self.url.path_start = self.out_len();
        let c = self.byte(p);
        if self.is_special() {
            // 1. Special URLs always have a path; `\` counts as `/`.
            if c == Some(b'\\') {
                self.validation(ValidationError::InvalidReverseSolidus, p);
            }
            self.span_path_start = Some(p);
            let next = if matches!(c, Some(b'/' | b'\\')) {
                p + 1
            } else {
                p
            };
            return Step::Go(State::Path, next);
        }
        if self.setter.is_none() {
            // 2–3. A query or fragment right after the host.
            if c == Some(b'?') {
                self.start_query();
                return Step::Go(State::Query, p + 1);
            }
            if c == Some(b'#') {
                self.start_fragment();
                return Step::Go(State::Fragment, p + 1);
            }
        }
        if let Some(c) = c {
            // 4. Path state.
            self.span_path_start = Some(p);
            return Step::Go(State::Path, if c == b'/' { p + 1 } else { p });
        }
        // 5. A setter on a hostless URL gets the path « "" ».
        if self.setter.is_some() && !self.url.has_authority() {
            self.url.serialization.push('/');
        }
        Step::Return
    }

    /// Path state: reads segment after segment until the path ends.
    fn path_state(&mut self, mut p: usize) -> Step {
        let special = self.is_special();
        let span_start = self.span_path_start.take().unwrap_or(p);
        loop {
            let seg_start = self.url.serialization.len();
            self.url.serialization.push('/');
            let q = self.push_path_segment(p);
            if O::VALIDATION {
                self.check_units(p, q);
            }
            let c = self.byte(q);
            let slash = c == Some(b'/') || (special && c == Some(b'\\'));
            // 1.1 `\` in a special URL.
            if special && c == Some(b'\\') {
                self.validation(ValidationError::InvalidReverseSolidus, q);
            }
            let segment = self
                .url
                .serialization
                .as_bytes()
                .get(seg_start + 1..)
                .unwrap_or_gigo();
            if is_double_dot(segment) {
                // 1.2 `..`: shorten; keep a trailing empty segment unless a slash follows.
                self.url.serialization.truncate(seg_start);
                self.shorten_path();
                if !slash {
                    self.url.serialization.push('/');
                }
            } else if is_single_dot(segment) {
                // 1.3 `.`: dropped; a trailing empty segment unless a slash follows.
                self.url.serialization.truncate(seg_start);
                if !slash {
                    self.url.serialization.push('/');
                }
            } else if self.url.scheme_type.is_file()
                && seg_start == self.url.path_start as usize
                && is_windows_drive_letter(segment)
            {
                // 1.4.1 The first segment of a file path normalizes `C|` to `C:`.
                self.url
                    .serialization
                    .replace_range(seg_start + 2..seg_start + 3, ":");
            }
            match c {
                _ if slash => p = q + 1,
                Some(b'?') => {
                    self.span(Component::Path, span_start, q);
                    self.start_query();
                    return Step::Go(State::Query, q + 1);
                }
                Some(b'#') => {
                    self.span(Component::Path, span_start, q);
                    self.start_fragment();
                    return Step::Go(State::Fragment, q + 1);
                }
                _ => {
                    self.span(Component::Path, span_start, q);
                    return Step::Return;
                }
            }
        }
    }

    /// Opaque path state.
    fn opaque_path_state(&mut self, p: usize) -> Step {
        let bytes = self.input.as_bytes();
        let q = p + bytes
            .get(p..)
            .unwrap_or_gigo()
            .iter()
            .position(|&b| b == b'?' || b == b'#')
            .unwrap_or(bytes.len().saturating_sub(p));
        let text = self.input.get(p..q).unwrap_or_gigo();
        let out = &mut self.url.serialization;
        // 3. A space right before `?` or `#` becomes `%20`; 4. the rest is
        // C0-control percent-encoded.
        match text.strip_suffix(' ') {
            Some(head) if q < bytes.len() => {
                utf8_percent_encode_into(out, head, &C0_CONTROL);
                out.push_str("%20");
            }
            _ => utf8_percent_encode_into(out, text, &C0_CONTROL),
        }
        if O::VALIDATION {
            self.check_units(p, q);
            for (i, b) in text.bytes().enumerate() {
                if b == b' ' {
                    self.validation(ValidationError::InvalidUrlUnit, p + i);
                }
            }
        }
        self.span(Component::Path, p, q);
        match self.byte(q) {
            Some(b'?') => {
                self.start_query();
                Step::Go(State::Query, q + 1)
            }
            Some(b'#') => {
                self.start_fragment();
                Step::Go(State::Fragment, q + 1)
            }
            _ => Step::Return,
        }
    }

    /// Query state (UTF-8 only: the encoding argument is not supported).
    fn query_state(&mut self, p: usize) -> Step {
        let bytes = self.input.as_bytes();
        let q = if self.setter.is_none() {
            p + bytes
                .get(p..)
                .unwrap_or_gigo()
                .iter()
                .position(|&b| b == b'#')
                .unwrap_or(bytes.len().saturating_sub(p))
        } else {
            bytes.len()
        };
        let set = if self.is_special() {
            &SPECIAL_QUERY
        } else {
            &QUERY
        };
        let text = self.input.get(p..q).unwrap_or_gigo();
        utf8_percent_encode_into(&mut self.url.serialization, text, set);
        if O::VALIDATION {
            self.check_units(p, q);
        }
        self.span(Component::Query, p, q);
        if self.byte(q) == Some(b'#') {
            self.start_fragment();
            return Step::Go(State::Fragment, q + 1);
        }
        Step::Return
    }

    /// Fragment state.
    fn fragment_state(&mut self, p: usize) -> Step {
        let input = self.input;
        let text = input.get(p..).unwrap_or_gigo();
        let end = input.len();
        utf8_percent_encode_into(&mut self.url.serialization, text, &FRAGMENT);
        if O::VALIDATION {
            self.check_units(p, end);
        }
        self.span(Component::Fragment, p, end);
        Step::Return
    }
}
