//! Decoding expression bytes into an [`Expr`]: one `match` on the opcode byte, generated
//! from the table of operations (`table.rs`), decodes every operation (DWARF 5, GNU, and
//! the LLVM heterogeneous operations in either encoding); and constant extension.

use super::error::DecodeError;
use super::leb::{LebError, Reader};
use super::op::{ConstForm, Encoding, Spelling, opcode};
use super::store::Store;
use super::table::{byte_guard, byte_pattern, construct, operations, subop_guard, subop_pattern};
use super::{DecodeParams, Expr};

impl Expr {
    /// Decodes `bytes` completely.
    ///
    /// Fails on the first unknown opcode, unknown `DW_OP_LLVM_user` sub-opcode,
    /// truncated operand, overflowing LEB128 number, or branch that does not land on an
    /// operation boundary. Never panics; allocation is bounded by `bytes.len()`.
    pub fn decode(bytes: &[u8], params: DecodeParams) -> Result<Expr, DecodeError> {
        let mut expr = Expr::empty(params);
        expr.decode_into(bytes, params)?;
        Ok(expr)
    }

    /// Decodes `bytes` into this expression, replacing its operations and reusing its
    /// storage: a caller that evaluates many expressions keeps one `Expr` and decodes each
    /// into it, with no copy of the decoded operations. Errors as [`Expr::decode`]; on
    /// error the expression is left empty.
    pub fn decode_into(&mut self, bytes: &[u8], params: DecodeParams) -> Result<(), DecodeError> {
        self.store.clear();
        self.params = params;
        let r = self.decode_ops(bytes, params);
        if r.is_err() {
            self.store.clear();
            self.store.finish(0);
        }
        r
    }

    fn decode_ops(&mut self, bytes: &[u8], params: DecodeParams) -> Result<(), DecodeError> {
        params.check()?;
        if u32::try_from(bytes.len()).is_err() {
            return Err(DecodeError::TooLong {
                len: bytes.len() as u64,
            });
        }
        let store = &mut self.store;
        let mut r = Reader::new(bytes, 0);
        let mut branches = false;
        while let Some(code) = r.u8() {
            let at = r.pos() as u32 - 1;
            // Branches are the only operations whose operands are checked after decoding.
            branches |= code == opcode::SKIP || code == opcode::BRA;
            decode_op(&mut r, code, params, store, at)?;
        }
        store.finish(bytes.len() as u32);
        if branches {
            self.check_branches()
                .map_err(|(index, target)| DecodeError::BadBranchTarget {
                    offset: self.op_offset(index),
                    target,
                })?;
        }
        Ok(())
    }
}

/// The error of an operand that could not be read: a LEB128 number that overflows, or
/// the end of the expression inside the operation at `start` (opcode `code`).
#[cold]
#[inline(never)]
fn leb_err(e: LebError, start: usize, code: u8, leb_at: usize) -> DecodeError {
    match e {
        LebError::Truncated => truncated(start, code),
        LebError::Overflow => DecodeError::LebOverflow {
            offset: leb_at as u64,
        },
    }
}

#[cold]
#[inline(never)]
fn truncated(start: usize, code: u8) -> DecodeError {
    DecodeError::Truncated {
        offset: start as u64,
        op: code,
    }
}

#[cold]
#[inline(never)]
fn unknown(start: usize, code: u8, subop: Option<u64>) -> DecodeError {
    match subop {
        Some(subop) => DecodeError::UnknownUserSubop {
            offset: start as u64,
            subop,
        },
        None => DecodeError::UnknownOpcode {
            offset: start as u64,
            opcode: code,
        },
    }
}

/// Reads one operand of kind `$kind` (see `table.rs`): `$cx` names the reader, the
/// operation's offset and opcode, and the parameters; `$row` is the encoding (for
/// `in_opcode` and `constant`).
macro_rules! read_operand {
    ($cx:tt $row:tt uleb) => { read_operand!(@uleb $cx) };
    ($cx:tt $row:tt reg) => { read_operand!(@uleb $cx) };
    ($cx:tt $row:tt base_type) => { read_operand!(@uleb $cx) };
    ($cx:tt $row:tt base_type_or_generic) => { read_operand!(@uleb $cx) };
    ([$r:ident $start:ident $code:ident $params:ident] $row:tt sleb) => {{
        let at = $r.pos();
        $r.sleb().map_err(|e| leb_err(e, $start, $code, at))?
    }};
    ([$r:ident $start:ident $code:ident $params:ident] $row:tt u8) => {
        $r.u8().ok_or_else(|| truncated($start, $code))?
    };
    ($cx:tt $row:tt u16) => { read_operand!(@fixed $cx 2u8) as u16 };
    ($cx:tt $row:tt u32) => { read_operand!(@fixed $cx 4u8) as u32 };
    ($cx:tt $row:tt branch) => { read_operand!(@fixed $cx 2u8) as u16 as i16 };
    ([$r:ident $start:ident $code:ident $params:ident] $row:tt addr) => {
        read_operand!(@fixed [$r $start $code $params] $params.address_size)
    };
    ([$r:ident $start:ident $code:ident $params:ident] $row:tt ref_addr) => {
        read_operand!(@fixed [$r $start $code $params] $params.offset_size)
    };
    ($cx:tt [$space:ident $code:tt { form: $form:path }] constant) => {
        extend_const($form, read_operand!(@fixed $cx $form.size()))
    };
    ($cx:tt $row:tt block) => {{
        let len = read_operand!(@uleb $cx);
        read_operand!(@take $cx len)
    }};
    ($cx:tt $row:tt nested) => { read_operand!($cx $row block) };
    ($cx:tt $row:tt short_block) => {{
        let len = read_operand!($cx $row u8);
        read_operand!(@take $cx u64::from(len))
    }};
    ([$r:ident $start:ident $code:ident $params:ident]
     [range ($c0:ident = $v0:literal ..= $c1:ident = $v1:literal) $fixed:tt] in_opcode) => {
        $code - $v0
    };
    ($cx:tt $row:tt reg_in_opcode) => { read_operand!($cx $row in_opcode) };
    (@uleb [$r:ident $start:ident $code:ident $params:ident]) => {{
        let at = $r.pos();
        $r.uleb().map_err(|e| leb_err(e, $start, $code, at))?
    }};
    (@fixed [$r:ident $start:ident $code:ident $params:ident] $n:expr) => {
        $r.fixed(usize::from($n)).ok_or_else(|| truncated($start, $code))?
    };
    (@take [$r:ident $start:ident $code:ident $params:ident] $len:expr) => {
        Box::<[u8]>::from($r.take($len).ok_or_else(|| truncated($start, $code))?)
    };
}

