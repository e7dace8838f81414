//! The machine code of a whole code object, decoded once: every code section, from each
//! function symbol on, as `llvm-objdump -d` walks it.

use hetdwarf_amdgpu::CodeObject;

use crate::decode::{Disassembler, Instruction, McError};

/// The most instructions one listing holds (4 M: 16 MiB of the smallest encodings, some
/// 400 MiB decoded); more is refused with [`McError::TooMany`] rather than held.
pub const MAX_INSTRUCTIONS: usize = 1 << 22;

/// The instructions of a code object, sorted by address.
#[derive(Debug, Default)]
pub struct Listing {
    instructions: Vec<Instruction>,
    /// The function symbols' ranges, sorted by start.
    symbols: Vec<std::ops::Range<u64>>,
}

/// The most bytes of code one listing decodes (some 2 M instructions: about a second on two
/// cores and 200 MiB decoded); a larger object is refused before anything is decoded.
pub const MAX_CODE_BYTES: u64 = 8 << 20;

/// The most threads one listing decodes with.
const MAX_THREADS: usize = 8;
/// Code below this many bytes per thread is decoded on one.
const PARALLEL_BYTES: usize = 64 * 1024;

/// A disassembler for the code object's processor and wave size.
pub fn disassembler_for(co: &CodeObject<'_>) -> Result<Disassembler, McError> {
    Disassembler::new(&co.target().processor, co.common_wave_size())
}

/// The bytes from `address` to the end of the code section (address, bytes) that holds it.
pub(crate) fn tail_at<'b>(
    sections: impl IntoIterator<Item = (u64, &'b [u8])>,
    address: u64,
) -> Option<&'b [u8]> {
    sections.into_iter().find_map(|(start, bytes)| {
        let off = usize::try_from(address.checked_sub(start)?).ok()?;
        bytes.get(off..).filter(|b| !b.is_empty())
    })
}

/// The bytes of `co`'s code from `address` to the end of its section.
pub fn code_at<'a>(co: &CodeObject<'a>, address: u64) -> Option<&'a [u8]> {
    tail_at(
        co.code_sections().into_iter().map(|s| (s.address, s.bytes)),
        address,
    )
}

/// The text of the instruction at `address` of `co`'s code, decoded again (for messages
/// about an instruction of a [`Listing::facts`] listing).
pub fn text_at(co: &CodeObject<'_>, disassembler: &Disassembler, address: u64) -> Option<String> {
    code_at(co, address).map(|bytes| disassembler.decode(bytes, address).text)
}

impl Listing {
    /// Decodes every code section of `co`. Decoding starts afresh at each function symbol,
    /// so data or padding before a function cannot shift its instructions.
    pub fn of(co: &CodeObject<'_>, disassembler: &Disassembler) -> Result<Listing, McError> {
        Listing::of_limited(co, disassembler, MAX_INSTRUCTIONS, true)
    }

    /// [`Listing::of`] without the instructions' text (what the checks need, at a fraction
    /// of the cost); [`Disassembler::decode`] gives one instruction's text when needed.
    pub fn facts(co: &CodeObject<'_>, disassembler: &Disassembler) -> Result<Listing, McError> {
        Listing::of_limited(co, disassembler, MAX_INSTRUCTIONS, false)
    }

