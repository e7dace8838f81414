//! One frame's variables: which are in scope at a PC, where each one is (every applicable
//! location-list entry, several places at once), its value per lane as its DWARF type
//! says, and writes through every place.

use std::ops::Range;

use super::lane_template::{LaneTemplate, lane_location, whole_register};
use crate::eval::{
    self, Bits, Context, Entry, Evaluator, ImplicitPointer, LocDesc, Part, ResultKind, Single,
    Storage,
};
use crate::expr::amdgpu_names::AmdgpuDwarfdumpNames;
use crate::expr::disasm::{DisasmOptions, disassemble_bytes, disassemble_extended};
use crate::expr::{Encoding, Expr, Op};
use crate::index::{
    self, ConventionsChoice, DebugInfo, LocListEntryKind, LocationAttr, LocationAttrOwned, Member,
    Producer, ScopeKind, ScopeRef, Type, TypeKind, TypeRef, UnitConventions, UnitId, VariableRef,
};
use crate::typed::{
    self, AddressClassConvention, DecodeOptions, MemberLocation, MemberResolver, TypedValue,
};

use super::context::{CallerFrame, DwarfContext};
use super::path::{Path, PathError, Step};
use super::rewrite::{self, Rules};

/// The most bits of one value read to show it (64 KiB, GDB's `max-value-size`): a type's
/// size comes from the input. Arrays are read only as far as
/// [`DecodeOptions::max_elements`] elements go (`typed::shown_size_bits`); this bounds
/// what else is large (members past it show as unavailable).
pub const VALUE_WINDOW_BITS: u64 = 512 << 10;

/// The largest `DW_AT_LLVM_lanes` taken as a lane count (a wavefront has at most 64
/// lanes; SIMD lanes of a thread fewer still): anything larger, or 0, is malformed.
pub const MAX_LANES: u64 = 4096;

/// What a scope chain (innermost first) tells a frame: the innermost subprogram's
/// `DW_AT_frame_base` (an inlined subroutine's frame base is its caller's) and the
/// innermost `DW_AT_LLVM_lanes`.
pub(crate) fn frame_scope(
    dbg: &DebugInfo<'_>,
    chain: &[ScopeRef],
) -> Result<(Option<LocationAttrOwned>, Option<u32>), VarError> {
    let mut lanes = None;
    for s in chain {
        let scope = dbg.scope(*s)?;
        if lanes.is_none()
            && let Some((_, n)) = scope.lanes
        {
            lanes = Some(lane_count(n).ok_or(VarError::BadLanes {
                die: scope.die,
                value: n,
            })?);
        }
        if scope.kind == ScopeKind::Subprogram {
            return Ok((scope.frame_base, lanes));
        }
    }
    Ok((None, lanes))
}

/// `DW_AT_LLVM_lanes` as a lane count, when it is one.
fn lane_count(value: u64) -> Option<u32> {
    (1..=MAX_LANES).contains(&value).then_some(value as u32)
}

/// A frame at a PC: its scope chain and the conventions of its unit.
pub struct Frame<'d, 'a> {
    dbg: &'d DebugInfo<'a>,
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
    types: typed::TypeCache<'d, DebugInfo<'a>>,
    typed: DecodeOptions,
    frame_base: Option<LocationAttrOwned>,
    lanes: Option<u32>,
    frame_base_shift: u32,
    caller: Option<CallerFrame>,
}

/// Errors of variable look-up and access.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum VarError {
    /// The DWARF index failed.
    #[error(transparent)]
    Index(#[from] index::IndexError),
    /// Evaluating a location failed.
    #[error(transparent)]
    Eval(#[from] eval::Error),
    /// Formatting or parsing a value by its type failed.
    #[error(transparent)]
    Typed(#[from] typed::TypedError),
    /// No variable of that name is in scope.
    #[error("no variable `{0}` in scope")]
    NotFound(String),
    /// A scope's `DW_AT_LLVM_lanes` is no lane count.
    #[error("DIE {die:#x}: DW_AT_LLVM_lanes is {value}, not a lane count (1..={max})", max = MAX_LANES)]
    BadLanes {
        /// The scope's DIE.
        die: u64,
        /// The attribute's value.
        value: u64,
    },
    /// The variable has no location (and no constant value).
    #[error("`{0}` has no location: optimized out")]
    NoLocation(String),
    /// A write to an implicit pointer: it stands for the address of another variable's
    /// object (`DW_OP_implicit_pointer`) and has no storage of its own.
    #[error(
        "`{0}` is an implicit pointer (DW_OP_implicit_pointer to DIE {1:#x}): it has no storage of its own to write"
    )]
    ImplicitPointer(String, u64),
    /// The encoding passed to [`Frame::at`] is not the one the unit's expressions were
    /// written in (some decode only the other way, none only this way): every value would
    /// be read wrongly. [`DebugInfo::expression_profile`] tells the object's encoding.
    #[error(
        "unit at .debug_info+{unit:#x}: its expressions use {}, not the {} encoding given ({user_only} can only be read as DW_OP_LLVM_user, {legacy_only} only as legacy opcodes)",
        other_encoding(*given),
        encoding_name(*given)
    )]
    EncodingMismatch {
        /// The encoding passed.
        given: Encoding,
        /// `.debug_info` offset of the unit.
        unit: u64,
        /// The unit's expressions that only `DW_OP_LLVM_user` reads.
        user_only: usize,
        /// The unit's expressions that only the legacy opcodes read.
        legacy_only: usize,
    },
    /// A write to a variable in more places at once than are evaluated ([`MAX_PLACES`]):
    /// writing only some of them would leave the copies disagreeing.
    #[error(
        "`{name}` is in {places} places at once at this PC (location-list entries that apply); a write is refused past {max}",
        max = MAX_PLACES
    )]
    TooManyPlaces {
        /// The variable.
        name: String,
        /// How many applicable entries there are.
        places: usize,
    },
    /// A step of a variable path failed, or the path does not parse: `step` is the
    /// expression up to and including the failing step (`*s.ptr`, `p->nope`).
    #[error("`{step}`: {error}")]
    Path {
        /// The expression up to the failing step, in C.
        step: String,
        /// What went wrong.
        error: PathError,
    },
}

fn encoding_name(e: Encoding) -> &'static str {
    match e {
        Encoding::User => "DW_OP_LLVM_user",
        Encoding::Legacy => "legacy one-byte",
    }
}

fn other_encoding(e: Encoding) -> &'static str {
    match e {
        Encoding::User => "the legacy one-byte opcodes",
        Encoding::Legacy => "DW_OP_LLVM_user",
    }
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
    /// [`LocDesc::display`](eval::LocDesc::display)), or the error.
    pub result: Result<LocDesc, String>,
}

/// One variable's location entries at the frame's PC, read and prepared once for every
/// lane ([`Frame::values`]).
#[derive(Default)]
struct Prepared<'a> {
    entries: Option<Vec<crate::index::LocListEntry<'a>>>,
    /// Indices of the entries that apply at the PC.
    applicable: Vec<usize>,
    /// By entry index.
    per_entry: Vec<Option<PreparedEntry>>,
}

