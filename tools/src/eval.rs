//! `hetdwarf eval`: evaluate one expression against a saved wave state, per lane, and
//! optionally read a value through the resulting location.

use std::fmt::Write;
use std::path::PathBuf;

use hetdwarf::eval::{self, Bits, Evaluator, LocDesc};
use hetdwarf::expr::{DecodeParams, Encoding, Expr};
use hetdwarf::index::Reading;
use hetdwarf::var::rewrite::{self, Rules};
use serde_json::{Value, json};

use crate::disasm::EncodingArg;
use crate::failure::Failure;
use crate::output::{Conventions, Format, json as render_json};

/// Arguments of `hetdwarf eval`.
#[derive(clap::Args)]
pub struct EvalArgs {
    /// The saved wave state (`hetdwarf-wave-state/1` JSON).
    #[arg(long)]
    state: PathBuf,
    /// The code object the wave runs: the expression is evaluated in the frame at the
    /// state's PC (its subprogram's frame base for `DW_OP_fbreg`, the CFA from the call
    /// frame information, the unit's base types and DWARF procedures).
    #[arg(long, value_name = "FILE")]
    code_object: Option<PathBuf>,
    /// With `--code-object`: evaluate in this frame of the unwound wave (0 = innermost).
    #[arg(long, default_value_t = 0, requires = "code_object")]
    frame: u32,
    /// Evaluate for this lane.
    #[arg(long, conflicts_with = "all_lanes", value_parser = crate::output::parse_u32)]
    lane: Option<u32>,
    /// Evaluate for every lane of the wave.
    #[arg(long)]
    all_lanes: bool,
    /// Read a value through the location: u8 u16 u32 u64 i8 i16 i32 i64 f32 f64 bytes:N bits:N.
    #[arg(long)]
    read: Option<ReadType>,
    /// How the LLVM heterogeneous operations are encoded.
    #[arg(long, value_enum, default_value_t = EncodingArg::Auto)]
    encoding: EncodingArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
    /// Read EXPR as hex bytes (an error if it is not).
    #[arg(long, conflicts_with = "text")]
    bytes: bool,
    /// Read EXPR as assembler text, even when it looks like hex bytes.
    #[arg(long)]
    text: bool,
    /// How bare vector registers are read. With `--code-object`, `auto` reads the
    /// expression as the unit at the frame's PC reads its own; a lone expression has no
    /// unit to decide from: `auto` and `heterogeneous` read it by the letter of the
    /// heterogeneous extensions, `upstream` applies upstream LLVM's conventions (a bare
    /// vector register is the lane's dword, `lit<N> swap xderef` an address-space
    /// qualifier, `fbreg` private).
    #[arg(long, value_enum, default_value_t = Conventions::Auto)]
    conventions: Conventions,
    /// Hex bytes or operations as text; registers are named for the state's wave size.
    expr: String,
}

impl EvalArgs {
    fn conventions_name(&self) -> &'static str {
        hetdwarf::index::ConventionsChoice::from(self.conventions).name()
    }
}

/// What `--read` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadType {
    /// Unsigned integer of this many bits.
    Unsigned(u32),
    /// Signed integer of this many bits.
    Signed(u32),
    /// IEEE float of this many bits (32 or 64).
    Float(u32),
    /// Raw bits.
    Bits(u64),
}

impl std::str::FromStr for ReadType {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "unknown read type `{s}` (u8 u16 u32 u64 i8 i16 i32 i64 f32 f64 bytes:N bits:N)"
            )
        };
        Ok(match s {
            "u8" => ReadType::Unsigned(8),
            "u16" => ReadType::Unsigned(16),
            "u32" => ReadType::Unsigned(32),
            "u64" => ReadType::Unsigned(64),
            "i8" => ReadType::Signed(8),
            "i16" => ReadType::Signed(16),
            "i32" => ReadType::Signed(32),
            "i64" => ReadType::Signed(64),
            "f32" => ReadType::Float(32),
            "f64" => ReadType::Float(64),
            _ => {
                let (kind, n) = s.split_once(':').ok_or_else(bad)?;
                let n: u64 = n.parse().map_err(|_| bad())?;
                if n == 0 || n > 1 << 20 {
                    return Err(format!("read size {n} out of range (1..=1048576)"));
                }
                match kind {
                    "bytes" => ReadType::Bits(n * 8),
                    "bits" => ReadType::Bits(n),
                    _ => return Err(bad()),
                }
            }
        })
    }
}

impl ReadType {
    pub(crate) fn bits(self) -> u64 {
        match self {
            ReadType::Unsigned(b) | ReadType::Signed(b) | ReadType::Float(b) => u64::from(b),
            ReadType::Bits(b) => b,
        }
    }

