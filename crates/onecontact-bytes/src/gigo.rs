//! The fallback for a state the code believes impossible.
//!
//! The onecontact crates never panic on any input, so where an invariant says a
//! value is always there (an offset inside the serialization, a slice on a
//! character boundary, an iterator that yields at least once) the code still
//! needs something to return when the invariant breaks.
//! [`Gigo::unwrap_or_gigo`] (or [`impossible`] for a fallback other than the
//! default) names that place: in release builds it returns the fallback
//! ("garbage in, garbage out", as ICU4X's helper of the same name does); in
//! debug builds it fails a `debug_assert!` at the caller's line, so tests and
//! fuzzing (which build with debug assertions on) report the broken
//! invariant instead of carrying on quietly.
//!
//! Ordinary absence (a URL without a query, a label without a dot) is not
//! such a state and keeps plain `Option` handling.

/// `unwrap_or_gigo` on `Option` and `Result`: see the [module docs](self).
pub trait Gigo<T> {
    /// The value, or `T::default()` after a failed `debug_assert!`.
    fn unwrap_or_gigo(self) -> T
    where
        T: Default;
}

impl<T> Gigo<T> for Option<T> {
    #[inline(always)]
    #[track_caller]
    fn unwrap_or_gigo(self) -> T
    where
        T: Default,
    {
        match self {
            Some(value) => value,
            None => impossible(T::default()),
        }
    }
}

impl<T, E: core::fmt::Debug> Gigo<T> for Result<T, E> {
    #[inline(always)]
    #[track_caller]
    fn unwrap_or_gigo(self) -> T
    where
        T: Default,
    {
        match self {
            Ok(value) => value,
            Err(_) => impossible(T::default()),
        }
    }
}

/// Returns `fallback` after a `debug_assert!` that fails at the caller's line.
/// Inlined, so that in release builds (no debug assertions) the code is the
/// same as a plain `unwrap_or`.
#[inline(always)]
#[track_caller]
pub fn impossible<T>(fallback: T) -> T {
    debug_assert!(
        false,
        "an invariant believed to hold is broken (release builds return a fallback here)"
    );
    fallback
}

#[cfg(test)]
mod tests {
    use super::Gigo;

    #[test]
    fn present_values_pass_through() {
        assert_eq!(Some(3).unwrap_or_gigo(), 3);
        assert_eq!(Ok::<_, ()>("a").unwrap_or_gigo(), "a");
    }

    #[test]
    #[cfg_attr(debug_assertions, should_panic(expected = "invariant"))]
    fn a_missing_value_fails_in_debug_builds() {
        assert_eq!(None::<&str>.unwrap_or_gigo(), "");
    }
}
