//! Typed values: bits read through a variable's location (with per-bit availability)
//! formatted by the variable's DWARF type, and the reverse (text to bytes, for writes).
//!
//! - [`decode`] / [`decode_with`]: [`Bits`](crate::eval::Bits) + a type DIE -> a
//!   [`TypedValue`] tree, which renders debugger-style with [`TypedValue::render_text`] and
//!   as JSON text with [`TypedValue::to_json`] (the core crate has no JSON dependency: the
//!   JSON is written by hand, compact, with the schema documented on
//!   [`TypedValue::to_json`]; a CLI parses it with `serde_json::from_str` if it wants a
//!   `serde_json::Value`);
//! - [`type_size_bits`]: how many bits to read for a type;
//! - [`encode`] / [`encode_bits`]: text -> bytes for writes (the text
//!   [`TypedValue::render_text`] prints reads back);
//! - [`resolve_path`]: `s.a`, `arr[3]`, `m[1][2].x`, `v[2]` -> bit offset, bit size and
//!   type, for `print VAR.member` / `set VAR.member VALUE`; [`decode_target`] decodes the
//!   bits found there (bit fields and vector elements at their width).
//!
//! ```text
//! let opts = DecodeOptions::with_convention(AddressClassConvention::for_producer(producer));
//! let n = typed::type_size_bits(&dbg, var.type_die, &opts)?;
//! let bits = eval::read(&mut ctx, &loc, 0, n)?;
//! let value = typed::decode(&dbg, var.type_die, &bits, &opts)?;
//! println!("{} = {}", name, value.render_text());
//! let new = typed::encode(&dbg, var.type_die, "{a = 1, b = 2.5}", &opts)?;
//! eval::write(&mut ctx, &loc, 0, new.bits, &new.bytes)?;
//! ```
//!
//! # Text
//!
//! Integers in decimal; characters as `65 'A'` (`u'A'`, `U'A'`, `u8'A'` for `DW_ATE_UTF`;
//! non-printable bytes as octal escapes `'\377'`); one-byte character arrays as strings
//! (`"abc", '\000' <repeats 29 times>`); booleans `true`/`false` (other values as numbers);
//! floats in the shortest decimal that reads back to the same bits (`0.1`, `1e-7`, `inf`,
//! `nan`; half and bfloat16 integers exactly: `65504`), `DW_ATE_float` of 2 bytes is IEEE
//! half unless the type's name contains `bf16` or `bfloat16`; enums by enumerator name,
//! `(A | B)` for flag enums (pairwise disjoint positive values), else the number; structures
//! `{a = 1, <Base> = {…}, {anonymous = 2}}`; arrays `{1, 2, 0 <repeats 12 times>}`
//! (runs of 10 or more collapse), multi-dimensional arrays nested, `...` after the last
//! element when truncated; vectors (`DW_AT_LLVM_vector_size` N: N elements of the base
//! type's `DW_AT_byte_size`) like arrays.
//!
//! Types come through the [`TypeSource`] trait, implemented by
//! [`DwarfIndex`](crate::index::DwarfIndex) and by the in-memory [`TypeTable`] (for tests and
//! for callers that build types themselves). Each call caches the type DIEs it decodes;
//! [`TypeCache`] keeps them across calls (every lane, every local of a frame).
//!
//! # Availability rule
//!
//! A scalar (integer, boolean, float, character, enumerator, pointer, bit field) with any
//! optimized-out bit is [`TypedValue::Optimized`]; otherwise, with any unavailable bit, it
//! is [`TypedValue::Unavailable`]. An aggregate (structure, union, class, array, vector)
//! whose bits are *all* optimized out is `Optimized`, *all* unavailable is `Unavailable`;
//! otherwise each member or element is decoded by itself, so one optimized-out member
//! does not hide the others. Bits past the end of the [`Bits`](crate::eval::Bits) given
//! count as unavailable.
//!
//! # Address spaces
//!
//! A pointer's address space comes from `DW_AT_LLVM_address_space` (always a `DW_ASPACE_*`
//! number), else from `DW_AT_address_class` read under the
//! [`AddressClassConvention`] in [`DecodeOptions`], else it is the default space
//! (`DW_ASPACE_LLVM_none`, global memory on AMDGPU). Pointers render as
//! `(float *) 0x1000` in the default space and `(float *) local#0x10` elsewhere (the space
//! name, `#`, the address: the notation ROCgdb uses for address-space-qualified addresses);
//! references as `(const Packed &) @generic#0x2000`. Space names: `global` (0, the
//! default), `generic` (1), `region` (2), `local` (3), `private_lane` (5), `private_wave`
//! (6), `aspace(N)` for other numbers, `address_class(N)` for a class the convention does
//! not define. A pointer type without `DW_AT_byte_size` (clang emits none) is 32 bits wide
//! in the region, local and private spaces and 64 bits elsewhere. Under the legacy
//! convention, clang ≤ 19 writes no address class for both global and generic pointers,
//! so both are read as generic: a global address is the same address in the generic
//! space (it lies outside the apertures), and a generic one that falls in the shared or
//! private aperture is then followed to LDS or the lane's scratch.

mod decode;
mod encode;
pub mod float;
mod source;
mod value;

