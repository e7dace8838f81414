//! The stable check ids of `hetdwarf verify`, their severities and their documentation.
//!
//! Every finding names one of these ids (kebab-case, like a linter's rule names). Ids are
//! never renamed or reused; new checks get new ids.

use super::Severity;

macro_rules! checks {
    ($( $(#[$doc:meta])* $konst:ident = $id:literal, $sev:ident, $group:literal, $summary:literal; )*) => {
        $( $(#[$doc])* pub const $konst: &str = $id; )*

        /// Every check: id, severity, group and one-line summary.
        pub const ALL: &[CheckInfo] = &[
            $( CheckInfo { id: $id, severity: Severity::$sev, group: $group, summary: $summary }, )*
        ];
    };
}

/// Documentation of one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckInfo {
    /// The stable kebab-case id.
    pub id: &'static str,
    /// Its severity.
    pub severity: Severity,
    /// Which family of checks it belongs to (decoding, evaluation, target, ...).
    pub group: &'static str,
    /// One line saying what it finds.
    pub summary: &'static str,
}

checks! {
    /// An expression does not decode under the object's encoding convention.
    UNDECODABLE_EXPRESSION = "undecodable-expression", Error, "decoding",
        "the expression bytes do not decode (unknown opcode, truncated operand, LEB128 overflow)";
    /// A `DW_OP_skip`/`DW_OP_bra` does not land on an operation boundary.
    BRANCH_OFF_BOUNDARY = "branch-off-boundary", Error, "decoding",
        "a DW_OP_skip or DW_OP_bra lands inside an operation or outside the expression";
    /// Legacy one-byte heterogeneous opcodes in an object that uses `DW_OP_LLVM_user`.
    LEGACY_OPCODE_UNDER_USER_CONVENTION = "legacy-opcode-under-user-convention", Error, "producer",
        "an expression uses the legacy one-byte opcodes 0xe1..0xec while the object uses DW_OP_LLVM_user";
    /// `DW_OP_LLVM_user` expressions in an object that uses the legacy opcodes.
    USER_OPCODE_UNDER_LEGACY_CONVENTION = "user-opcode-under-legacy-convention", Error, "producer",
        "an expression only makes sense as DW_OP_LLVM_user while the object uses the legacy opcodes";
    /// An operation needs more stack entries than there are.
    STACK_UNDERFLOW = "stack-underflow", Error, "evaluation",
        "an operation pops more entries than the stack holds on some path";
    /// A value where a location is needed, or the reverse, with no implicit conversion.
    KIND_MISMATCH = "kind-mismatch", Error, "evaluation",
        "a value is used where a location is required (or the reverse) and no implicit conversion applies";
    /// A stack operation copies, moves or consumes an incomplete composite.
    INCOMPLETE_COMPOSITE_MISUSE = "incomplete-composite-misuse", Error, "evaluation",
        "an operation other than DW_OP_piece/bit_piece/LLVM_piece_end touches an incomplete composite";
    /// `DW_OP_LLVM_piece_end` without an incomplete composite on top.
    PIECE_END_WITHOUT_COMPOSITE = "piece-end-without-composite", Error, "evaluation",
        "DW_OP_LLVM_piece_end finds no incomplete composite on top of the stack";
    /// `DW_OP_LLVM_extend` / `select_bit_piece` with a zero size or count.
    ZERO_SIZE_OR_COUNT = "zero-size-or-count", Error, "evaluation",
        "DW_OP_LLVM_extend or DW_OP_LLVM_select_bit_piece has a zero element size or count";
    /// `DW_OP_LLVM_select_bit_piece` whose mask has fewer bits than elements.
    SELECT_MASK_TOO_NARROW = "select-mask-too-narrow", Error, "evaluation",
        "DW_OP_LLVM_select_bit_piece selects more elements than its mask value has bits";
    /// An operation the specification forbids in CFI expressions.
    OP_FORBIDDEN_IN_CFI = "op-forbidden-in-cfi", Error, "evaluation",
        "a CFI expression uses an operation forbidden there (push_lane, fbreg, call*, typed ops, ...)";
    /// A type operand that is not a `DW_TAG_base_type` DIE.
    NOT_A_BASE_TYPE = "not-a-base-type", Error, "evaluation",
        "DW_OP_convert/const_type/regval_type/deref_type refers to a DIE that is not a base type";
    /// A typed operation whose size operand disagrees with its type.
    TYPE_SIZE_MISMATCH = "type-size-mismatch", Error, "evaluation",
        "the size operand of DW_OP_const_type/deref_type disagrees with the base type's size";
    /// Arithmetic on operands of different types, or a non-integral operand.
    TYPE_MISMATCH = "type-mismatch", Error, "evaluation",
        "arithmetic or comparison on values of different base types, or a non-integral address space/offset";
    /// A `DW_OP_convert` / `reinterpret` the specification does not define.
    INVALID_CONVERSION = "invalid-conversion", Error, "evaluation",
        "DW_OP_convert between an address and a float, or DW_OP_reinterpret between sizes";
    /// `DW_OP_fbreg` inside `DW_AT_frame_base`.
    FBREG_IN_FRAME_BASE = "fbreg-in-frame-base", Error, "evaluation",
        "DW_OP_fbreg inside the frame base expression itself";
    /// A frame base that is not one register or memory location.
    FRAME_BASE_NOT_SINGLE_LOCATION = "frame-base-not-single-location", Error, "evaluation",
        "DW_AT_frame_base evaluates to a composite or implicit location";
    /// A CFA expression that does not give a memory location.
    CFA_NOT_MEMORY = "cfa-not-memory", Error, "cfi",
        "DW_CFA_def_cfa_expression does not produce a memory byte address";
    /// `DW_OP_deref_size` 0 or larger than the generic type.
    DEREF_SIZE_OUT_OF_RANGE = "deref-size-out-of-range", Warning, "evaluation",
        "DW_OP_deref_size of 0 or more than 8 bytes (silently truncated to 8 on AMDGPU)";
    /// Division by the constant zero.
    DIVISION_BY_ZERO = "division-by-zero", Warning, "evaluation",
        "DW_OP_div or DW_OP_mod by the constant 0";
    /// A read from an undefined location.
    READ_OF_UNDEFINED = "read-of-undefined", Warning, "evaluation",
        "a dereference reads from DW_OP_LLVM_undefined storage (always an evaluation error)";
    /// A register number the target does not map for the function's wave size.
    UNMAPPED_REGISTER = "unmapped-register", Error, "target",
        "a DWARF register number is not mapped for the function's wave size (e.g. a wave32 VGPR in a wave64 kernel)";
    /// A read of more bits than a register (or implicit storage) holds.
    REGISTER_READ_TOO_WIDE = "register-read-too-wide", Error, "target",
        "a dereference, regval_type or piece reads past the end of a register or implicit value";
    /// An address space number the target does not define.
    UNDEFINED_ADDRESS_SPACE = "undefined-address-space", Error, "target",
        "an address space operand is not a DW_ASPACE_* value AMDGPU defines";
    /// A constant address wider than its address space.
    ADDRESS_OUT_OF_RANGE = "address-out-of-range", Warning, "target",
        "a constant address does not fit the width of its address space";
    /// `breg` on a register narrower than an address.
    BREG_NARROW_REGISTER = "breg-narrow-register", Warning, "target",
        "DW_OP_breg*/bregx/LLVM_aspace_bregx on a register narrower than the address it must hold";
    /// A CFI instruction stream that cannot be read.
    CFI_UNDECODABLE = "cfi-undecodable", Error, "cfi",
        "a .debug_frame entry or call-frame instruction cannot be decoded";
    /// `def_cfa_register`/`def_cfa_offset` after `def_cfa_expression`.
    CFA_RULE_AFTER_EXPRESSION = "cfa-rule-after-expression", Error, "cfi",
        "DW_CFA_def_cfa_register/offset follows a DW_CFA_def_cfa_expression (ill-formed)";
    /// A location-list entry with an empty range.
    LOCLIST_EMPTY_RANGE = "loclist-empty-range", Warning, "location-list",
        "a location-list entry whose range is empty (never applies)";
    /// A location-list entry whose end precedes its start.
    LOCLIST_INVERTED_RANGE = "loclist-inverted-range", Error, "location-list",
        "a location-list entry whose end address precedes its start";
    /// A location-list entry outside the enclosing subprogram.
    LOCLIST_OUT_OF_SCOPE = "loclist-out-of-scope", Warning, "location-list",
        "a location-list entry covers PCs outside the enclosing subprogram's PC ranges";
    /// Overlapping location-list entries: the variable is in several places.
    LOCLIST_OVERLAP = "loclist-overlap", Info, "location-list",
        "location-list entries overlap: the variable lives in several places at once";
    /// PCs of the scope that no location-list entry covers.
    LOCLIST_GAP = "loclist-gap", Info, "location-list",
        "parts of the variable's scope have no location-list entry (and no default entry)";
    /// Entries of one list that describe objects of different sizes.
    LOCLIST_SIZE_MISMATCH = "loclist-size-mismatch", Info, "location-list",
        "entries of one location list describe objects of different sizes";
    /// The clang address-space suffix applied to a value.
    XDEREF_ON_REGISTER_VALUE = "xderef-on-register-value", Error, "producer",
        "`lit<N> swap xderef` applied to a register-promoted value or a constant (clang bug)";
    /// `DW_OP_fbreg` in a subprogram without a frame base.
    FBREG_WITHOUT_FRAME_BASE = "fbreg-without-frame-base", Warning, "producer",
        "DW_OP_fbreg in a subprogram that has no DW_AT_frame_base";
    /// Attributes at 0x3e08..0x3e0c, which mean pointer authentication to LLVM >= 16.
    PTRAUTH_ATTRIBUTE_COLLISION = "ptrauth-attribute-collision", Warning, "producer",
        "an attribute numbered 0x3e08..0x3e0c: old AMD DW_AT_LLVM_* to some readers, DW_AT_LLVM_ptrauth_* to others";
    /// A bare vector register in a unit read as heterogeneous DWARF.
    BARE_VECTOR_REGISTER_IN_HETEROGENEOUS_UNIT = "bare-vector-register-in-heterogeneous-unit", Warning, "producer",
        "a location names a whole vector register without DW_OP_LLVM_push_lane in a unit that uses the heterogeneous extensions: the letter (every lane) and upstream LLVM (this lane's dword) disagree";
    /// The analysis could not follow every path within its budget.
    ANALYSIS_INCOMPLETE = "analysis-incomplete", Error, "evaluation",
        "the expression was not verified: following every path (called expressions included) exceeds the analysis budget, the call depth or the stack depth tracked";
    /// A path returns to an operation with the same known stack.
    EVALUATION_NEVER_ENDS = "evaluation-never-ends", Error, "evaluation",
        "the evaluation returns to an operation with the same stack of known values: it loops forever";
    /// A loop pushes without bound.
    STACK_UNBOUNDED = "stack-unbounded", Error, "evaluation",
        "a loop grows the stack without bound";
    /// More operations than an evaluator executes.
    EVALUATION_TOO_LONG = "evaluation-too-long", Error, "evaluation",
        "evaluating the expression (called expressions included) executes more operations than an evaluator allows";
    /// A `DW_OP_call*` re-enters a DIE being evaluated.
    CALL_RECURSION = "call-recursion", Error, "evaluation",
        "a DW_OP_call* re-enters a DWARF procedure that is already being evaluated: the evaluation never ends";
    /// An attribute of a unit's root DIE could not be read (the unit is checked without it).
    UNIT_ATTRIBUTE_UNREADABLE = "unit-attribute-unreadable", Error, "producer",
        "an attribute of a compile unit's root DIE cannot be read (a DW_AT_stmt_list past .debug_line, a DW_AT_low_pc that is no address, a name off the end of .debug_str): the unit is used without it";
    /// A section cannot be read (decompressed, relocated, or within the memory budget).
    SECTION_UNREADABLE = "section-unreadable", Error, "input",
        "a debug section cannot be decompressed or relocated, or decompressing it would pass the file's memory budget: what it holds is not checked";
    /// A type that contains itself by value.
    TYPE_CYCLE = "type-cycle", Error, "producer",
        "a variable's type contains itself by value (a typedef or qualifier chain back to itself, a structure holding itself): it has no size";
    /// A reference within a unit that points past the unit's end.
    REFERENCE_OUT_OF_UNIT = "reference-out-of-unit", Error, "producer",
        "a DW_FORM_ref1/2/4/8/udata attribute (a type, an origin, a sibling) whose offset lies past the end of its unit: a reader following it reads the next unit's bytes or nothing";
    /// A reference within a unit to an offset where no DIE starts.
    REFERENCE_BETWEEN_DIES = "reference-between-dies", Error, "producer",
        "a DW_FORM_ref1/2/4/8/udata attribute whose offset lies inside its unit but where no DIE starts (the unit header, or the middle of a DIE): a reader following it decodes bytes that are no DIE";
    /// A `DW_AT_type` naming a DIE that is not a type.
    TYPE_REFERENCE_NOT_A_TYPE = "type-reference-not-a-type", Error, "producer",
        "a DW_AT_type names a DIE that is not a type (a subprogram, a variable): the value cannot be read with it";
    /// An origin or specification chain that returns to a DIE.
    ORIGIN_CYCLE = "origin-cycle", Error, "producer",
        "DW_AT_abstract_origin / DW_AT_specification references that lead back to a DIE already on the chain";
    /// Pieces located for a variable whose type has no bytes.
    ZERO_SIZE_TYPE_WITH_LOCATION = "zero-size-type-with-location", Warning, "producer",
        "a variable whose type has 0 bytes is located by a composite of pieces (Triton: `unknown_type` tensors in two VGPRs): a reader shows nothing of them";
    /// An LDS variable whose location is a placeholder.
    LDS_PLACEHOLDER_LOCATION = "lds-placeholder-location", Warning, "producer",
        "an LDS (__local/__shared__) variable whose location is empty or a placeholder address";
    /// A DIOp record of the IR module breaks a rule of the fork's verifier.
    DIOP_ILL_FORMED = "diop-ill-formed", Error, "diop",
        "a DIOp expression of the IR module is not well-formed (the fork verifier's rule is named)";
    /// The DWARF emitted for a DIOp record does not mean what the record says.
    DIOP_LOWERING_MISMATCH = "diop-lowering-mismatch", Error, "diop",
        "the DWARF emitted for a DIOp record is not its lowering, or reads differently on some machine state";
    /// No DIOp record of the IR module names a variable of the object.
    DIOP_MODULE_UNMATCHED = "diop-module-unmatched", Warning, "diop",
        "no DIOp debug record of the IR module names a variable of the object (or the module has none): nothing was checked; is it the module the object was compiled from?";
    /// A register location still covers PCs after an instruction that updates the register
    /// in place (reads and writes it).
    CLOBBER_IN_PLACE_UPDATE = "clobber-in-place-update", Info, "code",
        "a location-list entry keeps naming a register after an instruction that reads and writes it (`j += 3`): the variable's own update, unless the instruction recomputes another value";
    /// A register location still covers PCs after an instruction that writes the register
    /// without reading it.
    CLOBBER_OVERWRITE = "clobber-overwrite", Warning, "code",
        "a location-list entry keeps naming a register after an instruction that overwrites it without reading it (a load, a move): the variable's new value or another value";
    /// A register location certainly stale after a write.
    CLOBBER_STALE = "clobber-stale", Error, "code",
        "a location-list entry keeps naming a register after a write that certainly leaves it stale: another variable is placed in the register there, the write is call set-up (s_getpc_b64 and its s_add/s_addc) or an s_clause load, or the entry runs to the end of the bundle holding the write";
    /// A variable kept in a call-clobbered register across a call.
    CLOBBER_ACROSS_CALL = "clobber-across-call", Error, "code",
        "a location-list entry keeps naming a register the AMDGPU calling convention lets a callee clobber across a call instruction (s_swappc_b64, s_call_b64)";
    /// A register location that starts before anything in the function writes the register.
    CLOBBER_BEFORE_WRITE = "clobber-before-write", Warning, "code",
        "a location-list entry names a register nothing in the function has written yet and that carries no argument or hardware input: the variable has a value nothing computed";
    /// A store into a stack slot two variables are said to occupy at once.
    CLOBBER_STACK_SLOT = "clobber-stack-slot", Warning, "code",
        "a store writes a private stack slot (frame register + offset) where the DWARF places two different variables at once: after it at most one of them holds its value there";
    /// The machine-code checks stopped at their work limit.
    CLOBBER_CHECKS_LIMITED = "clobber-checks-limited", Warning, "code",
        "the functions' PC ranges hold more instructions in all than the machine-code checks visit (hostile or enormous ranges): the functions from the one named on were not checked against the code";
    /// `verify --ir` evaluated location entries on fewer states than asked: the work
    /// budget per code object ran out.
    DIOP_CHECKS_LIMITED = "diop-checks-limited", Warning, "diop",
        "--ir-states times the location entries is more than verify --ir evaluates per code object: some entries were evaluated on fewer states than asked (the budget is shared fairly among them)";
    /// The compiler lowered an expressible DIOp record (or part of it) to undefined.
    DIOP_LOWERING_DROPPED = "diop-lowering-dropped", Warning, "diop",
        "the compiler lowered part of a DIOp record to DW_OP_LLVM_undefined although DWARF can express it";
}

/// The documentation of a check id, if it is listed.
pub fn info(id: &str) -> Option<&'static CheckInfo> {
    ALL.iter().find(|c| c.id == id)
}

/// The severity of a check id (`Error` for an id that is not listed).
pub fn severity(id: &str) -> Severity {
    info(id).map_or(Severity::Error, |c| c.severity)
}
