//! The checks of the call frame information's rules: each CFI expression analysed as a
//! CFA or register rule, and the register and address-space operands of the others.

use super::site::{Analysis, SiteEnv, analyse_bytes};
use super::*;

/// Builds a CFI finding: check, instruction offset, PC range, rule, expression, message.
pub(super) type CfiFindingFn<'f> =
    dyn Fn(&'static str, u64, Option<Range<u64>>, String, Option<String>, String) -> Finding + 'f;

pub(super) fn check_cfi(
    dbg: &DwarfIndex<'_>,
    opts: &Options<'_>,
    encoding: Encoding,
    items: &[cfi::Item<'_>],
    walk: &mut Walk<'_>,
    report: &mut Report,
) {
    let params = DecodeParams::amdgpu(encoding);
    let _ = dbg;
    let mk = |check: &'static str,
              offset: u64,
              pc_range: Option<Range<u64>>,
              rule: String,
              expression: Option<String>,
              message: String| Finding {
        attr: Some(rule),
        pc_range,
        expression,
        cfi_offset: Some(offset),
        ..Finding::new(check, message)
    };
    for item in items {
        match item {
            cfi::Item::Expr {
                offset,
                pc_range,
                rule,
                bytes,
                ..
            } => {
                report.cfi_expressions += 1;
                let target = opts.target_at(pc_range.as_ref().map(|r| r.start));
                let (mode, rule_name) = match rule {
                    cfi::RuleKind::CfaExpression => {
                        (Mode::CfiCfa, "DW_CFA_def_cfa_expression".to_string())
                    }
                    cfi::RuleKind::Expression(r) => {
                        (Mode::CfiExpression, format!("DW_CFA_expression {r}"))
                    }
                    cfi::RuleKind::ValExpression(r) => {
                        (Mode::CfiValExpression, format!("DW_CFA_val_expression {r}"))
                    }
                };
                if let cfi::RuleKind::Expression(r) | cfi::RuleKind::ValExpression(r) = rule {
                    check_cfi_register(target, *r, *offset, pc_range, &rule_name, walk, &mk);
                }
                let mut tmp = HashMap::default();
                let env = SiteEnv {
                    dbg,
                    unit: None,
                    target,
                    has_frame_base: true,
                    base_types: std::cell::RefCell::new(&mut tmp),
                    // CFI names whole registers: a vector register saved by CFI is saved
                    // for every lane.
                    lane_dwords: false,
                };
                let text = disassemble_bytes(
                    bytes,
                    params,
                    DisasmOptions {
                        names: register_names(target),
                        unit: None,
                    },
                );
                match analyse_bytes(bytes, params, mode, &env) {
                    Analysis::Failed(f) => walk.findings.push(mk(
                        f.check,
                        *offset,
                        pc_range.clone(),
                        rule_name.clone(),
                        Some(text.clone()),
                        f.message,
                    )),
                    Analysis::Decoded(s) => {
                        for r in &s.findings {
                            let mut f = mk(
                                r.check,
                                *offset,
                                pc_range.clone(),
                                rule_name.clone(),
                                Some(text.clone()),
                                r.message.clone(),
                            );
                            f.op_offset = Some(r.op as u64);
                            walk.findings.push(f);
                        }
                    }
                }
            }
            cfi::Item::Register {
                offset,
                pc_range,
                reg,
                what,
            } => {
                let target = opts.target_at(pc_range.as_ref().map(|r| r.start));
                check_cfi_register(target, *reg, *offset, pc_range, what, walk, &mk);
            }
            cfi::Item::AddressSpace {
                offset,
                pc_range,
                aspace,
            } => {
                let target = opts.target_at(pc_range.as_ref().map(|r| r.start));
                if let Some(t) = target
                    && t.address_space(*aspace).is_none()
                {
                    walk.findings.push(mk(
                        checks::UNDEFINED_ADDRESS_SPACE,
                        *offset,
                        pc_range.clone(),
                        "DW_CFA_LLVM_def_aspace_cfa".into(),
                        None,
                        format!(
                            "DW_CFA_LLVM_def_aspace_cfa names address space {aspace}, which {} does not define",
                            t.name()
                        ),
                    ));
                }
            }
            cfi::Item::Problem {
                offset,
                pc_range,
                check,
                message,
            } => walk.findings.push(mk(
                check,
                *offset,
                pc_range.clone(),
                ".debug_frame".into(),
                None,
                message.clone(),
            )),
        }
    }
}

pub(super) fn check_cfi_register(
    target: Option<&Target>,
    reg: u64,
    offset: u64,
    pc_range: &Option<Range<u64>>,
    what: &str,
    walk: &mut Walk<'_>,
    mk: &CfiFindingFn<'_>,
) {
    let Some(t) = target else { return };
    if t.register_bits(reg).is_err() {
        walk.findings.push(mk(
            checks::UNMAPPED_REGISTER,
            offset,
            pc_range.clone(),
            what.to_string(),
            None,
            format!(
                "{what} names DWARF register {reg}, which is not mapped for {} (wave{})",
                t.name(),
                t.lanes()
            ),
        ));
    }
}
