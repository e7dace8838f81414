//! Target descriptions: the few facts about a processor that the target-independent
//! evaluator needs (register widths and classes by DWARF number, address spaces and their
//! widths, the default address space, the generic type, the wavefront's lane count) and the
//! register names expressions are printed with.
//!
//! Nothing here knows a particular processor; the AMDGPU crate builds a [`Target`] for each
//! code object (wave32 or wave64) and hands it to the evaluator through its context.

#![warn(missing_docs)]

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use crate::expr::{NoRegisterNames, RegisterNames};

/// Which execution context an address space's storage belongs to.
///
/// A memory location in a scoped address space captures the context (for instance the lane)
/// that was current when the location was created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressScope {
    /// One storage per process (global memory).
    Process,
    /// One storage per work-group (LDS).
    Workgroup,
    /// One storage per wavefront (unswizzled scratch).
    Wave,
    /// One storage per lane (swizzled scratch); needs a current lane.
    Lane,
    /// A flat address that may resolve to any of the other scopes (generic); captures the
    /// current lane when there is one.
    Flat,
}

/// One DWARF address space (`DW_ASPACE_*`) defined by a target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AddressSpace {
    /// The DWARF address space number.
    pub number: u64,
    /// A short name for display (`"private_wave"`).
    pub name: Cow<'static, str>,
    /// Width of an address in this space, in bits (1..=64).
    pub address_bits: u8,
    /// Which context owns the storage.
    pub scope: AddressScope,
}

impl AddressSpace {
    /// A new address space description.
    pub fn new(
        number: u64,
        name: impl Into<Cow<'static, str>>,
        address_bits: u8,
        scope: AddressScope,
    ) -> Self {
        AddressSpace {
            number,
            name: name.into(),
            address_bits: address_bits.clamp(1, 64),
            scope,
        }
    }

    /// Size of the space's storage in bits (`2^address_bits` bytes).
    #[inline]
    pub fn size_bits(&self) -> u128 {
        crate::eval::location::memory_size_bits(self.address_bits)
    }
}

/// How a register's storage relates to the lanes of a thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RegisterClass {
    /// One value for the whole thread, whatever its lanes (AMDGPU's SGPRs, EXEC, VCC, PC).
    #[default]
    Scalar,
    /// One element per lane, lane 0 in the lowest bits (AMDGPU's VGPRs and AGPRs: a dword
    /// per lane). Producers may name such a register where they mean the current lane's
    /// element.
    Vector,
}

/// A run of consecutive DWARF register numbers with the same width and class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegisterRange {
    /// First DWARF register number.
    pub first: u64,
    /// How many consecutive numbers.
    pub count: u64,
    /// Width of each register in bits.
    pub bits: u32,
    /// Display name: used as is when `count == 1`, else as a prefix followed by the index.
    pub name: Cow<'static, str>,
    /// Index printed for `first` (for instance 64 for SGPR64 at DWARF number 1088).
    pub first_index: u64,
    /// Scalar or per-lane.
    pub class: RegisterClass,
}

impl RegisterRange {
    /// A range of `count` scalar registers starting at DWARF number `first`, each `bits`
    /// wide, named `name` followed by `first_index`, `first_index + 1`, ...
    pub fn new(
        first: u64,
        count: u64,
        bits: u32,
        name: impl Into<Cow<'static, str>>,
        first_index: u64,
    ) -> Self {
        RegisterRange {
            first,
            count,
            bits,
            name: name.into(),
            first_index,
            class: RegisterClass::Scalar,
        }
    }

    /// A single named scalar register.
    pub fn single(number: u64, bits: u32, name: impl Into<Cow<'static, str>>) -> Self {
        RegisterRange::new(number, 1, bits, name, 0)
    }

    /// The same range with registers of `class`.
    pub fn with_class(mut self, class: RegisterClass) -> Self {
        self.class = class;
        self
    }

    #[inline]
    fn contains(&self, reg: u64) -> bool {
        reg >= self.first && reg - self.first < self.count
    }
}

/// A run of DWARF register numbers that the target leaves unmapped although they name
/// registers of its architecture in another configuration (on AMDGPU: the other wave
/// size's vector registers). Reading them is an error, as for any unmapped number; their
/// class still says what a producer meant by them, and `why` tells a user what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnmappedRange {
    /// First DWARF register number.
    pub first: u64,
    /// How many consecutive numbers.
    pub count: u64,
    /// The class the numbers have where they are mapped.
    pub class: RegisterClass,
    /// What the numbers are, for messages (`"a wave32 vector register number in a wave64
    /// function"`), if anything more than "unmapped" is worth saying.
    pub why: Option<Cow<'static, str>>,
}

