//! `hetdwarf diop`: the DIOp expression language on the command line: check (parse,
//! type-check, canonical form), lower (to heterogeneous DWARF) and eval (the reference
//! evaluation against a wave state).

use std::fmt::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use hetdwarf::eval;
use hetdwarf::expr::{DecodeParams, Encoding, encode};
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::AddressSpaceId;
use hetdwarf_amdgpu::registers::RegisterMap;
use hetdwarf_diop::binding::{Binding, Bindings};
use hetdwarf_diop::eval::{Outcome, evaluate};
use hetdwarf_diop::lower::{LowerOptions, Style, lower};
use hetdwarf_diop::{
    ArgType, CheckError, DataLayout, Environment, Expression, Literal, ParseError, Type, Typing,
    check,
};
use serde_json::{Value, json};

use crate::eval::ReadType;
use crate::failure::Failure;
use crate::output::{Format, json as render_json};

/// `hetdwarf diop ...`.
#[derive(clap::Subcommand)]
pub enum DiopCommand {
    /// Parse and type-check a DIOp expression; print its canonical form and result type.
    Check(CheckArgs),
    /// Lower a DIOp expression to heterogeneous DWARF.
    Lower(LowerArgs),
    /// Evaluate a DIOp expression directly (reference semantics) against a wave state.
    Eval(EvalArgs),
}

/// What every `diop` command shares.
#[derive(clap::Args)]
pub struct Common {
    /// The module's `target datalayout` (default: amdgcn's).
    #[arg(long)]
    datalayout: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The expression: `!DIExpression(DIOp...)`, the seed's `!DIExpr(...)`, or a bare
    /// list of operations (`DIOpArg(0, i32), DIOpDeref(i32)`).
    expr: String,
}

/// Arguments of `diop check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    common: Common,
    /// The type of argument N of the debug record (`0=ptr addrspace(5)`, `1=poison`),
    /// for the size rules of DIOpArg.
    #[arg(long = "arg-type", value_name = "N=TYPE")]
    arg_types: Vec<String>,
    /// The size in bits of the variable described (for DIOpFragment).
    #[arg(long)]
    variable_bits: Option<u64>,
}

/// Arguments of `diop lower`.
#[derive(clap::Args)]
pub struct LowerArgs {
    #[command(flatten)]
    common: Common,
    /// Wave size of the target (lane focus of vector registers).
    #[arg(long, default_value_t = 64, value_parser = parse_wave_size)]
    wave_size: u32,
    /// How the LLVM heterogeneous operations are encoded.
    #[arg(long, value_enum, default_value_t = EncodingChoice::User)]
    encoding: EncodingChoice,
    /// Whose lowering rules: hetdwarf's (meaning-preserving), the AMD fork's newest
    /// sources, or the fork build in the rocm-llvm-python wheel.
    #[arg(long, value_enum, default_value_t = StyleChoice::Hetdwarf)]
    style: StyleChoice,
    /// Where argument N lives: `N=s4`, `N=v5`, `N=a2`, `N=s[4:5]`, `N=v[4:5]`,
    /// `N=const:VALUE`, `N=addr:ADDRESS[@SPACE]`, `N=undef`, or a DWARF expression that
    /// pushes it: `N=expr:HEX` (its location) or `N=value:HEX` (its value).
    #[arg(long = "arg", value_name = "N=LOC")]
    args: Vec<String>,
    /// Where the referrer lives (same forms as --arg).
    #[arg(long, value_name = "LOC")]
    referrer: Option<String>,
}

/// Arguments of `diop eval`.
#[derive(clap::Args)]
pub struct EvalArgs {
    #[command(flatten)]
    common: Common,
    /// The saved wave state (`hetdwarf-wave-state/1` JSON).
    #[arg(long)]
    state: PathBuf,
    /// Evaluate for this lane.
    #[arg(long, conflicts_with = "all_lanes", value_parser = crate::output::parse_u32)]
    lane: Option<u32>,
    /// Evaluate for every lane of the wave.
    #[arg(long)]
    all_lanes: bool,
    /// Read the result as this type (default: the expression's result type).
    #[arg(long)]
    read: Option<ReadType>,
    /// Where argument N lives (as for `diop lower`).
    #[arg(long = "arg", value_name = "N=LOC")]
    args: Vec<String>,
    /// Where the referrer lives.
    #[arg(long, value_name = "LOC")]
    referrer: Option<String>,
}

