//! Lanes of a frame: the wave size of a function, `DW_AT_LLVM_lanes`, and the per-lane PCs
//! and active-lane mask from `DW_AT_LLVM_lane_pc` / `DW_AT_LLVM_active_lane` (digest §4,
//! §5.10), falling back to the hardware PC and EXEC when the attributes are absent.
//!
//! - [`wave_size_of`]: the kernel metadata through the code object, else the wave size the
//!   DWARF register numbers of the function's CFI imply;
//! - [`lane_pcs`] / [`active_mask`]: read an evaluated `lane_pc` location (a lanes-element
//!   vector of 64-bit PCs; an undefined element = the lane was not active on entry) and an
//!   `active_lane` location (a lanes-bit mask);
//! - [`DieContext`] adds what attribute expressions need beyond a frame (`DW_OP_call_ref`
//!   to DWARF procedures and variables with location lists, `DW_OP_addrx`, typed
//!   operations' base types) to any [`Context`];
//! - [`frame_lanes`] does it all for one frame and one subprogram DIE, choosing the
//!   attribute numbering ([`AttributeNumbering`]) from the DIE.

use std::sync::Arc;

use gimli::{AttributeValue, UnitOffset};
use hetdwarf::eval::{
    BaseType, BitStatus, Context, DieLocation, Error, Evaluator, LocDesc, Program,
    Result as EvalResult, access,
};
use hetdwarf::expr::op::DieRef;
use hetdwarf::expr::{DecodeParams, Expr};
use hetdwarf::index::{AttributeNumbering, DebugInfo, Reader, at};
use hetdwarf::target::Target;

use crate::code_object::{CodeObject, WaveSizeSource};
use crate::registers::{
    AGPR0_WAVE32, AGPR0_WAVE64, EXEC_32, EXEC_64, VCC_32, VCC_64, VGPR0_WAVE32, VGPR0_WAVE64,
};

use super::{CallFrames, FrameContext};

/// Where a function's wave size came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveSizeFrom {
    /// The kernel data of the code object (metadata note, kernel descriptor, or the
    /// processor default), as [`CodeObject::wave_size_at`] decides.
    CodeObject(Option<WaveSizeSource>),
    /// The DWARF register numbers of the function's call frame rules.
    Registers,
}

/// The wave size the DWARF register numbers in `regs` imply: wave32 and wave64 use
/// different numbers for EXEC, VCC, VGPRs and AGPRs (digest §5.3). `None` when the numbers
/// do not tell (only SGPRs, PC) or contradict each other.
pub fn wave_size_from_registers(regs: impl IntoIterator<Item = u64>) -> Option<u32> {
    let (mut w32, mut w64) = (false, false);
    for r in regs {
        match r {
            EXEC_32 | VCC_32 => w32 = true,
            EXEC_64 | VCC_64 => w64 = true,
            r if (VGPR0_WAVE32..AGPR0_WAVE32 + 256).contains(&r) => w32 = true,
            r if (VGPR0_WAVE64..VGPR0_WAVE64 + 256).contains(&r)
                || (AGPR0_WAVE64..AGPR0_WAVE64 + 256).contains(&r) =>
            {
                w64 = true
            }
            _ => {}
        }
    }
    match (w32, w64) {
        (true, false) => Some(32),
        (false, true) => Some(64),
        _ => None,
    }
}

/// The wave size of the function at `pc`: the code object's kernel data when a function
/// symbol covers `pc`, else the register numbers of the CFI row there.
pub fn wave_size_of(
    co: &CodeObject<'_>,
    cfi: &CallFrames<'_>,
    pc: u64,
) -> Option<(u32, WaveSizeFrom)> {
    if let Some(ws) = co.wave_size_at(pc) {
        let source = co
            .kernels()
            .iter()
            .find(|k| k.code.is_some_and(|(a, s)| pc >= a && pc - a < s.max(1)))
            .map(|k| k.wavefront_size_source);
        return Some((ws, WaveSizeFrom::CodeObject(source)));
    }
    let row = cfi.row_at(pc).ok()??;
    wave_size_from_registers(row.rules.keys().copied()).map(|w| (w, WaveSizeFrom::Registers))
}

