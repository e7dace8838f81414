//! Recovering how a compiler bound a DIOp expression's arguments, from the DWARF it
//! emitted: lower the expression with a placeholder for each argument, then match the
//! emitted operations against that template; what each placeholder stands against is the
//! argument's binding (a register, a frame slot's address computation, a constant).

use hetdwarf::expr::Op as Dw;
use hetdwarf::target::Target;

use super::binding::{Binding, Bindings};
use super::check::Typing;
use super::expr::Expression;
use super::layout::DataLayout;
use super::lower::{LowerOptions, Lowered, Style, lower};
use super::op::DiOp;

/// Which lowering rules produced the emitted DWARF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The fork build in the rocm-llvm-python wheel.
    Wheel,
    /// The fork's newest sources.
    Fork,
    /// hetdwarf's own lowering.
    Hetdwarf,
}

impl Rules {
    /// `"wheel"`, `"fork"`, `"hetdwarf"`.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Wheel => "wheel",
            Rules::Fork => "fork",
            Rules::Hetdwarf => "hetdwarf",
        }
    }

    fn options(self) -> LowerOptions {
        match self {
            Rules::Wheel => LowerOptions {
                style: Style::Fork,
                wheel: true,
            },
            Rules::Fork => LowerOptions {
                style: Style::Fork,
                wheel: false,
            },
            Rules::Hetdwarf => LowerOptions {
                style: Style::Hetdwarf,
                wheel: false,
            },
        }
    }
}

/// A successful match.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovered {
    /// The rules whose output the emitted DWARF is, byte for byte.
    pub rules: Rules,
    /// The arguments' bindings (and the referrer's).
    pub bindings: Bindings,
    /// That lowering: the emitted operations, with whether part was given up and why.
    pub lowered: Lowered,
}

const SENTINEL: u32 = 0x7eed_0000;

fn sentinel(i: u32) -> Dw {
    Dw::GnuParameterRef(SENTINEL + i)
}

fn sentinel_index(op: &Dw) -> Option<usize> {
    match op {
        Dw::GnuParameterRef(n) if *n >= SENTINEL && *n < SENTINEL + 0x100 => {
            Some((*n - SENTINEL) as usize)
        }
        _ => None,
    }
}

/// Most matching steps one template may take (the search backtracks).
const MAX_STEPS: usize = 20_000;

fn match_at(t: &[Dw], e: &[Dw], caps: &mut [Option<Vec<Dw>>], steps: &mut usize) -> bool {
    *steps += 1;
    if *steps > MAX_STEPS {
        return false;
    }
    let Some(first) = t.first() else {
        return e.is_empty();
    };
    if let Some(i) = sentinel_index(first) {
        if let Some(c) = caps[i].clone() {
            return e.starts_with(&c) && match_at(&t[1..], &e[c.len()..], caps, steps);
        }
        for len in 1..=e.len() {
            caps[i] = Some(e[..len].to_vec());
            if match_at(&t[1..], &e[len..], caps, steps) {
                return true;
            }
        }
        caps[i] = None;
        return false;
    }
    !e.is_empty() && e[0] == *first && match_at(&t[1..], &e[1..], caps, steps)
}

/// The number of `DIOpArg` indices and whether `DIOpReferrer` is used.
fn inputs(expr: &Expression) -> (usize, bool) {
    let mut n = 0;
    let mut referrer = false;
    for op in &expr.ops {
        match op {
            DiOp::Arg { index, .. } => n = n.max(*index as usize + 1),
            DiOp::Referrer(_) => referrer = true,
            _ => {}
        }
    }
    (n, referrer)
}

/// Finds rules and bindings under which lowering `expr` gives exactly `emitted`; the
/// rules are tried in the order given. `None` when no placeholder assignment matches.
pub fn recover(
    expr: &Expression,
    typing: &Typing,
    layout: &DataLayout,
    target: &Target,
    emitted: &[Dw],
    rules: &[Rules],
) -> Option<Recovered> {
    let (n, referrer) = inputs(expr);
    let slots = n + usize::from(referrer);
    if slots > 6 {
        return None;
    }
    for &r in rules {
        // Each argument is either a location or a value; try all-locations first.
        for mask in 0u32..(1 << slots) {
            let kind = |i: usize| mask >> i & 1 == 1;
            let bindings = Bindings {
                args: (0..n)
                    .map(|i| Binding::Dwarf {
                        ops: vec![sentinel(i as u32)],
                        value: kind(i),
                    })
                    .collect(),
                referrer: referrer.then(|| Binding::Dwarf {
                    ops: vec![sentinel(n as u32)],
                    value: kind(n),
                }),
                pointee_die: None,
            };
            let template = lower(expr, typing, layout, target, &bindings, r.options());
            let mut caps = vec![None; slots];
            let mut steps = 0;
            if match_at(&template.ops, emitted, &mut caps, &mut steps) {
                let mut bound: Vec<Binding> = caps
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| match c {
                        Some(ops) => Binding::Dwarf {
                            ops,
                            value: kind(i),
                        },
                        None => Binding::Undefined,
                    })
                    .collect();
                let referrer_binding = if referrer { bound.pop() } else { None };
                let recovered = Bindings {
                    args: bound,
                    referrer: referrer_binding,
                    pointee_die: None,
                };
                // The match proved the template, so filled in, is the emitted DWARF; its
                // exactness and notes do not depend on what the placeholders stand for.
                return Some(Recovered {
                    rules: r,
                    bindings: recovered,
                    lowered: Lowered {
                        ops: emitted.to_vec(),
                        exact: template.exact,
                        notes: template.notes,
                    },
                });
            }
        }
    }
    None
}
