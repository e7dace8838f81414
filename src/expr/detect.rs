//! Choosing between the `DW_OP_LLVM_user` and the legacy one-byte encodings of the LLVM
//! heterogeneous operations for one code object.

use super::op::{Encoding, Op};
use super::{DecodeParams, Expr};

/// The encoding chosen by [`detect_encoding`], with the evidence behind it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingDecision {
    /// The convention to decode this code object's expressions with.
    pub encoding: Encoding,
    /// A one-line human-readable justification (for `hetdwarf info`).
    pub reason: String,
    /// Expressions that only make sense under `DW_OP_LLVM_user`.
    pub user_votes: usize,
    /// Expressions that only make sense under the legacy opcodes.
    pub legacy_votes: usize,
}

/// Operations without a byte encoding (`push_iteration`, the overlays) never come out of
/// the decoder, so this is every heterogeneous operation an expression can hold.
fn has_het(ops: &[Op]) -> bool {
    ops.iter().any(Op::is_heterogeneous)
}

fn is_legacy_only(ops: &[Op]) -> bool {
    // `aspace_implicit_pointer` (legacy 0xe9) was never emitted by any known producer;
    // an expression whose legacy reading needs it is better read as `DW_OP_LLVM_user`.
    has_het(ops)
        && !ops
            .iter()
            .any(|op| matches!(op, Op::LlvmAspaceImplicitPointer { .. }))
}

/// Parses a `clang version N` major number out of a producer string.
fn clang_major(producer: &str) -> Option<u32> {
    let i = producer.find("clang version ")?;
    let rest = &producer[i + "clang version ".len()..];
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// The encoding one expression can only have been written in: `DW_OP_LLVM_user` when it
/// uses heterogeneous operations that way (and reads as nothing sensible with legacy
/// opcodes), legacy when it decodes only with the legacy one-byte opcodes; `None` when it
/// reads the same either way (most expressions: no byte in 0xe1..=0xed).
pub fn encoding_vote(bytes: &[u8]) -> Option<Encoding> {
    if !bytes.iter().any(|b| (0xe1..=0xed).contains(b)) {
        return None;
    }
    let user = Expr::decode(bytes, DecodeParams::amdgpu(Encoding::User));
    let legacy = Expr::decode(bytes, DecodeParams::amdgpu(Encoding::Legacy));
    match (&user, &legacy) {
        (Ok(u), Err(_)) if has_het(u.ops()) => Some(Encoding::User),
        (Err(_), Ok(l)) if is_legacy_only(l.ops()) => Some(Encoding::Legacy),
        (Ok(u), Ok(l)) if has_het(u.ops()) && !is_legacy_only(l.ops()) => Some(Encoding::User),
        _ => None,
    }
}

/// Decides whether a code object's expressions use `DW_OP_LLVM_user` (0xe9 + sub-op) or
/// the legacy one-byte opcodes 0xe1..0xec.
///
/// Each expression is decoded under both conventions (64-bit addresses, DWARF32):
/// * it votes **User** if it decodes only under `User` and contains a heterogeneous op,
///   or decodes under both and the legacy reading would need
///   `DW_OP_LLVM_aspace_implicit_pointer` (0xe9, never seen in the wild);
/// * it votes **Legacy** if it decodes only under `Legacy` and contains a heterogeneous
///   op (i.e. uses 0xe1..0xe8 / 0xea..0xec, which no `User` expression can contain).
///
/// Votes decide (majority if mixed). Without votes the producer string decides (a
/// `clang version` of 18 or later means `User`, an older AMD/ROCm clang means `Legacy`),
/// and otherwise `User`, the current scheme.
pub fn detect_encoding<'a, I>(exprs: I, producer: Option<&str>) -> EncodingDecision
where
    I: IntoIterator<Item = &'a [u8]>,
{
    let (mut user_votes, mut legacy_votes) = (0usize, 0usize);
    for bytes in exprs {
        match encoding_vote(bytes) {
            Some(Encoding::User) => user_votes += 1,
            Some(Encoding::Legacy) => legacy_votes += 1,
            None => {}
        }
    }
    let decided = |encoding, reason: String| EncodingDecision {
        encoding,
        reason,
        user_votes,
        legacy_votes,
    };
    if user_votes > 0 || legacy_votes > 0 {
        let (encoding, kind) = if user_votes >= legacy_votes {
            (Encoding::User, "DW_OP_LLVM_user (0xe9 + sub-op)")
        } else {
            (Encoding::Legacy, "legacy one-byte opcodes 0xe1..0xec")
        };
        let mixed = if user_votes > 0 && legacy_votes > 0 {
            " (mixed evidence; majority wins)"
        } else {
            ""
        };
        return decided(
            encoding,
            format!(
                "{kind}: {user_votes} expression(s) decode only as DW_OP_LLVM_user, \
                 {legacy_votes} only as legacy{mixed}"
            ),
        );
    }
    if let Some(p) = producer {
        let amd = p.contains("AMD") || p.contains("ROCm") || p.contains("roc-");
        match clang_major(p) {
            Some(v) if v >= 18 => {
                return decided(
                    Encoding::User,
                    format!(
                        "no heterogeneous ops seen; producer clang {v} (>= 18) uses DW_OP_LLVM_user"
                    ),
                );
            }
            Some(v) if amd => {
                return decided(
                    Encoding::Legacy,
                    format!(
                        "no heterogeneous ops seen; AMD producer clang {v} (< 18) used legacy opcodes"
                    ),
                );
            }
            _ => {}
        }
    }
    decided(
        Encoding::User,
        "no heterogeneous ops seen; defaulting to DW_OP_LLVM_user".to_string(),
    )
}

#[cfg(test)]
pub(crate) fn has_het_for_tests(ops: &[Op]) -> bool {
    has_het(ops)
}
