//! Per-lane PCs with divergent control flow: the hand-written DWARF of
//! `corpora/hand-lanes/` (generator `tools/corpus/gen_lane_pc_dwarf.py`, the digest's §5.10
//! recipe: DWARF procedures, `call_ref`, `addrx` + `stack_value`, `extend`,
//! `select_bit_piece`, a saved-EXEC variable with a location list).
//!
//! ```text
//! llvm-objdump-22 -d corpora/hand-lanes/lane-pc-gfx90a-old.hsaco
//!   1500: s_mov_b64 s[20:21], exec          ; EXEC at region entry (__exec_region0)
//!   1504: v_cmp_gt_u32_e32 vcc, 8, v0
//!   1508: s_and_saveexec_b64 s[22:23], vcc
//!   150c: v_mov_b32_e32 v1, 1               ; .Lthen
//!   1510: v_mov_b32_e32 v1, 2
//!   1514: s_andn2_b64 exec, s[20:21], exec
//!   1518: v_mov_b32_e32 v1, 3               ; .Lelse
//!   151c: v_mov_b32_e32 v1, 4
//!   1520: s_mov_b64 exec, s[20:21]          ; .Lend (join)
//!   1524: v_add_u32_e32 v1, 1, v1
//!   1528: s_endpgm
//! ```
//! (The wave32 gfx1100 object has the same addresses.)

use std::path::PathBuf;

use hetdwarf::expr::Encoding;
use hetdwarf::index::{AttributeNumbering, DwarfIndex, at};
use hetdwarf_amdgpu::Input;
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::registers::Register;
use hetdwarf_amdgpu::unwind::lanes::{FrameLanes, LaneSource, frame_lanes, wave_size_of};
use hetdwarf_amdgpu::unwind::{CallFrames, unwind};

fn corpus(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(path)
}

/// Evaluates the kernel's lanes at `pc` with `exec` live and `saved` in the saved-EXEC
/// variable (s20, s21).
fn lanes_at(file: &str, processor: &str, pc: u64, exec: u64, saved: u64) -> FrameLanes {
    let input = Input::open(&corpus(file)).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let (ws, _) = wave_size_of(&co, &cfi, pc).unwrap();
    let mut state = WaveState::new(processor, ws).unwrap();
    state.set_pc(pc);
    state.set_exec(exec);
    if ws == 64 {
        state
            .set_scalar(Register::Sgpr(20), saved & 0xffff_ffff)
            .unwrap();
        state.set_scalar(Register::Sgpr(21), saved >> 32).unwrap();
    } else {
        state.set_scalar(Register::Sgpr(20), saved).unwrap();
    }
    if file.ends_with("gfx90a-old.hsaco") && pc == 0x1510 {
        check_state_file("unwind-lane-pc-gfx90a.json", &state);
    }
    let stack = unwind(&cfi, &mut state).unwrap();
    assert!(stack.complete(), "{:?}", stack.stopped);
    assert_eq!(stack.frames.len(), 1, "the kernel frame is outermost");
    let scopes = dbg.scopes_at(pc).unwrap();
    let sub = dbg.scope(*scopes.last().unwrap()).unwrap();
    assert_eq!(sub.name.as_deref(), Some("divergent"));
    let mut ctx = stack.context(&mut state, 0);
    frame_lanes(&mut ctx, &dbg, sub.die, pc, ws, Encoding::User).unwrap()
}

/// The state file `corpora/states/<name>` must equal the state built in code (regenerate
/// with `HETDWARF_WRITE_STATES=1`).
fn check_state_file(name: &str, built: &WaveState) {
    let path = corpus("states").join(name);
    if std::env::var_os("HETDWARF_WRITE_STATES").is_some() {
        std::fs::write(&path, built.to_json()).unwrap();
    }
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let loaded = WaveState::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        &loaded, built,
        "{name} differs from the state built in the test"
    );
}

/// Expected lane PCs: `f(lane)`.
fn expect(lanes: u32, f: impl Fn(u32) -> Option<u64>) -> Vec<Option<u64>> {
    (0..lanes).map(f).collect()
}

