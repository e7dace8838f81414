//! Producer conventions applied to location expressions before evaluation.
//!
//! Upstream clang (14–22) describes AMDGPU address spaces with the DWARF 5
//! `lit<N> swap xderef` suffix, which by the letter of DWARF *reads memory*; what clang
//! means is "the location is address A in address space N". It also keeps that suffix on
//! values promoted to registers (a producer bug: `bregx VGPR18+0, lit5, swap, xderef`
//! means "the value is VGPR18"), numbers address spaces differently before clang 22, and
//! names per-lane values by the whole vector register. Each rule here turns such an
//! expression into the heterogeneous-DWARF expression that says what the producer meant,
//! is named, and is reported in provenance. Expressions that use the heterogeneous
//! operations themselves (AMD's LLVM) are never rewritten.

use crate::expr::Op;
use crate::index::Reading;
use crate::target::{RegisterClass, Target};

/// Which rewrites a unit's producer needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Upstream clang: trailing `lit<N> swap xderef` is an address-space qualifier.
    pub xderef_address_space: bool,
    /// clang ≤ 19 numbering of that literal (every language): 1 = private, 2 = local.
    pub legacy_address_classes: bool,
    /// Per-lane values named by a whole vector register denote the current lane's dword.
    pub implicit_vgpr_lane: bool,
}

impl Rules {
    /// The rules a unit's reading calls for: all of them for upstream DWARF (the legacy
    /// numbering only where the producer is clang ≤ 19), none for heterogeneous DWARF.
    pub fn for_reading(reading: Reading, legacy_address_classes: bool) -> Rules {
        match reading {
            Reading::Upstream => Rules {
                xderef_address_space: true,
                legacy_address_classes,
                implicit_vgpr_lane: true,
            },
            Reading::Heterogeneous => Rules::default(),
        }
    }
}

/// `DW_ASPACE_AMDGPU_private_lane`.
const PRIVATE_LANE: u64 = 5;
/// `DW_ASPACE_AMDGPU_local`.
const LOCAL: u64 = 3;

/// The names of the rules [`apply`] used.
pub type Applied = Vec<&'static str>;

fn literal(op: &Op) -> Option<u64> {
    match op {
        Op::Lit(n) => Some(u64::from(*n)),
        Op::Constu(n) => Some(*n),
        Op::Const { value, .. } => Some(*value),
        _ => None,
    }
}

fn lane_slice() -> [Op; 4] {
    [Op::LlvmPushLane, Op::Lit(4), Op::Mul, Op::LlvmOffset]
}

/// Rewrites `ops` under `rules`; `None` when nothing applies (or the expression branches,
/// uses heterogeneous operations, or is not a pattern the rules know).
pub fn apply(ops: &[Op], rules: Rules, target: &Target) -> Option<(Vec<Op>, Applied)> {
    if ops
        .iter()
        .any(|op| op.is_heterogeneous() || matches!(op, Op::Skip(_) | Op::Bra(_)))
    {
        return None;
    }
    let mut out: Vec<Op> = Vec::with_capacity(ops.len() + 4);
    let mut applied: Applied = Vec::new();
    // Split into pieces: each `DW_OP_piece`/`bit_piece` ends one part description.
    let mut start = 0;
    let has_pieces = ops
        .iter()
        .any(|op| matches!(op, Op::Piece(_) | Op::BitPiece { .. }));
    for (i, op) in ops.iter().enumerate() {
        let is_piece = matches!(op, Op::Piece(_) | Op::BitPiece { .. });
        if is_piece || i + 1 == ops.len() {
            let end = if is_piece { i } else { i + 1 };
            let part_start = out.len();
            rewrite_part(&ops[start..end], rules, target, &mut out, &mut applied);
            let lane_dword = out.len() > part_start && out.ends_with(&lane_slice());
            if is_piece && lane_dword {
                push_lane_dword_piece(op, part_start, &mut out);
            } else if is_piece {
                out.push(op.clone());
            } else if lane_dword && !has_pieces {
                // The whole value in one lane's dword: its bits end there, where by the
                // letter the register's next bytes (the next lanes) would follow.
                out.push(Op::Piece(4));
            }
            start = i + 1;
        }
    }
    if applied.is_empty() {
        return None;
    }
    applied.sort_unstable();
    applied.dedup();
    Some((out, applied))
}

/// Bits of a lane's dword of a vector register: what the upstream convention's per-lane
/// location holds.
pub(crate) const LANE_DWORD_BITS: u32 = 32;

