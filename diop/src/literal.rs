//! Typed literals of `DIOpConstant`: integers of any width, floating point (decimal and
//! LLVM's hexadecimal forms), `null`, `zeroinitializer`, `undef`, `poison` and vectors,
//! printed back the way LLVM's assembly writer prints them.

use std::fmt::{self, Write};

use super::error::{ParseError, ParseErrorKind};
use super::layout::DataLayout;
use super::lex::{Cursor, Tok};
use super::types::{FloatKind, Type, parse_type, tok_text};

/// A typed constant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Literal {
    /// `iN V`: the value's two's-complement bits, little-endian, `ceil(N/8)` bytes.
    Int {
        /// Width in bits.
        bits: u32,
        /// Little-endian bytes (bits above the width are zero).
        value: Vec<u8>,
    },
    /// A floating-point value by its raw bits.
    Float {
        /// Which type.
        kind: FloatKind,
        /// The bits of the value.
        raw: u128,
    },
    /// `ptr addrspace(N) null`.
    Null {
        /// LLVM address space.
        space: u32,
    },
    /// `T zeroinitializer` of a vector or aggregate type.
    Zero(Type),
    /// `T undef`.
    Undef(Type),
    /// `T poison`.
    Poison(Type),
    /// `<N x T> <T a, T b, ...>`.
    Vector {
        /// Element type.
        elem: Type,
        /// The elements.
        elems: Vec<Literal>,
    },
}

/// Most elements a vector literal may have (input is untrusted).
pub const MAX_VECTOR_ELEMENTS: u32 = 1 << 16;

/// Widest literal, in bits, all elements of a vector together (an `i8388607` constant is
/// a megabyte; a debug expression needs nothing near that).
pub const MAX_LITERAL_BITS: u64 = 1 << 16;

impl Literal {
    /// An integer literal of `bits` bits holding `v` (truncated).
    pub fn int(bits: u32, v: u128) -> Self {
        let n = bits.div_ceil(8) as usize;
        let mut value = vec![0u8; n];
        for (i, b) in value.iter_mut().enumerate().take(16) {
            *b = (v >> (8 * i)) as u8;
        }
        mask_top(&mut value, bits);
        Literal::Int { bits, value }
    }

    /// The literal's type.
    pub fn ty(&self) -> Type {
        match self {
            Literal::Int { bits, .. } => Type::Int(*bits),
            Literal::Float { kind, .. } => Type::Float(*kind),
            Literal::Null { space } => Type::ptr(*space),
            Literal::Zero(t) | Literal::Undef(t) | Literal::Poison(t) => t.clone(),
            Literal::Vector { elem, elems } => Type::Vector {
                count: elems.len() as u32,
                elem: Box::new(elem.clone()),
            },
        }
    }

    /// Whether the value is undefined (`undef`, `poison`, or a vector with such an element).
    pub fn is_undefined(&self) -> bool {
        match self {
            Literal::Undef(_) | Literal::Poison(_) => true,
            Literal::Vector { elems, .. } => elems.iter().any(Literal::is_undefined),
            _ => false,
        }
    }

    /// The value as `sizeof(T)` bits, little-endian, packed (vector elements narrower than
    /// a byte share bytes); `None` for undefined values or unsizable types.
    pub fn to_bits(&self, dl: &DataLayout) -> Option<Vec<u8>> {
        let bits = dl.size_bits(&self.ty())?;
        if bits > 1 << 24 {
            return None;
        }
        let mut out = vec![0u8; bits.div_ceil(8) as usize];
        match self {
            Literal::Int { value, .. } => out.copy_from_slice(value),
            Literal::Float { raw, .. } => {
                for (i, b) in out.iter_mut().enumerate() {
                    *b = (raw >> (8 * i)) as u8;
                }
            }
            Literal::Null { .. } | Literal::Zero(_) => {}
            Literal::Undef(_) | Literal::Poison(_) => return None,
            Literal::Vector { elem, elems } => {
                let eb = dl.size_bits(elem)?;
                for (i, e) in elems.iter().enumerate() {
                    let bytes = e.to_bits(dl)?;
                    hetdwarf::eval::copy_bits(&bytes, 0, &mut out, i as u64 * eb, eb);
                }
            }
        }
        Some(out)
    }

