//! The 32-bit registers that instructions read and write, named as LLVM's AMDGPU target
//! names them, and their DWARF counterparts.

use std::fmt;

use hetdwarf_amdgpu::registers::Register;

/// One 32-bit register (or the 1-bit SCC) of a wave: the unit in which instructions are
/// said to read and write. A 64-bit operand (`s[4:5]`, `vcc`) is two of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MachineRegister {
    /// `s<n>`.
    Sgpr(u16),
    /// `v<n>`: one dword in every lane.
    Vgpr(u16),
    /// `a<n>`: one dword in every lane.
    Agpr(u16),
    /// `ttmp<n>`, the trap handler's registers.
    Ttmp(u16),
    /// The low half of EXEC (all of it in wave32).
    ExecLo,
    /// The high half of EXEC.
    ExecHi,
    /// The low half of VCC (all of it in wave32).
    VccLo,
    /// The high half of VCC.
    VccHi,
    /// M0.
    M0,
    /// The scalar condition code.
    Scc,
    /// Any other register, by LLVM's name for it (`FLAT_SCR_LO`, `SRC_SHARED_BASE_LO`).
    Other(OtherRegister),
}

/// A register [`MachineRegister`] has no variant for, by LLVM's name for it: a number the
/// name is known by in this process, so that a register is four bytes and compares as one
/// word (instructions' register lists are searched on every instruction of every range).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OtherRegister(u16);

/// The names of the [`OtherRegister`]s met so far, by number (LLVM 22 has some 200 such).
static OTHER_NAMES: std::sync::RwLock<Vec<&'static str>> = std::sync::RwLock::new(Vec::new());

impl OtherRegister {
    /// The register LLVM names `name`.
    pub fn named(name: &'static str) -> OtherRegister {
        let known = |names: &[&'static str]| names.iter().position(|n| *n == name);
        if let Some(i) = known(&OTHER_NAMES.read().unwrap_or_else(|e| e.into_inner())) {
            return OtherRegister(i as u16);
        }
        let mut names = OTHER_NAMES.write().unwrap_or_else(|e| e.into_inner());
        let i = known(&names).unwrap_or_else(|| {
            names.push(name);
            names.len() - 1
        });
        // More distinct names than a u16 counts would need a target with 65 536 special
        // registers: they share the last number rather than wrap onto another's.
        OtherRegister(i.min(usize::from(u16::MAX)) as u16)
    }

    /// LLVM's name of it (`FLAT_SCR_LO`).
    pub fn name(self) -> &'static str {
        OTHER_NAMES
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(usize::from(self.0))
            .copied()
            .unwrap_or("?")
    }
}

impl fmt::Debug for OtherRegister {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.name(), f)
    }
}

impl PartialOrd for OtherRegister {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// By name, as the registers sorted before they were numbered.
impl Ord for OtherRegister {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if self.0 == other.0 {
            return std::cmp::Ordering::Equal;
        }
        self.name().cmp(other.name())
    }
}

