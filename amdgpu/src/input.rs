//! Opening a file: memory-map it, decide what it is (a plain AMDGPU code object, a clang
//! offload bundle, plain or `CCOB`-compressed, an LLVM offload binary, or a host ELF that
//! embeds them), list the code objects in it, and hand out a [`CodeObject`] for the one the
//! caller picks.

use std::path::Path;
use std::sync::Arc;

use object::{Object, ObjectSection};

use crate::budget::MemoryBudget;
use crate::bundle::{self, BUNDLE_MAGIC, CCOB_MAGIC, OFFLOAD_BINARY_MAGIC};
use crate::code_object::CodeObject;
use crate::compress::MAX_DECOMPRESSED;
use crate::elf;
use crate::error::CodeObjectError;
use crate::target::{self, Feature, TargetId};

/// What kind of file an [`Input`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputKind {
    /// A plain AMDGPU ELF code object (`.o`, `.hsaco`, `.co`).
    CodeObject,
    /// A clang offload bundle (`__CLANG_OFFLOAD_BUNDLE__`, or `CCOB` compressed), or an LLVM
    /// offload binary (magic `10 ff 10 ad`); several may follow each other.
    Bundle,
    /// A host ELF (any machine) with offload bundles in its sections (`.hip_fatbin`, ...).
    HostElf,
}

/// Which buffer an entry's bytes live in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Buffer {
    File,
    Decompressed(usize),
}

/// One code object in an input: a bundle entry, or the whole file for a plain code object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BundleEntry {
    /// The bundle entry ID (`hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+`); for a plain code
    /// object, `<triple>--<target-id>` made from its ELF header.
    pub id: String,
    /// The entry's name, unique within the input: the id, or, when several device entries
    /// share it (a host program built from several source files has one bundle per file),
    /// the id followed by `@` and where the entry starts in the file
    /// (`hipv4-amdgcn-amd-amdhsa--gfx90a@0x3000`, the offset a ROCm `file://…#offset=` URI
    /// gives; `@0xBUNDLE+0xOFFSET` inside a compressed bundle). `FILE#NAME` names the code
    /// object, and `--processor NAME` picks it.
    pub name: String,
    /// The offload kind (`hip`, `hipv4`, `openmp`, `host`); empty for a plain code object.
    pub offload_kind: String,
    /// The target triple (`amdgcn-amd-amdhsa`, `x86_64-unknown-linux-gnu`).
    pub triple: String,
    /// The triple's architecture (`amdgcn` for device code).
    pub arch: String,
    /// The target ID (`gfx90a:xnack+`), when the entry has one.
    pub processor: Option<String>,
    /// Offset of the code object within its bundle (0 for a plain code object).
    pub offset: u64,
    /// Size of the code object.
    pub size: u64,
    /// Offset in the file of the bundle that holds this entry (of its `CCOB` header when
    /// compressed).
    pub bundle_offset: u64,
    /// Whether the bundle was compressed (then `offset` is within the decompressed bundle).
    pub compressed: bool,
    buffer: Buffer,
    start: usize,
}

impl BundleEntry {
    /// Where the entry starts in the file: the offset of its ELF image, or for an entry of
    /// a compressed bundle, of that bundle's header.
    pub fn file_offset(&self) -> u64 {
        if self.compressed {
            self.bundle_offset
        } else {
            self.bundle_offset.saturating_add(self.offset)
        }
    }

    /// Whether this entry holds AMDGPU device code (`amdgcn` architecture, non-empty).
    pub fn is_device(&self) -> bool {
        self.arch == "amdgcn" && self.size > 0
    }

    /// The processor name without features (`gfx90a` for `gfx90a:xnack+`).
    pub fn processor_name(&self) -> Option<&str> {
        self.processor
            .as_deref()
            .map(|p| p.split(':').next().unwrap_or(p))
    }
}

enum Storage {
    Map(memmap2::Mmap),
    Owned(Vec<u8>),
}

/// An opened file: its bytes (memory-mapped, or owned), what it contains, and the buffers of
/// any decompressed bundles.
pub struct Input {
    name: String,
    storage: Storage,
    decompressed: Vec<Vec<u8>>,
    kind: InputKind,
    entries: Vec<BundleEntry>,
    budget: Arc<MemoryBudget>,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input")
            .field("name", &self.name)
            .field("len", &self.bytes().len())
            .field("kind", &self.kind)
            .field("entries", &self.entries)
            .finish()
    }
}

