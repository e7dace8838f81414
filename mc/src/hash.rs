//! A fast hasher for this crate's caches, whose keys are short (an encoding, an expression,
//! a name): SipHash, std's default, cost more than the lookups saved.
//!
//! The keys come from the object being read, so a fixed hash would let crafted bytes make
//! every key collide and every lookup slow: the state starts from a seed drawn once per
//! process from std's own random keys.

use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

/// Folds each word into the state with a rotate, an xor and a multiplication.
#[derive(Clone, Copy)]
pub(crate) struct FoldHasher(u64);

impl FoldHasher {
    fn fold(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

impl Hasher for FoldHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.fold(u64::from_le_bytes(w.try_into().unwrap_or([0; 8])));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            // The length keeps "ab" and "ab\0" apart.
            self.fold(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.fold(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.fold(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.fold(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.fold(n);
    }
    fn write_u128(&mut self, n: u128) {
        self.fold(n as u64);
        self.fold((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.fold(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
}

/// Builds [`FoldHasher`]s that start from this process's seed.
#[derive(Clone, Copy)]
pub(crate) struct Seeded(u64);

impl Default for Seeded {
    fn default() -> Self {
        static SEED: OnceLock<u64> = OnceLock::new();
        Seeded(*SEED.get_or_init(|| std::collections::hash_map::RandomState::new().hash_one(0u64)))
    }
}

impl BuildHasher for Seeded {
    type Hasher = FoldHasher;
    fn build_hasher(&self) -> FoldHasher {
        FoldHasher(self.0)
    }
}

/// A map with [`Seeded`] hashing.
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, Seeded>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_keys_hash_alike_and_lengths_count() {
        let b = Seeded::default();
        assert_eq!(b.hash_one(&b"v_add"[..]), b.hash_one(&b"v_add"[..]));
        assert_ne!(b.hash_one(&b"ab"[..]), b.hash_one(&b"ab\0"[..]));
        assert_ne!(b.hash_one(1u128), b.hash_one(1u128 << 64));
        let mut m: FastMap<&str, u32> = FastMap::default();
        m.insert("x", 1);
        assert_eq!(m.get("x"), Some(&1));
    }
}
