//! A command's failure: its message and the kind scripts read in
//! `{"error": {"kind", "message"}}` (`--format json`).

use hetdwarf::ErrorKind;

/// Why a command failed.
#[derive(Debug)]
pub struct Failure {
    /// The kind: a [`hetdwarf::ErrorKind`] name (`io`, `malformed`, `usage`, ...), or
    /// `failed` when the cause was not classified.
    pub kind: &'static str,
    /// One line for people.
    pub message: String,
}

impl Failure {
    /// A failure of a known kind.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Failure {
            kind: kind.name(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure {
            kind: "failed",
            message,
        }
    }
}

impl From<hetdwarf_amdgpu::Error> for Failure {
    fn from(e: hetdwarf_amdgpu::Error) -> Self {
        Failure::new(e.kind(), e.to_string())
    }
}
