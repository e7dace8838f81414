//! An assembler from text to operations.
//!
//! It accepts exactly what [`disassemble`](super::disasm::disassemble) (and
//! `llvm-dwarfdump`) prints, for instance
//!
//! ```text
//! DW_OP_regx VGPR1, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul,
//! DW_OP_LLVM_user DW_OP_LLVM_offset, DW_OP_piece 0x4
//! DW_OP_bregx VGPR18+0, DW_OP_fbreg +32, DW_OP_consts -3, DW_OP_regx 0xa01
//! DW_OP_entry_value(DW_OP_regx SGPR33), DW_OP_bra +2
//! ```
//!
//! plus a short form: the `DW_OP_` prefix and the `DW_OP_LLVM_user` prefix are
//! optional, commas between operations are optional (`;` and newlines are plain
//! whitespace), numbers may be decimal or `0x` hex, and registers may be any name the [`RegisterNames`] accepts or a plain number:
//!
//! ```text
//! regx v1 LLVM_push_lane lit4 mul LLVM_offset piece 4
//! lit0 bra skip_it lit1 skip_it: stack_value
//! ```
//!
//! Branches (`skip`, `bra`) take either the raw signed displacement that
//! `llvm-dwarfdump` prints (`DW_OP_bra +2`: bytes after the branch) or a label defined
//! with `name:` before an operation (or at the end).
//!
//! Base type operands accept a number or the printed `<base_type ref: 0x2a>` /
//! `<invalid base_type ref: 0x2a>`. `DW_OP_implicit_value N b1 .. bN` and
//! `DW_OP_const_type TYPE N b1 .. bN` take their bytes as separate numbers.

use std::collections::HashMap;

use super::encode::{EncodeError, encode_op};
use super::names::RegisterNames;
use super::op::{ConstForm, Op, Spelling};
use super::table::{construct, operations};
use super::{DecodeParams, Expr};

/// Why text could not be assembled.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AsmError {
    /// A syntax error at byte offset `at` of the input.
    #[error("at column {at}: {message}")]
    Syntax {
        /// Byte offset in the input text.
        at: usize,
        /// What was wrong.
        message: String,
    },
    /// The operations could not be encoded (bad operand range, no encoding, bad branch).
    #[error(transparent)]
    Encode(#[from] EncodeError),
}

impl AsmError {
    /// What kind of failure this is: assembler text that does not assemble.
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Usage
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok<'a> {
    Word(&'a str),
    Comma,
    Open,
    Close,
    /// `<...>` text inside the angle brackets.
    Angle(&'a str),
}

fn tokenize(text: &str) -> Result<Vec<(usize, Tok<'_>)>, AsmError> {
    let mut toks = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | b';' => i += 1,
            b',' => {
                toks.push((i, Tok::Comma));
                i += 1;
            }
            b'(' => {
                toks.push((i, Tok::Open));
                i += 1;
            }
            b')' => {
                toks.push((i, Tok::Close));
                i += 1;
            }
            b'<' => {
                let end = text[i..].find('>').ok_or_else(|| AsmError::Syntax {
                    at: i,
                    message: "unterminated '<'".into(),
                })?;
                toks.push((i, Tok::Angle(&text[i + 1..i + end])));
                i += end + 1;
            }
            _ => {
                let start = i;
                while i < b.len() && !b" \t\n\r;,()<".contains(&b[i]) {
                    i += 1;
                }
                toks.push((start, Tok::Word(&text[start..i])));
            }
        }
    }
    Ok(toks)
}

/// Parses an unsigned number: decimal or `0x` hex, optional leading `+`.
fn parse_u64(s: &str) -> Option<u64> {
    let s = s.strip_prefix('+').unwrap_or(s);
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) {
        s.parse().ok()
    } else {
        None
    }
}

/// Parses a signed number: optional sign, decimal or `0x` hex.
fn parse_i64(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    if body.starts_with('+') || body.starts_with('-') {
        return None;
    }
    let mag = i128::from(parse_u64(body)?);
    let v = if neg { -mag } else { mag };
    i64::try_from(v).ok()
}

