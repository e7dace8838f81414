//! AMDGPU relocations (`R_AMDGPU_*`) and applying them to a copy of a section of a relocatable
//! (`ET_REL`) code object, as debuggers must do for the `.rela.debug_*` sections of `.o` files.

use crate::elf::{self, Elf, Section};
use crate::error::CodeObjectError;

/// `R_AMDGPU_NONE`.
pub const R_AMDGPU_NONE: u32 = 0;
/// `R_AMDGPU_ABS32_LO`: low 32 bits of S + A.
pub const R_AMDGPU_ABS32_LO: u32 = 1;
/// `R_AMDGPU_ABS32_HI`: high 32 bits of S + A.
pub const R_AMDGPU_ABS32_HI: u32 = 2;
/// `R_AMDGPU_ABS64`: S + A, 64 bits.
pub const R_AMDGPU_ABS64: u32 = 3;
/// `R_AMDGPU_REL32`: S + A - P, 32 bits.
pub const R_AMDGPU_REL32: u32 = 4;
/// `R_AMDGPU_REL64`: S + A - P, 64 bits.
pub const R_AMDGPU_REL64: u32 = 5;
/// `R_AMDGPU_ABS32`: S + A, 32 bits.
pub const R_AMDGPU_ABS32: u32 = 6;
/// `R_AMDGPU_GOTPCREL`.
pub const R_AMDGPU_GOTPCREL: u32 = 7;
/// `R_AMDGPU_GOTPCREL32_LO`.
pub const R_AMDGPU_GOTPCREL32_LO: u32 = 8;
/// `R_AMDGPU_GOTPCREL32_HI`.
pub const R_AMDGPU_GOTPCREL32_HI: u32 = 9;
/// `R_AMDGPU_REL32_LO`: low 32 bits of S + A - P.
pub const R_AMDGPU_REL32_LO: u32 = 10;
/// `R_AMDGPU_REL32_HI`: high 32 bits of S + A - P.
pub const R_AMDGPU_REL32_HI: u32 = 11;
/// `R_AMDGPU_RELATIVE64`: B + A (dynamic).
pub const R_AMDGPU_RELATIVE64: u32 = 13;
/// `R_AMDGPU_REL16`: (S + A - P - 4) / 4, 16 bits (branches).
pub const R_AMDGPU_REL16: u32 = 14;

/// The `R_AMDGPU_*` name of a relocation type.
pub fn relocation_name(r_type: u32) -> &'static str {
    match r_type {
        R_AMDGPU_NONE => "R_AMDGPU_NONE",
        R_AMDGPU_ABS32_LO => "R_AMDGPU_ABS32_LO",
        R_AMDGPU_ABS32_HI => "R_AMDGPU_ABS32_HI",
        R_AMDGPU_ABS64 => "R_AMDGPU_ABS64",
        R_AMDGPU_REL32 => "R_AMDGPU_REL32",
        R_AMDGPU_REL64 => "R_AMDGPU_REL64",
        R_AMDGPU_ABS32 => "R_AMDGPU_ABS32",
        R_AMDGPU_GOTPCREL => "R_AMDGPU_GOTPCREL",
        R_AMDGPU_GOTPCREL32_LO => "R_AMDGPU_GOTPCREL32_LO",
        R_AMDGPU_GOTPCREL32_HI => "R_AMDGPU_GOTPCREL32_HI",
        R_AMDGPU_REL32_LO => "R_AMDGPU_REL32_LO",
        R_AMDGPU_REL32_HI => "R_AMDGPU_REL32_HI",
        R_AMDGPU_RELATIVE64 => "R_AMDGPU_RELATIVE64",
        R_AMDGPU_REL16 => "R_AMDGPU_REL16",
        _ => "unknown",
    }
}

/// Whether a section of this name gets its relocations applied (debug info and frames).
pub(crate) fn is_relocated_section(name: &str) -> bool {
    name.starts_with(".debug_") || name == ".eh_frame"
}

/// The relocation sections (`SHT_RELA`/`SHT_REL`) that apply to section `target`.
pub(crate) fn relocation_sections_for(elf: &Elf<'_>, target: usize) -> Vec<usize> {
    elf.sections
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            (s.sh_type == elf::SHT_RELA || s.sh_type == elf::SHT_REL) && s.info as usize == target
        })
        .map(|(i, _)| i)
        .collect()
}

