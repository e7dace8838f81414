//! A session: one value that owns a code object's bytes, the code object read from them,
//! and its DWARF index, so that a long-lived holder (a debugger, a C handle, a Python
//! object) keeps it whole. It is `'static`, `Send + Sync` and cheap to clone (an `Arc`), and
//! any number of threads can use one session at once.

use std::path::Path;
use std::sync::Arc;

use hetdwarf::index::{DebugInfo, IndexError};
use self_cell::self_cell;

use crate::{CodeObject, CodeObjectError, Input};

self_cell! {
    /// The input and the code object read from it.
    struct CodeCell {
        owner: Input,
        #[covariant]
        dependent: CodeObject,
    }
}

/// The index over the code object's (decompressed, relocated) DWARF sections.
struct Indexed<'a> {
    dbg: DebugInfo<'a>,
}

self_cell! {
    struct SessionCell {
        owner: CodeCell,
        #[not_covariant]
        dependent: Indexed,
    }
}

/// Why a session could not be opened.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SessionError {
    /// The file or bytes are not a usable code object.
    #[error(transparent)]
    CodeObject(#[from] CodeObjectError),
    /// Its DWARF could not be indexed.
    #[error("{name}: {source}")]
    Index {
        /// The code object.
        name: String,
        /// Why.
        source: IndexError,
    },
}

/// An open code object with its DWARF index, owned (see the module documentation).
#[derive(Clone)]
pub struct Session(Arc<SessionCell>);

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("code_object", self.code_object())
            .finish_non_exhaustive()
    }
}

impl Session {
    /// Opens `input`'s code object (`processor` picks a bundle's entry) and indexes its DWARF.
    pub fn new(input: Input, processor: Option<&str>) -> Result<Session, SessionError> {
        let code = CodeCell::try_new(input, |input| input.code_object(processor))?;
        let cell = SessionCell::try_new(code, |code| {
            let co = code.borrow_dependent();
            let sections = co.dwarf_sections().map_err(SessionError::CodeObject)?;
            let mut dbg =
                DebugInfo::new(|id| sections.get(id)).map_err(|source| SessionError::Index {
                    name: co.name().to_string(),
                    source,
                })?;
            dbg.set_budget(co.budget().clone());
            Ok::<_, SessionError>(Indexed { dbg })
        })?;
        Ok(Session(Arc::new(cell)))
    }

    /// Reads a file into memory (immune to the file changing afterwards; see
    /// [`Input::read`]) and opens it.
    pub fn open(path: &Path, processor: Option<&str>) -> Result<Session, SessionError> {
        Session::new(Input::read(path, None)?, processor)
    }

    /// Opens caller-owned bytes (`name` names them in errors).
    pub fn from_bytes(
        name: impl Into<String>,
        bytes: Vec<u8>,
        processor: Option<&str>,
    ) -> Result<Session, SessionError> {
        let name = name.into();
        Session::new(Input::from_bytes(&name, bytes)?, processor)
    }

    /// The code object.
    pub fn code_object(&self) -> &CodeObject<'_> {
        self.0.borrow_owner().borrow_dependent()
    }

    /// Runs `f` with the DWARF index (the index borrows the session, so it is lent to a
    /// closure rather than returned).
    pub fn with_debug_info<R>(&self, f: impl for<'a> FnOnce(&DebugInfo<'a>) -> R) -> R {
        self.0.with_dependent(|_, indexed| f(&indexed.dbg))
    }
}
