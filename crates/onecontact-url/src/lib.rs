//! WHATWG URL Standard parser (being written).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod form_urlencoded;
pub mod percent_encoding;
pub mod search_params;
