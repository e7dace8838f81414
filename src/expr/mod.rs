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
//! use hetdwarf::expr::amdgpu_names::AmdgpuDwarfdumpNames;
//! use hetdwarf::expr::{DecodeParams, Encoding, Expr, Op, asm, disasm};
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

pub mod amdgpu_names;
pub mod asm;
mod detect;
pub mod disasm;
pub mod encode;
pub(crate) mod leb;
pub mod names;
pub mod op;

#[cfg(test)]
mod tests;

pub use detect::{EncodingDecision, detect_encoding, encoding_vote};
pub use encode::EncodeError;
pub use names::{NoRegisterNames, RegisterNames};
pub use op::{ConstForm, DieRef, Encoding, Op, Spelling};

use leb::{LebError, Reader};
use op::opcode;

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

/// Why expression bytes could not be decoded. Every variant carries the byte offset
/// (from the start of the expression) of the operation at fault.
/// What other producers mean by one-byte opcode `opcode`, for an unknown-opcode message.
fn opcode_candidates(opcode: u8) -> String {
    const LEGACY: [&str; 12] = [
        "form_aspace_address",
        "push_lane",
        "offset",
        "offset_uconst",
        "bit_offset",
        "call_frame_entry_reg",
        "undefined",
        "aspace_bregx",
        "aspace_implicit_pointer",
        "piece_end",
        "extend",
        "select_bit_piece",
    ];
    let mut candidates = Vec::new();
    if let 0xe1..=0xec = opcode {
        candidates.push(format!(
            "DW_OP_LLVM_{} in AMD's legacy one-byte encoding (read the object with the legacy encoding if its producer used it)",
            LEGACY[usize::from(opcode - 0xe1)]
        ));
    }
    if let 0xeb..=0xed = opcode {
        candidates.push("an operation of Intel's GPU compiler, which also uses 0xeb..0xed".into());
    }
    if opcode == 0xed {
        candidates.push("DW_OP_WASM_location (WebAssembly), which means nothing on AMDGPU".into());
    }
    if candidates.is_empty() {
        String::new()
    } else {
        format!(" (maybe {})", candidates.join("; or "))
    }
}

