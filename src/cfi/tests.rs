//! Unit tests of the CFI parser on hand-assembled sections.

use super::*;

/// Builds a DWARF32 `.debug_frame` entry: length, id, body.
fn entry(id: u32, body: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    v.extend_from_slice(&((body.len() + 4) as u32).to_le_bytes());
    v.extend_from_slice(&id.to_le_bytes());
    v.extend_from_slice(body);
    v
}

fn cie(aug: &str, instrs: &[u8]) -> Vec<u8> {
    let mut b = vec![4u8];
    b.extend_from_slice(aug.as_bytes());
    b.push(0);
    b.extend_from_slice(&[8, 0, 4, 4, 16]); // asz, seg, caf, daf, ra
    b.extend_from_slice(instrs);
    entry(0xffff_ffff, &b)
}

fn fde(cie_off: u32, start: u64, len: u64, instrs: &[u8]) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(&start.to_le_bytes());
    b.extend_from_slice(&len.to_le_bytes());
    b.extend_from_slice(instrs);
    entry(cie_off, &b)
}

fn table(sec: &[u8]) -> FrameTable<'_> {
    FrameTable::parse(sec, FrameSection::DebugFrame, 8).unwrap()
}

#[test]
fn aspace_cfa_expression_and_remember_restore() {
    let mut sec = cie("[llvm:v0.0]", &[]);
    // def_aspace_cfa s32 (1088), 0, 6; expression PC [regx 62 piece 4 regx 63 piece 4];
    // advance 2 (8 bytes); remember; offset_extended v40 (2600) 16 (*4); def_cfa_register 1089;
    // advance 1; restore_state; advance 1; def_aspace_cfa_sf 1088, -2 (*4), 6
    let instrs = [
        0x30, 0xc0, 0x08, 0x00, 0x06, //
        0x10, 0x10, 0x08, 0x90, 0x3e, 0x93, 0x04, 0x90, 0x3f, 0x93, 0x04, //
        0x42, 0x0a, 0x05, 0xa8, 0x14, 0x10, 0x0d, 0xc1, 0x08, //
        0x41, 0x0b, 0x41, 0x31, 0xc0, 0x08, 0x7e, 0x06,
    ];
    sec.extend(fde(0, 0x1000, 0x100, &instrs));
    let t = table(&sec);
    assert_eq!(t.cies()[0].augmentation, "[llvm:v0.0]");
    assert!(t.cies()[0].augmentation_known);
    let r = t.row_at(0x1000, RegisterRule::SameValue).unwrap().unwrap();
    assert_eq!(
        r.cfa,
        CfaRule::RegisterOffset {
            register: 1088,
            offset: 0,
            aspace: Some(6)
        }
    );
    assert_eq!((r.start, r.end), (0x1000, 0x1008));
    assert!(matches!(r.rule(16), RegisterRule::Expression(b) if b.len() == 8));
    assert_eq!(r.rule(5), RegisterRule::SameValue);
    let r = t.row_at(0x1008, RegisterRule::SameValue).unwrap().unwrap();
    assert_eq!(r.rule(2600), RegisterRule::Offset(64));
    assert!(matches!(
        r.cfa,
        CfaRule::RegisterOffset { register: 1089, .. }
    ));
    let r = t.row_at(0x100c, RegisterRule::SameValue).unwrap().unwrap();
    assert_eq!(r.rule(2600), RegisterRule::SameValue);
    assert!(matches!(
        r.cfa,
        CfaRule::RegisterOffset { register: 1088, .. }
    ));
    let r = t.row_at(0x1010, RegisterRule::Undefined).unwrap().unwrap();
    assert_eq!(
        r.cfa,
        CfaRule::RegisterOffset {
            register: 1088,
            offset: -8,
            aspace: Some(6)
        }
    );
    assert_eq!(r.rule(5), RegisterRule::Undefined);
    assert_eq!(r.end, 0x1100);
    assert!(t.row_at(0x1100, RegisterRule::SameValue).unwrap().is_none());
}

