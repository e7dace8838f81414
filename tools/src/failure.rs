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
    /// The file the message already names, when it names one (the code object, the wave
    /// state, an output): a front end that names the file it works on
    /// ([`within`](Failure::within)) leaves such a failure as it is.
    pub file: Option<String>,
}

impl Failure {
    /// A failure of a known kind.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Failure {
            kind: kind.name(),
            message: message.into(),
            extra: Value::Null,
            file: None,
        }
    }

    /// Records that the message names `file` (it was written with it).
    pub fn naming(mut self, file: impl std::fmt::Display) -> Self {
        self.file = Some(file.to_string());
        self
    }

    /// Names `file` at the front of the message, unless the message names a file already.
    pub fn within(mut self, file: &str) -> Self {
        if self.file.is_none() {
            self.message = format!("{file}: {}", self.message);
            self.file = Some(file.to_string());
        }
        self
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
        let failure = Failure::new(e.kind(), e.to_string());
        match e {
            hetdwarf_amdgpu::stop::StopError::Unwind { object, .. } => failure.naming(object),
            _ => failure,
        }
    }
}
