//! LEB128 and fixed-size little-endian readers and writers shared by the decoder, the
//! encoder and the printer.
//!
//! The overflow rules are LLVM's (`decodeULEB128` / `decodeSLEB128`): redundant padding
//! bytes are accepted as long as they carry no significant bits, anything that does not fit
//! 64 bits is an overflow.

/// Why a LEB128 number could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LebError {
    /// The input ended inside the number.
    Truncated,
    /// The number does not fit 64 bits.
    Overflow,
}

/// A cursor over an expression's bytes.
#[derive(Clone, Debug)]
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    #[inline]
    pub(crate) fn new(bytes: &'a [u8], pos: usize) -> Self {
        Reader { bytes, pos }
    }

    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The next byte, without moving.
    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    #[inline]
    pub(crate) fn u8(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }

    /// Reads an `n`-byte little-endian unsigned number (`n` <= 8).
    pub(crate) fn fixed(&mut self, n: usize) -> Option<u64> {
        debug_assert!(n <= 8);
        let end = self.pos.checked_add(n)?;
        let slice = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(
            slice
                .iter()
                .rev()
                .fold(0u64, |acc, &b| (acc << 8) | u64::from(b)),
        )
    }

    /// Takes `n` bytes; `None` (and no movement) if fewer remain.
    pub(crate) fn take(&mut self, n: u64) -> Option<&'a [u8]> {
        let n = usize::try_from(n).ok()?;
        let end = self.pos.checked_add(n)?;
        let slice = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(slice)
    }

    /// Reads an unsigned LEB128 number. On error the cursor does not move.
    #[inline(always)]
    pub(crate) fn uleb(&mut self) -> Result<u64, LebError> {
        if let Some(&b) = self.bytes.get(self.pos)
            && b < 0x80
        {
            self.pos += 1;
            return Ok(u64::from(b));
        }
        // Two bytes (DWARF register numbers of vector registers, most offsets).
        if let Some(&[b0, b1]) = self
            .bytes
            .get(self.pos..self.pos + 2)
            .map(|s| <&[u8; 2]>::try_from(s).expect("two bytes"))
            && b1 < 0x80
        {
            self.pos += 2;
            return Ok(u64::from(b0 & 0x7f) | u64::from(b1) << 7);
        }
        self.uleb_long()
    }

    /// [`Reader::uleb`] for numbers of more than one byte (or errors).
    fn uleb_long(&mut self) -> Result<u64, LebError> {
        let mut value: u64 = 0;
        let mut shift: u32 = 0;
        let mut p = self.pos;
        loop {
            let byte = *self.bytes.get(p).ok_or(LebError::Truncated)?;
            p += 1;
            let slice = u64::from(byte & 0x7f);
            if shift >= 64 {
                if slice != 0 {
                    return Err(LebError::Overflow);
                }
            } else {
                if (slice << shift) >> shift != slice {
                    return Err(LebError::Overflow);
                }
                value |= slice << shift;
            }
            shift = shift.saturating_add(7);
            if byte & 0x80 == 0 {
                break;
            }
        }
        self.pos = p;
        Ok(value)
    }

    /// Reads a signed LEB128 number. On error the cursor does not move.
    #[inline(always)]
    pub(crate) fn sleb(&mut self) -> Result<i64, LebError> {
        if let Some(&b) = self.bytes.get(self.pos)
            && b < 0x80
        {
            self.pos += 1;
            // Sign-extend bit 6.
            return Ok(i64::from((b << 1) as i8 >> 1));
        }
        self.sleb_long()
    }

    /// [`Reader::sleb`] for numbers of more than one byte (or errors).
    fn sleb_long(&mut self) -> Result<i64, LebError> {
        let mut value: i64 = 0;
        let mut shift: u32 = 0;
        let mut p = self.pos;
        let mut byte;
        loop {
            byte = *self.bytes.get(p).ok_or(LebError::Truncated)?;
            p += 1;
            let slice = i64::from(byte & 0x7f);
            if shift >= 64 {
                if slice != if value < 0 { 0x7f } else { 0 } {
                    return Err(LebError::Overflow);
                }
            } else {
                if shift == 63 && slice != 0 && slice != 0x7f {
                    return Err(LebError::Overflow);
                }
                value |= slice.wrapping_shl(shift);
            }
            shift = shift.saturating_add(7);
            if byte & 0x80 == 0 {
                break;
            }
        }
        if shift < 64 && byte & 0x40 != 0 {
            value |= (-1i64).wrapping_shl(shift);
        }
        self.pos = p;
        Ok(value)
    }
}

/// Appends `value` as canonical unsigned LEB128.
pub(crate) fn write_uleb(out: &mut Vec<u8>, mut value: u64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Appends `value` as canonical signed LEB128.
pub(crate) fn write_sleb(out: &mut Vec<u8>, mut value: i64) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        let done = (value == 0 && byte & 0x40 == 0) || (value == -1 && byte & 0x40 != 0);
        if done {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Appends the low `n` bytes of `value`, little-endian.
pub(crate) fn write_fixed(out: &mut Vec<u8>, value: u64, n: usize) {
    out.extend_from_slice(&value.to_le_bytes()[..n]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uleb_round_trip_and_limits() {
        for v in [0u64, 1, 127, 128, 300, u64::MAX, 1 << 63] {
            let mut b = Vec::new();
            write_uleb(&mut b, v);
            assert_eq!(Reader::new(&b, 0).uleb(), Ok(v));
        }
        // 0x8000000000000000 needs exactly ten bytes.
        let max = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01];
        assert_eq!(Reader::new(&max, 0).uleb(), Ok(1 << 63));
        let over = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02];
        assert_eq!(Reader::new(&over, 0).uleb(), Err(LebError::Overflow));
        // Redundant zero padding is fine.
        let pad = [
            0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00,
        ];
        assert_eq!(Reader::new(&pad, 0).uleb(), Ok(1));
        assert_eq!(Reader::new(&[0x80], 0).uleb(), Err(LebError::Truncated));
    }

    #[test]
    fn sleb_round_trip_and_limits() {
        for v in [0i64, 1, -1, 63, 64, -64, -65, i64::MIN, i64::MAX] {
            let mut b = Vec::new();
            write_sleb(&mut b, v);
            assert_eq!(Reader::new(&b, 0).sleb(), Ok(v), "{v}");
        }
        let min = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f];
        assert_eq!(Reader::new(&min, 0).sleb(), Ok(i64::MIN));
        let over = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01];
        assert_eq!(Reader::new(&over, 0).sleb(), Err(LebError::Overflow));
    }
}
