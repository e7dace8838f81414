//! Errors of the DIOp language: parsing (with the byte offset in the text) and
//! well-formedness (with the index of the operation, in the fork's verifier wording).

use std::fmt;

/// Why DIOp text could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at byte {at}: {kind}")]
pub struct ParseError {
    /// Byte offset in the text.
    pub at: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// What kind of failure this is: DIOp text that does not parse.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::Malformed
    }
}

impl ParseError {
    pub(crate) fn new(at: usize, kind: ParseErrorKind) -> Self {
        ParseError { at, kind }
    }
}

/// The kinds of [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that starts no token.
    #[error("unexpected character '{0}'")]
    Unexpected(String),
    /// A string or quoted name without its closing quote.
    #[error("unterminated {0}")]
    Unterminated(&'static str),
    /// Something else was expected here.
    #[error("expected {0}")]
    Expected(String),
    /// A number that does not fit or is malformed.
    #[error("bad number '{0}'")]
    BadNumber(String),
    /// An operation name the language does not have.
    #[error("unknown operation '{0}'")]
    UnknownOp(String),
    /// A type name LLVM does not have.
    #[error("unknown type '{0}'")]
    UnknownType(String),
    /// A literal that does not fit its type.
    #[error("{0}")]
    BadLiteral(String),
    /// Old-style DWARF operations (`DW_OP_*`) where DIOp operations were expected.
    #[error("'{0}' is a DWARF operation: this expression is not DIOp-based")]
    NotDiop(String),
    /// Input continues after a complete expression.
    #[error("unexpected '{0}' after the expression")]
    Trailing(String),
    /// Nesting deeper than the parser accepts.
    #[error("types nested deeper than {0} levels")]
    TooDeep(usize),
}

/// Why an expression is not well-formed: the fork verifier's message and the operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    /// Index of the operation at fault (`None` for whole-expression rules).
    pub op: Option<usize>,
    /// The message, in the fork verifier's words where it has one.
    pub message: String,
}

impl CheckError {
    /// What kind of failure this is: a DIOp expression that breaks a rule.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::IllFormed
    }
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.op {
            Some(i) => write!(f, "operation {i}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for CheckError {}
