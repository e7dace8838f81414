//! Text -> bytes for writes ([`encode`]), and member / element paths ([`resolve_path`]).
//!
//! Accepted text, by type:
//!
//! - integers: decimal, `0x` hex, `0o` octal, `0b` binary, with `-`/`+`, `_` separators, or
//!   a character literal (`'A'`, `'\n'`, `'\x41'`, `'\101'`); a value must fit the width as
//!   signed or unsigned (`-1` and `0xffffffff` both fit 32 bits);
//! - characters: the same, and the decoded form `65 'A'`;
//! - booleans: `true`, `false`, or an integer;
//! - floats: decimal or exponent notation, `inf`, `-inf`, `nan` (half and bfloat16 round to
//!   nearest even);
//! - enums: an enumerator name, `(A | B)` or `A | B` for flags, or an integer;
//! - pointers: an integer, optionally as printed: `(float *) local#0x10` (a space name given
//!   must match the pointer's);
//! - vectors, arrays, structures: `{…}` as [`TypedValue::render_text`](super::TypedValue::render_text)
//!   prints them (`{1, 2, 0 <repeats 30 times>}`, `{a = 1, b = {x = 2.5}}`, positional
//!   `{1, 2}`); every member and element must be given (use [`resolve_path`] to write one
//!   member); a union takes one or more members, written in order (they overlap, so the
//!   last one given wins where they differ).

use super::decode::sign_extend;
use super::float::FloatFormat;
use super::source::{TypeSource, Types};
use super::{DecodeOptions, TypedError};
use crate::index::{Type, TypeKind, TypeRef};

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

/// Where a member or element path leads inside a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathTarget {
    /// Bit offset from the start of the outer value.
    pub bit_offset: u64,
    /// Width in bits (the bit-field width for bit fields).
    pub bit_size: u64,
    /// The type there.
    pub type_die: TypeRef,
    /// Whether the target is a bit field (encode with [`encode_bits`] and `bit_size`).
    pub bitfield: bool,
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

/// Resolves a member / element path (`a`, `.a`, `s.a.b`, `arr[3]`, `m[1][2].x`,
/// `v[2]` on a vector) from type `type_die`. Typedefs and qualifiers are transparent;
/// members of anonymous structures and unions and of base classes are found by name.
/// Pointers are not followed (`p->x` is out of scope), and a member whose location is an
/// expression is an error.
pub fn resolve_path<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    path: &str,
    opts: &DecodeOptions,
) -> Result<PathTarget, TypedError> {
    let types = Types::new(dbg, opts.address_classes);
    let err = |reason: String| TypedError::Path {
        path: path.to_string(),
        reason,
    };
    let mut cur = PathTarget {
        bit_offset: 0,
        bit_size: types.size_bits(type_die, 0).unwrap_or(0),
        type_die,
        bitfield: false,
    };
    let mut rest = path.trim();
    // Dimensions of a multi-dimensional array already indexed.
    let mut consumed = 0usize;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let close = r.find(']').ok_or_else(|| err("missing `]`".into()))?;
            let idx_text = r[..close].trim();
            rest = r[close + 1..].trim_start();
            let idx = parse_int(idx_text).map_err(|e| err(format!("index {idx_text:?}: {e}")))?;
            (cur, consumed) = index_step(&types, &cur, consumed, idx).map_err(err)?;
        } else {
            let r = rest.strip_prefix('.').unwrap_or(rest).trim_start();
            if r.starts_with("->") || rest.starts_with("->") {
                return Err(err("`->` (following pointers) is not supported".into()));
            }
            let end = r
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(r.len());
            if end == 0 {
                return Err(err(format!("expected a member name at {r:?}")));
            }
            if consumed > 0 {
                return Err(err("index every dimension of the array first".into()));
            }
            let name = &r[..end];
            rest = r[end..].trim_start();
            let found = find_member(&types, cur.type_die, name, 0).map_err(err)?;
            let Some((off, size, ty, bitfield)) = found else {
                return Err(err(format!(
                    "{} has no member {name:?}",
                    types.name(cur.type_die)
                )));
            };
            cur = PathTarget {
                bit_offset: cur.bit_offset + off,
                bit_size: size,
                type_die: ty,
                bitfield,
            };
        }
    }
    if consumed > 0 {
        return Err(err("index every dimension of the array".into()));
    }
    Ok(cur)
}

type Found = Option<(u64, u64, TypeRef, bool)>;

