//! The public API, item by item, with `url` 2.5.8's signatures.
//!
//! `api!` names every public item of `url` 2.5.8 with its exact type: each
//! function is coerced to a function pointer of its signature (or called,
//! where an argument is `impl Trait`), each trait impl is required by a
//! bound, each variant and field is written out. The macro is expanded
//! twice, for this crate (`url`) and for the `url` crate itself
//! (`url_peer`), so the list is checked against both: an item that is
//! missing here, or has another signature, fails to compile, and so does a
//! line of the list that is not `url`'s. `every_public_item_of_url_is_listed`
//! checks that the list names every public item of the pinned `url` sources.

#![allow(
    clippy::type_complexity,
    clippy::unwrap_used,
    clippy::panic,
    clippy::extra_unused_lifetimes,
    clippy::drop_non_drop,
    dead_code,
    unused_imports
)]

use std::borrow::Cow;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::net::IpAddr;
use std::ops::{Index, Range, RangeFrom, RangeFull, RangeTo};
use std::path::{Path, PathBuf};
use std::str::FromStr;

fn copy<T: Copy>() {}
fn clone<T: Clone>() {}
fn debug<T: Debug>() {}
fn display<T: Display>() {}
fn eq<T: Eq>() {}
fn ord<T: Ord>() {}
fn partial_ord<T: PartialOrd>() {}
fn hash<T: Hash>() {}
fn error<T: std::error::Error>() {}
fn send_sync<T: Send + Sync>() {}
fn serde<T: serde::Serialize + for<'de> serde::Deserialize<'de>>() {}

