//! Location descriptions: one or more single locations, each a location storage plus a bit
//! offset into it; storages are memory (per address space, capturing the lane), registers
//! (per frame), implicit bytes, implicit pointers, undefined, and composites.
//!
//! Composites keep `DW_OP_LLVM_extend` and `DW_OP_LLVM_select_bit_piece` results lazy
//! ([`Part::Repeat`], [`Part::Select`]) so a 64-lane by 64-bit vector is one part, not 64.
//! Bit offsets and sizes are `u128`: a 64-bit address space is 2^67 bits.

use std::fmt;

use super::error::{Error, Result};
use super::value::Bytes;

/// Memory storage: one per address space, per captured lane for lane-scoped spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    /// DWARF address space number.
    pub aspace: u64,
    /// Address width of the space in bits (its storage is `2^address_bits` bytes).
    pub address_bits: u8,
    /// The lane current when the location was created (for lane-scoped or flat spaces).
    pub lane: Option<u32>,
}

/// Size in bits of an address space of `address_bits`-bit addresses (`2^address_bits`
/// bytes). Addresses are 64-bit: a wider `address_bits` (which only a hand-made
/// [`Memory`] or [`Target`](crate::target::Target) can carry) means 64.
#[inline]
pub fn memory_size_bits(address_bits: u8) -> u128 {
    1u128 << (u32::from(address_bits.min(64)) + 3)
}

/// An implicit pointer: implicit storage that stands for a pointer to a DIE's object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImplicitPointer {
    /// `.debug_info` offset of the pointed-to DIE.
    pub die: u64,
    /// Byte displacement into the pointed-to object.
    pub offset: i64,
    /// Address space of the notional pointer.
    pub aspace: u64,
    /// Size of the notional pointer in bits.
    pub bits: u32,
}

/// Location storage.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Storage {
    /// Memory in one address space.
    Memory(Memory),
    /// A register of the thread in a given frame.
    Register {
        /// DWARF register number.
        reg: u64,
        /// Frame the register belongs to (0 = the frame current at creation, as numbered by
        /// the context).
        frame: u32,
        /// Register width in bits.
        bits: u32,
    },
    /// Literal bytes (`DW_OP_implicit_value`, `DW_OP_stack_value`); read-only.
    Implicit(Bytes),
    /// An implicit pointer (`DW_OP_implicit_pointer`); only whole-value reads.
    ImplicitPointer(Box<ImplicitPointer>),
    /// No storage: optimized out.
    Undefined,
    /// A composite of parts.
    Composite(Composite),
}

impl Storage {
    /// Size of the storage in bits; `None` for undefined storage, which has no size.
    #[inline]
    pub fn size_bits(&self) -> Option<u128> {
        match self {
            Storage::Memory(m) => Some(memory_size_bits(m.address_bits)),
            Storage::Register { bits, .. } => Some(u128::from(*bits)),
            Storage::Implicit(b) => Some(b.len() as u128 * 8),
            Storage::ImplicitPointer(p) => Some(u128::from(p.bits)),
            Storage::Undefined => None,
            Storage::Composite(c) => Some(c.bits()),
        }
    }
}

/// A single location description: storage and a bit offset into it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Single {
    /// Where.
    pub storage: Storage,
    // Bit offset = off_bytes * 8 + off_bits: 2^67 bits fit without u128's alignment.
    off_bytes: u64,
    off_bits: u8,
}

impl Single {
    /// A single location at bit `offset` of `storage` (offsets saturate at 2^67 - 1).
    #[inline]
    pub fn new(storage: Storage, offset: u128) -> Self {
        let mut s = Single {
            storage,
            off_bytes: 0,
            off_bits: 0,
        };
        s.set_offset(offset);
        s
    }

    /// Bit offset into the storage.
    #[inline]
    pub fn offset(&self) -> u128 {
        u128::from(self.off_bytes) * 8 + u128::from(self.off_bits)
    }

