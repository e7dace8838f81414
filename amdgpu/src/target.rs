//! What an AMDGPU code object is for: processor names for every `EF_AMDGPU_MACH` value,
//! the XNACK/SRAMECC target features, the code object version, the OS ABI and the generic
//! target version, all decoded from the ELF header (`e_flags`, `EI_OSABI`, `EI_ABIVERSION`).
//!
//! The processor table follows LLVM 22 (`llvm/BinaryFormat/ELF.h`); values that LLVM 22 has
//! retired (gfx940, gfx941) keep their names because older code objects still carry them.

use std::fmt;

/// `EF_AMDGPU_MACH`: the processor field of `e_flags`.
pub const EF_AMDGPU_MACH: u32 = 0x0ff;
/// `EF_AMDGPU_FEATURE_XNACK_V2`: XNACK enabled (code object v2).
pub const EF_AMDGPU_FEATURE_XNACK_V2: u32 = 0x01;
/// `EF_AMDGPU_FEATURE_TRAP_HANDLER_V2`: trap handler enabled (code object v2).
pub const EF_AMDGPU_FEATURE_TRAP_HANDLER_V2: u32 = 0x02;
/// `EF_AMDGPU_FEATURE_XNACK_V3`: XNACK enabled (code object v3).
pub const EF_AMDGPU_FEATURE_XNACK_V3: u32 = 0x100;
/// `EF_AMDGPU_FEATURE_SRAMECC_V3`: SRAMECC enabled (code object v3).
pub const EF_AMDGPU_FEATURE_SRAMECC_V3: u32 = 0x200;
/// `EF_AMDGPU_FEATURE_XNACK_V4`: the two-bit XNACK field (code object v4 and later).
pub const EF_AMDGPU_FEATURE_XNACK_V4: u32 = 0x300;
/// `EF_AMDGPU_FEATURE_SRAMECC_V4`: the two-bit SRAMECC field (code object v4 and later).
pub const EF_AMDGPU_FEATURE_SRAMECC_V4: u32 = 0xc00;
/// `EF_AMDGPU_GENERIC_VERSION`: the generic target version byte (code object v6 and later).
pub const EF_AMDGPU_GENERIC_VERSION: u32 = 0xff00_0000;

/// `ELFOSABI_AMDGPU_HSA`.
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;
/// `ELFOSABI_AMDGPU_PAL`.
pub const ELFOSABI_AMDGPU_PAL: u8 = 65;
/// `ELFOSABI_AMDGPU_MESA3D`.
pub const ELFOSABI_AMDGPU_MESA3D: u8 = 66;

/// Every `EF_AMDGPU_MACH` value with its processor name (LLVM 22, plus retired gfx940/gfx941).
/// Values 0x001..=0x010 are r600 processors (32-bit ELF only).
pub const MACH_NAMES: &[(u32, &str)] = &[
    (0x001, "r600"),
    (0x002, "r630"),
    (0x003, "rs880"),
    (0x004, "rv670"),
    (0x005, "rv710"),
    (0x006, "rv730"),
    (0x007, "rv770"),
    (0x008, "cedar"),
    (0x009, "cypress"),
    (0x00a, "juniper"),
    (0x00b, "redwood"),
    (0x00c, "sumo"),
    (0x00d, "barts"),
    (0x00e, "caicos"),
    (0x00f, "cayman"),
    (0x010, "turks"),
    (0x020, "gfx600"),
    (0x021, "gfx601"),
    (0x022, "gfx700"),
    (0x023, "gfx701"),
    (0x024, "gfx702"),
    (0x025, "gfx703"),
    (0x026, "gfx704"),
    (0x028, "gfx801"),
    (0x029, "gfx802"),
    (0x02a, "gfx803"),
    (0x02b, "gfx810"),
    (0x02c, "gfx900"),
    (0x02d, "gfx902"),
    (0x02e, "gfx904"),
    (0x02f, "gfx906"),
    (0x030, "gfx908"),
    (0x031, "gfx909"),
    (0x032, "gfx90c"),
    (0x033, "gfx1010"),
    (0x034, "gfx1011"),
    (0x035, "gfx1012"),
    (0x036, "gfx1030"),
    (0x037, "gfx1031"),
    (0x038, "gfx1032"),
    (0x039, "gfx1033"),
    (0x03a, "gfx602"),
    (0x03b, "gfx705"),
    (0x03c, "gfx805"),
    (0x03d, "gfx1035"),
    (0x03e, "gfx1034"),
    (0x03f, "gfx90a"),
    (0x040, "gfx940"),
    (0x041, "gfx1100"),
    (0x042, "gfx1013"),
    (0x043, "gfx1150"),
    (0x044, "gfx1103"),
    (0x045, "gfx1036"),
    (0x046, "gfx1101"),
    (0x047, "gfx1102"),
    (0x048, "gfx1200"),
    (0x049, "gfx1250"),
    (0x04a, "gfx1151"),
    (0x04b, "gfx941"),
    (0x04c, "gfx942"),
    (0x04e, "gfx1201"),
    (0x04f, "gfx950"),
    (0x051, "gfx9-generic"),
    (0x052, "gfx10-1-generic"),
    (0x053, "gfx10-3-generic"),
    (0x054, "gfx11-generic"),
    (0x055, "gfx1152"),
    (0x058, "gfx1153"),
    (0x059, "gfx12-generic"),
    (0x05a, "gfx1251"),
    (0x05f, "gfx9-4-generic"),
];

