//! Register naming, kept behind a trait so the expression core stays target-independent.

/// Maps DWARF register numbers to names and back.
///
/// The disassembler asks [`RegisterNames::name`] for every register operand and prints
/// the number in hex when it gets `None` (as `llvm-dwarfdump` does for registers its
/// target does not name); the assembler asks [`RegisterNames::parse`] for register
/// operands that are not plain numbers.
pub trait RegisterNames {
    /// The printed name of DWARF register `dwarf_reg`, if it has one.
    fn name(&self, dwarf_reg: u64) -> Option<String>;
    /// The DWARF register number for `name`, if it is a register name.
    fn parse(&self, name: &str) -> Option<u64>;
}

/// No register has a name: registers print as numbers and only numbers parse.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoRegisterNames;

impl RegisterNames for NoRegisterNames {
    fn name(&self, _dwarf_reg: u64) -> Option<String> {
        None
    }

    fn parse(&self, _name: &str) -> Option<u64> {
        None
    }
}
