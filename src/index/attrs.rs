//! Attribute numbers of the LLVM heterogeneous-debugging extensions, in both generations.
//!
//! The AMD extension document first assigned `DW_AT_LLVM_active_lane` .. `vector_size` the
//! codes 0x3e08..0x3e0c; upstream LLVM later gave those codes to pointer-authentication and
//! other attributes and moved the AMD ones to 0x3e0f..0x3e13. Which generation an object
//! uses is a producer convention ([`AttributeNumbering`]).
//!
//! Also attribute readers that must not trust the input further than gimli's do
//! (`die_ranges`).

/// Attribute codes.
pub mod at {
    use gimli::DwAt;

    /// `DW_AT_LLVM_memory_space` (current numbering).
    pub const LLVM_MEMORY_SPACE: DwAt = DwAt(0x3e0f);
    /// `DW_AT_LLVM_address_space` (current numbering).
    pub const LLVM_ADDRESS_SPACE: DwAt = DwAt(0x3e10);
    /// `DW_AT_LLVM_lanes` (current numbering).
    pub const LLVM_LANES: DwAt = DwAt(0x3e11);
    /// `DW_AT_LLVM_lane_pc` (current numbering).
    pub const LLVM_LANE_PC: DwAt = DwAt(0x3e12);
    /// `DW_AT_LLVM_vector_size` (current numbering).
    pub const LLVM_VECTOR_SIZE: DwAt = DwAt(0x3e13);
    /// `DW_AT_LLVM_active_lane` (old numbering; no current number exists).
    pub const OLD_LLVM_ACTIVE_LANE: DwAt = DwAt(0x3e08);
    /// `DW_AT_LLVM_augmentation` (old numbering).
    pub const OLD_LLVM_AUGMENTATION: DwAt = DwAt(0x3e09);
    /// `DW_AT_LLVM_lanes` (old numbering).
    pub const OLD_LLVM_LANES: DwAt = DwAt(0x3e0a);
    /// `DW_AT_LLVM_lane_pc` (old numbering).
    pub const OLD_LLVM_LANE_PC: DwAt = DwAt(0x3e0b);
    /// `DW_AT_LLVM_vector_size` (old numbering).
    pub const OLD_LLVM_VECTOR_SIZE: DwAt = DwAt(0x3e0c);
}

/// Which generation of `DW_AT_LLVM_*` numbers a producer uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttributeNumbering {
    /// 0x3e0f..0x3e13 (LLVM 19+ `Dwarf.def`); 0x3e08..0x3e0c are upstream's ptrauth and
    /// other attributes.
    Current,
    /// 0x3e08..0x3e0c as the original AMD extension document assigned them.
    Old,
}

impl AttributeNumbering {
    /// The code of `DW_AT_LLVM_lanes` under this numbering.
    pub fn lanes(self) -> gimli::DwAt {
        match self {
            AttributeNumbering::Current => at::LLVM_LANES,
            AttributeNumbering::Old => at::OLD_LLVM_LANES,
        }
    }

    /// The code of `DW_AT_LLVM_lane_pc` under this numbering.
    pub fn lane_pc(self) -> gimli::DwAt {
        match self {
            AttributeNumbering::Current => at::LLVM_LANE_PC,
            AttributeNumbering::Old => at::OLD_LLVM_LANE_PC,
        }
    }

    /// The code of `DW_AT_LLVM_active_lane` under this numbering (none in the current one).
    pub fn active_lane(self) -> Option<gimli::DwAt> {
        match self {
            AttributeNumbering::Current => None,
            AttributeNumbering::Old => Some(at::OLD_LLVM_ACTIVE_LANE),
        }
    }

    /// The code of `DW_AT_LLVM_vector_size` under this numbering.
    pub fn vector_size(self) -> gimli::DwAt {
        match self {
            AttributeNumbering::Current => at::LLVM_VECTOR_SIZE,
            AttributeNumbering::Old => at::OLD_LLVM_VECTOR_SIZE,
        }
    }
}

/// Calls `f` with each address range of `entry` (`DW_AT_low_pc` with `DW_AT_high_pc`, or
/// `DW_AT_ranges`), as gimli's `Dwarf::die_ranges` reads them, except that a
/// `DW_AT_high_pc` size that carries the end past 2^64 gives no range instead of wrapping
/// (gimli adds unchecked: a wrong range in a release build, a panic with overflow checks).
pub(crate) fn die_ranges<'a>(
    dwarf: &gimli::Dwarf<super::Reader<'a>>,
    unit: &super::GimliUnit<'a>,
    entry: &gimli::DebuggingInformationEntry<super::Reader<'a>>,
    mut f: impl FnMut(std::ops::Range<u64>),
) -> gimli::Result<()> {
    let (mut low, mut high, mut size) = (None, None, None);
    for attr in entry.attrs() {
        match attr.name() {
            gimli::DW_AT_low_pc => {
                low = Some(
                    dwarf
                        .attr_address(unit, attr.value())?
                        .ok_or(gimli::Error::UnsupportedAttributeForm(attr.form()))?,
                );
            }
            gimli::DW_AT_high_pc => match attr.value() {
                gimli::AttributeValue::Udata(v) => size = Some(v),
                value => {
                    high = Some(
                        dwarf
                            .attr_address(unit, value)?
                            .ok_or(gimli::Error::UnsupportedAttributeForm(attr.form()))?,
                    );
                }
            },
            gimli::DW_AT_ranges => {
                if let Some(mut list) = dwarf.attr_ranges(unit, attr.value())? {
                    while let Some(r) = list.next()? {
                        f(r.begin..r.end);
                    }
                    return Ok(());
                }
            }
            _ => {}
        }
    }
    if let Some(begin) = low {
        let end = match size {
            Some(s) => begin.checked_add(s),
            None => high,
        };
        if let Some(end) = end {
            f(begin..end);
        }
    }
    Ok(())
}
