//! `hetdwarf backtrace`: unwind a saved wave state through the code object's call frame
//! information and print each frame's PC, function (with inlined calls), CFA, and the
//! per-lane PCs where the lanes diverge (`DW_AT_LLVM_lane_pc`), as text or JSON.

use std::fmt::Write;
use std::path::PathBuf;

use hetdwarf::eval::LocDesc;
use hetdwarf::expr::Encoding;
use hetdwarf::index::{DwarfIndex, ScopeKind};
use hetdwarf_amdgpu::unwind::lanes::{FrameLanes, LaneSource, frame_lanes, wave_size_of};
use hetdwarf_amdgpu::unwind::{CallFrames, Stack, describe_cfa, unwind};
use hetdwarf_amdgpu::{CodeObject, WaveState};
use serde_json::{Value, json};

use crate::failure::Failure;
use crate::load;
use crate::output::{Format, json as render_json};

/// Arguments of `hetdwarf backtrace`.
#[derive(clap::Args)]
pub struct BacktraceArgs {
    /// Code object, offload bundle or host ELF.
    pub file: PathBuf,
    /// The saved wave state (`hetdwarf-wave-state/1` JSON).
    #[arg(long)]
    pub state: PathBuf,
    /// Show the frames of this lane only (frames where the lane was not active on entry
    /// are skipped, as the lane does not "have" them).
    #[arg(long, value_parser = crate::output::parse_u32)]
    pub lane: Option<u32>,
    /// Pick this processor's entry of a container (`gfx90a`, `gfx90a:xnack+`, or an
    /// entry id as errors list them).
    #[arg(long)]
    pub processor: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// How bare vector registers are read (for the names and entry values of frames):
    /// per unit from its contents (auto), as upstream LLVM means them, or by the letter.
    #[arg(long, value_enum, default_value_t = crate::output::Conventions::Auto)]
    pub conventions: crate::output::Conventions,
}

/// One printed frame.
struct FrameOut {
    index: usize,
    pc: u64,
    lookup_pc: u64,
    /// Innermost first: inlined subroutines, then the subprogram.
    functions: Vec<String>,
    symbol: Option<String>,
    cfa: Option<(String, u64)>,
    cfa_rule: Option<String>,
    cfa_error: Option<String>,
    lanes: Result<Option<FrameLanes>, String>,
    outermost: bool,
}

/// Runs the command; the output text (or JSON document).
pub fn run(args: &BacktraceArgs) -> Result<String, crate::failure::Failure> {
    let input = load::open(&args.file)?;
    let co = load::code_object(&input, args.processor.as_deref())?;
    let mut state = load::state(&args.state)?;
    hetdwarf_amdgpu::stop::check_state(&co, &state)?;
    if let Some(l) = args.lane {
        // The same check and message as the other per-lane commands.
        crate::variables::lane_in_wave(l, &state, &args.state)?;
    }
    let sections = load::sections(&co)?;
    let dbg = load::debug_info(&co, &sections, args.conventions).ok();
    let encoding = dbg
        .as_ref()
        .and_then(|d| d.expression_profile().ok())
        .map(|p| p.encoding.encoding)
        .unwrap_or(Encoding::User);
    let cfi = CallFrames::of(&co, encoding).map_err(|e| match e {
        hetdwarf_amdgpu::unwind::UnwindError::Cfi(e) => {
            Failure::library(hetdwarf::Error::from(e), format_args!("{}: ", co.name()))
        }
        hetdwarf_amdgpu::unwind::UnwindError::CodeObject(e) => Failure::library(e, ""),
        e => Failure::library(e, format_args!("{}: ", co.name())),
    })?;
    let stack = unwind(&cfi, &mut state)
        .map_err(|e| Failure::library(e, format_args!("{}: ", args.state.display())))?;
    let frames = describe(&co, &cfi, dbg.as_ref(), &stack, &mut state, encoding);
    Ok(match args.format {
        Format::Text => text_output(&co, &state, &stack, &frames, args.lane),
        Format::Json => render_json(&json_output(&co, &state, &stack, &frames, args.lane)),
    })
}