/// A variable's prepared entries, kept by its frame ([`Frame::values`]).
struct PreparedVar<'a> {
    /// The variable (its tree and position name it; the unit is the frame's).
    var: VariableRef,
    target: String,
    lanes: u32,
    prepared: Prepared<'a>,
}

/// What a frame keeps, and how many decoded list entries that holds.
#[derive(Default)]
struct KeptPrepared<'a> {
    vars: Vec<PreparedVar<'a>>,
    entries: usize,
}

/// The most decoded location-list entries a frame keeps between calls: thousands of
/// variables sharing one long list must not each keep a copy.
const MAX_KEPT_ENTRIES: usize = 1 << 16;

/// An entry's bytes, printed and decoded once for every lane ([`Frame::values`]).
struct PreparedEntry {
    expression: std::sync::Arc<str>,
    program: Expr,
    rewritten: Option<std::sync::Arc<(Vec<&'static str>, String)>>,
    pushes_lane: bool,
    uses_frame_base: bool,
    /// When the program is a register moved by a lane multiple, how to place each lane
    /// from the register's location alone.
    lane_template: Option<LaneTemplate>,
}

/// The [`LaneTemplate`] of `prepared`'s entry, when exactly one entry applies.
fn sole_template<'p>(prepared: &'p Prepared<'_>) -> Option<&'p LaneTemplate> {
    let [i] = prepared.applicable[..] else {
        return None;
    };
    prepared.per_entry.get(i)?.as_ref()?.lane_template.as_ref()
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

/// Asks the context for the device memory that reading the given number of bits at each
/// location touches, at once. Only a hint: a failure shows again, per lane, when the lane
/// reads.
fn prefetch<'l, C: Context + ?Sized>(
    ctx: &mut DwarfContext<'_, '_, '_, eval::ReadCache<'_, C>>,
    reads: impl Iterator<Item = (&'l LocDesc, u64)>,
) {
    let mut ranges = Vec::new();
    for (location, bits) in reads {
        eval::access::device_ranges(location, 0, bits, &mut ranges);
    }
    let _ = ctx.inner().prefetch(&ranges);
}

/// The most applicable location-list entries evaluated for one variable at one PC: a PC
/// covered by a million overlapping entries is a variable in a million places, and a
/// request must not cost a million evaluations per lane.
pub const MAX_PLACES: usize = 256;

/// What reading a whole value needs of its type ([`Frame::whole_plan`]).
struct WholePlan {
    type_die: TypeRef,
    /// For a scalar type: its facts for the decoder, once.
    scalar: Option<typed::ScalarPlan>,
    incomplete: bool,
    bits: Result<u64, typed::TypedError>,
    pointer: bool,
    window: u64,
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
    /// object's heterogeneous-op encoding (see [`DebugInfo::expression_profile`]).
    pub fn at(
        dbg: &'d DebugInfo<'a>,
        pc: u64,
        encoding: Encoding,
    ) -> Result<Option<Self>, VarError> {
        let chain = dbg.scopes_at(pc)?;
        let Some(outer) = chain.last().copied() else {
            return Ok(None);
        };
        let unit = outer.unit;
        let info = dbg.unit(unit)?;
        let conventions = dbg.unit_conventions(unit, encoding)?;
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
            .is_some_and(|p| p.uses_legacy_address_classes(info.language));
        let (frame_base, lanes) = frame_scope(dbg, &chain)?;
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
                info.language,
            )),
            frame_base,
            lanes,
            frame_base_shift: 0,
            caller: None,
        }))
    }

    /// Declares that register frame bases hold wave-scaled scratch offsets (AMDGPU MUBUF
    /// scratch): `shift` = log2(wave size).
    pub fn set_frame_base_shift(&mut self, shift: u32) {
        self.frame_base_shift = shift;
    }

    /// Declares the frame's caller (see [`DwarfContext::set_caller`]): entry values of
    /// registers are then answered by the caller's call sites first.
    pub fn set_caller(&mut self, caller: Option<CallerFrame>) {
        self.caller = caller;
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

    /// Reads this frame's expressions under `choice` instead of the index's choice.
    pub fn set_conventions(&mut self, choice: ConventionsChoice) -> Result<(), VarError> {
        let conventions = self
            .dbg
            .unit_conventions_with(self.unit, self.encoding, choice)?;
        self.rules = Rules::for_reading(conventions.reading, self.rules.legacy_address_classes);
        self.conventions = conventions;
        // Entries prepared under the old rules were rewritten by them.
        if let Ok(kept) = self.prepared.get_mut() {
            *kept = KeptPrepared::default();
        }
        Ok(())
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
    pub fn context<'x, C: Context + ?Sized>(
        &self,
        inner: &'x mut C,
    ) -> DwarfContext<'x, 'd, 'a, C> {
        let mut ctx = DwarfContext::new(
            inner,
            self.dbg,
            self.unit,
            self.pc,
            self.encoding,
            self.frame_base,
            self.lanes,
        );
        ctx.set_frame_base_shift(self.frame_base_shift);
        ctx.set_caller(self.caller.clone());
        if let Some(Some(entries)) = self.frame_base_entries() {
            ctx.set_frame_base_entries(entries);
        }
        ctx
    }

    fn print(&self, bytes: &[u8]) -> String {
        // The frame's unit came from its own index: both look-ups succeed.
        let types = self.dbg.unit_base_types(self.unit).ok();
        disassemble_bytes(
            bytes,
            self.params(),
            DisasmOptions {
                names: &AmdgpuDwarfdumpNames,
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

    /// Where variable `var` is, for the context's current lane: every applicable entry
    /// evaluated, the union of their places.
    pub fn place<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
    ) -> Result<Placement, VarError> {
        let variable = self.dbg.variable(var)?;
        self.place_prepared(
            ctx,
            (var, variable),
            &mut Prepared::default(),
            &mut Evaluator::new(),
        )
    }

    /// What placing an entry needs from its bytes alone (printed, decoded, rewritten by
    /// the unit's conventions): the same for every lane, so [`values`](Self::values)
    /// prepares each entry once.
    fn prepare(
        &self,
        bytes: &[u8],
        params: crate::expr::DecodeParams,
        target: &crate::target::Target,
    ) -> Result<PreparedEntry, VarError> {
        let expression = self.print(bytes);
        let decoded = Expr::decode(bytes, params).map_err(eval::Error::from)?;
        let (program, rewritten) = match rewrite::apply(decoded.ops(), self.rules, target) {
            Some((ops, rules)) => {
                let expr = Expr::from_ops(ops, params).map_err(|err| {
                    eval::Error::ill_formed(format!("rewritten expression: {err}"))
                })?;
                let text = disassemble_extended(&expr, DisasmOptions::new(&AmdgpuDwarfdumpNames));
                (expr, Some((rules, text)))
            }
            None => (decoded, None),
        };
        let pushes_lane = program
            .ops()
            .iter()
            .any(|op| matches!(op, Op::LlvmPushLane));
        let uses_frame_base = program.ops().iter().any(|op| matches!(op, Op::Fbreg(_)));
        let lane_template = LaneTemplate::of(&program, params);
        Ok(PreparedEntry {
            expression: expression.into(),
            program,
            rewritten: rewritten.map(std::sync::Arc::new),
            pushes_lane,
            uses_frame_base,
            lane_template,
        })
    }

    /// [`place`](Self::place), with entries prepared once in `prepared` (by entry index).
    fn place_prepared<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: (VariableRef, &index::Variable<'a>),
        prepared: &mut Prepared<'a>,
        evaluator: &mut Evaluator,
    ) -> Result<Placement, VarError> {
        let mut applied = Vec::new();
        let (location, per_lane, uses_frame_base) =
            self.locate_prepared(ctx, var, prepared, evaluator, Some(&mut applied))?;
        let frame_base_rule = if uses_frame_base {
            Some(ctx.frame_base_with_rule()?.1.name())
        } else {
            None
        };
        Ok(Placement {
            location,
            entries: applied,
            per_lane,
            frame_base_rule,
            unevaluated: prepared.applicable.len().saturating_sub(MAX_PLACES),
        })
    }

    /// Where `var` is in the context's lane, from its prepared entries: the union of the
    /// places of every applicable entry, whether it depends on the lane, and whether the
    /// frame base was needed. With `applied`, each evaluated entry is recorded there.
    fn locate_prepared<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        (var, variable): (VariableRef, &index::Variable<'a>),
        prepared: &mut Prepared<'a>,
        evaluator: &mut Evaluator,
        mut applied: Option<&mut Vec<AppliedEntry>>,
    ) -> Result<(LocDesc, bool, bool), VarError> {
        ctx.set_subject(Some(variable.die));
        let Some(attr) = variable.location else {
            // A constant has its value and no storage; anything else is optimized out.
            let constant = self.dbg.die_location_info(variable.die)?.const_value;
            return match constant {
                Some(bytes) => Ok((LocDesc::implicit(&bytes), false, false)),
                None => Err(VarError::NoLocation(
                    variable
                        .name
                        .as_deref()
                        .unwrap_or("<anonymous>")
                        .to_string(),
                )),
            };
        };
        if prepared.entries.is_none() {
            let entries = self.dbg.location_entries(var.unit, attr)?;
            prepared.applicable = index::applicable(&entries, self.pc);
            prepared.entries = Some(entries);
        }
        let entries = prepared.entries.as_ref().expect("read above");
        let mut location: Option<LocDesc> = None;
        let mut per_lane = false;
        let mut uses_frame_base = false;
        for &i in prepared.applicable.iter().take(MAX_PLACES) {
            let e = &entries[i];
            let slots = &mut prepared.per_entry;
            if slots.len() <= i {
                slots.resize_with(i + 1, || None);
            }
            if slots[i].is_none() {
                let params = self.dbg.decode_params(var.unit, self.encoding)?;
                slots[i] = Some(self.prepare(e.expr, params, ctx.target())?);
            }
            let p = slots[i].as_ref().expect("prepared above");
            per_lane |= p.pushes_lane;
            uses_frame_base |= p.uses_frame_base;
            let result = evaluator.evaluate_location(ctx, &p.program);
            if let Some(applied) = applied.as_deref_mut() {
                applied.push(AppliedEntry {
                    index: i,
                    kind: e.kind,
                    range: e.range.clone(),
                    expression: p.expression.clone(),
                    rewritten: p.rewritten.clone(),
                    result: match &result {
                        Ok(loc) => Ok(loc.clone()),
                        Err(err) => Err(err.to_string()),
                    },
                });
            }
            let loc = result?;
            per_lane |= loc
                .iter()
                .any(|s| matches!(&s.storage, Storage::Memory(m) if m.lane.is_some()));
            match &mut location {
                None => location = Some(loc),
                Some(l) => l.union(loc),
            }
        }
        Ok((
            location.unwrap_or_else(LocDesc::undefined),
            per_lane,
            uses_frame_base,
        ))
    }

    /// Reads variable `var` (or what `path` leads to from it, `""` for the whole variable)
    /// through `placement` and formats it by its type. `path` is in the
    /// [step notation](super::path): `.m`, `[i]`, `->m` and `*` in any order, so `*.x`
    /// (or `->x`) is C's `var->x` and `.ptr*` is `*var.ptr`; see
    /// [`read_path`](Self::read_path).
    ///
    /// A pointer whose location is an implicit pointer (`DW_OP_implicit_pointer`,
    /// `DW_OP_LLVM_aspace_implicit_pointer`, also as a piece of an aggregate) reads as a
    /// [synthetic pointer](TypedValue::SyntheticPointer); following it reads the pointed-to
    /// variable's location or constant value. Members whose `DW_AT_data_member_location`
    /// is an expression are evaluated with the containing object's location pushed (and as
    /// the `DW_OP_push_object_address` object).
    pub fn read<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
        path: &str,
    ) -> Result<TypedValue, VarError> {
        let path = self.parse_steps(var, path)?;
        self.read_path(ctx, var, placement, &path)
    }

    /// The raw bits of variable `var`'s whole value through `placement` (its type's size,
    /// at most [`eval::MAX_READ_BITS`]), each bit valid, optimized out or unavailable: what
    /// a backend copies into its own buffer rather than formatting by type.
    pub fn read_bits<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
    ) -> Result<eval::Bits, VarError> {
        let bits = self.raw_bits(var)?;
        Ok(eval::read(ctx, &placement.location, 0, bits)?)
    }

    /// How many bits [`read_bits`](Self::read_bits) reads of `var`: its type's size, at
    /// most [`eval::MAX_READ_BITS`].
    fn raw_bits(&self, var: VariableRef) -> Result<u64, VarError> {
        let type_die = self.dbg.variable(var)?.type_die;
        let bits = typed::type_size_bits(&self.types, type_die, &self.typed)?;
        Ok(bits.min(eval::MAX_READ_BITS))
    }

    /// What reading a whole value of type `type_die` needs of the type: the same for every
    /// lane, so [`values`](Self::values) works it out once per variable.
    fn whole_plan(&self, type_die: TypeRef) -> WholePlan {
        let incomplete = typed::is_incomplete(&self.types, type_die, &self.typed);
        let bits = typed::type_size_bits(&self.types, type_die, &self.typed);
        let window = bits.as_ref().map_or(0, |&b| self.read_window(type_die, b));
        WholePlan {
            type_die,
            scalar: typed::scalar_plan(&self.types, type_die, &self.typed),
            incomplete,
            bits,
            pointer: self.pointee_type(type_die).is_some(),
            window,
        }
    }

    /// Reads and decodes a whole value at `location` by `plan`.
    fn read_whole<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        plan: &WholePlan,
        location: &LocDesc,
    ) -> Result<TypedValue, VarError> {
        let type_die = plan.type_die;
        if plan.incomplete {
            // As GDB: the variable exists, but its type was only declared.
            return Ok(TypedValue::Unsupported {
                type_name: self.dbg.type_name(type_die),
                reason: "incomplete type".into(),
                raw: Vec::new(),
            });
        }
        let bits = plan.bits.clone()?;
        if plan.pointer
            && let Some(p) = implicit_pointer_at(location, 0, bits)
        {
            return Ok(typed::synthetic_pointer(
                self.dbg, type_die, p.die, p.offset,
            ));
        }
        // Only what can be shown is read: past the window (far more than the element
        // budget prints) the value reads as unavailable and arrays are truncated.
        let read: Bits = eval::read(ctx, location, 0, plan.window)?;
        if read.any_unavailable() {
            ctx.note_unavailable(read.unavailable_cause());
        }
        let mut value = match &plan.scalar {
            Some(scalar) => typed::decode_scalar(&self.types, scalar, &read, &self.typed),
            None => {
                let mut resolver = ExprMembers {
                    frame: self,
                    ctx: &mut *ctx,
                    object: location,
                    bits,
                };
                typed::decode_with(&self.types, type_die, &read, &self.typed, &mut resolver)?
            }
        };
        self.mark_synthetic(&mut value, type_die, location, 0, 0);
        Ok(value)
    }

    /// [`read`](Self::read) with a parsed path: the steps are evaluated one by one from
    /// the variable's location. Member and element steps move inside the current object;
    /// `*` and `[i]` on a pointer read the pointer's value there (through its address
    /// space: a generic address resolves through the apertures; an implicit pointer to the
    /// pointed-to variable's location or constant) and continue at the pointee, `i`
    /// elements of the pointee type further. A failing step is [`VarError::Path`].
    pub fn read_path<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
        path: &Path,
    ) -> Result<TypedValue, VarError> {
        let cur = self.walk(ctx, var, placement.location.clone(), path)?;
        self.read_at(ctx, cur.type_die, &cur.location, &cur.inner)
    }

    /// [`read`](Self::read), and where the path ends (see [`LaneValue::path_end`]).
    fn read_to_end<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
        path: &str,
    ) -> (Result<TypedValue, VarError>, PathEnd) {
        let cur = match self
            .parse_steps(var, path)
            .and_then(|path| self.walk(ctx, var, placement.location.clone(), &path))
        {
            Ok(cur) => cur,
            Err(e) => return (Err(e), PathEnd::default()),
        };
        let end = self.path_end(&cur);
        (
            self.read_at(ctx, cur.type_die, &cur.location, &cur.inner),
            end,
        )
    }

    /// Where the member / element steps after the last pointer lead, as far as the type
    /// alone says.
    fn path_end(&self, cur: &Cursor) -> PathEnd {
        if cur.opaque {
            return PathEnd::default();
        }
        let inner = cur.inner.strip_prefix('.').unwrap_or(&cur.inner);
        if inner.is_empty() {
            return PathEnd {
                location: Some(cur.location.clone()),
                type_die: Some(cur.type_die),
            };
        }
        let Ok(target) = typed::resolve_path(&self.types, cur.type_die, inner, &self.typed) else {
            return PathEnd::default();
        };
        let mut location = cur.location.clone();
        PathEnd {
            location: location
                .offset_bits(i128::from(target.bit_offset))
                .is_ok()
                .then_some(location),
            type_die: Some(target.type_die),
        }
    }

    /// Parses `path` in step notation; a syntax error names the variable.
    fn parse_steps(&self, var: VariableRef, path: &str) -> Result<Path, VarError> {
        Path::parse_steps(path).map_err(|error| {
            let name = self.dbg.variable(var).ok().and_then(|v| v.name.clone());
            VarError::Path {
                step: format!("{}{path}", name.as_deref().unwrap_or("?")),
                error,
            }
        })
    }

    /// Follows `path` from variable `var` at `location`: where the last pointer step led
    /// and the member / element steps after it.
    fn walk<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        location: LocDesc,
        path: &Path,
    ) -> Result<Cursor, VarError> {
        let variable = self.dbg.variable(var)?;
        let name = variable.name.as_deref().unwrap_or("?");
        let mut cur = Cursor {
            location,
            type_die: variable.type_die,
            inner: String::new(),
            opaque: false,
        };
        // Steps already consumed by a member whose name has dots (`_vptr.Derived`).
        let mut skip = 0;
        for (k, step) in path.steps.iter().enumerate() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            // `p->m` fails as a whole when `p` cannot be followed.
            let arrow =
                *step == Step::Deref && matches!(path.steps.get(k + 1), Some(Step::Member(_)));
            let fail = |error: PathError| VarError::Path {
                step: path.c_text(name, k + 1 + usize::from(arrow)),
                error,
            };
            let operand = || path.c_text(name, k);
            // The member / element reached so far inside the current object, when it
            // resolves without evaluation.
            let here = if cur.opaque {
                None
            } else if cur.inner.is_empty() {
                Some((cur.type_die, false))
            } else {
                typed::resolve_path(&self.types, cur.type_die, &cur.inner, &self.typed)
                    .ok()
                    .map(|t| (t.type_die, t.bitfield))
            };
            match step {
                Step::Member(m) => {
                    let next = format!("{}.{m}", cur.inner);
                    if cur.opaque
                        || typed::resolve_path(&self.types, cur.type_die, &next, &self.typed)
                            .is_ok()
                    {
                        cur.inner = next;
                        continue;
                    }
                    let Some((ty, _)) = here else {
                        cur.inner = next;
                        continue;
                    };
                    let Some(members) = self.members_of(ty) else {
                        return Err(fail(PathError::NotAStruct {
                            ty: self.dbg.type_name(ty),
                        }));
                    };
                    // A member whose name has dots (`_vptr.Derived`): the following
                    // member steps, joined.
                    let mut joined = m.clone();
                    for (n, next) in path.steps[k + 1..].iter().enumerate() {
                        let Step::Member(next) = next else { break };
                        joined = format!("{joined}.{next}");
                        let Some(x) = members.iter().find(|x| {
                            x.name.as_deref() == Some(joined.as_str()) && x.bit_size.is_none()
                        }) else {
                            continue;
                        };
                        let (Some(off), Ok(base)) =
                            (x.bit_offset, self.inner_offset(cur.type_die, &cur.inner))
                        else {
                            break;
                        };
                        let mut location = cur.location.clone();
                        location
                            .offset_bits(i128::from(base + off))
                            .map_err(|e| fail(PathError::Other(e.to_string())))?;
                        cur = Cursor {
                            location,
                            type_die: x.type_die,
                            inner: String::new(),
                            opaque: false,
                        };
                        skip = n + 1;
                        break;
                    }
                    if skip > 0 {
                        continue;
                    }
                    // A member (or a base class holding it) at a computed location:
                    // resolved by evaluation when read.
                    if members.iter().any(|x| {
                        x.location_expr.is_some()
                            && if x.is_base {
                                typed::resolve_path(&self.types, x.type_die, m, &self.typed).is_ok()
                                    || self.members_of(x.type_die).is_some_and(|inner| {
                                        inner.iter().any(|i| {
                                            i.location_expr.is_some()
                                                && i.name.as_deref() == Some(m.as_str())
                                        })
                                    })
                            } else {
                                x.name.as_deref() == Some(m.as_str())
                            }
                    }) {
                        cur.inner = next;
                        cur.opaque = true;
                        continue;
                    }
                    return Err(fail(PathError::UnknownMember {
                        ty: self.dbg.type_name(ty),
                        member: m.clone(),
                    }));
                }
                Step::Index(i) => {
                    let pointer = match here {
                        Some((ty, bitfield)) => !bitfield && self.pointee_type(ty).is_some(),
                        // Only evaluation tells: read what is there.
                        None => matches!(
                            self.read_at(ctx, cur.type_die, &cur.location, &cur.inner),
                            Ok(TypedValue::Pointer(_) | TypedValue::SyntheticPointer { .. })
                        ),
                    };
                    if pointer {
                        cur = self
                            .follow(ctx, cur, here.map(|h| h.0), *i, &operand())
                            .map_err(fail)?;
                        continue;
                    }
                    let next = format!("{}[{i}]", cur.inner);
                    if !cur.opaque
                        && let Err(e) =
                            typed::resolve_path(&self.types, cur.type_die, &next, &self.typed)
                    {
                        let reason = match e {
                            typed::TypedError::Path { reason, .. } => reason,
                            e => e.to_string(),
                        };
                        return Err(fail(
                            if let Some(b) = reason.split("out of bounds ").nth(1) {
                                PathError::IndexOutOfBounds {
                                    index: *i,
                                    bounds: b.to_string(),
                                }
                            } else if reason.contains("is not an array") {
                                PathError::NotIndexable {
                                    ty: here.map_or_else(
                                        || "?".to_string(),
                                        |h| self.dbg.type_name(h.0),
                                    ),
                                }
                            } else {
                                PathError::Other(reason)
                            },
                        ));
                    }
                    cur.inner = next;
                }
                Step::Deref => {
                    cur = self
                        .follow(ctx, cur, here.map(|h| h.0), 0, &operand())
                        .map_err(fail)?;
                }
            }
        }
        Ok(cur)
    }

    /// The bit offset of the member / element path `inner` inside an object of type
    /// `type_die`.
    fn inner_offset(&self, type_die: TypeRef, inner: &str) -> Result<u64, VarError> {
        if inner.is_empty() {
            return Ok(0);
        }
        Ok(typed::resolve_path(&self.types, type_die, inner, &self.typed)?.bit_offset)
    }

    /// Follows the pointer at `cur` (of type `pointer_type` when known statically) to its
    /// `index`th pointee: through its address space (a generic address resolves through
    /// the apertures), or, for an implicit pointer, to the pointed-to variable's location
    /// or constant. `operand` names the pointer in errors.
    fn follow<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        cur: Cursor,
        pointer_type: Option<TypeRef>,
        index: i128,
        operand: &str,
    ) -> Result<Cursor, PathError> {
        let operand = operand.to_string();
        if let Some(t) = pointer_type
            && self.pointee_type(t).is_none()
        {
            return Err(PathError::NotAPointer {
                operand,
                ty: self.dbg.type_name(t),
            });
        }
        let unreadable = |reason: String| PathError::PointerUnreadable {
            operand: operand.clone(),
            reason,
        };
        let value = self
            .read_at(ctx, cur.type_die, &cur.location, &cur.inner)
            .map_err(|e| unreadable(e.to_string()))?;
        let type_name = |fallback: &str| match pointer_type {
            Some(t) => self.dbg.type_name(t),
            None => fallback.to_string(),
        };
        let (pointee, ty) = match &value {
            TypedValue::Pointer(p) => (p.pointee, type_name(&p.type_name)),
            TypedValue::SyntheticPointer { type_name: n, .. } => (
                pointer_type.and_then(|t| self.pointee_type(t)).flatten(),
                type_name(n),
            ),
            TypedValue::Optimized => return Err(unreadable("optimized out".into())),
            TypedValue::Unavailable => return Err(unreadable("unavailable".into())),
            _ => {
                return Err(PathError::NotAPointer {
                    operand: operand.clone(),
                    ty: type_name("?"),
                });
            }
        };
        if pointee.is_none() || self.strip(pointee).is_none() {
            return Err(PathError::VoidPointee { ty });
        }
        let stride = if index == 0 {
            0
        } else {
            let bits = typed::type_size_bits(&self.types, pointee, &self.typed)
                .map_err(|e| PathError::Other(format!("the size of the pointee: {e}")))?;
            if bits == 0 || !bits.is_multiple_of(8) {
                return Err(PathError::Other(format!(
                    "{ty}: the pointee has no size in bytes to index by"
                )));
            }
            index
                .checked_mul(i128::from(bits / 8))
                .ok_or_else(|| PathError::Other(format!("index {index} overflows")))?
        };
        let location = match value {
            TypedValue::Pointer(p) => {
                let aspace = p.aspace.number.unwrap_or(0);
                let bits = ctx
                    .target()
                    .address_space(aspace)
                    .map(|a| a.address_bits)
                    .ok_or_else(|| {
                        PathError::Other(format!(
                            "`{operand}` points into address space {aspace}, which the target does not define"
                        ))
                    })?;
                let address = p.address.wrapping_add(stride as u64);
                let address = if bits < 64 {
                    address & ((1u64 << bits) - 1)
                } else {
                    address
                };
                LocDesc::memory(aspace, bits, ctx.lane(), address)
            }
            TypedValue::SyntheticPointer {
                target_die, offset, ..
            } => {
                let mut loc = ctx
                    .implicit_pointee(target_die, offset)
                    .map_err(|e| unreadable(format!("it points to DIE {target_die:#x}: {e}")))?;
                if stride != 0 {
                    loc.offset_bits(stride.saturating_mul(8)).map_err(|e| {
                        PathError::Other(format!("element {index} of DIE {target_die:#x}: {e}"))
                    })?;
                }
                loc
            }
            _ => unreachable!("matched above"),
        };
        Ok(Cursor {
            location,
            type_die: pointee,
            inner: String::new(),
            opaque: false,
        })
    }

    /// Reads the object of type `type_die` at `location`, or the member / element at
    /// `path` inside it.
    fn read_at<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        type_die: TypeRef,
        location: &LocDesc,
        path: &str,
    ) -> Result<TypedValue, VarError> {
        let path = path.strip_prefix('.').unwrap_or(path);
        if path.is_empty() {
            return self.read_whole(ctx, &self.whole_plan(type_die), location);
        }
        let target = match typed::resolve_path(&self.types, type_die, path, &self.typed) {
            Ok(t) => t,
            Err(e) => {
                // The path may go through a member at a computed location.
                return match self.read_computed_member(ctx, type_die, location, path)? {
                    Some(v) => Ok(v),
                    None => Err(e.into()),
                };
            }
        };
        if self.pointee_type(target.type_die).is_some()
            && let Some(p) =
                implicit_pointer_at(location, u128::from(target.bit_offset), target.bit_size)
        {
            return Ok(typed::synthetic_pointer(
                self.dbg,
                target.type_die,
                p.die,
                p.offset,
            ));
        }
        let read: Bits = eval::read(
            ctx,
            location,
            u128::from(target.bit_offset),
            target.bit_size.min(VALUE_WINDOW_BITS),
        )?;
        if read.any_unavailable() {
            ctx.note_unavailable(read.unavailable_cause());
        }
        let mut value = typed::decode_target(&self.types, &target, &read, &self.typed)?;
        self.mark_synthetic(&mut value, target.type_die, location, target.bit_offset, 0);
        Ok(value)
    }

    /// `path` (no leading `.`) whose first member is at a location computed by a
    /// `DW_AT_data_member_location` expression, directly or inside such a base class:
    /// evaluates that location and reads the rest of the path there. `None` when no such
    /// member matches.
    fn read_computed_member<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        type_die: TypeRef,
        location: &LocDesc,
        path: &str,
    ) -> Result<Option<TypedValue>, VarError> {
        let Some(members) = self.members_of(type_die) else {
            return Ok(None);
        };
        let end = path.find(['.', '[']).unwrap_or(path.len());
        let (name, rest) = (&path[..end], &path[end..]);
        for m in &members {
            if m.location_expr.is_some() && !m.is_base && m.name.as_deref() == Some(name) {
                let loc = self.member_location(ctx, m, location)?;
                return self.read_at(ctx, m.type_die, &loc, rest).map(Some);
            }
        }
        for m in &members {
            if m.location_expr.is_some()
                && m.is_base
                && (typed::resolve_path(&self.types, m.type_die, path, &self.typed).is_ok()
                    || self.members_of(m.type_die).is_some_and(|inner| {
                        inner
                            .iter()
                            .any(|i| i.location_expr.is_some() && i.name.as_deref() == Some(name))
                    }))
            {
                let loc = self.member_location(ctx, m, location)?;
                return self.read_at(ctx, m.type_die, &loc, path).map(Some);
            }
        }
        Ok(None)
    }

    /// The members of a structure, class or union type (through typedefs and qualifiers).
    fn members_of(&self, type_die: TypeRef) -> Option<Vec<Member>> {
        match &self.strip(type_die)?.kind {
            TypeKind::Composite { members, .. } => Some(members.clone()),
            _ => None,
        }
    }

    /// The type under typedefs and qualifiers, through the frame's type cache.
    fn strip(&self, mut type_die: TypeRef) -> Option<std::sync::Arc<Type>> {
        use crate::typed::TypeSource;
        for _ in 0..32 {
            let t = self.types.type_rc(type_die?).ok()?;
            match t.kind {
                TypeKind::Typedef(inner) | TypeKind::Qualified { inner, .. } => type_die = inner,
                _ => return Some(t),
            }
        }
        None
    }

    /// The pointee type of a pointer or reference type (`None`: not a pointer).
    fn pointee_type(&self, type_die: TypeRef) -> Option<TypeRef> {
        match self.strip(type_die)?.kind {
            TypeKind::Pointer { pointee, .. } => Some(pointee),
            _ => None,
        }
    }

    /// Evaluates member `m`'s `DW_AT_data_member_location` expression with the containing
    /// object's location `object` on the stack and as the current object.
    fn member_location<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        m: &Member,
        object: &LocDesc,
    ) -> Result<LocDesc, VarError> {
        let what = m.name.as_deref().unwrap_or("base class");
        let Some((start, len)) = m.location_expr else {
            return Err(VarError::Eval(eval::Error::ill_formed(format!(
                "{what} has no DW_AT_data_member_location expression"
            ))));
        };
        let bytes = match self
            .dbg
            .location_attr(LocationAttrOwned::Expr { start, len })
        {
            LocationAttr::Expr(b) => b,
            LocationAttr::List(_) => &[],
        };
        let unit = self.dbg.unit_containing(start).unwrap_or(self.unit);
        let expr = Expr::decode(bytes, self.dbg.decode_params(unit, self.encoding)?)
            .map_err(eval::Error::from)?;
        ctx.set_object(Some(object.clone()));
        let entry = Evaluator::new().evaluate(
            ctx,
            &expr,
            [Entry::Location(object.clone())],
            ResultKind::Location,
        );
        ctx.set_object(None);
        let entry = entry.map_err(|e| {
            eval::Error::evaluation(format!(
                "DW_AT_data_member_location of {what} (at .debug_info {start:#x}): {e}"
            ))
        })?;
        entry.into_location().ok_or_else(|| {
            VarError::Eval(eval::Error::evaluation(format!(
                "DW_AT_data_member_location of {what} is not a location"
            )))
        })
    }

    /// Replaces optimized-out pointer members of `value` (of type `type_die`, at bit
    /// `base` of `location`) that are implicit pointers by synthetic pointers.
    fn mark_synthetic(
        &self,
        value: &mut TypedValue,
        type_die: TypeRef,
        location: &LocDesc,
        base: u64,
        depth: u32,
    ) {
        let TypedValue::Struct { fields, .. } = value else {
            return;
        };
        if depth > self.typed.max_depth {
            return;
        }
        let Some(members) = self.members_of(type_die) else {
            return;
        };
        for (f, m) in fields.iter_mut().zip(&members) {
            let Some(off) = f.bit_offset else {
                continue;
            };
            if f.name != m.name {
                break;
            }
            let at = base.saturating_add(off);
            match &f.value {
                TypedValue::Optimized if self.pointee_type(m.type_die).is_some() => {
                    if let Some(p) = implicit_pointer_at(location, u128::from(at), f.bit_size) {
                        f.value = typed::synthetic_pointer(self.dbg, m.type_die, p.die, p.offset);
                    }
                }
                TypedValue::Struct { .. } => {
                    self.mark_synthetic(&mut f.value, m.type_die, location, at, depth + 1)
                }
                _ => {}
            }
        }
    }

    /// The value of `var` for each lane in `lanes` (`None` = no lane selected), evaluating
    /// the location once when it does not depend on the lane. `active(lane)` tells which
    /// lanes are active; inactive lanes are reported, not evaluated.
    ///
    /// Reads go through a [`ReadCache`](eval::ReadCache): each register is fetched from
    /// `inner` once, whole, and the bytes every lane's value needs are fetched as one
    /// [batch](Context::read_batch) before any lane is read. A backend that holds one
    /// cache for a whole stop (`ReadCache::new(&mut backend)`, passed as `inner`) pays
    /// for each register once per stop rather than once per variable.
    pub fn values<C: Context + ?Sized>(
        &self,
        inner: &mut C,
        var: VariableRef,
        path: &str,
        lanes: &[Option<u32>],
        active: &dyn Fn(u32) -> Option<bool>,
    ) -> Vec<LaneValue> {
        let mut cache = eval::ReadCache::new(inner);
        let mut ctx = self.context(&mut cache);
        // Where the variable is in each lane.
        let mut shared: Option<std::sync::Arc<Placement>> = None;
        let (target_name, target_lanes) = (ctx.target().name().to_string(), ctx.target().lanes());
        let mut prepared = self.take_prepared(var, &target_name, target_lanes);
        let mut placed = Vec::with_capacity(lanes.len());
        let variable = self.dbg.variable(var);
        let mut no_location: Option<String> = None;
        let mut evaluator = Evaluator::new();
        for &lane in lanes {
            let is_active = lane.and_then(active);
            if is_active == Some(false) {
                placed.push((lane, is_active, Err(None)));
                continue;
            }
            ctx.set_lane(lane);
            let placement = match (&shared, &no_location, &variable) {
                (Some(p), _, _) => Ok(p.clone()),
                (None, Some(name), _) => Err(VarError::NoLocation(name.clone())),
                (None, None, Ok(v)) => self
                    .place_prepared(&mut ctx, (var, v), &mut prepared, &mut evaluator)
                    .map(std::sync::Arc::new),
                (None, None, Err(e)) => Err(VarError::from(e.clone())),
            };
            match &placement {
                Ok(p) if !p.per_lane && shared.is_none() => shared = Some(p.clone()),
                // Without a location attribute, every lane is optimized out alike.
                Err(VarError::NoLocation(name))
                    if variable.as_ref().is_ok_and(|v| v.location.is_none()) =>
                {
                    no_location = Some(name.clone())
                }
                _ => {}
            }
            placed.push((lane, is_active, placement.map_err(Some)));
        }
        self.keep_prepared(var, target_name, target_lanes, prepared);
        // A whole value: its type's facts once, not per lane.
        let whole = match &variable {
            Ok(v) if path.is_empty() => Some(self.whole_plan(v.type_die)),
            _ => None,
        };
        // What every lane's value needs, fetched at once.
        if let Some(plan) = &whole
            && plan.bits.is_ok()
        {
            prefetch(
                &mut ctx,
                placed
                    .iter()
                    .filter_map(|(_, _, p)| p.as_ref().ok().map(|p| (&p.location, plan.window))),
            );
        }
        let mut out = Vec::with_capacity(lanes.len());
        for (lane, is_active, placement) in placed {
            ctx.set_lane(lane);
            ctx.take_unavailable();
            let mut path_end =
                (!path.is_empty() && is_active != Some(false)).then(PathEnd::default);
            let (value, placement) = match placement {
                Err(None) => (Err(LaneError::Inactive), None),
                Err(Some(VarError::NoLocation(_))) => {
                    // Optimized out; a path through it is followed as far as it goes (a
                    // pointer in it cannot be followed).
                    let value = if path.is_empty() {
                        Ok(TypedValue::Optimized)
                    } else {
                        let undefined = Placement {
                            location: LocDesc::undefined(),
                            entries: Vec::new(),
                            per_lane: false,
                            frame_base_rule: None,
                            unevaluated: 0,
                        };
                        self.read(&mut ctx, var, &undefined, path)
                            .map_err(LaneError::from)
                    };
                    (value, None)
                }
                Err(Some(e)) => (Err(LaneError::from(e)), None),
                Ok(placement) => {
                    let value = match &whole {
                        Some(plan) => self.read_whole(&mut ctx, plan, &placement.location),
                        None => {
                            let (value, end) = self.read_to_end(&mut ctx, var, &placement, path);
                            path_end = Some(end);
                            value
                        }
                    }
                    .map_err(LaneError::from);
                    (value, Some(placement))
                }
            };
            out.push(LaneValue {
                lane,
                active: is_active,
                value,
                placement,
                unavailable: ctx.take_unavailable(),
                path_end: path_end.take(),
            });
        }
        out
    }

    /// The raw bits of `var`'s whole value in each of `lanes` (its type's size, at most
    /// [`eval::MAX_READ_BITS`]; `None` for the context's current lane), each bit valid,
    /// optimized out or unavailable; an inactive lane (`active` says `false`) is
    /// [`LaneError::Inactive`], a variable without a location here
    /// [`VarError::NoLocation`].
    ///
    /// This is the per-hit call of a breakpoint condition or a watch: the debugger compares
    /// contents by the variable's type ([`Variable::type_die`](crate::index::Variable))
    /// instead of formatting every lane, so nothing is made per lane but the bits (held
    /// inline up to 128 bits). It places the variable from the same prepared entries as
    /// [`values`](Self::values) and reads what [`read_bits`](Self::read_bits) reads
    /// through that placement.
    pub fn lane_bits<C: Context + ?Sized>(
        &self,
        inner: &mut C,
        var: VariableRef,
        lanes: &[Option<u32>],
        active: &dyn Fn(u32) -> Option<bool>,
    ) -> Vec<Result<eval::Bits, LaneError>> {
        let mut cache = eval::ReadCache::new(inner);
        let mut ctx = self.context(&mut cache);
        let found = self
            .dbg
            .variable(var)
            .map_err(VarError::from)
            .and_then(|v| Ok((v, self.raw_bits(var)?)));
        let (variable, size) = match found {
            Ok(found) => found,
            Err(e) => {
                let e = LaneError::from(e);
                return lanes.iter().map(|_| Err(e.clone())).collect();
            }
        };
        let mut evaluator = Evaluator::new();
        let (target_name, target_lanes) = (ctx.target().name().to_string(), ctx.target().lanes());
        let mut prepared = self.take_prepared(var, &target_name, target_lanes);
        let mut shared: Option<LocDesc> = None;
        // The register's location and the lane stride, once a first lane is placed.
        let mut template: Option<(LocDesc, u64)> = None;
        let mut template_tried = false;
        let mut placed: Vec<Result<LocDesc, LaneError>> = Vec::with_capacity(lanes.len());
        // Which lanes were placed by evaluating, not from the template.
        let mut evaluated: Vec<usize> = Vec::new();
        for &lane in lanes {
            if lane.and_then(active) == Some(false) {
                placed.push(Err(LaneError::Inactive));
                continue;
            }
            ctx.set_lane(lane);
            if let Some(l) = &shared {
                placed.push(Ok(l.clone()));
                continue;
            }
            if let (Some((base, stride)), Some(lane)) = (&template, lane)
                && let Some(l) = lane_location(base, *stride, lane)
            {
                placed.push(Ok(l));
                continue;
            }
            evaluated.push(placed.len());
            let location = self
                .locate_prepared(
                    &mut ctx,
                    (var, variable),
                    &mut prepared,
                    &mut evaluator,
                    None,
                )
                .map(|(location, per_lane, _)| {
                    if !per_lane {
                        shared = Some(location.clone());
                    } else if !template_tried && let Some(lane) = lane {
                        template_tried = true;
                        template = sole_template(&prepared)
                            .and_then(|t| t.base(&mut ctx, &mut evaluator, &location, lane));
                    }
                    location
                });
            placed.push(location.map_err(LaneError::from));
        }
        self.keep_prepared(var, target_name, target_lanes, prepared);
        match template
            .as_ref()
            .and_then(|(base, _)| Some((base, whole_register(base)?)))
        {
            // Every lane placed from the template reads a slice of one register: ask for
            // the register once, and for the lanes placed by evaluating.
            Some((base, whole)) => prefetch(
                &mut ctx,
                std::iter::once((base, whole)).chain(
                    evaluated
                        .iter()
                        .filter_map(|&i| placed[i].as_ref().ok().map(|l| (l, size))),
                ),
            ),
            None => prefetch(
                &mut ctx,
                placed
                    .iter()
                    .filter_map(|l| l.as_ref().ok().map(|l| (l, size))),
            ),
        }
        lanes
            .iter()
            .zip(placed)
            .map(|(&lane, location)| {
                let location = location?;
                ctx.set_lane(lane);
                eval::read(&mut ctx, &location, 0, size)
                    .map_err(|e| LaneError::from(VarError::from(e)))
            })
            .collect()
    }

    /// The prepared entries a previous call kept for `var` under this target, or none.
    fn take_prepared(&self, var: VariableRef, target: &str, lanes: u32) -> Prepared<'a> {
        if var.unit != self.unit {
            return Prepared::default();
        }
        let Ok(mut kept) = self.prepared.lock() else {
            return Prepared::default();
        };
        match kept
            .vars
            .iter()
            .position(|p| p.var == var && p.lanes == lanes && p.target == target)
        {
            Some(i) => {
                let p = kept.vars.swap_remove(i).prepared;
                kept.entries -= p.entries.as_ref().map_or(0, Vec::len);
                p
            }
            None => Prepared::default(),
        }
    }

    /// Keeps `prepared` for the next call (only for variables of this frame's unit).
    fn keep_prepared(&self, var: VariableRef, target: String, lanes: u32, prepared: Prepared<'a>) {
        let Some(n) = prepared.entries.as_ref().map(Vec::len) else {
            return;
        };
        if var.unit != self.unit {
            return;
        }
        if let Ok(mut kept) = self.prepared.lock()
            && kept.entries + n <= MAX_KEPT_ENTRIES
        {
            kept.entries += n;
            kept.vars.push(PreparedVar {
                var,
                target,
                lanes,
                prepared,
            });
        }
    }

    /// How many of the `bits` of an object of type `type_die` are read to show it: as far
    /// as the element budget prints, within [`VALUE_WINDOW_BITS`].
    fn read_window(&self, type_die: TypeRef, bits: u64) -> u64 {
        let shown = typed::shown_size_bits(&self.types, type_die, &self.typed).unwrap_or(bits);
        shown.min(bits).min(VALUE_WINDOW_BITS)
    }

    /// Writes `text` (parsed by the variable's type, or by the type of what `path` leads
    /// to; `path` as for [`read`](Self::read)) through every place of the final location
    /// for the context's lane. Pointers on the path are followed as
    /// [`read_path`](Self::read_path) does (also implicit pointers: into the variable they
    /// point to); writing an implicit pointer itself is [`VarError::ImplicitPointer`].
    pub fn write<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        path: &str,
        text: &str,
    ) -> Result<(), VarError> {
        let path = self.parse_steps(var, path)?;
        self.write_path(ctx, var, &path, text)
    }

    /// [`write`](Self::write) with a parsed path.
    pub fn write_path<C: Context + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        path: &Path,
        text: &str,
    ) -> Result<(), VarError> {
        let variable = self.dbg.variable(var)?;
        let name = variable.name.as_deref().unwrap_or("?").to_string();
        let placement = self.place(ctx, var)?;
        if placement.unevaluated > 0 {
            return Err(VarError::TooManyPlaces {
                name,
                places: placement.entries.len() + placement.unevaluated,
            });
        }
        let cur = self.walk(ctx, var, placement.location, path)?;
        let inner = cur.inner.strip_prefix('.').unwrap_or(&cur.inner);
        let (offset, bits, bytes) = if inner.is_empty() {
            let enc = typed::encode(&self.types, cur.type_die, text, &self.typed)?;
            (0u64, enc.bits, enc.bytes)
        } else {
            let t = typed::resolve_path(&self.types, cur.type_die, inner, &self.typed)?;
            let enc = typed::encode_bits(&self.types, t.type_die, t.bit_size, text, &self.typed)?;
            (t.bit_offset, enc.bits, enc.bytes)
        };
        if let Some(p) = implicit_pointer_at(&cur.location, u128::from(offset), bits) {
            let shown = path.c_text(&name, path.steps.len());
            return Err(VarError::ImplicitPointer(shown, p.die));
        }
        eval::write(ctx, &cur.location, u128::from(offset), bits, &bytes)?;
        Ok(())
    }
}

