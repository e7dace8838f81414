//! `hetdwarf print`, `locals` and `set`: variables of a frame of a saved wave, per lane.

use std::fmt::Write;
use std::path::PathBuf;

use hetdwarf::index::{DwarfIndex, VariableKind, VariableRef};
use hetdwarf::var::{Frame, LaneValue};
use hetdwarf_amdgpu::stop;
use hetdwarf_amdgpu::{SessionRef, WaveState, unwind::CallFrames};
use serde_json::{Value, json};

use crate::failure::Failure;
use crate::load;
use crate::output::{Conventions, Format, clip, clip_message, json as render_json};

/// Options shared by `print`, `locals` and `set`.
#[derive(clap::Args)]
pub struct FrameArgs {
    /// Code object, offload bundle or host ELF.
    file: PathBuf,
    /// The saved wave state (`hetdwarf-wave-state/1` JSON).
    #[arg(long)]
    state: PathBuf,
    /// The frame (0 = the wave's current frame; callers are found with the CFI).
    #[arg(long, default_value_t = 0)]
    frame: u32,
    /// Pick this processor's entry of a container (`gfx90a`, `gfx90a:xnack+`, or an
    /// entry id as errors list them).
    #[arg(long)]
    processor: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
    /// Show which location-list entries applied, the expressions, the producer conventions
    /// applied and the location descriptions produced.
    #[arg(long)]
    verbose: bool,
    /// Say why, from the machine code: for a value with no location here, where the last
    /// location ended and what overwrote it, and where the next starts; for a value in
    /// registers, which instruction last wrote them.
    #[arg(long)]
    explain: bool,
    /// How bare vector registers are read: per unit from its contents (auto), as upstream
    /// LLVM means them (the lane's dword), or by the letter of the heterogeneous extensions.
    #[arg(long, value_enum, default_value_t = Conventions::Auto)]
    conventions: Conventions,
}

/// Which lanes to show.
#[derive(clap::Args)]
pub struct LaneArgs {
    /// This lane only.
    #[arg(long, conflicts_with = "all_lanes", value_parser = crate::output::parse_u32)]
    lane: Option<u32>,
    /// Every lane of the wave (inactive lanes are shown as such).
    #[arg(long)]
    all_lanes: bool,
}

/// `hetdwarf print`.
#[derive(clap::Args)]
pub struct PrintArgs {
    #[command(flatten)]
    pub(crate) frame: FrameArgs,
    #[command(flatten)]
    lanes: LaneArgs,
    /// Pick the variable by its DIE offset (as `locals` and `vars` list them) when several
    /// in scope share its name; the variable argument may then be omitted.
    #[arg(long, value_parser = crate::output::parse_u64)]
    die: Option<u64>,
    /// The variable, optionally with a C-style path: `.m`, `[i]`, `->m` steps and prefix
    /// `*` (`p.pos`, `tile[3]`, `*holder.ptr`, `samples->bits.hi`, `(*p).x`).
    #[arg(required_unless_present = "die")]
    var: Option<String>,
}

/// `hetdwarf locals`.
#[derive(clap::Args)]
pub struct LocalsArgs {
    #[command(flatten)]
    pub(crate) frame: FrameArgs,
    #[command(flatten)]
    lanes: LaneArgs,
}

/// `hetdwarf set`.
#[derive(clap::Args)]
pub struct SetArgs {
    #[command(flatten)]
    pub(crate) frame: FrameArgs,
    /// The lane whose places are written (lane-private storage); default: the first active.
    #[arg(long, value_parser = crate::output::parse_u32)]
    lane: Option<u32>,
    /// Where to write the new state.
    #[arg(long)]
    output: PathBuf,
    /// The variable, optionally with a path as for `print`.
    var: String,
    /// The new value, as `print` shows values; one starting with `-` (`-2048`, `-0x10`,
    /// `-1e-5`, `-inf`) needs no `--` before it.
    #[arg(allow_hyphen_values = true)]
    value: String,
}

/// Splits a variable expression (`*holder.ptr`, `p->a[2]`, `(*p).x`) into the variable
/// name and the path after it in step notation (see [`hetdwarf::var::path`]).
pub(crate) fn split_path(var: &str) -> Result<(String, String), Failure> {
    // A path that does not parse is the caller's (`ErrorKind::Usage`).
    let (name, path) = hetdwarf::var::parse_expr(var)
        .map_err(|e| Failure::usage(format!("{}: {}", clip(var), clip(&e.to_string()))))?;
    Ok((name, path.steps_text()))
}