/// `--encoding` of `diop lower`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EncodingChoice {
    /// `DW_OP_LLVM_user` + sub-opcode.
    User,
    /// The legacy one-byte opcodes.
    Legacy,
}

/// `--style` of `diop lower`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum StyleChoice {
    /// hetdwarf's meaning-preserving lowering.
    Hetdwarf,
    /// The AMD fork's newest sources, byte for byte.
    Fork,
    /// The fork build in the rocm-llvm-python wheel.
    Wheel,
}

fn parse_wave_size(s: &str) -> Result<u32, String> {
    match s {
        "32" => Ok(32),
        "64" => Ok(64),
        _ => Err(format!("`{s}`: the wave size is 32 or 64")),
    }
}

impl From<ParseError> for Failure {
    fn from(e: ParseError) -> Self {
        Failure {
            kind: "parse",
            message: format!("expression: {e}"),
            extra: json!({ "offset": e.at }),
            file: None,
        }
    }
}

fn ill_formed(e: CheckError, expr: &Expression) -> Failure {
    let op =
        e.op.and_then(|i| expr.ops.get(i).map(|o| (i, o.to_string())));
    Failure {
        kind: "ill_formed",
        message: match &op {
            Some((i, text)) => format!("operation {i} ({text}): {}", e.message),
            None => e.message.clone(),
        },
        extra: json!({ "operation": e.op, "rule": e.message }),
        file: None,
    }
}

/// Runs a `diop` command; the output and the exit status.
pub fn run(cmd: &DiopCommand) -> (String, ExitCode) {
    let (format, result) = match cmd {
        DiopCommand::Check(a) => (a.common.format, run_check(a)),
        DiopCommand::Lower(a) => (a.common.format, run_lower(a)),
        DiopCommand::Eval(a) => (a.common.format, run_eval(a)),
    };
    match result {
        Ok(text) => (text, ExitCode::SUCCESS),
        Err(f) => {
            let text = match format {
                Format::Json => render_json(&f.document()),
                Format::Text => String::new(),
            };
            crate::output::print_failure(&f.message);
            (text, ExitCode::from(1))
        }
    }
}

fn layout(common: &Common) -> Result<DataLayout, Failure> {
    match &common.datalayout {
        None => Ok(DataLayout::amdgcn()),
        Some(s) => DataLayout::parse(s).map_err(|e| Failure::usage(format!("--datalayout: {e}"))),
    }
}

fn parse_index(s: &str, what: &str) -> Result<(usize, String), Failure> {
    let (n, rest) = s
        .split_once('=')
        .ok_or_else(|| Failure::usage(format!("{what} `{s}`: expected N=...")))?;
    let n: usize = n
        .trim()
        .parse()
        .map_err(|_| Failure::usage(format!("{what} `{s}`: `{n}` is not an argument index")))?;
    if n > 4096 {
        return Err(Failure::usage(format!(
            "{what} `{s}`: index {n} is too large"
        )));
    }
    Ok((n, rest.trim().to_string()))
}

fn run_check(a: &CheckArgs) -> Result<String, Failure> {
    let expr = Expression::parse(&a.common.expr)?;
    let mut env = Environment::new(layout(&a.common)?);
    if !a.arg_types.is_empty() {
        let mut args = Vec::new();
        for s in &a.arg_types {
            let (n, t) = parse_index(s, "--arg-type")?;
            let ty = match t.as_str() {
                "poison" => ArgType::Poison,
                _ => ArgType::Known(
                    Type::parse(&t)
                        .map_err(|e| Failure::usage(format!("--arg-type `{s}`: {e}")))?,
                ),
            };
            if args.len() <= n {
                args.resize(n + 1, ArgType::Unknown);
            }
            args[n] = ty;
        }
        env.args = Some(args);
    }
    env.variable_bits = a.variable_bits;
    let typing = check(&expr, &env).map_err(|e| ill_formed(e, &expr))?;
    let report = json!({
        "canonical": expr.to_string(),
        "form": format!("{:?}", expr.form),
        "result_type": typing.result.to_string(),
        "implicit_address": typing.implicit_address,
        "seed_operations": expr.uses_seed_operations(),
        "operations": expr.ops.len(),
        "fragment": expr.fragment().map(|(o, s)| json!({"offset": o, "size": s})),
    });
    Ok(match a.common.format {
        Format::Json => render_json(&report),
        Format::Text => {
            let mut s = format!("{expr}\nresult: {}", typing.result);
            if typing.implicit_address {
                s.push_str(" (an implicit address: DWARF needs DW_OP_implicit_pointer)");
            }
            if let Some((o, z)) = expr.fragment() {
                let _ = write!(s, "\nfragment: bits {o}..{}", u64::from(o) + u64::from(z));
            }
            s.push('\n');
            s
        }
    })
}

