//! Errors of the DWARF index, each naming the offset where the problem is.

use thiserror::Error;

/// An error found while indexing DWARF.
#[derive(Clone, Debug, Error)]
#[non_exhaustive]
pub enum IndexError {
    /// gimli could not parse something.
    #[error("{what}{}: {error}", fmt_offset(.offset))]
    Dwarf {
        /// What was being read.
        what: String,
        /// `.debug_info` offset (of the unit or DIE) where it happened, when known.
        offset: Option<u64>,
        /// The parser's error (in the message, so not also a `source`).
        error: gimli::Error,
    },
    /// An id ([`UnitId`](super::UnitId), [`ScopeRef`](super::ScopeRef),
    /// [`VariableRef`](super::VariableRef)) that this index did not hand out: from
    /// another index, or assembled by hand out of range.
    #[error("the {what} id does not belong to this DWARF index")]
    ForeignId {
        /// `unit`, `scope` or `variable`.
        what: &'static str,
    },
    /// What the index would build from the input passes the file's memory budget
    /// ([`DwarfIndex::set_budget`](super::DwarfIndex::set_budget)).
    #[error("unit at .debug_info+{unit:#x}: {error}")]
    OverBudget {
        /// `.debug_info` offset of the unit.
        unit: u64,
        /// The refused charge (in the message, so not also a `source`).
        error: crate::budget::OverBudget,
    },
    /// The DWARF parses but breaks a rule the index depends on.
    #[error("DIE at .debug_info+{offset:#x}: {reason}")]
    Malformed {
        /// `.debug_info` offset of the DIE or unit.
        offset: u64,
        /// What is wrong.
        reason: String,
    },
}

impl IndexError {
    /// What kind of failure this is.
    pub fn kind(&self) -> crate::ErrorKind {
        match self {
            IndexError::ForeignId { .. } => crate::ErrorKind::Usage,
            IndexError::OverBudget { .. } => crate::ErrorKind::Limit,
            _ => crate::ErrorKind::Malformed,
        }
    }
}

fn fmt_offset(offset: &Option<u64>) -> String {
    match offset {
        Some(o) => format!(" at .debug_info+{o:#x}"),
        None => String::new(),
    }
}

impl From<gimli::Error> for IndexError {
    fn from(source: gimli::Error) -> Self {
        IndexError::Dwarf {
            what: "DWARF".into(),
            offset: None,
            error: source,
        }
    }
}
