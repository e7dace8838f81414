//! The AMDGPU DWARF register map, for wave32 and wave64.
//!
//! DWARF register numbers on AMDGPU depend on the wavefront size (a vector register is the
//! whole wave's register: `wave_size` dwords, lane 0 in the lowest dword). This module maps
//! between DWARF numbers, [`Register`]s, their widths and the names used by the wave-state
//! file format (`s5`, `v3`, `exec`, `dwarf:2561`), and builds the core's
//! `hetdwarf::target::Target` for a processor and wave size ([`dwarf_target`]).
//!
//! | DWARF number | wave32 | wave64 |
//! |---|---|---|
//! | 1 | `exec` (EXEC_MASK_32, 32 bits) | - |
//! | 16 | `pc` (PC_64) | `pc` (PC_64) |
//! | 17 | - | `exec` (EXEC_MASK_64, 64 bits) |
//! | 32..=95 | `s0`..`s63` | `s0`..`s63` |
//! | 128 | `status` | `status` |
//! | 512 | `vcc` (VCC_32) | - |
//! | 768 | - | `vcc` (VCC_64) |
//! | 1088..=1129 | `s64`..`s105` | `s64`..`s105` |
//! | 1536..=2047 | `v0`..`v511` (1024 bits each) | - |
//! | 2048..=2303 | `a0`..`a255` (1024 bits) | - |
//! | 2560..=2815 | - | `v0`..`v255` (2048 bits each) |
//! | 3072..=3327 | - | `a0`..`a255` (2048 bits) |
//! | 3584..=4095 | `v512`..`v1023` (newer ROCm docs) | - |
//!
//! Every other number (0 = PC_32, the reserved ranges, 2816..=3071 in wave64, the other
//! wave size's numbers) is unmapped: [`RegisterMap::from_dwarf`] reports it as an error.
//! `m0` has no DWARF number: a wave state stores it, DWARF cannot address it.

use std::fmt;

use hetdwarf::target::{RegisterClass, RegisterRange, Target, UnmappedRange};

use crate::aspace::AddressSpaceId;

/// DWARF number of PC_32 (32-bit processes only; never mapped for amdgcn).
pub const PC_32: u64 = 0;
/// DWARF number of EXEC_MASK_32 (wave32 `exec`).
pub const EXEC_32: u64 = 1;
/// DWARF number of PC_64 (`pc`, the return-address column).
pub const PC_64: u64 = 16;
/// DWARF number of EXEC_MASK_64 (wave64 `exec`).
pub const EXEC_64: u64 = 17;
/// DWARF number of SGPR0; SGPR0..63 are `32 + n`.
pub const SGPR0: u64 = 32;
/// DWARF number of STATUS.
pub const STATUS: u64 = 128;
/// DWARF number of VCC_32 (wave32 `vcc`).
pub const VCC_32: u64 = 512;
/// DWARF number of VCC_64 (wave64 `vcc`).
pub const VCC_64: u64 = 768;
/// DWARF number of SGPR64; SGPR64..105 are `1024 + n`.
pub const SGPR64: u64 = 1088;
/// DWARF number of VGPR0 in wave32 (VGPR0..511 are `1536 + n`).
pub const VGPR0_WAVE32: u64 = 1536;
/// DWARF number of AGPR0 in wave32.
pub const AGPR0_WAVE32: u64 = 2048;
/// DWARF number of VGPR0 in wave64 (VGPR0..255 are `2560 + n`).
pub const VGPR0_WAVE64: u64 = 2560;
/// DWARF number of AGPR0 in wave64.
pub const AGPR0_WAVE64: u64 = 3072;
/// DWARF number of VGPR512 in wave32 (newer ROCm documentation: VGPR512..1023 are
/// `3072 + n`).
pub const VGPR512_WAVE32: u64 = 3584;

