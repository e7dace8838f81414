//! The DWARF side of evaluating in one frame: [`DwarfSymbols`] answers what only the DWARF
//! knows (frame base, `.debug_addr`, base types, `DW_OP_call*` targets, implicit pointer
//! targets, entry values through call sites, the current object) from an index, and
//! [`DwarfContext`] pairs it with the machine's [`Backend`] (a wave state or a debugger's)
//! as the [`Context`] a frame's expressions are evaluated in.

use std::sync::Arc;

use crate::ErrorKind;
use crate::eval::{
    self, Backend, BaseType, Context, DieLocation, Entry, Evaluator, LocDesc, Program, ResultKind,
    Storage, Symbols, With,
};
use crate::expr::{DieRef, Encoding, Expr, Op};
use crate::index::{self, DwarfIndex, IndexError, LocationAttrOwned, TypeKind, UnitId};

/// An index error met while evaluating (a unit id from another index), kept as the cause.
fn index_error(e: IndexError) -> eval::Error {
    eval::Error::evaluation(e.to_string()).caused_by(e)
}
use crate::target::Target;

use super::setup::{CallerFrame, FrameScope, FrameSetup};

/// How a frame base that the DWARF does not pin down is chosen (named conventions, reported
/// in provenance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FrameBaseRule {
    /// `DW_AT_frame_base` evaluated as the specification says.
    Attribute,
    /// `DW_AT_frame_base` is a register narrower than an address (AMDGPU's SGPR32/SGPR33):
    /// its value, zero-extended, is the frame base address (`frame-base-register-value`).
    RegisterValue,
    /// No `DW_AT_frame_base` at all: the frame base is address 0 (`frame-base-implicit-zero`).
    ImplicitZero,
    /// Like [`RegisterValue`](Self::RegisterValue), on a target whose stack registers hold
    /// wave-scaled scratch offsets (AMDGPU MUBUF scratch): the value shifted right by
    /// log2(wave size) is the per-lane address (`frame-base-wave-scaled`).
    WaveScaled,
}

impl FrameBaseRule {
    /// The convention's stable name.
    pub fn name(self) -> &'static str {
        match self {
            FrameBaseRule::Attribute => "frame-base-attribute",
            FrameBaseRule::RegisterValue => "frame-base-register-value",
            FrameBaseRule::ImplicitZero => "frame-base-implicit-zero",
            FrameBaseRule::WaveScaled => "frame-base-wave-scaled",
        }
    }
}

/// The [`Symbols`] of expressions of one unit at one PC: what the DWARF of that frame
/// answers, with the evaluation's focus (lane, current object, the DIE being evaluated).
pub struct DwarfSymbols<'d, 'a> {
    dbg: &'d DwarfIndex<'a>,
    unit: UnitId,
    pc: u64,
    encoding: Encoding,
    frame_base_attr: Option<LocationAttrOwned>,
    /// The frame base's entries that apply at `pc`, when the frame already looked them up
    /// (a long frame-base location list is then not decoded again for every variable).
    frame_base_entries: Option<std::sync::Arc<[&'a [u8]]>>,
    frame_base: Option<(LocDesc, FrameBaseRule)>,
    lane: Option<u32>,
    lanes: Option<u32>,
    object: Option<LocDesc>,
    nesting: u32,
    frame_base_shift: u32,
    caller: Option<CallerFrame>,
    subject: Option<u64>,
    /// Why bytes of the last value read were unavailable (the backend's error).
    unavailable: Option<eval::Error>,
    /// The locations of the DIEs `DW_OP_call*` and implicit pointers named, by offset:
    /// an expression that calls one location list 2 000 times decodes it once (29 s for
    /// a 300 000-entry list before).
    die_locations: std::collections::HashMap<u64, DieLocation>,
}

/// The expressions of location attribute `attr` of `unit` whose entries apply at `pc`.
pub(super) fn applicable_exprs<'a>(
    dbg: &DwarfIndex<'a>,
    unit: UnitId,
    attr: LocationAttrOwned,
    pc: u64,
) -> Result<Vec<&'a [u8]>, index::IndexError> {
    let entries = dbg.location_entries(unit, attr)?;
    Ok(index::applicable(&entries, pc)
        .into_iter()
        .map(|i| entries[i].expr)
        .collect())
}

