//! The operation vocabulary: one enum for every DWARF expression operation hetdwarf knows,
//! independent of how it was encoded (DWARF 5, GNU, or either encoding of the LLVM
//! heterogeneous-debugging extensions).
//!
//! Decoding maps bytes to [`Op`]; encoding maps [`Op`] back to bytes under an
//! [`Encoding`] convention; the evaluator executes [`Op`]s. Variants keep enough of the
//! original spelling (for instance `DW_OP_const2u` versus `DW_OP_constu`, or the GNU and
//! DWARF 5 forms of `entry_value`) that `decode(encode(op)) == op` holds for every op.

/// How the LLVM heterogeneous-debugging operations are encoded in a code object.
///
/// The current scheme prefixes a ULEB128 sub-opcode with `DW_OP_LLVM_user` (0xe9); older
/// ROCm producers used one-byte opcodes 0xe1..0xec, where 0xe9 means
/// `DW_OP_LLVM_aspace_implicit_pointer`. The two cannot be told apart byte by byte, so the
/// convention is chosen per code object and reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// `DW_OP_LLVM_user` (0xe9) followed by a ULEB128 sub-opcode.
    User,
    /// The legacy one-byte opcodes 0xe1..0xec.
    Legacy,
}

/// Which of two spellings of the same operation was used.
///
/// DWARF 5 standardised several GNU extensions under new opcodes; both appear in real
/// objects, and a faithful round trip must keep the one that was there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spelling {
    /// The DWARF 5 opcode (`DW_OP_entry_value`, `DW_OP_convert`, ...).
    Dwarf5,
    /// The GNU opcode (`DW_OP_GNU_entry_value`, `DW_OP_GNU_convert`, ...).
    Gnu,
}

/// The width and signedness of a fixed-size constant operation (`DW_OP_const1u` ... `DW_OP_const8s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConstForm {
    /// `DW_OP_const1u`
    U1,
    /// `DW_OP_const1s`
    S1,
    /// `DW_OP_const2u`
    U2,
    /// `DW_OP_const2s`
    S2,
    /// `DW_OP_const4u`
    U4,
    /// `DW_OP_const4s`
    S4,
    /// `DW_OP_const8u`
    U8,
    /// `DW_OP_const8s`
    S8,
}

impl ConstForm {
    /// The form of opcode `code`, one of `DW_OP_const1u` ... `DW_OP_const8s`.
    pub fn of_opcode(code: u8) -> Option<ConstForm> {
        use opcode as c;
        Some(match code {
            c::CONST1U => ConstForm::U1,
            c::CONST1S => ConstForm::S1,
            c::CONST2U => ConstForm::U2,
            c::CONST2S => ConstForm::S2,
            c::CONST4U => ConstForm::U4,
            c::CONST4S => ConstForm::S4,
            c::CONST8U => ConstForm::U8,
            c::CONST8S => ConstForm::S8,
            _ => return None,
        })
    }

    /// Operand size in bytes.
    pub fn size(self) -> u8 {
        match self {
            ConstForm::U1 | ConstForm::S1 => 1,
            ConstForm::U2 | ConstForm::S2 => 2,
            ConstForm::U4 | ConstForm::S4 => 4,
            ConstForm::U8 | ConstForm::S8 => 8,
        }
    }

    /// Whether the operand is sign-extended to the generic type.
    pub fn is_signed(self) -> bool {
        matches!(
            self,
            ConstForm::S1 | ConstForm::S2 | ConstForm::S4 | ConstForm::S8
        )
    }
}

/// A reference to a DIE as it appears in an operand.
///
/// `DW_OP_call2`/`call4`, `convert`, `const_type` and friends use offsets relative to the
/// current compilation unit; `call_ref`, `implicit_pointer` and `variable_value` use offsets
/// into `.debug_info`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DieRef {
    /// Offset from the start of the current unit's header.
    Unit(u64),
    /// Offset into `.debug_info`.
    Info(u64),
}

