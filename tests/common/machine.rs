//! A deterministic machine for differential evaluation tests: every register and memory
//! byte is a hash of its address, the lane is 0, and the frame base and CFA are fixed
//! memory addresses ([`Hashed`], the backend); base types and `.debug_addr` come from the
//! unit's DWARF ([`UnitSymbols`]). [`Machine`] owns both.

use hetdwarf::eval::{self, Backend, Context, LocDesc, Symbols};
use hetdwarf::expr::DieRef;
use hetdwarf::index::{DwarfIndex, UnitId};
use hetdwarf::target::Target;

pub const FRAME_BASE: u64 = 0x7000_0000_1000;
pub const CFA: u64 = 0x7000_0000_2000;

pub fn mix(a: u64, b: u64) -> u8 {
    let mut x = a.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ b.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
    x ^= x >> 29;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (x >> 32) as u8
}

pub fn reg_byte(reg: u64, i: u64) -> u8 {
    mix(reg + 1, i)
}

/// Width of an address in AMDGPU address space `aspace` (spaces 2, 3, 5, 6 are 32-bit).
pub fn aspace_bits(aspace: u64) -> u32 {
    match aspace {
        2 | 3 | 5 | 6 => 32,
        _ => 64,
    }
}

pub fn mem_byte(aspace: u64, address: u64) -> u8 {
    let a = if aspace_bits(aspace) == 32 {
        address & 0xffff_ffff
    } else {
        address
    };
    mix(aspace + 0x100, a)
}

/// The machine both evaluators see: the backend and the unit's symbols.
pub struct Machine<'d, 'a> {
    /// Registers and memory.
    pub backend: Hashed,
    /// Base types and `.debug_addr`.
    pub symbols: UnitSymbols<'d, 'a>,
}

impl<'d, 'a> Machine<'d, 'a> {
    /// The machine for expressions of `unit`.
    pub fn new(target: Target, dbg: &'d DwarfIndex<'a>, unit: UnitId) -> Self {
        Machine {
            backend: Hashed { target },
            symbols: UnitSymbols { dbg, unit },
        }
    }
}

impl<'d, 'a> Context for Machine<'d, 'a> {
    type Backend = Hashed;
    type Symbols = UnitSymbols<'d, 'a>;
    fn backend(&mut self) -> &mut Hashed {
        &mut self.backend
    }
    fn backend_ref(&self) -> &Hashed {
        &self.backend
    }
    fn symbols_ref(&self) -> &UnitSymbols<'d, 'a> {
        &self.symbols
    }
    fn split(&mut self) -> (&mut Hashed, &mut UnitSymbols<'d, 'a>) {
        (&mut self.backend, &mut self.symbols)
    }
}

/// Registers and memory whose every byte is a hash of its address.
pub struct Hashed {
    /// The target's registers and address spaces.
    pub target: Target,
}

/// The DWARF of one unit: base types and `.debug_addr`; the frame base a fixed address.
pub struct UnitSymbols<'d, 'a> {
    /// Where base types and `.debug_addr` come from.
    pub dbg: &'d DwarfIndex<'a>,
    /// The unit of the expression being evaluated.
    pub unit: UnitId,
}

impl Backend for Hashed {
    fn target(&self) -> &Target {
        &self.target
    }

    fn lane(&self) -> Option<u32> {
        Some(0)
    }

    fn read_register(
        &mut self,
        reg: u64,
        _frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        for (i, b) in buf.iter_mut().enumerate() {
            *b = reg_byte(reg, offset + i as u64);
        }
        Ok(())
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        _lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        for (i, b) in buf.iter_mut().enumerate() {
            *b = mem_byte(aspace, address.wrapping_add(i as u64));
        }
        Ok(())
    }

    fn cfa(&mut self) -> eval::Result<LocDesc> {
        Ok(LocDesc::memory(0, 64, None, CFA))
    }
}

impl Symbols for UnitSymbols<'_, '_> {
    fn frame_base(&mut self, _: &mut dyn Backend) -> eval::Result<LocDesc> {
        Ok(LocDesc::memory(0, 64, None, FRAME_BASE))
    }

    fn debug_addr(&mut self, index: u64) -> eval::Result<u64> {
        let unit = &self.dbg.unit(self.unit).unwrap().unit;
        self.dbg
            .dwarf()
            .address(unit, gimli::DebugAddrIndex(index as usize))
            .map_err(|e| eval::Error::evaluation(e.to_string()))
    }

    fn base_type(&mut self, die: DieRef) -> eval::Result<eval::BaseType> {
        let DieRef::Unit(rel) = die else {
            return Err(eval::Error::missing("base type by .debug_info offset"));
        };
        let t = self
            .dbg
            .type_at(self.dbg.unit(self.unit).unwrap().offset + rel)
            .map_err(|e| eval::Error::ill_formed(e.to_string()))?;
        match t.kind {
            hetdwarf::index::TypeKind::Base { encoding, .. } => Ok(eval::BaseType {
                bits: (t.byte_size.unwrap_or(0) * 8) as u32,
                encoding: encoding.0,
                vector_size: 1,
                address_space: None,
            }),
            _ => Err(eval::Error::ill_formed("not a base type")),
        }
    }
}
