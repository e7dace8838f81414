//! Variables of a frame: from a PC and a machine context to where each variable is (every
//! applicable location-list entry, several places at once), its value per lane formatted
//! by its DWARF type, and writes through every place; with the producer conventions that
//! make upstream compilers' expressions mean what the producer intended, and provenance
//! for every value. Variable paths (`*s.ptr`, `p->a->b`, `p[5]`) are in [`path`].

mod context;
mod frame;
mod lane_template;
pub mod path;
pub mod rewrite;

pub use context::{CallerFrame, DwarfContext, FrameBaseRule, FrameScope, FrameSetup};
pub use frame::{
    AppliedEntry, Frame, LaneError, LaneValue, MAX_PLACES, PathEnd, Placement, VarError,
};
pub use path::{Path, PathError, Step, parse_expr};
