//! The basic URL parser
//! (<https://url.spec.whatwg.org/#concept-basic-url-parser>), writing the
//! serialization directly.
//!
//! The state machine lives in [`state`]; each state is one match arm. Unlike
//! the Standard's code-point-at-a-time loop, an arm may consume a whole run of
//! input (a scheme, a host, a path segment) before naming the next state, but
//! the order of decisions is the Standard's. Components are appended to one
//! output `String` in serialization order; the only edits behind the end are
//! path shortening (`..`) and the `/.` prefix for hostless paths starting
//! with `//`.

mod check;
pub(crate) mod clean;
pub(crate) mod fast;
mod lanes;
mod path;
pub(crate) mod state;

use crate::edit;
use crate::host::{self, HostKind, Report};
use crate::input::Prepared;
use crate::spans::{Component, Observer};
use crate::url::{NONE, Url, to_u32};
use crate::url_ref::UrlRef;
use crate::validation::{ParseError, SetterError, ValidationError};

use crate::gigo::Gigo;
use crate::prelude::*;
pub(crate) use path::is_windows_drive_letter;
pub(crate) use state::State;

/// Largest input accepted: the serialization must fit 32-bit offsets even
/// after percent-encoding triples every byte.
pub(crate) const MAX_INPUT: usize = (u32::MAX as usize - 16) / 3;

/// One run of the state machine.
pub(crate) struct Parser<'i, 'o, O: Observer> {
    /// The prepared input (trimmed, tabs and newlines removed).
    pub(crate) input: &'i str,
    pub(crate) prepared: &'i Prepared<'i>,
    pub(crate) base: Option<&'i UrlRef<'i>>,
    /// Present only when a setter runs the parser (the Standard's *url* and
    /// *state override*); a plain parse has none.
    pub(crate) setter: Option<Override<'i>>,
    pub(crate) obs: &'o mut O,
    /// The URL being built; `url.serialization` is the output.
    pub(crate) url: Url,
    /// Where the path's span starts when a `/` before the path state was
    /// consumed by an earlier state.
    pub(crate) span_path_start: Option<usize>,
}

/// What a setter's run of the parser carries: the state override, the URL
/// as it was before the setter, and what the run did.
pub(crate) struct Override<'i> {
    /// The state the run starts in, which also changes what some states do.
    pub(crate) state: State,
    /// The URL before the change (the Standard's *url* as it was).
    pub(crate) original: &'i Url,
    /// Set when the port state stored a port.
    pub(crate) port_set: bool,
    /// Set when the host state stored a host and moved on to the port.
    pub(crate) host_done: bool,
    /// Set when a state returned without changing the URL (the Standard's
    /// "return" for a value the setter ignores), with the reason.
    pub(crate) refused: Option<SetterError>,
}

/// Whether `input` parses against `base` (JavaScript's `URL.canParse`): a
/// base that fails makes the answer false. Each text is checked as far as
/// its authority ([`check`]) and nothing is built; texts too long for that
/// check take the building parser.
pub(crate) fn can_parse(input: &str, base: Option<&str>) -> bool {
    let base_len = base.map_or(0, str::len);
    if input.len() > MAX_INPUT || base_len > MAX_INPUT {
        return false;
    }
    if input.len() + base_len > check::LIMIT {
        return parses_when_built(input, base);
    }
    match base {
        None => check::check(input, None).is_some(),
        Some(base) => {
            check::check(base, None).is_some_and(|shape| check::check(input, Some(shape)).is_some())
        }
    }
}

/// [`can_parse`] by building the base and the URL.
#[cold]
#[inline(never)]
fn parses_when_built(input: &str, base: Option<&str>) -> bool {
    match base {
        None => parse(input, None, &mut ()).is_ok(),
        Some(base) => {
            parse(base, None, &mut ()).is_ok_and(|base| parse(input, Some(&base), &mut ()).is_ok())
        }
    }
}

/// Parses `input` against `base`: the basic URL parser without *url* or
/// *state override*.
pub(crate) fn parse<O: Observer>(
    input: &str,
    base: Option<&Url>,
    obs: &mut O,
) -> Result<Url, ParseError> {
    check_length(input)?;
    #[cfg(feature = "parse-counter")]
    crate::parse_counter::count();
    // For an observer of validation errors the fast path takes only a text
    // that holds none; it reports spans itself.
    if let Some(url) = fast::try_fast_observed(input, obs) {
        return Ok(url);
    }
    parse_full(input, base.map(Url::view).as_ref(), obs)
}

/// [`parse`] by the state machine alone, never the fast path: what the
/// fuzz checks and the tests compare the fast path with.
#[cfg(feature = "fuzzing")]
pub(crate) fn parse_by_state_machine<O: Observer>(
    input: &str,
    base: Option<&Url>,
    obs: &mut O,
) -> Result<Url, ParseError> {
    check_length(input)?;
    parse_full(input, base.map(Url::view).as_ref(), obs)
}

/// The `input-too-long` failure for an input past [`MAX_INPUT`].
#[inline(always)]
fn check_length(input: &str) -> Result<(), ParseError> {
    if input.len() > MAX_INPUT {
        return Err(ParseError::new(ValidationError::InputTooLong, 0));
    }
    Ok(())
}

