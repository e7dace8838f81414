//! Attribute numbers of the LLVM heterogeneous-debugging extensions, in both generations.
//!
//! The AMD extension document first assigned `DW_AT_LLVM_active_lane` .. `vector_size` the
//! codes 0x3e08..0x3e0c; upstream LLVM later gave those codes to pointer-authentication and
//! other attributes and moved the AMD ones to 0x3e0f..0x3e13. Which generation an object
//! uses is a producer convention ([`AttributeNumbering`]).

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
