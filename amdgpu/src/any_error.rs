//! One error type for this crate: [`Error`] wraps every error of the AMDGPU layer and the
//! core library's ([`hetdwarf::Error`]) unchanged, classified by [`hetdwarf::ErrorKind`].

use hetdwarf::ErrorKind;

use crate::error::CodeObjectError;
use crate::registers::RegisterError;
use crate::session::SessionError;
use crate::unwind::UnwindError;
use crate::{StateError, WaveError};

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
    /// What kind of failure this is (each error says its own).
    pub fn kind(&self) -> ErrorKind {
        match self {
            Error::CodeObject(e) => e.kind(),
            Error::Session(e) => e.kind(),
            Error::Unwind(e) => e.kind(),
            Error::Register(e) => e.kind(),
            Error::Wave(e) => e.kind(),
            Error::State(e) => e.kind(),
            Error::Core(e) => e.kind(),
        }
    }
}
