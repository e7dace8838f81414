//! Operations that make or combine locations (registers, memory, pieces), conversions,
//! and the checks at the end of a path on the result.

use super::*;

impl<'e, E: Env + ?Sized> Machine<'e, E> {
    pub(super) fn check_conversion(
        &mut self,
        i: usize,
        name: &str,
        reinterpret: bool,
        from: Ty,
        to: Ty,
    ) {
        if reinterpret {
            if from.bits() != to.bits() {
                self.report(
                    i,
                    checks::INVALID_CONVERSION,
                    format!(
                        "{name} between types of different sizes ({} and {} bits)",
                        from.bits(),
                        to.bits()
                    ),
                );
            }
            return;
        }
        let enc = |t: Ty| match t {
            Ty::Generic => 7u8,
            Ty::Base(b) => b.encoding,
        };
        let (fe, te) = (enc(from), enc(to));
        let addr_float = (fe == 1 && is_float(te)) || (is_float(fe) && te == 1);
        let supported = |e: u8| integral(e) || is_float(e);
        if addr_float || !supported(fe) || !supported(te) {
            self.report(
                i,
                checks::INVALID_CONVERSION,
                format!("{name} from encoding {fe:#x} to encoding {te:#x} is not a conversion DWARF defines"),
            );
        }
    }

    pub(super) fn breg(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        reg: u64,
        offset: i64,
    ) -> Result<(), Stop> {
        let bits = self.register(i, reg);
        if let (Some(bits), Some(target)) = (bits, self.env.target()) {
            let need = u32::from(target.default_address_bits());
            if bits < need {
                self.report(
                    i,
                    checks::BREG_NARROW_REGISTER,
                    format!(
                        "DW_OP_breg reads a {need}-bit address from the {bits}-bit register {} (an evaluation error by the specification)",
                        self.reg_name(reg)
                    ),
                );
            }
        }
        let origin = if offset == 0 {
            Origin::RegValue
        } else {
            Origin::Address
        };
        self.push(
            i,
            stack,
            Entry::Val {
                ty: Ty::Generic,
                origin,
                konst: None,
            },
        )
    }

    pub(super) fn deref(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        size: u8,
        name: &str,
    ) -> Result<(), Stop> {
        let l = self.pop_loc(i, stack, name)?;
        let mut k = None;
        match l {
            Loc::Reg {
                reg,
                bit_off: Some(off),
            } => {
                if let Some(rbits) = self.storage_bits(reg)
                    && off + u64::from(size) * 8 > u64::from(rbits)
                {
                    self.report(
                        i,
                        checks::REGISTER_READ_TOO_WIDE,
                        format!(
                            "{name} reads {} bits at bit offset {off} of the {rbits}-bit {}",
                            u64::from(size) * 8,
                            self.storage_name(reg)
                        ),
                    );
                }
            }
            Loc::Implicit { bits, konst } => {
                if u64::from(size) * 8 > bits {
                    self.report(
                        i,
                        checks::REGISTER_READ_TOO_WIDE,
                        format!(
                            "{name} reads {} bits from {bits}-bit implicit storage",
                            u64::from(size) * 8
                        ),
                    );
                }
                k = konst.map(|v| {
                    if size >= 8 {
                        v
                    } else {
                        v & ((1u64 << (u32::from(size) * 8)) - 1)
                    }
                });
            }
            Loc::Undefined => {
                self.report(
                    i,
                    checks::READ_OF_UNDEFINED,
                    format!("{name} reads from an undefined location"),
                );
            }
            _ => {}
        }
        let origin = if k.is_some() {
            Origin::Const
        } else {
            Origin::Other
        };
        self.push(
            i,
            stack,
            Entry::Val {
                ty: Ty::Generic,
                origin,
                konst: k,
            },
        )
    }

    pub(super) fn xderef(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        size: u8,
        name: &str,
    ) -> Result<(), Stop> {
        let a = self.pop_int(i, stack, name)?;
        let asp = self.pop_int(i, stack, name)?;
        self.aspace(i, val_konst(asp));
        if let Some(k) = val_konst(a) {
            self.xderef_address = Some(k);
        }
        let origin = match a {
            Entry::Val {
                origin: Origin::RegValue,
                ..
            } => {
                self.report(
                    i,
                    checks::XDEREF_ON_REGISTER_VALUE,
                    format!(
                        "{name} treats the value of a register (`DW_OP_breg*` with displacement 0) \
                         as an address in address space {}: the variable's value is the register \
                         itself, and the `lit<N> swap xderef` suffix is a producer bug (clang \
                         appends it to register-promoted values)",
                        val_konst(asp).map_or("?".to_string(), |k| k.to_string())
                    ),
                );
                Origin::Other
            }
            Entry::Val {
                origin: Origin::Const | Origin::Computed,
                ..
            } => Origin::SuspectLoad(i as u32),
            _ => Origin::Other,
        };
        let _ = size;
        self.push(
            i,
            stack,
            Entry::Val {
                ty: Ty::Generic,
                origin,
                konst: None,
            },
        )
    }

