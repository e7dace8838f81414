//! Encoding operations back to bytes under an [`Encoding`] convention.
//!
//! LEB128 operands are written in canonical (shortest) form, so
//! `decode(encode(ops)) == ops` for every encodable op, while the bytes of a decoded
//! expression that used padded LEB128 numbers may come out shorter.

use super::leb::{write_fixed, write_sleb, write_uleb};
use super::op::{ConstForm, Encoding, Op, Spelling, opcode};
use super::{DecodeParams, extend_const};

/// Why operations could not be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The operation has no encoding under this convention: `push_iteration`, `overlay`
    /// and `bit_overlay` have none at all (no `DW_OP_LLVM_user` sub-op was assigned and
    /// the legacy proposal never gave them one-byte codes), `DW_OP_LLVM_nop` exists only
    /// under `DW_OP_LLVM_user`, and `aspace_implicit_pointer` only as legacy 0xe9.
    #[error("op {index} ({name}) has no encoding under {encoding:?}")]
    NoEncoding {
        /// Index of the op.
        index: usize,
        /// Its DWARF name.
        name: &'static str,
        /// The convention asked for.
        encoding: Encoding,
    },
    /// An operand does not fit its encoded field (for instance `Lit(32)`, a
    /// `DW_OP_const1u` value above 255, an address wider than the address size, or an
    /// implicit/typed constant longer than its length field allows).
    #[error("op {index}: operand out of range ({what})")]
    OperandOutOfRange {
        /// Index of the op.
        index: usize,
        /// Which operand.
        what: &'static str,
    },
    /// A `DW_OP_skip`/`DW_OP_bra` that does not land on an operation boundary.
    #[error("branch op {index} targets byte {target}, not an operation boundary")]
    BadBranchTarget {
        /// Index of the branch op.
        index: usize,
        /// The target byte offset it computes.
        target: i64,
    },
    /// The encoded expression would be longer than 4 GiB.
    #[error("encoded expression is too long")]
    TooLong,
    /// Unsupported address or offset size in [`DecodeParams`].
    #[error("unsupported address size {address_size} / offset size {offset_size}")]
    BadParams {
        /// Address size given.
        address_size: u8,
        /// Offset size given.
        offset_size: u8,
    },
}

impl EncodeError {
    /// Sets the op index of an error produced for a single op.
    pub(crate) fn at(self, i: usize) -> Self {
        match self {
            EncodeError::NoEncoding { name, encoding, .. } => EncodeError::NoEncoding {
                index: i,
                name,
                encoding,
            },
            EncodeError::OperandOutOfRange { what, .. } => {
                EncodeError::OperandOutOfRange { index: i, what }
            }
            EncodeError::BadBranchTarget { target, .. } => {
                EncodeError::BadBranchTarget { index: i, target }
            }
            e => e,
        }
    }
}

/// Encodes `ops` under `params`. Branch targets are not checked here (use
/// [`Expr::from_ops`](super::Expr::from_ops) for that).
pub fn encode(ops: &[Op], params: DecodeParams) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        encode_op(op, params, &mut out).map_err(|e| e.at(i))?;
    }
    if u32::try_from(out.len()).is_err() {
        return Err(EncodeError::TooLong);
    }
    Ok(out)
}

fn range(what: &'static str) -> EncodeError {
    EncodeError::OperandOutOfRange { index: 0, what }
}

fn sized(out: &mut Vec<u8>, v: u64, n: u8, what: &'static str) -> Result<(), EncodeError> {
    if n < 8 && v >> (u32::from(n) * 8) != 0 {
        return Err(range(what));
    }
    write_fixed(out, v, usize::from(n));
    Ok(())
}

fn pick(spelling: Spelling, dwarf5: u8, gnu: u8) -> u8 {
    match spelling {
        Spelling::Dwarf5 => dwarf5,
        Spelling::Gnu => gnu,
    }
}

