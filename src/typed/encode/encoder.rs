//! The encoder: text to the bytes of a value of a given type ([`encode`], [`encode_bits`]),
//! walking the type as the decoder does (scalars, enums, pointers, vectors, structures,
//! unions, arrays).

use super::literal::{brace_items, char_string, expand_repeats, named_item, parse_int, parse_u128};
use crate::index::{Type, TypeKind, TypeRef};
use crate::typed::decode::sign_extend;
use crate::typed::float::FloatFormat;
use crate::typed::source::{TypeSource, Types};
use crate::typed::{DecodeOptions, TypedError};

/// The largest value [`encode`] builds (16 MiB).
const MAX_ENCODE_BITS: u64 = 1 << 27;

/// Bytes to write for a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Encoded {
    /// The value's bits, little-endian, `ceil(bits / 8)` bytes.
    pub bytes: Vec<u8>,
    /// How many bits to write.
    pub bits: u64,
}

/// Encodes `text` as a value of type `type_die` (all of its bits).
pub fn encode<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    text: &str,
    opts: &DecodeOptions,
) -> Result<Encoded, TypedError> {
    let types = Types::new(dbg, opts.address_classes);
    let bits = types.size_bits(type_die, 0)?;
    if bits > MAX_ENCODE_BITS {
        return Err(TypedError::Unsupported {
            type_name: types.name(type_die).to_string(),
            reason: format!("{bits} bits is more than one write may encode"),
        });
    }
    let mut enc = Encoder { types, opts };
    let bytes = enc.value(type_die, bits, None, text.trim(), 0)?;
    Ok(Encoded { bytes, bits })
}

/// Encodes `text` as a value of type `type_die` in `bit_size` bits (a bit field: the value
/// must fit the field).
pub fn encode_bits<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    bit_size: u64,
    text: &str,
    opts: &DecodeOptions,
) -> Result<Encoded, TypedError> {
    if bit_size > MAX_ENCODE_BITS {
        return Err(TypedError::Unsupported {
            type_name: dbg.type_name(type_die),
            reason: format!("{bit_size} bits is more than one write may encode"),
        });
    }
    let mut enc = Encoder {
        types: Types::new(dbg, opts.address_classes),
        opts,
    };
    let bytes = enc.value(type_die, bit_size, Some(bit_size), text.trim(), 0)?;
    Ok(Encoded {
        bytes,
        bits: bit_size,
    })
}

/// Copies the low `n` bits of `src` into `dst` at bit `at`.
fn put_bits(dst: &mut [u8], at: u64, src: &[u8], n: u64) {
    for i in 0..n {
        let bit = (src[(i / 8) as usize] >> (i % 8)) & 1;
        let p = at + i;
        let b = &mut dst[(p / 8) as usize];
        if bit == 1 {
            *b |= 1 << (p % 8);
        } else {
            *b &= !(1 << (p % 8));
        }
    }
}

struct Encoder<'a, 's, S: TypeSource + ?Sized> {
    types: Types<'s, S>,
    opts: &'a DecodeOptions,
}

impl<S: TypeSource + ?Sized> Encoder<'_, '_, S> {
    fn parse_err(&self, ty: TypeRef, text: &str, reason: impl Into<String>) -> TypedError {
        TypedError::Parse {
            text: text.to_string(),
            type_name: self.types.name(ty).to_string(),
            reason: reason.into(),
        }
    }