/// Reads an evaluated `DW_AT_LLVM_lane_pc` location: element N (64 bits at bit 64·N) is
/// lane N's PC; `None` where the element is undefined (the lane was not active on entry)
/// or unavailable.
pub fn lane_pcs<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    lanes: u32,
) -> EvalResult<Vec<Option<u64>>> {
    let bits = access::read(ctx, loc, 0, u64::from(lanes) * 64)?;
    Ok((0..u64::from(lanes))
        .map(|n| {
            let s = n * 64;
            (s..s + 64)
                .all(|i| bits.status(i) == BitStatus::Valid)
                .then(|| bits.get(s, 64) as u64)
        })
        .collect())
}

/// Reads an evaluated `DW_AT_LLVM_active_lane` location as a `lanes`-bit mask.
pub fn active_mask<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    lanes: u32,
) -> EvalResult<Vec<bool>> {
    let v = access::read_value(ctx, loc, u64::from(lanes), BaseType::unsigned(lanes))?;
    Ok((0..u64::from(lanes)).map(|n| v.bit(n)).collect())
}

/// Where [`FrameLanes`] values came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneSource {
    /// The DWARF attribute (with its code).
    Attribute(gimli::DwAt),
    /// The attribute is absent: the hardware value (PC, EXEC) or, for the lane count, the
    /// wave size.
    Hardware,
}

/// The lanes of one frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameLanes {
    /// Number of lanes (`DW_AT_LLVM_lanes`, else the wave size).
    pub lanes: u32,
    /// Where `lanes` came from (`Hardware` = missing attribute, the wave size was used).
    pub lanes_from: LaneSource,
    /// The attribute numbering the DIE uses.
    pub numbering: AttributeNumbering,
    /// PC per lane (`None`: the lane was not active on entry to this subprogram).
    pub pcs: Vec<Option<u64>>,
    /// Where `pcs` came from.
    pub pcs_from: LaneSource,
    /// Active lanes.
    pub active: Vec<bool>,
    /// Where `active` came from.
    pub active_from: LaneSource,
}

impl FrameLanes {
    /// Whether the lanes with a PC do not all share one.
    pub fn divergent(&self) -> bool {
        let mut it = self.pcs.iter().flatten();
        match it.next() {
            Some(first) => it.any(|p| p != first),
            None => false,
        }
    }
}

/// What DIE-level expressions need beyond a frame: `DW_OP_call*` targets, `.debug_addr`,
/// base types, all from the unit `unit` of `dbg`, and location lists matched at `pc`
/// (code-object addresses, before the load bias).
pub struct DieContext<'c, 'd, 'a, C: Context + ?Sized> {
    inner: &'c mut C,
    dbg: &'d DebugInfo<'a>,
    unit: hetdwarf::index::UnitId,
    pc: u64,
    encoding: hetdwarf::expr::Encoding,
}

impl<'c, 'd, 'a, C: Context + ?Sized> DieContext<'c, 'd, 'a, C> {
    /// Wraps `inner` for expressions of unit `unit`, location lists matched at `pc`
    /// (a code-object address), expressions decoded with `encoding`.
    pub fn new(
        inner: &'c mut C,
        dbg: &'d DebugInfo<'a>,
        unit: hetdwarf::index::UnitId,
        pc: u64,
        encoding: hetdwarf::expr::Encoding,
    ) -> Self {
        DieContext {
            inner,
            dbg,
            unit,
            pc,
            encoding,
        }
    }

    /// The decode parameters of the unit's expressions.
    pub fn params(&self) -> DecodeParams {
        self.dbg.decode_params(self.unit, self.encoding)
    }