    /// Sets the bit offset (saturating at 2^67 - 1).
    #[inline]
    pub fn set_offset(&mut self, offset: u128) {
        let o = offset.min((1u128 << 67) - 1);
        self.off_bytes = (o / 8) as u64;
        self.off_bits = (o % 8) as u8;
    }

    /// Size of the storage left from the offset (`None` for undefined storage).
    #[inline]
    pub fn remaining_bits(&self) -> Option<u128> {
        self.storage
            .size_bits()
            .map(|s| s.saturating_sub(self.offset()))
    }
}

/// One part of a composite.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Part {
    /// `bits` bits of `loc` (from its offset).
    Piece {
        /// The part's location.
        loc: LocDesc,
        /// Part size in bits.
        bits: u128,
    },
    /// `count` elements, each the first `bits` bits of the same `loc` (`DW_OP_LLVM_extend`).
    Repeat {
        /// The replicated location.
        loc: LocDesc,
        /// Element size in bits.
        bits: u64,
        /// Element count.
        count: u64,
    },
    /// `count` elements of `bits` bits; element N is element N of `one` if bit N of `mask`
    /// is set, else element N of `zero` (`DW_OP_LLVM_select_bit_piece`).
    Select {
        /// Source of elements whose mask bit is clear (boxed: keeps [`Part`] small).
        zero: Box<LocDesc>,
        /// Source of elements whose mask bit is set (boxed: keeps [`Part`] small).
        one: Box<LocDesc>,
        /// The mask (little-endian bits, bit N = element N).
        mask: Bytes,
        /// Element size in bits.
        bits: u64,
        /// Element count.
        count: u64,
    },
}

impl Part {
    /// Whether the part holds no heap data: a piece of one register, memory, undefined or
    /// short implicit location.
    #[inline]
    fn owns_nothing(&self) -> bool {
        match self {
            Part::Piece { loc, .. } => loc.owns_nothing(),
            Part::Repeat { .. } | Part::Select { .. } => false,
        }
    }

    /// Size of the part in bits.
    #[inline]
    pub fn bits(&self) -> u128 {
        match self {
            Part::Piece { bits, .. } => *bits,
            Part::Repeat { bits, count, .. } | Part::Select { bits, count, .. } => {
                u128::from(*bits) * u128::from(*count)
            }
        }
    }
}

/// Whether mask bit `n` is set.
#[inline]
pub(crate) fn mask_bit(mask: &Bytes, n: u64) -> bool {
    mask.as_slice()
        .get((n / 8) as usize)
        .is_some_and(|b| (b >> (n % 8)) & 1 == 1)
}

/// Composite storage: parts concatenated in ascending bit order.
///
/// The parts live in one vector (one allocation per composite, sized exactly when the
/// part count is known). The total size, and whether any part owns heap data, are kept
/// as the parts are added.
#[derive(Clone, PartialEq, Eq)]
pub struct Composite {
    parts: Vec<Part>,
    complete: bool,
    /// The sum of the parts' sizes.
    bits: u128,
    /// No part owns heap data ([`Part::owns_nothing`]), so the parts can be forgotten
    /// instead of dropped.
    plain: bool,
}

impl Default for Composite {
    fn default() -> Self {
        Composite::new()
    }
}

impl fmt::Debug for Composite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Composite")
            .field("parts", &self.parts)
            .field("bits", &self.bits)
            .field("complete", &self.complete)
            .finish()
    }
}

impl Drop for Composite {
    fn drop(&mut self) {
        self.clear();
    }
}

impl Composite {
    /// An empty incomplete composite.
    #[inline]
    pub fn new() -> Self {
        Composite {
            parts: Vec::new(),
            complete: false,
            bits: 0,
            plain: true,
        }
    }

    /// A complete composite of the given parts.
    pub fn complete_from(parts: Vec<Part>) -> Self {
        Composite {
            bits: parts.iter().fold(0, |sum, p| sum.saturating_add(p.bits())),
            plain: parts.iter().all(Part::owns_nothing),
            parts,
            complete: true,
        }
    }

