//! The one table of DWARF expression operations: for each operation its
//! [`Op`](super::Op) variant, its operand fields and their shape, and every byte encoding it
//! has (DWARF 5 or GNU opcode, `DW_OP_LLVM_user` sub-opcode, AMD's legacy one-byte opcode),
//! each with the name `llvm-dwarfdump` prints.
//!
//! As in gimli's `dw!`, the operations are written once, as data that macros read.
//! [`operations!`] hands the table to a *consumer* macro, and each consumer generates one
//! part of the expression layer from it:
//!
//! | consumer | generates | in |
//! |---|---|---|
//! | `define_op` | the [`Op`](super::Op) enum, [`Op::name`](super::Op::name), the [`opcode`](super::op::opcode) constants | `op.rs` |
//! | `define_decoder` | the decoder: one `match` on the opcode byte | `decode.rs` |
//! | `define_encoder` | the encoder | `encode.rs` |
//! | `define_parser` | the assembler's operation names and operand syntax | `asm.rs` |
//! | `define_forms` | [`describe`]: name and operand kinds of an encoding, for the printers | here |
//! | `define_quick` | the quick tier's byte dispatch and its dispatch over [`Op`](super::Op) | `eval/quick.rs` |
//! | `define_samples` | a sample of every encoding, for the tests | here |
//!
//! The hot consumers (the decoder and the quick tier) become a plain `match` on the opcode
//! byte whose arms read the operands inline, as written by hand before; the printers, which
//! are not hot, read [`Form`] descriptors. Only the interpreters (the evaluator, the
//! abstract interpreter of `verify`, the DIOp lowering) keep a hand-written case per
//! operation: adding an operation is a row here and a case in each of those three, as
//! `tests/add_operation.patch` shows (`tests/add_operation.rs` keeps it applying).
//!
//! # Adding an operation
//!
//! Write its row (a new `DW_OP_LLVM_user` sub-operation: `user(NAME = 0xNN)`; mark it
//! `llvm22` only if `llvm-dwarfdump` 22 decodes it). The compiler then asks for its case in
//! the evaluator (`eval/machine/step.rs`) and the abstract interpreter
//! (`verify/absint/step.rs`), whose matches are exhaustive; the DIOp lowering (the
//! `hetdwarf-diop` crate's `lower.rs`) uses it where a DIOp lowers to it. The expression
//! tests round-trip its encodings, names and printed form from the table; the quick tier
//! declines it until a rule in `eval/quick.rs` says how to run it there.
//!
//! # Grammar
//!
//! ```text
//! /// docs of the variant
//! Variant FIELDS [ ENCODING, ... ]
//!
//! FIELDS   = {}                                  (no operands: a unit variant)
//!          | ( binding: Type = KIND "label" )    (one operand: a tuple variant)
//!          | { /// docs
//!              field: Type = KIND "label", ... } (a struct variant)
//! ENCODING = "DW_OP_name" SPACE { field: Value, ... }? llvm22?
//! SPACE    = dwarf(CONST = 0xNN)                 DWARF 5 or GNU opcode
//!          | range(FIRST = 0xNN ..= LAST = 0xNN) 32 opcodes; the first field is the number
//!          | user(CONST = 0xNN)                  `DW_OP_LLVM_user` sub-opcode (ULEB128)
//!          | legacy(CONST = 0xNN)                AMD's legacy one-byte opcode
//!          | unencoded()                         no encoding has been assigned
//! ```
//!
//! `{ field: Value }` gives the value of a `fixed` field under that encoding (which
//! spelling, which constant form). `llvm22` marks the encodings `llvm-dwarfdump` from
//! LLVM 22 decodes; the `llvm-dwarfdump` printer reproduces `<decoding error>` for the
//! others. `"label"` is what the assembler says it expected (and, for `in_opcode` and
//! `reg_in_opcode`, what the encoder says is above 31).
//!
//! Operand kinds, in the order the bytes hold them:
//!
//! | kind | bytes | value |
//! |---|---|---|
//! | `fixed` | none | given by the encoding |
//! | `in_opcode`, `reg_in_opcode` | none | opcode minus the range's first opcode (a number, a register) |
//! | `u8`, `u16`, `u32` | 1, 2, 4 | unsigned |
//! | `branch` | 2 | signed displacement past the operation (`skip`, `bra`) |
//! | `constant` | 1, 2, 4 or 8 | as the encoding's `form` says, sign- or zero-extended |
//! | `addr`, `ref_addr` | address size, offset size | unsigned |
//! | `uleb`, `sleb` | LEB128 | unsigned, signed |
//! | `reg` | ULEB128 | a DWARF register number |
//! | `base_type` | ULEB128 | unit offset of a base type DIE |
//! | `base_type_or_generic` | ULEB128 | the same, 0 meaning the generic type |
//! | `block` | ULEB128 length, bytes | bytes |
//! | `nested` | ULEB128 length, bytes | a nested expression |
//! | `short_block` | 1-byte length, bytes | bytes |

use super::op::{ConstForm, Encoding, opcode};