#[test]
fn then_region_parks_else_lanes_at_else() {
    // In THEN: lanes 0-7 execute (EXEC), lanes 8-15 were active at region entry and wait at
    // .Lelse, lanes 16-63 were not active on entry: undefined.
    let l = lanes_at(
        "hand-lanes/lane-pc-gfx90a-old.hsaco",
        "gfx90a",
        0x1510,
        0xff,
        0xffff,
    );
    assert_eq!(l.numbering, AttributeNumbering::Old);
    assert_eq!(l.lanes, 64);
    assert_eq!(l.lanes_from, LaneSource::Attribute(at::OLD_LLVM_LANES));
    assert_eq!(l.pcs_from, LaneSource::Attribute(at::OLD_LLVM_LANE_PC));
    assert_eq!(
        l.pcs,
        expect(64, |n| match n {
            0..8 => Some(0x1510),
            8..16 => Some(0x1518),
            _ => None,
        })
    );
    assert!(l.divergent());
    // active_lane (0x3e08 = [regx EXEC]).
    assert_eq!(
        l.active_from,
        LaneSource::Attribute(at::OLD_LLVM_ACTIVE_LANE)
    );
    assert_eq!(l.active, (0..64).map(|n| n < 8).collect::<Vec<_>>());
}

#[test]
fn else_region_parks_then_lanes_at_join() {
    let l = lanes_at(
        "hand-lanes/lane-pc-gfx90a-old.hsaco",
        "gfx90a",
        0x151c,
        0xff00,
        0xffff,
    );
    assert_eq!(
        l.pcs,
        expect(64, |n| match n {
            0..8 => Some(0x1520),
            8..16 => Some(0x151c),
            _ => None,
        })
    );
}

#[test]
fn outside_regions_only_lanes_active_on_entry_have_a_pc() {
    // After the join: [__divergent_lane_pc; __active_lane_pc].
    let l = lanes_at(
        "hand-lanes/lane-pc-gfx90a-old.hsaco",
        "gfx90a",
        0x1524,
        0xffff,
        0xffff,
    );
    assert_eq!(l.pcs, expect(64, |n| (n < 16).then_some(0x1524)));
    assert!(!l.divergent());
}

#[test]
fn current_numbering_without_lanes_uses_wave_size_and_exec() {
    let l = lanes_at(
        "hand-lanes/lane-pc-gfx90a-current.hsaco",
        "gfx90a",
        0x1510,
        0xff,
        0xffff,
    );
    assert_eq!(l.numbering, AttributeNumbering::Current);
    assert_eq!(l.lanes, 64);
    assert_eq!(
        l.lanes_from,
        LaneSource::Hardware,
        "missing DW_AT_LLVM_lanes = wave size"
    );
    assert_eq!(l.pcs_from, LaneSource::Attribute(at::LLVM_LANE_PC));
    assert_eq!(
        l.active_from,
        LaneSource::Hardware,
        "no active_lane: hardware EXEC"
    );
    assert_eq!(l.active, (0..64).map(|n| n < 8).collect::<Vec<_>>());
    assert_eq!(l.pcs[3], Some(0x1510));
    assert_eq!(l.pcs[12], Some(0x1518));
    assert_eq!(l.pcs[40], None);
}

#[test]
fn wave32_lane_pcs() {
    let l = lanes_at(
        "hand-lanes/lane-pc-gfx1100-current.hsaco",
        "gfx1100",
        0x151c,
        0x0000_0f00,
        0x0000_0fff,
    );
    assert_eq!(l.lanes, 32);
    assert_eq!(
        l.pcs,
        expect(32, |n| match n {
            0..8 => Some(0x1520),
            8..12 => Some(0x151c),
            _ => None,
        })
    );
}

#[test]
fn wave_size_from_register_numbers() {
    use hetdwarf_amdgpu::unwind::lanes::wave_size_from_registers;
    assert_eq!(wave_size_from_registers([16, 33, 1542]), Some(32)); // VGPR6 wave32
    assert_eq!(wave_size_from_registers([2566, 17]), Some(64)); // VGPR6 wave64, EXEC_64
    assert_eq!(wave_size_from_registers([1]), Some(32)); // EXEC_LO
    assert_eq!(wave_size_from_registers([16, 64, 65]), None); // PC and SGPRs only
    assert_eq!(wave_size_from_registers([1542, 2566]), None); // contradictory
}

#[test]
fn wave_size_of_functions_in_corpus_objects() {
    use hetdwarf_amdgpu::unwind::lanes::WaveSizeFrom;
    for (file, pc, want) in [
        ("rocm/ocl-gfx90a-O0.hsaco", 0x2400, 64), // leaf_mix (device function)
        ("rocm/ocl-gfx1100-O0.hsaco", 0x3e10, 32), // particles (kernel)
        ("rocm/ocl-gfx1030w64-O2.hsaco", 0x2300, 64), // gfx10 compiled wave64
    ] {
        let input = Input::open(&corpus(file)).unwrap();
        let co = input.code_object(None).unwrap();
        let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
        let (ws, from) = wave_size_of(&co, &cfi, pc).unwrap();
        assert_eq!(ws, want, "{file} {pc:#x}");
        assert!(
            matches!(from, WaveSizeFrom::CodeObject(_)),
            "{file}: {from:?}"
        );
    }
}
