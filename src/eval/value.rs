//! Typed stack values: base types (size, encoding, signedness, vector and address-space
//! attributes), the generic type, and DWARF arithmetic, logic, comparison and conversion
//! on them.
//!
//! Semantics follow DWARF 5 with the conventions GDB and gimli share for the generic type
//! (whose signedness DWARF leaves unspecified): `div`, `abs`, `neg` and the comparisons treat
//! it as signed, `mod` and `shr` as unsigned. Typed values use their encoding's signedness.
//! Results wrap to the operand type's width. Values are stored little-endian.

use std::fmt;

use super::error::{Error, Result};

/// `DW_ATE_*` encodings used by the evaluator.
pub mod ate {
    /// Not a DWARF encoding: marks the generic type.
    pub const GENERIC: u8 = 0x00;
    /// `DW_ATE_address`
    pub const ADDRESS: u8 = 0x01;
    /// `DW_ATE_boolean`
    pub const BOOLEAN: u8 = 0x02;
    /// `DW_ATE_float`
    pub const FLOAT: u8 = 0x04;
    /// `DW_ATE_signed`
    pub const SIGNED: u8 = 0x05;
    /// `DW_ATE_signed_char`
    pub const SIGNED_CHAR: u8 = 0x06;
    /// `DW_ATE_unsigned`
    pub const UNSIGNED: u8 = 0x07;
    /// `DW_ATE_unsigned_char`
    pub const UNSIGNED_CHAR: u8 = 0x08;
    /// `DW_ATE_UTF`
    pub const UTF: u8 = 0x10;
    /// `DW_ATE_lo_user`
    pub const LO_USER: u8 = 0x80;
}

/// A DWARF base type as the evaluator sees it.
///
/// Two values have "the same type" when their base types are equal field by field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BaseType {
    /// Size in bits of the whole type (all vector elements).
    pub bits: u32,
    /// `DW_ATE_*` encoding; [`ate::GENERIC`] for the generic type.
    pub encoding: u8,
    /// `DW_AT_LLVM_vector_size` (1 for scalars).
    pub vector_size: u16,
    /// `DW_AT_LLVM_address_space` of a `DW_ATE_address` type.
    pub address_space: Option<u32>,
}

impl BaseType {
    /// The generic type of `bits` bits.
    #[inline]
    pub const fn generic(bits: u32) -> Self {
        BaseType {
            bits,
            encoding: ate::GENERIC,
            vector_size: 1,
            address_space: None,
        }
    }

    /// A scalar base type.
    #[inline]
    pub const fn new(bits: u32, encoding: u8) -> Self {
        BaseType {
            bits,
            encoding,
            vector_size: 1,
            address_space: None,
        }
    }

    /// An unsigned integer type.
    #[inline]
    pub const fn unsigned(bits: u32) -> Self {
        BaseType::new(bits, ate::UNSIGNED)
    }

    /// A signed integer type.
    #[inline]
    pub const fn signed(bits: u32) -> Self {
        BaseType::new(bits, ate::SIGNED)
    }

    /// Whether this is the generic type.
    #[inline]
    pub fn is_generic(&self) -> bool {
        self.encoding == ate::GENERIC
    }

    /// Size in bytes (rounded up).
    #[inline]
    pub fn byte_size(&self) -> usize {
        self.bits.div_ceil(8) as usize
    }

    /// Integral: generic, signed, unsigned, chars, boolean, UTF, address, vendor encodings.
    #[inline]
    pub fn is_integral(&self) -> bool {
        self.vector_size <= 1
            && (matches!(
                self.encoding,
                ate::GENERIC
                    | ate::ADDRESS
                    | ate::BOOLEAN
                    | ate::SIGNED
                    | ate::SIGNED_CHAR
                    | ate::UNSIGNED
                    | ate::UNSIGNED_CHAR
                    | ate::UTF
            ) || self.encoding >= ate::LO_USER)
    }

    /// Whether arithmetic treats the type as signed (signed encodings only).
    #[inline]
    pub fn is_signed(&self) -> bool {
        matches!(self.encoding, ate::SIGNED | ate::SIGNED_CHAR)
    }

    /// Whether the type is a 32- or 64-bit float.
    #[inline]
    pub fn is_float(&self) -> bool {
        self.encoding == ate::FLOAT && self.vector_size <= 1
    }

