//! Code objects, bundles and host ELFs: real objects from clang-22 (fixtures in tests/data,
//! made by tests/data/make.sh) and hand-built ELF files for every error the validator reports.

mod common;

use std::io::Write;

use common::*;
use hetdwarf_amdgpu::{
    CodeObjectError, ElfType, Input, InputKind, WaveSizeSource, target::Feature, target::OsAbi,
};

fn open(name: &str) -> Input {
    Input::open(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn linked_code_object_gfx90a() {
    let input = open("gfx90a.hsaco");
    assert_eq!(input.kind(), InputKind::CodeObject);
    assert_eq!(input.entries().len(), 1);
    assert_eq!(
        input.entries()[0].processor.as_deref(),
        Some("gfx90a:xnack-")
    );
    let co = input.code_object(None).unwrap();
    assert!(co.name().ends_with("gfx90a.hsaco"));
    assert_eq!(co.elf_type(), ElfType::SharedObject);
    let t = co.target();
    assert_eq!(t.processor, "gfx90a");
    assert_eq!(t.xnack, Feature::Off);
    assert_eq!(t.sramecc, Feature::Any);
    assert_eq!(t.code_object_version, Some(6));
    assert_eq!(t.os_abi, OsAbi::Hsa);
    assert_eq!(
        co.metadata_target(),
        Some("amdgcn-amd-amdhsa--gfx90a:xnack-")
    );
    let names: Vec<&str> = co.kernels().iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["_Z4kernPfPKfi", "_Z5kern2Pi"]);
    let k = &co.kernels()[0];
    assert_eq!(k.symbol, "_Z4kernPfPKfi.kd");
    assert_eq!(
        (k.wavefront_size, k.wavefront_size_source),
        (64, WaveSizeSource::Metadata)
    );
    assert!(k.sgpr_count.is_some() && k.vgpr_count.is_some());
    assert_eq!(k.agpr_count, Some(0));
    assert_eq!(k.kernarg_segment_size, Some(20));
    assert!(k.descriptor_address.is_some());
    let (addr, size) = k.code.unwrap();
    assert_eq!(co.wave_size_at(addr), Some(64));
    assert_eq!(co.wave_size_at(addr + size - 4), Some(64));
    // The device function gets the wave size all kernels share.
    let f = co
        .functions()
        .iter()
        .find(|f| f.name == "_Z5scaleff")
        .unwrap();
    assert_eq!(f.kernel, None);
    assert_eq!(co.wave_size_at(f.address), Some(64));
    assert_eq!(co.wave_size_at(0), None);
    // Linked objects have no relocations: sections are the mapped bytes themselves.
    let info = co.section(".debug_info").unwrap();
    let file = input.bytes();
    let start = info.as_ptr() as usize - file.as_ptr() as usize;
    assert!(start < file.len());
    assert!(co.section(".nonexistent").is_none());
}

#[test]
fn wave32_and_wave64_on_gfx10() {
    let co32 = open("gfx1030.hsaco");
    let co32 = co32.code_object(Some("gfx1030")).unwrap();
    assert!(co32.kernels().iter().all(|k| k.wavefront_size == 32));
    assert_eq!(co32.target().default_wave_size(), 32);
    let input = open("gfx1030w64.hsaco");
    let co64 = input.code_object(None).unwrap();
    assert!(co64.kernels().iter().all(|k| k.wavefront_size == 64));
    let f = co64
        .functions()
        .iter()
        .find(|f| f.kernel.is_none())
        .unwrap();
    assert_eq!(co64.wave_size_at(f.address), Some(64));
}

/// Removes the metadata note's kernels by renaming the note type, so the kernel list and wave
/// size must come from the `.kd` descriptors.
#[test]
fn kernels_from_descriptors_without_a_note() {
    for (name, wave) in [
        ("gfx1030.hsaco", 32),
        ("gfx1030w64.hsaco", 64),
        ("gfx90a.hsaco", 64),
    ] {
        let mut bytes = fixture_bytes(name);
        let pos = bytes.windows(8).position(|w| w == b"AMDGPU\0\0").unwrap();
        // The note's n_type is the u32 just before the name.
        assert_eq!(&bytes[pos - 4..pos], &32u32.to_le_bytes());
        bytes[pos - 4] = 33;
        let input = Input::from_bytes(name, bytes).unwrap();
        let co = input.code_object(None).unwrap();
        assert_eq!(co.kernels().len(), 2, "{name}");
        for k in co.kernels() {
            assert_eq!(
                k.wavefront_size_source,
                WaveSizeSource::Descriptor,
                "{name}"
            );
            assert_eq!(k.wavefront_size, wave, "{name}");
            assert!(k.sgpr_count.is_none());
            assert!(k.kernarg_segment_size.is_some());
            assert!(k.code.is_some());
        }
    }
}

fn cu_names(co: &hetdwarf_amdgpu::CodeObject<'_>) -> Vec<(String, String)> {
    let sections = co.dwarf_sections().unwrap();
    let dwarf = sections.dwarf();
    let mut out = Vec::new();
    let mut units = dwarf.units();
    while let Some(header) = units.next().unwrap() {
        let unit = dwarf.unit(header).unwrap();
        let mut entries = unit.entries();
        let root = entries.next_dfs().unwrap().unwrap();
        let string = |attr| {
            root.attr_value(attr)
                .map(|v| {
                    dwarf
                        .attr_string(&unit, v)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned()
                })
                .unwrap_or_default()
        };
        out.push((string(gimli::DW_AT_name), string(gimli::DW_AT_producer)));
    }
    out
}

#[test]
fn relocatable_object_debug_sections_are_relocated() {
    for name in ["gfx1100.o", "gfx900-v4.o"] {
        let input = open(name);
        let co = input.code_object(None).unwrap();
        assert_eq!(co.elf_type(), ElfType::Relocatable);
        // Without relocations every str_offsets entry would be 0 and every name "".
        let cus = cu_names(&co);
        assert_eq!(cus.len(), 1);
        assert_eq!(cus[0].0, "k.cl", "{name}");
        assert!(cus[0].1.contains("clang"), "{name}: {:?}", cus[0].1);
        // The relocated copy is made once and cached.
        let a = co.section(".debug_info").unwrap().as_ptr();
        let b = co.section(".debug_info").unwrap().as_ptr();
        assert_eq!(a, b);
        // .debug_addr holds the kernels' addresses (ABS64 against .text + addend).
        let addr = co.section(".debug_addr").unwrap();
        let addresses: Vec<u64> = addr[8..]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        for k in co.kernels() {
            let (start, _) = k.code.unwrap();
            assert!(
                addresses.contains(&start),
                "{name}: {} at {start:#x} not in {addresses:x?}",
                k.name
            );
        }
    }
    let co = open("gfx1100.o");
    let co = co.code_object(None).unwrap();
    assert_eq!(co.target().code_object_version, Some(6));
    assert!(co.kernels().iter().all(|k| k.wavefront_size == 32));
    let gfx900 = open("gfx900-v4.o");
    let gfx900 = gfx900.code_object(None).unwrap();
    assert_eq!(gfx900.target().code_object_version, Some(4));
    assert_eq!(gfx900.target().xnack, Feature::Any);
    assert_eq!(gfx900.target().sramecc, Feature::Unsupported);
    assert!(gfx900.kernels().iter().all(|k| k.wavefront_size == 64));
}

#[test]
fn linked_and_relocatable_dwarf_agree() {
    // The same producer's CU for the linked object reads the same way without relocation.
    let input = open("gfx90a.hsaco");
    let co = input.code_object(None).unwrap();
    let cus = cu_names(&co);
    assert_eq!(cus[0].0, "k.hip");
    let sections = co.dwarf_sections().unwrap();
    let mut cies = sections.debug_frame();
    cies.set_vendor(gimli::Vendor::Default);
    let bases = gimli::BaseAddresses::default();
    use gimli::UnwindSection;
    let mut entries = cies.entries(&bases);
    let mut fdes = 0;
    while let Some(e) = entries.next().unwrap() {
        if let gimli::CieOrFde::Fde(f) = e {
            let fde = f.parse(gimli::DebugFrame::cie_from_offset).unwrap();
            assert!(co.function_at(fde.initial_address()).is_some());
            fdes += 1;
        }
    }
    assert!(fdes >= 3);
}

fn check_bundle(input: &Input) {
    let ids: Vec<&str> = input.entries().iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "host-x86_64-unknown-linux-gnu-",
            "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-",
            "hipv4-amdgcn-amd-amdhsa--gfx1030"
        ]
    );
    assert!(!input.entries()[0].is_device());
    assert_eq!(input.entries()[1].processor_name(), Some("gfx90a"));
    assert_eq!(input.entries()[1].triple, "amdgcn-amd-amdhsa");
    assert_eq!(input.entries()[1].offload_kind, "hipv4");
    // Ambiguous without a processor; the message lists the choices.
    let err = input.code_object(None).unwrap_err();
    assert!(
        matches!(err, CodeObjectError::AmbiguousEntry { .. }),
        "{err}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains("gfx90a:xnack-") && msg.contains("gfx1030"),
        "{msg}"
    );
    // By processor name, by exact target ID, by compatible target ID.
    for p in ["gfx90a", "gfx90a:xnack-", "gfx90a:xnack-:sramecc+"] {
        let co = input
            .code_object(Some(p))
            .unwrap_or_else(|e| panic!("{p}: {e}"));
        assert_eq!(co.target().processor, "gfx90a");
        assert!(
            co.name()
                .ends_with("#hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-"),
            "{}",
            co.name()
        );
        assert_eq!(co.kernels().len(), 2);
        co.dwarf_sections().unwrap();
    }
    let co = input.code_object(Some("gfx1030")).unwrap();
    assert!(co.kernels().iter().all(|k| k.wavefront_size == 32));
    // Incompatible or absent.
    for p in ["gfx90a:xnack+", "gfx942", "x86_64"] {
        let err = input.code_object(Some(p)).unwrap_err();
        assert!(
            matches!(err, CodeObjectError::NoMatchingEntry { .. }),
            "{p}: {err}"
        );
        assert!(err.to_string().contains("gfx1030"), "{err}");
    }
    // Entry bytes are exactly the standalone code objects.
    assert_eq!(
        input.entry_bytes(&input.entries()[1]),
        fixture_bytes("gfx90a.hsaco")
    );
    assert_eq!(
        input.entry_bytes(&input.entries()[2]),
        fixture_bytes("gfx1030.hsaco")
    );
}

