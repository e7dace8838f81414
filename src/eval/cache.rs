//! A read cache for one stop ([`ReadCache`]).

use super::context::Backend;
use super::error::{Error, Result};
use super::location::LocDesc;
use super::protocol::{Entry, Place, Read};
use crate::ErrorKind;
use crate::fast_hash::HashMap;
use crate::target::Target;

/// Reads longer than this (bytes) pass through uncached, and a prefetch skips them: the
/// cache never allocates more than this per range.
const MAX_CACHED: u64 = super::MAX_READ_BITS / 8;

/// Registers wider than this are not fetched whole on a miss (no AMDGPU register is).
const MAX_WHOLE_REGISTER: u64 = 4096;

/// Bytes of one place fetched together.
#[derive(Debug)]
struct Block {
    start: u64,
    data: Vec<u8>,
    missing: Vec<bool>,
    /// The backend's reason for the missing bytes.
    error: Option<Error>,
}

impl Block {
    /// Answers `r` with the block's bytes at `range`, with the backend's reason when any of
    /// them is missing.
    fn answer(&self, range: std::ops::Range<usize>, r: &mut Read<'_>) {
        r.data.copy_from_slice(&self.data[range.clone()]);
        r.unavailable.copy_from_slice(&self.missing[range.clone()]);
        if self.missing[range].contains(&true) {
            r.error = self.error.clone();
        }
    }

    /// The block's bytes for `[offset, offset + len)`, if it holds them all.
    fn slice(&self, offset: u64, len: usize) -> Option<std::ops::Range<usize>> {
        let from = usize::try_from(offset.checked_sub(self.start)?).ok()?;
        let to = from.checked_add(len)?;
        (to <= self.data.len()).then_some(from..to)
    }
}

/// How many calls reached the backend through a [`ReadCache`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheCounts {
    /// Reads answered from the cache.
    pub hits: u64,
    /// Batches sent to the backend (each is one [`Backend::read_batch`] call).
    pub batches: u64,
    /// Reads those batches held.
    pub fetched: u64,
}

/// Sorts `(place, start, end)` ranges and merges those of one place that overlap or touch.
fn merge(mut ranges: Vec<(Place, u64, u128)>) -> Vec<(Place, u64, u128)> {
    ranges.sort_unstable_by_key(|w| (w.0, w.1));
    let mut merged: Vec<(Place, u64, u128)> = Vec::with_capacity(ranges.len());
    for (p, o, end) in ranges {
        match merged.last_mut() {
            Some(m) if m.0 == p && u128::from(o) <= m.2 => m.2 = m.2.max(end),
            _ => merged.push((p, o, end)),
        }
    }
    merged
}

/// A read cache for one stop: a [`Backend`] over another that remembers every register
/// and memory range it fetched, so that evaluating many variables over many lanes asks the
/// backend once per register and once per range. Registers are fetched whole on a miss
/// (all lanes of a vector register in one answer); ranges can be prefetched as one batch.
///
/// The cache is valid while the program does not run: any write through it clears it, and
/// a caller that resumes the program drops it (or calls [`ReadCache::clear`]).
pub struct ReadCache<'c, C: Backend + ?Sized> {
    inner: &'c mut C,
    blocks: HashMap<Place, Vec<Block>>,
    counts: CacheCounts,
}

impl<'c, C: Backend + ?Sized> ReadCache<'c, C> {
    /// An empty cache over `inner`.
    pub fn new(inner: &'c mut C) -> Self {
        ReadCache {
            inner,
            blocks: HashMap::default(),
            counts: CacheCounts::default(),
        }
    }

    /// The context the cache reads from.
    pub fn inner(&mut self) -> &mut C {
        self.inner
    }

    /// Forgets everything read (after the program ran, or registers were changed behind
    /// the cache's back).
    pub fn clear(&mut self) {
        self.blocks.clear();
    }

    /// What reached the backend so far.
    pub fn counts(&self) -> CacheCounts {
        self.counts
    }

