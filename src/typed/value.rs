//! The decoded value tree ([`TypedValue`]) and its text and JSON renderings.

use std::fmt::Write as _;

use crate::index::TypeRef;

/// A value formatted by its DWARF type: a tree of scalars, pointers and aggregates, with
/// the parts that could not be read marked as such.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum TypedValue {
    /// An integer, boolean, floating-point number, character or enumerator.
    Scalar(Scalar),
    /// A pointer or reference (the address, not the pointee).
    Pointer(PointerValue),
    /// A pointer with no address: the variable's location is an implicit pointer
    /// (`DW_OP_implicit_pointer`) to another variable's object. Build it with
    /// [`synthetic_pointer`](super::synthetic_pointer) when the location's storage is an
    /// implicit pointer (its bits read as optimized out).
    SyntheticPointer {
        /// The pointer type's name.
        type_name: String,
        /// `.debug_info` offset of the DIE pointed to.
        target_die: u64,
        /// Byte offset into the pointed-to object.
        offset: i64,
    },
    /// Some bit of a scalar, or every bit of an aggregate, is optimized out.
    Optimized,
    /// Some bit of a scalar, or every bit of an aggregate, could not be fetched.
    Unavailable,
    /// A structure, class or union.
    Struct {
        /// The type's name (`struct S`, `particle_t`).
        type_name: String,
        /// Members (and base classes) in declaration order.
        fields: Vec<Field>,
        /// Members left out (after `fields`) because of
        /// [`DecodeOptions::max_fields`](super::DecodeOptions::max_fields).
        elided: usize,
    },
    /// An array dimension or a vector: elements in order (for multi-dimensional arrays,
    /// each element of the outer dimension is itself an `Array`).
    Array {
        /// Lower bound of the dimension (0 in C-family languages).
        lower: i64,
        /// Element count of the dimension (`None`: unknown bound).
        count: Option<u64>,
        /// The elements decoded (fewer than `count` when truncated).
        elements: Vec<TypedValue>,
        /// Elements were left out because of [`DecodeOptions::max_elements`](super::DecodeOptions::max_elements).
        truncated: bool,
    },
    /// A member whose `DW_AT_data_member_location` is an expression that was not
    /// evaluated (see [`MemberResolver`](super::MemberResolver)).
    NeedsEvaluation {
        /// Why.
        reason: String,
    },
    /// A value of a type that is not decoded (an unknown encoding, a function, an
    /// incomplete type): its raw bytes.
    Unsupported {
        /// The type's name.
        type_name: String,
        /// Why it is not decoded.
        reason: String,
        /// The bits, little-endian (invalid bits read as 0).
        raw: Vec<u8>,
    },
}

/// The kind and numeric value of a [`Scalar`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ScalarKind {
    /// `DW_ATE_signed` (and bit fields of signed types).
    Signed(i128),
    /// `DW_ATE_unsigned`, `DW_ATE_address` without an address space.
    Unsigned(u128),
    /// `DW_ATE_boolean`.
    Bool(bool),
    /// `DW_ATE_float` (half, bfloat16, float, double), as a double.
    Float(f64),
    /// `DW_ATE_signed_char`, `unsigned_char`, `UTF`: the code.
    Char(i128),
    /// An enumerator (or a value without one).
    Enum {
        /// The value.
        value: i128,
        /// The enumerator's name, or a `(A | B)` flag combination, when one matches.
        name: Option<String>,
    },
}

/// A scalar value.
#[derive(Clone, Debug, PartialEq)]
pub struct Scalar {
    /// The value.
    pub kind: ScalarKind,
    /// Debugger-style text (`42`, `65 'A'`, `2.5`, `true`, `RED`).
    pub text: String,
    /// The value's bits shifted to bit 0, little-endian, `ceil(bits / 8)` bytes (at most
    /// 16, held inline).
    pub raw: crate::eval::value::Bytes,
    /// Width in bits.
    pub bits: u64,
}

