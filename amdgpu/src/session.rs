//! The one way in: a code object with what every stop of a wave in it needs, worked out
//! once — its DWARF index, its expression encoding and its call frame information
//! ([`CallFrames::of`], the one way they are built). [`SessionRef`] is that, borrowed (the
//! CLI keeps the parts on its stack); [`Session`] owns it all, so that a long-lived holder
//! (a debugger, a C handle, a Python object) keeps it whole: `'static`, `Send + Sync`,
//! cheap to clone (an `Arc`), usable by any number of threads at once. A stop starts from
//! either with [`SessionRef::stop`].

use std::path::Path;
use std::sync::Arc;

use hetdwarf::expr::Encoding;
use hetdwarf::index::{DwarfIndex, IndexError};
use self_cell::self_cell;

use crate::unwind::{CallFrames, UnwindError};
use crate::{CodeObject, CodeObjectError, Input};

self_cell! {
    /// The input and the code object read from it.
    struct CodeCell {
        owner: Input,
        #[covariant]
        dependent: CodeObject,
    }
}

/// The index over the code object's (decompressed, relocated) DWARF sections, the
/// encoding its expressions are in, and its call frame information.
struct Indexed<'a> {
    dbg: DwarfIndex<'a>,
    encoding: Encoding,
    cfi: Result<CallFrames<'a>, UnwindError>,
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
    #[error("{name}: {error}")]
    Index {
        /// The code object.
        name: String,
        /// Why (in the message, so not also a `source`).
        error: IndexError,
    },
}

impl SessionError {
    /// What kind of failure this is.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        match self {
            SessionError::CodeObject(e) => e.kind(),
            SessionError::Index { error, .. } => error.kind(),
        }
    }
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
                DwarfIndex::new(|id| sections.get(id)).map_err(|source| SessionError::Index {
                    name: co.name().to_string(),
                    error: source,
                })?;
            dbg.set_budget(co.budget().clone());
            let encoding = encoding_of(co, &dbg)?;
            // A code object whose CFI cannot be read still has frame 0: the error is kept
            // for whoever asks about a caller.
            let cfi = CallFrames::of(co, encoding);
            Ok::<_, SessionError>(Indexed { dbg, encoding, cfi })
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
    pub fn with_debug_info<R>(&self, f: impl for<'a> FnOnce(&DwarfIndex<'a>) -> R) -> R {
        self.0.with_dependent(|_, indexed| f(&indexed.dbg))
    }

    /// Runs `f` with the session borrowed: the code object, its index, its encoding and
    /// its call frame information, from which a wave's [`Stop`](crate::stop::Stop) is made.
    pub fn with_ref<R>(&self, f: impl for<'s, 'd> FnOnce(&SessionRef<'s, 'd>) -> R) -> R {
        self.0.with_dependent(|code, indexed| {
            f(&SessionRef {
                co: code.borrow_dependent(),
                dbg: &indexed.dbg,
                encoding: indexed.encoding,
                cfi: &indexed.cfi,
            })
        })
    }

    /// The encoding the code object's expressions are in.
    pub fn encoding(&self) -> Encoding {
        self.0.with_dependent(|_, indexed| indexed.encoding)
    }
}

/// The expression encoding of `co`'s DWARF (the producer's `DW_OP_LLVM_user` or AMD's
/// legacy opcodes), worked out once per code object.
pub fn encoding_of(co: &CodeObject<'_>, dbg: &DwarfIndex<'_>) -> Result<Encoding, SessionError> {
    dbg.expression_profile()
        .map(|p| p.encoding.encoding)
        .map_err(|source| SessionError::Index {
            name: co.name().to_string(),
            error: source,
        })
}

/// A code object with its index, expression encoding and call frame information,
/// borrowed: what every stop of a wave in it starts from ([`SessionRef::stop`]). An owned
/// [`Session`] lends one ([`Session::with_ref`]); a caller that keeps the parts itself
/// makes one with [`SessionRef::new`].
#[derive(Clone, Copy)]
pub struct SessionRef<'s, 'd> {
    co: &'s CodeObject<'d>,
    dbg: &'s DwarfIndex<'d>,
    encoding: Encoding,
    cfi: &'s Result<CallFrames<'d>, UnwindError>,
}

impl std::fmt::Debug for SessionRef<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionRef")
            .field("code_object", &self.co.name())
            .field("encoding", &self.encoding)
            .finish_non_exhaustive()
    }
}

impl<'s, 'd> SessionRef<'s, 'd> {
    /// The session of `co`, its index `dbg`, the encoding of its expressions
    /// ([`encoding_of`]) and its call frame information as [`CallFrames::of`] built it
    /// under that encoding (an error is kept for whoever asks about a caller).
    pub fn new(
        co: &'s CodeObject<'d>,
        dbg: &'s DwarfIndex<'d>,
        encoding: Encoding,
        cfi: &'s Result<CallFrames<'d>, UnwindError>,
    ) -> SessionRef<'s, 'd> {
        SessionRef {
            co,
            dbg,
            encoding,
            cfi,
        }
    }

    /// The code object.
    pub fn co(&self) -> &'s CodeObject<'d> {
        self.co
    }

    /// Its DWARF index.
    pub fn dbg(&self) -> &'s DwarfIndex<'d> {
        self.dbg
    }

    /// The encoding its expressions are in.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Its call frame information, or why it could not be read.
    pub fn call_frames(&self) -> Result<&'s CallFrames<'d>, &'s UnwindError> {
        self.cfi.as_ref()
    }
}