fn find_member<S: TypeSource + ?Sized>(
    types: &Types<'_, S>,
    ty: TypeRef,
    name: &str,
    depth: u32,
) -> Result<Found, String> {
    if depth > 16 {
        return Ok(None);
    }
    let t = types.strip(ty).map_err(|e| e.to_string())?;
    let Some(t) = t else {
        return Err("void has no members".into());
    };
    let TypeKind::Composite { members, .. } = &t.kind else {
        return Err(format!(
            "{} is not a structure, class or union",
            types.name(ty)
        ));
    };
    for m in members {
        if m.name.as_deref() == Some(name) && !m.is_base {
            let Some(off) = m.bit_offset.or(m.location_expr.is_none().then_some(0)) else {
                return Err(format!(
                    "the location of {name} is a DWARF expression (needs evaluation)"
                ));
            };
            let size = match m.bit_size {
                Some(b) => b,
                None => types.size_bits(m.type_die, 0).map_err(|e| e.to_string())?,
            };
            return Ok(Some((off, size, m.type_die, m.bit_size.is_some())));
        }
    }
    // Anonymous members and base classes.
    for m in members {
        if (m.name.is_none() || m.is_base)
            && let Some(off) = m.bit_offset.or(m.location_expr.is_none().then_some(0))
            && let Ok(Some((o, s, t, b))) = find_member(types, m.type_die, name, depth + 1)
        {
            return Ok(Some((off + o, s, t, b)));
        }
    }
    Ok(None)
}

fn index_step<S: TypeSource + ?Sized>(
    types: &Types<'_, S>,
    cur: &PathTarget,
    consumed: usize,
    idx: i128,
) -> Result<(PathTarget, usize), String> {
    let t = types.strip(cur.type_die).map_err(|e| e.to_string())?;
    let Some(t) = t else {
        return Err("void cannot be indexed".into());
    };
    match &t.kind {
        TypeKind::Array {
            element,
            dimensions,
        } if consumed < dimensions.len() => {
            let d = &dimensions[consumed];
            let i = idx - i128::from(d.lower);
            if i < 0 || d.count.is_some_and(|c| i >= i128::from(c)) {
                return Err(format!(
                    "index {idx} out of bounds [{}, {})",
                    d.lower,
                    i128::from(d.lower) + d.count.map_or(0, i128::from)
                ));
            }
            let elem = types.size_bits(*element, 0).map_err(|e| e.to_string())?;
            let mut stride = elem;
            for inner in &dimensions[consumed + 1..] {
                stride = stride.saturating_mul(inner.count.unwrap_or(0));
            }
            let off = cur
                .bit_offset
                .saturating_add((i as u64).saturating_mul(stride));
            if dimensions.len() == consumed + 1 {
                return Ok((
                    PathTarget {
                        bit_offset: off,
                        bit_size: elem,
                        type_die: *element,
                        bitfield: false,
                    },
                    0,
                ));
            }
            // A sub-array has no DIE of its own: stay on the array type, one more
            // dimension consumed.
            Ok((
                PathTarget {
                    bit_offset: off,
                    bit_size: stride,
                    type_die: cur.type_die,
                    bitfield: false,
                },
                consumed + 1,
            ))
        }
        TypeKind::Base {
            vector_size: Some(n),
            bit_size,
            ..
        } if *n > 1 => {
            if idx < 0 || idx >= i128::from(*n) {
                return Err(format!("index {idx} out of bounds [0, {n})"));
            }
            let elem = t.byte_size.map(|b| b * 8).or(*bit_size).unwrap_or(0);
            // The element type has no DIE of its own: the vector DIE stands for it, with
            // the element's width (encode it with `encode_bits`).
            Ok((
                PathTarget {
                    bit_offset: cur.bit_offset + idx as u64 * elem,
                    bit_size: elem,
                    type_die: cur.type_die,
                    bitfield: true,
                },
                0,
            ))
        }
        _ => Err(format!(
            "{} is not an array or vector",
            types.name(cur.type_die)
        )),
    }
}

/// Parses an integer literal (see the module documentation).
pub(crate) fn parse_int(text: &str) -> Result<i128, String> {
    let t = text.trim();
    if t.starts_with('\'') {
        return parse_char(t).map(i128::from);
    }
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let body: String = body.chars().filter(|&c| c != '_').collect();
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() {
        return Err("not a number".into());
    }
    let v = u128::from_str_radix(digits, radix).map_err(|e| e.to_string())?;
    if neg {
        if v > 1u128 << 127 {
            return Err("too large".into());
        }
        Ok((v as i128).wrapping_neg())
    } else {
        i128::try_from(v).map_err(|_| "too large".to_string())
    }
}

