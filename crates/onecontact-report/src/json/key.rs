//! [`MapKey`]: a map's key as JSON names a member.

use serde::ser::{self, Serialize};

use super::JsonError;
use super::escape::write_str;
use super::layout::Layout;
use super::ser::Writer;

/// [`numbers`] for a map key: in quotes, and a float only when finite.
macro_rules! quoted_numbers {
    (integer: $($name:ident $t:ty),* $(,)?) => {
        $(
            fn $name(self, v: $t) -> Result<(), JsonError> {
                self.quoted(|w| w.integer(v))
            }
        )*
    };
    (float: $($name:ident $t:ty),* $(,)?) => {
        $(
            fn $name(self, v: $t) -> Result<(), JsonError> {
                if !v.is_finite() {
                    return Err(JsonError::FloatKeyNotFinite);
                }
                self.quoted(|w| w.float(v))
            }
        )*
    };
}

/// A map's key: JSON's member names are strings, so a number or a bool is
/// written in quotes, and anything else is refused.
pub(crate) struct MapKey<'w, 'o, L> {
    pub(crate) writer: &'w mut Writer<'o, L>,
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

    quoted_numbers!(integer:
        serialize_i8 i8, serialize_i16 i16, serialize_i32 i32, serialize_i64 i64, serialize_i128 i128,
        serialize_u8 u8, serialize_u16 u16, serialize_u32 u32, serialize_u64 u64, serialize_u128 u128);

    quoted_numbers!(float: serialize_f32 f32, serialize_f64 f64);

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