    /// Makes this the complete composite of `parts`, whose sizes sum to `bits` and which
    /// own nothing if `plain` (both as the caller counted them while building the parts).
    #[inline]
    pub(crate) fn set_complete(&mut self, parts: Vec<Part>, bits: u128, plain: bool) {
        debug_assert_eq!(
            bits,
            parts
                .iter()
                .fold(0u128, |sum, p| sum.saturating_add(p.bits()))
        );
        debug_assert_eq!(plain, parts.iter().all(Part::owns_nothing));
        self.clear();
        self.parts = parts;
        self.bits = bits;
        self.plain = plain;
        self.complete = true;
    }

    /// Takes the part buffer, emptied, leaving the composite empty.
    #[inline]
    pub(crate) fn take_buffer(&mut self) -> Vec<Part> {
        self.clear();
        std::mem::take(&mut self.parts)
    }

    /// Removes every part, keeping the buffer.
    #[inline]
    fn clear(&mut self) {
        if self.plain {
            // SAFETY: no part owns heap data or runs a `Drop` impl (`plain`), so
            // forgetting them leaks nothing.
            unsafe { self.parts.set_len(0) };
        } else {
            self.parts.clear();
        }
        self.bits = 0;
        self.plain = true;
    }

    /// Appends a part.
    #[inline]
    pub fn push(&mut self, part: Part) {
        self.bits = self.bits.saturating_add(part.bits());
        self.plain &= part.owns_nothing();
        self.parts.push(part);
    }

    /// The parts, in order.
    #[inline]
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Number of parts.
    #[inline]
    pub fn part_count(&self) -> usize {
        self.parts.len()
    }

    /// Total size in bits (the sum of the parts' sizes).
    #[inline]
    pub fn bits(&self) -> u128 {
        self.bits
    }

    /// Whether the composite is complete (no more pieces can be added).
    #[inline]
    pub fn is_complete(&self) -> bool {
        self.complete
    }

    /// Marks the composite complete.
    #[inline]
    pub fn complete(&mut self) {
        self.complete = true;
    }
}

/// A location description: one or more single locations (several places holding the same
/// object). The first is stored inline so the common case does not allocate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocDesc {
    first: Single,
    // Further places (rare); boxed so a one-place location stays small.
    rest: Option<Box<[Single]>>,
}

impl From<Single> for LocDesc {
    fn from(s: Single) -> Self {
        LocDesc {
            first: s,
            rest: None,
        }
    }
}

impl LocDesc {
    /// A location with one single location.
    #[inline]
    pub fn new(storage: Storage, offset: u128) -> Self {
        Single::new(storage, offset).into()
    }

    /// The undefined location.
    #[inline]
    pub fn undefined() -> Self {
        LocDesc::new(Storage::Undefined, 0)
    }

    /// A memory location at byte `address` of address space `aspace`.
    #[inline]
    pub fn memory(aspace: u64, address_bits: u8, lane: Option<u32>, address: u64) -> Self {
        LocDesc::new(
            Storage::Memory(Memory {
                aspace,
                address_bits,
                lane,
            }),
            u128::from(address) * 8,
        )
    }

    /// Register `reg` (`bits` wide) of frame `frame`, at bit 0.
    #[inline]
    pub fn register(reg: u64, frame: u32, bits: u32) -> Self {
        LocDesc::new(Storage::Register { reg, frame, bits }, 0)
    }

    /// Implicit storage holding `bytes`.
    #[inline]
    pub fn implicit(bytes: &[u8]) -> Self {
        LocDesc::new(Storage::Implicit(Bytes::new(bytes)), 0)
    }

    /// A complete composite of `parts`.
    pub fn composite(parts: Vec<Part>) -> Self {
        LocDesc::new(Storage::Composite(Composite::complete_from(parts)), 0)
    }

