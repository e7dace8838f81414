//! What the expression benchmarks share: the machine model both evaluators run against,
//! gimli's side of the comparison, the typical AMDGPU expressions and the real mix.

#![allow(dead_code)]

use gimli::{EvaluationResult, Value as GimliValue};
use hetdwarf::eval::{self, Backend, Context, Evaluator, LocDesc, Symbols};
use hetdwarf::expr::{DecodeParams, Encoding, asm};
use hetdwarf::target::Target;
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;

const FRAME_BASE: u64 = 0x10_0000;

/// Registers and memory (every byte a function of its address) and a fixed frame base.
pub struct Machine {
    pub state: State,
    pub symbols: FixedFrameBase,
}

/// The machine side: registers and memory, lane `lane` focused.
pub struct State {
    pub target: Target,
    pub lane: u32,
}

/// The DWARF side: a frame base at a fixed address.
pub struct FixedFrameBase;

impl Symbols for FixedFrameBase {
    fn frame_base(&mut self, _: &mut dyn Backend) -> eval::Result<LocDesc> {
        Ok(LocDesc::memory(0, 64, None, FRAME_BASE))
    }
}

impl Context for Machine {
    type Backend = State;
    type Symbols = FixedFrameBase;
    #[inline(always)]
    fn backend(&mut self) -> &mut State {
        &mut self.state
    }
    #[inline(always)]
    fn backend_ref(&self) -> &State {
        &self.state
    }
    #[inline(always)]
    fn symbols_ref(&self) -> &FixedFrameBase {
        &self.symbols
    }
    #[inline(always)]
    fn split(&mut self) -> (&mut State, &mut FixedFrameBase) {
        (&mut self.state, &mut self.symbols)
    }
}

fn byte_of(key: u64, i: u64) -> u8 {
    (key.wrapping_mul(31).wrapping_add(i.wrapping_mul(7))) as u8
}

impl Backend for State {
    fn target(&self) -> &Target {
        &self.target
    }

    fn lane(&self) -> Option<u32> {
        Some(self.lane)
    }

    fn read_register(
        &mut self,
        reg: u64,
        _frame: u32,
        offset: u64,
        buf: &mut [u8],
    ) -> eval::Result<()> {
        for (i, b) in buf.iter_mut().enumerate() {
            *b = byte_of(reg, offset + i as u64);
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
            *b = byte_of(aspace + 0x1000, address.wrapping_add(i as u64));
        }
        Ok(())
    }
}

pub fn gimli_evaluate(bytes: &[u8], m: &mut Machine) -> usize {
    gimli_try(bytes, m).expect("gimli evaluates the expression")
}

/// gimli's evaluation with the same machine; `None` if gimli cannot finish it (an
/// operation it does not support, or a request this harness does not answer).
pub fn gimli_try(bytes: &[u8], m: &mut Machine) -> Option<usize> {
    let encoding = gimli::Encoding {
        address_size: 8,
        format: gimli::Format::Dwarf32,
        version: 5,
    };
    let expr = gimli::Expression(gimli::EndianSlice::new(bytes, gimli::LittleEndian));
    let mut eval = expr.evaluation(encoding);
    let mut state = eval.evaluate().ok()?;
    loop {
        state = match state {
            EvaluationResult::Complete => break,
            EvaluationResult::RequiresMemory {
                address,
                size,
                space,
                ..
            } => {
                let mut buf = [0u8; 8];
                m.state
                    .read_memory(
                        space.unwrap_or(0),
                        None,
                        address,
                        &mut buf[..usize::from(size.min(8))],
                    )
                    .ok()?;
                eval.resume_with_memory(GimliValue::Generic(u64::from_le_bytes(buf)))
                    .ok()?
            }
            EvaluationResult::RequiresRegister { register, .. } => {
                let mut buf = [0u8; 8];
                m.state
                    .read_register(u64::from(register.0), 0, 0, &mut buf)
                    .ok()?;
                eval.resume_with_register(GimliValue::Generic(u64::from_le_bytes(buf)))
                    .ok()?
            }
            EvaluationResult::RequiresFrameBase => eval.resume_with_frame_base(FRAME_BASE).ok()?,
            _ => return None,
        };
    }
    Some(eval.result().len())
}

