//! Where types come from: [`TypeSource`] ([`DwarfIndex`] or an in-memory [`TypeTable`]),
//! a per-call cache, and type sizes.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Mutex, PoisonError};

use super::value::AddressSpace;

use super::{AddressClassConvention, DecodeOptions, TypedError};
use crate::fast_hash::HashMap;
use crate::index::{DwarfIndex, IndexError, Type, TypeKind, TypeRef};

/// A source of decoded type DIEs.
pub trait TypeSource {
    /// The type DIE at `.debug_info` offset `die`.
    fn type_at(&self, die: u64) -> Result<Type, IndexError>;

    /// A C-like name for a type (`void` for `None`).
    fn type_name(&self, die: TypeRef) -> String;

    /// [`type_at`](TypeSource::type_at), shared (a cache returns its copy without cloning).
    fn type_rc(&self, die: u64) -> Result<Arc<Type>, IndexError> {
        self.type_at(die).map(Arc::new)
    }

    /// Whether look-ups are already cheap (a cache): a decode then keeps no copy of its own.
    fn is_cache(&self) -> bool {
        false
    }
}

impl TypeSource for DwarfIndex<'_> {
    fn type_at(&self, die: u64) -> Result<Type, IndexError> {
        DwarfIndex::type_at(self, die)
    }

    fn type_name(&self, die: TypeRef) -> String {
        DwarfIndex::type_name(self, die)
    }
}

/// Types held in memory, keyed by their [`Type::die`].
#[derive(Clone, Debug, Default)]
pub struct TypeTable {
    types: HashMap<u64, Type>,
}

impl TypeTable {
    /// An empty table.
    pub fn new() -> Self {
        TypeTable::default()
    }

    /// Adds (or replaces) a type; returns its DIE offset.
    pub fn insert(&mut self, ty: Type) -> u64 {
        let die = ty.die;
        self.types.insert(die, ty);
        die
    }
}

impl TypeSource for TypeTable {
    fn type_at(&self, die: u64) -> Result<Type, IndexError> {
        self.types
            .get(&die)
            .cloned()
            .ok_or_else(|| IndexError::Malformed {
                offset: die,
                reason: "no type at this offset".into(),
            })
    }

    fn type_name(&self, die: TypeRef) -> String {
        fn go(t: &TypeTable, die: TypeRef, depth: u32) -> String {
            let Some(die) = die else {
                return "void".into();
            };
            let Some(ty) = t.types.get(&die) else {
                return format!("<type at {die:#x}>");
            };
            if depth > 16 {
                return "...".into();
            }
            match &ty.kind {
                TypeKind::Pointer { tag, pointee, .. } => {
                    let sigil = match *tag {
                        gimli::DW_TAG_reference_type => "&",
                        gimli::DW_TAG_rvalue_reference_type => "&&",
                        _ => "*",
                    };
                    format!("{} {sigil}", go(t, *pointee, depth + 1))
                }
                TypeKind::Composite { tag, .. } => {
                    let kw = match *tag {
                        gimli::DW_TAG_union_type => "union",
                        gimli::DW_TAG_class_type => "class",
                        _ => "struct",
                    };
                    format!("{kw} {}", ty.name.as_deref().unwrap_or("<anonymous>"))
                }
                TypeKind::Enum { .. } => {
                    format!("enum {}", ty.name.as_deref().unwrap_or("<anonymous>"))
                }
                TypeKind::Array {
                    element,
                    dimensions,
                } => {
                    let mut s = go(t, *element, depth + 1);
                    for d in dimensions {
                        match d.count {
                            Some(c) => s.push_str(&format!("[{c}]")),
                            None => s.push_str("[]"),
                        }
                    }
                    s
                }
                TypeKind::Qualified { tag, inner } => {
                    let q = match *tag {
                        gimli::DW_TAG_const_type => "const",
                        gimli::DW_TAG_volatile_type => "volatile",
                        gimli::DW_TAG_restrict_type => "restrict",
                        _ => "_Atomic",
                    };
                    format!("{q} {}", go(t, *inner, depth + 1))
                }
                TypeKind::Subroutine => "<function>".into(),
                _ => ty.name.clone().unwrap_or_else(|| "?".into()),
            }
        }
        go(self, die, 0)
    }
}

/// A [`TypeSource`] that remembers every type and name it has looked up, for callers that
/// decode many values (every lane, every local) against the same types: wrap the
/// [`DwarfIndex`] once and pass the cache to [`decode`](super::decode). Shareable by
/// threads (the maps are behind mutexes, held only for a look-up or an insert).
pub struct TypeCache<'s, S: TypeSource + ?Sized> {
    src: &'s S,
    types: Mutex<HashMap<u64, Result<Arc<Type>, IndexError>>>,
    names: Mutex<HashMap<TypeRef, String>>,
}

