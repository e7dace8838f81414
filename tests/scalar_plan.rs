//! A variable of scalar type is decoded in every lane from facts worked out once
//! (`typed::scalar_plan` + `typed::decode_scalar`); this checks that gives what the
//! general decoder (`typed::decode_with`) gives, for the type of every variable of every
//! plain corpus object and rocRAND object, over bits that are valid (several patterns),
//! partly optimized out and wholly optimized out.

mod common;

use hetdwarf::eval::{Evaluator, read};
use hetdwarf::expr::{DecodeParams, Encoding, asm};
use hetdwarf::typed::{self, DecodeOptions, NoResolver, TypeCache};
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
use hetdwarf_amdgpu::WaveState;

/// Locations whose bits every test type is decoded from: implicit values of several
/// patterns, one with only its first byte defined, and nothing at all.
const LOCATIONS: &[&str] = &[
    "DW_OP_lit0, DW_OP_stack_value",
    "DW_OP_lit3, DW_OP_stack_value",
    "DW_OP_constu 0xffffffffffffffff, DW_OP_stack_value",
    "DW_OP_constu 0x3ff0000041c80000, DW_OP_stack_value",
    "DW_OP_constu 0x8000000080007c01, DW_OP_stack_value",
    "DW_OP_constu 0x41, DW_OP_stack_value, DW_OP_piece 0x1, DW_OP_piece 0x7",
    "",
];

#[test]
fn scalar_plans_decode_as_the_general_decoder() {
    let params = DecodeParams::amdgpu(Encoding::User);
    let mut state = WaveState::new("gfx90a", 64).expect("state");
    let mut evaluator = Evaluator::new();
    let locations: Vec<_> = LOCATIONS
        .iter()
        .map(|t| {
            let bytes = asm::assemble(t, &AmdgpuDwarfdumpNames, params).expect(t);
            evaluator.evaluate_location(&mut state, &bytes).expect(t)
        })
        .collect();
    let mut objects = common::plain_objects(false);
    objects.extend(common::plain_objects(true));
    let (mut types, mut planned) = (0usize, 0usize);
    for path in &objects {
        common::with_debug_info(path, |_, dbg| {
            let cache = TypeCache::new(dbg);
            let opts = DecodeOptions::default();
            let mut seen = std::collections::HashSet::new();
            for unit in dbg.unit_ids() {
                let Ok(tree) = dbg.scopes(unit) else { continue };
                for v in &tree.variables {
                    if !seen.insert(v.type_die) {
                        continue;
                    }
                    types += 1;
                    let Some(plan) = typed::scalar_plan(&cache, v.type_die, &opts) else {
                        continue;
                    };
                    planned += 1;
                    let Ok(size) = typed::type_size_bits(&cache, v.type_die, &opts) else {
                        continue;
                    };
                    for loc in &locations {
                        let bits = read(&mut state, loc, 0, size.min(256)).expect("read");
                        let general =
                            typed::decode_with(&cache, v.type_die, &bits, &opts, &mut NoResolver)
                                .expect("decodes");
                        let quick = typed::decode_scalar(&cache, &plan, &bits, &opts);
                        assert_eq!(
                            format!("{quick:?}"),
                            format!("{general:?}"),
                            "{}: type {:?}",
                            path.display(),
                            v.type_die
                        );
                    }
                }
            }
        });
    }
    eprintln!("{types} variable types, {planned} scalar");
    assert!(planned > 50, "{planned} of {types}");
}
