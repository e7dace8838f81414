//! Typed values over the type of every variable and parameter of every corpus and rocRAND
//! object: decoding never panics or fails, fully optimized-out and unavailable values
//! collapse to one marker, and text round-trips: decode -> render -> encode -> decode gives
//! the same text (for values with no unsupported or unresolved parts).

mod common;

use std::collections::BTreeSet;

use hetdwarf::eval::{self, Backend, Bits, Bytes, Error, LocDesc, Part, Storage};
use hetdwarf::index::DwarfIndex;
use hetdwarf::target::Target;
use hetdwarf::typed::{self, AddressClassConvention, DecodeOptions, TypedValue};
use hetdwarf_amdgpu::Input;

struct Ctx(Target);

impl Backend for Ctx {
    fn target(&self) -> &Target {
        &self.0
    }
    fn read_register(&mut self, _: u64, _: u32, _: u64, _: &mut [u8]) -> eval::Result<()> {
        Err(Error::unavailable("not in the test state"))
    }
}

/// Bits over `data`: all valid, all optimized out (`Some(true)`) or all unavailable.
fn bits(data: &[u8], invalid: Option<bool>) -> Bits {
    let n = data.len() as u64 * 8;
    let loc = match invalid {
        None => LocDesc::new(Storage::Implicit(Bytes::new(data)), 0),
        Some(true) => LocDesc::undefined(),
        Some(false) => LocDesc::register(0, 0, u32::MAX),
    };
    let loc = LocDesc::composite(vec![Part::Piece {
        loc,
        bits: u128::from(n),
    }]);
    eval::read(&mut Ctx(Target::new("test", 64, 64)), &loc, 0, n).expect("read")
}

fn clean(v: &TypedValue) -> bool {
    match v {
        TypedValue::Unsupported { .. } | TypedValue::NeedsEvaluation { .. } => false,
        TypedValue::Struct { fields, .. } => fields.iter().all(|f| clean(&f.value)),
        TypedValue::Array {
            elements,
            truncated,
            count,
            ..
        } => !truncated && count.is_some() && elements.iter().all(clean),
        _ => true,
    }
}

#[derive(Default, Debug)]
struct Tally {
    types: usize,
    round_trips: usize,
    not_encodable: usize,
    sizeless: usize,
}

fn check(dbg: &DwarfIndex<'_>, conv: AddressClassConvention, tally: &mut Tally) {
    let opts = {
        let mut o = DecodeOptions::with_convention(conv);
        o.max_elements = 1 << 20;
        o
    };
    let mut seen = BTreeSet::new();
    for u in 0..dbg.units().len() {
        let scopes = dbg.scopes(dbg.unit_id(u).unwrap()).expect("scopes");
        for v in &scopes.variables {
            if !seen.insert(v.type_die) {
                continue;
            }
            tally.types += 1;
            let name = dbg.type_name(v.type_die);
            let Ok(size) = typed::type_size_bits(dbg, v.type_die, &opts) else {
                tally.sizeless += 1;
                continue;
            };
            if size > 1 << 20 || size == 0 {
                continue;
            }
            let n = size.div_ceil(8) as usize;
            // Deterministic pseudo-random bytes.
            let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ v.die;
            let data: Vec<u8> = (0..n)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x as u8
                })
                .collect();
            for (inv, want) in [
                (Some(true), TypedValue::Optimized),
                (Some(false), TypedValue::Unavailable),
            ] {
                let got = typed::decode(dbg, v.type_die, &bits(&data, inv), &opts)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                if clean(&got) && size > 0 {
                    assert_eq!(got, want, "{name}");
                }
            }
            let v1 = typed::decode(dbg, v.type_die, &bits(&data, None), &opts)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let json: serde_json::Value = serde_json::from_str(&v1.to_json())
                .unwrap_or_else(|e| panic!("{name}: JSON {e}: {}", v1.to_json()));
            assert!(json["kind"].is_string(), "{name}");
            if !clean(&v1) {
                continue;
            }
            let text = v1.render_text();
            let e = match typed::encode(dbg, v.type_die, &text, &opts) {
                Ok(e) => e,
                Err(e) => {
                    tally.not_encodable += 1;
                    panic!("{name}: encode {text:?}: {e}");
                }
            };
            assert_eq!(e.bits, size, "{name}");
            let v2 = typed::decode(dbg, v.type_die, &bits(&e.bytes, None), &opts).unwrap();
            assert_eq!(v2.render_text(), text, "{name}");
            tally.round_trips += 1;
        }
    }
}

#[test]
fn every_variable_type_decodes_and_round_trips() {
    let mut tally = Tally::default();
    for (path, _) in common::objects(true) {
        let Ok(input) = Input::open(&path) else {
            continue;
        };
        let Ok(co) = input.code_object(None) else {
            continue;
        };
        let Ok(sections) = co.dwarf_sections() else {
            continue;
        };
        let Ok(dbg) = DwarfIndex::new(|id| sections.get(id)) else {
            continue;
        };
        let conv = dbg
            .units()
            .first()
            .map(|u| AddressClassConvention::for_producer(u.producer.as_deref()))
            .unwrap_or_default();
        check(&dbg, conv, &mut tally);
    }
    eprintln!("{tally:?}");
    assert!(tally.round_trips > 100, "{tally:?}");
}