/// Nested evaluations (frame base, callee location lists, implicit pointer targets) are
/// bounded so a DIE referring to itself cannot recurse without end.
const MAX_NESTING: u32 = 8;

/// A frame's [`Context`]: the machine's backend `C` with the frame's [`DwarfSymbols`].
pub struct DwarfContext<'x, 'd, 'a, C: Backend + ?Sized> {
    /// The machine side.
    pub backend: &'x mut C,
    /// The DWARF side.
    pub symbols: DwarfSymbols<'d, 'a>,
}

impl<'x, 'd, 'a, C: Backend + ?Sized> DwarfContext<'x, 'd, 'a, C> {
    /// A context for `unit` in the frame `setup` describes (its PC, encoding, frame-base
    /// shift and caller; see [`FrameSetup`]), whose subprogram says `scope`, over `backend`.
    pub fn new(
        backend: &'x mut C,
        dbg: &'d DwarfIndex<'a>,
        unit: UnitId,
        setup: &FrameSetup,
        scope: FrameScope<'a>,
    ) -> Self {
        DwarfContext {
            backend,
            symbols: DwarfSymbols::new(dbg, unit, setup, scope),
        }
    }

    /// The frame base, evaluating it on first use, with the rule that produced it.
    pub fn frame_base_with_rule(&mut self) -> eval::Result<(LocDesc, FrameBaseRule)> {
        let mut backend = &mut *self.backend;
        self.symbols.frame_base_with_rule(&mut backend)
    }

    /// Evaluates a location attribute of this unit at this PC: every applicable entry, the
    /// union of their places; undefined when none applies.
    pub fn evaluate_attr(&mut self, attr: LocationAttrOwned) -> eval::Result<LocDesc> {
        let mut backend = &mut *self.backend;
        self.symbols.evaluate_attr(&mut backend, attr)
    }

    /// The location an implicit pointer to the DIE at `.debug_info` offset `die`, `offset`
    /// bytes in, points to (see [`DwarfSymbols::implicit_pointee`]).
    pub fn implicit_pointee(&mut self, die: u64, offset: i64) -> eval::Result<LocDesc> {
        let mut backend = &mut *self.backend;
        self.symbols.implicit_pointee(&mut backend, die, offset)
    }
}

impl<'d, 'a, C: Backend + ?Sized> Context for DwarfContext<'_, 'd, 'a, C> {
    type Backend = C;
    type Symbols = DwarfSymbols<'d, 'a>;
    #[inline(always)]
    fn backend(&mut self) -> &mut C {
        self.backend
    }
    #[inline(always)]
    fn backend_ref(&self) -> &C {
        self.backend
    }
    #[inline(always)]
    fn symbols_ref(&self) -> &DwarfSymbols<'d, 'a> {
        &self.symbols
    }
    #[inline(always)]
    fn split(&mut self) -> (&mut C, &mut DwarfSymbols<'d, 'a>) {
        (self.backend, &mut self.symbols)
    }
}

impl<'d, 'a> DwarfSymbols<'d, 'a> {
    /// The symbols of `unit` in the frame `setup` describes, whose subprogram says `scope`.
    pub fn new(
        dbg: &'d DwarfIndex<'a>,
        unit: UnitId,
        setup: &FrameSetup,
        scope: FrameScope<'a>,
    ) -> Self {
        DwarfSymbols {
            dbg,
            unit,
            pc: setup.pc,
            encoding: setup.encoding,
            frame_base_attr: scope.frame_base,
            frame_base_entries: scope.frame_base_entries,
            frame_base: None,
            lane: None,
            lanes: scope.lanes,
            object: None,
            nesting: 0,
            frame_base_shift: setup.frame_base_shift,
            caller: setup.caller.clone(),
            subject: None,
            unavailable: None,
            die_locations: std::collections::HashMap::new(),
        }
    }

