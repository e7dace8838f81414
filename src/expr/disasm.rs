//! Printing expressions exactly as `llvm-dwarfdump` from LLVM 22 does.
//!
//! Names and operand kinds come from the table of operations (`table.rs`), which marks the
//! encodings LLVM 22 decodes (`llvm22`); the rules below say how each kind prints.
//!
//! The rules below were determined empirically with `llvm-dwarfdump-22` on hand-assembled
//! `.debug_info` and `.eh_frame` inputs (and match LLVM's `DWARFExpressionPrinter`):
//!
//! * operations are separated by `", "`; an empty expression prints `<empty>`;
//! * unsigned operands print as `0x%x`, signed ones (`consts`, `const*s`, `breg*`,
//!   `fbreg`, `bregx`, `skip`, `bra`, `implicit_pointer` displacements) as `%+d`
//!   (`DW_OP_consts +3`, `DW_OP_fbreg -32`, `DW_OP_skip -2`: the raw displacement);
//! * register operands print the target's register name when it has one
//!   (`DW_OP_regx SGPR33`, `DW_OP_bregx VGPR18+0`, `DW_OP_breg1 EXEC_LO+5`), otherwise
//!   the generic form (`DW_OP_regx 0x614`, `DW_OP_bregx 0x60 +5`, `DW_OP_reg0`);
//! * heterogeneous ops print as `DW_OP_LLVM_user DW_OP_LLVM_<name> operands`;
//! * `DW_OP_implicit_value 0x2 0xab 0xcd`; `DW_OP_entry_value(<nested ops>)`, where the
//!   closing parenthesis follows LLVM's bookkeeping exactly (it is only printed when the
//!   nested block is one operation: a quirk of LLVM 22 that we reproduce);
//! * base type operands print `<base_type ref: 0x2a>` when no unit is known (register
//!   form) or the bare `0x2a` (generic form); with a unit, `(0x0000002a) "int"` or
//!   `<invalid base_type ref: 0x2a>`; `DW_OP_convert 0x0` is the generic type;
//! * the first operation LLVM 22 cannot decode prints `<decoding error>` followed by
//!   every remaining byte as ` %02x` (`<decoding error> e1 38 e3`). LLVM 22 cannot
//!   decode the legacy one-byte heterogeneous opcodes 0xe1..0xec, reserved/unknown
//!   `DW_OP_LLVM_user` sub-opcodes (0, 0x0d `NVIDIA_mux`, ...), nor
//!   `DW_OP_const_type`, `deref_type`, `xderef_type`, `reinterpret` and the GNU
//!   0xf0, 0xf1, 0xf4..0xf9, 0xfa, 0xfd ops;
//! * operands that LLVM 22 finds truncated read as 0 without consuming bytes
//!   (`0c 01 02` prints `DW_OP_const4u 0x0, <decoding error> 01 02`).
//!
//! **Deliberate difference:** the displacement of `DW_OP_LLVM_aspace_bregx` is read as a
//! *signed* LEB128 (as the extension's prose and operation table say) and printed
//! signed: `e9 09 41 7f` prints `... aspace_bregx SGPR33-1` where LLVM 22 prints
//! `SGPR33+127`, and with an unnamed register `0x60 -5` where LLVM prints `0x60 0x7b`.
//!
//! Known gap: when an `implicit_value` block runs past the end of the expression LLVM
//! prints bytes from beyond the expression (whatever follows in the section) before its
//! `<decoding error>`; we print only the bytes that exist, then `<decoding error>`.

use std::fmt::Write;

use super::leb::Reader;
use super::names::RegisterNames;
use super::op::{Encoding, opcode};
use super::table::{Kind, MAX_OPERANDS, Space, describe};
use super::{DecodeParams, Expr};