/// Parses a `LOC`: a register, a register range, `const:VALUE`, `addr:ADDRESS[@SPACE]`,
/// `undef`.
fn parse_loc(s: &str, map: RegisterMap) -> Result<Binding, Failure> {
    let bad = |why: String| Failure::usage(format!("location `{s}`: {why}"));
    let s = s.trim();
    if s == "undef" || s == "poison" {
        return Ok(Binding::Undefined);
    }
    for (prefix, value) in [("expr:", false), ("value:", true)] {
        if let Some(hex) = s.strip_prefix(prefix) {
            let bytes =
                crate::disasm::parse_hex_bytes(&format!("0x{}", hex.trim_start_matches("0x")))
                    .ok_or_else(|| {
                        bad(format!(
                            "expected hex bytes of a DWARF expression after {prefix}"
                        ))
                    })?;
            let e = hetdwarf::expr::Expr::decode(&bytes, DecodeParams::amdgpu(Encoding::User))
                .map_err(|e| bad(format!("the DWARF expression: {e}")))?;
            return Ok(Binding::Dwarf {
                ops: e.ops().to_vec(),
                value,
            });
        }
    }
    if let Some(v) = s.strip_prefix("const:") {
        let v = parse_number(v).ok_or_else(|| bad("expected a number after const:".into()))?;
        return Ok(Binding::constant(v, 16));
    }
    if let Some(rest) = s.strip_prefix("addr:") {
        let (addr, space) = match rest.split_once('@') {
            Some((a, sp)) => (a, Some(sp)),
            None => (rest, None),
        };
        let address = crate::output::parse_u64(addr).map_err(bad)?;
        let space = match space {
            None => AddressSpaceId::Global.number(),
            Some(sp) => match AddressSpaceId::from_name(sp) {
                Some(id) => id.number(),
                None => sp.parse::<u64>().map_err(|_| {
                    bad(format!(
                        "unknown address space `{sp}` (global generic region local private_lane private_wave, or a DWARF number)"
                    ))
                })?,
            },
        };
        return Ok(Binding::Memory { space, address });
    }
    // `s[4:5]`, `v[0:3]`.
    if let Some((prefix, range)) = s.split_once('[') {
        let range = range
            .strip_suffix(']')
            .ok_or_else(|| bad("expected `]`".into()))?;
        let (lo, hi) = range
            .split_once(':')
            .ok_or_else(|| bad("expected a range `[first:last]`".into()))?;
        let (lo, hi): (u32, u32) = (
            lo.parse()
                .map_err(|_| bad(format!("`{lo}` is not a register number")))?,
            hi.parse()
                .map_err(|_| bad(format!("`{hi}` is not a register number")))?,
        );
        if hi < lo || hi - lo >= 32 {
            return Err(bad("a range of 1 to 32 registers, first:last".into()));
        }
        let mut regs = Vec::new();
        for n in lo..=hi {
            let r = map
                .parse(&format!("{prefix}{n}"))
                .map_err(|e| bad(e.to_string()))?;
            regs.push(map.dwarf_number(r).map_err(|e| bad(e.to_string()))?);
        }
        return Ok(Binding::Registers(regs));
    }
    let r = map.parse(s).map_err(|e| bad(e.to_string()))?;
    Ok(Binding::Registers(vec![
        map.dwarf_number(r).map_err(|e| bad(e.to_string()))?,
    ]))
}

fn parse_number(s: &str) -> Option<u128> {
    let t = s.trim();
    if let Some(h) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        return u128::from_str_radix(h, 16).ok();
    }
    if let Some(n) = t.strip_prefix('-') {
        return n.parse::<i128>().ok().map(|v| (-v) as u128);
    }
    t.parse().ok()
}

