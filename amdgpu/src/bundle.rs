//! Clang offload bundles: the uncompressed binary layout (`__CLANG_OFFLOAD_BUNDLE__`, entry
//! count, then offset/size/ID per entry) and the compressed `CCOB` wrapper (versions 1-3, zlib
//! or zstd), LLVM offload binaries (`.llvm.offloading`, magic `10 ff 10 ad`), plus bundle entry
//! IDs (`hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+`).

use crate::compress::{self, Method};
use crate::elf;
use crate::error::CodeObjectError;

/// The magic string that starts an uncompressed offload bundle.
pub const BUNDLE_MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
/// The magic that starts a compressed offload bundle.
pub const CCOB_MAGIC: &[u8] = b"CCOB";
/// Most entries accepted in one bundle.
pub const MAX_ENTRIES: u64 = 4096;

/// One entry of an uncompressed bundle, with offsets relative to the bundle's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawEntry {
    pub id: String,
    pub offset: u64,
    pub size: u64,
}

/// An uncompressed bundle's entries and its extent (the end of its last code object).
#[derive(Clone, Debug)]
pub(crate) struct RawBundle {
    pub entries: Vec<RawEntry>,
    pub extent: u64,
}

/// Parses an uncompressed bundle that starts at `data[0]`. `file_offset` (where it starts in
/// the file) is only used in error messages.
pub(crate) fn parse_bundle(
    file: &str,
    file_offset: u64,
    data: &[u8],
) -> Result<RawBundle, CodeObjectError> {
    let bad = |reason: String| CodeObjectError::BadBundle {
        file: file.to_string(),
        offset: file_offset,
        reason,
    };
    if !data.starts_with(BUNDLE_MAGIC) {
        return Err(bad("missing __CLANG_OFFLOAD_BUNDLE__ magic".into()));
    }
    let count =
        elf::u64_at(data, 24).ok_or_else(|| bad("truncated before the entry count".into()))?;
    if count > MAX_ENTRIES {
        return Err(bad(format!(
            "{count} entries declared, more than the limit of {MAX_ENTRIES}"
        )));
    }
    let mut pos = 32usize;
    let mut entries = Vec::new();
    let mut extent = pos as u64;
    for i in 0..count {
        let (Some(offset), Some(size), Some(id_len)) = (
            elf::u64_at(data, pos),
            elf::u64_at(data, pos + 8),
            elf::u64_at(data, pos + 16),
        ) else {
            return Err(bad(format!(
                "entry {i}: header truncated at bundle offset {pos:#x}"
            )));
        };
        pos += 24;
        let id_end = usize::try_from(id_len)
            .ok()
            .and_then(|l| pos.checked_add(l))
            .filter(|&e| e <= data.len())
            .ok_or_else(|| bad(format!("entry {i}: ID of {id_len} bytes runs past the end")))?;
        let id = std::str::from_utf8(&data[pos..id_end])
            .map_err(|_| bad(format!("entry {i}: ID is not UTF-8")))?
            .to_string();
        pos = id_end;
        let end = offset.checked_add(size).filter(|&e| e <= data.len() as u64);
        let Some(end) = end else {
            return Err(bad(format!(
                "entry {i} ({id}): code object at {offset:#x}, size {size:#x}, runs past the end ({:#x} bytes)",
                data.len()
            )));
        };
        extent = extent.max(end).max(pos as u64);
        entries.push(RawEntry { id, offset, size });
    }
    Ok(RawBundle { entries, extent })
}

/// A `CCOB` header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CcobHeader {
    pub version: u16,
    pub method: Method,
    /// Header plus compressed data, when the version records it (v2+).
    pub total_size: Option<u64>,
    pub uncompressed_size: u64,
    pub header_size: usize,
}

