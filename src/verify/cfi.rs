//! Just enough of `.debug_frame` to reach every CFI rule's expression.
//!
//! gimli's CFI parser rejects the AMDGPU vendor instructions (`DW_CFA_LLVM_def_aspace_cfa`
//! 0x30 and `_sf` 0x31), so this module walks the raw CIEs and FDEs and decodes each
//! call-frame instruction only to know its length, collecting the expressions of
//! `DW_CFA_def_cfa_expression`, `DW_CFA_expression` and `DW_CFA_val_expression`, the
//! register and address-space operands of the other rules, and the structural errors.

/// Which CFI rule an expression belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleKind {
    /// `DW_CFA_def_cfa_expression`.
    CfaExpression,
    /// `DW_CFA_expression R`.
    Expression(u64),
    /// `DW_CFA_val_expression R`.
    ValExpression(u64),
}

/// Something found while scanning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// An expression of a rule.
    Expr {
        /// Section offset of the CIE/FDE.
        entry: u64,
        /// Section offset of the instruction.
        offset: u64,
        /// The FDE's PC range (None for a CIE's initial instructions).
        pc_range: Option<std::ops::Range<u64>>,
        /// The rule.
        rule: RuleKind,
        /// The expression bytes.
        bytes: &'a [u8],
    },
    /// A register operand of a rule (`offset`, `register`, `def_cfa`, `undefined`, ...).
    Register {
        /// Section offset of the instruction.
        offset: u64,
        /// The FDE's PC range.
        pc_range: Option<std::ops::Range<u64>>,
        /// The register number.
        reg: u64,
        /// The instruction's name.
        what: &'static str,
    },
    /// The address-space operand of `DW_CFA_LLVM_def_aspace_cfa[_sf]`.
    AddressSpace {
        /// Section offset of the instruction.
        offset: u64,
        /// The FDE's PC range.
        pc_range: Option<std::ops::Range<u64>>,
        /// The address space.
        aspace: u64,
    },
    /// A structural problem (check id, message).
    Problem {
        /// Section offset.
        offset: u64,
        /// The FDE's PC range.
        pc_range: Option<std::ops::Range<u64>>,
        /// Check id.
        check: &'static str,
        /// Explanation.
        message: String,
    },
}

struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn u8(&mut self) -> Option<u8> {
        let b = *self.data.get(self.pos)?;
        self.pos += 1;
        Some(b)
    }
    fn bytes(&mut self, n: usize) -> Option<&'a [u8]> {
        let end = self.pos.checked_add(n)?;
        let s = self.data.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }
    fn uint(&mut self, n: usize) -> Option<u64> {
        let b = self.bytes(n)?;
        let mut v = 0u64;
        for (i, x) in b.iter().enumerate().take(8) {
            v |= u64::from(*x) << (8 * i);
        }
        Some(v)
    }
    fn uleb(&mut self) -> Option<u64> {
        let mut v = 0u64;
        let mut shift = 0u32;
        loop {
            let b = self.u8()?;
            if shift < 64 {
                v |= u64::from(b & 0x7f) << shift;
            }
            shift += 7;
            if b & 0x80 == 0 {
                return Some(v);
            }
        }
    }
    fn sleb(&mut self) -> Option<i64> {
        let mut v = 0i64;
        let mut shift = 0u32;
        loop {
            let b = self.u8()?;
            if shift < 64 {
                v |= i64::from(b & 0x7f) << shift;
            }
            shift += 7;
            if b & 0x80 == 0 {
                if shift < 64 && b & 0x40 != 0 {
                    v |= -1i64 << shift;
                }
                return Some(v);
            }
        }
    }
    fn cstr(&mut self) -> Option<&'a [u8]> {
        let rest = self.data.get(self.pos..)?;
        let n = rest.iter().position(|&b| b == 0)?;
        self.pos += n + 1;
        Some(&rest[..n])
    }
}

#[derive(Clone, Copy)]
struct Cie {
    address_size: u8,
}

