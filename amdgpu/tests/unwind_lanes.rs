//! Per-lane unwinding: a VGPR spilled only for the lanes active on entry (digest §5.9,
//! `DW_CFA_expression VGPRn [regx VGPRn; swap; LLVM_offset_uconst off·wavesize;
//! LLVM_call_frame_entry_reg EXEC; deref_size 8; LLVM_select_bit_piece 32, 64]`), restored
//! for those lanes and left live for the others; cycle detection in
//! `DW_OP_LLVM_call_frame_entry_reg`.
//!
//! No corpus object has this rule (AMD's LLVM 22 spills the registers it needs under a
//! whole-wave EXEC), so the `.debug_frame` here is hand-assembled.

use hetdwarf::ErrorKind;
use hetdwarf::eval::{Backend, Evaluator};
use hetdwarf::expr::Op;
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::AddressSpaceId;
use hetdwarf_amdgpu::registers::Register;
use hetdwarf_amdgpu::unwind::{CallFrames, unwind};

const V40: u64 = 2600;
const V41: u64 = 2601;

fn entry(id: u32, body: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(&((body.len() + 4) as u32).to_le_bytes());
    v.extend_from_slice(&id.to_le_bytes());
    v.extend_from_slice(body);
    v
}

fn fde(start: u64, len: u64, instrs: &[u8]) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(&start.to_le_bytes());
    b.extend_from_slice(&len.to_le_bytes());
    b.extend_from_slice(instrs);
    entry(0, &b)
}

/// `.debug_frame`: CIE `[llvm:v0.0]`; device function at 0x1000 (CFA = s32 in
/// private_wave; RA in s[30:31]; EXEC on entry saved in s[40:41]; v40 spilled at CFA+256
/// for the lanes active on entry; v41 with a rule that reads itself on entry: a cycle);
/// kernel at 0x2000 (CFA = private_wave 0, PC undefined).
pub fn debug_frame() -> Vec<u8> {
    let mut cie = vec![4u8];
    cie.extend_from_slice(b"[llvm:v0.0]\0");
    cie.extend_from_slice(&[8, 0, 4, 4, 16]);
    let mut sec = entry(0xffff_ffff, &cie);
    let mut dev = vec![0x30, 0x40, 0x00, 0x06]; // s32 = DWARF 64
    dev.extend_from_slice(&[
        0x10, 0x10, 0x08, 0x90, 0x3e, 0x93, 0x04, 0x90, 0x3f, 0x93, 0x04,
    ]);
    // EXEC (17) = [regx s40; piece 4; regx s41; piece 4]
    dev.extend_from_slice(&[
        0x10, 0x11, 0x08, 0x90, 0x48, 0x93, 0x04, 0x90, 0x49, 0x93, 0x04,
    ]);
    // v40 = [regx v40; swap; offset_uconst 256; call_frame_entry_reg EXEC; deref_size 8;
    //        select_bit_piece 32, 64]
    dev.extend_from_slice(&[
        0x10, 0xa8, 0x14, 17, 0x90, 0xa8, 0x14, 0x16, 0xe9, 0x05, 0x80, 0x02, 0xe9, 0x07, 0x11,
        0x94, 0x08, 0xe9, 0x0c, 0x20, 0x40,
    ]);
    // v41 = [call_frame_entry_reg v41]: a cycle.
    dev.extend_from_slice(&[0x10, 0xa9, 0x14, 4, 0xe9, 0x07, 0xa9, 0x14]);
    sec.extend(fde(0x1000, 0x100, &dev));
    let kern = [0x0f, 0x04, 0x30, 0x36, 0xe9, 0x02, 0x07, 0x10, 0, 0];
    sec.extend(fde(0x2000, 0x100, &kern));
    sec
}

