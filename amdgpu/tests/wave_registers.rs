//! The AMDGPU DWARF register map and target description: every range for both wave sizes,
//! names both ways, widths, and the errors for unmapped, reserved and wrong-wave-size
//! numbers and for bad names.

use hetdwarf::expr::RegisterNames;
use hetdwarf::target::AddressScope;
use hetdwarf_amdgpu::registers::{self, Register, RegisterError, RegisterMap, dwarf_target};

/// (first DWARF number, count, first register, bits) of every mapped range.
fn ranges(ws: u32) -> Vec<(u64, u64, Register, u32)> {
    let v = ws * 32;
    let mut r = vec![
        (16, 1, Register::Pc, 64),
        (32, 64, Register::Sgpr(0), 32),
        (128, 1, Register::Status, 32),
        (1088, 42, Register::Sgpr(64), 32),
    ];
    if ws == 32 {
        r.extend([
            (1, 1, Register::Exec, 32),
            (512, 1, Register::Vcc, 32),
            (1536, 256, Register::Vgpr(0), v),
            (1792, 256, Register::Vgpr(256), v),
            (2048, 256, Register::Agpr(0), v),
            (3584, 512, Register::Vgpr(512), v),
        ]);
    } else {
        r.extend([
            (17, 1, Register::Exec, 64),
            (768, 1, Register::Vcc, 64),
            (2560, 256, Register::Vgpr(0), v),
            (3072, 256, Register::Agpr(0), v),
        ]);
    }
    r
}

fn nth(r: Register, i: u64) -> Register {
    let i = i as u32;
    match r {
        Register::Sgpr(n) => Register::Sgpr(n + i),
        Register::Vgpr(n) => Register::Vgpr(n + i),
        Register::Agpr(n) => Register::Agpr(n + i),
        other => other,
    }
}

#[test]
fn every_range_both_wave_sizes() {
    for ws in [32, 64] {
        let m = RegisterMap::new(ws);
        let t = dwarf_target("gfx1100", ws);
        let mut mapped = std::collections::BTreeSet::new();
        for (first, count, reg0, bits) in ranges(ws) {
            for i in 0..count {
                let n = first + i;
                let r = nth(reg0, i);
                assert_eq!(m.from_dwarf(n), Ok(r), "wave{ws} {n}");
                assert_eq!(m.dwarf_number(r), Ok(n));
                assert_eq!(m.bits(r), bits);
                assert_eq!(t.register_bits(n), Ok(bits), "wave{ws} {n}");
                assert_eq!(t.register_name(n), Some(r.to_string()));
                mapped.insert(n);
            }
        }
        // Everything else up to well past the last range is an error, in both.
        for n in 0..8192 {
            if !mapped.contains(&n) {
                assert!(m.from_dwarf(n).is_err(), "wave{ws} {n} should be unmapped");
                assert!(t.register_bits(n).is_err(), "wave{ws} {n}");
            }
        }
        assert_eq!(m.dwarf_registers().count(), mapped.len());
    }
}

#[test]
fn vector_register_sizes() {
    assert_eq!(RegisterMap::new(64).bits(Register::Vgpr(1)), 2048);
    assert_eq!(RegisterMap::new(32).bits(Register::Vgpr(1)), 1024);
    assert_eq!(RegisterMap::new(64).bits(Register::Agpr(255)), 2048);
    assert_eq!(RegisterMap::new(32).bits(Register::Exec), 32);
    assert_eq!(RegisterMap::new(64).bits(Register::Vcc), 64);
    assert_eq!(RegisterMap::new(64).bits(Register::M0), 32);
}

