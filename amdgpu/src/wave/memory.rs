//! Sparse memory: the bytes a wave state holds for one address space, as non-overlapping,
//! non-adjacent runs of bytes keyed by start address. Writes merge with the runs they touch
//! or border; reads succeed only when every byte is held (anything else is unavailable).

use std::collections::BTreeMap;

/// Sparse byte storage of one address space.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SparseMemory {
    /// Runs by start address; never overlapping nor adjacent; never empty.
    runs: BTreeMap<u64, Vec<u8>>,
}

fn end_of(start: u64, run: &[u8]) -> u128 {
    u128::from(start) + run.len() as u128
}

impl SparseMemory {
    /// Empty memory.
    pub fn new() -> Self {
        SparseMemory::default()
    }

    /// Whether no byte is held.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// The runs of held bytes, by ascending address.
    pub fn runs(&self) -> impl Iterator<Item = (u64, &[u8])> {
        self.runs.iter().map(|(a, r)| (*a, r.as_slice()))
    }

    /// Total number of bytes held.
    pub fn len(&self) -> u64 {
        self.runs.values().map(|r| r.len() as u64).sum()
    }

    /// The run containing `address`, as (start, bytes).
    fn run_at(&self, address: u64) -> Option<(u64, &Vec<u8>)> {
        let (start, run) = self.runs.range(..=address).next_back()?;
        (u128::from(address) < end_of(*start, run)).then_some((*start, run))
    }

    /// Reads `buf.len()` bytes at `address`. On failure returns the first address that is
    /// not held (nothing is guaranteed about `buf` then).
    pub fn read(&self, address: u64, buf: &mut [u8]) -> Result<(), u64> {
        let mut done = 0usize;
        while done < buf.len() {
            let a = u128::from(address) + done as u128;
            let a64 = u64::try_from(a).map_err(|_| u64::MAX)?;
            let (start, run) = self.run_at(a64).ok_or(a64)?;
            let off = (a64 - start) as usize;
            let n = (run.len() - off).min(buf.len() - done);
            buf[done..done + n].copy_from_slice(&run[off..off + n]);
            done += n;
        }
        Ok(())
    }

    /// Reads the held bytes of `[address, address + buf.len())` and flags the others in
    /// `missing` (one flag per byte of `buf`); returns the first address not held. Gaps
    /// are skipped run by run, not byte by byte.
    pub fn read_available(
        &self,
        address: u64,
        buf: &mut [u8],
        missing: &mut [bool],
    ) -> Option<u64> {
        let mut first_missing = None;
        let mut done = 0usize;
        while done < buf.len() {
            let Ok(a) = u64::try_from(u128::from(address) + done as u128) else {
                // Past the end of a 64-bit space: nothing is held there.
                missing[done..].fill(true);
                return first_missing.or(Some(u64::MAX));
            };
            let n = match self.run_at(a) {
                Some((start, run)) => {
                    let off = (a - start) as usize;
                    let n = (run.len() - off).min(buf.len() - done);
                    buf[done..done + n].copy_from_slice(&run[off..off + n]);
                    n
                }
                None => {
                    first_missing.get_or_insert(a);
                    let next = self.runs.range(a..).next().map(|(s, _)| *s);
                    let gap = next.map_or(u128::MAX, |s| u128::from(s - a));
                    let n = gap.min((buf.len() - done) as u128) as usize;
                    missing[done..done + n].fill(true);
                    n
                }
            };
            done += n;
        }
        first_missing
    }

    /// Whether every byte of `[address, address + len)` is held.
    pub fn contains(&self, address: u64, len: u64) -> bool {
        if len == 0 {
            return true;
        }
        match self.run_at(address) {
            Some((start, run)) => u128::from(address) + u128::from(len) <= end_of(start, run),
            None => false,
        }
    }

    /// The byte at `address`, if held.
    pub fn byte(&self, address: u64) -> Option<u8> {
        self.run_at(address)
            .map(|(start, run)| run[(address - start) as usize])
    }

    /// The first address in `[address, address + data.len())` that holds a byte different
    /// from `data`'s.
    pub fn conflict(&self, address: u64, data: &[u8]) -> Option<u64> {
        let end = u128::from(address) + data.len() as u128;
        let first = self
            .runs
            .range(..=address)
            .next_back()
            .map_or(address, |(s, _)| *s);
        for (&start, run) in self.runs.range(first..) {
            if u128::from(start) >= end {
                break;
            }
            let lo = u128::from(start).max(u128::from(address));
            let hi = end_of(start, run).min(end);
            for a in lo..hi {
                let mine = run[(a - u128::from(start)) as usize];
                if mine != data[(a - u128::from(address)) as usize] {
                    return Some(a as u64);
                }
            }
        }
        None
    }