    #[inline]
    fn mask(&self) -> u128 {
        if self.bits >= 128 {
            u128::MAX
        } else {
            (1u128 << self.bits) - 1
        }
    }
}

/// A short byte string stored inline up to 16 bytes (values, implicit storage, masks).
#[derive(Clone)]
pub enum Bytes {
    /// Up to 16 bytes inline.
    Inline {
        /// Used length.
        len: u8,
        /// Storage.
        buf: [u8; 16],
    },
    /// Longer byte strings.
    Heap(Box<[u8]>),
}

impl Bytes {
    /// The 8 little-endian bytes of `v` (a 64-bit generic value made implicit).
    #[inline]
    pub fn from_u64(v: u64) -> Self {
        let mut buf = [0u8; 16];
        buf[..8].copy_from_slice(&v.to_le_bytes());
        Bytes::Inline { len: 8, buf }
    }

    /// Copies `data`.
    #[inline]
    pub fn new(data: &[u8]) -> Self {
        if data.len() <= 16 {
            let mut buf = [0u8; 16];
            buf[..data.len()].copy_from_slice(data);
            Bytes::Inline {
                len: data.len() as u8,
                buf,
            }
        } else {
            Bytes::Heap(data.into())
        }
    }

    /// `len` zero bytes.
    #[inline]
    pub fn zeroed(len: usize) -> Self {
        if len <= 16 {
            Bytes::Inline {
                len: len as u8,
                buf: [0; 16],
            }
        } else {
            Bytes::Heap(vec![0; len].into())
        }
    }

    /// The bytes.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Inline { len, buf } => &buf[..*len as usize],
            Bytes::Heap(b) => b,
        }
    }

    /// The bytes, mutably.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        match self {
            Bytes::Inline { len, buf } => &mut buf[..*len as usize],
            Bytes::Heap(b) => b,
        }
    }

    /// Number of bytes.
    #[inline]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether there are no bytes.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for Bytes {
    fn deref_mut(&mut self) -> &mut [u8] {
        self.as_mut_slice()
    }
}

impl PartialEq for Bytes {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Bytes {}

impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        for b in self.as_slice() {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// A typed value: a base type and its bytes (little-endian; bits above the type's size are
/// zero).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    ty: BaseType,
    data: Bytes,
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// `DW_OP_eq`
    Eq,
    /// `DW_OP_ne`
    Ne,
    /// `DW_OP_lt`
    Lt,
    /// `DW_OP_le`
    Le,
    /// `DW_OP_gt`
    Gt,
    /// `DW_OP_ge`
    Ge,
}

/// Binary arithmetic and logic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `DW_OP_plus`
    Add,
    /// `DW_OP_minus`
    Sub,
    /// `DW_OP_mul`
    Mul,
    /// `DW_OP_div`
    Div,
    /// `DW_OP_mod`
    Mod,
    /// `DW_OP_and`
    And,
    /// `DW_OP_or`
    Or,
    /// `DW_OP_xor`
    Xor,
    /// `DW_OP_shl`
    Shl,
    /// `DW_OP_shr`
    Shr,
    /// `DW_OP_shra`
    Shra,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `DW_OP_abs`
    Abs,
    /// `DW_OP_neg`
    Neg,
    /// `DW_OP_not`
    Not,
}

impl Value {
    /// A value of type `ty` from raw bits (truncated to the type's size; types wider than 128
    /// bits get zero upper bits).
    #[inline]
    pub fn from_u128(ty: BaseType, v: u128) -> Self {
        let len = ty.byte_size();
        let v = v & ty.mask();
        if len <= 16 {
            // Inline bytes beyond `len` stay zero (an invariant `to_u128` relies on).
            return Value {
                ty,
                data: Bytes::Inline {
                    len: len as u8,
                    buf: v.to_le_bytes(),
                },
            };
        }
        let mut data = Bytes::zeroed(len);
        data.as_mut_slice()[..16].copy_from_slice(&v.to_le_bytes());
        Value { ty, data }
    }

    /// A generic-typed value of `bits` bits.
    #[inline(always)]
    pub fn generic(bits: u32, v: u64) -> Self {
        let ty = BaseType::generic(bits.min(128));
        Value {
            ty,
            data: Bytes::Inline {
                len: ty.byte_size() as u8,
                buf: (u128::from(v) & ty.mask()).to_le_bytes(),
            },
        }
    }