/// Where a path has led so far: the object of type `type_die` at `location` (the variable,
/// or the pointee of the last pointer followed), and the member / element steps inside it
/// not yet applied (step notation, no pointer among them).
struct Cursor {
    location: LocDesc,
    type_die: TypeRef,
    inner: String,
    /// `inner` goes through a member at a computed location: it resolves only by
    /// evaluation (when read).
    opaque: bool,
}

/// The implicit pointer that the `n` bits at bit `skip` of `loc` are exactly (through
/// composite pieces), if any; any place of a multi-place location may answer.
pub fn implicit_pointer_at(loc: &LocDesc, skip: u128, n: u64) -> Option<ImplicitPointer> {
    loc.iter().find_map(|s| single_implicit_pointer(s, skip, n))
}

fn single_implicit_pointer(s: &Single, skip: u128, n: u64) -> Option<ImplicitPointer> {
    let off = s.offset().checked_add(skip)?;
    match &s.storage {
        Storage::ImplicitPointer(p) => (off == 0 && u64::from(p.bits) == n).then_some(**p),
        Storage::Composite(c) => {
            let mut pos = 0u128;
            for part in c.parts() {
                let end = pos.saturating_add(part.bits());
                if off < end {
                    if off.saturating_add(u128::from(n)) > end {
                        return None;
                    }
                    return match part {
                        Part::Piece { loc, .. } => implicit_pointer_at(loc, off - pos, n),
                        Part::Repeat { loc, bits, .. } if *bits > 0 => {
                            implicit_pointer_at(loc, (off - pos) % u128::from(*bits), n)
                        }
                        _ => None,
                    };
                }
                pos = end;
            }
            None
        }
        _ => None,
    }
}

