//! Why expression bytes could not be decoded ([`DecodeError`]), with what other
//! producers may mean by an opcode or `DW_OP_LLVM_user` sub-opcode this decoder
//! does not know.

/// What other producers mean by one-byte opcode `opcode`, for an unknown-opcode message.
fn opcode_candidates(opcode: u8) -> String {
    let mut candidates = Vec::new();
    if let Some(name) = super::table::legacy_name(opcode) {
        candidates.push(format!(
            "{name} in AMD's legacy one-byte encoding (read the object with the legacy encoding if its producer used it)"
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

/// Why expression bytes could not be decoded. Every variant carries the byte offset
/// (from the start of the expression) of the operation at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// An opcode this decoder does not know (under the chosen [`Encoding`](super::Encoding)).
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
    /// Unsupported address or offset size in [`DecodeParams`](super::DecodeParams).
    #[error("unsupported address size {address_size} / offset size {offset_size}")]
    BadParams {
        /// Address size given.
        address_size: u8,
        /// Offset size given.
        offset_size: u8,
    },
}

impl DecodeError {
    /// What kind of failure this is: expression bytes that do not decode.
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Malformed
    }
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
