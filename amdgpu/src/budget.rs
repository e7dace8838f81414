//! A memory budget per opened file: what decompression and relocation may allocate,
//! bounded in proportion to the input, so that a 1 MB file cannot make us allocate
//! gigabytes (compressed sections and bundles are the way a small file declares a large
//! size).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::CodeObjectError;

/// The smallest default budget (256 MiB): enough for any real code object's sections.
pub const MIN_DEFAULT_BUDGET: u64 = 256 << 20;
/// The default budget grows with the input: this many bytes per input byte.
pub const DEFAULT_BUDGET_FACTOR: u64 = 64;

/// Bytes that decompressed and relocated copies of one file may take, all together.
#[derive(Debug)]
pub struct MemoryBudget {
    limit: u64,
    used: AtomicU64,
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

    /// Charges `bytes` for `what` of `file`, or says why not: the error names the file,
    /// what asked, its size, what is already used and the limit.
    pub fn charge(&self, file: &str, what: &str, bytes: u64) -> Result<(), CodeObjectError> {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let total = used.saturating_add(bytes);
            if total > self.limit {
                return Err(CodeObjectError::OverBudget {
                    file: file.to_string(),
                    what: what.to_string(),
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
        b.charge("f", "a", 60).unwrap();
        let e = b
            .charge("f", "section .debug_info", 50)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("section .debug_info") && e.contains("100"),
            "{e}"
        );
        b.charge("f", "b", 40).unwrap();
        assert_eq!(b.used(), 100);
    }

    #[test]
    fn the_default_grows_with_the_input() {
        assert_eq!(MemoryBudget::for_input(1000).limit(), MIN_DEFAULT_BUDGET);
        assert_eq!(MemoryBudget::for_input(100 << 20).limit(), 6400 << 20);
    }
}
