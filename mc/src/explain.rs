//! Why a variable has the value it shows at a PC, from the machine code: where its last
//! location ended and what ended it, where the next begins, or which instruction last
//! wrote the register its value is read from.

use std::collections::HashMap;
use std::fmt::Write as _;

use hetdwarf::index::{DwarfIndex, IndexError};
use hetdwarf_amdgpu::CodeObject;
use serde_json::{Value, json};

use crate::clobber::call_clobbered;
use crate::decode::{Disassembler, Instruction, McError};
use crate::listing::Listing;
use crate::locations::{LocatedFunction, LocatedVariable, located_functions_of};
use crate::register::MachineRegister;

/// What the code says about a variable at a PC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    /// An entry covers the PC.
    Present {
        /// The entry's index in its list.
        entry: usize,
        /// The registers the value is in or computed from (empty: memory or implicit).
        registers: Vec<MachineRegister>,
        /// The last instruction before the PC, in the function, that wrote one of them
        /// (`None` with registers: none did; the value came into the function with them).
        last_write: Option<Write>,
    },
    /// No entry covers the PC.
    Absent {
        /// The entry that ended last before the PC, and why it ended.
        previous: Option<Ended>,
        /// Where the next entry after the PC starts.
        next: Option<u64>,
    },
}

/// An instruction that wrote a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Write {
    /// Its address.
    pub address: u64,
    /// The register.
    pub register: MachineRegister,
}

/// Where and why a location ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The entry's index in its list.
    pub entry: usize,
    /// The PC it ends at (the first it does not cover).
    pub end: u64,
    /// What the code shows there.
    pub cause: EndCause,
}

/// Why a location ended at its end PC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndCause {
    /// The instruction just before the end wrote a register of the location.
    Overwritten(Write),
    /// The instruction just before the end is a call, which may change the register.
    Call {
        /// The call's address.
        address: u64,
        /// The register it may change.
        register: MachineRegister,
    },
    /// The end is the end of the variable's function: the scope ended.
    ScopeEnd,
    /// Nothing at the end writes the location: the compiler stopped describing it there.
    Dropped,
}

/// Explains `var` of `f` at `pc`.
pub fn explain(
    listing: &Listing,
    f: &LocatedFunction,
    var: &LocatedVariable,
    pc: u64,
) -> Explanation {
    if let Some(e) = var
        .entries
        .iter()
        .find(|e| e.range.start <= pc && pc < e.range.end)
    {
        let registers: Vec<MachineRegister> = e.registers.iter().map(|&(r, _)| r).collect();
        let last_write = last_write(listing, f, pc, &registers);
        return Explanation::Present {
            entry: e.index,
            registers,
            last_write,
        };
    }
    let previous = var
        .entries
        .iter()
        .filter(|e| e.range.end <= pc)
        .max_by_key(|e| e.range.end)
        .map(|e| {
            let registers: Vec<MachineRegister> = e.registers.iter().map(|&(r, _)| r).collect();
            let before = listing
                .index_at(e.range.end.wrapping_sub(1))
                .map(|i| &listing.instructions()[i]);
            let cause = match before {
                Some(i) if i.end() == e.range.end => {
                    if let Some(&r) = registers.iter().find(|&&r| i.writes(r)) {
                        EndCause::Overwritten(Write {
                            address: i.address,
                            register: r,
                        })
                    } else if let Some(&r) = registers
                        .iter()
                        .find(|&&r| i.facts.flags.is_call() && call_clobbered(r))
                    {
                        EndCause::Call {
                            address: i.address,
                            register: r,
                        }
                    } else if e.range.end >= f.bounds().end {
                        EndCause::ScopeEnd
                    } else {
                        EndCause::Dropped
                    }
                }
                _ if e.range.end >= f.bounds().end => EndCause::ScopeEnd,
                _ => EndCause::Dropped,
            };
            Ended {
                entry: e.index,
                end: e.range.end,
                cause,
            }
        });
    let next = var
        .entries
        .iter()
        .filter(|e| e.range.start > pc)
        .map(|e| e.range.start)
        .min();
    Explanation::Absent { previous, next }
}

/// The last instruction of `f` before `pc` (in address order) that writes one of
/// `registers`.
fn last_write(
    listing: &Listing,
    f: &LocatedFunction,
    pc: u64,
    registers: &[MachineRegister],
) -> Option<Write> {
    let lo = f.bounds().start;
    listing
        .range(lo, pc)
        .iter()
        .rev()
        .find_map(|i: &Instruction| {
            registers
                .iter()
                .find(|&&r| i.writes(r))
                .map(|&register| Write {
                    address: i.address,
                    register,
                })
        })
}

/// Why an [`Explainer`] could not be built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The machine code could not be decoded.
    #[error(transparent)]
    Mc(#[from] McError),
    /// The DWARF could not be read.
    #[error(transparent)]
    Index(#[from] IndexError),
}

impl ExplainError {
    /// The kind of failure, as every front end reports it: `limit` for more code than one
    /// listing decodes, `unsupported` where machine code cannot be decoded (no LLVM 22, a
    /// processor it does not know), `malformed` for DWARF that cannot be read.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        match self {
            ExplainError::Mc(McError::TooMany { .. } | McError::CodeTooLarge { .. }) => {
                hetdwarf::ErrorKind::Limit
            }
            ExplainError::Mc(_) => hetdwarf::ErrorKind::Unsupported,
            ExplainError::Index(e) => hetdwarf::Error::from(e.clone()).kind(),
        }
    }
}

