//! Popping and pushing abstract entries, with the findings a wrong kind or a missing
//! operand makes, and the operand look-ups (base types, registers, address spaces).

use super::*;

impl<'e, E: Env + ?Sized> Machine<'e, E> {
    pub(super) fn report(&mut self, op: usize, check: &'static str, message: String) {
        let severity = checks::severity(check);
        self.findings.push(Raw {
            check,
            severity,
            op,
            message,
        });
    }

    pub(super) fn pop(
        &mut self,
        op: usize,
        stack: &mut Vec<Entry>,
        what: &str,
    ) -> Result<Entry, Stop> {
        match stack.pop() {
            Some(e) => Ok(e),
            None => {
                self.report(
                    op,
                    checks::STACK_UNDERFLOW,
                    format!("{what} needs an entry but the stack is empty"),
                );
                Err(Stop)
            }
        }
    }

    /// Pops a value (a generic-typed value, or a default-aspace memory location converted).
    pub(super) fn pop_value(
        &mut self,
        op: usize,
        stack: &mut Vec<Entry>,
        what: &str,
    ) -> Result<Entry, Stop> {
        let e = self.pop(op, stack, what)?;
        match e {
            Entry::Val { .. } => Ok(e),
            Entry::Loc(Loc::Mem {
                aspace: Some(0),
                addr,
            }) => Ok(Entry::Val {
                ty: Ty::Generic,
                origin: Origin::Address,
                konst: addr,
            }),
            Entry::Loc(Loc::Mem { aspace: None, .. }) | Entry::Loc(Loc::Any) => Ok(Entry::Val {
                ty: Ty::Generic,
                origin: Origin::Address,
                konst: None,
            }),
            Entry::Incomplete { .. } => {
                self.report(
                    op,
                    checks::INCOMPLETE_COMPOSITE_MISUSE,
                    format!("{what} pops an incomplete composite location"),
                );
                Err(Stop)
            }
            Entry::Loc(l) => {
                self.report(
                    op,
                    checks::KIND_MISMATCH,
                    format!(
                        "{what} needs a value but finds a {} location, which does not convert to a value",
                        loc_name(l)
                    ),
                );
                Err(Stop)
            }
        }
    }

    /// Pops an integral value (for address spaces, offsets, masks).
    pub(super) fn pop_int(
        &mut self,
        op: usize,
        stack: &mut Vec<Entry>,
        what: &str,
    ) -> Result<Entry, Stop> {
        let e = self.pop_value(op, stack, what)?;
        if let Entry::Val {
            ty: Ty::Base(b), ..
        } = e
            && !integral(b.encoding)
        {
            self.report(
                op,
                checks::TYPE_MISMATCH,
                format!(
                    "{what} needs an integral value, not one of encoding {:#x}",
                    b.encoding
                ),
            );
        }
        Ok(e)
    }

    /// Pops a location (a generic value converts to default-aspace memory).
    pub(super) fn pop_loc(
        &mut self,
        op: usize,
        stack: &mut Vec<Entry>,
        what: &str,
    ) -> Result<Loc, Stop> {
        let e = self.pop(op, stack, what)?;
        match e {
            Entry::Loc(l) => Ok(l),
            Entry::Val {
                ty: Ty::Generic,
                konst,
                ..
            } => Ok(Loc::Mem {
                aspace: Some(0),
                addr: konst,
            }),
            Entry::Val {
                ty: Ty::Base(b), ..
            } => {
                self.report(
                    op,
                    checks::KIND_MISMATCH,
                    format!(
                        "{what} needs a location but finds a value of a {}-bit base type; only generic values convert to locations",
                        b.bits
                    ),
                );
                Err(Stop)
            }
            Entry::Incomplete { .. } => {
                self.report(
                    op,
                    checks::INCOMPLETE_COMPOSITE_MISUSE,
                    format!("{what} pops an incomplete composite location"),
                );
                Err(Stop)
            }
        }
    }

    pub(super) fn forbid_cfi(&mut self, op: usize, name: &str) {
        if self.mode.is_cfi() {
            self.report(
                op,
                checks::OP_FORBIDDEN_IN_CFI,
                format!("{name} is not allowed in a CFI expression"),
            );
        }
    }

