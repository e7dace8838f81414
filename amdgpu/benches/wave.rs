//! Wave-state benchmarks: loading (and saving) a large `hetdwarf-wave-state/1` file, and
//! evaluating and reading one variable for every lane of a wave64.
//!
//! `cargo bench -p hetdwarf-amdgpu --bench wave`
//!
//! - `load/wave64-512vregs-1MiB`: gfx90a wave64 with v0-v255 and a0-a255 (512 vector
//!   registers of 64 lanes: the whole unified register file), 106 SGPRs and 1 MiB of
//!   scratch in one private_wave region, generated here;
//! - `load/wave32-v0-v511-1MiB`: gfx1100 wave32 with v0-v511 and the same scratch;
//! - `save/...`: `to_json` of the wave64 state;
//! - `eval/vgpr-all-lanes`: `DW_OP_regx v1; push_lane; lit4; mul; LLVM_offset` evaluated
//!   and read (4 bytes) for lanes 0-63;
//! - `eval/scratch-all-lanes`: a private_lane variable through the frame pointer
//!   (`regx s33; deref_size 4; lit6; shr; lit5; form_aspace_address; lit8; offset`) for
//!   lanes 0-63.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use hetdwarf::eval::{self, BaseType, Evaluator};
use hetdwarf::expr::{DecodeParams, Encoding, asm};
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::registers::Register;

const SCRATCH: usize = 1 << 20;

fn state_json(processor: &str, ws: u32, vregs: &[(char, u32)]) -> String {
    let mut s = String::with_capacity(8 << 20);
    s.push_str(&format!(
        "{{\n  \"format\": \"hetdwarf-wave-state/1\",\n  \"processor\": \"{processor}\",\n  \"wave_size\": {ws},\n  \"pc\": \"0x1c40\",\n  \"exec\": \"{:#x}\",\n  \"registers\": {{\n",
        if ws == 64 { u64::MAX } else { u64::from(u32::MAX) }
    ));
    let mut first = true;
    for n in 0..106u32 {
        if !first {
            s.push_str(",\n");
        }
        first = false;
        s.push_str(&format!("    \"s{n}\": \"{:#x}\"", n * 0x100));
    }
    for &(kind, count) in vregs {
        for n in 0..count {
            s.push_str(&format!(",\n    \"{kind}{n}\": ["));
            for lane in 0..ws {
                if lane > 0 {
                    s.push_str(", ");
                }
                s.push_str(&format!("\"{:#x}\"", n.wrapping_mul(0x10001) ^ lane));
            }
            s.push(']');
        }
    }
    s.push_str("\n  },\n  \"memory\": [\n    { \"space\": \"private_wave\", \"address\": \"0x0\", \"bytes\": \"");
    for i in 0..SCRATCH {
        s.push_str(&format!("{:02x}", (i * 7 + i / 256) as u8));
    }
    s.push_str("\" }\n  ]\n}\n");
    s
}

fn bench(c: &mut Criterion) {
    let w64 = state_json("gfx90a", 64, &[('v', 256), ('a', 256)]);
    let w32 = state_json("gfx1100", 32, &[('v', 512)]);
    let mut g = c.benchmark_group("load");
    g.sample_size(20);
    g.throughput(Throughput::Bytes(w64.len() as u64));
    g.bench_function("wave64-512vregs-1MiB", |b| {
        b.iter(|| WaveState::from_json(black_box(&w64)).unwrap())
    });
    g.throughput(Throughput::Bytes(w32.len() as u64));
    g.bench_function("wave32-v0-v511-1MiB", |b| {
        b.iter(|| WaveState::from_json(black_box(&w32)).unwrap())
    });
    g.finish();

    let state = WaveState::from_json(&w64).unwrap();
    let mut g = c.benchmark_group("save");
    g.sample_size(20);
    g.throughput(Throughput::Bytes(w64.len() as u64));
    g.bench_function("wave64-512vregs-1MiB", |b| {
        b.iter(|| black_box(&state).to_json())
    });
    g.finish();

    let mut state = state;
    let names = state.register_map();
    let params = DecodeParams::amdgpu(Encoding::User);
    let vgpr = asm::assemble(
        "DW_OP_regx 2561 DW_OP_LLVM_user DW_OP_LLVM_push_lane DW_OP_lit4 DW_OP_mul DW_OP_LLVM_user DW_OP_LLVM_offset",
        &names,
        params,
    )
    .unwrap();
    let scratch = asm::assemble(
        "regx s33 deref_size 4 lit6 shr lit5 LLVM_form_aspace_address lit8 LLVM_offset",
        &names,
        params,
    )
    .unwrap();
    state.set_scalar(Register::Sgpr(33), 0x400 * 64).unwrap();
    let mut ev = Evaluator::new();
    let mut g = c.benchmark_group("eval");
    g.throughput(Throughput::Elements(64));
    for (name, expr) in [("vgpr-all-lanes", &vgpr), ("scratch-all-lanes", &scratch)] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for lane in 0..64 {
                    state.set_lane(Some(lane)).unwrap();
                    let loc = ev.evaluate_location(&mut state, expr).unwrap();
                    let v = eval::read_value(&mut state, &loc, 32, BaseType::unsigned(32)).unwrap();
                    sum = sum.wrapping_add(v.to_u64());
                }
                black_box(sum)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
