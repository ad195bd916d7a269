//! [`ToolError`]: why a tool function could not produce its report.

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

/// Why a tool function failed. Each variant has a stable
/// [`code`](ToolError::code); the message says what is wrong in words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ToolError {
    /// The text is not a URL.
    #[error("{} is not a valid URL: {reason}", role.noun())]
    InvalidUrl {
        /// Which input.
        role: Role,
        /// The URL Standard's name for the validation error that made
        /// parsing fail (for example `port-out-of-range`).
        validation_error: &'static str,
        /// The reason in words, naming the offending character or value
        /// where there is one.
        reason: String,
        /// Byte offset in the text as given where the parser stopped, when known.
        offset: Option<usize>,
    },
    /// The text is empty (or only white space).
    #[error("{} is empty", role.noun())]
    Empty {
        /// Which input.
        role: Role,
    },
    /// The text is a relative reference (`/path`, `../x`, `?q`, `#f`) and no
    /// base URL was given.
    #[error(
        "{} is a relative reference ({text}); it only means something against a base URL, so give one",
        role.noun()
    )]
    RelativeWithoutBase {
        /// Which input.
        role: Role,
        /// The text as given (trimmed).
        text: String,
    },
    /// An edit of [`rebuild`](super::rebuild) was refused by the URL's setter.
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

impl ToolError {
    /// A stable code: `invalid-url`, `empty`, `relative-without-base` or
    /// `refused`.
    pub fn code(&self) -> &'static str {
        match self {
            ToolError::InvalidUrl { .. } => "invalid-url",
            ToolError::Empty { .. } => "empty",
            ToolError::RelativeWithoutBase { .. } => "relative-without-base",
            ToolError::Refused { .. } => "refused",
        }
    }

    /// The URL Standard's validation-error name, when the failure has one.
    pub fn validation_error(&self) -> Option<&'static str> {
        match self {
            ToolError::InvalidUrl {
                validation_error, ..
            } => Some(validation_error),
            _ => None,
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ToolError {
    /// Fields: `code`, `message`, `validation_error` (or null), `offset` (or null).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let offset = match self {
            ToolError::InvalidUrl { offset, .. } => *offset,
            _ => None,
        };
        let mut s = serializer.serialize_struct("ToolError", 4)?;
        s.serialize_field("code", self.code())?;
        s.serialize_field("message", &self.to_string())?;
        s.serialize_field("validation_error", &self.validation_error())?;
        s.serialize_field("offset", &offset)?;
        s.end()
    }
}
