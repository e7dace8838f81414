//! A small, strict, zero-copy reader for 64-bit little-endian AMDGPU ELF files: header and
//! section table validation with precise errors, symbols, relocation entries and notes.
//!
//! Every offset and size read from the file is checked against the file's length before it is
//! used, and every table is sized from the file, so hostile input can only produce errors.

use crate::error::CodeObjectError;
use crate::target;

/// `EM_AMDGPU`.
pub const EM_AMDGPU: u16 = 224;
/// `SHT_SYMTAB`.
pub const SHT_SYMTAB: u32 = 2;
/// `SHT_STRTAB`.
pub const SHT_STRTAB: u32 = 3;
/// `SHT_RELA`.
pub const SHT_RELA: u32 = 4;
/// `SHT_NOTE`.
pub const SHT_NOTE: u32 = 7;
/// `SHT_NOBITS`.
pub const SHT_NOBITS: u32 = 8;
/// `SHT_REL`.
pub const SHT_REL: u32 = 9;
/// `SHT_DYNSYM`.
pub const SHT_DYNSYM: u32 = 11;
/// `SHF_EXECINSTR`.
pub const SHF_EXECINSTR: u64 = 0x4;
/// `SHF_COMPRESSED`.
pub const SHF_COMPRESSED: u64 = 0x800;
/// `STT_OBJECT`.
pub const STT_OBJECT: u8 = 1;
/// `STT_FUNC`.
pub const STT_FUNC: u8 = 2;
/// `STT_AMDGPU_HSA_KERNEL` (code object v2 kernels).
pub const STT_AMDGPU_HSA_KERNEL: u8 = 10;

pub(crate) fn u16_at(b: &[u8], off: usize) -> Option<u16> {
    Some(u16::from_le_bytes(
        b.get(off..off.checked_add(2)?)?.try_into().ok()?,
    ))
}
pub(crate) fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        b.get(off..off.checked_add(4)?)?.try_into().ok()?,
    ))
}
pub(crate) fn u64_at(b: &[u8], off: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        b.get(off..off.checked_add(8)?)?.try_into().ok()?,
    ))
}

/// The name of a few common `e_machine` values, for error messages.
pub fn machine_name(machine: u16) -> &'static str {
    match machine {
        0 => "EM_NONE",
        2 => "EM_SPARC",
        3 => "EM_386",
        8 => "EM_MIPS",
        20 => "EM_PPC",
        21 => "EM_PPC64",
        22 => "EM_S390",
        40 => "EM_ARM",
        43 => "EM_SPARCV9",
        50 => "EM_IA_64",
        62 => "EM_X86_64",
        183 => "EM_AARCH64",
        190 => "EM_CUDA",
        224 => "EM_AMDGPU",
        243 => "EM_RISCV",
        247 => "EM_BPF",
        258 => "EM_LOONGARCH",
        _ => "unknown machine",
    }
}

/// The ELF file header fields this crate uses.
#[derive(Clone, Debug)]
pub(crate) struct Header {
    pub e_type: u16,
    pub e_flags: u32,
    pub os_abi: u8,
    pub abi_version: u8,
}

/// One section header, with its name and (for non-NOBITS sections) its bytes.
#[derive(Clone, Debug)]
pub(crate) struct Section<'a> {
    pub name: &'a str,
    pub sh_type: u32,
    pub flags: u64,
    pub addr: u64,
    pub size: u64,
    pub link: u32,
    pub info: u32,
    pub entsize: u64,
    /// The bytes in the file (empty for `SHT_NOBITS`).
    pub data: &'a [u8],
}

/// One symbol.
#[derive(Clone, Debug)]
pub(crate) struct Symbol<'a> {
    pub name: &'a str,
    pub value: u64,
    pub size: u64,
    pub st_type: u8,
    pub shndx: u16,
}

/// A validated AMDGPU ELF file.
#[derive(Debug)]
pub(crate) struct Elf<'a> {
    pub data: &'a [u8],
    pub header: Header,
    pub sections: Vec<Section<'a>>,
}

fn truncated(file: &str, what: &str, needed: u64, len: usize) -> CodeObjectError {
    CodeObjectError::Truncated {
        file: file.to_string(),
        what: what.to_string(),
        needed,
        len: len as u64,
    }
}

