//! Reading and writing bits through any location description: across composite parts
//! (including lazy repeated and selected parts), at any bit offset, from any one place of a
//! multi-place location (reads) or every place (writes).
//!
//! Reads do not fail as a whole when some bits cannot be had: they return the bytes plus two
//! per-bit masks, *optimized out* (undefined storage, bits beyond a storage's end, implicit
//! pointer storage read as bits) and *unavailable* (a fetch the context reported as
//! [`Unavailable`](crate::ErrorKind::Unavailable)). Other context errors (missing context)
//! are returned as errors. Bits are little-endian: bit `i` is bit `i % 8` of byte `i / 8`.

use super::batch::{self, Piece};
use super::bits::copy_bits;
use super::bits::{Out, get_bit, set_range};
use super::context::{Backend, Context, read_place, write_place};
use super::error::{Error, Result};
use super::location::{Composite, LocDesc, Part, Single, Storage, mask_bit};
use super::protocol::Place;
use super::value::{BaseType, Bytes, Value};
use crate::ErrorKind;

/// The state of one bit returned by [`read`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitStatus {
    /// The bit was read.
    Valid,
    /// The bit has no storage (optimized out).
    OptimizedOut,
    /// The bit's storage could not be fetched.
    Unavailable,
}

/// Bits read through a location, with per-bit availability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits {
    len: u64,
    // Inline up to 16 bytes: a value of up to 128 bits (every scalar a lane holds) reads
    // without touching the allocator, once per lane at every stop.
    data: Bytes,
    optimized_out: Bytes,
    unavailable: Bytes,
    cause: Option<Error>,
}

impl Bits {
    /// Number of bits.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no bits were read.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The data bytes (invalid bits read as 0).
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// Mask of optimized-out bits.
    pub fn optimized_out(&self) -> &[u8] {
        &self.optimized_out
    }

    /// Mask of unavailable bits.
    pub fn unavailable(&self) -> &[u8] {
        &self.unavailable
    }

    /// Why bits are unavailable: the first error the context answered with, when it gave
    /// one.
    pub fn unavailable_cause(&self) -> Option<&Error> {
        self.cause.as_ref()
    }

    /// The bytes as little-endian hex, `??` for a byte with any bit not read.
    pub fn hex(&self) -> String {
        use std::fmt::Write;
        let mut s = String::with_capacity(self.data.len() * 2);
        for (i, b) in self.data.iter().enumerate() {
            if self.optimized_out[i] != 0 || self.unavailable[i] != 0 {
                s.push_str("??");
            } else {
                let _ = write!(s, "{b:02x}");
            }
        }
        s
    }

    /// The status of bit `i`.
    pub fn status(&self, i: u64) -> BitStatus {
        if get_bit(&self.optimized_out, i) {
            BitStatus::OptimizedOut
        } else if get_bit(&self.unavailable, i) {
            BitStatus::Unavailable
        } else {
            BitStatus::Valid
        }
    }

    /// The status of byte `i` as a whole: unavailable when any of its bits is, else
    /// optimized out when any is, else valid.
    pub fn byte_status(&self, i: usize) -> BitStatus {
        if self.unavailable.get(i).is_some_and(|&b| b != 0) {
            BitStatus::Unavailable
        } else if self.optimized_out.get(i).is_some_and(|&b| b != 0) {
            BitStatus::OptimizedOut
        } else {
            BitStatus::Valid
        }
    }

    /// Whether every bit is valid.
    pub fn is_complete(&self) -> bool {
        !self.any_optimized_out() && !self.any_unavailable()
    }

    /// Whether any bit is optimized out.
    pub fn any_optimized_out(&self) -> bool {
        self.optimized_out.iter().any(|&b| b != 0)
    }

    /// Whether any bit is unavailable.
    pub fn any_unavailable(&self) -> bool {
        self.unavailable.iter().any(|&b| b != 0)
    }

