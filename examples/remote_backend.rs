//! How a debugger backend embeds hetdwarf: it implements [`Backend`] over its own access
//! to a wave (here a toy "remote" that answers register and memory requests from maps, as
//! a real backend would over amd-dbgapi or a network), then uses the index, frames and
//! typed values unchanged.
//!
//! Every call into the remote is a round trip. The remote answers a whole batch of reads
//! in one ([`Backend::read_batch`], saying per byte what it could not fetch), and the
//! backend keeps one [`ReadCache`] per stop, so each register crosses once per stop. The
//! example reads the locals twice, without and with both, and prints the round trips.
//!
//! Run: `cargo run -p hetdwarf --example remote_backend -- corpora/rocm/ocl-gfx90a-O2.hsaco 0x1b40`

use std::collections::HashMap;

use hetdwarf::eval::{self, Backend, Place, ReadCache};
use hetdwarf::index::DwarfIndex;
use hetdwarf::target::Target;
use hetdwarf::var::Frame;

/// A remote wave: what the remote holds, and a counter of round trips to it.
struct RemoteWave {
    target: Target,
    registers: HashMap<u64, Vec<u8>>,
    memory: HashMap<(u64, Option<u32>, u64), u8>,
    /// Whether the remote protocol has a batched read.
    batching: bool,
    round_trips: usize,
}

impl RemoteWave {
    /// The remote's side of a read: fills `buf` and flags the bytes it does not have.
    fn serve(&self, place: Place, offset: u64, buf: &mut [u8], missing: &mut [bool]) {
        for (i, (b, m)) in buf.iter_mut().zip(missing.iter_mut()).enumerate() {
            let at = offset + i as u64;
            let byte = match place {
                Place::Register { reg, .. } => self
                    .registers
                    .get(&reg)
                    .and_then(|r| r.get(at as usize))
                    .copied(),
                Place::Memory { aspace, lane } => self.memory.get(&(aspace, lane, at)).copied(),
                // A kind of place this remote does not know: nothing there.
                _ => None,
            };
            match byte {
                Some(v) => *b = v,
                None => *m = true,
            }
        }
    }

    fn single(&mut self, place: Place, offset: u64, buf: &mut [u8]) -> eval::Result<()> {
        self.round_trips += 1;
        let mut missing = vec![false; buf.len()];
        self.serve(place, offset, buf, &mut missing);
        match missing.iter().position(|&m| m) {
            None => Ok(()),
            Some(i) => Err(eval::Error::unavailable(format!(
                "the remote does not hold byte {:#x} of {place:?}",
                offset + i as u64
            ))),
        }
    }
}

impl Backend for RemoteWave {
    fn target(&self) -> &Target {
        &self.target
    }

    fn read_register(
        &mut self,
        reg: u64,
        frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.single(Place::Register { reg, frame }, offset, buf)
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.single(Place::Memory { aspace, lane }, address, buf)
    }

    fn read_batch(&mut self, reads: &mut [eval::Read<'_>]) -> eval::Result<()> {
        if !self.batching {
            return eval::read_singly(self, reads);
        }
        // One request carrying every read, one answer with every byte's status.
        self.round_trips += 1;
        for r in reads.iter_mut() {
            self.serve(r.place, r.offset, r.data, r.unavailable);
            if !r.is_complete() {
                r.error = Some(eval::Error::unavailable(format!(
                    "the remote does not hold all of {:?} at {:#x}",
                    r.place, r.offset
                )));
            }
        }
        Ok(())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .unwrap_or_else(|| "corpora/rocm/ocl-gfx90a-O2.hsaco".into());
    let pc = args
        .next()
        .map(|s| u64::from_str_radix(s.trim_start_matches("0x"), 16))
        .transpose()?
        .unwrap_or(0x1b40);

    // 1. Open the code object and index its DWARF (a session owns both).
    let session = hetdwarf_amdgpu::Session::open(std::path::Path::new(&path), None)?;
    session.with_debug_info(|dbg| read_locals(&session, dbg, pc))
}

fn read_locals(
    session: &hetdwarf_amdgpu::Session,
    dbg: &DwarfIndex<'_>,
    pc: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    let co = session.code_object();
    let encoding = dbg.expression_profile()?.encoding.encoding;

    // 2. The remote's view of the wave: every VGPR lane holds lane * 16 + register.
    let wave = co.common_wave_size();
    let mut registers = HashMap::new();
    for v in 0..16u64 {
        let bytes: Vec<u8> = (0..wave)
            .flat_map(|lane| (lane * 16 + v as u32).to_le_bytes())
            .collect();
        registers.insert(2560 + v, bytes);
    }
    let mut remote = RemoteWave {
        target: hetdwarf_amdgpu::registers::dwarf_target(&co.target().processor, wave),
        registers,
        memory: HashMap::new(),
        batching: false,
        round_trips: 0,
    };

    // 3. The frame at the PC, its variables, and their values in every lane: first with
    //    single reads and no cache, then as a backend should (batches, a cache per stop).
    let frame = Frame::at(dbg, pc, encoding)?.ok_or("no subprogram at that PC")?;
    let lanes: Vec<Option<u32>> = (0..wave).map(Some).collect();
    let mut shown_before = Vec::new();
    for var in frame.variables()? {
        shown_before.push(frame.values(&mut remote, var, "", &lanes, &|_| Some(true)));
    }
    let before = remote.round_trips;

    remote.batching = true;
    remote.round_trips = 0;
    let mut stop = ReadCache::new(&mut remote);
    for (var, before) in frame.variables()?.into_iter().zip(&shown_before) {
        let name = dbg.variable(var)?.name.clone().unwrap_or_default();
        let values = frame.values(&mut stop, var, "", &lanes, &|_| Some(true));
        let text = |v: &hetdwarf::var::LaneValue| match &v.value {
            Ok(t) => t.render_text(),
            Err(e) => format!("<{e}>"),
        };
        assert!(values.iter().map(text).eq(before.iter().map(text)));
        let first: Vec<String> = values.iter().take(4).map(text).collect();
        println!("{name}: {} | …", first.join(" | "));
    }
    drop(stop);
    println!(
        "{} lanes: {before} round trips with single reads and no cache, {} with batches and a cache per stop",
        lanes.len(),
        remote.round_trips
    );
    Ok(())
}
