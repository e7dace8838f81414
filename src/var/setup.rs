//! How a frame is set up: what the one who stops the wave decides ([`FrameSetup`]: PC,
//! encoding, frame-base shift, caller, conventions) and what the frame's subprogram says
//! ([`FrameScope`]: frame base and lanes). [`Frame`](super::Frame) and
//! [`DwarfContext`](super::DwarfContext) are both made from these, so neither is set up
//! by the other or by setters.

use crate::eval::LocDesc;
use crate::expr::Encoding;
use crate::index::{self, DwarfIndex, LocationAttrOwned, ScopeKind, ScopeRef};

use super::error::{MAX_LANES, VarError};

/// How a frame is set up, decided by whoever stops the wave, in one value: its PC, the
/// encoding of the object's expressions, the frame-base shift of the wave size, the caller
/// (for `DW_OP_entry_value`) and the conventions to read its unit under. [`Frame::new`]
/// and [`DwarfContext::new`](super::DwarfContext::new) take it whole, so no frame is half set up.
///
/// [`Frame::new`]: super::Frame::new
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FrameSetup {
    /// The PC, a code-object address.
    pub pc: u64,
    /// The object's expression encoding (see [`DwarfIndex::expression_profile`]).
    pub encoding: Encoding,
    /// Register frame bases hold wave-scaled scratch offsets (AMDGPU MUBUF scratch): the
    /// per-lane address is the value shifted right by this (log2 of the wave size; 0: no
    /// shift).
    pub frame_base_shift: u32,
    /// The frame's caller: entry values of registers are then answered by the caller's
    /// call site first, before the machine context's own rule.
    pub caller: Option<CallerFrame>,
    /// The conventions to read the frame's unit under (`None`: the index's choice).
    pub conventions: Option<index::ConventionsChoice>,
}

impl FrameSetup {
    /// A frame at `pc` of an object whose expressions are in `encoding`, with nothing
    /// else declared (no frame-base shift, no caller, the index's conventions).
    pub fn at(pc: u64, encoding: Encoding) -> FrameSetup {
        FrameSetup {
            pc,
            encoding,
            frame_base_shift: 0,
            caller: None,
            conventions: None,
        }
    }
}

/// What a frame's subprogram says about evaluating in it: its `DW_AT_frame_base` (with the
/// entries that apply at the PC, when the frame looked them up) and `DW_AT_LLVM_lanes`.
#[derive(Clone, Debug, Default)]
pub struct FrameScope<'a> {
    /// The subprogram's frame base attribute.
    pub frame_base: Option<LocationAttrOwned>,
    /// The frame base's expressions that apply at the PC, looked up once per frame (a
    /// long frame-base location list is then not decoded again for every variable).
    pub frame_base_entries: Option<std::sync::Arc<[&'a [u8]]>>,
    /// The subprogram's lane count.
    pub lanes: Option<u32>,
}

/// The frame that called the one a [`DwarfContext`](super::DwarfContext) evaluates in, for
/// `DW_OP_entry_value` answered by the caller's call site (`DW_TAG_call_site` /
/// `DW_TAG_GNU_call_site` whose return address is `return_pc`, and its
/// `DW_AT_call_value` evaluated in the caller's frame).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallerFrame {
    /// The return address into the caller, as a code-object address (what
    /// `DW_AT_call_return_pc` / a GNU call site's `DW_AT_low_pc` say).
    pub return_pc: u64,
    /// The machine context's number for the caller frame: the call value's register
    /// locations name this frame, and the machine context reads them through it (its
    /// [`Backend::read_register`](crate::eval::Backend::read_register) must accept it).
    pub frame: u32,
    /// The caller's canonical frame address, if known (`DW_OP_call_frame_cfa` in a call
    /// value).
    pub cfa: Option<LocDesc>,
}

impl<'a> FrameScope<'a> {
    /// What a scope chain (innermost first) tells a frame: the innermost subprogram's
    /// `DW_AT_frame_base` (an inlined subroutine's frame base is its caller's) and the
    /// innermost `DW_AT_LLVM_lanes`.
    pub fn of(dbg: &DwarfIndex<'_>, chain: &[ScopeRef]) -> Result<FrameScope<'a>, VarError> {
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
                return Ok(FrameScope {
                    frame_base: scope.frame_base,
                    frame_base_entries: None,
                    lanes,
                });
            }
        }
        Ok(FrameScope {
            frame_base: None,
            frame_base_entries: None,
            lanes,
        })
    }
}

/// `DW_AT_LLVM_lanes` as a lane count, when it is one.
fn lane_count(value: u64) -> Option<u32> {
    (1..=MAX_LANES).contains(&value).then_some(value as u32)
}