fn bad_table(file: &str, reason: String) -> CodeObjectError {
    CodeObjectError::BadSectionTable {
        file: file.to_string(),
        reason,
    }
}

/// Checks the ELF identification of any ELF file: magic, class 64, little-endian.
/// Returns `e_machine` when the header is complete enough to have one.
pub(crate) fn check_ident(file: &str, data: &[u8]) -> Result<(), CodeObjectError> {
    if data.len() < 4 || &data[..4] != b"\x7fELF" {
        return Err(CodeObjectError::BadMagic {
            file: file.to_string(),
            magic: hex_prefix(data),
        });
    }
    if data.len() < 16 {
        return Err(truncated(file, "the ELF identification", 16, data.len()));
    }
    let class = data[4];
    let encoding = data[5];
    if class != 2 {
        let detail = if class == 1 {
            let machine = if encoding == 1 {
                u16_at(data, 18)
            } else {
                None
            };
            match machine {
                Some(EM_AMDGPU) => {
                    let mach = u32_at(data, 36).unwrap_or(0) & target::EF_AMDGPU_MACH;
                    format!(
                        "ELFCLASS32: a 32-bit r600 object (processor {}); only 64-bit amdgcn code objects are supported",
                        target::processor_name(mach).unwrap_or("unknown")
                    )
                }
                _ => {
                    "ELFCLASS32: a 32-bit ELF file; AMDGPU code objects are ELFCLASS64".to_string()
                }
            }
        } else {
            "not ELFCLASS32 (1) or ELFCLASS64 (2)".to_string()
        };
        return Err(CodeObjectError::WrongClass {
            file: file.to_string(),
            class,
            detail,
        });
    }
    if encoding != 1 {
        return Err(CodeObjectError::WrongEncoding {
            file: file.to_string(),
            data: encoding,
        });
    }
    Ok(())
}