    /// The literal of type `ty` whose bits are `bytes` (little-endian, packed as
    /// [`to_bits`](Literal::to_bits) makes them): integers, floating point, pointers (a
    /// pointer is shown as the integer it holds, `iN`, unless it is `null`) and vectors of
    /// those. `None` for other types or too few bytes.
    pub fn from_bits(ty: &Type, bytes: &[u8], dl: &DataLayout) -> Option<Literal> {
        let bits = dl.size_bits(ty)?;
        if (bytes.len() as u64) * 8 < bits {
            return None;
        }
        let n = bits.div_ceil(8) as usize;
        Some(match ty {
            Type::Int(b) => {
                let mut value = bytes[..n].to_vec();
                mask_top(&mut value, *b);
                Literal::Int { bits: *b, value }
            }
            Type::Float(kind) => Literal::Float {
                kind: *kind,
                raw: bytes[..n]
                    .iter()
                    .rev()
                    .fold(0u128, |a, &x| (a << 8) | u128::from(x)),
            },
            Type::Ptr { space, .. } => {
                if bytes[..n].iter().all(|&b| b == 0) {
                    Literal::Null { space: *space }
                } else {
                    Literal::Int {
                        bits: bits as u32,
                        value: bytes[..n].to_vec(),
                    }
                }
            }
            Type::Vector { count, elem } => {
                let eb = dl.size_bits(elem)?;
                let mut elems = Vec::with_capacity(*count as usize);
                for i in 0..u64::from(*count) {
                    let mut e = vec![0u8; eb.div_ceil(8) as usize];
                    hetdwarf::eval::copy_bits(bytes, i * eb, &mut e, 0, eb);
                    elems.push(Literal::from_bits(elem, &e, dl)?);
                }
                if elems
                    .iter()
                    .all(|e| matches!(e, Literal::Int { .. } | Literal::Float { .. }))
                {
                    vector(elem, elems)
                } else {
                    return None;
                }
            }
            _ => return None,
        })
    }

    /// The value as an unsigned integer, when it fits 128 bits.
    pub fn to_u128(&self, dl: &DataLayout) -> Option<u128> {
        let b = self.to_bits(dl)?;
        if b.len() > 16 {
            return None;
        }
        Some(b.iter().rev().fold(0u128, |a, &x| (a << 8) | u128::from(x)))
    }

    /// Parses `TYPE VALUE` at the cursor.
    pub(crate) fn parse(c: &mut Cursor<'_>) -> Result<Literal, ParseError> {
        let ty = parse_type(c)?;
        Literal::parse_value(c, ty)
    }