    /// Whether dropping the location frees nothing: one register, memory, undefined or
    /// short implicit location.
    #[inline]
    fn owns_nothing(&self) -> bool {
        self.rest.is_none()
            && matches!(
                self.first.storage,
                Storage::Register { .. }
                    | Storage::Memory(_)
                    | Storage::Undefined
                    | Storage::Implicit(Bytes::Inline { .. })
            )
    }

    /// Replaces the location by `l`, skipping the drop glue of one that owns nothing.
    #[inline]
    pub(crate) fn set(&mut self, l: LocDesc) {
        if self.owns_nothing() {
            // SAFETY: `self` is valid for writes and owns nothing, so overwriting it
            // without dropping leaks nothing.
            unsafe { std::ptr::write(self, l) };
        } else {
            *self = l;
        }
    }

    /// Makes the location the complete composite of `parts` (sizes summing to `bits`; no
    /// part owning heap data if `plain`), in place when it already is one composite, whose
    /// buffer [`take_part_buffer`](Self::take_part_buffer) took.
    #[inline]
    pub(crate) fn set_composite(&mut self, parts: Vec<Part>, bits: u128, plain: bool) {
        if let (Storage::Composite(c), None) = (&mut self.first.storage, &self.rest) {
            c.set_complete(parts, bits, plain);
            self.first.set_offset(0);
        } else {
            let mut c = Composite::new();
            c.set_complete(parts, bits, plain);
            self.set(LocDesc::new(Storage::Composite(c), 0));
        }
    }

    /// The part buffer of this location if it is one composite, emptied, for the next
    /// composite to reuse (else an empty vector); the location must then be overwritten.
    #[inline]
    pub(crate) fn take_part_buffer(&mut self) -> Vec<Part> {
        match (&mut self.first.storage, &self.rest) {
            (Storage::Composite(c), None) => c.take_buffer(),
            _ => Vec::new(),
        }
    }

    /// The first single location.
    #[inline]
    pub fn first(&self) -> &Single {
        &self.first
    }