    /// Bits `[start, start+n)` of the data as an integer (n ≤ 128).
    pub fn get(&self, start: u64, n: u32) -> u128 {
        let n = n.min(128);
        if start.is_multiple_of(8) {
            // Whole bytes from a byte boundary: the common case, no bit loop.
            let first = usize::try_from(start / 8).unwrap_or(usize::MAX);
            let mut le = [0u8; 16];
            let take = (n as usize).div_ceil(8);
            if let Some(src) = self.data.get(first..) {
                let k = take.min(src.len());
                le[..k].copy_from_slice(&src[..k]);
            }
            let v = u128::from_le_bytes(le);
            return if n == 128 { v } else { v & ((1u128 << n) - 1) };
        }
        let mut v = 0u128;
        for i in 0..u64::from(n) {
            if get_bit(&self.data, start + i) {
                v |= 1 << i;
            }
        }
        v
    }
}

/// The most bits [`read`] fetches at once (32 MiB): its three buffers are allocated up
/// front, and a size taken from the input (a type's, a piece's) must never size them
/// unchecked. Larger values are read in windows (see `Frame::read`).
pub const MAX_READ_BITS: u64 = 1 << 28;

/// Reads `nbits` bits starting `bit_offset` bits into `loc`; more than
/// [`MAX_READ_BITS`] is a [`Limit::ReadSize`](super::Limit::ReadSize) error.
pub fn read<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    bit_offset: u128,
    nbits: u64,
) -> Result<Bits> {
    if nbits > MAX_READ_BITS {
        return Err(Error::limit(super::Limit::ReadSize, MAX_READ_BITS));
    }
    let bytes = nbits.div_ceil(8) as usize;
    let mut b = Bits {
        len: nbits,
        data: Bytes::zeroed(bytes),
        optimized_out: Bytes::zeroed(bytes),
        unavailable: Bytes::zeroed(bytes),
        cause: None,
    };
    b.cause = read_with_cause(
        ctx,
        loc,
        bit_offset,
        nbits,
        &mut b.data,
        &mut b.optimized_out,
        &mut b.unavailable,
    )?;
    Ok(b)
}

/// Like [`read`], into caller buffers of at least `ceil(nbits/8)` zeroed bytes each.
pub fn read_into<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    bit_offset: u128,
    nbits: u64,
    data: &mut [u8],
    optimized_out: &mut [u8],
    unavailable: &mut [u8],
) -> Result<()> {
    read_with_cause(
        ctx,
        loc,
        bit_offset,
        nbits,
        data,
        optimized_out,
        unavailable,
    )
    .map(|_| ())
}

/// [`read_into`], returning the first reason the context gave for unavailable bytes.
fn read_with_cause<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    bit_offset: u128,
    nbits: u64,
    data: &mut [u8],
    optimized_out: &mut [u8],
    unavailable: &mut [u8],
) -> Result<Option<Error>> {
    let need = nbits.div_ceil(8) as usize;
    if data.len() < need || optimized_out.len() < need || unavailable.len() < need {
        return Err(Error::evaluation("read buffer too small"));
    }
    let mut out = Out {
        data,
        undef: optimized_out,
        unavail: unavailable,
        cause: None,
    };
    read_loc(ctx, loc, bit_offset, nbits, &mut out, 0)?;
    Ok(out.cause)
}

/// Writes `nbits` bits of `data` starting `bit_offset` bits into `loc`, to every place of a
/// multi-place location. Writing undefined, implicit or implicit-pointer storage, or past a
/// storage's end, is an evaluation error.
pub fn write<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    bit_offset: u128,
    nbits: u64,
    data: &[u8],
) -> Result<()> {
    if (data.len() as u64) < nbits.div_ceil(8) {
        return Err(Error::evaluation("write buffer too small"));
    }
    write_loc(ctx, loc, bit_offset, nbits, data, 0)
}