impl<'s, S: TypeSource + ?Sized> TypeCache<'s, S> {
    /// A cache in front of `src`.
    pub fn new(src: &'s S) -> Self {
        TypeCache {
            src,
            types: Mutex::default(),
            names: Mutex::default(),
        }
    }
}

impl<S: TypeSource + ?Sized> TypeSource for TypeCache<'_, S> {
    fn is_cache(&self) -> bool {
        true
    }

    fn type_at(&self, die: u64) -> Result<Type, IndexError> {
        self.type_rc(die).map(|t| (*t).clone())
    }

    fn type_rc(&self, die: u64) -> Result<Arc<Type>, IndexError> {
        // A poisoned map is still a valid cache: entries are inserted whole.
        if let Some(t) = self
            .types
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&die)
        {
            return t.clone();
        }
        let t = self.src.type_rc(die);
        self.types
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(die, t.clone());
        t
    }

    fn type_name(&self, die: TypeRef) -> String {
        if let Some(n) = self
            .names
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&die)
        {
            return n.clone();
        }
        let n = self.src.type_name(die);
        self.names
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(die, n.clone());
        n
    }
}

/// A caching view of a [`TypeSource`] for one call.
pub(crate) struct Types<'s, S: TypeSource + ?Sized> {
    pub(crate) src: &'s S,
    pub(crate) convention: AddressClassConvention,
    cache: RefCell<HashMap<u64, Arc<Type>>>,
    names: RefCell<HashMap<TypeRef, Rc<str>>>,
}

impl<'s, S: TypeSource + ?Sized> Types<'s, S> {
    pub(crate) fn new(src: &'s S, convention: AddressClassConvention) -> Self {
        Types {
            src,
            convention,
            cache: RefCell::default(),
            names: RefCell::default(),
        }
    }

    pub(crate) fn get(&self, die: u64) -> Result<Arc<Type>, TypedError> {
        if self.src.is_cache() {
            return Ok(self.src.type_rc(die)?);
        }
        if let Some(t) = self.cache.borrow().get(&die) {
            return Ok(t.clone());
        }
        let t = self.src.type_rc(die)?;
        self.cache.borrow_mut().insert(die, t.clone());
        Ok(t)
    }

    pub(crate) fn name(&self, die: TypeRef) -> Rc<str> {
        if let Some(n) = self.names.borrow().get(&die) {
            return n.clone();
        }
        let n: Rc<str> = self.src.type_name(die).into();
        self.names.borrow_mut().insert(die, n.clone());
        n
    }

    /// The name of a base class as printed (`<B> = {…}`): the type's own name.
    pub(crate) fn base_name(&self, die: TypeRef) -> String {
        match self.strip(die) {
            Ok(Some(t)) if t.name.is_some() => t.name.clone().unwrap_or_default(),
            _ => self.name(die).to_string(),
        }
    }

    /// Follows typedefs and qualifiers to the underlying type (`None` = void).
    pub(crate) fn strip(&self, die: TypeRef) -> Result<Option<Arc<Type>>, TypedError> {
        let mut cur = die;
        for _ in 0..64 {
            let Some(d) = cur else {
                return Ok(None);
            };
            let t = self.get(d)?;
            match t.kind {
                TypeKind::Typedef(inner) | TypeKind::Qualified { inner, .. } => cur = inner,
                _ => return Ok(Some(t)),
            }
        }
        Err(TypedError::TooDeep {
            type_name: self.name(die).to_string(),
            depth: 64,
        })
    }

    /// The address space a pointer type's values point into.
    pub(crate) fn pointer_aspace(&self, t: &Type) -> AddressSpace {
        let TypeKind::Pointer {
            address_class,
            address_space,
            ..
        } = t.kind
        else {
            return AddressSpace::from_dwarf(0);
        };
        match (address_space, address_class) {
            (Some(a), _) => AddressSpace::from_dwarf(a),
            (None, Some(c)) => match self.convention.aspace(c) {
                Some(a) => AddressSpace::from_dwarf(a),
                None => AddressSpace::unknown_class(c),
            },
            (None, None) => AddressSpace::from_dwarf(self.convention.unattributed()),
        }
    }

