//! Every error either prints its cause in its own message or returns it as `source()`,
//! never both: `hetdwarf::error_chain` joins a chain without looking at the text, so an
//! error that did both would print its cause twice.

use std::error::Error as _;
use std::sync::Arc;

use hetdwarf::budget::OverBudget;
use hetdwarf::cfi::CfiError;
use hetdwarf::index::IndexError;
use hetdwarf_amdgpu::stop::StopError;
use hetdwarf_amdgpu::{CodeObjectError, Session, SessionError, unwind::UnwindError};

/// No error in `e`'s chain repeats the message of the error behind it, and the one-line
/// report holds every message once.
fn assert_said_once(e: &(dyn std::error::Error + 'static)) {
    let mut current: &(dyn std::error::Error + 'static) = e;
    let mut messages = vec![current.to_string()];
    while let Some(next) = current.source() {
        let (outer, inner) = (current.to_string(), next.to_string());
        assert!(
            !outer.contains(&inner),
            "`{outer}` both prints and returns its source `{inner}`"
        );
        messages.push(inner);
        current = next;
    }
    assert_eq!(hetdwarf::error_chain(e), messages.join(": "));
}

fn gimli_error() -> IndexError {
    IndexError::Dwarf {
        what: "unit header".into(),
        offset: Some(0x40),
        error: hetdwarf::gimli::Error::UnexpectedEof(hetdwarf::gimli::ReaderOffsetId(0x44)),
    }
}

#[test]
fn wrappers_that_name_a_file_unit_or_object_print_their_cause_once() {
    let Err(missing) = Session::open(std::path::Path::new("/nonexistent/x.hsaco"), None) else {
        panic!("a missing file opened");
    };
    assert!(matches!(
        missing,
        SessionError::CodeObject(CodeObjectError::Io { .. })
    ));
    assert!(missing.to_string().starts_with("/nonexistent/x.hsaco: "));
    assert_said_once(&missing);
    assert_said_once(&hetdwarf_amdgpu::Error::from(missing));

    let io = CodeObjectError::Io {
        file: "a.hsaco".into(),
        error: Arc::new(std::io::Error::other("disk on fire")),
    };
    assert_eq!(io.to_string(), "a.hsaco: disk on fire");
    assert_said_once(&io);

    let index = SessionError::Index {
        name: "a.hsaco".into(),
        error: gimli_error(),
    };
    assert_said_once(&index);
    assert!(
        index
            .to_string()
            .starts_with("a.hsaco: unit header at .debug_info+0x40: ")
    );

    let budget = IndexError::OverBudget {
        unit: 0x10,
        error: OverBudget {
            what: "scopes".into(),
            size: 10,
            used: 5,
            limit: 12,
        },
    };
    assert_said_once(&budget);
    assert_said_once(&hetdwarf::Error::from(budget));

    let unwind = StopError::Unwind {
        object: "a.hsaco".into(),
        error: UnwindError::Cfi(CfiError {
            section: ".debug_frame",
            offset: 0x18,
            reason: "a CIE longer than the section".into(),
        }),
    };
    assert_said_once(&unwind);
    assert!(unwind.to_string().starts_with("a.hsaco: "));
}

#[derive(Debug)]
struct BackendError;

impl std::fmt::Display for BackendError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("wave 7 is not halted")
    }
}

impl std::error::Error for BackendError {}

#[test]
fn a_backend_cause_is_a_source_and_reported_after_its_error() {
    let e = hetdwarf::eval::Error::unavailable("register s4").caused_by(BackendError);
    assert!(e.source().is_some());
    assert_said_once(&e);
    let wrapped = hetdwarf::Error::from(hetdwarf::var::VarError::from(e.clone()));
    assert_said_once(&wrapped);
    assert_eq!(
        hetdwarf::error_chain(&wrapped),
        "unavailable: register s4: wave 7 is not halted"
    );
    assert_said_once(&StopError::Var(hetdwarf::var::VarError::from(e)));
}
