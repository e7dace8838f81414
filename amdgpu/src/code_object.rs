//! One AMDGPU code object borrowed from an [`Input`](crate::Input): its target, kernels (from
//! the metadata note and kernel descriptors), functions, wave size per PC, and its sections —
//! zero-copy, except that `SHF_COMPRESSED` sections and the debug sections of relocatable
//! (`ET_REL`) objects are decompressed/relocated once into an owned, cached copy.

use std::collections::{HashMap, HashSet};

use crate::strtab::NameKey;
use std::sync::{Arc, OnceLock};

use gimli::{EndianSlice, LittleEndian, SectionId};

use crate::budget::MemoryBudget;
use crate::compress::{self, Method};
use crate::elf::{self, Elf};
use crate::error::CodeObjectError;
use crate::metadata::{self, KernelDescriptor};
use crate::reloc;
use crate::target::TargetId;

/// The ELF file type of a code object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElfType {
    /// `ET_REL`: a compiler's `.o`; debug sections need relocations applied.
    Relocatable,
    /// `ET_DYN`: a linked code object (`.hsaco`, `.co`), what the HSA loader loads.
    SharedObject,
    /// `ET_EXEC`.
    Executable,
}

/// Where a kernel's wavefront size came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WaveSizeSource {
    /// `.wavefront_size` in the metadata note.
    Metadata,
    /// `ENABLE_WAVEFRONT_SIZE32` in the kernel descriptor.
    Descriptor,
    /// The processor's default (no note entry, no descriptor).
    ProcessorDefault,
}

/// A kernel of a code object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// The kernel's source-level name (`.name`, or the symbol without `.kd`).
    pub name: String,
    /// The kernel descriptor symbol (`.symbol`, e.g. `kern.kd`); for code object v2, the
    /// `STT_AMDGPU_HSA_KERNEL` symbol.
    pub symbol: String,
    /// The wavefront size the kernel runs with.
    pub wavefront_size: u32,
    /// Where [`Kernel::wavefront_size`] came from.
    pub wavefront_size_source: WaveSizeSource,
    /// `.sgpr_count`.
    pub sgpr_count: Option<u32>,
    /// `.vgpr_count`.
    pub vgpr_count: Option<u32>,
    /// `.agpr_count`.
    pub agpr_count: Option<u32>,
    /// Fixed private (scratch) segment size per work-item (note, else descriptor).
    pub private_segment_fixed_size: Option<u64>,
    /// Fixed group segment (LDS) size (note, else descriptor).
    pub group_segment_fixed_size: Option<u64>,
    /// Kernel argument segment size (note, else descriptor).
    pub kernarg_segment_size: Option<u64>,
    /// Address of the kernel descriptor (the `.kd` symbol's value), when the symbol exists.
    pub descriptor_address: Option<u64>,
    /// Address and size of the kernel's code (its `STT_FUNC` symbol), when known.
    pub code: Option<(u64, u64)>,
}

/// A function symbol (`STT_FUNC`): kernels' code and device functions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// The symbol name.
    pub name: String,
    /// The symbol's value: its address (in a relocatable object, its offset in its section).
    pub address: u64,
    /// The symbol's size in bytes.
    pub size: u64,
    /// The section index it is defined in.
    pub section: u16,
    /// Index into [`CodeObject::kernels`] when this is a kernel's code.
    pub kernel: Option<usize>,
}

/// A section of machine code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeSection<'a> {
    /// The section's name (`.text`).
    pub name: &'a str,
    /// Its index in the section table (a [`Function::section`] names it).
    pub index: usize,
    /// The address of its first byte (`sh_addr`; 0 in a relocatable object).
    pub address: u64,
    /// Its bytes, as stored in the file.
    pub bytes: &'a [u8],
}

/// One AMDGPU code object (validated ELF), borrowed from the bytes of an
/// [`Input`](crate::Input).
pub struct CodeObject<'a> {
    name: String,
    elf: Elf<'a>,
    target: TargetId,
    elf_type: ElfType,
    metadata_target: Option<String>,
    kernels: Vec<Kernel>,
    functions: Vec<Function>,
    owned: Vec<OnceLock<Vec<u8>>>,
    budget: Arc<MemoryBudget>,
}

