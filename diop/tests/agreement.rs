//! Reference evaluation of DIOp expressions and DWARF evaluation of hetdwarf's lowering of
//! them agree: on generated well-typed expressions (integer arithmetic of many widths,
//! extensions, conversions, reads through pointers, offsets, composites, lane ids) bound
//! to scalar and vector registers, register pairs, constants and memory, evaluated on
//! generated wave states, lane by lane.

use hetdwarf::eval::{self, Evaluator};
use hetdwarf::expr::{DecodeParams, Encoding, Expr};
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::AddressSpaceId;
use hetdwarf_amdgpu::registers::{Register, RegisterMap};
use hetdwarf_diop::binding::{Binding, Bindings};
use hetdwarf_diop::eval::{Outcome, evaluate};
use hetdwarf_diop::lower::{LowerOptions, Style, lower};
use hetdwarf_diop::simplify::simplify;
use hetdwarf_diop::{DataLayout, DiOp, Environment, Expression, Literal, Type, check};

/// splitmix64: deterministic, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len() as u64) as usize]
    }
    /// A value biased towards edge cases.
    fn value(&mut self, bits: u32) -> u128 {
        let v = match self.below(6) {
            0 => 0,
            1 => 1,
            2 => u128::MAX,
            3 => 1u128 << (bits - 1),
            4 => self.below(8) as u128,
            _ => u128::from(self.next()),
        };
        if bits >= 128 {
            v
        } else {
            v & ((1u128 << bits) - 1)
        }
    }
}

const GLOBAL_BASE: u64 = 0x1000;
const GLOBAL_LEN: u64 = 256;
const SGPRS: u32 = 16;
const VGPRS: u32 = 8;

fn state(rng: &mut Rng, wave: u32) -> WaveState {
    let mut s = WaveState::new(if wave == 32 { "gfx1100" } else { "gfx90a" }, wave).unwrap();
    for n in 0..SGPRS {
        s.set_scalar(Register::Sgpr(n), rng.value(32) as u64)
            .unwrap();
    }
    for n in 0..VGPRS {
        let lanes: Vec<Option<u32>> = (0..wave).map(|_| Some(rng.value(32) as u32)).collect();
        s.set_vector(Register::Vgpr(n), &lanes).unwrap();
    }
    let bytes: Vec<u8> = (0..GLOBAL_LEN).map(|_| rng.next() as u8).collect();
    s.write(AddressSpaceId::Global, None, GLOBAL_BASE, &bytes)
        .unwrap();
    s
}

struct Gen<'a> {
    rng: &'a mut Rng,
    ops: Vec<DiOp>,
    bindings: Bindings,
    map: RegisterMap,
}

const WIDTHS: [u32; 9] = [1, 5, 8, 16, 24, 32, 33, 48, 64];

