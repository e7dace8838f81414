//! The memory budget of an opened file (see [`hetdwarf::budget`]): decompressed sections
//! and bundles and relocated copies are charged to it before they are made.

pub use hetdwarf::budget::MemoryBudget;

use crate::error::CodeObjectError;

/// Charges `bytes` for `what` of `file` to `budget`; the error names the file.
pub(crate) fn charge(
    budget: &MemoryBudget,
    file: &str,
    what: &str,
    bytes: u64,
) -> Result<(), CodeObjectError> {
    budget
        .charge(|| what.to_string(), bytes)
        .map_err(|e| CodeObjectError::OverBudget {
            file: file.to_string(),
            what: e.what,
            size: e.size,
            used: e.used,
            limit: e.limit,
        })
}
