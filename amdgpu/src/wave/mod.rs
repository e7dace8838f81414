//! A simulated AMDGPU wavefront ([`WaveState`]): the `hetdwarf::eval::Backend` that DWARF
//! locations are evaluated against in tests, when replaying saved wave states, and in the
//! CLI.

use std::collections::BTreeMap;

use hetdwarf::eval::{Backend, Error, Place, Read, Result, read_singly};
use hetdwarf::target::Target;

use crate::aspace::{
    AddressSpaceId, Apertures, FlatTarget, SEGMENT_NULL, processor_info, swizzle, unswizzle,
};
use crate::registers::{Register, RegisterError, RegisterMap, dwarf_target};

mod json;
mod memory;

pub use json::{StateError, WAVE_STATE_FORMAT};
pub use memory::SparseMemory;

/// One vector register: a dword per lane, each available or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VectorRegister {
    values: Vec<u32>,
    /// Bit L set = lane L's dword is available.
    valid: u64,
}

impl VectorRegister {
    /// A register of `lanes` lanes, all unavailable.
    pub fn unavailable(lanes: u32) -> Self {
        VectorRegister {
            values: vec![0; lanes as usize],
            valid: 0,
        }
    }

    /// A register from per-lane values (`None` = unavailable).
    pub fn from_lanes(lanes: &[Option<u32>]) -> Self {
        let mut r = VectorRegister::unavailable(lanes.len() as u32);
        for (i, v) in lanes.iter().enumerate() {
            r.set(i as u32, *v);
        }
        r
    }

    /// Number of lanes.
    pub fn lanes(&self) -> u32 {
        self.values.len() as u32
    }

    /// Lane `lane`'s dword, if available.
    pub fn get(&self, lane: u32) -> Option<u32> {
        let v = *self.values.get(lane as usize)?;
        (self.valid >> lane & 1 == 1).then_some(v)
    }

    /// Sets (or, with `None`, forgets) lane `lane`'s dword. Lanes past the end are ignored.
    pub fn set(&mut self, lane: u32, value: Option<u32>) {
        let Some(slot) = self.values.get_mut(lane as usize) else {
            return;
        };
        match value {
            Some(v) => {
                *slot = v;
                self.valid |= 1 << lane;
            }
            None => {
                *slot = 0;
                self.valid &= !(1 << lane);
            }
        }
    }

    /// Every lane's dword, `None` where unavailable.
    pub fn iter(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        (0..self.lanes()).map(|l| self.get(l))
    }
}

/// The saved state of one wavefront, and the evaluation context over it.
///
/// A [`WaveState`] holds a wave size, PC, EXEC, scalar registers, vector registers with
/// per-lane availability, and sparse memory per address space: global, LDS (`local`), GDS
/// (`region`) and scratch. Scratch is stored once, unswizzled (`private_wave`); the
/// `private_lane` view of any lane is computed through the hardware's dword interleave
/// ([`crate::aspace::swizzle`]), so both views always agree. Flat (`generic`)
/// addresses resolve through the [`Apertures`] to LDS, the focused lane's scratch, or global
/// memory. Anything the state does not hold reads as
/// [`Unavailable`](hetdwarf::ErrorKind::Unavailable), never as zero; everything a
/// debugger could write can be written.
///
/// States load from and save to the `hetdwarf-wave-state/1` JSON format
/// ([`WaveState::from_json`], [`WaveState::to_json`]).
///
/// # The JSON format
///
/// The `hetdwarf-wave-state/1` JSON format (see `INTERFACES.md`): loading with precise,
/// one-line errors (`line:column: key.path: message`) and saving in a canonical layout.
///
/// Loading first checks the JSON syntax with `serde_json` while keeping every value as a
/// `RawValue` borrowed from the text, so each value's byte offset in the file is known;
/// then each field is interpreted with that offset at hand. Semantic errors (wrong types,
/// unknown or duplicate keys, vector lengths, numbers too large, bad hex) therefore point
/// at the start of the offending value or key. Unknown keys are rejected; missing
/// `apertures` take the processor's defaults; `private_lane` regions are stored in the
/// wave's scratch through the swizzle.
///
/// Saving writes the fields in a fixed order, registers in register order (`pc` and `exec`
/// at top level), and memory as one region per run of held bytes per stored space (global,
/// region, local, private_wave): a saved state loads back identical.
#[derive(Clone, Debug)]
pub struct WaveState {
    processor: String,
    map: RegisterMap,
    target: Target,
    lane: Option<u32>,
    load_bias: u64,
    apertures: Apertures,
    scalars: BTreeMap<Register, u64>,
    vectors: BTreeMap<Register, VectorRegister>,
    global: SparseMemory,
    region: SparseMemory,
    local: SparseMemory,
    scratch: SparseMemory,
}