fn state() -> WaveState {
    let mut s = WaveState::new("gfx90a", 64).unwrap();
    s.set_pc(0x1010);
    s.set_exec(0x1); // the device function narrowed EXEC to lane 0
    s.set_scalar(Register::Sgpr(30), 0x2044).unwrap();
    s.set_scalar(Register::Sgpr(31), 0).unwrap();
    s.set_scalar(Register::Sgpr(32), 0x400).unwrap();
    s.set_scalar(Register::Sgpr(40), 0x0000_ffff).unwrap(); // EXEC on entry: lanes 0-15
    s.set_scalar(Register::Sgpr(41), 0).unwrap();
    let live: Vec<Option<u32>> = (0..64).map(|l| Some(0x4000 + l)).collect();
    s.set_vector(Register::Vgpr(40), &live).unwrap();
    s.set_vector(Register::Vgpr(41), &live).unwrap();
    // The spill slot at CFA + 256 holds the caller's v40 for lanes 0-15; the other lanes'
    // dwords were never written (garbage).
    let spill: Vec<u8> = (0..64u32)
        .flat_map(|l| if l < 16 { 0x5000 + l } else { 0xdead_0000 + l }.to_le_bytes())
        .collect();
    s.write(AddressSpaceId::PrivateWave, None, 0x500, &spill)
        .unwrap();
    s
}

#[test]
fn vgpr_spilled_for_lanes_active_on_entry() {
    let sec = debug_frame();
    let cfi = CallFrames::new(&sec, None, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = state();
    let stack = unwind(&cfi, &mut st).unwrap();
    assert!(stack.complete(), "{:?}", stack.stopped);
    assert_eq!(
        stack.frames.iter().map(|f| f.pc).collect::<Vec<_>>(),
        [0x1010, 0x2044]
    );
    assert_eq!(stack.frames[0].cfa_address(), Some((6, 0x400)));
    assert_eq!(stack.frames[1].cfa_address(), Some((6, 0)));

    // Frame 1: lanes active on entry (0-15) from the spill slot, others live.
    let mut ctx = stack.context(&mut st, 1);
    let v40 = ctx.read_vector(V40).unwrap();
    for (l, v) in v40.iter().enumerate() {
        let want = if l < 16 { 0x5000 } else { 0x4000 } + l as u32;
        assert_eq!(*v, Some(want), "lane {l}");
    }
    // EXEC of the caller = EXEC on entry.
    assert_eq!(ctx.read_scalar(17).unwrap(), 0xffff);
    // Frame 0 sees the live register.
    let mut ctx0 = stack.context(&mut st, 0);
    assert_eq!(ctx0.read_vector(V40).unwrap()[3], Some(0x4003));

    // A per-lane variable in v40, evaluated in frame 1 for lanes 3 and 20:
    // regx v40; push_lane; lit4; mul; LLVM_offset
    let prog = [
        Op::Regx(V40),
        Op::LlvmPushLane,
        Op::Lit(4),
        Op::Mul,
        Op::LlvmOffset,
    ];
    for (lane, want) in [(3u32, 0x5003u64), (20, 0x4014)] {
        let mut ctx = stack.context(&mut st, 1);
        ctx.set_lane(Some(lane)).unwrap();
        let loc = Evaluator::new()
            .evaluate_location(&mut ctx, &prog[..])
            .unwrap();
        let v =
            hetdwarf::eval::read_value(&mut ctx, &loc, 32, hetdwarf::eval::BaseType::unsigned(32))
                .unwrap();
        assert_eq!(v.to_u64(), want, "lane {lane}");
    }

    // v41's rule reads v41 on entry through itself: a cycle, reported as ill-formed.
    let mut ctx = stack.context(&mut st, 0);
    let e = ctx.call_frame_entry_reg(V41).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IllFormed, "{e}");
    assert!(e.to_string().contains("cycle"), "{e}");
}