    fn parse_value(c: &mut Cursor<'_>, ty: Type) -> Result<Literal, ParseError> {
        let at = c.at();
        let bad = |msg: String| ParseError::new(at, ParseErrorKind::BadLiteral(msg));
        match c.next() {
            Some(Tok::Word("undef")) => Ok(Literal::Undef(ty)),
            Some(Tok::Word("poison")) => Ok(Literal::Poison(ty)),
            Some(Tok::Word("zeroinitializer")) => Ok(zero_of(ty)),
            Some(Tok::Word("null")) => match ty {
                Type::Ptr { space, .. } => Ok(Literal::Null { space }),
                _ => Err(bad(format!("null must be a pointer type, not {ty}"))),
            },
            Some(Tok::Word(w)) if w == "true" || w == "false" => match ty {
                Type::Int(1) => Ok(Literal::int(1, u128::from(w == "true"))),
                _ => Err(bad(format!("{w} must be of type i1, not {ty}"))),
            },
            Some(Tok::Word("splat")) => {
                let Type::Vector { count, elem } = &ty else {
                    return Err(bad(format!("splat must be of a vector type, not {ty}")));
                };
                c.expect_punct('(')?;
                let e = Literal::parse(c)?;
                c.expect_punct(')')?;
                if !e.ty().same_as(elem) {
                    return Err(bad(format!("splat element {} is not {elem}", e.ty())));
                }
                if *count > MAX_VECTOR_ELEMENTS || literal_bits(&ty) > MAX_LITERAL_BITS {
                    return Err(bad(format!(
                        "a constant of {ty} is wider than the {MAX_LITERAL_BITS} bits hetdwarf reads"
                    )));
                }
                Ok(vector(elem, vec![e; *count as usize]))
            }
            Some(Tok::Number(_)) if literal_bits(&ty) > MAX_LITERAL_BITS => Err(bad(format!(
                "a constant of {ty} is wider than the {MAX_LITERAL_BITS} bits hetdwarf reads"
            ))),
            Some(Tok::Number(n)) => match &ty {
                Type::Int(bits) => parse_int(n, *bits).map_err(bad),
                Type::Float(k) => parse_float(n, *k).map_err(bad),
                _ => Err(bad(format!("number '{n}' for non-scalar type {ty}"))),
            },
            Some(Tok::Punct('<')) => {
                let Type::Vector { count, elem } = &ty else {
                    return Err(bad(format!("vector constant for non-vector type {ty}")));
                };
                if literal_bits(&ty) > MAX_LITERAL_BITS {
                    return Err(bad(format!(
                        "a constant of {ty} is wider than the {MAX_LITERAL_BITS} bits hetdwarf reads"
                    )));
                }
                let mut elems = Vec::new();
                loop {
                    if elems.len() as u32 >= MAX_VECTOR_ELEMENTS {
                        return Err(bad(format!("more than {MAX_VECTOR_ELEMENTS} elements")));
                    }
                    let e = Literal::parse(c)?;
                    if !e.ty().same_as(elem) {
                        return Err(bad(format!(
                            "vector element {} is not of type {elem}",
                            e.ty()
                        )));
                    }
                    elems.push(e);
                    if c.eat_punct('>') {
                        break;
                    }
                    c.expect_punct(',')?;
                }
                if elems.len() != *count as usize {
                    return Err(bad(format!(
                        "vector constant has {} elements, its type {count}",
                        elems.len()
                    )));
                }
                Ok(vector(elem, elems))
            }
            Some(t) => Err(bad(format!(
                "expected a value of type {ty}, found '{}'",
                tok_text(&t)
            ))),
            None => Err(bad(format!("expected a value of type {ty}"))),
        }
    }
}

/// An upper bound of a literal's size in bits (vectors of scalars; 0 for other types,
/// which have no literal form but `zeroinitializer`/`undef`/`poison`).
fn literal_bits(t: &Type) -> u64 {
    match t {
        Type::Int(b) => u64::from(*b),
        Type::Float(k) => u64::from(k.bits()),
        Type::Ptr { .. } => 64,
        Type::Vector { count, elem } => u64::from(*count).saturating_mul(literal_bits(elem)),
        _ => 0,
    }
}

/// `zeroinitializer` in the form LLVM keeps it: scalars become their zero value.
fn zero_of(ty: Type) -> Literal {
    match ty {
        Type::Int(b) => Literal::int(b, 0),
        Type::Float(kind) => Literal::Float { kind, raw: 0 },
        Type::Ptr { space, .. } => Literal::Null { space },
        t => Literal::Zero(t),
    }
}

/// A vector literal as LLVM keeps it: all zero elements collapse to `zeroinitializer`,
/// all-`undef` (all-`poison`) to `undef` (`poison`).
fn vector(elem: &Type, elems: Vec<Literal>) -> Literal {
    let ty = Type::Vector {
        count: elems.len() as u32,
        elem: Box::new(elem.clone()),
    };
    let is_zero = |e: &Literal| match e {
        Literal::Int { value, .. } => value.iter().all(|&b| b == 0),
        Literal::Float { raw, .. } => *raw == 0,
        Literal::Null { .. } => true,
        _ => false,
    };
    if !elems.is_empty() && elems.iter().all(is_zero) {
        return Literal::Zero(ty);
    }
    if !elems.is_empty() && elems.iter().all(|e| matches!(e, Literal::Poison(_))) {
        return Literal::Poison(ty);
    }
    if !elems.is_empty() && elems.iter().all(|e| matches!(e, Literal::Undef(_))) {
        return Literal::Undef(ty);
    }
    Literal::Vector {
        elem: elem.clone(),
        elems,
    }
}

