//! Prints a code object's instructions as `llvm-objdump -d` lays out its instruction
//! lines (text, then the address and bytes), for comparing the two by eye or by `diff`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: objdump FILE")?;
    let input = hetdwarf_amdgpu::Input::read(std::path::Path::new(&path), None)?;
    let co = input.code_object(None)?;
    let dis = hetdwarf_mc::disassembler_for(&co)?;
    let listing = hetdwarf_mc::Listing::of(&co, &dis)?;
    for i in listing.instructions() {
        let defs: Vec<String> = i.defs.iter().map(|r| r.to_string()).collect();
        let uses: Vec<String> = i.uses.iter().map(|r| r.to_string()).collect();
        println!(
            "{:x}\t{}\t{}\tdefs={} uses={}",
            i.address,
            i.size,
            i.text,
            defs.join(","),
            uses.join(",")
        );
    }
    Ok(())
}