    /// Names the DIE whose expressions are being evaluated (in error messages).
    pub fn set_subject(&mut self, die: Option<u64>) {
        self.subject = die;
    }

    /// Focuses a lane (overrides the machine context's own lane).
    pub fn set_lane(&mut self, lane: Option<u32>) {
        self.lane = lane;
    }

    /// Sets the current object (`DW_OP_push_object_address`).
    pub fn set_object(&mut self, object: Option<LocDesc>) {
        self.object = object;
    }

    /// Keeps `cause` as why bytes of the value being read were unavailable (the first one).
    pub(crate) fn note_unavailable(&mut self, cause: Option<&eval::Error>) {
        if self.unavailable.is_none() {
            self.unavailable = cause.cloned();
        }
    }

    /// Why bytes read since the last call were unavailable, when the backend said: the
    /// first reason it gave. Clears it.
    pub fn take_unavailable(&mut self) -> Option<eval::Error> {
        self.unavailable.take()
    }

    /// The PC expressions are evaluated at.
    pub fn pc(&self) -> u64 {
        self.pc
    }

    /// The frame base, evaluating it against `backend` on first use, with the rule that
    /// produced it.
    pub fn frame_base_with_rule(
        &mut self,
        backend: &mut dyn Backend,
    ) -> eval::Result<(LocDesc, FrameBaseRule)> {
        if let Some(fb) = &self.frame_base {
            return Ok(fb.clone());
        }
        let fb = match self.frame_base_attr {
            None => (LocDesc::memory(0, 64, None, 0), FrameBaseRule::ImplicitZero),
            Some(attr) => {
                let loc = match self.frame_base_entries.clone() {
                    Some(exprs) => self.evaluate_exprs(backend, &exprs)?,
                    None => self.evaluate_attr(backend, attr)?,
                };
                match &loc.first().storage {
                    Storage::Register { reg, bits, .. }
                        if *bits < backend.target().generic_bits() && loc.len() == 1 =>
                    {
                        let mut buf = [0u8; 8];
                        let n = (*bits as usize).div_ceil(8).min(8);
                        let frame = backend.frame();
                        backend.read_register(*reg, frame, 0, &mut buf[..n])?;
                        let value = u64::from_le_bytes(buf);
                        if self.frame_base_shift > 0 {
                            (
                                LocDesc::memory(
                                    0,
                                    64,
                                    None,
                                    value >> self.frame_base_shift.min(63),
                                ),
                                FrameBaseRule::WaveScaled,
                            )
                        } else {
                            (
                                LocDesc::memory(0, 64, None, value),
                                FrameBaseRule::RegisterValue,
                            )
                        }
                    }
                    _ => (loc, FrameBaseRule::Attribute),
                }
            }
        };
        self.frame_base = Some(fb.clone());
        Ok(fb)
    }

    /// Evaluates expressions of this unit (the entries of a location list that apply
    /// here): the union of their places; undefined when there are none.
    /// How this unit's expressions decode.
    fn params(&self) -> eval::Result<crate::expr::DecodeParams> {
        self.dbg
            .decode_params(self.unit, self.encoding)
            .map_err(index_error)
    }