/// Number of SGPRs with DWARF numbers (`s0`..`s105`).
pub const SGPR_COUNT: u32 = 106;
/// Number of AGPRs (`a0`..`a255`).
pub const AGPR_COUNT: u32 = 256;

/// One register of a wavefront.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Register {
    /// The program counter (64 bits).
    Pc,
    /// The execution mask (`wave_size` bits).
    Exec,
    /// The vector condition code (`wave_size` bits).
    Vcc,
    /// The STATUS hardware register (32 bits).
    Status,
    /// M0 (32 bits); has no DWARF number.
    M0,
    /// Scalar register `s<n>` (32 bits), n < 106.
    Sgpr(u32),
    /// Vector register `v<n>` (`wave_size` × 32 bits).
    Vgpr(u32),
    /// Accumulation register `a<n>` (`wave_size` × 32 bits), n < 256.
    Agpr(u32),
}

impl Register {
    /// Whether this is a vector register (one dword per lane).
    pub fn is_vector(self) -> bool {
        matches!(self, Register::Vgpr(_) | Register::Agpr(_))
    }
}

impl fmt::Display for Register {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Register::Pc => f.write_str("pc"),
            Register::Exec => f.write_str("exec"),
            Register::Vcc => f.write_str("vcc"),
            Register::Status => f.write_str("status"),
            Register::M0 => f.write_str("m0"),
            Register::Sgpr(n) => write!(f, "s{n}"),
            Register::Vgpr(n) => write!(f, "v{n}"),
            Register::Agpr(n) => write!(f, "a{n}"),
        }
    }
}

/// Why a register number or name was rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegisterError {
    /// A DWARF number that the map does not assign for this wave size.
    #[error("DWARF register {number} is not mapped in wave{wave_size} ({why})")]
    Unmapped {
        /// The number.
        number: u64,
        /// The wave size.
        wave_size: u32,
        /// What the number is (`reserved`, `wave64 only`, ...).
        why: &'static str,
    },
    /// A register that does not exist for this wave size (e.g. `v300` in wave64).
    #[error("register {register} does not exist in wave{wave_size}")]
    NoSuchRegister {
        /// The register.
        register: Register,
        /// The wave size.
        wave_size: u32,
    },
    /// A register without a DWARF number (`m0`).
    #[error("register {0} has no DWARF register number")]
    NoDwarfNumber(Register),
    /// A name that is not a register name.
    #[error(
        "unknown register name {0:?} (expected s0-s105, v0-v511, a0-a255, exec, vcc, pc, m0, status or dwarf:N)"
    )]
    UnknownName(String),
}

impl RegisterError {
    /// What kind of failure this is: a register name or number the caller gave.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::Usage
    }
}

impl From<RegisterError> for hetdwarf::eval::Error {
    fn from(e: RegisterError) -> Self {
        hetdwarf::eval::Error::evaluation(e.to_string())
    }
}

/// The register map of one wave size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegisterMap {
    wave_size: u32,
}

impl RegisterMap {
    /// The map for `wave_size` (32 or 64; anything else is treated as 64).
    pub fn new(wave_size: u32) -> Self {
        RegisterMap {
            wave_size: if wave_size == 32 { 32 } else { 64 },
        }
    }

    /// The wave size (32 or 64).
    pub fn wave_size(self) -> u32 {
        self.wave_size
    }

    fn wave32(self) -> bool {
        self.wave_size == 32
    }

    /// How many VGPRs have DWARF numbers: 1024 in wave32, 256 in wave64.
    pub fn vgpr_count(self) -> u32 {
        if self.wave32() { 1024 } else { 256 }
    }

    /// Whether `reg` exists for this wave size (every register but out-of-range indices).
    pub fn exists(self, reg: Register) -> bool {
        match reg {
            Register::Sgpr(n) => n < SGPR_COUNT,
            Register::Vgpr(n) => n < self.vgpr_count(),
            Register::Agpr(n) => n < AGPR_COUNT,
            _ => true,
        }
    }

