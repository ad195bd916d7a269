//! `URLSearchParams` semantics over a query string.