/// Reads exactly `nbits` bits from the start of `loc` as a value of type `ty` (the
/// strict read the `DW_OP_deref*` operations use): any optimized-out bit (undefined
/// storage, past a storage's end) is an evaluation error, any unfetchable bit an
/// unavailable error.
pub fn read_value<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    nbits: u64,
    ty: BaseType,
) -> Result<Value> {
    if loc.len() == 1
        && let Storage::Register { reg, bits, .. } = loc.first().storage
        && u128::from(nbits) > u128::from(bits).saturating_sub(loc.first().offset())
    {
        return Err(Error::evaluation(format!(
            "reading {nbits} bits from register {} at bit {} exceeds its {bits} bits",
            ctx.backend_ref().target().register_label(reg),
            loc.first().offset()
        )));
    }
    // Fast path: whole bytes of one memory or register location, up to 16 bytes.
    let first = loc.first();
    let off = first.offset();
    if loc.len() == 1 && nbits <= 128 && nbits.is_multiple_of(8) && off.is_multiple_of(8) {
        let n = (nbits / 8) as usize;
        let mut buf = [0u8; 16];
        let fetched = match &first.storage {
            Storage::Memory(m)
                if off + u128::from(nbits) <= first.storage.size_bits().unwrap_or(0) =>
            {
                Some(
                    ctx.backend()
                        .read_memory(m.aspace, m.lane, (off / 8) as u64, &mut buf[..n]),
                )
            }
            Storage::Register { reg, frame, bits }
                if off + u128::from(nbits) <= u128::from(*bits) =>
            {
                Some(
                    ctx.backend()
                        .read_register(*reg, *frame, (off / 8) as u64, &mut buf[..n]),
                )
            }
            _ => None,
        };
        match fetched {
            // Bytes past `n` are still zero: the same as `from_bytes(ty, &buf[..n])`.
            Some(Ok(())) if ty.bits <= 128 => {
                return Ok(Value::from_u128(ty, u128::from_le_bytes(buf)));
            }
            Some(Ok(())) => return Ok(Value::from_bytes(ty, &buf[..n])),
            Some(Err(e)) if e.kind() == ErrorKind::Unavailable => {
                return Err(Error::unavailable(format!(
                    "cannot read {nbits} bits at {}",
                    loc.display(ctx.backend_ref().target())
                ))
                .caused_by(e));
            }
            Some(Err(e)) => return Err(e),
            None => {}
        }
    }
    let n = nbits.div_ceil(8) as usize;
    let mut small = [[0u8; 16]; 3];
    let mut big;
    let (d, u, a) = if n <= 16 {
        let [d, u, a] = &mut small;
        (&mut d[..n], &mut u[..n], &mut a[..n])
    } else {
        big = [vec![0u8; n], vec![0u8; n], vec![0u8; n]];
        let [d, u, a] = &mut big;
        (&mut d[..], &mut u[..], &mut a[..])
    };
    let cause = read_with_cause(ctx, loc, 0, nbits, d, u, a)?;
    if u.iter().any(|&b| b != 0) {
        return Err(Error::evaluation(
            "reading undefined (optimized-out) bits or bits beyond the end of the storage",
        ));
    }
    if a.iter().any(|&b| b != 0) {
        let e = Error::unavailable(format!(
            "cannot read {nbits} bits at {}",
            loc.display(ctx.backend_ref().target())
        ));
        return Err(match cause {
            Some(c) => e.caused_by(c),
            None => e,
        });
    }
    Ok(Value::from_bytes(ty, d))
}

fn any_range(buf: &[u8], start: u64, n: u64) -> bool {
    (0..n).any(|i| get_bit(buf, start + i))
}

pub(crate) fn read_loc<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    skip: u128,
    n: u64,
    out: &mut Out<'_>,
    dst: u64,
) -> Result<()> {
    let mut pieces = Pieces::new();
    plan_loc(ctx, loc, skip, n, out, dst, &mut pieces)?;
    batch::fetch(ctx, &pieces, out)
}

/// The pieces of one batch: a value in one register or one memory range (every lane's
/// scalar at every stop) plans without allocating.
type Pieces = smallvec::SmallVec<[Piece; 2]>;

