//! Evaluation errors: one type for every way an evaluation can fail, classified as the
//! extension specification classifies failures, and positioned at the failing operation.

use std::borrow::Cow;
use std::fmt;

use crate::ErrorKind;

/// Which configurable bound an evaluation ran into (see [`Limits`](super::Limits)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Limit {
    /// Number of operations executed.
    Steps,
    /// Depth of `DW_OP_call*` callees running on the caller's stack.
    CallDepth,
    /// Depth of separate nested evaluations (location-list callees, implicit pointer
    /// targets).
    Nesting,
    /// Parts of one composite location (nested composites' parts included).
    CompositeParts,
    /// Bytes of one implicit location or value.
    ImplicitSize,
    /// Entries on the stack.
    StackDepth,
    /// Bits of one read through a location.
    ReadSize,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Steps => "operation count",
            Limit::CallDepth => "call depth",
            Limit::Nesting => "nested evaluation depth",
            Limit::CompositeParts => "composite part count",
            Limit::ImplicitSize => "implicit storage size",
            Limit::StackDepth => "stack depth",
            Limit::ReadSize => "read size in bits",
        })
    }
}

/// Where in an expression an error happened.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct At {
    /// Index of the operation in the decoded expression.
    pub op_index: Option<usize>,
    /// Byte offset of the operation in the expression.
    pub op_offset: Option<u64>,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.op_index, self.op_offset) {
            (Some(i), Some(o)) => write!(f, " at op {i} (offset {o:#x})"),
            (Some(i), None) => write!(f, " at op {i}"),
            (None, Some(o)) => write!(f, " at offset {o:#x}"),
            (None, None) => Ok(()),
        }
    }
}

/// An evaluation (or access) error: a boxed [`ErrorDetail`], so results stay small on
/// the interpreter's hot path, and the error that caused it when there is one (a
/// [`Context`](super::Context)'s own error, kept whole: [`std::error::Error::source`]
/// returns it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(Box<Repr>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Repr {
    detail: ErrorDetail,
    cause: Option<Cause>,
}

/// The error behind an [`Error`], shared so that errors stay cheap to clone.
#[derive(Clone)]
pub struct Cause(std::sync::Arc<dyn std::error::Error + Send + Sync + 'static>);

impl Cause {
    /// The error.
    pub fn get(&self) -> &(dyn std::error::Error + Send + Sync + 'static) {
        &*self.0
    }
}

impl fmt::Debug for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

/// Causes compare by what they say (the error types behind them need not be comparable).
impl PartialEq for Cause {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_string() == other.0.to_string()
    }
}

impl Eq for Cause {}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0.detail, f)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0
            .cause
            .as_ref()
            .map(|c| &*c.0 as &(dyn std::error::Error + 'static))
    }
}

/// What an [`Error`] says.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorDetail {
    /// The expression could not be decoded.
    #[error("cannot decode expression{at}: {reason}")]
    Decode {
        /// What went wrong.
        reason: Cow<'static, str>,
        /// Where.
        at: At,
    },
    /// The expression is ill-formed (a producer bug).
    #[error("ill-formed expression{at}: {reason}")]
    IllFormed {
        /// Which rule is broken.
        reason: Cow<'static, str>,
        /// Where.
        at: At,
    },
    /// A runtime evaluation error.
    #[error("evaluation error{at}: {reason}")]
    Evaluation {
        /// What went wrong.
        reason: Cow<'static, str>,
        /// Where.
        at: At,
    },
    /// A configurable limit was exceeded (an evaluation error).
    #[error("evaluation error{at}: {limit} limit ({max}) exceeded")]
    LimitExceeded {
        /// Which limit.
        limit: Limit,
        /// Its configured value.
        max: u64,
        /// Where.
        at: At,
    },
    /// Memory or a register could not be fetched.
    #[error("unavailable{at}: {reason}")]
    Unavailable {
        /// What could not be fetched.
        reason: Cow<'static, str>,
        /// Where.
        at: At,
    },
    /// A context element the evaluation needs was not supplied.
    #[error("missing context{at}: {what} is required")]
    MissingContext {
        /// The element (`"current lane"`, `"call frame CFA"`, ...).
        what: Cow<'static, str>,
        /// Where.
        at: At,
    },
}