    fn check(self, reg: Register) -> Result<Register, RegisterError> {
        if self.exists(reg) {
            Ok(reg)
        } else {
            Err(RegisterError::NoSuchRegister {
                register: reg,
                wave_size: self.wave_size,
            })
        }
    }

    /// Width of `reg` in bits: 64 for `pc`, `wave_size` for `exec`/`vcc`, 32 for scalars,
    /// `wave_size × 32` for vector registers.
    pub fn bits(self, reg: Register) -> u32 {
        match reg {
            Register::Pc => 64,
            Register::Exec | Register::Vcc => self.wave_size,
            Register::Status | Register::M0 | Register::Sgpr(_) => 32,
            Register::Vgpr(_) | Register::Agpr(_) => self.wave_size * 32,
        }
    }

    /// The DWARF number of `reg`.
    pub fn dwarf_number(self, reg: Register) -> Result<u64, RegisterError> {
        let reg = self.check(reg)?;
        Ok(match reg {
            Register::Pc => PC_64,
            Register::Exec if self.wave32() => EXEC_32,
            Register::Exec => EXEC_64,
            Register::Vcc if self.wave32() => VCC_32,
            Register::Vcc => VCC_64,
            Register::Status => STATUS,
            Register::M0 => return Err(RegisterError::NoDwarfNumber(reg)),
            Register::Sgpr(n @ 0..=63) => SGPR0 + u64::from(n),
            Register::Sgpr(n) => SGPR64 + u64::from(n - 64),
            Register::Vgpr(n) if self.wave32() && n >= 512 => VGPR512_WAVE32 + u64::from(n - 512),
            Register::Vgpr(n) if self.wave32() => VGPR0_WAVE32 + u64::from(n),
            Register::Vgpr(n) => VGPR0_WAVE64 + u64::from(n),
            Register::Agpr(n) if self.wave32() => AGPR0_WAVE32 + u64::from(n),
            Register::Agpr(n) => AGPR0_WAVE64 + u64::from(n),
        })
    }

    /// The register with DWARF number `number`; unmapped and reserved numbers are errors.
    pub fn from_dwarf(self, number: u64) -> Result<Register, RegisterError> {
        let w32 = self.wave32();
        let unmapped = |why| RegisterError::Unmapped {
            number,
            wave_size: self.wave_size,
            why,
        };
        let n32 = |base: u64| (number - base) as u32;
        Ok(match number {
            PC_32 => return Err(unmapped("PC_32 is for 32-bit processes only")),
            EXEC_32 if w32 => Register::Exec,
            EXEC_32 => return Err(unmapped("EXEC_MASK_32 is wave32 only")),
            PC_64 => Register::Pc,
            EXEC_64 if !w32 => Register::Exec,
            EXEC_64 => return Err(unmapped("EXEC_MASK_64 is wave64 only")),
            32..=95 => Register::Sgpr(n32(SGPR0)),
            STATUS => Register::Status,
            VCC_32 if w32 => Register::Vcc,
            VCC_32 => return Err(unmapped("VCC_32 is wave32 only")),
            VCC_64 if !w32 => Register::Vcc,
            VCC_64 => return Err(unmapped("VCC_64 is wave64 only")),
            1088..=1129 => Register::Sgpr(n32(SGPR64) + 64),
            1536..=2047 if w32 => Register::Vgpr(n32(VGPR0_WAVE32)),
            2048..=2303 if w32 => Register::Agpr(n32(AGPR0_WAVE32)),
            3584..=4095 if w32 => Register::Vgpr(n32(VGPR512_WAVE32) + 512),
            2560..=2815 if !w32 => Register::Vgpr(n32(VGPR0_WAVE64)),
            3072..=3327 if !w32 => Register::Agpr(n32(AGPR0_WAVE64)),
            1536..=2303 | 3584..=4095 => {
                return Err(unmapped("a wave32 vector register number"));
            }
            2560..=2815 | 3072..=3327 => {
                return Err(unmapped("a wave64 vector register number"));
            }
            _ => return Err(unmapped("reserved")),
        })
    }

