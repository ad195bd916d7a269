//! The Standard's constructor string parser: a pattern string such as
//! `https://*.example.com/:path*` split into component pattern strings.

use crate::Component;
use crate::canonicalize;
use crate::component::CompiledComponent;
use crate::error::{ComponentName, Error};
use crate::init::UrlPatternInit;
use crate::parser::Options;
use crate::tokenizer::{self, Policy, Token, TokenKind};

/// The parser's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Init,
    Protocol,
    Authority,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    Search,
    Hash,
    Done,
}

impl State {
    fn component(self) -> Option<Component> {
        Some(match self {
            State::Protocol => Component::Protocol,
            State::Username => Component::Username,
            State::Password => Component::Password,
            State::Hostname => Component::Hostname,
            State::Port => Component::Port,
            State::Pathname => Component::Pathname,
            State::Search => Component::Search,
            State::Hash => Component::Hash,
            State::Init | State::Authority | State::Done => return None,
        })
    }
}

struct ConstructorParser<'a> {
    input: &'a str,
    tokens: Vec<Token<'a>>,
    result: UrlPatternInit,
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    /// The Standard lets this go below zero (a `]` before any `[`), after
    /// which a `:` no longer starts the port.
    hostname_ipv6_bracket_depth: isize,
    protocol_matches_special_scheme: bool,
    state: State,
}

