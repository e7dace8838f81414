//! The data layout the DIOp size rules use: pointer widths per LLVM address space and the
//! ABI alignments that fix the sizes of arrays and structures, parsed from a module's
//! `target datalayout` string.

use super::types::{FloatKind, Type};

/// The `target datalayout` of the `amdgcn` target (LLVM 22).
pub const AMDGCN_DATALAYOUT: &str = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9";

/// Why a data layout string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad data layout component '{0}'")]
pub struct LayoutError(pub String);

impl LayoutError {
    /// What kind of failure this is: a data layout string that does not parse.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::Malformed
    }
}

/// Pointer widths and alignments, the parts of LLVM's `DataLayout` DIOp needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataLayout {
    /// (address space, pointer bits, ABI alignment bits), sorted by space.
    pointers: Vec<(u32, u32, u32)>,
    /// (integer bits, ABI alignment bits), sorted.
    ints: Vec<(u32, u32)>,
    /// (float bits, ABI alignment bits).
    floats: Vec<(u32, u32)>,
    /// (vector bits, ABI alignment bits).
    vectors: Vec<(u32, u32)>,
    /// ABI alignment of aggregates in bits (0 = that of the widest member).
    aggregate_align: u32,
    /// Alloca address space (`A`).
    alloca_space: u32,
}

impl Default for DataLayout {
    /// LLVM's defaults (an empty layout string).
    fn default() -> Self {
        DataLayout {
            pointers: vec![(0, 64, 64)],
            ints: vec![(1, 8), (8, 8), (16, 16), (32, 32), (64, 32), (128, 128)],
            floats: vec![(16, 16), (32, 32), (64, 64), (128, 128)],
            vectors: vec![(64, 64), (128, 128)],
            aggregate_align: 0,
            alloca_space: 0,
        }
    }
}

fn set(list: &mut Vec<(u32, u32)>, key: u32, val: u32) {
    match list.binary_search_by_key(&key, |e| e.0) {
        Ok(i) => list[i].1 = val,
        Err(i) => list.insert(i, (key, val)),
    }
}

impl DataLayout {
    /// The `amdgcn` layout.
    pub fn amdgcn() -> Self {
        DataLayout::parse(AMDGCN_DATALAYOUT).expect("the built-in amdgcn layout parses")
    }

    /// Parses a `target datalayout` string; components DIOp does not need are accepted and
    /// ignored, malformed ones are refused.
    pub fn parse(s: &str) -> Result<Self, LayoutError> {
        let mut dl = DataLayout::default();
        for comp in s.split('-').filter(|c| !c.is_empty()) {
            let bad = || LayoutError(comp.to_string());
            let num = |t: &str| t.parse::<u32>().map_err(|_| bad());
            let (head, rest) = comp.split_at(1);
            let fields: Vec<&str> = rest.split(':').collect();
            match head {
                "p" => {
                    let space = if fields[0].is_empty() {
                        0
                    } else {
                        num(fields[0])?
                    };
                    let bits = num(fields.get(1).ok_or_else(bad)?)?;
                    let align = fields.get(2).map(|a| num(a)).transpose()?.unwrap_or(bits);
                    if bits == 0 || bits > 1024 {
                        return Err(bad());
                    }
                    match dl.pointers.binary_search_by_key(&space, |e| e.0) {
                        Ok(i) => dl.pointers[i] = (space, bits, align),
                        Err(i) => dl.pointers.insert(i, (space, bits, align)),
                    }
                }
                "i" | "f" | "v" => {
                    let bits = num(fields[0])?;
                    let align = num(fields.get(1).ok_or_else(bad)?)?;
                    let list = match head {
                        "i" => &mut dl.ints,
                        "f" => &mut dl.floats,
                        _ => &mut dl.vectors,
                    };
                    set(list, bits, align);
                }
                "a" => {
                    dl.aggregate_align = fields.get(1).map(|a| num(a)).transpose()?.unwrap_or(0);
                }
                "A" => dl.alloca_space = num(rest)?,
                // Endianness, mangling, native widths, stack, program/global spaces,
                // non-integral spaces, function pointer alignment: not size rules.
                "e" | "E" | "m" | "n" | "S" | "P" | "G" | "F" => {}
                _ if comp.starts_with("ni") => {}
                _ => return Err(bad()),
            }
        }
        Ok(dl)
    }

    /// Width of a pointer in LLVM address space `space` (the default space's when the
    /// layout does not name it).
    pub fn pointer_bits(&self, space: u32) -> u32 {
        self.pointer(space).1
    }

    fn pointer(&self, space: u32) -> (u32, u32, u32) {
        match self.pointers.binary_search_by_key(&space, |e| e.0) {
            Ok(i) => self.pointers[i],
            Err(_) => self
                .pointers
                .iter()
                .find(|p| p.0 == 0)
                .copied()
                .unwrap_or((0, 64, 64)),
        }
    }