impl std::fmt::Debug for CodeObject<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CodeObject")
            .field("name", &self.name)
            .field("len", &self.elf.data.len())
            .field("target", &self.target)
            .field("elf_type", &self.elf_type)
            .field("kernels", &self.kernels.len())
            .field("functions", &self.functions.len())
            .finish_non_exhaustive()
    }
}

/// `ELFCOMPRESS_ZLIB`.
const ELFCOMPRESS_ZLIB: u32 = 1;
/// `ELFCOMPRESS_ZSTD`.
const ELFCOMPRESS_ZSTD: u32 = 2;

impl<'a> CodeObject<'a> {
    /// Validates and indexes a code object. `name` is used in every error message.
    /// Decompressed and relocated sections are charged to a budget of the default size
    /// for `data` ([`MemoryBudget::for_input`]).
    pub fn parse(name: &str, data: &'a [u8]) -> Result<CodeObject<'a>, CodeObjectError> {
        let budget = Arc::new(MemoryBudget::for_input(data.len()));
        CodeObject::parse_with_budget(name, data, budget)
    }

    /// [`CodeObject::parse`] charging decompressed and relocated sections to `budget`
    /// (shared with the container it came from, see [`crate::Input::budget`]).
    pub fn parse_with_budget(
        name: &str,
        data: &'a [u8],
        budget: Arc<MemoryBudget>,
    ) -> Result<CodeObject<'a>, CodeObjectError> {
        let elf = Elf::parse(name, data)?;
        let elf_type = match elf.header.e_type {
            1 => ElfType::Relocatable,
            2 => ElfType::Executable,
            3 => ElfType::SharedObject,
            t => {
                return Err(CodeObjectError::BadSectionTable {
                    file: name.to_string(),
                    reason: format!("e_type {t} is not ET_REL (1), ET_EXEC (2) or ET_DYN (3)"),
                });
            }
        };
        let mut target = TargetId::from_elf(
            elf.header.e_flags,
            elf.header.os_abi,
            elf.header.abi_version,
        );
        let notes = metadata::read_notes(name, &elf)?;
        if target.mach == 0
            && let Some(p) = notes.v2_processor.as_ref()
            && let Some(mach) = crate::target::processor_mach(p)
        {
            target.processor = p.clone();
            target.mach = mach;
        }
        let symbols = elf.symbols(name)?;
        // Functions and kernels keep their names: copies of the file's strings, which a
        // file can make as long as it likes and name as often as it likes.
        let copied: u64 = symbols
            .iter()
            .filter(|s| {
                s.shndx != 0
                    && matches!(
                        s.st_type,
                        elf::STT_FUNC | elf::STT_AMDGPU_HSA_KERNEL | elf::STT_OBJECT
                    )
            })
            .map(|s| 2 * s.name.len() as u64)
            .sum();
        crate::budget::charge(
            &budget,
            name,
            "the names of its functions and kernels",
            copied,
        )?;
        let (kernels, functions) = index_kernels(&elf, &target, &notes, &symbols);
        let owned = (0..elf.sections.len()).map(|_| OnceLock::new()).collect();
        Ok(CodeObject {
            name: name.to_string(),
            elf,
            target,
            elf_type,
            metadata_target: notes.target,
            kernels,
            functions,
            owned,
            budget,
        })
    }

    /// The memory budget shared with the file it came from: give it to the DWARF index
    /// too ([`hetdwarf::index::DwarfIndex::set_budget`]).
    pub fn budget(&self) -> &Arc<MemoryBudget> {
        &self.budget
    }

    /// The file name (plus `#entry-id` for a bundle entry), as used in error messages.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What the code object was compiled for.
    pub fn target(&self) -> &TargetId {
        &self.target
    }

    /// `amdhsa.target` from the metadata note (e.g. `amdgcn-amd-amdhsa--gfx90a:xnack-`).
    pub fn metadata_target(&self) -> Option<&str> {
        self.metadata_target.as_deref()
    }

    /// The ELF file type.
    pub fn elf_type(&self) -> ElfType {
        self.elf_type
    }

