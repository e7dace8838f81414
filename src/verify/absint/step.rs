//! One operation's effect on an abstract stack: the transfer function of the analysis.

use super::*;

impl<'e, E: Env + ?Sized> Machine<'e, E> {
    pub(super) fn binary(&mut self, i: usize, stack: &mut Vec<Entry>, op: &Op) -> Result<(), Stop> {
        let name = op_name(op);
        let b = self.pop_value(i, stack, name)?;
        let a = self.pop_value(i, stack, name)?;
        let (
            Entry::Val {
                ty: ta,
                origin: oa,
                konst: ka,
            },
            Entry::Val {
                ty: tb,
                origin: ob,
                konst: kb,
            },
        ) = (a, b)
        else {
            return Err(Stop);
        };
        let shift = matches!(op, Op::Shl | Op::Shr | Op::Shra);
        if ta != tb && !shift {
            self.report(
                i,
                checks::TYPE_MISMATCH,
                format!(
                    "{name} on operands of different types ({}-bit and {}-bit)",
                    ta.bits(),
                    tb.bits()
                ),
            );
        }
        let compare = matches!(op, Op::Eq | Op::Ge | Op::Gt | Op::Le | Op::Lt | Op::Ne);
        let ty = if compare { Ty::Generic } else { ta };
        let origin = match (oa, ob) {
            (Origin::Const, Origin::Const) => Origin::Const,
            (Origin::Address, _) | (_, Origin::Address) => Origin::Address,
            (Origin::Const | Origin::RegValue | Origin::Computed, _)
                if matches!(ob, Origin::Const | Origin::RegValue | Origin::Computed) =>
            {
                Origin::Computed
            }
            _ => Origin::Other,
        };
        let konst = match (ka, kb, ty) {
            (Some(x), Some(y), Ty::Generic) => match op {
                Op::Plus => Some(x.wrapping_add(y)),
                Op::Minus => Some(x.wrapping_sub(y)),
                Op::Mul => Some(x.wrapping_mul(y)),
                Op::And => Some(x & y),
                Op::Or => Some(x | y),
                Op::Xor => Some(x ^ y),
                Op::Shl => Some(if y >= 64 { 0 } else { x << y }),
                Op::Shr => Some(if y >= 64 { 0 } else { x >> y }),
                _ => None,
            },
            _ => None,
        };
        if matches!(op, Op::Div | Op::Mod) && kb == Some(0) {
            self.report(
                i,
                checks::DIVISION_BY_ZERO,
                format!("{name} by the constant 0"),
            );
        }
        self.push(i, stack, Entry::Val { ty, origin, konst })
    }