/// Base-type information from the enclosing unit, for printing base type operands the
/// way `llvm-dwarfdump` does inside `.debug_info`.
pub trait UnitBaseTypes {
    /// `.debug_info` offset of the unit header.
    fn unit_offset(&self) -> u64;
    /// For a unit-relative DIE offset: `None` if there is no `DW_TAG_base_type` DIE
    /// there, otherwise its `DW_AT_name` (if any).
    fn base_type(&self, unit_relative: u64) -> Option<Option<String>>;
}

/// Printing options.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub struct DisasmOptions<'a> {
    /// Register naming.
    pub names: &'a dyn RegisterNames,
    /// The enclosing unit, if known (changes how base type operands print).
    pub unit: Option<&'a dyn UnitBaseTypes>,
}

impl<'a> DisasmOptions<'a> {
    /// Printing with `names` and no unit.
    pub fn new(names: &'a dyn RegisterNames) -> Self {
        DisasmOptions { names, unit: None }
    }

    /// The same, with base type operands named from `unit`.
    pub fn with_unit(mut self, unit: Option<&'a dyn UnitBaseTypes>) -> Self {
        self.unit = unit;
        self
    }
}

/// Prints `expr` as `llvm-dwarfdump` (LLVM 22) prints it, without unit context.
///
/// The expression is printed from its encoding under [`Expr::params`], so a legacy
/// expression prints `<decoding error> ...` from its first 0xe1..0xec opcode on, like
/// LLVM 22 does. See the module documentation for the one deliberate difference
/// (`aspace_bregx` displacement printed signed).
pub fn disassemble(expr: &Expr, names: &dyn RegisterNames) -> String {
    disassemble_with(expr, DisasmOptions { names, unit: None })
}

/// [`disassemble`] with unit context.
pub fn disassemble_with(expr: &Expr, opts: DisasmOptions<'_>) -> String {
    disassemble_bytes(&expr.to_bytes(), expr.params(), opts)
}

/// Prints raw expression bytes as `llvm-dwarfdump` (LLVM 22) does, including the
/// `<decoding error> xx xx ...` tail when decoding fails partway. `params.encoding` is
/// ignored (LLVM 22 only knows `DW_OP_LLVM_user`).
pub fn disassemble_bytes(bytes: &[u8], params: DecodeParams, opts: DisasmOptions<'_>) -> String {
    let mut out = String::new();
    if bytes.is_empty() {
        out.push_str("<empty>");
        return out;
    }
    let mut entry_size: u32 = 0;
    let mut entry_start: u64 = 0;
    let mut pos = 0usize;
    while pos < bytes.len() {
        let Some(op) = Extracted::llvm22(bytes, pos, params) else {
            out.push_str("<decoding error>");
            for b in &bytes[pos..] {
                let _ = write!(out, " {b:02x}");
            }
            return out;
        };
        op.print(bytes, opts, &mut out);
        let end = op.end;
        if let Some(i) = op.kinds.iter().position(|k| *k == Kind::Nested) {
            // LLVM 22 reads only the length of a nested expression and prints its
            // operations as if they followed: the parenthesis closes by this bookkeeping.
            out.push('(');
            entry_size = op.operands[i] as u32;
            entry_start = end as u64;
            pos = end;
            continue;
        }
        if entry_size != 0 {
            entry_size = entry_size.wrapping_sub((end as u64).wrapping_sub(entry_start) as u32);
            if entry_size == 0 {
                out.push(')');
            }
        }
        if end < bytes.len() {
            out.push_str(", ");
        }
        pos = end;
    }
    out
}

/// `DW_OP_WASM_location`, which LLVM 22 decodes though it is no operation of this table
/// (it means nothing on AMDGPU): printed by name, with LLVM's operands.
const WASM_LOCATION: u8 = 0xed;