impl Input {
    /// Memory-maps a file and classifies it, with the default memory budget
    /// ([`MemoryBudget::for_input`]).
    ///
    /// A mapping is read lazily from the file: if another process truncates or rewrites
    /// the file while it is open, a later read of the vanished pages raises `SIGBUS`,
    /// which ends the process (a rewrite in place may also change bytes already indexed).
    /// An embedder that cannot rule that out (a debugger watching a build directory) uses
    /// [`Input::read`], which copies the file into memory once; the CLI does.
    pub fn open(path: &Path) -> Result<Input, CodeObjectError> {
        Input::open_with_budget(path, None)
    }

    /// Reads a whole file into memory and classifies it: immune to the file changing
    /// afterwards, at the cost of a copy (see [`Input::open`]). `max_memory` as for
    /// [`Input::open_with_budget`].
    ///
    /// Only what the file's headers say it holds is read (an ELF's headers, sections and
    /// segments; anything else whole), and with a `max_memory` it must fit in it: a larger
    /// file is refused before it is read ([`CodeObjectError::OverBudget`]). What is read
    /// is charged to the budget.
    pub fn read(path: &Path, max_memory: Option<u64>) -> Result<Input, CodeObjectError> {
        Input::read_as(path, &path.display().to_string(), max_memory)
    }

    /// [`Input::read`] of the file opened by `path`, named `name` in every message and
    /// answer (for a file reached through another path than its own).
    pub fn read_as(
        path: &Path,
        name: &str,
        max_memory: Option<u64>,
    ) -> Result<Input, CodeObjectError> {
        let bytes = read_named(path, name, max_memory)?;
        Input::new(name.to_string(), Storage::Owned(bytes), max_memory)
    }

    /// [`Input::open`] with a memory budget of `max_memory` bytes (`None`: the default) for
    /// everything decompressed or relocated from the file: bundles, then sections.
    pub fn open_with_budget(
        path: &Path,
        max_memory: Option<u64>,
    ) -> Result<Input, CodeObjectError> {
        let name = path.display().to_string();
        let io = |e: std::io::Error| CodeObjectError::Io {
            file: name.clone(),
            error: Arc::new(e),
        };
        regular_file(path).map_err(io)?;
        let file = std::fs::File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        let storage = if len == 0 {
            Storage::Owned(Vec::new())
        } else {
            // SAFETY: the map is read-only and private to this process; like every tool that
            // maps its input (gimli's examples, addr2line), we rely on the file not being
            // truncated or rewritten while it is open.
            Storage::Map(unsafe { memmap2::Mmap::map(&file) }.map_err(io)?)
        };
        Input::new(name, storage, max_memory)
    }

    /// Classifies bytes already in memory (tests, fuzzing, embedded objects).
    pub fn from_bytes(name: &str, bytes: Vec<u8>) -> Result<Input, CodeObjectError> {
        Input::new(name.to_string(), Storage::Owned(bytes), None)
    }

    fn new(
        name: String,
        storage: Storage,
        max_memory: Option<u64>,
    ) -> Result<Input, CodeObjectError> {
        let bytes: &[u8] = match &storage {
            Storage::Map(m) => m,
            Storage::Owned(v) => v,
        };
        let budget = Arc::new(match max_memory {
            Some(limit) => MemoryBudget::new(limit),
            None => MemoryBudget::for_input(bytes.len()),
        });
        if let Storage::Owned(copy) = &storage {
            // The copy is memory this input holds (a mapping is the file's pages).
            crate::budget::charge(&budget, &name, "its contents", copy.len() as u64)?;
        }
        let (kind, mut entries, decompressed) = classify(&name, bytes, &budget)?;
        name_shared_ids(&mut entries);
        Ok(Input {
            name,
            storage,
            decompressed,
            kind,
            entries,
            budget,
        })
    }

    /// The memory budget shared by everything decompressed or relocated from this file.
    pub fn budget(&self) -> &Arc<MemoryBudget> {
        &self.budget
    }

