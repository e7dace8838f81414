//! A lane without a value says why as a typed error: an inactive lane is a state, not a
//! string, and a failed read keeps its causes down to the context's own error.

mod common;

use hetdwarf::var::{Frame, LaneError};
use hetdwarf_amdgpu::WaveState;

#[test]
fn inactive_lanes_and_failed_reads_are_typed() {
    let object = common::corpora().join("rocm/ocl-gfx90a-O0.hsaco");
    let state_text =
        std::fs::read_to_string(common::corpora().join("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let demo = WaveState::from_json(&state_text).unwrap();
    let pc = demo.pc().expect("a pc");
    let exec = demo.exec().expect("an exec mask");
    let inactive = (0..64u32)
        .find(|l| exec >> l & 1 == 0)
        .expect("an inactive lane in the demo");
    let active = (0..64u32)
        .find(|l| exec >> l & 1 == 1)
        .expect("an active lane");
    common::with_debug_info(&object, |co, dbg| {
        let encoding = dbg.expression_profile().unwrap().encoding.encoding;
        let frame = Frame::at(dbg, pc, encoding).unwrap().expect("a subprogram");
        let vars = frame.variables().unwrap();
        assert!(!vars.is_empty());
        let is_active = |l: u32| Some(exec >> l & 1 == 1);
        // An empty state: every register and byte is unavailable.
        let mut empty = WaveState::new(&co.target().processor, 64).unwrap();
        let mut failed_with_cause = 0;
        for &var in &vars {
            let values = frame.values(
                &mut empty,
                var,
                "",
                &[Some(inactive), Some(active)],
                &is_active,
            );
            assert!(
                matches!(values[0].value, Err(LaneError::Inactive)),
                "{:?}",
                values[0].value
            );
            assert_eq!(
                values[0].value.as_ref().unwrap_err().to_string(),
                "<inactive>"
            );
            if let Err(e @ LaneError::Failed(_)) = &values[1].value {
                // The chain goes down to the wave state's own words.
                let mut depth = 0;
                let mut next: Option<&dyn std::error::Error> = Some(e);
                while let Some(x) = next {
                    depth += 1;
                    next = x.source();
                }
                if depth >= 3 {
                    failed_with_cause += 1;
                }
                assert!(e.error().is_some());
            }
        }
        assert!(failed_with_cause > 0, "no failed read kept its cause");
    });
}
