//! The code object metadata note (`NT_AMDGPU_METADATA`, a msgpack map with `amdhsa.kernels`),
//! kernel descriptors (`.kd` symbols) and the older code object v2 notes (`NT_AMD_HSA_ISA`).

use rmpv::ValueRef;

use crate::elf::{self, Elf};
use crate::error::CodeObjectError;

/// `NT_AMDGPU_METADATA`: msgpack code object metadata (code object v3 and later), owner "AMDGPU".
pub const NT_AMDGPU_METADATA: u32 = 32;
/// `NT_AMD_HSA_ISA_VERSION` (code object v2), owner "AMD".
pub const NT_AMD_HSA_ISA_VERSION: u32 = 3;
/// Size of a kernel descriptor.
pub const KERNEL_DESCRIPTOR_SIZE: u64 = 64;
/// Byte offset of `kernel_code_properties` (u16) in a kernel descriptor.
pub const KERNEL_CODE_PROPERTIES_OFFSET: usize = 56;
/// `ENABLE_WAVEFRONT_SIZE32` bit of `kernel_code_properties`.
pub const KERNEL_CODE_PROPERTY_ENABLE_WAVEFRONT_SIZE32: u16 = 1 << 10;

/// What one kernel's entry of `amdhsa.kernels` says (only the keys this crate uses).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct KernelMeta {
    pub name: Option<String>,
    pub symbol: Option<String>,
    pub wavefront_size: Option<u32>,
    pub sgpr_count: Option<u32>,
    pub vgpr_count: Option<u32>,
    pub agpr_count: Option<u32>,
    pub private_segment_fixed_size: Option<u64>,
    pub group_segment_fixed_size: Option<u64>,
    pub kernarg_segment_size: Option<u64>,
}