/// Encodes one op, appending to `out`. Error indices are 0 (callers fix them up).
pub(crate) fn encode_op(
    op: &Op,
    params: DecodeParams,
    out: &mut Vec<u8>,
) -> Result<(), EncodeError> {
    use opcode as c;
    let enc = params.encoding;
    // Emits a heterogeneous op: `DW_OP_LLVM_user <sub>` or the legacy byte.
    let het = |out: &mut Vec<u8>, name: &'static str, user: Option<u64>, legacy: Option<u8>| match (
        enc, user, legacy,
    ) {
        (Encoding::User, Some(s), _) => {
            out.push(c::LLVM_USER);
            write_uleb(out, s);
            Ok(())
        }
        (Encoding::Legacy, _, Some(b)) => {
            out.push(b);
            Ok(())
        }
        _ => Err(EncodeError::NoEncoding {
            index: 0,
            name,
            encoding: enc,
        }),
    };
    use c::legacy as l;
    use c::user as u;
    match op {
        Op::Lit(n) => {
            if *n > 31 {
                return Err(range("literal above 31"));
            }
            out.push(c::LIT0 + n);
        }
        Op::Const { form, value } => {
            let code = match form {
                ConstForm::U1 => c::CONST1U,
                ConstForm::S1 => c::CONST1S,
                ConstForm::U2 => c::CONST2U,
                ConstForm::S2 => c::CONST2S,
                ConstForm::U4 => c::CONST4U,
                ConstForm::S4 => c::CONST4S,
                ConstForm::U8 => c::CONST8U,
                ConstForm::S8 => c::CONST8S,
            };
            if extend_const(*form, *value) != *value {
                return Err(range("constant does not fit its form"));
            }
            out.push(code);
            write_fixed(out, *value, usize::from(form.size()));
        }
        Op::Constu(v) => {
            out.push(c::CONSTU);
            write_uleb(out, *v);
        }
        Op::Consts(v) => {
            out.push(c::CONSTS);
            write_sleb(out, *v);
        }
        Op::Addr(a) => {
            out.push(c::ADDR);
            sized(
                out,
                *a,
                params.address_size,
                "address wider than address size",
            )?;
        }
        Op::Addrx { index, spelling } => {
            out.push(pick(*spelling, c::ADDRX, c::GNU_ADDR_INDEX));
            write_uleb(out, *index);
        }
        Op::Constx { index, spelling } => {
            out.push(pick(*spelling, c::CONSTX, c::GNU_CONST_INDEX));
            write_uleb(out, *index);
        }
        Op::ConstType {
            base_type,
            bytes,
            spelling,
        } => {
            let len =
                u8::try_from(bytes.len()).map_err(|_| range("typed constant over 255 bytes"))?;
            out.push(pick(*spelling, c::CONST_TYPE, c::GNU_CONST_TYPE));
            write_uleb(out, *base_type);
            out.push(len);
            out.extend_from_slice(bytes);
        }
        Op::Reg(r) => {
            if *r > 31 {
                return Err(range("DW_OP_reg above 31"));
            }
            out.push(c::REG0 + r);
        }
        Op::Regx(r) => {
            out.push(c::REGX);
            write_uleb(out, *r);
        }
        Op::Breg { reg, offset } => {
            if *reg > 31 {
                return Err(range("DW_OP_breg above 31"));
            }
            out.push(c::BREG0 + reg);
            write_sleb(out, *offset);
        }
        Op::Bregx { reg, offset } => {
            out.push(c::BREGX);
            write_uleb(out, *reg);
            write_sleb(out, *offset);
        }
        Op::Fbreg(o) => {
            out.push(c::FBREG);
            write_sleb(out, *o);
        }
        Op::RegvalType {
            reg,
            base_type,
            spelling,
        } => {
            out.push(pick(*spelling, c::REGVAL_TYPE, c::GNU_REGVAL_TYPE));
            write_uleb(out, *reg);
            write_uleb(out, *base_type);
        }
        Op::Dup => out.push(c::DUP),
        Op::Drop => out.push(c::DROP),
        Op::Over => out.push(c::OVER),
        Op::Pick(i) => out.extend_from_slice(&[c::PICK, *i]),
        Op::Swap => out.push(c::SWAP),
        Op::Rot => out.push(c::ROT),
        Op::Deref => out.push(c::DEREF),
        Op::DerefSize(n) => out.extend_from_slice(&[c::DEREF_SIZE, *n]),
        Op::DerefType {
            size,
            base_type,
            spelling,
        } => {
            out.push(pick(*spelling, c::DEREF_TYPE, c::GNU_DEREF_TYPE));
            out.push(*size);
            write_uleb(out, *base_type);
        }
        Op::Xderef => out.push(c::XDEREF),
        Op::XderefSize(n) => out.extend_from_slice(&[c::XDEREF_SIZE, *n]),
        Op::XderefType { size, base_type } => {
            out.push(c::XDEREF_TYPE);
            out.push(*size);
            write_uleb(out, *base_type);
        }
        Op::PushObjectAddress => out.push(c::PUSH_OBJECT_ADDRESS),
        Op::FormTlsAddress => out.push(c::FORM_TLS_ADDRESS),
        Op::GnuPushTlsAddress => out.push(c::GNU_PUSH_TLS_ADDRESS),
        Op::CallFrameCfa => out.push(c::CALL_FRAME_CFA),
        Op::Abs => out.push(c::ABS),
        Op::And => out.push(c::AND),
        Op::Div => out.push(c::DIV),
        Op::Minus => out.push(c::MINUS),
        Op::Mod => out.push(c::MOD),
        Op::Mul => out.push(c::MUL),
        Op::Neg => out.push(c::NEG),
        Op::Not => out.push(c::NOT),
        Op::Or => out.push(c::OR),
        Op::Plus => out.push(c::PLUS),
        Op::PlusUconst(v) => {
            out.push(c::PLUS_UCONST);
            write_uleb(out, *v);
        }
        Op::Shl => out.push(c::SHL),
        Op::Shr => out.push(c::SHR),
        Op::Shra => out.push(c::SHRA),
        Op::Xor => out.push(c::XOR),
        Op::Eq => out.push(c::EQ),
        Op::Ge => out.push(c::GE),
        Op::Gt => out.push(c::GT),
        Op::Le => out.push(c::LE),
        Op::Lt => out.push(c::LT),
        Op::Ne => out.push(c::NE),
        Op::Convert {
            base_type,
            spelling,
        } => {
            out.push(pick(*spelling, c::CONVERT, c::GNU_CONVERT));
            write_uleb(out, *base_type);
        }
        Op::Reinterpret {
            base_type,
            spelling,
        } => {
            out.push(pick(*spelling, c::REINTERPRET, c::GNU_REINTERPRET));
            write_uleb(out, *base_type);
        }
        Op::Skip(d) => {
            out.push(c::SKIP);
            write_fixed(out, *d as u16 as u64, 2);
        }
        Op::Bra(d) => {
            out.push(c::BRA);
            write_fixed(out, *d as u16 as u64, 2);
        }
        Op::Call2(o) => {
            out.push(c::CALL2);
            write_fixed(out, u64::from(*o), 2);
        }
        Op::Call4(o) => {
            out.push(c::CALL4);
            write_fixed(out, u64::from(*o), 4);
        }
        Op::CallRef(o) => {
            out.push(c::CALL_REF);
            sized(
                out,
                *o,
                params.offset_size,
                "DIE offset wider than offset size",
            )?;
        }
        Op::Nop => out.push(c::NOP),
        Op::Piece(n) => {
            out.push(c::PIECE);
            write_uleb(out, *n);
        }
        Op::BitPiece { size, offset } => {
            out.push(c::BIT_PIECE);
            write_uleb(out, *size);
            write_uleb(out, *offset);
        }
        Op::ImplicitValue(bytes) => {
            out.push(c::IMPLICIT_VALUE);
            write_uleb(out, bytes.len() as u64);
            out.extend_from_slice(bytes);
        }
        Op::StackValue => out.push(c::STACK_VALUE),
        Op::ImplicitPointer {
            die,
            offset,
            spelling,
        } => {
            out.push(pick(
                *spelling,
                c::IMPLICIT_POINTER,
                c::GNU_IMPLICIT_POINTER,
            ));
            sized(
                out,
                *die,
                params.offset_size,
                "DIE offset wider than offset size",
            )?;
            write_sleb(out, *offset);
        }
        Op::EntryValue { block, spelling } => {
            out.push(pick(*spelling, c::ENTRY_VALUE, c::GNU_ENTRY_VALUE));
            write_uleb(out, block.len() as u64);
            out.extend_from_slice(block);
        }
        Op::GnuParameterRef(o) => {
            out.push(c::GNU_PARAMETER_REF);
            write_fixed(out, u64::from(*o), 4);
        }
        Op::GnuVariableValue(o) => {
            out.push(c::GNU_VARIABLE_VALUE);
            sized(
                out,
                *o,
                params.offset_size,
                "DIE offset wider than offset size",
            )?;
        }
        Op::GnuUninit => out.push(c::GNU_UNINIT),
        Op::LlvmNop => het(out, "DW_OP_LLVM_nop", Some(u::NOP), None)?,
        Op::LlvmFormAspaceAddress => het(
            out,
            "DW_OP_LLVM_form_aspace_address",
            Some(u::FORM_ASPACE_ADDRESS),
            Some(l::FORM_ASPACE_ADDRESS),
        )?,
        Op::LlvmPushLane => het(
            out,
            "DW_OP_LLVM_push_lane",
            Some(u::PUSH_LANE),
            Some(l::PUSH_LANE),
        )?,
        Op::LlvmPushIteration => het(out, "DW_OP_LLVM_push_iteration", None, None)?,
        Op::LlvmOffset => het(out, "DW_OP_LLVM_offset", Some(u::OFFSET), Some(l::OFFSET))?,
        Op::LlvmOffsetUconst(v) => {
            het(
                out,
                "DW_OP_LLVM_offset_uconst",
                Some(u::OFFSET_UCONST),
                Some(l::OFFSET_UCONST),
            )?;
            write_uleb(out, *v);
        }
        Op::LlvmBitOffset => het(
            out,
            "DW_OP_LLVM_bit_offset",
            Some(u::BIT_OFFSET),
            Some(l::BIT_OFFSET),
        )?,
        Op::LlvmCallFrameEntryReg(r) => {
            het(
                out,
                "DW_OP_LLVM_call_frame_entry_reg",
                Some(u::CALL_FRAME_ENTRY_REG),
                Some(l::CALL_FRAME_ENTRY_REG),
            )?;
            write_uleb(out, *r);
        }
        Op::LlvmUndefined => het(
            out,
            "DW_OP_LLVM_undefined",
            Some(u::UNDEFINED),
            Some(l::UNDEFINED),
        )?,
        Op::LlvmAspaceBregx { reg, offset } => {
            het(
                out,
                "DW_OP_LLVM_aspace_bregx",
                Some(u::ASPACE_BREGX),
                Some(l::ASPACE_BREGX),
            )?;
            write_uleb(out, *reg);
            write_sleb(out, *offset);
        }
        Op::LlvmAspaceImplicitPointer { die, offset } => {
            het(
                out,
                "DW_OP_LLVM_aspace_implicit_pointer",
                None,
                Some(l::ASPACE_IMPLICIT_POINTER),
            )?;
            sized(
                out,
                *die,
                params.offset_size,
                "DIE offset wider than offset size",
            )?;
            write_sleb(out, *offset);
        }
        Op::LlvmPieceEnd => het(
            out,
            "DW_OP_LLVM_piece_end",
            Some(u::PIECE_END),
            Some(l::PIECE_END),
        )?,
        Op::LlvmExtend { bits, count } => {
            het(out, "DW_OP_LLVM_extend", Some(u::EXTEND), Some(l::EXTEND))?;
            write_uleb(out, *bits);
            write_uleb(out, *count);
        }
        Op::LlvmSelectBitPiece { bits, count } => {
            het(
                out,
                "DW_OP_LLVM_select_bit_piece",
                Some(u::SELECT_BIT_PIECE),
                Some(l::SELECT_BIT_PIECE),
            )?;
            write_uleb(out, *bits);
            write_uleb(out, *count);
        }
        Op::LlvmOverlay => het(out, "DW_OP_LLVM_overlay", None, None)?,
        Op::LlvmBitOverlay => het(out, "DW_OP_LLVM_bit_overlay", None, None)?,
    }
    Ok(())
}