fn describe(
    co: &CodeObject<'_>,
    cfi: &CallFrames<'_>,
    dbg: Option<&DwarfIndex<'_>>,
    stack: &Stack<'_>,
    state: &mut WaveState,
    encoding: Encoding,
) -> Vec<FrameOut> {
    let target = hetdwarf_amdgpu::registers::dwarf_target(state.processor(), state.wave_size());
    let mut out = Vec::new();
    for (i, f) in stack.frames.iter().enumerate() {
        let mut functions = Vec::new();
        let mut subprogram_die = None;
        if let Some(dbg) = dbg
            && let Ok(chain) = dbg.scopes_at(f.lookup_pc)
        {
            for s in chain {
                let Ok(scope) = dbg.scope(s) else { continue };
                match scope.kind {
                    ScopeKind::Subprogram | ScopeKind::InlinedSubroutine => {
                        let name = scope
                            .name
                            .as_deref()
                            .or(scope.linkage_name.as_deref())
                            .unwrap_or("??")
                            .to_string();
                        if scope.kind == ScopeKind::InlinedSubroutine {
                            functions.push(format!("{name} (inlined)"));
                        } else {
                            functions.push(name);
                            subprogram_die = Some(scope.die);
                        }
                    }
                    _ => {}
                }
            }
        }
        let symbol = co.function_at(f.lookup_pc).map(|s| s.name.clone());
        let cfa = f.cfa.as_ref().and_then(|c| cfa_text(c, &target));
        let lanes = match (dbg, subprogram_die) {
            (Some(dbg), Some(die)) => {
                let ws = wave_size_of(co, cfi, f.lookup_pc)
                    .map(|(w, _)| w)
                    .unwrap_or(state.wave_size());
                let mut ctx = stack.context(state, i as u32);
                frame_lanes(&mut ctx, dbg, die, f.lookup_pc, ws, encoding)
                    .map(Some)
                    .map_err(|e| e.to_string())
            }
            _ => Ok(None),
        };
        out.push(FrameOut {
            index: i,
            pc: f.pc,
            lookup_pc: f.lookup_pc,
            functions,
            symbol,
            cfa,
            cfa_rule: f.row.as_ref().map(|r| describe_cfa(&r.cfa, &target)),
            cfa_error: f.cfa_error.clone(),
            lanes,
            outermost: f.is_outermost(),
        });
    }
    out
}

fn cfa_text(loc: &LocDesc, target: &hetdwarf::target::Target) -> Option<(String, u64)> {
    let (space, addr) = loc.memory_address()?;
    let name = target
        .address_space(space)
        .map(|s| s.name.to_string())
        .unwrap_or_else(|| format!("aspace{space}"));
    Some((name, addr))
}

/// Lanes grouped by PC: (first, last, pc) runs of consecutive lanes.
fn groups(pcs: &[Option<u64>]) -> Vec<(usize, usize, Option<u64>)> {
    let mut g: Vec<(usize, usize, Option<u64>)> = Vec::new();
    for (l, pc) in pcs.iter().enumerate() {
        match g.last_mut() {
            Some(last) if last.2 == *pc && last.1 + 1 == l => last.1 = l,
            _ => g.push((l, l, *pc)),
        }
    }
    g
}

fn lane_range(a: usize, b: usize) -> String {
    if a == b {
        format!("lane {a}")
    } else {
        format!("lanes {a}-{b}")
    }
}

fn source_text(s: LaneSource, attr: &str, hw: &str) -> String {
    match s {
        LaneSource::Attribute(code) => format!("{attr} ({:#x})", code.0),
        LaneSource::Hardware => hw.to_string(),
    }
}