/// Parses a `CCOB` header at `data[0]`.
pub(crate) fn parse_ccob_header(
    file: &str,
    file_offset: u64,
    data: &[u8],
) -> Result<CcobHeader, CodeObjectError> {
    let bad = |reason: String| CodeObjectError::BadBundle {
        file: file.to_string(),
        offset: file_offset,
        reason,
    };
    if !data.starts_with(CCOB_MAGIC) {
        return Err(bad("missing CCOB magic".into()));
    }
    let truncated = || bad("compressed bundle header truncated".into());
    let version = elf::u16_at(data, 4).ok_or_else(truncated)?;
    let method = match elf::u16_at(data, 6).ok_or_else(truncated)? {
        0 => Method::Zlib,
        1 => Method::Zstd,
        m => {
            return Err(bad(format!(
                "unknown compression method {m} (0 = zlib, 1 = zstd)"
            )));
        }
    };
    let (total_size, uncompressed_size, header_size) = match version {
        // magic, version, method, u32 uncompressed size, u64 hash
        1 => (
            None,
            u64::from(elf::u32_at(data, 8).ok_or_else(truncated)?),
            20,
        ),
        // ..., u32 total size, u32 uncompressed size, u64 hash
        2 => (
            Some(u64::from(elf::u32_at(data, 8).ok_or_else(truncated)?)),
            u64::from(elf::u32_at(data, 12).ok_or_else(truncated)?),
            24,
        ),
        // ..., u64 total size, u64 uncompressed size, u64 hash
        3 => (
            Some(elf::u64_at(data, 8).ok_or_else(truncated)?),
            elf::u64_at(data, 16).ok_or_else(truncated)?,
            32,
        ),
        v => {
            return Err(bad(format!(
                "unsupported compressed bundle version {v} (1, 2 and 3 are known)"
            )));
        }
    };
    if data.len() < header_size {
        return Err(truncated());
    }
    if let Some(total) = total_size
        && (total < header_size as u64 || total > data.len() as u64)
    {
        return Err(bad(format!(
            "total size {total:#x} is smaller than the header or larger than the {:#x} bytes available",
            data.len()
        )));
    }
    Ok(CcobHeader {
        version,
        method,
        total_size,
        uncompressed_size,
        header_size,
    })
}

/// Decompresses a `CCOB` bundle at `data[0]`: returns the uncompressed bundle and the number of
/// input bytes the compressed bundle occupies.
pub(crate) fn decompress_ccob(
    file: &str,
    file_offset: u64,
    data: &[u8],
) -> Result<(Vec<u8>, u64), CodeObjectError> {
    let header = parse_ccob_header(file, file_offset, data)?;
    let end = header.total_size.map_or(data.len(), |t| t as usize);
    let compressed = &data[header.header_size..end];
    let what = format!(
        "compressed offload bundle (CCOB v{}, {:?}) at offset {file_offset:#x}",
        header.version, header.method
    );
    let out = compress::decompress_expecting(
        file,
        &what,
        header.method,
        compressed,
        header.uncompressed_size,
        Some(BUNDLE_MAGIC),
    )?;
    Ok((out, end as u64))
}

/// The magic that starts an LLVM offload binary (`.llvm.offloading`, the new offload driver).
pub const OFFLOAD_BINARY_MAGIC: &[u8] = &[0x10, 0xff, 0x10, 0xad];

/// One image of an LLVM offload binary, with offsets relative to the binary's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OffloadImage {
    pub offload_kind: &'static str,
    pub triple: String,
    pub arch: Option<String>,
    pub offset: u64,
    pub size: u64,
}

/// Parses an LLVM offload binary at `data[0]` (header: magic, u32 version, u64 size, u64 entry
/// offset, u64 entry size; each 40-byte entry: u16 image kind, u16 offload kind, u32 flags,
/// u64 string table offset, u64 string count, u64 image offset, u64 image size; strings are
/// pairs of u64 offsets to NUL-terminated key and value). Returns the images and the binary's
/// size.
pub(crate) fn parse_offload_binary(
    file: &str,
    file_offset: u64,
    data: &[u8],
) -> Result<(Vec<OffloadImage>, u64), CodeObjectError> {
    let bad = |reason: String| CodeObjectError::BadBundle {
        file: file.to_string(),
        offset: file_offset,
        reason: format!("LLVM offload binary: {reason}"),
    };
    let truncated = || bad("header truncated".into());
    if !data.starts_with(OFFLOAD_BINARY_MAGIC) {
        return Err(bad("missing magic".into()));
    }
    let version = elf::u32_at(data, 4).ok_or_else(truncated)?;
    if version == 0 || version > 2 {
        return Err(bad(format!("unsupported version {version}")));
    }
    let size = elf::u64_at(data, 8).ok_or_else(truncated)?;
    let entry_offset = elf::u64_at(data, 16).ok_or_else(truncated)?;
    let entry_size = elf::u64_at(data, 24).ok_or_else(truncated)?;
    if size < 32 || size > data.len() as u64 {
        return Err(bad(format!(
            "size {size:#x} does not fit the {:#x} bytes available",
            data.len()
        )));
    }
    let data = &data[..size as usize];
    let in_range = |off: u64, len: u64| off.checked_add(len).is_some_and(|e| e <= size);
    if !in_range(entry_offset, entry_size) || entry_size % 40 != 0 {
        return Err(bad(format!(
            "entries at {entry_offset:#x}, size {entry_size:#x}, are out of range"
        )));
    }
    let mut images = Vec::new();
    for i in 0..entry_size / 40 {
        let e = (entry_offset + i * 40) as usize;
        let field = |off: usize| elf::u64_at(data, e + off).unwrap_or(0);
        let offload_kind = match elf::u16_at(data, e + 2).unwrap_or(0) {
            1 => "openmp",
            2 => "cuda",
            4 => "hip",
            8 => "sycl",
            _ => "unknown",
        };
        let (strings, count, image_offset, image_size) =
            (field(8), field(16), field(24), field(32));
        if !in_range(image_offset, image_size) {
            return Err(bad(format!(
                "entry {i}: image at {image_offset:#x}, size {image_size:#x}, is out of range"
            )));
        }
        if count
            .checked_mul(16)
            .is_none_or(|len| !in_range(strings, len))
        {
            return Err(bad(format!("entry {i}: string table out of range")));
        }
        let (mut triple, mut arch) = (None, None);
        for j in 0..count {
            let at = (strings + j * 16) as usize;
            let key =
                elf::u64_at(data, at).and_then(|o| elf::str_at(data, usize::try_from(o).ok()?));
            let value =
                elf::u64_at(data, at + 8).and_then(|o| elf::str_at(data, usize::try_from(o).ok()?));
            match (key, value) {
                (Some("triple"), Some(v)) => triple = Some(v.to_string()),
                (Some("arch"), Some(v)) => arch = Some(v.to_string()),
                (Some(_), Some(_)) => {}
                _ => return Err(bad(format!("entry {i}: string {j} is out of range"))),
            }
        }
        images.push(OffloadImage {
            offload_kind,
            triple: triple.unwrap_or_default(),
            arch: arch.filter(|a| !a.is_empty()),
            offset: image_offset,
            size: image_size,
        });
    }
    Ok((images, size))
}

