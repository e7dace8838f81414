//! Bits -> [`TypedValue`], following the type DIE.

use super::float::FloatFormat;
use super::source::{TypeSource, Types};
use super::value::{AddressSpace, Field, PointerKind, PointerValue, Scalar, ScalarKind};
use super::{DecodeOptions, TypedError, TypedValue};
use crate::eval::Bits;
use crate::index::{ArrayDimension, Member, Type, TypeKind, TypeRef};

/// Where a member whose `DW_AT_data_member_location` is an expression lives.
#[derive(Clone, Debug)]
pub enum MemberLocation {
    /// At this bit offset within the bits being decoded (absolute, not relative to the
    /// containing object).
    BitOffset(u64),
    /// In these bits (read separately through the member's evaluated location); the
    /// member is decoded from their bit 0.
    Bits(Bits),
    /// Not resolved: the member decodes to [`TypedValue::NeedsEvaluation`] with this reason.
    Unresolved(String),
}

/// Resolves members whose `DW_AT_data_member_location` is an expression (virtual bases,
/// for example). The caller evaluates [`Member::location_expr`] with the containing
/// object's location on the stack and says where the member is.
pub trait MemberResolver {
    /// `owner` is the containing type, `member` the member, `object_bit_offset` where the
    /// containing object starts within the bits being decoded.
    fn resolve(&mut self, owner: &Type, member: &Member, object_bit_offset: u64) -> MemberLocation;
}

/// A resolver that resolves nothing: such members are [`TypedValue::NeedsEvaluation`].
#[derive(Clone, Copy, Debug, Default)]
pub struct NoResolver;

impl MemberResolver for NoResolver {
    fn resolve(&mut self, _: &Type, member: &Member, _: u64) -> MemberLocation {
        let what = member.name.as_deref().unwrap_or("member");
        MemberLocation::Unresolved(format!(
            "the location of {what} is a DWARF expression (DW_AT_data_member_location)"
        ))
    }
}

/// Decodes `bits` (from bit 0) as a value of type `type_die`. See the module
/// documentation for the availability rule. Members whose location is an expression
/// become [`TypedValue::NeedsEvaluation`]; use [`decode_with`] to resolve them.
pub fn decode<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    bits: &Bits,
    opts: &DecodeOptions,
) -> Result<TypedValue, TypedError> {
    decode_with(dbg, type_die, bits, opts, &mut NoResolver)
}

/// [`decode`] with a resolver for members whose location is an expression.
pub fn decode_with<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    bits: &Bits,
    opts: &DecodeOptions,
    resolver: &mut dyn MemberResolver,
) -> Result<TypedValue, TypedError> {
    let mut d = Decoder {
        types: Types::new(dbg, opts.address_classes),
        opts,
        resolver,
        budget: opts.max_elements,
        field_budget: opts.max_fields,
    };
    d.value(bits, type_die, 0, None, 0)
}

/// A scalar type's facts for decoding many values of it (every lane of a variable):
/// what [`decode_with`] looks up in the type on each call, looked up once.
#[derive(Clone, Debug)]
pub struct ScalarPlan {
    type_die: TypeRef,
    stripped: std::sync::Arc<Type>,
    width: u64,
}

/// The [`ScalarPlan`] of `type_die` when, typedefs and qualifiers stripped, it is a base
/// type that [`decode_with`] decodes as one scalar (not a vector, not an address with an
/// address space); `None` otherwise.
pub fn scalar_plan<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    opts: &DecodeOptions,
) -> Option<ScalarPlan> {
    let types = Types::new(dbg, opts.address_classes);
    let stripped = types.strip(type_die).ok()??;
    let TypeKind::Base {
        encoding,
        bit_size,
        vector_size,
        address_space,
    } = stripped.kind
    else {
        return None;
    };
    if vector_size.unwrap_or(1) > 1
        || (encoding == gimli::DW_ATE_address && address_space.is_some())
    {
        return None;
    }
    let width = scalar_width(&stripped, bit_size, None);
    Some(ScalarPlan {
        type_die,
        stripped,
        width,
    })
}

/// How many bits a scalar of base type `t` (with `DW_AT_bit_size` `bit_size`) takes: a
/// bit-field's own width, else the type's bit size, else its byte size.
fn scalar_width(t: &Type, bit_size: Option<u64>, bitfield: Option<u64>) -> u64 {
    bitfield
        .or(bit_size)
        .or(t.byte_size.map(|b| b * 8))
        .unwrap_or(0)
}