    /// Fits an integer into `width` bits. Signed types take decimal values in their
    /// signed range; unsigned types also take negative values down to `-2^(width-1)`
    /// (two's complement, as C converts); hex, octal and binary literals are bit patterns
    /// and may use the full unsigned range of either.
    fn fit(
        &self,
        ty: TypeRef,
        text: &str,
        v: i128,
        width: u64,
        signed: bool,
    ) -> Result<u128, TypedError> {
        let t = text
            .trim()
            .trim_start_matches(['-', '+'])
            .to_ascii_lowercase();
        let pattern = ["0x", "0o", "0b"].iter().any(|p| t.starts_with(p));
        let ok = if width >= 128 {
            true
        } else if width == 0 {
            false
        } else {
            let half = 1i128 << (width - 1).min(126);
            let umax = if width >= 127 {
                i128::MAX
            } else {
                (1i128 << width) - 1
            };
            let max = if signed && !pattern { half - 1 } else { umax };
            v >= -half && v <= max
        };
        if !ok {
            return Err(TypedError::OutOfRange {
                text: text.to_string(),
                type_name: self.types.name(ty).to_string(),
                bits: width,
            });
        }
        Ok(if width >= 128 {
            v as u128
        } else {
            (v as u128) & ((1u128 << width) - 1)
        })
    }

    fn bytes(v: u128, width: u64) -> Vec<u8> {
        let n = width.div_ceil(8) as usize;
        let mut out = vec![0u8; n];
        let le = v.to_le_bytes();
        let k = n.min(16);
        out[..k].copy_from_slice(&le[..k]);
        out
    }

    fn value(
        &mut self,
        ty: TypeRef,
        width: u64,
        bitfield: Option<u64>,
        text: &str,
        depth: u32,
    ) -> Result<Vec<u8>, TypedError> {
        if depth > self.opts.max_depth {
            return Err(TypedError::TooDeep {
                type_name: self.types.name(ty).to_string(),
                depth: self.opts.max_depth,
            });
        }
        let Some(t) = self.types.strip(ty)? else {
            return Err(self.parse_err(ty, text, "void has no value"));
        };
        match &t.kind {
            TypeKind::Base {
                encoding,
                bit_size,
                vector_size,
                address_space,
            } => {
                let n = vector_size.unwrap_or(1);
                if n > 1 && bitfield.is_none() {
                    let elem = t.byte_size.map(|b| b * 8).or(*bit_size).unwrap_or(0);
                    let items = brace_items(text).ok_or_else(|| {
                        self.parse_err(ty, text, "expected {…} with the elements")
                    })?;
                    let items = expand_repeats(items).map_err(|e| self.parse_err(ty, text, e))?;
                    if items.len() as u64 != n {
                        return Err(self.parse_err(
                            ty,
                            text,
                            format!("{} elements given, the vector has {n}", items.len()),
                        ));
                    }
                    let mut out = vec![0u8; (elem * n).div_ceil(8) as usize];
                    for (i, it) in items.iter().enumerate() {
                        let b = self.scalar(&t, ty, *encoding, elem, *address_space, it)?;
                        put_bits(&mut out, i as u64 * elem, &b, elem);
                    }
                    return Ok(out);
                }
                // A bit field takes its width; a base type narrower than its storage
                // (`DW_AT_bit_size`) is encoded in its bits and zero-padded.
                let w = match (bitfield, bit_size) {
                    (Some(_), _) => width,
                    (None, Some(b)) => (*b).min(width),
                    (None, None) => width,
                };
                let mut b = self.scalar(&t, ty, *encoding, w, *address_space, text)?;
                b.resize(width.div_ceil(8) as usize, 0);
                Ok(b)
            }
            TypeKind::Enum {
                enumerators,
                underlying,
            } => {
                let t_text = text.trim();
                let inner = t_text
                    .strip_prefix('(')
                    .and_then(|s| s.strip_suffix(')'))
                    .unwrap_or(t_text);
                let mut v: Option<i128> = None;
                let mut all = true;
                for part in inner.split('|').map(str::trim) {
                    let known = enumerators.iter().find(|e| e.name == part).map(|e| e.value);
                    let unknown = part
                        .strip_prefix("unknown:")
                        .and_then(|n| parse_int(n).ok());
                    match known.or(unknown) {
                        Some(x) => v = Some(v.unwrap_or(0) | x),
                        None => {
                            all = false;
                            break;
                        }
                    }
                }
                let v = match (all, v) {
                    (true, Some(v)) => v,
                    _ => parse_int(t_text).map_err(|_| {
                        self.parse_err(ty, text, "not an enumerator of the type nor an integer")
                    })?,
                };
                let signed = match self.types.strip(*underlying)? {
                    Some(u) => matches!(
                        u.kind,
                        TypeKind::Base {
                            encoding: gimli::DW_ATE_signed | gimli::DW_ATE_signed_char,
                            ..
                        }
                    ),
                    None => enumerators.iter().any(|e| e.value < 0),
                };
                let raw = self.fit(ty, text, v, width, signed)?;
                Ok(Self::bytes(raw, width))
            }
            TypeKind::Pointer { .. } => {
                let mut s = text.trim();
                if s.starts_with('(')
                    && let Some(close) = s.rfind(')')
                {
                    s = s[close + 1..].trim();
                }
                s = s.strip_prefix('@').unwrap_or(s);
                if let Some((space, addr)) = s.split_once('#') {
                    let aspace = self.types.pointer_aspace(&t);
                    if space.trim() != aspace.name {
                        return Err(self.parse_err(
                            ty,
                            text,
                            format!("the pointer's address space is {}", aspace.name),
                        ));
                    }
                    s = addr.trim();
                }
                let v = parse_int(s).map_err(|e| self.parse_err(ty, text, e))?;
                let raw = self.fit(ty, text, v, width, false)?;
                Ok(Self::bytes(raw, width))
            }
            TypeKind::Composite { members, tag, .. } => {
                self.composite(&t, ty, *tag, members, width, text, depth)
            }
            TypeKind::Array {
                element,
                dimensions,
            } => {
                let elem = self.types.size_bits(*element, 0)?;
                self.array(ty, *element, elem, dimensions, text, depth)
            }
            _ => Err(TypedError::Unsupported {
                type_name: self.types.name(ty).to_string(),
                reason: "values of this type cannot be written".into(),
            }),
        }
    }

