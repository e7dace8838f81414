//! The seed's lifetime segments: where a program object (a source variable or a
//! compiler-made fragment) is, as a function of the PC.
//!
//! A segment is *bounded* (valid over PC ranges: from its `llvm.dbg.def` along every path
//! to its `llvm.dbg.kill`), the object's one *default* (valid where no bounded segment
//! is), or *unused*. At a PC the object's location is every valid bounded segment's
//! location at once, else the default's, else undefined. A segment's expression reads
//! its `argObjects` through `DIOpArg`, so the location of one object is composed from the
//! locations of others at the same PC: the location list of an object is cut wherever any
//! object it depends on changes.

use std::collections::BTreeSet;

use hetdwarf::expr::Op as Dw;
use hetdwarf::target::Target;

use super::binding::{Binding, Bindings};
use super::check::{Environment, check};
use super::expr::Expression;
use super::layout::DataLayout;
use super::lower::{LowerOptions, Style, lower};

/// When a segment is valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validity {
    /// Over these half-open PC ranges.
    Bounded(Vec<(u64, u64)>),
    /// Where no bounded segment of its object is valid.
    Default,
    /// Never.
    Unused,
}

/// One `DILifetime`.
#[derive(Clone, Debug, PartialEq)]
pub struct Lifetime {
    /// The object (index into [`Lifetimes::objects`]).
    pub object: usize,
    /// The location expression.
    pub location: Expression,
    /// The objects `DIOpArg(N)` reads (indices into [`Lifetimes::objects`]).
    pub arg_objects: Vec<usize>,
    /// When it is valid.
    pub validity: Validity,
    /// The referrer: what `llvm.dbg.def` (or the global with `!dbg.default`) names.
    pub referrer: Option<Binding>,
}

/// A program's objects and their segments.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lifetimes {
    /// Object names (`x`, or `!3` for a fragment).
    pub objects: Vec<String>,
    /// The segments.
    pub segments: Vec<Lifetime>,
    /// The `.debug_info` offsets of the DIEs that describe objects, by object index (for
    /// implicit pointers to them).
    pub dies: std::collections::BTreeMap<usize, u64>,
}

/// Which segments give an object's location at a PC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Selection {
    /// These bounded segments, all at once (several places).
    Bounded(Vec<usize>),
    /// The default segment.
    Default(usize),
    /// No segment: the location is undefined.
    Undefined,
}

/// One entry of a location list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The PC range, or `None` for the list's default location (`DW_LLE_default_location`).
    pub range: Option<(u64, u64)>,
    /// The location expression.
    pub ops: Vec<Dw>,
    /// Whether every part was lowered (else part reads as undefined).
    pub exact: bool,
}

/// Why a set of lifetimes is not well-formed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LifetimeError {
    /// The seed: `argObjects` must not contain the object itself.
    #[error("a lifetime of {0} lists {0} in its argObjects")]
    SelfArgument(String),
    /// The seed: no element may repeat in `argObjects`.
    #[error("a lifetime of {object} repeats {arg} in its argObjects")]
    RepeatedArgument {
        /// The object.
        object: String,
        /// The repeated argument.
        arg: String,
    },
    /// The seed: at most one default segment per object.
    #[error("{0} has more than one default lifetime segment")]
    SeveralDefaults(String),
    /// Objects whose locations are defined through each other.
    #[error("the location of {0} depends on itself through argObjects")]
    Cycle(String),
    /// An index out of range.
    #[error("a lifetime names object {0}, which does not exist")]
    NoSuchObject(usize),
    /// A range whose end is not after its start.
    #[error("a lifetime of {0} has an empty or reversed range")]
    BadRange(String),
}

impl LifetimeError {
    /// What kind of failure this is: DIOp lifetimes that do not parse.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::Malformed
    }
}

/// The places of a location, lowered, each with its exactness.
pub type Alternatives = Vec<(Vec<Dw>, bool)>;

/// A run of PCs with one location: (start, end, places).
type Run = (u64, u64, Alternatives);