/// The processor name of an `EF_AMDGPU_MACH` value, if LLVM knows it.
pub fn processor_name(mach: u32) -> Option<&'static str> {
    MACH_NAMES
        .iter()
        .find(|(value, _)| *value == mach)
        .map(|(_, name)| *name)
}

/// The `EF_AMDGPU_MACH` value of a processor name (the inverse of [`processor_name`]).
pub fn processor_mach(name: &str) -> Option<u32> {
    MACH_NAMES
        .iter()
        .find(|(_, n)| *n == name)
        .map(|(value, _)| *value)
}

/// Whether an `EF_AMDGPU_MACH` value names an r600 (pre-GCN, 32-bit ELF) processor.
pub fn is_r600(mach: u32) -> bool {
    (0x001..=0x01f).contains(&mach)
}

/// The wavefront size a processor runs when nothing says otherwise: 64 for GFX6-GFX9
/// (including gfx90a, gfx94x, gfx950 and gfx9 generic targets), 32 for GFX10 and later.
pub fn default_wave_size(processor: &str) -> u32 {
    let rest = processor.strip_prefix("gfx").unwrap_or("");
    let digits: &str = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
    // gfx1030, gfx1250: four digits, two-digit family. gfx900: three digits. gfx90a: "90" then
    // a letter. Generic targets: "gfx9-generic", "gfx10-1-generic", "gfx11-generic".
    let generic = rest.as_bytes().get(digits.len()) == Some(&b'-');
    let family = match digits.len() {
        0 => return 64,
        1 => digits,
        2 if generic => digits,
        2 | 3 => &digits[..1],
        _ => &digits[..2],
    };
    if family.parse::<u32>().unwrap_or(0) >= 10 {
        32
    } else {
        64
    }
}

/// Whether a processor supports the XNACK target feature (may be Any/Off/On).
pub fn supports_xnack(processor: &str) -> bool {
    matches!(
        processor,
        "gfx801"
            | "gfx810"
            | "gfx900"
            | "gfx902"
            | "gfx904"
            | "gfx906"
            | "gfx908"
            | "gfx909"
            | "gfx90a"
            | "gfx90c"
            | "gfx940"
            | "gfx941"
            | "gfx942"
            | "gfx950"
            | "gfx1010"
            | "gfx1011"
            | "gfx1012"
            | "gfx1013"
            | "gfx1250"
            | "gfx1251"
            | "gfx9-generic"
            | "gfx9-4-generic"
            | "gfx10-1-generic"
    )
}

/// Whether a processor supports the SRAMECC target feature (may be Any/Off/On).
pub fn supports_sramecc(processor: &str) -> bool {
    matches!(
        processor,
        "gfx906"
            | "gfx908"
            | "gfx90a"
            | "gfx940"
            | "gfx941"
            | "gfx942"
            | "gfx950"
            | "gfx1250"
            | "gfx1251"
            | "gfx9-4-generic"
    )
}

/// The setting of a target feature (XNACK or SRAMECC) a code object was compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feature {
    /// The processor does not support the feature.
    Unsupported,
    /// Compiled to run with the feature either on or off.
    Any,
    /// Compiled for the feature off (`-` in a target ID).
    Off,
    /// Compiled for the feature on (`+` in a target ID).
    On,
}

impl Feature {
    /// The target-ID suffix: `Some('+')`, `Some('-')`, or `None` (Any/Unsupported: omitted).
    pub fn suffix(self) -> Option<char> {
        match self {
            Feature::On => Some('+'),
            Feature::Off => Some('-'),
            Feature::Any | Feature::Unsupported => None,
        }
    }

    /// A lower-case name: `unsupported`, `any`, `off`, `on`.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Unsupported => "unsupported",
            Feature::Any => "any",
            Feature::Off => "off",
            Feature::On => "on",
        }
    }
}