/// Ends a part that is a lane's dword with `piece`: bits the piece takes past the dword
/// are undefined (by the letter they would be the next lane's), so a wider piece is split
/// into the dword and an undefined rest; `part_start` is where the part's operations
/// begin in `out`.
fn push_lane_dword_piece(piece: &Op, part_start: usize, out: &mut Vec<Op>) {
    let (size, offset) = match *piece {
        Op::Piece(bytes) => (bytes.saturating_mul(8), 0),
        Op::BitPiece { size, offset } => (size, offset),
        // Only pieces end parts; anything else is kept as it is.
        _ => {
            out.push(piece.clone());
            return;
        }
    };
    let inside = u64::from(LANE_DWORD_BITS).saturating_sub(offset);
    if size <= inside {
        out.push(piece.clone());
        return;
    }
    if inside == 0 {
        out.truncate(part_start);
    } else {
        out.push(match piece {
            Op::Piece(_) => Op::Piece(inside / 8),
            _ => Op::BitPiece {
                size: inside,
                offset,
            },
        });
    }
    out.push(Op::LlvmUndefined);
    let rest = size - inside;
    out.push(if rest % 8 == 0 && matches!(piece, Op::Piece(_)) {
        Op::Piece(rest / 8)
    } else {
        Op::BitPiece {
            size: rest,
            offset: 0,
        }
    });
}

fn rewrite_part(
    part: &[Op],
    rules: Rules,
    target: &Target,
    out: &mut Vec<Op>,
    applied: &mut Applied,
) {
    let mut part: Vec<Op> = part.to_vec();
    let mut stack_value = false;
    if part.last() == Some(&Op::StackValue) {
        part.pop();
        stack_value = true;
    }
    // `... lit<N> swap xderef`: an address-space qualifier (or the register-value bug).
    let n = part.len();
    let suffix = rules.xderef_address_space
        && n >= 4
        && part[n - 2] == Op::Swap
        && matches!(part[n - 1], Op::Xderef)
        && literal(&part[n - 3]).is_some();
    if suffix {
        let literal_aspace = literal(&part[n - 3]).unwrap_or(0);
        let address = &part[..n - 3];
        let is_memory_address = matches!(
            address.first(),
            Some(Op::Fbreg(_) | Op::Addr(_) | Op::Addrx { .. } | Op::Constx { .. })
        );
        if !is_memory_address && !stack_value {
            // The register-value bug: `bregx R+0 ... xderef` means "the value is R".
            if let [Op::Bregx { reg, offset: 0 }] = address {
                applied.push("xderef-on-register-value");
                out.push(Op::Regx(*reg));
                if rules.implicit_vgpr_lane
                    && target.register_class(*reg) == Some(RegisterClass::Vector)
                {
                    applied.push("implicit-vgpr-lane");
                    out.extend(lane_slice());
                }
                return;
            }
            if let [Op::Breg { reg, offset: 0 }] = address {
                applied.push("xderef-on-register-value");
                out.push(Op::Reg(*reg));
                return;
            }
        }
        if !is_memory_address {
            // A computed value with the suffix: the value itself.
            applied.push("xderef-on-register-value");
            push_value_ops(address, rules, target, out, applied);
            out.push(Op::StackValue);
            return;
        }
        let aspace = if matches!(address.first(), Some(Op::Fbreg(_))) {
            applied.push("fbreg-private");
            PRIVATE_LANE
        } else if rules.legacy_address_classes {
            applied.push("address-class-clang-legacy");
            match literal_aspace {
                1 => PRIVATE_LANE,
                2 => LOCAL,
                other => other,
            }
        } else {
            literal_aspace
        };
        applied.push("xderef-address-space");
        push_value_ops(address, rules, target, out, applied);
        out.push(Op::Constu(aspace));
        out.push(Op::LlvmFormAspaceAddress);
        if stack_value {
            out.push(Op::StackValue);
        }
        return;
    }
    // A lone frame-base offset from clang: private memory of the lane.
    if rules.xderef_address_space && !stack_value && matches!(part.as_slice(), [Op::Fbreg(_)]) {
        applied.push("fbreg-private");
        out.extend(part);
        out.push(Op::Constu(PRIVATE_LANE));
        out.push(Op::LlvmFormAspaceAddress);
        return;
    }
    push_value_ops(&part, rules, target, out, applied);
    if stack_value {
        out.push(Op::StackValue);
    }
}