/// Most alternatives one location is expanded into (objects in several places at once,
/// combined through arguments, multiply).
pub const MAX_ALTERNATIVES: usize = 16;

/// What lowering needs.
#[derive(Clone, Copy, Debug)]
pub struct LowerEnv<'a> {
    /// The data layout.
    pub layout: &'a DataLayout,
    /// The target.
    pub target: &'a Target,
}

impl Lifetimes {
    /// Adds an object; its index.
    pub fn object(&mut self, name: impl Into<String>) -> usize {
        self.objects.push(name.into());
        self.objects.len() - 1
    }

    fn name(&self, o: usize) -> String {
        self.objects
            .get(o)
            .cloned()
            .unwrap_or_else(|| format!("#{o}"))
    }

    /// Checks the seed's rules.
    pub fn well_formed(&self) -> Result<(), LifetimeError> {
        let n = self.objects.len();
        let mut defaults = vec![0usize; n];
        for s in &self.segments {
            if s.object >= n {
                return Err(LifetimeError::NoSuchObject(s.object));
            }
            let mut seen = BTreeSet::new();
            for &a in &s.arg_objects {
                if a >= n {
                    return Err(LifetimeError::NoSuchObject(a));
                }
                if a == s.object {
                    return Err(LifetimeError::SelfArgument(self.name(a)));
                }
                if !seen.insert(a) {
                    return Err(LifetimeError::RepeatedArgument {
                        object: self.name(s.object),
                        arg: self.name(a),
                    });
                }
            }
            match &s.validity {
                Validity::Default => {
                    defaults[s.object] += 1;
                    if defaults[s.object] > 1 {
                        return Err(LifetimeError::SeveralDefaults(self.name(s.object)));
                    }
                }
                Validity::Bounded(r) => {
                    if r.iter().any(|&(a, b)| b <= a) {
                        return Err(LifetimeError::BadRange(self.name(s.object)));
                    }
                }
                Validity::Unused => {}
            }
        }
        // Depth-first search for a dependency cycle.
        let mut state = vec![0u8; n];
        fn visit(l: &Lifetimes, o: usize, state: &mut [u8]) -> Result<(), LifetimeError> {
            match state[o] {
                1 => return Err(LifetimeError::Cycle(l.name(o))),
                2 => return Ok(()),
                _ => {}
            }
            state[o] = 1;
            for s in l.segments.iter().filter(|s| s.object == o) {
                for &a in &s.arg_objects {
                    visit(l, a, state)?;
                }
            }
            state[o] = 2;
            Ok(())
        }
        for o in 0..n {
            visit(self, o, &mut state)?;
        }
        Ok(())
    }

    /// The segments that give `object`'s location at `pc` (`None`: a PC outside every
    /// bounded range).
    pub fn select(&self, object: usize, pc: Option<u64>) -> Selection {
        let mut bounded = Vec::new();
        let mut default = None;
        for (i, s) in self.segments.iter().enumerate() {
            if s.object != object {
                continue;
            }
            match (&s.validity, pc) {
                (Validity::Bounded(r), Some(pc)) if r.iter().any(|&(a, b)| a <= pc && pc < b) => {
                    bounded.push(i)
                }
                (Validity::Default, _) => default = Some(i),
                _ => {}
            }
        }
        if !bounded.is_empty() {
            Selection::Bounded(bounded)
        } else if let Some(d) = default {
            Selection::Default(d)
        } else {
            Selection::Undefined
        }
    }

