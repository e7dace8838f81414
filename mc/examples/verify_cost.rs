//! Times `verify` against `verify_with_variables` on one object (what keeping the variables
//! costs): `cargo run --release -p hetdwarf-mc --example verify_cost -- OBJ [ROUNDS]`.
use std::path::Path;
use std::time::Instant;
fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: verify_cost OBJ [ROUNDS]");
    let rounds: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(50);
    let input = hetdwarf_amdgpu::Input::read(Path::new(&path), None).expect("an input");
    let co = input.code_object(None).expect("a code object");
    let sections = co.dwarf_sections().expect("DWARF sections");
    for round in 0..2 {
        let t = Instant::now();
        for _ in 0..rounds {
            let dbg = hetdwarf::index::DwarfIndex::new(|id| sections.get(id)).expect("an index");
            std::hint::black_box(hetdwarf_amdgpu::verify::verify(&co, &dbg).expect("verify"));
        }
        let plain = t.elapsed().as_secs_f64() * 1e3 / f64::from(rounds);
        let t = Instant::now();
        for _ in 0..rounds {
            let dbg = hetdwarf::index::DwarfIndex::new(|id| sections.get(id)).expect("an index");
            std::hint::black_box(
                hetdwarf_amdgpu::verify::verify_with_variables(&co, &dbg).expect("verify"),
            );
        }
        let keeping = t.elapsed().as_secs_f64() * 1e3 / f64::from(rounds);
        if round == 1 {
            println!("index + verify {plain:.2} ms, keeping the variables {keeping:.2} ms");
        }
    }
}