impl MachineRegister {
    /// Reads LLVM's name of a register unit's root (`SGPR4`, `VGPR3_LO16`, `EXEC_HI`),
    /// The name lives as long as the program: it is LLVM's own static table.
    #[cfg_attr(not(has_llvm), allow(dead_code))]
    pub(crate) fn from_llvm_name(name: &'static str) -> MachineRegister {
        let base = name
            .strip_suffix("_LO16")
            .or_else(|| name.strip_suffix("_HI16"))
            .unwrap_or(name);
        // Trap registers carry the generation they are numbered for (TTMP11_gfx9plus).
        let numbered = |prefix: &str| {
            base.strip_prefix(prefix)
                .map(|d| d.split('_').next().unwrap_or(d))
                .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|d| d.parse::<u16>().ok())
        };
        if let Some(n) = numbered("SGPR") {
            return MachineRegister::Sgpr(n);
        }
        if let Some(n) = numbered("VGPR") {
            return MachineRegister::Vgpr(n);
        }
        if let Some(n) = numbered("AGPR") {
            return MachineRegister::Agpr(n);
        }
        if let Some(n) = numbered("TTMP") {
            return MachineRegister::Ttmp(n);
        }
        match base {
            "EXEC_LO" => MachineRegister::ExecLo,
            "EXEC_HI" => MachineRegister::ExecHi,
            "VCC_LO" => MachineRegister::VccLo,
            "VCC_HI" => MachineRegister::VccHi,
            "M0" => MachineRegister::M0,
            "SCC" => MachineRegister::Scc,
            _ => MachineRegister::Other(OtherRegister::named(base)),
        }
    }

    /// How many registers [`MachineRegister::dense_index`] numbers.
    pub(crate) const DENSE: usize = 256 + 512 + 512 + 6 + 128;

    /// A small number for each of the registers that code mostly names (s0–s255,
    /// v0–v511, a0–a511, EXEC, VCC, M0, SCC, ttmp0–ttmp127), for tables indexed by
    /// register; `None` for the rest.
    pub(crate) fn dense_index(self) -> Option<usize> {
        let bounded = |n: u16, limit: usize, base: usize| {
            (usize::from(n) < limit).then_some(base + usize::from(n))
        };
        match self {
            MachineRegister::Sgpr(n) => bounded(n, 256, 0),
            MachineRegister::Vgpr(n) => bounded(n, 512, 256),
            MachineRegister::Agpr(n) => bounded(n, 512, 768),
            MachineRegister::ExecLo => Some(1280),
            MachineRegister::ExecHi => Some(1281),
            MachineRegister::VccLo => Some(1282),
            MachineRegister::VccHi => Some(1283),
            MachineRegister::M0 => Some(1284),
            MachineRegister::Scc => Some(1285),
            MachineRegister::Ttmp(n) => bounded(n, 128, 1286),
            MachineRegister::Other(_) => None,
        }
    }

    /// Whether this register holds one dword per lane.
    pub fn is_vector(self) -> bool {
        matches!(self, MachineRegister::Vgpr(_) | MachineRegister::Agpr(_))
    }

    /// The wave register of the DWARF register map this register is part of, and the
    /// bit offset of this register within it (`exec_hi` is bits 32..64 of `exec`). A
    /// vector register is one lane's dword of the whole-wave register: offset 0.
    pub fn dwarf_part(self) -> Option<(Register, u32)> {
        Some(match self {
            MachineRegister::Sgpr(n) => (Register::Sgpr(u32::from(n)), 0),
            MachineRegister::Vgpr(n) => (Register::Vgpr(u32::from(n)), 0),
            MachineRegister::Agpr(n) => (Register::Agpr(u32::from(n)), 0),
            MachineRegister::ExecLo => (Register::Exec, 0),
            MachineRegister::ExecHi => (Register::Exec, 32),
            MachineRegister::VccLo => (Register::Vcc, 0),
            MachineRegister::VccHi => (Register::Vcc, 32),
            MachineRegister::M0 => (Register::M0, 0),
            MachineRegister::Ttmp(_) | MachineRegister::Scc | MachineRegister::Other(_) => {
                return None;
            }
        })
    }

    /// The register that holds `register`'s bits `[bit, bit + 32)` (for a vector
    /// register, one lane's dword), if it is one this module names.
    pub fn from_dwarf_part(register: Register, bit: u32) -> Option<MachineRegister> {
        Some(match (register, bit / 32) {
            (Register::Sgpr(n), 0) => MachineRegister::Sgpr(u16::try_from(n).ok()?),
            (Register::Vgpr(n), _) => MachineRegister::Vgpr(u16::try_from(n).ok()?),
            (Register::Agpr(n), _) => MachineRegister::Agpr(u16::try_from(n).ok()?),
            (Register::Exec, 0) => MachineRegister::ExecLo,
            (Register::Exec, 1) => MachineRegister::ExecHi,
            (Register::Vcc, 0) => MachineRegister::VccLo,
            (Register::Vcc, 1) => MachineRegister::VccHi,
            (Register::M0, 0) => MachineRegister::M0,
            _ => return None,
        })
    }
}

/// The registers an instruction writes or reads, each once: held inline up to seven (most
/// instructions name a handful), so that the facts of an instruction are one allocation.
#[derive(Clone)]
pub struct Registers(Repr);

/// How many registers [`Registers`] holds without allocating.
const INLINE: usize = 7;

#[derive(Clone)]
enum Repr {
    Inline(u8, [MachineRegister; INLINE]),
    Heap(Box<[MachineRegister]>),
}