fn mask_top(value: &mut [u8], bits: u32) {
    let r = bits % 8;
    if r != 0
        && let Some(last) = value.last_mut()
    {
        *last &= (1u8 << r) - 1;
    }
}

/// Parses a decimal integer of any width into `bits` bits; LLVM accepts a value that fits
/// either signed or unsigned.
fn parse_int(text: &str, bits: u32) -> Result<Literal, String> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{text}' is not an integer for i{bits}"));
    }
    let n = bits.div_ceil(8) as usize;
    // Magnitude in n+1 bytes so an overflow of the width is visible.
    let mut mag = vec![0u8; n + 1];
    for d in digits.bytes() {
        let mut carry = u32::from(d - b'0');
        for b in mag.iter_mut() {
            let v = u32::from(*b) * 10 + carry;
            *b = v as u8;
            carry = v >> 8;
        }
        if carry != 0 {
            return Err(format!("integer constant {text} does not fit i{bits}"));
        }
    }
    let bit = |v: &[u8], i: u32| {
        v.get((i / 8) as usize)
            .is_some_and(|b| b >> (i % 8) & 1 == 1)
    };
    let highest = (0..(n as u32 + 1) * 8).rev().find(|&i| bit(&mag, i));
    let fits = match highest {
        None => true,
        Some(h) if !neg => h < bits,
        // -2^(bits-1) is the most negative value.
        Some(h) => h + 1 < bits || (h + 1 == bits && (0..h).all(|i| !bit(&mag, i))),
    };
    if !fits {
        return Err(format!("integer constant {text} does not fit i{bits}"));
    }
    let mut value = mag[..n].to_vec();
    if neg {
        let mut carry = 1u16;
        for b in value.iter_mut() {
            let v = u16::from(!*b) + carry;
            *b = v as u8;
            carry = v >> 8;
        }
    }
    mask_top(&mut value, bits);
    Ok(Literal::Int { bits, value })
}

fn parse_float(text: &str, kind: FloatKind) -> Result<Literal, String> {
    let invalid = || {
        format!(
            "floating point constant '{text}' invalid for type {}",
            kind.name()
        )
    };
    let hex = |s: &str, digits: usize| -> Result<u128, String> {
        if s.len() != digits {
            return Err(invalid());
        }
        u128::from_str_radix(s, 16).map_err(|_| invalid())
    };
    if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        let (tag, rest) = h.split_at(
            h.chars()
                .next()
                .filter(|c| c.is_ascii_uppercase() && "HRKLM".contains(*c))
                .map_or(0, |_| 1),
        );
        let raw = match (tag, kind) {
            ("H", FloatKind::Half) | ("R", FloatKind::BFloat) => hex(rest, 4)?,
            ("K", FloatKind::X86Fp80) => hex(rest, 20)?,
            ("L", FloatKind::Fp128) | ("M", FloatKind::PpcFp128) => {
                // Printed low 64 bits first.
                let v = hex(rest, 32)?;
                v.rotate_left(64)
            }
            ("", _) => {
                let d = f64::from_bits(hex(rest, 16)? as u64);
                from_f64(d, kind).ok_or_else(invalid)?
            }
            _ => return Err(invalid()),
        };
        return Ok(Literal::Float { kind, raw });
    }
    let d: f64 = text.parse().map_err(|_| invalid())?;
    Ok(Literal::Float {
        kind,
        raw: from_f64(d, kind).ok_or_else(invalid)?,
    })
}