/// One DWARF expression operation.
///
/// Branch operations keep their raw signed byte displacement; the decoded
/// [`Expr`](super::Expr) resolves it to an operation index once.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Op {
    // ----- literals and addresses -----
    /// `DW_OP_lit0` .. `DW_OP_lit31`.
    Lit(u8),
    /// `DW_OP_const1u` .. `DW_OP_const8s`: the operand, already sign- or zero-extended to 64 bits.
    Const {
        /// Which opcode.
        form: ConstForm,
        /// The value, extended to 64 bits as the opcode says.
        value: u64,
    },
    /// `DW_OP_constu`.
    Constu(u64),
    /// `DW_OP_consts`.
    Consts(i64),
    /// `DW_OP_addr` (operand of the unit's address size).
    Addr(u64),
    /// `DW_OP_addrx` / `DW_OP_GNU_addr_index`: index into `.debug_addr`.
    Addrx {
        /// The index.
        index: u64,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },
    /// `DW_OP_constx` / `DW_OP_GNU_const_index`: index into `.debug_addr`, pushed as a value.
    Constx {
        /// The index.
        index: u64,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },
    /// `DW_OP_const_type` / `DW_OP_GNU_const_type`: a typed literal.
    ConstType {
        /// Unit offset of the base type DIE.
        base_type: u64,
        /// The literal bytes (little-endian as stored).
        bytes: Box<[u8]>,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },

    // ----- registers -----
    /// `DW_OP_reg0` .. `DW_OP_reg31`.
    Reg(u8),
    /// `DW_OP_regx`.
    Regx(u64),
    /// `DW_OP_breg0` .. `DW_OP_breg31` with signed displacement.
    Breg {
        /// Register 0..31.
        reg: u8,
        /// Displacement.
        offset: i64,
    },
    /// `DW_OP_bregx`.
    Bregx {
        /// DWARF register number.
        reg: u64,
        /// Displacement.
        offset: i64,
    },
    /// `DW_OP_fbreg`.
    Fbreg(i64),
    /// `DW_OP_regval_type` / `DW_OP_GNU_regval_type`.
    RegvalType {
        /// DWARF register number.
        reg: u64,
        /// Unit offset of the base type DIE.
        base_type: u64,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },

    // ----- stack -----
    /// `DW_OP_dup`.
    Dup,
    /// `DW_OP_drop`.
    Drop,
    /// `DW_OP_over`.
    Over,
    /// `DW_OP_pick`.
    Pick(u8),
    /// `DW_OP_swap`.
    Swap,
    /// `DW_OP_rot`.
    Rot,

    // ----- memory -----
    /// `DW_OP_deref`.
    Deref,
    /// `DW_OP_deref_size`.
    DerefSize(u8),
    /// `DW_OP_deref_type` / `DW_OP_GNU_deref_type`.
    DerefType {
        /// Size in bytes of the type.
        size: u8,
        /// Unit offset of the base type DIE.
        base_type: u64,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },
    /// `DW_OP_xderef`.
    Xderef,
    /// `DW_OP_xderef_size`.
    XderefSize(u8),
    /// `DW_OP_xderef_type`.
    XderefType {
        /// Size in bytes of the type.
        size: u8,
        /// Unit offset of the base type DIE.
        base_type: u64,
    },
    /// `DW_OP_push_object_address`.
    PushObjectAddress,
    /// `DW_OP_form_tls_address`.
    FormTlsAddress,
    /// `DW_OP_GNU_push_tls_address` (0xe0).
    GnuPushTlsAddress,
    /// `DW_OP_call_frame_cfa`.
    CallFrameCfa,

    // ----- arithmetic and logic -----
    /// `DW_OP_abs`.
    Abs,
    /// `DW_OP_and`.
    And,
    /// `DW_OP_div`.
    Div,
    /// `DW_OP_minus`.
    Minus,
    /// `DW_OP_mod`.
    Mod,
    /// `DW_OP_mul`.
    Mul,
    /// `DW_OP_neg`.
    Neg,
    /// `DW_OP_not`.
    Not,
    /// `DW_OP_or`.
    Or,
    /// `DW_OP_plus`.
    Plus,
    /// `DW_OP_plus_uconst`.
    PlusUconst(u64),
    /// `DW_OP_shl`.
    Shl,
    /// `DW_OP_shr`.
    Shr,
    /// `DW_OP_shra`.
    Shra,
    /// `DW_OP_xor`.
    Xor,
    /// `DW_OP_eq`.
    Eq,
    /// `DW_OP_ge`.
    Ge,
    /// `DW_OP_gt`.
    Gt,
    /// `DW_OP_le`.
    Le,
    /// `DW_OP_lt`.
    Lt,
    /// `DW_OP_ne`.
    Ne,
    /// `DW_OP_convert` / `DW_OP_GNU_convert`; a base type offset of 0 means the generic type.
    Convert {
        /// Unit offset of the base type DIE (0 = generic type).
        base_type: u64,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },
    /// `DW_OP_reinterpret` / `DW_OP_GNU_reinterpret`.
    Reinterpret {
        /// Unit offset of the base type DIE (0 = generic type).
        base_type: u64,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },

    // ----- control flow -----
    /// `DW_OP_skip` with its raw signed displacement (bytes after this op).
    Skip(i16),
    /// `DW_OP_bra` with its raw signed displacement (bytes after this op).
    Bra(i16),
    /// `DW_OP_call2`: unit offset.
    Call2(u16),
    /// `DW_OP_call4`: unit offset.
    Call4(u32),
    /// `DW_OP_call_ref`: `.debug_info` offset (4 or 8 bytes by DWARF format).
    CallRef(u64),
    /// `DW_OP_nop`.
    Nop,

    // ----- composition and special locations -----
    /// `DW_OP_piece`: size in bytes.
    Piece(u64),
    /// `DW_OP_bit_piece`.
    BitPiece {
        /// Size in bits.
        size: u64,
        /// Bit offset.
        offset: u64,
    },
    /// `DW_OP_implicit_value`.
    ImplicitValue(Box<[u8]>),
    /// `DW_OP_stack_value`.
    StackValue,
    /// `DW_OP_implicit_pointer` / `DW_OP_GNU_implicit_pointer`.
    ImplicitPointer {
        /// `.debug_info` offset of the DIE the pointer points to.
        die: u64,
        /// Byte displacement.
        offset: i64,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },
    /// `DW_OP_entry_value` / `DW_OP_GNU_entry_value`: the raw bytes of the nested expression.
    EntryValue {
        /// The nested expression, undecoded.
        block: Box<[u8]>,
        /// DWARF 5 or GNU opcode.
        spelling: Spelling,
    },
    /// `DW_OP_GNU_parameter_ref`: unit offset of a formal parameter DIE.
    GnuParameterRef(u32),
    /// `DW_OP_GNU_variable_value`: `.debug_info` offset of a variable DIE.
    GnuVariableValue(u64),
    /// `DW_OP_GNU_uninit`.
    GnuUninit,

    // ----- LLVM heterogeneous-debugging extensions -----
    /// `DW_OP_LLVM_user DW_OP_LLVM_nop` (sub-op 1; no legacy form).
    LlvmNop,
    /// `DW_OP_LLVM_form_aspace_address`.
    LlvmFormAspaceAddress,
    /// `DW_OP_LLVM_push_lane`.
    LlvmPushLane,
    /// `DW_OP_LLVM_push_iteration` (no assigned encoding yet: no `DW_OP_LLVM_user`
    /// sub-op, and the legacy one-byte table 0xe1..0xec never had one).
    LlvmPushIteration,
    /// `DW_OP_LLVM_offset`.
    LlvmOffset,
    /// `DW_OP_LLVM_offset_uconst`.
    LlvmOffsetUconst(u64),
    /// `DW_OP_LLVM_bit_offset`.
    LlvmBitOffset,
    /// `DW_OP_LLVM_call_frame_entry_reg`.
    LlvmCallFrameEntryReg(u64),
    /// `DW_OP_LLVM_undefined`.
    LlvmUndefined,
    /// `DW_OP_LLVM_aspace_bregx` (displacement signed per the extension prose).
    LlvmAspaceBregx {
        /// DWARF register number.
        reg: u64,
        /// Displacement.
        offset: i64,
    },
    /// `DW_OP_LLVM_aspace_implicit_pointer` (legacy encoding only).
    LlvmAspaceImplicitPointer {
        /// `.debug_info` offset of the DIE.
        die: u64,
        /// Byte displacement.
        offset: i64,
    },
    /// `DW_OP_LLVM_piece_end`.
    LlvmPieceEnd,
    /// `DW_OP_LLVM_extend`.
    LlvmExtend {
        /// Element size in bits.
        bits: u64,
        /// Element count.
        count: u64,
    },
    /// `DW_OP_LLVM_select_bit_piece`.
    LlvmSelectBitPiece {
        /// Element size in bits.
        bits: u64,
        /// Element count.
        count: u64,
    },
    /// `DW_OP_LLVM_overlay` (no assigned `DW_OP_LLVM_user` sub-op yet, and no legacy
    /// one-byte code: the proposal's tables ended at 0xec before overlays were added).
    LlvmOverlay,
    /// `DW_OP_LLVM_bit_overlay` (no assigned `DW_OP_LLVM_user` sub-op yet, and no legacy
    /// one-byte code).
    LlvmBitOverlay,
}