    fn evaluate_exprs(
        &mut self,
        backend: &mut dyn Backend,
        exprs: &[&'a [u8]],
    ) -> eval::Result<LocDesc> {
        if self.nesting >= MAX_NESTING {
            return Err(eval::Error::ill_formed("DWARF references nest too deeply"));
        }
        let params = self.params()?;
        let mut result: Option<LocDesc> = None;
        self.nesting += 1;
        let outcome = (|| -> eval::Result<()> {
            for bytes in exprs {
                let expr = Expr::decode(bytes, params)?;
                let loc = Evaluator::new()
                    .evaluate_location(&mut With::new(&mut *backend, &mut *self), &expr)?;
                match &mut result {
                    None => result = Some(loc),
                    Some(r) => r.union(loc),
                }
            }
            Ok(())
        })();
        self.nesting -= 1;
        outcome?;
        Ok(result.unwrap_or_else(LocDesc::undefined))
    }

    /// Evaluates a location attribute of this unit at this PC against `backend`: every
    /// applicable entry, the union of their places; undefined when none applies.
    pub fn evaluate_attr(
        &mut self,
        backend: &mut dyn Backend,
        attr: LocationAttrOwned,
    ) -> eval::Result<LocDesc> {
        if self.nesting >= MAX_NESTING {
            return Err(eval::Error::ill_formed("DWARF references nest too deeply"));
        }
        let exprs = applicable_exprs(self.dbg, self.unit, attr, self.pc)
            .map_err(|e| eval::Error::ill_formed(e.to_string()))?;
        self.evaluate_exprs(backend, &exprs)
    }

    /// The location an implicit pointer to the DIE at `.debug_info` offset `die`, `offset`
    /// bytes in, points to: the DIE's `DW_AT_location` evaluated here (this frame, this
    /// PC), or implicit storage holding its `DW_AT_const_value`, moved by `offset` bytes.
    pub fn implicit_pointee(
        &mut self,
        backend: &mut dyn Backend,
        die: u64,
        offset: i64,
    ) -> eval::Result<LocDesc> {
        if self.nesting >= MAX_NESTING {
            return Err(eval::Error::ill_formed("DWARF references nest too deeply"));
        }
        let target = self.die_location(die)?;
        self.nesting += 1;
        let result = (|| -> eval::Result<LocDesc> {
            Ok(match target {
                DieLocation::Expr(p) => Evaluator::new()
                    .evaluate_location(&mut With::new(&mut *backend, &mut *self), &*p)?,
                DieLocation::LocationList(list) => {
                    let mut out: Option<LocDesc> = None;
                    for p in list {
                        let l = Evaluator::new()
                            .evaluate_location(&mut With::new(&mut *backend, &mut *self), &*p)?;
                        match &mut out {
                            None => out = Some(l),
                            Some(o) => o.union(l),
                        }
                    }
                    out.unwrap_or_else(LocDesc::undefined)
                }
                DieLocation::ConstValue(bytes) => LocDesc::implicit(&bytes),
                DieLocation::None => {
                    return Err(eval::Error::evaluation(format!(
                        "DIE {die:#x}, the target of an implicit pointer, has neither \
                         DW_AT_location nor DW_AT_const_value"
                    )));
                }
            })
        })();
        self.nesting -= 1;
        let mut loc = result?;
        loc.offset_bits(i128::from(offset) * 8)?;
        Ok(loc)
    }

    fn die_location(&mut self, die: u64) -> eval::Result<DieLocation> {
        if let Some(known) = self.die_locations.get(&die) {
            return Ok(known.clone());
        }
        let location = self.decode_die_location(die)?;
        self.die_locations.insert(die, location.clone());
        Ok(location)
    }

    fn decode_die_location(&mut self, die: u64) -> eval::Result<DieLocation> {
        let info = self
            .dbg
            .die_location_info(die)
            .map_err(|e| eval::Error::ill_formed(e.to_string()))?;
        let params = self
            .dbg
            .decode_params(info.unit, self.encoding)
            .map_err(index_error)?;
        Ok(match (info.location, info.const_value) {
            (Some(LocationAttrOwned::Expr { start, len }), _) => {
                let bytes = match self
                    .dbg
                    .location_attr(LocationAttrOwned::Expr { start, len })
                {
                    index::LocationAttr::Expr(b) => b,
                    index::LocationAttr::List(_) => &[],
                };
                DieLocation::Expr(Arc::new(Expr::decode(bytes, params)?))
            }
            (Some(list @ LocationAttrOwned::List(_)), _) => {
                let entries = self
                    .dbg
                    .location_entries(info.unit, list)
                    .map_err(|e| eval::Error::ill_formed(e.to_string()))?;
                let mut programs: Vec<Arc<dyn Program>> = Vec::new();
                for i in index::applicable(&entries, self.pc) {
                    programs.push(Arc::new(Expr::decode(entries[i].expr, params)?));
                }
                DieLocation::LocationList(programs)
            }
            (None, Some(bytes)) => DieLocation::ConstValue(bytes.into_boxed_slice()),
            (None, None) => DieLocation::None,
        })
    }
}

impl DwarfSymbols<'_, '_> {
    /// The value register `reg` had on entry, from the call site of `caller` that returns
    /// to `caller.return_pc`; `Err` says why there is none.
    fn call_site_value(
        &mut self,
        backend: &mut dyn Backend,
        caller: &CallerFrame,
        reg: u64,
    ) -> Result<Entry, NoCallSiteValue> {
        let dbg = self.dbg;
        let ra = caller.return_pc;
        let reg_name = backend
            .target()
            .register_name(reg)
            .unwrap_or_else(|| format!("register {reg}"));
        // The call instruction ends at the return address: look the caller up inside it.
        let lookup = ra.wrapping_sub(1);
        let chain = dbg.scopes_at(lookup)?;
        let Some(&outer) = chain.last() else {
            return Err(NoCallSiteValue::NoCaller { return_pc: ra });
        };
        let sub = dbg.scope(outer)?;
        let caller_name = sub.name.as_deref().unwrap_or("<anonymous>").to_string();
        let caller_die = sub.die;
        let sites = dbg.call_sites_in(caller_die)?;
        let Some(site) = sites.iter().find(|s| s.return_pc == Some(ra)) else {
            return Err(NoCallSiteValue::NoSite {
                caller: caller_name,
                caller_die,
                return_pc: ra,
            });
        };
        let params = dbg.decode_params(site.unit, self.encoding)?;
        let param = site.parameters.iter().find(|p| {
            p.location
                .and_then(|b| Expr::decode(b, params).ok())
                .is_some_and(|e| match e.ops() {
                    [Op::Reg(r)] => u64::from(*r) == reg,
                    [Op::Regx(r)] => *r == reg,
                    _ => false,
                })
        });
        let Some(param) = param else {
            return Err(NoCallSiteValue::NoParameter {
                site: site.die,
                caller: caller_name,
                register: reg_name,
            });
        };
        let Some(value) = param.value else {
            return Err(NoCallSiteValue::NoValue {
                parameter: param.die,
            });
        };
        if self.nesting >= MAX_NESTING {
            return Err(NoCallSiteValue::TooDeep);
        }
        let expr = Expr::decode(value, params).map_err(|error| NoCallSiteValue::Decode {
            parameter: param.die,
            error,
        })?;
        let scope = FrameScope::of(dbg, &chain)?;
        let lane = self.lane.or_else(|| backend.lane());
        let mut view = CallerView {
            inner: backend,
            frame: caller.frame,
            cfa: caller.cfa.clone(),
        };
        // The caller's frame, set up from this one: its PC, the same encoding and wave size.
        let setup = FrameSetup {
            frame_base_shift: self.frame_base_shift,
            ..FrameSetup::at(lookup, self.encoding)
        };
        let mut symbols = DwarfSymbols::new(dbg, outer.unit, &setup, scope);
        symbols.nesting = self.nesting + 1;
        symbols.lane = lane;
        symbols.subject = Some(param.die);
        let mut ctx = With::new(&mut view, &mut symbols);
        Evaluator::new()
            .evaluate(&mut ctx, &expr, None, ResultKind::Value)
            .map_err(|error| NoCallSiteValue::Evaluate {
                parameter: param.die,
                caller: caller_name,
                error,
            })
    }
}

/// Why a caller's call site gives no value for `DW_OP_entry_value`: said in the message
/// of the error that falls back to the call frame information.
#[derive(Debug, thiserror::Error)]
enum NoCallSiteValue {
    #[error(transparent)]
    Index(#[from] index::IndexError),
    #[error(transparent)]
    Scope(#[from] super::VarError),
    #[error("no subprogram covers the return address {return_pc:#x} into the caller")]
    NoCaller { return_pc: u64 },
    #[error(
        "no call site in the caller `{caller}` (DIE {caller_die:#x}) returns to {return_pc:#x}"
    )]
    NoSite {
        caller: String,
        caller_die: u64,
        return_pc: u64,
    },
    #[error("the call site DIE {site:#x} in `{caller}` has no parameter in {register}")]
    NoParameter {
        site: u64,
        caller: String,
        register: String,
    },
    #[error("the call site parameter DIE {parameter:#x} has no DW_AT_call_value")]
    NoValue { parameter: u64 },
    #[error("DWARF references nest too deeply")]
    TooDeep,
    #[error("DW_AT_call_value of the call site parameter DIE {parameter:#x}: {error}")]
    Decode {
        parameter: u64,
        error: crate::expr::DecodeError,
    },
    #[error(
        "DW_AT_call_value of the call site parameter DIE {parameter:#x}, evaluated in the caller `{caller}`: {error}"
    )]
    Evaluate {
        parameter: u64,
        caller: String,
        error: eval::Error,
    },
}