    /// The file name given to [`Input::open`] or [`Input::from_bytes`].
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole file's bytes.
    pub fn bytes(&self) -> &[u8] {
        match &self.storage {
            Storage::Map(m) => m,
            Storage::Owned(v) => v,
        }
    }

    /// What the file is.
    pub fn kind(&self) -> InputKind {
        self.kind
    }

    /// The code objects in the file, host entries included (see [`BundleEntry::is_device`]).
    pub fn entries(&self) -> &[BundleEntry] {
        &self.entries
    }

    /// The bytes of one entry.
    pub fn entry_bytes(&self, entry: &BundleEntry) -> &[u8] {
        let buffer: &[u8] = match entry.buffer {
            Buffer::File => self.bytes(),
            Buffer::Decompressed(i) => self.decompressed.get(i).map_or(&[], |v| v.as_slice()),
        };
        buffer
            .get(entry.start..entry.start.saturating_add(entry.size as usize))
            .unwrap_or(&[])
    }

    /// Picks a device code object: the only one, or the one matching `processor` (a processor
    /// such as `gfx90a`, a target ID such as `gfx90a:xnack+`, or an entry's bundle id as the
    /// errors list them). Host entries are skipped.
    /// The error lists the choices when there are none or several.
    pub fn code_object(&self, processor: Option<&str>) -> Result<CodeObject<'_>, CodeObjectError> {
        self.entry_code_object(self.select(processor)?)
    }

    /// Every device code object's entry (all of them with `processor` `None`, else the one
    /// [`Input::select`] picks): what `verify` and `info` go through one by one.
    pub fn device_entries(
        &self,
        processor: Option<&str>,
    ) -> Result<Vec<&BundleEntry>, CodeObjectError> {
        match processor {
            Some(_) => Ok(vec![self.select(processor)?]),
            None => {
                let device: Vec<&BundleEntry> =
                    self.entries.iter().filter(|e| e.is_device()).collect();
                if device.is_empty() {
                    // The error that names what there is.
                    self.select(None)?;
                }
                Ok(device)
            }
        }
    }

    /// The code object of one of [`Input::entries`], named `FILE#ENTRY-ID` inside a
    /// container.
    pub fn entry_code_object(
        &self,
        entry: &BundleEntry,
    ) -> Result<CodeObject<'_>, CodeObjectError> {
        let name = match self.kind {
            InputKind::CodeObject => self.name.clone(),
            _ => format!("{}#{}", self.name, entry.name),
        };
        CodeObject::parse_with_budget(&name, self.entry_bytes(entry), self.budget.clone())
    }

    /// The entry [`Input::code_object`] would pick.
    pub fn select(&self, processor: Option<&str>) -> Result<&BundleEntry, CodeObjectError> {
        let device: Vec<&BundleEntry> = self.entries.iter().filter(|e| e.is_device()).collect();
        let ids = |list: &[&BundleEntry]| list.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
        let none = || CodeObjectError::NoMatchingEntry {
            file: self.name.clone(),
            wanted: processor.map(str::to_string),
            available: ids(&device),
        };
        let ambiguous = |list: &[&BundleEntry]| CodeObjectError::AmbiguousEntry {
            file: self.name.clone(),
            wanted: processor.map(str::to_string),
            available: ids(list),
        };
        fn pick<'e>(
            list: Vec<&'e BundleEntry>,
            ambiguous: &dyn Fn(&[&BundleEntry]) -> CodeObjectError,
        ) -> Result<Option<&'e BundleEntry>, CodeObjectError> {
            match list.len() {
                0 => Ok(None),
                1 => Ok(Some(list[0])),
                _ => Err(ambiguous(&list)),
            }
        }
        if device.is_empty() {
            return Err(none());
        }
        let Some(wanted) = processor else {
            return pick(device.clone(), &ambiguous)?.ok_or_else(none);
        };
        // A processor (`gfx90a:xnack-`), or an entry's whole bundle id as the errors
        // list them (`hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-`).
        let exact: Vec<&BundleEntry> = device
            .iter()
            .copied()
            .filter(|e| {
                e.processor.as_deref() == Some(wanted) || e.id == wanted || e.name == wanted
            })
            .collect();
        if let Some(e) = pick(exact, &ambiguous)? {
            return Ok(e);
        }
        let Some((want_proc, want_features)) = target::parse_target_id(wanted) else {
            return Err(none());
        };
        let compatible: Vec<&BundleEntry> = device
            .iter()
            .copied()
            .filter(|e| {
                let Some((proc_, features)) =
                    e.processor.as_deref().and_then(target::parse_target_id)
                else {
                    return false;
                };
                proc_ == want_proc
                    && want_features.iter().all(|(name, setting)| {
                        features
                            .iter()
                            .find(|(n, _)| n == name)
                            .is_none_or(|(_, s)| s == setting || *s == Feature::Any)
                    })
            })
            .collect();
        pick(compatible, &ambiguous)?.ok_or_else(none)
    }
}

