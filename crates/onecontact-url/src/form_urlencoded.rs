//! `application/x-www-form-urlencoded` parsing and serializing (URL Standard §5).
