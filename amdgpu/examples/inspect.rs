//! Prints what hetdwarf-amdgpu sees in a file (a debugging aid for this crate).
use hetdwarf_amdgpu::Input;

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: inspect FILE [PROCESSOR]");
    let processor = std::env::args().nth(2);
    let input = match Input::open(std::path::Path::new(&path)) {
        Ok(i) => i,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    println!("{:?}: {} entries", input.kind(), input.entries().len());
    for e in input.entries() {
        println!("  {} size {} device {}", e.id, e.size, e.is_device());
    }
    let co = match input.code_object(processor.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    println!("{} {:?} {:?}", co.name(), co.elf_type(), co.target());
    for k in co.kernels() {
        println!("  kernel {k:?}");
    }
    for f in co.functions() {
        println!("  function {f:?} wave {:?}", co.wave_size_at(f.address));
    }
    match co.dwarf_sections() {
        Ok(d) => println!("  dwarf {:?}", d.present()),
        Err(e) => println!("  dwarf error: {e}"),
    }
}