#[test]
fn names() {
    let w64 = RegisterMap::new(64);
    let w32 = RegisterMap::new(32);
    for (name, reg) in [
        ("s0", Register::Sgpr(0)),
        ("s105", Register::Sgpr(105)),
        ("v0", Register::Vgpr(0)),
        ("v255", Register::Vgpr(255)),
        ("a0", Register::Agpr(0)),
        ("a255", Register::Agpr(255)),
        ("exec", Register::Exec),
        ("vcc", Register::Vcc),
        ("pc", Register::Pc),
        ("m0", Register::M0),
        ("status", Register::Status),
    ] {
        assert_eq!(w64.parse(name), Ok(reg), "{name}");
        assert_eq!(w32.parse(name), Ok(reg), "{name}");
        assert_eq!(reg.to_string(), name);
    }
    assert_eq!(w32.parse("v511"), Ok(Register::Vgpr(511)));
    assert_eq!(w64.parse("dwarf:2561"), Ok(Register::Vgpr(1)));
    assert_eq!(w32.parse("dwarf:1537"), Ok(Register::Vgpr(1)));
    assert_eq!(w64.parse("dwarf:17"), Ok(Register::Exec));
    assert_eq!(w32.parse("dwarf:1"), Ok(Register::Exec));
    assert_eq!(w64.parse("dwarf:1088"), Ok(Register::Sgpr(64)));
    // Errors.
    for bad in [
        "s106",
        "a256",
        "x1",
        "v",
        "s01",
        "V1",
        "dwarf:",
        "dwarf:x",
        "dwarf:01",
        "",
        "exec_lo",
        "v99999999999",
    ] {
        assert!(w64.parse(bad).is_err(), "{bad}");
    }
    assert_eq!(
        w64.parse("v256"),
        Err(RegisterError::NoSuchRegister {
            register: Register::Vgpr(256),
            wave_size: 64
        })
    );
    assert_eq!(
        w64.parse("v256").unwrap_err().to_string(),
        "register v256 does not exist in wave64"
    );
    assert_eq!(
        w64.parse("dwarf:1537").unwrap_err().to_string(),
        "DWARF register 1537 is not mapped in wave64 (a wave32 vector register number)"
    );
    assert_eq!(
        w32.parse("dwarf:17").unwrap_err().to_string(),
        "DWARF register 17 is not mapped in wave32 (EXEC_MASK_64 is wave64 only)"
    );
    assert_eq!(
        w64.from_dwarf(2816).unwrap_err().to_string(),
        "DWARF register 2816 is not mapped in wave64 (reserved)"
    );
    assert_eq!(
        w64.from_dwarf(0).unwrap_err().to_string(),
        "DWARF register 0 is not mapped in wave64 (PC_32 is for 32-bit processes only)"
    );
    assert_eq!(
        w64.dwarf_number(Register::M0),
        Err(RegisterError::NoDwarfNumber(Register::M0))
    );
    assert!(
        w64.parse("q1")
            .unwrap_err()
            .to_string()
            .starts_with("unknown register name \"q1\"")
    );
}

#[test]
fn expression_names_follow_the_wave_size() {
    let w64 = RegisterMap::new(64);
    let w32 = RegisterMap::new(32);
    assert_eq!(RegisterNames::parse(&w64, "VGPR1"), Some(2561));
    assert_eq!(RegisterNames::parse(&w32, "VGPR1"), Some(1537));
    assert_eq!(RegisterNames::parse(&w32, "v1"), Some(1537));
    assert_eq!(RegisterNames::parse(&w32, "EXEC_LO"), Some(1));
    assert_eq!(RegisterNames::parse(&w64, "EXEC"), Some(17));
    assert_eq!(RegisterNames::parse(&w64, "SGPR33"), Some(65));
    assert_eq!(RegisterNames::parse(&w64, "PC_REG"), Some(16));
    assert_eq!(RegisterNames::parse(&w64, "m0"), None);
    assert_eq!(RegisterNames::name(&w64, 2592).as_deref(), Some("v32"));
    assert_eq!(RegisterNames::name(&w32, 1568).as_deref(), Some("v32"));
    assert_eq!(RegisterNames::name(&w64, 1568), None);
}

#[test]
fn target_description() {
    for ws in [32, 64] {
        let t = dwarf_target("gfx1100", ws);
        assert_eq!(t.lanes(), ws);
        assert_eq!(t.generic_bits(), 64);
        assert_eq!(t.default_address_space(), 0);
        assert_eq!(t.default_address_bits(), 64);
        let spaces: Vec<(u64, &str, u8, AddressScope)> = t
            .address_spaces()
            .iter()
            .map(|s| (s.number, &*s.name, s.address_bits, s.scope))
            .collect();
        assert_eq!(
            spaces,
            vec![
                (0, "global", 64, AddressScope::Process),
                (1, "generic", 64, AddressScope::Flat),
                (2, "region", 32, AddressScope::Process),
                (3, "local", 32, AddressScope::Workgroup),
                (5, "private_lane", 32, AddressScope::Lane),
                (6, "private_wave", 32, AddressScope::Wave),
            ]
        );
        assert!(t.address_space(4).is_none());
    }
    assert_eq!(registers::VGPR0_WAVE64, 2560);
}