struct Parser<'t, 'n> {
    toks: Vec<(usize, Tok<'t>)>,
    pos: usize,
    end_at: usize,
    names: &'n dyn RegisterNames,
    params: DecodeParams,
}

/// A branch waiting for its label.
struct Fixup {
    op: usize,
    label: String,
    at: usize,
}

impl<'t> Parser<'t, '_> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, AsmError> {
        Err(AsmError::Syntax {
            at: self.here(),
            message: message.into(),
        })
    }

    fn here(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end_at, |t| t.0)
    }

    fn peek(&self) -> Option<&Tok<'t>> {
        self.toks.get(self.pos).map(|t| &t.1)
    }

    fn word(&mut self, what: &str) -> Result<&'t str, AsmError> {
        match self.peek() {
            Some(Tok::Word(w)) => {
                let w = *w;
                self.pos += 1;
                Ok(w)
            }
            _ => self.err(format!("expected {what}")),
        }
    }

    fn unsigned(&mut self, what: &str) -> Result<u64, AsmError> {
        let at = self.here();
        let w = self.word(what)?;
        parse_u64(w).ok_or(AsmError::Syntax {
            at,
            message: format!("expected {what}, found '{w}'"),
        })
    }

    fn small<T: TryFrom<u64>>(&mut self, what: &str) -> Result<T, AsmError> {
        let at = self.here();
        let v = self.unsigned(what)?;
        T::try_from(v).map_err(|_| AsmError::Syntax {
            at,
            message: format!("{what} {v} out of range"),
        })
    }

    fn signed(&mut self, what: &str) -> Result<i64, AsmError> {
        let at = self.here();
        let w = self.word(what)?;
        parse_i64(w).ok_or(AsmError::Syntax {
            at,
            message: format!("expected {what}, found '{w}'"),
        })
    }

    fn reg_value(&self, s: &str, at: usize) -> Result<u64, AsmError> {
        parse_u64(s)
            .or_else(|| self.names.parse(s))
            .ok_or(AsmError::Syntax {
                at,
                message: format!("unknown register '{s}'"),
            })
    }

    fn register(&mut self) -> Result<u64, AsmError> {
        let at = self.here();
        let w = self.word("register")?;
        self.reg_value(w, at)
    }

    /// `NAME+N`, `NAME-N`, or `REG N` (`0x60 +5`).
    fn reg_offset(&mut self) -> Result<(u64, i64), AsmError> {
        let at = self.here();
        let w = self.word("register")?;
        if let Some(split) = w[1..].rfind(['+', '-']).map(|i| i + 1) {
            let reg = self.reg_value(&w[..split], at)?;
            let off = parse_i64(&w[split..]).ok_or(AsmError::Syntax {
                at,
                message: format!("bad displacement in '{w}'"),
            })?;
            return Ok((reg, off));
        }
        let reg = self.reg_value(w, at)?;
        Ok((reg, self.signed("displacement")?))
    }

    fn base_type(&mut self) -> Result<u64, AsmError> {
        let at = self.here();
        match self.peek() {
            Some(Tok::Angle(inner)) => {
                let inner = *inner;
                self.pos += 1;
                let num = inner.rsplit([' ', ':']).next().unwrap_or("");
                parse_u64(num).ok_or(AsmError::Syntax {
                    at,
                    message: format!("bad base type reference '<{inner}>'"),
                })
            }
            _ => self.unsigned("base type offset"),
        }
    }

    fn bytes(&mut self, n: u64) -> Result<Box<[u8]>, AsmError> {
        let mut v = Vec::new();
        for _ in 0..n {
            v.push(self.small::<u8>("byte")?);
        }
        Ok(v.into())
    }

    /// Optional register name after `DW_OP_regN` (as printed: `DW_OP_reg1 EXEC_LO`).
    fn optional_name_for(&mut self, reg: u64) {
        if let Some(Tok::Word(w)) = self.peek()
            && parse_u64(w).is_none()
            && self.names.parse(w) == Some(reg)
        {
            self.pos += 1;
        }
    }

    /// Parses operations until the end or a `)` (when `nested`).
    fn ops(&mut self, nested: bool) -> Result<Vec<Op>, AsmError> {
        let mut ops = Vec::new();
        let mut labels: HashMap<String, usize> = HashMap::new();
        let mut fixups = Vec::new();
        loop {
            match self.peek() {
                // The end also closes an open `entry_value(`: LLVM 22 sometimes omits
                // the closing parenthesis.
                None => break,
                Some(Tok::Comma) => {
                    self.pos += 1;
                    continue;
                }
                Some(Tok::Close) if nested => {
                    self.pos += 1;
                    break;
                }
                Some(Tok::Word(w)) if w.len() > 1 && w.ends_with(':') => {
                    let name = w[..w.len() - 1].to_string();
                    if labels.insert(name, ops.len()).is_some() {
                        return self.err("label defined twice");
                    }
                    self.pos += 1;
                    continue;
                }
                Some(Tok::Word(_)) => {}
                Some(_) => return self.err("expected an operation"),
            }
            let op = self.op(&mut fixups, ops.len())?;
            ops.push(op);
        }
        if !fixups.is_empty() {
            // Skip/bra are always 3 bytes, so offsets do not depend on displacements.
            let mut offsets = Vec::with_capacity(ops.len() + 1);
            let mut len = 0i64;
            let mut scratch = Vec::new();
            for (i, op) in ops.iter().enumerate() {
                offsets.push(len);
                scratch.clear();
                encode_op(op, self.params, &mut scratch).map_err(|e| e.at(i))?;
                len += scratch.len() as i64;
            }
            offsets.push(len);
            for f in fixups {
                let Some(&target) = labels.get(&f.label) else {
                    return Err(AsmError::Syntax {
                        at: f.at,
                        message: format!("undefined label '{}'", f.label),
                    });
                };
                let disp = offsets[target] - offsets[f.op + 1];
                let disp = i16::try_from(disp).map_err(|_| AsmError::Syntax {
                    at: f.at,
                    message: "branch displacement does not fit 16 bits".into(),
                })?;
                match &mut ops[f.op] {
                    Op::Skip(d) | Op::Bra(d) => *d = disp,
                    _ => unreachable!("fixups are only recorded for branches"),
                }
            }
        }
        Ok(ops)
    }

    fn branch(&mut self, fixups: &mut Vec<Fixup>, index: usize) -> Result<i16, AsmError> {
        let at = self.here();
        let w = self.word("branch displacement or label")?;
        if let Some(d) = parse_i64(w) {
            return i16::try_from(d).map_err(|_| AsmError::Syntax {
                at,
                message: "branch displacement does not fit 16 bits".into(),
            });
        }
        fixups.push(Fixup {
            op: index,
            label: w.to_string(),
            at,
        });
        Ok(0)
    }

    fn op(&mut self, fixups: &mut Vec<Fixup>, index: usize) -> Result<Op, AsmError> {
        let at = self.here();
        let raw = self.word("operation")?;
        let mut name = strip_op(raw).to_ascii_lowercase();
        if name == "llvm_user" {
            let sub = self.word("DW_OP_LLVM_user sub-operation")?;
            name = strip_op(sub).to_ascii_lowercase();
            if !name.starts_with("llvm_") {
                return Err(AsmError::Syntax {
                    at,
                    message: format!("'{sub}' is not a DW_OP_LLVM_user sub-operation"),
                });
            }
        }
        match self.operation(&name, fixups, index)? {
            Some(op) => Ok(op),
            None => Err(AsmError::Syntax {
                at,
                message: format!("unknown operation '{raw}'"),
            }),
        }
    }

    /// The displacement after `DW_OP_bregN`: a number (`+5`), or the register named
    /// again with it as printed (`EXEC_LO+5`).
    fn breg_displacement(&mut self, n: u8) -> Result<i64, AsmError> {
        let at = self.here();
        let w = self.word("displacement")?;
        if let Some(v) = parse_i64(w) {
            return Ok(v);
        }
        self.pos -= 1;
        let (reg, off) = self.reg_offset()?;
        if reg != u64::from(n) {
            return Err(AsmError::Syntax {
                at,
                message: format!("register '{w}' is not register {n}"),
            });
        }
        Ok(off)
    }

    /// A nested expression in parentheses (`entry_value(regx v1)`), encoded.
    fn nested(&mut self, name: &str) -> Result<Box<[u8]>, AsmError> {
        if self.peek() != Some(&Tok::Open) {
            return self.err(format!("expected '(' after {name}"));
        }
        self.pos += 1;
        let inner = self.ops(true)?;
        Ok(super::encode::encode(&inner, self.params)?.into())
    }

    /// A fixed-size constant of `form`, signed or unsigned as the form is.
    fn constant(&mut self, form: ConstForm, what: &str) -> Result<u64, AsmError> {
        if form.is_signed() {
            Ok(self.signed(what)? as u64)
        } else {
            self.unsigned(what)
        }
    }
}