impl UnmappedRange {
    /// `count` numbers from `first` of registers of `class`, with nothing more to say.
    pub fn new(first: u64, count: u64, class: RegisterClass) -> Self {
        UnmappedRange {
            first,
            count,
            class,
            why: None,
        }
    }

    /// The same range, described to users as `why`.
    pub fn with_why(mut self, why: impl Into<Cow<'static, str>>) -> Self {
        self.why = Some(why.into());
        self
    }

    #[inline]
    fn contains(&self, reg: u64) -> bool {
        reg >= self.first && reg - self.first < self.count
    }
}

/// The register names a target hands out for printing and assembling expressions
/// ([`Target::register_names`]).
///
/// Two targets' namings compare equal when they are the same shared object: a naming has
/// no other identity, and the AMDGPU crate gives every target it builds the same one.
#[derive(Clone)]
struct SharedNames(Arc<dyn RegisterNames + Send + Sync>);

impl PartialEq for SharedNames {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for SharedNames {}

impl fmt::Debug for SharedNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RegisterNames")
    }
}

/// A DWARF register number the target does not map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unable to access DWARF register number {0}")]
pub struct UnmappedRegister(pub u64);

/// What the evaluator needs to know about the target processor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    name: Cow<'static, str>,
    generic_bits: u32,
    default_aspace: u64,
    lanes: u32,
    registers: Vec<RegisterRange>,
    /// Sorted by first number; never overlapping `registers` where looked up (mapped
    /// numbers are answered from `registers` first).
    unmapped: Vec<UnmappedRange>,
    /// How expressions print register operands; `None`: as numbers.
    names: Option<SharedNames>,
    /// Width in bits of each register numbered below [`DENSE_REGISTERS`] (0 = unmapped
    /// or wider than `u16`), derived from `registers`: evaluation asks for register widths
    /// on nearly every location, and AMDGPU's numbers all fall below the bound.
    dense_bits: Vec<u16>,
    address_spaces: Vec<AddressSpace>,
    /// For each space numbered below [`DENSE_SPACES`], its index in `address_spaces` plus
    /// one (0 = undefined), derived from `address_spaces`: memory locations look their
    /// space up at every `breg*`, `fbreg` and `xderef`.
    dense_spaces: [u8; DENSE_SPACES],
    /// Widest address of any address space (derived from `address_spaces`).
    max_address_bits: u8,
    /// LLVM IR address space → DWARF address space, for lowering and evaluating DIOp
    /// expressions (sorted by LLVM number).
    llvm_spaces: Vec<(u32, u64)>,
}

/// Register numbers below this bound have their width in a direct table.
const DENSE_REGISTERS: u64 = 4096;

/// Address space numbers below this bound are found through a direct table.
const DENSE_SPACES: usize = 16;

impl Target {
    /// A target whose generic type is `generic_bits` wide (little-endian), with `lanes` lanes
    /// per thread, and one default address space `DW_ASPACE_LLVM_none` (0) whose addresses are
    /// `generic_bits` wide. Add registers and further address spaces with the builders.
    pub fn new(name: impl Into<Cow<'static, str>>, generic_bits: u32, lanes: u32) -> Self {
        let generic_bits = generic_bits.clamp(8, 64);
        Target {
            name: name.into(),
            generic_bits,
            default_aspace: 0,
            lanes: lanes.max(1),
            registers: Vec::new(),
            unmapped: Vec::new(),
            names: None,
            dense_bits: Vec::new(),
            address_spaces: vec![AddressSpace::new(
                0,
                "none",
                generic_bits as u8,
                AddressScope::Process,
            )],
            dense_spaces: {
                let mut d = [0; DENSE_SPACES];
                d[0] = 1;
                d
            },
            max_address_bits: generic_bits as u8,
            llvm_spaces: Vec::new(),
        }
    }

    /// Maps LLVM IR address space `llvm` to DWARF address space `dwarf` (which should be
    /// defined with [`with_address_space`](Target::with_address_space)).
    pub fn with_llvm_address_space(mut self, llvm: u32, dwarf: u64) -> Self {
        match self.llvm_spaces.binary_search_by_key(&llvm, |e| e.0) {
            Ok(i) => self.llvm_spaces[i].1 = dwarf,
            Err(i) => self.llvm_spaces.insert(i, (llvm, dwarf)),
        }
        self
    }

