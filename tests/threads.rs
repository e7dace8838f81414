//! One index shared by 8 threads: every variable of every function, at every fourth PC,
//! read for four lanes of invented machine states, gives on 8 threads exactly what it gives
//! on one (the index's lazy scope trees and the frames' caches are filled concurrently).

mod common;

use hetdwarf::index::DwarfIndex;
use hetdwarf::var::Frame;
use hetdwarf_diop::synthetic::Synthetic;

/// Every (pc, variable, lane) value of `dbg` whose PC index is `k mod n`, as text.
fn values(
    dbg: &DwarfIndex<'_>,
    target: &hetdwarf::target::Target,
    k: usize,
    n: usize,
) -> Vec<String> {
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    let mut out = Vec::new();
    let mut index = 0usize;
    for u in 0..dbg.units().len() {
        let functions = dbg
            .scopes(dbg.unit_id(u).unwrap())
            .expect("scopes")
            .functions()
            .to_vec();
        for (begin, end, _) in functions {
            let mut pc = begin;
            while pc < end {
                index += 1;
                if index % n == k {
                    let frame = Frame::at(dbg, pc, encoding)
                        .expect("frame")
                        .expect("a subprogram");
                    for var in frame.variables().expect("variables") {
                        let mut state = Synthetic::new(target, pc ^ 0x5eed, None);
                        let lanes = [Some(0), Some(1), Some(17), Some(63)];
                        for v in frame.values(&mut state, var, "", &lanes, &|_| Some(true)) {
                            out.push(format!(
                                "{pc:#x} {}/{}/{} {:?} {:?}",
                                var.unit.index(),
                                var.scope.index(),
                                var.index,
                                v.lane,
                                v.value
                            ));
                        }
                    }
                }
                pc += 4;
            }
        }
    }
    out
}

#[test]
fn eight_threads_read_what_one_thread_reads() {
    for object in [
        "rocm/hip-gfx90a-O2.hsaco",
        "rocm/ocl-gfx90a-O0.hsaco",
        "clang22/ocl-gfx90a-O2.hsaco",
    ] {
        let path = common::corpora().join(object);
        // One index per run, so that the threaded run fills its caches concurrently.
        let single = common::with_debug_info(&path, |co, dbg| {
            let target = hetdwarf_amdgpu::registers::dwarf_target(&co.target().processor, 64);
            values(dbg, &target, 0, 1)
        });
        assert!(single.len() > 100, "{object}: only {} values", single.len());
        let threaded = common::with_debug_info(&path, |co, dbg| {
            let target = hetdwarf_amdgpu::registers::dwarf_target(&co.target().processor, 64);
            let parts: Vec<Vec<String>> = std::thread::scope(|s| {
                let handles: Vec<_> = (0..8)
                    .map(|k| {
                        let target = &target;
                        s.spawn(move || values(dbg, target, (k + 1) % 8, 8))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("thread"))
                    .collect()
            });
            parts.concat()
        });
        let (mut a, mut b) = (single, threaded);
        a.sort();
        b.sort();
        assert_eq!(a.len(), b.len(), "{object}");
        assert!(a == b, "{object}: threaded values differ");
    }
}