/// `name` (lower case, without `DW_OP_`) is the `range` encoding `prefix` (`"lit"`)
/// followed by a number below 32 written without leading zeros.
fn numbered(name: &str, prefix: &str) -> Option<u8> {
    let rest = name.strip_prefix(prefix)?;
    if rest.is_empty() || (rest.len() > 1 && rest.starts_with('0')) {
        return None;
    }
    rest.parse::<u8>().ok().filter(|n| *n < 32)
}

/// `Some(number in the opcode)` if `name` (lower case, without `DW_OP_`) names the
/// encoding called `$name` in the table.
macro_rules! name_matches {
    (range $name:literal, $n:ident) => {
        numbered($n, &$name[6..])
    };
    ($space:ident $name:literal, $n:ident) => {
        $n.eq_ignore_ascii_case(&$name[6..]).then_some(0u8)
    };
}

/// Parses the operands of a variant, binding each field; `$cx` names the parser, the
/// number in the opcode, the branch fixups, the op index and the operation's name, and
/// `$fixed` the encoding's fixed fields.
macro_rules! parse_fields {
    ($cx:tt $fixed:tt ()) => {};
    ($cx:tt $fixed:tt {}) => {};
    ($cx:tt $fixed:tt ( $b:ident : $t:ty = $k:ident $($l:literal)? )) => {
        parse_fields!(@munch $cx $fixed [$b $k $($l)?]);
    };
    ($cx:tt $fixed:tt { $( $(#[$m:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? ),+ $(,)? }) => {
        parse_fields!(@munch $cx $fixed $([$f $k $($l)?])+);
    };
    // A register with its displacement reads as printed: `VGPR18+0`, `0x60 +5`.
    (@munch [$p:ident $($cx:tt)*] $fixed:tt [$r:ident reg $rl:literal] [$o:ident sleb $ol:literal]
     $($rest:tt)*) => {
        let ($r, $o) = $p.reg_offset()?;
        parse_fields!(@munch [$p $($cx)*] $fixed $($rest)*);
    };
    (@munch [$p:ident $n:ident $($cx:tt)*] $fixed:tt [$r:ident reg_in_opcode $rl:literal]
     [$o:ident sleb $ol:literal] $($rest:tt)*) => {
        let $r = $n;
        let $o = $p.breg_displacement($n)?;
        parse_fields!(@munch [$p $n $($cx)*] $fixed $($rest)*);
    };
    // `DW_OP_reg1 EXEC_LO`: the register may be named again.
    (@munch [$p:ident $n:ident $($cx:tt)*] $fixed:tt [$r:ident reg_in_opcode $rl:literal]
     $($rest:tt)*) => {
        let $r = $n;
        $p.optional_name_for(u64::from($n));
        parse_fields!(@munch [$p $n $($cx)*] $fixed $($rest)*);
    };
    (@munch [$p:ident $n:ident $($cx:tt)*] $fixed:tt [$b:ident in_opcode $l:literal] $($rest:tt)*) => {
        let $b = $n;
        parse_fields!(@munch [$p $n $($cx)*] $fixed $($rest)*);
    };
    (@munch $cx:tt $fixed:tt [$b:ident fixed] $($rest:tt)*) => {
        parse_fields!(@munch $cx $fixed $($rest)*);
    };
    (@munch $cx:tt $fixed:tt [$b:ident $k:ident $($l:literal)?] $($rest:tt)*) => {
        let $b = parse_fields!(@one $cx $fixed $k $($l)?);
        parse_fields!(@munch $cx $fixed $($rest)*);
    };
    (@munch $cx:tt $fixed:tt) => {};
    (@one [$p:ident $($cx:tt)*] $fixed:tt reg $l:literal) => { $p.register()? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt uleb $l:literal) => { $p.unsigned($l)? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt addr $l:literal) => { $p.unsigned($l)? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt ref_addr $l:literal) => { $p.unsigned($l)? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt sleb $l:literal) => { $p.signed($l)? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt u8 $l:literal) => { $p.small($l)? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt u16 $l:literal) => { $p.small($l)? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt u32 $l:literal) => { $p.small($l)? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt base_type $l:literal) => { $p.base_type()? };
    (@one [$p:ident $($cx:tt)*] $fixed:tt base_type_or_generic $l:literal) => {
        $p.base_type()?
    };
    (@one [$p:ident $n:ident $fixups:ident $index:ident $name:ident] $fixed:tt branch $l:literal) => {
        $p.branch($fixups, $index)?
    };
    (@one [$p:ident $($cx:tt)*] { form: $form:path } constant $l:literal) => {
        $p.constant($form, $l)?
    };
    (@one [$p:ident $($cx:tt)*] $fixed:tt block $l:literal) => {{
        let n = $p.unsigned($l)?;
        $p.bytes(n)?
    }};
    (@one [$p:ident $($cx:tt)*] $fixed:tt short_block $l:literal) => {{
        let n = $p.unsigned($l)?;
        $p.bytes(n)?
    }};
    (@one [$p:ident $n:ident $fixups:ident $index:ident $name:ident] $fixed:tt nested $l:literal) => {
        $p.nested($name)?
    };
}

/// Generates [`Parser::operation`] from the table.
macro_rules! define_parser {
    ($(
        $(#[$attr:meta])*
        $V:ident $fields:tt [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        impl Parser<'_, '_> {
            /// The operation called `name` (lower case, without `DW_OP_` and
            /// `DW_OP_LLVM_user`) with its operands; `None` if no operation has that name.
            fn operation(
                &mut self,
                name: &str,
                fixups: &mut Vec<Fixup>,
                index: usize,
            ) -> Result<Option<Op>, AsmError> {
                $($(
                    if let Some(number) = name_matches!($space $name, name) {
                        $($( let $fixed = $value; )*)?
                        parse_fields!([self number fixups index name] { $($( $fixed: $value ),*)? } $fields);
                        // Only a `range` encoding has a number in its opcode.
                        let _ = number;
                        return Ok(Some(construct!($V $fields)));
                    }
                )*)*
                Ok(None)
            }
        }
    };
}

operations!(define_parser);

fn strip_op(s: &str) -> &str {
    if s.len() > 6 && s[..6].eq_ignore_ascii_case("dw_op_") {
        &s[6..]
    } else {
        s
    }
}

/// Assembles `text` into operations. `params` is needed to lay out labels and nested
/// `entry_value` blocks.
pub fn assemble_ops(
    text: &str,
    names: &dyn RegisterNames,
    params: DecodeParams,
) -> Result<Vec<Op>, AsmError> {
    let toks = tokenize(text)?;
    let mut p = Parser {
        toks,
        pos: 0,
        end_at: text.len(),
        names,
        params,
    };
    let ops = p.ops(false)?;
    if p.pos < p.toks.len() {
        return p.err("unexpected ')'");
    }
    Ok(ops)
}

/// Assembles `text` into an [`Expr`] (checking encodability and branch targets).
pub fn assemble(
    text: &str,
    names: &dyn RegisterNames,
    params: DecodeParams,
) -> Result<Expr, AsmError> {
    Ok(Expr::from_ops(assemble_ops(text, names, params)?, params)?)
}