/// The table: invokes `$consumer! { ... }` with every operation (see the module
/// documentation for the grammar). A consumer matches
///
/// ```text
/// $( $(#[$attr:meta])* $V:ident $fields:tt [
///     $( $name:literal $space:ident $code:tt
///        $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
/// ] )*
/// ```
macro_rules! operations {
    ($consumer:ident) => {
        $consumer! {
            // ----- literals and addresses -----
            /// `DW_OP_lit0` .. `DW_OP_lit31`.
            Lit(n: u8 = in_opcode "literal") [
                "DW_OP_lit" range(LIT0 = 0x30 ..= LIT31 = 0x4f) llvm22,
            ]
            /// `DW_OP_const1u` .. `DW_OP_const8s`: the operand, already sign- or zero-extended to 64 bits.
            Const {
                /// Which opcode.
                form: ConstForm = fixed,
                /// The value, extended to 64 bits as the opcode says.
                value: u64 = constant "constant",
            } [
                "DW_OP_const1u" dwarf(CONST1U = 0x08) { form: ConstForm::U1 } llvm22,
                "DW_OP_const1s" dwarf(CONST1S = 0x09) { form: ConstForm::S1 } llvm22,
                "DW_OP_const2u" dwarf(CONST2U = 0x0a) { form: ConstForm::U2 } llvm22,
                "DW_OP_const2s" dwarf(CONST2S = 0x0b) { form: ConstForm::S2 } llvm22,
                "DW_OP_const4u" dwarf(CONST4U = 0x0c) { form: ConstForm::U4 } llvm22,
                "DW_OP_const4s" dwarf(CONST4S = 0x0d) { form: ConstForm::S4 } llvm22,
                "DW_OP_const8u" dwarf(CONST8U = 0x0e) { form: ConstForm::U8 } llvm22,
                "DW_OP_const8s" dwarf(CONST8S = 0x0f) { form: ConstForm::S8 } llvm22,
            ]
            /// `DW_OP_constu`.
            Constu(value: u64 = uleb "constant") [
                "DW_OP_constu" dwarf(CONSTU = 0x10) llvm22,
            ]
            /// `DW_OP_consts`.
            Consts(value: i64 = sleb "constant") [
                "DW_OP_consts" dwarf(CONSTS = 0x11) llvm22,
            ]
            /// `DW_OP_addr` (operand of the unit's address size).
            Addr(address: u64 = addr "address") [
                "DW_OP_addr" dwarf(ADDR = 0x03) llvm22,
            ]
            /// `DW_OP_addrx` / `DW_OP_GNU_addr_index`: index into `.debug_addr`.
            Addrx {
                /// The index.
                index: u64 = uleb "index",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_addrx" dwarf(ADDRX = 0xa1) { spelling: Spelling::Dwarf5 } llvm22,
                "DW_OP_GNU_addr_index" dwarf(GNU_ADDR_INDEX = 0xfb) { spelling: Spelling::Gnu } llvm22,
            ]
            /// `DW_OP_constx` / `DW_OP_GNU_const_index`: index into `.debug_addr`, pushed as a value.
            Constx {
                /// The index.
                index: u64 = uleb "index",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_constx" dwarf(CONSTX = 0xa2) { spelling: Spelling::Dwarf5 } llvm22,
                "DW_OP_GNU_const_index" dwarf(GNU_CONST_INDEX = 0xfc) { spelling: Spelling::Gnu } llvm22,
            ]
            /// `DW_OP_const_type` / `DW_OP_GNU_const_type`: a typed literal.
            ConstType {
                /// Unit offset of the base type DIE.
                base_type: u64 = base_type "base type offset",
                /// The literal bytes (little-endian as stored).
                bytes: Box<[u8]> = short_block "size",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_const_type" dwarf(CONST_TYPE = 0xa4) { spelling: Spelling::Dwarf5 },
                "DW_OP_GNU_const_type" dwarf(GNU_CONST_TYPE = 0xf4) { spelling: Spelling::Gnu },
            ]

            // ----- registers -----
            /// `DW_OP_reg0` .. `DW_OP_reg31`.
            Reg(reg: u8 = reg_in_opcode "DW_OP_reg") [
                "DW_OP_reg" range(REG0 = 0x50 ..= REG31 = 0x6f) llvm22,
            ]
            /// `DW_OP_regx`.
            Regx(reg: u64 = reg "register") [
                "DW_OP_regx" dwarf(REGX = 0x90) llvm22,
            ]
            /// `DW_OP_breg0` .. `DW_OP_breg31` with signed displacement.
            Breg {
                /// Register 0..31.
                reg: u8 = reg_in_opcode "DW_OP_breg",
                /// Displacement.
                offset: i64 = sleb "displacement",
            } [
                "DW_OP_breg" range(BREG0 = 0x70 ..= BREG31 = 0x8f) llvm22,
            ]
            /// `DW_OP_bregx`.
            Bregx {
                /// DWARF register number.
                reg: u64 = reg "register",
                /// Displacement.
                offset: i64 = sleb "displacement",
            } [
                "DW_OP_bregx" dwarf(BREGX = 0x92) llvm22,
            ]
            /// `DW_OP_fbreg`.
            Fbreg(offset: i64 = sleb "displacement") [
                "DW_OP_fbreg" dwarf(FBREG = 0x91) llvm22,
            ]
            /// `DW_OP_regval_type` / `DW_OP_GNU_regval_type`.
            RegvalType {
                /// DWARF register number.
                reg: u64 = reg "register",
                /// Unit offset of the base type DIE.
                base_type: u64 = base_type "base type offset",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_regval_type" dwarf(REGVAL_TYPE = 0xa5) { spelling: Spelling::Dwarf5 } llvm22,
                "DW_OP_GNU_regval_type" dwarf(GNU_REGVAL_TYPE = 0xf5) { spelling: Spelling::Gnu },
            ]

            // ----- stack -----
            /// `DW_OP_dup`.
            Dup {} [ "DW_OP_dup" dwarf(DUP = 0x12) llvm22 ]
            /// `DW_OP_drop`.
            Drop {} [ "DW_OP_drop" dwarf(DROP = 0x13) llvm22 ]
            /// `DW_OP_over`.
            Over {} [ "DW_OP_over" dwarf(OVER = 0x14) llvm22 ]
            /// `DW_OP_pick`.
            Pick(index: u8 = u8 "stack index") [ "DW_OP_pick" dwarf(PICK = 0x15) llvm22 ]
            /// `DW_OP_swap`.
            Swap {} [ "DW_OP_swap" dwarf(SWAP = 0x16) llvm22 ]
            /// `DW_OP_rot`.
            Rot {} [ "DW_OP_rot" dwarf(ROT = 0x17) llvm22 ]

            // ----- memory -----
            /// `DW_OP_deref`.
            Deref {} [ "DW_OP_deref" dwarf(DEREF = 0x06) llvm22 ]
            /// `DW_OP_deref_size`.
            DerefSize(size: u8 = u8 "size") [ "DW_OP_deref_size" dwarf(DEREF_SIZE = 0x94) llvm22 ]
            /// `DW_OP_deref_type` / `DW_OP_GNU_deref_type`.
            DerefType {
                /// Size in bytes of the type.
                size: u8 = u8 "size",
                /// Unit offset of the base type DIE.
                base_type: u64 = base_type "base type offset",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_deref_type" dwarf(DEREF_TYPE = 0xa6) { spelling: Spelling::Dwarf5 },
                "DW_OP_GNU_deref_type" dwarf(GNU_DEREF_TYPE = 0xf6) { spelling: Spelling::Gnu },
            ]
            /// `DW_OP_xderef`.
            Xderef {} [ "DW_OP_xderef" dwarf(XDEREF = 0x18) llvm22 ]
            /// `DW_OP_xderef_size`.
            XderefSize(size: u8 = u8 "size") [ "DW_OP_xderef_size" dwarf(XDEREF_SIZE = 0x95) llvm22 ]
            /// `DW_OP_xderef_type`.
            XderefType {
                /// Size in bytes of the type.
                size: u8 = u8 "size",
                /// Unit offset of the base type DIE.
                base_type: u64 = base_type "base type offset",
            } [ "DW_OP_xderef_type" dwarf(XDEREF_TYPE = 0xa7) ]
            /// `DW_OP_push_object_address`.
            PushObjectAddress {} [
                "DW_OP_push_object_address" dwarf(PUSH_OBJECT_ADDRESS = 0x97) llvm22,
            ]
            /// `DW_OP_form_tls_address`.
            FormTlsAddress {} [ "DW_OP_form_tls_address" dwarf(FORM_TLS_ADDRESS = 0x9b) llvm22 ]
            /// `DW_OP_GNU_push_tls_address` (0xe0).
            GnuPushTlsAddress {} [
                "DW_OP_GNU_push_tls_address" dwarf(GNU_PUSH_TLS_ADDRESS = 0xe0) llvm22,
            ]
            /// `DW_OP_call_frame_cfa`.
            CallFrameCfa {} [ "DW_OP_call_frame_cfa" dwarf(CALL_FRAME_CFA = 0x9c) llvm22 ]

            // ----- arithmetic and logic -----
            /// `DW_OP_abs`.
            Abs {} [ "DW_OP_abs" dwarf(ABS = 0x19) llvm22 ]
            /// `DW_OP_and`.
            And {} [ "DW_OP_and" dwarf(AND = 0x1a) llvm22 ]
            /// `DW_OP_div`.
            Div {} [ "DW_OP_div" dwarf(DIV = 0x1b) llvm22 ]
            /// `DW_OP_minus`.
            Minus {} [ "DW_OP_minus" dwarf(MINUS = 0x1c) llvm22 ]
            /// `DW_OP_mod`.
            Mod {} [ "DW_OP_mod" dwarf(MOD = 0x1d) llvm22 ]
            /// `DW_OP_mul`.
            Mul {} [ "DW_OP_mul" dwarf(MUL = 0x1e) llvm22 ]
            /// `DW_OP_neg`.
            Neg {} [ "DW_OP_neg" dwarf(NEG = 0x1f) llvm22 ]
            /// `DW_OP_not`.
            Not {} [ "DW_OP_not" dwarf(NOT = 0x20) llvm22 ]
            /// `DW_OP_or`.
            Or {} [ "DW_OP_or" dwarf(OR = 0x21) llvm22 ]
            /// `DW_OP_plus`.
            Plus {} [ "DW_OP_plus" dwarf(PLUS = 0x22) llvm22 ]
            /// `DW_OP_plus_uconst`.
            PlusUconst(value: u64 = uleb "constant") [
                "DW_OP_plus_uconst" dwarf(PLUS_UCONST = 0x23) llvm22,
            ]
            /// `DW_OP_shl`.
            Shl {} [ "DW_OP_shl" dwarf(SHL = 0x24) llvm22 ]
            /// `DW_OP_shr`.
            Shr {} [ "DW_OP_shr" dwarf(SHR = 0x25) llvm22 ]
            /// `DW_OP_shra`.
            Shra {} [ "DW_OP_shra" dwarf(SHRA = 0x26) llvm22 ]
            /// `DW_OP_xor`.
            Xor {} [ "DW_OP_xor" dwarf(XOR = 0x27) llvm22 ]
            /// `DW_OP_eq`.
            Eq {} [ "DW_OP_eq" dwarf(EQ = 0x29) llvm22 ]
            /// `DW_OP_ge`.
            Ge {} [ "DW_OP_ge" dwarf(GE = 0x2a) llvm22 ]
            /// `DW_OP_gt`.
            Gt {} [ "DW_OP_gt" dwarf(GT = 0x2b) llvm22 ]
            /// `DW_OP_le`.
            Le {} [ "DW_OP_le" dwarf(LE = 0x2c) llvm22 ]
            /// `DW_OP_lt`.
            Lt {} [ "DW_OP_lt" dwarf(LT = 0x2d) llvm22 ]
            /// `DW_OP_ne`.
            Ne {} [ "DW_OP_ne" dwarf(NE = 0x2e) llvm22 ]
            /// `DW_OP_convert` / `DW_OP_GNU_convert`; a base type offset of 0 means the generic type.
            Convert {
                /// Unit offset of the base type DIE (0 = generic type).
                base_type: u64 = base_type_or_generic "base type offset",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_convert" dwarf(CONVERT = 0xa8) { spelling: Spelling::Dwarf5 } llvm22,
                "DW_OP_GNU_convert" dwarf(GNU_CONVERT = 0xf7) { spelling: Spelling::Gnu },
            ]
            /// `DW_OP_reinterpret` / `DW_OP_GNU_reinterpret`.
            Reinterpret {
                /// Unit offset of the base type DIE (0 = generic type).
                base_type: u64 = base_type_or_generic "base type offset",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_reinterpret" dwarf(REINTERPRET = 0xa9) { spelling: Spelling::Dwarf5 },
                "DW_OP_GNU_reinterpret" dwarf(GNU_REINTERPRET = 0xf9) { spelling: Spelling::Gnu },
            ]

            // ----- control flow -----
            /// `DW_OP_skip` with its raw signed displacement (bytes after this op).
            Skip(displacement: i16 = branch "branch displacement or label") [
                "DW_OP_skip" dwarf(SKIP = 0x2f) llvm22,
            ]
            /// `DW_OP_bra` with its raw signed displacement (bytes after this op).
            Bra(displacement: i16 = branch "branch displacement or label") [
                "DW_OP_bra" dwarf(BRA = 0x28) llvm22,
            ]
            /// `DW_OP_call2`: unit offset.
            Call2(offset: u16 = u16 "DIE offset") [ "DW_OP_call2" dwarf(CALL2 = 0x98) llvm22 ]
            /// `DW_OP_call4`: unit offset.
            Call4(offset: u32 = u32 "DIE offset") [ "DW_OP_call4" dwarf(CALL4 = 0x99) llvm22 ]
            /// `DW_OP_call_ref`: `.debug_info` offset (4 or 8 bytes by DWARF format).
            CallRef(offset: u64 = ref_addr "DIE offset") [
                "DW_OP_call_ref" dwarf(CALL_REF = 0x9a) llvm22,
            ]
            /// `DW_OP_nop`.
            Nop {} [ "DW_OP_nop" dwarf(NOP = 0x96) llvm22 ]

            // ----- composition and special locations -----
            /// `DW_OP_piece`: size in bytes.
            Piece(size: u64 = uleb "size") [ "DW_OP_piece" dwarf(PIECE = 0x93) llvm22 ]
            /// `DW_OP_bit_piece`.
            BitPiece {
                /// Size in bits.
                size: u64 = uleb "bit size",
                /// Bit offset.
                offset: u64 = uleb "bit offset",
            } [ "DW_OP_bit_piece" dwarf(BIT_PIECE = 0x9d) llvm22 ]
            /// `DW_OP_implicit_value`.
            ImplicitValue(bytes: Box<[u8]> = block "size") [
                "DW_OP_implicit_value" dwarf(IMPLICIT_VALUE = 0x9e) llvm22,
            ]
            /// `DW_OP_stack_value`.
            StackValue {} [ "DW_OP_stack_value" dwarf(STACK_VALUE = 0x9f) llvm22 ]
            /// `DW_OP_implicit_pointer` / `DW_OP_GNU_implicit_pointer`.
            ImplicitPointer {
                /// `.debug_info` offset of the DIE the pointer points to.
                die: u64 = ref_addr "DIE offset",
                /// Byte displacement.
                offset: i64 = sleb "displacement",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_implicit_pointer" dwarf(IMPLICIT_POINTER = 0xa0) { spelling: Spelling::Dwarf5 } llvm22,
                "DW_OP_GNU_implicit_pointer" dwarf(GNU_IMPLICIT_POINTER = 0xf2) { spelling: Spelling::Gnu } llvm22,
            ]
            /// `DW_OP_entry_value` / `DW_OP_GNU_entry_value`: the raw bytes of the nested expression.
            EntryValue {
                /// The nested expression, undecoded.
                block: Box<[u8]> = nested "expression",
                /// DWARF 5 or GNU opcode.
                spelling: Spelling = fixed,
            } [
                "DW_OP_entry_value" dwarf(ENTRY_VALUE = 0xa3) { spelling: Spelling::Dwarf5 } llvm22,
                "DW_OP_GNU_entry_value" dwarf(GNU_ENTRY_VALUE = 0xf3) { spelling: Spelling::Gnu } llvm22,
            ]
            /// `DW_OP_GNU_parameter_ref`: unit offset of a formal parameter DIE.
            GnuParameterRef(offset: u32 = u32 "DIE offset") [
                "DW_OP_GNU_parameter_ref" dwarf(GNU_PARAMETER_REF = 0xfa),
            ]
            /// `DW_OP_GNU_variable_value`: `.debug_info` offset of a variable DIE.
            GnuVariableValue(die: u64 = ref_addr "DIE offset") [
                "DW_OP_GNU_variable_value" dwarf(GNU_VARIABLE_VALUE = 0xfd),
            ]
            /// `DW_OP_GNU_uninit`.
            GnuUninit {} [ "DW_OP_GNU_uninit" dwarf(GNU_UNINIT = 0xf0) ]

            // ----- LLVM heterogeneous-debugging extensions -----
            /// `DW_OP_LLVM_user DW_OP_LLVM_nop` (sub-op 1; no legacy form).
            LlvmNop {} [ "DW_OP_LLVM_nop" user(NOP = 0x01) llvm22 ]
            /// `DW_OP_LLVM_form_aspace_address`.
            LlvmFormAspaceAddress {} [
                "DW_OP_LLVM_form_aspace_address" user(FORM_ASPACE_ADDRESS = 0x02) llvm22,
                "DW_OP_LLVM_form_aspace_address" legacy(FORM_ASPACE_ADDRESS = 0xe1),
            ]
            /// `DW_OP_LLVM_push_lane`.
            LlvmPushLane {} [
                "DW_OP_LLVM_push_lane" user(PUSH_LANE = 0x03) llvm22,
                "DW_OP_LLVM_push_lane" legacy(PUSH_LANE = 0xe2),
            ]
            /// `DW_OP_LLVM_push_iteration` (no assigned encoding yet: no `DW_OP_LLVM_user`
            /// sub-op, and the legacy one-byte table 0xe1..0xec never had one).
            LlvmPushIteration {} [ "DW_OP_LLVM_push_iteration" unencoded() ]
            /// `DW_OP_LLVM_offset`.
            LlvmOffset {} [
                "DW_OP_LLVM_offset" user(OFFSET = 0x04) llvm22,
                "DW_OP_LLVM_offset" legacy(OFFSET = 0xe3),
            ]
            /// `DW_OP_LLVM_offset_uconst`.
            LlvmOffsetUconst(offset: u64 = uleb "displacement") [
                "DW_OP_LLVM_offset_uconst" user(OFFSET_UCONST = 0x05) llvm22,
                "DW_OP_LLVM_offset_uconst" legacy(OFFSET_UCONST = 0xe4),
            ]
            /// `DW_OP_LLVM_bit_offset`.
            LlvmBitOffset {} [
                "DW_OP_LLVM_bit_offset" user(BIT_OFFSET = 0x06) llvm22,
                "DW_OP_LLVM_bit_offset" legacy(BIT_OFFSET = 0xe5),
            ]
            /// `DW_OP_LLVM_call_frame_entry_reg`.
            LlvmCallFrameEntryReg(reg: u64 = reg "register") [
                "DW_OP_LLVM_call_frame_entry_reg" user(CALL_FRAME_ENTRY_REG = 0x07) llvm22,
                "DW_OP_LLVM_call_frame_entry_reg" legacy(CALL_FRAME_ENTRY_REG = 0xe6),
            ]
            /// `DW_OP_LLVM_undefined`.
            LlvmUndefined {} [
                "DW_OP_LLVM_undefined" user(UNDEFINED = 0x08) llvm22,
                "DW_OP_LLVM_undefined" legacy(UNDEFINED = 0xe7),
            ]
            /// `DW_OP_LLVM_aspace_bregx` (displacement signed per the extension prose).
            LlvmAspaceBregx {
                /// DWARF register number.
                reg: u64 = reg "register",
                /// Displacement.
                offset: i64 = sleb "displacement",
            } [
                "DW_OP_LLVM_aspace_bregx" user(ASPACE_BREGX = 0x09) llvm22,
                "DW_OP_LLVM_aspace_bregx" legacy(ASPACE_BREGX = 0xe8),
            ]
            /// `DW_OP_LLVM_aspace_implicit_pointer` (legacy encoding only).
            LlvmAspaceImplicitPointer {
                /// `.debug_info` offset of the DIE.
                die: u64 = ref_addr "DIE offset",
                /// Byte displacement.
                offset: i64 = sleb "displacement",
            } [
                "DW_OP_LLVM_aspace_implicit_pointer" legacy(ASPACE_IMPLICIT_POINTER = 0xe9),
            ]
            /// `DW_OP_LLVM_piece_end`.
            LlvmPieceEnd {} [
                "DW_OP_LLVM_piece_end" user(PIECE_END = 0x0a) llvm22,
                "DW_OP_LLVM_piece_end" legacy(PIECE_END = 0xea),
            ]
            /// `DW_OP_LLVM_extend`.
            LlvmExtend {
                /// Element size in bits.
                bits: u64 = uleb "bit size",
                /// Element count.
                count: u64 = uleb "count",
            } [
                "DW_OP_LLVM_extend" user(EXTEND = 0x0b) llvm22,
                "DW_OP_LLVM_extend" legacy(EXTEND = 0xeb),
            ]
            /// `DW_OP_LLVM_select_bit_piece`.
            LlvmSelectBitPiece {
                /// Element size in bits.
                bits: u64 = uleb "bit size",
                /// Element count.
                count: u64 = uleb "count",
            } [
                "DW_OP_LLVM_select_bit_piece" user(SELECT_BIT_PIECE = 0x0c) llvm22,
                "DW_OP_LLVM_select_bit_piece" legacy(SELECT_BIT_PIECE = 0xec),
            ]
            /// `DW_OP_LLVM_overlay` (no assigned `DW_OP_LLVM_user` sub-op yet, and no legacy
            /// one-byte code: the proposal's tables ended at 0xec before overlays were added).
            LlvmOverlay {} [ "DW_OP_LLVM_overlay" unencoded() ]
            /// `DW_OP_LLVM_bit_overlay` (no assigned `DW_OP_LLVM_user` sub-op yet, and no legacy
            /// one-byte code).
            LlvmBitOverlay {} [ "DW_OP_LLVM_bit_overlay" unencoded() ]
        }
    };
}
pub(crate) use operations;

