//! Unwinding hand-made wave states against AMD-fork corpus objects (`corpora/rocm/`).
//!
//! Each state puts the wave in the innermost device function of a call chain, with the
//! registers and scratch the machine code set up (see the disassembly excerpts), and checks
//! every frame's PC, CFA and the registers restored from the CFI.

use std::path::PathBuf;

use hetdwarf::eval::Backend;
use hetdwarf_amdgpu::aspace::AddressSpaceId;
use hetdwarf_amdgpu::registers::Register;
use hetdwarf_amdgpu::unwind::{CallFrames, unwind};
use hetdwarf_amdgpu::{Input, WaveState, registers::RegisterMap};

fn corpus(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(path)
}

fn lanes(ws: u32, f: impl Fn(u32) -> u32) -> Vec<Option<u32>> {
    (0..ws).map(|l| Some(f(l))).collect()
}

/// The state file `corpora/states/<name>` must equal the state built in code (regenerate
/// with `HETDWARF_WRITE_STATES=1`).
fn check_state_file(name: &str, built: &WaveState) -> WaveState {
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
    loaded
}

/// `ocl-gfx90a-O0.hsaco` (wave64, MUBUF scratch, SP/FP wave-scaled):
/// `particles` (kernel, 0x3f00) → `__clang_ocl_kern_imp_particles` (0x2d9c) → `stage`
/// (0x2844) → `leaf_mix` (0x2200).
///
/// ```text
/// llvm-objdump-22 -d:
///   4120: s_swappc_b64 s[30:31], s[16:17]     ; particles -> __clang_ocl_kern_imp_particles
///   2dc8: v_writelane_b32 v22, s30, 0         ; imp saves its RA in v22 lanes 0/1
///   3cd8: s_swappc_b64 s[30:31], s[16:17]     ; imp -> stage
///   2848: s_mov_b32 s40, s33                  ; stage saves the caller's FP in s40
///   2854: buffer_store_dword v10, off, s[0:3], s33 offset:64   ; WWM spill of v10
///   2870: v_writelane_b32 v10, s30, 0         ; stage saves its RA in v10 lanes 0/1
///   2cb8: s_swappc_b64 s[30:31], s[16:17]     ; stage -> leaf_mix
///   2204: s_mov_b32 s15, s33 ; 2208: s_mov_b32 s33, s32   ; leaf_mix FP
///   2210: buffer_store_dword v6, off, s[0:3], s33 offset:28    ; WWM spill of v6
/// llvm-dwarfdump-22 --debug-frame:
///   leaf_mix 0x221c: CFA=SGPR33+0 in addrspace6, PC=[s30,s31], SGPR33=SGPR15, VGPR6=[CFA+1792]
///   stage    0x2880: CFA=SGPR33+0 in addrspace6, PC=[v10 lanes 0,1], SGPR33=SGPR40,
///                    VGPR10=[CFA+4096], VGPR11=[CFA+4352]
///   imp      0x2dd8: CFA=SGPR33+0 in addrspace6, PC=[v22 lanes 0,1], SGPR33=SGPR41
///   particles:       CFA=private_wave 0, PC undefined
/// ```
fn ocl_gfx90a_o0_state() -> WaveState {
    let mut s = WaveState::new("gfx90a", 64).unwrap();
    s.set_pc(0x2400); // in leaf_mix, after the frame set-up
    s.set_exec(0xffff_ffff_0000_ffff);
    s.set_scalar(Register::Sgpr(30), 0x2cbc).unwrap(); // return into stage
    s.set_scalar(Register::Sgpr(31), 0).unwrap();
    s.set_scalar(Register::Sgpr(32), 0x3800).unwrap(); // leaf_mix SP
    s.set_scalar(Register::Sgpr(33), 0x3000).unwrap(); // leaf_mix FP = its CFA
    s.set_scalar(Register::Sgpr(15), 0x2000).unwrap(); // stage's FP (saved by leaf_mix)
    s.set_scalar(Register::Sgpr(40), 0x0800).unwrap(); // imp's FP (saved by stage)
    s.set_scalar(Register::Sgpr(41), 0x0000).unwrap(); // particles' FP (saved by imp)
    // v10: stage keeps its return address (into imp) in lanes 0/1, other lanes: live data.
    s.set_vector(
        Register::Vgpr(10),
        &lanes(64, |l| match l {
            0 => 0x3cdc,
            1 => 0,
            _ => 0xa000 + l,
        }),
    )
    .unwrap();
    // v22: imp keeps its return address (into particles) in lanes 0/1.
    s.set_vector(
        Register::Vgpr(22),
        &lanes(64, |l| match l {
            0 => 0x4124,
            1 => 0,
            _ => 0xb000 + l,
        }),
    )
    .unwrap();
    s.set_vector(Register::Vgpr(6), &lanes(64, |l| 0x600 + l))
        .unwrap();
    // leaf_mix's spill of stage's v6 at CFA0 + 1792 (0x3700), all 64 lanes (WWM).
    let v6: Vec<u8> = (0..64u32)
        .flat_map(|l| (0x6000 + l).to_le_bytes())
        .collect();
    s.write(AddressSpaceId::PrivateWave, None, 0x3700, &v6)
        .unwrap();
    // stage's spill of imp's v10 at CFA1 + 4096 (0x3000).
    let v10: Vec<u8> = (0..64u32)
        .flat_map(|l| (0x1_0000 + l).to_le_bytes())
        .collect();
    s.write(AddressSpaceId::PrivateWave, None, 0x3000, &v10)
        .unwrap();
    s
}

