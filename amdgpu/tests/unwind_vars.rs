//! Variable locations of AMD-fork corpus objects, evaluated in unwound frames: each lands
//! where the machine code put the variable (see the disassembly excerpts), and reading it
//! from a state whose scratch and registers hold known values gives those values per lane.

use std::path::PathBuf;

use hetdwarf::eval::{BaseType, LocDesc, Storage, read_value};
use hetdwarf::expr::Encoding;
use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::aspace::AddressSpaceId;
use hetdwarf_amdgpu::registers::Register;
use hetdwarf_amdgpu::unwind::vars::variable_location;
use hetdwarf_amdgpu::unwind::{CallFrames, Stack, unwind};
use hetdwarf_amdgpu::{Input, WaveState};

fn corpus(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(path)
}

fn state(name: &str) -> WaveState {
    let text = std::fs::read_to_string(corpus("states").join(name)).unwrap();
    WaveState::from_json(&text).unwrap()
}

/// The `.debug_info` offset of the variable or parameter `name` visible at `pc` (innermost
/// scope first).
fn var_die(dbg: &DwarfIndex<'_>, pc: u64, name: &str) -> u64 {
    for v in dbg.variables_at(pc).unwrap() {
        let var = dbg.variable(v).unwrap();
        if var.name.as_deref() == Some(name) {
            return var.die;
        }
    }
    panic!("no variable {name} at {pc:#x}");
}

/// Evaluates `name` in `frame` for every lane and reads 32 bits; also returns lane 0's
/// location.
fn read_lanes(
    stack: &Stack<'_>,
    st: &mut WaveState,
    dbg: &DwarfIndex<'_>,
    frame: u32,
    name: &str,
) -> (LocDesc, Vec<u32>) {
    let pc = stack.frames[frame as usize].lookup_pc;
    let die = var_die(dbg, pc, name);
    let mut first = None;
    let mut values = Vec::new();
    for lane in 0..st.wave_size() {
        let mut ctx = stack.context(st, frame);
        ctx.set_lane(Some(lane)).unwrap();
        let loc = variable_location(&mut ctx, dbg, die, pc, Encoding::User)
            .unwrap()
            .unwrap_or_else(|| panic!("{name} has no location at {pc:#x}"));
        let v = read_value(&mut ctx, &loc, 32, BaseType::unsigned(32))
            .unwrap_or_else(|e| panic!("{name} lane {lane}: {e}"));
        values.push(v.to_u64() as u32);
        first.get_or_insert(loc);
    }
    (first.unwrap(), values)
}

fn private_lane_address(loc: &LocDesc) -> u64 {
    match (&loc.first().storage, loc.memory_address()) {
        (Storage::Memory(m), Some((5, a))) => {
            assert_eq!(m.lane, Some(0));
            a
        }
        other => panic!("not a private_lane location: {other:?}"),
    }
}