#[test]
fn bundles_plain_and_compressed() {
    for (name, compressed) in [
        ("k.bundle", false),
        ("k.ccob-zstd", true),
        ("k.ccob2-zstd", true),
    ] {
        let input = open(name);
        assert_eq!(input.kind(), InputKind::Bundle, "{name}");
        assert!(input.entries().iter().all(|e| e.compressed == compressed));
        check_bundle(&input);
    }
}

fn zlib(data: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

fn ccob(version: u16, method: u16, payload: &[u8], uncompressed: usize) -> Vec<u8> {
    let mut out = b"CCOB".to_vec();
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&method.to_le_bytes());
    let header = match version {
        1 => 20,
        2 => 24,
        _ => 32,
    };
    let total = header + payload.len();
    match version {
        1 => out.extend_from_slice(&(uncompressed as u32).to_le_bytes()),
        2 => {
            out.extend_from_slice(&(total as u32).to_le_bytes());
            out.extend_from_slice(&(uncompressed as u32).to_le_bytes());
        }
        _ => {
            out.extend_from_slice(&(total as u64).to_le_bytes());
            out.extend_from_slice(&(uncompressed as u64).to_le_bytes());
        }
    }
    out.extend_from_slice(&0x1234_5678_9abc_def0u64.to_le_bytes()); // hash (not checked)
    out.extend_from_slice(payload);
    out
}