fn text_output(
    co: &CodeObject<'_>,
    state: &WaveState,
    stack: &Stack<'_>,
    frames: &[FrameOut],
    lane: Option<u32>,
) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: {} wave{}, {} frame{}{}",
        co.name(),
        state.processor(),
        state.wave_size(),
        frames.len(),
        if frames.len() == 1 { "" } else { "s" },
        if stack.complete() {
            " (complete: the outermost frame's return address is undefined)"
        } else {
            ""
        }
    );
    if let Some(l) = lane {
        let _ = writeln!(s, "lane {l}");
    }
    for f in frames {
        let lane_pc = match (&f.lanes, lane) {
            (Ok(Some(fl)), Some(l)) => Some(fl.pcs.get(l as usize).copied().flatten()),
            _ => None,
        };
        if lane_pc == Some(None) {
            let _ = writeln!(
                s,
                "#{:<2} (lane {} was not active on entry to {}: frame skipped)",
                f.index,
                lane.unwrap_or(0),
                f.functions.last().map_or("this function", String::as_str)
            );
            continue;
        }
        let pc = lane_pc.flatten().unwrap_or(f.pc);
        let name = match (f.functions.last(), &f.symbol) {
            (Some(n), Some(sym)) if n != sym => format!("{n} [{sym}]"),
            (Some(n), _) => n.clone(),
            (None, Some(sym)) => sym.clone(),
            (None, None) => "??".into(),
        };
        for inl in f.functions.iter().take(f.functions.len().saturating_sub(1)) {
            let _ = writeln!(
                s,
                "#{:<2} {pc:#x} in {}",
                f.index,
                crate::output::one_line(inl)
            );
        }
        let _ = write!(
            s,
            "#{:<2} {pc:#x} in {}",
            f.index,
            crate::output::one_line(&name)
        );
        match &f.cfa {
            Some((space, a)) => {
                let _ = write!(s, ", CFA {space}#{a:#x}");
            }
            None => {
                let _ = write!(
                    s,
                    ", CFA unknown{}",
                    f.cfa_error
                        .as_deref()
                        .map(|e| format!(" ({e})"))
                        .unwrap_or_default()
                );
            }
        }
        if let Some(r) = &f.cfa_rule {
            let _ = write!(s, " [{r}]");
        }
        if f.index > 0 {
            let _ = write!(s, ", call site {:#x}", f.lookup_pc);
        }
        if f.outermost {
            let _ = write!(s, ", outermost");
        }
        if let (Ok(Some(fl)), Some(l)) = (&f.lanes, lane)
            && !fl.active.get(l as usize).copied().unwrap_or(false)
        {
            let _ = write!(s, " (lane {l} inactive here)");
        }
        s.push('\n');
        match &f.lanes {
            Ok(Some(fl)) if lane.is_none() => {
                let first = f.index == 0
                    || !matches!(&frames[f.index - 1].lanes, Ok(Some(p)) if p.lanes == fl.lanes);
                if fl.lanes_from == LaneSource::Hardware && first {
                    let _ = writeln!(
                        s,
                        "     {} lanes (no DW_AT_LLVM_lanes: the wave size)",
                        fl.lanes
                    );
                }
                if fl.divergent() || fl.pcs.iter().any(Option::is_none) {
                    let _ = writeln!(
                        s,
                        "     lane PCs from {}:",
                        source_text(fl.pcs_from, "DW_AT_LLVM_lane_pc", "the wave PC")
                    );
                    for (a, b, pc) in groups(&fl.pcs) {
                        match pc {
                            Some(pc) => {
                                let _ = writeln!(s, "       {}: {pc:#x}", lane_range(a, b));
                            }
                            None => {
                                let _ = writeln!(
                                    s,
                                    "       {}: undefined (not active on entry)",
                                    lane_range(a, b)
                                );
                            }
                        }
                    }
                }
                let active: Vec<usize> = (0..fl.active.len()).filter(|&l| fl.active[l]).collect();
                let _ = writeln!(
                    s,
                    "     active lanes ({}): {}",
                    source_text(fl.active_from, "DW_AT_LLVM_active_lane", "EXEC"),
                    ranges(&active)
                );
            }
            Err(e) => {
                let _ = writeln!(s, "     lanes: {e}");
            }
            _ => {}
        }
    }
    if let Some(why) = &stack.stopped {
        let _ = writeln!(s, "unwinding stopped: {why}");
    }
    s
}

fn ranges(lanes: &[usize]) -> String {
    if lanes.is_empty() {
        return "none".into();
    }
    let mut parts = Vec::new();
    let mut start = lanes[0];
    let mut prev = lanes[0];
    for &l in &lanes[1..] {
        if l != prev + 1 {
            parts.push(if start == prev {
                start.to_string()
            } else {
                format!("{start}-{prev}")
            });
            start = l;
        }
        prev = l;
    }
    parts.push(if start == prev {
        start.to_string()
    } else {
        format!("{start}-{prev}")
    });
    parts.join(",")
}

fn source_json(s: LaneSource) -> Value {
    match s {
        LaneSource::Attribute(code) => json!({ "attribute": format!("{:#x}", code.0) }),
        LaneSource::Hardware => json!("hardware"),
    }
}