/// A backend seen from the caller frame: register locations name `frame`, the CFA is the
/// caller's; everything else is the backend's.
struct CallerView<'v> {
    inner: &'v mut dyn Backend,
    frame: u32,
    cfa: Option<LocDesc>,
}

impl Backend for CallerView<'_> {
    fn target(&self) -> &Target {
        self.inner.target()
    }

    fn lane(&self) -> Option<u32> {
        self.inner.lane()
    }

    fn lanes(&self) -> u32 {
        self.inner.lanes()
    }

    fn frame(&self) -> u32 {
        self.frame
    }

    fn read_register(
        &mut self,
        reg: u64,
        frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.inner.read_register(reg, frame, offset, buf)
    }

    fn write_register(
        &mut self,
        reg: u64,
        frame: u32,
        offset: u64,
        data: &[u8],
    ) -> eval::Result<()> {
        self.inner.write_register(reg, frame, offset, data)
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.inner.read_memory(aspace, lane, address, buf)
    }

    fn read_batch(&mut self, reads: &mut [eval::Read<'_>]) -> eval::Result<()> {
        self.inner.read_batch(reads)
    }

    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> eval::Result<()> {
        self.inner.write_memory(aspace, lane, address, data)
    }

    fn cfa(&mut self) -> eval::Result<LocDesc> {
        self.cfa
            .clone()
            .ok_or_else(|| eval::Error::missing("the caller frame's CFA"))
    }

    fn relocate(&self, address: u64) -> u64 {
        self.inner.relocate(address)
    }

    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> eval::Result<u64> {
        self.inner.convert_address(address, from, to)
    }
}