macro_rules! api {
    ($k:ident) => {
        use $k::{
            EncodingOverride, Host, OpaqueOrigin, Origin, ParseError, ParseOptions,
            PathSegmentsMut, Position, SyntaxViolation, Url, UrlQuery,
        };

        pub fn url_functions() {
            let _: fn(&str) -> Result<Url, ParseError> = Url::parse;
            generic_functions();
            let _: fn(&Url, &str) -> Result<Url, ParseError> = Url::join;
            let _: fn(&Url, &Url) -> Option<String> = Url::make_relative;
            let _: fn() -> ParseOptions<'static> = Url::options;
            let _: for<'a> fn(&'a Url) -> &'a str = Url::as_str;
            #[allow(deprecated)]
            let _: fn(Url) -> String = Url::into_string;
            let _: fn(&Url) -> Result<(), String> = Url::check_invariants;
            let _: fn(&Url) -> Origin = Url::origin;
            let _: for<'a> fn(&'a Url) -> &'a str = Url::scheme;
            let _: fn(&Url) -> bool = Url::is_special;
            let _: fn(&Url) -> bool = Url::has_authority;
            let _: for<'a> fn(&'a Url) -> &'a str = Url::authority;
            let _: fn(&Url) -> bool = Url::cannot_be_a_base;
            let _: for<'a> fn(&'a Url) -> &'a str = Url::username;
            let _: for<'a> fn(&'a Url) -> Option<&'a str> = Url::password;
            let _: fn(&Url) -> bool = Url::has_host;
            let _: for<'a> fn(&'a Url) -> Option<&'a str> = Url::host_str;
            let _: for<'a> fn(&'a Url) -> Option<Host<&'a str>> = Url::host;
            let _: for<'a> fn(&'a Url) -> Option<&'a str> = Url::domain;
            let _: fn(&Url) -> Option<u16> = Url::port;
            let _: fn(&Url) -> Option<u16> = Url::port_or_known_default;
            let _ = |url: &Url| -> std::io::Result<Vec<std::net::SocketAddr>> {
                url.socket_addrs(|| None)
            };
            let _: for<'a> fn(&'a Url) -> &'a str = Url::path;
            let _: for<'a> fn(&'a Url) -> Option<std::str::Split<'a, char>> = Url::path_segments;
            let _: for<'a> fn(&'a Url) -> Option<&'a str> = Url::query;
            let _: for<'a> fn(&'a Url) -> $k::form_urlencoded::Parse<'a> = Url::query_pairs;
            let _: for<'a> fn(&'a Url) -> Option<&'a str> = Url::fragment;
            let _: fn(&mut Url, Option<&str>) = Url::set_fragment;
            let _: fn(&mut Url, Option<&str>) = Url::set_query;
            let _: for<'a> fn(&'a mut Url) -> $k::form_urlencoded::Serializer<'a, UrlQuery<'a>> =
                Url::query_pairs_mut;
            let _: fn(&mut Url, &str) = Url::set_path;
            let _: for<'a> fn(&'a mut Url) -> Result<PathSegmentsMut<'a>, ()> =
                Url::path_segments_mut;
            let _: fn(&mut Url, Option<u16>) -> Result<(), ()> = Url::set_port;
            let _: fn(&mut Url, Option<&str>) -> Result<(), ParseError> = Url::set_host;
            let _: fn(&mut Url, IpAddr) -> Result<(), ()> = Url::set_ip_host;
            let _: fn(&mut Url, Option<&str>) -> Result<(), ()> = Url::set_password;
            let _: fn(&mut Url, &str) -> Result<(), ()> = Url::set_username;
            let _: fn(&mut Url, &str) -> Result<(), ()> = Url::set_scheme;
            let _: fn(&Url) -> Result<PathBuf, ()> = Url::to_file_path;
            let _: fn(serde_json::Value) -> Result<Url, serde_json::Error> =
                Url::deserialize_internal::<serde_json::Value>;
        }

        /// Generic functions and methods of a type with a lifetime: their
        /// pointers are not higher-ranked, so one lifetime `'x` names all.
        fn generic_functions<'x>() {
            let _: fn(ParseOptions<'x>, &'x str) -> Result<Url, ParseError> =
                ParseOptions::<'x>::parse;
            let _: fn(&'x Host<&'x str>) -> Host<String> = Host::<&'x str>::to_owned;
            let _: fn(&'x str, &'x [(&'x str, &'x str)]) -> Result<Url, ParseError> =
                Url::parse_with_params::<&'x [(&'x str, &'x str)], &'x str, &'x str>;
            let _: fn(&'x Path) -> Result<Url, ()> = Url::from_file_path::<&'x Path>;
            let _: fn(&'x Path) -> Result<Url, ()> = Url::from_directory_path::<&'x Path>;
            let _: fn(
                &'x Url,
                &'x mut serde_json::Serializer<Vec<u8>>,
            ) -> Result<(), serde_json::Error> =
                Url::serialize_internal::<&'x mut serde_json::Serializer<Vec<u8>>>;
            let _: fn(ParseOptions<'x>, Option<&'x Url>) -> ParseOptions<'x> =
                ParseOptions::<'x>::base_url;
            let _: fn(ParseOptions<'x>, EncodingOverride<'x>) -> ParseOptions<'x> =
                ParseOptions::<'x>::encoding_override;
            let _: fn(ParseOptions<'x>, Option<&'x dyn Fn(SyntaxViolation)>) -> ParseOptions<'x> =
                ParseOptions::<'x>::syntax_violation_callback;
            let _: fn(&'x mut PathSegmentsMut<'x>) -> &'x mut PathSegmentsMut<'x> =
                PathSegmentsMut::<'x>::clear;
            let _: fn(&'x mut PathSegmentsMut<'x>) -> &'x mut PathSegmentsMut<'x> =
                PathSegmentsMut::<'x>::pop_if_empty;
            let _: fn(&'x mut PathSegmentsMut<'x>) -> &'x mut PathSegmentsMut<'x> =
                PathSegmentsMut::<'x>::pop;
            let _: fn(&'x mut PathSegmentsMut<'x>, &'x str) -> &'x mut PathSegmentsMut<'x> =
                PathSegmentsMut::<'x>::push;
            let _: fn(&'x mut PathSegmentsMut<'x>, Vec<String>) -> &'x mut PathSegmentsMut<'x> =
                PathSegmentsMut::<'x>::extend::<Vec<String>>;
        }

        pub fn parse_options() {
            let _: EncodingOverride<'_> = None::<&dyn Fn(&str) -> Cow<'_, [u8]>>;
            copy::<ParseOptions<'_>>();
        }

        pub fn url_traits() {
            clone::<Url>();
            debug::<Url>();
            display::<Url>();
            eq::<Url>();
            ord::<Url>();
            partial_ord::<Url>();
            hash::<Url>();
            send_sync::<Url>();
            serde::<Url>();
            fn from_str<T: FromStr<Err = ParseError>>() {}
            from_str::<Url>();
            fn try_from<T: for<'a> TryFrom<&'a str, Error = ParseError>>() {}
            try_from::<Url>();
            fn as_ref<T: AsRef<str>>() {}
            as_ref::<Url>();
            fn into_string<T: Into<String>>() {}
            into_string::<Url>();
            fn index<T>()
            where
                T: Index<RangeFull, Output = str>
                    + Index<RangeFrom<Position>, Output = str>
                    + Index<RangeTo<Position>, Output = str>
                    + Index<Range<Position>, Output = str>,
            {
            }
            index::<Url>();
        }

        pub fn host() {
            let _: fn(&str) -> Result<Host<String>, ParseError> = Host::<String>::parse;
            let _: fn(&str) -> Result<Host<String>, ParseError> = Host::<String>::parse_opaque;
            let _ = |h: Host| match h {
                Host::Domain(s) => s.len(),
                Host::Ipv4(a) => a.octets().len(),
                Host::Ipv6(a) => a.octets().len(),
            };
            clone::<Host>();
            debug::<Host<&str>>();
            eq::<Host>();
            ord::<Host>();
            partial_ord::<Host<&str>>();
            hash::<Host>();
            display::<Host<&str>>();
            display::<Host<Cow<'_, str>>>();
            serde::<Host>();
            fn cross_eq<S: PartialEq<T>, T>() -> fn(&Host<S>, &Host<T>) -> bool {
                |a, b| a == b
            }
            let _ = cross_eq::<String, &str>();
        }

        pub fn origin() {
            let _: fn() -> Origin = Origin::new_opaque;
            let _: fn(&Origin) -> bool = Origin::is_tuple;
            let _: fn(&Origin) -> String = Origin::ascii_serialization;
            let _: fn(&Origin) -> String = Origin::unicode_serialization;
            let _ = |o: Origin| match o {
                Origin::Opaque(opaque) => drop::<OpaqueOrigin>(opaque),
                Origin::Tuple(scheme, host, port) => {
                    drop::<(String, Host<String>, u16)>((scheme, host, port))
                }
            };
            eq::<Origin>();
            hash::<Origin>();
            clone::<Origin>();
            debug::<Origin>();
            eq::<OpaqueOrigin>();
            hash::<OpaqueOrigin>();
            clone::<OpaqueOrigin>();
            debug::<OpaqueOrigin>();
        }

        pub fn errors() {
            let _ = [
                ParseError::EmptyHost,
                ParseError::IdnaError,
                ParseError::InvalidPort,
                ParseError::InvalidIpv4Address,
                ParseError::InvalidIpv6Address,
                ParseError::InvalidDomainCharacter,
                ParseError::RelativeUrlWithoutBase,
                ParseError::RelativeUrlWithCannotBeABaseBase,
                ParseError::SetHostOnCannotBeABaseUrl,
                ParseError::Overflow,
            ];
            copy::<ParseError>();
            eq::<ParseError>();
            debug::<ParseError>();
            display::<ParseError>();
            error::<ParseError>();
            send_sync::<ParseError>();
            let _ = [
                SyntaxViolation::Backslash,
                SyntaxViolation::C0SpaceIgnored,
                SyntaxViolation::EmbeddedCredentials,
                SyntaxViolation::ExpectedDoubleSlash,
                SyntaxViolation::ExpectedFileDoubleSlash,
                SyntaxViolation::FileWithHostAndWindowsDrive,
                SyntaxViolation::NonUrlCodePoint,
                SyntaxViolation::NullInFragment,
                SyntaxViolation::PercentDecode,
                SyntaxViolation::TabOrNewlineIgnored,
                SyntaxViolation::UnencodedAtSign,
            ];
            let _: fn(&SyntaxViolation) -> &'static str = SyntaxViolation::description;
            copy::<SyntaxViolation>();
            eq::<SyntaxViolation>();
            debug::<SyntaxViolation>();
            display::<SyntaxViolation>();
        }

        pub fn position() {
            let _ = [
                Position::BeforeScheme,
                Position::AfterScheme,
                Position::BeforeUsername,
                Position::AfterUsername,
                Position::BeforePassword,
                Position::AfterPassword,
                Position::BeforeHost,
                Position::AfterHost,
                Position::BeforePort,
                Position::AfterPort,
                Position::BeforePath,
                Position::AfterPath,
                Position::BeforeQuery,
                Position::AfterQuery,
                Position::BeforeFragment,
                Position::AfterFragment,
            ];
            copy::<Position>();
            debug::<Position>();
        }

        pub fn path_segments_mut() {
            debug::<PathSegmentsMut<'_>>();
        }

        pub fn url_query() {
            fn target<'a, T: $k::form_urlencoded::Target<Finished = &'a mut Url>>() {}
            target::<UrlQuery<'_>>();
            debug::<UrlQuery<'_>>();
        }

        pub fn quirks() {
            use $k::quirks;
            let _: fn(&str) -> String = quirks::domain_to_ascii;
            let _: fn(&str) -> String = quirks::domain_to_unicode;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::href;
            let _: fn(&mut Url, &str) -> Result<(), ParseError> = quirks::set_href;
            let _: fn(&Url) -> String = quirks::origin;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::protocol;
            let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_protocol;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::username;
            let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_username;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::password;
            let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_password;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::host;
            let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_host;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::hostname;
            let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_hostname;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::port;
            let _: fn(&mut Url, &str) -> Result<(), ()> = quirks::set_port;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::pathname;
            let _: fn(&mut Url, &str) = quirks::set_pathname;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::search;
            let _: fn(&mut Url, &str) = quirks::set_search;
            let _: for<'a> fn(&'a Url) -> &'a str = quirks::hash;
            let _: fn(&mut Url, &str) = quirks::set_hash;
            let _: fn(&Url) -> quirks::InternalComponents = quirks::internal_components;
            let _ = |c: quirks::InternalComponents| {
                let quirks::InternalComponents {
                    scheme_end,
                    username_end,
                    host_start,
                    host_end,
                    port,
                    path_start,
                    query_start,
                    fragment_start,
                } = c;
                let _: [u32; 5] = [scheme_end, username_end, host_start, host_end, path_start];
                let _: (Option<u16>, Option<u32>, Option<u32>) =
                    (port, query_start, fragment_start);
            };
            copy::<quirks::InternalComponents>();
        }
    };
}