#[test]
fn ocl_gfx90a_o0_backtrace_through_two_device_calls() {
    let input = Input::open(&corpus("rocm/ocl-gfx90a-O0.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let built = ocl_gfx90a_o0_state();
    let mut state = check_state_file("unwind-ocl-gfx90a-O0.json", &built);
    let stack = unwind(&cfi, &mut state).unwrap();
    assert!(stack.complete(), "{:?}", stack.stopped);
    let pcs: Vec<u64> = stack.frames.iter().map(|f| f.pc).collect();
    assert_eq!(pcs, [0x2400, 0x2cbc, 0x3cdc, 0x4124]);
    let names: Vec<&str> = stack
        .frames
        .iter()
        .map(|f| co.function_at(f.lookup_pc).unwrap().name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "leaf_mix",
            "stage",
            "__clang_ocl_kern_imp_particles",
            "particles"
        ]
    );
    let cfas: Vec<(u64, u64)> = stack
        .frames
        .iter()
        .map(|f| f.cfa_address().unwrap())
        .collect();
    assert_eq!(cfas, [(6, 0x3000), (6, 0x2000), (6, 0x800), (6, 0)]);
    assert!(stack.frames[3].is_outermost());
    assert_eq!(stack.frames[1].lookup_pc, 0x2cbb);

    let map = RegisterMap::new(64);
    let v = |n| map.dwarf_number(Register::Vgpr(n)).unwrap();
    let sgpr = |n| map.dwarf_number(Register::Sgpr(n)).unwrap();
    // Frame 1 (stage): v6 comes from leaf_mix's spill slot; s33 from s15.
    let mut ctx = stack.context(&mut state, 1);
    let v6 = ctx.read_vector(v(6)).unwrap();
    assert_eq!(v6[0], Some(0x6000));
    assert_eq!(v6[63], Some(0x603f));
    assert_eq!(ctx.read_scalar(sgpr(33)).unwrap(), 0x2000);
    // v10 is live in stage (leaf_mix does not touch it).
    assert_eq!(ctx.read_vector(v(10)).unwrap()[5], Some(0xa005));
    // Registers leaf_mix clobbers are undefined in its caller.
    let v0 = ctx.read_vector(v(0)).unwrap();
    assert!(v0.iter().all(Option::is_none));
    // Frame 2 (imp): v10 restored from stage's WWM spill; s33 through s15 -> s40.
    let mut ctx = stack.context(&mut state, 2);
    let v10 = ctx.read_vector(v(10)).unwrap();
    assert_eq!(v10[0], Some(0x1_0000));
    assert_eq!(v10[40], Some(0x1_0028));
    assert_eq!(ctx.read_scalar(sgpr(33)).unwrap(), 0x800);
    assert_eq!(ctx.cfa().unwrap().memory_address(), Some((6, 0x800)));
    // Frame 3 (kernel): PC undefined.
    let mut ctx = stack.context(&mut state, 3);
    assert_eq!(ctx.cfa().unwrap().memory_address(), Some((6, 0)));
    assert_eq!(ctx.read_scalar(16).unwrap(), 0x4124);
    assert!(ctx.caller_register(3, 16).unwrap().is_undefined());
}

/// A call chain to replay: the innermost frame's registers, and what each frame must be.
struct Chain {
    file: &'static str,
    state_file: &'static str,
    processor: &'static str,
    wave_size: u32,
    pc: u64,
    /// Scalar registers (SGPR number, value).
    sgprs: &'static [(u32, u64)],
    /// VGPRs holding a return address in lanes 0/1 (VGPR number, return address); the other
    /// lanes hold `0xc000 + 0x100·n + lane`.
    ra_vgprs: &'static [(u32, u64)],
    pcs: &'static [u64],
    symbols: &'static [&'static str],
    cfas: &'static [u64],
}