impl Op {
    /// Whether this is one of the LLVM heterogeneous-debugging operations
    /// (`DW_OP_LLVM_*`), in either encoding.
    pub fn is_heterogeneous(&self) -> bool {
        matches!(
            self,
            Op::LlvmNop
                | Op::LlvmFormAspaceAddress
                | Op::LlvmPushLane
                | Op::LlvmPushIteration
                | Op::LlvmOffset
                | Op::LlvmOffsetUconst(_)
                | Op::LlvmBitOffset
                | Op::LlvmCallFrameEntryReg(_)
                | Op::LlvmUndefined
                | Op::LlvmAspaceBregx { .. }
                | Op::LlvmAspaceImplicitPointer { .. }
                | Op::LlvmPieceEnd
                | Op::LlvmExtend { .. }
                | Op::LlvmSelectBitPiece { .. }
                | Op::LlvmOverlay
                | Op::LlvmBitOverlay
        )
    }
}

/// Opcode constants used by the decoder, encoder and printer.
pub mod opcode {
    #![allow(missing_docs)]
    pub const ADDR: u8 = 0x03;
    pub const DEREF: u8 = 0x06;
    pub const CONST1U: u8 = 0x08;
    pub const CONST1S: u8 = 0x09;
    pub const CONST2U: u8 = 0x0a;
    pub const CONST2S: u8 = 0x0b;
    pub const CONST4U: u8 = 0x0c;
    pub const CONST4S: u8 = 0x0d;
    pub const CONST8U: u8 = 0x0e;
    pub const CONST8S: u8 = 0x0f;
    pub const CONSTU: u8 = 0x10;
    pub const CONSTS: u8 = 0x11;
    pub const DUP: u8 = 0x12;
    pub const DROP: u8 = 0x13;
    pub const OVER: u8 = 0x14;
    pub const PICK: u8 = 0x15;
    pub const SWAP: u8 = 0x16;
    pub const ROT: u8 = 0x17;
    pub const XDEREF: u8 = 0x18;
    pub const ABS: u8 = 0x19;
    pub const AND: u8 = 0x1a;
    pub const DIV: u8 = 0x1b;
    pub const MINUS: u8 = 0x1c;
    pub const MOD: u8 = 0x1d;
    pub const MUL: u8 = 0x1e;
    pub const NEG: u8 = 0x1f;
    pub const NOT: u8 = 0x20;
    pub const OR: u8 = 0x21;
    pub const PLUS: u8 = 0x22;
    pub const PLUS_UCONST: u8 = 0x23;
    pub const SHL: u8 = 0x24;
    pub const SHR: u8 = 0x25;
    pub const SHRA: u8 = 0x26;
    pub const XOR: u8 = 0x27;
    pub const BRA: u8 = 0x28;
    pub const EQ: u8 = 0x29;
    pub const GE: u8 = 0x2a;
    pub const GT: u8 = 0x2b;
    pub const LE: u8 = 0x2c;
    pub const LT: u8 = 0x2d;
    pub const NE: u8 = 0x2e;
    pub const SKIP: u8 = 0x2f;
    pub const LIT0: u8 = 0x30;
    pub const LIT31: u8 = 0x4f;
    pub const REG0: u8 = 0x50;
    pub const REG31: u8 = 0x6f;
    pub const BREG0: u8 = 0x70;
    pub const BREG31: u8 = 0x8f;
    pub const REGX: u8 = 0x90;
    pub const FBREG: u8 = 0x91;
    pub const BREGX: u8 = 0x92;
    pub const PIECE: u8 = 0x93;
    pub const DEREF_SIZE: u8 = 0x94;
    pub const XDEREF_SIZE: u8 = 0x95;
    pub const NOP: u8 = 0x96;
    pub const PUSH_OBJECT_ADDRESS: u8 = 0x97;
    pub const CALL2: u8 = 0x98;
    pub const CALL4: u8 = 0x99;
    pub const CALL_REF: u8 = 0x9a;
    pub const FORM_TLS_ADDRESS: u8 = 0x9b;
    pub const CALL_FRAME_CFA: u8 = 0x9c;
    pub const BIT_PIECE: u8 = 0x9d;
    pub const IMPLICIT_VALUE: u8 = 0x9e;
    pub const STACK_VALUE: u8 = 0x9f;
    pub const IMPLICIT_POINTER: u8 = 0xa0;
    pub const ADDRX: u8 = 0xa1;
    pub const CONSTX: u8 = 0xa2;
    pub const ENTRY_VALUE: u8 = 0xa3;
    pub const CONST_TYPE: u8 = 0xa4;
    pub const REGVAL_TYPE: u8 = 0xa5;
    pub const DEREF_TYPE: u8 = 0xa6;
    pub const XDEREF_TYPE: u8 = 0xa7;
    pub const CONVERT: u8 = 0xa8;
    pub const REINTERPRET: u8 = 0xa9;
    pub const GNU_PUSH_TLS_ADDRESS: u8 = 0xe0;
    pub const LLVM_USER: u8 = 0xe9;
    pub const GNU_UNINIT: u8 = 0xf0;
    pub const GNU_ENCODED_ADDR: u8 = 0xf1;
    pub const GNU_IMPLICIT_POINTER: u8 = 0xf2;
    pub const GNU_ENTRY_VALUE: u8 = 0xf3;
    pub const GNU_CONST_TYPE: u8 = 0xf4;
    pub const GNU_REGVAL_TYPE: u8 = 0xf5;
    pub const GNU_DEREF_TYPE: u8 = 0xf6;
    pub const GNU_CONVERT: u8 = 0xf7;
    pub const GNU_REINTERPRET: u8 = 0xf9;
    pub const GNU_PARAMETER_REF: u8 = 0xfa;
    pub const GNU_ADDR_INDEX: u8 = 0xfb;
    pub const GNU_CONST_INDEX: u8 = 0xfc;
    pub const GNU_VARIABLE_VALUE: u8 = 0xfd;