/// How a pointer type was declared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PointerKind {
    /// `DW_TAG_pointer_type` (or a `DW_ATE_address` base type with an address space).
    Pointer,
    /// `DW_TAG_reference_type`.
    Reference,
    /// `DW_TAG_rvalue_reference_type`.
    RvalueReference,
}

/// An address space as a `DW_ASPACE_*` number and a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddressSpace {
    /// The `DW_ASPACE_*` number; `None` when an address class has no known meaning
    /// under the convention in force.
    pub number: Option<u64>,
    /// `global` (`DW_ASPACE_LLVM_none`, the default), `generic`, `region`, `local`,
    /// `private_lane`, `private_wave`, `aspace(N)` for other numbers, or
    /// `address_class(N)` for an unknown address class.
    pub name: String,
}

impl AddressSpace {
    /// The space for a `DW_ASPACE_*` number.
    pub fn from_dwarf(number: u64) -> Self {
        let name = match number {
            0 => "global".to_string(),
            1 => "generic".into(),
            2 => "region".into(),
            3 => "local".into(),
            5 => "private_lane".into(),
            6 => "private_wave".into(),
            n => format!("aspace({n})"),
        };
        AddressSpace {
            number: Some(number),
            name,
        }
    }

    /// A `DW_AT_address_class` value with no known meaning.
    pub fn unknown_class(class: u64) -> Self {
        AddressSpace {
            number: None,
            name: format!("address_class({class})"),
        }
    }

    /// Whether this is the default space (`DW_ASPACE_LLVM_none`).
    pub fn is_default(&self) -> bool {
        self.number == Some(0)
    }
}

/// A pointer or reference value.
#[derive(Clone, Debug, PartialEq)]
pub struct PointerValue {
    /// The address (within `aspace`).
    pub address: u64,
    /// The pointee's address space.
    pub aspace: AddressSpace,
    /// `DW_AT_LLVM_memory_space` (source-language space), when present.
    pub memory_space: Option<u64>,
    /// Pointer or reference.
    pub kind: PointerKind,
    /// The pointer type's name (`float *`).
    pub type_name: String,
    /// The pointee type DIE (for dereferencing).
    pub pointee: TypeRef,
    /// The value's bits, little-endian.
    pub raw: Vec<u8>,
}

impl PointerValue {
    /// The address as printed: `0x1000`, or `local#0x10` outside the default space.
    pub fn address_text(&self) -> String {
        if self.aspace.is_default() {
            format!("{:#x}", self.address)
        } else {
            format!("{}#{:#x}", self.aspace.name, self.address)
        }
    }
}

/// A member (or base class) of a structure, class or union.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The member's name (`None`: anonymous member or base class).
    pub name: Option<String>,
    /// For a base class, the base type's name.
    pub base: Option<String>,
    /// Offset from the start of the object in bits (`None`: computed by an expression).
    pub bit_offset: Option<u64>,
    /// Width in bits.
    pub bit_size: u64,
    /// The value.
    pub value: TypedValue,
}

/// Runs of at least this many equal elements print as `X <repeats N times>`.
const REPEAT_THRESHOLD: usize = 10;

impl TypedValue {
    /// Whether the value is a scalar or pointer that was read completely.
    pub fn is_valid_scalar(&self) -> bool {
        matches!(self, TypedValue::Scalar(_) | TypedValue::Pointer(_))
    }

    /// Whether every part of the value was read: no optimized-out, unavailable,
    /// unresolved or unsupported part anywhere, and no truncated array.
    pub fn is_complete(&self) -> bool {
        match self {
            TypedValue::Scalar(_)
            | TypedValue::Pointer(_)
            | TypedValue::SyntheticPointer { .. } => true,
            TypedValue::Struct { fields, .. } => fields.iter().all(|f| f.value.is_complete()),
            TypedValue::Array {
                elements,
                truncated,
                ..
            } => !truncated && elements.iter().all(TypedValue::is_complete),
            _ => false,
        }
    }