    /// Size in bits of a type.
    pub(crate) fn size_bits(&self, die: TypeRef, depth: u32) -> Result<u64, TypedError> {
        let no_size = || TypedError::NoSize {
            type_name: self.name(die).to_string(),
        };
        if depth > 64 {
            return Err(TypedError::TooDeep {
                type_name: self.name(die).to_string(),
                depth: 64,
            });
        }
        let Some(t) = self.strip(die)? else {
            return Err(no_size());
        };
        match &t.kind {
            TypeKind::Base {
                bit_size,
                vector_size,
                ..
            } => {
                // A base type narrower than its storage still occupies its bytes.
                let elem = t
                    .byte_size
                    .map(|b| b * 8)
                    .or(*bit_size)
                    .ok_or_else(no_size)?;
                Ok(elem * vector_size.unwrap_or(1).max(1))
            }
            TypeKind::Array {
                element,
                dimensions,
            } if t.byte_size.is_none() => {
                let mut n = self.size_bits(*element, depth + 1)?;
                for d in dimensions {
                    n = n.saturating_mul(d.count.ok_or_else(no_size)?);
                }
                Ok(n)
            }
            TypeKind::Composite {
                declaration: true, ..
            } if t.byte_size.is_none() => Err(no_size()),
            TypeKind::Subroutine => Err(no_size()),
            TypeKind::Pointer { .. } if t.byte_size.is_none() => {
                Ok(pointer_bits(&self.pointer_aspace(&t)))
            }
            TypeKind::Enum { underlying, .. } if t.byte_size.is_none() => {
                self.size_bits(*underlying, depth + 1)
            }
            _ => t.byte_size.map(|b| b.saturating_mul(8)).ok_or_else(no_size),
        }
    }
}

/// Width of a pointer without `DW_AT_byte_size`: the address width of its space on
/// AMDGPU (32 bits for region, local and private spaces, else 64 = the unit's address
/// size). clang emits no byte size on pointer types, yet stores 4-byte private and local
/// pointers (see `p` and `tile` in `corpora/clang22/ocl-gfx900-O0.hsaco`).
pub(crate) fn pointer_bits(aspace: &AddressSpace) -> u64 {
    match aspace.number {
        Some(2 | 3 | 5 | 6) => 32,
        _ => 64,
    }
}

/// Size in bits of the type at `type_die` (`None` = void, an error): how many bits to
/// read for a variable. Typedefs and qualifiers are followed; a vector base type is
/// `DW_AT_LLVM_vector_size` elements of its `DW_AT_byte_size`; an array without
/// `DW_AT_byte_size` is its element size times every dimension's count (an unknown
/// bound is an error); a pointer without `DW_AT_byte_size` is as wide as the addresses
/// of its address space (32 bits for local, region and private, else 64), which depends
/// on the address-class convention in `opts`.
pub fn type_size_bits<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    opts: &DecodeOptions,
) -> Result<u64, TypedError> {
    Types::new(dbg, opts.address_classes).size_bits(type_die, 0)
}

/// How many leading bits of a value of the type at `type_die` decoding under `opts` can
/// show: an array shows at most [`DecodeOptions::max_elements`] elements, so only their
/// bits (and those of the last one's shown part) are needed, however large the bounds
/// (`int[1 << 62]` needs 200 × 32 bits). Other types need their whole size.
pub fn shown_size_bits<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    opts: &DecodeOptions,
) -> Result<u64, TypedError> {
    let types = Types::new(dbg, opts.address_classes);
    types.shown_bits(type_die, opts.max_elements as u64, 0)
}

impl<S: TypeSource + ?Sized> Types<'_, S> {
    fn shown_bits(&self, die: TypeRef, budget: u64, depth: u32) -> Result<u64, TypedError> {
        let size = self.size_bits(die, depth)?;
        if depth > 64 {
            return Ok(size);
        }
        let Some(t) = self.strip(die)? else {
            return Ok(size);
        };
        let TypeKind::Array {
            element,
            dimensions,
        } = &t.kind
        else {
            return Ok(size);
        };
        let elem = self.size_bits(*element, depth + 1)?;
        let mut total: u64 = 1;
        for d in dimensions {
            total = total.saturating_mul(d.count.unwrap_or(0));
        }
        let shown = total.min(budget);
        if shown == 0 || elem == 0 {
            return Ok(size.min(elem));
        }
        let last = self.shown_bits(*element, budget, depth + 1)?;
        Ok((shown - 1)
            .saturating_mul(elem)
            .saturating_add(last)
            .min(size))
    }
}

/// Whether the type at `type_die` (through typedefs and qualifiers) is incomplete: a
/// structure, class or union known only from a declaration (`DW_AT_declaration`, no
/// size), as compilers emit for types whose definition the unit did not need.
pub fn is_incomplete<S: TypeSource + ?Sized>(
    dbg: &S,
    type_die: TypeRef,
    opts: &DecodeOptions,
) -> bool {
    matches!(
        Types::new(dbg, opts.address_classes).strip(type_die),
        Ok(Some(t)) if t.byte_size.is_none()
            && matches!(t.kind, TypeKind::Composite { declaration: true, .. })
    )
}
