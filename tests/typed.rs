//! Typed values on real corpus types (structures with bit fields, arrays, pointers in every
//! address space under both address-class conventions) and on hand-built types (half and
//! bfloat16, enums, vectors, unions, expression-located members), with synthetic bits:
//! optimized-out and unavailable parts, and encode -> decode round trips.

use std::path::Path;

use hetdwarf::eval::{self, Backend, Bits, Bytes, Error, LocDesc, Part, Storage};
use hetdwarf::index::{ArrayDimension, DwarfIndex, Enumerator, Member, Type, TypeKind, TypeRef};
use hetdwarf::target::Target;
use hetdwarf::typed::{
    self, AddressClassConvention, DecodeOptions, MemberLocation, MemberResolver, TypeSource,
    TypeTable, TypedValue,
};
use hetdwarf_amdgpu::Input;

// ---------------------------------------------------------------------------------------
// Synthetic bits: `Bits` has no public constructor, so build them by reading a composite
// location: valid runs from implicit storage, optimized-out runs from undefined storage,
// unavailable runs from a register the context cannot fetch.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum St {
    Valid,
    Opt,
    Unav,
}

struct Ctx(Target);

impl Backend for Ctx {
    fn target(&self) -> &Target {
        &self.0
    }
    fn read_register(&mut self, _: u64, _: u32, _: u64, _: &mut [u8]) -> eval::Result<()> {
        Err(Error::unavailable("not in the test state"))
    }
}

fn bits_with(data: &[u8], status: impl Fn(u64) -> St) -> Bits {
    let n = data.len() as u64 * 8;
    let mut parts = Vec::new();
    let mut i = 0;
    while i < n {
        let s = status(i);
        let mut j = i + 1;
        while j < n && status(j) == s {
            j += 1;
        }
        let loc = match s {
            St::Valid => LocDesc::new(Storage::Implicit(Bytes::new(data)), u128::from(i)),
            St::Opt => LocDesc::undefined(),
            St::Unav => LocDesc::register(0, 0, 1 << 16),
        };
        parts.push(Part::Piece {
            loc,
            bits: u128::from(j - i),
        });
        i = j;
    }
    let mut ctx = Ctx(Target::new("test", 64, 64));
    let b = eval::read(&mut ctx, &LocDesc::composite(parts), 0, n).expect("read");
    for i in 0..n {
        let want = match status(i) {
            St::Valid => eval::BitStatus::Valid,
            St::Opt => eval::BitStatus::OptimizedOut,
            St::Unav => eval::BitStatus::Unavailable,
        };
        assert_eq!(b.status(i), want, "builder bit {i}");
    }
    b
}

fn valid(data: &[u8]) -> Bits {
    bits_with(data, |_| St::Valid)
}

// ---------------------------------------------------------------------------------------
// Corpus objects.