pub use decode::{
    MemberLocation, MemberResolver, NoResolver, ScalarPlan, decode, decode_scalar, decode_target,
    decode_with, scalar_plan, synthetic_pointer,
};
pub(crate) use encode::parse_int;
pub use encode::{Encoded, PathTarget, encode, encode_bits, resolve_path};
pub use source::{
    TypeCache, TypeSource, TypeTable, is_incomplete, shown_size_bits, type_size_bits,
};
pub use value::{AddressSpace, Field, PointerKind, PointerValue, Scalar, ScalarKind, TypedValue};

use crate::index::IndexError;

/// How to read `DW_AT_address_class` on pointer and reference types.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AddressClassConvention {
    /// clang ≤ 19, every language (rule `address-class-clang-legacy`): 1 = private (read
    /// as `DW_ASPACE_AMDGPU_private_lane`), 2 = local; other values are unknown; a pointer
    /// with no address class is generic (clang ≤ 19 marks no global or generic pointer).
    ClangLegacy,
    /// The value is a `DW_ASPACE_*` number (rule `address-class-dwarf-aspace`: clang ≥ 20
    /// and the heterogeneous-debugging fork): 1 = generic, 2 = region, 3 = local,
    /// 5 = private_lane, 6 = private_wave.
    #[default]
    DwarfAspace,
}

impl AddressClassConvention {
    /// The `DW_ASPACE_*` number an address class stands for, if known.
    pub fn aspace(self, class: u64) -> Option<u64> {
        match self {
            AddressClassConvention::ClangLegacy => match class {
                0 => Some(0),
                1 => Some(5),
                2 => Some(3),
                _ => None,
            },
            AddressClassConvention::DwarfAspace => Some(class),
        }
    }

    /// The `DW_ASPACE_*` number of a pointer type that has no address class: generic (1)
    /// under [`ClangLegacy`](Self::ClangLegacy), where clang ≤ 19 leaves both global and
    /// generic pointers unmarked; the default space (0, global) otherwise.
    pub fn unattributed(self) -> u64 {
        match self {
            AddressClassConvention::ClangLegacy => 1,
            AddressClassConvention::DwarfAspace => 0,
        }
    }

    /// The convention for a unit, from its producer (see
    /// [`Producer::uses_legacy_address_classes`](crate::index::Producer::uses_legacy_address_classes)).
    pub fn for_producer(producer: Option<&str>) -> Self {
        match producer.map(crate::index::Producer::parse) {
            Some(p) if p.uses_legacy_address_classes() => AddressClassConvention::ClangLegacy,
            _ => AddressClassConvention::DwarfAspace,
        }
    }
}

/// Options for [`decode`] and [`encode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DecodeOptions {
    /// How `DW_AT_address_class` numbers are read.
    pub address_classes: AddressClassConvention,
    /// Budget of array and vector elements decoded in one value (all arrays together);
    /// arrays past it are [truncated](TypedValue::Array). Default 200.
    pub max_elements: usize,
    /// Maximum nesting of aggregates (default 32); deeper values are an error.
    pub max_depth: u32,
    /// Budget of structure members decoded in one value (all structures together);
    /// members past it are [elided](TypedValue::Struct). Default 1000.
    pub max_fields: usize,
}

impl Default for DecodeOptions {
    fn default() -> Self {
        DecodeOptions {
            address_classes: AddressClassConvention::default(),
            max_elements: 200,
            max_depth: 32,
            max_fields: 1000,
        }
    }
}

impl DecodeOptions {
    /// Default options with the given address-class convention.
    pub fn with_convention(address_classes: AddressClassConvention) -> Self {
        DecodeOptions {
            address_classes,
            ..DecodeOptions::default()
        }
    }
}

/// Why a value could not be decoded or encoded.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TypedError {
    /// The type DIE could not be read.
    #[error(transparent)]
    Index(#[from] IndexError),
    /// The type has no size (`void`, a function, an incomplete type, an unknown bound).
    #[error("type {type_name} has no known size")]
    NoSize {
        /// The type's name.
        type_name: String,
    },
    /// Types nest deeper than [`DecodeOptions::max_depth`] (or refer to themselves).
    #[error("type {type_name} nests deeper than {depth} levels")]
    TooDeep {
        /// The type's name.
        type_name: String,
        /// The limit.
        depth: u32,
    },
    /// The text does not parse as a value of the type.
    #[error("cannot read {text:?} as {type_name}: {reason}")]
    Parse {
        /// The input.
        text: String,
        /// The target type.
        type_name: String,
        /// Why.
        reason: String,
    },
    /// The value does not fit the type's bits.
    #[error("{text} does not fit in {type_name} ({bits} bits)")]
    OutOfRange {
        /// The input.
        text: String,
        /// The target type.
        type_name: String,
        /// Width in bits.
        bits: u64,
    },
    /// A member or element path does not resolve.
    #[error("path {path:?}: {reason}")]
    Path {
        /// The path.
        path: String,
        /// Why.
        reason: String,
    },
    /// Values of this type cannot be encoded or decoded.
    #[error("unsupported type {type_name}: {reason}")]
    Unsupported {
        /// The type's name.
        type_name: String,
        /// Why.
        reason: String,
    },
}

impl TypedError {
    /// What kind of failure this is.
    pub fn kind(&self) -> crate::ErrorKind {
        match self {
            TypedError::Index(e) => e.kind(),
            TypedError::NoSize { .. } | TypedError::Unsupported { .. } => {
                crate::ErrorKind::Unsupported
            }
            TypedError::TooDeep { .. } => crate::ErrorKind::Malformed,
            _ => crate::ErrorKind::Usage,
        }
    }
}