fn lanes_of(
    args: &LaneArgs,
    state: &WaveState,
    state_path: &std::path::Path,
) -> Result<Vec<Option<u32>>, Failure> {
    Ok(if args.all_lanes {
        (0..state.wave_size()).map(Some).collect()
    } else if let Some(l) = args.lane {
        vec![Some(lane_in_wave(l, state, state_path)?)]
    } else {
        vec![Some(state.active_lanes().next().unwrap_or(0))]
    })
}

/// `lane` if the wave has it; a lane past the wave size is a usage error (naming the
/// state file), not an inactive lane.
pub(crate) fn lane_in_wave(
    lane: u32,
    state: &WaveState,
    state_path: &std::path::Path,
) -> Result<u32, Failure> {
    if lane < state.wave_size() {
        Ok(lane)
    } else {
        Err(Failure::usage(format!(
            "{}: lane {lane} does not exist: the wave has {} lanes (0..={})",
            state_path.display(),
            state.wave_size(),
            state.wave_size() - 1
        ))
        .naming(state_path.display()))
    }
}

fn lane_json(
    v: &LaneValue,
    verbose: bool,
    target: &hetdwarf::target::Target,
    with_tree: bool,
) -> Value {
    let mut j = json!({
        "lane": v.lane,
        "active": v.active,
    });
    match &v.value {
        Ok(t) => {
            j["value"] = json!(t.render_text());
            // The structured value is for JSON output only: text never reads it, and for
            // many lanes of many variables it is most of the memory.
            if with_tree {
                j["tree"] = serde_json::from_str(&t.to_json()).unwrap_or(Value::Null);
            }
            j["error"] = Value::Null;
            if let Some(why) = &v.unavailable {
                j["unavailable_because"] = json!(hetdwarf::error_chain(why));
            }
        }
        Err(e) => {
            j["value"] = Value::Null;
            j["error"] = json!(hetdwarf::error_chain(e));
        }
    }
    if let Some(l) = v.location() {
        j["location"] = json!(l.display(target).to_string());
    }
    if let Some(p) = &v.placement {
        // A path's value lives where the path ends; the entries lead to the variable.
        if v.path_end.is_some() {
            j["variable_location"] = json!(p.location.display(target).to_string());
        }
        if verbose {
            j["entries"] = json!(p
                .entries
                .iter()
                .map(|e| json!({
                    "index": e.index,
                    "kind": format!("{:?}", e.kind).to_lowercase(),
                    "range": e.range.as_ref().map(|r| json!([r.start, r.end])),
                    "expression": &*e.expression,
                    "conventions": e.rewritten.as_ref().map(|r| r.0.clone()),
                    "evaluated": e.rewritten.as_ref().map(|r| r.1.clone()),
                    "result": match &e.result { Ok(l) => json!(l.display(target).to_string()), Err(e) => json!({"error": e.to_string()}) },
                }))
                .collect::<Vec<_>>());
            j["frame_base_rule"] = json!(p.frame_base_rule);
            if p.unevaluated > 0 {
                j["entries_not_evaluated"] = json!(p.unevaluated);
            }
        }
    }
    j
}

pub(crate) fn variable_json(
    dbg: &DwarfIndex<'_>,
    var: VariableRef,
    path: &str,
    lanes: &[LaneValue],
    verbose: bool,
    target: &hetdwarf::target::Target,
    with_tree: bool,
) -> Value {
    let v = dbg.variable(var).ok();
    let variable_type = dbg.type_name(v.and_then(|v| v.type_die));
    let mut j = json!({
        "name": v.and_then(|v| v.name.as_deref()).map(|n| format!("{n}{path}")),
        "kind": match v.map(|v| v.kind) { Some(VariableKind::Parameter) => "parameter", _ => "variable" },
        "type": variable_type,
        "die": v.map(|v| v.die),
        "lanes": lanes.iter().map(|l| lane_json(l, verbose, target, with_tree)).collect::<Vec<_>>(),
    });
    // Through a path, the value shown is the member's or element's: its type, beside the
    // variable's.
    if !path.is_empty() {
        j["variable_type"] = j["type"].take();
        j["type"] = match lanes
            .iter()
            .find_map(|l| l.path_end.as_ref().and_then(|e| e.type_die))
        {
            Some(t) => json!(dbg.type_name(t)),
            None => Value::Null,
        };
    }
    j
}

