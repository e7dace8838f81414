//! How a debugger backend embeds hetdwarf: it implements [`Context`] over its own access
//! to a wave (here a toy "remote" that answers register and memory requests from maps, as
//! a real backend would over amd-dbgapi), then uses the index, frames and typed values
//! unchanged.
//!
//! Run: `cargo run --example remote_backend -- corpora/rocm/ocl-gfx90a-O2.hsaco 0x1b40`

use std::collections::HashMap;

use hetdwarf::eval::{self, Context};
use hetdwarf::index::DebugInfo;
use hetdwarf::target::Target;
use hetdwarf::var::Frame;

/// A remote wave: what the backend fetched so far, and a counter of round trips.
struct RemoteWave {
    target: Target,
    registers: HashMap<u64, Vec<u8>>,
    memory: HashMap<(u64, Option<u32>, u64), u8>,
    round_trips: usize,
}

impl Context for RemoteWave {
    fn target(&self) -> &Target {
        &self.target
    }

    fn read_register(
        &mut self,
        reg: u64,
        _frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.round_trips += 1;
        let bytes = self
            .registers
            .get(&reg)
            .ok_or_else(|| eval::Error::unavailable(format!("register {reg} not fetched")))?;
        let start = offset as usize;
        let src = bytes
            .get(start..start + buf.len())
            .ok_or_else(|| eval::Error::unavailable("register bytes out of range"))?;
        buf.copy_from_slice(src);
        Ok(())
    }

    fn read_memory(
        &mut self,
        aspace: u64,
        lane: Option<u32>,
        address: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        self.round_trips += 1;
        for (i, b) in buf.iter_mut().enumerate() {
            *b = *self
                .memory
                .get(&(aspace, lane, address + i as u64))
                .ok_or_else(|| eval::Error::unavailable("memory not fetched"))?;
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

    // 1. Open the code object and index its DWARF.
    let input = hetdwarf_amdgpu::Input::open(std::path::Path::new(&path))?;
    let co = input.code_object(None)?;
    let sections = co.dwarf_sections()?;
    let dbg = DebugInfo::new(|id| sections.get(id))?;
    let encoding = dbg.expression_profile()?.encoding.encoding;

    // 2. The backend's view of the wave: every VGPR lane holds lane * 16.
    let wave = co.common_wave_size();
    let mut registers = HashMap::new();
    for v in 0..16u64 {
        let bytes: Vec<u8> = (0..wave)
            .flat_map(|lane| (lane * 16 + v as u32).to_le_bytes())
            .collect();
        registers.insert(2560 + v, bytes);
    }
    let mut remote = RemoteWave {
        target: hetdwarf_amdgpu::dwarf_target(&co.target().processor, wave),
        registers,
        memory: HashMap::new(),
        round_trips: 0,
    };

    // 3. The frame at the PC, its variables, and their values in lanes 0..4.
    let frame = Frame::at(&dbg, pc, encoding)?.ok_or("no subprogram at that PC")?;
    let lanes: Vec<Option<u32>> = (0..4).map(Some).collect();
    for var in frame.variables()? {
        let name = dbg.variable(var)?.name.clone().unwrap_or_default();
        let values = frame.values(&mut remote, var, "", &lanes, &|_| Some(true));
        let shown: Vec<String> = values
            .iter()
            .map(|v| match &v.value {
                Ok(t) => t.render_text(),
                Err(e) => format!("<{e}>"),
            })
            .collect();
        println!("{name}: {}", shown.join(" | "));
    }
    println!("({} round trips to the remote)", remote.round_trips);
    Ok(())
}
