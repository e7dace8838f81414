//! Helpers shared by the integration tests: fixture paths, a tiny ELF64 builder for AMDGPU
//! objects, and an offload bundle builder.

#![allow(dead_code)]

use std::path::PathBuf;

/// The path of a committed fixture in `amdgpu/tests/data`.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// The bytes of a committed fixture.
pub fn fixture_bytes(name: &str) -> Vec<u8> {
    std::fs::read(fixture(name)).unwrap()
}

/// A section for [`build_elf`].
#[derive(Clone, Debug)]
pub struct Sec {
    pub name: &'static str,
    pub sh_type: u32,
    pub flags: u64,
    pub addr: u64,
    pub data: Vec<u8>,
    pub link: u32,
    pub info: u32,
    pub entsize: u64,
}

impl Sec {
    pub fn new(name: &'static str, sh_type: u32, data: Vec<u8>) -> Sec {
        Sec {
            name,
            sh_type,
            flags: 0,
            addr: 0,
            data,
            link: 0,
            info: 0,
            entsize: 0,
        }
    }
}

/// Where things landed in a built ELF.
#[derive(Clone, Debug)]
pub struct Layout {
    pub shoff: usize,
    /// File offsets of each section's data (index 0 is the null section).
    pub offsets: Vec<usize>,
}

/// Builds a little-endian ELF64 AMDGPU file: header, section data, `.shstrtab` (last section),
/// then the section header table. Section indices are 1 + the position in `secs`.
pub fn build_elf(e_type: u16, e_flags: u32, abi_version: u8, secs: &[Sec]) -> (Vec<u8>, Layout) {
    let mut out = vec![0u8; 64];
    let mut shstrtab = vec![0u8];
    let mut name_offsets = Vec::new();
    for s in secs.iter().map(|s| s.name).chain([".shstrtab"]) {
        name_offsets.push(shstrtab.len() as u32);
        shstrtab.extend_from_slice(s.as_bytes());
        shstrtab.push(0);
    }
    let mut offsets = vec![0usize];
    for s in secs {
        while !out.len().is_multiple_of(8) {
            out.push(0);
        }
        offsets.push(out.len());
        if s.sh_type != 8 {
            out.extend_from_slice(&s.data);
        }
    }
    offsets.push(out.len());
    out.extend_from_slice(&shstrtab);
    while !out.len().is_multiple_of(8) {
        out.push(0);
    }
    let shoff = out.len();
    out.extend_from_slice(&[0u8; 64]);
    let push_header = |out: &mut Vec<u8>,
                       name: u32,
                       t: u32,
                       flags: u64,
                       addr: u64,
                       off: usize,
                       size: usize,
                       link: u32,
                       info: u32,
                       entsize: u64| {
        out.extend_from_slice(&name.to_le_bytes());
        out.extend_from_slice(&t.to_le_bytes());
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&addr.to_le_bytes());
        out.extend_from_slice(&(off as u64).to_le_bytes());
        out.extend_from_slice(&(size as u64).to_le_bytes());
        out.extend_from_slice(&link.to_le_bytes());
        out.extend_from_slice(&info.to_le_bytes());
        out.extend_from_slice(&8u64.to_le_bytes());
        out.extend_from_slice(&entsize.to_le_bytes());
    };
    for (i, s) in secs.iter().enumerate() {
        push_header(
            &mut out,
            name_offsets[i],
            s.sh_type,
            s.flags,
            s.addr,
            offsets[i + 1],
            s.data.len(),
            s.link,
            s.info,
            s.entsize,
        );
    }
    let n = secs.len();
    push_header(
        &mut out,
        name_offsets[n],
        3,
        0,
        0,
        offsets[n + 1],
        shstrtab.len(),
        0,
        0,
        0,
    );
    let shnum = (secs.len() + 2) as u16;
    out[..4].copy_from_slice(b"\x7fELF");
    out[4] = 2; // ELFCLASS64
    out[5] = 1; // ELFDATA2LSB
    out[6] = 1; // EV_CURRENT
    out[7] = 64; // ELFOSABI_AMDGPU_HSA
    out[8] = abi_version;
    out[16..18].copy_from_slice(&e_type.to_le_bytes());
    out[18..20].copy_from_slice(&224u16.to_le_bytes());
    out[20..24].copy_from_slice(&1u32.to_le_bytes());
    out[40..48].copy_from_slice(&(shoff as u64).to_le_bytes());
    out[48..52].copy_from_slice(&e_flags.to_le_bytes());
    out[52..54].copy_from_slice(&64u16.to_le_bytes());
    out[58..60].copy_from_slice(&64u16.to_le_bytes());
    out[60..62].copy_from_slice(&shnum.to_le_bytes());
    out[62..64].copy_from_slice(&(shnum - 1).to_le_bytes());
    (out, Layout { shoff, offsets })
}

/// One ELF64 symbol.
pub fn sym(name: u32, st_type: u8, shndx: u16, value: u64, size: u64) -> Vec<u8> {
    let mut s = Vec::new();
    s.extend_from_slice(&name.to_le_bytes());
    s.push(0x10 | st_type); // STB_GLOBAL
    s.push(0);
    s.extend_from_slice(&shndx.to_le_bytes());
    s.extend_from_slice(&value.to_le_bytes());
    s.extend_from_slice(&size.to_le_bytes());
    s
}

/// One ELF64 RELA entry.
pub fn rela(offset: u64, symbol: u32, r_type: u32, addend: i64) -> Vec<u8> {
    let mut r = Vec::new();
    r.extend_from_slice(&offset.to_le_bytes());
    r.extend_from_slice(&((u64::from(symbol) << 32) | u64::from(r_type)).to_le_bytes());
    r.extend_from_slice(&addend.to_le_bytes());
    r
}

/// A small valid gfx90a shared object with a `.text`, a function symbol and no note.
pub fn tiny_code_object() -> Vec<u8> {
    let mut strtab = b"\0f\0".to_vec();
    strtab.push(0);
    let mut symtab = sym(0, 0, 0, 0, 0);
    symtab.extend(sym(1, 2, 1, 0x100, 0x40));
    let mut text = Sec::new(".text", 1, vec![0u8; 0x40]);
    text.addr = 0x100;
    text.flags = 6;
    let mut symtab_sec = Sec::new(".symtab", 2, symtab);
    symtab_sec.link = 3;
    symtab_sec.entsize = 24;
    let strtab_sec = Sec::new(".strtab", 3, strtab);
    build_elf(3, 0x53f, 3, &[text, symtab_sec, strtab_sec]).0
}

/// An uncompressed offload bundle of `(entry id, bytes)`, code objects aligned to 4096.
pub fn build_bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut header = b"__CLANG_OFFLOAD_BUNDLE__".to_vec();
    header.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    let header_len = header.len() + entries.iter().map(|(id, _)| 24 + id.len()).sum::<usize>();
    let mut offset = header_len.div_ceil(4096) * 4096;
    let mut body_offsets = Vec::new();
    for (id, bytes) in entries {
        header.extend_from_slice(&(offset as u64).to_le_bytes());
        header.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        header.extend_from_slice(&(id.len() as u64).to_le_bytes());
        header.extend_from_slice(id.as_bytes());
        body_offsets.push(offset);
        offset = (offset + bytes.len()).div_ceil(4096) * 4096;
    }
    let mut out = header;
    for ((_, bytes), off) in entries.iter().zip(body_offsets) {
        out.resize(off, 0);
        out.extend_from_slice(bytes);
    }
    out
}