    /// Fetches every range not yet cached, as `(place, offset, length)`, in one batch;
    /// registers are fetched whole. Ranges of one place that touch are merged.
    pub fn prefetch(&mut self, ranges: &[(Place, u64, u64)]) -> Result<()> {
        // Lanes reading one register ask for ranges of it one after another: the block
        // that held the previous range answers for the next without a look-up.
        // So does the whole register a missing range widens to, for the next ranges.
        let mut last_block: Option<(Place, u64, u64)> = None;
        let mut last_missing: Option<(Place, u64, u128)> = None;
        let mut missing: Vec<(Place, u64, u64)> = Vec::new();
        for &(p, o, len) in ranges {
            if len == 0 || len > MAX_CACHED {
                continue;
            }
            let end = u128::from(o) + u128::from(len);
            if last_block
                .is_some_and(|(bp, start, stop)| bp == p && o >= start && end <= u128::from(stop))
            {
                continue;
            }
            if last_missing.is_some_and(|(mp, start, stop)| mp == p && o >= start && end <= stop) {
                missing.push((p, o, len));
                continue;
            }
            match self.lookup(p, o, len as usize) {
                Some((block, _)) => {
                    last_block = Some((p, block.start, block.start + block.data.len() as u64))
                }
                None => {
                    missing.push((p, o, len));
                    last_missing = Some(self.widen(p, o, len));
                }
            }
        }
        if missing.is_empty() {
            return Ok(());
        }
        let mut widened: Vec<(Place, u64, u128)> = Vec::new();
        for &(p, o, len) in &missing {
            let w = self.widen(p, o, len);
            // Every lane's slice of one register widens to the same whole register.
            if widened.last() != Some(&w) {
                widened.push(w);
            }
        }
        let widened = merge(widened);
        match self.fetch(&widened) {
            Err(_)
                if missing
                    .iter()
                    .any(|&(p, o, len)| self.widen(p, o, len).1 != o) =>
            {
                // A whole register could not be asked for: ask for what was wanted.
                let exact = missing
                    .iter()
                    .map(|&(p, o, len)| (p, o, u128::from(o) + u128::from(len)))
                    .collect();
                self.fetch(&merge(exact))
            }
            r => r,
        }
    }

    /// A register read grows to the whole register; memory stays as asked. As
    /// `(place, start, end)`.
    fn widen(&self, place: Place, offset: u64, len: u64) -> (Place, u64, u128) {
        if let Place::Register { reg, .. } = place
            && let Ok(bits) = self.inner.target().register_bits(reg)
        {
            let bytes = u64::from(bits).div_ceil(8);
            if bytes <= MAX_WHOLE_REGISTER && offset.saturating_add(len) <= bytes {
                return (place, 0, u128::from(bytes));
            }
        }
        (place, offset, u128::from(offset) + u128::from(len))
    }

    /// Fetches `(place, start, end)` ranges in one batch and keeps them.
    fn fetch(&mut self, ranges: &[(Place, u64, u128)]) -> Result<()> {
        let mut blocks: Vec<(Place, Block)> = ranges
            .iter()
            .map(|&(place, start, end)| {
                let n = (end - u128::from(start)) as usize;
                (
                    place,
                    Block {
                        start,
                        data: vec![0; n],
                        missing: vec![false; n],
                        error: None,
                    },
                )
            })
            .collect();
        let mut reads: Vec<Read<'_>> = blocks
            .iter_mut()
            .map(|(place, b)| Read {
                place: *place,
                offset: b.start,
                data: &mut b.data,
                unavailable: &mut b.missing,
                error: None,
            })
            .collect();
        self.counts.batches += 1;
        self.counts.fetched += reads.len() as u64;
        self.inner.read_batch(&mut reads)?;
        let errors: Vec<Option<Error>> = reads.into_iter().map(|r| r.error).collect();
        for ((place, mut block), error) in blocks.into_iter().zip(errors) {
            block.error = error;
            self.blocks.entry(place).or_default().push(block);
        }
        Ok(())
    }

    fn lookup(
        &self,
        place: Place,
        offset: u64,
        len: usize,
    ) -> Option<(&Block, std::ops::Range<usize>)> {
        self.blocks
            .get(&place)?
            .iter()
            .find_map(|b| b.slice(offset, len).map(|r| (b, r)))
    }

