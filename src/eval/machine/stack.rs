//! The evaluator's stack helpers: popping with implicit conversions, nested and
//! called expressions, base types, and the places operations make (frame base, memory
//! in an address space, registers holding addresses, dereferences).

use super::*;

/// How many locations of the largest size ([`Limits::max_composite_parts`] nodes) one
/// evaluation may copy with `dup`, `over` and `pick`.
const COPY_BUDGET_LOCATIONS: usize = 16;

impl Evaluator {
    #[inline(always)]
    pub(super) fn generic_bits<C: Context + ?Sized>(ctx: &C) -> u32 {
        ctx.backend_ref().target().generic_bits()
    }

    #[inline(always)]
    pub(super) fn generic<C: Context + ?Sized>(ctx: &C, v: u64) -> Entry {
        Entry::Value(Value::generic(Self::generic_bits(ctx), v))
    }

    #[inline(always)]
    pub(super) fn pop(&mut self, base: usize) -> Result<Entry> {
        if self.stack.len() <= base {
            return Err(Error::ill_formed("DWARF stack underflow"));
        }
        Ok(self.stack.pop().expect("checked"))
    }

    #[inline(always)]
    pub(super) fn pop_value<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
    ) -> Result<Value> {
        let e = self.pop(base)?;
        self.conv_value(ctx, e)
    }

    #[inline(always)]
    pub(super) fn pop_int<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
    ) -> Result<Value> {
        let v = self.pop_value(ctx, base)?;
        if !v.ty().is_integral() {
            return Err(Error::ill_formed(
                "integral type expected on the DWARF stack",
            ));
        }
        Ok(v)
    }

    #[inline(always)]
    pub(super) fn pop_loc<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        base: usize,
    ) -> Result<LocDesc> {
        let e = self.pop(base)?;
        let l = self.conv_loc(ctx, e)?;
        if l.is_incomplete_composite() {
            return Err(Error::ill_formed(
                "an incomplete composite is used as an operand",
            ));
        }
        Ok(l)
    }

    pub(super) fn peek_copy(&mut self, base: usize, depth: usize) -> Result<Entry> {
        if self.stack.len() <= base + depth {
            return Err(Error::ill_formed(format!(
                "asked for stack entry {depth}, but the stack has only {} entries",
                self.stack.len() - base
            )));
        }
        let e = &self.stack[self.stack.len() - 1 - depth];
        if let Entry::Location(l) = e
            && l.is_incomplete_composite()
        {
            return Err(Error::ill_formed("copying an incomplete composite"));
        }
        // Each location may hold up to `max_composite_parts` nodes and the stack up to
        // `max_stack` entries: copies of composites are charged so that one evaluation
        // copies at most 16 locations' worth (a few megabytes), not the product.
        if let Entry::Location(l) = e
            && (l.len() > 1 || matches!(l.first().storage, Storage::Composite(_)))
        {
            let budget = self
                .limits
                .max_composite_parts
                .saturating_mul(COPY_BUDGET_LOCATIONS);
            self.copied = self.copied.saturating_add(l.nodes_up_to(budget));
            if self.copied > budget {
                return Err(Error::limit(
                    Limit::CompositeParts,
                    self.limits.max_composite_parts as u64,
                ));
            }
        }
        Ok(e.clone())
    }

    /// Implicit conversion to a value: default-address-space byte-aligned memory locations
    /// become generic values.
    #[inline(always)]
    pub(super) fn conv_value<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        e: Entry,
    ) -> Result<Value> {
        match e {
            Entry::Value(v) => Ok(v),
            Entry::Location(l) => match l.memory_address() {
                Some((aspace, a))
                    if aspace == ctx.backend_ref().target().default_address_space() =>
                {
                    Ok(Value::generic(Self::generic_bits(ctx), a))
                }
                _ => Err(Error::ill_formed(
                    "a location that is not a default address space memory address is used as a value",
                )),
            },
            Entry::ImplicitPointer(_) => Err(Error::evaluation(
                "an implicit pointer value is used as an ordinary value",
            )),
        }
    }

    /// Implicit conversion to a location: generic values become default-address-space
    /// memory, default-aspace implicit pointer values their pointee.
    #[inline(always)]
    pub(super) fn conv_loc<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        e: Entry,
    ) -> Result<LocDesc> {
        match e {
            Entry::Location(l) => Ok(l),
            Entry::Value(v) => {
                if !v.ty().is_generic() {
                    return Err(Error::ill_formed(
                        "only generic-typed values convert to memory locations",
                    ));
                }
                let t = ctx.backend_ref().target();
                let bits = t.default_address_bits();
                let a = mask_bits(v.to_u128(), u32::from(bits)) as u64;
                Ok(LocDesc::memory(t.default_address_space(), bits, None, a))
            }
            Entry::ImplicitPointer(p) => {
                if p.aspace != ctx.backend_ref().target().default_address_space() {
                    return Err(Error::ill_formed(
                        "an implicit pointer value in a non-default address space is used as a location",
                    ));
                }
                self.pointee(ctx, p)
            }
        }
    }

    pub(super) fn check_implicit(&self, n: usize) -> Result<()> {
        if n > self.limits.max_implicit_bytes {
            return Err(Error::limit(
                Limit::ImplicitSize,
                self.limits.max_implicit_bytes as u64,
            ));
        }
        Ok(())
    }

    /// The location an implicit pointer value denotes.
    pub(super) fn pointee<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        p: ImplicitPointer,
    ) -> Result<LocDesc> {
        let target = ctx.implicit_pointer_target(p.die)?;
        let mut l = self.die_location(ctx, target)?.ok_or_else(|| {
            Error::evaluation("the implicit pointer's target has neither a location nor a value")
        })?;
        l.offset_bits(i128::from(p.offset) * 8)?;
        Ok(l)
    }

    /// Evaluates a DIE's location separately (kind location, empty stack).
    pub(super) fn die_location<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        d: DieLocation,
    ) -> Result<Option<LocDesc>> {
        match d {
            DieLocation::Expr(p) => Ok(Some(self.nested(ctx, &*p)?)),
            DieLocation::LocationList(list) => {
                let mut out: Option<LocDesc> = None;
                for p in list {
                    let l = self.nested(ctx, &*p)?;
                    match &mut out {
                        None => out = Some(l),
                        Some(o) => o.union(l),
                    }
                }
                Ok(Some(out.unwrap_or_else(LocDesc::undefined)))
            }
            DieLocation::ConstValue(b) => {
                self.check_implicit(b.len())?;
                Ok(Some(LocDesc::implicit(&b)))
            }
            DieLocation::None => Ok(None),
        }
    }

    pub(super) fn enter(&mut self) -> Result<()> {
        if self.depth >= self.limits.max_call_depth {
            return Err(Error::limit(
                Limit::CallDepth,
                u64::from(self.limits.max_call_depth),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    pub(super) fn nested<C, P>(&mut self, ctx: &mut C, prog: &P) -> Result<LocDesc>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        if self.nesting >= self.limits.max_nesting {
            return Err(Error::limit(
                Limit::Nesting,
                u64::from(self.limits.max_nesting),
            ));
        }
        self.nesting += 1;
        let base = self.stack.len();
        let r = self
            .run(ctx, prog, base)
            .and_then(|()| self.finish(ctx, base, ResultKind::Location));
        self.stack.truncate(base);
        self.nesting -= 1;
        match r? {
            Entry::Location(l) => Ok(l),
            _ => unreachable!("kind location yields a location"),
        }
    }

    pub(super) fn base_type<C: Context + ?Sized>(ctx: &mut C, off: u64) -> Result<BaseType> {
        if off == 0 {
            Ok(BaseType::generic(Self::generic_bits(ctx)))
        } else {
            ctx.base_type(DieRef::Unit(off))
        }
    }

    /// `DW_OP_fbreg off`: the frame base (a memory location, or a register holding an
    /// address in the default address space) displaced by `off` bytes.
    pub(super) fn frame_base_offset<C: Context + ?Sized>(ctx: &mut C, off: i64) -> Result<LocDesc> {
        let fb = ctx.frame_base()?;
        if fb.len() != 1 {
            return Err(Error::ill_formed(
                "the frame base must be a single location",
            ));
        }
        let mut l = match fb.first().storage {
            Storage::Memory(_) => fb,
            Storage::Register { .. } => {
                let bits = ctx.backend_ref().target().default_address_bits();
                let a = access::read_value(ctx, &fb, bits.into(), BaseType::unsigned(bits.into()))?;
                Self::memory(
                    ctx,
                    ctx.backend_ref().target().default_address_space(),
                    a.to_u128(),
                )?
            }
            _ => {
                return Err(Error::ill_formed(
                    "the frame base must be a memory or register location",
                ));
            }
        };
        l.offset_bits(i128::from(off) * 8)?;
        Ok(l)
    }

    /// A memory location in `aspace`, capturing the lane for lane-scoped spaces.
    pub(super) fn memory<C: Context + ?Sized>(
        ctx: &C,
        aspace: u64,
        address: u128,
    ) -> Result<LocDesc> {
        let space = ctx
            .backend_ref()
            .target()
            .address_space(aspace)
            .ok_or_else(|| {
                Error::ill_formed(format!(
                    "address space {aspace} is not defined for the target"
                ))
            })?;
        Self::memory_with(ctx, aspace, space.address_bits, space.scope, address)
    }

    /// [`memory`](Self::memory) for a space already looked up (`bits`, `scope`).
    #[inline]
    pub(super) fn memory_with<C: Context + ?Sized>(
        ctx: &C,
        aspace: u64,
        bits: u8,
        scope: crate::target::AddressScope,
        address: u128,
    ) -> Result<LocDesc> {
        let lane = Self::captured_lane(ctx, aspace, scope)?;
        Ok(LocDesc::memory(
            aspace,
            bits,
            lane,
            mask_bits(address, u32::from(bits)) as u64,
        ))
    }

    /// The lane a memory location in `aspace` captures: the current one for lane-scoped
    /// spaces (required) and flat ones (if any), none for the others.
    #[inline(always)]
    pub(in crate::eval) fn captured_lane<C: Context + ?Sized>(
        ctx: &C,
        aspace: u64,
        scope: crate::target::AddressScope,
    ) -> Result<Option<u32>> {
        use crate::target::AddressScope;
        Ok(match scope {
            AddressScope::Lane => Some(ctx.current_lane().ok_or_else(|| {
                let name = ctx
                    .backend_ref()
                    .target()
                    .address_space(aspace)
                    .map_or(std::borrow::Cow::Borrowed(""), |s| s.name.clone());
                Error::missing(format!("a current lane (for address space {name})"))
            })?),
            AddressScope::Flat => ctx.current_lane(),
            _ => None,
        })
    }

    pub(super) fn address_bits<C: Context + ?Sized>(ctx: &C, aspace: u64) -> Result<u8> {
        ctx.backend_ref()
            .target()
            .address_space(aspace)
            .map(|s| s.address_bits)
            .ok_or_else(|| {
                Error::ill_formed(format!(
                    "address space {aspace} is not defined for the target"
                ))
            })
    }

    /// Reads register `reg` (via its location) as an unsigned `bits`-bit address.
    pub(super) fn read_register_address<C: Context + ?Sized>(
        ctx: &mut C,
        reg: u64,
        bits: u8,
    ) -> Result<u128> {
        let loc = ctx.backend().register_location(reg)?;
        let v = access::read_value(ctx, &loc, u64::from(bits), BaseType::unsigned(bits.into()))?;
        Ok(v.to_u128())
    }

    /// The implicit pointer a read of `n` bits at `skip` into `loc` covers exactly.
    pub(super) fn implicit_pointer_at(
        loc: &LocDesc,
        skip: u128,
        n: u64,
    ) -> Option<ImplicitPointer> {
        let s = loc.first();
        let off = s.offset() + skip;
        match &s.storage {
            Storage::ImplicitPointer(p) if off == 0 && u64::from(p.bits) == n => Some(**p),
            Storage::Composite(c) => {
                let mut pos = 0u128;
                for part in c.parts() {
                    let end = pos + part.bits();
                    if off >= pos && off + u128::from(n) <= end {
                        return match part {
                            Part::Piece { loc, .. } => Self::implicit_pointer_at(loc, off - pos, n),
                            Part::Repeat { loc, bits, .. } => {
                                Self::implicit_pointer_at(loc, (off - pos) % u128::from(*bits), n)
                            }
                            Part::Select { .. } => None,
                        };
                    }
                    pos = end;
                }
                None
            }
            _ => None,
        }
    }

    pub(super) fn deref<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        loc: LocDesc,
        nbits: u64,
        ty: BaseType,
    ) -> Result<Entry> {
        if let Some(p) = Self::implicit_pointer_at(&loc, 0, nbits) {
            return Ok(Entry::ImplicitPointer(p));
        }
        Ok(Entry::Value(access::read_value(ctx, &loc, nbits, ty)?))
    }

    pub(super) fn form_aspace_address<C: Context + ?Sized>(
        &mut self,
        ctx: &mut C,
        a: Entry,
        aspace: &Value,
    ) -> Result<LocDesc> {
        let aspace = aspace.to_u128() as u64;
        let (bits, scope) = match ctx.backend_ref().target().address_space(aspace) {
            Some(s) => (s.address_bits, s.scope),
            None => {
                return Err(Error::ill_formed(format!(
                    "address space {aspace} is not defined for the target"
                )));
            }
        };
        if let Entry::ImplicitPointer(p) = &a
            && p.aspace == aspace
        {
            return self.pointee(ctx, *p);
        }
        let a = self.conv_value(ctx, a)?;
        if !a.ty().is_integral() {
            return Err(Error::ill_formed(
                "integral type expected on the DWARF stack",
            ));
        }
        Self::memory_with(ctx, aspace, bits, scope, a.to_u128())
    }

    #[inline]
    pub(super) fn check_composite_size<C: Context + ?Sized>(ctx: &C, bits: u128) -> Result<()> {
        if bits > ctx.backend_ref().target().max_composite_bits() {
            return Err(Error::ill_formed(
                "composite larger than the largest address space",
            ));
        }
        Ok(())
    }

    /// A location built of others (`nested`, plus `extra` parts of its own) must hold no
    /// more than [`Limits::max_composite_parts`] single locations and parts in all.
    pub(super) fn check_nested_size(&self, nested: &[&LocDesc], extra: usize) -> Result<()> {
        let max = self.limits.max_composite_parts;
        let mut total = extra;
        for loc in nested {
            total = total.saturating_add(loc.nodes_up_to(max));
            if total > max {
                return Err(Error::limit(Limit::CompositeParts, max as u64));
            }
        }
        Ok(())
    }

    /// Every single location of `loc` (except undefined ones) must hold `bits` bits at
    /// bit `at` past its offset.
    #[inline]
    pub(super) fn check_fits(loc: &LocDesc, at: u128, bits: u128, what: &str) -> Result<()> {
        if loc.len() == 1 {
            let s = loc.first();
            return match s.storage.size_bits() {
                Some(size) if s.offset().saturating_add(at).saturating_add(bits) > size => Err(
                    Self::does_not_fit(what, bits, s.offset().saturating_add(at), size),
                ),
                _ => Ok(()),
            };
        }
        for s in loc.iter() {
            if let Some(size) = s.storage.size_bits()
                && s.offset().saturating_add(at).saturating_add(bits) > size
            {
                return Err(Self::does_not_fit(
                    what,
                    bits,
                    s.offset().saturating_add(at),
                    size,
                ));
            }
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    pub(super) fn does_not_fit(what: &str, bits: u128, at: u128, size: u128) -> Error {
        Error::ill_formed(format!(
            "{what} of {bits} bits at bit {at} exceeds its storage of {size} bits"
        ))
    }

    /// Pushes a location a context call returned. Single register and memory locations
    /// are rebuilt from their fields (copying the freshly written result as a whole
    /// stalls on store forwarding).
    #[inline(always)]
    pub(super) fn push_loc_result(&mut self, r: Result<LocDesc>) -> Result<()> {
        if let Ok(l) = &r
            && l.len() == 1
        {
            let s = l.first();
            let off = s.offset();
            let storage = match &s.storage {
                Storage::Register { reg, frame, bits } => Some(Storage::Register {
                    reg: *reg,
                    frame: *frame,
                    bits: *bits,
                }),
                Storage::Memory(m) => Some(Storage::Memory(crate::eval::location::Memory {
                    aspace: m.aspace,
                    address_bits: m.address_bits,
                    lane: m.lane,
                })),
                _ => None,
            };
            if let Some(storage) = storage {
                // `r` owns nothing beyond the copied fields: skip its drop glue.
                std::mem::forget(r);
                self.stack.push(Entry::Location(LocDesc::new(storage, off)));
                return Ok(());
            }
        }
        self.stack.push(Entry::Location(r?));
        Ok(())
    }
}