/// The bits of `d` in `kind` when the conversion is exact (LLVM refuses lossy literals).
fn from_f64(d: f64, kind: FloatKind) -> Option<u128> {
    match kind {
        FloatKind::Double => Some(u128::from(d.to_bits())),
        FloatKind::Float => {
            let f = d as f32;
            (f64::from(f) == d || d.is_nan()).then_some(u128::from(f.to_bits()))
        }
        FloatKind::Half => {
            let h = hetdwarf::typed::float::f64_to_half(d);
            (f64::from(hetdwarf::typed::float::half_to_f32(h)) == d || d.is_nan())
                .then_some(u128::from(h))
        }
        FloatKind::BFloat => {
            let f = d as f32;
            let b = hetdwarf::typed::float::f32_to_bf16(f);
            (f64::from(f32::from_bits(u32::from(b) << 16)) == d || d.is_nan())
                .then_some(u128::from(b))
        }
        FloatKind::Fp128 | FloatKind::X86Fp80 | FloatKind::PpcFp128 => None,
    }
}

/// LLVM's printing of a `float`/`double`: `%.6e` when that reads back as the same double,
/// else the double's bits in hexadecimal.
fn float_text(d: f64) -> String {
    if d.is_finite() {
        let s = format!("{d:.6e}");
        if let Some((m, e)) = s.split_once('e')
            && let Ok(e) = e.parse::<i32>()
        {
            let text = format!(
                "{m}e{}{:02}",
                if e < 0 { '-' } else { '+' },
                e.unsigned_abs()
            );
            if text.parse::<f64>().ok() == Some(d) {
                return text;
            }
        }
    }
    format!("0x{:016X}", d.to_bits())
}

/// Signed decimal of little-endian two's-complement bytes of width `bits`.
fn int_text(value: &[u8], bits: u32) -> String {
    let bit = |i: u32| {
        value
            .get((i / 8) as usize)
            .is_some_and(|b| b >> (i % 8) & 1 == 1)
    };
    let neg = bit(bits - 1);
    let mut mag: Vec<u8> = value.to_vec();
    if neg {
        // Two's complement within `bits`, then mask.
        let mut carry = 1u16;
        for b in mag.iter_mut() {
            let v = u16::from(!*b) + carry;
            *b = v as u8;
            carry = v >> 8;
        }
        mask_top(&mut mag, bits);
    }
    let mut digits = Vec::new();
    while mag.iter().any(|&b| b != 0) {
        let mut rem = 0u32;
        for b in mag.iter_mut().rev() {
            let v = (rem << 8) | u32::from(*b);
            *b = (v / 10) as u8;
            rem = v % 10;
        }
        digits.push(b'0' + rem as u8);
    }
    if digits.is_empty() {
        digits.push(b'0');
    }
    let mut s = String::with_capacity(digits.len() + 1);
    if neg {
        s.push('-');
    }
    s.extend(digits.iter().rev().map(|&d| d as char));
    s
}

/// The value part of a literal (without its type).
struct ValueText<'a>(&'a Literal);