/// Scans `.debug_frame` (`base` is added to offsets only for messages).
pub fn scan(section: &[u8]) -> Vec<Item<'_>> {
    let mut out = Vec::new();
    let mut cies: Vec<(u64, Cie)> = Vec::new();
    let mut pos = 0usize;
    while pos < section.len() {
        let entry_off = pos as u64;
        let mut c = Cursor { data: section, pos };
        let Some(len32) = c.uint(4) else {
            out.push(problem(entry_off, None, "truncated entry length"));
            break;
        };
        let (len, dwarf64) = if len32 == 0xffff_ffff {
            match c.uint(8) {
                Some(l) => (l, true),
                None => {
                    out.push(problem(entry_off, None, "truncated 64-bit entry length"));
                    break;
                }
            }
        } else {
            (len32, false)
        };
        if len == 0 {
            // Zero terminator / padding.
            pos = c.pos;
            continue;
        }
        let body_start = c.pos;
        let Some(end) = usize::try_from(len)
            .ok()
            .and_then(|l| body_start.checked_add(l))
            .filter(|&e| e <= section.len())
        else {
            out.push(problem(
                entry_off,
                None,
                "entry runs past the end of .debug_frame",
            ));
            break;
        };
        pos = end;
        let mut c = Cursor {
            data: &section[..end],
            pos: body_start,
        };
        let id_size = if dwarf64 { 8 } else { 4 };
        let Some(id) = c.uint(id_size) else {
            out.push(problem(entry_off, None, "truncated CIE id"));
            continue;
        };
        let is_cie = if dwarf64 {
            id == u64::MAX
        } else {
            id == 0xffff_ffff
        };
        if is_cie {
            let Some(cie) = parse_cie(&mut c) else {
                out.push(problem(entry_off, None, "malformed CIE header"));
                continue;
            };
            cies.push((entry_off, cie));
            instructions(&mut c, entry_off, None, &mut out);
        } else {
            let cie = cies.iter().find(|(o, _)| *o == id).map(|(_, c)| *c);
            let cie = match cie {
                Some(cie) => cie,
                None => {
                    // A CIE later in the section (allowed): parse it on the spot.
                    let Some(cie) = usize::try_from(id).ok().and_then(|o| cie_at(section, o))
                    else {
                        out.push(problem(
                            entry_off,
                            None,
                            &format!("FDE refers to CIE offset {id:#x}, where there is no CIE"),
                        ));
                        continue;
                    };
                    cie
                }
            };
            let asz = usize::from(cie.address_size);
            let (Some(start), Some(size)) = (c.uint(asz), c.uint(asz)) else {
                out.push(problem(entry_off, None, "truncated FDE header"));
                continue;
            };
            instructions(
                &mut c,
                entry_off,
                Some(start..start.wrapping_add(size)),
                &mut out,
            );
        }
    }
    out
}

fn cie_at(section: &[u8], off: usize) -> Option<Cie> {
    let mut c = Cursor {
        data: section,
        pos: off,
    };
    let len = c.uint(4)?;
    let dwarf64 = len == 0xffff_ffff;
    if dwarf64 {
        c.uint(8)?;
    }
    let id = c.uint(if dwarf64 { 8 } else { 4 })?;
    if (dwarf64 && id != u64::MAX) || (!dwarf64 && id != 0xffff_ffff) {
        return None;
    }
    parse_cie(&mut c)
}

fn parse_cie(c: &mut Cursor<'_>) -> Option<Cie> {
    let version = c.u8()?;
    let aug = c.cstr()?;
    let mut address_size = 8;
    if version >= 4 {
        address_size = c.u8()?;
        let _segment_selector_size = c.u8()?;
    }
    c.uleb()?; // code alignment
    c.sleb()?; // data alignment
    if version == 1 {
        c.u8()?;
    } else {
        c.uleb()?;
    }
    if aug.first() == Some(&b'z') {
        let n = usize::try_from(c.uleb()?).ok()?;
        c.bytes(n)?;
    }
    if !matches!(address_size, 1 | 2 | 4 | 8) {
        return None;
    }
    Some(Cie { address_size })
}

fn problem<'a>(offset: u64, pc_range: Option<std::ops::Range<u64>>, message: &str) -> Item<'a> {
    Item::Problem {
        offset,
        pc_range,
        check: super::checks::CFI_UNDECODABLE,
        message: message.to_string(),
    }
}

