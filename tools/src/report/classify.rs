//! Where a location expression puts a value, read off its operations for colouring: a
//! storage class per piece (SGPR, VGPR, AGPR, scratch, LDS, global, implicit, undefined,
//! ...). A view of the bytes, not an evaluation: no wave state is needed or read.

use hetdwarf::expr::Op;
use hetdwarf::target::Target;

/// One piece of a location: its storage class and its size (`None`: the whole value).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Piece {
    /// The storage class (`sgpr`, `vgpr`, `agpr`, `register`, `scratch`, `lds`, `gds`,
    /// `global`, `memory`, `implicit`, `implicit_pointer`, `undefined`, `composite`).
    pub kind: &'static str,
    /// Size in bits, for pieces of a composite.
    pub bits: Option<u64>,
}

/// The storage class of a register, from its AMDGPU name (`s33`, `v5`, `a2`).
fn register_class(target: &Target, reg: u64) -> &'static str {
    let name = target.register_name(reg).unwrap_or_default();
    let numbered = |p: char| {
        name.strip_prefix(p)
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
    };
    if numbered('s') {
        "sgpr"
    } else if numbered('v') {
        "vgpr"
    } else if numbered('a') {
        "agpr"
    } else {
        "register"
    }
}

/// The storage class of a DWARF address space.
fn space_class(target: &Target, aspace: u64) -> &'static str {
    let name = target
        .address_space(aspace)
        .map(|s| s.name.to_string())
        .unwrap_or_default();
    match name.as_str() {
        "private_lane" | "private_wave" => "scratch",
        "local" => "lds",
        "region" => "gds",
        "global" | "generic" | "none" => "global",
        _ => "memory",
    }
}

/// The pieces `ops` describe, in order: one piece when the expression is not composed.
pub fn pieces(ops: &[Op], target: &Target) -> Vec<Piece> {
    let mut out = Vec::new();
    // The class of the location the current segment leaves, and the last constant pushed
    // (an address-space operand).
    let mut class: Option<&'static str> = None;
    let mut last_const: Option<u64> = None;
    let mut seen_any = false;
    for op in ops {
        seen_any = true;
        match op {
            Op::Reg(r) => class = Some(register_class(target, u64::from(*r))),
            Op::Regx(r) => class = Some(register_class(target, *r)),
            Op::Breg { .. } | Op::Bregx { .. } | Op::Addr(_) | Op::Addrx { .. } => {
                class = Some("global");
            }
            Op::Fbreg(_) | Op::CallFrameCfa => class = Some("scratch"),
            Op::Lit(n) => last_const = Some(u64::from(*n)),
            Op::Constu(n) => last_const = Some(*n),
            Op::LlvmFormAspaceAddress => {
                class = Some(last_const.map_or("memory", |a| space_class(target, a)));
            }
            Op::LlvmAspaceBregx { .. } => {
                class = Some(last_const.map_or("memory", |a| space_class(target, a)));
            }
            Op::Xderef | Op::XderefSize(_) | Op::XderefType { .. } => {
                // The value was loaded from memory; the location is still what follows.
                class = None;
            }
            Op::StackValue | Op::ImplicitValue(_) => class = Some("implicit"),
            Op::ImplicitPointer { .. } | Op::LlvmAspaceImplicitPointer { .. } => {
                class = Some("implicit_pointer");
            }
            Op::LlvmUndefined => class = Some("undefined"),
            Op::LlvmExtend { .. } | Op::LlvmSelectBitPiece { .. } => class = Some("composite"),
            Op::Piece(bytes) => {
                out.push(Piece {
                    kind: class.take().unwrap_or("undefined"),
                    bits: Some(bytes.saturating_mul(8)),
                });
            }
            Op::BitPiece { size, .. } => {
                out.push(Piece {
                    kind: class.take().unwrap_or("undefined"),
                    bits: Some(*size),
                });
            }
            Op::LlvmPieceEnd => {}
            _ => {}
        }
    }
    if out.is_empty() {
        out.push(Piece {
            kind: if seen_any {
                class.unwrap_or("memory")
            } else {
                "undefined"
            },
            bits: None,
        });
    } else if let Some(kind) = class {
        // Operations after the last piece (rare): shown as a last piece.
        out.push(Piece { kind, bits: None });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hetdwarf::expr::asm::assemble_ops;
    use hetdwarf::expr::{DecodeParams, Encoding};
    use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;

    fn classes(text: &str) -> Vec<(&'static str, Option<u64>)> {
        let target = hetdwarf_amdgpu::registers::dwarf_target("gfx90a", 64);
        let ops = assemble_ops(
            text,
            &AmdgpuDwarfdumpNames,
            DecodeParams::amdgpu(Encoding::User),
        )
        .unwrap();
        pieces(&ops, &target)
            .into_iter()
            .map(|p| (p.kind, p.bits))
            .collect()
    }

    #[test]
    fn registers_by_their_file() {
        assert_eq!(classes("DW_OP_regx SGPR33"), [("sgpr", None)]);
        assert_eq!(
            classes(
                "DW_OP_regx VGPR5, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_user DW_OP_LLVM_offset"
            ),
            [("vgpr", None)]
        );
        assert_eq!(classes("DW_OP_regx AGPR2"), [("agpr", None)]);
    }

    #[test]
    fn memory_by_its_address_space() {
        // The O0 scratch slot clang emits: the frame base, shifted, in private_lane.
        assert_eq!(
            classes(
                "DW_OP_regx SGPR33, DW_OP_deref_size 0x4, DW_OP_lit6, DW_OP_shr, DW_OP_lit24, DW_OP_plus, DW_OP_stack_value, DW_OP_deref_size 0x4, DW_OP_lit5, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address"
            ),
            [("scratch", None)]
        );
        assert_eq!(
            classes("DW_OP_lit0, DW_OP_lit3, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address"),
            [("lds", None)]
        );
        assert_eq!(classes("DW_OP_fbreg -8"), [("scratch", None)]);
        assert_eq!(classes("DW_OP_addr 0x1000"), [("global", None)]);
    }

    #[test]
    fn pieces_in_order_and_the_rest() {
        assert_eq!(
            classes(
                "DW_OP_regx SGPR4, DW_OP_piece 0x4, DW_OP_piece 0x4, DW_OP_lit1, DW_OP_stack_value, DW_OP_piece 0x8"
            ),
            [
                ("sgpr", Some(32)),
                ("undefined", Some(32)),
                ("implicit", Some(64))
            ]
        );
        assert_eq!(classes(""), [("undefined", None)]);
        assert_eq!(
            classes("DW_OP_LLVM_user DW_OP_LLVM_undefined"),
            [("undefined", None)]
        );
    }
}
