//! Lanes of a frame: the wave size of a function, `DW_AT_LLVM_lanes`, and the per-lane PCs
//! and active-lane mask from `DW_AT_LLVM_lane_pc` / `DW_AT_LLVM_active_lane` (digest §4,
//! §5.10), falling back to the hardware PC and EXEC when the attributes are absent.
//!
//! - [`wave_size_of`]: the kernel metadata through the code object, else the wave size the
//!   DWARF register numbers of the function's CFI imply;
//! - [`lane_pcs`] / [`active_mask`]: read an evaluated `lane_pc` location (a lanes-element
//!   vector of 64-bit PCs; an undefined element = the lane was not active on entry) and an
//!   `active_lane` location (a lanes-bit mask);
//! - attribute expressions run in the core's `DwarfContext`, whose symbols add what they need beyond a frame (`DW_OP_call_ref`
//!   to DWARF procedures and variables with location lists, `DW_OP_addrx`, typed
//!   operations' base types) to any [`Backend`];
//! - [`frame_lanes`] does it all for one frame and one subprogram DIE, choosing the
//!   attribute numbering ([`AttributeNumbering`]) from the DIE.

use gimli::{AttributeValue, UnitOffset};
use hetdwarf::eval::{Backend, BaseType, BitStatus, Context, Error, LocDesc, Result as EvalResult};
use hetdwarf::index::{AttributeNumbering, DwarfIndex, Reader, at};
use hetdwarf::var::{DwarfContext, FrameScope, FrameSetup};

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
    let bits = hetdwarf::eval::read(ctx, loc, 0, u64::from(lanes) * 64)?;
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
    let v = hetdwarf::eval::read_value(ctx, loc, u64::from(lanes), BaseType::unsigned(lanes))?;
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
    dbg: &DwarfIndex<'_>,
    die: u64,
    pc: u64,
    wave_size: u32,
    encoding: hetdwarf::expr::Encoding,
) -> EvalResult<FrameLanes> {
    let uid = dbg
        .unit_containing(die)
        .ok_or_else(|| Error::ill_formed(format!("no unit contains DIE {die:#x}")))?;
    let info = dbg
        .unit(uid)
        .map_err(|e| Error::ill_formed(format!("DIE {die:#x}: {e}")))?;
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
    let setup = FrameSetup::at(pc, encoding);
    let mut dctx = DwarfContext::new(ctx, dbg, uid, &setup, FrameScope::default());
    let (pcs, pcs_from) = match lane_pc {
        Some(v) => match eval_attr(&mut dctx, dbg, uid, v)? {
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
        Some((code, v)) => match eval_attr(&mut dctx, dbg, uid, v)? {
            Some(loc) => (
                active_mask(&mut dctx, &loc, lanes)?,
                LaneSource::Attribute(code),
            ),
            None => (vec![false; lanes as usize], LaneSource::Attribute(code)),
        },
        None => {
            let exec = dctx.backend.read_scalar(exec_reg)?;
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

/// Evaluates a location attribute of a DIE (exprloc, or the location-list entries covering
/// the PC, their places united) to a location; `None` when no entry covers the PC.
pub(super) fn eval_attr<'a, C: Backend + ?Sized>(
    dctx: &mut DwarfContext<'_, '_, 'a, C>,
    dbg: &DwarfIndex<'a>,
    uid: hetdwarf::index::UnitId,
    v: AttributeValue<Reader<'a>>,
) -> EvalResult<Option<LocDesc>> {
    let attr = dbg
        .owned_location(uid, v)
        .map_err(|e| Error::ill_formed(e.to_string()))?
        .ok_or_else(|| Error::ill_formed("the attribute is not a location description"))?;
    let entries = dbg
        .location_entries(uid, attr)
        .map_err(|e| Error::ill_formed(e.to_string()))?;
    if hetdwarf::index::applicable(&entries, dctx.symbols.pc()).is_empty() {
        return Ok(None);
    }
    dctx.evaluate_attr(attr).map(Some)
}
