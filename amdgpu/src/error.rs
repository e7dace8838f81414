//! The one error type of code object handling: every variant names the file (or bundle entry)
//! it is about and says what was wrong, so the CLI can print it as is.

use std::sync::Arc;

/// Why a file could not be read as an AMDGPU code object, offload bundle or host ELF.
///
/// `file` is the input's name; for a bundle entry it is `path#entry-id`.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum CodeObjectError {
    /// The file could not be opened or mapped.
    #[error("{file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// The operating system's error (in the message, so not also a `source`).
        error: Arc<std::io::Error>,
    },
    /// Neither ELF nor an offload bundle.
    #[error("{file}: not an AMDGPU code object, offload bundle or host ELF (bad magic {magic})")]
    BadMagic {
        /// The file.
        file: String,
        /// The first bytes, in hex.
        magic: String,
    },
    /// The file ends before a structure it declares.
    #[error("{file}: truncated: {what} needs bytes up to {needed:#x} but the file has {len:#x}")]
    Truncated {
        /// The file.
        file: String,
        /// What was being read.
        what: String,
        /// The end offset that was needed.
        needed: u64,
        /// The length available.
        len: u64,
    },
    /// Not a 64-bit ELF (a 32-bit AMDGPU ELF is an r600 object).
    #[error("{file}: wrong ELF class {class}: {detail}")]
    WrongClass {
        /// The file.
        file: String,
        /// `EI_CLASS`.
        class: u8,
        /// What that means.
        detail: String,
    },
    /// Not little-endian.
    #[error(
        "{file}: wrong ELF data encoding {data} (AMDGPU code objects are little-endian, ELFDATA2LSB = 1)"
    )]
    WrongEncoding {
        /// The file.
        file: String,
        /// `EI_DATA`.
        data: u8,
    },
    /// An ELF file for another machine (without offload bundles in it).
    #[error(
        "{file}: wrong machine: e_machine {machine} ({name}), not EM_AMDGPU (224), and no offload bundle found in it"
    )]
    WrongMachine {
        /// The file.
        file: String,
        /// `e_machine`.
        machine: u16,
        /// Its name.
        name: String,
    },
    /// The ELF header or section header table is inconsistent.
    #[error("{file}: bad ELF header or section table: {reason}")]
    BadSectionTable {
        /// The file.
        file: String,
        /// What was wrong.
        reason: String,
    },
    /// A section's contents are malformed (symbol table, note, compressed section...).
    #[error("{file}: section {section}: {reason}")]
    BadSection {
        /// The file.
        file: String,
        /// The section's name.
        section: String,
        /// What was wrong.
        reason: String,
    },
    /// A relocation that this library cannot apply, in a section it must relocate.
    #[error(
        "{file}: section {section}: unsupported relocation {name} (type {r_type}) at offset {offset:#x}"
    )]
    UnsupportedRelocation {
        /// The file.
        file: String,
        /// The section being relocated.
        section: String,
        /// The relocation's offset in that section.
        offset: u64,
        /// `ELF64_R_TYPE`.
        r_type: u32,
        /// Its `R_AMDGPU_*` name, or `unknown`.
        name: String,
    },
    /// A relocation that cannot be applied (out of range, bad symbol).
    #[error("{file}: section {section}: bad relocation at offset {offset:#x}: {reason}")]
    BadRelocation {
        /// The file.
        file: String,
        /// The section being relocated.
        section: String,
        /// The relocation's offset in that section.
        offset: u64,
        /// What was wrong.
        reason: String,
    },
    /// The code object metadata note (msgpack) is malformed.
    #[error("{file}: bad code object metadata note: {reason}")]
    BadMetadata {
        /// The file.
        file: String,
        /// What was wrong.
        reason: String,
    },
    /// An offload bundle is malformed.
    #[error("{file}: bad offload bundle at offset {offset:#x}: {reason}")]
    BadBundle {
        /// The file.
        file: String,
        /// Where the bundle starts in the file.
        offset: u64,
        /// What was wrong.
        reason: String,
    },
    /// Compressed data (CCOB bundle or compressed section) could not be decompressed.
    #[error("{file}: cannot decompress {what}: {reason}")]
    Decompression {
        /// The file.
        file: String,
        /// What was being decompressed.
        what: String,
        /// Why it failed.
        reason: String,
    },
    /// A declared size exceeds this library's limit.
    #[error("{file}: {what} declares {size} bytes, more than the limit of {limit}")]
    TooLarge {
        /// The file.
        file: String,
        /// What declared it.
        what: String,
        /// The declared size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Decompressing or copying would exceed the file's memory budget.
    #[error(
        "{file}: {what} needs {size} bytes, and {used} of the memory budget of {limit} bytes are in use (--max-memory raises it)"
    )]
    OverBudget {
        /// The file.
        file: String,
        /// What needed the memory.
        what: String,
        /// How much it needed.
        size: u64,
        /// How much was already charged.
        used: u64,
        /// The budget.
        limit: u64,
    },
    /// No bundle entry matches the requested processor, or there is no device code at all.
    #[error("{file}: {}", no_entry_message(.wanted.as_deref(), .available))]
    NoMatchingEntry {
        /// The file.
        file: String,
        /// The processor asked for.
        wanted: Option<String>,
        /// The device entries there are (bundle entry IDs).
        available: Vec<String>,
    },
    /// Several bundle entries match; the caller must choose with a processor.
    #[error("{file}: several code objects{}; choose one with --processor: {}", .wanted.as_deref().map(|w| format!(" match {w}")).unwrap_or_default(), .available.join(", "))]
    AmbiguousEntry {
        /// The file.
        file: String,
        /// The processor asked for, if any.
        wanted: Option<String>,
        /// The matching entries (bundle entry IDs).
        available: Vec<String>,
    },
}