    /// A value of type `ty` from little-endian bytes (missing bytes are zero, surplus ignored,
    /// bits above the type's size cleared).
    #[inline]
    pub fn from_bytes(ty: BaseType, bytes: &[u8]) -> Self {
        let len = ty.byte_size();
        let mut data = Bytes::zeroed(len);
        let n = len.min(bytes.len());
        data.as_mut_slice()[..n].copy_from_slice(&bytes[..n]);
        if !ty.bits.is_multiple_of(8) && len > 0 {
            data.as_mut_slice()[len - 1] &= (1u8 << (ty.bits % 8)) - 1;
        }
        Value { ty, data }
    }

    /// The value's type.
    #[inline]
    pub fn ty(&self) -> BaseType {
        self.ty
    }

    /// The value's bytes (little-endian, `ceil(bits/8)` of them).
    #[inline]
    pub fn bytes(&self) -> &[u8] {
        self.data.as_slice()
    }

    /// The low 128 bits, zero-extended.
    #[inline]
    pub fn to_u128(&self) -> u128 {
        if let Bytes::Inline { buf, .. } = &self.data {
            return u128::from_le_bytes(*buf);
        }
        let mut b = [0u8; 16];
        let s = self.bytes();
        let n = s.len().min(16);
        b[..n].copy_from_slice(&s[..n]);
        u128::from_le_bytes(b)
    }

    /// The value sign-extended from its type's width (two's complement, whatever the
    /// encoding).
    #[inline]
    pub fn to_i128(&self) -> i128 {
        let v = self.to_u128();
        let bits = self.ty.bits.min(128);
        if bits == 0 || bits >= 128 {
            return v as i128;
        }
        let shift = 128 - bits;
        ((v << shift) as i128) >> shift
    }

    /// The value as the type's signedness says (signed encodings sign-extend).
    #[inline]
    fn to_i128_typed(&self) -> i128 {
        if self.ty.is_signed() || self.ty.is_generic() {
            self.to_i128()
        } else {
            self.to_u128() as i128
        }
    }

    /// The low 64 bits.
    #[inline]
    pub fn to_u64(&self) -> u64 {
        self.to_u128() as u64
    }

    /// Bit `n` (0 = least significant); false beyond the value.
    #[inline]
    pub fn bit(&self, n: u64) -> bool {
        if n >= u64::from(self.ty.bits) {
            return false;
        }
        let s = self.bytes();
        s.get((n / 8) as usize)
            .is_some_and(|b| (b >> (n % 8)) & 1 == 1)
    }

    #[inline]
    fn require_integral(&self) -> Result<()> {
        if self.ty.is_integral() && self.ty.bits <= 128 {
            Ok(())
        } else {
            Err(Error::ill_formed(
                "integral type expected on the DWARF stack",
            ))
        }
    }

    fn as_float(&self) -> Result<f64> {
        match self.ty.bits {
            32 => Ok(f64::from(f32::from_bits(self.to_u128() as u32))),
            64 => Ok(f64::from_bits(self.to_u128() as u64)),
            b => Err(Error::evaluation(format!(
                "unsupported floating-point size {b}"
            ))),
        }
    }

    fn from_float(ty: BaseType, f: f64) -> Result<Self> {
        match ty.bits {
            32 => Ok(Value::from_u128(ty, u128::from((f as f32).to_bits()))),
            64 => Ok(Value::from_u128(ty, u128::from(f.to_bits()))),
            b => Err(Error::evaluation(format!(
                "unsupported floating-point size {b}"
            ))),
        }
    }

