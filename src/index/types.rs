//! DWARF types as the value printer needs them: base, pointer (with address space),
//! structures and unions with members and bit fields, arrays with bounds, enums,
//! typedefs and qualifiers.

use super::scopes::info_ref;
use super::{GimliUnit, IndexError, RawSections, Reader, at, offset_in};

/// A type DIE, named by its `.debug_info` offset (`None` = `void`).
pub type TypeRef = Option<u64>;

/// A decoded type DIE.
#[derive(Clone, Debug, PartialEq)]
pub struct Type {
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// `DW_AT_name`.
    pub name: Option<String>,
    /// `DW_AT_byte_size` (or bit size rounded up).
    pub byte_size: Option<u64>,
    /// What kind of type, with its parts.
    pub kind: TypeKind,
}

/// The shape of a type.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum TypeKind {
    /// `DW_TAG_base_type`.
    Base {
        /// `DW_AT_encoding`.
        encoding: gimli::DwAte,
        /// `DW_AT_bit_size`, when narrower than the byte size.
        bit_size: Option<u64>,
        /// `DW_AT_LLVM_vector_size` (element count), either numbering.
        vector_size: Option<u64>,
        /// `DW_AT_LLVM_address_space` on `DW_ATE_address` types.
        address_space: Option<u64>,
    },
    /// Pointer, reference or rvalue reference.
    Pointer {
        /// The tag (`DW_TAG_pointer_type`, `reference_type`, `rvalue_reference_type`).
        tag: gimli::DwTag,
        /// Pointee.
        pointee: TypeRef,
        /// `DW_AT_address_class` (clang's numbering depends on the producer).
        address_class: Option<u64>,
        /// `DW_AT_LLVM_address_space`.
        address_space: Option<u64>,
        /// `DW_AT_LLVM_memory_space`.
        memory_space: Option<u64>,
    },
    /// Structure, class or union.
    Composite {
        /// The tag.
        tag: gimli::DwTag,
        /// Data members in declaration order.
        members: Vec<Member>,
        /// `DW_AT_declaration`: an incomplete type.
        declaration: bool,
    },
    /// Array.
    Array {
        /// Element type.
        element: TypeRef,
        /// One entry per `DW_TAG_subrange_type`, outermost first.
        dimensions: Vec<ArrayDimension>,
    },
    /// Enumeration.
    Enum {
        /// Underlying type.
        underlying: TypeRef,
        /// Enumerators.
        enumerators: Vec<Enumerator>,
    },
    /// `typedef`.
    Typedef(TypeRef),
    /// `const`, `volatile`, `restrict`, `_Atomic`.
    Qualified {
        /// The qualifier's tag.
        tag: gimli::DwTag,
        /// Qualified type.
        inner: TypeRef,
    },
    /// A function type.
    Subroutine,
    /// Anything else (unspecified types, pointers to members...).
    Other(gimli::DwTag),
}

/// A data member (or base class) of a structure, class or union.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// Name; `None` for anonymous members and base classes.
    pub name: Option<String>,
    /// Type.
    pub type_die: TypeRef,
    /// Offset of the member from the start of the object in bits, when it is a constant
    /// (`DW_AT_data_member_location` constant, `DW_AT_data_bit_offset`, or the DWARF 2-4
    /// big-endian `DW_AT_bit_offset` converted).
    pub bit_offset: Option<u64>,
    /// `DW_AT_data_member_location` when it is an expression (initial stack: the object).
    pub location_expr: Option<(u64, u64)>,
    /// `DW_AT_bit_size` for bit fields.
    pub bit_size: Option<u64>,
    /// `DW_TAG_inheritance` rather than a data member.
    pub is_base: bool,
}

/// One dimension of an array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrayDimension {
    /// `DW_AT_lower_bound` (default 0 for C-family languages).
    pub lower: i64,
    /// Element count, when known.
    pub count: Option<u64>,
}

/// One enumerator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enumerator {
    /// Name.
    pub name: String,
    /// Value (sign as written).
    pub value: i128,
}

fn unit_offset(unit: &GimliUnit<'_>, unit_start: u64, die: u64) -> Option<gimli::UnitOffset> {
    let rel = die.checked_sub(unit_start)? as usize;
    let o = gimli::UnitOffset(rel);
    o.is_in_bounds(&unit.header).then_some(o)
}

fn string<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    unit: &GimliUnit<'a>,
    entry: &gimli::DebuggingInformationEntry<Reader<'a>>,
    name: gimli::DwAt,
) -> Option<String> {
    entry
        .attr_value(name)
        .and_then(|v| dwarf.attr_string(unit, v).ok())
        .map(|s| s.to_string_lossy().into_owned())
}

