//! Times each phase of `verify` with the machine-code checks on one code object, each
//! round from nothing (a new index, a new disassembler with an empty cache), as one
//! `hetdwarf verify` run does them:
//!
//! ```sh
//! cargo run --release -p hetdwarf-mc --example phases -- OBJ [ROUNDS] [PHASE]
//! ```
//!
//! With `PHASE` (`decode`, `entries` (from the variables verify kept) or `checks`) only
//! that phase is repeated, for a
//! profiler (`perf record`) to see it alone. The benchmark that compares the whole with
//! `verify` alone is `cargo bench -p hetdwarf-mc --bench decode`.

use std::path::Path;
use std::time::{Duration, Instant};

use hetdwarf::index::DwarfIndex;
use hetdwarf_amdgpu::Input;
use hetdwarf_mc::Listing;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: phases OBJ [ROUNDS] [decode|entries|checks]");
        std::process::exit(2);
    };
    let rounds: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let only = args.next();
    let input = Input::read(Path::new(&path), None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let co = input.code_object(None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let sections = co.dwarf_sections().expect("DWARF sections");
    let names = [
        "index + verify",
        "disassembler",
        "decode",
        "entries",
        "checks",
        "dropping them",
    ];
    let mut spent = [Duration::ZERO; 6];
    let mut asked = (0, 0);
    for _ in 0..rounds {
        let mut marks = [Instant::now(); 7];
        let dbg = DwarfIndex::new(|id| sections.get(id)).expect("an index");
        let (report, variables) =
            hetdwarf_amdgpu::verify::verify_with_variables(&co, &dbg).expect("verify");
        marks[1] = Instant::now();
        let dis = hetdwarf_mc::disassembler_for(&co).expect("a disassembler");
        marks[2] = Instant::now();
        let listing = Listing::facts(&co, &dis).expect("a listing");
        asked = (dis.llvm_decodes(), listing.instructions().len());
        marks[3] = Instant::now();
        let mut functions =
            hetdwarf_mc::located_functions_verified(&co, &dbg, &variables).expect("the entries");
        hetdwarf_mc::retain_decoded(&mut functions, &dbg, &listing);
        marks[4] = Instant::now();
        let findings = hetdwarf_mc::check(&listing, &functions, &|_| String::new());
        marks[5] = Instant::now();
        std::hint::black_box((report, findings));
        if let Some(phase) = &only {
            let start = Instant::now();
            for _ in 0..rounds {
                match phase.as_str() {
                    "decode" => {
                        let dis = hetdwarf_mc::disassembler_for(&co).expect("a disassembler");
                        std::hint::black_box(Listing::facts(&co, &dis).expect("a listing"));
                    }
                    "entries" => {
                        let mut functions =
                            hetdwarf_mc::located_functions_verified(&co, &dbg, &variables)
                                .expect("the entries");
                        hetdwarf_mc::retain_decoded(&mut functions, &dbg, &listing);
                        std::hint::black_box(functions);
                    }
                    _ => {
                        std::hint::black_box(hetdwarf_mc::check(&listing, &functions, &|_| {
                            String::new()
                        }));
                    }
                }
            }
            println!(
                "{phase}: {:.2} ms a round",
                start.elapsed().as_secs_f64() * 1e3 / f64::from(rounds)
            );
            return;
        }
        drop((functions, listing, dis, variables));
        marks[6] = Instant::now();
        for (k, s) in spent.iter_mut().enumerate() {
            *s += marks[k + 1] - marks[k];
        }
    }
    println!(
        "LLVM decoded {} times for {} instructions",
        asked.0, asked.1
    );
    let ms = |d: Duration| d.as_secs_f64() * 1e3 / f64::from(rounds);
    let total: Duration = spent[1..].iter().sum();
    for (name, d) in names.iter().zip(spent) {
        println!("{name:>16}: {:6.2} ms", ms(d));
    }
    println!(
        "machine code, all: {:.2} ms ({:.2}x index + verify)",
        ms(total),
        (spent[0] + total).as_secs_f64() / spent[0].as_secs_f64()
    );
}
