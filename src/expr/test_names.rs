//! The AMDGPU register naming `llvm-dwarfdump-22` prints, for the core's unit tests only.
//!
//! The naming itself lives in the AMDGPU crate (`hetdwarf_amdgpu::AmdgpuDwarfdumpNames`,
//! which its targets hand out). Unit tests cannot use it: they build a second copy of this
//! crate, whose `RegisterNames` the AMDGPU crate does not implement. The tests assemble and
//! print AMDGPU expressions (`DW_OP_regx VGPR1`), so they get this copy of the table; the
//! AMDGPU crate's tests check the real one against `llvm-dwarfdump-22`, and
//! `same_as_llvm_dwarfdump` here checks the copy on the same numbers.

use super::RegisterNames;

/// `llvm-dwarfdump-22`'s AMDGPU names (wave64 numbering for vector registers) and the short
/// forms `s5`, `v1`, `a0`, `exec`, `vcc`, `vcc_lo`, `pc`, `status`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DwarfdumpNames;

impl RegisterNames for DwarfdumpNames {
    fn name(&self, r: u64) -> Option<String> {
        Some(match r {
            1 => "EXEC_LO".into(),
            16 => "PC_REG".into(),
            17 => "EXEC".into(),
            32..=95 => format!("SGPR{}", r - 32),
            1088..=1129 => format!("SGPR{}", r - 1088 + 64),
            2560..=3071 => format!("VGPR{}", r - 2560),
            3072..=3327 => format!("AGPR{}", r - 3072),
            _ => return None,
        })
    }

    fn parse(&self, name: &str) -> Option<u64> {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "exec_lo" => return Some(1),
            "pc_reg" | "pc" | "pc_64" => return Some(16),
            "exec" | "exec_64" => return Some(17),
            "status" => return Some(128),
            "vcc" | "vcc_64" => return Some(768),
            "vcc_lo" | "vcc_32" => return Some(512),
            _ => {}
        }
        let split = lower.find(|c: char| c.is_ascii_digit())?;
        let (prefix, digits) = lower.split_at(split);
        if digits.len() > 1 && digits.starts_with('0') {
            return None;
        }
        let n: u64 = digits.parse().ok()?;
        match prefix {
            "sgpr" | "s" if n < 64 => Some(32 + n),
            "sgpr" | "s" if n < 106 => Some(1088 + n - 64),
            "vgpr" | "v" if n < 512 => Some(2560 + n),
            "agpr" | "a" if n < 256 => Some(3072 + n),
            _ => None,
        }
    }
}

#[test]
fn same_as_llvm_dwarfdump() {
    let cases: &[(u64, Option<&str>)] = &[
        (0, None),
        (1, Some("EXEC_LO")),
        (16, Some("PC_REG")),
        (17, Some("EXEC")),
        (32, Some("SGPR0")),
        (95, Some("SGPR63")),
        (96, None),
        (128, None),
        (768, None),
        (1088, Some("SGPR64")),
        (1129, Some("SGPR105")),
        (1130, None),
        (1536, None),
        (2559, None),
        (2560, Some("VGPR0")),
        (3071, Some("VGPR511")),
        (3072, Some("AGPR0")),
        (3327, Some("AGPR255")),
        (3328, None),
    ];
    for &(r, want) in cases {
        assert_eq!(DwarfdumpNames.name(r).as_deref(), want, "register {r}");
        if let Some(name) = want {
            assert_eq!(DwarfdumpNames.parse(name), Some(r), "{name}");
        }
    }
    for (short, r) in [
        ("s33", 65),
        ("s105", 1129),
        ("v1", 2561),
        ("a255", 3327),
        ("vcc", 768),
    ] {
        assert_eq!(DwarfdumpNames.parse(short), Some(r), "{short}");
    }
    assert_eq!(DwarfdumpNames.parse("s106"), None);
    assert_eq!(DwarfdumpNames.parse("v01"), None);
}