/// Parses a non-negative decimal or `0x` hex integer up to `u128::MAX`.
fn parse_u128(text: &str) -> Option<u128> {
    let t: String = text.trim().chars().filter(|&c| c != '_').collect();
    let t = t.strip_prefix('+').unwrap_or(&t).to_ascii_lowercase();
    match t.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok(),
        None => t.parse().ok(),
    }
}

/// Parses a character literal `'A'`, `'\n'`, `'\x41'`, `'\101'`, `'\u{e9}'`.
pub(crate) fn parse_char(text: &str) -> Result<u32, String> {
    let t = text.trim();
    // Optional u8 / u / U prefix.
    let t = t
        .trim_start_matches("u8")
        .trim_start_matches(['u', 'U', 'L']);
    let body = t
        .strip_prefix('\'')
        .and_then(|b| b.strip_suffix('\''))
        .ok_or_else(|| "not a character literal".to_string())?;
    let mut chars = body.chars();
    let first = chars
        .next()
        .ok_or_else(|| "empty character literal".to_string())?;
    if first != '\\' {
        if chars.next().is_some() {
            return Err("more than one character".into());
        }
        return Ok(first as u32);
    }
    let rest: String = chars.collect();
    let simple = match rest.as_str() {
        "n" => Some(10),
        "t" => Some(9),
        "r" => Some(13),
        "a" => Some(7),
        "b" => Some(8),
        "f" => Some(12),
        "v" => Some(11),
        "e" => Some(27),
        "\\" => Some(0x5c),
        "'" => Some(0x27),
        "\"" => Some(0x22),
        "?" => Some(0x3f),
        _ => None,
    };
    if let Some(s) = simple {
        return Ok(s);
    }
    if let Some(h) = rest.strip_prefix('x') {
        return u32::from_str_radix(h, 16).map_err(|e| e.to_string());
    }
    if let Some(u) = rest.strip_prefix("u{").and_then(|u| u.strip_suffix('}')) {
        return u32::from_str_radix(u, 16).map_err(|e| e.to_string());
    }
    if !rest.is_empty() && rest.len() <= 3 && rest.chars().all(|c| ('0'..='7').contains(&c)) {
        return u32::from_str_radix(&rest, 8).map_err(|e| e.to_string());
    }
    Err(format!("unknown escape \\{rest}"))
}

/// Bytes of a character-array literal: `"abc"`, `"abc", '\000' <repeats 29 times>`,
/// `'x' <repeats 4 times>` items separated by commas (the array is padded with NULs).
fn char_string(text: &str) -> Result<Vec<u8>, String> {
    let wrapped = format!("{{{text}}}");
    let items = brace_items(&wrapped).ok_or("not a string")?;
    let mut out = Vec::new();
    for it in items {
        if let Some(body) = it.strip_prefix('"').and_then(|b| b.strip_suffix('"')) {
            let mut chars = body.chars().peekable();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    continue;
                }
                let e = chars.next().ok_or("a string ends in `\\`")?;
                let code = match e {
                    '0'..='7' => {
                        let mut v = e.to_digit(8).unwrap_or(0);
                        for _ in 0..2 {
                            match chars.peek().and_then(|d| d.to_digit(8)) {
                                Some(d) => {
                                    v = v * 8 + d;
                                    chars.next();
                                }
                                None => break,
                            }
                        }
                        v
                    }
                    'x' => {
                        let mut v = 0u32;
                        while let Some(d) = chars.peek().and_then(|d| d.to_digit(16)) {
                            v = v * 16 + d;
                            chars.next();
                        }
                        v
                    }
                    other => parse_char(&format!("'\\{other}'"))?,
                };
                out.push(u8::try_from(code).map_err(|_| format!("\\{e}: not a byte"))?);
            }
        } else {
            let (lit, n) = match it.rfind(" <repeats ") {
                Some(p) => {
                    let n: usize = it[p + 10..]
                        .strip_suffix(" times>")
                        .and_then(|n| n.trim().parse().ok())
                        .ok_or_else(|| format!("bad repeat {it:?}"))?;
                    (&it[..p], n)
                }
                None => (it, 1),
            };
            let v = parse_int(lit)?;
            let b = u8::try_from(v & 0xff).map_err(|e| e.to_string())?;
            if !(-128..=255).contains(&v) {
                return Err(format!("{lit} is not a byte"));
            }
            out.extend(std::iter::repeat_n(b, n));
        }
    }
    Ok(out)
}