impl Gen<'_> {
    fn arg(&mut self, ty: Type, b: Binding) {
        let index = self.bindings.args.len() as u32;
        self.bindings.args.push(b);
        self.ops.push(DiOp::Arg { index, ty });
    }

    fn dwarf(&self, r: Register) -> u64 {
        self.map.dwarf_number(r).unwrap()
    }

    /// Pushes an integer value of `bits` bits.
    fn int(&mut self, bits: u32, depth: u32) {
        let leaf = depth == 0 || self.rng.below(3) == 0;
        if leaf {
            match self.rng.below(8) {
                0 => {
                    let v = self.rng.value(bits);
                    self.ops.push(DiOp::Constant(Literal::int(bits, v)));
                }
                1 if bits <= 32 => {
                    let n = self.rng.below(u64::from(SGPRS)) as u32;
                    let r = self.dwarf(Register::Sgpr(n));
                    self.arg(Type::Int(bits), Binding::Registers(vec![r]));
                }
                2 if bits <= 32 => {
                    let n = self.rng.below(u64::from(VGPRS)) as u32;
                    let r = self.dwarf(Register::Vgpr(n));
                    self.arg(Type::Int(bits), Binding::Registers(vec![r]));
                }
                3 if bits > 32 => {
                    let vector = self.rng.below(2) == 0;
                    let a = self.rng.below(4) as u32;
                    let (x, y) = if vector {
                        (Register::Vgpr(a), Register::Vgpr(a + 1))
                    } else {
                        (Register::Sgpr(a), Register::Sgpr(a + 1))
                    };
                    let regs = vec![self.dwarf(x), self.dwarf(y)];
                    self.arg(Type::Int(bits), Binding::Registers(regs));
                }
                4 => {
                    let v = self.rng.value(bits);
                    self.arg(
                        Type::Int(bits),
                        Binding::constant(v, bits.div_ceil(8) as usize),
                    );
                }
                5 => {
                    // A load through a global pointer.
                    let off = self.rng.below(GLOBAL_LEN - 8);
                    self.arg(
                        Type::ptr(1),
                        Binding::constant(u128::from(GLOBAL_BASE + off), 8),
                    );
                    self.ops.push(DiOp::Deref(Some(Type::Int(bits))));
                    if self.rng.below(2) == 0 {
                        self.ops.push(DiOp::Read);
                    }
                }
                7 if bits.is_multiple_of(8) => {
                    let off = self.rng.below(GLOBAL_LEN - 8);
                    self.arg(
                        Type::Int(bits),
                        Binding::Memory {
                            space: 0,
                            address: GLOBAL_BASE + off,
                        },
                    );
                }
                6 if bits >= 8 => {
                    let t = *self.rng.pick(&[8, 16, 32]);
                    self.ops.push(DiOp::PushLane(Type::Int(t)));
                    if t < bits {
                        self.ops.push(DiOp::ZExt(Type::Int(bits)));
                    } else if t > bits {
                        self.ops.push(DiOp::Convert(Type::Int(bits)));
                    }
                }
                _ => {
                    let v = self.rng.value(bits);
                    self.arg(
                        Type::Int(bits),
                        Binding::constant(v, bits.div_ceil(8) as usize),
                    );
                }
            }
            return;
        }
        match self.rng.below(12) {
            6 if bits.is_multiple_of(8) && bits >= 16 => {
                // A vector of lanes of one value, read as an integer.
                let elem = if bits.is_multiple_of(16) && self.rng.below(2) == 0 {
                    16
                } else {
                    8
                };
                self.int(elem, depth - 1);
                self.ops.push(DiOp::Extend(bits / elem));
                self.ops.push(DiOp::Reinterpret(Type::Int(bits)));
            }
            7 if bits.is_multiple_of(8) && bits >= 16 => {
                // Element-wise selection between a splat and a constant vector.
                let elem = 8;
                let n = bits / elem;
                let mask_bits = *self.rng.pick(&[8u32, 16, 32, 64]);
                let mask_bits = mask_bits.max(n.next_power_of_two().max(8));
                self.int(mask_bits, depth - 1);
                self.int(elem, depth - 1);
                self.ops.push(DiOp::Extend(n));
                let elems = (0..n)
                    .map(|_| Literal::int(elem, self.rng.value(elem)))
                    .collect::<Vec<_>>();
                let text = format!(
                    "DIOpConstant(<{n} x i8> <{}>)",
                    elems
                        .iter()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                self.ops.extend(Expression::parse(&text).unwrap().ops);
                self.ops.push(DiOp::Select);
                self.ops.push(DiOp::Reinterpret(Type::Int(bits)));
            }
            8 => {
                // The seed's promoted variable: AddrOf then Deref cancel.
                self.int(bits, depth - 1);
                self.ops.push(DiOp::AddrOf(5));
                self.ops.push(DiOp::Deref(Some(Type::Int(bits))));
            }
            9 => {
                // Bits at a bit offset into memory.
                let off = self.rng.below(GLOBAL_LEN / 2);
                self.arg(
                    Type::ptr(1),
                    Binding::constant(u128::from(GLOBAL_BASE + off), 8),
                );
                self.ops.push(DiOp::Deref(Some(Type::Int(8))));
                let delta = self.rng.below(80) as u128;
                self.ops.push(DiOp::Constant(Literal::int(32, delta)));
                self.ops.push(DiOp::BitOffset(Type::Int(bits)));
            }
            10 if bits == 32 => {
                let f = (self.rng.below(2000) as f32 - 1000.0) / 8.0;
                let text = format!("DIOpConstant(float {f:?}), DIOpReinterpret(i32)");
                self.ops.extend(Expression::parse(&text).unwrap().ops);
            }
            11 if bits <= 32 => {
                // The referrer: one per expression, an i32 in a scalar register.
                if self.bindings.referrer.is_none() {
                    let n = self.rng.below(u64::from(SGPRS)) as u32;
                    let r = self.dwarf(Register::Sgpr(n));
                    self.bindings.referrer = Some(Binding::Registers(vec![r]));
                }
                self.ops.push(DiOp::Referrer(Type::Int(32)));
                if bits < 32 {
                    self.ops.push(DiOp::Convert(Type::Int(bits)));
                }
            }
            0..=2 => {
                let op = self
                    .rng
                    .pick(&[
                        DiOp::Add,
                        DiOp::Sub,
                        DiOp::Mul,
                        DiOp::Div,
                        DiOp::Mod,
                        DiOp::And,
                        DiOp::Or,
                        DiOp::Xor,
                        DiOp::Shl,
                        DiOp::LShr,
                        DiOp::AShr,
                    ])
                    .clone();
                self.int(bits, depth - 1);
                if matches!(op, DiOp::Shl | DiOp::LShr | DiOp::AShr) {
                    let sb = *self.rng.pick(&[8, 16, 32, 64]);
                    if self.rng.below(2) == 0 {
                        let amount = self.rng.below(u64::from(bits) + 3) as u128;
                        self.ops.push(DiOp::Constant(Literal::int(sb, amount)));
                    } else {
                        self.int(sb, depth - 1);
                    }
                } else {
                    self.int(bits, depth - 1);
                }
                self.ops.push(op);
            }
            3 if bits > 1 => {
                let from = *self.rng.pick(
                    &WIDTHS
                        .iter()
                        .copied()
                        .filter(|&w| w < bits)
                        .collect::<Vec<_>>(),
                );
                self.int(from, depth - 1);
                self.ops.push(if self.rng.below(2) == 0 {
                    DiOp::ZExt(Type::Int(bits))
                } else {
                    DiOp::SExt(Type::Int(bits))
                });
            }
            4 => {
                let wider: Vec<u32> = WIDTHS.iter().copied().filter(|&w| w >= bits).collect();
                let from = *self.rng.pick(&wider);
                self.int(from, depth - 1);
                self.ops.push(DiOp::Convert(Type::Int(bits)));
            }
            _ => {
                // A value read at an offset into global memory.
                let off = self.rng.below(GLOBAL_LEN / 2);
                self.arg(
                    Type::ptr(1),
                    Binding::constant(u128::from(GLOBAL_BASE + off), 8),
                );
                self.ops.push(DiOp::Deref(Some(Type::Int(8))));
                let delta = self.rng.below(64) as i64 - 16;
                let ot = *self.rng.pick(&[8u32, 16, 32, 64]);
                self.ops
                    .push(DiOp::Constant(Literal::int(ot, delta as u128)));
                self.ops.push(DiOp::ByteOffset(Type::Int(bits)));
            }
        }
    }

    fn expression(&mut self) {
        match self.rng.below(5) {
            0 => {
                // A composite of two parts.
                let a = *self.rng.pick(&[8u32, 16, 32]);
                let b = *self.rng.pick(&[8u32, 16, 32]);
                self.int(a, 2);
                self.int(b, 2);
                self.ops.push(DiOp::Composite {
                    count: 2,
                    ty: Type::Int(a + b),
                });
            }
            1 => {
                let bits = *self.rng.pick(&WIDTHS);
                self.int(bits, 3);
                self.ops.push(DiOp::Fragment {
                    offset: 0,
                    size: bits,
                });
            }
            _ => {
                let bits = *self.rng.pick(&WIDTHS);
                self.int(bits, 3);
            }
        }
    }
}

