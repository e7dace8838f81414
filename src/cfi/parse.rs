//! Parsing CIEs and FDEs, and running call frame instructions to a row.

use std::collections::{BTreeMap, HashMap};
use std::ops::Range;

use super::CfiError;

/// Most instructions executed for one row look-up (CIE initial instructions plus FDE).
pub const MAX_INSTRUCTIONS: usize = 1 << 20;
/// Deepest `DW_CFA_remember_state` stack.
pub const MAX_STATE_DEPTH: usize = 256;
/// Most distinct registers with a rule in one row.
pub const MAX_RULES: usize = 1 << 14;

/// Which section a [`FrameTable`] was read from (their CIE identifiers and pointers differ).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameSection {
    /// `.debug_frame`: CIE id all ones, CIE pointers are section offsets.
    DebugFrame,
    /// `.eh_frame`: CIE id 0, CIE pointers are relative to the pointer field, addresses use
    /// the CIE's pointer encoding; `section_address` is the section's load address (for
    /// `DW_EH_PE_pcrel`).
    EhFrame {
        /// Address of the section's first byte.
        section_address: u64,
    },
}

impl FrameSection {
    fn name(self) -> &'static str {
        match self {
            FrameSection::DebugFrame => ".debug_frame",
            FrameSection::EhFrame { .. } => ".eh_frame",
        }
    }
}

/// A Common Information Entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cie {
    /// Section offset of the entry.
    pub offset: u64,
    /// CIE version (1, 3 or 4).
    pub version: u8,
    /// The augmentation string.
    pub augmentation: String,
    /// Whether the augmentation was understood (empty, `z…`-style, or only bracketed
    /// `[vendor:vX.Y]` groups). For other augmentations only the fixed fields were read
    /// and the entry's instructions are not run.
    pub augmentation_known: bool,
    /// Address size (version 4; else the size the table was parsed with).
    pub address_size: u8,
    /// Segment selector size (version 4; else 0).
    pub segment_selector_size: u8,
    /// Code alignment factor.
    pub code_alignment_factor: u64,
    /// Data alignment factor.
    pub data_alignment_factor: i64,
    /// Return address column.
    pub return_address_register: u64,
    /// `.eh_frame` pointer encoding of FDE addresses (`R` augmentation; 0 = absolute).
    pub fde_pointer_encoding: u8,
    /// Whether FDEs carry augmentation data (`z`).
    pub has_augmentation_data: bool,
    /// Section byte range of the initial instructions.
    pub instructions: Range<usize>,
}

/// A Frame Description Entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fde {
    /// Section offset of the entry.
    pub offset: u64,
    /// Index of its CIE in [`FrameTable::cies`].
    pub cie: usize,
    /// First address covered.
    pub initial_location: u64,
    /// Number of bytes covered.
    pub address_range: u64,
    /// Section byte range of the instructions.
    pub instructions: Range<usize>,
}

impl Fde {
    /// The addresses covered.
    pub fn range(&self) -> Range<u64> {
        self.initial_location..self.initial_location.saturating_add(self.address_range)
    }
}

/// How to compute the canonical frame address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfaRule<'a> {
    /// No CFA rule was given.
    Undefined,
    /// The value of `register` plus `offset`, a byte address in address space `aspace`
    /// (`None` = the target's default address space, from `DW_CFA_def_cfa*`).
    RegisterOffset {
        /// DWARF register number.
        register: u64,
        /// Byte displacement (already multiplied by the data alignment factor).
        offset: i64,
        /// Address space (`DW_CFA_LLVM_def_aspace_cfa*`), or `None` for the default.
        aspace: Option<u64>,
    },
    /// `DW_CFA_def_cfa_expression`: a location expression with an empty initial stack.
    Expression(&'a [u8]),
}

