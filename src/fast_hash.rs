//! A hash map keyed by small integers the library makes itself (DIE offsets, register and
//! address-space numbers): a multiply per word instead of SipHash, for the look-ups that
//! run per lane of every value shown.

use std::hash::{BuildHasherDefault, Hasher};

/// Multiplies each word in. The high half is folded into the low bits (which pick the
/// bucket), so keys that differ only in high bits still spread; the keys are bounded by
/// the input's size, which bounds any collision chain an input could arrange.
#[derive(Default)]
pub(crate) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u8(&mut self, n: u8) {
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
        self.0 ^ (self.0 >> 32)
    }
}

/// `std`'s map with [`WordHasher`].
pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<WordHasher>>;
