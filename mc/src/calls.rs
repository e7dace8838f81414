//! What a call may change: the callee found from the call's address computation
//! (`s_getpc_b64` and the `s_add`/`s_addc` that complete it), and the registers it and the
//! functions it calls write. With inter-procedural register allocation (LLVM's default for
//! AMDGPU) a call changes only those, not everything the calling convention allows.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::clobber::call_clobbered;
use crate::decode::Prefix;
use crate::listing::Listing;
use crate::register::MachineRegister;

/// The registers a callee (and what it calls) may write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CalleeWrites {
    /// Written by an instruction of the callee or of a function it calls, sorted.
    pub registers: Vec<MachineRegister>,
    /// It makes a call whose callee is not known: everything the calling convention lets a
    /// callee change may change too.
    pub unknown_calls: bool,
}

impl CalleeWrites {
    /// Whether the call may change `reg`.
    pub fn may_change(&self, reg: MachineRegister) -> bool {
        self.registers.binary_search(&reg).is_ok() || (self.unknown_calls && call_clobbered(reg))
    }
}

/// How deep calls are followed.
const MAX_DEPTH: u32 = 16;
/// How many instructions before a call its address computation may start.
const SETUP_WINDOW: usize = 96;

/// The callees of one listing's calls, each worked out once.
pub struct Calls<'l> {
    listing: &'l Listing,
    memo: RefCell<HashMap<u64, Option<Rc<CalleeWrites>>>>,
}

impl<'l> Calls<'l> {
    /// The calls of `listing`.
    pub fn new(listing: &'l Listing) -> Self {
        Calls {
            listing,
            memo: RefCell::new(HashMap::new()),
        }
    }

    /// The address the call at listing index `k` jumps to, when the code before it
    /// computes it from the PC (`s_getpc_b64 s[a:b]; s_add_u32 sa, sa, lo;
    /// s_addc_u32 sb, sb, hi; s_swappc_b64 s[30:31], s[a:b]`). A relocatable object's
    /// offsets are relocations, read as 0: such a target is not trusted.
    pub fn target(&self, k: usize) -> Option<u64> {
        let insts = self.listing.instructions();
        let call = insts.get(k)?;
        let pair: Vec<MachineRegister> = call
            .facts
            .uses
            .iter()
            .copied()
            .filter(|r| matches!(r, MachineRegister::Sgpr(_)))
            .collect();
        let [lo_reg, hi_reg] = pair[..] else {
            return None;
        };
        let (mut lo, mut hi) = (None, None);
        for j in (k.saturating_sub(SETUP_WINDOW)..k).rev() {
            let i = &insts[j];
            if i.has_prefix(Prefix::GetPc) && i.writes(lo_reg) && i.writes(hi_reg) {
                let (lo, hi) = (lo?, hi?);
                let offset = (u64::from(hi as u32) << 32) | u64::from(lo as u32);
                if offset == 0 {
                    return None;
                }
                return Some(i.end().wrapping_add(offset));
            }
            if i.has_prefix(Prefix::SAdd) && i.writes(lo_reg) && lo.is_none() {
                lo = i.facts.immediate;
            } else if i.has_prefix(Prefix::SAdd) && i.writes(hi_reg) && hi.is_none() {
                hi = i.facts.immediate;
            } else if i.writes(lo_reg) || i.writes(hi_reg) {
                return None;
            }
        }
        None
    }

    /// What the call at listing index `k` may write, when its callee is known.
    pub fn writes_of_call(&self, k: usize) -> Option<Rc<CalleeWrites>> {
        self.callee(self.target(k)?, 0)
    }

    /// What the function starting at `start` (a function symbol) may write.
    fn callee(&self, start: u64, depth: u32) -> Option<Rc<CalleeWrites>> {
        if let Some(known) = self.memo.borrow().get(&start) {
            return known.clone();
        }
        let range = self.listing.symbol_at(start)?;
        // A call back into a function being worked out (recursion) is not followed: it
        // counts as an unknown call.
        self.memo.borrow_mut().insert(
            start,
            Some(Rc::new(CalleeWrites {
                registers: Vec::new(),
                unknown_calls: true,
            })),
        );
        let insts = self.listing.instructions();
        let first = insts.partition_point(|i| i.address < range.start);
        let last = insts.partition_point(|i| i.address < range.end);
        let mut out = CalleeWrites::default();
        for (k, i) in insts[first..last].iter().enumerate() {
            out.registers.extend(i.facts.defs.iter().copied());
            if i.facts.flags.is_call() {
                let inner = if depth < MAX_DEPTH {
                    self.target(first + k)
                        .and_then(|t| self.callee(t, depth + 1))
                } else {
                    None
                };
                match inner {
                    Some(w) => {
                        out.registers.extend(w.registers.iter().copied());
                        out.unknown_calls |= w.unknown_calls;
                    }
                    None => out.unknown_calls = true,
                }
            }
        }
        out.registers.sort_unstable();
        out.registers.dedup();
        let out = Some(Rc::new(out));
        self.memo.borrow_mut().insert(start, out.clone());
        out
    }
}