    pub(super) fn step(&mut self, i: usize, stack: &mut Vec<Entry>) -> Result<Next, Stop> {
        let op = &self.expr.ops()[i];
        match op {
            Op::Lit(n) => self.push(i, stack, konst(u64::from(*n)))?,
            Op::Const { value, .. } => self.push(i, stack, konst(*value))?,
            Op::Constu(v) => self.push(i, stack, konst(*v))?,
            Op::Consts(v) => self.push(i, stack, konst(*v as u64))?,
            Op::Addr(a) => self.push(
                i,
                stack,
                Entry::Loc(Loc::Mem {
                    aspace: Some(0),
                    addr: Some(*a),
                }),
            )?,
            Op::Addrx { .. } => {
                self.forbid_cfi(i, "DW_OP_addrx");
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Mem {
                        aspace: Some(0),
                        addr: None,
                    }),
                )?
            }
            Op::Constx { .. } => {
                self.forbid_cfi(i, "DW_OP_constx");
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty: Ty::Generic,
                        origin: Origin::Const,
                        konst: None,
                    },
                )?
            }
            Op::ConstType {
                base_type, bytes, ..
            } => {
                self.forbid_cfi(i, "DW_OP_const_type");
                let ty = match self.base_type(i, *base_type, "DW_OP_const_type") {
                    Some(b) => {
                        if u64::from(b.bits).div_ceil(8) != bytes.len() as u64 {
                            self.report(
                                i,
                                checks::TYPE_SIZE_MISMATCH,
                                format!(
                                    "DW_OP_const_type has {} literal bytes for a {}-bit type",
                                    bytes.len(),
                                    b.bits
                                ),
                            );
                        }
                        Ty::Base(b)
                    }
                    None => Ty::Generic,
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin: Origin::Const,
                        konst: None,
                    },
                )?
            }
            Op::Reg(r) => {
                self.register(i, u64::from(*r));
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Reg {
                        reg: u64::from(*r),
                        bit_off: Some(0),
                    }),
                )?
            }
            Op::Regx(r) => {
                self.register(i, *r);
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Reg {
                        reg: *r,
                        bit_off: Some(0),
                    }),
                )?
            }
            Op::Breg { reg, offset } => self.breg(i, stack, u64::from(*reg), *offset)?,
            Op::Bregx { reg, offset } => self.breg(i, stack, *reg, *offset)?,
            Op::Fbreg(_) => {
                self.forbid_cfi(i, "DW_OP_fbreg");
                if self.mode == Mode::FrameBase {
                    self.report(
                        i,
                        checks::FBREG_IN_FRAME_BASE,
                        "DW_OP_fbreg inside DW_AT_frame_base refers to itself".into(),
                    );
                } else if !self.mode.is_cfi() && !self.env.has_frame_base() {
                    self.report(
                        i,
                        checks::FBREG_WITHOUT_FRAME_BASE,
                        "DW_OP_fbreg, but the enclosing subprogram has no DW_AT_frame_base".into(),
                    );
                }
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty: Ty::Generic,
                        origin: Origin::Address,
                        konst: None,
                    },
                )?
            }
            Op::RegvalType { reg, base_type, .. } => {
                self.forbid_cfi(i, "DW_OP_regval_type");
                let rbits = self.register(i, *reg);
                let ty = match self.base_type(i, *base_type, "DW_OP_regval_type") {
                    Some(b) => {
                        if let Some(rb) = rbits
                            && b.bits > rb
                        {
                            self.report(
                                i,
                                checks::REGISTER_READ_TOO_WIDE,
                                format!(
                                    "DW_OP_regval_type reads {} bits from the {rb}-bit register {}",
                                    b.bits,
                                    self.reg_name(*reg)
                                ),
                            );
                        }
                        Ty::Base(b)
                    }
                    None => Ty::Generic,
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin: Origin::Other,
                        konst: None,
                    },
                )?
            }
            Op::Dup => {
                self.check_no_incomplete(i, stack, 1, "DW_OP_dup")?;
                let top = stack[stack.len() - 1];
                self.push(i, stack, top)?
            }
            Op::Drop => {
                self.check_no_incomplete(i, stack, 1, "DW_OP_drop")?;
                stack.pop();
            }
            Op::Over => {
                self.check_no_incomplete(i, stack, 2, "DW_OP_over")?;
                let e = stack[stack.len() - 2];
                self.push(i, stack, e)?
            }
            Op::Pick(n) => {
                let n = usize::from(*n);
                if stack.len() <= n {
                    self.report(
                        i,
                        checks::STACK_UNDERFLOW,
                        format!(
                            "DW_OP_pick {n} needs {} stack entries, the stack has {}",
                            n + 1,
                            stack.len()
                        ),
                    );
                    return Err(Stop);
                }
                let e = stack[stack.len() - 1 - n];
                if matches!(e, Entry::Incomplete { .. }) {
                    self.report(
                        i,
                        checks::INCOMPLETE_COMPOSITE_MISUSE,
                        "DW_OP_pick copies an incomplete composite location".into(),
                    );
                    return Err(Stop);
                }
                self.push(i, stack, e)?
            }
            Op::Swap => {
                self.check_no_incomplete(i, stack, 2, "DW_OP_swap")?;
                let n = stack.len();
                stack.swap(n - 1, n - 2);
            }
            Op::Rot => {
                self.check_no_incomplete(i, stack, 3, "DW_OP_rot")?;
                let n = stack.len();
                let top = stack[n - 1];
                stack[n - 1] = stack[n - 2];
                stack[n - 2] = stack[n - 3];
                stack[n - 3] = top;
            }
            Op::Deref => self.deref(i, stack, 8, "DW_OP_deref")?,
            Op::DerefSize(s) => {
                if *s == 0 || *s > 8 {
                    self.report(
                        i,
                        checks::DEREF_SIZE_OUT_OF_RANGE,
                        format!(
                            "DW_OP_deref_size {s}: the size must be 1..=8 (the generic type's size)"
                        ),
                    );
                }
                self.deref(i, stack, *s, "DW_OP_deref_size")?
            }
            Op::DerefType {
                size, base_type, ..
            } => {
                self.forbid_cfi(i, "DW_OP_deref_type");
                let b = self.base_type(i, *base_type, "DW_OP_deref_type");
                if let Some(b) = b
                    && u64::from(b.bits).div_ceil(8) != u64::from(*size)
                {
                    self.report(
                        i,
                        checks::TYPE_SIZE_MISMATCH,
                        format!(
                            "DW_OP_deref_type size {size} does not match the {}-bit type",
                            b.bits
                        ),
                    );
                }
                self.deref(i, stack, *size, "DW_OP_deref_type")?;
                if let (Some(b), Some(Entry::Val { ty, .. })) = (b, stack.last_mut()) {
                    *ty = Ty::Base(b);
                }
            }
            Op::Xderef => self.xderef(i, stack, 8, "DW_OP_xderef")?,
            Op::XderefSize(s) => self.xderef(i, stack, *s, "DW_OP_xderef_size")?,
            Op::XderefType { size, base_type } => {
                self.forbid_cfi(i, "DW_OP_xderef_type");
                let b = self.base_type(i, *base_type, "DW_OP_xderef_type");
                self.xderef(i, stack, *size, "DW_OP_xderef_type")?;
                if let (Some(b), Some(Entry::Val { ty, .. })) = (b, stack.last_mut()) {
                    *ty = Ty::Base(b);
                }
            }
            Op::PushObjectAddress => {
                self.forbid_cfi(i, "DW_OP_push_object_address");
                self.push(i, stack, Entry::Loc(Loc::Any))?
            }
            Op::FormTlsAddress | Op::GnuPushTlsAddress => {
                self.pop_int(i, stack, op_name(op))?;
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Mem {
                        aspace: None,
                        addr: None,
                    }),
                )?
            }
            Op::CallFrameCfa => {
                self.forbid_cfi(i, "DW_OP_call_frame_cfa");
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Mem {
                        aspace: None,
                        addr: None,
                    }),
                )?
            }
            Op::Abs | Op::Neg | Op::Not => {
                let v = self.pop_value(i, stack, op_name(op))?;
                let Entry::Val { ty, origin, .. } = v else {
                    return Err(Stop);
                };
                let origin = if origin == Origin::Const {
                    Origin::Const
                } else {
                    Origin::Computed
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin,
                        konst: None,
                    },
                )?
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
            | Op::Xor
            | Op::Eq
            | Op::Ge
            | Op::Gt
            | Op::Le
            | Op::Lt
            | Op::Ne => self.binary(i, stack, op)?,
            Op::PlusUconst(n) => {
                let v = self.pop_value(i, stack, "DW_OP_plus_uconst")?;
                let Entry::Val { ty, origin, konst } = v else {
                    return Err(Stop);
                };
                let origin = match origin {
                    Origin::RegValue | Origin::Computed => Origin::Computed,
                    o => o,
                };
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty,
                        origin,
                        konst: konst.map(|k| k.wrapping_add(*n)),
                    },
                )?
            }
            Op::Convert { base_type, .. } | Op::Reinterpret { base_type, .. } => {
                let reinterpret = matches!(op, Op::Reinterpret { .. });
                let name = op_name(op);
                self.forbid_cfi(i, name);
                let v = self.pop_value(i, stack, name)?;
                let Entry::Val { ty: from, .. } = v else {
                    return Err(Stop);
                };
                let to = if *base_type == 0 {
                    Some(Ty::Generic)
                } else {
                    self.base_type(i, *base_type, name).map(Ty::Base)
                };
                if let Some(to) = to {
                    self.check_conversion(i, name, reinterpret, from, to);
                }
                self.push(
                    i,
                    stack,
                    Entry::Val {
                        ty: to.unwrap_or(Ty::Generic),
                        origin: Origin::Other,
                        konst: None,
                    },
                )?
            }
            Op::Skip(_) => {
                let Some(t) = self.expr.branch_target(i) else {
                    self.report(
                        i,
                        checks::BRANCH_OFF_BOUNDARY,
                        "DW_OP_skip does not land on an operation boundary".into(),
                    );
                    return Err(Stop);
                };
                return Ok(Next::Jump(t));
            }
            Op::Bra(_) => {
                self.pop_value(i, stack, "DW_OP_bra")?;
                let Some(t) = self.expr.branch_target(i) else {
                    self.report(
                        i,
                        checks::BRANCH_OFF_BOUNDARY,
                        "DW_OP_bra does not land on an operation boundary".into(),
                    );
                    return Err(Stop);
                };
                return Ok(Next::Fork(t));
            }
            Op::Call2(_) | Op::Call4(_) | Op::CallRef(_) => {
                self.forbid_cfi(i, op_name(op));
                let key = match op {
                    Op::Call2(o) => u64::from(*o),
                    Op::Call4(o) => u64::from(*o),
                    Op::CallRef(o) => *o,
                    _ => 0,
                };
                let target = self.env.call(op);
                if matches!(target, CallTarget::Expr(_)) {
                    if self.calls.contains(&key) {
                        self.report(
                            i,
                            checks::CALL_RECURSION,
                            format!(
                                "{} re-enters DIE {key:#x}, which is already being evaluated (calls: {}): the evaluation never ends",
                                op_name(op),
                                self.calls.iter().map(|c| format!("{c:#x}")).collect::<Vec<_>>().join(" -> ")
                            ),
                        );
                        return Err(Stop);
                    }
                    if self.depth >= MAX_CALL_DEPTH {
                        self.report(
                            i,
                            checks::ANALYSIS_INCOMPLETE,
                            format!(
                                "not verified: {} nests more than {MAX_CALL_DEPTH} called expressions deep",
                                op_name(op)
                            ),
                        );
                        return Err(Stop);
                    }
                }
                match target {
                    CallTarget::Expr(bytes) => {
                        let callee = match Expr::decode(&bytes, self.expr.params()) {
                            Ok(c) => c,
                            Err(e) => {
                                self.report(
                                    i,
                                    checks::UNDECODABLE_EXPRESSION,
                                    format!("the called expression does not decode: {e}"),
                                );
                                return Err(Stop);
                            }
                        };
                        let mut ends = self.run_callee(i, key, &callee, std::mem::take(stack));
                        let Some(first) = ends.pop() else {
                            return Err(Stop);
                        };
                        *stack = first;
                        if !ends.is_empty() {
                            return Ok(Next::Also(ends));
                        }
                    }
                    CallTarget::List => self.push(i, stack, Entry::Loc(Loc::Any))?,
                    CallTarget::Const => self.push(
                        i,
                        stack,
                        Entry::Loc(Loc::Implicit {
                            bits: 64,
                            konst: None,
                        }),
                    )?,
                    CallTarget::Nothing => {}
                    // Not followed: the callee's effect on the stack is unknown.
                    CallTarget::Unknown => return Err(Stop),
                }
            }
            Op::Nop | Op::LlvmNop | Op::GnuUninit => {}
            Op::Piece(bytes) => self.piece(i, stack, bytes.saturating_mul(8), 0, "DW_OP_piece")?,
            Op::BitPiece { size, offset } => {
                self.piece(i, stack, *size, *offset, "DW_OP_bit_piece")?
            }
            Op::ImplicitValue(b) => self.push(
                i,
                stack,
                Entry::Loc(Loc::Implicit {
                    bits: b.len() as u64 * 8,
                    konst: None,
                }),
            )?,
            Op::StackValue => {
                let v = self.pop_value(i, stack, "DW_OP_stack_value")?;
                let Entry::Val { ty, origin, konst } = v else {
                    return Err(Stop);
                };
                if let Origin::SuspectLoad(at) = origin {
                    self.report(
                        at as usize,
                        checks::XDEREF_ON_REGISTER_VALUE,
                        "`DW_OP_xderef` loads from an address computed from register values or \
                         constants, and the loaded value is then used as the variable's value \
                         (`DW_OP_stack_value`): the value itself was meant, the address-space \
                         suffix `lit<N> swap xderef` is a producer bug"
                            .into(),
                    );
                }
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Implicit {
                        bits: u64::from(ty.bits()),
                        konst,
                    }),
                )?
            }
            Op::ImplicitPointer { .. } => {
                self.forbid_cfi(i, "DW_OP_implicit_pointer");
                self.push(i, stack, Entry::Loc(Loc::ImplicitPointer))?
            }
            Op::EntryValue { .. } => {
                self.forbid_cfi(i, "DW_OP_entry_value");
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::GnuParameterRef(_) | Op::GnuVariableValue(_) => {
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::LlvmFormAspaceAddress => {
                let asp = self.pop_int(i, stack, "DW_OP_LLVM_form_aspace_address")?;
                let a = self.pop_int(i, stack, "DW_OP_LLVM_form_aspace_address")?;
                let aspace = val_konst(asp);
                let bits = self.aspace(i, aspace);
                let addr = val_konst(a);
                if let (Some(bits), Some(addr)) = (bits, addr)
                    && bits < 64
                    && addr >> bits != 0
                {
                    self.report(
                        i,
                        checks::ADDRESS_OUT_OF_RANGE,
                        format!(
                            "address {addr:#x} does not fit the {bits}-bit address space {}",
                            aspace.unwrap_or(0)
                        ),
                    );
                }
                self.push(i, stack, Entry::Loc(Loc::Mem { aspace, addr }))?
            }
            Op::LlvmPushLane => {
                self.forbid_cfi(i, "DW_OP_LLVM_push_lane");
                self.per_lane = true;
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::LlvmPushIteration => {
                self.forbid_cfi(i, "DW_OP_LLVM_push_iteration");
                self.push(i, stack, GENERIC_OTHER)?
            }
            Op::LlvmOffset | Op::LlvmBitOffset => {
                let name = op_name(op);
                let b = self.pop_int(i, stack, name)?;
                let l = self.pop_loc(i, stack, name)?;
                let scale = if matches!(op, Op::LlvmOffset) { 8 } else { 1 };
                let l = offset_loc(l, val_konst(b).map(|k| k.wrapping_mul(scale)));
                self.push(i, stack, Entry::Loc(l))?
            }
            Op::LlvmOffsetUconst(n) => {
                let l = self.pop_loc(i, stack, "DW_OP_LLVM_offset_uconst")?;
                let l = offset_loc(l, Some(n.wrapping_mul(8)));
                self.push(i, stack, Entry::Loc(l))?
            }
            Op::LlvmCallFrameEntryReg(r) => {
                self.register(i, *r);
                self.push(i, stack, Entry::Loc(Loc::Any))?
            }
            Op::LlvmUndefined => self.push(i, stack, Entry::Loc(Loc::Undefined))?,
            Op::LlvmAspaceBregx { reg, .. } => {
                let asp = self.pop_int(i, stack, "DW_OP_LLVM_aspace_bregx")?;
                let rbits = self.register(i, *reg);
                let aspace = val_konst(asp);
                let abits = self.aspace(i, aspace);
                if let (Some(rb), Some(ab)) = (rbits, abits)
                    && rb < u32::from(ab)
                {
                    self.report(
                        i,
                        checks::BREG_NARROW_REGISTER,
                        format!(
                            "DW_OP_LLVM_aspace_bregx reads a {ab}-bit address from the {rb}-bit register {}",
                            self.reg_name(*reg)
                        ),
                    );
                }
                self.push(i, stack, Entry::Loc(Loc::Mem { aspace, addr: None }))?
            }
            Op::LlvmAspaceImplicitPointer { .. } => {
                self.forbid_cfi(i, "DW_OP_LLVM_aspace_implicit_pointer");
                let asp = self.pop_int(i, stack, "DW_OP_LLVM_aspace_implicit_pointer")?;
                self.aspace(i, val_konst(asp));
                self.push(i, stack, Entry::Loc(Loc::ImplicitPointer))?
            }
            Op::LlvmPieceEnd => match stack.pop() {
                Some(Entry::Incomplete { bits }) => {
                    self.push(i, stack, Entry::Loc(Loc::Composite { bits: Some(bits) }))?
                }
                other => {
                    let what = match other {
                        None => "the stack is empty".to_string(),
                        Some(Entry::Val { .. }) => "the top of the stack is a value".to_string(),
                        Some(Entry::Loc(l)) => format!(
                            "the top of the stack is a {} location, not an incomplete composite",
                            loc_name(l)
                        ),
                        Some(Entry::Incomplete { .. }) => unreachable!(),
                    };
                    self.report(
                        i,
                        checks::PIECE_END_WITHOUT_COMPOSITE,
                        format!("DW_OP_LLVM_piece_end without an incomplete composite: {what}"),
                    );
                    return Err(Stop);
                }
            },
            Op::LlvmExtend { bits, count } => {
                if *bits == 0 || *count == 0 {
                    self.report(
                        i,
                        checks::ZERO_SIZE_OR_COUNT,
                        format!(
                            "DW_OP_LLVM_extend {bits}, {count}: size and count must be non-zero"
                        ),
                    );
                }
                self.pop_loc(i, stack, "DW_OP_LLVM_extend")?;
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Composite {
                        bits: bits.checked_mul(*count),
                    }),
                )?
            }
            Op::LlvmSelectBitPiece { bits, count } => {
                if *bits == 0 || *count == 0 {
                    self.report(
                        i,
                        checks::ZERO_SIZE_OR_COUNT,
                        format!(
                            "DW_OP_LLVM_select_bit_piece {bits}, {count}: size and count must be non-zero"
                        ),
                    );
                }
                let mask = self.pop_int(i, stack, "DW_OP_LLVM_select_bit_piece")?;
                if let Entry::Val { ty, .. } = mask
                    && u64::from(ty.bits()) < *count
                {
                    self.report(
                        i,
                        checks::SELECT_MASK_TOO_NARROW,
                        format!(
                            "DW_OP_LLVM_select_bit_piece selects {count} elements with a {}-bit mask",
                            ty.bits()
                        ),
                    );
                }
                self.pop_loc(i, stack, "DW_OP_LLVM_select_bit_piece")?;
                self.pop_loc(i, stack, "DW_OP_LLVM_select_bit_piece")?;
                self.push(
                    i,
                    stack,
                    Entry::Loc(Loc::Composite {
                        bits: bits.checked_mul(*count),
                    }),
                )?
            }
            Op::LlvmOverlay | Op::LlvmBitOverlay => {
                let name = op_name(op);
                self.pop_int(i, stack, name)?;
                self.pop_int(i, stack, name)?;
                self.pop_loc(i, stack, name)?;
                self.pop_loc(i, stack, name)?;
                self.push(i, stack, Entry::Loc(Loc::Composite { bits: None }))?
            }
        }
        Ok(Next::Continue)
    }
}