    fn scalar(
        &self,
        t: &std::sync::Arc<Type>,
        ty: TypeRef,
        encoding: gimli::DwAte,
        width: u64,
        address_space: Option<u64>,
        text: &str,
    ) -> Result<Vec<u8>, TypedError> {
        let s = text.trim();
        let raw = match encoding {
            gimli::DW_ATE_float => {
                let f = FloatFormat::of(width, t.name.as_deref()).ok_or_else(|| {
                    TypedError::Unsupported {
                        type_name: self.types.name(ty).to_string(),
                        reason: format!("{width}-bit floating point"),
                    }
                })?;
                let lower = s.to_ascii_lowercase();
                let v: f64 = match lower.as_str() {
                    "inf" | "+inf" | "infinity" => f64::INFINITY,
                    "-inf" | "-infinity" => f64::NEG_INFINITY,
                    "nan" | "+nan" => f64::NAN,
                    "-nan" => -f64::NAN,
                    _ => match s.parse::<f64>() {
                        Ok(v) => v,
                        Err(_) => parse_int(s)
                            .map_err(|_| self.parse_err(ty, text, "not a floating-point number"))?
                            as f64,
                    },
                };
                let raw = f.encode_f64(v);
                // A finite number past the format's range would be stored as infinity (and
                // one past f64's is already infinite here): refused as an integer that does
                // not fit is. A number too small for the format rounds to zero, as C's
                // conversion does.
                let written = f.decode_f64(raw);
                let infinite = lower.trim_start_matches(['+', '-']).starts_with("inf");
                if written.is_infinite() && !infinite {
                    return Err(self.parse_err(
                        ty,
                        text,
                        format!(
                            "out of range of {width}-bit floating point (it would be stored as {})",
                            f.text(raw)
                        ),
                    ));
                }
                raw
            }
            gimli::DW_ATE_boolean => {
                let v = match s {
                    "true" => 1,
                    "false" => 0,
                    _ => parse_int(s).map_err(|_| {
                        self.parse_err(ty, text, "expected true, false or an integer")
                    })?,
                };
                self.fit(ty, text, v, width, false)?
            }
            gimli::DW_ATE_signed
            | gimli::DW_ATE_unsigned
            | gimli::DW_ATE_signed_char
            | gimli::DW_ATE_unsigned_char
            | gimli::DW_ATE_UTF
            | gimli::DW_ATE_signed_fixed
            | gimli::DW_ATE_unsigned_fixed
            | gimli::DW_ATE_address => {
                // The decoded character form `65 'A'`: the number is enough.
                let num = match s
                    .find(" '")
                    .or_else(|| s.find(" u'"))
                    .or_else(|| s.find(" U'"))
                {
                    Some(p) if !s.starts_with('\'') => &s[..p],
                    _ => s,
                };
                let mut num = num.trim();
                if encoding == gimli::DW_ATE_address
                    && address_space.is_some()
                    && let Some((_, a)) = num.split_once('#')
                {
                    num = a.trim();
                }
                let v = match parse_int(num) {
                    Ok(v) => v,
                    // 128-bit values past i128::MAX.
                    Err(_) if width >= 128 && encoding != gimli::DW_ATE_signed => {
                        match parse_u128(num) {
                            Some(u) => return Ok(Self::bytes(u, width)),
                            None => return Err(self.parse_err(ty, text, "not an integer")),
                        }
                    }
                    Err(e) => return Err(self.parse_err(ty, text, e)),
                };
                let v = if encoding == gimli::DW_ATE_signed_char
                    && s.starts_with('\'')
                    && width <= 8
                    && v > 0x7f
                {
                    // '\377' into a signed char is -1.
                    sign_extend(v as u128, 8)
                } else {
                    v
                };
                let signed = matches!(
                    encoding,
                    gimli::DW_ATE_signed | gimli::DW_ATE_signed_char | gimli::DW_ATE_signed_fixed
                );
                self.fit(ty, text, v, width, signed)?
            }
            other => {
                return Err(TypedError::Unsupported {
                    type_name: self.types.name(ty).to_string(),
                    reason: format!("encoding {other}"),
                });
            }
        };
        Ok(Self::bytes(raw, width))
    }

