//! DWARF expressions: the operation vocabulary, decoding, encoding and printing.
//!
//! * [`Expr::decode`] turns expression bytes into a compact list of [`Op`]s with their
//!   byte offsets, checking every branch lands on an operation boundary.
//! * [`encode`](encode::encode) / [`Expr::from_ops`] go the other way.
//! * [`asm`] parses the `llvm-dwarfdump` spelling (and a short form) into ops;
//!   [`disasm`] prints expressions exactly as `llvm-dwarfdump` from LLVM 22 does.
//! * [`detect_encoding`] decides, per code object, whether the LLVM heterogeneous
//!   operations use the `DW_OP_LLVM_user` prefix or the legacy one-byte opcodes.
//!
//! None of these functions panic on arbitrary input, and allocation is bounded by the
//! input length.
//!
//! ```
//! use hetdwarf::expr::{DecodeParams, Encoding, Expr, Op, asm, disasm};
//! // The register names come from the target: here the AMDGPU crate's (`llvm-dwarfdump`'s).
//! use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
//!
//! let names = AmdgpuDwarfdumpNames;
//! let params = DecodeParams::amdgpu(Encoding::User);
//! // The lane-sliced view of VGPR1 (short assembler form).
//! let e = asm::assemble("regx v1 LLVM_push_lane lit4 mul LLVM_offset piece 4", &names, params)
//!     .unwrap();
//! assert_eq!(e.ops()[0], Op::Regx(2561));
//! assert_eq!(
//!     disasm::disassemble(&e, &names),
//!     "DW_OP_regx VGPR1, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, \
//!      DW_OP_LLVM_user DW_OP_LLVM_offset, DW_OP_piece 0x4"
//! );
//! let bytes = e.to_bytes();
//! assert_eq!(bytes, [0x90, 0x81, 0x14, 0xe9, 0x03, 0x34, 0x1e, 0xe9, 0x04, 0x93, 0x04]);
//! assert_eq!(Expr::decode(&bytes, params).unwrap(), e);
//! ```

pub mod asm;
mod decode;
mod detect;
pub mod disasm;
pub(crate) mod encode;
mod error;
pub(crate) mod leb;
pub(crate) mod names;
pub(crate) mod op;
mod store;
pub(crate) mod table;

#[cfg(test)]
pub(crate) mod test_names;
#[cfg(test)]
mod tests;

pub(crate) use decode::extend_const;
pub use detect::{EncodingDecision, detect_encoding, encoding_vote};
pub use encode::{EncodeError, encode};
pub use error::DecodeError;
pub use names::{NoRegisterNames, RegisterNames};
pub use op::{ConstForm, DieRef, Encoding, Op, Spelling, opcode};

use store::Store;

/// How to read an expression: the heterogeneous-op convention plus the unit's sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DecodeParams {
    /// `DW_OP_LLVM_user` prefix or legacy one-byte opcodes.
    pub encoding: Encoding,
    /// Size of a target address (`DW_OP_addr`): 1, 2, 4 or 8 (AMDGPU: 8).
    pub address_size: u8,
    /// Size of a `.debug_info` offset (`DW_OP_call_ref`, `DW_OP_implicit_pointer`,
    /// `DW_OP_GNU_variable_value`): 4 for DWARF32, 8 for DWARF64.
    ///
    /// Like LLVM and gimli, this is used for DWARF 2 units too (where `DW_FORM_ref_addr`
    /// was address-sized): no producer emits `call_ref` in DWARF 2.
    pub offset_size: u8,
    /// The unit's DWARF version (informational; operands do not depend on it).
    pub version: u16,
}

impl DecodeParams {
    /// 64-bit addresses, DWARF32, DWARF 5: what AMDGPU producers emit.
    pub const fn amdgpu(encoding: Encoding) -> Self {
        DecodeParams {
            encoding,
            address_size: 8,
            offset_size: 4,
            version: 5,
        }
    }

    pub(crate) fn check(self) -> Result<(), DecodeError> {
        if !matches!(self.address_size, 1 | 2 | 4 | 8) || !matches!(self.offset_size, 4 | 8) {
            return Err(DecodeError::BadParams {
                address_size: self.address_size,
                offset_size: self.offset_size,
            });
        }
        Ok(())
    }
}

/// A decoded DWARF expression: its operations, their byte offsets, and the parameters
/// it was decoded (or encoded) with.
///
/// Up to eight operations are stored inline, so decoding a typical location expression
/// does not allocate.
#[derive(Clone)]
pub struct Expr {
    store: Store,
    params: DecodeParams,
}

impl PartialEq for Expr {
    fn eq(&self, other: &Self) -> bool {
        self.params == other.params
            && self.store.ops() == other.store.ops()
            && self.store.offsets() == other.store.offsets()
    }
}

impl Eq for Expr {}

impl std::fmt::Debug for Expr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Expr")
            .field("ops", &self.store.ops())
            .field("offsets", &self.store.offsets())
            .field("params", &self.params)
            .finish()
    }
}

impl Expr {
    /// An expression with no operations (the empty location description).
    pub fn empty(params: DecodeParams) -> Expr {
        let mut store = Store::new();
        store.finish(0);
        Expr { store, params }
    }

