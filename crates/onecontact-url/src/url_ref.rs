//! A URL's serialization and offsets, borrowed: what the parser reads of a
//! base URL, and what [`Url`]'s own offset arithmetic is written on.

use crate::gigo::Gigo;
use crate::host::{HostKind, IpBits};
use crate::scheme::SchemeType;
use crate::url::{NONE, Url, to_u32};

/// The fields of a [`Url`] with the serialization borrowed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct UrlRef<'a> {
    pub(crate) serialization: &'a str,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    pub(crate) path_start: u32,
    pub(crate) query_start: u32,
    pub(crate) fragment_start: u32,
    pub(crate) port_value: u16,
    pub(crate) ip: IpBits,
    pub(crate) host_kind: HostKind,
    pub(crate) scheme_type: SchemeType,
}

impl Url {
    /// The URL as a [`UrlRef`].
    #[inline(always)]
    pub(crate) fn view(&self) -> UrlRef<'_> {
        UrlRef {
            serialization: &self.serialization,
            host_start: self.host_start,
            host_end: self.host_end,
            path_start: self.path_start,
            query_start: self.query_start,
            fragment_start: self.fragment_start,
            port_value: self.port_value,
            ip: self.ip,
            host_kind: self.host_kind,
            scheme_type: self.scheme_type,
        }
    }
}

impl<'a> UrlRef<'a> {
    #[inline(always)]
    pub(crate) fn slice(&self, start: u32, end: u32) -> &'a str {
        self.serialization
            .get(start as usize..end as usize)
            .unwrap_or_gigo()
    }

    #[inline(always)]
    pub(crate) fn len32(&self) -> u32 {
        to_u32(self.serialization.len())
    }

    #[inline(always)]
    pub(crate) fn byte_at(&self, i: u32) -> Option<u8> {
        self.serialization.as_bytes().get(i as usize).copied()
    }

    /// End of the path: start of the query or fragment, or the end.
    #[inline]
    pub(crate) fn path_end(&self) -> u32 {
        if self.query_start != NONE {
            self.query_start
        } else if self.fragment_start != NONE {
            self.fragment_start
        } else {
            self.len32()
        }
    }

    /// End of the query (or of the path when there is no query).
    #[inline]
    pub(crate) fn query_end(&self) -> u32 {
        if self.fragment_start != NONE {
            self.fragment_start
        } else {
            self.len32()
        }
    }

    /// Where the scheme ends: the index of the first `:` (a scheme never
    /// holds one), known from the scheme type for special schemes.
    #[inline]
    pub(crate) fn scheme_end(&self) -> u32 {
        match self.scheme_type {
            SchemeType::Ws => 2,
            SchemeType::Wss | SchemeType::Ftp => 3,
            SchemeType::Http | SchemeType::File => 4,
            SchemeType::Https => 5,
            SchemeType::NotSpecial => to_u32(
                self.serialization
                    .bytes()
                    .position(|b| b == b':')
                    .unwrap_or(0),
            ),
        }
    }

    /// Whether the URL has an authority (a host that is not null).
    #[inline(always)]
    pub(crate) fn has_authority(&self) -> bool {
        self.host_kind != HostKind::None
    }

    /// Whether the URL has a port: a host followed by `:port` text.
    #[inline]
    pub(crate) fn has_port(&self) -> bool {
        self.has_authority() && self.path_start > self.host_end
    }

    /// Where the text after the host and port begins, before any `/.`.
    #[inline]
    pub(crate) fn authority_end(&self) -> u32 {
        if self.has_port() {
            self.path_start
        } else {
            self.host_end
        }
    }

    /// Whether the path is opaque (no authority, no `/` where it starts).
    #[inline]
    pub(crate) fn has_opaque_path(&self) -> bool {
        !self.has_authority() && self.byte_at(self.path_start) != Some(b'/')
    }

    /// The path, percent-encoded.
    #[inline]
    pub(crate) fn path(&self) -> &'a str {
        self.slice(self.path_start, self.path_end())
    }
}