pub(super) fn decode<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    unit: &GimliUnit<'a>,
    unit_start: u64,
    die: u64,
) -> Result<Type, IndexError> {
    let offset = unit_offset(unit, unit_start, die).ok_or_else(|| IndexError::Malformed {
        offset: die,
        reason: "type reference outside its unit".into(),
    })?;
    let err = |source| IndexError::Dwarf {
        what: "type DIE".into(),
        offset: Some(die),
        error: source,
    };
    let mut tree = unit.entries_tree(Some(offset)).map_err(err)?;
    let root = tree.root().map_err(err)?;
    let entry = root.entry().clone();
    let udata = |name| entry.attr(name).and_then(|a| a.udata_value());
    let type_die = entry
        .attr_value(gimli::DW_AT_type)
        .and_then(|v| info_ref(unit, v));
    let name = string(dwarf, unit, &entry, gimli::DW_AT_name);
    let byte_size = udata(gimli::DW_AT_byte_size)
        .or_else(|| udata(gimli::DW_AT_bit_size).map(|b| b.div_ceil(8)));
    let tag = entry.tag();
    let kind = match tag {
        gimli::DW_TAG_base_type => TypeKind::Base {
            encoding: match entry.attr_value(gimli::DW_AT_encoding) {
                Some(gimli::AttributeValue::Encoding(e)) => e,
                _ => gimli::DwAte(0),
            },
            bit_size: udata(gimli::DW_AT_bit_size),
            vector_size: udata(at::LLVM_VECTOR_SIZE).or_else(|| udata(at::OLD_LLVM_VECTOR_SIZE)),
            address_space: udata(at::LLVM_ADDRESS_SPACE),
        },
        gimli::DW_TAG_pointer_type
        | gimli::DW_TAG_reference_type
        | gimli::DW_TAG_rvalue_reference_type => TypeKind::Pointer {
            tag,
            pointee: type_die,
            address_class: udata(gimli::DW_AT_address_class),
            address_space: udata(at::LLVM_ADDRESS_SPACE),
            memory_space: udata(at::LLVM_MEMORY_SPACE),
        },
        gimli::DW_TAG_structure_type | gimli::DW_TAG_class_type | gimli::DW_TAG_union_type => {
            let mut members = Vec::new();
            let mut children = root.children();
            while let Some(child) = children.next().map_err(err)? {
                let e = child.entry();
                let is_base = e.tag() == gimli::DW_TAG_inheritance;
                if e.tag() != gimli::DW_TAG_member && !is_base {
                    continue;
                }
                // Static members are declarations with no storage in the object.
                if e.attr(gimli::DW_AT_external).is_some()
                    && e.attr(gimli::DW_AT_data_member_location).is_none()
                {
                    continue;
                }
                let m_udata = |name| e.attr(name).and_then(|a| a.udata_value());
                let bit_size = m_udata(gimli::DW_AT_bit_size);
                let mut bit_offset = None;
                let mut location_expr = None;
                match e.attr_value(gimli::DW_AT_data_member_location) {
                    Some(gimli::AttributeValue::Exprloc(x)) => {
                        let start = offset_in(sections.debug_info, x.0.slice());
                        location_expr = Some((start, x.0.len() as u64));
                    }
                    Some(v) => bit_offset = v.udata_value().map(|b| b * 8),
                    None => {}
                }
                if let Some(b) = m_udata(gimli::DW_AT_data_bit_offset) {
                    bit_offset = Some(b);
                } else if let (Some(old), Some(size)) = (m_udata(gimli::DW_AT_bit_offset), bit_size)
                {
                    // DWARF 2-4: offset of the field's most significant bit from the most
                    // significant bit of the storage unit (of DW_AT_byte_size bytes).
                    let storage_bits = m_udata(gimli::DW_AT_byte_size).unwrap_or(4) * 8;
                    let base = bit_offset.unwrap_or(0);
                    bit_offset = Some(base + storage_bits.saturating_sub(old + size));
                }
                if bit_offset.is_none()
                    && location_expr.is_none()
                    && tag == gimli::DW_TAG_union_type
                {
                    bit_offset = Some(0);
                }
                members.push(Member {
                    name: string(dwarf, unit, e, gimli::DW_AT_name),
                    type_die: e
                        .attr_value(gimli::DW_AT_type)
                        .and_then(|v| info_ref(unit, v)),
                    bit_offset,
                    location_expr,
                    bit_size,
                    is_base,
                });
            }
            TypeKind::Composite {
                tag,
                members,
                declaration: entry.attr(gimli::DW_AT_declaration).is_some(),
            }
        }
        gimli::DW_TAG_array_type => {
            let mut dimensions = Vec::new();
            let mut children = root.children();
            while let Some(child) = children.next().map_err(err)? {
                let e = child.entry();
                if e.tag() != gimli::DW_TAG_subrange_type
                    && e.tag() != gimli::DW_TAG_enumeration_type
                {
                    continue;
                }
                let lower = e
                    .attr(gimli::DW_AT_lower_bound)
                    .and_then(|a| a.sdata_value().or(a.udata_value().map(|u| u as i64)))
                    .unwrap_or(0);
                let count = e
                    .attr(gimli::DW_AT_count)
                    .and_then(|a| a.udata_value())
                    .or_else(|| {
                        let upper = e.attr(gimli::DW_AT_upper_bound)?;
                        let upper = upper
                            .sdata_value()
                            .or(upper.udata_value().map(|u| u as i64))?;
                        u64::try_from(upper.checked_sub(lower)?.checked_add(1)?).ok()
                    });
                dimensions.push(ArrayDimension { lower, count });
            }
            TypeKind::Array {
                element: type_die,
                dimensions,
            }
        }
        gimli::DW_TAG_enumeration_type => {
            let mut enumerators = Vec::new();
            let mut children = root.children();
            while let Some(child) = children.next().map_err(err)? {
                let e = child.entry();
                if e.tag() != gimli::DW_TAG_enumerator {
                    continue;
                }
                let value = match e.attr_value(gimli::DW_AT_const_value) {
                    Some(gimli::AttributeValue::Sdata(v)) => v as i128,
                    Some(v) => v.udata_value().map(|u| u as i128).unwrap_or(0),
                    None => 0,
                };
                enumerators.push(Enumerator {
                    name: string(dwarf, unit, e, gimli::DW_AT_name).unwrap_or_default(),
                    value,
                });
            }
            TypeKind::Enum {
                underlying: type_die,
                enumerators,
            }
        }
        gimli::DW_TAG_typedef => TypeKind::Typedef(type_die),
        gimli::DW_TAG_const_type
        | gimli::DW_TAG_volatile_type
        | gimli::DW_TAG_restrict_type
        | gimli::DW_TAG_atomic_type => TypeKind::Qualified {
            tag,
            inner: type_die,
        },
        gimli::DW_TAG_subroutine_type => TypeKind::Subroutine,
        other => TypeKind::Other(other),
    };
    Ok(Type {
        die,
        name,
        byte_size,
        kind,
    })
}

