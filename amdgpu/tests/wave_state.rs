//! The `hetdwarf-wave-state/1` format: the corpus states load, load -> save -> load is
//! identical, and malformed files (wrong types, wrong vector lengths, unknown keys, huge
//! numbers, bad hex, ...) give one-line errors with the line, column and key path.

use std::path::PathBuf;

use hetdwarf::eval::Backend;
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::{AddressSpaceId as S, Apertures, swizzle};
use hetdwarf_amdgpu::registers::Register;

fn corpus(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora/states")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn load(text: &str) -> WaveState {
    WaveState::from_json(text).unwrap_or_else(|e| panic!("{e}"))
}

fn err(text: &str) -> String {
    let e = WaveState::from_json(text).expect_err("expected an error");
    let s = e.to_string();
    assert!(!s.contains('\n'), "not one line: {s}");
    s
}

fn vec_json(n: usize, f: impl Fn(usize) -> String) -> String {
    let v: Vec<String> = (0..n).map(f).collect();
    format!("[{}]", v.join(", "))
}

/// A minimal valid wave64 document with `extra` members appended.
fn doc(extra: &str) -> String {
    let mut s = String::from(
        "{\n  \"format\": \"hetdwarf-wave-state/1\",\n  \"processor\": \"gfx90a\",\n  \"wave_size\": 64",
    );
    if !extra.is_empty() {
        s.push_str(",\n");
        s.push_str(extra);
    }
    s.push_str("\n}\n");
    s
}

#[test]
fn corpus_wave64_loads() {
    let mut w = load(&corpus("gfx90a-wave64.json"));
    assert_eq!((w.processor(), w.wave_size()), ("gfx90a", 64));
    assert_eq!(w.pc(), Some(0x1c40));
    assert_eq!(w.exec(), Some(u64::MAX));
    assert_eq!(w.scalar(Register::Sgpr(32)), Some(0x800));
    assert_eq!(w.scalar(Register::Sgpr(4)), Some(4096));
    assert_eq!(w.vector_lane(Register::Vgpr(1), 4), Some(0x104));
    assert_eq!(w.vector_lane(Register::Vgpr(1), 5), None);
    // "dwarf:2562" is v2.
    assert_eq!(w.vector_lane(Register::Vgpr(2), 3), Some(0x10018));
    assert_eq!(w.apertures(), Apertures::default());
    // The spilled row at private_wave 0x400 is p = 0x10 of every lane.
    let mut b = [0u8; 4];
    w.read_memory(5, Some(9), 0x10, &mut b).unwrap();
    assert_eq!(u32::from_le_bytes(b), 0x1009);
    // The private_lane region of lane 3 went through the swizzle.
    w.read_memory(6, None, swizzle(0x20, 3, 64).unwrap(), &mut b)
        .unwrap();
    assert_eq!(u32::from_le_bytes(b), 0x12345678);
}

#[test]
fn corpus_wave32_loads() {
    let mut w = load(&corpus("gfx1100-wave32.json"));
    assert_eq!((w.processor(), w.wave_size()), ("gfx1100", 32));
    assert_eq!(w.exec(), Some(0xffff));
    assert_eq!(w.vector_lane(Register::Vgpr(3), 15), Some(45));
    assert_eq!(w.vector_lane(Register::Vgpr(3), 16), None);
    assert_eq!(w.vector_lane(Register::Vgpr(256), 0), Some(0xffff_ffff));
    assert_eq!(w.apertures(), Apertures::default());
    let mut b = [0u8; 4];
    w.read_memory(6, None, swizzle(0, 1, 32).unwrap(), &mut b)
        .unwrap();
    assert_eq!(u32::from_le_bytes(b), 0xdeadbeef);
    let mut r = [0u8; 1];
    w.read_memory(2, None, 0x40, &mut r).unwrap();
    assert_eq!(r, [0xff]);
}

