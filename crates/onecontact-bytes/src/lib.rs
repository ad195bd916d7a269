//! Byte-level helpers shared by the onecontact crates (`onecontact-idna`,
//! `onecontact-url`, `onecontact-psl`, `onecontact`, `onecontact-report` and
//! the command), so that each exists once:
//!
//! - [`is_forbidden_host_code_point`] and [`is_forbidden_domain_code_point`],
//!   the URL Standard's lists (public API of `onecontact-idna`, which
//!   re-exports them), and [`domain_class`], the byte classes of a domain
//!   built from them;
//! - [`word`]: questions about the eight bytes of a `u64` answered at once;
//! - [`hex_value`] and [`cmp_utf16`];
//! - [`gigo`]: the fallback for a state the code believes impossible.
//!
//! The crate has no dependencies and is always `#![no_std]`. It exists for
//! the crates above and changes with them: build on those instead.
//!
//! ```
//! use onecontact_bytes::{DOMAIN_FORBIDDEN, domain_class, hex_value};
//!
//! assert_eq!(domain_class(b'|'), DOMAIN_FORBIDDEN);
//! assert_eq!(hex_value(b'f'), Some(15));
//! ```

#![cfg_attr(not(test), no_std)]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod class;
mod forbidden;
pub mod gigo;
mod hex;
mod utf16;
pub mod word;

pub use class::{DOMAIN_FORBIDDEN, DOMAIN_NON_ASCII, DOMAIN_OK, DOMAIN_UPPER, domain_class};
pub use forbidden::{is_forbidden_domain_code_point, is_forbidden_host_code_point};
pub use hex::hex_value;
pub use utf16::cmp_utf16;
