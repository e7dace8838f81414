//! What an embedder hands the library must never panic it: locations a `Backend` or
//! `Symbols` return (frame base, CFA, register rules, object and TLS addresses) with any address width,
//! register width and offset, answers of any kind, and ids from another index. Each case
//! gives a value or a typed error. The release profile keeps overflow checks on, so an
//! arithmetic overflow here fails the test instead of computing a wrong size.

mod common;

use hetdwarf::eval::{
    self, Backend, Error, Evaluator, LocDesc, Memory, Part, ReadCache, Storage, Symbols, With,
};
use hetdwarf::expr::{DecodeParams, Encoding, asm};
use hetdwarf::target::Target;
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;

/// A context whose every location hook answers `loc`, and whose reads answer `fill` bytes
/// or fail as unavailable.
struct Hostile {
    target: Target,
    loc: LocDesc,
    fill: Option<u8>,
}

impl Backend for Hostile {
    fn target(&self) -> &Target {
        &self.target
    }
    fn lane(&self) -> Option<u32> {
        Some(u32::MAX)
    }
    fn lanes(&self) -> u32 {
        u32::MAX
    }
    fn read_register(&mut self, _: u64, _: u32, _: u64, buf: &mut [u8]) -> eval::Result<()> {
        self.answer(buf)
    }
    fn write_register(&mut self, _: u64, _: u32, _: u64, _: &[u8]) -> eval::Result<()> {
        Ok(())
    }
    fn register_location(&mut self, _: u64) -> eval::Result<LocDesc> {
        Ok(self.loc.clone())
    }
    fn read_memory(&mut self, _: u64, _: Option<u32>, _: u64, buf: &mut [u8]) -> eval::Result<()> {
        self.answer(buf)
    }
    fn write_memory(&mut self, _: u64, _: Option<u32>, _: u64, _: &[u8]) -> eval::Result<()> {
        Ok(())
    }
    fn cfa(&mut self) -> eval::Result<LocDesc> {
        Ok(self.loc.clone())
    }
    fn call_frame_entry_reg(&mut self, _: u64) -> eval::Result<LocDesc> {
        Ok(self.loc.clone())
    }
    fn object_address(&mut self) -> eval::Result<LocDesc> {
        Ok(self.loc.clone())
    }
    fn tls_address(&mut self, _: u64) -> eval::Result<LocDesc> {
        Ok(self.loc.clone())
    }
    fn relocate(&self, address: u64) -> u64 {
        address.wrapping_add(u64::MAX)
    }
    fn convert_address(&mut self, address: u64, _: u64, _: u64) -> eval::Result<u64> {
        Ok(!address)
    }
}

/// Symbols whose frame base is a hostile location.
struct HostileFrameBase(LocDesc);

impl Symbols for HostileFrameBase {
    fn frame_base(&mut self, _: &mut dyn Backend) -> eval::Result<LocDesc> {
        Ok(self.0.clone())
    }
}

impl Hostile {
    fn answer(&self, buf: &mut [u8]) -> eval::Result<()> {
        match self.fill {
            Some(b) => {
                buf.fill(b);
                Ok(())
            }
            None => Err(Error::unavailable("the embedder says no")),
        }
    }
}

/// Locations no well-behaved context returns.
fn hostile_locations() -> Vec<LocDesc> {
    let mut out = Vec::new();
    for address_bits in [0u8, 1, 7, 63, 64, 65, 124, 125, 126, 127, 128, 200, 255] {
        for address in [0, 1, u64::MAX - 7, u64::MAX] {
            for lane in [None, Some(0), Some(u32::MAX)] {
                out.push(LocDesc::new(
                    Storage::Memory(Memory {
                        aspace: u64::MAX,
                        address_bits,
                        lane,
                    }),
                    u128::from(address) * 8,
                ));
            }
        }
    }
    for bits in [0u32, 1, 31, 32, 4096, u32::MAX] {
        for offset in [0u128, 1, u128::from(u32::MAX), (1 << 67) - 1] {
            out.push(LocDesc::new(
                Storage::Register {
                    reg: u64::MAX,
                    frame: u32::MAX,
                    bits,
                },
                offset,
            ));
        }
    }
    let wide = LocDesc::new(
        Storage::Memory(Memory {
            aspace: 0,
            address_bits: 255,
            lane: None,
        }),
        (1 << 67) - 8,
    );
    out.push(LocDesc::composite(vec![
        Part::Piece {
            loc: wide.clone(),
            bits: u128::from(u64::MAX),
        },
        Part::Piece {
            loc: wide.clone(),
            bits: u128::from(u64::MAX),
        },
    ]));
    let mut two = wide.clone();
    two.union(LocDesc::new(
        Storage::Register {
            reg: 0,
            frame: 0,
            bits: u32::MAX,
        },
        0,
    ));
    out.push(two);
    out.push(LocDesc::new(Storage::Undefined, u128::MAX));
    out.push(LocDesc::new(
        Storage::Implicit(eval::Bytes::new(&[1, 2, 3])),
        u128::MAX,
    ));
    out
}

