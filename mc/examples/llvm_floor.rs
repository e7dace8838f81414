//! Times LLVM's decoder alone on every distinct encoding of one object, each decoded once
//! (no cache): the floor of the checks' decoding step.
//! `cargo run --release -p hetdwarf-mc --example llvm_floor -- OBJ`
fn main() {
    let path = std::env::args().nth(1).expect("an object");
    let input = hetdwarf_amdgpu::Input::read(std::path::Path::new(&path), None).unwrap();
    let co = input.code_object(None).unwrap();
    let dis = hetdwarf_mc::disassembler_for(&co).unwrap();
    let listing = hetdwarf_mc::Listing::facts(&co, &dis).unwrap();
    let mut seen = std::collections::HashSet::new();
    let mut distinct = Vec::new();
    for i in listing.instructions() {
        let bytes = hetdwarf_mc::code_at(&co, i.address).unwrap();
        let n = i.facts.size as usize;
        if seen.insert(bytes[..n].to_vec()) {
            distinct.push((bytes, i.address));
        }
    }
    let fresh = hetdwarf_mc::disassembler_for(&co).unwrap();
    let start = std::time::Instant::now();
    for (bytes, address) in &distinct {
        std::hint::black_box(fresh.decode_facts(bytes, *address));
    }
    let t = start.elapsed().as_secs_f64() * 1e3;
    println!(
        "{} distinct encodings decoded once each: {t:.2} ms, {:.2} µs each",
        distinct.len(),
        t * 1e3 / distinct.len() as f64
    );
}