    /// Applies a binary operator (`self` is the deeper operand, `rhs` the top of stack).
    #[inline]
    pub fn binary(&self, op: BinOp, rhs: &Value) -> Result<Value> {
        if matches!(op, BinOp::Shl | BinOp::Shr | BinOp::Shra) {
            self.require_integral()?;
            rhs.require_integral()?;
            let n = rhs.to_u128();
            let bits = u128::from(self.ty.bits);
            let v = self.to_u128();
            let r = match op {
                BinOp::Shl => {
                    if n >= bits {
                        0
                    } else {
                        v << n
                    }
                }
                BinOp::Shr => {
                    if n >= bits {
                        0
                    } else {
                        v >> n
                    }
                }
                _ => {
                    let s = self.to_i128();
                    (if n >= bits { s >> 127 } else { s >> n }) as u128
                }
            };
            return Ok(Value::from_u128(self.ty, r));
        }
        if self.ty != rhs.ty {
            return Err(Error::ill_formed("incompatible types on the DWARF stack"));
        }
        let ty = self.ty;
        if ty.is_float() {
            let (a, b) = (self.as_float()?, rhs.as_float()?);
            let r = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => a / b,
                _ => {
                    return Err(Error::ill_formed(
                        "integral type expected on the DWARF stack",
                    ));
                }
            };
            return Value::from_float(ty, r);
        }
        self.require_integral()?;
        let (a, b) = (self.to_u128(), rhs.to_u128());
        let r = match op {
            BinOp::Add => a.wrapping_add(b),
            BinOp::Sub => a.wrapping_sub(b),
            BinOp::Mul => a.wrapping_mul(b),
            BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::Xor => a ^ b,
            BinOp::Div | BinOp::Mod => {
                if b == 0 {
                    return Err(Error::evaluation("division by zero"));
                }
                let signed = if op == BinOp::Div {
                    ty.is_signed() || ty.is_generic()
                } else {
                    ty.is_signed()
                };
                if signed {
                    let (x, y) = (self.to_i128(), rhs.to_i128());
                    (if op == BinOp::Div {
                        x.wrapping_div(y)
                    } else {
                        x.wrapping_rem(y)
                    }) as u128
                } else if op == BinOp::Div {
                    a / b
                } else {
                    a % b
                }
            }
            BinOp::Shl | BinOp::Shr | BinOp::Shra => unreachable!("handled above"),
        };
        Ok(Value::from_u128(ty, r))
    }

    /// Applies a unary operator.
    #[inline]
    pub fn unary(&self, op: UnOp) -> Result<Value> {
        if self.ty.is_float() && op != UnOp::Not {
            let f = self.as_float()?;
            return Value::from_float(self.ty, if op == UnOp::Abs { f.abs() } else { -f });
        }
        self.require_integral()?;
        let r = match op {
            UnOp::Not => !self.to_u128(),
            UnOp::Neg => self.to_u128().wrapping_neg(),
            UnOp::Abs => {
                if self.ty.is_signed() || self.ty.is_generic() {
                    self.to_i128().unsigned_abs()
                } else {
                    self.to_u128()
                }
            }
        };
        Ok(Value::from_u128(self.ty, r))
    }

    /// Compares `self` (deeper) with `rhs` (top); the result is a generic 1 or 0.
    #[inline]
    pub fn compare(&self, op: Compare, rhs: &Value, generic_bits: u32) -> Result<Value> {
        if self.ty != rhs.ty {
            return Err(Error::ill_formed("incompatible types on the DWARF stack"));
        }
        let ord = if self.ty.is_float() {
            let (a, b) = (self.as_float()?, rhs.as_float()?);
            match a.partial_cmp(&b) {
                Some(o) => o,
                None => {
                    return Ok(Value::generic(generic_bits, u64::from(op == Compare::Ne)));
                }
            }
        } else {
            self.require_integral()?;
            if self.ty.is_signed() || self.ty.is_generic() {
                self.to_i128().cmp(&rhs.to_i128())
            } else {
                self.to_u128().cmp(&rhs.to_u128())
            }
        };
        use std::cmp::Ordering::*;
        let r = match op {
            Compare::Eq => ord == Equal,
            Compare::Ne => ord != Equal,
            Compare::Lt => ord == Less,
            Compare::Le => ord != Greater,
            Compare::Gt => ord == Greater,
            Compare::Ge => ord != Less,
        };
        Ok(Value::generic(generic_bits, u64::from(r)))
    }

    /// `DW_OP_convert` (without address-space translation, which the machine does through
    /// the context): integral to integral sign- or zero-extends by the source's signedness
    /// and truncates; integral <-> float converts numerically.
    pub fn convert(&self, to: BaseType) -> Result<Value> {
        if self.ty.bits > 128 || to.bits > 128 || self.ty.vector_size > 1 || to.vector_size > 1 {
            return Err(Error::evaluation(
                "cannot convert vector or over-wide values",
            ));
        }
        match (self.ty.is_float(), to.is_float()) {
            (false, false) => {
                self.require_integral()?;
                if !to.is_integral() {
                    return Err(Error::ill_formed("conversion to a non-integral type"));
                }
                let v = if self.ty.is_signed() {
                    self.to_i128() as u128
                } else {
                    self.to_u128()
                };
                Ok(Value::from_u128(to, v))
            }
            (true, true) => Value::from_float(to, self.as_float()?),
            (false, true) => {
                self.require_integral()?;
                let f = if self.ty.is_signed() {
                    self.to_i128() as f64
                } else {
                    self.to_u128() as f64
                };
                Value::from_float(to, f)
            }
            (true, false) => {
                let f = self.as_float()?;
                if to.is_signed() {
                    Ok(Value::from_u128(to, (f as i128) as u128))
                } else {
                    Ok(Value::from_u128(to, f as u128))
                }
            }
        }
    }

    /// `DW_OP_reinterpret`: same bits, new type; the sizes must match.
    pub fn reinterpret(&self, to: BaseType) -> Result<Value> {
        if to.byte_size() != self.ty.byte_size() {
            return Err(Error::ill_formed(
                "DW_OP_reinterpret between types of different sizes",
            ));
        }
        Ok(Value::from_bytes(to, self.bytes()))
    }

    /// The value interpreted by its type (signed encodings sign-extended), for displacements.
    #[inline]
    pub fn to_signed_displacement(&self) -> Result<i128> {
        self.require_integral()?;
        if self.ty.is_generic() {
            Ok(self.to_i128())
        } else {
            Ok(self.to_i128_typed())
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ty.bits <= 128 && self.ty.is_integral() {
            if self.ty.is_signed() {
                write!(f, "{}", self.to_i128())
            } else {
                write!(f, "{:#x}", self.to_u128())
            }
        } else if self.ty.is_float() && (self.ty.bits == 32 || self.ty.bits == 64) {
            write!(f, "{}", self.as_float().unwrap_or(f64::NAN))
        } else {
            write!(f, "{:?}", self.data)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(v: u64) -> Value {
        Value::generic(64, v)
    }

    #[test]
    fn generic_arithmetic_wraps_and_uses_dwarf_signedness() {
        assert_eq!(g(u64::MAX).binary(BinOp::Add, &g(2)).unwrap(), g(1));
        assert_eq!(g(1).binary(BinOp::Sub, &g(2)).unwrap(), g(u64::MAX));
        assert_eq!(g(6).binary(BinOp::Mul, &g(7)).unwrap(), g(42));
        // div is signed for the generic type, mod unsigned.
        assert_eq!(
            g(-6i64 as u64).binary(BinOp::Div, &g(2)).unwrap(),
            g(-3i64 as u64)
        );
        assert_eq!(
            g(-1i64 as u64).binary(BinOp::Mod, &g(10)).unwrap(),
            g(u64::MAX % 10)
        );
        assert_eq!(
            g(i64::MIN as u64).binary(BinOp::Div, &g(u64::MAX)).unwrap(),
            g(i64::MIN as u64)
        );
        let e = g(1).binary(BinOp::Div, &g(0)).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Evaluation);
        assert!(g(1).binary(BinOp::Mod, &g(0)).is_err());
        assert_eq!(g(0b1100).binary(BinOp::And, &g(0b1010)).unwrap(), g(0b1000));
        assert_eq!(g(0b1100).binary(BinOp::Or, &g(0b1010)).unwrap(), g(0b1110));
        assert_eq!(g(0b1100).binary(BinOp::Xor, &g(0b1010)).unwrap(), g(0b0110));
    }

    #[test]
    fn shifts() {
        assert_eq!(g(1).binary(BinOp::Shl, &g(63)).unwrap(), g(1 << 63));
        assert_eq!(g(1).binary(BinOp::Shl, &g(64)).unwrap(), g(0));
        assert_eq!(g(1 << 63).binary(BinOp::Shr, &g(63)).unwrap(), g(1));
        assert_eq!(
            g(1 << 63).binary(BinOp::Shra, &g(62)).unwrap(),
            g(-2i64 as u64)
        );
        assert_eq!(
            g(1 << 63).binary(BinOp::Shra, &g(200)).unwrap(),
            g(u64::MAX)
        );
        // the shift count may have another integral type
        let u8v = Value::from_u128(BaseType::unsigned(8), 0x81);
        assert_eq!(
            u8v.binary(BinOp::Shl, &g(1)).unwrap(),
            Value::from_u128(BaseType::unsigned(8), 2)
        );
    }

    #[test]
    fn typed_signedness_and_compare() {
        let s32 = BaseType::signed(32);
        let u32t = BaseType::unsigned(32);
        let a = Value::from_u128(s32, (-7i32) as u32 as u128);
        let b = Value::from_u128(s32, 2);
        assert_eq!(a.binary(BinOp::Div, &b).unwrap().to_i128(), -3);
        assert_eq!(a.binary(BinOp::Mod, &b).unwrap().to_i128(), -1);
        assert_eq!(a.compare(Compare::Lt, &b, 64).unwrap(), g(1));
        let au = Value::from_u128(u32t, (-7i32) as u32 as u128);
        let bu = Value::from_u128(u32t, 2);
        assert_eq!(au.compare(Compare::Lt, &bu, 64).unwrap(), g(0));
        assert_eq!(
            au.binary(BinOp::Div, &bu).unwrap().to_u128(),
            0xffff_fff9 / 2
        );
        // generic comparisons are signed
        assert_eq!(g(u64::MAX).compare(Compare::Lt, &g(0), 64).unwrap(), g(1));
        for (op, r) in [
            (Compare::Eq, 0),
            (Compare::Ne, 1),
            (Compare::Le, 1),
            (Compare::Gt, 0),
            (Compare::Ge, 0),
        ] {
            assert_eq!(g(1).compare(op, &g(2), 64).unwrap(), g(r), "{op:?}");
        }
        // mixed types are ill-formed
        let e = a.binary(BinOp::Add, &g(1)).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::IllFormed);
        assert!(a.compare(Compare::Eq, &au, 64).is_err());
    }

    #[test]
    fn unary() {
        assert_eq!(g(5).unary(UnOp::Neg).unwrap(), g(-5i64 as u64));
        assert_eq!(g(-5i64 as u64).unary(UnOp::Abs).unwrap(), g(5));
        assert_eq!(g(0).unary(UnOp::Not).unwrap(), g(u64::MAX));
        let u = Value::from_u128(BaseType::unsigned(16), 0xfff0);
        assert_eq!(u.unary(UnOp::Abs).unwrap(), u);
        assert_eq!(u.unary(UnOp::Not).unwrap().to_u128(), 0xf);
    }

    #[test]
    fn floats_and_conversions() {
        let f64t = BaseType::new(64, ate::FLOAT);
        let x = Value::from_u128(f64t, u128::from(1.5f64.to_bits()));
        let y = Value::from_u128(f64t, u128::from(2.0f64.to_bits()));
        let p = x.binary(BinOp::Mul, &y).unwrap();
        assert_eq!(f64::from_bits(p.to_u64()), 3.0);
        assert_eq!(x.compare(Compare::Lt, &y, 64).unwrap(), g(1));
        assert_eq!(x.unary(UnOp::Neg).unwrap().to_u64(), (-1.5f64).to_bits());
        let i = p.convert(BaseType::signed(32)).unwrap();
        assert_eq!(i.to_i128(), 3);
        let s8 = Value::from_u128(BaseType::signed(8), 0xff);
        assert_eq!(
            s8.convert(BaseType::unsigned(32)).unwrap().to_u128(),
            0xffff_ffff
        );
        let u8v = Value::from_u128(BaseType::unsigned(8), 0xff);
        assert_eq!(u8v.convert(BaseType::unsigned(32)).unwrap().to_u128(), 0xff);
        assert_eq!(s8.convert(f64t).unwrap().to_u64(), (-1.0f64).to_bits());
        let r = g(0x3ff0_0000_0000_0000).reinterpret(f64t).unwrap();
        assert_eq!(f64::from_bits(r.to_u64()), 1.0);
        assert!(g(1).reinterpret(BaseType::unsigned(32)).is_err());
    }

    #[test]
    fn bytes_and_bits() {
        let v = Value::from_bytes(BaseType::unsigned(12), &[0xff, 0xff, 0xff]);
        assert_eq!(v.bytes(), &[0xff, 0x0f]);
        assert!(v.bit(11));
        assert!(!v.bit(12));
        let wide = Value::from_bytes(BaseType::unsigned(2048), &[1; 256]);
        assert_eq!(wide.bytes().len(), 256);
        assert!(wide.bit(2040));
        assert!(wide.binary(BinOp::Add, &wide).is_err());
        assert_eq!(format!("{}", g(42)), "0x2a");
        assert_eq!(
            format!("{}", Value::from_u128(BaseType::signed(8), 0xfe)),
            "-2"
        );
    }
}
