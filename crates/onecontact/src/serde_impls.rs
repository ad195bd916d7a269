//! `serde` support (feature `serde`): [`WebAddress`] and [`WebError`]
//! serialize as structs with stable field names.

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::{KeyVersion, WebAddress, WebError};

impl Serialize for WebAddress {
    /// Fields: `url` (the full serialization), `canonical`, `key_v1`,
    /// `is_website`, `flags` (fact names), `social_profile` (or null),
    /// `removed_tracking_parameters` (names as written) and `fields` (spans
    /// in UTF-16 code units of the input).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let removed: Vec<&str> = self.removed_tracking_parameters().collect();
        let mut s = serializer.serialize_struct("WebAddress", 8)?;
        s.serialize_field("url", self.url().as_str())?;
        s.serialize_field("canonical", self.canonical())?;
        s.serialize_field("key_v1", &self.key(KeyVersion::V1))?;
        s.serialize_field("is_website", &self.is_website())?;
        s.serialize_field("flags", &self.flags())?;
        s.serialize_field("social_profile", &self.social_profile())?;
        s.serialize_field("removed_tracking_parameters", &removed)?;
        s.serialize_field("fields", &self.detail().fields)?;
        s.end()
    }
}

impl Serialize for WebError {
    /// Fields: `code` (`web.…`), `validation_error` (the URL Standard's
    /// name, or null), `offset` and `offset_utf16` (where in the text as
    /// given) and `message`: the same five wherever the error is shown.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let at = self.offset();
        let mut s = serializer.serialize_struct("WebError", 5)?;
        s.serialize_field("code", self.code())?;
        s.serialize_field("validation_error", &self.validation_error())?;
        s.serialize_field("offset", &at.bytes)?;
        s.serialize_field("offset_utf16", &at.utf16)?;
        s.serialize_field("message", &self.to_string())?;
        s.end()
    }
}
