//! A small in-memory [`Context`] for the evaluator's tests: a backend ([`TestMachine`]: an
//! AMDGPU-like wave64 target, registers (VGPRs as 2048-bit registers, lane 0 in the lowest
//! dword) in two frames, sparse memory per address space (per lane for private_lane)) and
//! symbols ([`TestSymbols`]), each element a plain field. [`TestCtx`] owns both and derefs
//! to the machine.

use std::collections::HashMap;

use super::context::{Backend, Context, Symbols};
use super::error::{Error, Result};
use super::location::LocDesc;
use super::protocol::DieLocation;
use super::protocol::Entry;
use super::value::{BaseType, Value};
use crate::expr::op::DieRef;
use crate::target::{AddressScope, AddressSpace, RegisterClass, RegisterRange, Target};

pub(crate) fn amdgpu_wave64() -> Target {
    Target::new("amdgcn wave64", 64, 64)
        .with_register_names(std::sync::Arc::new(crate::expr::test_names::DwarfdumpNames))
        .with_registers(RegisterRange::single(1, 32, "EXEC_LO"))
        .with_registers(RegisterRange::single(16, 64, "PC"))
        .with_registers(RegisterRange::single(17, 64, "EXEC"))
        .with_registers(RegisterRange::new(32, 64, 32, "SGPR", 0))
        .with_registers(RegisterRange::new(1088, 42, 32, "SGPR", 64))
        .with_registers(RegisterRange::single(768, 64, "VCC"))
        .with_registers(
            RegisterRange::new(2560, 256, 2048, "VGPR", 0).with_class(RegisterClass::Vector),
        )
        .with_registers(
            RegisterRange::new(3072, 256, 2048, "AGPR", 0).with_class(RegisterClass::Vector),
        )
        .with_address_space(AddressSpace::new(0, "global", 64, AddressScope::Process))
        .with_address_space(AddressSpace::new(1, "generic", 64, AddressScope::Flat))
        .with_address_space(AddressSpace::new(3, "local", 32, AddressScope::Workgroup))
        .with_address_space(AddressSpace::new(5, "private_lane", 32, AddressScope::Lane))
        .with_address_space(AddressSpace::new(6, "private_wave", 32, AddressScope::Wave))
}

/// The machine and the symbols of a test.
pub(crate) struct TestCtx {
    pub machine: TestMachine,
    pub symbols: TestSymbols,
}

/// The DWARF side of a test.
#[derive(Default)]
pub(crate) struct TestSymbols {
    pub frame_base: Option<LocDesc>,
    pub calls: HashMap<DieRef, DieLocation>,
    pub ip_targets: HashMap<u64, DieLocation>,
    pub base_types: HashMap<u64, BaseType>,
    pub debug_addr: Vec<u64>,
}

impl std::ops::Deref for TestCtx {
    type Target = TestMachine;
    fn deref(&self) -> &TestMachine {
        &self.machine
    }
}

impl std::ops::DerefMut for TestCtx {
    fn deref_mut(&mut self) -> &mut TestMachine {
        &mut self.machine
    }
}

impl Context for TestCtx {
    type Backend = TestMachine;
    type Symbols = TestSymbols;
    fn backend(&mut self) -> &mut TestMachine {
        &mut self.machine
    }
    fn backend_ref(&self) -> &TestMachine {
        &self.machine
    }
    fn symbols_ref(&self) -> &TestSymbols {
        &self.symbols
    }
    fn split(&mut self) -> (&mut TestMachine, &mut TestSymbols) {
        (&mut self.machine, &mut self.symbols)
    }
}

impl TestCtx {
    pub const PC: u64 = TestMachine::PC;
    pub const EXEC: u64 = TestMachine::EXEC;
    pub const SGPR0: u64 = TestMachine::SGPR0;
    pub const VGPR0: u64 = TestMachine::VGPR0;

