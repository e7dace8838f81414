//! AMDGPU address spaces: their DWARF numbers and names, the processor table (family,
//! allowed wave sizes, default flat apertures), the scratch swizzle between the per-lane
//! (`private_lane`) and per-wave (`private_wave`) views, and flat (`generic`) address
//! resolution through the shared (LDS) and private apertures.
//!
//! | DWARF | name | address bits | storage |
//! |---|---|---|---|
//! | 0 | `global` (`DW_ASPACE_LLVM_none`, the default) | 64 | process-wide |
//! | 1 | `generic` | 64 | flat: LDS, the lane's scratch, or global |
//! | 2 | `region` | 32 | GDS |
//! | 3 | `local` | 32 | LDS of the work-group |
//! | 5 | `private_lane` | 32 | scratch, one lane's swizzled view |
//! | 6 | `private_wave` | 32 | scratch, the whole wave unswizzled |
//!
//! Swizzle: byte `p` of lane `L`'s private memory is byte
//! `(p / 4) · wave_size · 4 + L · 4 + p % 4` of the wave's scratch ([`swizzle`]).

use std::fmt;

use hetdwarf::target::{AddressScope, AddressSpace};

/// `DW_ASPACE_LLVM_none`: global memory, the default address space.
pub const DW_ASPACE_LLVM_NONE: u64 = 0;
/// `DW_ASPACE_AMDGPU_generic`: flat addresses.
pub const DW_ASPACE_AMDGPU_GENERIC: u64 = 1;
/// `DW_ASPACE_AMDGPU_region`: GDS.
pub const DW_ASPACE_AMDGPU_REGION: u64 = 2;
/// `DW_ASPACE_AMDGPU_local`: LDS.
pub const DW_ASPACE_AMDGPU_LOCAL: u64 = 3;
/// `DW_ASPACE_AMDGPU_private_lane`: swizzled per-lane scratch.
pub const DW_ASPACE_AMDGPU_PRIVATE_LANE: u64 = 5;
/// `DW_ASPACE_AMDGPU_private_wave`: unswizzled per-wave scratch.
pub const DW_ASPACE_AMDGPU_PRIVATE_WAVE: u64 = 6;

/// Size of one flat aperture (2^32 bytes).
pub const APERTURE_SIZE: u64 = 1 << 32;

/// The LLVM IR null value of 32-bit segment pointers (local, private): `0xffffffff`.
pub const SEGMENT_NULL: u64 = 0xffff_ffff;

/// An AMDGPU DWARF address space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AddressSpaceId {
    /// Global memory (`DW_ASPACE_LLVM_none`, 0), 64-bit.
    Global,
    /// Flat addresses (1), 64-bit.
    Generic,
    /// GDS (2), 32-bit.
    Region,
    /// LDS (3), 32-bit.
    Local,
    /// One lane's swizzled scratch (5), 32-bit.
    PrivateLane,
    /// The wave's unswizzled scratch (6), 32-bit.
    PrivateWave,
}

impl AddressSpaceId {
    /// Every address space, in DWARF-number order.
    pub const ALL: [AddressSpaceId; 6] = [
        AddressSpaceId::Global,
        AddressSpaceId::Generic,
        AddressSpaceId::Region,
        AddressSpaceId::Local,
        AddressSpaceId::PrivateLane,
        AddressSpaceId::PrivateWave,
    ];

    /// The DWARF number.
    pub fn number(self) -> u64 {
        match self {
            AddressSpaceId::Global => DW_ASPACE_LLVM_NONE,
            AddressSpaceId::Generic => DW_ASPACE_AMDGPU_GENERIC,
            AddressSpaceId::Region => DW_ASPACE_AMDGPU_REGION,
            AddressSpaceId::Local => DW_ASPACE_AMDGPU_LOCAL,
            AddressSpaceId::PrivateLane => DW_ASPACE_AMDGPU_PRIVATE_LANE,
            AddressSpaceId::PrivateWave => DW_ASPACE_AMDGPU_PRIVATE_WAVE,
        }
    }

    /// The address space with DWARF number `n` (4 is reserved: `None`).
    pub fn from_number(n: u64) -> Option<AddressSpaceId> {
        AddressSpaceId::ALL.into_iter().find(|s| s.number() == n)
    }