/// One operation as a printer reads it: its encoding in the table and its operand values,
/// read leniently as LLVM 22's `DWARFExpression::Operation::extract` does.
struct Extracted {
    /// The name (for a `range` encoding, the number included).
    name: NameOf,
    /// The sub-operation's name after `DW_OP_LLVM_user`.
    sub: Option<&'static str>,
    /// The operand kinds in byte order.
    kinds: &'static [Kind],
    /// Operand values: numbers; a block's length.
    operands: [u64; MAX_OPERANDS],
    /// Where a block operand's bytes start.
    block_start: usize,
    end: usize,
    /// A block operand longer than the bytes left: LLVM reads on past the expression, then
    /// reports a decoding error.
    overrun: bool,
}

/// An operation's name: the table's, or a `range` encoding's with its number.
#[derive(Clone, Copy)]
enum NameOf {
    Plain(&'static str),
    Numbered(&'static str, u8),
}

impl std::fmt::Display for NameOf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameOf::Plain(n) => f.write_str(n),
            NameOf::Numbered(n, i) => write!(f, "{n}{i}"),
        }
    }
}

impl Extracted {
    /// Mirrors `DWARFExpression::Operation::extract` of LLVM 22: the encodings the table
    /// marks `llvm22` (0xe9 is always `DW_OP_LLVM_user`); unknown opcodes and sub-opcodes
    /// fail; fixed-size and LEB128 operands that cannot be read yield 0 without consuming
    /// input.
    fn llvm22(bytes: &[u8], pos: usize, params: DecodeParams) -> Option<Extracted> {
        let user = DecodeParams {
            encoding: Encoding::User,
            ..params
        };
        Extracted::read(bytes, pos, user, true)
    }

