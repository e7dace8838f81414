//! Composite locations: `DW_OP_piece`/`bit_piece` (with the in-place fast path) and
//! `DW_OP_LLVM_overlay`/`bit_overlay`.

use super::*;

impl Evaluator {
    /// `DW_OP_piece` of a single register or memory location on top of the stack (the
    /// common case), done in place: the location's fields are read one by one and the
    /// part is written straight into the composite (copying freshly written enums as
    /// wholes stalls on store forwarding). False if the general path must run.
    #[inline(always)]
    pub(super) fn piece_fast<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
        bits: u128,
    ) -> Result<bool> {
        let n = self.stack.len();
        if n <= base {
            return Ok(false);
        }
        let Entry::Location(l) = &self.stack[n - 1] else {
            return Ok(false);
        };
        if l.len() != 1 {
            return Ok(false);
        }
        let s = l.first();
        let off = s.offset();
        // The storage, as scalars: (register?, reg or aspace, frame or address bits, bits, lane).
        let (is_reg, a, b, size, lane) = match &s.storage {
            Storage::Register { reg, frame, bits } => (true, *reg, *frame, u128::from(*bits), None),
            Storage::Memory(m) => (
                false,
                m.aspace,
                u32::from(m.address_bits),
                crate::eval::location::memory_size_bits(m.address_bits),
                m.lane,
            ),
            _ => return Ok(false),
        };
        if off.saturating_add(bits) > size {
            return Ok(false);
        }
        // Below it: nothing (a new composite) or an incomplete composite with room.
        let below = if n - 1 > base {
            match &self.stack[n - 2] {
                Entry::Location(c) if c.is_single_incomplete_composite() => true,
                _ => return Ok(false),
            }
        } else {
            false
        };
        let make = || Part::Piece {
            loc: if is_reg {
                LocDesc::new(
                    Storage::Register {
                        reg: a,
                        frame: b,
                        bits: size as u32,
                    },
                    off,
                )
            } else {
                LocDesc::new(
                    Storage::Memory(crate::eval::location::Memory {
                        aspace: a,
                        address_bits: b as u8,
                        lane,
                    }),
                    off,
                )
            },
            bits,
        };
        if below {
            let max_parts = self.limits.max_composite_parts;
            let Some(Entry::Location(cl)) = self.stack.get_mut(n - 2) else {
                unreachable!("checked above")
            };
            let Some(c) = cl.incomplete_composite_mut() else {
                unreachable!("checked above")
            };
            if c.part_count() >= max_parts {
                return Ok(false);
            }
            if c.bits() + bits > ctx.backend_ref().target().max_composite_bits() {
                return Ok(false);
            }
            // The popped entry is a register or memory location: nothing to drop.
            std::mem::forget(self.stack.pop());
            let Some(Entry::Location(cl)) = self.stack.last_mut() else {
                unreachable!("checked above")
            };
            let Some(c) = cl.incomplete_composite_mut() else {
                unreachable!("checked above")
            };
            c.push(make());
            return Ok(true);
        }
        Self::check_composite_size(ctx, bits)?;
        let mut c = Composite::new();
        c.push(make());
        let Some(Entry::Location(top)) = self.stack.last_mut() else {
            unreachable!("checked above")
        };
        // Replace the location in place by the composite (the register or memory
        // location owns nothing: skip its drop glue).
        std::mem::forget(std::mem::replace(
            top,
            LocDesc::new(Storage::Composite(c), 0),
        ));
        Ok(true)
    }

    /// `DW_OP_piece` / `DW_OP_bit_piece`: the three-way rule.
    pub(super) fn piece<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
        bits: u128,
        bit_offset: u64,
    ) -> Result<()> {
        if bit_offset == 0 && self.piece_fast(ctx, base, bits)? {
            return Ok(());
        }
        let max_parts = self.limits.max_composite_parts;
        let top_incomplete = self.stack.len() > base
            && matches!(self.stack.last(), Some(Entry::Location(l)) if l.is_single_incomplete_composite());
        let part = if self.stack.len() <= base || top_incomplete {
            Part::Piece {
                loc: LocDesc::undefined(),
                bits,
            }
        } else {
            let mut pl = self.pop_loc(ctx, base)?;
            if bit_offset != 0 {
                pl.offset_bits(i128::from(bit_offset))?;
            }
            Self::check_fits(&pl, 0, bits, "piece")?;
            Part::Piece { loc: pl, bits }
        };
        let Part::Piece { loc: part_loc, .. } = &part else {
            unreachable!("a piece")
        };
        match self.stack.last() {
            Some(Entry::Location(l))
                if self.stack.len() > base && l.is_single_incomplete_composite() =>
            {
                self.check_nested_size(&[l, part_loc], 0)?
            }
            _ => self.check_nested_size(&[part_loc], 1)?,
        }
        if self.stack.len() > base
            && let Some(Entry::Location(l)) = self.stack.last_mut()
            && let Some(c) = l.incomplete_composite_mut()
        {
            if c.part_count() >= max_parts {
                return Err(Error::limit(Limit::CompositeParts, max_parts as u64));
            }
            Self::check_composite_size(ctx, c.bits() + part.bits())?;
            c.push(part);
            return Ok(());
        }
        Self::check_composite_size(ctx, part.bits())?;
        let mut c = Composite::new();
        c.push(part);
        self.stack
            .push(Entry::Location(LocDesc::new(Storage::Composite(c), 0)));
        Ok(())
    }

    pub(super) fn overlay<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
        unit: i128,
    ) -> Result<()> {
        let bs = self.pop_int(ctx, base)?.to_signed_displacement()?;
        let bo = self.pop_int(ctx, base)?.to_signed_displacement()?;
        let ol = self.pop_loc(ctx, base)?;
        let bl = self.pop_loc(ctx, base)?;
        if bs < 0 || bo < 0 {
            return Err(Error::ill_formed("negative overlay offset or size"));
        }
        let (bo, bs) = (
            (bo.checked_mul(unit)
                .ok_or_else(|| Error::ill_formed("overlay offset overflows"))?) as u128,
            (bs.checked_mul(unit)
                .ok_or_else(|| Error::ill_formed("overlay size overflows"))?) as u128,
        );
        let rbss = bl.remaining_bits().ok_or_else(|| {
            Error::ill_formed("overlay base location has undefined storage (no size)")
        })?;
        if rbss < bo + bs {
            return Err(Error::ill_formed(
                "overlay extends beyond the base location's storage",
            ));
        }
        if bs == 0 {
            self.stack.push(Entry::Location(bl));
            return Ok(());
        }
        Self::check_fits(&ol, 0, bs, "overlay")?;
        if bo == 0 && bs == rbss {
            self.stack.push(Entry::Location(ol));
            return Ok(());
        }
        Self::check_composite_size(ctx, rbss)?;
        // The base is copied into the parts before and after the overlay.
        self.check_nested_size(&[&bl, &bl, &ol], 4)?;
        let mut parts = Vec::with_capacity(3);
        if bo > 0 {
            parts.push(Part::Piece {
                loc: bl.clone(),
                bits: bo,
            });
        }
        parts.push(Part::Piece { loc: ol, bits: bs });
        if rbss > bo + bs {
            let mut rest = bl;
            rest.offset_bits((bo + bs) as i128)?;
            parts.push(Part::Piece {
                loc: rest,
                bits: rbss - bo - bs,
            });
        }
        self.stack.push(Entry::Location(LocDesc::composite(parts)));
        Ok(())
    }
}
