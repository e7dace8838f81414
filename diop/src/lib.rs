//! DIOp: LLVM's typed expression language for debug locations (the seed document's
//! subject, as AMD's LLVM fork implements it inside `!DIExpression(DIOp...)`), and
//! `hetdwarf verify --ir`: a module's DIOp records checked against the DWARF an object
//! carries ([`verify`]).
//!
//! This crate is for compiler engineers and tools that read LLVM IR: a debugger that only
//! reads an object's DWARF needs the core crate, [`hetdwarf`], alone. It depends on the
//! core (whose evaluator, expression encoder, index and verify check registry it uses);
//! the core knows nothing of it.
//!
//! Every stack entry is a location description paired with an LLVM type, and evaluation
//! yields exactly one typed location. The crate parses the language ([`Expression`],
//! [`Type`], [`Literal`]) and LLVM modules' debug records ([`module`]), checks the language
//! as the fork's verifier does ([`check()`]), evaluates it directly ([`eval`]) and lowers it
//! to the heterogeneous DWARF the core reads ([`lower`]). Each of its error types says its
//! own [`hetdwarf::ErrorKind`] (`kind()`), as the core's do.
//!
//! ```
//! use hetdwarf_diop::{DataLayout, Environment, Expression, check};
//!
//! let e = Expression::parse("DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)").unwrap();
//! assert_eq!(e.to_string(), "!DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32))");
//! let typing = check(&e, &Environment::new(DataLayout::amdgcn())).unwrap();
//! assert_eq!(typing.result.to_string(), "i32");
//! ```

pub mod binding;
mod check;
mod error;
pub mod eval;
mod expr;
mod layout;
pub(crate) mod lex;
pub mod lifetime;
mod literal;
pub mod lower;
pub mod module;
mod op;
pub mod recover;
pub mod seed;
pub mod simplify;
pub mod synthetic;
mod types;
pub mod verify;

#[cfg(test)]
mod check_tests;
#[cfg(test)]
mod op_tests;

pub use check::{ArgType, Environment, Typing, check};
pub use error::{CheckError, ParseError, ParseErrorKind};
pub use expr::{Expression, Form, MAX_OPS};
pub use layout::{AMDGCN_DATALAYOUT, DataLayout, LayoutError};
pub use literal::{Literal, MAX_LITERAL_BITS, MAX_VECTOR_ELEMENTS};
pub use op::DiOp;
pub use types::{FloatKind, MAX_INT_BITS, MAX_TYPE_DEPTH, TargetParam, Type};