    /// The DWARF address space of LLVM IR address space `llvm`, when the target maps it.
    pub fn dwarf_address_space_of_llvm(&self, llvm: u32) -> Option<u64> {
        self.llvm_spaces
            .binary_search_by_key(&llvm, |e| e.0)
            .ok()
            .map(|i| self.llvm_spaces[i].1)
    }

    /// Adds (or replaces overlapping numbers with) a register range.
    pub fn with_registers(mut self, range: RegisterRange) -> Self {
        self.registers.retain(|r| {
            !(r.first < range.first.saturating_add(range.count)
                && range.first < r.first.saturating_add(r.count))
        });
        let pos = self.registers.partition_point(|r| r.first < range.first);
        self.registers.insert(pos, range);
        self.rebuild_dense_bits();
        self
    }

    /// Declares numbers the target leaves unmapped although they name registers of
    /// `range.class` in another configuration of the architecture (replacing the
    /// declarations it overlaps). Mapped numbers stay mapped.
    pub fn with_unmapped_registers(mut self, range: UnmappedRange) -> Self {
        self.unmapped.retain(|r| {
            !(r.first < range.first.saturating_add(range.count)
                && range.first < r.first.saturating_add(r.count))
        });
        let pos = self.unmapped.partition_point(|r| r.first < range.first);
        self.unmapped.insert(pos, range);
        self
    }

    /// Hands out `names` for printing and assembling this target's expressions (the
    /// AMDGPU crate's is the naming `llvm-dwarfdump` prints). Without it register operands
    /// print as numbers (`DW_OP_regx 0x41`) and only numbers parse.
    pub fn with_register_names(mut self, names: Arc<dyn RegisterNames + Send + Sync>) -> Self {
        self.names = Some(SharedNames(names));
        self
    }

    fn rebuild_dense_bits(&mut self) {
        let end = self
            .registers
            .iter()
            .map(|r| r.first.saturating_add(r.count))
            .max()
            .unwrap_or(0)
            .min(DENSE_REGISTERS);
        self.dense_bits.clear();
        self.dense_bits.resize(end as usize, 0);
        for r in &self.registers {
            let Ok(bits) = u16::try_from(r.bits) else {
                continue;
            };
            let last = r.first.saturating_add(r.count).min(end);
            for reg in r.first.min(end)..last {
                self.dense_bits[reg as usize] = bits;
            }
        }
    }

    /// Adds (or replaces) an address space.
    pub fn with_address_space(mut self, space: AddressSpace) -> Self {
        self.address_spaces.retain(|s| s.number != space.number);
        self.address_spaces.push(space);
        self.address_spaces.sort_by_key(|s| s.number);
        self.dense_spaces = [0; DENSE_SPACES];
        for (i, s) in self.address_spaces.iter().enumerate() {
            if let (Ok(n), Ok(i)) = (usize::try_from(s.number), u8::try_from(i + 1))
                && n < DENSE_SPACES
            {
                self.dense_spaces[n] = i;
            }
        }
        self.max_address_bits = self
            .address_spaces
            .iter()
            .map(|s| s.address_bits)
            .max()
            .unwrap_or(64);
        self
    }

    /// Chooses the default address space (it must be defined; `DW_ASPACE_LLVM_none` = 0 by
    /// default).
    pub fn with_default_address_space(mut self, number: u64) -> Self {
        if self.address_space(number).is_some() {
            self.default_aspace = number;
        }
        self
    }

    /// The target's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Width of the generic type in bits (64 on AMDGPU). The generic type is little-endian.
    #[inline]
    pub fn generic_bits(&self) -> u32 {
        self.generic_bits
    }

    /// Lanes per thread (the wavefront size on AMDGPU).
    #[inline]
    pub fn lanes(&self) -> u32 {
        self.lanes
    }

    /// Width in bits of DWARF register `reg`, or an error for unmapped numbers.
    #[inline]
    pub fn register_bits(&self, reg: u64) -> Result<u32, UnmappedRegister> {
        if let Some(&bits) = usize::try_from(reg)
            .ok()
            .and_then(|i| self.dense_bits.get(i))
            && bits != 0
        {
            return Ok(bits.into());
        }
        self.register_bits_searched(reg)
    }