type Classified = (InputKind, Vec<BundleEntry>, Vec<Vec<u8>>);

/// Makes the names of device entries that share an id unique by where they start.
fn name_shared_ids(entries: &mut [BundleEntry]) {
    let mut count: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for e in entries.iter().filter(|e| e.is_device()) {
        *count.entry(e.id.as_str()).or_default() += 1;
    }
    let shared: std::collections::HashSet<String> = count
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(id, _)| id.to_string())
        .collect();
    for e in entries.iter_mut() {
        if e.is_device() && shared.contains(&e.id) {
            e.name = if e.compressed {
                format!("{}@{:#x}+{:#x}", e.id, e.bundle_offset, e.offset)
            } else {
                format!("{}@{:#x}", e.id, e.file_offset())
            };
        }
    }
}

/// Reads a whole file, refusing what is not a regular file (code objects, wave states,
/// IR modules): reading a device such as `/dev/zero` never ends, and opening a named
/// pipe waits for a writer. The refusal is an [`std::io::ErrorKind::InvalidInput`] error.
pub fn read_regular_file(path: &Path) -> std::io::Result<Vec<u8>> {
    regular_file(path)?;
    std::fs::read(path)
}

/// Reads the part of the regular file `path` that an input needs (see [`Input::read`]),
/// refusing it before reading when that is more than `limit` bytes.
pub fn read_within(path: &Path, limit: Option<u64>) -> Result<Vec<u8>, CodeObjectError> {
    read_named(path, &path.display().to_string(), limit)
}

fn read_named(path: &Path, name: &str, limit: Option<u64>) -> Result<Vec<u8>, CodeObjectError> {
    let name = || name.to_string();
    let io = |e: std::io::Error| CodeObjectError::Io {
        file: name(),
        error: Arc::new(e),
    };
    regular_file(path).map_err(io)?;
    let mut file = std::fs::File::open(path).map_err(io)?;
    let len = file.metadata().map_err(io)?.len();
    let extent = crate::extent::needed(&mut file, len).map_err(io)?;
    if let Some(limit) = limit
        && extent > limit
    {
        return Err(CodeObjectError::OverBudget {
            file: name(),
            what: "its contents".to_string(),
            size: extent,
            used: 0,
            limit,
        });
    }
    crate::extent::read_prefix(&mut file, extent).map_err(io)
}

/// Whether `path` names a regular file (see [`read_regular_file`]).
fn regular_file(path: &Path) -> std::io::Result<()> {
    if std::fs::metadata(path)?.is_file() {
        Ok(())
    } else {
        Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a directory, device, pipe or socket)",
        ))
    }
}

fn classify(
    name: &str,
    bytes: &[u8],
    budget: &MemoryBudget,
) -> Result<Classified, CodeObjectError> {
    if bytes.starts_with(b"\x7fELF") {
        // EM_AMDGPU in either byte order: a 32-bit (r600) or big-endian AMDGPU file gets the
        // precise class/encoding error from the validator.
        let is_amdgpu = bytes.len() >= 20
            && (elf::machine(bytes) == Some(elf::EM_AMDGPU)
                || u16::from_be_bytes([bytes[18], bytes[19]]) == elf::EM_AMDGPU);
        if is_amdgpu {
            // Full validation happens again in CodeObject::parse; doing it here makes `open`
            // report a broken file at once.
            let parsed = elf::Elf::parse(name, bytes)?;
            let t = TargetId::from_elf(
                parsed.header.e_flags,
                parsed.header.os_abi,
                parsed.header.abi_version,
            );
            let id = format!("{}--{}", t.triple(), t.target_id());
            let entry = BundleEntry {
                name: id.clone(),
                id,
                offload_kind: String::new(),
                triple: t.triple(),
                arch: "amdgcn".to_string(),
                processor: Some(t.target_id()),
                offset: 0,
                size: bytes.len() as u64,
                bundle_offset: 0,
                compressed: false,
                buffer: Buffer::File,
                start: 0,
            };
            return Ok((InputKind::CodeObject, vec![entry], Vec::new()));
        }
        return classify_host(name, bytes, budget);
    }
    if bytes.starts_with(BUNDLE_MAGIC)
        || bytes.starts_with(CCOB_MAGIC)
        || bytes.starts_with(OFFLOAD_BINARY_MAGIC)
    {
        let mut scan = Scan::new(budget);
        scan.region(name, bytes, 0, true)?;
        return Ok((InputKind::Bundle, scan.entries, scan.decompressed));
    }
    Err(CodeObjectError::BadMagic {
        file: name.to_string(),
        magic: elf::hex_prefix(bytes),
    })
}