#[test]
fn round_trip_is_identical() {
    for name in ["gfx90a-wave64.json", "gfx1100-wave32.json"] {
        let a = load(&corpus(name));
        let text = a.to_json();
        let b = load(&text);
        assert_eq!(a, b, "{name}");
        // Saving again gives the same text.
        assert_eq!(b.to_json(), text, "{name}");
    }
}

#[test]
fn built_state_round_trips() {
    let mut w = WaveState::new("gfx1100", 64).unwrap();
    w.set_scalar(Register::Pc, 0x1234).unwrap();
    w.set_scalar(Register::M0, 0x10).unwrap();
    w.set_scalar(Register::Status, 1).unwrap();
    w.set_scalar(Register::Vcc, u64::MAX).unwrap();
    w.set_scalar(Register::Sgpr(105), 0xffff_ffff).unwrap();
    w.set_vector_lane(Register::Agpr(7), 63, Some(5)).unwrap();
    w.set_vector(Register::Vgpr(0), &[None; 64]).unwrap();
    w.set_load_bias(0x7000_0000);
    w.set_apertures(Apertures {
        shared_base: 0x3_0000_0000,
        private_base: 0x4_0000_0000,
    });
    w.write(S::Global, None, u64::MAX - 3, &[1, 2, 3, 4])
        .unwrap();
    w.write(S::PrivateLane, Some(63), 0, &[9; 9]).unwrap();
    w.write(S::Local, None, 0, &[]).unwrap();
    let text = w.to_json();
    let back = load(&text);
    assert_eq!(back, w);
    assert_eq!(back.to_json(), text);
    assert!(text.contains("\"m0\": \"0x10\""));
    assert!(text.contains("\"v0\": [null, null"));
}

