//! One frame's variables: which are in scope at a PC, where each one is (every applicable
//! location-list entry, several places at once), its value per lane as its DWARF type
//! says, and writes through every place.

use std::ops::Range;

use super::lane_template::{LaneTemplate, lane_location, whole_register};
use crate::eval::{
    self, Backend, Bits, Context, Entry, Evaluator, ImplicitPointer, LocDesc, Part, ResultKind,
    Single, Storage,
};
use crate::expr::disasm::{DisasmOptions, disassemble_bytes, disassemble_extended};
use crate::expr::{Encoding, Expr, Op};
use crate::index::{
    self, DwarfIndex, LocListEntryKind, LocationAttr, LocationAttrOwned, Member, Producer,
    ScopeRef, Type, TypeKind, TypeRef, UnitConventions, UnitId, VariableRef,
};
use crate::typed::{
    self, AddressClassConvention, DecodeOptions, MemberLocation, MemberResolver, TypedValue,
};

use super::context::DwarfContext;
use super::error::{MAX_PLACES, VarError};
use super::path::{Path, PathError, Step};
use super::rewrite::{self, Rules};
use super::setup::{FrameScope, FrameSetup};

mod paths;
mod place;
mod read;

pub use paths::implicit_pointer_at;
use place::KeptPrepared;

/// The most bits of one value read to show it (64 KiB, GDB's `max-value-size`): a type's
/// size comes from the input. Arrays are read only as far as
/// [`DecodeOptions::max_elements`] elements go (`typed::shown_size_bits`); this bounds
/// what else is large (members past it show as unavailable).
pub const VALUE_WINDOW_BITS: u64 = 512 << 10;

/// A frame at a PC: its scope chain and the conventions of its unit.
pub struct Frame<'d, 'a> {
    dbg: &'d DwarfIndex<'a>,
    pc: u64,
    chain: Vec<ScopeRef>,
    unit: UnitId,
    encoding: Encoding,
    rules: Rules,
    conventions: UnitConventions,
    frame_base_cache: std::sync::OnceLock<Option<std::sync::Arc<[&'a [u8]]>>>,
    /// Each variable's location entries as [`values`](Self::values) prepared them, kept
    /// for the next call (a breakpoint hit again at this PC, another stop): by variable
    /// and by the target they were prepared for (rewrites depend on it).
    prepared: std::sync::Mutex<KeptPrepared<'a>>,
    /// Types decoded once per frame (a structure of 40 000 members is not decoded again
    /// for every lane).
    types: typed::TypeCache<'d, DwarfIndex<'a>>,
    typed: DecodeOptions,
    frame_base: Option<LocationAttrOwned>,
    lanes: Option<u32>,
    /// How the frame was set up (the PC and encoding are also kept above, as the frame
    /// reads them on every look-up).
    setup: FrameSetup,
}

/// One location-list entry used for a value, for provenance.
#[derive(Clone, Debug)]
pub struct AppliedEntry {
    /// Position in the list.
    pub index: usize,
    /// Bounded, default or a single expression.
    pub kind: LocListEntryKind,
    /// The PC range of a bounded entry.
    pub range: Option<Range<u64>>,
    /// The expression as `llvm-dwarfdump` prints it (shared by every lane's placement).
    pub expression: std::sync::Arc<str>,
    /// When a producer convention rewrote the expression: the rules and the expression
    /// evaluated instead.
    pub rewritten: Option<std::sync::Arc<(Vec<&'static str>, String)>>,
    /// The location description it produced (print it with
    /// [`LocDesc::display`](eval::LocDesc::display)), or why the evaluation failed.
    pub result: Result<LocDesc, eval::Error>,
}

/// Where a variable is at this PC for one lane.
#[derive(Clone, Debug)]
pub struct Placement {
    /// Union of the places of every applicable entry (undefined when none applies).
    pub location: LocDesc,
    /// Every entry that applied.
    pub entries: Vec<AppliedEntry>,
    /// Whether the location depends on the lane (re-evaluate per lane).
    pub per_lane: bool,
    /// The frame-base rule used, if the frame base was needed.
    pub frame_base_rule: Option<&'static str>,
    /// Applicable entries beyond [`MAX_PLACES`], not evaluated: reading uses the places
    /// that were (DWARF says every place holds the value), writing refuses
    /// ([`VarError::TooManyPlaces`]).
    pub unevaluated: usize,
}

/// Why a lane has no value: a state (the lane is inactive) or a failure, kept whole.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum LaneError {
    /// The lane is inactive (its EXEC bit is clear): nothing was read.
    Inactive,
    /// Reading the value failed; the error keeps its causes (`source()`).
    Failed(std::sync::Arc<VarError>),
}

impl LaneError {
    /// Whether the variable has no location at this PC (optimized out), rather than a
    /// read that failed.
    pub fn is_optimized_out(&self) -> bool {
        matches!(self, LaneError::Failed(e) if matches!(**e, VarError::NoLocation(_)))
    }