    pub fn new() -> Self {
        TestCtx {
            machine: TestMachine::new(),
            symbols: TestSymbols::default(),
        }
    }
}

/// The machine side of a test.
pub(crate) struct TestMachine {
    pub target: Target,
    /// Registers by (number); frame 0.
    pub regs: HashMap<u64, Vec<u8>>,
    /// Registers of frame 1 (the caller).
    pub caller_regs: HashMap<u64, Vec<u8>>,
    /// Sparse memory: (aspace, lane for private_lane, address) -> byte.
    pub mem: HashMap<(u64, Option<u32>, u64), u8>,
    /// (aspace, address) pairs whose reads fail as unavailable.
    pub unreadable: Vec<(u64, u64)>,
    pub lane: Option<u32>,
    pub lanes: Option<u32>,
    pub iteration: Option<u64>,
    pub iterations: u64,
    pub cfa: Option<LocDesc>,
    pub object: Option<LocDesc>,
    pub entry_regs: HashMap<u64, LocDesc>,
    pub bias: u64,
    pub entry_value: Option<Entry>,
    pub tls_base: u64,
}

impl TestMachine {
    pub const PC: u64 = 16;
    pub const EXEC: u64 = 17;
    pub const SGPR0: u64 = 32;
    pub const VGPR0: u64 = 2560;

    pub fn new() -> Self {
        TestMachine {
            target: amdgpu_wave64(),
            regs: HashMap::new(),
            caller_regs: HashMap::new(),
            mem: HashMap::new(),
            unreadable: Vec::new(),
            lane: None,
            lanes: None,
            iteration: None,
            iterations: 1,
            cfa: None,
            object: None,
            entry_regs: HashMap::new(),
            bias: 0,
            entry_value: None,
            tls_base: 0,
        }
    }

    fn key(aspace: u64, lane: Option<u32>, a: u64) -> (u64, Option<u32>, u64) {
        (aspace, if aspace == 5 { lane } else { None }, a)
    }

    pub fn poke(&mut self, aspace: u64, lane: Option<u32>, addr: u64, data: &[u8]) {
        for (i, b) in data.iter().enumerate() {
            self.mem
                .insert(Self::key(aspace, lane, addr + i as u64), *b);
        }
    }

    pub fn peek(&self, aspace: u64, lane: Option<u32>, addr: u64, n: usize) -> Vec<u8> {
        (0..n as u64)
            .map(|i| {
                *self
                    .mem
                    .get(&Self::key(aspace, lane, addr + i))
                    .unwrap_or(&0)
            })
            .collect()
    }

    pub fn set_reg(&mut self, reg: u64, v: u64) {
        let bits = self.target.register_bits(reg).unwrap() as usize;
        let mut b = v.to_le_bytes().to_vec();
        b.resize(bits / 8, 0);
        self.regs.insert(reg, b);
    }

    pub fn set_vgpr_lane(&mut self, v: u64, lane: u32, value: u32) {
        let r = self
            .regs
            .entry(Self::VGPR0 + v)
            .or_insert_with(|| vec![0; 256]);
        r[lane as usize * 4..lane as usize * 4 + 4].copy_from_slice(&value.to_le_bytes());
    }

    fn reg_mut(&mut self, reg: u64, frame: u32) -> Result<&mut Vec<u8>> {
        let bits = self.target.register_bits(reg)? as usize;
        let map = if frame == 0 {
            &mut self.regs
        } else {
            &mut self.caller_regs
        };
        let r = map.entry(reg).or_insert_with(|| vec![0; bits / 8]);
        r.resize(bits / 8, 0);
        Ok(r)
    }
}

