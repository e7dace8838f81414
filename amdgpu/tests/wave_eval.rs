//! Evaluating location expressions against a WaveState: per-lane VGPR slices, scratch
//! through private_lane and private_wave, generic pointers, globals with a load bias,
//! `DW_OP_convert` between address types (addrspacecast), unavailable and written values.

use std::collections::HashMap;

use hetdwarf::ErrorKind;
use hetdwarf::eval::{
    self, Backend, BaseType, Context, Evaluator, LocDesc, Result, Symbols, Value, ate,
};
use hetdwarf::expr::DieRef;
use hetdwarf::expr::{DecodeParams, Encoding, Expr, asm};
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::{Apertures, swizzle};
use hetdwarf_amdgpu::registers::Register;

fn x(w: &WaveState, text: &str) -> Expr {
    asm::assemble(
        text,
        &w.register_map(),
        DecodeParams::amdgpu(Encoding::User),
    )
    .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn loc<C: Context>(c: &mut C, e: &Expr) -> Result<LocDesc> {
    Evaluator::new().evaluate_location(c, e)
}

fn read_u32<C: Context>(c: &mut C, l: &LocDesc) -> Result<u32> {
    let v = eval::read_value(c, l, 32, BaseType::unsigned(32))?;
    Ok(v.to_u64() as u32)
}

/// The producer pattern for a 32-bit value in a VGPR lane.
const VGPR1_LANE: &str = "DW_OP_regx 2561 DW_OP_LLVM_user DW_OP_LLVM_push_lane DW_OP_lit4 DW_OP_mul DW_OP_LLVM_user DW_OP_LLVM_offset";

fn wave64() -> WaveState {
    let mut w = WaveState::new("gfx90a", 64).unwrap();
    let lanes: Vec<Option<u32>> = (0..64).map(|l| (l != 5).then_some(0x100 + l)).collect();
    w.set_vector(Register::Vgpr(1), &lanes).unwrap();
    w
}

#[test]
fn vgpr_lane_slices() {
    let mut w = wave64();
    // The bytes of the expression as the brief writes it.
    let e = Expr::decode(
        &[0x90, 0x81, 0x14, 0xe9, 0x03, 0x34, 0x1e, 0xe9, 0x04],
        DecodeParams::amdgpu(Encoding::User),
    )
    .unwrap();
    assert_eq!(e.ops(), x(&w, VGPR1_LANE).ops());
    for lane in [0u32, 1, 4, 6, 63] {
        w.set_lane(Some(lane)).unwrap();
        let l = loc(&mut w, &e).unwrap();
        assert_eq!(read_u32(&mut w, &l), Ok(0x100 + lane), "lane {lane}");
        let shown = l.display(w.target()).to_string();
        assert!(shown.contains("v1"), "{shown}");
    }
    // Lane 5 is unavailable (not zero).
    w.set_lane(Some(5)).unwrap();
    let l = loc(&mut w, &e).unwrap();
    assert_eq!(
        read_u32(&mut w, &l).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    let bits = eval::read(&mut w, &l, 0, 32).unwrap();
    assert!(bits.any_unavailable() && !bits.any_optimized_out());
    // No lane: push_lane needs one.
    w.set_lane(None).unwrap();
    assert_eq!(
        loc(&mut w, &e).unwrap_err().kind(),
        ErrorKind::MissingContext
    );
    // Writing through the location fills lane 5.
    w.set_lane(Some(5)).unwrap();
    let l = loc(&mut w, &e).unwrap();
    eval::write(&mut w, &l, 0, 32, &0xabcdu32.to_le_bytes()).unwrap();
    assert_eq!(w.vector_lane(Register::Vgpr(1), 5), Some(0xabcd));
    assert_eq!(read_u32(&mut w, &l), Ok(0xabcd));
}

#[test]
fn wave32_vgpr_numbering() {
    let mut w = WaveState::new("gfx1100", 32).unwrap();
    let lanes: Vec<Option<u32>> = (0..32).map(|l| Some(l * 3)).collect();
    w.set_vector(Register::Vgpr(3), &lanes).unwrap();
    let e = x(&w, "regx v3 LLVM_push_lane lit4 mul LLVM_offset");
    assert_eq!(
        e.ops()[0],
        hetdwarf::expr::Op::Regx(1539),
        "v3 is 1539 in wave32"
    );
    for lane in 0..32 {
        w.set_lane(Some(lane)).unwrap();
        let l = loc(&mut w, &e).unwrap();
        assert_eq!(read_u32(&mut w, &l), Ok(lane * 3));
    }
    // A wave64 number does not exist in wave32.
    let e = x(&wave64(), VGPR1_LANE);
    w.set_lane(Some(0)).unwrap();
    assert_eq!(loc(&mut w, &e).unwrap_err().kind(), ErrorKind::Evaluation);
}

#[test]
fn private_variables_through_the_frame_pointer() {
    // Producer pattern (wave64, MUBUF scratch): FP s33 is wave-scaled; FP >> 6 is the
    // per-lane address; the variable is at +8 in private_lane.
    for ws in [32u32, 64] {
        let mut w = WaveState::new(if ws == 64 { "gfx90a" } else { "gfx1100" }, ws).unwrap();
        let shift = if ws == 64 { 6 } else { 5 };
        w.set_scalar(Register::Sgpr(33), 0x40 * u64::from(ws))
            .unwrap();
        for lane in 0..ws {
            w.write(
                hetdwarf_amdgpu::aspace::AddressSpaceId::PrivateLane,
                Some(lane),
                0x48,
                &(1000 + lane).to_le_bytes(),
            )
            .unwrap();
        }
        let e = x(
            &w,
            &format!(
                "regx s33 deref_size 4 lit{shift} shr lit5 LLVM_form_aspace_address lit8 LLVM_offset"
            ),
        );
        for lane in [0, 1, ws - 1] {
            w.set_lane(Some(lane)).unwrap();
            let l = loc(&mut w, &e).unwrap();
            assert_eq!(read_u32(&mut w, &l), Ok(1000 + lane));
        }
        // The same bytes seen unswizzled: private_wave address of lane 2's dword 0x48.
        let pw = swizzle(0x48, 2, ws).unwrap();
        let e = x(&w, &format!("constu {pw} lit6 LLVM_form_aspace_address"));
        let l = loc(&mut w, &e).unwrap();
        assert_eq!(read_u32(&mut w, &l), Ok(1002));
    }
}

#[test]
fn generic_pointer_in_two_vgprs() {
    // Producer pattern: an 8-byte pointer in two VGPR lanes, dereferenced as generic.
    let mut w = wave64();
    let ap = Apertures::default();
    for lane in 0..64u32 {
        // Lane L points to the private aperture (its own scratch at 4*L) for even lanes,
        // to LDS for odd lanes.
        let p = if lane % 2 == 0 {
            ap.private_base + u64::from(lane) * 4
        } else {
            ap.shared_base + u64::from(lane) * 4
        };
        w.set_vector_lane(Register::Vgpr(1), lane, Some(p as u32))
            .unwrap();
        w.set_vector_lane(Register::Vgpr(2), lane, Some((p >> 32) as u32))
            .unwrap();
        if lane % 2 == 0 {
            w.write(
                hetdwarf_amdgpu::aspace::AddressSpaceId::PrivateLane,
                Some(lane),
                u64::from(lane) * 4,
                &(2000 + lane).to_le_bytes(),
            )
            .unwrap();
        } else {
            w.write(
                hetdwarf_amdgpu::aspace::AddressSpaceId::Local,
                None,
                u64::from(lane) * 4,
                &(3000 + lane).to_le_bytes(),
            )
            .unwrap();
        }
    }
    let e = x(
        &w,
        "regx v1 LLVM_push_lane lit4 mul LLVM_offset piece 4 regx v2 LLVM_push_lane lit4 mul LLVM_offset piece 4 LLVM_piece_end deref_size 8 lit1 LLVM_form_aspace_address",
    );
    for lane in 0..64u32 {
        w.set_lane(Some(lane)).unwrap();
        let l = loc(&mut w, &e).unwrap();
        let want = if lane % 2 == 0 {
            2000 + lane
        } else {
            3000 + lane
        };
        assert_eq!(read_u32(&mut w, &l), Ok(want), "lane {lane}");
    }
}

#[test]
fn globals_use_the_load_bias() {
    let mut w = wave64();
    w.set_load_bias(0x7f00_0000_0000);
    w.write(
        hetdwarf_amdgpu::aspace::AddressSpaceId::Global,
        None,
        0x7f00_0000_1000,
        &42u32.to_le_bytes(),
    )
    .unwrap();
    let e = x(&w, "addr 0x1000");
    let l = loc(&mut w, &e).unwrap();
    assert_eq!(read_u32(&mut w, &l), Ok(42));
    // Not held: unavailable.
    let e = x(&w, "addr 0x2000");
    let l = loc(&mut w, &e).unwrap();
    assert_eq!(
        read_u32(&mut w, &l).unwrap_err().kind(),
        ErrorKind::Unavailable
    );
    // EXEC and scalars read as values.
    w.set_scalar(Register::Exec, 0xf0f0).unwrap();
    let e = x(&w, "regx exec deref_size 8");
    assert_eq!(
        Evaluator::new()
            .evaluate_value(&mut w, &e)
            .unwrap()
            .to_u64(),
        0xf0f0
    );
}

/// A WaveState plus address base types, for `DW_OP_convert`: the wave is the backend,
/// the types the symbols.
struct Typed {
    wave: WaveState,
    types: Types,
}

/// Base types by unit offset.
struct Types(HashMap<u64, BaseType>);

impl Symbols for Types {
    fn base_type(&mut self, die: DieRef) -> Result<BaseType> {
        match die {
            DieRef::Unit(o) => self
                .0
                .get(&o)
                .copied()
                .ok_or_else(|| eval::Error::ill_formed("no type")),
            DieRef::Info(_) => Err(eval::Error::ill_formed("no type")),
        }
    }
}

impl Context for Typed {
    type Backend = WaveState;
    type Symbols = Types;
    fn backend(&mut self) -> &mut WaveState {
        &mut self.wave
    }
    fn backend_ref(&self) -> &WaveState {
        &self.wave
    }
    fn symbols_ref(&self) -> &Types {
        &self.types
    }
    fn split(&mut self) -> (&mut WaveState, &mut Types) {
        (&mut self.wave, &mut self.types)
    }
}

fn addr_type(bits: u32, aspace: u64) -> BaseType {
    BaseType {
        bits,
        encoding: ate::ADDRESS,
        vector_size: 1,
        address_space: Some(aspace as _),
    }
}

#[test]
fn convert_is_addrspacecast() {
    let ap = Apertures::default();
    let mut c = Typed {
        wave: wave64(),
        types: Types(HashMap::from([
            (0x10, addr_type(64, 1)),
            (0x20, addr_type(32, 3)),
            (0x30, addr_type(32, 5)),
            (0x40, addr_type(64, 0)),
        ])),
    };
    let e = |c: &Typed, t: &str| x(&c.wave, t);
    let val = |c: &mut Typed, t: &str| -> Result<Value> {
        let ex = e(c, t);
        Evaluator::new().evaluate_value(c, &ex)
    };
    // generic -> local strips the shared aperture.
    let v = val(
        &mut c,
        &format!(
            "const8u {} convert 0x10 convert 0x20",
            ap.shared_base + 0x44
        ),
    )
    .unwrap();
    assert_eq!(v.to_u64(), 0x44);
    // local -> generic adds it back.
    let v = val(&mut c, "const1u 0x44 convert 0x20 convert 0x10").unwrap();
    assert_eq!(v.to_u64(), ap.shared_base + 0x44);
    // generic not in the shared aperture -> local: evaluation error.
    assert_eq!(
        val(&mut c, "const2u 0x7000 convert 0x10 convert 0x20")
            .unwrap_err()
            .kind(),
        ErrorKind::Evaluation
    );
    // generic -> private_lane needs a lane.
    let t = format!("const8u {} convert 0x10 convert 0x30", ap.private_base + 8);
    assert_eq!(
        val(&mut c, &t).unwrap_err().kind(),
        ErrorKind::MissingContext
    );
    c.wave.set_lane(Some(1)).unwrap();
    assert_eq!(val(&mut c, &t).unwrap().to_u64(), 8);
    // generic <-> none is the identity for global addresses.
    let v = val(&mut c, "const2u 0x7000 convert 0x10 convert 0x40").unwrap();
    assert_eq!(v.to_u64(), 0x7000);
}
