//! A memory budget per opened file: what may be allocated on the file's word, bounded in
//! proportion to the input, so that a 1 MB file cannot make us allocate gigabytes.
//! Decompressed sections and bundles (`hetdwarf-amdgpu`) and what the DWARF index builds
//! from the input (scope trees, decoded location lists) are charged to the same budget.

use std::sync::atomic::{AtomicU64, Ordering};

/// The smallest default budget (256 MiB): enough for any real code object.
pub const MIN_DEFAULT_BUDGET: u64 = 256 << 20;
/// The default budget grows with the input: this many bytes per input byte.
pub const DEFAULT_BUDGET_FACTOR: u64 = 64;

/// Bytes that what is made from one file may take, all together.
#[derive(Debug)]
pub struct MemoryBudget {
    limit: u64,
    used: AtomicU64,
}

/// A charge the budget cannot take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{what} needs {size} bytes, and {used} of the memory budget of {limit} bytes are in use (--max-memory raises it)"
)]
pub struct OverBudget {
    /// What needed the memory.
    pub what: String,
    /// How much it needed.
    pub size: u64,
    /// How much was already charged.
    pub used: u64,
    /// The budget.
    pub limit: u64,
}

impl MemoryBudget {
    /// A budget of `limit` bytes.
    pub fn new(limit: u64) -> Self {
        MemoryBudget {
            limit,
            used: AtomicU64::new(0),
        }
    }

    /// The default for an input of `input_len` bytes: the larger of
    /// [`MIN_DEFAULT_BUDGET`] and [`DEFAULT_BUDGET_FACTOR`] × `input_len`.
    pub fn for_input(input_len: usize) -> Self {
        MemoryBudget::new(
            (input_len as u64)
                .saturating_mul(DEFAULT_BUDGET_FACTOR)
                .max(MIN_DEFAULT_BUDGET),
        )
    }

    /// The limit in bytes.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Bytes charged so far.
    pub fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// Whether `bytes` more would fit, without charging them (for what is freed after
    /// one request); the error is [`charge`](Self::charge)'s.
    pub fn check(&self, what: impl FnOnce() -> String, bytes: u64) -> Result<(), OverBudget> {
        let used = self.used();
        if used.saturating_add(bytes) > self.limit {
            return Err(OverBudget {
                what: what(),
                size: bytes,
                used,
                limit: self.limit,
            });
        }
        Ok(())
    }

    /// Charges `bytes` for `what`, or says why not (what asked, its size, what is already
    /// used and the limit); a refused charge takes nothing.
    pub fn charge(&self, what: impl FnOnce() -> String, bytes: u64) -> Result<(), OverBudget> {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let total = used.saturating_add(bytes);
            if total > self.limit {
                return Err(OverBudget {
                    what: what(),
                    size: bytes,
                    used,
                    limit: self.limit,
                });
            }
            match self
                .used
                .compare_exchange_weak(used, total, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Ok(()),
                Err(now) => used = now,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_add_up_to_the_limit_and_no_further() {
        let b = MemoryBudget::new(100);
        b.charge(|| "a".into(), 60).unwrap();
        let e = b
            .charge(|| "section .debug_info".into(), 50)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("section .debug_info") && e.contains("100"),
            "{e}"
        );
        b.charge(|| "b".into(), 40).unwrap();
        assert_eq!(b.used(), 100);
    }

    #[test]
    fn the_default_grows_with_the_input() {
        assert_eq!(MemoryBudget::for_input(1000).limit(), MIN_DEFAULT_BUDGET);
        assert_eq!(MemoryBudget::for_input(100 << 20).limit(), 6400 << 20);
    }
}
