//! Hash maps and sets keyed by small integers and short byte strings the library reads or
//! makes itself (DIE offsets, register and address-space numbers, expression bytes): a
//! multiply per word instead of SipHash, for the look-ups that run per lane of every value
//! shown and per site of every object verified. Public for the machine-code crate's caches,
//! which take the seeded form ([`SeededHashMap`]).

use std::hash::{BuildHasher, BuildHasherDefault, Hasher};
use std::sync::OnceLock;

/// Multiplies each word in, then folds the high bits into the low bits (which pick the
/// bucket), so keys that differ only in high bits still spread; the keys are bounded by
/// the input's size, which bounds any collision chain an input could arrange.
#[derive(Clone, Copy, Default)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        // A word at a time: expression bytes key the per-site memos of verify.
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.write_u64(u64::from_le_bytes(w.try_into().unwrap_or_default()));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            // The length keeps "ab" apart from "ab\0".
            self.write_u64(u64::from_le_bytes(last) ^ ((rest.len() as u64) << 59));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        // The multiply leaves a key's low zero bits zero: fold the middle and the top of
        // the word down (two shifts, cheap on the per-lane paths).
        self.0 ^ (self.0 >> 26) ^ (self.0 >> 52)
    }
}

/// `std`'s map with [`WordHasher`].
pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// `std`'s set with [`WordHasher`].
pub(crate) type HashSet<K> = std::collections::HashSet<K, BuildHasherDefault<WordHasher>>;

/// Builds [`WordHasher`]s that start from a seed drawn once per process from `std`'s random
/// keys: for caches whose keys an input chooses freely and in great numbers (the
/// machine-code crate's, keyed by encodings), so that no input can arrange its keys to
/// collide. The iteration order of its maps changes from process to process: not for maps
/// whose order shows in output.
#[derive(Clone, Copy, Debug)]
pub struct Seeded(u64);

impl Default for Seeded {
    fn default() -> Self {
        static SEED: OnceLock<u64> = OnceLock::new();
        Seeded(*SEED.get_or_init(|| std::collections::hash_map::RandomState::new().hash_one(0u64)))
    }
}

impl BuildHasher for Seeded {
    type Hasher = WordHasher;
    fn build_hasher(&self) -> WordHasher {
        WordHasher(self.0)
    }
}

/// `std`'s map with [`WordHasher`]s seeded per process ([`Seeded`]).
pub type SeededHashMap<K, V> = std::collections::HashMap<K, V, Seeded>;

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(key: impl std::hash::Hash) -> u64 {
        let mut h = WordHasher::default();
        key.hash(&mut h);
        h.finish()
    }

    /// Keys that differ only in their high bits (offsets in a large section, unit ids)
    /// still spread over the low bits a table indexes by, and differ from each other.
    #[test]
    fn the_hasher_spreads_integer_keys() {
        for shift in [0, 20, 40, 52] {
            let buckets: HashSet<u64> = (0u64..4096).map(|i| hash(i << shift) & 0xfff).collect();
            assert!(
                buckets.len() > 2000,
                "shift {shift}: {} buckets",
                buckets.len()
            );
        }
        let keys: HashSet<u64> = (0u64..10_000).map(|i| hash((i, i * 3, "x"))).collect();
        assert_eq!(keys.len(), 10_000);
        assert_ne!(hash(&b"regx"[..]), hash(&b"regy"[..]));
    }

    /// Seeded hashers agree within a process and keep the keys apart that the plain one
    /// does.
    #[test]
    fn seeded_hashers_agree_and_keep_lengths_apart() {
        let b = Seeded::default();
        assert_eq!(
            b.hash_one(&b"v_add"[..]),
            Seeded::default().hash_one(&b"v_add"[..])
        );
        assert_ne!(b.hash_one(&b"ab"[..]), b.hash_one(&b"ab\0"[..]));
        assert_ne!(b.hash_one(1u128), b.hash_one(1u128 << 64));
        let mut m: SeededHashMap<&str, u32> = SeededHashMap::default();
        m.insert("x", 1);
        assert_eq!(m.get("x"), Some(&1));
    }
}