    /// Builds an expression from operations, computing offsets with the encoder.
    ///
    /// Fails if an op has no encoding under `params.encoding`, an operand does not fit
    /// its encoding, or a branch does not land on an operation boundary.
    pub fn from_ops(ops: Vec<Op>, params: DecodeParams) -> Result<Expr, EncodeError> {
        if params.check().is_err() {
            return Err(EncodeError::BadParams {
                address_size: params.address_size,
                offset_size: params.offset_size,
            });
        }
        let mut offsets = Vec::with_capacity(ops.len() + 1);
        let mut len: u64 = 0;
        let mut scratch = Vec::new();
        for (index, op) in ops.iter().enumerate() {
            let off = u32::try_from(len).map_err(|_| EncodeError::TooLong)?;
            offsets.push(off);
            scratch.clear();
            encode::encode_op(op, params, &mut scratch).map_err(|e| e.at(index))?;
            len += scratch.len() as u64;
        }
        offsets.push(u32::try_from(len).map_err(|_| EncodeError::TooLong)?);
        let expr = Expr {
            store: Store::Heap { ops, offsets },
            params,
        };
        expr.check_branches()
            .map_err(|(index, target)| EncodeError::BadBranchTarget { index, target })?;
        Ok(expr)
    }

    /// The operations, in order.
    #[inline]
    pub fn ops(&self) -> &[Op] {
        self.store.ops()
    }

    /// Byte offset of operation `index` within the expression; `index == ops().len()`
    /// gives the length. Panics if `index > ops().len()`.
    #[inline]
    pub fn op_offset(&self, index: usize) -> u64 {
        u64::from(self.store.offsets()[index])
    }

    /// Length of the encoded expression in bytes.
    pub fn len_bytes(&self) -> u64 {
        u64::from(*self.store.offsets().last().unwrap_or(&0))
    }

    /// For `DW_OP_skip`/`DW_OP_bra` at `index`: the index of the operation the branch
    /// goes to (`ops().len()` means the end of the expression). `None` for other ops or
    /// an out-of-range index.
    pub fn branch_target(&self, index: usize) -> Option<usize> {
        let disp = match self.ops().get(index)? {
            Op::Skip(d) | Op::Bra(d) => i64::from(*d),
            _ => return None,
        };
        let offsets = self.store.offsets();
        let target = i64::from(offsets[index + 1]) + disp;
        let target = u32::try_from(target).ok()?;
        offsets.binary_search(&target).ok()
    }

    /// The heterogeneous-op convention.
    pub fn encoding(&self) -> Encoding {
        self.params.encoding
    }

    /// All parameters (encoding, address and offset size, version).
    pub fn params(&self) -> DecodeParams {
        self.params
    }

    /// Re-encodes the operations as they are (canonical LEB128 forms, branch
    /// displacements verbatim).
    ///
    /// For an expression decoded from bytes that used padded LEB128 numbers the result
    /// is shorter than [`Expr::len_bytes`], and a branch that jumps over such a number
    /// no longer lands on an operation boundary; use [`Expr::canonical`] first when the
    /// bytes must be a valid expression again.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len_bytes() as usize);
        for op in self.ops() {
            // Every op of an `Expr` was checked to be encodable under its params.
            let _ = encode::encode_op(op, self.params, &mut out);
        }
        out
    }

    /// The same program laid out canonically: every operand re-encoded in its shortest
    /// form and every `skip`/`bra` displacement recomputed so that it reaches the same
    /// operation ([`Expr::branch_target`] is unchanged). For an expression already in
    /// canonical form this is a plain copy.
    pub fn canonical(&self) -> Expr {
        let mut new_offsets = Vec::with_capacity(self.store.offsets().len());
        let mut len: u32 = 0;
        let mut scratch = Vec::new();
        for op in self.ops() {
            new_offsets.push(len);
            scratch.clear();
            // Every op of an `Expr` is encodable under its params.
            let _ = encode::encode_op(op, self.params, &mut scratch);
            // Canonical encodings are never longer than the decoded ones.
            len = len.saturating_add(scratch.len() as u32);
        }
        new_offsets.push(len);
        if new_offsets == self.store.offsets() {
            return self.clone();
        }
        let mut ops = self.ops().to_vec();
        for (index, op) in ops.iter_mut().enumerate() {
            if let Op::Skip(d) | Op::Bra(d) = op
                && let Some(target) = self.branch_target(index)
            {
                let disp = i64::from(new_offsets[target]) - i64::from(new_offsets[index + 1]);
                // |disp| only shrinks when operands get shorter.
                *d = i16::try_from(disp).unwrap_or(*d);
            }
        }
        Expr {
            store: Store::Heap {
                ops,
                offsets: new_offsets,
            },
            params: self.params,
        }
    }

    /// Returns `(op index, computed target byte)` of the first bad branch.
    fn check_branches(&self) -> Result<(), (usize, i64)> {
        for (index, op) in self.ops().iter().enumerate() {
            if let Op::Skip(d) | Op::Bra(d) = op {
                let target = i64::from(self.store.offsets()[index + 1]) + i64::from(*d);
                if self.branch_target(index).is_none() {
                    return Err((index, target));
                }
            }
        }
        Ok(())
    }
}