#[test]
fn zlib_compressed_bundles_all_versions() {
    let bundle = fixture_bytes("k.bundle");
    let z = zlib(&bundle);
    for version in [1, 2, 3] {
        let bytes = ccob(version, 0, &z, bundle.len());
        let input = Input::from_bytes("z.ccob", bytes).unwrap();
        check_bundle(&input);
    }
    // Declared size wrong, or beyond the limit, or unknown method: errors, not garbage.
    let wrong = ccob(2, 0, &z, bundle.len() + 1);
    assert!(matches!(
        Input::from_bytes("z", wrong),
        Err(CodeObjectError::Decompression { .. })
    ));
    let huge = ccob(3, 1, &z, (2u64 << 30) as usize);
    let err = Input::from_bytes("z", huge).unwrap_err();
    assert!(matches!(err, CodeObjectError::TooLarge { .. }), "{err}");
    let method = ccob(2, 7, &z, bundle.len());
    assert!(
        Input::from_bytes("z", method)
            .unwrap_err()
            .to_string()
            .contains("method 7")
    );
    let zstd_bad = ccob(2, 1, &z, bundle.len());
    assert!(matches!(
        Input::from_bytes("z", zstd_bad),
        Err(CodeObjectError::Decompression { .. })
    ));
}

#[test]
fn host_elf_with_hip_fatbin() {
    let input = open("host-fatbin.o");
    assert_eq!(input.kind(), InputKind::HostElf);
    check_bundle(&input);
    // Two bundles in one section (the second compressed), 4096-aligned.
    let bundle = fixture_bytes("k.bundle");
    let mut fatbin = bundle.clone();
    fatbin.resize(fatbin.len().div_ceil(4096) * 4096, 0);
    let second = build_bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx900", &tiny_code_object())]);
    fatbin.extend(ccob(3, 0, &zlib(&second), second.len()));
    let host = host_elf(&fatbin);
    let input = Input::from_bytes("host", host).unwrap();
    assert_eq!(input.kind(), InputKind::HostElf);
    assert_eq!(input.entries().len(), 4);
    assert!(input.entries()[3].compressed);
    let co = input.code_object(Some("gfx900")).unwrap();
    assert_eq!(co.name(), "host#hipv4-amdgcn-amd-amdhsa--gfx900");
}