    /// The whole code object's bytes.
    pub fn bytes(&self) -> &'a [u8] {
        self.elf.data
    }

    /// The kernels, in metadata-note order, then any kernels known only from symbols.
    pub fn kernels(&self) -> &[Kernel] {
        &self.kernels
    }

    /// The function symbols (kernels' code and device functions), sorted by address.
    pub fn functions(&self) -> &[Function] {
        &self.functions
    }

    /// The sections that hold machine code (`SHF_EXECINSTR`, with bytes in the file), in
    /// section-table order. A relocatable object's code is given as stored: its relocations
    /// are not applied, as `llvm-objdump -d` shows it.
    pub fn code_sections(&self) -> Vec<CodeSection<'a>> {
        self.elf
            .sections
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(_, s)| s.flags & elf::SHF_EXECINSTR != 0 && s.sh_type != elf::SHT_NOBITS)
            .map(|(index, s)| CodeSection {
                name: s.name,
                index,
                address: s.addr,
                bytes: s.data,
            })
            .collect()
    }

    /// The bytes of a code section (by its index in the section table) with its
    /// relocations applied, for a relocatable object whose calls and addresses are
    /// relocations (`s_add_u32 s4, s4, callee@rel32@lo+4`): `None` when the object is
    /// linked or the section has no relocations, an error when they cannot be applied.
    pub fn relocated_code(&self, index: usize) -> Result<Option<Vec<u8>>, CodeObjectError> {
        let Some(section) = self.elf.sections.get(index) else {
            return Ok(None);
        };
        if self.elf_type != ElfType::Relocatable
            || reloc::relocation_sections_for(&self.elf, index).is_empty()
        {
            return Ok(None);
        }
        let mut bytes = section.data.to_vec();
        reloc::apply(&self.name, &self.elf, index, &mut bytes)?;
        Ok(Some(bytes))
    }

    /// The names of all sections, in section-table order.
    pub fn section_names(&self) -> impl Iterator<Item = &'a str> + '_ {
        self.elf.sections.iter().skip(1).map(|s| s.name)
    }

    /// The bytes of the first section with this name: for `ET_REL` debug sections with
    /// relocations applied, decompressed if `SHF_COMPRESSED`. `None` when there is no such
    /// section or when it cannot be relocated/decompressed (use [`CodeObject::try_section`] to
    /// see why).
    pub fn section(&self, name: &str) -> Option<&[u8]> {
        self.try_section(name).ok().flatten()
    }

    /// Like [`CodeObject::section`], but reports relocation and decompression errors.
    pub fn try_section(&self, name: &str) -> Result<Option<&[u8]>, CodeObjectError> {
        match self.elf.section_index(name) {
            None => Ok(None),
            Some(i) => self.section_data(i).map(Some),
        }
    }

    fn section_data(&self, index: usize) -> Result<&[u8], CodeObjectError> {
        let section = &self.elf.sections[index];
        let compressed = section.flags & elf::SHF_COMPRESSED != 0;
        let relocate = self.elf_type == ElfType::Relocatable
            && reloc::is_relocated_section(section.name)
            && !reloc::relocation_sections_for(&self.elf, index).is_empty();
        if !compressed && !relocate {
            return Ok(section.data);
        }
        if let Some(bytes) = self.owned[index].get() {
            return Ok(bytes);
        }
        let mut bytes = if compressed {
            self.decompress_section(index)?
        } else {
            crate::budget::charge(
                &self.budget,
                &self.name,
                &format!("relocated copy of section {}", section.name),
                section.data.len() as u64,
            )?;
            section.data.to_vec()
        };
        if relocate {
            reloc::apply(&self.name, &self.elf, index, &mut bytes)?;
        }
        Ok(self.owned[index].get_or_init(|| bytes))
    }

    fn decompress_section(&self, index: usize) -> Result<Vec<u8>, CodeObjectError> {
        let section = &self.elf.sections[index];
        let bad = |reason: String| CodeObjectError::BadSection {
            file: self.name.clone(),
            section: section.name.to_string(),
            reason,
        };
        let data = section.data;
        let (Some(ch_type), Some(ch_size)) = (elf::u32_at(data, 0), elf::u64_at(data, 8)) else {
            return Err(bad(
                "SHF_COMPRESSED section shorter than its 24-byte header".into(),
            ));
        };
        let method = match ch_type {
            ELFCOMPRESS_ZLIB => Method::Zlib,
            ELFCOMPRESS_ZSTD => Method::Zstd,
            t => return Err(bad(format!("unknown compression type {t}"))),
        };
        let what = format!("section {}", section.name);
        crate::budget::charge(&self.budget, &self.name, &what, ch_size)?;
        compress::decompress(
            &self.name,
            &what,
            method,
            data.get(24..).unwrap_or(&[]),
            ch_size,
        )
    }

    /// The DWARF sections (`.debug_*`, `.eh_frame`), each relocated and decompressed when
    /// first read. The sections the DWARF index reads (all but the call frame sections)
    /// are checked here, so that one that cannot be decompressed or relocated is an error
    /// now; `.debug_frame`, `.eh_frame` and `.eh_frame_hdr` are decompressed only when
    /// something unwinds or verifies them ([`DwarfSections::try_get`]).
    pub fn dwarf_sections(&self) -> Result<DwarfSections<'_>, CodeObjectError> {
        for id in DWARF_SECTION_IDS
            .iter()
            .filter(|id| !is_frame_section(**id))
        {
            self.try_section(id.name())?;
        }
        Ok(DwarfSections { co: Some(self) })
    }

    /// The wavefront size of the code at `pc`: the kernel whose code contains it, else, for a
    /// device function, the wave size all kernels share (or the processor's default when they
    /// differ or there are none). `None` when no function symbol covers `pc`.
    pub fn wave_size_at(&self, pc: u64) -> Option<u32> {
        if let Some(k) = self
            .kernels
            .iter()
            .find(|k| k.code.is_some_and(|(a, s)| pc >= a && pc - a < s.max(1)))
        {
            return Some(k.wavefront_size);
        }
        let f = self.function_at(pc)?;
        if let Some(k) = f.kernel {
            return Some(self.kernels[k].wavefront_size);
        }
        Some(self.common_wave_size())
    }

    /// The function whose symbol range contains `pc`.
    pub fn function_at(&self, pc: u64) -> Option<&Function> {
        self.functions
            .iter()
            .find(|f| pc >= f.address && pc - f.address < f.size.max(1))
    }

    /// The wave size every kernel shares, else the processor's default.
    pub fn common_wave_size(&self) -> u32 {
        let mut sizes = self.kernels.iter().map(|k| k.wavefront_size);
        match sizes.next() {
            Some(first) if sizes.all(|s| s == first) => first,
            _ => self.target.default_wave_size(),
        }
    }
}