/// Resolves members at computed locations (`DW_AT_data_member_location` expressions)
/// while a value of a frame is decoded: the expression runs with the containing object's
/// location pushed.
struct ExprMembers<'r, 'x, 'd, 'a, C: Context + ?Sized> {
    frame: &'r Frame<'d, 'a>,
    ctx: &'r mut DwarfContext<'x, 'd, 'a, C>,
    /// The location of the bits being decoded.
    object: &'r LocDesc,
    /// How many bits are being decoded.
    bits: u64,
}

impl<C: Context + ?Sized> MemberResolver for ExprMembers<'_, '_, '_, '_, C> {
    fn resolve(
        &mut self,
        _owner: &Type,
        member: &Member,
        object_bit_offset: u64,
    ) -> MemberLocation {
        let what = member.name.as_deref().unwrap_or("base class").to_string();
        let result = (|| -> Result<MemberLocation, VarError> {
            let mut object = self.object.clone();
            object.offset_bits(i128::from(object_bit_offset))?;
            let loc = self.frame.member_location(self.ctx, member, &object)?;
            let size = match member.bit_size {
                Some(b) => b,
                None => typed::type_size_bits(self.frame.dbg, member.type_die, &self.frame.typed)?,
            };
            // Inside the bits being decoded: decode it there (so nested members stay
            // relative to the same bits); elsewhere: read it separately.
            if let (1, 1) = (self.object.len(), loc.len()) {
                let (o, l) = (self.object.first(), loc.first());
                if o.storage == l.storage
                    && l.offset() >= o.offset()
                    && l.offset() - o.offset() + u128::from(size) <= u128::from(self.bits)
                {
                    return Ok(MemberLocation::BitOffset((l.offset() - o.offset()) as u64));
                }
            }
            Ok(MemberLocation::Bits(eval::read(
                self.ctx,
                &loc,
                0,
                size.min(VALUE_WINDOW_BITS),
            )?))
        })();
        result.unwrap_or_else(|e| MemberLocation::Unresolved(format!("{what}: {e}")))
    }
}