impl<'a> ConstructorParser<'a> {
    /// "get a safe token"
    fn safe_token(&self, index: usize) -> Option<&Token<'a>> {
        self.tokens.get(index).or_else(|| self.tokens.last())
    }

    /// "is a non-special pattern char"
    fn is_non_special_pattern_char(&self, index: usize, value: &str) -> bool {
        self.safe_token(index).is_some_and(|t| {
            t.value == value
                && matches!(
                    t.kind,
                    TokenKind::Char | TokenKind::EscapedChar | TokenKind::InvalidChar
                )
        })
    }

    fn at(&self, value: &str) -> bool {
        self.is_non_special_pattern_char(self.token_index, value)
    }

    /// "is a search prefix"
    fn is_search_prefix(&self) -> bool {
        if self.at("?") {
            return true;
        }
        if self
            .tokens
            .get(self.token_index)
            .is_none_or(|t| t.value != "?")
        {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        !self.safe_token(previous_index).is_some_and(|t| {
            matches!(
                t.kind,
                TokenKind::Name | TokenKind::RegExp | TokenKind::Close | TokenKind::Asterisk
            )
        })
    }

    /// "next is authority slashes"
    fn next_is_authority_slashes(&self) -> bool {
        self.is_non_special_pattern_char(self.token_index + 1, "/")
            && self.is_non_special_pattern_char(self.token_index + 2, "/")
    }

    fn kind_is(&self, kind: TokenKind) -> bool {
        self.tokens
            .get(self.token_index)
            .is_some_and(|t| t.kind == kind)
    }

    /// "make a component string"
    fn make_component_string(&self) -> String {
        let end = self
            .tokens
            .get(self.token_index)
            .map_or(self.input.len(), |t| t.index);
        let start = self.safe_token(self.component_start).map_or(0, |t| t.index);
        self.input.get(start..end).unwrap_or("").to_owned()
    }

    /// "rewind"
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// "rewind and set state"
    fn rewind_and_set_state(&mut self, state: State) {
        self.rewind();
        self.state = state;
    }

    /// "change state"
    fn change_state(&mut self, new_state: State, skip: usize) {
        use State as S;
        if let Some(c) = self.state.component() {
            *self.result.get_mut(c) = Some(self.make_component_string());
        }
        if self.state != S::Init && new_state != S::Done {
            if matches!(
                self.state,
                S::Protocol | S::Authority | S::Username | S::Password
            ) && matches!(new_state, S::Port | S::Pathname | S::Search | S::Hash)
                && self.result.hostname.is_none()
            {
                self.result.hostname = Some(String::new());
            }
            if matches!(
                self.state,
                S::Protocol | S::Authority | S::Username | S::Password | S::Hostname | S::Port
            ) && matches!(new_state, S::Search | S::Hash)
                && self.result.pathname.is_none()
            {
                let p = if self.protocol_matches_special_scheme {
                    "/"
                } else {
                    ""
                };
                self.result.pathname = Some(p.to_owned());
            }
            if matches!(
                self.state,
                S::Protocol
                    | S::Authority
                    | S::Username
                    | S::Password
                    | S::Hostname
                    | S::Port
                    | S::Pathname
            ) && new_state == S::Hash
                && self.result.search.is_none()
            {
                self.result.search = Some(String::new());
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// "compute protocol matches a special scheme flag"
    fn compute_protocol_matches_special_scheme(&mut self) -> Result<(), Error> {
        let protocol = self.make_component_string();
        let component = CompiledComponent::compile(
            &protocol,
            Component::Protocol,
            canonicalize::Encoding::Protocol,
            Options::DEFAULT,
        )?;
        self.protocol_matches_special_scheme = matches_special_scheme(&component);
        Ok(())
    }
}

/// "protocol component matches a special scheme"
pub(crate) fn matches_special_scheme(protocol: &CompiledComponent) -> bool {
    onecontact_url::SPECIAL_SCHEMES
        .iter()
        .any(|s| protocol.test(s))
}

/// "parse a constructor string"
pub(crate) fn parse(input: &str) -> Result<UrlPatternInit, Error> {
    let tokens = tokenizer::tokenize(input, Policy::Lenient).map_err(|e| Error::Tokenize {
        component: ComponentName::ConstructorString,
        offset: e.offset,
        what: e.what,
    })?;
    let mut p = ConstructorParser {
        input,
        tokens,
        result: UrlPatternInit::default(),
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_special_scheme: false,
        state: State::Init,
    };
    while p.token_index < p.tokens.len() {
        p.token_increment = 1;
        if p.kind_is(TokenKind::End) {
            match p.state {
                // The end in "init": the string is relative; it starts with
                // a hash, a search or a pathname.
                State::Init => {
                    p.rewind();
                    if p.at("#") {
                        p.change_state(State::Hash, 1);
                    } else if p.is_search_prefix() {
                        p.change_state(State::Search, 1);
                    } else {
                        p.change_state(State::Pathname, 0);
                    }
                    p.token_index += p.token_increment;
                    continue;
                }
                // The end in "authority": all of it was the hostname.
                State::Authority => {
                    p.rewind_and_set_state(State::Hostname);
                    p.token_index += p.token_increment;
                    continue;
                }
                _ => {
                    p.change_state(State::Done, 0);
                    break;
                }
            }
        }
        // Groups `{…}` are skipped whole.
        if p.kind_is(TokenKind::Open) {
            p.group_depth += 1;
            p.token_index += p.token_increment;
            continue;
        }
        if p.group_depth > 0 {
            if p.kind_is(TokenKind::Close) {
                p.group_depth -= 1;
            } else {
                p.token_index += p.token_increment;
                continue;
            }
        }
        match p.state {
            State::Init => {
                if p.at(":") {
                    p.rewind_and_set_state(State::Protocol);
                }
            }
            State::Protocol => {
                if p.at(":") {
                    p.compute_protocol_matches_special_scheme()?;
                    let (next_state, skip) = if p.next_is_authority_slashes() {
                        (State::Authority, 3)
                    } else if p.protocol_matches_special_scheme {
                        (State::Authority, 1)
                    } else {
                        (State::Pathname, 1)
                    };
                    p.change_state(next_state, skip);
                }
            }
            State::Authority => {
                if p.at("@") {
                    p.rewind_and_set_state(State::Username);
                } else if p.at("/") || p.is_search_prefix() || p.at("#") {
                    p.rewind_and_set_state(State::Hostname);
                }
            }
            State::Username => {
                if p.at(":") {
                    p.change_state(State::Password, 1);
                } else if p.at("@") {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Password => {
                if p.at("@") {
                    p.change_state(State::Hostname, 1);
                }
            }
            State::Hostname => {
                if p.at("[") {
                    p.hostname_ipv6_bracket_depth += 1;
                } else if p.at("]") {
                    p.hostname_ipv6_bracket_depth -= 1;
                } else if p.at(":") && p.hostname_ipv6_bracket_depth == 0 {
                    p.change_state(State::Port, 1);
                } else if p.at("/") {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.at("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Port => {
                if p.at("/") {
                    p.change_state(State::Pathname, 0);
                } else if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.at("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Pathname => {
                if p.is_search_prefix() {
                    p.change_state(State::Search, 1);
                } else if p.at("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Search => {
                if p.at("#") {
                    p.change_state(State::Hash, 1);
                }
            }
            State::Hash | State::Done => {}
        }
        p.token_index += p.token_increment;
    }
    // "If parser's result contains hostname and not port, set port to the
    // empty string."
    if p.result.hostname.is_some() && p.result.port.is_none() {
        p.result.port = Some(String::new());
    }
    Ok(p.result)
}