    /// The name used by the wave-state format and in printed locations.
    pub fn name(self) -> &'static str {
        match self {
            AddressSpaceId::Global => "global",
            AddressSpaceId::Generic => "generic",
            AddressSpaceId::Region => "region",
            AddressSpaceId::Local => "local",
            AddressSpaceId::PrivateLane => "private_lane",
            AddressSpaceId::PrivateWave => "private_wave",
        }
    }

    /// The address space named `name` (also accepts `none` for global).
    pub fn from_name(name: &str) -> Option<AddressSpaceId> {
        if name == "none" {
            return Some(AddressSpaceId::Global);
        }
        AddressSpaceId::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Address width in bits (64 for global and generic, 32 otherwise).
    pub fn address_bits(self) -> u8 {
        match self {
            AddressSpaceId::Global | AddressSpaceId::Generic => 64,
            _ => 32,
        }
    }

    /// One past the largest address (`2^address_bits`).
    pub fn limit(self) -> u128 {
        1u128 << self.address_bits()
    }

    /// Which context owns the storage.
    pub fn scope(self) -> AddressScope {
        match self {
            AddressSpaceId::Global | AddressSpaceId::Region => AddressScope::Process,
            AddressSpaceId::Generic => AddressScope::Flat,
            AddressSpaceId::Local => AddressScope::Workgroup,
            AddressSpaceId::PrivateLane => AddressScope::Lane,
            AddressSpaceId::PrivateWave => AddressScope::Wave,
        }
    }

    /// The core's description of this address space.
    pub fn description(self) -> AddressSpace {
        AddressSpace::new(
            self.number(),
            self.name(),
            self.address_bits(),
            self.scope(),
        )
    }
}

impl fmt::Display for AddressSpaceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The flat-address apertures of a wave: where LDS (shared) and scratch (private) appear in
/// the generic address space. Each aperture is 2^32 bytes and 2^32-aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Apertures {
    /// Base of the shared (LDS) aperture.
    pub shared_base: u64,
    /// Base of the private (scratch) aperture.
    pub private_base: u64,
}

impl Default for Apertures {
    fn default() -> Self {
        Apertures::GFX9
    }
}

/// Where a flat (generic) address points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlatTarget {
    /// Global memory at this address.
    Global(u64),
    /// LDS at this 32-bit address.
    Local(u64),
    /// The focused lane's scratch at this 32-bit `private_lane` address.
    Private(u64),
}

impl Apertures {
    /// The GFX9+ layout ROCdbgapi uses: shared aperture at 2^48, private at 2^49.
    pub const GFX9: Apertures = Apertures {
        shared_base: 0x1_0000_0000_0000,
        private_base: 0x2_0000_0000_0000,
    };

    /// Whether both bases are 2^32-aligned and distinct.
    pub fn is_valid(&self) -> bool {
        self.shared_base.is_multiple_of(APERTURE_SIZE)
            && self.private_base.is_multiple_of(APERTURE_SIZE)
            && self.shared_base != self.private_base
    }

    /// Resolves a flat address: inside the shared aperture it is an LDS address, inside the
    /// private aperture a `private_lane` address of the focused lane, otherwise global.
    pub fn resolve(&self, generic: u64) -> FlatTarget {
        let page = generic & !(APERTURE_SIZE - 1);
        let low = generic & (APERTURE_SIZE - 1);
        if page == self.shared_base {
            FlatTarget::Local(low)
        } else if page == self.private_base {
            FlatTarget::Private(low)
        } else {
            FlatTarget::Global(generic)
        }
    }

    /// The flat address of `target` (the inverse of [`resolve`](Self::resolve)); `None` for
    /// a segment address that does not fit in 32 bits, or a global address that lies inside
    /// an aperture (it has no flat form).
    pub fn to_generic(&self, target: FlatTarget) -> Option<u64> {
        match target {
            FlatTarget::Local(a) if a < APERTURE_SIZE => Some(self.shared_base | a),
            FlatTarget::Private(a) if a < APERTURE_SIZE => Some(self.private_base | a),
            FlatTarget::Global(a) if matches!(self.resolve(a), FlatTarget::Global(_)) => Some(a),
            _ => None,
        }
    }

    /// The end of the segment (aperture or the global gap around it) containing `generic`:
    /// the first flat address that may resolve differently.
    pub fn segment_end(&self, generic: u64) -> u128 {
        u128::from(generic & !(APERTURE_SIZE - 1)) + u128::from(APERTURE_SIZE)
    }
}