/// What other producers mean by `DW_OP_LLVM_user` sub-opcode `subop`.
fn user_subop_candidates(subop: u64) -> String {
    match subop {
        0 => " (reserved)".into(),
        0x0d => " (DW_OP_LLVM_NVIDIA_mux, which upstream LLVM assigned to NVIDIA; its operands are not read here)".into(),
        _ => " (an operation of a producer newer than hetdwarf, or another vendor's)".into(),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// An opcode this decoder does not know (under the chosen [`Encoding`]).
    #[error("unknown opcode {opcode:#04x} at offset {offset}{}", opcode_candidates(*opcode))]
    UnknownOpcode {
        /// Offset of the opcode.
        offset: u64,
        /// The opcode byte.
        opcode: u8,
    },
    /// A `DW_OP_LLVM_user` sub-opcode that is reserved (0), unknown, or whose operand
    /// layout is unknown (`DW_OP_LLVM_NVIDIA_mux`, 0x0d); the rest of the expression
    /// cannot be decoded.
    #[error("unknown DW_OP_LLVM_user sub-opcode {subop:#x} at offset {offset}{}", user_subop_candidates(*subop))]
    UnknownUserSubop {
        /// Offset of the `DW_OP_LLVM_user` byte.
        offset: u64,
        /// The sub-opcode.
        subop: u64,
    },
    /// The expression ends inside an operation's operands.
    #[error("operands of opcode {op:#04x} at offset {offset} are truncated")]
    Truncated {
        /// Offset of the operation.
        offset: u64,
        /// Its opcode byte.
        op: u8,
    },
    /// A LEB128 operand does not fit 64 bits.
    #[error("LEB128 operand at offset {offset} overflows 64 bits")]
    LebOverflow {
        /// Offset of the first byte of the LEB128 number.
        offset: u64,
    },
    /// A `DW_OP_skip`/`DW_OP_bra` whose target is not the start of an operation or
    /// the end of the expression.
    #[error("branch at offset {offset} targets byte {target}, not an operation boundary")]
    BadBranchTarget {
        /// Offset of the branch operation.
        offset: u64,
        /// The target byte offset it computes (may be negative or past the end).
        target: i64,
    },
    /// The expression is longer than 4 GiB.
    #[error("expression of {len} bytes is too long")]
    TooLong {
        /// Its length.
        len: u64,
    },
    /// Unsupported address or offset size in [`DecodeParams`].
    #[error("unsupported address size {address_size} / offset size {offset_size}")]
    BadParams {
        /// Address size given.
        address_size: u8,
        /// Offset size given.
        offset_size: u8,
    },
}

impl DecodeError {
    /// Byte offset of the operation at fault (0 for [`DecodeError::TooLong`] and
    /// [`DecodeError::BadParams`]).
    pub fn offset(&self) -> u64 {
        match *self {
            DecodeError::UnknownOpcode { offset, .. }
            | DecodeError::UnknownUserSubop { offset, .. }
            | DecodeError::Truncated { offset, .. }
            | DecodeError::LebOverflow { offset }
            | DecodeError::BadBranchTarget { offset, .. } => offset,
            DecodeError::TooLong { .. } | DecodeError::BadParams { .. } => 0,
        }
    }
}

/// Operations kept inline (no allocation) by [`Expr`]; most location expressions are
/// shorter.
const INLINE_OPS: usize = 8;

/// The operations and offsets of an [`Expr`]: inline for short expressions, on the heap
/// for longer ones. `offsets[i]` is the byte offset of `ops[i]`; one extra entry holds
/// the length.
// Inline on purpose: the point is to avoid an allocation for the common case.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
enum Store {
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
    fn new() -> Self {
        Store::Inline {
            len: 0,
            ops: [const { Op::Nop }; INLINE_OPS],
            offsets: [0; INLINE_OPS + 1],
        }
    }

    #[inline]
    fn ops(&self) -> &[Op] {
        match self {
            Store::Inline { len, ops, .. } => &ops[..usize::from(*len)],
            Store::Heap { ops, .. } => ops,
        }
    }

    #[inline]
    fn offsets(&self) -> &[u32] {
        match self {
            Store::Inline { len, offsets, .. } => &offsets[..usize::from(*len) + 1],
            Store::Heap { offsets, .. } => offsets,
        }
    }

    /// Appends `op` at byte `offset`; the caller then sets the length with
    /// [`Store::finish`].
    #[inline]
    fn push(&mut self, op: Op, offset: u32) {
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
    fn push_with(&mut self, offset: u32, f: impl FnOnce() -> Op) {
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
    fn clear(&mut self) {
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
    fn finish(&mut self, total: u32) {
        match self {
            Store::Inline { len, offsets, .. } => offsets[usize::from(*len)] = total,
            Store::Heap { offsets, .. } => offsets.push(total),
        }
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
    /// Decodes `bytes` completely.
    ///
    /// Fails on the first unknown opcode, unknown `DW_OP_LLVM_user` sub-opcode,
    /// truncated operand, overflowing LEB128 number, or branch that does not land on an
    /// operation boundary. Never panics; allocation is bounded by `bytes.len()`.
    pub fn decode(bytes: &[u8], params: DecodeParams) -> Result<Expr, DecodeError> {
        let mut expr = Expr::empty(params);
        expr.decode_into(bytes, params)?;
        Ok(expr)
    }

    /// An expression with no operations (the empty location description).
    pub fn empty(params: DecodeParams) -> Expr {
        let mut store = Store::new();
        store.finish(0);
        Expr { store, params }
    }

    /// Decodes `bytes` into this expression, replacing its operations and reusing its
    /// storage: a caller that evaluates many expressions keeps one `Expr` and decodes each
    /// into it, with no copy of the decoded operations. Errors as [`Expr::decode`]; on
    /// error the expression is left empty.
    pub fn decode_into(&mut self, bytes: &[u8], params: DecodeParams) -> Result<(), DecodeError> {
        self.store.clear();
        self.params = params;
        let r = self.decode_ops(bytes, params);
        if r.is_err() {
            self.store.clear();
            self.store.finish(0);
        }
        r
    }

    fn decode_ops(&mut self, bytes: &[u8], params: DecodeParams) -> Result<(), DecodeError> {
        params.check()?;
        if u32::try_from(bytes.len()).is_err() {
            return Err(DecodeError::TooLong {
                len: bytes.len() as u64,
            });
        }
        let store = &mut self.store;
        let mut r = Reader::new(bytes, 0);
        let mut branches = false;
        while !r.at_end() {
            let at = r.pos() as u32;
            if decode_common(&mut r, params, |op| store.push_with(at, || op)) {
                continue;
            }
            r = Reader::new(bytes, at as usize);
            let op = decode_op(&mut r, params)?;
            branches |= matches!(op, Op::Skip(_) | Op::Bra(_));
            store.push(op, at);
        }
        store.finish(bytes.len() as u32);
        if branches {
            self.check_branches()
                .map_err(|(index, target)| DecodeError::BadBranchTarget {
                    offset: self.op_offset(index),
                    target,
                })?;
        }
        Ok(())
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

fn leb_err(e: LebError, offset: usize, op: u8, leb_at: usize) -> DecodeError {
    match e {
        LebError::Truncated => DecodeError::Truncated {
            offset: offset as u64,
            op,
        },
        LebError::Overflow => DecodeError::LebOverflow {
            offset: leb_at as u64,
        },
    }
}

/// Decodes one of the most common location operations (no branches) and hands it to
/// `put`; false (reader position unspecified) for anything else, including malformed
/// operands, which [`decode_op`] then decodes or reports. Shared by the decoder and the
/// evaluator's quick tier, which runs expressions straight from their bytes.
#[inline(always)]
pub(crate) fn decode_common(
    r: &mut Reader<'_>,
    params: DecodeParams,
    put: impl FnOnce(Op),
) -> bool {
    use opcode as c;
    let Some(code) = r.u8() else {
        return false;
    };
    macro_rules! put {
        ($op:expr) => {{
            put($op);
            return true;
        }};
    }
    macro_rules! uleb {
        () => {
            match r.uleb() {
                Ok(v) => v,
                Err(_) => return false,
            }
        };
    }
    macro_rules! sleb {
        () => {
            match r.sleb() {
                Ok(v) => v,
                Err(_) => return false,
            }
        };
    }
    match code {
        c::LIT0..=c::LIT31 => put!(Op::Lit(code - c::LIT0)),
        c::REG0..=c::REG31 => put!(Op::Reg(code - c::REG0)),
        c::BREG0..=c::BREG31 => {
            let offset = sleb!();
            put!(Op::Breg {
                reg: code - c::BREG0,
                offset
            })
        }
        c::REGX => {
            let v = uleb!();
            put!(Op::Regx(v))
        }
        c::BREGX => {
            let reg = uleb!();
            let offset = sleb!();
            put!(Op::Bregx { reg, offset })
        }
        c::FBREG => {
            let v = sleb!();
            put!(Op::Fbreg(v))
        }
        c::PIECE => {
            let v = uleb!();
            put!(Op::Piece(v))
        }
        c::PLUS_UCONST => {
            let v = uleb!();
            put!(Op::PlusUconst(v))
        }
        c::CONSTU => {
            let v = uleb!();
            put!(Op::Constu(v))
        }
        c::CONSTS => {
            let v = sleb!();
            put!(Op::Consts(v))
        }
        c::DEREF => put!(Op::Deref),
        c::DUP => put!(Op::Dup),
        c::DROP => put!(Op::Drop),
        c::OVER => put!(Op::Over),
        c::SWAP => put!(Op::Swap),
        c::ROT => put!(Op::Rot),
        c::XDEREF => put!(Op::Xderef),
        c::AND => put!(Op::And),
        c::MINUS => put!(Op::Minus),
        c::MUL => put!(Op::Mul),
        c::OR => put!(Op::Or),
        c::PLUS => put!(Op::Plus),
        c::SHL => put!(Op::Shl),
        c::SHR => put!(Op::Shr),
        c::XOR => put!(Op::Xor),
        c::STACK_VALUE => put!(Op::StackValue),
        c::NOP => put!(Op::Nop),
        c::LLVM_USER if params.encoding == Encoding::User => {
            use opcode::user as u;
            match uleb!() {
                u::FORM_ASPACE_ADDRESS => put!(Op::LlvmFormAspaceAddress),
                u::PUSH_LANE => put!(Op::LlvmPushLane),
                u::OFFSET => put!(Op::LlvmOffset),
                u::OFFSET_UCONST => {
                    let v = uleb!();
                    put!(Op::LlvmOffsetUconst(v))
                }
                u::PIECE_END => put!(Op::LlvmPieceEnd),
                _ => false,
            }
        }
        _ => false,
    }
}

/// Decodes one operation at the reader's position.
fn decode_op(r: &mut Reader<'_>, params: DecodeParams) -> Result<Op, DecodeError> {
    use opcode as c;
    let start = r.pos();
    let code = r.u8().ok_or(DecodeError::Truncated {
        offset: start as u64,
        op: 0,
    })?;
    let trunc = DecodeError::Truncated {
        offset: start as u64,
        op: code,
    };
    macro_rules! uleb {
        () => {{
            let at = r.pos();
            r.uleb().map_err(|e| leb_err(e, start, code, at))?
        }};
    }
    macro_rules! sleb {
        () => {{
            let at = r.pos();
            r.sleb().map_err(|e| leb_err(e, start, code, at))?
        }};
    }
    macro_rules! fixed {
        ($n:expr) => {
            r.fixed($n as usize).ok_or(trunc.clone())?
        };
    }
    macro_rules! byte {
        () => {
            r.u8().ok_or(trunc.clone())?
        };
    }
    let spelling = |gnu: bool| {
        if gnu { Spelling::Gnu } else { Spelling::Dwarf5 }
    };
    let op = match code {
        c::ADDR => Op::Addr(fixed!(params.address_size)),
        c::DEREF => Op::Deref,
        c::CONST1U..=c::CONST8S if let Some(form) = ConstForm::of_opcode(code) => {
            let raw = fixed!(form.size());
            Op::Const {
                form,
                value: extend_const(form, raw),
            }
        }
        c::CONSTU => Op::Constu(uleb!()),
        c::CONSTS => Op::Consts(sleb!()),
        c::DUP => Op::Dup,
        c::DROP => Op::Drop,
        c::OVER => Op::Over,
        c::PICK => Op::Pick(byte!()),
        c::SWAP => Op::Swap,
        c::ROT => Op::Rot,
        c::XDEREF => Op::Xderef,
        c::ABS => Op::Abs,
        c::AND => Op::And,
        c::DIV => Op::Div,
        c::MINUS => Op::Minus,
        c::MOD => Op::Mod,
        c::MUL => Op::Mul,
        c::NEG => Op::Neg,
        c::NOT => Op::Not,
        c::OR => Op::Or,
        c::PLUS => Op::Plus,
        c::PLUS_UCONST => Op::PlusUconst(uleb!()),
        c::SHL => Op::Shl,
        c::SHR => Op::Shr,
        c::SHRA => Op::Shra,
        c::XOR => Op::Xor,
        c::BRA => Op::Bra(fixed!(2) as u16 as i16),
        c::EQ => Op::Eq,
        c::GE => Op::Ge,
        c::GT => Op::Gt,
        c::LE => Op::Le,
        c::LT => Op::Lt,
        c::NE => Op::Ne,
        c::SKIP => Op::Skip(fixed!(2) as u16 as i16),
        c::LIT0..=c::LIT31 => Op::Lit(code - c::LIT0),
        c::REG0..=c::REG31 => Op::Reg(code - c::REG0),
        c::BREG0..=c::BREG31 => Op::Breg {
            reg: code - c::BREG0,
            offset: sleb!(),
        },
        c::REGX => Op::Regx(uleb!()),
        c::FBREG => Op::Fbreg(sleb!()),
        c::BREGX => {
            let reg = uleb!();
            Op::Bregx {
                reg,
                offset: sleb!(),
            }
        }
        c::PIECE => Op::Piece(uleb!()),
        c::DEREF_SIZE => Op::DerefSize(byte!()),
        c::XDEREF_SIZE => Op::XderefSize(byte!()),
        c::NOP => Op::Nop,
        c::PUSH_OBJECT_ADDRESS => Op::PushObjectAddress,
        c::CALL2 => Op::Call2(fixed!(2) as u16),
        c::CALL4 => Op::Call4(fixed!(4) as u32),
        c::CALL_REF => Op::CallRef(fixed!(params.offset_size)),
        c::FORM_TLS_ADDRESS => Op::FormTlsAddress,
        c::CALL_FRAME_CFA => Op::CallFrameCfa,
        c::BIT_PIECE => {
            let size = uleb!();
            Op::BitPiece {
                size,
                offset: uleb!(),
            }
        }
        c::IMPLICIT_VALUE => {
            let len = uleb!();
            Op::ImplicitValue(r.take(len).ok_or(trunc.clone())?.into())
        }
        c::STACK_VALUE => Op::StackValue,
        c::IMPLICIT_POINTER | c::GNU_IMPLICIT_POINTER => {
            let die = fixed!(params.offset_size);
            Op::ImplicitPointer {
                die,
                offset: sleb!(),
                spelling: spelling(code == c::GNU_IMPLICIT_POINTER),
            }
        }
        c::ADDRX | c::GNU_ADDR_INDEX => Op::Addrx {
            index: uleb!(),
            spelling: spelling(code == c::GNU_ADDR_INDEX),
        },
        c::CONSTX | c::GNU_CONST_INDEX => Op::Constx {
            index: uleb!(),
            spelling: spelling(code == c::GNU_CONST_INDEX),
        },
        c::ENTRY_VALUE | c::GNU_ENTRY_VALUE => {
            let len = uleb!();
            Op::EntryValue {
                block: r.take(len).ok_or(trunc.clone())?.into(),
                spelling: spelling(code == c::GNU_ENTRY_VALUE),
            }
        }
        c::CONST_TYPE | c::GNU_CONST_TYPE => {
            let base_type = uleb!();
            let len = byte!();
            Op::ConstType {
                base_type,
                bytes: r.take(u64::from(len)).ok_or(trunc.clone())?.into(),
                spelling: spelling(code == c::GNU_CONST_TYPE),
            }
        }
        c::REGVAL_TYPE | c::GNU_REGVAL_TYPE => {
            let reg = uleb!();
            Op::RegvalType {
                reg,
                base_type: uleb!(),
                spelling: spelling(code == c::GNU_REGVAL_TYPE),
            }
        }
        c::DEREF_TYPE | c::GNU_DEREF_TYPE => {
            let size = byte!();
            Op::DerefType {
                size,
                base_type: uleb!(),
                spelling: spelling(code == c::GNU_DEREF_TYPE),
            }
        }
        c::XDEREF_TYPE => {
            let size = byte!();
            Op::XderefType {
                size,
                base_type: uleb!(),
            }
        }
        c::CONVERT | c::GNU_CONVERT => Op::Convert {
            base_type: uleb!(),
            spelling: spelling(code == c::GNU_CONVERT),
        },
        c::REINTERPRET | c::GNU_REINTERPRET => Op::Reinterpret {
            base_type: uleb!(),
            spelling: spelling(code == c::GNU_REINTERPRET),
        },
        c::GNU_PUSH_TLS_ADDRESS => Op::GnuPushTlsAddress,
        c::GNU_UNINIT => Op::GnuUninit,
        c::GNU_PARAMETER_REF => Op::GnuParameterRef(fixed!(4) as u32),
        c::GNU_VARIABLE_VALUE => Op::GnuVariableValue(fixed!(params.offset_size)),
        c::LLVM_USER if params.encoding == Encoding::User => {
            let subop = uleb!();
            decode_user(r, subop, start, code)?
        }
        c::legacy::FORM_ASPACE_ADDRESS..=c::legacy::SELECT_BIT_PIECE
            if params.encoding == Encoding::Legacy =>
        {
            use c::legacy as l;
            match code {
                l::FORM_ASPACE_ADDRESS => Op::LlvmFormAspaceAddress,
                l::PUSH_LANE => Op::LlvmPushLane,
                l::OFFSET => Op::LlvmOffset,
                l::OFFSET_UCONST => Op::LlvmOffsetUconst(uleb!()),
                l::BIT_OFFSET => Op::LlvmBitOffset,
                l::CALL_FRAME_ENTRY_REG => Op::LlvmCallFrameEntryReg(uleb!()),
                l::UNDEFINED => Op::LlvmUndefined,
                l::ASPACE_BREGX => {
                    let reg = uleb!();
                    Op::LlvmAspaceBregx {
                        reg,
                        offset: sleb!(),
                    }
                }
                l::ASPACE_IMPLICIT_POINTER => {
                    let die = fixed!(params.offset_size);
                    Op::LlvmAspaceImplicitPointer {
                        die,
                        offset: sleb!(),
                    }
                }
                l::PIECE_END => Op::LlvmPieceEnd,
                l::EXTEND => {
                    let bits = uleb!();
                    Op::LlvmExtend {
                        bits,
                        count: uleb!(),
                    }
                }
                _ => {
                    let bits = uleb!();
                    Op::LlvmSelectBitPiece {
                        bits,
                        count: uleb!(),
                    }
                }
            }
        }
        _ => {
            return Err(DecodeError::UnknownOpcode {
                offset: start as u64,
                opcode: code,
            });
        }
    };
    Ok(op)
}

/// Decodes the operands of `DW_OP_LLVM_user <subop>`.
fn decode_user(r: &mut Reader<'_>, subop: u64, start: usize, code: u8) -> Result<Op, DecodeError> {
    use opcode::user as u;
    macro_rules! uleb {
        () => {{
            let at = r.pos();
            r.uleb().map_err(|e| leb_err(e, start, code, at))?
        }};
    }
    macro_rules! sleb {
        () => {{
            let at = r.pos();
            r.sleb().map_err(|e| leb_err(e, start, code, at))?
        }};
    }
    Ok(match subop {
        u::NOP => Op::LlvmNop,
        u::FORM_ASPACE_ADDRESS => Op::LlvmFormAspaceAddress,
        u::PUSH_LANE => Op::LlvmPushLane,
        u::OFFSET => Op::LlvmOffset,
        u::OFFSET_UCONST => Op::LlvmOffsetUconst(uleb!()),
        u::BIT_OFFSET => Op::LlvmBitOffset,
        u::CALL_FRAME_ENTRY_REG => Op::LlvmCallFrameEntryReg(uleb!()),
        u::UNDEFINED => Op::LlvmUndefined,
        u::ASPACE_BREGX => {
            let reg = uleb!();
            Op::LlvmAspaceBregx {
                reg,
                offset: sleb!(),
            }
        }
        u::PIECE_END => Op::LlvmPieceEnd,
        u::EXTEND => {
            let bits = uleb!();
            Op::LlvmExtend {
                bits,
                count: uleb!(),
            }
        }
        u::SELECT_BIT_PIECE => {
            let bits = uleb!();
            Op::LlvmSelectBitPiece {
                bits,
                count: uleb!(),
            }
        }
        _ => {
            return Err(DecodeError::UnknownUserSubop {
                offset: start as u64,
                subop,
            });
        }
    })
}

/// Sign- or zero-extends a raw fixed-size constant as its opcode says.
pub(crate) fn extend_const(form: ConstForm, raw: u64) -> u64 {
    let bits = u32::from(form.size()) * 8;
    if bits == 64 {
        return raw;
    }
    let raw = raw & ((1u64 << bits) - 1);
    if form.is_signed() && raw >> (bits - 1) & 1 == 1 {
        raw | (!0u64 << bits)
    } else {
        raw
    }
}