impl fmt::Display for ValueText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Literal::Int { bits: 1, value } => {
                f.write_str(if value[0] & 1 == 1 { "true" } else { "false" })
            }
            Literal::Int { bits, value } => f.write_str(&int_text(value, *bits)),
            Literal::Float { kind, raw } => match kind {
                FloatKind::Float => {
                    f.write_str(&float_text(f64::from(f32::from_bits(*raw as u32))))
                }
                FloatKind::Double => f.write_str(&float_text(f64::from_bits(*raw as u64))),
                FloatKind::Half => write!(f, "0xH{:04X}", *raw as u16),
                FloatKind::BFloat => write!(f, "0xR{:04X}", *raw as u16),
                FloatKind::X86Fp80 => write!(f, "0xK{:020X}", raw & ((1u128 << 80) - 1)),
                FloatKind::Fp128 => write!(f, "0xL{:016X}{:016X}", *raw as u64, (raw >> 64) as u64),
                FloatKind::PpcFp128 => {
                    write!(f, "0xM{:016X}{:016X}", *raw as u64, (raw >> 64) as u64)
                }
            },
            Literal::Null { .. } => f.write_str("null"),
            Literal::Zero(_) => f.write_str("zeroinitializer"),
            Literal::Undef(_) => f.write_str("undef"),
            Literal::Poison(_) => f.write_str("poison"),
            Literal::Vector { elems, .. } => {
                f.write_char('<')?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_char('>')
            }
        }
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.ty(), ValueText(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Result<Literal, ParseError> {
        let mut c = Cursor::new(s);
        let parsed = Literal::parse(&mut c);
        let l = c.finish(parsed)?;
        assert!(c.is_done(), "{s}: trailing tokens");
        Ok(l)
    }

    fn round(s: &str) -> String {
        lit(s).unwrap().to_string()
    }

    #[test]
    fn canonical_forms_match_llvm() {
        for (input, printed) in [
            ("i32 -3", "i32 -3"),
            ("i8 255", "i8 -1"),
            ("i8 200", "i8 -56"),
            ("i1 true", "i1 true"),
            ("i1 1", "i1 true"),
            ("i64 -9223372036854775808", "i64 -9223372036854775808"),
            (
                "i128 170141183460469231731687303715884105727",
                "i128 170141183460469231731687303715884105727",
            ),
            ("i256 -1", "i256 -1"),
            ("float 1.0", "float 1.000000e+00"),
            ("float 0.0", "float 0.000000e+00"),
            ("double -2.5e-3", "double -2.500000e-03"),
            ("double 0.1", "double 1.000000e-01"),
            ("float 0x3FB99999A0000000", "float 0x3FB99999A0000000"),
            ("double 123456789.0", "double 0x419D6F3454000000"),
            ("half 0xH3C00", "half 0xH3C00"),
            ("half 1.0", "half 0xH3C00"),
            ("bfloat 0xR3F80", "bfloat 0xR3F80"),
            ("ptr null", "ptr null"),
            ("ptr addrspace(5) null", "ptr addrspace(5) null"),
            ("ptr undef", "ptr undef"),
            ("i32 poison", "i32 poison"),
            ("<2 x i32> <i32 1, i32 2>", "<2 x i32> <i32 1, i32 2>"),
            ("<2 x i32> <i32 0, i32 0>", "<2 x i32> zeroinitializer"),
            ("<2 x i32> splat (i32 7)", "<2 x i32> <i32 7, i32 7>"),
            ("i32 zeroinitializer", "i32 0"),
        ] {
            assert_eq!(round(input), printed, "{input}");
            assert_eq!(round(printed), printed, "{printed} is not a fixed point");
        }
    }

    #[test]
    fn out_of_range_literals_are_refused() {
        assert!(lit("i8 256").is_err());
        assert!(lit("i8 -129").is_err());
        assert!(lit("i8 -128").is_ok());
        assert!(lit("float 0.1").is_err());
        assert!(lit("<2 x i32> <i32 1>").is_err());
        assert!(lit("i32 null").is_err());
        assert!(lit("<2 x i32> <i32 1, i8 2>").is_err());
    }

    #[test]
    fn huge_literals_are_refused_before_allocating() {
        for text in [
            "i8388607 1",
            "<65536 x i64> splat (i64 1)",
            "<4096 x i8388607> <i8388607 1>",
        ] {
            let e = lit(text).unwrap_err();
            assert!(e.to_string().contains("wider than"), "{text}: {e}");
        }
        // Without digits nothing is allocated: these stay accepted.
        assert!(lit("i8388607 poison").is_ok());
        assert!(lit("<65536 x i64> zeroinitializer").is_ok());
        assert!(lit("i65536 -1").is_ok());
    }

    #[test]
    fn bits_are_packed_little_endian() {
        let dl = DataLayout::amdgcn();
        assert_eq!(
            lit("i32 -2").unwrap().to_bits(&dl),
            Some(vec![0xfe, 0xff, 0xff, 0xff])
        );
        assert_eq!(
            lit("<2 x i16> <i16 1, i16 2>").unwrap().to_bits(&dl),
            Some(vec![1, 0, 2, 0])
        );
        assert_eq!(
            lit("<4 x i1> <i1 1, i1 0, i1 1, i1 1>")
                .unwrap()
                .to_bits(&dl),
            Some(vec![0b1101])
        );
        assert_eq!(
            lit("ptr addrspace(5) null").unwrap().to_bits(&dl),
            Some(vec![0; 4])
        );
        assert_eq!(lit("i32 undef").unwrap().to_bits(&dl), None);
    }
}
