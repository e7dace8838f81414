//! One error type for this crate: [`Error`] wraps every error of the AMDGPU layer and the
//! core library's ([`hetdwarf::Error`]) unchanged, classified by [`hetdwarf::ErrorKind`].

use hetdwarf::ErrorKind;

use crate::error::CodeObjectError;
use crate::registers::RegisterError;
use crate::session::SessionError;
use crate::unwind::UnwindError;
use crate::wave::{StateError, WaveError};

/// Any error of `hetdwarf_amdgpu` or of the core library.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Reading a code object, bundle or host ELF.
    #[error(transparent)]
    CodeObject(#[from] CodeObjectError),
    /// Opening a session.
    #[error(transparent)]
    Session(#[from] SessionError),
    /// Unwinding a wave.
    #[error(transparent)]
    Unwind(#[from] UnwindError),
    /// A register name or number.
    #[error(transparent)]
    Register(#[from] RegisterError),
    /// Building or changing a wave state.
    #[error(transparent)]
    Wave(#[from] WaveError),
    /// A wave-state file.
    #[error(transparent)]
    State(#[from] StateError),
    /// The core library.
    #[error(transparent)]
    Core(#[from] hetdwarf::Error),
}

impl From<hetdwarf::eval::Error> for Error {
    fn from(e: hetdwarf::eval::Error) -> Self {
        Error::Core(e.into())
    }
}

impl From<hetdwarf::index::IndexError> for Error {
    fn from(e: hetdwarf::index::IndexError) -> Self {
        Error::Core(e.into())
    }
}

impl From<hetdwarf::var::VarError> for Error {
    fn from(e: hetdwarf::var::VarError) -> Self {
        Error::Core(e.into())
    }
}

impl Error {
    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::CodeObject(e) => code_object_kind(e),
            Error::Session(SessionError::CodeObject(e)) => code_object_kind(e),
            Error::Session(SessionError::Index { source, .. }) => source.kind(),
            Error::Unwind(UnwindError::CodeObject(e)) => code_object_kind(e),
            Error::Unwind(UnwindError::NoPc) => ErrorKind::MissingContext,
            Error::Unwind(_) => ErrorKind::Malformed,
            Error::Register(_) | Error::Wave(_) => ErrorKind::Usage,
            Error::State(_) => ErrorKind::Malformed,
            Error::Core(e) => e.kind(),
        }
    }
}

fn code_object_kind(e: &CodeObjectError) -> ErrorKind {
    match e {
        CodeObjectError::Io { .. } => ErrorKind::Io,
        CodeObjectError::TooLarge { .. } | CodeObjectError::OverBudget { .. } => ErrorKind::Limit,
        CodeObjectError::NoMatchingEntry { .. } | CodeObjectError::AmbiguousEntry { .. } => {
            ErrorKind::Usage
        }
        _ => ErrorKind::Malformed,
    }
}