fn classify_host(
    name: &str,
    bytes: &[u8],
    budget: &MemoryBudget,
) -> Result<Classified, CodeObjectError> {
    let host = object::File::parse(bytes).map_err(|e| {
        // Report the identification problem if there is one, else object's reason.
        match elf::check_ident(name, bytes) {
            Err(ident)
                if !matches!(
                    ident,
                    CodeObjectError::WrongClass { class: 1, .. }
                        | CodeObjectError::WrongEncoding { data: 2, .. }
                ) =>
            {
                ident
            }
            _ => CodeObjectError::BadSectionTable {
                file: name.to_string(),
                reason: e.to_string(),
            },
        }
    })?;
    let mut scan = Scan::new(budget);
    for section in host.sections() {
        let Ok(data) = section.data() else { continue };
        if data.is_empty() {
            continue;
        }
        // `data` is a subslice of `bytes` (the section is not compressed in the ELF sense).
        let base = (data.as_ptr() as usize).wrapping_sub(bytes.as_ptr() as usize);
        if base > bytes.len() || bytes.len() - base < data.len() {
            continue;
        }
        let section_name = section.name().unwrap_or("");
        // Sections meant to hold offload code: every bundle in them must be well-formed.
        let dedicated = section_name == ".hip_fatbin"
            || section_name == ".llvm.offloading"
            || starts_with_magic(data);
        scan.region(name, data, base, dedicated)?;
    }
    if scan.entries.is_empty() {
        let machine = if bytes.get(5) == Some(&2) {
            bytes.get(18..20).map(|b| u16::from_be_bytes([b[0], b[1]]))
        } else {
            elf::machine(bytes)
        }
        .unwrap_or(0);
        return Err(CodeObjectError::WrongMachine {
            file: name.to_string(),
            machine,
            name: elf::machine_name(machine).to_string(),
        });
    }
    Ok((InputKind::HostElf, scan.entries, scan.decompressed))
}

fn starts_with_magic(data: &[u8]) -> bool {
    data.starts_with(BUNDLE_MAGIC)
        || data.starts_with(CCOB_MAGIC)
        || data.starts_with(OFFLOAD_BINARY_MAGIC)
}

