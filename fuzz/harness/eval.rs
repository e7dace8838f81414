// The evaluator fuzz harness, shared by the `eval` fuzz target and the regression test
// that replays the committed fuzz corpus (`tests/fuzz_regression.rs`).

use hetdwarf::eval::{self, Backend, Evaluator, LocDesc, ResultKind, Symbols, With};
use hetdwarf::expr::{DecodeParams, Encoding, Expr};
use hetdwarf::target::Target;

struct Machine {
    target: Target,
    seed: u8,
    lane: Option<u32>,
}

impl Machine {
    fn byte(&self, a: u64, b: u64) -> Option<u8> {
        let x = (a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b).wrapping_add(u64::from(self.seed));
        // One address in sixteen is unavailable.
        ((x >> 60) != 0).then_some((x >> 13) as u8)
    }
}

impl Backend for Machine {
    fn target(&self) -> &Target {
        &self.target
    }

    fn lane(&self) -> Option<u32> {
        self.lane
    }

    fn read_register(&mut self, reg: u64, _frame: u32, offset: u64, buf: &mut [u8]) -> eval::Result<()> {
        for (i, b) in buf.iter_mut().enumerate() {
            *b = self
                .byte(reg, offset + i as u64)
                .ok_or_else(|| eval::Error::unavailable("register byte"))?;
        }
        Ok(())
    }

    fn write_register(&mut self, _reg: u64, _frame: u32, _offset: u64, _data: &[u8]) -> eval::Result<()> {
        Ok(())
    }

    fn read_memory(&mut self, aspace: u64, _lane: Option<u32>, address: u64, buf: &mut [u8]) -> eval::Result<()> {
        for (i, b) in buf.iter_mut().enumerate() {
            *b = self
                .byte(aspace + 0x100, address.wrapping_add(i as u64))
                .ok_or_else(|| eval::Error::unavailable("memory byte"))?;
        }
        Ok(())
    }

    fn write_memory(&mut self, _aspace: u64, _lane: Option<u32>, _address: u64, _data: &[u8]) -> eval::Result<()> {
        Ok(())
    }

    fn cfa(&mut self) -> eval::Result<LocDesc> {
        Ok(LocDesc::memory(6, 32, None, 0x200))
    }

    fn call_frame_entry_reg(&mut self, reg: u64) -> eval::Result<LocDesc> {
        let bits = self.target.register_bits(reg).map_err(|e| eval::Error::ill_formed(e.to_string()))?;
        Ok(LocDesc::register(reg, 1, bits))
    }
}

/// The frame base and `.debug_addr` the harness's expressions see.
struct Fixed;

impl Symbols for Fixed {
    fn frame_base(&mut self, _: &mut dyn Backend) -> eval::Result<LocDesc> {
        Ok(LocDesc::memory(6, 32, None, 0x100))
    }

    fn debug_addr(&mut self, index: u64) -> eval::Result<u64> {
        Ok(index.wrapping_mul(16))
    }
}

/// Runs one input: decode, evaluate under every result kind, read and write through the
/// location. Must never panic.
pub fn run_eval_input(data: &[u8]) {

    let Some((&control, bytes)) = data.split_first() else {
        return;
    };
    let encoding = if control & 1 == 0 { Encoding::User } else { Encoding::Legacy };
    let params = DecodeParams::amdgpu(encoding);
    let wave = if control & 2 == 0 { 64 } else { 32 };
    let mut machine = Machine {
        target: hetdwarf_amdgpu::registers::dwarf_target("gfx90a", wave),
        seed: control,
        lane: (control & 4 != 0).then_some(u32::from(control >> 3) % wave),
    };
    let mut fixed = Fixed;
    let mut m = With::new(&mut machine, &mut fixed);
    let mut evaluator = Evaluator::new();
    let from_bytes = evaluator
        .evaluate_location_bytes(&mut m, bytes, params)
        .map_err(|e| e.to_string());
    // Into a location that already holds a composite (whose part buffer the evaluation
    // reuses): the same outcome, and an error leaves the undefined location.
    let mut reused = LocDesc::composite(vec![
        eval::Part::Piece { loc: LocDesc::register(40, 0, 32), bits: 32 },
        eval::Part::Piece { loc: LocDesc::undefined(), bits: 16 },
    ]);
    let into = evaluator.evaluate_location_bytes_into(&mut m, bytes, params, &mut reused);
    match (&into, &from_bytes) {
        (Ok(()), Ok(l)) => assert_eq!(&reused, l, "evaluating into a reused location differs"),
        (Err(e), Err(s)) => {
            assert_eq!(&e.to_string(), s, "evaluating into a reused location fails differently");
            assert_eq!(reused, LocDesc::undefined(), "a failed evaluation leaves a location");
        }
        _ => panic!("evaluating into a reused location: {into:?}, returned: {from_bytes:?}"),
    }
    let Ok(expr) = Expr::decode(bytes, params) else {
        assert!(from_bytes.is_err(), "undecodable bytes evaluated: {from_bytes:?}");
        return;
    };
    for kind in [ResultKind::Location, ResultKind::Value, ResultKind::Unspecified] {
        let r = evaluator.evaluate(&mut m, &expr, None, kind);
        if kind == ResultKind::Location {
            // The quick tier must agree with the general interpreter, errors included.
            let general = r
                .map(|e| e.into_location().expect("kind location"))
                .map_err(|e| e.to_string());
            assert_eq!(from_bytes, general, "quick tier and general interpreter differ");
        }
    }
    if let Ok(loc) = evaluator.evaluate_location(&mut m, &expr) {
        let _ = eval::read(&mut m, &loc, 0, 64);
        let _ = eval::read(&mut m, &loc, 13, 200);
        let _ = eval::write(&mut m, &loc, 0, 32, &[1, 2, 3, 4]);
        let _ = loc.display(&m.backend.target).to_string();
    }
}