    /// All single locations.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = &Single> {
        std::iter::once(&self.first).chain(self.rest.iter().flat_map(|r| r.iter()))
    }

    /// All single locations, mutably.
    #[inline]
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Single> {
        std::iter::once(&mut self.first).chain(self.rest.iter_mut().flat_map(|r| r.iter_mut()))
    }

    /// How many single locations and composite parts this location holds, nested
    /// composites included, counted up to just past `cap`: the size a copy of it costs, which
    /// the evaluator bounds ([`Limits::max_composite_parts`](super::Limits::max_composite_parts))
    /// because composites built of composites (`DW_OP_dup` then `DW_OP_LLVM_select_bit_piece`,
    /// an overlay of an overlay) double with each operation.
    pub fn nodes_up_to(&self, cap: usize) -> usize {
        let mut count = 0usize;
        let mut pending: Vec<&LocDesc> = vec![self];
        while let Some(loc) = pending.pop() {
            for single in loc.iter() {
                count += 1;
                if let Storage::Composite(c) = &single.storage {
                    for part in c.parts() {
                        count += 1;
                        match part {
                            Part::Piece { loc, .. } | Part::Repeat { loc, .. } => pending.push(loc),
                            Part::Select { zero, one, .. } => {
                                pending.push(zero);
                                pending.push(one);
                            }
                        }
                    }
                }
                if count > cap {
                    return count;
                }
            }
        }
        count
    }

    /// Number of single locations.
    #[inline]
    pub fn len(&self) -> usize {
        1 + self.rest.as_ref().map_or(0, |r| r.len())
    }

    /// Always false: a location description has at least one single location.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Adds the single locations of `other` (an object in several places).
    pub fn union(&mut self, other: LocDesc) {
        let mut rest: Vec<Single> = self.rest.take().map(Vec::from).unwrap_or_default();
        rest.push(other.first);
        if let Some(more) = other.rest {
            rest.extend(Vec::from(more));
        }
        self.rest = Some(rest.into_boxed_slice());
    }

    /// Whether this is exactly one undefined single location.
    #[inline]
    pub fn is_undefined(&self) -> bool {
        self.rest.is_none() && self.first.storage == Storage::Undefined
    }

    /// If this is exactly one memory single location at a byte-aligned offset: its
    /// (address space, byte address).
    #[inline]
    pub fn memory_address(&self) -> Option<(u64, u64)> {
        match (&self.first.storage, self.rest.is_none()) {
            (Storage::Memory(m), true) if self.first.offset().is_multiple_of(8) => {
                Some((m.aspace, (self.first.offset() / 8) as u64))
            }
            _ => None,
        }
    }

    /// The incomplete composite this location is, if it is one (one single location).
    #[inline]
    pub(crate) fn incomplete_composite_mut(&mut self) -> Option<&mut Composite> {
        if self.rest.is_some() {
            return None;
        }
        match &mut self.first.storage {
            Storage::Composite(c) if !c.is_complete() => Some(c),
            _ => None,
        }
    }

    /// Whether this is one single location on an incomplete composite.
    #[inline]
    pub(crate) fn is_single_incomplete_composite(&self) -> bool {
        self.rest.is_none()
            && matches!(&self.first.storage, Storage::Composite(c) if !c.is_complete())
    }

    /// Whether the location is an incomplete composite.
    #[inline]
    pub fn is_incomplete_composite(&self) -> bool {
        self.iter()
            .any(|s| matches!(&s.storage, Storage::Composite(c) if !c.is_complete()))
    }

    /// Adds `delta` bits to every single location's offset (undefined ones are unchanged).
    /// An offset that becomes negative or reaches the storage size is an evaluation error.
    #[inline]
    pub fn offset_bits(&mut self, delta: i128) -> Result<()> {
        for s in self.iter_mut() {
            let Some(size) = s.storage.size_bits() else {
                continue;
            };
            let new = (s.offset() as i128).checked_add(delta);
            match new {
                Some(n) if n >= 0 && (n as u128) < size => s.set_offset(n as u128),
                _ => {
                    return Err(Error::evaluation(format!(
                        "offset out of range: bit {} + {delta} outside storage of {size} bits",
                        s.offset()
                    )));
                }
            }
        }
        Ok(())
    }

    /// Smallest remaining storage size over the single locations (`None` if any is
    /// undefined).
    pub fn remaining_bits(&self) -> Option<u128> {
        let mut r = u128::MAX;
        for s in self.iter() {
            r = r.min(s.remaining_bits()?);
        }
        Some(r)
    }

    /// A display adaptor naming registers and address spaces through `namer`.
    pub fn display<'a>(&'a self, namer: &'a dyn Namer) -> impl fmt::Display + 'a {
        Shown { loc: self, namer }
    }
}

/// Supplies names for registers and address spaces when displaying locations.
pub trait Namer {
    /// The name of DWARF register `reg`.
    fn register_name(&self, reg: u64) -> Option<String> {
        let _ = reg;
        None
    }
    /// The name of address space `aspace`.
    fn aspace_name(&self, aspace: u64) -> Option<String> {
        let _ = aspace;
        None
    }
}

/// Names nothing: numbers are printed.
pub struct NoNames;

impl Namer for NoNames {}

impl Namer for crate::target::Target {
    fn register_name(&self, reg: u64) -> Option<String> {
        crate::target::Target::register_name(self, reg)
    }
    fn aspace_name(&self, aspace: u64) -> Option<String> {
        self.address_space(aspace).map(|s| s.name.to_string())
    }
}

impl<F: Fn(u64) -> Option<String>> Namer for F {
    fn register_name(&self, reg: u64) -> Option<String> {
        self(reg)
    }
}