/// The offset of the next bundle magic (plain, `CCOB` or LLVM offload binary) in `data`.
fn find_bundle(data: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < data.len() {
        i += data[i..]
            .iter()
            .position(|&b| b == b'_' || b == b'C' || b == OFFLOAD_BINARY_MAGIC[0])?;
        if starts_with_magic(&data[i..]) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The offset of the first occurrence of `needle` in `data`.
fn find(data: &[u8], needle: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < data.len() {
        i += data[i..].iter().position(|&b| b == needle[0])?;
        if data[i..].starts_with(needle) {
            return Some(i);
        }
        i += 1;
    }
    None
}

struct Scan<'b> {
    entries: Vec<BundleEntry>,
    decompressed: Vec<Vec<u8>>,
    decompressed_total: u64,
    budget: &'b MemoryBudget,
}

impl<'b> Scan<'b> {
    fn new(budget: &'b MemoryBudget) -> Self {
        Scan {
            entries: Vec::new(),
            decompressed: Vec::new(),
            decompressed_total: 0,
            budget,
        }
    }

    /// Reads every bundle in `data` (which is at `base` in the file). In a `dedicated` region
    /// (a bundle file, `.hip_fatbin`, `.llvm.offloading`) every magic must start a well-formed
    /// bundle; elsewhere only `__CLANG_OFFLOAD_BUNDLE__` is looked for and a malformed one is
    /// skipped, since the magic may be just a string (in the bundler itself, say).
    fn region(
        &mut self,
        name: &str,
        data: &[u8],
        base: usize,
        dedicated: bool,
    ) -> Result<(), CodeObjectError> {
        let mut pos = 0usize;
        while pos < data.len() {
            let found = if dedicated {
                find_bundle(&data[pos..])
            } else {
                find(&data[pos..], BUNDLE_MAGIC)
            };
            let Some(found) = found else { break };
            let at = pos + found;
            match self.bundle_at(name, &data[at..], (base + at) as u64) {
                Ok(used) => pos = at + (used as usize).max(CCOB_MAGIC.len()),
                Err(e) if dedicated => return Err(e),
                Err(_) => pos = at + BUNDLE_MAGIC.len(),
            }
        }
        Ok(())
    }

    /// Reads the bundle (plain or compressed) at `data[0]`, which is at `file_offset` in the
    /// file; returns how many bytes of `data` it occupies.
    fn bundle_at(
        &mut self,
        name: &str,
        data: &[u8],
        file_offset: u64,
    ) -> Result<u64, CodeObjectError> {
        if data.starts_with(OFFLOAD_BINARY_MAGIC) {
            let (images, size) = bundle::parse_offload_binary(name, file_offset, data)?;
            for image in images {
                let arch = image.triple.split('-').next().unwrap_or("").to_string();
                let id = match &image.arch {
                    Some(a) => format!("{}-{}--{a}", image.offload_kind, image.triple),
                    None => format!("{}-{}", image.offload_kind, image.triple),
                };
                self.entries.push(BundleEntry {
                    name: id.clone(),
                    id,
                    offload_kind: image.offload_kind.to_string(),
                    triple: image.triple,
                    arch,
                    processor: image.arch,
                    offset: image.offset,
                    size: image.size,
                    bundle_offset: file_offset,
                    compressed: false,
                    buffer: Buffer::File,
                    start: file_offset as usize + image.offset as usize,
                });
            }
            Ok(size)
        } else if data.starts_with(CCOB_MAGIC) {
            let header = bundle::parse_ccob_header(name, file_offset, data)?;
            let total = self
                .decompressed_total
                .saturating_add(header.uncompressed_size);
            if total > MAX_DECOMPRESSED {
                return Err(CodeObjectError::TooLarge {
                    file: name.to_string(),
                    what: format!(
                        "compressed offload bundle at offset {file_offset:#x} (with the ones before it)"
                    ),
                    size: total,
                    limit: MAX_DECOMPRESSED,
                });
            }
            crate::budget::charge(
                self.budget,
                name,
                &format!("compressed offload bundle at offset {file_offset:#x}"),
                header.uncompressed_size,
            )?;
            let (bytes, used) = bundle::decompress_ccob(name, file_offset, data)?;
            let raw = bundle::parse_bundle(name, file_offset, &bytes)?;
            let index = self.decompressed.len();
            for e in raw.entries {
                self.push(e, file_offset, true, Buffer::Decompressed(index), 0);
            }
            self.decompressed_total = total;
            self.decompressed.push(bytes);
            Ok(used)
        } else {
            let raw = bundle::parse_bundle(name, file_offset, data)?;
            for e in raw.entries {
                self.push(e, file_offset, false, Buffer::File, file_offset as usize);
            }
            Ok(raw.extent)
        }
    }

    fn push(
        &mut self,
        e: bundle::RawEntry,
        bundle_offset: u64,
        compressed: bool,
        buffer: Buffer,
        base: usize,
    ) {
        let id = bundle::parse_entry_id(&e.id);
        self.entries.push(BundleEntry {
            offload_kind: id.offload_kind,
            triple: id.triple,
            arch: id.arch,
            processor: id.target_id,
            offset: e.offset,
            size: e.size,
            bundle_offset,
            compressed,
            buffer,
            start: base + e.offset as usize,
            name: e.id.clone(),
            id: e.id,
        });
    }
}