/// Decodes `bits` by `plan`: what [`decode_with`] gives for the plan's type.
pub fn decode_scalar<S: TypeSource + ?Sized>(
    dbg: &S,
    plan: &ScalarPlan,
    bits: &Bits,
    opts: &DecodeOptions,
) -> TypedValue {
    let mut no_members = NoResolver;
    let d = Decoder {
        types: Types::new(dbg, opts.address_classes),
        opts,
        resolver: &mut no_members,
        budget: opts.max_elements,
        field_budget: opts.max_fields,
    };
    d.base_value(bits, &plan.stripped, plan.type_die, 0, plan.width)
}

struct Decoder<'a, 's, S: TypeSource + ?Sized> {
    types: Types<'s, S>,
    opts: &'a DecodeOptions,
    resolver: &'a mut dyn MemberResolver,
    budget: usize,
    /// Structure members still to decode in this value (all structures together).
    field_budget: usize,
}

/// Counts of optimized-out and unavailable bits in `[start, start + n)`; bits past the
/// end of `bits` count as unavailable.
pub(crate) fn counts(bits: &Bits, start: u64, n: u64) -> (u64, u64) {
    let end = start.saturating_add(n);
    let len = bits.len();
    let in_end = end.min(len);
    let (oo, un) = (bits.optimized_out(), bits.unavailable());
    let (mut opt, mut unav) = (0u64, 0u64);
    let mut i = start;
    while i < in_end {
        if i.is_multiple_of(8) && i + 8 <= in_end {
            let b = (i / 8) as usize;
            let o = oo[b];
            opt += u64::from(o.count_ones());
            unav += u64::from((un[b] & !o).count_ones());
            i += 8;
        } else {
            match bits.status(i) {
                crate::eval::BitStatus::OptimizedOut => opt += 1,
                crate::eval::BitStatus::Unavailable => unav += 1,
                crate::eval::BitStatus::Valid => {}
            }
            i += 1;
        }
    }
    unav += end.saturating_sub(len.max(start));
    (opt, unav)
}

/// `n` bits from bit `start`, shifted to bit 0, as little-endian bytes.
pub(crate) fn extract(bits: &Bits, start: u64, n: u64) -> Vec<u8> {
    let mut out = vec![0u8; n.div_ceil(8) as usize];
    let mut done = 0u64;
    while done < n {
        let k = (n - done).min(64);
        let v = if start + done < bits.len() {
            bits.get(start + done, k as u32)
        } else {
            0
        };
        for j in 0..k {
            if (v >> j) & 1 == 1 {
                let p = done + j;
                out[(p / 8) as usize] |= 1 << (p % 8);
            }
        }
        done += k;
    }
    out
}

/// Sign-extends the low `bits` bits of `v`.
pub(crate) fn sign_extend(v: u128, bits: u64) -> i128 {
    if bits == 0 || bits >= 128 {
        return v as i128;
    }
    let shift = 128 - bits as u32;
    ((v << shift) as i128) >> shift
}

fn raw_bytes(v: u128, bits: u64) -> Vec<u8> {
    scalar_bytes(v, bits).to_vec()
}

/// [`raw_bytes`] held inline, for scalars (decoded per lane at every stop).
fn scalar_bytes(v: u128, bits: u64) -> crate::eval::value::Bytes {
    crate::eval::value::Bytes::new(&v.to_le_bytes()[..bits.div_ceil(8).min(16) as usize])
}

/// The availability rule for a scalar: `Some(Optimized | Unavailable)` when not readable.
fn scalar_gate(bits: &Bits, start: u64, n: u64) -> Option<TypedValue> {
    let (o, u) = counts(bits, start, n);
    if o > 0 {
        Some(TypedValue::Optimized)
    } else if u > 0 {
        Some(TypedValue::Unavailable)
    } else {
        None
    }
}

/// The availability rule for an aggregate: collapse only when every bit is invalid the
/// same way.
fn aggregate_gate(bits: &Bits, start: u64, n: u64) -> Option<TypedValue> {
    if n == 0 {
        return None;
    }
    let (o, u) = counts(bits, start, n);
    if o == n {
        Some(TypedValue::Optimized)
    } else if u == n {
        Some(TypedValue::Unavailable)
    } else {
        None
    }
}