    /// The failure, when there is one.
    pub fn error(&self) -> Option<&VarError> {
        match self {
            LaneError::Inactive => None,
            LaneError::Failed(e) => Some(e),
        }
    }
}

impl std::fmt::Display for LaneError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LaneError::Inactive => f.write_str("<inactive>"),
            LaneError::Failed(e) => std::fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for LaneError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LaneError::Inactive => None,
            LaneError::Failed(e) => Some(&**e),
        }
    }
}

impl From<VarError> for LaneError {
    fn from(e: VarError) -> Self {
        LaneError::Failed(std::sync::Arc::new(e))
    }
}

/// A variable's value for one lane.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LaneValue {
    /// The lane (`None` when no lane was selected).
    pub lane: Option<u32>,
    /// Whether the lane is active (`None`: unknown).
    pub active: Option<bool>,
    /// The value, or why there is none.
    pub value: Result<TypedValue, LaneError>,
    /// Where it was read from; lanes whose location does not depend on the lane share
    /// one placement.
    pub placement: Option<std::sync::Arc<Placement>>,
    /// When bytes of the value read as unavailable: the backend's reason, as it gave it.
    pub unavailable: Option<eval::Error>,
    /// Read through a path (`v.m[2]`, `p->x`): where the member or element it reaches
    /// lives and its type, as far as known; `placement` is the variable's own location.
    /// `None` without a path (and for an inactive lane).
    pub path_end: Option<PathEnd>,
}

impl LaneValue {
    /// Where the value shown lives: the variable's location, or through a path the
    /// location of the member or element it reaches (`None` where that has no location
    /// of its own).
    pub fn location(&self) -> Option<&LocDesc> {
        match &self.path_end {
            Some(end) => end.location.as_ref(),
            None => self.placement.as_ref().map(|p| &p.location),
        }
    }
}

/// Where a path from a variable ends.
#[derive(Clone, Debug, Default)]
pub struct PathEnd {
    /// The member's or element's location; `None` when it has none of its own to show (a
    /// member at a computed location, an optimized-out variable, a path that failed).
    pub location: Option<LocDesc>,
    /// Its type; `None` when the path failed before its end.
    pub type_die: Option<TypeRef>,
}

impl<'d, 'a> Frame<'d, 'a> {
    /// The frame at `pc`, or `None` when no subprogram covers it. `encoding` is the
    /// object's heterogeneous-op encoding (see [`DwarfIndex::expression_profile`]); nothing
    /// else is declared ([`FrameSetup::at`]; see [`Frame::new`]).
    pub fn at(
        dbg: &'d DwarfIndex<'a>,
        pc: u64,
        encoding: Encoding,
    ) -> Result<Option<Self>, VarError> {
        Frame::new(dbg, FrameSetup::at(pc, encoding))
    }

    /// The frame `setup` describes (its PC, encoding, frame-base shift, caller and
    /// conventions), or `None` when no subprogram covers its PC.
    pub fn new(dbg: &'d DwarfIndex<'a>, setup: FrameSetup) -> Result<Option<Self>, VarError> {
        let (pc, encoding) = (setup.pc, setup.encoding);
        let chain = dbg.scopes_at(pc)?;
        let Some(outer) = chain.last().copied() else {
            return Ok(None);
        };
        let unit = outer.unit;
        let info = dbg.unit(unit)?;
        let conventions = match setup.conventions {
            Some(choice) => dbg.unit_conventions_with(unit, encoding, choice)?,
            None => dbg.unit_conventions(unit, encoding)?,
        };
        if conventions.evidence.contradicts(encoding) {
            let e = &conventions.evidence;
            return Err(VarError::EncodingMismatch {
                given: encoding,
                unit: info.offset,
                user_only: e.user_only,
                legacy_only: e.legacy_only,
            });
        }
        let legacy = info
            .producer
            .as_deref()
            .map(Producer::parse)
            .is_some_and(|p| p.uses_legacy_address_classes());
        let FrameScope {
            frame_base, lanes, ..
        } = FrameScope::<'a>::of(dbg, &chain)?;
        Ok(Some(Frame {
            dbg,
            pc,
            chain,
            unit,
            encoding,
            rules: Rules::for_reading(conventions.reading, legacy),
            conventions,
            frame_base_cache: std::sync::OnceLock::new(),
            prepared: std::sync::Mutex::new(KeptPrepared::default()),
            types: typed::TypeCache::new(dbg),
            typed: DecodeOptions::with_convention(AddressClassConvention::for_producer(
                info.producer.as_deref(),
            )),
            frame_base,
            lanes,
            setup,
        }))
    }