/// The `--explain` line under a variable, when there is one.
fn explain_text(out: &mut String, j: &Value) {
    if let Some(why) = j["explain"]["why"].as_str() {
        // It may quote a name from the input: kept on its line.
        let _ = writeln!(out, "    why: {}", crate::output::one_line(why));
    }
}

/// Text for one variable: one line when one lane is shown, otherwise runs of lanes with
/// equal values.
fn variable_text(out: &mut String, name: &str, j: &Value, verbose: bool) {
    // The name (and a value, through its member names) comes from the input: a newline in
    // it must not start a line of its own.
    let name = crate::output::one_line(name);
    let lanes = j["lanes"].as_array().cloned().unwrap_or_default();
    let shown = |l: &Value| -> String {
        if l["active"] == false {
            "<inactive>".into()
        } else if let Some(v) = l["value"].as_str() {
            match l["unavailable_because"].as_str() {
                Some(why) => format!("{v} ({why})"),
                None => v.to_string(),
            }
        } else {
            format!("<error: {}>", l["error"].as_str().unwrap_or(""))
        }
    };
    if lanes.len() == 1 {
        let _ = writeln!(
            out,
            "{name} = {}",
            crate::output::one_line(&shown(&lanes[0]))
        );
    } else {
        let _ = writeln!(out, "{name} =");
        let mut i = 0;
        while i < lanes.len() {
            let text = shown(&lanes[i]);
            let mut k = i;
            while k + 1 < lanes.len() && shown(&lanes[k + 1]) == text {
                k += 1;
            }
            let (a, b) = (
                lanes[i]["lane"].as_u64().unwrap_or(0),
                lanes[k]["lane"].as_u64().unwrap_or(0),
            );
            let text = crate::output::one_line(&text);
            if a == b {
                let _ = writeln!(out, "  [lane {a}] {text}");
            } else {
                let _ = writeln!(out, "  [lanes {a}-{b}] {text}");
            }
            i = k + 1;
        }
    }
    if verbose && let Some(l) = lanes.iter().find(|l| l.get("entries").is_some()) {
        if let Some(rule) = l["frame_base_rule"].as_str() {
            let _ = writeln!(out, "    frame base: {rule}");
        }
        for e in l["entries"].as_array().into_iter().flatten() {
            let range = match e["range"].as_array() {
                Some(r) => format!(
                    "[{:#x}, {:#x}) ",
                    r[0].as_u64().unwrap_or(0),
                    r[1].as_u64().unwrap_or(0)
                ),
                None => String::new(),
            };
            let _ = writeln!(
                out,
                "    entry {} {range}{}",
                e["index"],
                e["expression"].as_str().unwrap_or("")
            );
            if let Some(c) = e["conventions"].as_array() {
                let names: Vec<&str> = c.iter().filter_map(Value::as_str).collect();
                let _ = writeln!(
                    out,
                    "      as {} ({})",
                    e["evaluated"].as_str().unwrap_or(""),
                    names.join(", ")
                );
            }
            let result = match e["result"].as_str() {
                Some(s) => s.to_string(),
                None => format!("error: {}", e["result"]["error"].as_str().unwrap_or("")),
            };
            let _ = writeln!(out, "      -> {result}");
        }
        if l.get("variable_location").is_some()
            && let Some(at) = l["location"].as_str()
        {
            let _ = writeln!(out, "    {name} is at {at}");
        }
        if let Some(n) = l["entries_not_evaluated"].as_u64() {
            let _ = writeln!(
                out,
                "    ... {n} more entries apply, not evaluated (the variable is in every place at once)"
            );
        }
    }
}

fn with_session<T>(
    args: &FrameArgs,
    f: impl FnOnce(&SessionRef<'_, '_>, &mut WaveState) -> Result<T, Failure>,
) -> Result<T, Failure> {
    open_session(
        &args.file,
        args.processor.as_deref(),
        args.conventions,
        &args.state,
        f,
    )
}