/// Pieces one batch collects at most: a read of bit-sized repeated parts must not plan
/// millions of pieces at once.
const MAX_PIECES: usize = 4096;

/// Adds the device pieces of reading `n` bits of `loc` from `skip` (to bit `dst` of `out`)
/// to `pieces`, and writes what needs no device (implicit bytes, undefined bits) at once.
/// A location with several places is read at once, place by place.
fn plan_loc<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    skip: u128,
    n: u64,
    out: &mut Out<'_>,
    dst: u64,
    pieces: &mut Pieces,
) -> Result<()> {
    if loc.len() == 1 {
        return plan_single(ctx, loc.first(), skip, n, out, dst, pieces);
    }
    let mut iter = loc.iter();
    let first = iter.next().expect("a location has one single location");
    read_single(ctx, first, skip, n, out, dst)?;
    if !(any_range(out.undef, dst, n) || any_range(out.unavail, dst, n)) {
        return Ok(());
    }
    // Another place may hold the bits: use the first that reads completely.
    let bytes = n.div_ceil(8) as usize;
    let (mut d, mut u, mut a) = (vec![0u8; bytes], vec![0u8; bytes], vec![0u8; bytes]);
    for s in iter {
        d.fill(0);
        u.fill(0);
        a.fill(0);
        let mut o = Out {
            data: &mut d,
            undef: &mut u,
            unavail: &mut a,
            cause: None,
        };
        read_single(ctx, s, skip, n, &mut o, 0)?;
        if !any_range(&u, 0, n) && !any_range(&a, 0, n) {
            copy_bits(&d, 0, out.data, dst, n);
            set_range(out.undef, dst, n, false);
            set_range(out.unavail, dst, n, false);
            break;
        }
    }
    Ok(())
}

/// Reads one single location now, with its own batch.
fn read_single<C: Context + ?Sized>(
    ctx: &mut C,
    s: &Single,
    skip: u128,
    n: u64,
    out: &mut Out<'_>,
    dst: u64,
) -> Result<()> {
    let mut pieces = Pieces::new();
    plan_single(ctx, s, skip, n, out, dst, &mut pieces)?;
    batch::fetch(ctx, &pieces, out)
}

const CHUNK: usize = 64;

/// Plans reading `n` bits from bit `start` of a register or memory as one piece; a plan
/// that has grown to [`MAX_PIECES`] is fetched first.
fn plan_device<C: Context + ?Sized>(
    ctx: &mut C,
    place: Place,
    start: u128,
    n: u64,
    out: &mut Out<'_>,
    dst: u64,
    pieces: &mut Pieces,
) -> Result<()> {
    if pieces.len() >= MAX_PIECES {
        batch::fetch(ctx, pieces, out)?;
        pieces.clear();
    }
    pieces.push(Piece {
        place,
        first_byte: (start / 8) as u64,
        shift: (start % 8) as u64,
        bits: n,
        dst,
    });
    Ok(())
}

/// The register and memory byte ranges, as `(place, offset, length)`, that reading `n`
/// bits of `loc` from bit `skip` touches (first places only), for a prefetch; stops at
/// [`MAX_PIECES`] ranges.
pub(crate) fn device_ranges(
    loc: &LocDesc,
    skip: u128,
    n: u64,
    ranges: &mut Vec<(Place, u64, u64)>,
) {
    if ranges.len() >= MAX_PIECES || n == 0 {
        return;
    }
    let s = loc.first();
    let start = s.offset().saturating_add(skip);
    let Some(size) = s.storage.size_bits() else {
        return;
    };
    let avail = (size.saturating_sub(start)).min(u128::from(n)) as u64;
    if avail == 0 {
        return;
    }
    let place = match &s.storage {
        Storage::Memory(m) => Place::Memory {
            aspace: m.aspace,
            lane: m.lane,
        },
        Storage::Register { reg, frame, .. } => Place::Register {
            reg: *reg,
            frame: *frame,
        },
        Storage::Composite(c) => {
            let _ = for_each_piece(c, start, avail, |loc, skip, len, _| {
                device_ranges(loc, skip, len, ranges);
                Ok(())
            });
            return;
        }
        _ => return,
    };
    let first = (start / 8) as u64;
    ranges.push((place, first, ((start % 8) as u64 + avail).div_ceil(8)));
}