    /// The decoded value, when every bit was read.
    pub(crate) fn value(self, bits: &Bits) -> Option<String> {
        if !bits.is_complete() {
            return None;
        }
        let raw = |n: u32| bits.get(0, n);
        Some(match self {
            ReadType::Unsigned(n) => raw(n).to_string(),
            ReadType::Signed(n) => {
                let v = raw(n);
                let shift = 128 - n;
                (((v << shift) as i128) >> shift).to_string()
            }
            ReadType::Float(32) => f32::from_bits(raw(32) as u32).to_string(),
            ReadType::Float(_) => f64::from_bits(raw(64) as u64).to_string(),
            ReadType::Bits(_) => bits.hex(),
        })
    }
}

/// `<optimized out>` when any bit came from undefined storage, else `<unavailable>`.
pub(crate) fn missing_reason(bits: &Bits) -> &'static str {
    if bits.any_optimized_out() {
        "<optimized out>"
    } else {
        "<unavailable>"
    }
}

pub(crate) fn error_json(e: &eval::Error) -> Value {
    json!({ "kind": e.class_name(), "message": e.to_string() })
}

/// Runs `eval`.
pub fn run(args: &EvalArgs) -> Result<String, crate::failure::Failure> {
    let mut state = crate::load::state(&args.state)?;
    let names = state.register_map();
    let text_encoding = match args.encoding {
        EncodingArg::Legacy => Encoding::Legacy,
        _ => Encoding::User,
    };
    let bytes = crate::disasm::parse_expr_with(
        &args.expr,
        crate::disasm::InputKind::from_flags(args.bytes, args.text),
        &names,
        text_encoding,
    )?;
    let (encoding, _) = crate::disasm::choose(args.encoding, &bytes);
    let mut expr = Expr::decode(&bytes, DecodeParams::amdgpu(encoding)).map_err(|e| {
        crate::failure::Failure::new(hetdwarf::ErrorKind::Malformed, format!("expression: {e}"))
    })?;
    let target = hetdwarf_amdgpu::registers::dwarf_target(state.processor(), state.wave_size());
    let lanes: Vec<Option<u32>> = if args.all_lanes {
        (0..state.wave_size()).map(Some).collect()
    } else {
        match args.lane {
            Some(l) => vec![Some(crate::variables::lane_in_wave(
                l,
                &state,
                &args.state,
            )?)],
            None => vec![None],
        }
    };
    let inactive: Vec<bool> = lanes
        .iter()
        .map(|lane| lane.is_some_and(|l| state.lane_active(l) == Some(false)))
        .collect();
    let rewritten = |expr: &mut Expr, rules: Rules| -> Result<Vec<&'static str>, Failure> {
        let Some((ops, applied)) = rewrite::apply(expr.ops(), rules, &target) else {
            return Ok(Vec::new());
        };
        *expr = Expr::from_ops(ops, DecodeParams::amdgpu(encoding))
            .map_err(|e| Failure::library(hetdwarf::Error::from(e), "rewritten expression: "))?;
        Ok(applied)
    };
    let (results, rules_applied) = match &args.code_object {
        None => {
            // A lone expression has no unit to read its conventions from.
            let rules_applied = if args.conventions == Conventions::Upstream {
                rewritten(&mut expr, Rules::for_reading(Reading::Upstream, false))?
            } else {
                Vec::new()
            };
            let run = Run {
                expr: &expr,
                lanes: &lanes,
                inactive: &inactive,
                read: args.read,
                target: &target,
            };
            let results = run.lanes(&mut state, |s, lane| {
                // Every lane is in the wave (checked above).
                let _ = s.set_lane(lane);
            });
            (results, rules_applied)
        }
        // In a frame, the expression is read as the frame's unit reads its own.
        Some(path) => crate::variables::open_session(
            path,
            None,
            args.conventions,
            &args.state,
            |session, state| {
                let at = session.frame(state, args.frame)?;
                let rules_applied = rewritten(&mut expr, at.frame.rules())?;
                let run = Run {
                    expr: &expr,
                    lanes: &lanes,
                    inactive: &inactive,
                    read: args.read,
                    target: &target,
                };
                let results = match &at.stack {
                    Some(stack) => {
                        let mut caller = stack.context(state, at.index);
                        let mut ctx = at.frame.context(&mut caller);
                        run.lanes(&mut ctx, |c, lane| c.symbols.set_lane(lane))
                    }
                    None => {
                        let mut ctx = at.frame.context(state);
                        run.lanes(&mut ctx, |c, lane| c.symbols.set_lane(lane))
                    }
                };
                Ok((results, rules_applied))
            },
        )?,
    };
    let failed = results.iter().all(|r| !r["error"].is_null());
    let rewritten = (!rules_applied.is_empty()).then(|| {
        json!({
            "rules": rules_applied,
            "expression": hetdwarf::expr::disasm::disassemble_extended(
                &expr,
                hetdwarf::expr::disasm::DisasmOptions::new(target.register_names()),
            ),
        })
    });
    let report =
        json!({ "conventions": args.conventions_name(), "rewritten": rewritten, "lanes": results });
    let out = match args.format {
        Format::Json => render_json(&report),
        Format::Text => text(&report),
    };
    if failed && !args.all_lanes {
        let e = &report["lanes"][0]["error"];
        // The evaluator's own class (`decode`, `ill_formed`, `evaluation`, ...).
        let kind = match e["kind"].as_str() {
            Some("decode") => "decode",
            Some("ill_formed") => "ill_formed",
            Some("unavailable") => "unavailable",
            Some("missing_context") => "missing_context",
            _ => "evaluation",
        };
        let mut message = e["message"]
            .as_str()
            .unwrap_or("evaluation error")
            .to_string();
        // print and locals default to the first active lane; eval reads no lane unless
        // asked, so a per-lane operation has none.
        if kind == "missing_context" && args.lane.is_none() && message.contains("lane") {
            message.push_str(" (choose one with --lane N, or --all-lanes)");
        }
        return Err(crate::failure::Failure {
            kind,
            message,
            extra: serde_json::Value::Null,
            file: None,
        });
    }
    Ok(out)
}