/// Names registers through the expression printer's
/// [`RegisterNames`](crate::expr::RegisterNames) and address spaces through a
/// [`Target`](crate::target::Target).
pub struct RegisterNamer<'a> {
    /// Register names.
    pub registers: &'a dyn crate::expr::RegisterNames,
    /// Address space names (and fallback register names).
    pub target: Option<&'a crate::target::Target>,
}

impl Namer for RegisterNamer<'_> {
    fn register_name(&self, reg: u64) -> Option<String> {
        self.registers
            .name(reg)
            .or_else(|| self.target.and_then(|t| t.register_name(reg)))
    }
    fn aspace_name(&self, aspace: u64) -> Option<String> {
        self.target
            .and_then(|t| t.address_space(aspace))
            .map(|s| s.name.to_string())
    }
}

struct Shown<'a> {
    loc: &'a LocDesc,
    namer: &'a dyn Namer,
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_loc(self.loc, self.namer, f)
    }
}

impl fmt::Display for LocDesc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_loc(self, &NoNames, f)
    }
}

fn fmt_loc(loc: &LocDesc, n: &dyn Namer, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if loc.rest.is_none() {
        return fmt_single(&loc.first, n, f);
    }
    f.write_str("{ ")?;
    for (i, s) in loc.iter().enumerate() {
        if i > 0 {
            f.write_str(" ; ")?;
        }
        fmt_single(s, n, f)?;
    }
    f.write_str(" }")
}

/// A mask as the number it is (its bytes are little-endian: bit N selects element N), so
/// that `const8u 0x1234` shows as `0x1234`.
fn fmt_mask(mask: &super::value::Bytes, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let bytes = mask.as_slice();
    let Some(top) = bytes.iter().rposition(|&b| b != 0) else {
        return f.write_str("0x0");
    };
    write!(f, "{:#x}", bytes[top])?;
    for b in bytes[..top].iter().rev() {
        write!(f, "{b:02x}")?;
    }
    Ok(())
}

fn fmt_bit(off: u128, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if off != 0 {
        write!(f, " bit {off}")?;
    }
    Ok(())
}

