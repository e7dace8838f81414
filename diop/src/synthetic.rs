//! A program state invented on demand: every register and memory byte reads as a
//! deterministic pseudo-random function of a seed and its place, and every read is
//! recorded. Two evaluations against one seed see the same machine, so a difference
//! between them is a difference in meaning; the recorded reads turn the seed into a
//! concrete counterexample.

use std::collections::BTreeMap;

use hetdwarf::eval::{Backend, Error, Result, Symbols};
use hetdwarf::target::Target;

/// What was read: register bytes (by DWARF number and byte offset) and memory bytes (by
/// DWARF address space, lane for lane-scoped spaces, and address).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    /// (register, byte offset) → byte.
    pub registers: BTreeMap<(u64, u64), u8>,
    /// (address space, lane, address) → byte.
    pub memory: BTreeMap<(u64, Option<u32>, u64), u8>,
}

/// Most bytes one evaluation may read (a runaway read of a huge composite stops here).
pub const MAX_READ_BYTES: usize = 1 << 20;

/// The invented state.
pub struct Synthetic<'t> {
    target: &'t Target,
    seed: u64,
    lane: Option<u32>,
    /// Everything read so far.
    pub reads: Reads,
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<'t> Synthetic<'t> {
    /// A state for `target` drawn from `seed`, focused on `lane`.
    pub fn new(target: &'t Target, seed: u64, lane: Option<u32>) -> Self {
        Synthetic {
            target,
            seed,
            lane,
            reads: Reads::default(),
        }
    }

    /// The byte at a place. Small values are made likely: registers often hold small
    /// integers, so that offsets, shifts and divisions meet their edge cases.
    fn byte(&self, kind: u64, a: u64, b: u64, c: u64) -> u8 {
        let h = mix(self.seed ^ mix(kind ^ mix(a ^ mix(b ^ mix(c)))));
        // One value in four is a small number or -1 in its dword.
        let word = mix(self.seed ^ mix(kind ^ mix(a ^ mix(b & !3))));
        match word % 8 {
            0 => {
                if b & 3 == 0 {
                    (word >> 8) as u8 & 0x1f
                } else {
                    0
                }
            }
            1 => 0xff,
            _ => h as u8,
        }
    }

    fn budget(&self) -> Result<()> {
        if self.reads.registers.len() + self.reads.memory.len() > MAX_READ_BYTES {
            return Err(Error::evaluation(
                "the synthetic state's read budget is spent",
            ));
        }
        Ok(())
    }
}

impl Backend for Synthetic<'_> {
    fn target(&self) -> &Target {
        self.target
    }

    fn lane(&self) -> Option<u32> {
        self.lane
    }

    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        self.budget()?;
        let bits = self.target.register_bits(reg)?;
        if offset.saturating_add(buf.len() as u64) * 8 > u64::from(bits) {
            return Err(Error::evaluation(format!(
                "{} bytes at byte {offset} of a {bits}-bit register",
                buf.len()
            )));
        }
        for (i, b) in buf.iter_mut().enumerate() {
            let at = offset + i as u64;
            *b = self.byte(1, reg, at, u64::from(frame));
            self.reads.registers.insert((reg, at), *b);
        }
        Ok(())
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        self.budget()?;
        for (i, b) in buf.iter_mut().enumerate() {
            let at = address.wrapping_add(i as u64);
            *b = self.byte(2, aspace, at, lane.map_or(u64::MAX, u64::from));
            self.reads.memory.insert((aspace, lane, at), *b);
        }
        Ok(())
    }
}

/// The `.debug_addr` entries the expressions may name: the symbols a synthetic state is
/// evaluated with.
#[derive(Clone, Debug, Default)]
pub struct DebugAddrTable(pub BTreeMap<u64, u64>);

impl Symbols for DebugAddrTable {
    fn debug_addr(&mut self, index: u64) -> Result<u64> {
        self.0
            .get(&index)
            .copied()
            .ok_or_else(|| Error::missing(format!(".debug_addr entry {index}")))
    }
}
