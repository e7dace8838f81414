//! `hetdwarf`: the command-line program.
//!
//! Argument parsing and output only; everything a library user would also want lives in
//! the `hetdwarf` and `hetdwarf-amdgpu` crates. Exit status: 0 success, 1 the request
//! failed (the error is one line on stderr), 2 usage error.

mod backtrace;
mod code;
mod dap;
mod diop;
mod disasm;
mod eval;
mod failure;
mod info;
mod load;
mod output;
mod progress;
mod report;
mod variables;
mod vars;
mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use output::Format;

/// Where is this variable, in this lane of this wavefront, and what is its value?
#[derive(Parser)]
#[command(name = "hetdwarf", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Memory budget for what is decompressed or relocated from the input file, all
    /// together (bytes, or with K, M, G, T); default: the larger of 256M and 64 × the file.
    #[arg(long, global = true, value_parser = output::parse_size)]
    max_memory: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Processor, features, code object version, kernels with wave sizes, compile units,
    /// producers and the DWARF conventions detected.
    Info {
        /// Code object, offload bundle or host ELF.
        file: PathBuf,
        /// Pick this processor's entry of a container (`gfx90a`, `gfx90a:xnack+`, or an
        /// entry id as errors list them).
        #[arg(long)]
        processor: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// How bare vector registers are read: per unit from its contents (auto), or as
        /// upstream LLVM means them, or by the letter of the heterogeneous extensions.
        #[arg(long, value_enum, default_value_t = output::Conventions::Auto)]
        conventions: output::Conventions,
    },
    /// Variables and parameters in scope at a PC, with their location expressions and
    /// which location-list entries apply.
    Vars {
        /// Code object, offload bundle or host ELF.
        file: PathBuf,
        /// The PC (code-object address), decimal or 0x-prefixed hex.
        #[arg(long, value_parser = output::parse_u64)]
        pc: u64,
        /// Pick this processor's entry of a container (`gfx90a`, `gfx90a:xnack+`, or an
        /// entry id as errors list them).
        #[arg(long)]
        processor: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// How bare vector registers are read: per unit from its contents (auto), or as
        /// upstream LLVM means them, or by the letter of the heterogeneous extensions.
        #[arg(long, value_enum, default_value_t = output::Conventions::Auto)]
        conventions: output::Conventions,
    },
    /// Unwind a wave state: frames with PC, function, CFA and per-lane PCs.
    Backtrace(backtrace::BacktraceArgs),
    /// A variable's value, formatted by its DWARF type, per lane.
    Print(variables::PrintArgs),
    /// Every variable and parameter in scope, per lane.
    Locals(variables::LocalsArgs),
    /// Write a value through the variable's location(s) into a new state file.
    Set(variables::SetArgs),
    /// Evaluate one expression against a wave state; print the location description and,
    /// with --read, the value read through it.
    Eval(eval::EvalArgs),
    /// The machine code of a function or PC range, as llvm-objdump-22 -d prints it, with
    /// source lines and the variables whose locations cover each instruction.
    Code(code::CodeArgs),
    /// Decode an expression and print it the way llvm-dwarfdump (LLVM 22) does.
    Disasm {
        /// Hex byte pairs (`"1a"`, `"e9 02"`, `0x90c114`) or operations as text
        /// (`"DW_OP_regx VGPR1 DW_OP_LLVM_user DW_OP_LLVM_push_lane ..."`).
        expr: String,
        /// Read EXPR as hex bytes (an error if it is not).
        #[arg(long, conflicts_with = "text")]
        bytes: bool,
        /// Read EXPR as assembler text, even when it looks like hex bytes.
        #[arg(long)]
        text: bool,
        /// How the LLVM heterogeneous operations are encoded.
        #[arg(long, value_enum, default_value_t = disasm::EncodingArg::Auto)]
        encoding: disasm::EncodingArg,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Verify the debug information: expressions, location lists, CFI, target rules,
    /// producer bugs and coverage. Exit status 1 when errors (or, with `--deny warnings`,
    /// warnings) are found.
    Verify(verify::VerifyArgs),
    /// The DIOp expression language: check, lower to DWARF, evaluate.
    #[command(subcommand)]
    Diop(diop::DiopCommand),
    /// An HTML report (or a text timeline) of where every variable lives, PC by PC, with
    /// verify's coverage and findings and, with --baseline, the deltas against another build.
    Report(report::ReportArgs),
    /// A Debug Adapter Protocol server replaying a saved wave in an IDE: the active lanes
    /// are the threads, each variable shows in every lane under "All lanes".
    Dap(dap::DapArgs),
}

/// Writes the answer to stdout. A reader that closed the pipe (`| head`) ends the program
/// quietly with the status a shell gives a process killed by SIGPIPE (128 + 13); any other
/// write error is reported.
fn emit(text: &str, status: ExitCode) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out
        .write_all(&output::terminal_safe(text.as_bytes()))
        .and_then(|()| out.flush())
    {
        Ok(()) => status,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(141),
        Err(e) => {
            eprintln!("hetdwarf: writing the output: {e}");
            ExitCode::from(1)
        }
    }
}

