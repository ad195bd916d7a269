//! [`Writer`]: a `serde::Serializer` that appends JSON to a byte vector,
//! value for value as `serde_json` writes it.

use serde::ser::{self, Serialize};

use super::JsonError;
use super::escape::write_str;
use super::key::MapKey;
use super::layout::Layout;

/// `serialize_…` of each number type, written by the writer's `integer`
/// or `float`.
macro_rules! numbers {
    ($write:ident: $($name:ident $t:ty),* $(,)?) => {
        $(
            fn $name(self, v: $t) -> Result<(), JsonError> {
                self.$write(v);
                Ok(())
            }
        )*
    };
}

/// The `serialize_…` method of an array's items (`SerializeSeq`,
/// `SerializeTuple`, …) and its end.
macro_rules! items {
    ($trait:ident :: $method:ident) => {
        impl<L: Layout> ser::$trait for Compound<'_, '_, L> {
            type Ok = ();
            type Error = JsonError;

            #[inline]
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), JsonError> {
                self.item(value)
            }

            #[inline]
            fn end(self) -> Result<(), JsonError> {
                self.finish()
            }
        }
    };
}

/// `serialize_field` of an object's members named by the type
/// (`SerializeStruct`, `SerializeStructVariant`) and its end.
macro_rules! members {
    ($trait:ident) => {
        impl<L: Layout> ser::$trait for Compound<'_, '_, L> {
            type Ok = ();
            type Error = JsonError;

            #[inline]
            fn serialize_field<T: ?Sized + Serialize>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), JsonError> {
                self.field(key, value)
            }

            #[inline]
            fn end(self) -> Result<(), JsonError> {
                self.finish()
            }
        }
    };
}

/// Appends the JSON of the values given to it to `out`.
pub(crate) struct Writer<'o, L> {
    /// The document so far.
    pub(crate) out: &'o mut Vec<u8>,
    /// Its white space.
    pub(crate) layout: L,
}

impl<'o, L: Layout> Writer<'o, L> {
    #[inline]
    pub(crate) fn integer(&mut self, n: impl itoa::Integer) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    #[inline]
    pub(crate) fn float(&mut self, n: impl zmij::Float + Finite) {
        if n.finite() {
            self.out
                .extend_from_slice(zmij::Buffer::new().format_finite(n).as_bytes());
        } else {
            self.out.extend_from_slice(b"null");
        }
    }

    /// `{"variant":` before the value of an enum's variant with data.
    fn open_variant(&mut self, variant: &str) {
        self.layout.open(self.out, b'{');
        self.layout.before_item(self.out, true);
        write_str(self.out, variant);
        self.layout.colon(self.out);
    }

    /// The `}` after the value of an enum's variant with data.
    fn close_variant(&mut self) {
        self.layout.after_item();
        self.layout.close(self.out, b'}');
    }

    /// Opens an object or array (`bracket`) of `len` items, the value of
    /// an enum's variant or not; one of no items is closed at once.
    #[inline]
    fn compound<'w>(
        &'w mut self,
        bracket: u8,
        len: Option<usize>,
        in_variant: bool,
    ) -> Compound<'w, 'o, L> {
        self.layout.open(self.out, bracket);
        let state = if len == Some(0) {
            self.layout.close(self.out, closing(bracket));
            State::Empty
        } else {
            State::First
        };
        Compound {
            writer: self,
            state,
            bracket,
            in_variant,
        }
    }
}

/// The bracket that closes `bracket`.
fn closing(bracket: u8) -> u8 {
    if bracket == b'[' { b']' } else { b'}' }
}

/// Whether a float is finite (JSON has no infinities or NaN).
pub(crate) trait Finite: Copy {
    /// Whether it is finite.
    fn finite(self) -> bool;
}

impl Finite for f32 {
    fn finite(self) -> bool {
        self.is_finite()
    }
}

impl Finite for f64 {
    fn finite(self) -> bool {
        self.is_finite()
    }
}

/// Where an object or array is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// Closed already: it has no items.
    Empty,
    /// Open, before its first item.
    First,
    /// Open, after an item.
    Rest,
}

/// An object or array being written.
pub(crate) struct Compound<'w, 'o, L> {
    writer: &'w mut Writer<'o, L>,
    state: State,
    /// `[` or `{`.
    bracket: u8,
    /// Whether it is the value of an enum variant (`{"variant":…}`), which
    /// closes too.
    in_variant: bool,
}