fn fmt_single(s: &Single, n: &dyn Namer, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match &s.storage {
        Storage::Memory(m) => {
            match n.aspace_name(m.aspace) {
                Some(name) => write!(f, "memory {name} {:#x}", s.offset() / 8)?,
                None => write!(f, "memory aspace({}) {:#x}", m.aspace, s.offset() / 8)?,
            }
            if !s.offset().is_multiple_of(8) {
                write!(f, " bit {}", s.offset() % 8)?;
            }
            if let Some(l) = m.lane {
                write!(f, " (lane {l})")?;
            }
            Ok(())
        }
        Storage::Register { reg, frame, .. } => {
            match n.register_name(*reg) {
                Some(name) => write!(f, "register {name}")?,
                None => write!(f, "register {reg}")?,
            }
            fmt_bit(s.offset(), f)?;
            if *frame != 0 {
                write!(f, " (frame {frame})")?;
            }
            Ok(())
        }
        Storage::Implicit(b) => {
            // The bytes in storage order, not as one number (which would read them
            // big-endian: 35 as 0x2300000000000000).
            write!(f, "implicit [")?;
            for (i, byte) in b.as_slice().iter().enumerate() {
                write!(f, "{}{byte:02x}", if i == 0 { "" } else { " " })?;
            }
            write!(f, "]")?;
            fmt_bit(s.offset(), f)
        }
        Storage::ImplicitPointer(p) => {
            write!(f, "implicit_pointer <{:#x}>", p.die)?;
            if p.offset != 0 {
                write!(f, "{:+}", p.offset)?;
            }
            if let Some(name) = n.aspace_name(p.aspace) {
                write!(f, " in {name}")?;
            }
            fmt_bit(s.offset(), f)
        }
        Storage::Undefined => f.write_str("undefined"),
        Storage::Composite(c) => {
            f.write_str("composite[")?;
            let mut start = 0u128;
            for (i, p) in c.parts().iter().enumerate() {
                f.write_str(if i == 0 { " " } else { " | " })?;
                let end = start + p.bits();
                match p {
                    Part::Piece { loc, .. } => {
                        fmt_loc(loc, n, f)?;
                    }
                    Part::Repeat { loc, bits, count } => {
                        write!(f, "{count} x {bits} bits of ")?;
                        fmt_loc(loc, n, f)?;
                    }
                    Part::Select {
                        zero,
                        one,
                        mask,
                        bits,
                        count,
                    } => {
                        write!(f, "{count} x {bits} bits by mask ")?;
                        fmt_mask(mask, f)?;
                        f.write_str(" of (")?;
                        fmt_loc(one, n, f)?;
                        f.write_str(") else (")?;
                        fmt_loc(zero, n, f)?;
                        f.write_str(")")?;
                    }
                }
                write!(f, " [{start},{end})")?;
                start = end;
            }
            f.write_str(if c.part_count() == 0 { "]" } else { " ]" })?;
            if !c.is_complete() {
                f.write_str(" (incomplete)")?;
            }
            fmt_bit(s.offset(), f)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::{AddressScope, AddressSpace, RegisterRange, Target};

    #[test]
    fn offsets_are_range_checked() {
        let mut l = LocDesc::register(34, 0, 32);
        l.offset_bits(24).unwrap();
        assert_eq!(l.first().offset(), 24);
        assert!(l.offset_bits(8).is_err()); // one past the end
        assert!(l.offset_bits(-25).is_err());
        let mut m = LocDesc::memory(6, 32, None, 0xffff_fffe);
        m.offset_bits(8).unwrap();
        assert!(m.offset_bits(8).is_err());
        let mut u = LocDesc::undefined();
        u.offset_bits(1 << 80).unwrap();
        assert!(u.is_undefined());
        // 64-bit memory: 2^67 bits
        let mut g = LocDesc::memory(0, 64, None, u64::MAX);
        g.offset_bits(7).unwrap();
        assert!(g.offset_bits(1).is_err());
    }

    #[test]
    fn display() {
        let t = Target::new("t", 64, 64)
            .with_registers(RegisterRange::new(2560, 256, 2048, "VGPR", 0))
            .with_address_space(AddressSpace::new(6, "private_wave", 32, AddressScope::Wave));
        let mut v = LocDesc::register(2561, 0, 2048);
        v.offset_bits(96).unwrap();
        assert_eq!(v.display(&t).to_string(), "register VGPR1 bit 96");
        assert_eq!(v.to_string(), "register 2561 bit 96");
        let m = LocDesc::memory(6, 32, None, 0x100);
        assert_eq!(m.display(&t).to_string(), "memory private_wave 0x100");
        assert_eq!(
            LocDesc::implicit(&[0x2a, 0, 0, 0, 0, 0, 0, 0]).to_string(),
            "implicit [2a 00 00 00 00 00 00 00]"
        );
        assert_eq!(LocDesc::undefined().to_string(), "undefined");
        let c = LocDesc::composite(vec![
            Part::Piece {
                loc: LocDesc::register(34, 0, 32),
                bits: 32,
            },
            Part::Piece {
                loc: LocDesc::undefined(),
                bits: 32,
            },
        ]);
        assert_eq!(
            c.to_string(),
            "composite[ register 34 [0,32) | undefined [32,64) ]"
        );
        let namer = |r: u64| (r == 34).then(|| "SGPR2".to_string());
        assert_eq!(
            c.display(&namer).to_string(),
            "composite[ register SGPR2 [0,32) | undefined [32,64) ]"
        );
        let mut two = LocDesc::register(34, 0, 32);
        two.union(m.clone());
        assert_eq!(two.to_string(), "{ register 34 ; memory aspace(6) 0x100 }");
        assert_eq!(two.len(), 2);
        assert_eq!(m.memory_address(), Some((6, 0x100)));
        assert_eq!(two.memory_address(), None);
    }
}