/// Copies ops, slicing vector registers to the current lane under `implicit_vgpr_lane`.
fn push_value_ops(
    ops: &[Op],
    rules: Rules,
    target: &Target,
    out: &mut Vec<Op>,
    applied: &mut Applied,
) {
    for op in ops {
        match op {
            Op::Regx(reg)
                if rules.implicit_vgpr_lane
                    && target.register_class(*reg) == Some(RegisterClass::Vector) =>
            {
                applied.push("implicit-vgpr-lane");
                out.push(op.clone());
                out.extend(lane_slice());
            }
            Op::Bregx { reg, offset }
                if rules.implicit_vgpr_lane
                    && target.register_class(*reg) == Some(RegisterClass::Vector) =>
            {
                applied.push("implicit-vgpr-lane");
                out.push(Op::Regx(*reg));
                out.extend(lane_slice());
                out.push(Op::DerefSize(4));
                if *offset != 0 {
                    out.push(Op::Consts(*offset));
                    out.push(Op::Plus);
                }
            }
            Op::Bregx { reg, offset }
                if rules.implicit_vgpr_lane
                    && let Some(bytes) = narrow_register_bytes(target, *reg) =>
            {
                push_narrow_register(*reg, bytes, *offset, out, applied);
            }
            Op::Breg { reg, offset }
                if rules.implicit_vgpr_lane
                    && let Some(bytes) = narrow_register_bytes(target, u64::from(*reg)) =>
            {
                push_narrow_register(u64::from(*reg), bytes, *offset, out, applied);
            }
            _ => out.push(op.clone()),
        }
    }
}

/// `regx R, deref_size N [, consts off, plus]`: the register's value zero-extended, as
/// upstream LLVM reads `bregx R+off` of a register narrower than the generic type (by the
/// letter, a generic-width read of it is an evaluation error).
fn push_narrow_register(
    reg: u64,
    bytes: u8,
    offset: i64,
    out: &mut Vec<Op>,
    applied: &mut Applied,
) {
    applied.push("breg-narrow-register");
    out.push(Op::Regx(reg));
    out.push(Op::DerefSize(bytes));
    if offset != 0 {
        out.push(Op::Consts(offset));
        out.push(Op::Plus);
    }
}

/// The size in bytes of a scalar register narrower than the generic type.
fn narrow_register_bytes(target: &Target, reg: u64) -> Option<u8> {
    let bits = target.register_bits(reg).ok()?;
    (bits < target.generic_bits() && bits % 8 == 0 && bits <= 64).then_some((bits / 8) as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::asm::assemble_ops;
    use crate::expr::test_names::DwarfdumpNames;
    use crate::expr::{DecodeParams, Encoding};

    fn ops(text: &str) -> Vec<Op> {
        let params = DecodeParams::amdgpu(Encoding::User);
        assemble_ops(text, &DwarfdumpNames, params).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn upstream(text: &str) -> Vec<Op> {
        let target = crate::eval::testctx::amdgpu_wave64();
        apply(
            &ops(text),
            Rules::for_reading(Reading::Upstream, false),
            &target,
        )
        .map(|(ops, _)| ops)
        .unwrap_or_else(|| panic!("{text}: not rewritten"))
    }

    const LANE: &str = "DW_OP_LLVM_push_lane lit4 mul DW_OP_LLVM_offset";

    /// A bare vector register is the lane's dword and no more: by the letter its next
    /// bytes are the next lane's, which a read of a wider type would take as its upper
    /// half.
    #[test]
    fn a_lane_dword_ends_where_the_next_lane_begins() {
        assert_eq!(upstream("regx v2"), ops(&format!("regx v2 {LANE} piece 4")));
        assert_eq!(
            upstream("regx v2 piece 4 regx v3 piece 4"),
            ops(&format!("regx v2 {LANE} piece 4 regx v3 {LANE} piece 4"))
        );
        assert_eq!(
            upstream("regx v2 piece 8"),
            ops(&format!(
                "regx v2 {LANE} piece 4 DW_OP_LLVM_undefined piece 4"
            ))
        );
        assert_eq!(
            upstream("regx v2 bit_piece 16 24"),
            ops(&format!(
                "regx v2 {LANE} bit_piece 8 24 DW_OP_LLVM_undefined bit_piece 8 0"
            ))
        );
        assert_eq!(
            upstream("regx v2 bit_piece 32 32 regx v3 piece 4"),
            ops(&format!(
                "DW_OP_LLVM_undefined bit_piece 32 0 regx v3 {LANE} piece 4"
            ))
        );
        // A value computed from the lane's dword is not a location: left as it is.
        assert_eq!(
            upstream("bregx v2 8 stack_value"),
            ops(&format!(
                "regx v2 {LANE} deref_size 4 consts 8 plus stack_value"
            ))
        );
    }
}