// ----- what every consumer needs of an encoding -----

/// The pattern on the opcode byte that selects an encoding; see [`byte_guard!`].
///
/// Consumers dispatch in two levels, as one writes it by hand: a `match` on the opcode
/// byte, whose `DW_OP_LLVM_user` arm reads the sub-opcode and `match`es it. Every
/// encoding has an arm in both, under a guard that is constant false in the level it does
/// not belong to (the compiler drops those arms), because a macro cannot leave an arm out.
macro_rules! byte_pattern {
    (dwarf ($c:ident = $v:literal)) => {
        $v
    };
    (range ($c0:ident = $v0:literal ..= $c1:ident = $v1:literal)) => {
        $v0..=$v1
    };
    (legacy ($c:ident = $v:literal)) => {
        $v
    };
    ($space:ident $code:tt) => {
        _
    };
}
pub(crate) use byte_pattern;

/// The guard of an encoding's arm in the `match` on the opcode byte, under encoding
/// convention `$enc`.
macro_rules! byte_guard {
    (dwarf, $enc:expr) => {
        true
    };
    (range, $enc:expr) => {
        true
    };
    (legacy, $enc:expr) => {
        matches!($enc, $crate::expr::op::Encoding::Legacy)
    };
    ($space:ident, $enc:expr) => {
        false
    };
}
pub(crate) use byte_guard;