    /// The alternatives (several places at once) of `object`'s location at `pc`, as
    /// lowered DWARF with their exactness. Call [`well_formed`](Self::well_formed) first:
    /// a cycle would not end.
    pub fn location_at(&self, object: usize, pc: Option<u64>, env: LowerEnv<'_>) -> Alternatives {
        let segs = match self.select(object, pc) {
            Selection::Undefined => return vec![(vec![Dw::LlvmUndefined], true)],
            Selection::Default(d) => vec![d],
            Selection::Bounded(b) => b,
        };
        let mut out = Vec::new();
        for si in segs {
            let s = &self.segments[si];
            // Cartesian product of the arguments' alternatives.
            let mut combos: Vec<(Vec<Binding>, bool)> = vec![(Vec::new(), true)];
            for &a in &s.arg_objects {
                let alts = self.location_at(a, pc, env);
                let mut next = Vec::new();
                for (prefix, ex) in &combos {
                    for (ops, aex) in &alts {
                        if next.len() >= MAX_ALTERNATIVES {
                            break;
                        }
                        let mut p = prefix.clone();
                        p.push(Binding::Dwarf {
                            ops: ops.clone(),
                            value: false,
                        });
                        next.push((p, *ex && *aex));
                    }
                }
                combos = next;
            }
            let environment = Environment::new(env.layout.clone());
            let typing = match check(&s.location, &environment) {
                Ok(t) => t,
                Err(_) => {
                    out.push((vec![Dw::LlvmUndefined], false));
                    continue;
                }
            };
            let pointee_die = self.pointee_die(si);
            for (args, ex) in combos {
                if out.len() >= MAX_ALTERNATIVES {
                    break;
                }
                let bindings = Bindings {
                    args,
                    referrer: s.referrer.clone(),
                    pointee_die,
                };
                let l = lower(
                    &s.location,
                    &typing,
                    env.layout,
                    env.target,
                    &bindings,
                    LowerOptions {
                        style: Style::Hetdwarf,
                        wheel: false,
                    },
                );
                out.push((l.ops, ex && l.exact));
            }
        }
        out
    }

    /// For a segment `DIOpReferrer(T), DIOpAddrOf(N)` (a pointer to an object that has no
    /// address), the DIE of a compatible existing object: one with a segment that is
    /// exactly `DIOpReferrer(T')` of the same size over the same referrer. The seed would
    /// otherwise make an artificial object; without a DIE the lowering gives up.
    fn pointee_die(&self, segment: usize) -> Option<u64> {
        let s = &self.segments[segment];
        let [super::op::DiOp::Referrer(t), super::op::DiOp::AddrOf(_)] = &s.location.ops[..] else {
            return None;
        };
        self.segments
            .iter()
            .find_map(|o| match &o.location.ops[..] {
                [super::op::DiOp::Referrer(u)]
                    if o.object != s.object && o.referrer == s.referrer && u.same_as(t) =>
                {
                    self.dies.get(&o.object).copied()
                }
                _ => None,
            })
    }

    /// The reference locations of `object` at `pc` (each place it is in), by evaluating
    /// each valid segment's DIOp expression with its arguments bound to the arguments'
    /// own reference locations (several places of an argument form one multi-place
    /// location, as the seed's `DIOpArg` says).
    pub fn evaluate_at<C: hetdwarf::eval::Context + ?Sized>(
        &self,
        ctx: &mut C,
        object: usize,
        pc: Option<u64>,
        layout: &DataLayout,
    ) -> hetdwarf::eval::Result<Vec<super::eval::Outcome>> {
        use super::eval::{Outcome, evaluate};
        let segs = match self.select(object, pc) {
            Selection::Undefined => {
                return Ok(vec![Outcome::Location {
                    loc: hetdwarf::eval::LocDesc::undefined(),
                    ty: super::types::Type::Int(8),
                }]);
            }
            Selection::Default(d) => vec![d],
            Selection::Bounded(b) => b,
        };
        let mut out = Vec::new();
        for si in segs {
            let s = &self.segments[si];
            let mut args = Vec::new();
            for &a in &s.arg_objects {
                let mut loc: Option<hetdwarf::eval::LocDesc> = None;
                for o in self.evaluate_at(ctx, a, pc, layout)? {
                    let Outcome::Location { loc: l, .. } = o else {
                        return Err(hetdwarf::eval::Error::evaluation(
                            "an argument object is an implicit address",
                        ));
                    };
                    match &mut loc {
                        None => loc = Some(l),
                        Some(x) => x.union(l),
                    }
                }
                args.push(Binding::Location(
                    loc.unwrap_or_else(hetdwarf::eval::LocDesc::undefined),
                ));
            }
            let typing = check(&s.location, &Environment::new(layout.clone()))
                .map_err(|e| hetdwarf::eval::Error::ill_formed(e.to_string()))?;
            let bindings = Bindings {
                args,
                referrer: s.referrer.clone(),
                pointee_die: None,
            };
            out.push(evaluate(ctx, &s.location, &typing, layout, &bindings)?);
        }
        Ok(out)
    }