/// gdb-style character literal body for a code point.
pub(crate) fn char_literal(code: u32, byte_char: bool) -> String {
    let esc = match code {
        7 => Some("\\a"),
        8 => Some("\\b"),
        9 => Some("\\t"),
        10 => Some("\\n"),
        11 => Some("\\v"),
        12 => Some("\\f"),
        13 => Some("\\r"),
        27 => Some("\\033"),
        0x27 => Some("\\'"),
        0x5c => Some("\\\\"),
        _ => None,
    };
    if let Some(e) = esc {
        return e.into();
    }
    if (0x20..0x7f).contains(&code) {
        return char::from_u32(code).map(String::from).unwrap_or_default();
    }
    if byte_char || code < 0x20 || code == 0x7f {
        return format!("\\{:03o}", code & if byte_char { 0xff } else { 0x1ff });
    }
    match char::from_u32(code) {
        Some(c) if !c.is_control() => c.to_string(),
        _ => format!("\\x{code:x}"),
    }
}

/// Text and kind of a base-type scalar; `None` for encodings that are not decoded.
pub(crate) fn base_scalar(
    encoding: gimli::DwAte,
    width: u64,
    raw: u128,
    name: Option<&str>,
) -> Option<(ScalarKind, String)> {
    match encoding {
        gimli::DW_ATE_signed | gimli::DW_ATE_signed_fixed => {
            let v = sign_extend(raw, width);
            Some((ScalarKind::Signed(v), v.to_string()))
        }
        gimli::DW_ATE_unsigned | gimli::DW_ATE_unsigned_fixed => {
            Some((ScalarKind::Unsigned(raw), raw.to_string()))
        }
        gimli::DW_ATE_address => Some((ScalarKind::Unsigned(raw), format!("{raw:#x}"))),
        gimli::DW_ATE_boolean => Some(match raw {
            0 => (ScalarKind::Bool(false), "false".into()),
            1 => (ScalarKind::Bool(true), "true".into()),
            n => (ScalarKind::Unsigned(n), n.to_string()),
        }),
        gimli::DW_ATE_signed_char | gimli::DW_ATE_unsigned_char | gimli::DW_ATE_UTF
            if width <= 32 =>
        {
            let v = if encoding == gimli::DW_ATE_signed_char {
                sign_extend(raw, width)
            } else {
                raw as i128
            };
            let (prefix, byte_char) = match (encoding, width) {
                (gimli::DW_ATE_UTF, 8) => ("u8", false),
                (gimli::DW_ATE_UTF, 16) => ("u", false),
                (gimli::DW_ATE_UTF, _) => ("U", false),
                (_, w) => ("", w <= 8),
            };
            let lit = char_literal(raw as u32, byte_char);
            Some((ScalarKind::Char(v), format!("{v} {prefix}'{lit}'")))
        }
        gimli::DW_ATE_float => {
            let f = FloatFormat::of(width, name)?;
            Some((ScalarKind::Float(f.decode_f64(raw)), f.text(raw)))
        }
        _ => None,
    }
}

/// Enumerator text: a name, a `(A | B)` flag combination, or the number.
pub(crate) fn enum_text(enumerators: &[crate::index::Enumerator], v: i128) -> Option<String> {
    if let Some(e) = enumerators.iter().find(|e| e.value == v) {
        return Some(e.name.clone());
    }
    // Flag enums: every enumerator a non-negative value, pairwise disjoint.
    let flags = !enumerators.is_empty()
        && enumerators.iter().all(|e| e.value > 0)
        && enumerators
            .iter()
            .enumerate()
            .all(|(i, a)| enumerators[i + 1..].iter().all(|b| a.value & b.value == 0));
    if !flags || v <= 0 {
        return None;
    }
    let mut rest = v;
    let mut parts = Vec::new();
    for e in enumerators {
        if rest & e.value == e.value {
            parts.push(e.name.clone());
            rest &= !e.value;
        }
    }
    if parts.is_empty() {
        return None;
    }
    if rest != 0 {
        parts.push(format!("unknown: {rest:#x}"));
    }
    Some(format!("({})", parts.join(" | ")))
}

impl<S: TypeSource + ?Sized> Decoder<'_, '_, S> {
    fn unsupported(&self, bits: &Bits, ty: TypeRef, start: u64, n: u64, why: &str) -> TypedValue {
        TypedValue::Unsupported {
            type_name: self.types.name(ty).to_string(),
            reason: why.into(),
            raw: extract(bits, start, n.min(1 << 16)),
        }
    }