/// The pattern on the `DW_OP_LLVM_user` sub-opcode that selects an encoding; see
/// [`byte_pattern!`].
macro_rules! subop_pattern {
    (user ($c:ident = $v:literal)) => {
        $v
    };
    ($space:ident $code:tt) => {
        _
    };
}
pub(crate) use subop_pattern;

/// The guard of an encoding's arm in the `match` on the sub-opcode.
macro_rules! subop_guard {
    (user) => {
        true
    };
    ($space:ident) => {
        false
    };
}
pub(crate) use subop_guard;

/// Whether an encoding exists under encoding convention `$enc` (for the encoder, which
/// starts from the operation).
macro_rules! space_guard {
    (dwarf, $enc:expr) => {
        true
    };
    (range, $enc:expr) => {
        true
    };
    (user, $enc:expr) => {
        matches!($enc, $crate::expr::op::Encoding::User)
    };
    (legacy, $enc:expr) => {
        matches!($enc, $crate::expr::op::Encoding::Legacy)
    };
    (unencoded, $enc:expr) => {
        false
    };
}
pub(crate) use space_guard;

/// The pattern of a variant that binds every field by its table name (`Op::Breg { reg,
/// offset }`, `Op::Fbreg(offset)`, `Op::Dup`).
macro_rules! bind_fields {
    ($V:ident ()) => {
        $crate::expr::op::Op::$V
    };
    ($V:ident {}) => {
        $crate::expr::op::Op::$V
    };
    ($V:ident ( $b:ident : $t:ty = $k:ident $($l:literal)? )) => {
        $crate::expr::op::Op::$V($b)
    };
    ($V:ident { $( $(#[$m:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? ),+ $(,)? }) => {
        $crate::expr::op::Op::$V { $($f),+ }
    };
}
pub(crate) use bind_fields;

/// The variant built from locals named as its fields (the counterpart of
/// [`bind_fields!`]).
macro_rules! construct {
    ($V:ident $fields:tt) => {
        $crate::expr::table::bind_fields!($V $fields)
    };
}
pub(crate) use construct;

/// The tuple of a variant's operand values, in byte order and without `fixed` fields,
/// each written by `$each!($cx kind binding)`: `(reg, offset)` for `DW_OP_bregx`, `()` for
/// `DW_OP_dup`. Consumers that hand operands to code written per variant use it, so that
/// that code names the operands itself.
macro_rules! operand_tuple {
    ($each:ident $cx:tt ()) => { () };
    ($each:ident $cx:tt {}) => { () };
    ($each:ident $cx:tt ( $b:ident : $t:ty = $k:ident $($l:literal)? )) => {
        ($each!($cx $k $b),)
    };
    ($each:ident $cx:tt { $( $(#[$m:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? ),+ $(,)? }) => {
        $crate::expr::table::operand_tuple!(@munch $each $cx [] $($k $f)+)
    };
    (@munch $each:ident $cx:tt [$($acc:tt)*] fixed $f:ident $($rest:tt)*) => {
        $crate::expr::table::operand_tuple!(@munch $each $cx [$($acc)*] $($rest)*)
    };
    (@munch $each:ident $cx:tt [$($acc:tt)*] $k:ident $f:ident $($rest:tt)*) => {
        $crate::expr::table::operand_tuple!(@munch $each $cx [$($acc)* $each!($cx $k $f),] $($rest)*)
    };
    (@munch $each:ident $cx:tt [$($acc:tt)*]) => {
        ($($acc)*)
    };
}
pub(crate) use operand_tuple;

/// `["DW_OP_lit0", ..., "DW_OP_lit31"]` for a `range` encoding named `"DW_OP_lit"`.
macro_rules! numbered_names {
    ($p:literal) => {
        [
            concat!($p, 0),
            concat!($p, 1),
            concat!($p, 2),
            concat!($p, 3),
            concat!($p, 4),
            concat!($p, 5),
            concat!($p, 6),
            concat!($p, 7),
            concat!($p, 8),
            concat!($p, 9),
            concat!($p, 10),
            concat!($p, 11),
            concat!($p, 12),
            concat!($p, 13),
            concat!($p, 14),
            concat!($p, 15),
            concat!($p, 16),
            concat!($p, 17),
            concat!($p, 18),
            concat!($p, 19),
            concat!($p, 20),
            concat!($p, 21),
            concat!($p, 22),
            concat!($p, 23),
            concat!($p, 24),
            concat!($p, 25),
            concat!($p, 26),
            concat!($p, 27),
            concat!($p, 28),
            concat!($p, 29),
            concat!($p, 30),
            concat!($p, 31),
        ]
    };
}
pub(crate) use numbered_names;

// ----- descriptors, for the printers -----

/// Where an encoding lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Space {
    /// A DWARF 5 or GNU opcode (or a range of 32).
    Dwarf,
    /// A `DW_OP_LLVM_user` sub-opcode.
    User,
    /// AMD's legacy one-byte opcode.
    Legacy,
}

/// An operand kind (see the module documentation), as the printers read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A number in the opcode of a `range` encoding.
    InOpcode,
    /// A register number in the opcode of a `range` encoding.
    RegInOpcode,
    /// One byte.
    U8,
    /// Two bytes.
    U16,
    /// Four bytes.
    U32,
    /// Two bytes, signed: a branch displacement.
    Branch,
    /// A fixed-size constant of this form.
    Constant(ConstForm),
    /// An address of the address size.
    Addr,
    /// A `.debug_info` offset of the offset size.
    RefAddr,
    /// ULEB128.
    Uleb,
    /// SLEB128.
    Sleb,
    /// ULEB128 register number.
    Reg,
    /// ULEB128 base type reference.
    BaseType,
    /// ULEB128 base type reference, 0 meaning the generic type.
    BaseTypeOrGeneric,
    /// ULEB128 length, then that many bytes.
    Block,
    /// ULEB128 length, then a nested expression of that many bytes.
    Nested,
    /// One-byte length, then that many bytes.
    ShortBlock,
}

/// The most operands an encoding has (the printers keep them in an array).
pub(crate) const MAX_OPERANDS: usize = 3;

/// One encoding of an operation: what the printers need to read and name it.
#[derive(Debug)]
pub(crate) struct Form {
    /// The name `llvm-dwarfdump` prints (for a `range` encoding, without the number).
    pub(crate) name: &'static str,
    /// Where the encoding lives.
    pub(crate) space: Space,
    /// The first opcode of a `range` encoding (the opcode itself otherwise).
    pub(crate) first: u8,
    /// The operand kinds in byte order (no `fixed` fields).
    pub(crate) operands: &'static [Kind],
    /// Whether `llvm-dwarfdump` from LLVM 22 decodes this encoding.
    pub(crate) llvm22: bool,
}

macro_rules! kind_value {
    (in_opcode, $fixed:tt) => {
        Kind::InOpcode
    };
    (reg_in_opcode, $fixed:tt) => {
        Kind::RegInOpcode
    };
    (u8, $fixed:tt) => {
        Kind::U8
    };
    (u16, $fixed:tt) => {
        Kind::U16
    };
    (u32, $fixed:tt) => {
        Kind::U32
    };
    (branch, $fixed:tt) => {
        Kind::Branch
    };
    (constant, { form: $f:path }) => {
        Kind::Constant($f)
    };
    (addr, $fixed:tt) => {
        Kind::Addr
    };
    (ref_addr, $fixed:tt) => {
        Kind::RefAddr
    };
    (uleb, $fixed:tt) => {
        Kind::Uleb
    };
    (sleb, $fixed:tt) => {
        Kind::Sleb
    };
    (reg, $fixed:tt) => {
        Kind::Reg
    };
    (base_type, $fixed:tt) => {
        Kind::BaseType
    };
    (base_type_or_generic, $fixed:tt) => {
        Kind::BaseTypeOrGeneric
    };
    (block, $fixed:tt) => {
        Kind::Block
    };
    (nested, $fixed:tt) => {
        Kind::Nested
    };
    (short_block, $fixed:tt) => {
        Kind::ShortBlock
    };
}

/// `&[Kind, ...]` of a variant's fields (without `fixed` ones).
macro_rules! kinds {
    ((), $fixed:tt) => { &[] };
    ({}, $fixed:tt) => { &[] };
    (( $b:ident : $t:ty = $k:ident $($l:literal)? ), $fixed:tt) => { &[kind_value!($k, $fixed)] };
    ({ $( $(#[$m:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? ),+ $(,)? }, $fixed:tt) => {
        kinds!(@munch $fixed [] $($k)+)
    };
    (@munch $fixed:tt [$($acc:tt)*] fixed $($rest:ident)*) => {
        kinds!(@munch $fixed [$($acc)*] $($rest)*)
    };
    (@munch $fixed:tt [$($acc:tt)*] $k:ident $($rest:ident)*) => {
        kinds!(@munch $fixed [$($acc)* kind_value!($k, $fixed),] $($rest)*)
    };
    (@munch $fixed:tt [$($acc:tt)*]) => { &[$($acc)*] };
}

macro_rules! form_space {
    (dwarf) => {
        Space::Dwarf
    };
    (range) => {
        Space::Dwarf
    };
    (user) => {
        Space::User
    };
    (legacy) => {
        Space::Legacy
    };
    (unencoded) => {
        Space::Dwarf
    };
}

macro_rules! form_first {
    (dwarf ($c:ident = $v:literal)) => {
        $v
    };
    (range ($c0:ident = $v0:literal ..= $c1:ident = $v1:literal)) => {
        $v0
    };
    (user ($c:ident = $v:literal)) => {
        $crate::expr::op::opcode::LLVM_USER
    };
    (legacy ($c:ident = $v:literal)) => {
        $v
    };
    (unencoded ()) => {
        0
    };
}

macro_rules! is_llvm22 {
    () => {
        false
    };
    (llvm22) => {
        true
    };
}

/// Generates [`describe`].
macro_rules! define_forms {
    ($(
        $(#[$attr:meta])*
        $V:ident $fields:tt [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        /// The encoding that opcode `code` (with `subop`, the sub-opcode that follows a
        /// `DW_OP_LLVM_user`, if one was read) selects under `encoding`; `None` if the table
        /// has none.
        pub(crate) fn describe(
            code: u8,
            subop: Option<u64>,
            encoding: Encoding,
        ) -> Option<&'static Form> {
            match (code, subop) {
                (opcode::LLVM_USER, Some(subop)) if encoding == Encoding::User => match subop {
                    $($(
                        subop_pattern!($space $code) if subop_guard!($space) => {
                            Some(form!($name $space $code $fields { $($( $fixed: $value ),*)? } $($llvm22)?))
                        }
                    )*)*
                    _ => None,
                },
                _ => match code {
                    $($(
                        byte_pattern!($space $code) if byte_guard!($space, encoding) => {
                            Some(form!($name $space $code $fields { $($( $fixed: $value ),*)? } $($llvm22)?))
                        }
                    )*)*
                    _ => None,
                },
            }
        }
    };
}

/// The [`Form`] of one encoding.
macro_rules! form {
    ($name:literal $space:ident $code:tt $fields:tt $fixed:tt $($llvm22:ident)?) => {
        const {
            let form = &Form {
                name: $name,
                space: form_space!($space),
                first: form_first!($space $code),
                operands: kinds!($fields, $fixed),
                llvm22: is_llvm22!($($llvm22)?),
            };
            assert!(
                form.operands.len() <= MAX_OPERANDS,
                "the printers keep at most MAX_OPERANDS operands"
            );
            form
        }
    };
}

operations!(define_forms);

/// The operation names of the legacy one-byte opcode `code`, for messages about an
/// unknown opcode (`None` if no legacy operation has this opcode).
pub(crate) fn legacy_name(code: u8) -> Option<&'static str> {
    describe(code, None, Encoding::Legacy)
        .filter(|f| f.space == Space::Legacy)
        .map(|f| f.name)
}

// ----- what the tests derive from the table -----

/// A sample value of an operand kind, at an edge of its range where the kind allows one
/// that fits every unit (4-byte addresses, DWARF32 offsets).
#[cfg(test)]
macro_rules! sample_value {
    (in_opcode, $fixed:tt) => {
        31
    };
    (reg_in_opcode, $fixed:tt) => {
        31
    };
    (u8, $fixed:tt) => {
        0xff
    };
    (u16, $fixed:tt) => {
        0xffff
    };
    (u32, $fixed:tt) => {
        0xffff_ffff
    };
    // Past itself: a displacement that always lands on an operation boundary.
    (branch, $fixed:tt) => {
        0
    };
    (constant, { form: $f:path }) => {
        crate::expr::extend_const($f, 0x8081_8283_8485_8687)
    };
    (addr, $fixed:tt) => {
        0xdead_beef
    };
    (ref_addr, $fixed:tt) => {
        0xffff_ffff
    };
    (uleb, $fixed:tt) => {
        u64::MAX
    };
    (sleb, $fixed:tt) => {
        i64::MIN
    };
    (reg, $fixed:tt) => {
        2560
    };
    (base_type, $fixed:tt) => {
        0x2a
    };
    (base_type_or_generic, $fixed:tt) => {
        0
    };
    (block, $fixed:tt) => {
        vec![0xab; 3].into_boxed_slice()
    };
    (nested, $fixed:tt) => {
        vec![0x90, 0x41].into_boxed_slice()
    };
    (short_block, $fixed:tt) => {
        vec![1, 2, 3, 4].into_boxed_slice()
    };
}

/// Binds each field of a variant to its sample value.
#[cfg(test)]
macro_rules! sample_fields {
    ($fixed:tt ()) => {};
    ($fixed:tt {}) => {};
    ($fixed:tt ( $b:ident : $t:ty = $k:ident $($l:literal)? )) => {
        let $b: $t = sample_value!($k, $fixed);
    };
    ($fixed:tt { $( $(#[$m:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? ),+ $(,)? }) => {
        $( sample_fields!(@one $fixed $f $t, $k); )+
    };
    (@one $fixed:tt $f:ident $t:ty, fixed) => {};
    (@one $fixed:tt $f:ident $t:ty, $k:ident) => {
        let $f: $t = sample_value!($k, $fixed);
    };
}

#[cfg(test)]
macro_rules! sample_space {
    (dwarf) => {
        Some(Space::Dwarf)
    };
    (range) => {
        Some(Space::Dwarf)
    };
    (user) => {
        Some(Space::User)
    };
    (legacy) => {
        Some(Space::Legacy)
    };
    (unencoded) => {
        None
    };
}

/// Generates the test support: a dense index per variant, and a sample of every encoding.
#[cfg(test)]
macro_rules! define_samples {
    ($(
        $(#[$attr:meta])*
        $V:ident $fields:tt [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        /// The variants of [`Op`], in table order.
        enum Variant {
            $( $V, )*
        }

        /// How many variants [`Op`] has.
        pub(crate) const VARIANTS: usize = [$( Variant::$V as usize, )*].len();

        /// A dense index per variant of [`Op`].
        pub(crate) fn variant(op: &Op) -> usize {
            match op {
                $( Op::$V { .. } => Variant::$V as usize, )*
            }
        }

        /// One operation per encoding in the table, its operands at the edges of their
        /// ranges, with the space of its encoding (`None`: it has none).
        pub(crate) fn samples() -> Vec<(Op, Option<Space>)> {
            vec![$($(
                {
                    $($( let $fixed = $value; )*)?
                    sample_fields!({ $($( $fixed: $value ),*)? } $fields);
                    (construct!($V $fields), sample_space!($space))
                },
            )*)*]
        }
    };
}

/// What the tests derive from the table.
#[cfg(test)]
pub(crate) mod samples {
    use super::Space;
    use crate::expr::op::{ConstForm, Op, Spelling};
    operations!(define_samples);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describe_reads_each_space() {
        let f = describe(0x92, None, Encoding::User).unwrap();
        assert_eq!(
            (f.name, f.operands),
            ("DW_OP_bregx", &[Kind::Reg, Kind::Sleb][..])
        );
        let f = describe(0x75, None, Encoding::User).unwrap();
        assert_eq!((f.name, f.first), ("DW_OP_breg", 0x70));
        let f = describe(0xe9, Some(3), Encoding::User).unwrap();
        assert_eq!((f.name, f.space), ("DW_OP_LLVM_push_lane", Space::User));
        let f = describe(0xe9, Some(3), Encoding::Legacy).unwrap();
        assert_eq!(f.name, "DW_OP_LLVM_aspace_implicit_pointer");
        assert!(describe(0xe2, None, Encoding::User).is_none());
        assert_eq!(legacy_name(0xe2), Some("DW_OP_LLVM_push_lane"));
        assert_eq!(legacy_name(0xe0), None);
        let f = describe(0x0b, None, Encoding::User).unwrap();
        assert_eq!(f.operands, &[Kind::Constant(ConstForm::S2)][..]);
        assert!(!describe(0xf5, None, Encoding::User).unwrap().llvm22);
    }
}