fn bindings(
    args: &[String],
    referrer: Option<&str>,
    map: RegisterMap,
) -> Result<Bindings, Failure> {
    let mut b = Bindings::default();
    let mut given = Vec::new();
    for s in args {
        let (n, loc) = parse_index(s, "--arg")?;
        if b.args.len() <= n {
            b.args.resize(n + 1, Binding::Undefined);
            given.resize(n + 1, false);
        }
        b.args[n] = parse_loc(&loc, map)?;
        given[n] = true;
    }
    if let Some(i) = given.iter().position(|g| !g) {
        return Err(Failure::usage(format!("--arg {i}=LOC is missing")));
    }
    b.referrer = referrer.map(|r| parse_loc(r, map)).transpose()?;
    Ok(b)
}

/// Every `DIOpArg(N)` and `DIOpReferrer` needs a binding.
fn require_bindings(expr: &Expression, b: &Bindings) -> Result<(), Failure> {
    for op in &expr.ops {
        match op {
            hetdwarf_diop::DiOp::Arg { index, .. } if b.args.len() <= *index as usize => {
                return Err(Failure::usage(format!(
                    "DIOpArg({index}) has no location: give --arg {index}=LOC"
                )));
            }
            hetdwarf_diop::DiOp::Referrer(_) if b.referrer.is_none() => {
                return Err(Failure::usage(
                    "DIOpReferrer has no location: give --referrer LOC",
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Registers bound to a `DIOpArg` hold as many bits as its type (the fork's rule: a
/// DIOpArg type must be the same size in bits as its argument); `v[4:6]` for an `i64`
/// is not a lowering of it.
fn require_binding_sizes(
    expr: &Expression,
    b: &Bindings,
    dl: &DataLayout,
    target: &hetdwarf::target::Target,
) -> Result<(), Failure> {
    for op in &expr.ops {
        let hetdwarf_diop::DiOp::Arg { index, ty } = op else {
            continue;
        };
        if let Some(bound) = b
            .args
            .get(*index as usize)
            .and_then(|binding| binding.register_bits(target, ty))
            && let Some(want) = dl.size_bits(ty)
            && bound != want
        {
            return Err(Failure::usage(format!(
                "--arg {index} binds {bound} bits, but DIOpArg({index}, {ty}) is {want} bits: a DIOpArg type must be the same size in bits as its argument"
            )));
        }
    }
    Ok(())
}

fn checked(common: &Common) -> Result<(Expression, DataLayout, Typing), Failure> {
    let expr = Expression::parse(&common.expr)?;
    let dl = layout(common)?;
    let typing = check(&expr, &Environment::new(dl.clone())).map_err(|e| ill_formed(e, &expr))?;
    Ok((expr, dl, typing))
}

fn run_lower(a: &LowerArgs) -> Result<String, Failure> {
    let (expr, dl, typing) = checked(&a.common)?;
    let processor = if a.wave_size == 32 {
        "gfx1100"
    } else {
        "gfx90a"
    };
    let map = RegisterMap::new(a.wave_size);
    let b = bindings(&a.args, a.referrer.as_deref(), map)?;
    require_bindings(&expr, &b)?;
    let target = hetdwarf_amdgpu::registers::dwarf_target(processor, a.wave_size);
    require_binding_sizes(&expr, &b, &dl, &target)?;
    let opts = LowerOptions::new(match a.style {
        StyleChoice::Hetdwarf => Style::Hetdwarf,
        _ => Style::Fork,
    })
    .with_wheel(a.style == StyleChoice::Wheel);
    let lowered = lower(&expr, &typing, &dl, &target, &b, opts);
    let encoding = match a.encoding {
        EncodingChoice::User => Encoding::User,
        EncodingChoice::Legacy => Encoding::Legacy,
    };
    let params = DecodeParams::amdgpu(encoding);
    let bytes = encode(&lowered.ops, params).map_err(|e| Failure {
        kind: "encode",
        message: format!("the lowered expression cannot be encoded: {e}"),
        extra: Value::Null,
        file: None,
    })?;
    let text = hetdwarf::expr::disasm::disassemble_named(
        &bytes,
        params,
        hetdwarf::expr::disasm::DisasmOptions::new(target.register_names()),
    );
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let report = json!({
        "bytes": hex,
        "text": text,
        "exact": lowered.exact,
        "notes": lowered.notes,
        "style": format!("{:?}", a.style).to_lowercase(),
        "encoding": match encoding { Encoding::User => "user", Encoding::Legacy => "legacy" },
        "wave_size": a.wave_size,
        "result_type": typing.result.to_string(),
    });
    Ok(match a.common.format {
        Format::Json => render_json(&report),
        Format::Text => {
            let mut s = format!("{text}\nbytes: {}\n", crate::disasm::hex_spaced(&bytes));
            if !lowered.exact {
                s.push_str("inexact: part of the expression was lowered to DW_OP_LLVM_undefined\n");
            }
            for n in &lowered.notes {
                let _ = writeln!(s, "note: {n}");
            }
            s
        }
    })
}

fn run_eval(a: &EvalArgs) -> Result<String, Failure> {
    let (expr, dl, typing) = checked(&a.common)?;
    let state_bytes = hetdwarf_amdgpu::read_regular_file(&a.state)
        .map_err(|e| Failure::usage(format!("{}: {e}", a.state.display())))?;
    let mut state = WaveState::from_json_bytes(&state_bytes).map_err(|e| Failure {
        kind: "state",
        message: format!("{}: {e}", a.state.display()),
        extra: Value::Null,
        file: None,
    })?;
    let b = bindings(&a.args, a.referrer.as_deref(), state.register_map())?;
    require_bindings(&expr, &b)?;
    let names = hetdwarf_amdgpu::registers::dwarf_target(state.processor(), state.wave_size());
    require_binding_sizes(&expr, &b, &dl, &names)?;
    let lanes: Vec<Option<u32>> = if a.all_lanes {
        (0..state.wave_size()).map(Some).collect()
    } else {
        vec![a.lane]
    };
    let result_bits = dl.size_bits(&typing.result);
    let mut results = Vec::new();
    for lane in lanes {
        state
            .set_lane(lane)
            .map_err(|e| Failure::usage(e.to_string()))?;
        let inactive = lane.is_some_and(|l| state.lane_active(l) == Some(false));
        let mut entry = json!({ "lane": lane, "active": !inactive, "location": null, "bytes": null, "value": null, "error": null });
        match evaluate(&mut state, &expr, &typing, &dl, &b) {
            Ok(Outcome::Location { loc, ty }) => {
                entry["location"] = json!(loc.display(&names).to_string());
                let bits = match (a.read, result_bits) {
                    (Some(r), _) => Some(r.bits()),
                    (None, Some(b)) if b <= 1 << 20 => Some(b),
                    _ => None,
                };
                if let Some(nbits) = bits {
                    match eval::read(&mut state, &loc, 0, nbits) {
                        Ok(got) => {
                            entry["bytes"] = json!(got.hex());
                            entry["value"] = json!(match a.read {
                                Some(r) => r.value(&got),
                                None if got.is_complete() => {
                                    Literal::from_bits(&ty, got.data(), &dl)
                                        .map(|l| l.to_string())
                                        .or_else(|| Some(got.hex()))
                                }
                                None => None,
                            });
                            if !got.is_complete() {
                                entry["missing"] = json!(crate::eval::missing_reason(&got));
                            }
                        }
                        Err(e) => entry["error"] = crate::eval::error_json(&e),
                    }
                }
            }
            Ok(Outcome::ImplicitAddress {
                target,
                target_ty,
                space,
            }) => {
                entry["location"] = json!(format!(
                    "implicit address in addrspace({space}) of the {target_ty} at {}",
                    target.display(&names)
                ));
            }
            Err(e) => entry["error"] = crate::eval::error_json(&e),
        }
        results.push(entry);
    }
    let failed = results.iter().all(|r| !r["error"].is_null());
    let report = json!({
        "expression": expr.to_string(),
        "result_type": typing.result.to_string(),
        "lanes": results,
    });
    if failed && !a.all_lanes {
        let e = &report["lanes"][0]["error"];
        return Err(Failure {
            kind: "evaluation",
            message: e["message"]
                .as_str()
                .unwrap_or("evaluation error")
                .to_string(),
            extra: json!({ "lanes": report["lanes"].clone() }),
            file: None,
        });
    }
    Ok(match a.common.format {
        Format::Json => render_json(&report),
        Format::Text => crate::eval::text(&report),
    })
}