    /// Debugger-style text: `{a = 1, b = <optimized out>, c = {x = 2.5, y = 16}}`,
    /// `{1, 2, <optimized out>, 4}`, `{0 <repeats 32 times>}`, `(float *) local#0x10`,
    /// `65 'A'`; a truncated array ends in `...`; an unsupported value
    /// `<TYPE (REASON): 0xBYTES>` (`<incomplete type>` for declarations).
    pub fn render_text(&self) -> String {
        let mut s = String::new();
        self.render_into(&mut s);
        s
    }

    fn render_into(&self, out: &mut String) {
        match self {
            TypedValue::Scalar(s) => out.push_str(&s.text),
            TypedValue::Pointer(p) => {
                let at = match p.kind {
                    PointerKind::Pointer => "",
                    _ => "@",
                };
                let _ = write!(out, "({}) {at}{}", p.type_name, p.address_text());
            }
            TypedValue::SyntheticPointer {
                type_name, offset, ..
            } => {
                let _ = write!(out, "({type_name}) <synthetic pointer>");
                if *offset != 0 {
                    let _ = write!(out, " + {offset}");
                }
            }
            TypedValue::Optimized => out.push_str("<optimized out>"),
            TypedValue::Unavailable => out.push_str("<unavailable>"),
            TypedValue::Struct { fields, elided, .. } => {
                out.push('{');
                for (i, f) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if let Some(b) = &f.base {
                        let _ = write!(out, "<{b}> = ");
                    } else if let Some(n) = &f.name {
                        let _ = write!(out, "{n} = ");
                    }
                    f.value.render_into(out);
                }
                if *elided > 0 {
                    let _ = write!(
                        out,
                        "{}...{elided} more members",
                        if fields.is_empty() { "" } else { ", " }
                    );
                }
                out.push('}');
            }
            TypedValue::Array {
                elements,
                truncated,
                ..
            } if is_char_array(elements) => {
                render_chars(elements, *truncated, out);
            }
            TypedValue::Array {
                elements,
                truncated,
                ..
            } => {
                out.push('{');
                let texts: Vec<String> = elements.iter().map(TypedValue::render_text).collect();
                let mut i = 0;
                let mut first = true;
                while i < texts.len() {
                    let mut j = i + 1;
                    while j < texts.len() && texts[j] == texts[i] {
                        j += 1;
                    }
                    let run = j - i;
                    let shown = if run >= REPEAT_THRESHOLD { 1 } else { run };
                    for _ in 0..shown {
                        if !first {
                            out.push_str(", ");
                        }
                        first = false;
                        out.push_str(&texts[i]);
                    }
                    if run >= REPEAT_THRESHOLD {
                        let _ = write!(out, " <repeats {run} times>");
                    }
                    i = j;
                }
                if *truncated {
                    out.push_str("...");
                }
                out.push('}');
            }
            TypedValue::NeedsEvaluation { reason } => {
                let _ = write!(out, "<needs evaluation: {reason}>");
            }
            TypedValue::Unsupported {
                type_name,
                reason,
                raw,
            } => {
                if reason == "incomplete type" {
                    out.push_str("<incomplete type>");
                } else if raw.is_empty() {
                    let _ = write!(out, "<{type_name}: {reason}>");
                } else {
                    let _ = write!(out, "<{type_name} ({reason}): 0x{}>", hex(raw));
                }
            }
        }
    }

    /// The value as compact JSON text. The CLI can embed it with `serde_json::from_str`.
    ///
    /// Every node is an object with a `"kind"`:
    ///
    /// | kind | other keys |
    /// |---|---|
    /// | `signed`, `unsigned`, `char` | `text`, `value` (number, or a decimal string beyond 64 bits), `bits`, `bytes` (hex, little-endian) |
    /// | `bool` | `text`, `value` (`true`/`false`), `bits`, `bytes` |
    /// | `float` | `text`, `value` (number; `"nan"`, `"inf"`, `"-inf"` as strings), `bits`, `bytes` |
    /// | `enum` | `text`, `value`, `name` (string or null), `bits`, `bytes` |
    /// | `pointer`, `reference`, `rvalue_reference` | `type`, `address` (`"0x…"`), `address_space` {`number` (or null), `name`}, `memory_space` (or null), `text`, `bytes` |
    /// | `synthetic_pointer` | `type`, `target_die` (`.debug_info` offset), `offset` (bytes) |
    /// | `optimized_out`, `unavailable` | none |
    /// | `struct` | `type`, `fields`: [{`name` (or null), `base` (or null), `bit_offset` (or null), `bit_size`, `value`}] |
    /// | `array` | `lower`, `count` (or null), `truncated`, `elements` |
    /// | `needs_evaluation` | `reason` |
    /// | `unsupported` | `type`, `reason`, `bytes` |
    pub fn to_json(&self) -> String {
        let mut s = String::new();
        self.json_into(&mut s);
        s
    }

    fn json_into(&self, out: &mut String) {
        match self {
            TypedValue::Scalar(s) => {
                let (kind, value) = match &s.kind {
                    ScalarKind::Signed(v) => ("signed", int_json(*v)),
                    ScalarKind::Unsigned(v) => (
                        "unsigned",
                        if *v <= u128::from(u64::MAX) {
                            v.to_string()
                        } else {
                            json_str(&v.to_string())
                        },
                    ),
                    ScalarKind::Bool(b) => ("bool", b.to_string()),
                    ScalarKind::Float(f) => (
                        "float",
                        if f.is_nan() {
                            json_str("nan")
                        } else if f.is_infinite() {
                            json_str(if *f > 0.0 { "inf" } else { "-inf" })
                        } else {
                            // Rust's shortest representation is valid JSON except for
                            // a missing leading digit, which it never omits.
                            format!("{f:?}")
                        },
                    ),
                    ScalarKind::Char(c) => ("char", int_json(*c)),
                    ScalarKind::Enum { value, .. } => ("enum", int_json(*value)),
                };
                let _ = write!(
                    out,
                    "{{\"kind\":\"{kind}\",\"text\":{},\"value\":{value},",
                    json_str(&s.text)
                );
                if let ScalarKind::Enum { name, .. } = &s.kind {
                    let _ = write!(out, "\"name\":{},", opt_str(name.as_deref()));
                }
                let _ = write!(out, "\"bits\":{},\"bytes\":\"{}\"}}", s.bits, hex(&s.raw));
            }
            TypedValue::Pointer(p) => {
                let kind = match p.kind {
                    PointerKind::Pointer => "pointer",
                    PointerKind::Reference => "reference",
                    PointerKind::RvalueReference => "rvalue_reference",
                };
                let _ = write!(
                    out,
                    "{{\"kind\":\"{kind}\",\"type\":{},\"address\":\"{:#x}\",\
                     \"address_space\":{{\"number\":{},\"name\":{}}},\"memory_space\":{},\
                     \"text\":{},\"bytes\":\"{}\"}}",
                    json_str(&p.type_name),
                    p.address,
                    p.aspace
                        .number
                        .map_or_else(|| "null".to_string(), |n| n.to_string()),
                    json_str(&p.aspace.name),
                    p.memory_space
                        .map_or_else(|| "null".to_string(), |n| n.to_string()),
                    json_str(&self.render_text()),
                    hex(&p.raw)
                );
            }
            TypedValue::SyntheticPointer {
                type_name,
                target_die,
                offset,
            } => {
                let _ = write!(
                    out,
                    "{{\"kind\":\"synthetic_pointer\",\"type\":{},\"target_die\":{target_die},\"offset\":{offset}}}",
                    json_str(type_name)
                );
            }
            TypedValue::Optimized => out.push_str("{\"kind\":\"optimized_out\"}"),
            TypedValue::Unavailable => out.push_str("{\"kind\":\"unavailable\"}"),
            TypedValue::Struct {
                type_name,
                fields,
                elided,
            } => {
                let _ = write!(
                    out,
                    "{{\"kind\":\"struct\",\"type\":{},\"elided\":{elided},\"fields\":[",
                    json_str(type_name)
                );
                for (i, f) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    let _ = write!(
                        out,
                        "{{\"name\":{},\"base\":{},\"bit_offset\":{},\"bit_size\":{},\"value\":",
                        opt_str(f.name.as_deref()),
                        opt_str(f.base.as_deref()),
                        f.bit_offset
                            .map_or_else(|| "null".to_string(), |n| n.to_string()),
                        f.bit_size
                    );
                    f.value.json_into(out);
                    out.push('}');
                }
                out.push_str("]}");
            }
            TypedValue::Array {
                lower,
                count,
                elements,
                truncated,
            } => {
                let _ = write!(
                    out,
                    "{{\"kind\":\"array\",\"lower\":{lower},\"count\":{},\"truncated\":{truncated},\"elements\":[",
                    count.map_or_else(|| "null".to_string(), |n| n.to_string())
                );
                for (i, e) in elements.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    e.json_into(out);
                }
                out.push_str("]}");
            }
            TypedValue::NeedsEvaluation { reason } => {
                let _ = write!(
                    out,
                    "{{\"kind\":\"needs_evaluation\",\"reason\":{}}}",
                    json_str(reason)
                );
            }
            TypedValue::Unsupported {
                type_name,
                reason,
                raw,
            } => {
                let _ = write!(
                    out,
                    "{{\"kind\":\"unsupported\",\"type\":{},\"reason\":{},\"bytes\":\"{}\"}}",
                    json_str(type_name),
                    json_str(reason),
                    hex(raw)
                );
            }
        }
    }
}