/// How to recover a register's value in the caller frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegisterRule<'a> {
    /// Not recoverable.
    Undefined,
    /// Unchanged from this frame.
    SameValue,
    /// Saved at CFA + N.
    Offset(i64),
    /// The value is CFA + N (a byte address).
    ValOffset(i64),
    /// Held in another register of this frame.
    Register(u64),
    /// Saved at the location the expression gives (initial stack `[CFA]`).
    Expression(&'a [u8]),
    /// The value the expression gives (initial stack `[CFA]`).
    ValExpression(&'a [u8]),
}

/// One row of the call frame table: the rules in effect over an address range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row<'a> {
    /// First address the row covers.
    pub start: u64,
    /// One past the last address.
    pub end: u64,
    /// The CFA rule.
    pub cfa: CfaRule<'a>,
    /// Rules for the registers that have one.
    pub rules: BTreeMap<u64, RegisterRule<'a>>,
    /// The rule for every other register (the target's default).
    pub default_rule: RegisterRule<'a>,
    /// The return address column of the CIE.
    pub return_address_register: u64,
    /// Address size of the CIE (for `DW_CFA_set_loc` and expressions).
    pub address_size: u8,
}

impl<'a> Row<'a> {
    /// The rule for `reg` (the default rule when the row has none).
    pub fn rule(&self, reg: u64) -> RegisterRule<'a> {
        self.rules.get(&reg).copied().unwrap_or(self.default_rule)
    }
}

/// The parsed CIEs and FDEs of one section.
#[derive(Clone, Debug)]
pub struct FrameTable<'a> {
    data: &'a [u8],
    section: FrameSection,
    cies: Vec<Cie>,
    fdes: Vec<Fde>,
}

/// A cursor with section-offset errors.
struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    end: usize,
    section: &'static str,
}

impl<'a> Cursor<'a> {
    fn err(&self, reason: impl Into<String>) -> CfiError {
        CfiError {
            section: self.section,
            offset: self.pos as u64,
            reason: reason.into(),
        }
    }

    fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    fn u8(&mut self) -> Result<u8, CfiError> {
        if self.pos >= self.end {
            return Err(self.err("unexpected end of entry"));
        }
        let b = self.data[self.pos];
        self.pos += 1;
        Ok(b)
    }

    fn fixed(&mut self, n: usize) -> Result<u64, CfiError> {
        if n > 8 || self.end - self.pos.min(self.end) < n {
            return Err(self.err(format!("unexpected end of entry reading {n} bytes")));
        }
        let v = self.data[self.pos..self.pos + n]
            .iter()
            .rev()
            .fold(0u64, |a, &b| (a << 8) | u64::from(b));
        self.pos += n;
        Ok(v)
    }

    fn uleb(&mut self) -> Result<u64, CfiError> {
        let start = self.pos;
        let mut v = 0u64;
        let mut shift = 0u32;
        loop {
            let b = self.u8()?;
            let low = u64::from(b & 0x7f);
            if shift >= 64 || (shift > 0 && low >> (64 - shift) != 0) {
                if low != 0 {
                    self.pos = start;
                    return Err(self.err("ULEB128 overflows 64 bits"));
                }
            } else {
                v |= low << shift;
            }
            if b & 0x80 == 0 {
                return Ok(v);
            }
            shift = shift.saturating_add(7);
        }
    }

    fn sleb(&mut self) -> Result<i64, CfiError> {
        let mut v = 0i64;
        let mut shift = 0u32;
        loop {
            let b = self.u8()?;
            if shift < 64 {
                v |= i64::from(b & 0x7f) << shift;
            }
            shift = shift.saturating_add(7);
            if b & 0x80 == 0 {
                if shift < 64 && b & 0x40 != 0 {
                    v |= -1i64 << shift;
                }
                return Ok(v);
            }
        }
    }

    fn cstr(&mut self) -> Result<&'a [u8], CfiError> {
        let rest = &self.data[self.pos..self.end];
        let n = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or_else(|| self.err("unterminated augmentation string"))?;
        self.pos += n + 1;
        Ok(&rest[..n])
    }

    fn block(&mut self) -> Result<&'a [u8], CfiError> {
        let n = self.uleb()?;
        let n = usize::try_from(n).unwrap_or(usize::MAX);
        if self.end - self.pos < n {
            return Err(self.err(format!("block of {n} bytes passes the end of the entry")));
        }
        let b = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(b)
    }
}

