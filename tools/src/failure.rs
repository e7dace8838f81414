//! A command's failure: its message and the kind scripts read in
//! `{"error": {"kind", "message", ...}}` (`--format json`).

use hetdwarf::ErrorKind;
use serde_json::{Value, json};

/// Why a command failed.
#[derive(Debug)]
pub struct Failure {
    /// The kind: a [`hetdwarf::ErrorKind`] name (`io`, `malformed`, `usage`, ...) or one of
    /// `diop`'s (`parse`, `ill_formed`, ...); `tools/schema/defs.schema.json` lists them.
    pub kind: &'static str,
    /// One line for people.
    pub message: String,
    /// Further fields of the JSON error object (an object, or null for none).
    pub extra: Value,
}

impl Failure {
    /// A failure of a known kind.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Failure {
            kind: kind.name(),
            message: message.into(),
            extra: Value::Null,
        }
    }

    /// A request that cannot be carried out as asked.
    pub fn usage(message: impl Into<String>) -> Self {
        Failure::new(ErrorKind::Usage, message)
    }

    /// A library error, its message after `prefix` (a file, a PC, a variable: what the
    /// error happened to), its kind the library's.
    pub fn library(e: impl Into<hetdwarf_amdgpu::Error>, prefix: impl std::fmt::Display) -> Self {
        let e = e.into();
        Failure::new(e.kind(), format!("{prefix}{e}"))
    }

    /// The JSON document a script reads on stdout: `{"error": {"kind", "message", ...}}`.
    pub fn document(&self) -> Value {
        let mut err = json!({ "kind": self.kind, "message": self.message });
        if let Value::Object(extra) = &self.extra {
            for (k, v) in extra {
                err[k] = v.clone();
            }
        }
        json!({ "error": err })
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<hetdwarf_amdgpu::Error> for Failure {
    fn from(e: hetdwarf_amdgpu::Error) -> Self {
        Failure::new(e.kind(), e.to_string())
    }
}

impl From<hetdwarf_amdgpu::stop::StopError> for Failure {
    fn from(e: hetdwarf_amdgpu::stop::StopError) -> Self {
        Failure::new(e.kind(), e.to_string())
    }
}