/// Splits `{a, {b, c}, 'x'}` into top-level items; `None` if `text` is not a brace list.
fn brace_items(text: &str) -> Option<Vec<&str>> {
    let inner = text.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in inner.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' => quote = Some(c),
            '{' | '(' | '[' | '<' => depth += 1,
            '}' | ')' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = inner[start..].trim();
    if !last.is_empty() || !items.is_empty() {
        items.push(last);
    }
    Some(items)
}

/// Expands `X <repeats N times>` items.
fn expand_repeats(items: Vec<&str>) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    for it in items {
        if let Some(p) = it.rfind(" <repeats ")
            && let Some(n) = it[p + 10..].strip_suffix(" times>")
        {
            let n: usize = n.trim().parse().map_err(|_| format!("bad repeat {it:?}"))?;
            out.extend(std::iter::repeat_n(it[..p].trim(), n));
        } else if it == "..." || it.ends_with("...") {
            return Err("a truncated list (`...`) cannot be written".into());
        } else {
            out.push(it);
        }
    }
    Ok(out)
}

/// Splits `name = value` (or `<Base> = value`); `None` for a positional item.
fn named_item(item: &str) -> Option<(&str, &str)> {
    let eq = item.find(" = ").or_else(|| item.find('='))?;
    let lhs = item[..eq].trim();
    let is_name = !lhs.is_empty()
        && (lhs.chars().all(|c| c.is_alphanumeric() || c == '_')
            || (lhs.starts_with('<') && lhs.ends_with('>')));
    if !is_name || lhs.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let rhs = item[eq..].trim_start_matches([' ', '=']).trim();
    Some((lhs, rhs))
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
                f.encode_f64(v)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(parse_int("42"), Ok(42));
        assert_eq!(parse_int("-0x10"), Ok(-16));
        assert_eq!(parse_int("+0b1010"), Ok(10));
        assert_eq!(parse_int("0o17"), Ok(15));
        assert_eq!(parse_int("1_000"), Ok(1000));
        assert_eq!(parse_int("'A'"), Ok(65));
        assert_eq!(
            parse_int("-170141183460469231731687303715884105728"),
            Ok(i128::MIN)
        );
        assert!(parse_int("").is_err());
        assert!(parse_int("0x").is_err());
        assert!(parse_int("12a").is_err());
        assert!(parse_int("340282366920938463463374607431768211455").is_err());
        assert_eq!(
            parse_u128("340282366920938463463374607431768211455"),
            Some(u128::MAX)
        );
    }

    #[test]
    fn characters() {
        assert_eq!(parse_char("'a'"), Ok(97));
        assert_eq!(parse_char("'\\n'"), Ok(10));
        assert_eq!(parse_char("'\\''"), Ok(39));
        assert_eq!(parse_char("'\\0'"), Ok(0));
        assert_eq!(parse_char("'\\377'"), Ok(255));
        assert_eq!(parse_char("'\\x7f'"), Ok(127));
        assert_eq!(parse_char("U'\\u{1f600}'"), Ok(0x1f600));
        assert_eq!(parse_char("u8'é'"), Ok(0xe9));
        assert!(parse_char("'ab'").is_err());
        assert!(parse_char("''").is_err());
        assert!(parse_char("'\\q'").is_err());
    }

    #[test]
    fn lists_and_names() {
        assert_eq!(
            brace_items("{a = 1, b = {2, 3}, c = ',', d = \"x,}\"}"),
            Some(vec!["a = 1", "b = {2, 3}", "c = ','", "d = \"x,}\""])
        );
        assert_eq!(brace_items("{}"), Some(vec![]));
        assert_eq!(brace_items("1, 2"), None);
        assert_eq!(named_item("a = 1"), Some(("a", "1")));
        assert_eq!(named_item("<Base> = {b = 1}"), Some(("<Base>", "{b = 1}")));
        assert_eq!(named_item("{x = 1}"), None);
        assert_eq!(named_item("(float *) 0x10"), None);
        assert_eq!(
            expand_repeats(vec!["1", "0 <repeats 3 times>"]),
            Ok(vec!["1", "0", "0", "0"])
        );
        assert!(expand_repeats(vec!["1", "2..."]).is_err());
        assert_eq!(
            char_string("\"ab\\n\\0\", '\\000' <repeats 2 times>"),
            Ok(vec![b'a', b'b', 10, 0, 0, 0])
        );
    }
}