fn json_output(
    co: &CodeObject<'_>,
    state: &WaveState,
    stack: &Stack<'_>,
    frames: &[FrameOut],
    lane: Option<u32>,
) -> Value {
    let frames: Vec<Value> = frames
        .iter()
        .map(|f| {
            let lanes = match &f.lanes {
                Ok(Some(fl)) => json!({
                    "count": fl.lanes,
                    "count_from": source_json(fl.lanes_from),
                    "numbering": format!("{:?}", fl.numbering).to_lowercase(),
                    "pc_from": source_json(fl.pcs_from),
                    "active_from": source_json(fl.active_from),
                    "divergent": fl.divergent(),
                    "pcs": fl.pcs.iter().map(|p| p.map(|p| format!("{p:#x}"))).collect::<Vec<_>>(),
                    "active": fl.active,
                }),
                Ok(None) => Value::Null,
                Err(e) => json!({ "error": e }),
            };
            let lane_pc = match (&f.lanes, lane) {
                (Ok(Some(fl)), Some(l)) => json!(
                    fl.pcs
                        .get(l as usize)
                        .copied()
                        .flatten()
                        .map(|p| format!("{p:#x}"))
                ),
                _ => Value::Null,
            };
            json!({
                "index": f.index,
                "pc": format!("{:#x}", f.pc),
                "lookup_pc": format!("{:#x}", f.lookup_pc),
                "functions": f.functions,
                "symbol": f.symbol,
                "cfa": f.cfa.as_ref().map(|(s, a)| json!({ "space": s, "address": format!("{a:#x}") })),
                "cfa_rule": f.cfa_rule,
                "cfa_error": f.cfa_error,
                "outermost": f.outermost,
                "lanes": lanes,
                "lane_pc": lane_pc,
            })
        })
        .collect();
    json!({
        "file": co.name(),
        "processor": state.processor(),
        "wave_size": state.wave_size(),
        "lane": lane,
        "complete": stack.complete(),
        "stopped": stack.stopped,
        "frames": frames,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn corpus(path: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../corpora")
            .join(path)
    }

    fn args(file: &str, state: &str, lane: Option<u32>, format: Format) -> BacktraceArgs {
        BacktraceArgs {
            file: corpus(file),
            state: corpus(state),
            lane,
            processor: None,
            format,
            conventions: crate::output::Conventions::Auto,
        }
    }

    #[test]
    fn text_backtrace_through_two_device_calls() {
        let out = run(&args(
            "rocm/ocl-gfx90a-O0.hsaco",
            "states/unwind-ocl-gfx90a-O0.json",
            None,
            Format::Text,
        ))
        .unwrap();
        assert!(out.contains("4 frames (complete"), "{out}");
        assert!(
            out.contains("#0  0x2400 in leaf_mix, CFA private_wave#0x3000"),
            "{out}"
        );
        assert!(
            out.contains("#1  0x2cbc in stage, CFA private_wave#0x2000"),
            "{out}"
        );
        assert!(
            out.contains("#2  0x3cdc in particles [__clang_ocl_kern_imp_particles]"),
            "{out}"
        );
        assert!(out.contains("outermost"), "{out}");
    }

    #[test]
    fn json_lane_pcs_where_lanes_diverge() {
        let out = run(&args(
            "hand-lanes/lane-pc-gfx90a-old.hsaco",
            "states/unwind-lane-pc-gfx90a.json",
            None,
            Format::Json,
        ))
        .unwrap();
        let v: Value = serde_json::from_str(&out).unwrap();
        let f = &v["frames"][0];
        assert_eq!(f["functions"][0], "divergent");
        assert_eq!(f["lanes"]["divergent"], true);
        assert_eq!(f["lanes"]["pcs"][0], "0x1510");
        assert_eq!(f["lanes"]["pcs"][8], "0x1518");
        assert_eq!(f["lanes"]["pcs"][16], Value::Null);
        let text = run(&args(
            "hand-lanes/lane-pc-gfx90a-old.hsaco",
            "states/unwind-lane-pc-gfx90a.json",
            None,
            Format::Text,
        ))
        .unwrap();
        assert!(text.contains("lanes 8-15: 0x1518"), "{text}");
        assert!(
            text.contains("lanes 16-63: undefined (not active on entry)"),
            "{text}"
        );
        // Lane 20 was not active on entry: it has no frame here.
        let lane = run(&args(
            "hand-lanes/lane-pc-gfx90a-old.hsaco",
            "states/unwind-lane-pc-gfx90a.json",
            Some(20),
            Format::Text,
        ))
        .unwrap();
        assert!(lane.contains("lane 20 was not active on entry"), "{lane}");
        let lane = run(&args(
            "hand-lanes/lane-pc-gfx90a-old.hsaco",
            "states/unwind-lane-pc-gfx90a.json",
            Some(9),
            Format::Text,
        ))
        .unwrap();
        assert!(lane.contains("#0  0x1518 in divergent"), "{lane}");
    }

    #[test]
    fn bad_lane_is_an_error() {
        let e = run(&args(
            "rocm/ocl-gfx90a-O0.hsaco",
            "states/unwind-ocl-gfx90a-O0.json",
            Some(64),
            Format::Text,
        ))
        .unwrap_err();
        assert!(
            e.message
                .contains("unwind-ocl-gfx90a-O0.json: lane 64 does not exist"),
            "{e}"
        );
        assert_eq!(e.kind, "usage");
    }
}
