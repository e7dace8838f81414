//! The least work any DWARF verifier does on a code object: read the file, find its debug
//! sections, and read every DIE, attribute, string, location list and range list once
//! with gimli, checking nothing and keeping nothing. Its whole-process time is the floor
//! under `hetdwarf verify` and `llvm-dwarfdump --verify` (see the benchmark table of
//! the book, `docs/src/figures/benchmarks.md`):
//!
//! ```text
//! cargo build --profile bench -p hetdwarf-amdgpu --example dwarf_floor
//! perf stat -r 40 target/release/examples/dwarf_floor corpora/rocrand/rocrand-gfx90a-xnack+.co
//! ```
use gimli::{AttributeValue, EndianSlice, LittleEndian};
use object::{Object, ObjectSection};

type Reader<'a> = EndianSlice<'a, LittleEndian>;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dwarf_floor OBJECT");
        std::process::exit(2);
    };
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    });
    match walk(&bytes) {
        Ok(counts) => println!("{path}: {counts:?}"),
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    }
}

/// What one pass over the DWARF read.
#[derive(Debug, Default)]
struct Counts {
    dies: usize,
    attributes: usize,
    string_bytes: usize,
    location_entries: usize,
    range_entries: usize,
}

fn walk(bytes: &[u8]) -> Result<Counts, Box<dyn std::error::Error>> {
    let file = object::File::parse(bytes)?;
    let section = |id: gimli::SectionId| -> Result<Reader<'_>, object::Error> {
        let data = match file.section_by_name(id.name()) {
            Some(s) => s.data()?,
            None => &[],
        };
        Ok(EndianSlice::new(data, LittleEndian))
    };
    let dwarf = gimli::Dwarf::load(section)?;
    let mut counts = Counts::default();
    let mut units = dwarf.units();
    while let Some(header) = units.next()? {
        let unit = dwarf.unit(header)?;
        let mut entries = unit.entries();
        while let Some(entry) = entries.next_dfs()? {
            counts.dies += 1;
            for attr in entry.attrs() {
                counts.attributes += 1;
                match attr.value() {
                    AttributeValue::DebugStrRef(_) | AttributeValue::String(_) => {
                        counts.string_bytes += dwarf.attr_string(&unit, attr.value())?.len();
                    }
                    value => {
                        if let Some(list) = dwarf.attr_locations(&unit, value)? {
                            let mut list = list;
                            while list.next()?.is_some() {
                                counts.location_entries += 1;
                            }
                        } else if attr.name() == gimli::DW_AT_ranges
                            && let Some(offset) = dwarf.attr_ranges_offset(&unit, value)?
                        {
                            let mut ranges = dwarf.ranges(&unit, offset)?;
                            while ranges.next()?.is_some() {
                                counts.range_entries += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(counts)
}