const EXPRESSIONS: &[&str] = &[
    "DW_OP_call_frame_cfa",
    "DW_OP_call_frame_cfa, DW_OP_deref",
    "DW_OP_call_frame_cfa, DW_OP_LLVM_offset_uconst 0xffffffffffffffff",
    "DW_OP_call_frame_cfa, DW_OP_deref_size 0x4, DW_OP_stack_value",
    "DW_OP_fbreg -8",
    "DW_OP_fbreg 0x7fffffffffffffff, DW_OP_deref",
    "DW_OP_regx 0x5",
    "DW_OP_regx 0x5, DW_OP_piece 0x4, DW_OP_regx 0x6, DW_OP_piece 0x4",
    "DW_OP_regx 0x5, DW_OP_LLVM_offset_uconst 0x10, DW_OP_deref_size 0x8, DW_OP_stack_value",
    "DW_OP_push_object_address",
    "DW_OP_push_object_address, DW_OP_LLVM_bit_offset, DW_OP_deref",
    "DW_OP_const8u 0x10, DW_OP_form_tls_address",
    "DW_OP_LLVM_call_frame_entry_reg 0x3",
    "DW_OP_LLVM_call_frame_entry_reg 0x3, DW_OP_deref_size 0x2",
    "DW_OP_call_frame_cfa, DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_offset",
    "DW_OP_call_frame_cfa, DW_OP_LLVM_extend 0x40 0x40",
];

#[test]
fn hostile_locations_from_a_context_give_values_or_typed_errors() {
    let params = DecodeParams::amdgpu(Encoding::User);
    let target = hetdwarf_amdgpu::registers::dwarf_target("gfx90a", 64);
    let exprs: Vec<_> = EXPRESSIONS
        .iter()
        .map(|t| {
            asm::assemble(t, &AmdgpuDwarfdumpNames, params).unwrap_or_else(|e| panic!("{t}: {e}"))
        })
        .collect();
    let (mut ok, mut failed) = (0, 0);
    for loc in hostile_locations() {
        for fill in [Some(0xff), Some(0), None] {
            let mut ctx = Hostile {
                target: target.clone(),
                loc: loc.clone(),
                fill,
            };
            for e in &exprs {
                let mut ev = Evaluator::new();
                let mut symbols = HostileFrameBase(loc.clone());
                let result = ev.evaluate_location(&mut With::new(&mut ctx, &mut symbols), e);
                match &result {
                    Ok(_) => ok += 1,
                    Err(_) => failed += 1,
                }
                let Ok(l) = result else { continue };
                for (skip, n) in [(0u128, 8u64), (3, 61), (u128::MAX - 8, 64), (0, 4096)] {
                    let _ = eval::read(&mut ctx, &l, skip, n);
                    let _ = eval::read(&mut ReadCache::new(&mut ctx), &l, skip, n);
                    let _ = eval::write(&mut ctx, &l, skip, n, &vec![0x5a; n.div_ceil(8) as usize]);
                }
                let _ = l.to_string();
            }
            // The location itself, read and written as a context returned it.
            for (skip, n) in [(0u128, 32u64), (u128::MAX, 1), (1 << 70, 64)] {
                let _ = eval::read(&mut ctx, &loc, skip, n);
                let _ = eval::write(&mut ctx, &loc, skip, n, &[0; 8]);
                let _ = eval::read_value(&mut ctx, &loc, 64, eval::BaseType::unsigned(64));
            }
        }
    }
    eprintln!("{ok} evaluations gave a location, {failed} a typed error");
    assert!(ok > 0 && failed > 0);
}