fn plan_single<C: Context + ?Sized>(
    ctx: &mut C,
    s: &Single,
    skip: u128,
    n: u64,
    out: &mut Out<'_>,
    dst: u64,
    pieces: &mut Pieces,
) -> Result<()> {
    let start = s.offset().saturating_add(skip);
    let size = match s.storage.size_bits() {
        Some(size) => size,
        None => {
            set_range(out.undef, dst, n, true);
            return Ok(());
        }
    };
    let avail = (size.saturating_sub(start)).min(u128::from(n)) as u64;
    if avail < n {
        set_range(out.undef, dst + avail, n - avail, true);
    }
    if avail == 0 {
        return Ok(());
    }
    match &s.storage {
        Storage::Undefined | Storage::ImplicitPointer(_) => {
            set_range(out.undef, dst, avail, true);
            Ok(())
        }
        Storage::Implicit(b) => {
            copy_bits(b.as_slice(), start as u64, out.data, dst, avail);
            Ok(())
        }
        Storage::Memory(m) => plan_device(
            ctx,
            Place::Memory {
                aspace: m.aspace,
                lane: m.lane,
            },
            start,
            avail,
            out,
            dst,
            pieces,
        ),
        Storage::Register { reg, frame, .. } => plan_device(
            ctx,
            Place::Register {
                reg: *reg,
                frame: *frame,
            },
            start,
            avail,
            out,
            dst,
            pieces,
        ),
        Storage::Composite(c) => for_each_piece(c, start, avail, |loc, skip, len, d| {
            plan_loc(ctx, loc, skip, len, out, dst + d, pieces)
        }),
    }
}

/// Calls `f(location, bit offset in it, bits, bit offset in the request)` for every piece
/// of composite `c` overlapping bits `[start, start+n)` (which must lie inside `c`).
fn for_each_piece<'c>(
    c: &'c Composite,
    start: u128,
    n: u64,
    mut f: impl FnMut(&'c LocDesc, u128, u64, u64) -> Result<()>,
) -> Result<()> {
    let end = start + u128::from(n);
    let mut pos = 0u128;
    for part in c.parts() {
        let pend = pos + part.bits();
        if pend <= start {
            pos = pend;
            continue;
        }
        if pos >= end {
            break;
        }
        let s = start.max(pos);
        let e = end.min(pend);
        let local = s - pos;
        let len = (e - s) as u64;
        let d = (s - start) as u64;
        match part {
            Part::Piece { loc, .. } => f(loc, local, len, d)?,
            Part::Repeat { .. } | Part::Select { .. } => {
                let (loc, bits): (&LocDesc, u64) = match part {
                    Part::Repeat { loc, bits, .. } => (loc, *bits),
                    Part::Select { one, bits, .. } => (one, *bits),
                    Part::Piece { .. } => unreachable!("matched above"),
                };
                let bits = u128::from(bits);
                let mut idx = (local / bits) as u64;
                let mut within = local % bits;
                let mut done = 0u64;
                while done < len {
                    let take = ((bits - within) as u64).min(len - done);
                    match part {
                        Part::Select { zero, mask, .. } => {
                            let l = if mask_bit(mask, idx) { loc } else { zero };
                            f(l, u128::from(idx) * bits + within, take, d + done)?;
                        }
                        _ => f(loc, within, take, d + done)?,
                    }
                    done += take;
                    idx += 1;
                    within = 0;
                }
            }
        }
        pos = pend;
    }
    Ok(())
}

fn write_loc<C: Context + ?Sized>(
    ctx: &mut C,
    loc: &LocDesc,
    skip: u128,
    n: u64,
    src: &[u8],
    sbit: u64,
) -> Result<()> {
    for s in loc.iter() {
        write_single(ctx, s, skip, n, src, sbit)?;
    }
    Ok(())
}