impl Symbols for DwarfSymbols<'_, '_> {
    #[inline]
    fn lane(&self) -> Option<u32> {
        self.lane
    }

    #[inline]
    fn lanes(&self) -> Option<u32> {
        self.lanes
    }

    fn frame_base(&mut self, backend: &mut dyn Backend) -> eval::Result<LocDesc> {
        self.frame_base_with_rule(backend).map(|(loc, _)| loc)
    }

    fn object_address(&mut self, backend: &mut dyn Backend) -> eval::Result<LocDesc> {
        match &self.object {
            Some(o) => Ok(o.clone()),
            None => backend.object_address(),
        }
    }

    fn debug_addr(&mut self, index: u64) -> eval::Result<u64> {
        let unit = &self.dbg.unit(self.unit).map_err(index_error)?.unit;
        let index = usize::try_from(index)
            .map_err(|_| eval::Error::ill_formed(".debug_addr index too large"))?;
        self.dbg
            .dwarf()
            .address(unit, gimli::DebugAddrIndex(index))
            .map_err(|e| eval::Error::ill_formed(format!(".debug_addr[{index}]: {e}")))
    }

    fn call_target(&mut self, die: DieRef) -> eval::Result<DieLocation> {
        let offset = match die {
            DieRef::Unit(rel) => self.dbg.unit(self.unit).map_err(index_error)?.offset + rel,
            DieRef::Info(o) => o,
        };
        self.die_location(offset)
    }

