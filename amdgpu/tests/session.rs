//! A session owns everything it needs: it can be moved into threads that outlive the scope
//! that opened it (`std::thread::spawn` needs `'static`), cloned cheaply, and used by many
//! threads at once with the same answers as one.

use std::path::PathBuf;

use hetdwarf::var::Frame;
use hetdwarf_amdgpu::{Session, SessionError};
use hetdwarf_diop::synthetic::Synthetic;

fn object(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(name)
}

fn owned<T: Send + Sync + Clone + 'static>() {}

/// Every variable at every fourth PC, lanes 0 and 5, as text.
fn values(s: &Session) -> Vec<String> {
    let target = hetdwarf_amdgpu::registers::dwarf_target(&s.code_object().target().processor, 64);
    s.with_debug_info(|dbg| {
        let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
        let mut out = Vec::new();
        for u in 0..dbg.units().len() {
            for (begin, end, _) in dbg
                .scopes(dbg.unit_id(u).unwrap())
                .expect("scopes")
                .functions()
                .to_vec()
            {
                for pc in (begin..end).step_by(4) {
                    let frame = Frame::at(dbg, pc, encoding)
                        .expect("frame")
                        .expect("subprogram");
                    for var in frame.variables().expect("variables") {
                        let mut state = Synthetic::new(&target, pc, None);
                        for v in
                            frame.values(&mut state, var, "", &[Some(0), Some(5)], &|_| Some(true))
                        {
                            out.push(format!("{pc:#x} {var:?} {:?}", v.value));
                        }
                    }
                }
            }
        }
        out
    })
}

#[test]
fn a_session_is_owned_shared_and_cloned() {
    owned::<Session>();
    let session = Session::open(&object("rocm/hip-gfx90a-O2.hsaco"), None).expect("open");
    let want = values(&session);
    assert!(want.len() > 100);
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let s = session.clone();
            std::thread::spawn(move || values(&s))
        })
        .collect();
    drop(session);
    for h in handles {
        assert!(h.join().expect("thread") == want);
    }
}

#[test]
fn sessions_from_bytes_and_their_errors() {
    let bytes = std::fs::read(object("rocm/ocl-gfx90a-O2.o")).expect("read");
    let s = Session::from_bytes("ocl.o", bytes, None).expect("session");
    assert_eq!(s.code_object().target().processor, "gfx90a");
    assert!(s.with_debug_info(|dbg| dbg.units().len()) > 0);
    match Session::from_bytes("garbage.o", vec![0x7f, b'E', b'L', b'F', 0, 0], None) {
        Err(SessionError::CodeObject(e)) => assert!(e.to_string().contains("garbage.o"), "{e}"),
        other => panic!("{other:?}"),
    }
}