    /// The operation at `pos` as the table reads it under `params.encoding` (only the
    /// encodings LLVM 22 decodes with `llvm22_only`), its operands read as LLVM reads them.
    fn read(
        bytes: &[u8],
        pos: usize,
        params: DecodeParams,
        llvm22_only: bool,
    ) -> Option<Extracted> {
        let code = bytes[pos];
        let mut r = Reader::new(bytes, pos + 1);
        let subop = (code == opcode::LLVM_USER && params.encoding == Encoding::User)
            .then(|| r.uleb().unwrap_or(0));
        let (name, sub, kinds, first) = if code == WASM_LOCATION && llvm22_only {
            let kinds: &'static [Kind] = match Reader::new(bytes, pos + 1).uleb().unwrap_or(0) {
                0..=2 | 4 => &[Kind::Uleb, Kind::Uleb],
                3 => &[Kind::Uleb, Kind::U32],
                _ => return None,
            };
            (NameOf::Plain("DW_OP_WASM_location"), None, kinds, code)
        } else {
            let form =
                describe(code, subop, params.encoding).filter(|f| f.llvm22 || !llvm22_only)?;
            let name = match form.operands.first() {
                Some(Kind::InOpcode | Kind::RegInOpcode) => {
                    NameOf::Numbered(form.name, code - form.first)
                }
                _ => NameOf::Plain(form.name),
            };
            let sub = (form.space == Space::User).then_some(form.name);
            let name = sub.map_or(name, |_| NameOf::Plain("DW_OP_LLVM_user"));
            (name, sub, form.operands, form.first)
        };
        let mut operands = [0u64; MAX_OPERANDS];
        let mut block_start = 0;
        let mut overrun = false;
        for (i, k) in kinds.iter().enumerate() {
            let fixed = |r: &mut Reader<'_>, n: u8| r.fixed(usize::from(n.min(8))).unwrap_or(0);
            let sign = |v: u64, bytes: u8| {
                ((v << (64 - 8 * u32::from(bytes))) as i64 >> (64 - 8 * u32::from(bytes))) as u64
            };
            operands[i] = match *k {
                Kind::InOpcode | Kind::RegInOpcode => u64::from(code - first),
                Kind::U8 => fixed(&mut r, 1),
                Kind::U16 => fixed(&mut r, 2),
                Kind::U32 => fixed(&mut r, 4),
                Kind::Branch => sign(fixed(&mut r, 2), 2),
                Kind::Constant(form) if form.is_signed() => {
                    sign(fixed(&mut r, form.size()), form.size())
                }
                Kind::Constant(form) => fixed(&mut r, form.size()),
                Kind::Addr => fixed(&mut r, params.address_size),
                Kind::RefAddr => fixed(&mut r, params.offset_size),
                Kind::Uleb | Kind::Reg | Kind::BaseType | Kind::BaseTypeOrGeneric => {
                    r.uleb().unwrap_or(0)
                }
                Kind::Sleb => r.sleb().unwrap_or(0) as u64,
                // LLVM reads the length of a nested expression and decodes what follows
                // as operations of the outer one.
                Kind::Nested => r.uleb().unwrap_or(0),
                Kind::Block | Kind::ShortBlock => {
                    let len = match k {
                        Kind::Block => r.uleb().unwrap_or(0),
                        _ => fixed(&mut r, 1),
                    };
                    block_start = r.pos();
                    // LLVM skips the block without a bounds check; stop at the end.
                    if r.take(len).is_none() {
                        r = Reader::new(bytes, bytes.len());
                        overrun = true;
                    }
                    len
                }
            };
        }
        Some(Extracted {
            name,
            sub,
            kinds,
            operands,
            block_start,
            end: r.pos(),
            overrun,
        })
    }

    /// Prints the operation as LLVM 22's `DWARFExpressionPrinter` does.
    fn print(&self, bytes: &[u8], opts: DisasmOptions<'_>, out: &mut String) {
        let _ = write!(out, "{}", self.name);
        if let Some(sub) = self.sub {
            out.push(' ');
            out.push_str(sub);
        }
        let mut first = 0;
        if let Some(n) = self.print_register(opts, out) {
            first = n;
        }
        for (i, k) in self.kinds.iter().enumerate().skip(first) {
            let v = self.operands[i];
            match k {
                Kind::BaseType | Kind::BaseTypeOrGeneric if opts.unit.is_some() => {
                    if *k == Kind::BaseTypeOrGeneric && v == 0 {
                        out.push_str(" 0x0");
                    } else {
                        print_base_type(v, opts.unit, out);
                    }
                }
                Kind::Block | Kind::ShortBlock => {
                    let _ = write!(out, " {v:#x}");
                    self.print_block(bytes, out);
                    if self.overrun {
                        out.push_str("<decoding error>");
                    }
                }
                Kind::Branch | Kind::Sleb => {
                    let _ = write!(out, " {:+}", v as i64);
                }
                Kind::Constant(form) if form.is_signed() => {
                    let _ = write!(out, " {:+}", v as i64);
                }
                Kind::Nested | Kind::InOpcode | Kind::RegInOpcode => {}
                _ => {
                    let _ = write!(out, " {v:#x}");
                }
            }
        }
    }

    /// The bytes of the block operand that exist, ` 0x%02x` each.
    fn print_block(&self, bytes: &[u8], out: &mut String) {
        let len = self
            .kinds
            .iter()
            .position(|k| matches!(k, Kind::Block | Kind::ShortBlock))
            .map_or(0, |i| self.operands[i]);
        let avail = bytes.get(self.block_start..).unwrap_or(&[]);
        for b in avail
            .iter()
            .take(usize::try_from(len).unwrap_or(usize::MAX))
        {
            let _ = write!(out, " 0x{b:02x}");
        }
    }

    /// LLVM's `prettyPrintRegisterOp`: prints the register name (and the displacement or
    /// base type after it) if the first operand is a register that has a name; returns how
    /// many operands it printed.
    fn print_register(&self, opts: DisasmOptions<'_>, out: &mut String) -> Option<usize> {
        if !matches!(self.kinds.first(), Some(Kind::Reg | Kind::RegInOpcode)) {
            return None;
        }
        let name = opts.names.name(self.operands[0])?;
        out.push(' ');
        out.push_str(&name);
        match self.kinds.get(1) {
            Some(Kind::Sleb) => {
                let _ = write!(out, "{:+}", self.operands[1] as i64);
                Some(2)
            }
            Some(Kind::BaseType) => {
                print_base_type(self.operands[1], opts.unit, out);
                Some(2)
            }
            _ => Some(1),
        }
    }

    /// Prints the operation in hetdwarf's spelling of what LLVM 22 cannot print: numbers
    /// in hex (signed ones with their sign), registers by name, base types as their
    /// offset, blocks as their length and bytes.
    fn print_extended(
        &self,
        bytes: &[u8],
        encoding: Encoding,
        opts: DisasmOptions<'_>,
        out: &mut String,
    ) {
        match (self.sub, encoding) {
            (Some(sub), Encoding::User) => {
                let _ = write!(out, "{} {sub}", self.name);
            }
            (Some(sub), Encoding::Legacy) => out.push_str(sub),
            (None, _) => {
                let _ = write!(out, "{}", self.name);
            }
        }
        for (i, k) in self.kinds.iter().enumerate() {
            let v = self.operands[i];
            match k {
                Kind::Reg => match opts.names.name(v) {
                    Some(n) => {
                        let _ = write!(out, " {n}");
                    }
                    None => {
                        let _ = write!(out, " {v:#x}");
                    }
                },
                Kind::Block | Kind::ShortBlock => {
                    let _ = write!(out, " {v:#x}");
                    self.print_block(bytes, out);
                }
                Kind::Branch | Kind::Sleb => {
                    let _ = write!(out, " {:+}", v as i64);
                }
                Kind::Constant(form) if form.is_signed() => {
                    let _ = write!(out, " {:+}", v as i64);
                }
                Kind::Nested | Kind::InOpcode | Kind::RegInOpcode => {}
                _ => {
                    let _ = write!(out, " {v:#x}");
                }
            }
        }
    }
}