    #[allow(clippy::too_many_arguments)]
    fn composite(
        &mut self,
        t: &std::sync::Arc<Type>,
        ty: TypeRef,
        tag: gimli::DwTag,
        members: &[crate::index::Member],
        width: u64,
        text: &str,
        depth: u32,
    ) -> Result<Vec<u8>, TypedError> {
        let items = brace_items(text)
            .ok_or_else(|| self.parse_err(ty, text, "expected {…} with the members"))?;
        let mut out = vec![0u8; width.div_ceil(8) as usize];
        let named: Vec<Option<(&str, &str)>> = items.iter().map(|i| named_item(i)).collect();
        let union = tag == gimli::DW_TAG_union_type;
        if union && (items.is_empty() || items.len() > members.len()) {
            return Err(self.parse_err(
                ty,
                text,
                "give one or more members of a union (written in order: they overlap)",
            ));
        }
        let by_name = named.iter().all(Option::is_some) && !items.is_empty();
        if !by_name && !union && items.len() != members.len() {
            return Err(self.parse_err(
                ty,
                text,
                format!(
                    "{} values given, the type has {} members",
                    items.len(),
                    members.len()
                ),
            ));
        }
        let mut used = vec![false; items.len()];
        for (mi, m) in members.iter().enumerate() {
            let label = match (&m.name, m.is_base) {
                (_, true) => format!("<{}>", self.types.base_name(m.type_die)),
                (Some(n), false) => n.clone(),
                (None, false) => String::new(),
            };
            let item = if by_name {
                named.iter().enumerate().find_map(|(i, n)| match n {
                    Some((k, v)) if *k == label => Some((i, *v)),
                    _ => None,
                })
            } else if union {
                items
                    .get(mi)
                    .map(|it| (mi, named[mi].map_or(*it, |(_, v)| v)))
            } else {
                Some((mi, named[mi].map_or(items[mi], |(_, v)| v)))
            };
            let Some((ii, vtext)) = item else {
                if union {
                    continue;
                }
                return Err(self.parse_err(ty, text, format!("no value for member {label:?}")));
            };
            used[ii] = true;
            let Some(off) = m.bit_offset.or(m.location_expr.is_none().then_some(0)) else {
                return Err(self.parse_err(
                    ty,
                    text,
                    format!("member {label:?} is at a computed location (needs evaluation)"),
                ));
            };
            let (w, bf) = match m.bit_size {
                Some(b) => (b, Some(b)),
                None => (self.types.size_bits(m.type_die, 0)?, None),
            };
            let b = self.value(m.type_die, w, bf, vtext, depth + 1)?;
            if off + w > width {
                return Err(self.parse_err(ty, text, format!("member {label:?} exceeds the type")));
            }
            put_bits(&mut out, off, &b, w);
        }
        if let Some(i) = used.iter().position(|u| !u) {
            return Err(self.parse_err(
                ty,
                text,
                format!(
                    "{:?} matches no member of {}",
                    items[i],
                    self.types.name(Some(t.die))
                ),
            ));
        }
        Ok(out)
    }