/// The DWARF sections this crate collects.
pub const DWARF_SECTION_IDS: &[SectionId] = &[
    SectionId::DebugAbbrev,
    SectionId::DebugAddr,
    SectionId::DebugAranges,
    SectionId::DebugCuIndex,
    SectionId::DebugFrame,
    SectionId::EhFrame,
    SectionId::EhFrameHdr,
    SectionId::DebugInfo,
    SectionId::DebugLine,
    SectionId::DebugLineStr,
    SectionId::DebugLoc,
    SectionId::DebugLocLists,
    SectionId::DebugMacinfo,
    SectionId::DebugMacro,
    SectionId::DebugNames,
    SectionId::DebugPubNames,
    SectionId::DebugPubTypes,
    SectionId::DebugRanges,
    SectionId::DebugRngLists,
    SectionId::DebugStr,
    SectionId::DebugStrOffsets,
    SectionId::DebugTuIndex,
    SectionId::DebugTypes,
];

/// Whether a section holds call frame information (read only to unwind or to verify it).
fn is_frame_section(id: SectionId) -> bool {
    matches!(
        id,
        SectionId::DebugFrame | SectionId::EhFrame | SectionId::EhFrameHdr
    )
}

/// The DWARF sections of a code object, ready for gimli: each relocated and decompressed
/// (charged to the file's memory budget) when first read, then kept by the code object.
#[derive(Clone, Copy, Debug, Default)]
pub struct DwarfSections<'s> {
    /// `None`: no sections at all.
    co: Option<&'s CodeObject<'s>>,
}