/// Explains variables of one code object at PCs, from its machine code: what `--explain`,
/// the C ABI's `hd_explain` and Python's `Session.explain` answer. It owns a copy of the
/// code (at most [`crate::MAX_CODE_BYTES`]) to word instructions again.
pub struct Explainer {
    dis: Disassembler,
    listing: Listing,
    functions: Vec<LocatedFunction>,
    /// Variable DIE → (function, variable) indices.
    by_die: HashMap<u64, (usize, usize)>,
    /// The code sections: address and bytes.
    code: Vec<(u64, Vec<u8>)>,
}

impl std::fmt::Debug for Explainer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Explainer")
            .field("instructions", &self.listing.instructions().len())
            .field("functions", &self.functions.len())
            .finish_non_exhaustive()
    }
}

impl Explainer {
    /// Decodes `co`'s code and gathers the locations of `dbg`'s variables.
    pub fn new(co: &CodeObject<'_>, dbg: &DwarfIndex<'_>) -> Result<Explainer, ExplainError> {
        if !crate::decode::available() {
            return Err(McError::Unavailable.into());
        }
        let dis = crate::listing::disassembler_for(co)?;
        let listing = Listing::facts(co, &dis)?;
        let functions = located_functions_of(co, dbg, &listing)?;
        let mut by_die = HashMap::new();
        for (fi, f) in functions.iter().enumerate() {
            for (vi, v) in f.variables.iter().enumerate() {
                by_die.entry(v.die).or_insert((fi, vi));
            }
        }
        let code = co
            .code_sections()
            .iter()
            .map(|s| (s.address, s.bytes.to_vec()))
            .collect();
        Ok(Explainer {
            dis,
            listing,
            functions,
            by_die,
            code,
        })
    }

    /// The text of the instruction at `address`, as llvm-objdump-22 prints it.
    pub fn text_at(&self, address: u64) -> Option<String> {
        let sections = self
            .code
            .iter()
            .map(|(start, bytes)| (*start, bytes.as_slice()));
        crate::listing::tail_at(sections, address).map(|b| self.dis.decode(b, address).text)
    }

    fn instruction(&self, address: u64, register: MachineRegister) -> Value {
        json!({
            "address": address,
            "text": self.text_at(address),
            "register": register.to_string(),
        })
    }

    /// Why the variable whose DIE is `die` shows what it shows at `pc`: a JSON object with
    /// `state` (`present`, `absent` or `no_location`), a `why` sentence, and for `present`
    /// the `entry`, `registers` and `last_write` (address, text, register); for `absent`
    /// the `previous` entry (`entry`, `end`, `cause`: `overwritten`, `call`, `scope_end`
    /// or `dropped`, and the `instruction`) and where the `next` starts.
    pub fn explain(&self, die: u64, pc: u64) -> Value {
        let Some(&(fi, vi)) = self.by_die.get(&die) else {
            return json!({
                "state": "no_location",
                "why": "no location-list entry or location expression of this variable lies in a function with code (no DW_AT_location, a constant, or nothing emitted)",
            });
        };
        let f = &self.functions[fi];
        let var = &f.variables[vi];
        let text = |a: u64| self.text_at(a).unwrap_or_else(|| "?".to_string());
        let names =
            |regs: &[MachineRegister]| regs.iter().map(|r| r.to_string()).collect::<Vec<_>>();
        match explain(&self.listing, f, var, pc) {
            Explanation::Present {
                entry,
                registers,
                last_write,
            } => {
                let regs = names(&registers).join(", ");
                let why = match (&last_write, registers.is_empty()) {
                    (_, true) => format!(
                        "entry {entry} covers {pc:#x}; the value is in memory or implicit, not in a register"
                    ),
                    (Some(w), false) => format!(
                        "entry {entry} covers {pc:#x}; {} was last written at {:#x} (`{}`)",
                        w.register,
                        w.address,
                        text(w.address)
                    ),
                    (None, false) => format!(
                        "entry {entry} covers {pc:#x}; no instruction of `{}` before it writes {regs}: the value came into the function with them",
                        f.name
                    ),
                };
                json!({
                    "state": "present",
                    "entry": entry,
                    "registers": names(&registers),
                    "last_write": last_write.map(|w| self.instruction(w.address, w.register)),
                    "why": why,
                })
            }
            Explanation::Absent { previous, next } => {
                let mut why = format!("no location at {pc:#x}");
                let previous_json = previous.map(|p| {
                    let (cause, detail, at) = match p.cause {
                        EndCause::Overwritten(w) => (
                            "overwritten",
                            format!(
                                "where `{}` at {:#x} overwrote {}",
                                text(w.address),
                                w.address,
                                w.register
                            ),
                            Some((w.address, w.register)),
                        ),
                        EndCause::Call { address, register } => (
                            "call",
                            format!(
                                "where the call `{}` at {address:#x} may change {register}",
                                text(address)
                            ),
                            Some((address, register)),
                        ),
                        EndCause::ScopeEnd => ("scope_end", "at the end of its function".to_string(), None),
                        EndCause::Dropped => (
                            "dropped",
                            "with no instruction there writing it: the compiler stopped describing it".to_string(),
                            None,
                        ),
                    };
                    let _ = write!(
                        why,
                        "; the last location (entry {}) ended at {:#x}, {detail}",
                        p.entry, p.end
                    );
                    json!({
                        "entry": p.entry,
                        "end": p.end,
                        "cause": cause,
                        "instruction": at.map(|(a, r)| self.instruction(a, r)),
                    })
                });
                if previous_json.is_none() {
                    why.push_str("; no location ends before it");
                }
                match next {
                    Some(z) => {
                        let _ = write!(why, "; the next location starts at {z:#x}");
                    }
                    None => why.push_str("; no location starts after it"),
                }
                json!({
                    "state": "absent",
                    "previous": previous_json,
                    "next": next,
                    "why": why,
                })
            }
        }
    }
}
