//! The parse report's document written member by member: the names are
//! constant bytes, and only the values are looked at. It is the document
//! the report's `Serialize` gives (a test compares the two over a corpus);
//! the types of other crates inside it go through that `Serialize`.

use onecontact::inspect::HostDisplay;
use serde::Serialize;

use super::JsonError;
use super::escape::write_str;
use crate::{ContactPart, Finding, HostReport, ParseReport, Parts, PathSegment, Place, QueryParam};

/// A compact document being written.
pub(crate) struct Out<'o>(pub(crate) &'o mut Vec<u8>);

impl Out<'_> {
    /// Punctuation and member names, as they are.
    #[inline(always)]
    fn raw(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }

    #[inline(always)]
    fn str(&mut self, text: &str) {
        write_str(self.0, text);
    }

    #[inline(always)]
    fn opt_str(&mut self, text: Option<&str>) {
        match text {
            Some(text) => self.str(text),
            None => self.raw(b"null"),
        }
    }

    #[inline(always)]
    fn bool(&mut self, b: bool) {
        self.raw(if b { b"true" } else { b"false" });
    }

    #[inline(always)]
    fn number(&mut self, n: impl itoa::Integer) {
        self.raw(itoa::Buffer::new().format(n).as_bytes());
    }

    #[inline(always)]
    fn opt_number(&mut self, n: Option<impl itoa::Integer>) {
        match n {
            Some(n) => self.number(n),
            None => self.raw(b"null"),
        }
    }

    #[inline(always)]
    fn opt_char(&mut self, c: Option<char>) {
        match c {
            Some(c) => self.str(c.encode_utf8(&mut [0; 4])),
            None => self.raw(b"null"),
        }
    }

    /// A value of another crate, through its `Serialize`.
    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), JsonError> {
        super::write(self.0, value)
    }

    /// `[…]` of `items`, each written by `write`.
    fn list<T>(
        &mut self,
        items: &[T],
        mut write: impl FnMut(&mut Self, &T) -> Result<(), JsonError>,
    ) -> Result<(), JsonError> {
        self.raw(b"[");
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.raw(b",");
            }
            write(self, item)?;
        }
        self.raw(b"]");
        Ok(())
    }
}

/// `{"name":value,…}`: each value is a statement that writes it.
macro_rules! object {
    ($out:ident, $first:literal => $value:expr $(, $name:literal => $rest:expr)* $(,)?) => {{
        $out.raw(concat!("{\"", $first, "\":").as_bytes());
        $value;
        $(
            $out.raw(concat!(",\"", $name, "\":").as_bytes());
            $rest;
        )*
        $out.raw(b"}");
    }};
}

/// `{"report":…}`.
pub(crate) fn reply(o: &mut Out<'_>, r: &ParseReport) -> Result<(), JsonError> {
    object!(o, "report" => report(o, r)?);
    Ok(())
}

fn report(o: &mut Out<'_>, r: &ParseReport) -> Result<(), JsonError> {
    object!(o,
        "input" => o.str(&r.input),
        "href" => o.str(&r.href),
        "parts" => parts(o, &r.parts),
        "origin" => o.str(&r.origin),
        "host" => match &r.host {
            Some(h) => host(o, h)?,
            None => o.raw(b"null"),
        },
        "opaque_path" => o.bool(r.opaque_path),
        "path_segments" => o.list(&r.path_segments, |o, s| {
            segment(o, s);
            Ok(())
        })?,
        "query_params" => o.list(&r.query_params, |o, p| {
            param(o, p);
            Ok(())
        })?,
        "findings" => o.list(&r.findings, finding)?,
        "max_severity" => o.value(&r.max_severity)?,
        "contact" => match &r.contact {
            Some(c) => contact(o, c)?,
            None => o.raw(b"null"),
        },
        "contact_error" => o.value(&r.contact_error)?,
    );
    Ok(())
}

fn parts(o: &mut Out<'_>, p: &Parts) {
    object!(o,
        "scheme" => o.str(&p.scheme),
        "username" => o.opt_str(p.username.as_deref()),
        "password" => o.opt_str(p.password.as_deref()),
        "host" => o.opt_str(p.host.as_deref()),
        "port" => o.opt_number(p.port),
        "default_port" => o.opt_number(p.default_port),
        "path" => o.str(&p.path),
        "query" => o.opt_str(p.query.as_deref()),
        "fragment" => o.opt_str(p.fragment.as_deref()),
    );
}

fn host(o: &mut Out<'_>, h: &HostReport) -> Result<(), JsonError> {
    object!(o,
        "kind" => o.value(&h.kind)?,
        "as_written" => o.opt_str(h.as_written.as_deref()),
        "unicode" => o.opt_str(h.unicode.as_deref()),
        "ipv4_short_form" => o.bool(h.ipv4_short_form),
        "registrable_domain" => o.opt_str(h.registrable_domain.as_deref()),
        "public_suffix" => o.opt_str(h.public_suffix.as_deref()),
        "display" => match &h.display {
            Some(d) => display(o, d)?,
            None => o.raw(b"null"),
        },
    );
    Ok(())
}

fn display(o: &mut Out<'_>, d: &HostDisplay) -> Result<(), JsonError> {
    object!(o,
        "host" => o.str(&d.host),
        "labels" => o.value(&d.labels)?,
        "imitates" => o.opt_str(d.imitates.as_deref()),
    );
    Ok(())
}

fn segment(o: &mut Out<'_>, s: &PathSegment) {
    object!(o,
        "raw" => o.str(&s.raw),
        "decoded" => o.str(&s.decoded),
        "contains_slash" => o.bool(s.contains_slash),
        "invalid_utf8" => o.bool(s.invalid_utf8),
    );
}

fn param(o: &mut Out<'_>, p: &QueryParam) {
    object!(o,
        "name" => o.str(&p.name),
        "value" => o.str(&p.value),
        "raw_name" => o.str(&p.raw_name),
        "raw_value" => o.str(&p.raw_value),
        "has_equals" => o.bool(p.has_equals),
        "tracking" => o.bool(p.tracking),
    );
}

fn finding(o: &mut Out<'_>, f: &Finding) -> Result<(), JsonError> {
    object!(o,
        "code" => o.str(f.code),
        "kind" => o.value(&f.kind)?,
        "severity" => o.value(&f.severity)?,
        "message" => o.str(&f.message),
        "evidence" => o.opt_str(f.evidence.as_deref()),
        "character" => o.opt_char(f.character),
        "places" => o.list(&f.places, |o, p| {
            place(o, p);
            Ok(())
        })?,
        "covers" => o.list(&f.covers, |o, code| {
            o.str(code);
            Ok(())
        })?,
    );
    Ok(())
}

fn place(o: &mut Out<'_>, p: &Place) {
    object!(o,
        "offset" => o.number(p.offset),
        "offset_utf16" => o.number(p.offset_utf16),
        "character" => o.opt_char(p.character),
    );
}

fn contact(o: &mut Out<'_>, c: &ContactPart) -> Result<(), JsonError> {
    object!(o,
        "canonical" => o.str(&c.canonical),
        "key_v1" => o.str(&c.key_v1),
        "social_profile" => o.value(&c.social_profile)?,
    );
    Ok(())
}