    /// `DW_OP_LLVM_user` sub-opcodes (ULEB128 after 0xe9).
    pub mod user {
        pub const NOP: u64 = 0x01;
        pub const FORM_ASPACE_ADDRESS: u64 = 0x02;
        pub const PUSH_LANE: u64 = 0x03;
        pub const OFFSET: u64 = 0x04;
        pub const OFFSET_UCONST: u64 = 0x05;
        pub const BIT_OFFSET: u64 = 0x06;
        pub const CALL_FRAME_ENTRY_REG: u64 = 0x07;
        pub const UNDEFINED: u64 = 0x08;
        pub const ASPACE_BREGX: u64 = 0x09;
        pub const PIECE_END: u64 = 0x0a;
        pub const EXTEND: u64 = 0x0b;
        pub const SELECT_BIT_PIECE: u64 = 0x0c;
        /// `DW_OP_LLVM_NVIDIA_mux`: a second-level multiplexer whose operand layout is
        /// unknown, so expressions containing it cannot be decoded past it.
        pub const NVIDIA_MUX: u64 = 0x0d;
    }

    /// The legacy one-byte heterogeneous opcodes.
    pub mod legacy {
        pub const FORM_ASPACE_ADDRESS: u8 = 0xe1;
        pub const PUSH_LANE: u8 = 0xe2;
        pub const OFFSET: u8 = 0xe3;
        pub const OFFSET_UCONST: u8 = 0xe4;
        pub const BIT_OFFSET: u8 = 0xe5;
        pub const CALL_FRAME_ENTRY_REG: u8 = 0xe6;
        pub const UNDEFINED: u8 = 0xe7;
        pub const ASPACE_BREGX: u8 = 0xe8;
        pub const ASPACE_IMPLICIT_POINTER: u8 = 0xe9;
        pub const PIECE_END: u8 = 0xea;
        pub const EXTEND: u8 = 0xeb;
        pub const SELECT_BIT_PIECE: u8 = 0xec;
    }
}