#[test]
fn unknown_augmentation_reads_fixed_fields_only() {
    let mut sec = cie("weird", &[0xff, 0xff]);
    sec.extend(fde(0, 0x10, 4, &[0xff]));
    let t = table(&sec);
    assert!(!t.cies()[0].augmentation_known);
    let e = t.row_at(0x10, RegisterRule::SameValue).unwrap_err();
    assert!(e.reason.contains("unknown augmentation"), "{e}");
}

#[test]
fn hostile_input_gives_errors_with_offsets() {
    // Length past the end.
    let e = FrameTable::parse(&[0xff, 0, 0, 0, 1], FrameSection::DebugFrame, 8).unwrap_err();
    assert_eq!(e.offset, 0);
    // FDE pointing at nothing.
    let sec = fde(0x40, 0, 4, &[]);
    let e = FrameTable::parse(&sec, FrameSection::DebugFrame, 8).unwrap_err();
    assert!(e.reason.contains("not a CIE"), "{e}");
    // restore_state with nothing remembered; unknown instruction; truncated ULEB.
    for (instrs, what) in [
        (&[0x0bu8][..], "without a remembered"),
        (&[0x3f][..], "unknown call frame instruction"),
        (&[0x05, 0x80][..], "unexpected end"),
        (&[0x0d, 0x01][..], "without a register CFA"),
    ] {
        let mut sec = cie("", &[]);
        sec.extend(fde(0, 0, 4, instrs));
        let t = table(&sec);
        let e = t.row_at(0, RegisterRule::SameValue).unwrap_err();
        assert!(e.reason.contains(what), "{e}");
        assert!(e.offset >= 24, "{e}");
    }
    // Deep remember_state is bounded.
    let mut sec = cie("", &[]);
    sec.extend(fde(0, 0, 4, &vec![0x0a; MAX_STATE_DEPTH + 1]));
    assert!(table(&sec).row_at(0, RegisterRule::SameValue).is_err());
}

#[test]
fn version1_cie_and_eh_frame() {
    // Version 1: RA is one byte; no address size fields.
    let mut b = vec![1u8, 0, 4, 0x7c, 16, 0x0c, 1, 8];
    b.extend_from_slice(&[0, 0, 0]);
    let mut sec = entry(0xffff_ffff, &b);
    sec.extend(fde(0, 0x40, 0x10, &[0x90, 0x02]));
    let t = table(&sec);
    assert_eq!(t.cies()[0].data_alignment_factor, -4);
    let r = t.row_at(0x44, RegisterRule::Undefined).unwrap().unwrap();
    assert_eq!(r.rule(16), RegisterRule::Offset(-8));
    // .eh_frame: CIE id 0, "zR" with pcrel sdata4 pointers.
    let mut cie_body = vec![1u8];
    cie_body.extend_from_slice(b"zR\0");
    cie_body.extend_from_slice(&[1, 0x78, 16, 1, 0x1b, 0x0c, 7, 8]);
    let mut eh = Vec::new();
    eh.extend_from_slice(&((cie_body.len() + 4) as u32).to_le_bytes());
    eh.extend_from_slice(&0u32.to_le_bytes());
    eh.extend_from_slice(&cie_body);
    let fde_start = eh.len();
    let mut body = Vec::new();
    // pointer field is at fde_start + 8; target 0x2000 with section at 0x1000
    let field = 0x1000 + fde_start as u64 + 8;
    body.extend_from_slice(&((0x2000u64.wrapping_sub(field)) as u32).to_le_bytes());
    body.extend_from_slice(&0x20u32.to_le_bytes());
    body.push(0); // augmentation data length
    eh.extend_from_slice(&((body.len() + 4) as u32).to_le_bytes());
    eh.extend_from_slice(&((fde_start + 4) as u32).to_le_bytes());
    eh.extend_from_slice(&body);
    eh.extend_from_slice(&[0, 0, 0, 0]);
    let t = FrameTable::parse(
        &eh,
        FrameSection::EhFrame {
            section_address: 0x1000,
        },
        8,
    )
    .unwrap();
    assert_eq!(t.fdes()[0].range(), 0x2000..0x2020);
    let r = t.row_at(0x2004, RegisterRule::Undefined).unwrap().unwrap();
    assert_eq!(
        r.cfa,
        CfaRule::RegisterOffset {
            register: 7,
            offset: 8,
            aspace: None
        }
    );
}
