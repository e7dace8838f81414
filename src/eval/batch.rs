//! The read path's batching: a read through a location description is first planned as
//! the device ranges it touches (registers and memory, across every composite part), then
//! fetched with one [`Backend::read_batch`](super::Backend::read_batch) call, overlapping and adjacent ranges of one
//! place merged into one request, and the bits copied out.

use smallvec::SmallVec;

use super::bits::{Out, copy_bits, set_range};
use super::context::{Backend, Context};
use super::error::{Error, Result};
use super::protocol::{Place, Read};

/// Bits `[shift, shift + bits)` of the bytes of `place` from `first_byte`, going to bit
/// `dst` of the output.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Piece {
    pub place: Place,
    pub first_byte: u64,
    pub shift: u64,
    pub bits: u64,
    pub dst: u64,
}

impl Piece {
    fn byte_len(&self) -> u64 {
        (self.shift + self.bits).div_ceil(8)
    }

    fn end(&self) -> u128 {
        u128::from(self.first_byte) + u128::from(self.byte_len())
    }
}

/// Small reads (the common case: one register slice or a scalar in memory) need no heap.
const INLINE: usize = 64;

/// Fetches every piece with one batch and copies its bits into `out`, flagging the bits
/// of bytes the context could not fetch; the first reason the context gave is kept in
/// `out`.
pub(crate) fn fetch<C: Context + ?Sized>(
    ctx: &mut C,
    pieces: &[Piece],
    out: &mut Out<'_>,
) -> Result<()> {
    match pieces {
        [] => Ok(()),
        [p] if p.byte_len() as usize <= INLINE => {
            let n = p.byte_len() as usize;
            let mut data = [0u8; INLINE];
            let mut unavailable = [false; INLINE];
            let mut reads = [Read {
                place: p.place,
                offset: p.first_byte,
                data: &mut data[..n],
                unavailable: &mut unavailable[..n],
                error: None,
            }];
            ctx.backend().read_batch(&mut reads)?;
            let [read] = reads;
            let error = read.error;
            place_piece(p, &data[..n], &unavailable[..n], out);
            keep_cause(out, error);
            Ok(())
        }
        _ => fetch_merged(ctx, pieces, out),
    }
}

fn keep_cause(out: &mut Out<'_>, error: Option<Error>) {
    if out.cause.is_none() {
        out.cause = error;
    }
}

/// Copies piece `p`'s bits from `bytes` (its own bytes, from `p.first_byte`) and flags
/// those of unavailable bytes.
fn place_piece(p: &Piece, bytes: &[u8], unavailable: &[bool], out: &mut Out<'_>) {
    copy_bits(bytes, p.shift, out.data, p.dst, p.bits);
    if !unavailable.contains(&true) {
        return;
    }
    let end = p.shift + p.bits;
    for (k, _) in unavailable.iter().enumerate().filter(|(_, u)| **u) {
        let k = k as u64;
        let lo = (k * 8).max(p.shift);
        let hi = ((k + 1) * 8).min(end);
        if lo < hi {
            set_range(out.unavail, p.dst + (lo - p.shift), hi - lo, true);
        }
    }
}

/// One request of the batch: a range of one place covering one or more pieces.
struct Range {
    place: Place,
    start: u64,
    end: u128,
    /// Where its bytes start in the shared buffers.
    base: usize,
}

fn fetch_merged<C: Context + ?Sized>(
    ctx: &mut C,
    pieces: &[Piece],
    out: &mut Out<'_>,
) -> Result<()> {
    // Inline up to a few pieces and 32 bytes: a value in two or four registers (a
    // 64-bit value in a VGPR pair, every lane at every stop) fetches without allocating.
    let mut order: SmallVec<[usize; 4]> = (0..pieces.len()).collect();
    order.sort_unstable_by_key(|&i| (pieces[i].place, pieces[i].first_byte));
    let mut ranges: SmallVec<[Range; 4]> = SmallVec::new();
    // The range each piece falls in.
    let mut range_of: SmallVec<[usize; 4]> = smallvec::smallvec![0usize; pieces.len()];
    for &i in &order {
        let p = &pieces[i];
        match ranges.last_mut() {
            Some(r) if r.place == p.place && u128::from(p.first_byte) <= r.end => {
                r.end = r.end.max(p.end());
            }
            _ => ranges.push(Range {
                place: p.place,
                start: p.first_byte,
                end: p.end(),
                base: 0,
            }),
        }
        range_of[i] = ranges.len() - 1;
    }
    let mut total = 0usize;
    for r in &mut ranges {
        r.base = total;
        // Each range is at most the sum of its pieces' bytes, which the caller's output
        // buffer bounds.
        total += (r.end - u128::from(r.start)) as usize;
    }
    let mut data: SmallVec<[u8; 32]> = smallvec::smallvec![0u8; total];
    let mut unavailable: SmallVec<[bool; 32]> = smallvec::smallvec![false; total];
    let mut reads: SmallVec<[Read<'_>; 4]> = SmallVec::with_capacity(ranges.len());
    let (mut d, mut u) = (&mut data[..], &mut unavailable[..]);
    for r in &ranges {
        let n = (r.end - u128::from(r.start)) as usize;
        let (dh, dt) = d.split_at_mut(n);
        let (uh, ut) = u.split_at_mut(n);
        reads.push(Read {
            place: r.place,
            offset: r.start,
            data: dh,
            unavailable: uh,
            error: None,
        });
        d = dt;
        u = ut;
    }
    ctx.backend().read_batch(&mut reads)?;
    let error = reads.into_iter().find_map(|r| r.error);
    for (i, p) in pieces.iter().enumerate() {
        let r = &ranges[range_of[i]];
        let from = r.base + (p.first_byte - r.start) as usize;
        let to = from + p.byte_len() as usize;
        place_piece(p, &data[from..to], &unavailable[from..to], out);
    }
    keep_cause(out, error);
    Ok(())
}