    /// The location an attribute value of a DIE of unit `unit` describes.
    pub(super) fn attr_location(
        &self,
        unit: hetdwarf::index::UnitId,
        value: AttributeValue<Reader<'a>>,
    ) -> EvalResult<DieLocation> {
        let info = self.dbg.unit(unit);
        let params = self.dbg.decode_params(unit, self.encoding);
        let decode = |b: &[u8]| -> EvalResult<Arc<dyn Program>> {
            Expr::decode(b, params)
                .map(|e| Arc::new(e) as Arc<dyn Program>)
                .map_err(|e| Error::ill_formed(format!("expression does not decode: {e}")))
        };
        match value {
            AttributeValue::Exprloc(e) => Ok(DieLocation::Expr(decode(e.0.slice())?)),
            AttributeValue::LocationListsRef(_)
            | AttributeValue::SecOffset(_)
            | AttributeValue::DebugLocListsIndex(_) => {
                let dwarf = self.dbg.dwarf();
                let off = match value {
                    AttributeValue::LocationListsRef(o) => o,
                    AttributeValue::SecOffset(o) => gimli::LocationListsOffset(o),
                    AttributeValue::DebugLocListsIndex(i) => dwarf
                        .locations_offset(&info.unit, i)
                        .map_err(|e| Error::ill_formed(format!("location list index: {e}")))?,
                    _ => unreachable!(),
                };
                let mut iter = dwarf
                    .locations(&info.unit, off)
                    .map_err(|e| Error::ill_formed(format!("location list: {e}")))?;
                let mut out = Vec::new();
                while let Some(entry) = iter
                    .next()
                    .map_err(|e| Error::ill_formed(format!("location list: {e}")))?
                {
                    if entry.range.begin <= self.pc && self.pc < entry.range.end {
                        out.push(decode(entry.data.0.slice())?);
                    }
                    if out.len() > 64 {
                        break;
                    }
                }
                Ok(DieLocation::LocationList(out))
            }
            AttributeValue::Block(b) => Ok(DieLocation::ConstValue(b.slice().into())),
            AttributeValue::Data1(v) => Ok(DieLocation::ConstValue(vec![v].into())),
            AttributeValue::Data2(v) => Ok(DieLocation::ConstValue(v.to_le_bytes().into())),
            AttributeValue::Data4(v) => Ok(DieLocation::ConstValue(v.to_le_bytes().into())),
            AttributeValue::Data8(v) => Ok(DieLocation::ConstValue(v.to_le_bytes().into())),
            AttributeValue::Udata(v) => Ok(DieLocation::ConstValue(v.to_le_bytes().into())),
            AttributeValue::Sdata(v) => Ok(DieLocation::ConstValue(v.to_le_bytes().into())),
            _ => Ok(DieLocation::None),
        }
    }

    fn die_location(&self, info_offset: u64) -> EvalResult<DieLocation> {
        let uid = self
            .dbg
            .unit_containing(info_offset)
            .ok_or_else(|| Error::ill_formed(format!("no unit contains DIE {info_offset:#x}")))?;
        let info = self.dbg.unit(uid);
        let rel = UnitOffset(
            usize::try_from(info_offset - info.offset)
                .map_err(|_| Error::ill_formed("DIE offset out of range"))?,
        );
        let entry = info
            .unit
            .entry(rel)
            .map_err(|e| Error::ill_formed(format!("DIE {info_offset:#x}: {e}")))?;
        for a in [gimli::DW_AT_location, gimli::DW_AT_const_value] {
            if let Some(v) = entry.attr_value(a) {
                return self.attr_location(uid, v);
            }
        }
        Ok(DieLocation::None)
    }

    fn info_offset(&self, die: DieRef) -> u64 {
        match die {
            DieRef::Unit(o) => self.dbg.unit(self.unit).offset + o,
            DieRef::Info(o) => o,
        }
    }
}