/// Whether the command was asked for JSON output.
fn wants_json(command: &Command) -> bool {
    let format = match command {
        Command::Info { format, .. }
        | Command::Vars { format, .. }
        | Command::Disasm { format, .. } => *format,
        Command::Eval(a) => a.format,
        Command::Backtrace(a) => a.format,
        Command::Code(a) => a.format,
        Command::Print(a) => a.frame.format,
        Command::Locals(a) => a.frame.format,
        Command::Set(a) => a.frame.format,
        Command::Verify(a) => match a.format {
            verify::VerifyFormat::Text => Format::Text,
            verify::VerifyFormat::Json | verify::VerifyFormat::Jsonl => Format::Json,
        },
        // Answers its own failures.
        Command::Diop(_) => Format::Text,
        Command::Report(_) => Format::Text,
        Command::Dap(_) => Format::Text,
    };
    format == Format::Json
}

/// The output format the raw arguments ask for (`--format json`, `--format=jsonl`), read
/// without clap: for answering a command line clap refused.
fn asked_format(args: &[std::ffi::OsString]) -> Option<&str> {
    let args: Vec<&str> = args.iter().filter_map(|a| a.to_str()).collect();
    args.iter()
        .enumerate()
        .rev()
        .find_map(|(i, a)| match a.strip_prefix("--format") {
            Some("") => args.get(i + 1).copied(),
            Some(v) => v.strip_prefix('='),
            None => None,
        })
}

/// A command line clap refused: its message on stderr as clap writes it, and, when JSON
/// was asked for, the failure document on stdout (kind `usage`), with clap's status.
fn refused(e: clap::Error, args: &[std::ffi::OsString]) -> ExitCode {
    use clap::error::ErrorKind as Clap;
    let _ = e.print();
    if matches!(e.kind(), Clap::DisplayHelp | Clap::DisplayVersion) {
        return ExitCode::SUCCESS;
    }
    let status = ExitCode::from(2);
    let rendered = e.render().to_string();
    // Clap's message up to its usage line: the first line, and the arguments it lists
    // after it (`--pc <PC>` for a missing one), on one line.
    let message = rendered
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| match l.strip_prefix("tip: ") {
            Some(tip) => format!("(tip: {tip})"),
            None => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ")
        .trim_start_matches("error: ")
        .to_string();
    let document = failure::Failure::usage(message).document();
    match asked_format(args) {
        Some("json") => emit(&output::json(&document), status),
        Some("jsonl") => emit(&format!("{document}\n"), status),
        _ => status,
    }
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return refused(e, &args),
    };
    load::set_max_memory(cli.max_memory);
    let json_failures = wants_json(&cli.command);
    // JSON lines answer a failure on one line too.
    let one_line =
        matches!(&cli.command, Command::Verify(a) if a.format == verify::VerifyFormat::Jsonl);
    let result = match cli.command {
        Command::Info {
            file,
            processor,
            format,
            conventions,
        } => match info::run(&file, processor.as_deref(), format, conventions) {
            Ok((text, failed)) => return emit(&text, ExitCode::from(u8::from(failed))),
            Err(failure) => Err(failure),
        },
        Command::Vars {
            file,
            pc,
            processor,
            format,
            conventions,
        } => vars::run(&file, processor.as_deref(), pc, format, conventions),
        Command::Eval(args) => eval::run(&args),
        Command::Backtrace(args) => backtrace::run(&args),
        Command::Code(args) => code::run(&args),
        Command::Print(args) => variables::print(&args),
        Command::Locals(args) => variables::locals(&args),
        Command::Dap(args) => dap::run(&args),
        Command::Set(args) => variables::set(&args),
        Command::Disasm {
            expr,
            bytes,
            text,
            encoding,
            format,
        } => disasm::run(
            &expr,
            disasm::InputKind::from_flags(bytes, text),
            encoding,
            format,
        ),
        Command::Diop(cmd) => {
            let (text, status) = diop::run(&cmd);
            return emit(&text, status);
        }
        Command::Report(args) => report::run(&args),
        Command::Verify(args) => match verify::run(&args) {
            Ok((text, failed)) => return emit(&text, ExitCode::from(u8::from(failed))),
            Err(message) => Err(message),
        },
    };
    match result {
        Ok(text) => emit(&text, ExitCode::SUCCESS),
        Err(failure) => {
            output::print_failure(&failure.message);
            if one_line {
                let mut line = serde_json::to_string(&failure.document()).unwrap_or_default();
                line.push('\n');
                return emit(&line, ExitCode::from(1));
            }
            if json_failures {
                // A script reads the failure on stdout too, as one JSON document.
                return emit(&output::json(&failure.document()), ExitCode::from(1));
            }
            ExitCode::from(1)
        }
    }
}