/// A program built from two source files has one bundle per file in `.hip_fatbin`, with
/// the same entry ids: each entry gets a name of its own (the id and its file offset), by
/// which it is opened, and a processor matching both is ambiguous, listing both names.
#[test]
fn bundles_of_several_source_files_name_their_entries_apart() {
    let bundle = fixture_bytes("k.bundle");
    let mut fatbin = bundle.clone();
    fatbin.resize(fatbin.len().div_ceil(4096) * 4096, 0);
    let second_at = fatbin.len();
    fatbin.extend(&bundle);
    let host = host_elf(&fatbin);
    let input = Input::from_bytes("app", host).unwrap();
    let first = Input::from_bytes("k.bundle", bundle).unwrap();
    let one: Vec<_> = first.device_entries(None).unwrap();
    let both: Vec<_> = input.device_entries(None).unwrap();
    assert_eq!(both.len(), 2 * one.len());
    let names: std::collections::HashSet<&str> = both.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names.len(), both.len(), "{names:?}");
    for (e, again) in both.iter().zip(both.iter().skip(one.len())) {
        assert_eq!(e.id, again.id);
        assert_eq!(e.name, format!("{}@{:#x}", e.id, e.file_offset()));
        assert!(again.file_offset() > second_at as u64);
        // The name opens exactly that entry, under that name.
        for entry in [e, again] {
            let co = input.code_object(Some(&entry.name)).unwrap();
            assert_eq!(co.name(), format!("app#{}", entry.name));
            let bytes = input.entry_bytes(entry);
            assert_eq!(&bytes[..4], b"\x7fELF");
            assert_eq!(
                input.bytes()[entry.file_offset() as usize..][..bytes.len()],
                *bytes
            );
        }
    }
    let processor = one[0].processor.clone().unwrap();
    match input.code_object(Some(&processor)) {
        Err(CodeObjectError::AmbiguousEntry { available, .. }) => {
            assert_eq!(
                available,
                [both[0].name.clone(), both[one.len()].name.clone()]
            );
        }
        other => panic!("{:?}", other.map(|co| co.name().to_string())),
    }
    // One bundle alone keeps its plain ids.
    assert!(one.iter().all(|e| e.name == e.id));
}

/// An x86-64 relocatable ELF with one `.hip_fatbin` section.
fn host_elf(fatbin: &[u8]) -> Vec<u8> {
    let (mut bytes, _) = build_elf(1, 0, 0, &[Sec::new(".hip_fatbin", 1, fatbin.to_vec())]);
    bytes[7] = 0;
    bytes[18..20].copy_from_slice(&62u16.to_le_bytes());
    bytes
}

