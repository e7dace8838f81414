//! Bit buffers of a read: where a read's bits go ([`Out`]: the data and the two per-bit
//! masks, optimized out and unavailable) and the copies between them. Shared by planning a
//! read through a location (`access`) and answering it from a batch (`batch`), which
//! otherwise would import each other.

use super::error::Error;

/// Where a read's bits go: the bits, and which of them are optimized out or unavailable.
pub(crate) struct Out<'a> {
    pub(crate) data: &'a mut [u8],
    pub(crate) undef: &'a mut [u8],
    pub(crate) unavail: &'a mut [u8],
    /// The first reason the context gave for unavailable bytes.
    pub(crate) cause: Option<Error>,
}

#[inline]
pub(crate) fn get_bit(buf: &[u8], i: u64) -> bool {
    buf.get((i / 8) as usize)
        .is_some_and(|b| (b >> (i % 8)) & 1 == 1)
}

#[inline]
fn set_bit(buf: &mut [u8], i: u64, v: bool) {
    let b = &mut buf[(i / 8) as usize];
    if v {
        *b |= 1 << (i % 8);
    } else {
        *b &= !(1 << (i % 8));
    }
}

/// Copies `n` bits from `src` at bit `sbit` to `dst` at bit `dbit` (bit `i` is bit `i % 8`
/// of byte `i / 8`, as everywhere in reads and writes). Bits past the end of `src` read as 0.
///
/// # Panics
///
/// If `dst` has fewer than `dbit + n` bits, or (when both offsets are whole bytes) `src`
/// has fewer than `sbit + n / 8 * 8`.
#[inline]
pub fn copy_bits(src: &[u8], sbit: u64, dst: &mut [u8], dbit: u64, n: u64) {
    if n == 0 {
        return;
    }
    if sbit.is_multiple_of(8) && dbit.is_multiple_of(8) {
        let whole = (n / 8) as usize;
        let (s, d) = ((sbit / 8) as usize, (dbit / 8) as usize);
        dst[d..d + whole].copy_from_slice(&src[s..s + whole]);
        for i in (whole as u64 * 8)..n {
            set_bit(dst, dbit + i, get_bit(src, sbit + i));
        }
        return;
    }
    for i in 0..n {
        set_bit(dst, dbit + i, get_bit(src, sbit + i));
    }
}

pub(crate) fn set_range(buf: &mut [u8], start: u64, n: u64, v: bool) {
    let mut i = 0;
    while i < n {
        let p = start + i;
        if p.is_multiple_of(8) && n - i >= 8 {
            let whole = ((n - i) / 8) as usize;
            let b = (p / 8) as usize;
            buf[b..b + whole].fill(if v { 0xff } else { 0 });
            i += whole as u64 * 8;
        } else {
            set_bit(buf, p, v);
            i += 1;
        }
    }
}