    /// Every object `object`'s location depends on, itself included.
    fn closure(&self, object: usize) -> BTreeSet<usize> {
        let mut seen = BTreeSet::new();
        let mut todo = vec![object];
        while let Some(o) = todo.pop() {
            if seen.insert(o) {
                for s in self.segments.iter().filter(|s| s.object == o) {
                    todo.extend(s.arg_objects.iter().copied());
                }
            }
        }
        seen
    }

    /// `object`'s DWARF 5 location list: one entry per place per range where the location
    /// is constant (entries overlap where the object is in several places), and a default
    /// entry for PCs outside every range when a default segment applies there.
    pub fn location_list(
        &self,
        object: usize,
        env: LowerEnv<'_>,
    ) -> Result<Vec<Entry>, LifetimeError> {
        self.well_formed()?;
        let deps = self.closure(object);
        let mut cuts = BTreeSet::new();
        for s in self.segments.iter().filter(|s| deps.contains(&s.object)) {
            if let Validity::Bounded(r) = &s.validity {
                for &(a, b) in r {
                    cuts.insert(a);
                    cuts.insert(b);
                }
            }
        }
        let cuts: Vec<u64> = cuts.into_iter().collect();
        let mut entries: Vec<Entry> = Vec::new();
        let mut previous: Option<Run> = None;
        let flush = |p: Option<Run>, entries: &mut Vec<Entry>| {
            if let Some((a, b, alts)) = p {
                for (ops, exact) in alts {
                    entries.push(Entry {
                        range: Some((a, b)),
                        ops,
                        exact,
                    });
                }
            }
        };
        for w in cuts.windows(2) {
            let (a, b) = (w[0], w[1]);
            let inside = self
                .segments
                .iter()
                .filter(|s| deps.contains(&s.object))
                .any(|s| matches!(&s.validity, Validity::Bounded(r) if r.iter().any(|&(x, y)| x <= a && a < y)));
            if !inside {
                flush(previous.take(), &mut entries);
                continue;
            }
            let alts = self.location_at(object, Some(a), env);
            let undefined = alts.len() == 1 && alts[0].1 && alts[0].0 == [Dw::LlvmUndefined];
            match &mut previous {
                Some((_, end, p)) if *end == a && *p == alts => *end = b,
                _ => {
                    flush(previous.take(), &mut entries);
                    if !undefined {
                        previous = Some((a, b, alts));
                    }
                }
            }
        }
        flush(previous.take(), &mut entries);
        if matches!(self.select(object, None), Selection::Default(_)) {
            for (ops, exact) in self.location_at(object, None, env) {
                entries.push(Entry {
                    range: None,
                    ops,
                    exact,
                });
            }
        }
        Ok(entries)
    }
}

/// Encodes a location list as `.debug_loclists` entries (DWARF 5: `DW_LLE_start_end`
/// with 8-byte addresses, `DW_LLE_default_location`, `DW_LLE_end_of_list`).
pub fn encode_location_list(
    entries: &[Entry],
    params: hetdwarf::expr::DecodeParams,
) -> Result<Vec<u8>, hetdwarf::expr::EncodeError> {
    let mut out = Vec::new();
    let uleb = |out: &mut Vec<u8>, mut v: u64| loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            break;
        }
        out.push(b | 0x80);
    };
    for e in entries {
        let expr = hetdwarf::expr::encode(&e.ops, params)?;
        match e.range {
            Some((a, b)) => {
                out.push(0x07);
                out.extend_from_slice(&a.to_le_bytes());
                out.extend_from_slice(&b.to_le_bytes());
            }
            None => out.push(0x05),
        }
        uleb(&mut out, expr.len() as u64);
        out.extend_from_slice(&expr);
    }
    out.push(0x00);
    Ok(out)
}