#[test]
fn tiny_bundle_built_by_hand() {
    let co = tiny_code_object();
    let bundle = build_bundle(&[
        ("host-x86_64-unknown-linux-gnu-", &[]),
        ("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+", &co),
        ("hip-amdgcn-amd-amdhsa-gfx10-3-generic", &co),
    ]);
    let input = Input::from_bytes("tiny.bundle", bundle).unwrap();
    assert_eq!(
        input.entries()[2].processor.as_deref(),
        Some("gfx10-3-generic")
    );
    let c = input.code_object(Some("gfx90a:xnack+")).unwrap();
    assert_eq!(c.functions().len(), 1);
    assert_eq!(c.functions()[0].name, "f");
    assert_eq!(c.wave_size_at(0x13c), Some(64));
    assert_eq!(c.wave_size_at(0x140), None);
    assert!(c.kernels().is_empty());
    assert!(c.dwarf_sections().unwrap().is_empty());
    // Entry past the end of the bundle.
    let mut bad = build_bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx90a", &co)]);
    bad.truncate(bad.len() - 1);
    let err = Input::from_bytes("bad.bundle", bad).unwrap_err();
    assert!(matches!(err, CodeObjectError::BadBundle { .. }), "{err}");
    assert!(err.to_string().contains("bad.bundle"));
    // A bundle with only host code.
    let host_only = build_bundle(&[("host-x86_64-unknown-linux-gnu-", &[])]);
    let input = Input::from_bytes("host-only", host_only).unwrap();
    let err = input.code_object(None).unwrap_err();
    assert!(err.to_string().contains("no AMDGPU code object"), "{err}");
}

fn expect_err(name: &str, bytes: Vec<u8>) -> CodeObjectError {
    let err = match Input::from_bytes(name, bytes) {
        Err(e) => e,
        Ok(input) => match input.code_object(None) {
            Err(e) => e,
            Ok(_) => panic!("{name}: accepted"),
        },
    };
    assert_eq!(err.file(), name);
    assert!(err.to_string().starts_with(name), "{err}");
    err
}