/// A bundle entry ID split into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EntryId {
    pub offload_kind: String,
    pub triple: String,
    pub arch: String,
    pub target_id: Option<String>,
}

/// Splits `<kind>-<arch>-<vendor>-<os>[-<env>][-<target-id>]`. Old IDs have a three-part triple
/// followed directly by the target ID (`hip-amdgcn-amd-amdhsa-gfx906`); current ones have an
/// (often empty) environment (`hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+`). Target IDs may contain
/// `-` (`gfx10-3-generic`, `xnack-`), so only the first five fields are split.
pub(crate) fn parse_entry_id(id: &str) -> EntryId {
    let (kind, rest) = id.split_once('-').unwrap_or((id, ""));
    let mut parts = rest.splitn(4, '-');
    let arch = parts.next().unwrap_or("").to_string();
    let vendor = parts.next().unwrap_or("");
    let os = parts.next().unwrap_or("");
    let remainder = parts.next().unwrap_or("");
    let (env, target) = if remainder.starts_with("gfx") {
        ("", remainder)
    } else {
        remainder.split_once('-').unwrap_or((remainder, ""))
    };
    let mut triple = format!("{arch}-{vendor}-{os}");
    if !env.is_empty() {
        triple.push('-');
        triple.push_str(env);
    }
    EntryId {
        offload_kind: kind.to_string(),
        triple,
        arch,
        target_id: (!target.is_empty()).then(|| target.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_ids() {
        let e = parse_entry_id("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+");
        assert_eq!(e.offload_kind, "hipv4");
        assert_eq!(e.triple, "amdgcn-amd-amdhsa");
        assert_eq!(e.arch, "amdgcn");
        assert_eq!(e.target_id.as_deref(), Some("gfx90a:xnack+"));
        let e = parse_entry_id("hip-amdgcn-amd-amdhsa-gfx10-3-generic");
        assert_eq!(e.target_id.as_deref(), Some("gfx10-3-generic"));
        let e = parse_entry_id("host-x86_64-unknown-linux-gnu");
        assert_eq!(
            (e.arch.as_str(), e.triple.as_str(), e.target_id),
            ("x86_64", "x86_64-unknown-linux-gnu", None)
        );
        let e = parse_entry_id("host-x86_64-unknown-linux--");
        assert_eq!(e.target_id, None);
        let e = parse_entry_id("garbage");
        assert_eq!(e.arch, "");
    }

    #[test]
    fn hostile_bundles() {
        let mut b = BUNDLE_MAGIC.to_vec();
        b.extend_from_slice(&u64::MAX.to_le_bytes());
        assert!(parse_bundle("f", 0, &b).is_err());
        let mut b = BUNDLE_MAGIC.to_vec();
        b.extend_from_slice(&1u64.to_le_bytes());
        for v in [0u64, 10, u64::MAX] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        assert!(parse_bundle("f", 0, &b).is_err());
        let mut c = b"CCOB".to_vec();
        c.extend_from_slice(&[3, 0, 1, 0]);
        c.extend_from_slice(&u64::MAX.to_le_bytes());
        assert!(parse_ccob_header("f", 0, &c).is_err());
    }
}