    /// Writes `data` at `address`, merging with the runs it overlaps or borders. The caller
    /// checks that `address + data.len()` does not pass the end of the address space (bytes
    /// beyond 2^64 are dropped).
    pub fn write(&mut self, address: u64, data: &[u8]) {
        if data.is_empty() {
            return;
        }
        let room = u128::from(u64::MAX) - u128::from(address) + 1;
        let data = &data[..(data.len() as u128).min(room) as usize];
        let end = u128::from(address) + data.len() as u128;
        // Fast path: entirely inside one run.
        if let Some((start, _)) = self.run_at(address) {
            let run = self.runs.get_mut(&start).expect("run exists");
            if end <= end_of(start, run) {
                let off = (address - start) as usize;
                run[off..off + data.len()].copy_from_slice(data);
                return;
            }
        }
        // Runs that overlap or border [address, end).
        let mut touched: Vec<u64> = Vec::new();
        if let Some((&s, run)) = self.runs.range(..address).next_back()
            && end_of(s, run) >= u128::from(address)
        {
            touched.push(s);
        }
        for (&s, _) in self.runs.range(address..) {
            if u128::from(s) > end {
                break;
            }
            touched.push(s);
        }
        let new_start = touched.first().map_or(address, |&s| s.min(address));
        let mut new_end = end;
        for s in &touched {
            new_end = new_end.max(end_of(*s, &self.runs[s]));
        }
        let len = (new_end - u128::from(new_start)) as usize;
        // Grow the first run in place when it starts the merged run (appending is then
        // amortized: filling scratch lane by lane or dword by dword stays linear).
        let mut merged = match touched.first() {
            Some(&first) if first == new_start => self.runs.remove(&first).expect("run exists"),
            _ => Vec::new(),
        };
        merged.resize(len, 0);
        // Lay out the other old runs (they do not overlap each other), then the new data
        // on top.
        for s in &touched {
            if let Some(run) = self.runs.remove(s) {
                let off = (s - new_start) as usize;
                merged[off..off + run.len()].copy_from_slice(&run);
            }
        }
        let off = (address - new_start) as usize;
        merged[off..off + data.len()].copy_from_slice(data);
        self.runs.insert(new_start, merged);
    }

    /// Forgets every byte of `[address, address + len)` (they become unavailable).
    pub fn remove(&mut self, address: u64, len: u64) {
        if len == 0 {
            return;
        }
        let end = u128::from(address) + u128::from(len);
        let first = self
            .runs
            .range(..=address)
            .next_back()
            .map_or(address, |(s, _)| *s);
        let keys: Vec<u64> = self
            .runs
            .range(first..)
            .take_while(|(s, _)| u128::from(**s) < end)
            .map(|(s, _)| *s)
            .collect();
        for s in keys {
            let run = self.runs.remove(&s).expect("run exists");
            let rend = end_of(s, &run);
            if rend <= u128::from(address) {
                self.runs.insert(s, run);
                continue;
            }
            if s < address {
                self.runs.insert(s, run[..(address - s) as usize].to_vec());
            }
            if rend > end {
                let cut = (end - u128::from(s)) as usize;
                self.runs.insert(end as u64, run[cut..].to_vec());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_and_read() {
        let mut m = SparseMemory::new();
        m.write(10, &[1, 2, 3]);
        m.write(20, &[9]);
        assert_eq!(m.runs().count(), 2);
        let mut b = [0u8; 3];
        assert_eq!(m.read(10, &mut b), Ok(()));
        assert_eq!(b, [1, 2, 3]);
        assert_eq!(m.read(11, &mut b), Err(13));
        // Bordering write merges.
        m.write(13, &[4, 5, 6, 7, 8, 9, 10]);
        assert_eq!(m.runs().count(), 1);
        // Overlapping write across everything.
        m.write(8, &[0; 4]);
        assert_eq!(
            m.runs().next().unwrap(),
            (8, &[0, 0, 0, 0, 3, 4, 5, 6, 7, 8, 9, 10, 9][..])
        );
        assert_eq!(m.conflict(8, &[0, 0, 0, 0, 3]), None);
        assert_eq!(m.conflict(7, &[5, 0, 1]), Some(9));
        assert!(m.contains(8, 13));
        assert!(!m.contains(8, 14));
        m.remove(10, 2);
        assert_eq!(m.runs().count(), 2);
        assert_eq!(m.byte(9), Some(0));
        assert_eq!(m.byte(10), None);
        assert_eq!(m.byte(12), Some(3));
        assert_eq!(m.len(), 11);
        // The top of the address space.
        m.write(u64::MAX - 1, &[1, 2, 3]);
        assert_eq!(m.byte(u64::MAX), Some(2));
        let mut b2 = [0u8; 2];
        assert_eq!(m.read(u64::MAX, &mut b2), Err(u64::MAX));
    }
}

#[cfg(test)]
mod growth {
    use super::*;

    #[test]
    fn interleaved_fill_is_linear() {
        // 64 lanes × 16 KiB of private_lane data, lane by lane, dword by dword: 1 MiB.
        let mut m = SparseMemory::new();
        for lane in 0..64u64 {
            for p in (0..16384u64).step_by(4) {
                m.write((p / 4) * 256 + lane * 4, &[lane as u8; 4]);
            }
        }
        assert_eq!(m.runs().count(), 1);
        assert_eq!(m.len(), 1 << 20);
        assert_eq!(m.byte(256 + 12), Some(3));
    }
}