    fn value(
        &mut self,
        bits: &Bits,
        ty: TypeRef,
        start: u64,
        bitfield: Option<u64>,
        depth: u32,
    ) -> Result<TypedValue, TypedError> {
        if depth > self.opts.max_depth {
            return Err(TypedError::TooDeep {
                type_name: self.types.name(ty).to_string(),
                depth: self.opts.max_depth,
            });
        }
        let Some(t) = self.types.strip(ty)? else {
            return Ok(self.unsupported(bits, ty, start, 0, "void has no value"));
        };
        let size = match bitfield {
            Some(b) => Ok(b),
            None => self.types.size_bits(ty, 0),
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
                    let elem_bits = t.byte_size.map(|b| b * 8).or(*bit_size).unwrap_or(0);
                    if let Some(g) = aggregate_gate(bits, start, elem_bits.saturating_mul(n)) {
                        return Ok(g);
                    }
                    let mut elements = Vec::new();
                    let mut truncated = false;
                    for i in 0..n {
                        if self.budget == 0 {
                            truncated = true;
                            break;
                        }
                        self.budget -= 1;
                        elements.push(self.base_value(
                            bits,
                            &t,
                            ty,
                            start.saturating_add(i.saturating_mul(elem_bits)),
                            bit_size.unwrap_or(elem_bits).min(elem_bits),
                        ));
                    }
                    return Ok(TypedValue::Array {
                        lower: 0,
                        count: Some(n),
                        elements,
                        truncated,
                    });
                }
                let width = scalar_width(&t, *bit_size, bitfield);
                if *encoding == gimli::DW_ATE_address
                    && let Some(a) = address_space
                {
                    if let Some(g) = scalar_gate(bits, start, width) {
                        return Ok(g);
                    }
                    let raw = bits.get(start, width.min(64) as u32);
                    return Ok(TypedValue::Pointer(PointerValue {
                        address: raw as u64,
                        aspace: AddressSpace::from_dwarf(*a),
                        memory_space: None,
                        kind: PointerKind::Pointer,
                        type_name: self.types.name(ty).to_string(),
                        pointee: None,
                        raw: raw_bytes(raw, width),
                    }));
                }
                Ok(self.base_value(bits, &t, ty, start, width))
            }
            TypeKind::Pointer {
                tag,
                pointee,
                memory_space,
                ..
            } => {
                let aspace = self.types.pointer_aspace(&t);
                let width = size.unwrap_or(64).min(64);
                if let Some(g) = scalar_gate(bits, start, width) {
                    return Ok(g);
                }
                let raw = bits.get(start, width as u32);
                Ok(TypedValue::Pointer(PointerValue {
                    address: raw as u64,
                    aspace,
                    memory_space: *memory_space,
                    kind: match *tag {
                        gimli::DW_TAG_reference_type => PointerKind::Reference,
                        gimli::DW_TAG_rvalue_reference_type => PointerKind::RvalueReference,
                        _ => PointerKind::Pointer,
                    },
                    type_name: self.types.name(ty).to_string(),
                    pointee: *pointee,
                    raw: raw_bytes(raw, width),
                }))
            }
            TypeKind::Enum {
                underlying,
                enumerators,
            } => {
                let width = match size {
                    Ok(w) => w,
                    Err(_) => return Ok(self.unsupported(bits, ty, start, 0, "enum without size")),
                };
                if width > 128 {
                    return Ok(self.unsupported(bits, ty, start, width, "wider than 128 bits"));
                }
                if let Some(g) = scalar_gate(bits, start, width) {
                    return Ok(g);
                }
                let raw = bits.get(start, width as u32);
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
                let value = if signed {
                    sign_extend(raw, width)
                } else {
                    raw as i128
                };
                let name = enum_text(enumerators, value);
                let text = name.clone().unwrap_or_else(|| value.to_string());
                Ok(TypedValue::Scalar(Scalar {
                    kind: ScalarKind::Enum { value, name },
                    text,
                    raw: scalar_bytes(raw, width),
                    bits: width,
                }))
            }
            TypeKind::Composite {
                members,
                declaration,
                ..
            } => {
                let Ok(size) = size else {
                    let why = if *declaration {
                        "incomplete type"
                    } else {
                        "no size"
                    };
                    return Ok(self.unsupported(bits, ty, start, 0, why));
                };
                if let Some(g) = aggregate_gate(bits, start, size) {
                    return Ok(g);
                }
                let shown = members.len().min(self.field_budget);
                self.field_budget -= shown;
                let mut fields = Vec::with_capacity(shown);
                for m in &members[..shown] {
                    fields.push(self.member(bits, &t, m, start, depth)?);
                }
                Ok(TypedValue::Struct {
                    type_name: self.types.name(ty).to_string(),
                    fields,
                    elided: members.len() - shown,
                })
            }
            TypeKind::Array {
                element,
                dimensions,
            } => {
                let elem_bits = match self.types.size_bits(*element, 0) {
                    Ok(b) => b,
                    Err(e) => {
                        return Ok(self.unsupported(bits, ty, start, 0, &e.to_string()));
                    }
                };
                if dimensions.is_empty() {
                    return Ok(TypedValue::Array {
                        lower: 0,
                        count: None,
                        elements: Vec::new(),
                        truncated: false,
                    });
                }
                self.array(bits, *element, dimensions, start, elem_bits, depth)
            }
            TypeKind::Subroutine => Ok(self.unsupported(bits, ty, start, 0, "a function")),
            TypeKind::Other(tag) => {
                let n = size.unwrap_or(0);
                Ok(self.unsupported(bits, ty, start, n, &format!("{tag}")))
            }
            // `strip` follows these; only a malformed chain ends here.
            TypeKind::Typedef(_) | TypeKind::Qualified { .. } => {
                Ok(self.unsupported(bits, ty, start, 0, "typedef chain"))
            }
        }
    }

    fn base_value(&self, bits: &Bits, t: &Type, ty: TypeRef, start: u64, width: u64) -> TypedValue {
        let encoding = match t.kind {
            TypeKind::Base { encoding, .. } => encoding,
            _ => gimli::DwAte(0),
        };
        if width == 0 || width > 128 {
            return self.unsupported(bits, ty, start, width, "not 1 to 128 bits wide");
        }
        if let Some(g) = scalar_gate(bits, start, width) {
            return g;
        }
        let raw = bits.get(start, width as u32);
        match base_scalar(encoding, width, raw, t.name.as_deref()) {
            Some((kind, text)) => TypedValue::Scalar(Scalar {
                kind,
                text,
                raw: scalar_bytes(raw, width),
                bits: width,
            }),
            None => self.unsupported(
                bits,
                ty,
                start,
                width,
                &format!("encoding {encoding} of {width} bits"),
            ),
        }
    }

    fn member(
        &mut self,
        bits: &Bits,
        owner: &Type,
        m: &Member,
        start: u64,
        depth: u32,
    ) -> Result<Field, TypedError> {
        let bit_size = match m.bit_size {
            Some(b) => b,
            None => self.types.size_bits(m.type_die, 0).unwrap_or(0),
        };
        let base = m.is_base.then(|| self.types.base_name(m.type_die));
        let mut field = Field {
            name: m.name.clone(),
            base,
            bit_offset: m.bit_offset,
            bit_size,
            value: TypedValue::Optimized,
        };
        let size_ok = m.bit_size.is_some() || self.types.size_bits(m.type_die, 0).is_ok();
        if !size_ok {
            field.value = self.value(bits, m.type_die, start, None, depth + 1)?;
            return Ok(field);
        }
        field.value = match (m.bit_offset, m.location_expr) {
            (Some(o), _) => self.value(bits, m.type_die, start + o, m.bit_size, depth + 1)?,
            (None, Some(_)) => match self.resolver.resolve(owner, m, start) {
                MemberLocation::BitOffset(o) => {
                    self.value(bits, m.type_die, o, m.bit_size, depth + 1)?
                }
                MemberLocation::Bits(b) => self.value(&b, m.type_die, 0, m.bit_size, depth + 1)?,
                MemberLocation::Unresolved(reason) => TypedValue::NeedsEvaluation { reason },
            },
            // No location: the start of the object (DWARF 2 producers omit offset 0).
            (None, None) => {
                field.bit_offset = Some(0);
                self.value(bits, m.type_die, start, m.bit_size, depth + 1)?
            }
        };
        Ok(field)
    }

    fn array(
        &mut self,
        bits: &Bits,
        element: TypeRef,
        dims: &[ArrayDimension],
        start: u64,
        elem_bits: u64,
        depth: u32,
    ) -> Result<TypedValue, TypedError> {
        if depth > self.opts.max_depth {
            return Err(TypedError::TooDeep {
                type_name: self.types.name(element).to_string(),
                depth: self.opts.max_depth,
            });
        }
        let d = &dims[0];
        let Some(count) = d.count else {
            return Ok(TypedValue::Array {
                lower: d.lower,
                count: None,
                elements: Vec::new(),
                truncated: false,
            });
        };
        let mut stride = elem_bits;
        for inner in &dims[1..] {
            stride = stride.saturating_mul(inner.count.unwrap_or(0));
        }
        if let Some(g) = aggregate_gate(bits, start, stride.saturating_mul(count)) {
            return Ok(g);
        }
        let mut elements = Vec::new();
        let mut truncated = false;
        for i in 0..count {
            if self.budget == 0 {
                truncated = true;
                break;
            }
            let at = start.saturating_add(i.saturating_mul(stride));
            if dims.len() > 1 {
                elements.push(self.array(bits, element, &dims[1..], at, elem_bits, depth + 1)?);
            } else {
                self.budget -= 1;
                elements.push(self.value(bits, element, at, None, depth + 1)?);
            }
        }
        Ok(TypedValue::Array {
            lower: d.lower,
            count: Some(count),
            elements,
            truncated,
        })
    }
}

