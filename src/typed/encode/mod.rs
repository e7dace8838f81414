//! Text -> bytes for writes ([`encode`]), and member / element paths ([`resolve_path`]).
//!
//! Accepted text, by type:
//!
//! - integers: decimal, `0x` hex, `0o` octal, `0b` binary, with `-`/`+`, `_` separators, or
//!   a character literal (`'A'`, `'\n'`, `'\x41'`, `'\101'`); a value must fit the width as
//!   signed or unsigned (`-1` and `0xffffffff` both fit 32 bits);
//! - characters: the same, and the decoded form `65 'A'`;
//! - booleans: `true`, `false`, or an integer;
//! - floats: decimal or exponent notation, `inf`, `-inf`, `nan` (half and bfloat16 round to
//!   nearest even);
//! - enums: an enumerator name, `(A | B)` or `A | B` for flags, or an integer;
//! - pointers: an integer, optionally as printed: `(float *) local#0x10` (a space name given
//!   must match the pointer's);
//! - vectors, arrays, structures: `{…}` as [`TypedValue::render_text`](super::TypedValue::render_text)
//!   prints them (`{1, 2, 0 <repeats 30 times>}`, `{a = 1, b = {x = 2.5}}`, positional
//!   `{1, 2}`); every member and element must be given (use [`resolve_path`] to write one
//!   member); a union takes one or more members, written in order (they overlap, so the
//!   last one given wins where they differ).

mod encoder;
mod literal;
mod path;

pub use encoder::{Encoded, encode, encode_bits};
pub(crate) use literal::parse_int;
pub use path::{PathTarget, resolve_path};
