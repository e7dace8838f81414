//! A location description as a flat list of parts: which bits of the value live where.
//!
//! [`LocDesc`] is a tree (places, composites of pieces whose locations are themselves
//! descriptions). A debugger backend that shows "bits 0-31 in v5, bits 32-63 in scratch at
//! 0x40" or highlights registers wants it flat; [`flatten`] walks the tree once.

use super::location::{LocDesc, Part, Single, Storage};

/// Where some bits of a value live: one leaf of a location description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocationPart<'a> {
    /// Which place of an object in several places at once (0 for the first).
    pub place: usize,
    /// Bit offset of this part within the value.
    pub value_bit_offset: u128,
    /// Bits the part covers: `None` for the whole of an uncomposed location, whose size
    /// is the value's.
    pub bits: Option<u128>,
    /// The storage (never a composite: composites are flattened).
    pub storage: &'a Storage,
    /// Bit offset into the storage.
    pub storage_bit_offset: u128,
    /// How the bits are replicated or chosen, for the parts of `DW_OP_LLVM_extend` and
    /// `DW_OP_LLVM_select_bit_piece`.
    pub shape: PartShape,
}

/// How a part's bits map onto the value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartShape {
    /// The bits, in order.
    Plain,
    /// Each of `count` elements of `element_bits` is the storage's first bits
    /// (`DW_OP_LLVM_extend`).
    Repeated {
        /// Element size in bits.
        element_bits: u64,
        /// Element count.
        count: u64,
    },
    /// The elements whose mask bit equals `when_mask_bit` come from this storage
    /// (`DW_OP_LLVM_select_bit_piece`).
    Selected {
        /// Element size in bits.
        element_bits: u64,
        /// Element count.
        count: u64,
        /// Which mask value picks this source.
        when_mask_bit: bool,
    },
}

/// The parts of `loc`, place by place, each composite's pieces in bit order. Pieces whose
/// location has several places give one part per place, at the same value offset.
pub fn flatten(loc: &LocDesc) -> Vec<LocationPart<'_>> {
    let mut out = Vec::new();
    for (place, single) in loc.iter().enumerate() {
        walk(single, place, 0, None, PartShape::Plain, 0, &mut out);
    }
    out
}

/// Composite nesting is bounded by the expression that built it; this bound only keeps a
/// hand-made description from recursing without end.
const MAX_DEPTH: usize = 64;

fn walk<'a>(
    single: &'a Single,
    place: usize,
    value_bit_offset: u128,
    bits: Option<u128>,
    shape: PartShape,
    depth: usize,
    out: &mut Vec<LocationPart<'a>>,
) {
    let Storage::Composite(c) = &single.storage else {
        out.push(LocationPart {
            place,
            value_bit_offset,
            bits,
            storage: &single.storage,
            storage_bit_offset: single.offset(),
            shape,
        });
        return;
    };
    if depth >= MAX_DEPTH {
        return;
    }
    // A composite read from a bit offset: skip the parts before it, cut the first.
    let mut skip = single.offset();
    let mut at = value_bit_offset;
    for part in c.parts() {
        let size = part.bits();
        if skip >= size {
            skip -= size;
            continue;
        }
        let (sources, part_shape): (Vec<&'a LocDesc>, Vec<PartShape>) = match part {
            Part::Piece { loc, .. } => (vec![loc], vec![PartShape::Plain]),
            Part::Repeat { loc, bits, count } => (
                vec![loc],
                vec![PartShape::Repeated {
                    element_bits: *bits,
                    count: *count,
                }],
            ),
            Part::Select {
                zero,
                one,
                bits,
                count,
                ..
            } => (
                vec![zero.as_ref(), one.as_ref()],
                [false, true]
                    .map(|when_mask_bit| PartShape::Selected {
                        element_bits: *bits,
                        count: *count,
                        when_mask_bit,
                    })
                    .to_vec(),
            ),
        };
        let taken = size - skip;
        for (source, shape) in sources.into_iter().zip(part_shape) {
            for inner in source.iter() {
                if skip > 0 && shape == PartShape::Plain {
                    out_shifted(inner, skip, place, at, taken, depth, out);
                } else {
                    walk(inner, place, at, Some(taken), shape, depth + 1, out);
                }
            }
        }
        skip = 0;
        at += taken;
    }
}

/// A plain piece entered `skip` bits in: its leaves with their offsets moved by `skip`.
fn out_shifted<'a>(
    inner: &'a Single,
    skip: u128,
    place: usize,
    at: u128,
    taken: u128,
    depth: usize,
    out: &mut Vec<LocationPart<'a>>,
) {
    let start = out.len();
    walk(
        inner,
        place,
        at,
        Some(taken + skip),
        PartShape::Plain,
        depth + 1,
        out,
    );
    // The walk laid the piece out from its start; drop what lies before `skip` and move
    // the rest back.
    let mut kept = Vec::new();
    for mut p in out.drain(start..) {
        let size = p.bits.unwrap_or(0);
        let begin = p.value_bit_offset - at;
        let end = begin + size;
        if end <= skip {
            continue;
        }
        let cut = skip.saturating_sub(begin);
        p.storage_bit_offset += cut;
        p.value_bit_offset = at + begin + cut - skip;
        p.bits = Some(size - cut);
        kept.push(p);
    }
    out.extend(kept);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::location::Composite;

    fn reg(reg: u64) -> LocDesc {
        LocDesc::new(
            Storage::Register {
                reg,
                frame: 0,
                bits: 32,
            },
            0,
        )
    }

    #[test]
    fn a_register_pair_is_two_parts_in_bit_order() {
        let mut c = Composite::default();
        c.push(Part::Piece {
            loc: reg(2600),
            bits: 32,
        });
        c.push(Part::Piece {
            loc: LocDesc::memory(5, 32, Some(3), 0x40),
            bits: 32,
        });
        let loc = LocDesc::new(Storage::Composite(c), 0);
        let parts = flatten(&loc);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].value_bit_offset, 0);
        assert_eq!(parts[0].bits, Some(32));
        assert!(matches!(
            parts[0].storage,
            Storage::Register { reg: 2600, .. }
        ));
        assert_eq!(parts[1].value_bit_offset, 32);
        assert_eq!(parts[1].storage_bit_offset, 0x40 * 8);
        assert!(matches!(parts[1].storage, Storage::Memory(m) if m.aspace == 5));
    }

    #[test]
    fn several_places_are_numbered_and_a_plain_location_has_no_size() {
        let mut loc = reg(65);
        loc.union(LocDesc::memory(1, 64, None, 0x1000));
        let parts = flatten(&loc);
        assert_eq!(parts.len(), 2);
        assert_eq!((parts[0].place, parts[1].place), (0, 1));
        assert_eq!(parts[0].bits, None);
    }

    #[test]
    fn a_composite_read_from_an_offset_starts_inside_its_first_piece() {
        let mut c = Composite::default();
        for r in [10, 11] {
            c.push(Part::Piece {
                loc: reg(r),
                bits: 32,
            });
        }
        let loc = LocDesc::new(Storage::Composite(c), 16);
        let parts = flatten(&loc);
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].storage_bit_offset, 16);
        assert_eq!(parts[0].bits, Some(16));
        assert_eq!((parts[1].value_bit_offset, parts[1].bits), (16, Some(32)));
    }
}