/// The value of a pointer variable whose location is an implicit pointer to the object of
/// DIE `target_die`, `offset` bytes in: printed `(int *) <synthetic pointer>`.
pub fn synthetic_pointer<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    target_die: u64,
    offset: i64,
) -> TypedValue {
    TypedValue::SyntheticPointer {
        type_name: dbg.type_name(type_die),
        target_die,
        offset,
    }
}

/// Decodes the part of a value a [`resolve_path`](super::resolve_path) target names:
/// `bits` holds the target's bits from bit 0 (read `target.bit_size` bits at
/// `target.bit_offset` of the variable). Bit fields and vector elements decode at the
/// target's width.
pub fn decode_target<S: TypeSource + ?Sized>(
    dbg: &S,
    target: &super::PathTarget,
    bits: &Bits,
    opts: &DecodeOptions,
) -> Result<TypedValue, TypedError> {
    let mut d = Decoder {
        types: Types::new(dbg, opts.address_classes),
        opts,
        resolver: &mut NoResolver,
        budget: opts.max_elements,
        field_budget: opts.max_fields,
    };
    let width = target.bitfield.then_some(target.bit_size);
    d.value(bits, target.type_die, 0, width, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Enumerator;

    #[test]
    fn sign_extension() {
        assert_eq!(sign_extend(0xffd, 12), -3);
        assert_eq!(sign_extend(0x7ff, 12), 2047);
        assert_eq!(sign_extend(1, 1), -1);
        assert_eq!(sign_extend(u128::MAX, 128), -1);
    }

    #[test]
    fn characters() {
        assert_eq!(char_literal(65, true), "A");
        assert_eq!(char_literal(0, true), "\\000");
        assert_eq!(char_literal(0xff, true), "\\377");
        assert_eq!(char_literal(0x27, true), "\\'");
        assert_eq!(char_literal(0xe9, false), "é");
        let (_, t) = base_scalar(gimli::DW_ATE_UTF, 16, 0x41, None).unwrap();
        assert_eq!(t, "65 u'A'");
        let (_, t) = base_scalar(gimli::DW_ATE_unsigned_char, 8, 0xff, None).unwrap();
        assert_eq!(t, "255 '\\377'");
        assert!(base_scalar(gimli::DW_ATE_complex_float, 64, 0, None).is_none());
    }

    #[test]
    fn enumerators() {
        let e = |name: &str, value| Enumerator {
            name: name.into(),
            value,
        };
        let flags = [e("A", 1), e("B", 2), e("C", 4)];
        assert_eq!(enum_text(&flags, 2).as_deref(), Some("B"));
        assert_eq!(enum_text(&flags, 3).as_deref(), Some("(A | B)"));
        assert_eq!(enum_text(&flags, 9).as_deref(), Some("(A | unknown: 0x8)"));
        assert_eq!(enum_text(&flags, 0), None);
        assert_eq!(enum_text(&flags, 8), None);
        // Not a flag enum (overlapping values): numbers only.
        let plain = [e("X", 1), e("Y", 3)];
        assert_eq!(enum_text(&plain, 2), None);
    }
}
