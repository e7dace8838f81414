//! What a few instructions write and read, as the AMDGPU ISA manuals describe them: the
//! definitions and uses come from LLVM's instruction descriptions, implicit ones included,
//! and these cases pin the facts the checks rely on. Bytes are from the corpus (as
//! `llvm-objdump-22 -d` prints them beside the text).

use hetdwarf_mc::{Disassembler, Instruction, MachineRegister as R};

fn decode(processor: &str, wave: u32, words: &[u32]) -> Instruction {
    let dis = Disassembler::new(processor, wave).expect("LLVM 22 knows the processor");
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    dis.decode(&bytes, 0x1000)
}

#[test]
fn definitions_and_uses_follow_the_isa() {
    // SALU: writes SCC; s_addc reads it.
    let i = decode("gfx90a", 64, &[0x8004FF04, 0xFFFFFF7C]);
    assert_eq!(i.text, "s_add_u32 s4, s4, 0xffffff7c");
    assert_eq!(&*i.facts.defs, [R::Sgpr(4), R::Scc]);
    assert_eq!(&*i.facts.uses, [R::Sgpr(4)]);
    assert_eq!(i.facts.size, 8);
    // VOP2 with carry-out: writes VCC (both halves in wave64), reads EXEC.
    let i = decode("gfx90a", 64, &[0x32000888]);
    assert_eq!(i.text, "v_add_co_u32_e32 v0, vcc, 8, v4");
    assert_eq!(&*i.facts.defs, [R::Vgpr(0), R::VccLo, R::VccHi]);
    assert!(i.reads(R::ExecLo) && i.reads(R::ExecHi) && i.writes_under_exec());
    // A call writes its return address pair and is a call.
    let i = decode("gfx90a", 64, &[0xBE9E1E04]);
    assert_eq!(i.text, "s_swappc_b64 s[30:31], s[4:5]");
    assert_eq!(&*i.facts.defs, [R::Sgpr(30), R::Sgpr(31)]);
    assert!(i.facts.flags.is_call());
    // An accumulating FMA reads its destination (a tied operand).
    let i = decode("gfx90a", 64, &[0x0804090A]);
    assert_eq!(i.text, "v_fmac_f64_e32 v[2:3], v[10:11], v[4:5]");
    assert!(i.writes(R::Vgpr(2)) && i.reads(R::Vgpr(2)) && i.reads(R::Vgpr(3)));
    // A branch on EXEC reads it, writes nothing, and says where it goes.
    let i = decode("gfx90a", 64, &[0xBF88000B]);
    assert_eq!(i.text, "s_cbranch_execz 11");
    assert!(i.facts.defs.is_empty() && i.reads(R::ExecLo) && i.facts.flags.is_branch());
    assert_eq!(hetdwarf_mc::branch_target(&i), Some(0x1000 + 4 + 11 * 4));
    // v_writelane writes one lane whatever EXEC is: its other lanes keep their value.
    let i = decode("gfx90a", 64, &[0xD28A0010, 0x0001001E]);
    assert_eq!(i.text, "v_writelane_b32 v16, s30, 0");
    assert!(i.writes(R::Vgpr(16)) && i.reads(R::Vgpr(16)) && !i.writes_under_exec());
    // gfx11 dual issue: both destinations are written.
    let i = decode("gfx1100", 32, &[0xCA100101, 0x05040100]);
    assert_eq!(i.text, "v_dual_mov_b32 v5, v1 :: v_dual_mov_b32 v4, v0");
    assert_eq!(&*i.facts.defs, [R::Vgpr(5), R::Vgpr(4)]);
    // Bytes that are no instruction step over one dword.
    let i = decode("gfx90a", 64, &[0xFFFFFFFF]);
    assert!(i.facts.flags.is_invalid());
    assert_eq!((i.text.as_str(), i.facts.size), ("<unknown>", 4));
}

#[test]
fn an_unknown_processor_is_a_clear_error() {
    let e = Disassembler::new("gfx9999", 64).unwrap_err();
    assert!(e.to_string().contains("gfx9999"), "{e}");
}

#[test]
fn bytes_on_which_llvm_faults_are_no_instruction() {
    // An MTBUF load with an out-of-range register: LLVM 22's decoder dereferences a
    // dangling pointer wording its warning (llvm-objdump-22 and llvm-mc-22 die of SIGSEGV).
    let dis = Disassembler::new("gfx90a", 64).unwrap();
    let bytes = [0xf8, 0xe4, 0xf1, 0xe9, 0x82, 0x03, 0xe0, 0xff];
    let i = dis.decode(&bytes, 0);
    assert!(
        i.facts.flags.is_invalid() && i.facts.flags.llvm_faulted(),
        "{i:?}"
    );
    assert_eq!((i.text.as_str(), i.facts.size), ("<unknown>", 4));
    // The decoder goes on working, on this thread and on another.
    let nop = 0xBF800000u32.to_le_bytes();
    assert_eq!(dis.decode(&nop, 4).text, "s_nop 0");
    std::thread::spawn(move || {
        let dis = Disassembler::new("gfx90a", 64).unwrap();
        assert!(dis.decode(&bytes, 0).facts.flags.llvm_faulted());
        assert_eq!(dis.decode(&nop, 4).text, "s_nop 0");
    })
    .join()
    .unwrap();
}

#[test]
fn an_instruction_llvm_faults_printing_keeps_its_facts() {
    // An SDWA v_sub_u32 writing v255 (gfx803): LLVM 22 decodes it, then faults printing it
    // (llvm-mc-22 dies of SIGSEGV). The instruction stands, as decoding without text finds
    // it, and its text says what happened. Found by the `mc_decode` fuzz target.
    let dis = Disassembler::new("gfx803", 64).unwrap();
    let bytes = [0xf9, 0x00, 0xff, 0x35, 0x3e, 0x3f, 0x02, 0x00];
    let i = dis.decode(&bytes, 0);
    assert!(
        i.facts.flags.llvm_faulted() && !i.facts.flags.is_invalid(),
        "{i:?}"
    );
    assert_eq!(
        i.text,
        "<unprintable: LLVM 22 faulted printing V_SUB_U32_sdwa_vi>"
    );
    let facts = dis.decode_facts(&bytes, 0);
    assert_eq!(
        (i.facts.size, i.facts.opcode, &i.facts.defs, &i.facts.uses),
        (
            facts.facts.size,
            facts.facts.opcode,
            &facts.facts.defs,
            &facts.facts.uses
        )
    );
    assert_eq!(i.facts.size, 8);
    assert!(i.writes(R::Vgpr(255)), "{i:?}");
    // The decoder goes on working.
    assert_eq!(dis.decode(&0xBF800000u32.to_le_bytes(), 8).text, "s_nop 0");
}