/// Opens `file` (its entry for `processor`; without one, a container's entry for the
/// state's processor), indexes its DWARF and reads the wave state, for `f`. A failure of
/// `f` names the code object, unless it names a file of its own (the state, an output).
pub(crate) fn open_session<T>(
    file: &std::path::Path,
    processor: Option<&str>,
    conventions: crate::output::Conventions,
    state_path: &std::path::Path,
    f: impl FnOnce(&SessionRef<'_, '_>, &mut WaveState) -> Result<T, Failure>,
) -> Result<T, Failure> {
    let input = load::open(file)?;
    let mut state = load::state(state_path)?;
    let co = match load::code_object(&input, processor) {
        Ok(co) => co,
        Err(e) if processor.is_none() => {
            load::code_object(&input, Some(state.processor())).map_err(|_| e)?
        }
        Err(e) => return Err(e),
    };
    let sections = load::sections(&co)?;
    let dbg = load::debug_info(&co, &sections, conventions)?;
    let encoding = hetdwarf_amdgpu::encoding_of(&co, &dbg).map_err(|e| Failure::library(e, ""))?;
    stop::check_state(&co, &state)?;
    let cfi = CallFrames::of(&co, encoding);
    let session = SessionRef::new(&co, &dbg, encoding, &cfi);
    f(&session, &mut state).map_err(|e| e.within(co.name()))
}

/// Runs `print`.
pub fn print(args: &PrintArgs) -> Result<String, crate::failure::Failure> {
    with_session(&args.frame, |s, state| {
        let at = s.frame(state, args.frame.frame)?;
        let frame = &at.frame;
        let (var, shown, path, others) = choose_variable(s.dbg(), frame, args)?;
        let lanes = lanes_of(&args.lanes, state, &args.frame.state)?;
        let vals = at.values(state, var, &path, &lanes);
        let target = hetdwarf_amdgpu::registers::dwarf_target(state.processor(), state.wave_size());
        let mut j = variable_json(
            s.dbg(),
            var,
            &path,
            &vals,
            args.frame.verbose,
            &target,
            args.frame.format == Format::Json,
        );
        j["name"] = json!(shown);
        if args.frame.explain {
            let explainer = crate::code::explainer(s.co(), s.dbg())?;
            if let Ok(v) = s.dbg().variable(var) {
                j["explain"] = explainer.explain(v.die, frame.pc());
            }
        }
        j["others"] = json!(
            others
                .iter()
                .map(|(die, covers)| json!({ "die": die, "covers_pc": covers }))
                .collect::<Vec<_>>()
        );
        if vals
            .iter()
            .all(|v| v.value.is_err() && v.active != Some(false))
            && lanes.len() == 1
        {
            let kind = vals[0]
                .value
                .as_ref()
                .err()
                .and_then(|e| e.error())
                .map_or(hetdwarf::ErrorKind::Evaluation, |e| e.kind());
            // A path error names the expression up to the failing step itself.
            let through_path = matches!(
                vals[0].value.as_ref().err().and_then(|e| e.error()),
                Some(hetdwarf::var::VarError::Path { .. })
            );
            let subject = if through_path {
                String::new()
            } else {
                format!("{}: ", clip(&shown))
            };
            return Err(Failure::new(
                kind,
                format!(
                    "{subject}{}{}",
                    clip_message(
                        &vals[0]
                            .value
                            .as_ref()
                            .err()
                            .map(|e| hetdwarf::error_chain(e))
                            .unwrap_or_default()
                    ),
                    others_note(&others)
                ),
            ));
        }
        Ok(match args.frame.format {
            Format::Json => render_json(&j),
            Format::Text => {
                let mut out = String::new();
                variable_text(&mut out, &shown, &j, args.frame.verbose);
                explain_text(&mut out, &j);
                if !others.is_empty() {
                    let _ = writeln!(out, "  ({})", others_note(&others).trim_start_matches("; "));
                }
                out
            }
        })
    })
}

/// Other variables of the same name in the same scope: (DIE offset, whether its location
/// covers the PC).
type Others = Vec<(u64, bool)>;