/// LLVM's `prettyPrintBaseTypeRef`.
fn print_base_type(v: u64, unit: Option<&dyn UnitBaseTypes>, out: &mut String) {
    let Some(unit) = unit else {
        let _ = write!(out, " <base_type ref: {v:#x}>");
        return;
    };
    match unit.base_type(v) {
        Some(name) => {
            let _ = write!(out, " (0x{:08x})", unit.unit_offset().wrapping_add(v));
            if let Some(name) = name {
                let _ = write!(out, " \"{name}\"");
            }
        }
        None => {
            let _ = write!(out, " <invalid base_type ref: {v:#x}>");
        }
    }
}

/// Bytes as hetdwarf names them: through [`disassemble_extended`] when they decode under
/// `params` (the legacy one-byte heterogeneous opcodes included, which `llvm-dwarfdump-22`
/// prints as decoding errors), else as [`disassemble_bytes`] prints them.
pub fn disassemble_named(bytes: &[u8], params: DecodeParams, opts: DisasmOptions<'_>) -> String {
    match crate::expr::Expr::decode(bytes, params) {
        Ok(expr) => disassemble_extended(&expr, opts),
        Err(_) => disassemble_bytes(bytes, params, opts),
    }
}

/// Prints `expr` in `llvm-dwarfdump`'s style, but spelling out every operation hetdwarf
/// knows, including those LLVM 22 cannot decode.
///
/// Operations LLVM 22 decodes print exactly as in [`disassemble`]. The others print as
/// the assembler accepts them:
/// * legacy heterogeneous ops without the `DW_OP_LLVM_user` prefix
///   (`DW_OP_LLVM_form_aspace_address`, `DW_OP_LLVM_aspace_implicit_pointer 0x10 -4`),
///   and `DW_OP_LLVM_push_iteration`, `DW_OP_LLVM_overlay`, `DW_OP_LLVM_bit_overlay`;
/// * typed ops: `DW_OP_const_type 0x2a 0x4 0x01 0x02 0x03 0x04`,
///   `DW_OP_deref_type 0x4 0x2a`, `DW_OP_xderef_type 0x4 0x2a`,
///   `DW_OP_reinterpret 0x2a` and their `DW_OP_GNU_*` forms;
/// * `DW_OP_GNU_uninit`, `DW_OP_GNU_parameter_ref 0x10`, `DW_OP_GNU_variable_value 0x20`;
/// * `DW_OP_entry_value(...)` always closes its parenthesis; its block is printed
///   recursively (falling back to the raw-byte rendering if it does not decode).
pub fn disassemble_extended(expr: &Expr, opts: DisasmOptions<'_>) -> String {
    extended_at(expr, opts, 0)
}