    /// The address space of `alloca`s.
    pub fn alloca_space(&self) -> u32 {
        self.alloca_space
    }

    /// `sizeof` in the DIOp rules: the type's size in bits (LLVM `getTypeSizeInBits`);
    /// `None` when the layout cannot size it (a named or target type, `void`).
    pub fn size_bits(&self, t: &Type) -> Option<u64> {
        Some(match t {
            Type::Int(n) => u64::from(*n),
            Type::Float(k) => u64::from(k.bits()),
            Type::Ptr { space, .. } => u64::from(self.pointer_bits(*space)),
            Type::Vector { count, elem } => u64::from(*count).checked_mul(self.size_bits(elem)?)?,
            Type::Array { .. } | Type::Struct { .. } => self.alloc_bits(t)?,
            Type::Named(_) | Type::Target { .. } | Type::Void => return None,
        })
    }

    /// Size with padding to the ABI alignment, as arrays and structures lay members out.
    pub fn alloc_bits(&self, t: &Type) -> Option<u64> {
        let store = match t {
            Type::Array { count, elem } => count.checked_mul(self.alloc_bits(elem)?)?,
            Type::Struct { packed, fields } => {
                let mut off: u64 = 0;
                for f in fields {
                    let a = if *packed { 8 } else { self.align_bits(f)? };
                    off = off.checked_next_multiple_of(a)?;
                    off = off.checked_add(self.alloc_bits(f)?)?;
                }
                off
            }
            _ => self.size_bits(t)?.checked_next_multiple_of(8)?,
        };
        store.checked_next_multiple_of(self.align_bits(t)?)
    }

    /// ABI alignment in bits.
    pub fn align_bits(&self, t: &Type) -> Option<u64> {
        let pick = |list: &[(u32, u32)], bits: u32| -> u64 {
            // LLVM: the entry for this width, else the next wider one, else the widest.
            list.iter()
                .find(|e| e.0 >= bits)
                .or(list.last())
                .map_or(8, |e| u64::from(e.1.max(8)))
        };
        Some(match t {
            Type::Int(n) => {
                // An integer wider than every entry takes the widest entry's alignment.
                pick(&self.ints, *n)
            }
            Type::Float(k) => {
                let b = if *k == FloatKind::X86Fp80 {
                    128
                } else {
                    k.bits()
                };
                self.floats
                    .iter()
                    .find(|e| e.0 == b)
                    .map_or(u64::from(b), |e| u64::from(e.1.max(8)))
            }
            Type::Ptr { space, .. } => u64::from(self.pointer(*space).2.max(8)),
            Type::Vector { .. } => {
                let bits = self.size_bits(t)?;
                match self.vectors.iter().find(|e| u64::from(e.0) == bits) {
                    Some(e) => u64::from(e.1.max(8)),
                    None => bits.checked_next_power_of_two()?.max(8),
                }
            }
            Type::Array { elem, .. } => self.align_bits(elem)?,
            Type::Struct { packed, fields } => {
                if *packed {
                    8
                } else {
                    let mut a = u64::from(self.aggregate_align).max(8);
                    for f in fields {
                        a = a.max(self.align_bits(f)?);
                    }
                    a
                }
            }
            Type::Named(_) | Type::Target { .. } | Type::Void => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(s: &str) -> Option<u64> {
        DataLayout::amdgcn().size_bits(&Type::parse(s).unwrap())
    }

    #[test]
    fn amdgcn_sizes() {
        assert_eq!(size("ptr"), Some(64));
        assert_eq!(size("ptr addrspace(5)"), Some(32));
        assert_eq!(size("ptr addrspace(3)"), Some(32));
        assert_eq!(size("ptr addrspace(7)"), Some(160));
        assert_eq!(size("i33"), Some(33));
        assert_eq!(size("<3 x i32>"), Some(96));
        assert_eq!(size("<2 x i1>"), Some(2));
        assert_eq!(size("[3 x i8]"), Some(24));
        assert_eq!(size("{ i8, i32 }"), Some(64));
        assert_eq!(size("<{ i8, i32 }>"), Some(40));
        assert_eq!(size("{ i32, i64 }"), Some(128));
        assert_eq!(size("%struct.t"), None);
        assert_eq!(DataLayout::amdgcn().alloca_space(), 5);
    }

    #[test]
    fn default_layout_aligns_i64_to_32() {
        let dl = DataLayout::parse("").unwrap();
        assert_eq!(
            dl.size_bits(&Type::parse("{ i32, i64 }").unwrap()),
            Some(96)
        );
        assert!(DataLayout::parse("q:1").is_err());
    }
}