/// Binds each operand field of a variant to its value read from the bytes; `fixed`
/// fields are bound by the encoding (`$row`) beforehand.
macro_rules! read_fields {
    ($cx:tt $row:tt ()) => {};
    ($cx:tt $row:tt {}) => {};
    ($cx:tt $row:tt ( $b:ident : $t:ty = $k:ident $($l:literal)? )) => {
        let $b: $t = read_operand!($cx $row $k);
    };
    ($cx:tt $row:tt { $( $(#[$m:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? ),+ $(,)? }) => {
        $( read_fields!(@one $cx $row $f $t, $k); )+
    };
    (@one $cx:tt $row:tt $f:ident $t:ty, fixed) => {};
    (@one $cx:tt $row:tt $f:ident $t:ty, $k:ident) => {
        let $f: $t = read_operand!($cx $row $k);
    };
}

/// Generates [`decode_op`] from the table.
macro_rules! define_decoder {
    ($(
        $(#[$attr:meta])*
        $V:ident $fields:tt [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        /// Decodes the operation of opcode `code` (just read from `r`) into `store`, at
        /// byte offset `at`.
        ///
        /// One `match` on the opcode byte, an arm per encoding in the table; a
        /// `DW_OP_LLVM_user` sub-operation is selected by a guard on the sub-opcode, read
        /// first. Each arm builds its operation in the store's slot (a closure called
        /// where it is written: building it first and copying it stalls). Errors carry the
        /// operation's offset (and opcode byte); they are built out of line, so that the
        /// arms stay short.
        #[inline(always)]
        fn decode_op(
            r: &mut Reader<'_>,
            code: u8,
            params: DecodeParams,
            store: &mut Store,
            at: u32,
        ) -> Result<(), DecodeError> {
            let start = r.pos() - 1;
            match code {
                $($(
                    byte_pattern!($space $code) if byte_guard!($space, params.encoding) => {
                        decode_row!([r start code params store at] $V $fields
                            [$space $code { $($( $fixed: $value ),*)? }])
                    }
                )*)*
                opcode::LLVM_USER if params.encoding == Encoding::User => {
                    let leb_at = r.pos();
                    let subop = r.uleb().map_err(|e| leb_err(e, start, code, leb_at))?;
                    match subop {
                        $($(
                            subop_pattern!($space $code) if subop_guard!($space) => {
                                decode_row!([r start code params store at] $V $fields
                                    [$space $code { $($( $fixed: $value ),*)? }])
                            }
                        )*)*
                        _ => Err(unknown(start, code, Some(subop))),
                    }
                }
                _ => Err(unknown(start, code, None)),
            }
        }
    };
}

/// One arm of [`decode_op`]: binds the encoding's fixed fields, reads the operands, and
/// builds the operation in the store's slot.
macro_rules! decode_row {
    ([$r:ident $start:ident $code:ident $params:ident $store:ident $at:ident] $V:ident $fields:tt
     [$space:ident $c:tt { $( $fixed:ident : $value:path ),* }]) => {{
        $( let $fixed = $value; )*
        read_fields!([$r $start $code $params] [$space $c { $( $fixed: $value ),* }] $fields);
        $store.push_with($at, move || construct!($V $fields));
        Ok(())
    }};
}

operations!(define_decoder);

/// Sign- or zero-extends a raw fixed-size constant as its opcode says.
pub(crate) fn extend_const(form: ConstForm, raw: u64) -> u64 {
    let bits = u32::from(form.size()) * 8;
    if bits == 64 {
        return raw;
    }
    let raw = raw & ((1u64 << bits) - 1);
    if form.is_signed() && raw >> (bits - 1) & 1 == 1 {
        raw | (!0u64 << bits)
    } else {
        raw
    }
}
