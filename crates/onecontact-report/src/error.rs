//! [`ToolError`]: why a tool function could not produce its report.

use onecontact::{Offset, WebError};

/// Which input of a tool function a failure is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Role {
    /// The address the function works on.
    Input,
    /// The base URL a reference is resolved against.
    Base,
    /// The reference resolved against a base.
    Reference,
    /// The first of two compared addresses.
    First,
    /// The second of two compared addresses.
    Second,
}

impl Role {
    /// What a message about this input starts with: nothing for the
    /// address itself (its message is the catalogue's), `the base URL: `, …
    pub fn prefix(self) -> &'static str {
        match self {
            Role::Input => "",
            Role::Base => "the base URL: ",
            Role::Reference => "the reference: ",
            Role::First => "the first address: ",
            Role::Second => "the second address: ",
        }
    }

    /// How a sentence names this input ("the address", "the base URL", …).
    pub fn noun(self) -> &'static str {
        match self {
            Role::Input => "the address",
            Role::Base => "the base URL",
            Role::Reference => "the reference",
            Role::First => "the first address",
            Role::Second => "the second address",
        }
    }
}

/// Why a tool function failed. A text that cannot be read carries the
/// contact layer's [`WebError`] (one catalogue: the same code, offset and
/// message as [`WebAddress::parse`](onecontact::WebAddress::parse) gives for the
/// same text); [`rebuild`](crate::rebuild)'s setters can refuse an edit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ToolError {
    /// A text could not be read as a URL.
    #[error("{}", unreadable_message(*role, error))]
    Unreadable {
        /// Which input.
        role: Role,
        /// Why.
        error: WebError,
    },
    /// An edit of [`rebuild`](crate::rebuild) was refused by the URL's setter.
    #[error("the {field} value {value:?} was refused: {reason}")]
    Refused {
        /// The field being set (`host`, `port`, …) or `param`.
        field: &'static str,
        /// The value given.
        value: String,
        /// Why the setter refused it.
        reason: String,
    },
}

/// The sentence of [`ToolError::Unreadable`]: the catalogue's message after
/// the name of the input, except for a base that is itself relative, which
/// cannot be helped by another base.
fn unreadable_message(role: Role, error: &WebError) -> String {
    match (role, error) {
        (Role::Base, WebError::RelativeWithoutBase { text }) => format!(
            "the base URL {text} is itself relative: a base must be an absolute URL, \
             with a scheme and a host (such as https://example.com/docs/)"
        ),
        _ => format!("{}{error}", role.prefix()),
    }
}

impl ToolError {
    /// Whether the failure is a relative reference given without a base
    /// (which a base URL fixes).
    pub fn wants_base(&self) -> bool {
        matches!(
            self,
            ToolError::Unreadable {
                role,
                error: WebError::RelativeWithoutBase { .. },
            } if *role != Role::Base
        )
    }

    pub(crate) fn unreadable(role: Role, error: &WebError) -> ToolError {
        ToolError::Unreadable {
            role,
            error: error.clone(),
        }
    }

    /// The stable code: the [`WebError`]'s `web.…` code, or `refused`.
    pub fn code(&self) -> &'static str {
        match self {
            ToolError::Unreadable { error, .. } => error.code(),
            ToolError::Refused { .. } => "refused",
        }
    }

    /// The URL Standard's validation-error name, when the failure has one.
    pub fn validation_error(&self) -> Option<&'static str> {
        match self {
            ToolError::Unreadable { error, .. } => error.validation_error(),
            ToolError::Refused { .. } => None,
        }
    }

    /// Where the failure is in the text as given, when it is in a text.
    pub fn offset(&self) -> Option<Offset> {
        match self {
            ToolError::Unreadable { error, .. } => Some(error.offset()),
            ToolError::Refused { .. } => None,
        }
    }

    /// Which input the failure is about.
    pub fn role(&self) -> Option<Role> {
        match self {
            ToolError::Unreadable { role, .. } => Some(*role),
            ToolError::Refused { .. } => None,
        }
    }

    /// The catalogue's message, without the name of the input.
    pub fn message(&self) -> String {
        match self {
            ToolError::Unreadable { error, .. } => error.to_string(),
            other => other.to_string(),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ToolError {
    /// Fields: `code`, `validation_error` (or null), `offset` and
    /// `offset_utf16` (or null), `message` (the catalogue's, after the name
    /// of the input when it is not the address itself, as the command line
    /// prints it) and `role` (or null).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let offset = self.offset();
        let mut s = serializer.serialize_struct("ToolError", 6)?;
        s.serialize_field("code", self.code())?;
        s.serialize_field("validation_error", &self.validation_error())?;
        s.serialize_field("offset", &offset.map(|o| o.bytes))?;
        s.serialize_field("offset_utf16", &offset.map(|o| o.utf16))?;
        s.serialize_field("message", &self.to_string())?;
        s.serialize_field("role", &self.role())?;
        s.end()
    }
}
