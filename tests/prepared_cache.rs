//! A frame keeps each variable's prepared location entries between calls of
//! `Frame::values` (a breakpoint hit again at the same PC): the second call, and a call on
//! another wave, give what a fresh frame gives; a frame set up to read its unit under other
//! conventions prepares its entries under those (its setup is one value: nothing prepared
//! under one reading can outlive a change of it).

use hetdwarf::index::{ConventionsChoice, DwarfIndex};
use hetdwarf::var::{Frame, FrameSetup, LaneValue};
use hetdwarf_amdgpu::{Input, WaveState, registers::Register};

fn wave(processor: &str, lanes: u32, seed: u32) -> WaveState {
    let mut state = WaveState::new(processor, lanes).expect("state");
    for s in 0..100 {
        state
            .set_scalar(Register::Sgpr(s), u64::from(s * 8 + seed))
            .expect("sgpr");
    }
    for v in 0..64 {
        let values: Vec<Option<u32>> = (0..lanes).map(|l| Some(l * 4 + v + seed)).collect();
        state.set_vector(Register::Vgpr(v), &values).expect("vgpr");
    }
    state
}

/// What a reader sees of each lane: the value's text (or error) and the location.
fn seen(values: &[LaneValue], target: &hetdwarf::target::Target) -> Vec<(String, Option<String>)> {
    values
        .iter()
        .map(|v| {
            (
                match &v.value {
                    Ok(t) => t.render_text(),
                    Err(e) => format!("error: {e}"),
                },
                v.placement
                    .as_ref()
                    .map(|p| p.location.display(target).to_string()),
            )
        })
        .collect()
}

#[test]
fn kept_entries_read_what_a_fresh_frame_reads() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpora/frontends/triton-add-gfx1100-O0.o");
    let input = Input::open(&path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    let processor = co.target().processor.clone();
    let lanes = co.common_wave_size();
    let target = hetdwarf_amdgpu::registers::dwarf_target(&processor, lanes);
    let lane_list: Vec<Option<u32>> = (0..lanes).map(Some).collect();
    let all = |_: u32| Some(true);
    let (mut compared, mut changed_by_conventions) = (0, 0);
    for unit in dbg.unit_ids() {
        for &(begin, end, _) in dbg.scopes(unit).expect("scopes").functions() {
            for pc in (begin..end).step_by(4) {
                let Some(kept) = Frame::at(&dbg, pc, encoding).expect("frame") else {
                    continue;
                };
                for var in kept.variables().expect("variables") {
                    let (mut a, mut b) = (wave(&processor, lanes, 1), wave(&processor, lanes, 7));
                    let first = seen(&kept.values(&mut a, var, "", &lane_list, &all), &target);
                    let again = seen(&kept.values(&mut a, var, "", &lane_list, &all), &target);
                    let other = seen(&kept.values(&mut b, var, "", &lane_list, &all), &target);
                    let fresh = Frame::at(&dbg, pc, encoding).expect("frame").expect("same");
                    assert_eq!(first, again, "pc {pc:#x}");
                    assert_eq!(
                        other,
                        seen(&fresh.values(&mut b, var, "", &lane_list, &all), &target),
                        "pc {pc:#x}"
                    );
                    compared += 1;
                }
                // Read by the letter: a frame set up so prepares its entries under that
                // reading, and reuses them, as a fresh one reads them.
                let vars = kept.variables().expect("variables");
                let letter = || FrameSetup {
                    conventions: Some(ConventionsChoice::Heterogeneous),
                    ..FrameSetup::at(pc, encoding)
                };
                let kept = Frame::new(&dbg, letter()).expect("frame").expect("same");
                for var in &vars {
                    let mut a = wave(&processor, lanes, 1);
                    let _ = kept.values(&mut a, *var, "", &lane_list, &all);
                }
                let fresh = Frame::new(&dbg, letter()).expect("frame").expect("same");
                for var in vars {
                    let mut a = wave(&processor, lanes, 1);
                    let before = seen(
                        &Frame::at(&dbg, pc, encoding)
                            .expect("frame")
                            .expect("same")
                            .values(&mut a, var, "", &lane_list, &all),
                        &target,
                    );
                    let now = seen(&kept.values(&mut a, var, "", &lane_list, &all), &target);
                    assert_eq!(
                        now,
                        seen(&fresh.values(&mut a, var, "", &lane_list, &all), &target),
                        "pc {pc:#x}"
                    );
                    if now != before {
                        changed_by_conventions += 1;
                    }
                }
            }
        }
    }
    eprintln!(
        "{compared} variable reads compared, {changed_by_conventions} changed by the conventions"
    );
    assert!(compared >= 50, "{compared}");
    assert!(
        changed_by_conventions > 0,
        "the conventions changed nothing: test input too weak"
    );
}