#[test]
fn ids_from_another_index_are_typed_errors() {
    use hetdwarf::index::{IndexError, VariableRef};
    use hetdwarf::var::{Frame, LaneError, VarError};
    let object = common::corpora().join("rocm/ocl-gfx90a-O0.hsaco");
    let text =
        std::fs::read_to_string(common::corpora().join("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let mut state = hetdwarf_amdgpu::WaveState::from_json(&text).unwrap();
    let pc = state.pc().unwrap();
    let foreign = |r: Result<_, IndexError>| matches!(r, Err(IndexError::ForeignId { .. }));
    // The same bytes indexed twice: the second index's ids belong to it alone.
    common::with_debug_info(&object, |_, one| {
        common::with_debug_info(&object, |_, other| {
            let encoding = one.expression_profile().unwrap().encoding.encoding;
            let frame = Frame::at(one, pc, encoding).unwrap().unwrap();
            let theirs = Frame::at(other, pc, encoding).unwrap().unwrap();
            let var = theirs.variables().unwrap()[0];
            let unit = other.unit_ids().next().unwrap();
            assert!(foreign(one.unit(unit).map(|_| ())));
            assert!(foreign(one.scopes(unit).map(|_| ())));
            assert!(foreign(one.variable(var).map(|_| ())));
            assert!(foreign(one.decode_params(unit, encoding).map(|_| ())));
            assert!(foreign(one.unit_conventions(unit, encoding).map(|_| ())));
            assert!(foreign(one.unit_base_types(unit).map(|_| ())));
            let scope = theirs.scopes()[0];
            assert!(foreign(one.scope(scope).map(|_| ())));
            // Through a frame: the lane says why.
            let values = frame.values(&mut state, var, "", &[Some(0)], &|_| Some(true));
            match &values[0].value {
                Err(LaneError::Failed(e)) => {
                    assert!(
                        matches!(**e, VarError::Index(IndexError::ForeignId { .. })),
                        "{e}"
                    )
                }
                other => panic!("a foreign variable read as {other:?}"),
            }
            // An id of this index with a position out of range.
            let mine = frame.variables().unwrap()[0];
            let out_of_range = VariableRef {
                index: usize::MAX,
                ..mine
            };
            assert!(foreign(one.variable(out_of_range).map(|_| ())));
            assert!(one.variable(mine).is_ok());
        })
    });
}

#[test]
fn a_wrong_encoding_is_detected() {
    use hetdwarf::expr::Encoding;
    use hetdwarf::var::{Frame, VarError};
    let object = common::corpora().join("rocm/ocl-gfx90a-O0.hsaco");
    let text =
        std::fs::read_to_string(common::corpora().join("states/demo-ocl-gfx90a-O0.json")).unwrap();
    let pc = hetdwarf_amdgpu::WaveState::from_json(&text)
        .unwrap()
        .pc()
        .unwrap();
    common::with_debug_info(&object, |_, dbg| {
        let right = dbg.expression_profile().unwrap().encoding.encoding;
        assert_eq!(right, Encoding::User);
        assert!(Frame::at(dbg, pc, right).unwrap().is_some());
        match Frame::at(dbg, pc, Encoding::Legacy) {
            Err(e @ VarError::EncodingMismatch { .. }) => {
                let message = e.to_string();
                assert!(message.contains("DW_OP_LLVM_user"), "{message}");
            }
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("the legacy encoding was taken for a DW_OP_LLVM_user object"),
        }
    });
}

#[test]
fn one_error_type_per_crate_keeps_the_cause_and_says_its_kind() {
    use hetdwarf::ErrorKind;
    use hetdwarf::expr::Expr;
    // A context's own error stays the source through the crate error.
    #[derive(Debug, thiserror::Error)]
    #[error("the debugger lost the wave")]
    struct Lost;
    let e: hetdwarf::Error = Error::unavailable("cannot read v5").caused_by(Lost).into();
    assert_eq!(e.kind(), ErrorKind::Unavailable);
    let source = std::error::Error::source(&e).expect("a source");
    assert!(source.downcast_ref::<Lost>().is_some(), "{source}");
    // Bytes that do not decode.
    let bad = Expr::decode(&[0xff], DecodeParams::amdgpu(Encoding::User)).unwrap_err();
    assert_eq!(hetdwarf::Error::from(bad).kind(), ErrorKind::Malformed);
    // Assembler text that does not assemble is the caller's.
    let text = asm::assemble(
        "DW_OP_nonsense",
        &AmdgpuDwarfdumpNames,
        DecodeParams::amdgpu(Encoding::User),
    )
    .unwrap_err();
    assert_eq!(hetdwarf::Error::from(text).kind(), ErrorKind::Usage);
    // The AMDGPU crate's error wraps the core's and its own.
    let missing =
        hetdwarf_amdgpu::Input::open(std::path::Path::new("/nonexistent/code.hsaco")).unwrap_err();
    let e = hetdwarf_amdgpu::Error::from(missing);
    assert_eq!(e.kind(), ErrorKind::Io);
    assert!(e.to_string().contains("/nonexistent/code.hsaco"), "{e}");
    let foreign = hetdwarf::index::IndexError::ForeignId { what: "unit" };
    assert_eq!(
        hetdwarf_amdgpu::Error::from(foreign).kind(),
        ErrorKind::Usage
    );
    let optimized = hetdwarf::var::VarError::NoLocation("x".into());
    assert_eq!(
        hetdwarf::Error::from(optimized).kind(),
        ErrorKind::OptimizedOut
    );
}
