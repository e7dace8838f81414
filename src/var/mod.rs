//! Variables of a frame: from a PC and a machine context to where each variable is (every
//! applicable location-list entry, several places at once), its value per lane formatted
//! by its DWARF type, and writes through every place; with the producer conventions that
//! make upstream compilers' expressions mean what the producer intended, and provenance
//! for every value.

mod context;
mod frame;
pub mod rewrite;

pub use context::{CallerFrame, DwarfContext, FrameBaseRule};
pub use frame::{AppliedEntry, Frame, LaneValue, Placement, VarError};
