//! AMDGPU DWARF register names as `llvm-dwarfdump` from LLVM 22 prints them: the naming
//! every [`dwarf_target`](crate::registers::dwarf_target) hands out for printing expressions
//! (`hetdwarf::target::Target::register_names`), whatever its wave size.
//!
//! This is only a naming table mirroring LLVM's printer, kept apart from the register map
//! ([`crate::registers`]) because LLVM's printer does not follow the map: it names vector
//! registers by their wave64 numbers even in wave32 code, and leaves some mapped registers
//! unnamed. Determined empirically with `llvm-dwarfdump-22` on every register number from
//! 0 to 4399 (`DW_OP_regx N`):
//!
//! | DWARF number | printed |
//! |---|---|
//! | 1 | `EXEC_LO` |
//! | 16 | `PC_REG` |
//! | 17 | `EXEC` |
//! | 32..=95 | `SGPR0`..`SGPR63` |
//! | 1088..=1129 | `SGPR64`..`SGPR105` |
//! | 2560..=3071 | `VGPR0`..`VGPR511` (wave64 numbering) |
//! | 3072..=3327 | `AGPR0`..`AGPR255` (wave64 numbering) |
//! | anything else | no name (printed as hex, e.g. `DW_OP_regx 0x620`) |
//!
//! In particular LLVM 22 names neither `STATUS` (128) nor `VCC_32`/`VCC_64` (512/768),
//! nor any wave32 VGPR/AGPR number (1536.., 2048..), nor 0 (`PC_32`).
//!
//! [`RegisterNames::parse`] accepts these names case-insensitively plus short forms:
//! `s0`..`s105`, `v0`..`v511` (wave64 numbers), `a0`..`a255`, `exec`, `exec_lo`,
//! `vcc` (768, wave64), `vcc_lo` (512, wave32), `pc`, `status`.

use std::sync::{Arc, OnceLock};

use hetdwarf::expr::RegisterNames;

use crate::registers::{
    AGPR0_WAVE64, EXEC_32, EXEC_64, PC_64, SGPR0, SGPR64, STATUS, VCC_32, VCC_64, VGPR0_WAVE64,
};

/// The LLVM 22 `llvm-dwarfdump` AMDGPU register naming (wave64 numbering for vector
/// registers).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AmdgpuDwarfdumpNames;

/// The one shared instance every target hands out, so that targets built alike compare
/// equal (`Target` compares namings by identity).
pub(crate) fn shared() -> Arc<dyn RegisterNames + Send + Sync> {
    static NAMES: OnceLock<Arc<AmdgpuDwarfdumpNames>> = OnceLock::new();
    NAMES.get_or_init(|| Arc::new(AmdgpuDwarfdumpNames)).clone()
}

/// DWARF number of SGPR `n` (0..=105).
fn sgpr(n: u64) -> Option<u64> {
    match n {
        0..=63 => Some(SGPR0 + n),
        64..=105 => Some(SGPR64 + n - 64),
        _ => None,
    }
}

impl RegisterNames for AmdgpuDwarfdumpNames {
    fn name(&self, r: u64) -> Option<String> {
        Some(match r {
            EXEC_32 => "EXEC_LO".into(),
            PC_64 => "PC_REG".into(),
            EXEC_64 => "EXEC".into(),
            32..=95 => format!("SGPR{}", r - SGPR0),
            1088..=1129 => format!("SGPR{}", r - SGPR64 + 64),
            2560..=3071 => format!("VGPR{}", r - VGPR0_WAVE64),
            3072..=3327 => format!("AGPR{}", r - AGPR0_WAVE64),
            _ => return None,
        })
    }

    fn parse(&self, name: &str) -> Option<u64> {
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "exec_lo" => return Some(EXEC_32),
            "pc_reg" | "pc" | "pc_64" => return Some(PC_64),
            "exec" | "exec_64" => return Some(EXEC_64),
            "status" => return Some(STATUS),
            "vcc" | "vcc_64" => return Some(VCC_64),
            "vcc_lo" | "vcc_32" => return Some(VCC_32),
            _ => {}
        }
        let split = lower.find(|c: char| c.is_ascii_digit())?;
        let (prefix, digits) = lower.split_at(split);
        if digits.len() > 1 && digits.starts_with('0') {
            return None;
        }
        let n: u64 = digits.parse().ok()?;
        match prefix {
            "sgpr" | "s" => sgpr(n),
            "vgpr" | "v" if n < 512 => Some(VGPR0_WAVE64 + n),
            "agpr" | "a" if n < 256 => Some(AGPR0_WAVE64 + n),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_llvm_dwarfdump_22() {
        let n = AmdgpuDwarfdumpNames;
        let cases: &[(u64, Option<&str>)] = &[
            (0, None),
            (1, Some("EXEC_LO")),
            (2, None),
            (16, Some("PC_REG")),
            (17, Some("EXEC")),
            (31, None),
            (32, Some("SGPR0")),
            (65, Some("SGPR33")),
            (95, Some("SGPR63")),
            (96, None),
            (128, None),
            (512, None),
            (768, None),
            (1087, None),
            (1088, Some("SGPR64")),
            (1129, Some("SGPR105")),
            (1130, None),
            (1536, None),
            (1568, None),
            (2048, None),
            (2559, None),
            (2560, Some("VGPR0")),
            (2592, Some("VGPR32")),
            (3071, Some("VGPR511")),
            (3072, Some("AGPR0")),
            (3327, Some("AGPR255")),
            (3328, None),
            (4095, None),
        ];
        for &(r, want) in cases {
            assert_eq!(n.name(r).as_deref(), want, "register {r}");
            if let Some(name) = want {
                assert_eq!(n.parse(name), Some(r), "{name}");
            }
        }
    }

    #[test]
    fn short_forms_parse() {
        let n = AmdgpuDwarfdumpNames;
        assert_eq!(n.parse("s33"), Some(65));
        assert_eq!(n.parse("s105"), Some(1129));
        assert_eq!(n.parse("s106"), None);
        assert_eq!(n.parse("v1"), Some(2561));
        assert_eq!(n.parse("v511"), Some(3071));
        assert_eq!(n.parse("v512"), None);
        assert_eq!(n.parse("a255"), Some(3327));
        assert_eq!(n.parse("exec"), Some(17));
        assert_eq!(n.parse("vcc"), Some(768));
        assert_eq!(n.parse("pc"), Some(16));
        assert_eq!(n.parse("v01"), None);
        assert_eq!(n.parse("x1"), None);
    }
}