impl<C: Context + ?Sized> Context for DieContext<'_, '_, '_, C> {
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
        self.inner.frame()
    }
    fn read_register(
        &mut self,
        reg: u64,
        frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> EvalResult<()> {
        self.inner.read_register(reg, frame, offset, buf)
    }
    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> EvalResult<()> {
        self.inner.write_register(reg, frame, offset, data)
    }
    fn register_location(&mut self, reg: u64) -> EvalResult<LocDesc> {
        self.inner.register_location(reg)
    }
    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> EvalResult<()> {
        self.inner.read_memory(aspace, lane, address, buf)
    }
    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> EvalResult<()> {
        self.inner.write_memory(aspace, lane, address, data)
    }
    fn cfa(&mut self) -> EvalResult<LocDesc> {
        self.inner.cfa()
    }
    fn call_frame_entry_reg(&mut self, reg: u64) -> EvalResult<LocDesc> {
        self.inner.call_frame_entry_reg(reg)
    }
    fn relocate(&self, address: u64) -> u64 {
        self.inner.relocate(address)
    }
    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> EvalResult<u64> {
        self.inner.convert_address(address, from, to)
    }
    fn debug_addr(&mut self, index: u64) -> EvalResult<u64> {
        let info = self.dbg.unit(self.unit);
        self.dbg
            .dwarf()
            .address(&info.unit, gimli::DebugAddrIndex(index as usize))
            .map_err(|e| Error::ill_formed(format!(".debug_addr entry {index}: {e}")))
    }
    fn call_target(&mut self, die: DieRef) -> EvalResult<DieLocation> {
        let off = self.info_offset(die);
        self.die_location(off)
    }
    fn implicit_pointer_target(&mut self, die: u64) -> EvalResult<DieLocation> {
        self.die_location(die)
    }
    fn base_type(&mut self, die: DieRef) -> EvalResult<BaseType> {
        let off = self.info_offset(die);
        let uid = self
            .dbg
            .unit_containing(off)
            .ok_or_else(|| Error::ill_formed(format!("no unit contains DIE {off:#x}")))?;
        let info = self.dbg.unit(uid);
        let entry = info
            .unit
            .entry(UnitOffset((off - info.offset) as usize))
            .map_err(|e| Error::ill_formed(format!("base type {off:#x}: {e}")))?;
        if entry.tag() != gimli::DW_TAG_base_type {
            return Err(Error::ill_formed(format!(
                "DIE {off:#x} is not a base type"
            )));
        }
        let size = entry
            .attr(gimli::DW_AT_byte_size)
            .and_then(|a| a.udata_value())
            .ok_or_else(|| Error::ill_formed(format!("base type {off:#x} has no size")))?;
        let enc = match entry.attr_value(gimli::DW_AT_encoding) {
            Some(AttributeValue::Encoding(e)) => e.0,
            Some(v) => v.udata_value().unwrap_or(0) as u8,
            None => 0,
        };
        Ok(BaseType::new((size * 8) as u32, enc))
    }
}

/// Which attribute numbering a subprogram DIE uses: the current codes (0x3e11/0x3e12) when
/// present, else the old ones (0x3e08/0x3e0a/0x3e0b, which upstream reassigned to
/// attributes of pointer types, never of subprograms), else current.
pub fn numbering_of(entry: &gimli::DebuggingInformationEntry<Reader<'_>>) -> AttributeNumbering {
    if entry.attr(at::LLVM_LANES).is_some() || entry.attr(at::LLVM_LANE_PC).is_some() {
        AttributeNumbering::Current
    } else if [
        at::OLD_LLVM_LANES,
        at::OLD_LLVM_LANE_PC,
        at::OLD_LLVM_ACTIVE_LANE,
    ]
    .iter()
    .any(|&a| entry.attr(a).is_some())
    {
        AttributeNumbering::Old
    } else {
        AttributeNumbering::Current
    }
}