/// The contents of the notes this crate reads.
#[derive(Clone, Debug, Default)]
pub(crate) struct Notes {
    /// `amdhsa.kernels`, when there is a metadata note.
    pub kernels: Option<Vec<KernelMeta>>,
    /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx90a:xnack-`.
    pub target: Option<String>,
    /// The processor named by a code object v2 ISA note, e.g. `gfx900`.
    pub v2_processor: Option<String>,
}

/// Reads the AMDGPU notes of every `SHT_NOTE` section.
pub(crate) fn read_notes(file: &str, elf: &Elf<'_>) -> Result<Notes, CodeObjectError> {
    let mut out = Notes::default();
    for section in elf.sections.iter().filter(|s| s.sh_type == elf::SHT_NOTE) {
        for note in elf::notes(file, section.name, section.data)? {
            match (note.name, note.n_type) {
                (b"AMDGPU", NT_AMDGPU_METADATA) => {
                    // A link of separately compiled objects (`ld.lld -shared a.o b.o`)
                    // keeps one metadata note per input: their kernels add up.
                    let (kernels, target) = parse_metadata(file, note.desc)?;
                    out.kernels.get_or_insert_with(Vec::new).extend(kernels);
                    if out.target.is_none() {
                        out.target = target;
                    }
                }
                (b"AMD", NT_AMD_HSA_ISA_VERSION) => {
                    out.v2_processor = parse_isa_note(note.desc);
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

/// `NT_AMD_HSA_ISA_VERSION`: u16 vendor name size, u16 architecture name size, u32 major,
/// u32 minor, u32 stepping, then the names.
fn parse_isa_note(desc: &[u8]) -> Option<String> {
    let major = elf::u32_at(desc, 4)?;
    let minor = elf::u32_at(desc, 8)?;
    let stepping = elf::u32_at(desc, 12)?;
    let step = match stepping {
        0..=9 => char::from(b'0' + stepping as u8),
        10..=35 => char::from(b'a' + (stepping - 10) as u8),
        _ => return None,
    };
    (major < 100 && minor < 10).then(|| format!("gfx{major}{minor}{step}"))
}

fn bad(file: &str, reason: impl Into<String>) -> CodeObjectError {
    CodeObjectError::BadMetadata {
        file: file.to_string(),
        reason: reason.into(),
    }
}

fn lookup<'v, 'a>(map: &'v [(ValueRef<'a>, ValueRef<'a>)], key: &str) -> Option<&'v ValueRef<'a>> {
    map.iter()
        .find(|(k, _)| matches!(k, ValueRef::String(s) if s.as_str() == Some(key)))
        .map(|(_, v)| v)
}

fn as_string(v: Option<&ValueRef<'_>>) -> Option<String> {
    match v? {
        ValueRef::String(s) => s.as_str().map(str::to_string),
        _ => None,
    }
}

fn as_u64(v: Option<&ValueRef<'_>>) -> Option<u64> {
    match v? {
        ValueRef::Integer(i) => i.as_u64(),
        _ => None,
    }
}

fn as_u32(v: Option<&ValueRef<'_>>) -> Option<u32> {
    as_u64(v).and_then(|n| u32::try_from(n).ok())
}

/// Parses the msgpack metadata map: `amdhsa.kernels` and `amdhsa.target`.
pub(crate) fn parse_metadata(
    file: &str,
    desc: &[u8],
) -> Result<(Vec<KernelMeta>, Option<String>), CodeObjectError> {
    let mut rd = desc;
    let root = rmpv::decode::read_value_ref_with_max_depth(&mut rd, 16)
        .map_err(|e| bad(file, format!("msgpack: {e}")))?;
    let ValueRef::Map(root) = root else {
        return Err(bad(file, "the top-level msgpack value is not a map"));
    };
    let target = as_string(lookup(&root, "amdhsa.target"));
    let mut kernels = Vec::new();
    match lookup(&root, "amdhsa.kernels") {
        None => {}
        Some(ValueRef::Array(list)) => {
            for (i, k) in list.iter().enumerate() {
                let ValueRef::Map(k) = k else {
                    return Err(bad(file, format!("amdhsa.kernels[{i}] is not a map")));
                };
                kernels.push(KernelMeta {
                    name: as_string(lookup(k, ".name")),
                    symbol: as_string(lookup(k, ".symbol")),
                    wavefront_size: as_u32(lookup(k, ".wavefront_size")),
                    sgpr_count: as_u32(lookup(k, ".sgpr_count")),
                    vgpr_count: as_u32(lookup(k, ".vgpr_count")),
                    agpr_count: as_u32(lookup(k, ".agpr_count")),
                    private_segment_fixed_size: as_u64(lookup(k, ".private_segment_fixed_size")),
                    group_segment_fixed_size: as_u64(lookup(k, ".group_segment_fixed_size")),
                    kernarg_segment_size: as_u64(lookup(k, ".kernarg_segment_size")),
                });
            }
        }
        Some(_) => return Err(bad(file, "amdhsa.kernels is not an array")),
    }
    Ok((kernels, target))
}

/// The fields of a 64-byte kernel descriptor this crate uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KernelDescriptor {
    pub group_segment_fixed_size: u32,
    pub private_segment_fixed_size: u32,
    pub kernarg_size: u32,
    pub kernel_code_entry_byte_offset: i64,
    pub kernel_code_properties: u16,
}

impl KernelDescriptor {
    /// Decodes a descriptor; `None` when fewer than 64 bytes are given.
    pub fn parse(bytes: &[u8]) -> Option<KernelDescriptor> {
        if (bytes.len() as u64) < KERNEL_DESCRIPTOR_SIZE {
            return None;
        }
        Some(KernelDescriptor {
            group_segment_fixed_size: elf::u32_at(bytes, 0)?,
            private_segment_fixed_size: elf::u32_at(bytes, 4)?,
            kernarg_size: elf::u32_at(bytes, 8)?,
            kernel_code_entry_byte_offset: elf::u64_at(bytes, 16)? as i64,
            kernel_code_properties: elf::u16_at(bytes, KERNEL_CODE_PROPERTIES_OFFSET)?,
        })
    }

    /// The wave size the descriptor selects: 32 when `ENABLE_WAVEFRONT_SIZE32` is set.
    pub fn wave_size(&self) -> u32 {
        if self.kernel_code_properties & KERNEL_CODE_PROPERTY_ENABLE_WAVEFRONT_SIZE32 != 0 {
            32
        } else {
            64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(v: &rmpv::Value) -> Vec<u8> {
        let mut out = Vec::new();
        rmpv::encode::write_value(&mut out, v).unwrap();
        out
    }

    #[test]
    fn metadata_map() {
        use rmpv::Value;
        let kernel = Value::Map(vec![
            (".name".into(), "k".into()),
            (".symbol".into(), "k.kd".into()),
            (".wavefront_size".into(), 32.into()),
            (".sgpr_count".into(), 10.into()),
            (".group_segment_fixed_size".into(), 1024.into()),
        ]);
        let root = Value::Map(vec![
            (
                "amdhsa.version".into(),
                Value::Array(vec![1.into(), 2.into()]),
            ),
            ("amdhsa.target".into(), "amdgcn-amd-amdhsa--gfx1030".into()),
            ("amdhsa.kernels".into(), Value::Array(vec![kernel])),
        ]);
        let (kernels, target) = parse_metadata("f", &encode(&root)).unwrap();
        assert_eq!(target.as_deref(), Some("amdgcn-amd-amdhsa--gfx1030"));
        assert_eq!(kernels.len(), 1);
        assert_eq!(kernels[0].symbol.as_deref(), Some("k.kd"));
        assert_eq!(kernels[0].wavefront_size, Some(32));
        assert_eq!(kernels[0].group_segment_fixed_size, Some(1024));
        assert_eq!(kernels[0].vgpr_count, None);
        // Hostile: not a map, truncated, deep nesting.
        assert!(parse_metadata("f", &encode(&Value::from(3))).is_err());
        let bytes = encode(&root);
        assert!(parse_metadata("f", &bytes[..bytes.len() / 2]).is_err());
        let deep = vec![0x91u8; 100_000];
        assert!(parse_metadata("f", &deep).is_err());
        // A huge declared array length with no data must not allocate it.
        assert!(parse_metadata("f", &[0xdd, 0xff, 0xff, 0xff, 0xff]).is_err());
    }

    #[test]
    fn isa_note() {
        let mut d = vec![4, 0, 7, 0];
        for v in [9u32, 0, 10] {
            d.extend_from_slice(&v.to_le_bytes());
        }
        assert_eq!(parse_isa_note(&d).as_deref(), Some("gfx90a"));
    }
}