    /// How the frame was set up.
    pub fn setup(&self) -> &FrameSetup {
        &self.setup
    }

    /// The PC.
    pub fn pc(&self) -> u64 {
        self.pc
    }

    /// The frame base's entries that apply at the PC, looked up once per frame (`None`
    /// inside when the lookup failed: each context then reports why).
    fn frame_base_entries(&self) -> Option<Option<std::sync::Arc<[&'a [u8]]>>> {
        let attr = self.frame_base?;
        Some(
            self.frame_base_cache
                .get_or_init(|| {
                    super::context::applicable_exprs(self.dbg, self.unit, attr, self.pc)
                        .ok()
                        .map(Into::into)
                })
                .clone(),
        )
    }

    /// The scope chain, innermost first.
    pub fn scopes(&self) -> &[ScopeRef] {
        &self.chain
    }

    /// The producer conventions that may rewrite expressions in this frame.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The conventions in force for the frame's unit, with their evidence.
    pub fn conventions(&self) -> &UnitConventions {
        &self.conventions
    }

    /// The options values are formatted with.
    pub fn typed_options(&self) -> &DecodeOptions {
        &self.typed
    }

    /// Variables and parameters in scope, innermost scope first; an inner variable hides
    /// an outer one of the same name only in [`find`](Self::find).
    pub fn variables(&self) -> Result<Vec<VariableRef>, VarError> {
        Ok(self.dbg.variables_at(self.pc)?)
    }

    /// The variable `name` denotes here: of the variables with that name in the innermost
    /// scope that declares one, the first whose location covers the PC (compilers such as
    /// Triton declare one name several times in a scope, one per SSA value), else the
    /// first. [`find_all`](Self::find_all) lists the others.
    pub fn find(&self, name: &str) -> Result<VariableRef, VarError> {
        let all = self.find_all(name)?;
        let Some(first) = all.first().copied() else {
            return Err(VarError::NotFound(name.to_string()));
        };
        for &v in all.iter().take_while(|v| v.scope == first.scope) {
            if self.covers_pc(v)? {
                return Ok(v);
            }
        }
        Ok(first)
    }

    /// Every variable named `name` in scope, innermost scope first (including those an
    /// inner declaration hides).
    pub fn find_all(&self, name: &str) -> Result<Vec<VariableRef>, VarError> {
        let mut out = Vec::new();
        for v in self.variables()? {
            if self.dbg.variable(v)?.name.as_deref() == Some(name) {
                out.push(v);
            }
        }
        Ok(out)
    }

    /// The variable in scope whose DIE is at `.debug_info` offset `die`.
    pub fn find_die(&self, die: u64) -> Result<VariableRef, VarError> {
        for v in self.variables()? {
            if self.dbg.variable(v)?.die == die {
                return Ok(v);
            }
        }
        Err(VarError::NotFound(format!("DIE {die:#x}")))
    }

    /// Whether `var` has a value at the PC: a constant, or a location entry that applies
    /// here and is not empty.
    pub fn covers_pc(&self, var: VariableRef) -> Result<bool, VarError> {
        let variable = self.dbg.variable(var)?;
        let Some(attr) = variable.location else {
            return Ok(variable.has_const_value);
        };
        let entries = self.dbg.location_entries(var.unit, attr)?;
        Ok(index::applicable(&entries, self.pc)
            .into_iter()
            .any(|i| !entries[i].expr.is_empty()))
    }

    /// A DWARF context for this frame over a machine context.
    pub fn context<'x, C: Backend + ?Sized>(
        &self,
        inner: &'x mut C,
    ) -> DwarfContext<'x, 'd, 'a, C> {
        let scope = FrameScope {
            frame_base: self.frame_base,
            frame_base_entries: self.frame_base_entries().flatten(),
            lanes: self.lanes,
        };
        DwarfContext::new(inner, self.dbg, self.unit, &self.setup, scope)
    }

    /// `bytes` as the target prints them (`target`'s register names).
    fn print(&self, bytes: &[u8], target: &crate::target::Target) -> String {
        // The frame's unit came from its own index: both look-ups succeed.
        let types = self.dbg.unit_base_types(self.unit).ok();
        disassemble_bytes(
            bytes,
            self.params(),
            DisasmOptions {
                names: target.register_names(),
                unit: types
                    .as_ref()
                    .map(|t| t as &dyn crate::expr::disasm::UnitBaseTypes),
            },
        )
    }

    /// How expressions of the frame's unit decode.
    fn params(&self) -> crate::expr::DecodeParams {
        self.dbg
            .decode_params(self.unit, self.encoding)
            .unwrap_or(crate::expr::DecodeParams::amdgpu(self.encoding))
    }
}