    /// Whether `ty` is a one-byte character type.
    fn is_byte_char(&self, ty: TypeRef) -> Result<bool, TypedError> {
        Ok(matches!(
            self.types.strip(ty)?.as_deref(),
            Some(Type {
                byte_size: Some(1),
                kind: TypeKind::Base {
                    encoding: gimli::DW_ATE_signed_char
                        | gimli::DW_ATE_unsigned_char
                        | gimli::DW_ATE_UTF,
                    vector_size: None | Some(1),
                    ..
                },
                ..
            })
        ))
    }

    fn array(
        &mut self,
        ty: TypeRef,
        element: TypeRef,
        elem: u64,
        dims: &[crate::index::ArrayDimension],
        text: &str,
        depth: u32,
    ) -> Result<Vec<u8>, TypedError> {
        let Some(d) = dims.first() else {
            return Err(self.parse_err(ty, text, "array without dimensions"));
        };
        let Some(count) = d.count else {
            return Err(self.parse_err(ty, text, "array of unknown bound"));
        };
        let mut stride = elem;
        for inner in &dims[1..] {
            stride = stride.saturating_mul(inner.count.unwrap_or(0));
        }
        let t = text.trim();
        if dims.len() == 1
            && (t.starts_with('"') || t.starts_with('\''))
            && self.is_byte_char(element)?
        {
            let bytes = char_string(t).map_err(|e| self.parse_err(ty, text, e))?;
            if bytes.len() as u64 > count {
                return Err(self.parse_err(
                    ty,
                    text,
                    format!("{} characters, the array has {count}", bytes.len()),
                ));
            }
            let mut out = bytes;
            out.resize(count as usize, 0);
            return Ok(out);
        }
        let items = brace_items(text)
            .ok_or_else(|| self.parse_err(ty, text, "expected {…} with the elements"))?;
        let items = expand_repeats(items).map_err(|e| self.parse_err(ty, text, e))?;
        if items.len() as u64 != count {
            return Err(self.parse_err(
                ty,
                text,
                format!("{} elements given, the array has {count}", items.len()),
            ));
        }
        let mut out = vec![0u8; (stride * count).div_ceil(8) as usize];
        for (i, it) in items.iter().enumerate() {
            let b = if dims.len() > 1 {
                self.array(ty, element, elem, &dims[1..], it, depth + 1)?
            } else {
                self.value(element, elem, None, it, depth + 1)?
            };
            put_bits(&mut out, i as u64 * stride, &b, stride);
        }
        Ok(out)
    }
}