/// The first bytes of a buffer in hex, for "bad magic" messages.
pub(crate) fn hex_prefix(data: &[u8]) -> String {
    if data.is_empty() {
        return "(empty file)".to_string();
    }
    data.iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `e_machine` of a 64-bit little-endian ELF whose identification was checked.
pub(crate) fn machine(data: &[u8]) -> Option<u16> {
    u16_at(data, 18)
}

impl<'a> Elf<'a> {
    /// Validates an AMDGPU ELF file: identification, machine, header, section table, names.
    pub fn parse(file: &str, data: &'a [u8]) -> Result<Elf<'a>, CodeObjectError> {
        check_ident(file, data)?;
        let len = data.len();
        if len < 64 {
            return Err(truncated(file, "the ELF header", 64, len));
        }
        let e_machine = u16_at(data, 18).unwrap_or(0);
        if e_machine != EM_AMDGPU {
            return Err(CodeObjectError::WrongMachine {
                file: file.to_string(),
                machine: e_machine,
                name: machine_name(e_machine).to_string(),
            });
        }
        let get16 = |off| u16_at(data, off).unwrap_or(0);
        let header = Header {
            e_type: get16(16),
            e_flags: u32_at(data, 48).unwrap_or(0),
            os_abi: data[7],
            abi_version: data[8],
        };
        let e_shoff = u64_at(data, 40).unwrap_or(0);
        let e_shentsize = get16(58);
        let mut shnum = u64::from(get16(60));
        let mut shstrndx = u32::from(get16(62));
        if e_shoff == 0 {
            return Err(bad_table(
                file,
                "no section header table (e_shoff is 0)".into(),
            ));
        }
        if e_shentsize != 64 {
            return Err(bad_table(
                file,
                format!("e_shentsize is {e_shentsize}, expected 64"),
            ));
        }
        if e_shoff > len as u64 || len as u64 - e_shoff < 64 {
            return Err(truncated(
                file,
                "the section header table",
                e_shoff.saturating_add(64),
                len,
            ));
        }
        let first = &data[e_shoff as usize..e_shoff as usize + 64];
        if shnum == 0 {
            // Extended numbering: the count is in section 0's sh_size.
            shnum = u64_at(first, 32).unwrap_or(0);
        }
        if shstrndx == 0xffff {
            shstrndx = u32_at(first, 40).unwrap_or(0);
        }
        let table_end = shnum
            .checked_mul(64)
            .and_then(|s| s.checked_add(e_shoff))
            .unwrap_or(u64::MAX);
        if table_end > len as u64 {
            return Err(truncated(
                file,
                &format!("the section header table ({shnum} entries at {e_shoff:#x})"),
                table_end,
                len,
            ));
        }
        if u64::from(shstrndx) >= shnum || shstrndx == 0 {
            return Err(bad_table(
                file,
                format!("e_shstrndx {shstrndx} is not a section (there are {shnum})"),
            ));
        }
        struct Raw {
            name: u32,
            sh_type: u32,
            flags: u64,
            addr: u64,
            offset: u64,
            size: u64,
            link: u32,
            info: u32,
            entsize: u64,
        }
        let mut raws = Vec::with_capacity(shnum as usize);
        for i in 0..shnum as usize {
            let h = &data[e_shoff as usize + i * 64..e_shoff as usize + i * 64 + 64];
            let raw = Raw {
                name: u32_at(h, 0).unwrap_or(0),
                sh_type: u32_at(h, 4).unwrap_or(0),
                flags: u64_at(h, 8).unwrap_or(0),
                addr: u64_at(h, 16).unwrap_or(0),
                offset: u64_at(h, 24).unwrap_or(0),
                size: u64_at(h, 32).unwrap_or(0),
                link: u32_at(h, 40).unwrap_or(0),
                info: u32_at(h, 44).unwrap_or(0),
                entsize: u64_at(h, 56).unwrap_or(0),
            };
            if i > 0 && raw.sh_type != SHT_NOBITS && raw.sh_type != 0 {
                let end = raw.offset.saturating_add(raw.size);
                if end > len as u64 {
                    return Err(bad_table(
                        file,
                        format!(
                            "section [{i}] data at {:#x}, size {:#x}, runs past the end of the file ({len:#x} bytes)",
                            raw.offset, raw.size
                        ),
                    ));
                }
            }
            raws.push(raw);
        }
        let strtab = &raws[shstrndx as usize];
        if strtab.sh_type != SHT_STRTAB {
            return Err(bad_table(
                file,
                format!(
                    "e_shstrndx {shstrndx} is a section of type {}, not SHT_STRTAB",
                    strtab.sh_type
                ),
            ));
        }
        let names = &data[strtab.offset as usize..(strtab.offset + strtab.size) as usize];
        let mut sections = Vec::with_capacity(raws.len());
        let mut names = crate::strtab::StringTable::new(names);
        for (i, raw) in raws.iter().enumerate() {
            let name = if i == 0 {
                ""
            } else {
                names.get(raw.name as usize).ok_or_else(|| {
                    bad_table(
                        file,
                        format!(
                            "section [{i}] name offset {:#x} is outside the section name table or not valid UTF-8",
                            raw.name
                        ),
                    )
                })?
            };
            let data_slice = if i == 0 || raw.sh_type == SHT_NOBITS || raw.sh_type == 0 {
                &data[0..0]
            } else {
                &data[raw.offset as usize..(raw.offset + raw.size) as usize]
            };
            sections.push(Section {
                name,
                sh_type: raw.sh_type,
                flags: raw.flags,
                addr: raw.addr,
                size: raw.size,
                link: raw.link,
                info: raw.info,
                entsize: raw.entsize,
                data: data_slice,
            });
        }
        Ok(Elf {
            data,
            header,
            sections,
        })
    }

    /// The first section with this name.
    pub fn section_index(&self, name: &str) -> Option<usize> {
        self.sections.iter().position(|s| s.name == name)
    }

    /// The symbols of the static symbol table (or, without one, the dynamic symbol table).
    pub fn symbols(&self, file: &str) -> Result<Vec<Symbol<'a>>, CodeObjectError> {
        let Some(index) = self
            .sections
            .iter()
            .position(|s| s.sh_type == SHT_SYMTAB)
            .or_else(|| self.sections.iter().position(|s| s.sh_type == SHT_DYNSYM))
        else {
            return Ok(Vec::new());
        };
        self.symbols_of(file, index)
    }

    /// The symbols of one symbol table section.
    pub fn symbols_of(&self, file: &str, index: usize) -> Result<Vec<Symbol<'a>>, CodeObjectError> {
        let sec = &self.sections[index];
        let bad = |reason: String| CodeObjectError::BadSection {
            file: file.to_string(),
            section: sec.name.to_string(),
            reason,
        };
        if sec.entsize != 24 {
            return Err(bad(format!("symbol entry size {} is not 24", sec.entsize)));
        }
        let strtab = self
            .sections
            .get(sec.link as usize)
            .filter(|s| s.sh_type == SHT_STRTAB)
            .ok_or_else(|| bad(format!("sh_link {} is not a string table", sec.link)))?;
        let count = sec.data.len() / 24;
        let mut out = Vec::with_capacity(count);
        let mut names = crate::strtab::StringTable::new(strtab.data);
        for i in 0..count {
            let e = &sec.data[i * 24..i * 24 + 24];
            let name_off = u32_at(e, 0).unwrap_or(0) as usize;
            let name = if name_off == 0 {
                ""
            } else {
                names.get(name_off).ok_or_else(|| {
                    bad(format!(
                        "symbol {i}: name offset {name_off:#x} outside the string table or not UTF-8"
                    ))
                })?
            };
            out.push(Symbol {
                name,
                value: u64_at(e, 8).unwrap_or(0),
                size: u64_at(e, 16).unwrap_or(0),
                st_type: e[4] & 0xf,
                shndx: u16_at(e, 6).unwrap_or(0),
            });
        }
        Ok(out)
    }

    /// The bytes at a virtual address range, from the section that contains it.
    pub fn bytes_at_address(
        &self,
        shndx: Option<u16>,
        address: u64,
        size: u64,
    ) -> Option<&'a [u8]> {
        let candidates: Vec<&Section<'a>> = match shndx {
            Some(i) if (i as usize) < self.sections.len() && i != 0 && i < 0xff00 => {
                vec![&self.sections[i as usize]]
            }
            _ => self.sections.iter().skip(1).collect(),
        };
        for s in candidates {
            if s.sh_type == SHT_NOBITS || s.sh_type == 0 {
                continue;
            }
            if address >= s.addr
                && address - s.addr <= s.size
                && s.size - (address - s.addr) >= size
            {
                let start = (address - s.addr) as usize;
                return s.data.get(start..start + size as usize);
            }
        }
        None
    }
}