/// A C-like spelling of a type, bounded in depth so that cyclic references terminate.
pub(super) fn name<'a>(
    dwarf: &gimli::Dwarf<Reader<'a>>,
    sections: RawSections<'a>,
    unit: &GimliUnit<'a>,
    unit_start: u64,
    die: TypeRef,
    depth: u32,
) -> String {
    let Some(die) = die else {
        return "void".into();
    };
    if depth > 16 {
        return "...".into();
    }
    let Ok(t) = decode(dwarf, sections, unit, unit_start, die) else {
        return format!("<type at {die:#x}>");
    };
    let inner = |r: TypeRef| name(dwarf, sections, unit, unit_start, r, depth + 1);
    match &t.kind {
        TypeKind::Base { .. } | TypeKind::Typedef(_) => t.name.unwrap_or_else(|| "?".into()),
        TypeKind::Pointer { tag, pointee, .. } => {
            let sigil = match *tag {
                gimli::DW_TAG_reference_type => "&",
                gimli::DW_TAG_rvalue_reference_type => "&&",
                _ => "*",
            };
            format!("{} {sigil}", inner(*pointee))
        }
        TypeKind::Composite { tag, .. } => {
            let kw = match *tag {
                gimli::DW_TAG_union_type => "union",
                gimli::DW_TAG_class_type => "class",
                _ => "struct",
            };
            format!("{kw} {}", t.name.as_deref().unwrap_or("<anonymous>"))
        }
        TypeKind::Enum { .. } => format!("enum {}", t.name.as_deref().unwrap_or("<anonymous>")),
        TypeKind::Array {
            element,
            dimensions,
        } => {
            let mut s = inner(*element);
            for d in dimensions {
                match d.count {
                    Some(c) => s.push_str(&format!("[{c}]")),
                    None => s.push_str("[]"),
                }
            }
            s
        }
        TypeKind::Qualified { tag, inner: i } => {
            let q = match *tag {
                gimli::DW_TAG_const_type => "const",
                gimli::DW_TAG_volatile_type => "volatile",
                gimli::DW_TAG_restrict_type => "restrict",
                _ => "_Atomic",
            };
            format!("{q} {}", inner(*i))
        }
        TypeKind::Subroutine => "<function>".into(),
        TypeKind::Other(_) => t.name.unwrap_or_else(|| "?".into()),
    }
}

/// The name used when a type reference cannot be followed.
pub(super) fn name_void(die: TypeRef) -> String {
    match die {
        None => "void".into(),
        Some(d) => format!("<type at {d:#x}>"),
    }
}