/// The variable `print` shows, its displayed name, the path after it, and the other
/// variables of its scope with its name.
fn choose_variable(
    dbg: &DwarfIndex<'_>,
    frame: &Frame<'_, '_>,
    args: &PrintArgs,
) -> Result<(VariableRef, String, String, Others), Failure> {
    let at =
        |e: hetdwarf::var::VarError| Failure::library(e, format_args!("pc {:#x}: ", frame.pc()));
    let by_die = args
        .die
        .map(|die| frame.find_die(die))
        .transpose()
        .map_err(at)?;
    let die_name = by_die
        .and_then(|v| dbg.variable(v).ok())
        .and_then(|v| v.name.as_deref().map(str::to_string));
    let (name, path) = match (&args.var, &die_name) {
        (Some(text), _) => split_path(text)?,
        (None, Some(n)) => (n.clone(), String::new()),
        (None, None) => (String::new(), String::new()),
    };
    let var = match by_die {
        Some(v) => {
            if args.var.is_some() && die_name.as_deref() != Some(name.as_str()) {
                return Err(Failure::usage(format!(
                    "DIE {:#x} is `{}`, not `{name}`",
                    args.die.unwrap_or(0),
                    die_name.as_deref().unwrap_or("<anonymous>")
                )));
            }
            v
        }
        None => frame.find(&name).map_err(at)?,
    };
    let shown = args.var.clone().unwrap_or_else(|| name.clone());
    let mut others = Others::new();
    if !name.is_empty() {
        // Only the same scope is ambiguous: an inner declaration hides outer ones as in C
        // (they can still be picked with --die).
        for v in frame.find_all(&name).map_err(at)? {
            if v != var && v.unit == var.unit && v.scope == var.scope {
                let die = dbg.variable(v).map_err(|e| Failure::library(e, ""))?.die;
                others.push((die, frame.covers_pc(v).map_err(at)?));
            }
        }
    }
    Ok((var, shown, path, others))
}

/// "; 2 other variables named so in scope: DIE 0x6d (no location here), ...".
fn others_note(others: &Others) -> String {
    if others.is_empty() {
        return String::new();
    }
    let list: Vec<String> = others
        .iter()
        .map(|(die, covers)| {
            if *covers {
                format!("DIE {die:#x}")
            } else {
                format!("DIE {die:#x} (no location here)")
            }
        })
        .collect();
    format!(
        "; {} other variable{} of this name in this scope: {}; pick one with --die",
        others.len(),
        if others.len() == 1 { "" } else { "s" },
        list.join(", ")
    )
}

/// Runs `locals`.
pub fn locals(args: &LocalsArgs) -> Result<String, crate::failure::Failure> {
    with_session(&args.frame, |s, state| {
        let at = s.frame(state, args.frame.frame)?;
        let frame = &at.frame;
        let lanes = lanes_of(&args.lanes, state, &args.frame.state)?;
        let target = hetdwarf_amdgpu::registers::dwarf_target(state.processor(), state.wave_size());
        let json_out = args.frame.format == Format::Json;
        let mut vars = Vec::new();
        let mut text = format!("frame {} at pc {:#x}\n", args.frame.frame, frame.pc());
        let all = frame
            .variables()
            .map_err(|e| Failure::library(e, format_args!("pc {:#x}: ", frame.pc())))?;
        // Work and output grow with variables × lanes: one request reads at most
        // MAX_LANE_VALUES of them, and says what it left out.
        let per_var = lanes.len().max(1);
        let readable = (MAX_LANE_VALUES / per_var).max(1);
        // Names already declared by an inner scope: an outer variable of the same name
        // (the caller's copy of an inlined function's parameter) is hidden where the
        // inner one is visible, and says so.
        let mut first_scope = std::collections::HashMap::new();
        let explainer = if args.frame.explain {
            Some(crate::code::explainer(s.co(), s.dbg())?)
        } else {
            None
        };
        for &var in all.iter().take(readable) {
            let vals = at.values(state, var, "", &lanes);
            let mut v = variable_json(
                s.dbg(),
                var,
                "",
                &vals,
                args.frame.verbose,
                &target,
                json_out,
            );
            if let (Some(x), Some(die)) = (&explainer, v["die"].as_u64()) {
                v["explain"] = x.explain(die, frame.pc());
            }
            let scope = s.dbg().scope(hetdwarf::index::ScopeRef {
                unit: var.unit,
                tree: var.tree,
                scope: var.scope,
            });
            let name = v["name"].as_str().map(str::to_string);
            let declared_in = (var.unit, var.tree, var.scope);
            let hidden = match name {
                Some(n) => *first_scope.entry(n).or_insert(declared_in) != declared_in,
                None => false,
            };
            if json_out {
                v["scope"] = match &scope {
                    Ok(sc) => json!({ "kind": sc.kind.name(), "name": sc.name, "die": sc.die }),
                    Err(_) => Value::Null,
                };
                v["shadowed"] = json!(hidden);
                vars.push(v);
            } else {
                let mut shown = format!(
                    "{} {}",
                    v["type"].as_str().unwrap_or("?"),
                    v["name"].as_str().unwrap_or("<anonymous>")
                );
                if hidden {
                    let _ = match scope.as_ref().map(|sc| (sc.kind.name(), &sc.name)) {
                        Ok((kind, Some(n))) => write!(shown, " <shadowed, in {kind} {n}>"),
                        Ok((kind, None)) => write!(shown, " <shadowed, in {kind}>"),
                        Err(_) => write!(shown, " <shadowed, in an outer scope>"),
                    };
                }
                variable_text(&mut text, &shown, &v, args.frame.verbose);
                explain_text(&mut text, &v);
            }
        }
        let left = all.len().saturating_sub(readable);
        Ok(if json_out {
            let mut j = json!({ "pc": frame.pc(), "frame": args.frame.frame, "variables": vars });
            if left > 0 {
                j["not_read"] = json!({ "variables": left, "limit_lane_values": MAX_LANE_VALUES });
            }
            render_json(&j)
        } else {
            if left > 0 {
                let _ = writeln!(
                    text,
                    "... {left} more variables not read: one request reads at most {MAX_LANE_VALUES} lane values (choose lanes with --lane, or print a variable)"
                );
            }
            text
        })
    })
}

