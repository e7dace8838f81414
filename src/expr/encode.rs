//! Encoding operations back to bytes under an [`Encoding`] convention, by a `match` on the
//! operation generated from the table of operations (`table.rs`).
//!
//! LEB128 operands are written in canonical (shortest) form, so
//! `decode(encode(ops)) == ops` for every encodable op, while the bytes of a decoded
//! expression that used padded LEB128 numbers may come out shorter.

use super::leb::{write_fixed, write_sleb, write_uleb};
use super::op::{ConstForm, Encoding, Op, Spelling, opcode};
use super::table::{bind_fields, operations, space_guard};
use super::{DecodeParams, extend_const};

/// Why operations could not be encoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EncodeError {
    /// The operation has no encoding under this convention: `push_iteration`, `overlay`
    /// and `bit_overlay` have none at all (no `DW_OP_LLVM_user` sub-op was assigned and
    /// the legacy proposal never gave them one-byte codes), `DW_OP_LLVM_nop` exists only
    /// under `DW_OP_LLVM_user`, and `aspace_implicit_pointer` only as legacy 0xe9.
    #[error("op {index} ({name}) has no encoding under {encoding:?}")]
    NoEncoding {
        /// Index of the op.
        index: usize,
        /// Its DWARF name.
        name: &'static str,
        /// The convention asked for.
        encoding: Encoding,
    },
    /// An operand does not fit its encoded field (for instance `Lit(32)`, a
    /// `DW_OP_const1u` value above 255, an address wider than the address size, or an
    /// implicit/typed constant longer than its length field allows).
    #[error("op {index}: operand out of range ({what})")]
    OperandOutOfRange {
        /// Index of the op.
        index: usize,
        /// Which operand.
        what: &'static str,
    },
    /// A `DW_OP_skip`/`DW_OP_bra` that does not land on an operation boundary.
    #[error("branch op {index} targets byte {target}, not an operation boundary")]
    BadBranchTarget {
        /// Index of the branch op.
        index: usize,
        /// The target byte offset it computes.
        target: i64,
    },
    /// The encoded expression would be longer than 4 GiB.
    #[error("encoded expression is too long")]
    TooLong,
    /// Unsupported address or offset size in [`DecodeParams`].
    #[error("unsupported address size {address_size} / offset size {offset_size}")]
    BadParams {
        /// Address size given.
        address_size: u8,
        /// Offset size given.
        offset_size: u8,
    },
}

impl EncodeError {
    /// What kind of failure this is: operations the caller asked to encode that cannot be.
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Usage
    }
}

impl EncodeError {
    /// Sets the op index of an error produced for a single op.
    pub(crate) fn at(self, i: usize) -> Self {
        match self {
            EncodeError::NoEncoding { name, encoding, .. } => EncodeError::NoEncoding {
                index: i,
                name,
                encoding,
            },
            EncodeError::OperandOutOfRange { what, .. } => {
                EncodeError::OperandOutOfRange { index: i, what }
            }
            EncodeError::BadBranchTarget { target, .. } => {
                EncodeError::BadBranchTarget { index: i, target }
            }
            e => e,
        }
    }
}

/// Encodes `ops` under `params`. Branch targets are not checked here (use
/// [`Expr::from_ops`](super::Expr::from_ops) for that).
pub fn encode(ops: &[Op], params: DecodeParams) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        encode_op(op, params, &mut out).map_err(|e| e.at(i))?;
    }
    if u32::try_from(out.len()).is_err() {
        return Err(EncodeError::TooLong);
    }
    Ok(out)
}

fn range(what: &'static str) -> EncodeError {
    EncodeError::OperandOutOfRange { index: 0, what }
}

fn sized(out: &mut Vec<u8>, v: u64, n: u8, what: &'static str) -> Result<(), EncodeError> {
    if n < 8 && v >> (u32::from(n) * 8) != 0 {
        return Err(range(what));
    }
    write_fixed(out, v, usize::from(n));
    Ok(())
}