fn write_single<C: Context + ?Sized>(
    ctx: &mut C,
    s: &Single,
    skip: u128,
    n: u64,
    src: &[u8],
    sbit: u64,
) -> Result<()> {
    let start = s.offset().saturating_add(skip);
    let place = match &s.storage {
        Storage::Undefined => {
            return Err(Error::evaluation(
                "cannot write to an undefined location (optimized out)",
            ));
        }
        Storage::Implicit(_) | Storage::ImplicitPointer(_) => {
            return Err(Error::evaluation("cannot write to implicit storage"));
        }
        Storage::Memory(m) => Place::Memory {
            aspace: m.aspace,
            lane: m.lane,
        },
        Storage::Register { reg, frame, .. } => Place::Register {
            reg: *reg,
            frame: *frame,
        },
        Storage::Composite(_) => Place::Register { reg: 0, frame: 0 },
    };
    let size = s.storage.size_bits().unwrap_or(0);
    if start.saturating_add(u128::from(n)) > size {
        return Err(Error::evaluation("write beyond the end of the storage"));
    }
    if let Storage::Composite(c) = &s.storage {
        return for_each_piece(c, start, n, |loc, skip, len, d| {
            write_loc(ctx, loc, skip, len, src, sbit + d)
        });
    }
    let mut buf = [0u8; CHUNK];
    let mut done = 0u64;
    while done < n {
        let cur = start + u128::from(done);
        let byte = (cur / 8) as u64;
        let shift = (cur % 8) as u64;
        let bits = (n - done).min(CHUNK as u64 * 8 - shift);
        let cnt = (shift + bits).div_ceil(8) as usize;
        if shift != 0 || !bits.is_multiple_of(8) {
            read_place(ctx.backend(), place, byte, &mut buf[..cnt]).map_err(|e| {
                if e.kind() == ErrorKind::Unavailable {
                    Error::unavailable(
                        "cannot read-modify-write a bit field: containing bytes unavailable",
                    )
                } else {
                    e
                }
            })?;
        }
        copy_bits(src, sbit + done, &mut buf, shift, bits);
        write_place(ctx.backend(), place, byte, &buf[..cnt])?;
        done += bits;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::testctx::TestCtx;

    #[test]
    fn get_takes_whole_bytes_as_bit_by_bit() {
        for len in [1usize, 4, 8, 16, 17, 40] {
            let mut data = Bytes::zeroed(len);
            for (i, b) in data.iter_mut().enumerate() {
                *b = (i as u8).wrapping_mul(37) ^ 0x5a;
            }
            let bits = Bits {
                len: len as u64 * 8,
                data,
                optimized_out: Bytes::zeroed(len),
                unavailable: Bytes::zeroed(len),
                cause: None,
            };
            for start in (0..len as u64 * 8 + 16).step_by(4) {
                for n in [0u32, 1, 7, 8, 13, 32, 64, 100, 128, 200] {
                    let mut want = 0u128;
                    for i in 0..u64::from(n.min(128)) {
                        if get_bit(bits.data(), start + i) {
                            want |= 1 << i;
                        }
                    }
                    assert_eq!(bits.get(start, n), want, "len {len} start {start} n {n}");
                }
            }
        }
    }

    #[test]
    fn bit_copies() {
        let src = [0b1011_0110u8, 0xff];
        let mut dst = [0u8; 2];
        copy_bits(&src, 1, &mut dst, 3, 7);
        assert_eq!(dst[0], 0b1101_1000);
        assert_eq!(dst[1], 0b0000_0010);
        let mut m = [0u8; 3];
        set_range(&mut m, 3, 14, true);
        assert_eq!(m, [0xf8, 0xff, 0x01]);
    }

    #[test]
    fn registers_memory_and_implicit() {
        let mut c = TestCtx::new();
        c.set_vgpr_lane(1, 3, 0xdead_beef);
        let mut v = LocDesc::register(TestCtx::VGPR0 + 1, 0, 2048);
        v.offset_bits(96).unwrap();
        let b = read(&mut c, &v, 0, 32).unwrap();
        assert!(b.is_complete());
        assert_eq!(b.get(0, 32), 0xdead_beef);
        // unaligned bits
        let b = read(&mut c, &v, 4, 8).unwrap();
        assert_eq!(b.get(0, 8), 0xee);
        // bits past the end of a register are optimized out
        let mut end = LocDesc::register(TestCtx::SGPR0, 0, 32);
        end.offset_bits(16).unwrap();
        let b = read(&mut c, &end, 0, 32).unwrap();
        assert_eq!(b.status(15), BitStatus::Valid);
        assert_eq!(b.status(16), BitStatus::OptimizedOut);
        // memory
        c.poke(6, None, 0x100, &[1, 2, 3, 4]);
        let m = LocDesc::memory(6, 32, None, 0x100);
        assert_eq!(read(&mut c, &m, 8, 16).unwrap().data(), &[2, 3]);
        // unavailable memory
        c.unreadable.push((6, 0x200));
        let m = LocDesc::memory(6, 32, None, 0x1fe);
        let b = read(&mut c, &m, 0, 32).unwrap();
        // Only the byte at 0x200 (bits 16..24) is missing.
        assert_eq!(b.status(0), BitStatus::Valid);
        assert_eq!(b.status(15), BitStatus::Valid);
        assert_eq!(b.status(16), BitStatus::Unavailable);
        assert_eq!(b.status(23), BitStatus::Unavailable);
        assert_eq!(b.status(24), BitStatus::Valid);
        assert!(b.any_unavailable() && !b.any_optimized_out());
        // implicit
        let i = LocDesc::implicit(&[0x34, 0x12]);
        assert_eq!(read(&mut c, &i, 4, 8).unwrap().get(0, 8), 0x23);
        assert!(write(&mut c, &i, 0, 8, &[0]).is_err());
        assert!(write(&mut c, &LocDesc::undefined(), 0, 8, &[0]).is_err());
    }

    #[test]
    fn one_missing_byte_marks_only_that_byte_unavailable() {
        let mut c = TestCtx::new();
        let data: Vec<u8> = (0..200u8).collect();
        c.poke(6, None, 0x1000, &data);
        // One unreadable byte in the middle of the second 64-byte chunk.
        c.unreadable.push((6, 0x1000 + 70));
        let m = LocDesc::memory(6, 32, None, 0x1000);
        let b = read(&mut c, &m, 0, 200 * 8).unwrap();
        for i in 0..200u64 {
            let want = if i == 70 {
                BitStatus::Unavailable
            } else {
                BitStatus::Valid
            };
            for bit in 0..8 {
                assert_eq!(b.status(i * 8 + bit), want, "byte {i} bit {bit}");
            }
            if i != 70 {
                assert_eq!(b.data()[i as usize], i as u8, "byte {i}");
            }
        }
        // At a bit offset, the missing byte straddles two result bytes.
        let b = read(&mut c, &m, 4, 100 * 8).unwrap();
        for i in 0..100 * 8u64 {
            let src_byte = (i + 4) / 8;
            let want = if src_byte == 70 {
                BitStatus::Unavailable
            } else {
                BitStatus::Valid
            };
            assert_eq!(b.status(i), want, "bit {i}");
        }
        assert_eq!(b.get(0, 8), 0x10); // bits 4..12: low nibble of 1, high nibble of 0
        assert_eq!(b.get(68 * 8, 8), 0x54); // source bits 548..556: bytes 68 and 69
        assert_eq!(b.get(70 * 8 + 4, 8), 71); // source byte 71, right after the hole
        // Registers behave the same through the same path.
        let mut r = TestCtx::new();
        r.regs.insert(TestCtx::VGPR0, (0..=255u8).collect());
        let b = read(&mut r, &LocDesc::register(TestCtx::VGPR0, 0, 2048), 0, 2048).unwrap();
        assert!(b.is_complete());
    }

    #[test]
    fn composite_with_undefined_parts_reports_per_bit() {
        let mut c = TestCtx::new();
        c.regs
            .insert(TestCtx::SGPR0 + 2, vec![0x11, 0x22, 0x33, 0x44]);
        let comp = LocDesc::composite(vec![
            Part::Piece {
                loc: LocDesc::register(TestCtx::SGPR0 + 2, 0, 32),
                bits: 16,
            },
            Part::Piece {
                loc: LocDesc::undefined(),
                bits: 16,
            },
            Part::Piece {
                loc: LocDesc::implicit(&[0xab]),
                bits: 8,
            },
        ]);
        let b = read(&mut c, &comp, 0, 48).unwrap();
        assert_eq!(b.get(0, 16), 0x2211);
        for i in 16..32 {
            assert_eq!(b.status(i), BitStatus::OptimizedOut);
        }
        assert_eq!(b.get(32, 8), 0xab);
        // beyond the composite's end
        assert_eq!(b.status(40), BitStatus::OptimizedOut);
        assert_eq!(b.status(39), BitStatus::Valid);
        // a write to the register part only works; one touching the undefined part fails
        write(&mut c, &comp, 0, 16, &[0xcd, 0xab]).unwrap();
        assert_eq!(c.regs[&(TestCtx::SGPR0 + 2)], vec![0xcd, 0xab, 0x33, 0x44]);
        assert!(write(&mut c, &comp, 8, 16, &[0, 0]).is_err());
    }

    #[test]
    fn lazy_repeat_and_select() {
        let mut c = TestCtx::new();
        c.regs.insert(TestCtx::PC, 0x1000u64.to_le_bytes().to_vec());
        let rep = LocDesc::composite(vec![Part::Repeat {
            loc: LocDesc::register(TestCtx::PC, 0, 64),
            bits: 64,
            count: 64,
        }]);
        let b = read(&mut c, &rep, 64 * 63, 64).unwrap();
        assert_eq!(b.get(0, 64), 0x1000);
        let undef = LocDesc::composite(vec![Part::Repeat {
            loc: LocDesc::undefined(),
            bits: 64,
            count: 64,
        }]);
        let sel = LocDesc::composite(vec![Part::Select {
            zero: Box::new(undef),
            one: Box::new(rep),
            mask: Bytes::new(&0b101u64.to_le_bytes()),
            bits: 64,
            count: 64,
        }]);
        let b = read(&mut c, &sel, 0, 64 * 4).unwrap();
        assert_eq!(b.get(0, 64), 0x1000);
        assert_eq!(b.status(64), BitStatus::OptimizedOut);
        assert_eq!(b.get(128, 64), 0x1000);
        assert_eq!(b.status(192), BitStatus::OptimizedOut);
    }

    #[test]
    fn multi_place_reads_fall_back_and_writes_go_everywhere() {
        let mut c = TestCtx::new();
        c.poke(0, None, 0x40, &[7, 7, 7, 7]);
        let mut two = LocDesc::undefined();
        two.union(LocDesc::memory(0, 64, None, 0x40));
        let b = read(&mut c, &two, 0, 32).unwrap();
        assert!(b.is_complete());
        assert_eq!(b.get(0, 32), 0x0707_0707);
        let mut both = LocDesc::memory(0, 64, None, 0x40);
        both.union(LocDesc::register(TestCtx::SGPR0, 0, 32));
        write(&mut c, &both, 4, 8, &[0xff]).unwrap();
        assert_eq!(c.peek(0, None, 0x40, 2), vec![0xf7, 0x0f]);
        assert_eq!(c.regs[&TestCtx::SGPR0][..2], [0xf0, 0x0f]);
        assert!(
            write(
                &mut c,
                &LocDesc::register(TestCtx::SGPR0, 0, 32),
                0,
                40,
                &[0; 5]
            )
            .is_err()
        );
    }
}
