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