#[test]
fn elf_validation_errors() {
    let good = tiny_code_object();
    Input::from_bytes("good", good.clone())
        .unwrap()
        .code_object(None)
        .unwrap();

    let err = expect_err("magic", b"not an elf".to_vec());
    assert!(matches!(err, CodeObjectError::BadMagic { .. }));
    let err = expect_err("empty", Vec::new());
    assert!(err.to_string().contains("empty"), "{err}");

    let err = expect_err("short-ident", good[..10].to_vec());
    assert!(matches!(err, CodeObjectError::Truncated { .. }), "{err}");
    let err = expect_err("short-header", good[..40].to_vec());
    assert!(matches!(err, CodeObjectError::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("ELF header"), "{err}");
    let err = expect_err("short-table", good[..good.len() - 10].to_vec());
    assert!(matches!(err, CodeObjectError::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("section header table"), "{err}");

    let mut x86 = good.clone();
    x86[18..20].copy_from_slice(&62u16.to_le_bytes());
    let err = expect_err("x86", x86);
    assert!(
        matches!(err, CodeObjectError::WrongMachine { machine: 62, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("EM_X86_64"), "{err}");

    let mut r600 = good.clone();
    r600[4] = 1;
    r600[36..40].copy_from_slice(&0x2u32.to_le_bytes()); // e_flags of an ELF32 header: r630
    let err = expect_err("r600", r600);
    assert!(
        matches!(err, CodeObjectError::WrongClass { class: 1, .. }),
        "{err}"
    );
    assert!(
        err.to_string().contains("r600") && err.to_string().contains("r630"),
        "{err}"
    );

    let mut big = good.clone();
    big[5] = 2;
    let err = expect_err("big-endian", big);
    assert!(
        matches!(err, CodeObjectError::WrongEncoding { data: 2, .. }),
        "{err}"
    );

    let mut shoff = good.clone();
    shoff[40..48].copy_from_slice(&0xffff_ffff_ffff_fff0u64.to_le_bytes());
    let err = expect_err("shoff", shoff);
    assert!(matches!(err, CodeObjectError::Truncated { .. }), "{err}");

    let mut shnum = good.clone();
    shnum[60..62].copy_from_slice(&0xfff0u16.to_le_bytes());
    assert!(matches!(
        expect_err("shnum", shnum),
        CodeObjectError::Truncated { .. }
    ));

    let mut shstrndx = good.clone();
    shstrndx[62..64].copy_from_slice(&40u16.to_le_bytes());
    let err = expect_err("shstrndx", shstrndx);
    assert!(
        matches!(err, CodeObjectError::BadSectionTable { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("e_shstrndx"), "{err}");

    let mut shentsize = good.clone();
    shentsize[58..60].copy_from_slice(&40u16.to_le_bytes());
    assert!(matches!(
        expect_err("shentsize", shentsize),
        CodeObjectError::BadSectionTable { .. }
    ));

    // A section whose data runs past the end of the file (section 1's sh_offset).
    let shoff = u64::from_le_bytes(good[40..48].try_into().unwrap()) as usize;
    let mut sec_off = good.clone();
    sec_off[shoff + 64 + 24..shoff + 64 + 32].copy_from_slice(&0x7fff_ffffu64.to_le_bytes());
    let err = expect_err("sec-offset", sec_off);
    assert!(
        matches!(err, CodeObjectError::BadSectionTable { .. }),
        "{err}"
    );
    assert!(err.to_string().contains("section [1]"), "{err}");
    let mut sec_size = good.clone();
    sec_size[shoff + 64 + 32..shoff + 64 + 40].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(
        expect_err("sec-size", sec_size),
        CodeObjectError::BadSectionTable { .. }
    ));

    // Bad symbol table link and bad e_type.
    let mut link = good.clone();
    link[shoff + 2 * 64 + 40..shoff + 2 * 64 + 44].copy_from_slice(&1u32.to_le_bytes());
    assert!(matches!(
        expect_err("symtab-link", link),
        CodeObjectError::BadSection { .. }
    ));
    let mut core = good.clone();
    core[16] = 4;
    assert!(expect_err("core", core).to_string().contains("e_type 4"));
}

fn relocatable_with(relocs: &[Vec<u8>]) -> Vec<u8> {
    // Sections: 1 .text, 2 .debug_str, 3 .debug_info, 4 .rela.debug_info, 5 .symtab, 6 .strtab
    let mut symtab = sym(0, 0, 0, 0, 0);
    symtab.extend(sym(0, 3, 2, 0, 0)); // section symbol for .debug_str
    symtab.extend(sym(1, 2, 1, 0x100, 0x10)); // function f in .text
    let mut rela_sec = Sec::new(".rela.debug_info", 4, relocs.concat());
    rela_sec.link = 5;
    rela_sec.info = 3;
    rela_sec.entsize = 24;
    let mut symtab_sec = Sec::new(".symtab", 2, symtab);
    symtab_sec.link = 6;
    symtab_sec.entsize = 24;
    let mut info = vec![0u8; 24];
    info[16..20].copy_from_slice(&0x10u32.to_le_bytes()); // an implicit value the RELA ignores
    build_elf(
        1,
        0x41,
        4,
        &[
            Sec::new(".text", 1, vec![0u8; 0x200]),
            Sec::new(".debug_str", 1, b"hello\0world\0".to_vec()),
            Sec::new(".debug_info", 1, info),
            rela_sec,
            symtab_sec,
            Sec::new(".strtab", 3, b"\0f\0".to_vec()),
        ],
    )
    .0
}

#[test]
fn relocations_applied_and_rejected() {
    const ABS32: u32 = 6;
    const ABS64: u32 = 3;
    const ABS32_LO: u32 = 1;
    const ABS32_HI: u32 = 2;
    const REL32: u32 = 4;
    let bytes = relocatable_with(&[
        rela(0, 1, ABS32, 6),
        rela(4, 2, ABS64, 8),
        rela(12, 2, ABS32_LO, 0x1_0000_0004),
        rela(16, 2, ABS32_HI, 0x1_0000_0004),
        rela(20, 0, REL32, 0x30), // S = 0, P = 20
        rela(0, 0, 0, 0),         // R_AMDGPU_NONE
    ]);
    let input = Input::from_bytes("rel.o", bytes).unwrap();
    let co = input.code_object(None).unwrap();
    assert_eq!(co.elf_type(), ElfType::Relocatable);
    let info = co.section(".debug_info").unwrap();
    assert_eq!(u32::from_le_bytes(info[0..4].try_into().unwrap()), 6);
    assert_eq!(u64::from_le_bytes(info[4..12].try_into().unwrap()), 0x108);
    assert_eq!(u32::from_le_bytes(info[12..16].try_into().unwrap()), 0x104);
    assert_eq!(u32::from_le_bytes(info[16..20].try_into().unwrap()), 1);
    assert_eq!(
        u32::from_le_bytes(info[20..24].try_into().unwrap()),
        0x30 - 20
    );
    let sections = co.dwarf_sections().unwrap();
    assert_eq!(sections.get(gimli::SectionId::DebugInfo), info);
    assert_eq!(sections.get(gimli::SectionId::DebugStr), b"hello\0world\0");

    let unsupported = relocatable_with(&[rela(0, 1, 7, 0)]);
    let input = Input::from_bytes("gotpcrel.o", unsupported).unwrap();
    let co = input.code_object(None).unwrap();
    let err = co.dwarf_sections().unwrap_err();
    assert!(
        matches!(
            err,
            CodeObjectError::UnsupportedRelocation { r_type: 7, .. }
        ),
        "{err}"
    );
    let msg = err.to_string();
    assert!(
        msg.contains("R_AMDGPU_GOTPCREL")
            && msg.contains(".debug_info")
            && msg.contains("gotpcrel.o"),
        "{msg}"
    );
    assert!(co.section(".debug_info").is_none());
    assert!(co.try_section(".debug_info").is_err());
    assert!(co.section(".debug_str").is_some());

    let unknown = relocatable_with(&[rela(0, 1, 99, 0)]);
    let err = Input::from_bytes("r99.o", unknown)
        .unwrap()
        .code_object(None)
        .unwrap()
        .dwarf_sections()
        .unwrap_err();
    assert!(err.to_string().contains("type 99"), "{err}");

    let past_end = relocatable_with(&[rela(20, 1, ABS64, 0)]);
    let err = Input::from_bytes("end.o", past_end)
        .unwrap()
        .code_object(None)
        .unwrap()
        .dwarf_sections()
        .unwrap_err();
    assert!(
        matches!(err, CodeObjectError::BadRelocation { offset: 20, .. }),
        "{err}"
    );

    let bad_symbol = relocatable_with(&[rela(0, 77, ABS32, 0)]);
    let err = Input::from_bytes("sym.o", bad_symbol)
        .unwrap()
        .code_object(None)
        .unwrap()
        .dwarf_sections()
        .unwrap_err();
    assert!(err.to_string().contains("symbol index 77"), "{err}");
}

#[test]
fn compressed_debug_section() {
    let text = b"compressed string\0".to_vec();
    let mut chdr = Vec::new();
    chdr.extend_from_slice(&1u32.to_le_bytes()); // ELFCOMPRESS_ZLIB
    chdr.extend_from_slice(&0u32.to_le_bytes());
    chdr.extend_from_slice(&(text.len() as u64).to_le_bytes());
    chdr.extend_from_slice(&1u64.to_le_bytes());
    chdr.extend(zlib(&text));
    let mut sec = Sec::new(".debug_str", 1, chdr);
    sec.flags = 0x800;
    let (bytes, _) = build_elf(3, 0x3f, 3, &[sec]);
    let input = Input::from_bytes("z.hsaco", bytes).unwrap();
    let co = input.code_object(None).unwrap();
    assert_eq!(co.section(".debug_str").unwrap(), text.as_slice());
}

#[test]
fn open_reports_io_errors() {
    let err = Input::open(std::path::Path::new("/nonexistent/file.hsaco")).unwrap_err();
    assert!(matches!(err, CodeObjectError::Io { .. }));
    assert!(err.to_string().contains("/nonexistent/file.hsaco"));
}

#[test]
fn corpus_objects_if_present() {
    // Objects committed by the corpus builders; every one must open without panicking.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora");
    let mut stack = vec![root];
    let mut seen = 0;
    while let Some(dir) = stack.pop() {
        let Ok(read) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in read.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !matches!(ext, "o" | "hsaco" | "co" | "bundle") || seen >= 400 {
                continue;
            }
            seen += 1;
            let Ok(input) = Input::open(&path) else {
                continue;
            };
            for e in input.entries().iter().filter(|e| e.is_device()) {
                if let Ok(co) = input.code_object(e.processor.as_deref()) {
                    let _ = co.dwarf_sections().map(|d| d.dwarf());
                    let _ = co.kernels();
                }
            }
        }
    }
}

#[test]
fn code_object_v2_and_v3() {
    let v2 = open("gfx906-v2.o");
    let co = v2.code_object(Some("gfx906")).unwrap();
    let t = co.target();
    assert_eq!(t.code_object_version, Some(2));
    assert_eq!(
        (t.processor.as_str(), t.xnack, t.sramecc),
        ("gfx906", Feature::On, Feature::On)
    );
    assert_eq!(t.target_id(), "gfx906:sramecc+:xnack+");
    // No msgpack note: the kernel comes from its STT_AMDGPU_HSA_KERNEL symbol.
    assert_eq!(co.kernels().len(), 1);
    let k = &co.kernels()[0];
    assert_eq!((k.name.as_str(), k.wavefront_size), ("k", 64));
    assert_eq!(k.wavefront_size_source, WaveSizeSource::ProcessorDefault);
    assert_eq!(co.wave_size_at(k.code.unwrap().0), Some(64));

    let v3 = open("gfx906-v3.o");
    let co = v3.code_object(None).unwrap();
    let t = co.target();
    assert_eq!(t.code_object_version, Some(3));
    assert_eq!((t.xnack, t.sramecc), (Feature::On, Feature::On));
    let k = &co.kernels()[0];
    assert_eq!((k.name.as_str(), k.symbol.as_str()), ("k", "k.kd"));
    assert_eq!(
        (k.wavefront_size, k.wavefront_size_source),
        (64, WaveSizeSource::Metadata)
    );
    assert_eq!(k.kernarg_segment_size, Some(8));
}

#[test]
fn llvm_offload_binaries() {
    for (name, kind) in [
        ("k.offload", InputKind::Bundle),
        ("host-offloading.o", InputKind::HostElf),
    ] {
        let input = open(name);
        assert_eq!(input.kind(), kind, "{name}");
        let ids: Vec<&str> = input.entries().iter().map(|e| e.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "hip-amdgcn-amd-amdhsa--gfx90a:xnack-",
                "hip-amdgcn-amd-amdhsa--gfx1030"
            ],
            "{name}"
        );
        assert_eq!(input.entries()[0].offload_kind, "hip");
        assert_eq!(input.entries()[0].triple, "amdgcn-amd-amdhsa");
        assert_eq!(
            input.entry_bytes(&input.entries()[0]),
            fixture_bytes("gfx90a.hsaco")
        );
        assert_eq!(
            input.entry_bytes(&input.entries()[1]),
            fixture_bytes("gfx1030.hsaco")
        );
        let co = input.code_object(Some("gfx1030")).unwrap();
        assert!(co.kernels().iter().all(|k| k.wavefront_size == 32));
        assert!(matches!(
            input.code_object(None),
            Err(CodeObjectError::AmbiguousEntry { .. })
        ));
    }
    // Hostile headers: size beyond the data, entries out of range.
    let good = fixture_bytes("k.offload");
    for (offset, value) in [(8usize, u64::MAX), (16, 1 << 40), (24, 41), (0x38, 1 << 40)] {
        let mut bad = good.clone();
        bad[offset..offset + 8].copy_from_slice(&value.to_le_bytes());
        let err = Input::from_bytes("bad.offload", bad).unwrap_err();
        assert!(
            matches!(err, CodeObjectError::BadBundle { .. }),
            "{offset}: {err}"
        );
    }
}

#[test]
fn bundle_magic_as_a_string_in_other_sections_is_ignored() {
    // A host binary that merely contains the magic string (like the bundler itself) next to a
    // real .hip_fatbin: the string is skipped, the real bundle found.
    let fatbin = build_bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx90a", &tiny_code_object())]);
    let mut rodata = b"usage: __CLANG_OFFLOAD_BUNDLE__ is the magic".to_vec();
    rodata.extend_from_slice(&[0u8; 16]);
    let (mut bytes, _) = build_elf(
        1,
        0,
        0,
        &[
            Sec::new(".rodata", 1, rodata),
            Sec::new(".hip_fatbin", 1, fatbin),
        ],
    );
    bytes[7] = 0;
    bytes[18..20].copy_from_slice(&62u16.to_le_bytes());
    let input = Input::from_bytes("host", bytes).unwrap();
    assert_eq!(input.entries().len(), 1);
    input.code_object(None).unwrap();
}
