//! The `serde` feature: a [`Url`] is its serialization;
//! `serialize_internal`/`deserialize_internal` use `url`'s internal layout.

use alloc::format;
use alloc::string::String;
use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Host, Url};

/// Serializes the URL as its serialization.
impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Deserializes a string and parses it as a URL.
impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        struct UrlVisitor;

        impl Visitor<'_> for UrlVisitor {
            type Value = Url;

            fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter.write_str("a string representing an URL")
            }

            fn visit_str<E: Error>(self, s: &str) -> Result<Self::Value, E> {
                Url::parse(s).map_err(|err| Error::custom(format!("{err}: {s:?}")))
            }
        }

        deserializer.deserialize_str(UrlVisitor)
    }
}

/// `url`'s record of the host's kind, in its serde form.
#[derive(Serialize, Deserialize, Copy, Clone, Debug, PartialEq, Eq)]
enum HostInternal {
    None,
    Domain,
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
}

type Internal = (
    String,
    u32,
    u32,
    u32,
    u32,
    HostInternal,
    Option<u16>,
    u32,
    Option<u32>,
    Option<u32>,
);

impl Url {
    fn host_internal(&self) -> HostInternal {
        match self.host() {
            Some(Host::Domain(d)) if !d.is_empty() => HostInternal::Domain,
            Some(Host::Ipv4(a)) => HostInternal::Ipv4(a),
            Some(Host::Ipv6(a)) => HostInternal::Ipv6(a),
            _ => HostInternal::None,
        }
    }

    fn internal(&self) -> Internal {
        let c = self.components();
        (
            String::from(self.as_str()),
            c.scheme_end,
            c.username_end,
            c.host_start,
            c.host_end,
            self.host_internal(),
            c.port,
            c.path_start,
            c.query_start,
            c.fragment_start,
        )
    }

    /// Serializes `url`'s internal layout: the serialization, the
    /// components' offsets, the host's kind and the port.
    ///
    /// # Errors
    ///
    /// The serializer's.
    pub fn serialize_internal<S>(&self, serializer: S) -> Result<S::Ok, S::Error>
    where
        S: Serializer,
    {
        self.internal().serialize(serializer)
    }

    /// Deserializes what [`Url::serialize_internal`] writes: the
    /// serialization is parsed again, and the rest must agree with it.
    ///
    /// # Errors
    ///
    /// The deserializer's, or a custom error when the serialization does
    /// not parse to itself with the same components.
    pub fn deserialize_internal<'de, D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>,
    {
        let given: Internal = Deserialize::deserialize(deserializer)?;
        let url = Url::parse(&given.0)
            .map_err(|err| D::Error::custom(format!("{err}: {:?}", given.0)))?;
        if url.internal() != given {
            return Err(D::Error::custom(format!(
                "the components do not match the URL {:?}",
                given.0
            )));
        }
        Ok(url)
    }
}