/// Every `DW_AT_location` expression (exprloc or location-list entry) of a real object that
/// both evaluators finish against the bench machine: rocRAND's gfx90a object if fetched
/// (`tools/fetch-rocrand.sh`), else the upstream clang 22 -O2 corpus object.
pub fn real_mix(m: &mut Machine) -> (String, Vec<(Vec<u8>, DecodeParams)>) {
    use hetdwarf::index::DwarfIndex;
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora");
    let path = [
        root.join("rocrand/rocrand-gfx90a-xnack-.co"),
        root.join("clang22/ocl-gfx90a-O2.hsaco"),
    ]
    .into_iter()
    .find(|p| p.exists())
    .expect("a corpus object");
    let input = hetdwarf_amdgpu::Input::open(&path).expect("open");
    let co = input.code_object(None).expect("code object");
    let sections = co.dwarf_sections().expect("sections");
    let dbg = DwarfIndex::new(|id| sections.get(id)).expect("index");
    let encoding = dbg.expression_profile().expect("profile").encoding.encoding;
    let mut evaluator = Evaluator::new();
    let mut exprs = Vec::new();
    for site in dbg.location_sites().expect("sites") {
        if site.attr != gimli::DW_AT_location {
            continue;
        }
        let params = dbg.decode_params(site.unit, encoding).unwrap();
        for entry in dbg.site_entries(&site).expect("entries") {
            if gimli_try(entry.expr, m).is_some()
                && evaluator
                    .evaluate_location_bytes(m, entry.expr, params)
                    .is_ok()
            {
                exprs.push((entry.expr.to_vec(), params));
            }
        }
    }
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    (name, exprs)
}

/// The machine every benchmark runs against: gfx90a, wave64, lane 5.
pub fn machine() -> Machine {
    Machine {
        state: State {
            target: hetdwarf_amdgpu::registers::dwarf_target("gfx90a", 64),
            lane: 5,
        },
        symbols: FixedFrameBase,
    }
}

/// The typical AMDGPU location expressions: name, bytes, and whether gimli evaluates them.
pub fn cases(params: DecodeParams) -> Vec<(&'static str, Vec<u8>, bool)> {
    let assemble = |text: &str| {
        asm::assemble(text, &AmdgpuDwarfdumpNames, params)
            .expect("assemble")
            .to_bytes()
    };
    let cases = [
        (
            "SGPR-pair composite",
            "DW_OP_regx SGPR6, DW_OP_piece 0x4, DW_OP_regx SGPR7, DW_OP_piece 0x4",
            true,
        ),
        (
            "VGPR pieces (4 registers)",
            "DW_OP_regx VGPR4, DW_OP_piece 0x4, DW_OP_regx VGPR5, DW_OP_piece 0x4, DW_OP_regx VGPR6, DW_OP_piece 0x4, DW_OP_regx VGPR7, DW_OP_piece 0x4",
            true,
        ),
        ("fbreg + deref", "DW_OP_fbreg +32, DW_OP_deref", true),
        (
            "bregx VGPR + xderef (clang)",
            "DW_OP_bregx VGPR18+0, DW_OP_lit5, DW_OP_swap, DW_OP_xderef",
            true,
        ),
        (
            "VGPR lane pattern (no gimli support)",
            "DW_OP_regx VGPR1, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_user DW_OP_LLVM_offset",
            false,
        ),
    ];
    cases
        .into_iter()
        .map(|(name, text, gimli)| (name, assemble(text), gimli))
        .collect()
}

/// The parameters of every typical case.
pub fn params() -> DecodeParams {
    DecodeParams::amdgpu(Encoding::User)
}