/// This crate.
mod ours {
    use super::*;
    api!(url);
}

/// The `url` crate 2.5.8.
mod theirs {
    use super::*;
    api!(url_peer);
}

/// `url::form_urlencoded` is the `form_urlencoded` crate in both, so its
/// types are the same types: a value of one is a value of the other.
#[test]
fn form_urlencoded_is_the_same_crate() {
    fn same<'a>(p: url::form_urlencoded::Parse<'a>) -> url_peer::form_urlencoded::Parse<'a> {
        p
    }
    fn same_serializer(
        s: url::form_urlencoded::Serializer<'_, String>,
    ) -> url_peer::form_urlencoded::Serializer<'_, String> {
        s
    }
    let url = url::Url::parse("https://example.com/?a=1&b=x+y").unwrap();
    let pairs: Vec<_> = same(url.query_pairs()).into_owned().collect();
    assert_eq!(
        pairs,
        [("a".into(), "1".into()), ("b".into(), "x y".into())]
    );
    let mut s = same_serializer(url::form_urlencoded::Serializer::new(String::new()));
    assert_eq!(s.append_pair("k", "v w").finish(), "k=v+w");
    let _: url::EncodingOverride<'_> = None::<url_peer::EncodingOverride<'_>>.flatten();
}

#[test]
fn both_lists_are_used() {
    for f in [
        ours::url_functions,
        ours::parse_options,
        ours::url_traits,
        ours::host,
        ours::origin,
        ours::errors,
        ours::position,
        ours::path_segments_mut,
        ours::url_query,
        ours::quirks,
        theirs::url_functions,
        theirs::parse_options,
        theirs::url_traits,
        theirs::host,
        theirs::origin,
        theirs::errors,
        theirs::position,
        theirs::path_segments_mut,
        theirs::url_query,
        theirs::quirks,
    ] {
        f();
    }
}