/// Applies every relocation for section `target` to `bytes` (a copy of its contents).
pub(crate) fn apply(
    file: &str,
    elf: &Elf<'_>,
    target: usize,
    bytes: &mut [u8],
) -> Result<(), CodeObjectError> {
    let target_section: &Section<'_> = &elf.sections[target];
    let section_name = target_section.name;
    for rel_index in relocation_sections_for(elf, target) {
        let rel = &elf.sections[rel_index];
        let is_rela = rel.sh_type == elf::SHT_RELA;
        let entsize = if is_rela { 24 } else { 16 };
        if rel.entsize != entsize as u64 {
            return Err(CodeObjectError::BadSection {
                file: file.to_string(),
                section: rel.name.to_string(),
                reason: format!("relocation entry size {} is not {entsize}", rel.entsize),
            });
        }
        let symtab = rel.link as usize;
        if symtab >= elf.sections.len()
            || !matches!(
                elf.sections[symtab].sh_type,
                elf::SHT_SYMTAB | elf::SHT_DYNSYM
            )
        {
            return Err(CodeObjectError::BadSection {
                file: file.to_string(),
                section: rel.name.to_string(),
                reason: format!("sh_link {} is not a symbol table", rel.link),
            });
        }
        // Only a symbol's value is needed, read where the entry is: parsing the whole
        // table (names included) for each relocation section made 20 000 sections over
        // one 50 000-symbol table cost a billion symbol reads.
        let table = &elf.sections[symtab];
        if table.entsize != 24 {
            return Err(CodeObjectError::BadSection {
                file: file.to_string(),
                section: table.name.to_string(),
                reason: format!("symbol entry size {} is not 24", table.entsize),
            });
        }
        let symbols = table.data.len() / 24;
        for entry in rel.data.chunks_exact(entsize) {
            let offset = elf::u64_at(entry, 0).unwrap_or(0);
            let info = elf::u64_at(entry, 8).unwrap_or(0);
            let r_type = (info & 0xffff_ffff) as u32;
            let r_sym = (info >> 32) as usize;
            let bad = |reason: String| CodeObjectError::BadRelocation {
                file: file.to_string(),
                section: section_name.to_string(),
                offset,
                reason,
            };
            let width = match r_type {
                R_AMDGPU_NONE => continue,
                R_AMDGPU_ABS32_LO | R_AMDGPU_ABS32_HI | R_AMDGPU_ABS32 | R_AMDGPU_REL32
                | R_AMDGPU_REL32_LO | R_AMDGPU_REL32_HI => 4usize,
                R_AMDGPU_ABS64 | R_AMDGPU_REL64 => 8,
                _ => {
                    return Err(CodeObjectError::UnsupportedRelocation {
                        file: file.to_string(),
                        section: section_name.to_string(),
                        offset,
                        r_type,
                        name: relocation_name(r_type).to_string(),
                    });
                }
            };
            let start = usize::try_from(offset)
                .ok()
                .filter(|&o| o <= bytes.len() && bytes.len() - o >= width);
            let Some(start) = start else {
                return Err(bad(format!(
                    "{} writes {width} bytes past the end of the section ({:#x} bytes)",
                    relocation_name(r_type),
                    bytes.len()
                )));
            };
            let s = match r_sym {
                0 => 0,
                n => {
                    if n >= symbols {
                        return Err(bad(format!(
                            "symbol index {n} is outside the symbol table ({symbols} symbols)"
                        )));
                    }
                    // In a relocatable object every section sits at address 0, so a symbol's
                    // value (its offset in its section) is what DWARF consumers expect.
                    elf::u64_at(table.data, n * 24 + 8).unwrap_or(0)
                }
            };
            let a = if is_rela {
                elf::u64_at(entry, 16).unwrap_or(0)
            } else if width == 8 {
                elf::u64_at(bytes, start).unwrap_or(0)
            } else {
                // Implicit addend of a 32-bit field: sign-extended.
                elf::u32_at(bytes, start).unwrap_or(0) as i32 as i64 as u64
            };
            let p = target_section.addr.wrapping_add(offset);
            let value = match r_type {
                R_AMDGPU_REL32 | R_AMDGPU_REL64 | R_AMDGPU_REL32_LO | R_AMDGPU_REL32_HI => {
                    s.wrapping_add(a).wrapping_sub(p)
                }
                _ => s.wrapping_add(a),
            };
            match r_type {
                R_AMDGPU_ABS64 | R_AMDGPU_REL64 => {
                    bytes[start..start + 8].copy_from_slice(&value.to_le_bytes());
                }
                R_AMDGPU_ABS32_HI | R_AMDGPU_REL32_HI => {
                    bytes[start..start + 4].copy_from_slice(&((value >> 32) as u32).to_le_bytes());
                }
                _ => {
                    bytes[start..start + 4].copy_from_slice(&(value as u32).to_le_bytes());
                }
            }
        }
    }
    Ok(())
}
