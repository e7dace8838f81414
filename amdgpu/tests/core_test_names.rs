//! The core's unit tests name AMDGPU registers through a copy of this crate's
//! `AmdgpuDwarfdumpNames` (`src/expr/test_names.rs`: a unit-test build of the core cannot use
//! this crate). The copy must not drift from the naming it copies: every register number up
//! to 4 399 gets the same name from both, and every name and short form parses to the same
//! number.

use hetdwarf::expr::RegisterNames;
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;

// The copy's `use super::RegisterNames` finds the import above.
#[path = "../../src/expr/test_names.rs"]
mod test_names;

use test_names::DwarfdumpNames;

#[test]
fn the_core_test_copy_names_as_the_real_table() {
    let mut names = Vec::new();
    for r in 0..4400 {
        let real = AmdgpuDwarfdumpNames.name(r);
        assert_eq!(DwarfdumpNames.name(r), real, "register {r}");
        names.extend(real);
    }
    assert!(names.len() > 800, "{} names", names.len());
    let shorts = (0..106)
        .map(|n| format!("s{n}"))
        .chain((0..512).map(|n| format!("v{n}")))
        .chain((0..256).map(|n| format!("a{n}")))
        .chain(
            [
                "exec", "exec_lo", "vcc", "vcc_lo", "pc", "status", "s106", "v512", "a256", "v01",
            ]
            .map(String::from),
        );
    for name in names.into_iter().chain(shorts) {
        for text in [name.clone(), name.to_lowercase(), name.to_uppercase()] {
            assert_eq!(
                DwarfdumpNames.parse(&text),
                AmdgpuDwarfdumpNames.parse(&text),
                "{text}"
            );
        }
    }
}
