//! DWARF expressions: the operation vocabulary, decoding, encoding and printing.
pub mod op;