/// One evaluation of the expression per lane, in some context.
struct Run<'r> {
    expr: &'r Expr,
    lanes: &'r [Option<u32>],
    /// Per lane of `lanes`: outside EXEC.
    inactive: &'r [bool],
    read: Option<ReadType>,
    target: &'r hetdwarf::target::Target,
}

impl Run<'_> {
    /// Each lane's result: the location, and what `--read` read through it.
    fn lanes<C: eval::Context + ?Sized>(
        &self,
        ctx: &mut C,
        set_lane: impl Fn(&mut C, Option<u32>),
    ) -> Vec<Value> {
        let mut evaluator = Evaluator::new();
        let mut results = Vec::with_capacity(self.lanes.len());
        for (&lane, &inactive) in self.lanes.iter().zip(self.inactive) {
            set_lane(ctx, lane);
            let outcome: Result<LocDesc, eval::Error> = evaluator.evaluate_location(ctx, self.expr);
            let mut entry = json!({ "lane": lane, "active": !inactive, "location": null, "bytes": null, "value": null, "error": null });
            match outcome {
                Ok(loc) => {
                    entry["location"] = json!(loc.display(self.target).to_string());
                    if let Some(ty) = self.read {
                        match eval::read(ctx, &loc, 0, ty.bits()) {
                            Ok(bits) => {
                                entry["bytes"] = json!(bits.hex());
                                entry["value"] = json!(ty.value(&bits));
                                if !bits.is_complete() {
                                    entry["missing"] = json!(missing_reason(&bits));
                                }
                            }
                            Err(e) => entry["error"] = error_json(&e),
                        }
                    }
                }
                Err(e) => entry["error"] = error_json(&e),
            }
            results.push(entry);
        }
        results
    }
}

pub(crate) fn text(report: &Value) -> String {
    let mut s = String::new();
    if let Some(r) = report["rewritten"].as_object() {
        let rules: Vec<&str> = r["rules"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let _ = writeln!(
            s,
            "rewritten by {}: {}",
            rules.join(", "),
            r["expression"].as_str().unwrap_or("")
        );
    }
    for r in report["lanes"].as_array().into_iter().flatten() {
        let prefix = match r["lane"].as_u64() {
            Some(l) if r["active"] == false => format!("lane {l} (inactive): "),
            Some(l) => format!("lane {l}: "),
            None => String::new(),
        };
        if let Some(e) = r["error"].as_object() {
            let _ = writeln!(s, "{prefix}{}", e["message"].as_str().unwrap_or("error"));
            continue;
        }
        let _ = write!(s, "{prefix}{}", r["location"].as_str().unwrap_or(""));
        if let Some(bytes) = r["bytes"].as_str() {
            match r["value"].as_str() {
                Some(v) => {
                    let _ = write!(s, " = {v} (bytes {bytes})");
                }
                None => {
                    let _ = write!(
                        s,
                        " = {} (bytes {bytes})",
                        r["missing"].as_str().unwrap_or("<unavailable>")
                    );
                }
            }
        }
        s.push('\n');
    }
    s
}