impl Registers {
    /// No registers.
    pub const fn new() -> Registers {
        Registers(Repr::Inline(0, [MachineRegister::Scc; INLINE]))
    }
}

impl Default for Registers {
    fn default() -> Self {
        Registers::new()
    }
}

impl std::ops::Deref for Registers {
    type Target = [MachineRegister];
    fn deref(&self) -> &[MachineRegister] {
        match &self.0 {
            Repr::Inline(n, regs) => &regs[..usize::from(*n)],
            Repr::Heap(regs) => regs,
        }
    }
}

impl From<&[MachineRegister]> for Registers {
    fn from(regs: &[MachineRegister]) -> Self {
        if regs.len() <= INLINE {
            let mut inline = [MachineRegister::Scc; INLINE];
            inline[..regs.len()].copy_from_slice(regs);
            Registers(Repr::Inline(regs.len() as u8, inline))
        } else {
            Registers(Repr::Heap(regs.into()))
        }
    }
}

impl From<Vec<MachineRegister>> for Registers {
    fn from(regs: Vec<MachineRegister>) -> Self {
        if regs.len() <= INLINE {
            Registers::from(&regs[..])
        } else {
            Registers(Repr::Heap(regs.into_boxed_slice()))
        }
    }
}

impl<const N: usize> From<[MachineRegister; N]> for Registers {
    fn from(regs: [MachineRegister; N]) -> Self {
        Registers::from(&regs[..])
    }
}

impl PartialEq for Registers {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for Registers {}

impl fmt::Debug for Registers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl fmt::Display for MachineRegister {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MachineRegister::Sgpr(n) => write!(f, "s{n}"),
            MachineRegister::Vgpr(n) => write!(f, "v{n}"),
            MachineRegister::Agpr(n) => write!(f, "a{n}"),
            MachineRegister::Ttmp(n) => write!(f, "ttmp{n}"),
            MachineRegister::ExecLo => f.write_str("exec_lo"),
            MachineRegister::ExecHi => f.write_str("exec_hi"),
            MachineRegister::VccLo => f.write_str("vcc_lo"),
            MachineRegister::VccHi => f.write_str("vcc_hi"),
            MachineRegister::M0 => f.write_str("m0"),
            MachineRegister::Scc => f.write_str("scc"),
            MachineRegister::Other(other) => {
                for c in other.name().chars() {
                    write!(f, "{}", c.to_ascii_lowercase())?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn register_lists_hold_seven_inline_in_32_bytes() {
        assert_eq!(std::mem::size_of::<MachineRegister>(), 4);
        assert_eq!(std::mem::size_of::<Registers>(), 32);
        let few: Registers = [MachineRegister::Sgpr(4), MachineRegister::Scc].into();
        assert_eq!(&*few, &[MachineRegister::Sgpr(4), MachineRegister::Scc]);
        let many: Registers = (0..20)
            .map(MachineRegister::Vgpr)
            .collect::<Vec<_>>()
            .into();
        assert_eq!(many.len(), 20);
        assert_eq!(many[19], MachineRegister::Vgpr(19));
        assert_eq!(format!("{:?}", few), "[Sgpr(4), Scc]");
        assert!(Registers::new().is_empty());
    }

    #[test]
    fn llvm_names_become_32_bit_registers() {
        assert_eq!(
            MachineRegister::from_llvm_name("SGPR4"),
            MachineRegister::Sgpr(4)
        );
        assert_eq!(
            MachineRegister::from_llvm_name("VGPR3_HI16"),
            MachineRegister::Vgpr(3)
        );
        assert_eq!(
            MachineRegister::from_llvm_name("AGPR255_LO16"),
            MachineRegister::Agpr(255)
        );
        assert_eq!(
            MachineRegister::from_llvm_name("EXEC_HI"),
            MachineRegister::ExecHi
        );
        assert_eq!(
            MachineRegister::from_llvm_name("SGPR_NULL"),
            MachineRegister::Other(OtherRegister::named("SGPR_NULL"))
        );
        assert_eq!(
            MachineRegister::ExecHi.dwarf_part(),
            Some((Register::Exec, 32))
        );
        assert_eq!(
            MachineRegister::from_dwarf_part(Register::Vcc, 32),
            Some(MachineRegister::VccHi)
        );
    }
}