    /// Parses a register name of the wave-state format: `s0`..`s105`, `v0`..`v511` (up to
    /// `v1023` in wave32), `a0`..`a255`, `exec`, `vcc`, `pc`, `m0`, `status`, or `dwarf:N`
    /// (decimal) for any mapped DWARF number. Names are lower case, without leading zeros.
    pub fn parse(self, name: &str) -> Result<Register, RegisterError> {
        let unknown = || RegisterError::UnknownName(name.to_string());
        let reg = match name {
            "pc" => Register::Pc,
            "exec" => Register::Exec,
            "vcc" => Register::Vcc,
            "status" => Register::Status,
            "m0" => Register::M0,
            _ => {
                if let Some(num) = name.strip_prefix("dwarf:") {
                    let n = parse_decimal(num).ok_or_else(unknown)?;
                    return self.from_dwarf(n);
                }
                let (ctor, digits): (fn(u32) -> Register, &str) =
                    if let Some(d) = name.strip_prefix('s') {
                        (Register::Sgpr, d)
                    } else if let Some(d) = name.strip_prefix('v') {
                        (Register::Vgpr, d)
                    } else if let Some(d) = name.strip_prefix('a') {
                        (Register::Agpr, d)
                    } else {
                        return Err(unknown());
                    };
                let n = parse_decimal(digits)
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(unknown)?;
                ctor(n)
            }
        };
        self.check(reg)
    }

    /// The canonical wave-state name of `reg` (`s5`, `v3`, `exec`).
    pub fn name(self, reg: Register) -> String {
        reg.to_string()
    }

    /// The name of DWARF register `number`, if mapped.
    pub fn dwarf_name(self, number: u64) -> Option<String> {
        self.from_dwarf(number).ok().map(|r| r.to_string())
    }

    /// Every register with a DWARF number, in DWARF-number order.
    pub fn dwarf_registers(self) -> impl Iterator<Item = (u64, Register)> {
        let ranges: &[(u64, u64)] = if self.wave32() {
            &[
                (1, 1),
                (16, 1),
                (32, 64),
                (128, 1),
                (512, 1),
                (1088, 42),
                (1536, 768),
                (3584, 512),
            ]
        } else {
            &[
                (16, 1),
                (17, 1),
                (32, 64),
                (128, 1),
                (768, 1),
                (1088, 42),
                (2560, 256),
                (3072, 256),
            ]
        };
        ranges
            .iter()
            .flat_map(|&(first, count)| first..first + count)
            .map(move |n| (n, self.from_dwarf(n).expect("mapped range")))
    }
}

/// Also lets the expression assembler and printer use wave-size-aware names: names print as
/// `s5`/`v3`; parsing accepts the wave-state names and, case-insensitively, the
/// `llvm-dwarfdump` spellings (`SGPR5`, `VGPR3`, `AGPR0`, `PC_REG`, `EXEC`, `EXEC_LO`,
/// `VCC`, `VCC_LO`, `STATUS`).
impl hetdwarf::expr::RegisterNames for RegisterMap {
    fn name(&self, dwarf_reg: u64) -> Option<String> {
        self.dwarf_name(dwarf_reg)
    }

    fn parse(&self, name: &str) -> Option<u64> {
        if let Ok(r) = RegisterMap::parse(*self, name) {
            return self.dwarf_number(r).ok();
        }
        let lower = name.to_ascii_lowercase();
        let reg = match lower.as_str() {
            "pc_reg" | "pc_64" | "pc" => Register::Pc,
            "exec" | "exec_lo" | "exec_64" | "exec_32" => Register::Exec,
            "vcc" | "vcc_lo" | "vcc_64" | "vcc_32" => Register::Vcc,
            "status" => Register::Status,
            _ => {
                let split = lower.find(|c: char| c.is_ascii_digit())?;
                let (prefix, digits) = lower.split_at(split);
                let n = u32::try_from(parse_decimal(digits)?).ok()?;
                match prefix {
                    "sgpr" => Register::Sgpr(n),
                    "vgpr" => Register::Vgpr(n),
                    "agpr" => Register::Agpr(n),
                    _ => return None,
                }
            }
        };
        self.dwarf_number(reg).ok()
    }
}