impl Backend for TestMachine {
    fn target(&self) -> &Target {
        &self.target
    }
    fn lane(&self) -> Option<u32> {
        self.lane
    }
    fn lanes(&self) -> u32 {
        self.lanes.unwrap_or(self.target.lanes())
    }
    fn iteration(&self) -> Option<u64> {
        self.iteration
    }
    fn iterations(&self) -> u64 {
        self.iterations
    }
    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        let r = self.reg_mut(reg, frame)?;
        let o = offset as usize;
        if o + buf.len() > r.len() {
            return Err(Error::unavailable("read past register end"));
        }
        buf.copy_from_slice(&r[o..o + buf.len()]);
        Ok(())
    }
    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> Result<()> {
        let r = self.reg_mut(reg, frame)?;
        let o = offset as usize;
        r[o..o + data.len()].copy_from_slice(data);
        Ok(())
    }
    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        for (i, b) in buf.iter_mut().enumerate() {
            let a = address.wrapping_add(i as u64);
            if self.unreadable.contains(&(aspace, a)) {
                return Err(Error::unavailable(format!(
                    "cannot access memory at {a:#x}"
                )));
            }
            *b = *self.mem.get(&Self::key(aspace, lane, a)).unwrap_or(&0);
        }
        Ok(())
    }
    fn write_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> Result<()> {
        self.poke(aspace, lane, address, data);
        Ok(())
    }
    fn cfa(&mut self) -> Result<LocDesc> {
        self.cfa
            .clone()
            .ok_or_else(|| Error::missing("call frame CFA"))
    }
    fn call_frame_entry_reg(&mut self, reg: u64) -> Result<LocDesc> {
        self.entry_regs
            .get(&reg)
            .cloned()
            .ok_or_else(|| Error::missing("caller frame register rules"))
    }
    fn object_address(&mut self) -> Result<LocDesc> {
        self.object
            .clone()
            .ok_or_else(|| Error::missing("object address"))
    }
    fn tls_address(&mut self, offset: u64) -> Result<LocDesc> {
        Ok(LocDesc::memory(0, 64, None, self.tls_base + offset))
    }
    fn relocate(&self, address: u64) -> u64 {
        address.wrapping_add(self.bias)
    }
    fn entry_value(&mut self, block: &[u8]) -> Result<Entry> {
        let _ = block;
        self.entry_value
            .clone()
            .ok_or_else(|| Error::missing("caller frame for DW_OP_entry_value"))
    }
    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> Result<u64> {
        // generic -> private_lane/local: strip a 2^48-style aperture; others identity.
        match (from, to) {
            (1, 5) | (1, 3) => Ok(address & 0xffff_ffff),
            (f, t) if f == t => Ok(address),
            (1, 0) | (0, 1) => Ok(address),
            _ => Err(Error::evaluation("unsupported address space conversion")),
        }
    }
}

impl Symbols for TestSymbols {
    fn frame_base(&mut self, _: &mut dyn Backend) -> Result<LocDesc> {
        self.frame_base
            .clone()
            .ok_or_else(|| Error::missing("frame base"))
    }
    fn debug_addr(&mut self, index: u64) -> Result<u64> {
        self.debug_addr
            .get(index as usize)
            .copied()
            .ok_or_else(|| Error::missing("compilation unit (.debug_addr)"))
    }
    fn call_target(&mut self, die: DieRef) -> Result<DieLocation> {
        Ok(self.calls.get(&die).cloned().unwrap_or(DieLocation::None))
    }
    fn implicit_pointer_target(&mut self, die: u64) -> Result<DieLocation> {
        Ok(self
            .ip_targets
            .get(&die)
            .cloned()
            .unwrap_or(DieLocation::None))
    }
    fn base_type(&mut self, die: DieRef) -> Result<BaseType> {
        match die {
            DieRef::Unit(o) => self
                .base_types
                .get(&o)
                .copied()
                .ok_or_else(|| Error::ill_formed(format!("no base type at {o:#x}"))),
            DieRef::Info(_) => Err(Error::ill_formed("base type by .debug_info offset")),
        }
    }
    fn parameter_ref(&mut self, _: &mut dyn Backend, die: u64) -> Result<Value> {
        Ok(Value::generic(64, die + 1000))
    }
}