impl std::fmt::Display for TypedValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render_text())
    }
}

/// Whether every element is a valid one-byte character (printed as a string).
fn is_char_array(elements: &[TypedValue]) -> bool {
    !elements.is_empty()
        && elements.iter().all(|e| {
            matches!(
                e,
                TypedValue::Scalar(Scalar {
                    kind: ScalarKind::Char(_),
                    bits: 8,
                    ..
                })
            )
        })
}

/// `"abc"`, `"abc", '\000' <repeats 29 times>` (gdb's form for character arrays).
fn render_chars(elements: &[TypedValue], truncated: bool, out: &mut String) {
    let codes: Vec<u8> = elements
        .iter()
        .map(|e| match e {
            TypedValue::Scalar(s) => s.raw.first().copied().unwrap_or(0),
            _ => 0,
        })
        .collect();
    let end = codes.iter().rposition(|&c| c != 0).map_or(0, |p| p + 1);
    let trailing = codes.len() - end;
    let collapse = trailing >= REPEAT_THRESHOLD;
    let shown = if collapse { end } else { codes.len() };
    if shown > 0 {
        out.push('"');
        for &c in &codes[..shown] {
            match c {
                b'"' => out.push_str("\\\""),
                b'\'' => out.push('\''),
                c => out.push_str(&super::decode::char_literal(u32::from(c), true)),
            }
        }
        out.push('"');
    }
    if collapse {
        if shown > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "'\\000' <repeats {trailing} times>");
    }
    if truncated {
        out.push_str("...");
    }
}

fn int_json(v: i128) -> String {
    if i64::try_from(v).is_ok() {
        v.to_string()
    } else {
        json_str(&v.to_string())
    }
}

fn opt_str(s: Option<&str>) -> String {
    s.map_or_else(|| "null".to_string(), json_str)
}

/// Lower-case hex of bytes in order.
pub(crate) fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// A JSON string literal.
pub(crate) fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
