//! The abstract stack's entries: values (type, origin, known constant) and location
//! descriptions (storage as far as it is known), with their names in findings.

use super::*;

/// Where a value came from (for the producer-bug detectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Origin {
    /// A literal or constant computed from literals.
    Const,
    /// `DW_OP_breg*` / `bregx` of a register with displacement 0: the register's value.
    RegValue,
    /// Arithmetic on register values and constants.
    Computed,
    /// An address derived from the frame base, `DW_OP_addr*`, the CFA or a location.
    Address,
    /// Read from memory or anything else.
    Other,
    /// Loaded by an `xderef` whose address operand was a register value or constant: if
    /// the result is then used as the variable's value, the load is the clang bug.
    SuspectLoad(u32),
}

/// A value's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Ty {
    Generic,
    Base(BaseType),
}

impl Ty {
    pub(super) fn bits(self) -> u32 {
        match self {
            Ty::Generic => 64,
            Ty::Base(b) => b.bits,
        }
    }
}

/// A location description's storage, as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Loc {
    /// Memory in an address space (None: unknown), at a constant byte address if known.
    Mem {
        aspace: Option<u64>,
        addr: Option<u64>,
    },
    /// A register, at a known bit offset (None: unknown offset).
    Reg { reg: u64, bit_off: Option<u64> },
    /// Implicit storage of `bits` bits holding a known constant (`stack_value`).
    Implicit { bits: u64, konst: Option<u64> },
    /// Undefined storage.
    Undefined,
    /// A complete composite of `bits` bits (None: unknown).
    Composite { bits: Option<u64> },
    /// Implicit-pointer storage.
    ImplicitPointer,
    /// Anything (the object, the CFA, `call_frame_entry_reg`, after a call).
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Entry {
    Val {
        ty: Ty,
        origin: Origin,
        konst: Option<u64>,
    },
    Loc(Loc),
    /// An incomplete composite with `bits` bits so far.
    Incomplete {
        bits: u64,
    },
}

impl Entry {
    /// Whether the entry stands for one concrete value or location (so two equal stacks
    /// of known entries are the same concrete state).
    pub(super) fn is_known(&self) -> bool {
        match self {
            Entry::Val { konst, .. } => konst.is_some(),
            Entry::Loc(Loc::Mem { aspace, addr }) => aspace.is_some() && addr.is_some(),
            Entry::Loc(Loc::Reg { bit_off, .. }) => bit_off.is_some(),
            Entry::Loc(Loc::Implicit { konst, .. }) => konst.is_some(),
            Entry::Loc(Loc::Undefined) => true,
            Entry::Loc(Loc::Composite { .. } | Loc::ImplicitPointer | Loc::Any) => false,
            Entry::Incomplete { .. } => false,
        }
    }
}

pub(super) const GENERIC_OTHER: Entry = Entry::Val {
    ty: Ty::Generic,
    origin: Origin::Other,
    konst: None,
};

pub(super) fn konst(v: u64) -> Entry {
    Entry::Val {
        ty: Ty::Generic,
        origin: Origin::Const,
        konst: Some(v),
    }
}

/// The AMDGPU/DWARF base-type encodings that are integral.
pub(super) fn integral(enc: u8) -> bool {
    // DW_ATE_boolean 2, signed 5, signed_char 6, unsigned 7, unsigned_char 8, UTF 0x10,
    // vendor range 0x80..=0xff; DW_ATE_address 1 accepted (left open by the spec).
    matches!(enc, 1 | 2 | 5 | 6 | 7 | 8 | 0x10) || enc >= 0x80
}

pub(super) fn is_float(enc: u8) -> bool {
    // DW_ATE_complex_float 3, float 4, imaginary_float 9, decimal_float 0x0f
    matches!(enc, 3 | 4 | 9 | 0x0f)
}

pub(super) fn val_konst(e: Entry) -> Option<u64> {
    match e {
        Entry::Val { konst, .. } => konst,
        _ => None,
    }
}

pub(super) fn offset_loc(l: Loc, by_bits: Option<u64>) -> Loc {
    match l {
        Loc::Reg { reg, bit_off } => Loc::Reg {
            reg,
            bit_off: bit_off.zip(by_bits).map(|(a, b)| a.wrapping_add(b)),
        },
        Loc::Mem { aspace, addr } => Loc::Mem {
            aspace,
            addr: addr
                .zip(by_bits)
                .and_then(|(a, b)| (b % 8 == 0).then(|| a.wrapping_add(b / 8))),
        },
        other => other,
    }
}

pub(super) fn loc_name(l: Loc) -> &'static str {
    match l {
        Loc::Mem { .. } => "memory",
        Loc::Reg { .. } => "register",
        Loc::Implicit { .. } => "implicit",
        Loc::Undefined => "undefined",
        Loc::Composite { .. } => "composite",
        Loc::ImplicitPointer => "implicit-pointer",
        Loc::Any => "unknown",
    }
}

pub(super) fn entry_name(e: Entry) -> String {
    match e {
        Entry::Val { ty, .. } => format!("a {}-bit value", ty.bits()),
        Entry::Loc(l) => format!("a {} location", loc_name(l)),
        Entry::Incomplete { .. } => "an incomplete composite".into(),
    }
}

/// The `DW_OP_*` name of the operations whose names appear in messages.
pub(super) fn op_name(op: &Op) -> &'static str {
    match op {
        Op::And => "DW_OP_and",
        Op::Div => "DW_OP_div",
        Op::Minus => "DW_OP_minus",
        Op::Mod => "DW_OP_mod",
        Op::Mul => "DW_OP_mul",
        Op::Or => "DW_OP_or",
        Op::Plus => "DW_OP_plus",
        Op::Shl => "DW_OP_shl",
        Op::Shr => "DW_OP_shr",
        Op::Shra => "DW_OP_shra",
        Op::Xor => "DW_OP_xor",
        Op::Eq => "DW_OP_eq",
        Op::Ge => "DW_OP_ge",
        Op::Gt => "DW_OP_gt",
        Op::Le => "DW_OP_le",
        Op::Lt => "DW_OP_lt",
        Op::Ne => "DW_OP_ne",
        Op::Abs => "DW_OP_abs",
        Op::Neg => "DW_OP_neg",
        Op::Not => "DW_OP_not",
        Op::Convert { .. } => "DW_OP_convert",
        Op::Reinterpret { .. } => "DW_OP_reinterpret",
        Op::Call2(_) => "DW_OP_call2",
        Op::Call4(_) => "DW_OP_call4",
        Op::CallRef(_) => "DW_OP_call_ref",
        Op::FormTlsAddress => "DW_OP_form_tls_address",
        Op::GnuPushTlsAddress => "DW_OP_GNU_push_tls_address",
        Op::LlvmOffset => "DW_OP_LLVM_offset",
        Op::LlvmBitOffset => "DW_OP_LLVM_bit_offset",
        Op::LlvmOverlay => "DW_OP_LLVM_overlay",
        Op::LlvmBitOverlay => "DW_OP_LLVM_bit_overlay",
        _ => "the operation",
    }
}