/// Every `pub` item of the pinned `url` sources (functions, types, traits,
/// modules and re-exports, fields of public structs, except those of the
/// crate-private modules `parser` keeps for itself) is named in the list
/// above.
#[test]
fn every_public_item_of_url_is_listed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/url-2.5.8");
    let this = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api.rs"),
    )
    .unwrap();
    let list = this.split("mod ours").next().unwrap();
    // `parser.rs` holds the parser's crate-private machinery (`Parser`,
    // `Input`, `Pattern`, `SchemeType`, `Context`, …), all in a private
    // module; its public items are the two error enums, re-exported.
    let private = [
        "Parser",
        "Input",
        "Pattern",
        "SchemeType",
        "Context",
        "ParseResult",
        "new_no_trim",
        "new_trim_tab_and_newlines",
        "new_trim_c0_control_and_space",
        "is_empty",
        "starts_with",
        "split_prefix",
        "is_special",
        "is_file",
        "default_port",
        "for_setter",
        "parse_url",
        "parse_scheme",
        "parse_host",
        "file_host",
        "parse_port",
        "parse_path_start",
        "parse_path",
        "parse_cannot_be_a_base_path",
        "parse_query",
        "parse_fragment",
        "ascii_alpha",
        "to_u32",
        "is_windows_drive_letter",
        "serialization",
        "base_url",
        "query_encoding_override",
        "violation_fn",
        "context",
        "url_origin",
        "new",
    ];
    let mut missing = Vec::new();
    let mut checked = 0;
    for file in [
        "lib.rs",
        "host.rs",
        "origin.rs",
        "parser.rs",
        "path_segments.rs",
        "quirks.rs",
        "slicing.rs",
    ] {
        let source = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in source.lines() {
            let code = line.trim_start();
            if code.starts_with("//") || !code.starts_with("pub ") {
                continue;
            }
            let rest = code.trim_start_matches("pub ");
            let rest = rest
                .trim_start_matches("fn ")
                .trim_start_matches("struct ")
                .trim_start_matches("enum ")
                .trim_start_matches("trait ")
                .trim_start_matches("type ")
                .trim_start_matches("mod ")
                .trim_start_matches("use ");
            let name: String = rest
                .rsplit("::")
                .next()
                .unwrap_or(rest)
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() || (file == "parser.rs" && private.contains(&name.as_str())) {
                continue;
            }
            if name == "url_origin"
                || (file != "parser.rs" && name == "new" && code.contains("fn new(url"))
            {
                continue;
            }
            checked += 1;
            if !list.contains(&name) {
                missing.push(format!("{file}: {code}"));
            }
        }
    }
    // Trait impls: the trait of every `impl Trait for Type` of a public
    // type is required above. Not applicable: `Drop` (no API), `RangeArg`
    // and the impls on the parser's private types, and
    // `From<idna::Errors> for ParseError`, the one impl this crate does not
    // have (it would bring in the `idna` crate; see
    // docs/migrating-from-url.md).
    let private_types = [
        "HostInternal",
        "Input",
        "SchemeType",
        "Range<u32>",
        "RangeFrom<u32>",
        "RangeTo<u32>",
        "F ",
    ];
    for file in [
        "lib.rs",
        "host.rs",
        "origin.rs",
        "parser.rs",
        "path_segments.rs",
        "slicing.rs",
    ] {
        let source = std::fs::read_to_string(dir.join(file)).unwrap();
        for line in source
            .lines()
            .filter(|l| l.starts_with("impl") && l.contains(" for "))
        {
            let (head, ty) = line.split_once(" for ").unwrap();
            if private_types.iter().any(|p| ty.starts_with(p)) || head.contains("idna::Errors") {
                continue;
            }
            let head = head.trim_start_matches("impl").trim_start();
            let head = if head.starts_with('<') {
                head.split_once("> ").map_or(head, |(_, rest)| rest)
            } else {
                head
            };
            let name: String = head
                .rsplit("::")
                .next()
                .unwrap_or(head)
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name == "Drop" || name == "RangeArg" || name == "Pattern" || name == "Iterator" {
                continue;
            }
            checked += 1;
            if !list.contains(&name) {
                missing.push(format!("{file}: {line}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "public items of url 2.5.8 not in the list:\n{}",
        missing.join("\n")
    );
    assert!(checked > 110, "{checked} items");
}