/// Whether an augmentation string is a sequence of `[vendor:vX.Y(:options)]` groups.
fn bracketed(aug: &str) -> bool {
    let mut rest = aug;
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        let Some(r) = rest.strip_prefix('[') else {
            return false;
        };
        let Some(close) = r.find(']') else {
            return false;
        };
        let group = &r[..close];
        let mut parts = group.splitn(3, ':');
        let vendor = parts.next().unwrap_or("");
        let version = parts.next().unwrap_or("");
        if vendor.is_empty() || !version.starts_with('v') {
            return false;
        }
        rest = &r[close + 1..];
    }
    true
}

impl<'a> FrameTable<'a> {
    /// Parses every entry of `data` (a `.debug_frame` or `.eh_frame` section).
    /// `address_size` is used for CIEs before version 4 (AMDGPU: 8).
    pub fn parse(
        data: &'a [u8],
        section: FrameSection,
        address_size: u8,
    ) -> Result<FrameTable<'a>, CfiError> {
        let name = section.name();
        let eh = matches!(section, FrameSection::EhFrame { .. });
        let mut cies = Vec::new();
        let mut cie_at: HashMap<u64, usize> = HashMap::new();
        // (entry offset, cie offset, body start, end, offset size)
        let mut pending = Vec::new();
        let mut pos = 0usize;
        while pos < data.len() {
            let mut c = Cursor {
                data,
                pos,
                end: data.len(),
                section: name,
            };
            let start = pos;
            let len32 = c.fixed(4)?;
            let (len, offset_size) = if len32 == 0xffff_ffff {
                (c.fixed(8)?, 8usize)
            } else if len32 >= 0xffff_fff0 {
                return Err(c.err(format!("reserved unit length {len32:#x}")));
            } else {
                (len32, 4)
            };
            if len == 0 {
                if eh {
                    break; // terminator
                }
                pos = c.pos;
                continue;
            }
            let end = usize::try_from(len)
                .ok()
                .and_then(|l| c.pos.checked_add(l))
                .filter(|&e| e <= data.len())
                .ok_or_else(|| CfiError {
                    section: name,
                    offset: start as u64,
                    reason: format!("entry length {len} passes the end of the section"),
                })?;
            c.end = end;
            let id_pos = c.pos;
            let id = c.fixed(offset_size)?;
            let is_cie = if eh {
                id == 0
            } else {
                id == if offset_size == 4 {
                    0xffff_ffff
                } else {
                    u64::MAX
                }
            };
            if is_cie {
                let cie = Self::parse_cie(&mut c, start as u64, address_size, eh)?;
                cie_at.insert(start as u64, cies.len());
                cies.push(cie);
            } else {
                let cie_offset = if eh {
                    (id_pos as u64).checked_sub(id).ok_or_else(|| CfiError {
                        section: name,
                        offset: id_pos as u64,
                        reason: format!("CIE pointer {id:#x} points before the section"),
                    })?
                } else {
                    id
                };
                pending.push((start as u64, cie_offset, c.pos, end));
            }
            pos = end;
        }
        let mut fdes = Vec::with_capacity(pending.len());
        for (offset, cie_offset, body, end) in pending {
            let Some(&ci) = cie_at.get(&cie_offset) else {
                return Err(CfiError {
                    section: name,
                    offset,
                    reason: format!("FDE refers to {cie_offset:#x}, which is not a CIE"),
                });
            };
            let cie = &cies[ci];
            let mut c = Cursor {
                data,
                pos: body,
                end,
                section: name,
            };
            let (initial_location, address_range) =
                if let FrameSection::EhFrame { section_address } = section {
                    let enc = cie.fde_pointer_encoding;
                    let field = section_address.wrapping_add(c.pos as u64);
                    let loc = Self::eh_pointer(&mut c, enc, field, cie.address_size)?;
                    let range = Self::eh_pointer(&mut c, enc & 0x0f, 0, cie.address_size)?;
                    (loc, range)
                } else {
                    if cie.segment_selector_size > 0 {
                        c.fixed(usize::from(cie.segment_selector_size))?;
                    }
                    let a = usize::from(cie.address_size);
                    (c.fixed(a)?, c.fixed(a)?)
                };
            if cie.augmentation_known && cie.has_augmentation_data {
                c.block()?;
            }
            let instructions = if cie.augmentation_known {
                c.pos..end
            } else {
                end..end
            };
            fdes.push(Fde {
                offset,
                cie: ci,
                initial_location,
                address_range,
                instructions,
            });
        }
        fdes.sort_by_key(|f| (f.initial_location, f.offset));
        Ok(FrameTable {
            data,
            section,
            cies,
            fdes,
        })
    }

    fn eh_pointer(
        c: &mut Cursor<'a>,
        enc: u8,
        field_address: u64,
        address_size: u8,
    ) -> Result<u64, CfiError> {
        if enc == 0xff {
            return Ok(0); // DW_EH_PE_omit
        }
        let v = match enc & 0x0f {
            0x00 => c.fixed(usize::from(address_size))?,
            0x01 => c.uleb()?,
            0x02 => c.fixed(2)?,
            0x03 => c.fixed(4)?,
            0x04 => c.fixed(8)?,
            0x09 => c.sleb()? as u64,
            0x0a => c.fixed(2)? as u16 as i16 as i64 as u64,
            0x0b => c.fixed(4)? as u32 as i32 as i64 as u64,
            0x0c => c.fixed(8)?,
            other => {
                return Err(c.err(format!("unsupported pointer encoding format {other:#x}")));
            }
        };
        match enc & 0x70 {
            0x00 => Ok(v),
            0x10 => Ok(field_address.wrapping_add(v)),
            other => Err(c.err(format!(
                "unsupported pointer encoding application {other:#x}"
            ))),
        }
    }

    fn parse_cie(
        c: &mut Cursor<'a>,
        offset: u64,
        address_size: u8,
        eh: bool,
    ) -> Result<Cie, CfiError> {
        let version = c.u8()?;
        if !matches!(version, 1 | 3 | 4) {
            return Err(c.err(format!("unsupported CIE version {version}")));
        }
        let aug_bytes = c.cstr()?;
        let augmentation = String::from_utf8_lossy(aug_bytes).into_owned();
        let z = augmentation.starts_with('z');
        let known = augmentation.is_empty() || z || bracketed(&augmentation);
        let (mut asz, mut seg) = (address_size, 0u8);
        if version >= 4 {
            asz = c.u8()?;
            seg = c.u8()?;
            if !matches!(asz, 1 | 2 | 4 | 8) {
                return Err(c.err(format!("unsupported address size {asz}")));
            }
            if seg > 8 {
                return Err(c.err(format!("unsupported segment selector size {seg}")));
            }
        }
        let mut cie = Cie {
            offset,
            version,
            augmentation,
            augmentation_known: known,
            address_size: asz,
            segment_selector_size: seg,
            code_alignment_factor: 0,
            data_alignment_factor: 0,
            return_address_register: 0,
            fde_pointer_encoding: 0,
            has_augmentation_data: false,
            instructions: c.end..c.end,
        };
        if !known {
            // Unknown augmentation: only the fixed fields are meaningful.
            return Ok(cie);
        }
        cie.code_alignment_factor = c.uleb()?;
        cie.data_alignment_factor = c.sleb()?;
        cie.return_address_register = if version == 1 {
            u64::from(c.u8()?)
        } else {
            c.uleb()?
        };
        if z {
            let data = c.block()?;
            cie.has_augmentation_data = true;
            let mut a = Cursor {
                data,
                pos: 0,
                end: data.len(),
                section: c.section,
            };
            for ch in cie.augmentation.clone().bytes().skip(1) {
                match ch {
                    b'R' => cie.fde_pointer_encoding = a.u8()?,
                    b'L' => {
                        a.u8()?;
                    }
                    b'P' => {
                        let enc = a.u8()?;
                        Self::eh_pointer(&mut a, enc & 0x0f, 0, cie.address_size)?;
                    }
                    b'S' | b'B' => {}
                    _ => {
                        // Unknown letter: the rest of the data cannot be interpreted,
                        // but its length is known, so the instructions still are.
                        break;
                    }
                }
            }
        } else if eh && !cie.augmentation.is_empty() && !bracketed(&cie.augmentation) {
            cie.augmentation_known = false;
            return Ok(cie);
        }
        cie.instructions = c.pos..c.end;
        Ok(cie)
    }

    /// The section the table was read from.
    pub fn section(&self) -> FrameSection {
        self.section
    }

    /// All CIEs, in section order.
    pub fn cies(&self) -> &[Cie] {
        &self.cies
    }

    /// All FDEs, sorted by initial location.
    pub fn fdes(&self) -> &[Fde] {
        &self.fdes
    }

    /// The FDE covering `pc`, if any.
    pub fn fde_for(&self, pc: u64) -> Option<&Fde> {
        let i = self.fdes.partition_point(|f| f.initial_location <= pc);
        self.fdes[..i]
            .iter()
            .rev()
            .take(64)
            .find(|f| f.range().contains(&pc))
    }

    /// The row in effect at `pc`, with `default_rule` for registers without a rule
    /// (AMDGPU: [`RegisterRule::SameValue`]). `Ok(None)` when no FDE covers `pc`.
    pub fn row_at(
        &self,
        pc: u64,
        default_rule: RegisterRule<'a>,
    ) -> Result<Option<Row<'a>>, CfiError> {
        let Some(fde) = self.fde_for(pc) else {
            return Ok(None);
        };
        self.row_in(fde, pc, default_rule).map(Some)
    }

    /// The row of `fde` in effect at `pc` (which must be in the FDE's range).
    pub fn row_in(
        &self,
        fde: &Fde,
        pc: u64,
        default_rule: RegisterRule<'a>,
    ) -> Result<Row<'a>, CfiError> {
        let cie = &self.cies[fde.cie];
        let name = self.section.name();
        if !cie.augmentation_known {
            return Err(CfiError {
                section: name,
                offset: fde.offset,
                reason: format!(
                    "CIE at {:#x} has the unknown augmentation {:?}; its rules cannot be read",
                    cie.offset, cie.augmentation
                ),
            });
        }
        let mut m = Machine {
            cie,
            row: Row {
                start: fde.initial_location,
                end: fde.range().end,
                cfa: CfaRule::Undefined,
                rules: BTreeMap::new(),
                default_rule,
                return_address_register: cie.return_address_register,
                address_size: cie.address_size,
            },
            initial: None,
            stack: Vec::new(),
            loc: fde.initial_location,
            steps: 0,
        };
        let mut c = Cursor {
            data: self.data,
            pos: cie.instructions.start,
            end: cie.instructions.end,
            section: name,
        };
        m.run(&mut c, None)?;
        m.initial = Some((m.row.cfa, m.row.rules.clone()));
        let mut c = Cursor {
            data: self.data,
            pos: fde.instructions.start,
            end: fde.instructions.end,
            section: name,
        };
        m.run(&mut c, Some(pc))?;
        Ok(m.row)
    }
}

