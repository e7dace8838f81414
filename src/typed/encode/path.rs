//! Member and element paths (`s.a`, `arr[3]`, `m[1][2].x`, `v[2]`): where one leads
//! inside a value ([`resolve_path`]).

use super::literal::parse_int;
use crate::index::{TypeKind, TypeRef};
use crate::typed::source::{TypeSource, Types};
use crate::typed::{DecodeOptions, TypedError};

/// Where a member or element path leads inside a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathTarget {
    /// Bit offset from the start of the outer value.
    pub bit_offset: u64,
    /// Width in bits (the bit-field width for bit fields).
    pub bit_size: u64,
    /// The type there.
    pub type_die: TypeRef,
    /// Whether the target is a bit field (encode with [`encode_bits`](super::encode_bits)
    /// and `bit_size`).
    pub bitfield: bool,
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