fn replay(c: &Chain) {
    let mut s = WaveState::new(c.processor, c.wave_size).unwrap();
    s.set_pc(c.pc);
    s.set_exec(if c.wave_size == 64 {
        u64::MAX
    } else {
        0xffff_ffff
    });
    for &(n, v) in c.sgprs {
        s.set_scalar(Register::Sgpr(n), v).unwrap();
    }
    for &(n, ra) in c.ra_vgprs {
        let v = lanes(c.wave_size, |l| match l {
            0 => ra as u32,
            1 => (ra >> 32) as u32,
            _ => 0xc000 + 0x100 * n + l,
        });
        s.set_vector(Register::Vgpr(n), &v).unwrap();
    }
    let mut state = check_state_file(c.state_file, &s);
    let input = Input::open(&corpus(c.file)).unwrap();
    let co = input.code_object(None).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let stack = unwind(&cfi, &mut state).unwrap();
    assert!(stack.complete(), "{}: {:?}", c.file, stack.stopped);
    let pcs: Vec<u64> = stack.frames.iter().map(|f| f.pc).collect();
    assert_eq!(pcs, c.pcs, "{}", c.file);
    let names: Vec<&str> = stack
        .frames
        .iter()
        .map(|f| co.function_at(f.lookup_pc).unwrap().name.as_str())
        .collect();
    assert_eq!(names, c.symbols, "{}", c.file);
    let cfas: Vec<u64> = stack
        .frames
        .iter()
        .map(|f| {
            let (space, a) = f.cfa_address().unwrap();
            assert_eq!(space, 6, "CFA in private_wave");
            a
        })
        .collect();
    assert_eq!(cfas, c.cfas, "{}", c.file);
    assert!(stack.frames.last().unwrap().is_outermost());
}