impl fmt::Display for Feature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The ELF OS ABI (`EI_OSABI`) of an AMDGPU code object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OsAbi {
    /// `ELFOSABI_NONE` (0).
    None,
    /// `ELFOSABI_AMDGPU_HSA` (64): ROCm/HSA code objects.
    Hsa,
    /// `ELFOSABI_AMDGPU_PAL` (65).
    Pal,
    /// `ELFOSABI_AMDGPU_MESA3D` (66).
    Mesa3d,
    /// Any other value.
    Other(u8),
}

impl OsAbi {
    /// Decodes `EI_OSABI`.
    pub fn from_u8(value: u8) -> OsAbi {
        match value {
            0 => OsAbi::None,
            ELFOSABI_AMDGPU_HSA => OsAbi::Hsa,
            ELFOSABI_AMDGPU_PAL => OsAbi::Pal,
            ELFOSABI_AMDGPU_MESA3D => OsAbi::Mesa3d,
            other => OsAbi::Other(other),
        }
    }

    /// The triple's OS component: `amdhsa`, `amdpal`, `mesa3d` or `unknown`.
    pub fn triple_os(self) -> &'static str {
        match self {
            OsAbi::Hsa => "amdhsa",
            OsAbi::Pal => "amdpal",
            OsAbi::Mesa3d => "mesa3d",
            OsAbi::None | OsAbi::Other(_) => "unknown",
        }
    }
}

impl fmt::Display for OsAbi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OsAbi::None => f.write_str("none"),
            OsAbi::Hsa => f.write_str("AMDGPU HSA"),
            OsAbi::Pal => f.write_str("AMDGPU PAL"),
            OsAbi::Mesa3d => f.write_str("AMDGPU MESA3D"),
            OsAbi::Other(v) => write!(f, "unknown ({v})"),
        }
    }
}

/// What a code object was compiled for, decoded from its ELF header.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TargetId {
    /// The processor, e.g. `gfx90a`; `unknown-mach-0xNN` for a value LLVM does not know,
    /// `none` for `EF_AMDGPU_MACH_NONE`.
    pub processor: String,
    /// The raw `EF_AMDGPU_MACH` value.
    pub mach: u32,
    /// The XNACK setting.
    pub xnack: Feature,
    /// The SRAMECC setting.
    pub sramecc: Feature,
    /// The code object version (2..=6) for the HSA OS ABI; `None` for other OS ABIs or an
    /// `EI_ABIVERSION` this library does not know.
    pub code_object_version: Option<u8>,
    /// The OS ABI.
    pub os_abi: OsAbi,
    /// The raw `EI_ABIVERSION`.
    pub abi_version: u8,
    /// The generic target version (`EF_AMDGPU_GENERIC_VERSION`, code object v6+), if non-zero.
    pub generic_version: Option<u8>,
    /// The raw `e_flags`.
    pub e_flags: u32,
}

impl TargetId {
    /// Decodes the target from `e_flags`, `EI_OSABI` and `EI_ABIVERSION`.
    pub fn from_elf(e_flags: u32, os_abi: u8, abi_version: u8) -> TargetId {
        let os_abi = OsAbi::from_u8(os_abi);
        let code_object_version = match os_abi {
            OsAbi::Hsa if abi_version <= 4 => Some(abi_version + 2),
            _ => None,
        };
        let mach = e_flags & EF_AMDGPU_MACH;
        let processor = match processor_name(mach) {
            Some(name) => name.to_string(),
            None if mach == 0 => "none".to_string(),
            None => format!("unknown-mach-{mach:#04x}"),
        };
        // Only HSA code objects v4 and later use the any/off/on fields. LLVM writes every
        // other OS ABI (PAL, Mesa3D, none) and HSA v2/v3 with single bits (the processor in
        // EF_AMDGPU_MACH, XNACK and SRAMECC each "on" when set), and llvm-readelf reads
        // them that way; the v2-only 0x01 XNACK bit predates EF_AMDGPU_MACH and would
        // collide with it.
        let single_bits = !(os_abi == OsAbi::Hsa && abi_version >= 2);
        let (xnack, sramecc) = match single_bits {
            true => (
                legacy_feature(
                    e_flags & EF_AMDGPU_FEATURE_XNACK_V3 != 0,
                    supports_xnack(&processor),
                ),
                legacy_feature(
                    e_flags & EF_AMDGPU_FEATURE_SRAMECC_V3 != 0,
                    supports_sramecc(&processor),
                ),
            ),
            false => (
                field_feature((e_flags & EF_AMDGPU_FEATURE_XNACK_V4) >> 8),
                field_feature((e_flags & EF_AMDGPU_FEATURE_SRAMECC_V4) >> 10),
            ),
        };
        let generic = ((e_flags & EF_AMDGPU_GENERIC_VERSION) >> 24) as u8;
        TargetId {
            processor,
            mach,
            xnack,
            sramecc,
            code_object_version,
            os_abi,
            abi_version,
            generic_version: (generic != 0).then_some(generic),
            e_flags,
        }
    }