    /// Answers a single read from the cache, fetching it first on a miss.
    fn read_one(&mut self, place: Place, offset: u64, buf: &mut [u8]) -> Result<()> {
        if buf.is_empty() {
            return Ok(());
        }
        if buf.len() as u64 > MAX_CACHED {
            return super::context::read_place(self.inner, place, offset, buf);
        }
        if self.lookup(place, offset, buf.len()).is_none() {
            self.prefetch(&[(place, offset, buf.len() as u64)])?;
        }
        self.counts.hits += 1;
        let (block, range) = self
            .lookup(place, offset, buf.len())
            .ok_or_else(|| Error::evaluation("read cache: a fetched range is missing"))?;
        if block.missing[range.clone()].contains(&true) {
            return Err(match &block.error {
                Some(e) if e.kind() == ErrorKind::Unavailable => e.clone(),
                _ => Error::unavailable("bytes the backend could not fetch"),
            });
        }
        buf.copy_from_slice(&block.data[range]);
        Ok(())
    }
}

impl<C: Backend + ?Sized> Backend for ReadCache<'_, C> {
    fn target(&self) -> &Target {
        self.inner.target()
    }

    fn lane(&self) -> Option<u32> {
        self.inner.lane()
    }

    fn lanes(&self) -> u32 {
        self.inner.lanes()
    }

    fn iteration(&self) -> Option<u64> {
        self.inner.iteration()
    }

    fn iterations(&self) -> u64 {
        self.inner.iterations()
    }

    fn frame(&self) -> u32 {
        self.inner.frame()
    }

    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        self.read_one(Place::Register { reg, frame }, offset, buf)
    }

    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> Result<()> {
        self.clear();
        self.inner.write_register(reg, frame, offset, data)
    }

    fn register_location(&mut self, reg: u64) -> Result<LocDesc> {
        self.inner.register_location(reg)
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        self.read_one(Place::Memory { aspace, lane }, address, buf)
    }

    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> Result<()> {
        // A write to one space may show through another (a generic address): forget all.
        self.clear();
        self.inner.write_memory(aspace, lane, address, data)
    }

    fn read_batch(&mut self, reads: &mut [Read<'_>]) -> Result<()> {
        // Reads of what is cached already (each lane's value after the first lane fetched
        // its registers) are answered without planning a batch; at the first miss, the
        // batch is planned for all of them.
        let mut answered = 0;
        for r in reads.iter_mut() {
            if r.data.is_empty() {
                answered += 1;
                continue;
            }
            let Some((block, range)) = self.lookup(r.place, r.offset, r.data.len()) else {
                break;
            };
            block.answer(range, r);
            answered += 1;
        }
        if answered == reads.len() {
            self.counts.hits += reads.iter().filter(|r| !r.data.is_empty()).count() as u64;
            return Ok(());
        }
        let (large, cached): (Vec<_>, Vec<_>) = reads
            .iter_mut()
            .filter(|r| !r.data.is_empty())
            .partition(|r| r.data.len() as u64 > MAX_CACHED);
        // Rare: each goes to the backend on its own.
        for r in large {
            self.inner.read_batch(std::slice::from_mut(r))?;
        }
        let wanted: Vec<(Place, u64, u64)> = cached
            .iter()
            .map(|r| (r.place, r.offset, r.data.len() as u64))
            .collect();
        self.prefetch(&wanted)?;
        for r in cached {
            self.counts.hits += 1;
            let (block, range) = self
                .lookup(r.place, r.offset, r.data.len())
                .ok_or_else(|| Error::evaluation("read cache: a fetched range is missing"))?;
            block.answer(range, r);
        }
        Ok(())
    }

    fn cfa(&mut self) -> Result<LocDesc> {
        self.inner.cfa()
    }

    fn call_frame_entry_reg(&mut self, reg: u64) -> Result<LocDesc> {
        self.inner.call_frame_entry_reg(reg)
    }

    fn object_address(&mut self) -> Result<LocDesc> {
        self.inner.object_address()
    }

    fn tls_address(&mut self, offset: u64) -> Result<LocDesc> {
        self.inner.tls_address(offset)
    }

    fn relocate(&self, address: u64) -> u64 {
        self.inner.relocate(address)
    }

    fn entry_value(&mut self, block: &[u8]) -> Result<Entry> {
        self.inner.entry_value(block)
    }

    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> Result<u64> {
        self.inner.convert_address(address, from, to)
    }
}