/// `hip-gfx90a-O0.hsaco` (wave64): `reduce_samples` (kernel, 0x2800) → `accumulate`
/// (0x1dc4) → `clamp_bits` (0x1a00).
///
/// ```text
/// llvm-objdump-22 -d:
///   30d0: s_getpc_b64 s[16:17]; 30d4: s_add_u32 s16, s16, 0xffffecf0  ; = 0x1dc4 accumulate
///   3100: s_swappc_b64 s[30:31], s[16:17]                         ; RA 0x3104
///   1dc8: s_mov_b32 s28, s33 ; 1dcc: s_mov_b32 s33, s32            ; accumulate's FP
///   1df0: v_writelane_b32 v20, s30, 0 ; 1df8: v_writelane_b32 v20, s31, 1
///   22f8: s_getpc_b64 s[16:17]; 22fc: s_add_u32 s16, s16, 0xfffff704  ; = 0x1a00 clamp_bits
///   2324: s_swappc_b64 s[30:31], s[16:17]                         ; RA 0x2328
///   1a04: s_mov_b32 s13, s33 ; 1a08: s_mov_b32 s33, s32            ; clamp_bits' FP
/// llvm-dwarfdump-22 --debug-frame:
///   clamp_bits 0x1a1c..: CFA=SGPR33+0 in addrspace6, PC=[s30,s31], SGPR33=SGPR13
///   accumulate 0x1e00..: CFA=SGPR33+0 in addrspace6, PC=[v20 lanes 0,1], SGPR33=SGPR28
///   reduce_samples:      CFA=[lit0 lit6 form_aspace_address], PC undefined
/// ```
#[test]
fn hip_gfx90a_o0_backtrace() {
    replay(&Chain {
        file: "rocm/hip-gfx90a-O0.hsaco",
        state_file: "unwind-hip-gfx90a-O0.json",
        processor: "gfx90a",
        wave_size: 64,
        pc: 0x1c00,
        sgprs: &[
            (30, 0x2328),
            (31, 0),
            (32, 0x5400),
            (33, 0x5000),
            (13, 0x4000),
            (28, 0),
        ],
        ra_vgprs: &[(20, 0x3104)],
        pcs: &[0x1c00, 0x2328, 0x3104],
        symbols: &[
            "_Z10clamp_bitsRK6Packedi",
            "_Z10accumulateP6Sampleix",
            "_Z14reduce_samplesPdPK6Samplexi",
        ],
        cfas: &[0x5000, 0x4000, 0],
    });
}

/// `ocl-gfx1100-O0.hsaco` (wave32, flat scratch: the SP/FP hold per-lane offsets and the
/// CFA is `(s33 << 5)` in private_wave): `particles` → `__clang_ocl_kern_imp_particles`
/// → `stage` → `leaf_mix`.
///
/// ```text
/// llvm-objdump-22 -d:
///   404c: s_swappc_b64 s[30:31], s[0:1]      ; particles -> imp, RA 0x4050
///   2d2c: v_writelane_b32 v22, s30, 0        ; imp keeps its RA in v22 lanes 0/1
///   3b5c: s_getpc_b64 s[0:1]; 3b60: s_add_u32 s0, s0, 0xffffec68   ; = 0x27c8 stage
///   3b70: s_swappc_b64 s[30:31], s[0:1]      ; RA 0x3b74
///   27f4: v_writelane_b32 v8, s30, 0         ; stage keeps its RA in v8 lanes 0/1
///   2c20: s_swappc_b64 s[30:31], s[0:1]      ; stage -> leaf_mix, RA 0x2c24
/// llvm-dwarfdump-22 --debug-frame:
///   leaf_mix 0x221c..: CFA=[regx SGPR33, deref_size 4, lit5, shl, lit6, form_aspace_address],
///                      PC=[s30,s31], SGPR33=SGPR13
///   stage    0x2804..: same CFA form, PC=[v8 (0x608) lanes 0,1], SGPR33=SGPR26
///   imp      0x2d3c..: same CFA form, PC=[v22 (0x616) lanes 0,1], SGPR33=SGPR28
/// ```
#[test]
fn ocl_gfx1100_o0_wave32_flat_scratch_backtrace() {
    replay(&Chain {
        file: "rocm/ocl-gfx1100-O0.hsaco",
        state_file: "unwind-ocl-gfx1100-O0.json",
        processor: "gfx1100",
        wave_size: 32,
        pc: 0x2400,
        sgprs: &[
            (30, 0x2c24),
            (31, 0),
            (32, 0x140),
            (33, 0x100), // leaf_mix FP: CFA = 0x100 << 5
            (13, 0x80),  // stage's FP
            (26, 0x40),  // imp's FP
            (28, 0),
        ],
        ra_vgprs: &[(8, 0x3b74), (22, 0x4050)],
        pcs: &[0x2400, 0x2c24, 0x3b74, 0x4050],
        symbols: &[
            "leaf_mix",
            "stage",
            "__clang_ocl_kern_imp_particles",
            "particles",
        ],
        cfas: &[0x2000, 0x1000, 0x800, 0],
    });
}