impl From<ErrorDetail> for Error {
    // Errors are the rare path: out of line, so the callers' hot paths inline well.
    #[cold]
    #[inline(never)]
    fn from(d: ErrorDetail) -> Self {
        Error(Box::new(Repr {
            detail: d,
            cause: None,
        }))
    }
}

impl Error {
    /// The details.
    pub fn detail(&self) -> &ErrorDetail {
        &self.0.detail
    }

    /// The same error, caused by `cause`: a [`Context`](super::Context) answers with its
    /// own error this way, and it reaches the caller whole through
    /// [`source`](std::error::Error::source).
    #[cold]
    pub fn caused_by(mut self, cause: impl std::error::Error + Send + Sync + 'static) -> Self {
        self.0.cause = Some(Cause(std::sync::Arc::new(cause)));
        self
    }

    /// This error with `other`'s cause: an error rewritten with a new message (a
    /// context's own evaluator naming where it failed) keeps what a [`Context`](super::Context)
    /// reported behind it.
    pub fn with_cause_of(mut self, other: &Error) -> Self {
        self.0.cause = other.0.cause.clone();
        self
    }

    /// The error behind this one, if any.
    pub fn cause(&self) -> Option<&Cause> {
        self.0.cause.as_ref()
    }

    /// This error's message followed by its causes' (`: `-separated), for one-line reports.
    pub fn chain(&self) -> String {
        crate::error_chain(self)
    }

    /// The limit exceeded, for limit errors.
    pub fn limit_exceeded(&self) -> Option<Limit> {
        match &self.0.detail {
            ErrorDetail::LimitExceeded { limit, .. } => Some(*limit),
            _ => None,
        }
    }

    /// A decode error.
    #[cold]
    pub fn decode(reason: impl Into<Cow<'static, str>>) -> Self {
        ErrorDetail::Decode {
            reason: reason.into(),
            at: At::default(),
        }
        .into()
    }

    /// An ill-formed-expression error.
    #[cold]
    pub fn ill_formed(reason: impl Into<Cow<'static, str>>) -> Self {
        ErrorDetail::IllFormed {
            reason: reason.into(),
            at: At::default(),
        }
        .into()
    }

    /// A runtime evaluation error.
    #[cold]
    pub fn evaluation(reason: impl Into<Cow<'static, str>>) -> Self {
        ErrorDetail::Evaluation {
            reason: reason.into(),
            at: At::default(),
        }
        .into()
    }

    /// An unavailable-data error (failed fetch).
    #[cold]
    pub fn unavailable(reason: impl Into<Cow<'static, str>>) -> Self {
        ErrorDetail::Unavailable {
            reason: reason.into(),
            at: At::default(),
        }
        .into()
    }

    /// A missing-context error naming the missing element.
    #[cold]
    pub fn missing(what: impl Into<Cow<'static, str>>) -> Self {
        ErrorDetail::MissingContext {
            what: what.into(),
            at: At::default(),
        }
        .into()
    }

    /// A limit error.
    #[cold]
    pub fn limit(limit: Limit, max: u64) -> Self {
        ErrorDetail::LimitExceeded {
            limit,
            max,
            at: At::default(),
        }
        .into()
    }

    /// What kind of failure this is, in the library's one classification ([`ErrorKind`]):
    /// expression bytes that do not decode are [`Malformed`](ErrorKind::Malformed), a
    /// bound of [`Limits`](super::Limits) is [`Limit`](ErrorKind::Limit); the other classes
    /// keep their names.
    pub fn kind(&self) -> ErrorKind {
        match &self.0.detail {
            ErrorDetail::Decode { .. } => ErrorKind::Malformed,
            ErrorDetail::IllFormed { .. } => ErrorKind::IllFormed,
            ErrorDetail::Evaluation { .. } => ErrorKind::Evaluation,
            ErrorDetail::LimitExceeded { .. } => ErrorKind::Limit,
            ErrorDetail::Unavailable { .. } => ErrorKind::Unavailable,
            ErrorDetail::MissingContext { .. } => ErrorKind::MissingContext,
        }
    }

