//! [`Writer`]: a `serde::Serializer` that appends JSON to a byte vector,
//! value for value as `serde_json` writes it.

use serde::ser::{self, Serialize};

use super::JsonError;
use super::escape::write_str;
use super::layout::Layout;

/// Appends the JSON of the values given to it to `out`.
pub(crate) struct Writer<'o, L> {
    /// The document so far.
    pub(crate) out: &'o mut Vec<u8>,
    /// Its white space.
    pub(crate) layout: L,
}

impl<L: Layout> Writer<'_, L> {
    #[inline]
    fn integer(&mut self, n: impl itoa::Integer) {
        self.out
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    #[inline]
    fn float(&mut self, n: impl zmij::Float + Finite) {
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

    /// Opens an object or array of `len` items; one of none is closed at
    /// once.
    fn open(&mut self, bracket: u8, len: Option<usize>) -> State {
        self.layout.open(self.out, bracket);
        if len == Some(0) {
            self.layout.close(self.out, closing(bracket));
            State::Empty
        } else {
            State::First
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

    fn serialize_i8(self, v: i8) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_i16(self, v: i16) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_i32(self, v: i32) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_i64(self, v: i64) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_i128(self, v: i128) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_u8(self, v: u8) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_u16(self, v: u16) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_u32(self, v: u32) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_u64(self, v: u64) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_u128(self, v: u128) -> Result<(), JsonError> {
        self.integer(v);
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<(), JsonError> {
        self.float(v);
        Ok(())
    }

    fn serialize_f64(self, v: f64) -> Result<(), JsonError> {
        self.float(v);
        Ok(())
    }

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
        let state = self.open(b'[', len);
        Ok(Compound {
            writer: self,
            state,
            bracket: b'[',
            in_variant: false,
        })
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
        let state = self.open(b'[', Some(len));
        Ok(Compound {
            writer: self,
            state,
            bracket: b'[',
            in_variant: true,
        })
    }

    #[inline]
    fn serialize_map(self, len: Option<usize>) -> Result<Compound<'w, 'o, L>, JsonError> {
        let state = self.open(b'{', len);
        Ok(Compound {
            writer: self,
            state,
            bracket: b'{',
            in_variant: false,
        })
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
        let state = self.open(b'{', Some(len));
        Ok(Compound {
            writer: self,
            state,
            bracket: b'{',
            in_variant: true,
        })
    }
}

impl<L: Layout> ser::SerializeSeq for Compound<'_, '_, L> {
    type Ok = ();
    type Error = JsonError;

    #[inline]
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), JsonError> {
        self.item(value)
    }

    #[inline]
    fn end(self) -> Result<(), JsonError> {
        self.finish()
    }
}

impl<L: Layout> ser::SerializeTuple for Compound<'_, '_, L> {
    type Ok = ();
    type Error = JsonError;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), JsonError> {
        self.item(value)
    }

    fn end(self) -> Result<(), JsonError> {
        self.finish()
    }
}

impl<L: Layout> ser::SerializeTupleStruct for Compound<'_, '_, L> {
    type Ok = ();
    type Error = JsonError;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), JsonError> {
        self.item(value)
    }

    fn end(self) -> Result<(), JsonError> {
        self.finish()
    }
}

impl<L: Layout> ser::SerializeTupleVariant for Compound<'_, '_, L> {
    type Ok = ();
    type Error = JsonError;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), JsonError> {
        self.item(value)
    }

    fn end(self) -> Result<(), JsonError> {
        self.finish()
    }
}

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

impl<L: Layout> ser::SerializeStruct for Compound<'_, '_, L> {
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

impl<L: Layout> ser::SerializeStructVariant for Compound<'_, '_, L> {
    type Ok = ();
    type Error = JsonError;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), JsonError> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), JsonError> {
        self.finish()
    }
}

/// A map's key: JSON's member names are strings, so a number or a bool is
/// written in quotes, and anything else is refused.
struct MapKey<'w, 'o, L> {
    writer: &'w mut Writer<'o, L>,
}

impl<L: Layout> MapKey<'_, '_, L> {
    fn quoted(self, write: impl FnOnce(&mut Writer<'_, L>)) -> Result<(), JsonError> {
        self.writer.out.push(b'"');
        write(self.writer);
        self.writer.out.push(b'"');
        Ok(())
    }
}

impl<L: Layout> ser::Serializer for MapKey<'_, '_, L> {
    type Ok = ();
    type Error = JsonError;
    type SerializeSeq = ser::Impossible<(), JsonError>;
    type SerializeTuple = ser::Impossible<(), JsonError>;
    type SerializeTupleStruct = ser::Impossible<(), JsonError>;
    type SerializeTupleVariant = ser::Impossible<(), JsonError>;
    type SerializeMap = ser::Impossible<(), JsonError>;
    type SerializeStruct = ser::Impossible<(), JsonError>;
    type SerializeStructVariant = ser::Impossible<(), JsonError>;

    fn serialize_bool(self, v: bool) -> Result<(), JsonError> {
        self.quoted(|w| w.out.extend_from_slice(if v { b"true" } else { b"false" }))
    }

    fn serialize_i8(self, v: i8) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_i16(self, v: i16) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_i32(self, v: i32) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_i64(self, v: i64) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_i128(self, v: i128) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_u8(self, v: u8) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_u16(self, v: u16) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_u32(self, v: u32) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_u64(self, v: u64) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_u128(self, v: u128) -> Result<(), JsonError> {
        self.quoted(|w| w.integer(v))
    }

    fn serialize_f32(self, v: f32) -> Result<(), JsonError> {
        if !v.is_finite() {
            return Err(JsonError::FloatKeyNotFinite);
        }
        self.quoted(|w| w.float(v))
    }

    fn serialize_f64(self, v: f64) -> Result<(), JsonError> {
        if !v.is_finite() {
            return Err(JsonError::FloatKeyNotFinite);
        }
        self.quoted(|w| w.float(v))
    }

    fn serialize_char(self, v: char) -> Result<(), JsonError> {
        write_str(self.writer.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), JsonError> {
        write_str(self.writer.out, v);
        Ok(())
    }

    fn serialize_bytes(self, _v: &[u8]) -> Result<(), JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_none(self) -> Result<(), JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), JsonError> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), JsonError> {
        write_str(self.writer.out, variant);
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
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, JsonError> {
        Err(JsonError::KeyNotString)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, JsonError> {
        Err(JsonError::KeyNotString)
    }
}