/// `ocl-gfx90a-O2.hsaco` (wave64, -O2): `particles` (kernel, 0x1d00) → `stage` (0x1ae4)
/// → `leaf_mix` (0x1a00, a leaf without a frame pointer: CFA = s32 throughout).
///
/// ```text
/// llvm-objdump-22 -d:
///   2160: s_getpc_b64 s[6:7]; 2164: s_add_u32 s6, s6, 0xfffff980  ; = 0x1ae4 stage
///   2188: s_swappc_b64 s[30:31], s[6:7]      ; RA 0x218c
///   1b00: v_writelane_b32 v16, s30, 0        ; stage keeps its RA in v16 lanes 0/1
///   1b3c: s_getpc_b64 s[6:7]; 1b40: s_add_u32 s6, s6, 0xfffffec0  ; = 0x1a00 leaf_mix
///   1c10: s_swappc_b64 s[30:31], s[6:7]      ; RA 0x1c14
/// llvm-dwarfdump-22 --debug-frame:
///   leaf_mix: CFA=SGPR32+0 in addrspace6, PC=[s30,s31]
///   stage 0x1b14..: CFA=SGPR33+0 in addrspace6, PC=[v16 lanes 0,1], SGPR33=SGPR11
/// ```
#[test]
fn ocl_gfx90a_o2_backtrace() {
    replay(&Chain {
        file: "rocm/ocl-gfx90a-O2.hsaco",
        state_file: "unwind-ocl-gfx90a-O2.json",
        processor: "gfx90a",
        wave_size: 64,
        pc: 0x1a80,
        sgprs: &[(30, 0x1c14), (31, 0), (32, 0x3000), (33, 0x2000), (11, 0)],
        ra_vgprs: &[(16, 0x218c)],
        pcs: &[0x1a80, 0x1c14, 0x218c],
        symbols: &["leaf_mix", "stage", "particles"],
        cfas: &[0x3000, 0x2000, 0],
    });
}

/// Upstream clang's `.debug_frame` for AMDGPU has a CIE and FDEs without instructions: no
/// CFA rule, and the return address column (PC) keeps its default rule, the same value.
/// The caller that rule gives is the frame itself (same PC, no CFA): the walk must end at
/// frame 0 and say why, not show frame 0 twice.
///
/// ```text
/// llvm-dwarfdump-22 --debug-frame corpora/clang22/hip-gfx942-O0.hsaco:
///   CIE: Return address column: 16, DW_CFA_nop
///   FDE pc=00001db0...00002680 (no instructions)
/// ```
#[test]
fn clang22_cfi_without_cfa_rule_gives_one_frame() {
    let text = std::fs::read_to_string(corpus("states/e2e/clang22-hip-gfx942-O0-accumulate.json"))
        .unwrap();
    let mut state = WaveState::from_json(&text).unwrap();
    let input = Input::open(&corpus("clang22/hip-gfx942-O0.hsaco")).unwrap();
    let co = input.code_object(None).unwrap();
    let cfi = CallFrames::of(&co, hetdwarf::expr::Encoding::User).unwrap();
    let stack = unwind(&cfi, &mut state).unwrap();
    assert_eq!(stack.frames.len(), 1, "{:?}", stack.frames);
    let frame = &stack.frames[0];
    assert_eq!(frame.pc, 0x2104);
    assert!(frame.cfa.is_none());
    assert!(
        frame
            .cfa_error
            .as_deref()
            .is_some_and(|e| e.contains("no CFA rule")),
        "{:?}",
        frame.cfa_error
    );
    let stopped = stack.stopped.as_deref().unwrap_or_default();
    assert!(
        stopped.contains("frame 0's caller cannot be found"),
        "{stopped}"
    );
    assert!(!stack.complete());
}