    /// [`Listing::facts`] for a caller that does other work meanwhile, as `verify` checks
    /// the DWARF while the code is decoded: on one thread fewer than the machine has (on
    /// two cores, one: a second decoding thread would only compete with that work, and
    /// the two threads decode the encodings they share twice).
    pub fn facts_alongside(
        co: &CodeObject<'_>,
        disassembler: &Disassembler,
    ) -> Result<Listing, McError> {
        let spare = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1));
        Listing::decode(co, disassembler, MAX_INSTRUCTIONS, false, spare.max(1))
    }

    /// [`Listing::of`] with a limit on the number of instructions, with or without text.
    pub fn of_limited(
        co: &CodeObject<'_>,
        disassembler: &Disassembler,
        limit: usize,
        with_text: bool,
    ) -> Result<Listing, McError> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Listing::decode(co, disassembler, limit, with_text, cores)
    }

    /// Decodes on at most `max_threads` threads.
    fn decode(
        co: &CodeObject<'_>,
        disassembler: &Disassembler,
        limit: usize,
        with_text: bool,
        max_threads: usize,
    ) -> Result<Listing, McError> {
        // Without text (for the checks), a relocatable object's code is decoded with its
        // relocations applied, so that calls name their callees; with text, as stored, as
        // llvm-objdump prints it. Relocations that cannot be applied leave it as stored.
        let sections = co.code_sections();
        let relocated: Vec<Option<Vec<u8>>> = sections
            .iter()
            .map(|s| {
                if with_text {
                    None
                } else {
                    co.relocated_code(s.index).ok().flatten()
                }
            })
            .collect();
        // The pieces decoded independently: each function symbol starts one.
        let mut pieces: Vec<(&[u8], u64, String)> = Vec::new();
        for (section, relocated) in sections.iter().zip(&relocated) {
            let bytes: &[u8] = relocated.as_deref().unwrap_or(section.bytes);
            let len = section.bytes.len() as u64;
            let mut starts: Vec<u64> = co
                .functions()
                .iter()
                .filter(|f| usize::from(f.section) == section.index)
                .filter_map(|f| f.address.checked_sub(section.address))
                .filter(|&offset| offset < len)
                .collect();
            starts.push(0);
            starts.sort_unstable();
            starts.dedup();
            for (i, &start) in starts.iter().enumerate() {
                let end = starts.get(i + 1).copied().unwrap_or(len);
                pieces.push((
                    &bytes[start as usize..end as usize],
                    section.address.wrapping_add(start),
                    format!("{}: section {}", co.name(), section.name),
                ));
            }
        }
        let total: usize = pieces.iter().map(|p| p.0.len()).sum();
        if total as u64 > MAX_CODE_BYTES {
            return Err(McError::CodeTooLarge {
                what: co.name().to_string(),
                bytes: total as u64,
                limit: MAX_CODE_BYTES,
            });
        }
        // LLVM's decoder costs about a microsecond an instruction: a large object's pieces
        // are shared out among threads, each with a disassembler of its own (LLVM's keeps
        // state between calls).
        let threads = max_threads
            .min(MAX_THREADS)
            .min(total / PARALLEL_BYTES + 1)
            .max(1);
        let decode = |dis: &Disassembler, part: &[(&[u8], u64, String)]| {
            // Every instruction is at least 4 bytes but for a short tail: room for all at
            // once (address space only, until used) spares the copies of growing.
            let most: usize = part.iter().map(|p| p.0.len() / 4 + 1).sum();
            let mut out = Vec::with_capacity(most.min(limit));
            for (bytes, address, what) in part {
                dis.decode_into(bytes, *address, limit, what, with_text, &mut out)?;
            }
            Ok::<_, McError>(out)
        };
        let mut instructions = if threads <= 1 {
            decode(disassembler, &pieces)?
        } else {
            // Contiguous shares of about equal bytes.
            let share = total.div_ceil(threads);
            let mut shares: Vec<&[(&[u8], u64, String)]> = Vec::new();
            let (mut from, mut bytes) = (0, 0);
            for (k, p) in pieces.iter().enumerate() {
                bytes += p.0.len();
                if bytes >= share {
                    shares.push(&pieces[from..=k]);
                    from = k + 1;
                    bytes = 0;
                }
            }
            if from < pieces.len() {
                shares.push(&pieces[from..]);
            }
            let (processor, wave_size) = (disassembler.processor(), disassembler.wave_size());
            let results: Vec<Result<Vec<Instruction>, McError>> = std::thread::scope(|scope| {
                let handles: Vec<_> = shares
                    .iter()
                    .skip(1)
                    .map(|share| {
                        scope.spawn(move || {
                            let dis = Disassembler::new(processor, wave_size)?;
                            decode(&dis, share)
                        })
                    })
                    .collect();
                let mut results = vec![decode(disassembler, shares[0])];
                for h in handles {
                    results.push(h.join().unwrap_or_else(|_| {
                        Err(McError::Processor {
                            processor: processor.to_string(),
                            reason: "a decoding thread panicked".to_string(),
                        })
                    }));
                }
                results
            });
            let mut all =
                Vec::with_capacity(results.iter().map(|r| r.as_ref().map_or(0, Vec::len)).sum());
            for r in results {
                all.extend(r?);
                if all.len() > limit {
                    return Err(McError::TooMany {
                        what: co.name().to_string(),
                        limit,
                    });
                }
            }
            all
        };
        // Pieces are in address order unless sections are not.
        if !instructions.is_sorted_by_key(|i| i.address) {
            instructions.sort_by_key(|i| i.address);
        }
        let mut symbols: Vec<std::ops::Range<u64>> = co
            .functions()
            .iter()
            .filter(|f| f.size > 0)
            .map(|f| f.address..f.address.saturating_add(f.size))
            .collect();
        symbols.sort_by_key(|r| r.start);
        Ok(Listing {
            instructions,
            symbols,
        })
    }

    /// Every instruction, by address.
    pub fn instructions(&self) -> &[Instruction] {
        &self.instructions
    }

    /// The index of the instruction that holds `pc`.
    pub fn index_at(&self, pc: u64) -> Option<usize> {
        let i = self.instructions.partition_point(|i| i.address <= pc);
        let i = i.checked_sub(1)?;
        (pc < self.instructions[i].end()).then_some(i)
    }

    /// The range of the function symbol that starts at `address`.
    pub fn symbol_at(&self, address: u64) -> Option<std::ops::Range<u64>> {
        let k = self.symbols.partition_point(|r| r.start < address);
        self.symbols.get(k).filter(|r| r.start == address).cloned()
    }

    /// Whether any instruction starts in `range`.
    pub fn holds(&self, range: &std::ops::Range<u64>) -> bool {
        !self.range(range.start, range.end).is_empty()
    }

    /// The instructions that start in `[lo, hi)`.
    pub fn range(&self, lo: u64, hi: u64) -> &[Instruction] {
        let a = self.instructions.partition_point(|i| i.address < lo);
        let b = self.instructions.partition_point(|i| i.address < hi);
        &self.instructions[a..b.max(a)]
    }
}
