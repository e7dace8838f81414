//! `Frame::lane_bits`, the per-hit read of a breakpoint condition, gives for every lane
//! the bits that placing the variable in that lane and reading its whole value
//! (`Frame::place` + `Frame::read_bits`) gives, with the same availability; inactive
//! lanes are inactive and variables without a location say so. Every variable at every
//! 16th instruction word of every function of the plain corpus objects, on a wave with distinct
//! register contents, twice (the second call uses the entries the frame kept).

mod common;

use hetdwarf::var::{Frame, LaneError};
use hetdwarf_amdgpu::{WaveState, registers::Register};

fn wave(processor: &str, lanes: u32) -> WaveState {
    let mut state = WaveState::new(processor, lanes).expect("state");
    for s in 0..100 {
        state
            .set_scalar(Register::Sgpr(s), u64::from(s * 8 + 3))
            .expect("sgpr");
    }
    for v in 0..64 {
        let values: Vec<Option<u32>> = (0..lanes).map(|l| Some(l * 4 + v * 256)).collect();
        state.set_vector(Register::Vgpr(v), &values).expect("vgpr");
    }
    state
}

/// A lane's outcome as text: its bytes with availability, or its error.
fn shown(r: Result<hetdwarf::eval::Bits, String>) -> String {
    match r {
        Ok(b) => format!("{} bits {}", b.len(), b.hex()),
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn lane_bits_read_what_placing_and_reading_each_lane_reads() {
    let (mut compared, mut with_bits) = (0usize, 0usize);
    for path in common::plain_objects(false) {
        common::with_debug_info(&path, |co, dbg| {
            let Ok(profile) = dbg.expression_profile() else {
                return;
            };
            let encoding = profile.encoding.encoding;
            let processor = co.target().processor.clone();
            let lanes = co.common_wave_size();
            let lane_list: Vec<Option<u32>> = (0..lanes).map(Some).collect();
            // Odd lanes inactive.
            let active = |l: u32| Some(l.is_multiple_of(2));
            for unit in dbg.unit_ids() {
                let Ok(scopes) = dbg.scopes(unit) else {
                    continue;
                };
                for &(begin, end, _) in scopes.functions() {
                    for pc in (begin..end).step_by(64) {
                        let Ok(Some(frame)) = Frame::at(dbg, pc, encoding) else {
                            continue;
                        };
                        let Ok(vars) = frame.variables() else {
                            continue;
                        };
                        for var in vars {
                            let mut state = wave(&processor, lanes);
                            for _ in 0..2 {
                                let got = frame.lane_bits(&mut state, var, &lane_list, &active);
                                assert_eq!(got.len(), lane_list.len());
                                for (&lane, got) in lane_list.iter().zip(got) {
                                    let lane_no = lane.expect("a lane");
                                    if lane_no % 2 == 1 {
                                        assert!(
                                            matches!(got, Err(LaneError::Inactive)),
                                            "{}: pc {pc:#x} lane {lane_no}",
                                            path.display()
                                        );
                                        continue;
                                    }
                                    let mut ctx = frame.context(&mut state);
                                    ctx.symbols.set_lane(lane);
                                    let want = frame
                                        .place(&mut ctx, var)
                                        .and_then(|p| frame.read_bits(&mut ctx, var, &p))
                                        .map_err(|e| e.to_string());
                                    with_bits += usize::from(want.is_ok());
                                    let got = got.map_err(|e| e.to_string());
                                    assert_eq!(
                                        shown(got),
                                        shown(want),
                                        "{}: pc {pc:#x} lane {lane_no} die {:#x}",
                                        path.display(),
                                        dbg.variable(var).map_or(0, |v| v.die)
                                    );
                                    compared += 1;
                                }
                            }
                        }
                    }
                }
            }
        });
    }
    eprintln!("{compared} lanes compared, {with_bits} with bits");
    assert!(
        compared > 10_000 && with_bits > 1_000,
        "{compared} / {with_bits}"
    );
}
