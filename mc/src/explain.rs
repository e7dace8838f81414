//! Why a variable has the value it shows at a PC, from the machine code: where its last
//! location ended and what ended it, where the next begins, or which instruction last
//! wrote the register its value is read from.

use crate::clobber::call_clobbered;
use crate::decode::Instruction;
use crate::listing::Listing;
use crate::locations::{LocatedFunction, LocatedVariable};
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
                        .find(|&&r| i.flags.is_call() && call_clobbered(r))
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