impl CodeObjectError {
    /// What kind of failure this is.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        use hetdwarf::ErrorKind;
        match self {
            CodeObjectError::Io { .. } => ErrorKind::Io,
            CodeObjectError::TooLarge { .. } | CodeObjectError::OverBudget { .. } => {
                ErrorKind::Limit
            }
            CodeObjectError::NoMatchingEntry { .. } | CodeObjectError::AmbiguousEntry { .. } => {
                ErrorKind::Usage
            }
            _ => ErrorKind::Malformed,
        }
    }
}

fn no_entry_message(wanted: Option<&str>, available: &[String]) -> String {
    match (wanted, available.is_empty()) {
        (_, true) => "no AMDGPU code object in it".to_string(),
        (Some(w), false) => format!(
            "no code object for processor {w}; it has: {}",
            available.join(", ")
        ),
        (None, false) => format!("no code object selected; it has: {}", available.join(", ")),
    }
}

impl CodeObjectError {
    /// The file (or `file#entry`) the error is about.
    pub fn file(&self) -> &str {
        match self {
            CodeObjectError::Io { file, .. }
            | CodeObjectError::BadMagic { file, .. }
            | CodeObjectError::Truncated { file, .. }
            | CodeObjectError::WrongClass { file, .. }
            | CodeObjectError::WrongEncoding { file, .. }
            | CodeObjectError::WrongMachine { file, .. }
            | CodeObjectError::BadSectionTable { file, .. }
            | CodeObjectError::BadSection { file, .. }
            | CodeObjectError::UnsupportedRelocation { file, .. }
            | CodeObjectError::BadRelocation { file, .. }
            | CodeObjectError::BadMetadata { file, .. }
            | CodeObjectError::BadBundle { file, .. }
            | CodeObjectError::Decompression { file, .. }
            | CodeObjectError::TooLarge { file, .. }
            | CodeObjectError::OverBudget { file, .. }
            | CodeObjectError::NoMatchingEntry { file, .. }
            | CodeObjectError::AmbiguousEntry { file, .. } => file,
        }
    }
}