#[test]
fn defaults_and_aliases() {
    // wave_size defaults to the processor's; apertures to the defaults; registers may
    // repeat pc/exec when they agree.
    let w = load(
        r#"{"format": "hetdwarf-wave-state/1", "processor": "gfx1100", "exec": 3,
            "registers": {"exec": "0x3", "pc": 16, "m0": 1}}"#,
    );
    assert_eq!(w.wave_size(), 32);
    assert_eq!(w.exec(), Some(3));
    assert_eq!(w.pc(), Some(16));
    assert_eq!(w.apertures(), Apertures::default());
    // Partial apertures keep the other default.
    let w = load(&doc(r#"  "apertures": { "shared_base": "0x500000000" }"#));
    assert_eq!(w.apertures().shared_base, 0x5_0000_0000);
    assert_eq!(
        w.apertures().private_base,
        Apertures::default().private_base
    );
    // Memory regions that agree may overlap; generic regions resolve.
    let w = load(&doc(r#"  "memory": [
    { "space": "private_wave", "address": "0x400", "bytes": "01020304" },
    { "space": "private_lane", "lane": 0, "address": "0x10", "bytes": "0102" },
    { "space": "generic", "address": "0x1000000000010", "bytes": "aa" },
    { "space": "generic", "lane": 2, "address": "0x2000000000000", "bytes": "bb" },
    { "space": "none", "address": 0, "bytes": "" }
  ]"#));
    assert_eq!(w.memory(S::Local).unwrap().byte(0x10), Some(0xaa));
    assert_eq!(w.memory(S::PrivateWave).unwrap().byte(8), Some(0xbb));
}

/// (document, expected error) pairs: every error names line:column and the key path.
#[test]
fn malformed_files() {
    let v64 = |f: &dyn Fn(usize) -> String| vec_json(64, f);
    let cases: Vec<(String, &str)> = vec![
        // Syntax.
        ("".into(), "1:1: EOF while parsing a value"),
        ("{".into(), "1:1: EOF while parsing an object"),
        ("[1]".into(), "1:1: expected an object, found an array"),
        ("{\"format\": 1,}".into(), "1:14: key must be a string"),
        (doc("  \"pc\": 0x10"), "5:10: expected `,` or `}`"),
        // Top level.
        (
            r#"{"processor": "gfx90a"}"#.into(),
            r#"1:1: missing key "format""#,
        ),
        (
            r#"{"format": "hetdwarf-wave-state/2", "processor": "gfx90a"}"#.into(),
            r#"1:12: format: unsupported format "hetdwarf-wave-state/2" (expected "hetdwarf-wave-state/1")"#,
        ),
        (
            doc("  \"registrs\": {}"),
            "5:3: registrs: unknown key (expected format, processor, wave_size, pc, exec, load_bias, registers, memory, apertures)",
        ),
        (doc("  \"pc\": 1,\n  \"pc\": 2"), "6:3: pc: duplicate key"),
        (
            r#"{"format": "hetdwarf-wave-state/1", "processor": "gfx9000"}"#.into(),
            r#"1:50: processor: unknown processor "gfx9000""#,
        ),
        (
            r#"{"format": "hetdwarf-wave-state/1", "processor": "gfx90a", "wave_size": 32}"#.into(),
            "1:73: wave_size: gfx90a does not run wave32 (allowed: 64)",
        ),
        (
            r#"{"format": "hetdwarf-wave-state/1", "processor": 7}"#.into(),
            "1:50: processor: expected a string, found number 7",
        ),
        // Numbers.
        (
            doc("  \"pc\": 18446744073709551616"),
            "5:9: pc: 18446744073709551616 does not fit in 64 bits",
        ),
        (
            doc("  \"pc\": 123456789012345678901234567890"),
            "5:9: pc: 123456789012345678901234567890 does not fit in 64 bits",
        ),
        (
            doc("  \"pc\": \"0x10000000000000000\""),
            "5:9: pc: 0x10000000000000000 does not fit in 64 bits",
        ),
        (
            doc("  \"pc\": -1"),
            "5:9: pc: expected a 64-bit number or \"0x...\" string, found negative number -1",
        ),
        (
            doc("  \"pc\": 1.5"),
            "5:9: pc: expected a 64-bit number or \"0x...\" string, found non-integer number 1.5",
        ),
        (
            doc("  \"pc\": 1e3"),
            "5:9: pc: expected a 64-bit number or \"0x...\" string, found non-integer number 1e3",
        ),
        (
            doc("  \"pc\": \"0xg1\""),
            "5:9: pc: bad hex number \"0xg1\"",
        ),
        (doc("  \"pc\": \"0x\""), "5:9: pc: bad hex number \"0x\""),
        (
            doc("  \"pc\": \"16\""),
            "5:9: pc: expected a 64-bit number or \"0x...\" string, found string \"16\"",
        ),
        (
            doc("  \"exec\": \"0x1ffffffffffffffff\""),
            "5:11: exec: 0x1ffffffffffffffff does not fit in 64 bits",
        ),
        (
            doc("  \"load_bias\": true"),
            "5:16: load_bias: expected a 64-bit number or \"0x...\" string, found true",
        ),
        // Registers.
        (
            doc("  \"registers\": { \"s32\": \"0x100000000\" }"),
            "5:25: registers.s32: 0x100000000 does not fit in 32 bits",
        ),
        (
            doc("  \"registers\": { \"x1\": 1 }"),
            "5:18: registers.x1: unknown register name \"x1\" (expected s0-s105, v0-v511, a0-a255, exec, vcc, pc, m0, status or dwarf:N)",
        ),
        (
            doc("  \"registers\": { \"v256\": [] }"),
            "5:18: registers.v256: register v256 does not exist in wave64",
        ),
        (
            doc("  \"registers\": { \"dwarf:2816\": 1 }"),
            "5:18: registers.dwarf:2816: DWARF register 2816 is not mapped in wave64 (reserved)",
        ),
        (
            doc("  \"registers\": { \"v1\": [1, 2, 3] }"),
            "5:24: registers.v1: expected 64 lanes (the wave size), found 3",
        ),
        (
            doc("  \"registers\": { \"v1\": 5 }"),
            "5:24: registers.v1: expected an array of 64 lanes (32-bit numbers, \"0x...\" strings or null), found number 5",
        ),
        (
            doc(&format!(
                "  \"registers\": {{ \"v1\": {} }}",
                v64(&|i| if i == 3 { "\"zz\"".into() } else { "0".into() })
            )),
            "5:34: registers.v1[3]: expected a 32-bit number or \"0x...\" string, found string \"zz\"",
        ),
        (
            doc(&format!(
                "  \"registers\": {{ \"v1\": {} }}",
                v64(&|i| if i == 1 {
                    "4294967296".into()
                } else {
                    "0".into()
                })
            )),
            "5:28: registers.v1[1]: 4294967296 does not fit in 32 bits",
        ),
        (
            doc("  \"registers\": { \"s1\": [1] }"),
            "5:24: registers.s1: expected a 32-bit number or \"0x...\" string, found an array",
        ),
        (
            doc("  \"registers\": { \"v1\": null, \"dwarf:2561\": 1 }"),
            "5:24: registers.v1: expected an array of 64 lanes (32-bit numbers, \"0x...\" strings or null), found null",
        ),
        (
            doc("  \"registers\": { \"s0\": 1, \"dwarf:32\": 1 }"),
            "5:27: registers.dwarf:32: the same register as registers.s0",
        ),
        (
            doc("  \"pc\": 1,\n  \"registers\": { \"pc\": 2 }"),
            "6:24: registers.pc: 0x2 contradicts the top-level \"pc\" (0x1)",
        ),
        (
            doc("  \"registers\": []"),
            "5:16: registers: expected an object, found an array",
        ),
        // Memory.
        (
            doc("  \"memory\": [ { \"space\": \"global\", \"address\": 0, \"bytes\": \"0g\" } ]"),
            "5:59: memory[0].bytes: bad hex digit 'g' at character 2",
        ),
        (
            doc("  \"memory\": [ { \"space\": \"global\", \"address\": 0, \"bytes\": \"abc\" } ]"),
            "5:59: memory[0].bytes: odd number of hex digits (3)",
        ),
        (
            doc(
                "  \"memory\": [ { \"space\": \"global\", \"address\": 0, \"bytes\": \"\", \"size\": 4 } ]",
            ),
            "5:63: memory[0].size: unknown key (expected space, address, bytes, lane)",
        ),
        (
            doc("  \"memory\": [ { \"space\": \"flash\", \"address\": 0, \"bytes\": \"\" } ]"),
            "5:26: memory[0].space: unknown address space \"flash\" (expected global, generic, region, local, private_lane or private_wave)",
        ),
        (
            doc(
                "  \"memory\": [ { \"space\": \"private_lane\", \"address\": 0, \"bytes\": \"00\" } ]",
            ),
            "5:15: memory[0]: missing key \"lane\"",
        ),
        (
            doc(
                "  \"memory\": [ { \"space\": \"private_lane\", \"lane\": 64, \"address\": 0, \"bytes\": \"00\" } ]",
            ),
            "5:50: memory[0].lane: lane 64 is out of range for wave64",
        ),
        (
            doc(
                "  \"memory\": [ { \"space\": \"local\", \"lane\": 1, \"address\": 0, \"bytes\": \"00\" } ]",
            ),
            "5:35: memory[0].lane: \"lane\" applies only to private_lane and generic regions, not local",
        ),
        (
            doc(
                "  \"memory\": [ { \"space\": \"local\", \"address\": \"0xffffffff\", \"bytes\": \"0000\" } ]",
            ),
            "5:46: memory[0].address: 2 bytes at 0xffffffff pass the end of the 32-bit local address space",
        ),
        (
            doc(
                "  \"memory\": [ { \"space\": \"generic\", \"address\": \"0x2000000000000\", \"bytes\": \"00\" } ]",
            ),
            "5:48: memory[0].address: missing context: a current lane (a generic address in the private aperture) is required",
        ),
        (
            doc(
                "  \"memory\": [\n    { \"space\": \"private_wave\", \"address\": 12, \"bytes\": \"01\" },\n    { \"space\": \"private_lane\", \"lane\": 3, \"address\": 0, \"bytes\": \"02\" }\n  ]",
            ),
            "7:5: memory[1]: overlaps an earlier region with different bytes at private_wave 0xc",
        ),
        (
            doc("  \"memory\": { }"),
            "5:13: memory: expected an array of memory regions, found an object",
        ),
        (
            doc("  \"memory\": [ 5 ]"),
            "5:15: memory[0]: expected an object, found number 5",
        ),
        // Apertures.
        (
            doc("  \"apertures\": { \"shared_base\": \"0x1000\" }"),
            "5:33: apertures.shared_base: 0x1000 is not 2^32-aligned",
        ),
        (
            doc("  \"apertures\": { \"shared_base\": \"0x2000000000000\" }"),
            "5:33: apertures.shared_base: the shared and private apertures coincide",
        ),
        (
            doc("  \"apertures\": { \"base\": 0 }"),
            "5:18: apertures.base: unknown key (expected shared_base, private_base)",
        ),
    ];
    let mut failures = Vec::new();
    for (text, want) in &cases {
        let got = err(text);
        if got != *want {
            failures.push(format!("  want {want}\n   got {got}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn columns_count_characters() {
    // A multi-byte character before the error moves the column by one, not by its bytes.
    assert_eq!(err("{\"é\": 1, \"é\": 2}"), "1:10: \"é\": duplicate key");
    let text =
        "{\"format\": \"hetdwarf-wave-state/1\",\n \"processor\": \"gfx90a\", \"pc\": \"é\"}";
    assert_eq!(
        err(text),
        "2:31: pc: expected a 64-bit number or \"0x...\" string, found string \"é\""
    );
}

#[test]
fn hostile_inputs_fail_cleanly() {
    // Deep nesting, many keys, long strings: errors, no panics or stack overflows.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert_eq!(err(&deep), "1:1: expected an object, found an array");
    let deep_member = doc(&format!(
        "  \"registers\": {{ \"s0\": {}{} }}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    ));
    assert_eq!(
        err(&deep_member),
        "5:24: registers.s0: expected a 32-bit number or \"0x...\" string, found an array"
    );
    let nested = doc(&format!(
        "  \"registers\": {{ \"s0\": {}{} }}",
        "[".repeat(120),
        "]".repeat(120)
    ));
    assert!(err(&nested).contains("registers.s0"));
    let many: Vec<String> = (0..20_000).map(|i| format!("\"k{i}\": {i}")).collect();
    let text = doc(&format!("  \"registers\": {{ {} }}", many.join(", ")));
    assert!(err(&text).contains("registers.k0: unknown register name"));
    let long = doc(&format!("  \"pc\": \"0x{}\"", "0".repeat(100_000)));
    assert_eq!(load(&long).pc(), Some(0));
    let bad = doc(&format!("  \"pc\": \"0x{}1\"", "f".repeat(100)));
    assert!(err(&bad).contains("does not fit in 64 bits"));
    assert!(err(&bad).contains('…'));
    assert!(WaveState::from_json("\u{feff}{}").is_err());
    assert!(WaveState::from_json("{} {}").is_err());
}

/// Bytes that are not UTF-8 text (a code object given for a state) are a state error at
/// the first such byte, with its line and column, like any other document that is not a
/// wave state; UTF-8 bytes load as their text does.
#[test]
fn bytes_that_are_not_text_are_not_a_state() {
    let e = WaveState::from_json_bytes(b"\x7fELF\x02\x01\xe0\xff").unwrap_err();
    assert_eq!((e.line, e.column), (1, 7), "{e}");
    assert!(e.to_string().contains("byte 0x6 is not UTF-8 text"), "{e}");
    let e = WaveState::from_json_bytes(b"{\n  \"format\": \"\xff\"").unwrap_err();
    assert_eq!((e.line, e.column), (2, 14), "{e}");
    let text = corpus("demo-ocl-gfx90a-O0.json");
    let from_bytes = WaveState::from_json_bytes(text.as_bytes()).unwrap();
    let from_text = WaveState::from_json(&text).unwrap();
    assert_eq!(from_bytes.to_json(), from_text.to_json());
}
