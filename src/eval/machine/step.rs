//! One operation's semantics: the general interpreter's dispatch over every operation.

use super::*;

impl Evaluator {
    /// Executes operation `i`; returns what comes next.
    pub(super) fn step<C, P>(
        &mut self,
        ctx: &mut C,
        prog: &P,
        base: usize,
        i: usize,
    ) -> Result<Flow>
    where
        C: Context + ?Sized,
        P: Program + ?Sized,
    {
        let op = &prog.ops()[i];
        if self.cfi
            && let Some(name) = forbidden_in_cfi(op)
        {
            return Err(Error::ill_formed(format!(
                "{name} is not allowed in call frame information"
            )));
        }
        let gbits = Self::generic_bits(ctx);
        // Fast path: arithmetic on two generic values, in place on the stack.
        if let Some(b) = generic_binop(op)
            && self.stack.len() >= base + 2
            && let [.., Entry::Value(l), Entry::Value(r)] = &mut self.stack[..]
            && l.ty().is_generic()
            && r.ty().is_generic()
            && gbits == 64
        {
            let v = generic_binop_u64(b, l.to_u64(), r.to_u64())?;
            *l = Value::generic(64, v);
            self.stack.pop();
            return Ok(i + 1);
        }
        if let Op::PlusUconst(k) = op
            && gbits == 64
            && self.stack.len() > base
            && let Some(Entry::Value(v)) = self.stack.last_mut()
            && v.ty().is_generic()
        {
            *v = Value::generic(64, v.to_u64().wrapping_add(*k));
            return Ok(i + 1);
        }
        let push = |s: &mut Self, e: Entry| s.stack.push(e);
        match op {
            // ----- literals and addresses -----
            Op::Lit(n) => push(self, Self::generic(ctx, u64::from(*n))),
            Op::Const { value, .. } => push(self, Self::generic(ctx, *value)),
            Op::Constu(v) => push(self, Self::generic(ctx, *v)),
            Op::Consts(v) => push(self, Self::generic(ctx, *v as u64)),
            Op::Addr(a) => {
                let a = ctx.backend_ref().relocate(*a);
                let l = Self::memory(
                    ctx,
                    ctx.backend_ref().target().default_address_space(),
                    a.into(),
                )?;
                push(self, Entry::Location(l));
            }
            Op::Addrx { index, .. } => {
                let a = ctx.debug_addr(*index)?;
                let a = ctx.backend_ref().relocate(a);
                let l = Self::memory(
                    ctx,
                    ctx.backend_ref().target().default_address_space(),
                    a.into(),
                )?;
                push(self, Entry::Location(l));
            }
            Op::Constx { index, .. } => {
                let a = ctx.debug_addr(*index)?;
                push(self, Self::generic(ctx, a));
            }
            Op::ConstType {
                base_type, bytes, ..
            } => {
                let ty = Self::base_type(ctx, *base_type)?;
                if bytes.len() != ty.byte_size() {
                    return Err(Error::ill_formed(
                        "DW_OP_const_type size does not match its base type",
                    ));
                }
                self.check_implicit(bytes.len())?;
                push(self, Entry::Value(Value::from_bytes(ty, bytes)));
            }

            // ----- registers -----
            Op::Reg(r) => {
                let l = ctx.backend().register_location(u64::from(*r));
                self.push_loc_result(l)?;
            }
            Op::Regx(r) => {
                let l = ctx.backend().register_location(*r);
                self.push_loc_result(l)?;
            }
            Op::Breg { reg: _, offset } | Op::Bregx { reg: _, offset } => {
                let reg = match op {
                    Op::Breg { reg, .. } => u64::from(*reg),
                    Op::Bregx { reg, .. } => *reg,
                    _ => unreachable!(),
                };
                let bits = ctx.backend_ref().target().default_address_bits();
                let a = Self::read_register_address(ctx, reg, bits)?;
                let a = a.wrapping_add(*offset as i128 as u128);
                let l = Self::memory(ctx, ctx.backend_ref().target().default_address_space(), a)?;
                push(self, Entry::Location(l));
            }
            Op::Fbreg(off) => {
                let l = Self::frame_base_offset(ctx, *off)?;
                push(self, Entry::Location(l));
            }
            Op::RegvalType { reg, base_type, .. } => {
                let ty = Self::base_type(ctx, *base_type)?;
                self.check_implicit(ty.byte_size())?;
                let l = ctx.backend().register_location(*reg)?;
                let v = access::read_value(ctx, &l, ty.bits.into(), ty)?;
                push(self, Entry::Value(v));
            }

            // ----- stack -----
            Op::Dup => {
                let e = self.peek_copy(base, 0)?;
                push(self, e);
            }
            Op::Drop => {
                self.pop(base)?;
            }
            Op::Over => {
                let e = self.peek_copy(base, 1)?;
                push(self, e);
            }
            Op::Pick(n) => {
                let e = self.peek_copy(base, usize::from(*n))?;
                push(self, e);
            }
            Op::Swap => {
                let n = self.stack.len();
                if n < base + 2 {
                    return Err(Error::ill_formed("DW_OP_swap needs two stack entries"));
                }
                self.stack.swap(n - 1, n - 2);
            }
            Op::Rot => {
                let n = self.stack.len();
                if n < base + 3 {
                    return Err(Error::ill_formed("DW_OP_rot needs three stack entries"));
                }
                self.stack[n - 3..].rotate_right(1);
            }

            // ----- memory -----
            Op::Deref => {
                let l = self.pop_loc(ctx, base)?;
                let e = self.deref(ctx, l, gbits.into(), BaseType::generic(gbits))?;
                push(self, e);
            }
            Op::DerefSize(s) => {
                if *s == 0 {
                    return Err(Error::ill_formed("DW_OP_deref_size of 0 bytes"));
                }
                let l = self.pop_loc(ctx, base)?;
                let n = (u32::from(*s) * 8).min(gbits);
                let e = self.deref(ctx, l, n.into(), BaseType::generic(gbits))?;
                push(self, e);
            }
            Op::DerefType {
                size, base_type, ..
            } => {
                let ty = Self::base_type(ctx, *base_type)?;
                if ty.byte_size() != usize::from(*size) {
                    return Err(Error::ill_formed(
                        "DW_OP_deref_type size does not match its base type",
                    ));
                }
                let l = self.pop_loc(ctx, base)?;
                let e = self.deref(ctx, l, ty.bits.into(), ty)?;
                push(self, e);
            }
            Op::Xderef | Op::XderefSize(_) | Op::XderefType { .. } => {
                let a = self.pop(base)?;
                let aspace = self.pop_int(ctx, base)?;
                let (n, ty) = match op {
                    Op::Xderef => (gbits, BaseType::generic(gbits)),
                    Op::XderefSize(s) => {
                        if *s == 0 {
                            return Err(Error::ill_formed("DW_OP_xderef_size of 0 bytes"));
                        }
                        ((u32::from(*s) * 8).min(gbits), BaseType::generic(gbits))
                    }
                    Op::XderefType {
                        size, base_type, ..
                    } => {
                        let ty = Self::base_type(ctx, *base_type)?;
                        if ty.byte_size() != usize::from(*size) {
                            return Err(Error::ill_formed(
                                "DW_OP_xderef_type size does not match its base type",
                            ));
                        }
                        (ty.bits, ty)
                    }
                    _ => unreachable!(),
                };
                let l = self.form_aspace_address(ctx, a, &aspace)?;
                let e = self.deref(ctx, l, n.into(), ty)?;
                push(self, e);
            }
            Op::PushObjectAddress => {
                let l = ctx.current_object()?;
                push(self, Entry::Location(l));
            }
            Op::FormTlsAddress | Op::GnuPushTlsAddress => {
                let v = self.pop_int(ctx, base)?;
                let l = ctx.backend().tls_address(v.to_u64())?;
                push(self, Entry::Location(l));
            }
            Op::CallFrameCfa => {
                let l = ctx.backend().cfa()?;
                push(self, Entry::Location(l));
            }

            // ----- arithmetic and logic -----
            Op::Abs | Op::Neg | Op::Not => {
                let v = self.pop_value(ctx, base)?;
                let u = match op {
                    Op::Abs => UnOp::Abs,
                    Op::Neg => UnOp::Neg,
                    _ => UnOp::Not,
                };
                push(self, Entry::Value(v.unary(u)?));
            }
            Op::And
            | Op::Div
            | Op::Minus
            | Op::Mod
            | Op::Mul
            | Op::Or
            | Op::Plus
            | Op::Shl
            | Op::Shr
            | Op::Shra
            | Op::Xor => {
                let rhs = self.pop_value(ctx, base)?;
                let lhs = self.pop_value(ctx, base)?;
                let b = match op {
                    Op::And => BinOp::And,
                    Op::Div => BinOp::Div,
                    Op::Minus => BinOp::Sub,
                    Op::Mod => BinOp::Mod,
                    Op::Mul => BinOp::Mul,
                    Op::Or => BinOp::Or,
                    Op::Plus => BinOp::Add,
                    Op::Shl => BinOp::Shl,
                    Op::Shr => BinOp::Shr,
                    Op::Shra => BinOp::Shra,
                    _ => BinOp::Xor,
                };
                push(self, Entry::Value(lhs.binary(b, &rhs)?));
            }
            Op::PlusUconst(k) => {
                let v = self.pop_value(ctx, base)?;
                let k = Value::from_u128(v.ty(), u128::from(*k));
                push(self, Entry::Value(v.binary(BinOp::Add, &k)?));
            }
            Op::Eq | Op::Ge | Op::Gt | Op::Le | Op::Lt | Op::Ne => {
                let rhs = self.pop_value(ctx, base)?;
                let lhs = self.pop_value(ctx, base)?;
                let c = match op {
                    Op::Eq => Compare::Eq,
                    Op::Ge => Compare::Ge,
                    Op::Gt => Compare::Gt,
                    Op::Le => Compare::Le,
                    Op::Lt => Compare::Lt,
                    _ => Compare::Ne,
                };
                push(self, Entry::Value(lhs.compare(c, &rhs, gbits)?));
            }
            Op::Convert { base_type, .. } => {
                let to = Self::base_type(ctx, *base_type)?;
                let v = self.pop_value(ctx, base)?;
                let from = v.ty();
                let r = if from.encoding == ate::ADDRESS
                    && to.encoding == ate::ADDRESS
                    && u64::from(from.address_space.unwrap_or(0))
                        != u64::from(to.address_space.unwrap_or(0))
                {
                    let a = ctx.backend().convert_address(
                        v.to_u64(),
                        u64::from(from.address_space.unwrap_or(0)),
                        u64::from(to.address_space.unwrap_or(0)),
                    )?;
                    Value::from_u128(to, a.into())
                } else {
                    v.convert(to)?
                };
                push(self, Entry::Value(r));
            }
            Op::Reinterpret { base_type, .. } => {
                let to = Self::base_type(ctx, *base_type)?;
                let v = self.pop_value(ctx, base)?;
                push(self, Entry::Value(v.reinterpret(to)?));
            }

            // ----- control flow -----
            Op::Skip(_) => {
                return prog.branch_target(i).ok_or_else(|| {
                    Error::ill_formed("branch target is not an operation boundary")
                });
            }
            Op::Bra(_) => {
                let v = self.pop_value(ctx, base)?;
                if v.to_u128() != 0 {
                    return prog.branch_target(i).ok_or_else(|| {
                        Error::ill_formed("branch target is not an operation boundary")
                    });
                }
            }
            Op::Call2(_) | Op::Call4(_) | Op::CallRef(_) => {
                let die = match op {
                    Op::Call2(o) => DieRef::Unit(u64::from(*o)),
                    Op::Call4(o) => DieRef::Unit(u64::from(*o)),
                    Op::CallRef(o) => DieRef::Info(*o),
                    _ => unreachable!(),
                };
                match ctx.call_target(die)? {
                    DieLocation::Expr(p) => {
                        self.pending = Some(p);
                        return Ok(CALL);
                    }
                    other => {
                        if let Some(l) = self.die_location(ctx, other)? {
                            push(self, Entry::Location(l));
                        }
                    }
                }
            }
            Op::Nop | Op::LlvmNop | Op::GnuUninit => {}

            // ----- composition and special locations -----
            Op::Piece(n) => {
                let bits = u128::from(*n) * 8;
                self.piece(ctx, base, bits, 0)?;
            }
            Op::BitPiece { size, offset } => self.piece(ctx, base, u128::from(*size), *offset)?,
            Op::ImplicitValue(bytes) => {
                self.check_implicit(bytes.len())?;
                push(self, Entry::Location(LocDesc::implicit(bytes)));
            }
            Op::StackValue => {
                let e = self.pop(base)?;
                let l = match e {
                    Entry::ImplicitPointer(p) => {
                        LocDesc::new(Storage::ImplicitPointer(Box::new(p)), 0)
                    }
                    e => {
                        let v = self.conv_value(ctx, e)?;
                        self.check_implicit(v.bytes().len())?;
                        LocDesc::new(Storage::Implicit(Bytes::new(v.bytes())), 0)
                    }
                };
                push(self, Entry::Location(l));
            }
            Op::ImplicitPointer { die, offset, .. } => {
                let t = ctx.backend_ref().target();
                let p = ImplicitPointer {
                    die: *die,
                    offset: *offset,
                    aspace: t.default_address_space(),
                    bits: t.default_address_bits().into(),
                };
                push(
                    self,
                    Entry::Location(LocDesc::new(Storage::ImplicitPointer(Box::new(p)), 0)),
                );
            }
            Op::LlvmAspaceImplicitPointer { die, offset } => {
                let aspace = self.pop_int(ctx, base)?.to_u64();
                let bits = Self::address_bits(ctx, aspace)?;
                let p = ImplicitPointer {
                    die: *die,
                    offset: *offset,
                    aspace,
                    bits: bits.into(),
                };
                push(
                    self,
                    Entry::Location(LocDesc::new(Storage::ImplicitPointer(Box::new(p)), 0)),
                );
            }
            Op::EntryValue { block, .. } => {
                let e = ctx.evaluate_entry_value(block)?;
                push(self, e);
            }
            Op::GnuParameterRef(o) => {
                let v = ctx.parameter_ref(u64::from(*o))?;
                push(self, Entry::Value(v));
            }
            Op::GnuVariableValue(o) => {
                let v = ctx.variable_value(*o)?;
                push(self, Entry::Value(v));
            }

            // ----- LLVM extensions -----
            Op::LlvmFormAspaceAddress => {
                let aspace = self.pop_int(ctx, base)?;
                let a = self.pop(base)?;
                let l = self.form_aspace_address(ctx, a, &aspace)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmPushLane => {
                let lane = ctx
                    .current_lane()
                    .ok_or_else(|| Error::missing("a current lane"))?;
                if lane >= ctx.lane_count() {
                    return Err(Error::ill_formed(format!(
                        "lane {lane} is not below DW_AT_LLVM_lanes ({})",
                        ctx.lane_count()
                    )));
                }
                push(self, Self::generic(ctx, lane.into()));
            }
            Op::LlvmPushIteration => {
                let it = ctx
                    .backend_ref()
                    .iteration()
                    .ok_or_else(|| Error::missing("a current iteration"))?;
                if it >= ctx.backend_ref().iterations() {
                    return Err(Error::ill_formed(format!(
                        "iteration {it} is not below DW_AT_LLVM_iterations ({})",
                        ctx.backend_ref().iterations()
                    )));
                }
                push(self, Self::generic(ctx, it));
            }
            Op::LlvmOffset | Op::LlvmBitOffset => {
                let b = self.pop_int(ctx, base)?.to_signed_displacement()?;
                let mut l = self.pop_loc(ctx, base)?;
                let bits = if matches!(op, Op::LlvmOffset) {
                    b.checked_mul(8)
                        .ok_or_else(|| Error::evaluation("offset overflows"))?
                } else {
                    b
                };
                l.offset_bits(bits)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmOffsetUconst(k) => {
                let mut l = self.pop_loc(ctx, base)?;
                l.offset_bits(i128::from(*k) * 8)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmCallFrameEntryReg(r) => {
                let l = ctx.backend().call_frame_entry_reg(*r)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmUndefined => push(self, Entry::Location(LocDesc::undefined())),
            Op::LlvmAspaceBregx { reg, offset } => {
                let aspace = self.pop_int(ctx, base)?.to_u64();
                let bits = Self::address_bits(ctx, aspace)?;
                let a = Self::read_register_address(ctx, *reg, bits)?;
                let a = a.wrapping_add(*offset as i128 as u128);
                let l = Self::memory(ctx, aspace, a)?;
                push(self, Entry::Location(l));
            }
            Op::LlvmPieceEnd => {
                let has = self.stack.len() > base;
                match self.stack.last_mut() {
                    Some(Entry::Location(l)) if has => {
                        if let Some(c) = l.incomplete_composite_mut() {
                            c.complete();
                            return Ok(i + 1);
                        }
                    }
                    _ => {}
                }
                return Err(Error::ill_formed(
                    "DW_OP_LLVM_piece_end without an incomplete composite on top",
                ));
            }
            Op::LlvmExtend { bits, count } => {
                if *bits == 0 || *count == 0 {
                    return Err(Error::ill_formed(
                        "DW_OP_LLVM_extend with a zero size or count",
                    ));
                }
                let l = self.pop_loc(ctx, base)?;
                Self::check_fits(&l, 0, u128::from(*bits), "extend element")?;
                self.check_nested_size(&[&l], 2)?;
                Self::check_composite_size(ctx, u128::from(*bits) * u128::from(*count))?;
                push(
                    self,
                    Entry::Location(LocDesc::composite(vec![Part::Repeat {
                        loc: l,
                        bits: *bits,
                        count: *count,
                    }])),
                );
            }
            Op::LlvmSelectBitPiece { bits, count } => {
                if *bits == 0 || *count == 0 {
                    return Err(Error::ill_formed(
                        "DW_OP_LLVM_select_bit_piece with a zero size or count",
                    ));
                }
                let m = self.pop_value(ctx, base)?;
                if u64::from(m.ty().bits) < *count {
                    return Err(Error::ill_formed(
                        "DW_OP_LLVM_select_bit_piece mask has fewer bits than elements",
                    ));
                }
                let one = self.pop_loc(ctx, base)?;
                let zero = self.pop_loc(ctx, base)?;
                Self::check_composite_size(ctx, u128::from(*bits) * u128::from(*count))?;
                self.check_nested_size(&[&zero, &one], 2)?;
                let mask = Bytes::new(m.bytes());
                let (mut max_one, mut max_zero) = (None, None);
                for n in 0..*count {
                    if mask_bit(&mask, n) {
                        max_one = Some(n);
                    } else {
                        max_zero = Some(n);
                    }
                }
                for (l, n) in [(&one, max_one), (&zero, max_zero)] {
                    if let Some(n) = n {
                        let at = u128::from(n) * u128::from(*bits);
                        // the element's bit_offset must stay inside the storage ...
                        for s in l.iter() {
                            if let Some(size) = s.storage.size_bits()
                                && s.offset() + at >= size
                            {
                                return Err(Error::evaluation(format!(
                                    "select_bit_piece element {n} lies beyond its storage of {size} bits"
                                )));
                            }
                        }
                        // ... and the whole element must fit.
                        Self::check_fits(l, at, (*bits).into(), "select_bit_piece element")?;
                    }
                }
                push(
                    self,
                    Entry::Location(LocDesc::composite(vec![Part::Select {
                        zero: Box::new(zero),
                        one: Box::new(one),
                        mask,
                        bits: *bits,
                        count: *count,
                    }])),
                );
            }
            Op::LlvmOverlay => self.overlay(ctx, base, 8)?,
            Op::LlvmBitOverlay => self.overlay(ctx, base, 1)?,
        }
        Ok(i + 1)
    }
}