/// The processor families this crate models (GFX major version).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ProcessorInfo {
    /// The processor name (`gfx90a`).
    pub name: &'static str,
    /// The GFX family (6..=12).
    pub family: u32,
    /// The wave sizes the processor can run (GFX6-9: 64; GFX10-12: 32 or 64; gfx125x: 32).
    pub wave_sizes: &'static [u32],
    /// The default flat apertures (GFX9+ architectural values; GFX7/8 read theirs from the
    /// queue, for which the same defaults are used).
    pub apertures: Apertures,
}

impl ProcessorInfo {
    /// Whether the processor can run `wave_size` lanes.
    pub fn allows_wave_size(&self, wave_size: u32) -> bool {
        self.wave_sizes.contains(&wave_size)
    }

    /// The default wave size (the first allowed one: 64 for GFX6-9, 32 for GFX10+).
    pub fn default_wave_size(&self) -> u32 {
        self.wave_sizes[0]
    }
}

/// The table entry of an amdgcn processor known to the code-object processor table
/// ([`crate::target::MACH_NAMES`]); `None` for unknown names and r600 processors.
pub fn processor_info(name: &str) -> Option<ProcessorInfo> {
    let mach = crate::target::processor_mach(name)?;
    if crate::target::is_r600(mach) {
        return None;
    }
    let name = crate::target::processor_name(mach)?;
    let rest = name.strip_prefix("gfx")?;
    let digits = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
    let generic = rest.as_bytes().get(digits.len()) == Some(&b'-');
    let family: u32 = match digits.len() {
        1 => digits.parse().ok()?,
        2 if generic => digits.parse().ok()?,
        2 | 3 => digits[..1].parse().ok()?,
        _ => digits[..2].parse().ok()?,
    };
    let wave_sizes: &'static [u32] = if family <= 9 {
        &[64]
    } else if name.starts_with("gfx125") {
        &[32]
    } else {
        &[32, 64]
    };
    Some(ProcessorInfo {
        name,
        family,
        wave_sizes,
        apertures: Apertures::GFX9,
    })
}

/// The `private_wave` address of byte `p` of lane `lane`'s private memory:
/// `(p / 4) · wave_size · 4 + lane · 4 + p % 4`. `None` if it would not fit the 32-bit
/// `private_wave` space.
pub fn swizzle(p: u64, lane: u32, wave_size: u32) -> Option<u64> {
    let w =
        u128::from(p / 4) * u128::from(wave_size) * 4 + u128::from(lane) * 4 + u128::from(p % 4);
    (w < u128::from(APERTURE_SIZE)).then_some(w as u64)
}

/// The lane and `private_lane` address of `private_wave` address `w` (the inverse of
/// [`swizzle`]).
pub fn unswizzle(w: u64, wave_size: u32) -> (u32, u64) {
    let ws = u64::from(wave_size.max(1));
    let dword = w / 4;
    let lane = (dword % ws) as u32;
    (lane, (dword / ws) * 4 + w % 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swizzle_round_trips() {
        for ws in [32, 64] {
            for lane in [0, 1, ws - 1] {
                for p in [0u64, 1, 3, 4, 7, 0x10, 0x1234] {
                    let w = swizzle(p, lane, ws).unwrap();
                    assert_eq!(unswizzle(w, ws), (lane, p));
                }
            }
        }
        assert_eq!(swizzle(0x10, 3, 64), Some(4 * 256 + 12));
        assert_eq!(swizzle(0xffff_fff0, 0, 64), None);
    }

    #[test]
    fn processors() {
        let p = processor_info("gfx90a").unwrap();
        assert_eq!((p.family, p.wave_sizes), (9, &[64][..]));
        let p = processor_info("gfx1100").unwrap();
        assert_eq!((p.family, p.default_wave_size()), (11, 32));
        assert!(p.allows_wave_size(64));
        assert_eq!(processor_info("gfx1250").unwrap().wave_sizes, &[32]);
        assert_eq!(processor_info("gfx11-generic").unwrap().family, 11);
        assert_eq!(processor_info("gfx9-4-generic").unwrap().family, 9);
        assert_eq!(processor_info("gfx600").unwrap().family, 6);
        assert!(processor_info("r600").is_none());
        assert!(processor_info("gfx999").is_none());
    }
}