impl<'s> DwarfSections<'s> {
    /// The bytes of one section: empty when absent, or when it cannot be relocated or
    /// decompressed ([`DwarfSections::try_get`] says why; the sections the index reads
    /// were checked by [`CodeObject::dwarf_sections`]).
    pub fn get(&self, id: SectionId) -> &'s [u8] {
        self.try_get(id).unwrap_or(&[])
    }

    /// The bytes of one section (empty when absent), or why they cannot be had.
    pub fn try_get(&self, id: SectionId) -> Result<&'s [u8], CodeObjectError> {
        match self.co {
            Some(co) => Ok(co.try_section(id.name())?.unwrap_or(&[])),
            None => Ok(&[]),
        }
    }

    /// Whether the code object has this section.
    pub fn has(&self, id: SectionId) -> bool {
        self.co
            .is_some_and(|co| co.elf.section_index(id.name()).is_some())
    }

    /// Whether there is no DWARF at all.
    pub fn is_empty(&self) -> bool {
        !DWARF_SECTION_IDS.iter().any(|id| self.has(*id))
    }

    /// The sections present, with their sizes (decompressed: this reads them all), in a
    /// stable order.
    pub fn present(&self) -> Vec<(SectionId, usize)> {
        DWARF_SECTION_IDS
            .iter()
            .filter(|id| self.has(**id))
            .map(|id| (*id, self.get(*id).len()))
            .collect()
    }

    /// A `gimli::Dwarf` over these sections (zero-copy).
    pub fn dwarf(&self) -> gimli::Dwarf<EndianSlice<'s, LittleEndian>> {
        let loaded: Result<_, std::convert::Infallible> =
            gimli::Dwarf::load(|id| Ok(EndianSlice::new(self.get(id), LittleEndian)));
        match loaded {
            Ok(dwarf) => dwarf,
            Err(never) => match never {},
        }
    }

    /// `.debug_frame`, with the AMDGPU address size (8) set.
    pub fn debug_frame(&self) -> gimli::DebugFrame<EndianSlice<'s, LittleEndian>> {
        let mut frame = gimli::DebugFrame::new(self.get(SectionId::DebugFrame), LittleEndian);
        frame.set_address_size(8);
        frame
    }

    /// `.eh_frame`, with the AMDGPU address size (8) set.
    pub fn eh_frame(&self) -> gimli::EhFrame<EndianSlice<'s, LittleEndian>> {
        let mut frame = gimli::EhFrame::new(self.get(SectionId::EhFrame), LittleEndian);
        frame.set_address_size(8);
        frame
    }
}

impl<'s> From<&DwarfSections<'s>> for gimli::Dwarf<EndianSlice<'s, LittleEndian>> {
    fn from(sections: &DwarfSections<'s>) -> Self {
        sections.dwarf()
    }
}

