//! Variables of a frame: from a PC and a machine context to where each variable is (every
//! applicable location-list entry, several places at once), its value per lane formatted
//! by its DWARF type, and writes through every place; with the producer conventions that
//! make upstream compilers' expressions mean what the producer intended, and provenance
//! for every value. Variable paths (`*s.ptr`, `p->a->b`, `p[5]`) are [`Path`]s.

mod context;
mod error;
mod frame;
mod lane_template;
pub(crate) mod path;
pub mod rewrite;
mod setup;

pub use context::{DwarfContext, DwarfSymbols, FrameBaseRule};
pub use error::{MAX_PLACES, VarError};
pub use frame::{AppliedEntry, Frame, LaneError, LaneValue, PathEnd, Placement};
pub use path::{Path, PathError, Step, parse_expr};
pub use setup::{CallerFrame, FrameScope, FrameSetup};