fn instructions<'a>(
    c: &mut Cursor<'a>,
    entry: u64,
    pc_range: Option<std::ops::Range<u64>>,
    out: &mut Vec<Item<'a>>,
) {
    let mut cfa_is_expression = false;
    let reg = |out: &mut Vec<Item<'a>>, offset: u64, reg: u64, what: &'static str| {
        out.push(Item::Register {
            offset,
            pc_range: pc_range.clone(),
            reg,
            what,
        })
    };
    while c.pos < c.data.len() {
        let at = c.pos as u64;
        let Some(b) = c.u8() else { return };
        let ok: Option<()> = (|| {
            match b >> 6 {
                1 => {} // advance_loc
                2 => {
                    let r = u64::from(b & 0x3f);
                    c.uleb()?;
                    reg(out, at, r, "DW_CFA_offset");
                }
                3 => reg(out, at, u64::from(b & 0x3f), "DW_CFA_restore"),
                _ => match b {
                    0x00 | 0x0a | 0x0b => {}
                    0x01 => {
                        c.bytes(8)?;
                    }
                    0x02 => {
                        c.bytes(1)?;
                    }
                    0x03 => {
                        c.bytes(2)?;
                    }
                    0x04 => {
                        c.bytes(4)?;
                    }
                    0x1d => {
                        c.bytes(8)?;
                    }
                    0x05 | 0x14 | 0x2f => {
                        let r = c.uleb()?;
                        c.uleb()?;
                        reg(out, at, r, "DW_CFA_offset_extended");
                    }
                    0x11 | 0x15 => {
                        let r = c.uleb()?;
                        c.sleb()?;
                        reg(out, at, r, "DW_CFA_offset_extended_sf");
                    }
                    0x06 => reg(out, at, c.uleb()?, "DW_CFA_restore_extended"),
                    0x07 => reg(out, at, c.uleb()?, "DW_CFA_undefined"),
                    0x08 => reg(out, at, c.uleb()?, "DW_CFA_same_value"),
                    0x09 => {
                        let r1 = c.uleb()?;
                        let r2 = c.uleb()?;
                        reg(out, at, r1, "DW_CFA_register");
                        reg(out, at, r2, "DW_CFA_register");
                    }
                    0x0c => {
                        let r = c.uleb()?;
                        c.uleb()?;
                        cfa_is_expression = false;
                        reg(out, at, r, "DW_CFA_def_cfa");
                    }
                    0x12 => {
                        let r = c.uleb()?;
                        c.sleb()?;
                        cfa_is_expression = false;
                        reg(out, at, r, "DW_CFA_def_cfa_sf");
                    }
                    0x0d | 0x0e | 0x13 => {
                        let name = match b {
                            0x0d => {
                                let r = c.uleb()?;
                                reg(out, at, r, "DW_CFA_def_cfa_register");
                                "DW_CFA_def_cfa_register"
                            }
                            0x0e => {
                                c.uleb()?;
                                "DW_CFA_def_cfa_offset"
                            }
                            _ => {
                                c.sleb()?;
                                "DW_CFA_def_cfa_offset_sf"
                            }
                        };
                        if cfa_is_expression {
                            out.push(Item::Problem {
                                offset: at,
                                pc_range: pc_range.clone(),
                                check: super::checks::CFA_RULE_AFTER_EXPRESSION,
                                message: format!(
                                    "{name} after DW_CFA_def_cfa_expression: there is no register and offset to change"
                                ),
                            });
                        }
                    }
                    0x0f => {
                        let n = usize::try_from(c.uleb()?).ok()?;
                        let bytes = c.bytes(n)?;
                        cfa_is_expression = true;
                        out.push(Item::Expr {
                            entry,
                            offset: at,
                            pc_range: pc_range.clone(),
                            rule: RuleKind::CfaExpression,
                            bytes,
                        });
                    }
                    0x10 | 0x16 => {
                        let r = c.uleb()?;
                        let n = usize::try_from(c.uleb()?).ok()?;
                        let bytes = c.bytes(n)?;
                        reg(out, at, r, "DW_CFA_expression");
                        out.push(Item::Expr {
                            entry,
                            offset: at,
                            pc_range: pc_range.clone(),
                            rule: if b == 0x10 {
                                RuleKind::Expression(r)
                            } else {
                                RuleKind::ValExpression(r)
                            },
                            bytes,
                        });
                    }
                    0x2e => {
                        c.uleb()?;
                    }
                    0x30 | 0x31 => {
                        let r = c.uleb()?;
                        if b == 0x30 {
                            c.uleb()?;
                        } else {
                            c.sleb()?;
                        }
                        let aspace = c.uleb()?;
                        cfa_is_expression = false;
                        reg(out, at, r, "DW_CFA_LLVM_def_aspace_cfa");
                        out.push(Item::AddressSpace {
                            offset: at,
                            pc_range: pc_range.clone(),
                            aspace,
                        });
                    }
                    _ => return None,
                },
            }
            Some(())
        })();
        if ok.is_none() {
            out.push(problem(
                at,
                pc_range.clone(),
                &format!(
                    "call-frame instruction {b:#04x} at offset {at:#x} is unknown or truncated"
                ),
            ));
            return;
        }
    }
}