fn index_kernels(
    elf: &Elf<'_>,
    target: &TargetId,
    notes: &metadata::Notes,
    symbols: &[elf::Symbol<'_>],
) -> (Vec<Kernel>, Vec<Function>) {
    // Hash lookups keep this linear in the number of symbols and kernels, whatever the input.
    // Names are keyed by `NameKey`: hashing whole names made 100 000 symbols naming one
    // 1 MiB string cost 40 s.
    let mut by_name: HashMap<(NameKey<'_>, u8), &elf::Symbol<'_>> = HashMap::new();
    for s in symbols.iter().filter(|s| s.shndx != 0) {
        by_name.entry((NameKey(s.name), s.st_type)).or_insert(s);
    }
    let find_symbol = |name: &str, st_type: u8| by_name.get(&(NameKey(name), st_type)).copied();
    let descriptor_of = |sym: &elf::Symbol<'_>| {
        elf.bytes_at_address(Some(sym.shndx), sym.value, metadata::KERNEL_DESCRIPTOR_SIZE)
            .and_then(KernelDescriptor::parse)
    };
    let build = |name: String, symbol: String, meta: Option<&metadata::KernelMeta>| {
        let kd_sym = find_symbol(&symbol, elf::STT_OBJECT);
        let descriptor = kd_sym.and_then(descriptor_of);
        let (wavefront_size, wavefront_size_source) =
            match (meta.and_then(|m| m.wavefront_size), descriptor) {
                (Some(w), _) if w == 32 || w == 64 => (w, WaveSizeSource::Metadata),
                (_, Some(d)) => (d.wave_size(), WaveSizeSource::Descriptor),
                _ => (target.default_wave_size(), WaveSizeSource::ProcessorDefault),
            };
        let code = find_symbol(&name, elf::STT_FUNC)
            .or_else(|| find_symbol(&symbol, elf::STT_AMDGPU_HSA_KERNEL))
            .map(|s| (s.value, s.size));
        Kernel {
            sgpr_count: meta.and_then(|m| m.sgpr_count),
            vgpr_count: meta.and_then(|m| m.vgpr_count),
            agpr_count: meta.and_then(|m| m.agpr_count),
            private_segment_fixed_size: meta
                .and_then(|m| m.private_segment_fixed_size)
                .or(descriptor.map(|d| u64::from(d.private_segment_fixed_size))),
            group_segment_fixed_size: meta
                .and_then(|m| m.group_segment_fixed_size)
                .or(descriptor.map(|d| u64::from(d.group_segment_fixed_size))),
            kernarg_segment_size: meta
                .and_then(|m| m.kernarg_segment_size)
                .or(descriptor.map(|d| u64::from(d.kernarg_size))),
            descriptor_address: kd_sym.map(|s| s.value),
            code,
            name,
            symbol,
            wavefront_size,
            wavefront_size_source,
        }
    };
    let mut kernels: Vec<Kernel> = Vec::new();
    for meta in notes.kernels.iter().flatten() {
        let name = meta
            .name
            .clone()
            .or_else(|| {
                meta.symbol
                    .as_ref()
                    .map(|s| s.trim_end_matches(".kd").to_string())
            })
            .unwrap_or_default();
        let symbol = meta.symbol.clone().unwrap_or_else(|| format!("{name}.kd"));
        kernels.push(build(name, symbol, Some(meta)));
    }
    // Kernels known only from symbols: `.kd` descriptors (v3+) or v2 kernel symbols.
    let from_metadata: Vec<String> = kernels.iter().map(|k| k.symbol.clone()).collect();
    let mut known: HashSet<NameKey<'_>> = from_metadata.iter().map(|s| NameKey(s)).collect();
    for sym in symbols {
        if sym.shndx == 0 || known.contains(&NameKey(sym.name)) {
            continue;
        }
        let is_kd = sym.st_type == elf::STT_OBJECT
            && sym.name.ends_with(".kd")
            && sym.size == metadata::KERNEL_DESCRIPTOR_SIZE;
        if is_kd {
            let name = sym.name.trim_end_matches(".kd").to_string();
            kernels.push(build(name, sym.name.to_string(), None));
            known.insert(NameKey(sym.name));
        } else if sym.st_type == elf::STT_AMDGPU_HSA_KERNEL {
            kernels.push(build(sym.name.to_string(), sym.name.to_string(), None));
            known.insert(NameKey(sym.name));
        }
    }
    // The first kernel named so, by name or descriptor symbol.
    let mut kernel_index: HashMap<NameKey<'_>, usize> = HashMap::new();
    for (i, k) in kernels.iter().enumerate().rev() {
        kernel_index.insert(NameKey(&k.symbol), i);
        kernel_index.insert(NameKey(&k.name), i);
    }
    let mut functions: Vec<Function> = symbols
        .iter()
        .filter(|s| {
            (s.st_type == elf::STT_FUNC || s.st_type == elf::STT_AMDGPU_HSA_KERNEL) && s.shndx != 0
        })
        .map(|s| Function {
            name: s.name.to_string(),
            address: s.value,
            size: s.size,
            section: s.shndx,
            kernel: kernel_index.get(&NameKey(s.name)).copied(),
        })
        .collect();
    functions.sort_by(|a, b| (a.address, a.size, &a.name).cmp(&(b.address, b.size, &b.name)));
    functions.dedup_by(|a, b| a.name == b.name && a.address == b.address);
    (kernels, functions)
}