    pub(super) fn base_type(&mut self, op: usize, offset: u64, what: &str) -> Option<BaseType> {
        if offset == 0 {
            // Only DW_OP_convert and DW_OP_reinterpret take 0 for the generic type (they
            // do not come here for it).
            self.report(
                op,
                checks::NOT_A_BASE_TYPE,
                format!(
                    "{what} refers to unit offset 0x0, the unit header: only DW_OP_convert and DW_OP_reinterpret take 0 for the generic type"
                ),
            );
            return None;
        }
        match self.env.base_type(offset) {
            TypeLookup::Base(b) => Some(b),
            TypeLookup::NotBase(tag) => {
                self.report(
                    op,
                    checks::NOT_A_BASE_TYPE,
                    format!(
                        "{what} refers to the DIE at unit offset {offset:#x} (tag {tag:#x}), not a DW_TAG_base_type"
                    ),
                );
                None
            }
            TypeLookup::Missing => {
                self.report(
                    op,
                    checks::NOT_A_BASE_TYPE,
                    format!("{what} refers to unit offset {offset:#x}, where no DIE starts"),
                );
                None
            }
        }
    }

    /// Register number checks; returns the register width when the target knows it.
    pub(super) fn register(&mut self, op: usize, reg: u64) -> Option<u32> {
        self.uses_registers = true;
        let target = self.env.target()?;
        if target.is_vector_register(reg) {
            self.per_lane = true;
        }
        match target.register_bits(reg) {
            Ok(bits) => Some(bits),
            Err(_) => {
                let lanes = target.lanes();
                let hint = match target.unmapped_register(reg).and_then(|r| r.why.as_deref()) {
                    Some(why) => format!(" ({why})"),
                    None => String::new(),
                };
                self.report(
                    op,
                    checks::UNMAPPED_REGISTER,
                    format!(
                        "DWARF register {reg} is not mapped for {} (wave{lanes}){hint}",
                        target.name()
                    ),
                );
                None
            }
        }
    }

    pub(super) fn aspace(&mut self, op: usize, aspace: Option<u64>) -> Option<u8> {
        let (Some(a), Some(target)) = (aspace, self.env.target()) else {
            return None;
        };
        match target.address_space(a) {
            Some(s) => Some(s.address_bits),
            None => {
                self.report(
                    op,
                    checks::UNDEFINED_ADDRESS_SPACE,
                    format!("address space {a} is not defined for {}", target.name()),
                );
                None
            }
        }
    }

    pub(super) fn push(&mut self, op: usize, stack: &mut Vec<Entry>, e: Entry) -> Result<(), Stop> {
        if stack.len() >= MAX_DEPTH {
            // Straight-line code this deep is legal but unheard of; in a loop it grows
            // the stack without bound. Either way the path is not followed further.
            let (check, why) = if self
                .expr
                .ops()
                .iter()
                .any(|o| matches!(o, Op::Skip(_) | Op::Bra(_)))
            {
                (
                    checks::STACK_UNBOUNDED,
                    format!(
                        "the stack grows past {MAX_DEPTH} entries in a loop: it grows without bound"
                    ),
                )
            } else {
                (
                    checks::ANALYSIS_INCOMPLETE,
                    format!(
                        "not verified past this operation: the stack holds more than {MAX_DEPTH} entries"
                    ),
                )
            };
            self.report(op, check, why);
            return Err(Stop);
        }
        stack.push(e);
        Ok(())
    }

    pub(super) fn check_no_incomplete(
        &mut self,
        op: usize,
        stack: &[Entry],
        depth: usize,
        what: &str,
    ) -> Result<(), Stop> {
        if stack.len() < depth {
            self.report(
                op,
                checks::STACK_UNDERFLOW,
                format!(
                    "{what} needs {depth} stack entries, the stack has {}",
                    stack.len()
                ),
            );
            return Err(Stop);
        }
        if stack[stack.len() - depth..]
            .iter()
            .any(|e| matches!(e, Entry::Incomplete { .. }))
        {
            self.report(
                op,
                checks::INCOMPLETE_COMPOSITE_MISUSE,
                format!("{what} touches an incomplete composite location"),
            );
            return Err(Stop);
        }
        Ok(())
    }
}