/// The lanes of frame `ctx` for the subprogram (or inlined subroutine) DIE at
/// `.debug_info` offset `die`, with `pc` the frame's PC (look-up PC for callers) and
/// `wave_size` the function's wave size.
pub fn frame_lanes(
    ctx: &mut FrameContext<'_, '_>,
    dbg: &DebugInfo<'_>,
    die: u64,
    pc: u64,
    wave_size: u32,
    encoding: hetdwarf::expr::Encoding,
) -> EvalResult<FrameLanes> {
    let uid = dbg
        .unit_containing(die)
        .ok_or_else(|| Error::ill_formed(format!("no unit contains DIE {die:#x}")))?;
    let info = dbg.unit(uid);
    let entry = info
        .unit
        .entry(UnitOffset((die - info.offset) as usize))
        .map_err(|e| Error::ill_formed(format!("DIE {die:#x}: {e}")))?;
    let numbering = numbering_of(&entry);
    let (lanes, lanes_from) = match entry.attr(numbering.lanes()).and_then(|a| a.udata_value()) {
        Some(n) if n > 0 && n <= 4096 => (n as u32, LaneSource::Attribute(numbering.lanes())),
        Some(n) => {
            return Err(Error::ill_formed(format!(
                "DW_AT_LLVM_lanes {n} of DIE {die:#x} is out of range"
            )));
        }
        None => (wave_size, LaneSource::Hardware),
    };
    let lane_pc = entry.attr_value(numbering.lane_pc());
    let active_lane = numbering
        .active_lane()
        .and_then(|a| entry.attr_value(a).map(|v| (a, v)));
    let frame_pc = ctx.frame_pc().unwrap_or(pc);
    let exec_reg = if wave_size == 32 { EXEC_32 } else { EXEC_64 };
    let mut dctx = DieContext::new(ctx, dbg, uid, pc, encoding);
    let (pcs, pcs_from) = match lane_pc {
        Some(v) => match eval_attr(&mut dctx, uid, v)? {
            Some(loc) => (
                lane_pcs(&mut dctx, &loc, lanes)?,
                LaneSource::Attribute(numbering.lane_pc()),
            ),
            // No location-list entry covers the PC: no lane PCs there.
            None => (
                vec![None; lanes as usize],
                LaneSource::Attribute(numbering.lane_pc()),
            ),
        },
        None => (vec![Some(frame_pc); lanes as usize], LaneSource::Hardware),
    };
    let (active, active_from) = match active_lane {
        Some((code, v)) => match eval_attr(&mut dctx, uid, v)? {
            Some(loc) => (
                active_mask(&mut dctx, &loc, lanes)?,
                LaneSource::Attribute(code),
            ),
            None => (vec![false; lanes as usize], LaneSource::Attribute(code)),
        },
        None => {
            let exec = dctx.inner.read_scalar(exec_reg)?;
            (
                (0..lanes).map(|l| l < 64 && exec >> l & 1 == 1).collect(),
                LaneSource::Hardware,
            )
        }
    };
    Ok(FrameLanes {
        lanes,
        lanes_from,
        numbering,
        pcs,
        pcs_from,
        active,
        active_from,
    })
}

/// Evaluates a lane attribute (exprloc, or the first location-list entry covering the PC)
/// to a location; `None` when no entry covers the PC.
pub(super) fn eval_attr<'a, C: Context + ?Sized>(
    dctx: &mut DieContext<'_, '_, 'a, C>,
    uid: hetdwarf::index::UnitId,
    v: AttributeValue<Reader<'a>>,
) -> EvalResult<Option<LocDesc>> {
    let loc = match dctx.attr_location(uid, v)? {
        DieLocation::Expr(p) => Evaluator::new().evaluate_location(dctx, &*p)?,
        DieLocation::LocationList(ps) => match ps.first() {
            Some(p) => Evaluator::new().evaluate_location(dctx, &**p)?,
            None => return Ok(None),
        },
        _ => {
            return Err(Error::ill_formed(
                "the attribute is not a location description",
            ));
        }
    };
    Ok(Some(loc))
}