    pub(super) fn piece(
        &mut self,
        i: usize,
        stack: &mut Vec<Entry>,
        bits: u64,
        bit_offset: u64,
        name: &str,
    ) -> Result<(), Stop> {
        match stack.last().copied() {
            None => self.push(i, stack, Entry::Incomplete { bits })?,
            Some(Entry::Incomplete { bits: b }) => {
                stack.pop();
                self.push(
                    i,
                    stack,
                    Entry::Incomplete {
                        bits: b.saturating_add(bits),
                    },
                )?
            }
            Some(_) => {
                let part = self.pop_loc(i, stack, name)?;
                if let Loc::Reg {
                    reg,
                    bit_off: Some(off),
                } = part
                    && let Some(rbits) = self.storage_bits(reg)
                    && off.saturating_add(bit_offset).saturating_add(bits) > u64::from(rbits)
                {
                    let off = off.saturating_add(bit_offset);
                    self.report(
                        i,
                        checks::REGISTER_READ_TOO_WIDE,
                        format!(
                            "{name} takes {bits} bits at bit offset {off} of the {rbits}-bit {}",
                            self.storage_name(reg)
                        ),
                    );
                }
                match stack.last().copied() {
                    Some(Entry::Incomplete { bits: b }) => {
                        stack.pop();
                        self.push(
                            i,
                            stack,
                            Entry::Incomplete {
                                bits: b.saturating_add(bits),
                            },
                        )?
                    }
                    _ => self.push(i, stack, Entry::Incomplete { bits })?,
                }
            }
        }
        Ok(())
    }

    pub(super) fn finish(&mut self, stack: &[Entry]) {
        if let Some(ends) = &mut self.ends {
            if ends.len() < MAX_STATES && !ends.iter().any(|e| e == stack) {
                ends.push(stack.to_vec());
            }
            return;
        }
        let end = self.expr.ops().len();
        let top = stack.last().copied();
        let mut res = PathEnd {
            undefined: false,
            composite: false,
            size_bits: None,
            aspace: None,
            addr: None,
            register: None,
        };
        match self.mode {
            Mode::Location | Mode::FrameBase | Mode::Member | Mode::CfiExpression => match top {
                None => res.undefined = true,
                Some(Entry::Incomplete { bits }) => {
                    res.size_bits = Some(bits);
                    res.composite = true;
                }
                Some(Entry::Val {
                    ty: Ty::Generic,
                    konst,
                    ..
                }) => {
                    res.aspace = Some(0);
                    res.addr = konst;
                }
                Some(Entry::Val {
                    ty: Ty::Base(b), ..
                }) => self.report(
                    end,
                    checks::KIND_MISMATCH,
                    format!(
                        "the expression ends with a value of a {}-bit base type where a location is required (missing DW_OP_stack_value?)",
                        b.bits
                    ),
                ),
                Some(Entry::Loc(l)) => match l {
                    Loc::Undefined => res.undefined = true,
                    Loc::Mem { aspace, addr } => {
                        res.aspace = aspace;
                        res.addr = addr;
                    }
                    Loc::Implicit { bits, .. } => res.size_bits = Some(bits),
                    Loc::Composite { bits } => res.size_bits = bits,
                    Loc::Reg {
                        reg,
                        bit_off: Some(off),
                    } => {
                        res.register = self
                            .storage_bits(reg)
                            .map(|b| (reg, u64::from(b).saturating_sub(off)));
                    }
                    _ => {}
                },
            },
            Mode::Value | Mode::CfiValExpression => match top {
                None => self.report(
                    end,
                    checks::STACK_UNDERFLOW,
                    "the expression must produce a value but leaves the stack empty".into(),
                ),
                Some(Entry::Val { .. })
                | Some(Entry::Loc(Loc::Mem {
                    aspace: Some(0) | None,
                    ..
                }))
                | Some(Entry::Loc(Loc::Any)) => {}
                Some(e) => self.report(
                    end,
                    checks::KIND_MISMATCH,
                    format!(
                        "the expression must produce a value but ends with {}",
                        entry_name(e)
                    ),
                ),
            },
            Mode::CfiCfa => match top {
                Some(Entry::Loc(Loc::Mem { .. }))
                | Some(Entry::Val {
                    ty: Ty::Generic, ..
                })
                | Some(Entry::Loc(Loc::Any)) => {}
                None => self.report(
                    end,
                    checks::CFA_NOT_MEMORY,
                    "DW_CFA_def_cfa_expression leaves the stack empty: the CFA must be a memory byte address".into(),
                ),
                Some(e) => self.report(
                    end,
                    checks::CFA_NOT_MEMORY,
                    format!(
                        "DW_CFA_def_cfa_expression ends with {}: the CFA must be a memory byte address",
                        entry_name(e)
                    ),
                ),
            },
            Mode::Unspecified => match top {
                None => res.undefined = true,
                Some(Entry::Loc(Loc::Undefined)) => res.undefined = true,
                _ => {}
            },
        }
        if self.mode == Mode::FrameBase
            && let Some(
                e @ (Entry::Incomplete { .. }
                | Entry::Loc(Loc::Composite { .. })
                | Entry::Loc(Loc::Implicit { .. })),
            ) = top
        {
            self.report(
                end,
                checks::FRAME_BASE_NOT_SINGLE_LOCATION,
                format!(
                    "DW_AT_frame_base must be a single register or memory location, not {}",
                    entry_name(e)
                ),
            );
        }
        if !self.results.contains(&res) {
            self.results.push(res);
        }
    }
}
