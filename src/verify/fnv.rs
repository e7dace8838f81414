//! The hasher of verify's maps and sets.

use std::collections::HashMap as StdHashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a over bytes, one multiply per word for integers, and a final mix: the maps here
/// are keyed by short byte strings and small integers from the object itself, and
/// SipHash's DoS resistance costs more than the rest of the lookup.
#[derive(Default)]
pub(super) struct Fnv(u64);

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        // Integers enter with one multiply, which leaves high input bits out of the low
        // output bits the table indexes by: mix them down (murmur3's finalizer).
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { FNV_OFFSET } else { self.0 };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(FNV_PRIME);
        }
        self.0 = h;
    }
    fn write_u64(&mut self, n: u64) {
        let h = if self.0 == 0 { FNV_OFFSET } else { self.0 };
        self.0 = (h ^ n).wrapping_mul(FNV_PRIME);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub(super) type HashMap<K, V> = StdHashMap<K, V, BuildHasherDefault<Fnv>>;
pub(super) type HashSet<K> = std::collections::HashSet<K, BuildHasherDefault<Fnv>>;

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(key: impl std::hash::Hash) -> u64 {
        let mut h = Fnv::default();
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
}