/// The most variable-lane values one `locals` request reads (variables × lanes).
const MAX_LANE_VALUES: usize = 1 << 15;

/// Runs `set`.
pub fn set(args: &SetArgs) -> Result<String, crate::failure::Failure> {
    with_session(&args.frame, |s, state| {
        let at = s.frame(state, args.frame.frame)?;
        let frame = &at.frame;
        let (name, path) = split_path(&args.var)?;
        let var = frame
            .find(&name)
            .map_err(|e| Failure::library(e, format_args!("pc {:#x}: ", frame.pc())))?;
        let lane = match args.lane {
            Some(l) => Some(lane_in_wave(l, state, &args.frame.state)?),
            None => state.active_lanes().next(),
        };
        // EXEC as the wave was stopped, before the write (which may change it).
        let active = lane.and_then(|l| state.lane_active(l));
        // With --verbose: the variable as `print --verbose` shows it before the write, the
        // entries and places the write goes through.
        let before = args.frame.verbose.then(|| {
            let vals = at.values(state, var, &path, &[lane]);
            let target =
                hetdwarf_amdgpu::registers::dwarf_target(state.processor(), state.wave_size());
            let json_out = args.frame.format == Format::Json;
            let mut j = variable_json(s.dbg(), var, &path, &vals, true, &target, json_out);
            j["name"] = json!(args.var);
            // `set` writes the variable `find` picks; it names no others.
            j["others"] = json!([]);
            j
        });
        let written = at.write(state, var, &path, lane, &args.value);
        written.map_err(|e| {
            Failure::new(
                e.kind(),
                format!("set {}: {}", clip(&args.var), clip_message(&e.to_string())),
            )
        })?;
        std::fs::write(&args.output, state.to_json()).map_err(|e| {
            Failure::new(
                hetdwarf::ErrorKind::Io,
                format!("{}: {e}", args.output.display()),
            )
            .naming(args.output.display())
        })?;
        Ok(match args.frame.format {
            Format::Json => {
                let mut j = json!({ "variable": args.var, "lane": lane, "lane_active": active, "written": args.value, "output": args.output });
                if let Some(before) = before {
                    j["before"] = before;
                }
                render_json(&j)
            }
            Format::Text => {
                // Which lane's location was written through: a per-lane location changes
                // that lane only.
                let through = match (lane, active) {
                    (Some(l), Some(false)) => {
                        format!(
                            " through lane {l}'s location (lane {l} is inactive: its EXEC bit is clear)"
                        )
                    }
                    (Some(l), _) => format!(" through lane {l}'s location"),
                    (None, _) => String::new(),
                };
                let mut out = String::new();
                if let Some(before) = &before {
                    out.push_str("before:\n");
                    variable_text(&mut out, &args.var, before, true);
                }
                let _ = writeln!(
                    out,
                    "{} = {} written{through} to {}",
                    args.var,
                    args.value,
                    args.output.display()
                );
                out
            }
        })
    })
}