    /// The class the extension specification gives this failure, by name: `decode`,
    /// `ill_formed`, `evaluation` (a limit included), `unavailable` or `missing_context`,
    /// as `hetdwarf eval`'s JSON spells it.
    pub fn class_name(&self) -> &'static str {
        match &self.0.detail {
            ErrorDetail::Decode { .. } => "decode",
            ErrorDetail::IllFormed { .. } => "ill_formed",
            ErrorDetail::Evaluation { .. } | ErrorDetail::LimitExceeded { .. } => "evaluation",
            ErrorDetail::Unavailable { .. } => "unavailable",
            ErrorDetail::MissingContext { .. } => "missing_context",
        }
    }

    /// Where the error happened, if known.
    pub fn at(&self) -> At {
        match &self.0.detail {
            ErrorDetail::Decode { at, .. }
            | ErrorDetail::IllFormed { at, .. }
            | ErrorDetail::Evaluation { at, .. }
            | ErrorDetail::LimitExceeded { at, .. }
            | ErrorDetail::Unavailable { at, .. }
            | ErrorDetail::MissingContext { at, .. } => *at,
        }
    }

    fn at_mut(&mut self) -> &mut At {
        match &mut self.0.detail {
            ErrorDetail::Decode { at, .. }
            | ErrorDetail::IllFormed { at, .. }
            | ErrorDetail::Evaluation { at, .. }
            | ErrorDetail::LimitExceeded { at, .. }
            | ErrorDetail::Unavailable { at, .. }
            | ErrorDetail::MissingContext { at, .. } => at,
        }
    }

    /// Records the failing operation unless a position is already recorded (errors from
    /// nested evaluations keep the innermost position).
    pub fn located(mut self, op_index: usize, op_offset: u64) -> Self {
        let at = self.at_mut();
        if at.op_index.is_none() && at.op_offset.is_none() {
            *at = At {
                op_index: Some(op_index),
                op_offset: Some(op_offset),
            };
        }
        self
    }
}

impl From<crate::target::UnmappedRegister> for Error {
    #[cold]
    #[inline(never)]
    fn from(e: crate::target::UnmappedRegister) -> Self {
        Error::evaluation(e.to_string())
    }
}

/// Result type of the evaluator.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_positions() {
        let e = Error::ill_formed("x").located(3, 7);
        assert_eq!(e.class_name(), "ill_formed");
        assert_eq!(e.kind(), ErrorKind::IllFormed);
        assert_eq!(
            e.to_string(),
            "ill-formed expression at op 3 (offset 0x7): x"
        );
        // A recorded position is kept.
        assert_eq!(e.clone().located(9, 9).at().op_index, Some(3));
        assert_eq!(Error::decode("d").class_name(), "decode");
        assert_eq!(Error::decode("d").kind(), ErrorKind::Malformed);
        assert_eq!(Error::evaluation("d").class_name(), "evaluation");
        assert_eq!(Error::unavailable("d").class_name(), "unavailable");
        assert_eq!(Error::missing("lane").class_name(), "missing_context");
        assert_eq!(Error::limit(Limit::Steps, 5).class_name(), "evaluation");
        assert_eq!(Error::limit(Limit::Steps, 5).kind(), ErrorKind::Limit);
        assert_eq!(
            Error::missing("current lane").to_string(),
            "missing context: current lane is required"
        );
    }

    #[derive(Debug)]
    struct Backend(&'static str);

    impl std::fmt::Display for Backend {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "backend: {}", self.0)
        }
    }

    impl std::error::Error for Backend {}

    #[test]
    fn a_cause_is_kept_whole() {
        let e = Error::unavailable("register s4").caused_by(Backend("wave 7 is not halted"));
        let src = std::error::Error::source(&e).expect("a source");
        assert_eq!(src.to_string(), "backend: wave 7 is not halted");
        assert!(src.downcast_ref::<Backend>().is_some());
        assert_eq!(
            e.chain(),
            "unavailable: register s4: backend: wave 7 is not halted"
        );
        // Wrapped again, the chain goes on.
        let outer = Error::unavailable("cannot read 32 bits").caused_by(e.clone());
        assert_eq!(
            outer.chain(),
            "unavailable: cannot read 32 bits: unavailable: register s4: backend: wave 7 is not halted"
        );
        assert_eq!(outer.kind(), ErrorKind::Unavailable);
    }
}