fn parse_decimal(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0'))
    {
        return None;
    }
    s.parse().ok()
}

/// The core's [`Target`] for an AMDGPU processor running `wave_size` lanes (32 or 64):
/// the DWARF register map of that wave size (named `pc`, `exec`, `s5`, `v3`, ...; VGPRs and
/// AGPRs per-lane, the other wave size's vector register numbers declared but unmapped;
/// expressions print with [`AmdgpuDwarfdumpNames`](crate::AmdgpuDwarfdumpNames)), the
/// address spaces none/global (0, 64-bit, the default), generic (1, 64), region (2, 32),
/// local (3, 32), private_lane (5, 32) and private_wave (6, 32), a 64-bit generic type and
/// `wave_size` lanes. LLVM's AMDGPU address spaces map to DWARF ones as the backend's
/// `mapToDWARFAddrSpace` does: flat (0) → generic, global (1) and constant (4) → none,
/// region (2), local (3), private (5) → private_lane.
pub fn dwarf_target(processor: &str, wave_size: u32) -> Target {
    let map = RegisterMap::new(wave_size);
    let ws = map.wave_size();
    let vbits = ws * 32;
    let vector = |first, count, name, first_index| {
        RegisterRange::new(first, count, vbits, name, first_index).with_class(RegisterClass::Vector)
    };
    let mut t = Target::new(format!("{processor} wave{ws}"), 64, ws)
        .with_register_names(crate::dwarfdump_names::shared())
        .with_registers(RegisterRange::single(PC_64, 64, "pc"))
        .with_registers(RegisterRange::new(SGPR0, 64, 32, "s", 0))
        .with_registers(RegisterRange::single(STATUS, 32, "status"))
        .with_registers(RegisterRange::new(SGPR64, 42, 32, "s", 64));
    // The other wave size's vector register numbers stay unmapped, but a producer naming
    // one still meant a per-lane register; verify says which mistake it likely is.
    t = if ws == 32 {
        t.with_registers(RegisterRange::single(EXEC_32, 32, "exec"))
            .with_registers(RegisterRange::single(VCC_32, 32, "vcc"))
            .with_registers(vector(VGPR0_WAVE32, 512, "v", 0))
            .with_registers(vector(AGPR0_WAVE32, 256, "a", 0))
            .with_registers(vector(VGPR512_WAVE32, 512, "v", 512))
            .with_unmapped_registers(
                UnmappedRange::new(VGPR0_WAVE64, 768, RegisterClass::Vector)
                    .with_why("a wave64 vector register number in a wave32 function"),
            )
    } else {
        t.with_registers(RegisterRange::single(EXEC_64, 64, "exec"))
            .with_registers(RegisterRange::single(VCC_64, 64, "vcc"))
            .with_registers(vector(VGPR0_WAVE64, 256, "v", 0))
            .with_registers(vector(AGPR0_WAVE64, 256, "a", 0))
            .with_unmapped_registers(
                UnmappedRange::new(VGPR0_WAVE32, 768, RegisterClass::Vector)
                    .with_why("a wave32 vector register number in a wave64 function"),
            )
            // VGPR256..511 in wave64 numbering: reserved, though in the vector block.
            .with_unmapped_registers(UnmappedRange::new(
                VGPR0_WAVE64 + 256,
                256,
                RegisterClass::Vector,
            ))
            .with_unmapped_registers(UnmappedRange::new(
                VGPR512_WAVE32,
                512,
                RegisterClass::Vector,
            ))
    };
    for space in AddressSpaceId::ALL {
        t = t.with_address_space(space.description());
    }
    t.with_default_address_space(AddressSpaceId::Global.number())
        .with_llvm_address_space(0, crate::aspace::DW_ASPACE_AMDGPU_GENERIC)
        .with_llvm_address_space(1, crate::aspace::DW_ASPACE_LLVM_NONE)
        .with_llvm_address_space(2, crate::aspace::DW_ASPACE_AMDGPU_REGION)
        .with_llvm_address_space(3, crate::aspace::DW_ASPACE_AMDGPU_LOCAL)
        .with_llvm_address_space(4, crate::aspace::DW_ASPACE_LLVM_NONE)
        .with_llvm_address_space(5, crate::aspace::DW_ASPACE_AMDGPU_PRIVATE_LANE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_register_numbers_in_either_wave_size() {
        // Whatever the wave size, a number in either size's vector blocks is per-lane
        // (what verify's abstract interpreter assumed before the target said so), and only
        // a number mapped in the other wave size gets a reason.
        let vector_block = |n: u64| {
            (1536..2304).contains(&n) || (2560..3328).contains(&n) || (3584..4096).contains(&n)
        };
        for ws in [32, 64] {
            let t = dwarf_target("gfx1100", ws);
            for n in 0..5000u64 {
                assert_eq!(t.is_vector_register(n), vector_block(n), "wave{ws} {n}");
            }
            // Expressions print as llvm-dwarfdump-22 prints them: wave64 numbers in wave32
            // code too.
            let names = t.register_names();
            assert_eq!(names.name(2561).as_deref(), Some("VGPR1"), "wave{ws}");
            assert_eq!(names.name(1537), None, "wave{ws}");
            assert_eq!(names.parse("s33"), Some(65));
            assert_eq!(t, dwarf_target("gfx1100", ws));
            let why = |n| t.unmapped_register(n).and_then(|r| r.why.as_deref());
            if ws == 32 {
                assert_eq!(
                    why(2561),
                    Some("a wave64 vector register number in a wave32 function")
                );
                assert_eq!(why(2817), why(2561));
                assert_eq!(why(3327), why(2561));
                assert_eq!(why(1537), None);
            } else {
                assert_eq!(
                    why(1537),
                    Some("a wave32 vector register number in a wave64 function")
                );
                assert_eq!(why(2303), why(1537));
                assert_eq!(why(2817), None);
                assert_eq!(why(3585), None);
                assert!(t.unmapped_register(3585).is_some());
            }
        }
    }

    #[test]
    fn round_trip_every_number() {
        for ws in [32, 64] {
            let m = RegisterMap::new(ws);
            let t = dwarf_target("gfx1100", ws);
            let mut count = 0;
            for (n, r) in m.dwarf_registers() {
                assert_eq!(m.dwarf_number(r), Ok(n));
                assert_eq!(t.register_bits(n), Ok(m.bits(r)), "{n}");
                assert_eq!(t.register_name(n), Some(r.to_string()));
                let class = if r.is_vector() {
                    RegisterClass::Vector
                } else {
                    RegisterClass::Scalar
                };
                assert_eq!(t.register_class(n), Some(class), "{n}");
                assert_eq!(m.parse(&r.to_string()), Ok(r));
                assert_eq!(m.parse(&format!("dwarf:{n}")), Ok(r));
                count += 1;
            }
            // Every number not listed is unmapped, in the target too.
            for n in 0..5000u64 {
                if m.from_dwarf(n).is_err() {
                    assert!(t.register_bits(n).is_err(), "{n}");
                    assert_eq!(t.register_class(n), None, "{n}");
                }
            }
            assert_eq!(
                count,
                if ws == 32 {
                    1 + 1 + 64 + 1 + 1 + 42 + 768 + 512
                } else {
                    1 + 1 + 64 + 1 + 1 + 42 + 512
                }
            );
        }
    }
}