fn read(ctx: &mut WaveState, loc: &eval::LocDesc, bits: u64) -> Option<(Vec<u8>, Vec<u8>)> {
    let b = eval::read(ctx, loc, 0, bits).ok()?;
    Some((b.data().to_vec(), b.optimized_out().to_vec()))
}

#[test]
fn reference_and_lowering_agree_on_generated_expressions() {
    let layout = DataLayout::amdgcn();
    let env = Environment::new(layout.clone());
    let mut rng = Rng(0x5eed_d10f);
    let mut compared = 0u64;
    let mut reference_errors = 0u64;
    let mut simplified = 0u64;
    let count = 100_000;
    for i in 0..count {
        let wave = if i % 2 == 0 { 64 } else { 32 };
        let mut st = state(&mut rng, wave);
        let map = st.register_map();
        let mut g = Gen {
            rng: &mut rng,
            ops: Vec::new(),
            bindings: Bindings::default(),
            map,
        };
        g.expression();
        let expr = Expression::new(std::mem::take(&mut g.ops));
        let bindings = std::mem::take(&mut g.bindings);
        let typing = check(&expr, &env).unwrap_or_else(|e| panic!("{expr}: {e}"));
        let target = hetdwarf_amdgpu::registers::dwarf_target(
            if wave == 32 { "gfx1100" } else { "gfx90a" },
            wave,
        );
        let lowered = lower(
            &expr,
            &typing,
            &layout,
            &target,
            &bindings,
            LowerOptions::new(Style::Hetdwarf),
        );
        assert!(lowered.exact, "{expr}: {:?}", lowered.notes);
        let dwarf = Expr::from_ops(lowered.ops.clone(), DecodeParams::amdgpu(Encoding::User))
            .unwrap_or_else(|e| panic!("{expr}: {e}"));
        let bits = layout.size_bits(&typing.result).unwrap();
        let lane = rng.below(u64::from(wave)) as u32;
        st.set_lane(Some(lane)).unwrap();
        let reference = evaluate(&mut st, &expr, &typing, &layout, &bindings);
        let Ok(Outcome::Location { loc: rloc, .. }) = reference else {
            reference_errors += 1;
            continue;
        };
        let Some(want) = read(&mut st, &rloc, bits) else {
            reference_errors += 1;
            continue;
        };
        // The simplifier keeps the meaning.
        let (simpler, rewrites) = simplify(&expr, &layout);
        if !rewrites.is_empty() {
            let st_typing = check(&simpler, &env).unwrap_or_else(|e| panic!("{simpler}: {e}"));
            let Ok(Outcome::Location { loc, .. }) =
                evaluate(&mut st, &simpler, &st_typing, &layout, &bindings)
            else {
                panic!("{expr}\nsimplified by {rewrites:?} to {simpler}, which does not evaluate");
            };
            assert_eq!(
                read(&mut st, &loc, bits),
                Some(want.clone()),
                "{expr}\nsimplified by {rewrites:?} to {simpler}"
            );
            simplified += 1;
        }
        let got_loc = Evaluator::new()
            .evaluate_location(&mut st, &dwarf)
            .unwrap_or_else(|e| {
                panic!(
                    "{expr}\nlowered: {:?}\nlane {lane}: DWARF evaluation failed: {e}",
                    lowered.ops
                )
            });
        let got = read(&mut st, &got_loc, bits)
            .unwrap_or_else(|| panic!("{expr}: reading the DWARF result failed"));
        assert_eq!(
            got, want,
            "{expr}\nbindings {bindings:?}\nlowered {:?}\nlane {lane} wave {wave}",
            lowered.ops
        );
        compared += 1;
    }
    eprintln!(
        "{compared} compared, {simplified} also simplified, {reference_errors} not evaluable by the reference"
    );
    assert!(
        simplified > count / 10,
        "the simplifier applied only {simplified} times"
    );
    // Most expressions evaluate (division by zero and similar are the rest).
    assert!(
        compared > count * 8 / 10,
        "only {compared} compared, {reference_errors} reference errors"
    );
}