/// How deep nested `DW_OP_entry_value` blocks are printed recursively; deeper blocks
/// (only hostile input nests so) are printed flat as LLVM 22 prints them, so that the
/// input's depth never becomes this program's stack depth.
const MAX_PRINT_NESTING: u32 = 16;

fn extended_at(expr: &Expr, opts: DisasmOptions<'_>, depth: u32) -> String {
    let params = expr.params();
    let user = DecodeParams {
        encoding: Encoding::User,
        ..params
    };
    if expr.ops().is_empty() {
        return "<empty>".into();
    }
    let mut out = String::new();
    let mut bytes = Vec::new();
    for (i, op) in expr.ops().iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        // The op's own encoding, `DW_OP_LLVM_user` first (the encoding LLVM 22 knows).
        bytes.clear();
        let encoding = if super::encode::encode_op(op, user, &mut bytes).is_ok() {
            Encoding::User
        } else {
            bytes.clear();
            let legacy = DecodeParams {
                encoding: Encoding::Legacy,
                ..params
            };
            if super::encode::encode_op(op, legacy, &mut bytes).is_err() {
                // No encoding at all (`DW_OP_LLVM_push_iteration`, the overlays).
                out.push_str(op.name());
                continue;
            }
            Encoding::Legacy
        };
        let Some(x) = Extracted::read(&bytes, 0, DecodeParams { encoding, ..params }, false) else {
            out.push_str("<unencodable>");
            continue;
        };
        if let Some(n) = x.kinds.iter().position(|k| *k == Kind::Nested) {
            // A nested expression: printed recursively, its parenthesis always closed.
            let _ = write!(out, "{}(", x.name);
            let block = bytes
                .get(x.end..)
                .and_then(|b| b.get(..usize::try_from(x.operands[n]).ok()?))
                .unwrap_or(&[]);
            match Expr::decode(block, params) {
                Ok(inner) if !block.is_empty() && depth < MAX_PRINT_NESTING => {
                    out.push_str(&extended_at(&inner, opts, depth + 1));
                }
                _ if block.is_empty() => {}
                _ => out.push_str(&disassemble_bytes(block, params, opts)),
            }
            out.push(')');
        } else if encoding == Encoding::User && llvm22_prints(&bytes, user) {
            // What LLVM 22 can print: the op alone, the LLVM way; legacy expressions
            // spell heterogeneous ops without the `DW_OP_LLVM_user` prefix.
            let text = disassemble_bytes(&bytes, user, opts);
            let text = match params.encoding {
                Encoding::Legacy => text
                    .strip_prefix("DW_OP_LLVM_user ")
                    .unwrap_or(&text)
                    .to_string(),
                Encoding::User => text,
            };
            out.push_str(&text);
        } else {
            x.print_extended(&bytes, params.encoding, opts, &mut out);
        }
    }
    out
}

/// Whether LLVM 22 decodes the one operation in `bytes`.
fn llvm22_prints(bytes: &[u8], user: DecodeParams) -> bool {
    Extracted::llvm22(bytes, 0, user).is_some_and(|x| x.end == bytes.len())
}