/// Writes the opcode of encoding `$space $code`; for a `range` encoding, the number in
/// the opcode is the variant's first field (`$first`), at most 31.
macro_rules! write_opcode {
    ($out:ident; dwarf ($c:ident = $v:literal) $fields:tt) => {
        $out.push($v)
    };
    ($out:ident; user ($c:ident = $v:literal) $fields:tt) => {{
        $out.push(opcode::LLVM_USER);
        write_uleb($out, $v);
    }};
    ($out:ident; legacy ($c:ident = $v:literal) $fields:tt) => {
        $out.push($v)
    };
    // Its arm's guard is false: no encoding.
    ($out:ident; unencoded () $fields:tt) => {};
    ($out:ident; range ($c0:ident = $v0:literal ..= $c1:ident = $v1:literal)
     ( $b:ident : $t:ty = $k:ident $l:literal )) => {
        write_opcode!(@numbered $out $v0 $b $l)
    };
    ($out:ident; range ($c0:ident = $v0:literal ..= $c1:ident = $v1:literal)
     { $(#[$m:meta])* $b:ident : $t:ty = $k:ident $l:literal $(, $($rest:tt)*)? }) => {
        write_opcode!(@numbered $out $v0 $b $l)
    };
    (@numbered $out:ident $v0:literal $b:ident $l:literal) => {{
        if *$b > 31 {
            return Err(range(concat!($l, " above 31")));
        }
        $out.push($v0 + *$b);
    }};
}

/// Writes one operand of kind `$kind` (see `table.rs`), bound to `$b`.
macro_rules! write_operand {
    ($out:ident $params:ident $fixed:tt $b:ident uleb) => { write_uleb($out, *$b) };
    ($out:ident $params:ident $fixed:tt $b:ident reg) => { write_uleb($out, *$b) };
    ($out:ident $params:ident $fixed:tt $b:ident base_type) => { write_uleb($out, *$b) };
    ($out:ident $params:ident $fixed:tt $b:ident base_type_or_generic) => {
        write_uleb($out, *$b)
    };
    ($out:ident $params:ident $fixed:tt $b:ident sleb) => { write_sleb($out, *$b) };
    ($out:ident $params:ident $fixed:tt $b:ident u8) => { $out.push(*$b) };
    ($out:ident $params:ident $fixed:tt $b:ident u16) => {
        write_fixed($out, u64::from(*$b), 2)
    };
    ($out:ident $params:ident $fixed:tt $b:ident u32) => {
        write_fixed($out, u64::from(*$b), 4)
    };
    ($out:ident $params:ident $fixed:tt $b:ident branch) => {
        write_fixed($out, *$b as u16 as u64, 2)
    };
    ($out:ident $params:ident $fixed:tt $b:ident addr) => {
        sized($out, *$b, $params.address_size, "address wider than address size")?
    };
    ($out:ident $params:ident $fixed:tt $b:ident ref_addr) => {
        sized($out, *$b, $params.offset_size, "DIE offset wider than offset size")?
    };
    ($out:ident $params:ident { form: $form:path } $b:ident constant) => {{
        if extend_const($form, *$b) != *$b {
            return Err(range("constant does not fit its form"));
        }
        write_fixed($out, *$b, usize::from($form.size()));
    }};
    ($out:ident $params:ident $fixed:tt $b:ident block) => {{
        write_uleb($out, $b.len() as u64);
        $out.extend_from_slice($b);
    }};
    ($out:ident $params:ident $fixed:tt $b:ident nested) => {
        write_operand!($out $params $fixed $b block)
    };
    ($out:ident $params:ident $fixed:tt $b:ident short_block) => {{
        let len = u8::try_from($b.len()).map_err(|_| range("typed constant over 255 bytes"))?;
        $out.push(len);
        $out.extend_from_slice($b);
    }};
    // Written by the opcode, or by the encoding.
    ($out:ident $params:ident $fixed:tt $b:ident in_opcode) => {};
    ($out:ident $params:ident $fixed:tt $b:ident reg_in_opcode) => {};
    ($out:ident $params:ident $fixed:tt $b:ident fixed) => {};
}

/// Writes every operand of a variant, in byte order.
macro_rules! write_fields {
    ($out:ident $params:ident $fixed:tt ()) => {};
    ($out:ident $params:ident $fixed:tt {}) => {};
    ($out:ident $params:ident $fixed:tt ( $b:ident : $t:ty = $k:ident $($l:literal)? )) => {
        write_operand!($out $params $fixed $b $k)
    };
    ($out:ident $params:ident $fixed:tt
     { $( $(#[$m:meta])* $f:ident : $t:ty = $k:ident $($l:literal)? ),+ $(,)? }) => {
        $( write_operand!($out $params $fixed $f $k); )+
    };
}

/// Generates [`encode_op`] from the table.
macro_rules! define_encoder {
    ($(
        $(#[$attr:meta])*
        $V:ident $fields:tt [
            $( $name:literal $space:ident $code:tt
               $( { $( $fixed:ident : $value:path ),* } )? $( $llvm22:ident )? ),* $(,)?
        ]
    )*) => {
        /// Encodes one op, appending to `out`. Error indices are 0 (callers fix them up).
        ///
        /// An arm per encoding in the table: the op's fixed fields (its spelling, its
        /// constant form) and the convention select the encoding.
        pub(crate) fn encode_op(
            op: &Op,
            params: DecodeParams,
            out: &mut Vec<u8>,
        ) -> Result<(), EncodeError> {
            match op {
                $($(
                    bind_fields!($V $fields)
                        if $($( *$fixed == $value && )*)? space_guard!($space, params.encoding) =>
                    {
                        write_opcode!(out; $space $code $fields);
                        write_fields!(out params { $($( $fixed: $value ),*)? } $fields);
                    }
                )*)*
                _ => {
                    return Err(EncodeError::NoEncoding {
                        index: 0,
                        name: op.name(),
                        encoding: params.encoding,
                    });
                }
            }
            Ok(())
        }
    };
}

operations!(define_encoder);