/// Two states are equal when they hold the same data (the focused lane is not part of a
/// state).
impl PartialEq for WaveState {
    fn eq(&self, o: &Self) -> bool {
        self.processor == o.processor
            && self.map == o.map
            && self.load_bias == o.load_bias
            && self.apertures == o.apertures
            && self.scalars == o.scalars
            && self.vectors == o.vectors
            && self.global == o.global
            && self.region == o.region
            && self.local == o.local
            && self.scratch == o.scratch
    }
}

impl Eq for WaveState {}

/// Why a [`WaveState`] could not be created.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum WaveError {
    /// The processor is not an amdgcn processor of the processor table.
    #[error("unknown processor {0:?}")]
    UnknownProcessor(String),
    /// The processor cannot run this wave size.
    #[error("{processor} does not run wave{wave_size} (allowed: {allowed})")]
    WaveSize {
        /// The processor.
        processor: String,
        /// The rejected wave size.
        wave_size: u32,
        /// The allowed ones, e.g. `32, 64`.
        allowed: String,
    },
    /// A register error.
    #[error(transparent)]
    Register(#[from] RegisterError),
    /// A value does not fit the register.
    #[error("{value:#x} does not fit the {bits}-bit register {register}")]
    TooWide {
        /// The register.
        register: Register,
        /// Its width.
        bits: u32,
        /// The value.
        value: u64,
    },
    /// A scalar operation on a vector register or the reverse.
    #[error("{0} is a {1} register")]
    WrongKind(Register, &'static str),
}

impl WaveError {
    /// What kind of failure this is: a change to a wave state the caller asked for.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::Usage
    }
}

