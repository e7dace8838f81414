//! How much of a file an input needs, worked out from its headers before it is read: a
//! file whose size lies (a 6 GiB sparse file behind one ELF header) costs what its
//! sections hold, not what the file system says.

use std::io::{Read, Seek, SeekFrom};

/// The most section or program headers read to find an ELF's extent (the ELF limit is
/// 2^32 with extended numbering; a table that long is read whole instead).
const MAX_HEADERS: u64 = 1 << 16;

/// The bytes of `file` (of `len` bytes) that an input reads: for a 64-bit little-endian
/// ELF, its headers and the contents of its sections and segments, as far as the last
/// of them ends; for anything else (bundles, whose entries may lie anywhere, and files
/// the parser will refuse), the whole file. Never more than `len`.
pub(crate) fn needed(file: &mut std::fs::File, len: u64) -> std::io::Result<u64> {
    let mut header = [0u8; 64];
    if len < 64 || read_at(file, 0, &mut header).is_err() {
        return Ok(len);
    }
    // ELFMAG, ELFCLASS64, ELFDATA2LSB: what the parsers accept; anything else is read
    // whole and refused by them with its precise reason.
    if &header[..6] != b"\x7fELF\x02\x01" {
        return Ok(len);
    }
    let u16_at = |b: &[u8], at: usize| u64::from(u16::from_le_bytes([b[at], b[at + 1]]));
    let u32_at = |b: &[u8], at: usize| {
        u64::from(u32::from_le_bytes(
            b[at..at + 4].try_into().expect("4 bytes"),
        ))
    };
    let u64_at = |b: &[u8], at: usize| u64::from_le_bytes(b[at..at + 8].try_into().expect("8"));
    let (phoff, shoff) = (u64_at(&header, 0x20), u64_at(&header, 0x28));
    let (phentsize, phnum) = (u16_at(&header, 0x36), u16_at(&header, 0x38));
    let (shentsize, mut shnum) = (u16_at(&header, 0x3a), u16_at(&header, 0x3c));
    let end = |offset: u64, size: u64| offset.saturating_add(size);
    // Extended numbering: a zero count with a table present keeps the count in the first
    // section header's size.
    if shnum == 0 && shoff != 0 && shentsize >= 64 {
        let mut first = [0u8; 64];
        if read_at(file, shoff, &mut first).is_err() {
            return Ok(len);
        }
        shnum = u64_at(&first, 0x20);
    }
    if phnum > MAX_HEADERS || shnum > MAX_HEADERS || (phentsize < 56 && phnum > 0) {
        return Ok(len);
    }
    if shnum > 0 && shentsize < 64 {
        return Ok(len);
    }
    let mut extent = 64u64
        .max(end(phoff, phnum.saturating_mul(phentsize)))
        .max(end(shoff, shnum.saturating_mul(shentsize)));
    if extent > len {
        // The header tables are not in the file: the parser says so from the whole file.
        return Ok(len);
    }
    let table = |file: &mut std::fs::File, offset: u64, count: u64, size: u64| {
        let mut bytes = vec![0u8; (count * size) as usize];
        read_at(file, offset, &mut bytes).map(|()| bytes)
    };
    if phnum > 0 {
        let Ok(program) = table(file, phoff, phnum, phentsize) else {
            return Ok(len);
        };
        for h in program.chunks_exact(phentsize as usize) {
            extent = extent.max(end(u64_at(h, 0x08), u64_at(h, 0x20)));
        }
    }
    if shnum > 0 {
        let Ok(sections) = table(file, shoff, shnum, shentsize) else {
            return Ok(len);
        };
        const SHT_NOBITS: u64 = 8;
        for h in sections.chunks_exact(shentsize as usize) {
            if u32_at(h, 0x04) != SHT_NOBITS {
                extent = extent.max(end(u64_at(h, 0x18), u64_at(h, 0x20)));
            }
        }
    }
    Ok(extent.min(len))
}

/// Reads exactly `buf.len()` bytes of `file` from `offset`.
fn read_at(file: &mut std::fs::File, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(buf)
}

/// The first `extent` bytes of `file`: an error if the file has become shorter.
pub(crate) fn read_prefix(file: &mut std::fs::File, extent: u64) -> std::io::Result<Vec<u8>> {
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::with_capacity(usize::try_from(extent).unwrap_or(usize::MAX));
    file.take(extent).read_to_end(&mut bytes)?;
    if (bytes.len() as u64) < extent {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "the file became shorter while it was read",
        ));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8], len: u64) -> std::fs::File {
        let path =
            std::env::temp_dir().join(format!("hetdwarf-extent-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        let f = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .unwrap();
        f.set_len(len).unwrap();
        std::fs::remove_file(&path).unwrap();
        f
    }

    #[test]
    fn an_elf_needs_its_sections_not_its_padding() {
        let corpus = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../corpora/llc22/ir-gfx90a-O0.o"
        );
        let object = std::fs::read(corpus).unwrap();
        let mut f = temp("padded", &object, 1 << 40);
        assert_eq!(needed(&mut f, 1 << 40).unwrap(), object.len() as u64);
        assert_eq!(read_prefix(&mut f, object.len() as u64).unwrap(), object);
    }

    #[test]
    fn a_bare_header_needs_its_header() {
        let mut header = vec![0u8; 64];
        header[..6].copy_from_slice(b"\x7fELF\x02\x01");
        let mut f = temp("bare", &header, 6 << 30);
        assert_eq!(needed(&mut f, 6 << 30).unwrap(), 64);
    }

    #[test]
    fn what_is_no_little_endian_elf64_is_read_whole() {
        let mut f = temp("bundle", b"__CLANG_OFFLOAD_BUNDLE__", 4096);
        assert_eq!(needed(&mut f, 4096).unwrap(), 4096);
        let mut header = vec![0u8; 64];
        header[..6].copy_from_slice(b"\x7fELF\x01\x01");
        let mut f = temp("elf32", &header, 4096);
        assert_eq!(needed(&mut f, 4096).unwrap(), 4096);
    }

    #[test]
    fn a_section_beyond_the_file_is_clamped_to_it() {
        let corpus = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../corpora/llc22/ir-gfx90a-O0.o"
        );
        let object = std::fs::read(corpus).unwrap();
        let len = object.len() as u64;
        let mut f = temp("short", &object, len);
        assert_eq!(needed(&mut f, len).unwrap(), len);
        assert!(read_prefix(&mut f, len + 1).is_err());
    }
}