/// `ocl-gfx90a-O0.hsaco` (MUBUF scratch, FP wave-scaled): locals live in swizzled scratch
/// at `(FP >> 6) + N` as private_lane addresses, i.e. private_wave `FP + (N/4)·256 + 4·lane`.
///
/// ```text
/// leaf_mix (frame 0, FP s33 = 0x3000):
///   230c: v_mov_b32_e32 v0, 0
///   2310: buffer_store_dword v0, off, s[0:3], s33 offset:20   ; acc = 0.0f
///   DWARF acc: [regx SGPR33, deref_size 4, lit6, shr, lit20, plus, stack_value,
///               deref_size 4, lit5, LLVM_form_aspace_address]
/// stage (frame 1, FP = leaf_mix's s15 = 0x2000):
///   29e4: buffer_store_dword v1, off, s[0:3], s33 offset:32   ; part.pos[0]
///   DWARF part: [regx SGPR33, ..., constu 0x20, plus, ..., lit5, LLVM_form_aspace_address]
/// ```
#[test]
fn o0_scratch_variables_in_two_frames() {
    let input = Input::open(&corpus("rocm/ocl-gfx90a-O0.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = state("unwind-ocl-gfx90a-O0.json");
    // What the stores above wrote, lane L: acc = 0x4100_0000 + L, part.pos[0] = 0x4200_0000 + L.
    for l in 0..64u32 {
        st.write(
            AddressSpaceId::PrivateWave,
            None,
            0x3000 + 5 * 256 + 4 * u64::from(l),
            &(0x4100_0000 + l).to_le_bytes(),
        )
        .unwrap();
        st.write(
            AddressSpaceId::PrivateWave,
            None,
            0x2000 + 8 * 256 + 4 * u64::from(l),
            &(0x4200_0000 + l).to_le_bytes(),
        )
        .unwrap();
    }
    let stack = unwind(&cfi, &mut st).unwrap();
    let (loc, acc) = read_lanes(&stack, &mut st, &dbg, 0, "acc");
    assert_eq!(private_lane_address(&loc), (0x3000 >> 6) + 20);
    assert_eq!(acc, (0..64).map(|l| 0x4100_0000 + l).collect::<Vec<_>>());
    let (loc, part) = read_lanes(&stack, &mut st, &dbg, 1, "part");
    assert_eq!(private_lane_address(&loc), (0x2000 >> 6) + 32);
    assert_eq!(part, (0..64).map(|l| 0x4200_0000 + l).collect::<Vec<_>>());
}

/// `ocl-gfx1100-O0.hsaco` (wave32, flat scratch: s33 is already a per-lane offset).
///
/// ```text
/// leaf_mix: 2310: scratch_store_b32 off, v0, s33 offset:20    ; acc
///   DWARF acc: [regx SGPR33, deref_size 4, lit20, plus, stack_value, deref_size 4, lit5,
///               LLVM_form_aspace_address]
/// ```
#[test]
fn o0_wave32_flat_scratch_variable() {
    let input = Input::open(&corpus("rocm/ocl-gfx1100-O0.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = state("unwind-ocl-gfx1100-O0.json");
    // s33 = 0x100: lane L's dword at private_lane 0x114 = private_wave
    // (0x114/4)·32·4 + 4·L.
    for l in 0..32u32 {
        st.write(
            AddressSpaceId::PrivateWave,
            None,
            (0x114 / 4) * 128 + 4 * u64::from(l),
            &(0x4300_0000 + l).to_le_bytes(),
        )
        .unwrap();
    }
    let stack = unwind(&cfi, &mut st).unwrap();
    let (loc, acc) = read_lanes(&stack, &mut st, &dbg, 0, "acc");
    assert_eq!(private_lane_address(&loc), 0x100 + 20);
    assert_eq!(acc, (0..32).map(|l| 0x4300_0000 + l).collect::<Vec<_>>());
}

/// `ocl-gfx90a-O2.hsaco`: values in VGPR lanes, per location-list entry.
///
/// ```text
/// leaf_mix:
///   1a08: v_and_b32_e32 v1, 7, v3          ; `lane` arrives in v3 ...
///   1a38: v_add_u32_e32 v3, 2, v3          ; ... until here: DWARF lane = VGPR3 in [1a00, 1a3c)
///   1a88: v_fma_f32 v2, v6, v9, 0          ; acc accumulates in v2:
///   1a94: v_fmac_f32_e32 v2, v7, v10       ;   DWARF acc = VGPR2 in [1a90, 1ab8)
///   1ab4: v_mul_f32_e32 v0, v2, v0         ;   then VGPR0 in [1ab8, 1ac4)
/// ```
#[test]
fn o2_vgpr_variables_per_lane() {
    let input = Input::open(&corpus("rocm/ocl-gfx90a-O2.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    for (pc, name, vgpr, base) in [
        (0x1a98u64, "acc", 2u32, 0x3fc0_0000u32),
        (0x1a04, "lane", 3, 0),
        (0x1abc, "acc", 0, 0x4000_0000),
    ] {
        let mut st = state("unwind-ocl-gfx90a-O2.json");
        st.set_pc(pc);
        let vals: Vec<Option<u32>> = (0..64).map(|l| Some(base + l)).collect();
        st.set_vector(Register::Vgpr(vgpr), &vals).unwrap();
        let stack = unwind(&cfi, &mut st).unwrap();
        assert!(stack.complete());
        let (loc, got) = read_lanes(&stack, &mut st, &dbg, 0, name);
        // Lane 0's piece of the VGPR (2560 + n), at bit 0.
        assert!(
            matches!(loc.first().storage, Storage::Register { reg, .. } if reg == 2560 + u64::from(vgpr)),
            "{name} at {pc:#x}: {loc:?}"
        );
        assert_eq!(
            got,
            (0..64).map(|l| base + l).collect::<Vec<_>>(),
            "{name} at {pc:#x}"
        );
    }
    // Outside every entry of acc's list (before 0x1a68): optimized out.
    let mut st = state("unwind-ocl-gfx90a-O2.json");
    st.set_pc(0x1a04);
    let stack = unwind(&cfi, &mut st).unwrap();
    let die = var_die(&dbg, 0x1a04, "acc");
    let mut ctx = stack.context(&mut st, 0);
    assert!(
        variable_location(&mut ctx, &dbg, die, 0x1a04, Encoding::User)
            .unwrap()
            .is_none()
    );
}

/// A kernel's variable in the outermost frame: `hip-gfx90a-O0.hsaco`, `reduce_samples`
/// (frame 2 of the `clamp_bits` state; its FP is s33 = 0, restored through
/// `accumulate`'s rule SGPR33 = SGPR28).
///
/// ```text
/// 2800: s_mov_b32 s33, 0                      ; the kernel's FP
/// DWARF n: [regx SGPR33, deref_size 4, lit6, shr, constu 0x28, plus, stack_value,
///           deref_size 4, lit5, LLVM_form_aspace_address]  -> private_lane 0x28
/// ```
#[test]
fn o0_kernel_variable_in_outermost_frame() {
    let input = Input::open(&corpus("rocm/hip-gfx90a-O0.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = state("unwind-hip-gfx90a-O0.json");
    for l in 0..64u32 {
        st.write(
            AddressSpaceId::PrivateWave,
            None,
            (0x28 / 4) * 256 + 4 * u64::from(l),
            &(1000 + l).to_le_bytes(),
        )
        .unwrap();
    }
    let stack = unwind(&cfi, &mut st).unwrap();
    assert_eq!(stack.frames.len(), 3);
    let (loc, n) = read_lanes(&stack, &mut st, &dbg, 2, "n");
    assert_eq!(private_lane_address(&loc), 0x28);
    assert_eq!(n, (0..64).map(|l| 1000 + l).collect::<Vec<_>>());
}

/// Wave32 -O2: `ocl-gfx1100-O2.hsaco` `leaf_mix`.
///
/// ```text
/// 1b64: v_fma_f32 v3, v3, v7, 0             ; acc in v3: DWARF acc = VGPR3 (0x603) in [1b6c, 1b7c)
/// 1bc8: flat_store_b32 v[1:2], v3           ; generic_out in v[1:2]:
///       DWARF [regx 0x601, push_lane·4, offset, piece 4, regx 0x602, push_lane·4, offset,
///              piece 4, piece_end]
/// ```
#[test]
fn o2_wave32_vgpr_and_vgpr_pair() {
    let input = Input::open(&corpus("rocm/ocl-gfx1100-O2.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = WaveState::new("gfx1100", 32).unwrap();
    st.set_pc(0x1b70);
    st.set_exec(0xffff_ffff);
    st.set_scalar(Register::Sgpr(32), 0x40).unwrap();
    let v = |f: fn(u32) -> u32| (0..32).map(|l| Some(f(l))).collect::<Vec<_>>();
    st.set_vector(Register::Vgpr(3), &v(|l| 0x3f80_0000 + l))
        .unwrap();
    st.set_vector(Register::Vgpr(1), &v(|l| 0x1000 + 8 * l))
        .unwrap();
    st.set_vector(Register::Vgpr(2), &v(|l| 0x7f00 + l))
        .unwrap();
    let stack = unwind(&cfi, &mut st).unwrap();
    let (_, acc) = read_lanes(&stack, &mut st, &dbg, 0, "acc");
    assert_eq!(acc, (0..32).map(|l| 0x3f80_0000 + l).collect::<Vec<_>>());
    // The 64-bit pointer: low dword from v1, high from v2, per lane.
    let pc = stack.frames[0].lookup_pc;
    let die = var_die(&dbg, pc, "generic_out");
    for lane in [0u32, 7, 31] {
        let mut ctx = stack.context(&mut st, 0);
        ctx.set_lane(Some(lane)).unwrap();
        let loc = variable_location(&mut ctx, &dbg, die, pc, Encoding::User)
            .unwrap()
            .unwrap();
        let p = read_value(&mut ctx, &loc, 64, BaseType::unsigned(64)).unwrap();
        assert_eq!(
            p.to_u64(),
            (u64::from(0x7f00 + lane) << 32) | u64::from(0x1000 + 8 * lane)
        );
    }
}

/// `hand-implicit/implicit-v5-gfx90a.hsaco` stopped in `callee`, called from `kern`
/// (return address 0x1620): `variable_location` answers `DW_OP_entry_value(regx SGPR4)`
/// from `kern`'s call site, whose `DW_AT_call_value` `[regx SGPR10; deref_size 4]` is
/// evaluated in frame 1, where s10 is what the callee's CFI kept in s12 (41), not the live
/// s10 (0). SGPR6 has no call site parameter and falls back to the CFI (same value: 66).
#[test]
fn entry_value_through_the_callers_call_site() {
    let input = Input::open(&corpus("hand-implicit/implicit-v5-gfx90a.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let sections = co.dwarf_sections().unwrap();
    let dbg = DwarfIndex::new(|id| sections.get(id)).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = state("implicit-gfx90a.json");
    let stack = unwind(&cfi, &mut st).unwrap();
    assert_eq!(stack.frames.len(), 2);
    assert_eq!(stack.frames[1].pc, 0x1620);
    for (name, expected) in [("n", 41u64), ("scale", 1000), ("entry_only", 66)] {
        let die = var_die(&dbg, 0x1514, name);
        let mut ctx = stack.context(&mut st, 0);
        let caller = ctx.caller_frame().unwrap();
        assert_eq!((caller.return_pc, caller.frame), (0x1620, 1));
        let loc = variable_location(&mut ctx, &dbg, die, 0x1514, Encoding::User)
            .unwrap()
            .unwrap();
        let v = read_value(&mut ctx, &loc, 32, BaseType::unsigned(32)).unwrap();
        assert_eq!(v.to_u64(), expected, "{name}");
    }
    // No call site parameter and an undefined CFI rule: an error naming the DIE.
    let die = var_die(&dbg, 0x1514, "lost");
    let mut ctx = stack.context(&mut st, 0);
    let err = variable_location(&mut ctx, &dbg, die, 0x1514, Encoding::User).unwrap_err();
    assert!(
        err.to_string().contains(&format!("of DIE {die:#x}")),
        "{err}"
    );
    // The call sites as the index sees them.
    let kern = dbg
        .scopes_at(0x161f)
        .unwrap()
        .last()
        .map(|s| dbg.scope(*s).unwrap().die)
        .unwrap();
    let sites = dbg.call_sites_in(kern).unwrap();
    assert_eq!(sites.len(), 1);
    assert_eq!(sites[0].return_pc, Some(0x1620));
    assert_eq!(sites[0].parameters.len(), 2);
    assert!(sites[0].parameters.iter().all(|p| p.value.is_some()));
}