    fn implicit_pointer_target(&mut self, die: u64) -> eval::Result<DieLocation> {
        self.die_location(die)
    }

    fn base_type(&mut self, die: DieRef) -> eval::Result<BaseType> {
        let offset = match die {
            DieRef::Unit(rel) => self.dbg.unit(self.unit).map_err(index_error)?.offset + rel,
            DieRef::Info(o) => o,
        };
        let t = self
            .dbg
            .type_at(offset)
            .map_err(|e| eval::Error::ill_formed(e.to_string()))?;
        match t.kind {
            TypeKind::Base {
                encoding,
                bit_size,
                vector_size,
                address_space,
            } => Ok(BaseType {
                bits: bit_size.unwrap_or(t.byte_size.unwrap_or(0) * 8) as u32,
                encoding: encoding.0,
                vector_size: vector_size.unwrap_or(1).min(u64::from(u16::MAX)) as u16,
                address_space: address_space.map(|a| a.min(u64::from(u32::MAX)) as u32),
            }),
            _ => Err(eval::Error::ill_formed(format!(
                "DIE {offset:#x} is not a DW_TAG_base_type"
            ))),
        }
    }

    /// `DW_OP_entry_value` of a lone `DW_OP_reg*`/`regx` is answered, when the caller
    /// frame is known ([`FrameSetup::caller`]), by the caller's call site
    /// whose return address matches: its parameter located in that register gives
    /// `DW_AT_call_value`, evaluated in the caller's frame. Otherwise (no call site, no such
    /// parameter, no call value, or its evaluation fails) the machine context answers (the
    /// caller's register through the CFI on AMDGPU); when neither can, the error names the
    /// DIEs involved and both reasons. Other blocks go to the machine context.
    fn entry_value(&mut self, backend: &mut dyn Backend, block: &[u8]) -> eval::Result<Entry> {
        let params = self.params()?;
        let reg = Expr::decode(block, params)
            .ok()
            .and_then(|e| match e.ops() {
                [Op::Reg(r)] => Some(u64::from(*r)),
                [Op::Regx(r)] => Some(*r),
                _ => None,
            });
        let Some(reg) = reg else {
            return backend.entry_value(block);
        };
        let why = match self.caller.clone() {
            None => "no caller frame is known".to_string(),
            Some(caller) => match self.call_site_value(backend, &caller, reg) {
                Ok(entry) => return Ok(entry),
                Err(reason) => reason.to_string(),
            },
        };
        match backend.entry_value(block) {
            Ok(entry) => Ok(entry),
            Err(e) => {
                let name = backend
                    .target()
                    .register_name(reg)
                    .unwrap_or_else(|| format!("register {reg}"));
                let subject = self
                    .subject
                    .map(|d| format!(" of DIE {d:#x}"))
                    .unwrap_or_default();
                let message = format!(
                    "DW_OP_entry_value({name}){subject}: {why}; the caller's {name} from the \
                     call frame information: {e}"
                );
                Err(match (e.kind(), &self.caller) {
                    (ErrorKind::MissingContext, None) => eval::Error::missing(message),
                    (ErrorKind::IllFormed, _) => eval::Error::ill_formed(message),
                    _ => eval::Error::unavailable(message),
                })
            }
        }
    }
}