impl<L: Layout> Compound<'_, '_, L> {
    #[inline]
    fn before_item(&mut self) {
        self.writer
            .layout
            .before_item(self.writer.out, self.state == State::First);
        self.state = State::Rest;
    }

    #[inline]
    fn item<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), JsonError> {
        self.before_item();
        value.serialize(&mut *self.writer)?;
        self.writer.layout.after_item();
        Ok(())
    }

    #[inline]
    fn field<T: ?Sized + Serialize>(&mut self, key: &str, value: &T) -> Result<(), JsonError> {
        self.before_item();
        write_str(self.writer.out, key);
        self.writer.layout.colon(self.writer.out);
        value.serialize(&mut *self.writer)?;
        self.writer.layout.after_item();
        Ok(())
    }

    #[inline]
    fn finish(self) -> Result<(), JsonError> {
        if self.state != State::Empty {
            self.writer
                .layout
                .close(self.writer.out, closing(self.bracket));
        }
        if self.in_variant {
            self.writer.close_variant();
        }
        Ok(())
    }
}

impl<'w, 'o, L: Layout> ser::Serializer for &'w mut Writer<'o, L> {
    type Ok = ();
    type Error = JsonError;
    type SerializeSeq = Compound<'w, 'o, L>;
    type SerializeTuple = Compound<'w, 'o, L>;
    type SerializeTupleStruct = Compound<'w, 'o, L>;
    type SerializeTupleVariant = Compound<'w, 'o, L>;
    type SerializeMap = Compound<'w, 'o, L>;
    type SerializeStruct = Compound<'w, 'o, L>;
    type SerializeStructVariant = Compound<'w, 'o, L>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<(), JsonError> {
        self.out
            .extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }

    numbers!(integer:
        serialize_i8 i8, serialize_i16 i16, serialize_i32 i32, serialize_i64 i64, serialize_i128 i128,
        serialize_u8 u8, serialize_u16 u16, serialize_u32 u32, serialize_u64 u64, serialize_u128 u128);
    numbers!(float: serialize_f32 f32, serialize_f64 f64);

    fn serialize_char(self, v: char) -> Result<(), JsonError> {
        write_str(self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<(), JsonError> {
        write_str(self.out, v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), JsonError> {
        self.layout.open(self.out, b'[');
        for (i, b) in v.iter().enumerate() {
            self.layout.before_item(self.out, i == 0);
            self.integer(*b);
            self.layout.after_item();
        }
        self.layout.close(self.out, b']');
        Ok(())
    }

    #[inline]
    fn serialize_none(self) -> Result<(), JsonError> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }

    #[inline]
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), JsonError> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), JsonError> {
        self.serialize_none()
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), JsonError> {
        self.serialize_none()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), JsonError> {
        write_str(self.out, variant);
        Ok(())
    }

    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), JsonError> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), JsonError> {
        self.open_variant(variant);
        value.serialize(&mut *self)?;
        self.close_variant();
        Ok(())
    }

    #[inline]
    fn serialize_seq(self, len: Option<usize>) -> Result<Compound<'w, 'o, L>, JsonError> {
        Ok(self.compound(b'[', len, false))
    }

    fn serialize_tuple(self, len: usize) -> Result<Compound<'w, 'o, L>, JsonError> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, 'o, L>, JsonError> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'w, 'o, L>, JsonError> {
        self.open_variant(variant);
        Ok(self.compound(b'[', Some(len), true))
    }

    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'w, 'o, L>, JsonError> {
        Ok(self.compound(b'{', len, false))
    }

    #[inline]
    fn serialize_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'w, 'o, L>, JsonError> {
        self.serialize_map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Compound<'w, 'o, L>, JsonError> {
        self.open_variant(variant);
        Ok(self.compound(b'{', Some(len), true))
    }
}

// An array's items, however serde names them.
items!(SerializeSeq::serialize_element);
items!(SerializeTuple::serialize_element);
items!(SerializeTupleStruct::serialize_field);
items!(SerializeTupleVariant::serialize_field);

impl<L: Layout> ser::SerializeMap for Compound<'_, '_, L> {
    type Ok = ();
    type Error = JsonError;

    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), JsonError> {
        self.before_item();
        key.serialize(MapKey {
            writer: &mut *self.writer,
        })
    }

    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), JsonError> {
        self.writer.layout.colon(self.writer.out);
        value.serialize(&mut *self.writer)?;
        self.writer.layout.after_item();
        Ok(())
    }

    fn end(self) -> Result<(), JsonError> {
        self.finish()
    }
}

// An object's members named by the type.
members!(SerializeStruct);
members!(SerializeStructVariant);
