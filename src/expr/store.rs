//! Where an [`Expr`](super::Expr) keeps its operations and their offsets: inline for
//! short expressions, on the heap for longer ones.

use super::op::Op;

/// Operations kept inline (no allocation) by [`Expr`](super::Expr); most location
/// expressions are shorter.
const INLINE_OPS: usize = 8;

/// The operations and offsets of an [`Expr`](super::Expr): inline for short expressions,
/// on the heap for longer ones. `offsets[i]` is the byte offset of `ops[i]`; one extra
/// entry holds the length.
// Inline on purpose: the point is to avoid an allocation for the common case.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(super) enum Store {
    Inline {
        len: u8,
        ops: [Op; INLINE_OPS],
        offsets: [u32; INLINE_OPS + 1],
    },
    Heap {
        ops: Vec<Op>,
        offsets: Vec<u32>,
    },
}

impl Store {
    #[inline]
    pub(super) fn new() -> Self {
        Store::Inline {
            len: 0,
            ops: [const { Op::Nop }; INLINE_OPS],
            offsets: [0; INLINE_OPS + 1],
        }
    }

    #[inline]
    pub(super) fn ops(&self) -> &[Op] {
        match self {
            Store::Inline { len, ops, .. } => &ops[..usize::from(*len)],
            Store::Heap { ops, .. } => ops,
        }
    }

    #[inline]
    pub(super) fn offsets(&self) -> &[u32] {
        match self {
            Store::Inline { len, offsets, .. } => &offsets[..usize::from(*len) + 1],
            Store::Heap { offsets, .. } => offsets,
        }
    }

    /// Appends `op` at byte `offset`; the caller then sets the length with
    /// [`Store::finish`].
    #[inline]
    pub(super) fn push(&mut self, op: Op, offset: u32) {
        match self {
            Store::Inline { len, ops, offsets } => {
                let n = usize::from(*len);
                if n < INLINE_OPS {
                    // The slot holds `Op::Nop`, which owns nothing: skip its drop glue.
                    std::mem::forget(std::mem::replace(&mut ops[n], op));
                    offsets[n] = offset;
                    *len += 1;
                    return;
                }
                let mut v = Vec::with_capacity(INLINE_OPS * 4);
                v.extend(ops.iter_mut().map(|o| std::mem::replace(o, Op::Nop)));
                v.push(op);
                let mut o = Vec::with_capacity(INLINE_OPS * 4 + 1);
                o.extend_from_slice(&offsets[..n]);
                o.push(offset);
                *self = Store::Heap { ops: v, offsets: o };
            }
            Store::Heap { ops, offsets } => {
                ops.push(op);
                offsets.push(offset);
            }
        }
    }

    /// Appends an operation written by `f` straight into its slot (no temporary `Op`:
    /// copying a freshly built enum stalls on store forwarding).
    #[inline(always)]
    pub(super) fn push_with(&mut self, offset: u32, f: impl FnOnce() -> Op) {
        match self {
            Store::Inline { len, ops, offsets } if usize::from(*len) < INLINE_OPS => {
                let n = usize::from(*len);
                // The slot holds `Op::Nop`, which owns nothing: skip its drop glue.
                std::mem::forget(std::mem::replace(&mut ops[n], f()));
                offsets[n] = offset;
                *len += 1;
            }
            _ => self.push(f(), offset),
        }
    }

    /// Removes every operation, keeping the heap buffers for reuse.
    #[inline]
    pub(super) fn clear(&mut self) {
        match self {
            Store::Inline { len, ops, .. } => {
                for op in &mut ops[..usize::from(*len)] {
                    *op = Op::Nop;
                }
                *len = 0;
            }
            Store::Heap { ops, offsets } => {
                ops.clear();
                offsets.clear();
            }
        }
    }

    /// Records the total length after the last operation.
    #[inline]
    pub(super) fn finish(&mut self, total: u32) {
        match self {
            Store::Inline { len, offsets, .. } => offsets[usize::from(*len)] = total,
            Store::Heap { offsets, .. } => offsets.push(total),
        }
    }
}
