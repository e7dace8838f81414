//! Decoding expression bytes into an [`Expr`]: the fast path for the most common
//! location operations, the full decoder of every operation (DWARF 5, GNU, and the
//! LLVM heterogeneous operations in either encoding), and constant extension.

use super::error::DecodeError;
use super::leb::{LebError, Reader};
use super::op::{ConstForm, Encoding, Op, Spelling, opcode};
use super::{DecodeParams, Expr};

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
/// operands, which [`decode_op`] then decodes or reports. The fast path of the decoder.
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