    /// The canonical target ID, e.g. `gfx90a:sramecc+:xnack-` (features in alphabetical
    /// order, Any and Unsupported omitted), as used in offload bundle entry IDs.
    pub fn target_id(&self) -> String {
        let mut s = self.processor.clone();
        if let Some(c) = self.sramecc.suffix() {
            s.push_str(":sramecc");
            s.push(c);
        }
        if let Some(c) = self.xnack.suffix() {
            s.push_str(":xnack");
            s.push(c);
        }
        s
    }

    /// The target triple, e.g. `amdgcn-amd-amdhsa`.
    pub fn triple(&self) -> String {
        format!("amdgcn-amd-{}", self.os_abi.triple_os())
    }

    /// The processor's default wavefront size (see [`default_wave_size`]).
    pub fn default_wave_size(&self) -> u32 {
        default_wave_size(&self.processor)
    }
}

impl fmt::Display for TargetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.target_id())
    }
}

fn legacy_feature(set: bool, supported: bool) -> Feature {
    match (set, supported) {
        (true, _) => Feature::On,
        (false, true) => Feature::Off,
        (false, false) => Feature::Unsupported,
    }
}

fn field_feature(value: u32) -> Feature {
    match value & 3 {
        0 => Feature::Unsupported,
        1 => Feature::Any,
        2 => Feature::Off,
        _ => Feature::On,
    }
}

/// Splits a target ID such as `gfx90a:sramecc+:xnack-` into the processor and its features.
/// Returns `None` for a malformed feature (not ending in `+` or `-`).
pub fn parse_target_id(target_id: &str) -> Option<(&str, Vec<(&str, Feature)>)> {
    let mut parts = target_id.split(':');
    let processor = parts.next()?;
    let mut features = Vec::new();
    for part in parts {
        let (name, setting) = if let Some(n) = part.strip_suffix('+') {
            (n, Feature::On)
        } else if let Some(n) = part.strip_suffix('-') {
            (n, Feature::Off)
        } else {
            return None;
        };
        features.push((name, setting));
    }
    Some((processor, features))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        for (value, name) in MACH_NAMES {
            assert_eq!(processor_name(*value), Some(*name));
            assert_eq!(processor_mach(name), Some(*value));
        }
        assert_eq!(processor_name(0x4f), Some("gfx950"));
        assert_eq!(processor_name(0x5f), Some("gfx9-4-generic"));
        assert_eq!(processor_name(0x27), None);
    }

    #[test]
    fn wave_size_defaults() {
        for (p, w) in [
            ("gfx900", 64),
            ("gfx90a", 64),
            ("gfx942", 64),
            ("gfx950", 64),
            ("gfx9-generic", 64),
            ("gfx9-4-generic", 64),
            ("gfx600", 64),
            ("gfx1010", 32),
            ("gfx1030", 32),
            ("gfx10-1-generic", 32),
            ("gfx10-3-generic", 32),
            ("gfx11-generic", 32),
            ("gfx12-generic", 32),
            ("gfx1100", 32),
            ("gfx1201", 32),
            ("gfx1250", 32),
        ] {
            assert_eq!(default_wave_size(p), w, "{p}");
        }
    }

    #[test]
    fn flags_decode() {
        // clang 22 gfx90a:xnack-: COv6 (ABI version 4), sramecc any.
        let t = TargetId::from_elf(0x63f, 64, 4);
        assert_eq!(t.processor, "gfx90a");
        assert_eq!(t.xnack, Feature::Off);
        assert_eq!(t.sramecc, Feature::Any);
        assert_eq!(t.code_object_version, Some(6));
        assert_eq!(t.target_id(), "gfx90a:xnack-");
        let t = TargetId::from_elf(0x0100_055f, 64, 4);
        assert_eq!(t.processor, "gfx9-4-generic");
        assert_eq!(t.generic_version, Some(1));
        // v3: bits are on/off.
        let t = TargetId::from_elf(0x12f, 64, 1);
        assert_eq!((t.xnack, t.sramecc), (Feature::On, Feature::Off));
        assert_eq!(t.target_id(), "gfx906:sramecc-:xnack+");
        let t = TargetId::from_elf(0x36, 64, 1);
        assert_eq!(
            (t.xnack, t.sramecc),
            (Feature::Unsupported, Feature::Unsupported)
        );
        assert_eq!(
            parse_target_id("gfx90a:xnack+").unwrap().1,
            vec![("xnack", Feature::On)]
        );
    }
}