fn with_object<T>(rel: &str, f: impl FnOnce(&DwarfIndex<'_>) -> T) -> T {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let input = Input::open(&path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    f(&dbg)
}

/// The type of the first variable or parameter called `name`.
fn var_type(dbg: &DwarfIndex<'_>, name: &str) -> TypeRef {
    for u in 0..dbg.units().len() {
        for v in &dbg
            .scopes(dbg.unit_id(u).unwrap())
            .expect("scopes")
            .variables
        {
            if v.name.as_deref() == Some(name) {
                return v.type_die;
            }
        }
    }
    panic!("no variable {name}")
}

fn legacy() -> DecodeOptions {
    DecodeOptions::with_convention(AddressClassConvention::ClangLegacy)
}

fn aspace() -> DecodeOptions {
    DecodeOptions::with_convention(AddressClassConvention::DwarfAspace)
}

fn show(dbg: &dyn TypeSource, ty: TypeRef, bits: &Bits, opts: &DecodeOptions) -> String {
    typed::decode(dbg, ty, bits, opts)
        .expect("decode")
        .render_text()
}

/// `particle_t`: `{float pos[3]; flags_t flags; ulong cookie;}` with
/// `flags_t = {uint valid:1, kind:3, level:4; int delta:12; uint spare:12}`.
fn particle_bytes() -> Vec<u8> {
    let mut d = Vec::new();
    for f in [1.5f32, -2.0, 0.25] {
        d.extend_from_slice(&f.to_le_bytes());
    }
    let word: u32 = 1 | (5 << 1) | (9 << 4) | (0xffd << 8) | (0xabc << 20);
    d.extend_from_slice(&word.to_le_bytes());
    d.extend_from_slice(&0x1122_3344_5566_7788u64.to_le_bytes());
    d
}

const PARTICLE_TEXT: &str = "{pos = {1.5, -2, 0.25}, flags = {valid = 1, kind = 5, level = 9, \
                             delta = -3, spare = 2748}, cookie = 1234605616436508552}";

#[test]
fn particle_bit_fields_dwarf5_and_dwarf4() {
    for obj in [
        "corpora/clang22/ocl-gfx900-O0.hsaco",
        "corpora/clang14/ocl-gfx900-O0.hsaco",
        // DWARF 4: DW_AT_bit_offset (big-endian numbering) + DW_AT_byte_size.
        "corpora/clang14/ocl-gfx90a-O0-dwarf4.o",
    ] {
        with_object(obj, |dbg| {
            let ty = var_type(dbg, "part");
            assert_eq!(typed::type_size_bits(dbg, ty, &aspace()).unwrap(), 192);
            let v = typed::decode(dbg, ty, &valid(&particle_bytes()), &aspace()).unwrap();
            assert_eq!(v.render_text(), PARTICLE_TEXT, "{obj}");
            // The same through a cache kept across calls.
            let cache = typed::TypeCache::new(dbg);
            for _ in 0..2 {
                let c = typed::decode(&cache, ty, &valid(&particle_bytes()), &aspace()).unwrap();
                assert_eq!(c, v);
            }
            let TypedValue::Struct {
                type_name, fields, ..
            } = &v
            else {
                panic!("{v:?}")
            };
            assert_eq!(type_name, "particle_t");
            assert_eq!(fields[1].bit_offset, Some(96));
            let json: serde_json::Value = serde_json::from_str(&v.to_json()).expect("json");
            assert_eq!(json["kind"], "struct");
            assert_eq!(
                json["fields"][1]["value"]["fields"][3]["value"]["value"],
                -3
            );
            assert_eq!(json["fields"][1]["value"]["fields"][3]["bit_size"], 12);
            assert_eq!(json["fields"][0]["value"]["elements"][2]["value"], 0.25);
            assert_eq!(
                json["fields"][2]["value"]["value"],
                0x1122_3344_5566_7788u64
            );
        });
    }
}

#[test]
fn particle_partly_optimized_out_and_unavailable() {
    with_object("corpora/clang22/ocl-gfx900-O0.hsaco", |dbg| {
        let ty = var_type(dbg, "part");
        let d = particle_bytes();
        // pos[1] optimized out; delta (bits 104..116) unavailable.
        let b = bits_with(&d, |i| match i {
            32..64 => St::Opt,
            104..116 => St::Unav,
            _ => St::Valid,
        });
        assert_eq!(
            show(dbg, ty, &b, &aspace()),
            "{pos = {1.5, <optimized out>, 0.25}, flags = {valid = 1, kind = 5, level = 9, \
             delta = <unavailable>, spare = 2748}, cookie = 1234605616436508552}"
        );
        // One bit optimized out and others unavailable in one scalar: optimized out wins.
        let b = bits_with(&d, |i| match i {
            130 => St::Opt,
            131..140 => St::Unav,
            _ => St::Valid,
        });
        assert!(show(dbg, ty, &b, &aspace()).ends_with("cookie = <optimized out>}"));
        assert!(!typed::decode(dbg, ty, &b, &aspace()).unwrap().is_complete());
        assert!(
            typed::decode(dbg, ty, &valid(&d), &aspace())
                .unwrap()
                .is_complete()
        );
        // The whole flags word optimized out: one marker, not five.
        let b = bits_with(&d, |i| {
            if (96..128).contains(&i) {
                St::Opt
            } else {
                St::Valid
            }
        });
        assert_eq!(
            show(dbg, ty, &b, &aspace()),
            "{pos = {1.5, -2, 0.25}, flags = <optimized out>, cookie = 1234605616436508552}"
        );
        // Everything unavailable / optimized out.
        let b = bits_with(&d, |_| St::Unav);
        assert_eq!(show(dbg, ty, &b, &aspace()), "<unavailable>");
        let b = bits_with(&d, |_| St::Opt);
        assert_eq!(show(dbg, ty, &b, &aspace()), "<optimized out>");
        // Too few bits: the rest counts as unavailable.
        let b = valid(&d[..16]);
        assert_eq!(
            show(dbg, ty, &b, &aspace()),
            "{pos = {1.5, -2, 0.25}, flags = {valid = 1, kind = 5, level = 9, delta = -3, \
             spare = 2748}, cookie = <unavailable>}"
        );
    });
}

#[test]
fn hip_sample_array_with_bit_fields() {
    with_object("corpora/clang22/hip-gfx90a-O0.hsaco", |dbg| {
        let ty = var_type(dbg, "local");
        assert_eq!(dbg.type_name(ty), "struct Sample[2]");
        assert_eq!(typed::type_size_bits(dbg, ty, &aspace()).unwrap(), 384);
        let mut d = Vec::new();
        for (value, lo, mid, hi, stamp) in [
            (2.5f64, 31u32, 300u32, -5i32, -7i64),
            (-0.5, 0, 511, 131071, 9),
        ] {
            d.extend_from_slice(&value.to_le_bytes());
            let w = lo | (mid << 5) | (((hi as u32) & 0x3ffff) << 14);
            d.extend_from_slice(&w.to_le_bytes());
            d.extend_from_slice(&[0; 4]);
            d.extend_from_slice(&stamp.to_le_bytes());
        }
        // Padding bits (96..128) optimized out must not matter; element 1's stamp is.
        let b = bits_with(&d, |i| match i {
            96..128 => St::Opt,
            320..384 => St::Opt,
            _ => St::Valid,
        });
        assert_eq!(
            show(dbg, ty, &b, &aspace()),
            "{{value = 2.5, bits = {lo = 31, mid = 300, hi = -5}, stamp = -7}, \
             {value = -0.5, bits = {lo = 0, mid = 511, hi = 131071}, stamp = <optimized out>}}"
        );
        // Paths into it.
        let t = typed::resolve_path(dbg, ty, "[1].bits.hi", &aspace()).unwrap();
        assert_eq!(
            (t.bit_offset, t.bit_size, t.bitfield),
            (192 + 64 + 14, 18, true)
        );
        let t = typed::resolve_path(dbg, ty, "[0].stamp", &aspace()).unwrap();
        assert_eq!((t.bit_offset, t.bit_size), (128, 64));
        assert_eq!(dbg.type_name(t.type_die), "long long");
        assert!(typed::resolve_path(dbg, ty, "[2]", &aspace()).is_err());
        assert!(typed::resolve_path(dbg, ty, "[0].nope", &aspace()).is_err());
        assert!(typed::resolve_path(dbg, ty, "[0]->value", &aspace()).is_err());
    });
}

#[test]
fn arrays_repeats_and_element_limit() {
    with_object("corpora/clang22/ocl-gfx900-O0.hsaco", |dbg| {
        let ty = var_type(dbg, "local_bins");
        assert_eq!(dbg.type_name(ty), "uint[32]");
        let mut d = vec![0u8; 128];
        d[0] = 7;
        let b = bits_with(&d, |i| {
            if (64..96).contains(&i) {
                St::Opt
            } else {
                St::Valid
            }
        });
        assert_eq!(
            show(dbg, ty, &b, &aspace()),
            "{7, 0, <optimized out>, 0 <repeats 29 times>}"
        );
        let opts = {
            let mut o = aspace();
            o.max_elements = 5;
            o
        };
        assert_eq!(show(dbg, ty, &valid(&d), &opts), "{7, 0, 0, 0, 0...}");
        let history = var_type(dbg, "history");
        let mut d = Vec::new();
        for f in [0.1f32, 1e-7, 3e20, f32::INFINITY, f32::NAN, -0.0] {
            d.extend_from_slice(&f.to_le_bytes());
        }
        assert_eq!(
            show(dbg, history, &valid(&d), &aspace()),
            "{0.1, 1e-7, 3e20, inf, nan, -0}"
        );
    });
}

#[test]
fn pointers_in_every_address_space_under_both_conventions() {
    // clang 22 OpenCL: DW_AT_address_class is a DW_ASPACE number.
    with_object("corpora/clang22/ocl-gfx900-O0.hsaco", |dbg| {
        let cases = [
            ("p", 32, "(particle_t *) private_lane#0x10"),
            ("generic_out", 64, "(int *) generic#0x10"),
            ("tile", 32, "(float *) local#0x10"),
            ("out", 64, "(float *) 0x10"),
            ("keys", 64, "(const uint *) 0x10"),
        ];
        for (name, bits, text) in cases {
            let ty = var_type(dbg, name);
            assert_eq!(
                typed::type_size_bits(dbg, ty, &aspace()).unwrap(),
                bits,
                "{name}"
            );
            let d = 0x10u64.to_le_bytes();
            let b = valid(&d[..(bits / 8) as usize]);
            assert_eq!(show(dbg, ty, &b, &aspace()), text, "{name}");
        }
        // The same object read under the legacy convention: 1 = private, 3 unknown.
        let b = valid(&0x20u64.to_le_bytes());
        assert_eq!(
            show(dbg, var_type(dbg, "generic_out"), &b, &legacy()),
            "(int *) private_lane#0x20"
        );
        assert_eq!(
            show(dbg, var_type(dbg, "tile"), &b, &legacy()),
            "(float *) address_class(3)#0x20"
        );
        let v = typed::decode(dbg, var_type(dbg, "tile"), &b, &aspace()).unwrap();
        let json: serde_json::Value = serde_json::from_str(&v.to_json()).unwrap();
        assert_eq!(json["kind"], "pointer");
        assert_eq!(json["address"], "0x20");
        assert_eq!(json["address_space"]["number"], 3);
        assert_eq!(json["address_space"]["name"], "local");
    });
    // clang 14 OpenCL: legacy numbering (1 = private, 2 = local).
    with_object("corpora/clang14/ocl-gfx900-O0.hsaco", |dbg| {
        let b = valid(&0x40u32.to_le_bytes());
        assert_eq!(
            show(dbg, var_type(dbg, "p"), &b, &legacy()),
            "(particle_t *) private_lane#0x40"
        );
        assert_eq!(
            show(dbg, var_type(dbg, "tile"), &b, &legacy()),
            "(float *) local#0x40"
        );
        assert_eq!(
            typed::type_size_bits(dbg, var_type(dbg, "p"), &legacy()).unwrap(),
            32
        );
        // Read (wrongly) as DW_ASPACE numbers, class 1 would be a 64-bit generic pointer.
        assert_eq!(
            typed::type_size_bits(dbg, var_type(dbg, "p"), &aspace()).unwrap(),
            64
        );
    });
    // ROCm: DW_AT_LLVM_address_space, independent of the convention; references.
    with_object("corpora/rocm/hip-gfx90a-O0.hsaco", |dbg| {
        let b = valid(&0x7000_0000_1000u64.to_le_bytes());
        for opts in [aspace(), legacy()] {
            let ty = var_type(dbg, "samples");
            assert_eq!(
                show(dbg, ty, &b, &opts),
                "(struct Sample *) generic#0x700000001000"
            );
        }
    });
    with_object("corpora/clang22/hip-gfx90a-O0.hsaco", |dbg| {
        let b = valid(&0x2000u64.to_le_bytes());
        let ty = var_type(dbg, "p");
        assert_eq!(dbg.type_name(ty), "const struct Packed &");
        assert_eq!(
            show(dbg, ty, &b, &aspace()),
            "(const struct Packed &) @generic#0x2000"
        );
    });
}

#[test]
fn encode_round_trips_on_corpus_types() {
    with_object("corpora/clang22/ocl-gfx900-O0.hsaco", |dbg| {
        let ty = var_type(dbg, "part");
        let e = typed::encode(dbg, ty, PARTICLE_TEXT, &aspace()).unwrap();
        assert_eq!(e.bits, 192);
        assert_eq!(e.bytes, particle_bytes());
        // Positional and nested.
        let e2 = typed::encode(
            dbg,
            ty,
            "{{1.5, -2, 0.25}, {1, 5, 9, -3, 0xabc}, 0x1122334455667788}",
            &aspace(),
        )
        .unwrap();
        assert_eq!(e2.bytes, particle_bytes());
        // Missing or unknown members, values that do not fit a bit field.
        assert!(typed::encode(dbg, ty, "{pos = {1, 2, 3}}", &aspace()).is_err());
        let bad = PARTICLE_TEXT.replace("kind = 5", "kind = 8");
        assert!(matches!(
            typed::encode(dbg, ty, &bad, &aspace()),
            Err(typed::TypedError::OutOfRange { bits: 3, .. })
        ));
        // A bit field through a path.
        let t = typed::resolve_path(dbg, ty, "flags.delta", &aspace()).unwrap();
        assert_eq!((t.bit_offset, t.bit_size, t.bitfield), (104, 12, true));
        let e = typed::encode_bits(dbg, t.type_die, t.bit_size, "-2048", &aspace()).unwrap();
        assert_eq!((e.bytes.clone(), e.bits), (vec![0x00, 0x08], 12));
        assert!(typed::encode_bits(dbg, t.type_die, t.bit_size, "2048", &aspace()).is_err());
        let v = typed::decode_target(dbg, &t, &valid(&e.bytes), &aspace()).unwrap();
        assert_eq!(v.render_text(), "-2048");
        // Arrays with repeats; pointers as printed.
        let bins = var_type(dbg, "local_bins");
        let e = typed::encode(dbg, bins, "{7, 0, 5, 0 <repeats 29 times>}", &aspace()).unwrap();
        assert_eq!(
            show(dbg, bins, &valid(&e.bytes), &aspace()),
            "{7, 0, 5, 0 <repeats 29 times>}"
        );
        assert!(typed::encode(dbg, bins, "{1, 2}", &aspace()).is_err());
        let tile = var_type(dbg, "tile");
        for text in ["0x10", "16", "(float *) local#0x10"] {
            let e = typed::encode(dbg, tile, text, &aspace()).unwrap();
            assert_eq!((e.bytes.as_slice(), e.bits), (&[0x10, 0, 0, 0][..], 32));
        }
        assert!(typed::encode(dbg, tile, "(float *) private_lane#0x10", &aspace()).is_err());
        assert!(typed::encode(dbg, tile, "0x100000000", &aspace()).is_err());
        let i = var_type(dbg, "total");
        for (text, want) in [("-1", -1i32), ("0xffffffff", -1), ("42", 42), ("'A'", 65)] {
            let e = typed::encode(dbg, i, text, &aspace()).unwrap();
            assert_eq!(e.bytes, want.to_le_bytes(), "{text}");
        }
        assert!(typed::encode(dbg, i, "0x100000000", &aspace()).is_err());
        assert!(typed::encode(dbg, i, "twelve", &aspace()).is_err());
    });
}

// ---------------------------------------------------------------------------------------
// Hand-built types for what the corpus lacks.

fn base(die: u64, name: &str, encoding: gimli::DwAte, bytes: u64) -> Type {
    Type {
        die,
        name: Some(name.into()),
        byte_size: Some(bytes),
        kind: TypeKind::Base {
            encoding,
            bit_size: None,
            vector_size: None,
            address_space: None,
        },
    }
}

fn member(name: &str, ty: u64, bit_offset: Option<u64>) -> Member {
    Member {
        name: Some(name.into()),
        type_die: Some(ty),
        bit_offset,
        location_expr: None,
        bit_size: None,
        is_base: false,
    }
}

fn table() -> TypeTable {
    let mut t = TypeTable::new();
    t.insert(base(1, "half", gimli::DW_ATE_float, 2));
    t.insert(base(2, "__bf16", gimli::DW_ATE_float, 2));
    t.insert(base(3, "char", gimli::DW_ATE_signed_char, 1));
    t.insert(base(4, "bool", gimli::DW_ATE_boolean, 1));
    t.insert(base(5, "int", gimli::DW_ATE_signed, 4));
    t.insert(base(6, "unsigned __int128", gimli::DW_ATE_unsigned, 16));
    t.insert(base(7, "char32_t", gimli::DW_ATE_UTF, 4));
    t.insert(base(8, "double", gimli::DW_ATE_float, 8));
    t.insert(Type {
        die: 10,
        name: Some("color".into()),
        byte_size: Some(4),
        kind: TypeKind::Enum {
            underlying: Some(5),
            enumerators: vec![
                Enumerator {
                    name: "RED".into(),
                    value: 0,
                },
                Enumerator {
                    name: "GREEN".into(),
                    value: 1,
                },
                Enumerator {
                    name: "NEG".into(),
                    value: -2,
                },
            ],
        },
    });
    t.insert(Type {
        die: 11,
        name: Some("perm".into()),
        byte_size: Some(1),
        kind: TypeKind::Enum {
            underlying: None,
            enumerators: ["R", "W", "X"]
                .iter()
                .enumerate()
                .map(|(i, n)| Enumerator {
                    name: (*n).into(),
                    value: 1 << i,
                })
                .collect(),
        },
    });
    // float4-like vector of halves.
    t.insert(Type {
        die: 12,
        name: Some("half4".into()),
        byte_size: Some(2),
        kind: TypeKind::Base {
            encoding: gimli::DW_ATE_float,
            bit_size: None,
            vector_size: Some(4),
            address_space: None,
        },
    });
    // union { int i; float-ish half h; }
    t.insert(Type {
        die: 13,
        name: Some("U".into()),
        byte_size: Some(4),
        kind: TypeKind::Composite {
            tag: gimli::DW_TAG_union_type,
            members: vec![member("i", 5, Some(0)), member("h", 1, Some(0))],
            declaration: false,
        },
    });
    // struct D : B { int x; } with B at an expression location.
    t.insert(Type {
        die: 14,
        name: Some("B".into()),
        byte_size: Some(4),
        kind: TypeKind::Composite {
            tag: gimli::DW_TAG_class_type,
            members: vec![member("b", 5, Some(0))],
            declaration: false,
        },
    });
    t.insert(Type {
        die: 15,
        name: Some("D".into()),
        byte_size: Some(8),
        kind: TypeKind::Composite {
            tag: gimli::DW_TAG_class_type,
            members: vec![
                Member {
                    name: None,
                    type_die: Some(14),
                    bit_offset: None,
                    location_expr: Some((0x100, 4)),
                    bit_size: None,
                    is_base: true,
                },
                member("x", 5, Some(32)),
            ],
            declaration: false,
        },
    });
    // int m[2][3] and a char[4]
    t.insert(Type {
        die: 16,
        name: None,
        byte_size: None,
        kind: TypeKind::Array {
            element: Some(5),
            dimensions: vec![
                ArrayDimension {
                    lower: 0,
                    count: Some(2),
                },
                ArrayDimension {
                    lower: 0,
                    count: Some(3),
                },
            ],
        },
    });
    t.insert(Type {
        die: 17,
        name: Some("color_t".into()),
        byte_size: None,
        kind: TypeKind::Typedef(Some(10)),
    });
    t.insert(Type {
        die: 18,
        name: None,
        byte_size: None,
        kind: TypeKind::Qualified {
            tag: gimli::DW_TAG_const_type,
            inner: Some(17),
        },
    });
    // A generic address base type (DW_ATE_address with DW_AT_LLVM_address_space 1).
    t.insert(Type {
        die: 19,
        name: Some("generic_addr".into()),
        byte_size: Some(8),
        kind: TypeKind::Base {
            encoding: gimli::DW_ATE_address,
            bit_size: None,
            vector_size: None,
            address_space: Some(1),
        },
    });
    for (die, count) in [(20u64, 8u64), (21, 32)] {
        t.insert(Type {
            die,
            name: None,
            byte_size: None,
            kind: TypeKind::Array {
                element: Some(3),
                dimensions: vec![ArrayDimension {
                    lower: 0,
                    count: Some(count),
                }],
            },
        });
    }
    t
}

#[test]
fn character_arrays_print_as_strings() {
    let t = table();
    let o = aspace();
    let cases: &[(u64, &[u8], &str)] = &[
        (20, b"hi\n\"q'\0\x01", r#""hi\n\"q'\000\001""#),
        (20, b"abcdefgh", r#""abcdefgh""#),
        (21, b"abc", r#""abc", '\000' <repeats 29 times>"#),
        (21, b"", r#"'\000' <repeats 32 times>"#),
    ];
    for (die, bytes, text) in cases {
        let mut d = bytes.to_vec();
        d.resize(if *die == 20 { 8 } else { 32 }, 0);
        assert_eq!(show(&t, Some(*die), &valid(&d), &o), *text);
        let e = typed::encode(&t, Some(*die), text, &o).unwrap();
        assert_eq!(e.bytes, d, "{text}");
    }
    // Shorter strings pad with NULs; longer ones do not fit; brace lists work too.
    let e = typed::encode(&t, Some(20), "\"ab\"", &o).unwrap();
    assert_eq!(e.bytes, b"ab\0\0\0\0\0\0");
    assert!(typed::encode(&t, Some(20), "\"abcdefghi\"", &o).is_err());
    let e = typed::encode(&t, Some(20), "{'a', 98, 0, 0, 0, 0, 0, 0}", &o).unwrap();
    assert_eq!(e.bytes, b"ab\0\0\0\0\0\0");
    // One optimized-out character: elements, not a string.
    let b = bits_with(b"abcdefgh", |i| if i < 8 { St::Opt } else { St::Valid });
    assert_eq!(
        show(&t, Some(20), &b, &o),
        "{<optimized out>, 98 'b', 99 'c', 100 'd', 101 'e', 102 'f', 103 'g', 104 'h'}"
    );
}

#[test]
fn floats_half_bf16_and_round_trips() {
    let t = table();
    let o = aspace();
    for (die, text, raw) in [
        (1, "1", 0x3c00u16),
        (1, "-2.5", 0xc100),
        (1, "0.1", 0x2e66),
        (1, "65504", 0x7bff),
        (1, "inf", 0x7c00),
        (1, "6e-8", 0x0001),
        (2, "1", 0x3f80),
        (2, "-2.5", 0xc020),
        (2, "3.14", 0x4049),
        (2, "3.12", 0x4048),
    ] {
        let v = typed::decode(&t, Some(die), &valid(&raw.to_le_bytes()), &o).unwrap();
        assert_eq!(v.render_text(), text, "{die} {raw:#x}");
        let e = typed::encode(&t, Some(die), text, &o).unwrap();
        assert_eq!(e.bytes, raw.to_le_bytes(), "{die} {text}");
    }
    let e = typed::encode(&t, Some(8), "-1.25e-3", &o).unwrap();
    assert_eq!(e.bytes, (-1.25e-3f64).to_le_bytes());
    assert_eq!(
        typed::decode(&t, Some(8), &valid(&e.bytes), &o)
            .unwrap()
            .render_text(),
        "-0.00125"
    );
    // Vector of halves, one element optimized out.
    let mut d = Vec::new();
    for h in [0x3c00u16, 0x4000, 0x4200, 0x4400] {
        d.extend_from_slice(&h.to_le_bytes());
    }
    assert_eq!(typed::type_size_bits(&t, Some(12), &o).unwrap(), 64);
    let b = bits_with(&d, |i| {
        if (16..32).contains(&i) {
            St::Opt
        } else {
            St::Valid
        }
    });
    assert_eq!(show(&t, Some(12), &b, &o), "{1, <optimized out>, 3, 4}");
    let e = typed::encode(&t, Some(12), "{1, 2, 3, 4}", &o).unwrap();
    assert_eq!(e.bytes, d);
    let p = typed::resolve_path(&t, Some(12), "[2]", &o).unwrap();
    assert_eq!((p.bit_offset, p.bit_size), (32, 16));
    let v = typed::decode_target(&t, &p, &valid(&0x4200u16.to_le_bytes()), &o).unwrap();
    assert_eq!(v.render_text(), "3");
}

#[test]
fn integers_chars_bools_enums() {
    let t = table();
    let o = aspace();
    let cases: &[(u64, &[u8], &str)] = &[
        (3, &[65], "65 'A'"),
        (3, &[10], "10 '\\n'"),
        (3, &[0xff], "-1 '\\377'"),
        (3, &[0], "0 '\\000'"),
        (4, &[1], "true"),
        (4, &[0], "false"),
        (4, &[2], "2"),
        (5, &[0xfe, 0xff, 0xff, 0xff], "-2"),
        (7, &[0xe9, 0, 0, 0], "233 U'é'"),
        (10, &[1, 0, 0, 0], "GREEN"),
        (10, &[0xfe, 0xff, 0xff, 0xff], "NEG"),
        (10, &[7, 0, 0, 0], "7"),
        (11, &[5], "(R | X)"),
        (11, &[0x0b], "(R | W | unknown: 0x8)"),
        (18, &[0, 0, 0, 0], "RED"),
    ];
    for (die, bytes, text) in cases {
        let v = typed::decode(&t, Some(*die), &valid(bytes), &o).unwrap();
        assert_eq!(v.render_text(), *text, "{die} {bytes:?}");
        let e = typed::encode(&t, Some(*die), text, &o).unwrap();
        assert_eq!(e.bytes, *bytes, "encode {die} {text}");
    }
    let big = u128::MAX - 1;
    let v = typed::decode(&t, Some(6), &valid(&big.to_le_bytes()), &o).unwrap();
    assert_eq!(v.render_text(), big.to_string());
    let json: serde_json::Value = serde_json::from_str(&v.to_json()).unwrap();
    assert_eq!(json["value"], big.to_string());
    let e = typed::encode(&t, Some(6), &big.to_string(), &o).unwrap();
    assert_eq!(e.bytes, big.to_le_bytes());
    for (die, text, bytes) in [
        (3u64, "'\\x41'", vec![0x41u8]),
        (3, "'\\101'", vec![0x41]),
        (3, "'\\377'", vec![0xff]),
        (4, "1", vec![1]),
        (10, "NEG", vec![0xfe, 0xff, 0xff, 0xff]),
        (11, "R | W", vec![3]),
        (11, "6", vec![6]),
    ] {
        assert_eq!(
            typed::encode(&t, Some(die), text, &o).unwrap().bytes,
            bytes,
            "{text}"
        );
    }
    assert!(typed::encode(&t, Some(10), "BLUE", &o).is_err());
    assert!(typed::encode(&t, Some(3), "'AB'", &o).is_err());
    assert!(typed::encode(&t, Some(3), "300", &o).is_err());
    let v = typed::decode(&t, Some(19), &valid(&0x1234u64.to_le_bytes()), &o).unwrap();
    assert_eq!(v.render_text(), "(generic_addr) generic#0x1234");
}

#[test]
fn unions_multidimensional_arrays_and_expression_members() {
    let t = table();
    let o = aspace();
    let b = valid(&0x3c00u32.to_le_bytes());
    assert_eq!(show(&t, Some(13), &b, &o), "{i = 15360, h = 1}");
    assert_eq!(
        typed::encode(&t, Some(13), "{h = 1}", &o).unwrap().bytes,
        vec![0, 0x3c, 0, 0]
    );
    // All members as printed; the last one wins where they differ.
    assert_eq!(
        typed::encode(&t, Some(13), "{i = 15360, h = 1}", &o)
            .unwrap()
            .bytes,
        vec![0, 0x3c, 0, 0]
    );
    assert_eq!(
        typed::encode(&t, Some(13), "{i = -1, h = 1}", &o)
            .unwrap()
            .bytes,
        vec![0, 0x3c, 0xff, 0xff]
    );
    assert!(typed::encode(&t, Some(13), "{i = 1, h = 1, x = 2}", &o).is_err());

    let mut d = Vec::new();
    for i in 0..6i32 {
        d.extend_from_slice(&(i * 10).to_le_bytes());
    }
    assert_eq!(typed::type_size_bits(&t, Some(16), &o).unwrap(), 192);
    let b = bits_with(&d, |i| {
        if (96..192).contains(&i) {
            St::Unav
        } else {
            St::Valid
        }
    });
    assert_eq!(show(&t, Some(16), &b, &o), "{{0, 10, 20}, <unavailable>}");
    let b = bits_with(&d, |i| {
        if (128..160).contains(&i) {
            St::Opt
        } else {
            St::Valid
        }
    });
    let text = show(&t, Some(16), &b, &o);
    assert_eq!(text, "{{0, 10, 20}, {30, <optimized out>, 50}}");
    let e = typed::encode(&t, Some(16), "{{0, 10, 20}, {30, 40, 50}}", &o).unwrap();
    assert_eq!(e.bytes, d);
    let p = typed::resolve_path(&t, Some(16), "[1][2]", &o).unwrap();
    assert_eq!((p.bit_offset, p.bit_size, p.type_die), (160, 32, Some(5)));
    assert!(typed::resolve_path(&t, Some(16), "[1]", &o).is_err());
    assert!(typed::resolve_path(&t, Some(16), "[1][3]", &o).is_err());

    // A base class at a computed location: a placeholder unless resolved.
    let mut d = Vec::new();
    d.extend_from_slice(&7i32.to_le_bytes());
    d.extend_from_slice(&8i32.to_le_bytes());
    let b = valid(&d);
    assert_eq!(
        show(&t, Some(15), &b, &o),
        "{<B> = <needs evaluation: the location of member is a DWARF expression \
         (DW_AT_data_member_location)>, x = 8}"
    );
    struct AtZero;
    impl MemberResolver for AtZero {
        fn resolve(&mut self, owner: &Type, m: &Member, object: u64) -> MemberLocation {
            assert_eq!(owner.die, 15);
            assert_eq!(m.location_expr, Some((0x100, 4)));
            MemberLocation::BitOffset(object)
        }
    }
    let v = typed::decode_with(&t, Some(15), &b, &o, &mut AtZero).unwrap();
    assert_eq!(v.render_text(), "{<B> = {b = 7}, x = 8}");
    let json: serde_json::Value = serde_json::from_str(&v.to_json()).unwrap();
    assert_eq!(json["fields"][0]["base"], "B");
    assert_eq!(json["fields"][0]["bit_offset"], serde_json::Value::Null);
    // Members found through the base class need evaluation.
    assert!(typed::resolve_path(&t, Some(15), "x", &o).is_ok());
    assert!(typed::resolve_path(&t, Some(15), "b", &o).is_err());
    assert!(typed::encode(&t, Some(15), "{<B> = {b = 1}, x = 2}", &o).is_err());
    // Void and no-size types.
    assert!(typed::type_size_bits(&t, None, &o).is_err());
}

#[test]
fn unsupported_and_incomplete_types() {
    let mut t = table();
    t.insert(Type {
        die: 30,
        name: Some("Opaque".into()),
        byte_size: None,
        kind: TypeKind::Composite {
            tag: gimli::DW_TAG_structure_type,
            members: Vec::new(),
            declaration: true,
        },
    });
    t.insert(base(31, "_Complex float", gimli::DW_ATE_complex_float, 8));
    let o = aspace();
    assert!(matches!(
        typed::type_size_bits(&t, Some(30), &o),
        Err(typed::TypedError::NoSize { .. })
    ));
    assert_eq!(show(&t, Some(30), &valid(&[1, 2]), &o), "<incomplete type>");
    assert_eq!(
        show(&t, Some(31), &valid(&[1, 2, 3, 4, 5, 6, 7, 8]), &o),
        "<_Complex float (encoding DW_ATE_complex_float of 64 bits): 0x0102030405060708>"
    );
    assert_eq!(
        show(&t, None, &valid(&[1]), &o),
        "<void: void has no value>"
    );
    assert!(typed::encode(&t, Some(31), "1", &o).is_err());
    assert!(typed::encode(&t, None, "1", &o).is_err());
    // Self-referential types stop at the depth limit instead of recursing forever.
    t.insert(Type {
        die: 32,
        name: Some("Loop".into()),
        byte_size: Some(4),
        kind: TypeKind::Composite {
            tag: gimli::DW_TAG_structure_type,
            members: vec![member("again", 32, Some(0))],
            declaration: false,
        },
    });
    assert!(matches!(
        typed::decode(&t, Some(32), &valid(&[0; 4]), &o),
        Err(typed::TypedError::TooDeep { .. })
    ));
}

#[test]
fn synthetic_pointers() {
    with_object("corpora/clang22/ocl-gfx900-O0.hsaco", |dbg| {
        let ty = var_type(dbg, "generic_out");
        let v = typed::synthetic_pointer(dbg, ty, 0x15f, 0);
        assert_eq!(v.render_text(), "(int *) <synthetic pointer>");
        let v = typed::synthetic_pointer(dbg, ty, 0x15f, 8);
        assert_eq!(v.render_text(), "(int *) <synthetic pointer> + 8");
        let json: serde_json::Value = serde_json::from_str(&v.to_json()).unwrap();
        assert_eq!(json["kind"], "synthetic_pointer");
        assert_eq!(json["target_die"], 0x15f);
        assert_eq!(json["offset"], 8);
    });
}