    fn register_bits_searched(&self, reg: u64) -> Result<u32, UnmappedRegister> {
        let pos = self.registers.partition_point(|r| r.first <= reg);
        match pos.checked_sub(1).map(|i| &self.registers[i]) {
            Some(r) if r.contains(reg) => Ok(r.bits),
            _ => Err(UnmappedRegister(reg)),
        }
    }

    fn mapped_range(&self, reg: u64) -> Option<&RegisterRange> {
        let pos = self.registers.partition_point(|r| r.first <= reg);
        let r = &self.registers[pos.checked_sub(1)?];
        r.contains(reg).then_some(r)
    }

    /// The class of DWARF register `reg`, or `None` when the target does not map it.
    pub fn register_class(&self, reg: u64) -> Option<RegisterClass> {
        self.mapped_range(reg).map(|r| r.class)
    }

    /// What the target says of DWARF number `reg` when it leaves it unmapped although the
    /// number names a register in another configuration
    /// ([`with_unmapped_registers`](Target::with_unmapped_registers)); `None` for mapped
    /// numbers and numbers it says nothing of.
    pub fn unmapped_register(&self, reg: u64) -> Option<&UnmappedRange> {
        if self.mapped_range(reg).is_some() {
            return None;
        }
        let pos = self.unmapped.partition_point(|r| r.first <= reg);
        let r = &self.unmapped[pos.checked_sub(1)?];
        r.contains(reg).then_some(r)
    }

    /// Whether DWARF number `reg` names a per-lane register
    /// ([`RegisterClass::Vector`]): one the target maps, or one it leaves unmapped but
    /// declares a vector register of another configuration. What a producer meant by an
    /// expression naming it depends on this even where reading it fails.
    pub fn is_vector_register(&self, reg: u64) -> bool {
        let class = match self.register_class(reg) {
            Some(class) => Some(class),
            None => self.unmapped_register(reg).map(|r| r.class),
        };
        class == Some(RegisterClass::Vector)
    }

    /// The register names expressions of this target print with (and assemble from):
    /// what [`with_register_names`](Target::with_register_names) gave, else
    /// [`NoRegisterNames`] (numbers only).
    pub fn register_names(&self) -> &dyn RegisterNames {
        match &self.names {
            Some(names) => &*names.0,
            None => &NoRegisterNames,
        }
    }

    /// How messages name DWARF register `reg`: `s33 (DWARF 65)`, or `DWARF 65` when the
    /// target has no name for it.
    pub fn register_label(&self, reg: u64) -> String {
        match self.register_name(reg) {
            Some(name) => format!("{name} (DWARF {reg})"),
            None => format!("DWARF {reg}"),
        }
    }

    /// Display name of DWARF register `reg`, if mapped.
    pub fn register_name(&self, reg: u64) -> Option<String> {
        let r = self.mapped_range(reg)?;
        Some(if r.count == 1 {
            r.name.to_string()
        } else {
            format!("{}{}", r.name, r.first_index + (reg - r.first))
        })
    }

    /// The address space numbered `number`, if the target defines it.
    #[inline]
    pub fn address_space(&self, number: u64) -> Option<&AddressSpace> {
        if let Some(&i) = usize::try_from(number)
            .ok()
            .and_then(|n| self.dense_spaces.get(n))
        {
            return usize::from(i)
                .checked_sub(1)
                .map(|i| &self.address_spaces[i]);
        }
        self.address_spaces
            .binary_search_by_key(&number, |s| s.number)
            .ok()
            .map(|i| &self.address_spaces[i])
    }

    /// All address spaces, by number.
    pub fn address_spaces(&self) -> &[AddressSpace] {
        &self.address_spaces
    }

    /// The default address space number (`DW_OP_addr`, generic values as locations).
    #[inline]
    pub fn default_address_space(&self) -> u64 {
        self.default_aspace
    }

    /// Address width of the default address space in bits.
    #[inline]
    pub fn default_address_bits(&self) -> u8 {
        self.address_space(self.default_aspace)
            .map_or(self.generic_bits as u8, |s| s.address_bits)
    }

    /// Widest address of any address space, in bits (bounds composite sizes).
    #[inline]
    pub fn max_address_bits(&self) -> u8 {
        self.max_address_bits
    }