#[test]
fn entry_value_of_a_register_is_the_caller_frame_value() {
    let sec = debug_frame();
    let cfi = CallFrames::new(&sec, None, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = state();
    let stack = unwind(&cfi, &mut st).unwrap();
    let mut ctx = stack.context(&mut st, 0);
    // DW_OP_entry_value(DW_OP_regx EXEC): EXEC on entry = s[40:41] per the CFI, not the
    // live EXEC (0x1).
    match ctx.entry_value(&[0x90, 0x11]).unwrap() {
        hetdwarf::eval::Entry::Value(v) => assert_eq!(v.to_u64(), 0xffff),
        other => panic!("{other:?}"),
    }
    // A VGPR on entry is its (per-lane composite) caller location.
    assert!(matches!(
        ctx.entry_value(&[0x90, 0xa8, 0x14]).unwrap(),
        hetdwarf::eval::Entry::Location(_)
    ));
    // Anything else needs call-site values.
    assert!(ctx.entry_value(&[0x30]).is_err());
}

/// `.debug_frame` of a recursive device function at 0x1000 whose frames form a classic
/// stack: CFA = s32 + 16 (private_wave), RA saved at CFA − 16, caller's s32 = CFA
/// (val_offset); and a kernel at 0x2000.
fn recursive_debug_frame() -> Vec<u8> {
    let mut cie = vec![4u8];
    cie.extend_from_slice(b"[llvm:v0.0]\0");
    cie.extend_from_slice(&[8, 0, 4, 4, 16]);
    let mut sec = entry(0xffff_ffff, &cie);
    let dev = [
        0x30, 0x40, 0x10, 0x06, // LLVM_def_aspace_cfa s32, 16, private_wave
        0x11, 0x10, 0x7c, // offset_extended_sf PC, -4 (x4 = -16)
        0x14, 0x40, 0x00, // val_offset s32, 0
        0, 0,
    ];
    sec.extend(fde(0x1000, 0x100, &dev));
    sec.extend(fde(
        0x2000,
        0x100,
        &[0x0f, 0x04, 0x30, 0x36, 0xe9, 0x02, 0x07, 0x10, 0, 0],
    ));
    sec
}

fn recursive_state(depth: u32) -> WaveState {
    let mut s = WaveState::new("gfx90a", 64).unwrap();
    s.set_pc(0x1010);
    s.set_exec(u64::MAX);
    s.set_scalar(Register::Sgpr(32), 0x100).unwrap();
    let live: Vec<Option<u32>> = (0..64).map(|l| Some(0x7000 + l)).collect();
    s.set_vector(Register::Vgpr(40), &live).unwrap();
    // Frame i: CFA = 0x100 + 16·(i+1); its RA at CFA − 16.
    for i in 0..depth {
        let ra: u64 = if i + 1 == depth { 0x2004 } else { 0x1004 };
        s.write(
            AddressSpaceId::PrivateWave,
            None,
            0x100 + 16 * u64::from(i),
            &ra.to_le_bytes(),
        )
        .unwrap();
    }
    s
}

#[test]
fn deep_recursion_and_frame_limit() {
    let sec = recursive_debug_frame();
    let cfi = CallFrames::new(&sec, None, hetdwarf::expr::Encoding::User).unwrap();
    let mut st = recursive_state(200);
    let stack = unwind(&cfi, &mut st).unwrap();
    assert!(stack.complete(), "{:?}", stack.stopped);
    assert_eq!(stack.frames.len(), 201);
    assert_eq!(stack.frames[200].pc, 0x2004);
    assert_eq!(stack.frames[37].cfa_address(), Some((6, 0x100 + 16 * 38)));
    // A same-value VGPR read in the outermost frame goes through 200 frames of rules.
    let mut ctx = stack.context(&mut st, 200);
    assert_eq!(ctx.read_vector(V40).unwrap()[9], Some(0x7009));
    // Deeper than MAX_FRAMES: stops with a reason.
    let mut st = recursive_state(400);
    let stack = unwind(&cfi, &mut st).unwrap();
    assert!(!stack.complete());
    assert_eq!(stack.frames.len(), hetdwarf_amdgpu::unwind::MAX_FRAMES);
    assert!(stack.stopped.as_deref().unwrap().contains("frames"));
}

/// The hand-written call chain `corpora/hand-lanes/calls-gfx90a.hsaco`
/// (`gen_lane_pc_dwarf.py --calls`): `kern` → `mid` → `leaf`, where `mid` spills v41 only
/// for the lanes active on entry.
///
/// ```text
/// llvm-objdump-22 -d:
///   1514: s_mov_b32 s34, s33                          ; kern's FP
///   1518: s_mov_b32 s33, s32
///   151c: s_mov_b64 s[40:41], exec                    ; EXEC on entry
///   1520: buffer_store_dword v41, off, s[0:3], s33 offset:4   ; lanes active on entry only
///   1530: v_writelane_b32 v40, s30, 0 ; 1538: v_writelane_b32 v40, s31, 1
///   1544: s_and_b64 exec, exec, vcc                   ; narrow EXEC (v0 < 16)
///   1548: v_mov_b32_e32 v41, 7                        ; clobbers v41 in the active lanes
///   1560: s_swappc_b64 s[30:31], s[16:17]             ; -> leaf (0x1500), RA 0x1564
///   1620: s_swappc_b64 s[30:31], s[16:17]             ; kern -> mid (0x1510), RA 0x1624
/// llvm-dwarfdump-22 --debug-frame (mid from 0x1540):
///   CFA=SGPR33+0 in addrspace6: PC_REG=[v40 lanes 0,1], EXEC=[s40, s41], SGPR33=SGPR34,
///   VGPR41=[DW_OP_regx VGPR41, DW_OP_swap, DW_OP_LLVM_offset_uconst 0x100,
///           DW_OP_LLVM_call_frame_entry_reg EXEC, DW_OP_deref_size 0x8,
///           DW_OP_LLVM_select_bit_piece 0x20 0x40]
/// ```
#[test]
fn hand_object_two_calls_with_per_lane_spill() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora/hand-lanes/calls-gfx90a.hsaco");
    let input = hetdwarf_amdgpu::Input::open(&path).unwrap();
    let co = input.code_object(None).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let mut s = WaveState::new("gfx90a", 64).unwrap();
    s.set_pc(0x1508); // in leaf
    s.set_exec(0xffff); // mid narrowed EXEC to lanes 0-15
    for (n, v) in [(30, 0x1564), (31, 0), (32, 0x3400), (33, 0x3000), (34, 0)] {
        s.set_scalar(Register::Sgpr(n), v).unwrap();
    }
    s.set_scalar(Register::Sgpr(40), 0xffff_ffff).unwrap(); // lanes 0-31 active on entry
    s.set_scalar(Register::Sgpr(41), 0).unwrap();
    let v40: Vec<Option<u32>> = (0..64)
        .map(|l| {
            Some(match l {
                0 => 0x1624,
                1 => 0,
                _ => 0x4000 + l,
            })
        })
        .collect();
    s.set_vector(Register::Vgpr(40), &v40).unwrap();
    // Live v41: mid wrote 7 in lanes 0-15; the other lanes still hold kern's values.
    let v41: Vec<Option<u32>> = (0..64)
        .map(|l| Some(if l < 16 { 7 } else { 0x4100 + l }))
        .collect();
    s.set_vector(Register::Vgpr(41), &v41).unwrap();
    // The spill slot at CFA(mid) + 256: kern's v41 for lanes 0-31, never written for 32-63.
    let spill: Vec<u8> = (0..64u32)
        .flat_map(|l| if l < 32 { 0x4100 + l } else { 0xdead_0000 + l }.to_le_bytes())
        .collect();
    s.write(AddressSpaceId::PrivateWave, None, 0x3100, &spill)
        .unwrap();
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora/states/unwind-calls-gfx90a.json");
    if std::env::var_os("HETDWARF_WRITE_STATES").is_some() {
        std::fs::write(&path, s.to_json()).unwrap();
    }
    let mut st = WaveState::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(
        st, s,
        "unwind-calls-gfx90a.json differs from the state built here"
    );

    let stack = unwind(&cfi, &mut st).unwrap();
    assert!(stack.complete(), "{:?}", stack.stopped);
    assert_eq!(
        stack.frames.iter().map(|f| f.pc).collect::<Vec<_>>(),
        [0x1508, 0x1564, 0x1624]
    );
    assert_eq!(
        stack
            .frames
            .iter()
            .map(|f| co.function_at(f.lookup_pc).unwrap().name.as_str())
            .collect::<Vec<_>>(),
        ["leaf", "mid", "kern"]
    );
    assert_eq!(
        stack
            .frames
            .iter()
            .map(|f| f.cfa_address())
            .collect::<Vec<_>>(),
        [Some((6, 0x3400)), Some((6, 0x3000)), Some((6, 0))]
    );
    // mid sees the live v41 (leaf does not touch it); leaf clobbered v0.
    let mut ctx = stack.context(&mut st, 1);
    assert_eq!(ctx.read_vector(V41).unwrap()[3], Some(7));
    assert!(ctx.read_vector(2560).unwrap().iter().all(Option::is_none));
    // kern: v41 restored from the spill slot for lanes 0-31 (active on entry to mid), the
    // live register for lanes 32-63; EXEC = EXEC on entry.
    let mut ctx = stack.context(&mut st, 2);
    let v41 = ctx.read_vector(V41).unwrap();
    assert_eq!(v41, (0..64).map(|l| Some(0x4100 + l)).collect::<Vec<_>>());
    assert_eq!(ctx.read_scalar(17).unwrap(), 0xffff_ffff);
    assert_eq!(ctx.read_scalar(65).unwrap(), 0); // s33 = kern's FP, from s34
}