/// A NUL-terminated UTF-8 string at `off` in a string table.
pub(crate) fn str_at(table: &[u8], off: usize) -> Option<&str> {
    let rest = table.get(off..)?;
    let end = rest.iter().position(|&b| b == 0)?;
    std::str::from_utf8(&rest[..end]).ok()
}

/// One ELF note.
#[derive(Clone, Debug)]
pub(crate) struct Note<'a> {
    pub name: &'a [u8],
    pub n_type: u32,
    pub desc: &'a [u8],
}

/// The notes of a note section (4-byte aligned, as AMDGPU code objects use).
pub(crate) fn notes<'a>(
    file: &str,
    section: &str,
    mut data: &'a [u8],
) -> Result<Vec<Note<'a>>, CodeObjectError> {
    let bad = |reason: String| CodeObjectError::BadSection {
        file: file.to_string(),
        section: section.to_string(),
        reason,
    };
    let mut out = Vec::new();
    let align4 = |n: usize| n.checked_add(3).map(|n| n & !3);
    while !data.is_empty() {
        if data.len() < 12 {
            return Err(bad(format!(
                "{} trailing bytes, too short for a note header",
                data.len()
            )));
        }
        let namesz = u32_at(data, 0).unwrap_or(0) as usize;
        let descsz = u32_at(data, 4).unwrap_or(0) as usize;
        let n_type = u32_at(data, 8).unwrap_or(0);
        let name_end = 12usize.checked_add(namesz);
        let desc_start = name_end.and_then(align4);
        let desc_end = desc_start.and_then(|d| d.checked_add(descsz));
        let (Some(name_end), Some(desc_start), Some(desc_end)) = (name_end, desc_start, desc_end)
        else {
            return Err(bad("note sizes overflow".into()));
        };
        if desc_end > data.len() {
            return Err(bad(format!(
                "note of type {n_type} declares {namesz} name bytes and {descsz} descriptor bytes, more than the {} left",
                data.len()
            )));
        }
        let mut name = &data[12..name_end];
        if let Some(stripped) = name.strip_suffix(b"\0") {
            name = stripped;
        }
        out.push(Note {
            name,
            n_type,
            desc: &data[desc_start..desc_end],
        });
        let next = align4(desc_end).unwrap_or(usize::MAX).min(data.len());
        data = &data[next..];
    }
    Ok(out)
}