type State<'a> = (CfaRule<'a>, BTreeMap<u64, RegisterRule<'a>>);

struct Machine<'c, 'a> {
    cie: &'c Cie,
    row: Row<'a>,
    initial: Option<State<'a>>,
    stack: Vec<State<'a>>,
    loc: u64,
    steps: usize,
}

impl<'a> Machine<'_, 'a> {
    fn set(&mut self, c: &Cursor<'a>, reg: u64, rule: RegisterRule<'a>) -> Result<(), CfiError> {
        if self.row.rules.len() >= MAX_RULES && !self.row.rules.contains_key(&reg) {
            return Err(c.err(format!("more than {MAX_RULES} register rules")));
        }
        self.row.rules.insert(reg, rule);
        Ok(())
    }

    fn factored(&self, c: &Cursor<'a>, n: i128) -> Result<i64, CfiError> {
        i64::try_from(n * i128::from(self.cie.data_alignment_factor))
            .map_err(|_| c.err("factored offset overflows 64 bits"))
    }

    /// Moves the location to `new`; returns true when `pc` falls before it (stop).
    fn advance(&mut self, c: &Cursor<'a>, new: u64, pc: Option<u64>) -> Result<bool, CfiError> {
        if new < self.loc {
            return Err(c.err(format!(
                "location moves backwards from {:#x} to {new:#x}",
                self.loc
            )));
        }
        if let Some(pc) = pc
            && new > pc
        {
            self.row.end = new;
            return Ok(true);
        }
        self.loc = new;
        self.row.start = new;
        Ok(false)
    }

    fn run(&mut self, c: &mut Cursor<'a>, pc: Option<u64>) -> Result<(), CfiError> {
        let caf = self.cie.code_alignment_factor;
        while !c.at_end() {
            self.steps += 1;
            if self.steps > MAX_INSTRUCTIONS {
                return Err(c.err(format!("more than {MAX_INSTRUCTIONS} instructions")));
            }
            let at = c.pos;
            let op = c.u8()?;
            let low = u64::from(op & 0x3f);
            let in_cie = self.initial.is_none();
            let advance = |m: &mut Self, c: &Cursor<'a>, delta: u64| -> Result<bool, CfiError> {
                if in_cie {
                    return Err(c.err("advance instruction in a CIE"));
                }
                let new = delta
                    .checked_mul(caf)
                    .and_then(|d| m.loc.checked_add(d))
                    .ok_or_else(|| c.err("location overflows"))?;
                m.advance(c, new, pc)
            };
            match op >> 6 {
                1 => {
                    if advance(self, c, low)? {
                        return Ok(());
                    }
                    continue;
                }
                2 => {
                    let off = c.uleb()?;
                    let off = self.factored(c, i128::from(off))?;
                    self.set(c, low, RegisterRule::Offset(off))?;
                    continue;
                }
                3 => {
                    self.restore(c, low)?;
                    continue;
                }
                _ => {}
            }
            match op {
                0x00 => {}
                0x01 => {
                    if in_cie {
                        return Err(c.err("DW_CFA_set_loc in a CIE"));
                    }
                    let a = c.fixed(usize::from(self.cie.address_size))?;
                    if self.advance(c, a, pc)? {
                        return Ok(());
                    }
                }
                0x02 | 0x03 | 0x04 | 0x1d => {
                    let n = match op {
                        0x02 => 1,
                        0x03 => 2,
                        0x04 => 4,
                        _ => 8,
                    };
                    let d = c.fixed(n)?;
                    if advance(self, c, d)? {
                        return Ok(());
                    }
                }
                0x05 => {
                    let r = c.uleb()?;
                    let off = c.uleb()?;
                    let off = self.factored(c, i128::from(off))?;
                    self.set(c, r, RegisterRule::Offset(off))?;
                }
                0x06 => {
                    let r = c.uleb()?;
                    self.restore(c, r)?;
                }
                0x07 => {
                    let r = c.uleb()?;
                    self.set(c, r, RegisterRule::Undefined)?;
                }
                0x08 => {
                    let r = c.uleb()?;
                    self.set(c, r, RegisterRule::SameValue)?;
                }
                0x09 => {
                    let r = c.uleb()?;
                    let r2 = c.uleb()?;
                    self.set(c, r, RegisterRule::Register(r2))?;
                }
                0x0a => {
                    if self.stack.len() >= MAX_STATE_DEPTH {
                        return Err(c.err(format!(
                            "DW_CFA_remember_state nested more than {MAX_STATE_DEPTH} deep"
                        )));
                    }
                    self.stack.push((self.row.cfa, self.row.rules.clone()));
                }
                0x0b => {
                    let Some((cfa, rules)) = self.stack.pop() else {
                        let mut e = c.err("DW_CFA_restore_state without a remembered state");
                        e.offset = at as u64;
                        return Err(e);
                    };
                    // The CFA rule is part of the remembered state (DWARF 5 §6.4.2.4).
                    self.row.cfa = cfa;
                    self.row.rules = rules;
                }
                0x0c => {
                    let r = c.uleb()?;
                    let off = c.uleb()?;
                    self.row.cfa = CfaRule::RegisterOffset {
                        register: r,
                        offset: off as i64,
                        aspace: None,
                    };
                }
                0x12 => {
                    let r = c.uleb()?;
                    let off = c.sleb()?;
                    let off = self.factored(c, i128::from(off))?;
                    self.row.cfa = CfaRule::RegisterOffset {
                        register: r,
                        offset: off,
                        aspace: None,
                    };
                }
                0x30 | 0x31 => {
                    let r = c.uleb()?;
                    let off = if op == 0x30 {
                        c.uleb()? as i64
                    } else {
                        let o = c.sleb()?;
                        self.factored(c, i128::from(o))?
                    };
                    let aspace = c.uleb()?;
                    self.row.cfa = CfaRule::RegisterOffset {
                        register: r,
                        offset: off,
                        aspace: Some(aspace),
                    };
                }
                0x0d => {
                    let r = c.uleb()?;
                    match &mut self.row.cfa {
                        CfaRule::RegisterOffset { register, .. } => *register = r,
                        _ => {
                            return Err(c.err(
                                "DW_CFA_def_cfa_register without a register CFA rule before it",
                            ));
                        }
                    }
                }
                0x0e | 0x13 => {
                    let off = if op == 0x0e {
                        c.uleb()? as i64
                    } else {
                        let o = c.sleb()?;
                        self.factored(c, i128::from(o))?
                    };
                    match &mut self.row.cfa {
                        CfaRule::RegisterOffset { offset, .. } => *offset = off,
                        _ => {
                            return Err(c.err(
                                "DW_CFA_def_cfa_offset without a register CFA rule before it",
                            ));
                        }
                    }
                }
                0x0f => {
                    let b = c.block()?;
                    self.row.cfa = CfaRule::Expression(b);
                }
                0x10 | 0x16 => {
                    let r = c.uleb()?;
                    let b = c.block()?;
                    let rule = if op == 0x10 {
                        RegisterRule::Expression(b)
                    } else {
                        RegisterRule::ValExpression(b)
                    };
                    self.set(c, r, rule)?;
                }
                0x11 | 0x15 => {
                    let r = c.uleb()?;
                    let off = c.sleb()?;
                    let off = self.factored(c, i128::from(off))?;
                    let rule = if op == 0x11 {
                        RegisterRule::Offset(off)
                    } else {
                        RegisterRule::ValOffset(off)
                    };
                    self.set(c, r, rule)?;
                }
                0x14 => {
                    let r = c.uleb()?;
                    let off = c.uleb()?;
                    let off = self.factored(c, i128::from(off))?;
                    self.set(c, r, RegisterRule::ValOffset(off))?;
                }
                0x2e => {
                    c.uleb()?; // DW_CFA_GNU_args_size: no effect on rules
                }
                0x2f => {
                    let r = c.uleb()?;
                    let off = c.uleb()?;
                    let off = self.factored(c, -i128::from(off))?;
                    self.set(c, r, RegisterRule::Offset(off))?;
                }
                other => {
                    let mut e = c.err(format!("unknown call frame instruction {other:#04x}"));
                    e.offset = at as u64;
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    fn restore(&mut self, c: &Cursor<'a>, reg: u64) -> Result<(), CfiError> {
        let Some((_, initial)) = &self.initial else {
            return Err(c.err("DW_CFA_restore in a CIE"));
        };
        match initial.get(&reg).copied() {
            Some(rule) => self.set(c, reg, rule),
            None => {
                self.row.rules.remove(&reg);
                Ok(())
            }
        }
    }
}