    /// Size in bits of the largest address space (`2^(max_address_bits + 3)`): no
    /// composite location can be larger.
    #[inline]
    pub fn max_composite_bits(&self) -> u128 {
        crate::eval::location::memory_size_bits(self.max_address_bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registers_and_spaces() {
        let t = Target::new("t", 64, 64)
            .with_registers(RegisterRange::new(32, 64, 32, "SGPR", 0))
            .with_registers(RegisterRange::single(16, 64, "PC"))
            .with_registers(RegisterRange::new(2560, 256, 2048, "VGPR", 0))
            .with_address_space(AddressSpace::new(6, "private_wave", 32, AddressScope::Wave));
        assert_eq!(t.register_bits(33), Ok(32));
        assert_eq!(t.register_bits(16), Ok(64));
        assert_eq!(t.register_bits(2561), Ok(2048));
        assert_eq!(t.register_bits(96), Err(UnmappedRegister(96)));
        assert_eq!(t.register_bits(0), Err(UnmappedRegister(0)));
        assert_eq!(t.register_name(65).as_deref(), Some("SGPR33"));
        assert_eq!(t.register_name(16).as_deref(), Some("PC"));
        assert_eq!(t.register_name(17), None);
        assert_eq!(t.address_space(6).unwrap().size_bits(), 1u128 << 35);
        assert_eq!(t.default_address_space(), 0);
        assert_eq!(t.default_address_bits(), 64);
        assert_eq!(t.max_address_bits(), 64);
        assert!(t.address_space(4).is_none());
    }

    #[test]
    fn register_classes_and_unmapped_numbers() {
        let t = Target::new("t", 64, 32)
            .with_registers(RegisterRange::new(32, 64, 32, "s", 0))
            .with_registers(
                RegisterRange::new(1536, 512, 1024, "v", 0).with_class(RegisterClass::Vector),
            )
            .with_unmapped_registers(
                UnmappedRange::new(2560, 768, RegisterClass::Vector).with_why("a wave64 number"),
            )
            .with_unmapped_registers(UnmappedRange::new(1540, 4, RegisterClass::Scalar));
        assert_eq!(t.register_class(33), Some(RegisterClass::Scalar));
        assert_eq!(t.register_class(1537), Some(RegisterClass::Vector));
        assert_eq!(t.register_class(2561), None);
        assert!(t.is_vector_register(1537) && t.is_vector_register(2561));
        assert!(!t.is_vector_register(33) && !t.is_vector_register(3328));
        assert_eq!(
            t.unmapped_register(2561).and_then(|r| r.why.as_deref()),
            Some("a wave64 number")
        );
        assert!(t.unmapped_register(3328).is_none());
        // A mapped number is mapped, whatever an unmapped declaration says.
        assert!(t.unmapped_register(1541).is_none());
        assert!(t.is_vector_register(1541));
        assert_eq!(t.register_bits(2561), Err(UnmappedRegister(2561)));
    }

    #[test]
    fn register_names_default_to_numbers() {
        struct Upper;
        impl RegisterNames for Upper {
            fn name(&self, reg: u64) -> Option<String> {
                (reg == 65).then(|| "S33".to_string())
            }
            fn parse(&self, name: &str) -> Option<u64> {
                (name == "S33").then_some(65)
            }
        }
        let plain = Target::new("t", 64, 64).with_registers(RegisterRange::new(32, 64, 32, "s", 0));
        assert_eq!(plain.register_names().name(65), None);
        assert_eq!(plain.register_names().parse("s33"), None);
        let names: Arc<dyn RegisterNames + Send + Sync> = Arc::new(Upper);
        let named = plain.clone().with_register_names(names.clone());
        assert_eq!(named.register_names().name(65).as_deref(), Some("S33"));
        assert_eq!(named.register_names().parse("S33"), Some(65));
        assert_ne!(plain, named);
        assert_eq!(named, plain.with_register_names(names));
    }

    #[test]
    fn address_space_table_agrees_with_the_list() {
        let mut t = Target::new("t", 64, 64);
        for (number, bits) in [
            (1, 64),
            (3, 32),
            (6, 32),
            (15, 32),
            (16, 32),
            (99, 16),
            (3, 16),
        ] {
            t = t.with_address_space(AddressSpace::new(number, "s", bits, AddressScope::Process));
        }
        for number in (0..40).chain([99, 1 << 40, u64::MAX]) {
            let listed = t.address_spaces().iter().find(|s| s.number == number);
            assert_eq!(t.address_space(number), listed, "space {number}");
        }
        assert_eq!(t.address_space(3).map(|s| s.address_bits), Some(16));
    }
}