fn unavailable_at(space: &str, address: u64) -> Error {
    Error::unavailable(format!(
        "{space} memory at {address:#x} is not in the wave state"
    ))
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

impl WaveState {
    /// An empty state (everything unavailable) of `processor` running `wave_size` lanes;
    /// the processor must be in the processor table and allow that wave size.
    pub fn new(processor: &str, wave_size: u32) -> std::result::Result<WaveState, WaveError> {
        let info = processor_info(processor)
            .ok_or_else(|| WaveError::UnknownProcessor(processor.to_string()))?;
        if !info.allows_wave_size(wave_size) {
            return Err(WaveError::WaveSize {
                processor: info.name.to_string(),
                wave_size,
                allowed: info
                    .wave_sizes
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        Ok(WaveState {
            processor: info.name.to_string(),
            map: RegisterMap::new(wave_size),
            target: dwarf_target(info.name, wave_size),
            lane: None,
            load_bias: 0,
            apertures: info.apertures,
            scalars: BTreeMap::new(),
            vectors: BTreeMap::new(),
            global: SparseMemory::new(),
            region: SparseMemory::new(),
            local: SparseMemory::new(),
            scratch: SparseMemory::new(),
        })
    }

    /// The processor name.
    pub fn processor(&self) -> &str {
        &self.processor
    }

    /// The wave size (32 or 64).
    pub fn wave_size(&self) -> u32 {
        self.map.wave_size()
    }

    /// The register map of this wave size.
    pub fn register_map(&self) -> RegisterMap {
        self.map
    }

    /// The focused lane.
    pub fn focused_lane(&self) -> Option<u32> {
        self.lane
    }

    /// Focuses a lane (`None`: no lane). Lanes past the wave size are rejected.
    pub fn set_lane(&mut self, lane: Option<u32>) -> std::result::Result<(), Error> {
        if let Some(l) = lane
            && l >= self.wave_size()
        {
            return Err(Error::evaluation(format!(
                "lane {l} is out of range for wave{}",
                self.wave_size()
            )));
        }
        self.lane = lane;
        Ok(())
    }

    /// The load bias added to `DW_OP_addr`/`DW_OP_addrx` addresses.
    pub fn load_bias(&self) -> u64 {
        self.load_bias
    }

    /// Sets the load bias.
    pub fn set_load_bias(&mut self, bias: u64) {
        self.load_bias = bias;
    }

    /// The flat apertures.
    pub fn apertures(&self) -> Apertures {
        self.apertures
    }

    /// Sets the flat apertures.
    pub fn set_apertures(&mut self, apertures: Apertures) {
        self.apertures = apertures;
    }

    /// The PC (a code-object address), if available.
    pub fn pc(&self) -> Option<u64> {
        self.scalar(Register::Pc)
    }

    /// The EXEC mask, if available.
    pub fn exec(&self) -> Option<u64> {
        self.scalar(Register::Exec)
    }

    /// Sets the PC.
    pub fn set_pc(&mut self, pc: u64) {
        self.scalars.insert(Register::Pc, pc);
    }

    /// Sets the EXEC mask (only the low `wave_size` bits are kept).
    pub fn set_exec(&mut self, exec: u64) {
        let bits = self.wave_size();
        self.scalars.insert(Register::Exec, exec & mask(bits));
    }

    /// Whether lane `lane` is active in EXEC (`None` if EXEC is unavailable or the lane is
    /// out of range).
    pub fn lane_active(&self, lane: u32) -> Option<bool> {
        if lane >= self.wave_size() {
            return None;
        }
        Some(self.exec()? >> lane & 1 == 1)
    }

    /// The lanes active in EXEC, ascending (none if EXEC is unavailable).
    pub fn active_lanes(&self) -> impl Iterator<Item = u32> + '_ {
        let exec = self.exec().unwrap_or(0);
        (0..self.wave_size()).filter(move |l| exec >> l & 1 == 1)
    }

    /// The value of scalar register `reg` (anything but a VGPR/AGPR), if available.
    pub fn scalar(&self, reg: Register) -> Option<u64> {
        self.scalars.get(&reg).copied()
    }

    /// Sets scalar register `reg`.
    pub fn set_scalar(&mut self, reg: Register, value: u64) -> std::result::Result<(), WaveError> {
        if reg.is_vector() {
            return Err(WaveError::WrongKind(reg, "vector"));
        }
        if !self.map.exists(reg) {
            return Err(RegisterError::NoSuchRegister {
                register: reg,
                wave_size: self.wave_size(),
            }
            .into());
        }
        let bits = self.map.bits(reg);
        if value & !mask(bits) != 0 {
            return Err(WaveError::TooWide {
                register: reg,
                bits,
                value,
            });
        }
        self.scalars.insert(reg, value);
        Ok(())
    }

    /// Vector register `reg`, if any lane of it is held.
    pub fn vector(&self, reg: Register) -> Option<&VectorRegister> {
        self.vectors.get(&reg)
    }

    /// Lane `lane` of vector register `reg`, if available.
    pub fn vector_lane(&self, reg: Register, lane: u32) -> Option<u32> {
        self.vectors.get(&reg)?.get(lane)
    }

    /// Sets (or with `None` forgets) lane `lane` of vector register `reg`.
    pub fn set_vector_lane(
        &mut self,
        reg: Register,
        lane: u32,
        value: Option<u32>,
    ) -> std::result::Result<(), WaveError> {
        self.check_vector(reg)?;
        let ws = self.wave_size();
        if lane >= ws {
            return Err(WaveError::Register(RegisterError::NoSuchRegister {
                register: reg,
                wave_size: ws,
            }));
        }
        self.vectors
            .entry(reg)
            .or_insert_with(|| VectorRegister::unavailable(ws))
            .set(lane, value);
        Ok(())
    }

    /// Sets every lane of vector register `reg` (`lanes.len()` must be the wave size).
    pub fn set_vector(
        &mut self,
        reg: Register,
        lanes: &[Option<u32>],
    ) -> std::result::Result<(), WaveError> {
        self.check_vector(reg)?;
        if lanes.len() != self.wave_size() as usize {
            return Err(WaveError::WrongKind(reg, "wave-sized vector"));
        }
        self.vectors.insert(reg, VectorRegister::from_lanes(lanes));
        Ok(())
    }

    fn check_vector(&self, reg: Register) -> std::result::Result<(), WaveError> {
        if !reg.is_vector() {
            return Err(WaveError::WrongKind(reg, "scalar"));
        }
        if !self.map.exists(reg) {
            return Err(RegisterError::NoSuchRegister {
                register: reg,
                wave_size: self.wave_size(),
            }
            .into());
        }
        Ok(())
    }

    /// Forgets register `reg` (it becomes unavailable).
    pub fn remove_register(&mut self, reg: Register) {
        self.scalars.remove(&reg);
        self.vectors.remove(&reg);
    }

    /// The scalar registers held, in register order.
    pub fn scalars(&self) -> impl Iterator<Item = (Register, u64)> + '_ {
        self.scalars.iter().map(|(r, v)| (*r, *v))
    }

    /// The vector registers held, in register order.
    pub fn vectors(&self) -> impl Iterator<Item = (Register, &VectorRegister)> + '_ {
        self.vectors.iter().map(|(r, v)| (*r, v))
    }

    /// The memory held for a stored address space: global, region, local or private_wave
    /// (scratch). Generic and private_lane are views and have no storage of their own.
    pub fn memory(&self, space: AddressSpaceId) -> Option<&SparseMemory> {
        match space {
            AddressSpaceId::Global => Some(&self.global),
            AddressSpaceId::Region => Some(&self.region),
            AddressSpaceId::Local => Some(&self.local),
            AddressSpaceId::PrivateWave => Some(&self.scratch),
            AddressSpaceId::Generic | AddressSpaceId::PrivateLane => None,
        }
    }

    fn memory_mut(&mut self, space: AddressSpaceId) -> Option<&mut SparseMemory> {
        match space {
            AddressSpaceId::Global => Some(&mut self.global),
            AddressSpaceId::Region => Some(&mut self.region),
            AddressSpaceId::Local => Some(&mut self.local),
            AddressSpaceId::PrivateWave => Some(&mut self.scratch),
            AddressSpaceId::Generic | AddressSpaceId::PrivateLane => None,
        }
    }

    fn lane_for(&self, lane: Option<u32>, what: &str) -> Result<u32> {
        let l = lane
            .or(self.lane)
            .ok_or_else(|| Error::missing(format!("a current lane ({what})")))?;
        if l >= self.wave_size() {
            return Err(Error::evaluation(format!(
                "lane {l} is out of range for wave{}",
                self.wave_size()
            )));
        }
        Ok(l)
    }

    fn check_range(space: AddressSpaceId, address: u64, len: usize) -> Result<()> {
        if u128::from(address) + len as u128 > space.limit() {
            return Err(Error::evaluation(format!(
                "{len} bytes at {space} {address:#x} pass the end of the {}-bit address space",
                space.address_bits()
            )));
        }
        Ok(())
    }

    /// Reads memory of `space` (for private_lane, and generic addresses in the private
    /// aperture, of `lane`, else of the focused lane). Bytes the state does not hold are an
    /// [`Unavailable`](hetdwarf::ErrorKind::Unavailable) error.
    pub fn read(
        &self,
        space: AddressSpaceId,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        if let Some(mem) = self.memory(space) {
            Self::check_range(space, address, buf.len())?;
            return mem
                .read(address, buf)
                .map_err(|a| unavailable_at(space.name(), a));
        }
        for (s, a, range) in self.pieces(space, lane, address, buf.len())? {
            self.memory(s)
                .expect("stored space")
                .read(a, &mut buf[range])
                .map_err(|a| unavailable_at(s.name(), a))?;
        }
        Ok(())
    }

    /// Like [`read`](Self::read), but reads what the state holds and flags the other bytes
    /// in `missing` (one flag per byte of `buf`) instead of failing: the error returned
    /// then says where the first missing byte is. Errors other than availability (a lane
    /// out of range, the end of the space) are returned as errors.
    pub fn read_available(
        &self,
        space: AddressSpaceId,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
        missing: &mut [bool],
    ) -> Result<Option<Error>> {
        let pieces = match self.memory(space) {
            Some(_) => {
                Self::check_range(space, address, buf.len())?;
                vec![(space, address, 0..buf.len())]
            }
            None => self.pieces(space, lane, address, buf.len())?,
        };
        let mut first = None;
        for (s, a, range) in pieces {
            let gap = self.memory(s).expect("stored space").read_available(
                a,
                &mut buf[range.clone()],
                &mut missing[range],
            );
            if let Some(g) = gap {
                first.get_or_insert_with(|| unavailable_at(s.name(), g));
            }
        }
        Ok(first)
    }

    /// Writes memory of `space` (see [`read`](Self::read) for lanes).
    pub fn write(
        &mut self,
        space: AddressSpaceId,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> Result<()> {
        for (s, a, range) in self.pieces(space, lane, address, data.len())? {
            self.memory_mut(s)
                .expect("stored space")
                .write(a, &data[range]);
        }
        Ok(())
    }

    /// The first byte of `data` at `address` that differs from a byte the state already
    /// holds there, as (stored space, address in it).
    pub fn conflict(
        &self,
        space: AddressSpaceId,
        lane: Option<u32>,
        address: u64,
        data: &[u8],
    ) -> Result<Option<(AddressSpaceId, u64)>> {
        for (s, a, range) in self.pieces(space, lane, address, data.len())? {
            if let Some(c) = self
                .memory(s)
                .expect("stored space")
                .conflict(a, &data[range])
            {
                return Ok(Some((s, c)));
            }
        }
        Ok(None)
    }

    /// Splits `len` bytes at `address` of `space` into pieces of stored memory: (stored
    /// space, address in it, range of the caller's buffer).
    fn pieces(
        &self,
        space: AddressSpaceId,
        lane: Option<u32>,
        address: u64,
        len: usize,
    ) -> Result<Vec<(AddressSpaceId, u64, std::ops::Range<usize>)>> {
        Self::check_range(space, address, len)?;
        let mut out = Vec::new();
        match space {
            AddressSpaceId::Generic => {
                let mut done = 0usize;
                while done < len {
                    let a = address + done as u64;
                    let n =
                        ((self.apertures.segment_end(a) - u128::from(a)) as usize).min(len - done);
                    match self.apertures.resolve(a) {
                        FlatTarget::Global(g) => {
                            out.push((AddressSpaceId::Global, g, done..done + n))
                        }
                        FlatTarget::Local(l) => {
                            out.push((AddressSpaceId::Local, l, done..done + n))
                        }
                        FlatTarget::Private(p) => {
                            let l =
                                self.lane_for(lane, "a generic address in the private aperture")?;
                            self.private_pieces(l, p, n, done, &mut out)?;
                        }
                    }
                    done += n;
                }
            }
            AddressSpaceId::PrivateLane => {
                let l = self.lane_for(lane, "private_lane memory")?;
                self.private_pieces(l, address, len, 0, &mut out)?;
            }
            _ => out.push((space, address, 0..len)),
        }
        Ok(out)
    }

    /// Appends the scratch pieces of `len` bytes of lane `lane`'s private memory at `p`
    /// (buffer ranges start at `base`).
    fn private_pieces(
        &self,
        lane: u32,
        p: u64,
        len: usize,
        base: usize,
        out: &mut Vec<(AddressSpaceId, u64, std::ops::Range<usize>)>,
    ) -> Result<()> {
        let mut done = 0usize;
        while done < len {
            let a = p + done as u64;
            let n = ((4 - a % 4) as usize).min(len - done);
            let w = swizzle(a, lane, self.wave_size()).ok_or_else(|| {
                Error::evaluation(format!(
                    "private_lane address {a:#x} of lane {lane} lies beyond the 4 GiB private_wave space"
                ))
            })?;
            out.push((AddressSpaceId::PrivateWave, w, base + done..base + done + n));
            done += n;
        }
        Ok(())
    }

    fn register(&self, reg: u64, frame: u32) -> Result<Register> {
        if frame != 0 {
            return Err(Error::missing(
                "caller frames (a wave state holds only the top frame's registers)",
            ));
        }
        Ok(self.map.from_dwarf(reg)?)
    }

    fn register_bytes(&self, r: Register) -> usize {
        (self.map.bits(r) / 8) as usize
    }
}

impl Backend for WaveState {
    fn target(&self) -> &Target {
        &self.target
    }

    fn lane(&self) -> Option<u32> {
        self.lane
    }

    fn read_register(&mut self, reg: u64, frame: u32, offset: u64, buf: &mut [u8]) -> Result<()> {
        let r = self.register(reg, frame)?;
        let size = self.register_bytes(r);
        let off = usize::try_from(offset).unwrap_or(usize::MAX);
        if off.saturating_add(buf.len()) > size {
            return Err(Error::evaluation(format!(
                "reading {} bytes at byte {offset} of {r} passes its {size} bytes",
                buf.len()
            )));
        }
        if r.is_vector() {
            let v = self
                .vectors
                .get(&r)
                .ok_or_else(|| Error::unavailable(format!("{r} is not in the wave state")))?;
            for (i, b) in buf.iter_mut().enumerate() {
                let byte = off + i;
                let lane = (byte / 4) as u32;
                let dword = v.get(lane).ok_or_else(|| {
                    Error::unavailable(format!("lane {lane} of {r} is not in the wave state"))
                })?;
                *b = dword.to_le_bytes()[byte % 4];
            }
        } else {
            let v = self
                .scalars
                .get(&r)
                .ok_or_else(|| Error::unavailable(format!("{r} is not in the wave state")))?;
            buf.copy_from_slice(&v.to_le_bytes()[off..off + buf.len()]);
        }
        Ok(())
    }

    fn write_register(&mut self, reg: u64, frame: u32, offset: u64, data: &[u8]) -> Result<()> {
        let r = self.register(reg, frame)?;
        let size = self.register_bytes(r);
        let off = usize::try_from(offset).unwrap_or(usize::MAX);
        if off.saturating_add(data.len()) > size {
            return Err(Error::evaluation(format!(
                "writing {} bytes at byte {offset} of {r} passes its {size} bytes",
                data.len()
            )));
        }
        if r.is_vector() {
            let ws = self.wave_size();
            // Check first: a partial write to an unavailable lane cannot complete its dword.
            let v = self.vectors.get(&r);
            for lane in (off / 4)..(off + data.len()).div_ceil(4) {
                let whole = lane * 4 >= off && lane * 4 + 4 <= off + data.len();
                if !whole && v.and_then(|v| v.get(lane as u32)).is_none() {
                    return Err(Error::unavailable(format!(
                        "cannot write part of lane {lane} of {r}: its other bytes are not in the wave state"
                    )));
                }
            }
            let v = self
                .vectors
                .entry(r)
                .or_insert_with(|| VectorRegister::unavailable(ws));
            for lane in (off / 4)..(off + data.len()).div_ceil(4) {
                let mut bytes = v.get(lane as u32).unwrap_or(0).to_le_bytes();
                for (k, b) in bytes.iter_mut().enumerate() {
                    let pos = lane * 4 + k;
                    if pos >= off && pos < off + data.len() {
                        *b = data[pos - off];
                    }
                }
                v.set(lane as u32, Some(u32::from_le_bytes(bytes)));
            }
        } else {
            let whole = off == 0 && data.len() == size;
            let old = match self.scalars.get(&r) {
                Some(v) => *v,
                None if whole => 0,
                None => {
                    return Err(Error::unavailable(format!(
                        "cannot write part of {r}: its other bytes are not in the wave state"
                    )));
                }
            };
            let mut bytes = old.to_le_bytes();
            bytes[off..off + data.len()].copy_from_slice(data);
            self.scalars.insert(r, u64::from_le_bytes(bytes));
        }
        Ok(())
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> Result<()> {
        let space = AddressSpaceId::from_number(aspace).ok_or_else(|| {
            Error::ill_formed(format!("address space {aspace} is not defined for AMDGPU"))
        })?;
        self.read(space, lane, address, buf)
    }

    /// Memory reads say exactly which bytes are missing, gap by gap; register reads are
    /// answered one by one.
    fn read_batch(&mut self, reads: &mut [Read<'_>]) -> Result<()> {
        for r in reads.iter_mut() {
            match r.place {
                Place::Memory { aspace, lane } => {
                    let space = AddressSpaceId::from_number(aspace).ok_or_else(|| {
                        Error::ill_formed(format!(
                            "address space {aspace} is not defined for AMDGPU"
                        ))
                    })?;
                    r.error = self.read_available(space, lane, r.offset, r.data, r.unavailable)?;
                }
                _ => read_singly(self, std::slice::from_mut(r))?,
            }
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
        let space = AddressSpaceId::from_number(aspace).ok_or_else(|| {
            Error::ill_formed(format!("address space {aspace} is not defined for AMDGPU"))
        })?;
        self.write(space, lane, address, data)
    }

    fn relocate(&self, address: u64) -> u64 {
        address.wrapping_add(self.load_bias)
    }

    /// `addrspacecast`: generic -> local/private requires the address in that aperture
    /// (generic null becomes the segment null `0xffffffff`); local/private -> generic adds
    /// the aperture base (segment null becomes 0); generic <-> global is the identity for
    /// global addresses; private_lane <-> private_wave swizzles with the focused lane.
    fn convert_address(&mut self, address: u64, from: u64, to: u64) -> Result<u64> {
        use AddressSpaceId as S;
        let name = |n: u64| S::from_number(n).map_or_else(|| n.to_string(), |s| s.to_string());
        let fail = |why: &str| {
            Err(Error::evaluation(format!(
                "cannot convert {} address {address:#x} to {}: {why}",
                name(from),
                name(to)
            )))
        };
        let (Some(f), Some(t)) = (S::from_number(from), S::from_number(to)) else {
            return fail("address space not defined for AMDGPU");
        };
        if f == t {
            return Ok(address);
        }
        let ws = self.wave_size();
        let ap = self.apertures;
        match (f, t) {
            (S::Generic, S::Global) => match ap.resolve(address) {
                FlatTarget::Global(a) => Ok(a),
                _ => fail("the address is in an aperture"),
            },
            (S::Global, S::Generic) => match ap.to_generic(FlatTarget::Global(address)) {
                Some(a) => Ok(a),
                None => fail("the global address lies inside an aperture"),
            },
            (S::Generic, S::Local | S::PrivateLane | S::PrivateWave) if address == 0 => {
                Ok(SEGMENT_NULL)
            }
            (S::Generic, S::Local) => match ap.resolve(address) {
                FlatTarget::Local(a) => Ok(a),
                _ => fail("the address is not in the shared aperture"),
            },
            (S::Generic, S::PrivateLane | S::PrivateWave) => match ap.resolve(address) {
                FlatTarget::Private(p) => {
                    let lane = self.lane_for(None, "private address conversion")?;
                    if t == S::PrivateLane {
                        Ok(p)
                    } else {
                        swizzle(p, lane, ws).map_or_else(|| fail("beyond 4 GiB of scratch"), Ok)
                    }
                }
                _ => fail("the address is not in the private aperture"),
            },
            (S::Local | S::PrivateLane | S::PrivateWave, S::Generic) if address == SEGMENT_NULL => {
                Ok(0)
            }
            (S::Local, S::Generic) => ap
                .to_generic(FlatTarget::Local(address))
                .map_or_else(|| fail("not a 32-bit address"), Ok),
            (S::PrivateLane, S::Generic) => {
                self.lane_for(None, "private address conversion")?;
                ap.to_generic(FlatTarget::Private(address))
                    .map_or_else(|| fail("not a 32-bit address"), Ok)
            }
            (S::PrivateWave, S::Generic | S::PrivateLane) => {
                let lane = self.lane_for(None, "private address conversion")?;
                let (owner, p) = unswizzle(address, ws);
                if owner != lane {
                    return fail(&format!(
                        "the address belongs to lane {owner}, not the current lane {lane}"
                    ));
                }
                if t == S::PrivateLane {
                    Ok(p)
                } else {
                    Ok(ap.private_base | p)
                }
            }
            (S::PrivateLane, S::PrivateWave) => {
                let lane = self.lane_for(None, "private address conversion")?;
                swizzle(address, lane, ws).map_or_else(|| fail("beyond 4 GiB of scratch"), Ok)
            }
            _ => fail("no such conversion"),
        }
    }
}