/// The state machine's run of [`parse`], apart so that the fast path's
/// caller stays small.
#[inline(never)]
fn parse_full<O: Observer>(
    input: &str,
    base: Option<&UrlRef<'_>>,
    obs: &mut O,
) -> Result<Url, ParseError> {
    let prepared = Prepared::new(input, true);
    if O::VALIDATION && (prepared.trimmed || prepared.had_tabs_or_newlines()) {
        for offset in prepared.removed_offsets() {
            if offset < input.len() {
                let at = input.get(offset..).unwrap_or_default();
                obs.validation(ValidationError::InvalidUrlUnit, offset, at);
            }
        }
    }
    let text: &str = &prepared.text;
    let capacity = text.len() + base.map_or(0, |b| b.serialization.len()) + 2;
    let mut parser = Parser {
        input: text,
        prepared: &prepared,
        base,
        setter: None,
        obs,
        url: Url::empty_in(String::with_capacity(capacity)),
        span_path_start: None,
    };
    parser
        .run(State::SchemeStart, 0)
        .and_then(|()| parser.finish())?;
    Ok(parser.url)
}

impl<'i> Parser<'i, '_, ()> {
    /// The parser a setter runs: `value` (prepared without trimming) with
    /// `state` as state override, appending to `working`; `original` is the
    /// URL before the setter.
    pub(crate) fn for_setter<'o>(
        prepared: &'i Prepared<'i>,
        original: &'i Url,
        working: Url,
        state: State,
        obs: &'o mut (),
    ) -> Parser<'i, 'o, ()> {
        Parser {
            input: &prepared.text,
            prepared,
            base: None,
            setter: Some(Override {
                state,
                original,
                port_set: false,
                host_done: false,
                refused: None,
            }),
            obs,
            url: working,
            span_path_start: None,
        }
    }
}

impl<O: Observer> Parser<'_, '_, O> {
    /// Reports a non-fatal validation error at prepared-input index `at`.
    #[inline(always)]
    pub(crate) fn validation(&mut self, kind: ValidationError, at: usize) {
        if O::VALIDATION {
            let offset = self.prepared.original(at);
            let text = self.input.get(at..).unwrap_or_default();
            self.obs.validation(kind, offset, text);
        }
    }

    /// A failure caused by `kind` at prepared-input index `at`.
    #[cold]
    pub(crate) fn fail(&self, kind: ValidationError, at: usize) -> ParseError {
        let error = ParseError::new(kind, self.prepared.original(at));
        match kind {
            ValidationError::PortInvalid => error.with_code_point(self.rest(at).chars().next()),
            _ => error,
        }
    }

    /// The state override, when a setter runs the parser.
    #[inline(always)]
    pub(crate) fn state_override(&self) -> Option<State> {
        self.setter.as_ref().map(|s| s.state)
    }

    /// The Standard's "return" for a value a setter ignores: records why and
    /// stops the run; the setter then leaves the URL unchanged.
    #[cold]
    pub(crate) fn refuse(&mut self, reason: SetterError) -> state::Step {
        if let Some(setter) = self.setter.as_mut() {
            setter.refused = Some(reason);
        }
        state::Step::Return
    }

    /// Reports the span `start..end` of the prepared input.
    #[inline(always)]
    pub(crate) fn span(&mut self, component: Component, start: usize, end: usize) {
        if O::SPANS {
            let range = self.prepared.original_range(start, end);
            self.obs.span(component, range);
        }
    }

    #[inline(always)]
    pub(crate) fn out_len(&self) -> u32 {
        to_u32(self.url.serialization.len())
    }

    #[inline(always)]
    pub(crate) fn is_special(&self) -> bool {
        self.url.scheme_type.is_special()
    }

    #[inline(always)]
    pub(crate) fn byte(&self, p: usize) -> Option<u8> {
        self.input.as_bytes().get(p).copied()
    }

    #[inline(always)]
    pub(crate) fn rest(&self, p: usize) -> &str {
        self.input.get(p..).unwrap_or_gigo()
    }

    /// Runs the host parser on `input[start..end]`, appending the serialized
    /// host to the output; records its kind and IP address in the URL.
    pub(crate) fn parse_host(
        &mut self,
        start: usize,
        end: usize,
        is_opaque: bool,
    ) -> Result<HostKind, ParseError> {
        let (kind, ip) = self.parse_host_text(start, end, is_opaque)?;
        self.url.ip = ip;
        Ok(kind)
    }

    fn parse_host_text(
        &mut self,
        start: usize,
        end: usize,
        is_opaque: bool,
    ) -> Result<(HostKind, host::IpBits), ParseError> {
        let text = self.input.get(start..end).unwrap_or_gigo();
        let mut reporter = HostReporter {
            obs: &mut *self.obs,
            prepared: self.prepared,
            base: start,
        };
        host::parse_into(&mut self.url.serialization, text, is_opaque, &mut reporter).map_err(|e| {
            let at = self.prepared.original(start + e.offset().min(end - start));
            e.at(at)
        })
    }

    /// Final steps after the state machine: the `/.` prefix and the 32-bit
    /// offset check.
    pub(crate) fn finish(&mut self) -> Result<(), ParseError> {
        edit::insert_dot_prefix(&mut self.url);
        if self.url.serialization.len() >= (NONE - 1) as usize {
            return Err(ParseError::new(ValidationError::InputTooLong, 0));
        }
        Ok(())
    }
}

/// Forwards host validation errors to the parser's observer, mapping offsets.
struct HostReporter<'a, 'p, O: Observer> {
    obs: &'a mut O,
    prepared: &'a Prepared<'p>,
    base: usize,
}

impl<O: Observer> Report for HostReporter<'_, '_, O> {
    const ON: bool = O::VALIDATION;
    #[inline(always)]
    fn report(&mut self, kind: ValidationError, offset: usize) {
        if O::VALIDATION {
            let at = self.prepared.original(self.base + offset);
            let text = self
                .prepared
                .text
                .get(self.base + offset..)
                .unwrap_or_default();
            self.obs.validation(kind, at, text);
        }
    }
}
