//! `hetdwarf verify`: offline verification of a compiler's AMDGPU debug information.
//!
//! Runs [`hetdwarf::verify::verify`] over each code object (files named, directories
//! walked, every device entry of a container) with the AMDGPU targets of the code object
//! (wave32 and wave64 register maps, address spaces) and the wave size of each kernel, in
//! parallel, and writes the findings grouped by function (text), as one JSON document or
//! as JSON lines, in input order, as they are made. The caller exits with status 1 when
//! [`run`] reports failure: errors were found, warnings under `--deny warnings`, or an
//! input could not be verified.

mod inputs;
mod render;
mod sink;

use std::io::IsTerminal;
use std::path::PathBuf;

use hetdwarf::verify::Report;
use hetdwarf_diop::module::Module;
use hetdwarf_diop::verify::{IrOptions, IrSummary, check_ir};
use rayon::prelude::*;
use serde_json::Value;

use crate::failure::Failure;
use crate::load;
use crate::progress::Progress;
use inputs::{Item, Shard};
use render::counterexample_json;
use sink::{Rendered, Renderer, Sink};

/// What `--deny` can make fatal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Deny {
    /// Fail when any warning is found.
    Warnings,
}

/// Arguments of `hetdwarf verify`.
#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    /// Code objects, offload bundles or host ELFs to verify, or directories (walked for
    /// them, recognised by content).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Output format: text, one JSON document, or JSON lines (one object per finding,
    /// per code object and for the run, written as they are made).
    #[arg(long, value_enum, default_value_t = VerifyFormat::Text)]
    pub format: VerifyFormat,
    /// Also fail (exit status 1) on warnings.
    #[arg(long, value_enum)]
    pub deny: Option<Deny>,
    /// Pick this processor's entry of a container (`gfx90a`, `gfx90a:xnack+`, or an
    /// entry id as errors list them).
    #[arg(long)]
    pub processor: Option<String>,
    /// How bare vector registers are read: per unit from its contents (auto), as upstream
    /// LLVM means them, or by the letter of the heterogeneous extensions.
    #[arg(long, value_enum, default_value_t = crate::output::Conventions::Auto)]
    pub conventions: crate::output::Conventions,
    /// The LLVM IR module the objects were compiled from: check that the DWARF emitted for
    /// each DIOp debug record means what its expression says (`diop-*` findings).
    #[arg(long, value_name = "MODULE.ll")]
    pub ir: Option<PathBuf>,
    /// Machine states each DIOp record is evaluated on (with `--ir`).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub ir_states: u32,
    /// Verify only every N-th input from the K-th on (`2/8`: inputs 1, 9, 17, … counted
    /// from 0, in the order the files are given and directories are walked): the N shards
    /// together verify each input once.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse)]
    pub shard: Option<Shard>,
    /// Skip the checks of locations against the machine code (the `code` group: clobbered
    /// registers, calls), which run whenever this build can decode machine code. They
    /// decode every instruction: on a large object about one and a half times the cost of
    /// the DWARF checks again, on a release of small ones about twice.
    #[arg(long)]
    pub no_code: bool,
    /// Draw no progress line on stderr. It is drawn only for text output when stderr is
    /// a terminal; this is for that terminal showing stdout through a pager
    /// (`verify DIR | less`).
    #[arg(long)]
    pub no_progress: bool,
}

/// `verify --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum VerifyFormat {
    /// Human-readable text.
    Text,
    /// One JSON document.
    Json,
    /// JSON lines: one object per finding, per code object and for the run, streamed.
    Jsonl,
}

/// One verified code object (a file, or one entry of a container).
pub(crate) struct Verified {
    /// The file, with `#ENTRY-ID` for an entry of a container.
    file: String,
    processor: String,
    report: Report,
    /// With `--ir`: the counts, and a counterexample state (wave-state JSON) per finding.
    ir: Option<(IrSummary, Vec<Option<Value>>)>,
}

/// What became of one input file.
enum Outcome {
    /// Found by walking a directory, and holds no AMDGPU code (or none for `--processor`).
    Skipped,
    /// It could not be opened.
    Failed(Failure),
    /// Each device entry verified and rendered, or why not (with the entry's name).
    Entries(Vec<Result<Rendered, (String, Failure)>>),
}

/// Runs `work` on each item on the thread pool, at most `window` items started and not
/// yet emitted, and hands the results to `emit` in the items' order, each as soon as it and
/// those before it are done. Stops at the first error `emit` returns (the items under way
/// finish first). A panic in `work` is raised again here rather than leaving `emit`
/// waiting. Called from outside the pool (it blocks waiting for results, which on a pool
/// thread of a one-thread pool would wait for itself).
fn in_input_order<T: Sync, R: Send, E>(
    items: &[T],
    window: usize,
    work: impl Fn(&T) -> R + Sync,
    mut emit: impl FnMut(&T, R) -> Result<(), E>,
) -> Result<(), E> {
    use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
    debug_assert!(
        rayon::current_thread_index().is_none(),
        "called on a pool thread"
    );
    let (done, results) = std::sync::mpsc::channel();
    let work = &work;
    rayon::in_place_scope(|scope| {
        let start = |i: usize| {
            let done = done.clone();
            scope.spawn(move |_| {
                let _ = done.send((i, catch_unwind(AssertUnwindSafe(|| work(&items[i])))));
            });
        };
        let mut started = items.len().min(window.max(1));
        (0..started).for_each(start);
        // Results that arrived before their turn, by item index.
        let mut early = std::collections::BTreeMap::new();
        for (next, item) in items.iter().enumerate() {
            let result = loop {
                if let Some(r) = early.remove(&next) {
                    break r;
                }
                // Every item not yet emitted has a task under way that sends once.
                let Ok((i, r)) = results.recv() else {
                    unreachable!("the sender is held here");
                };
                early.insert(i, r);
            };
            emit(item, result.unwrap_or_else(|panic| resume_unwind(panic)))?;
            if started < items.len() {
                start(started);
                started += 1;
            }
        }
        Ok(())
    })
}

/// Verifies every code object of every input (directories walked, containers entry by
/// entry, in parallel on all cores) and writes the answer to stdout as it is made, in
/// input order. Returns whether verification failed (errors, warnings under `--deny
/// warnings`, or an input that could not be verified). With a single input file, its
/// failure to open is the command's failure (`Err`); with several, it is reported with
/// the rest.
pub fn run(args: &VerifyArgs) -> Result<(String, bool), Failure> {
    let module = match &args.ir {
        None => None,
        Some(p) => {
            // A module larger than the reader takes is refused before it is read, as the
            // reader would refuse it; within that, `--max-memory` bounds it as any input.
            let len = std::fs::metadata(p).map_or(0, |m| m.len());
            if len > hetdwarf_diop::module::MAX_MODULE_BYTES as u64 {
                let e = hetdwarf_diop::module::ModuleError::TooLarge(
                    usize::try_from(len).unwrap_or(usize::MAX),
                );
                return Err(Failure::new(e.kind(), format!("{}: {e}", p.display())));
            }
            let bytes = load::read_text_input(p)?;
            // Text that is not UTF-8 is not an IR module: malformed, as for a wave state.
            let text = String::from_utf8(bytes).map_err(|e| {
                Failure::new(
                    hetdwarf::ErrorKind::Malformed,
                    format!("{}: not UTF-8 text: {e}", p.display()),
                )
            })?;
            Some(
                Module::parse(&text)
                    .map_err(|e| Failure::new(e.kind(), format!("{}: {e}", p.display())))?,
            )
        }
    };
    let shard = args.shard;
    let found = inputs::expand(&args.files)?;
    // Nothing at all under the inputs fails every shard: a CI job pointed at the wrong
    // place must not pass.
    if found.is_empty() {
        return Err(nothing_to_verify(args));
    }
    let items: Vec<Item> = found
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shard.is_none_or(|s| s.holds(*i)))
        .map(|(_, item)| item)
        .collect();
    // One file named and verified whole: its failure to open is the command's. A shard
    // always answers with records, so that the shards' lines concatenate into the run's.
    let single = shard.is_none() && items.len() == 1 && !items[0].found;
    let module = module.as_ref().map(|m| (m, args.ir_states as usize));
    let mut sink: Option<Sink> = None;
    // Files are verified and rendered on all cores, up to twice as many at a time as there
    // are threads, and written in input order as soon as each one's turn comes: a large
    // object holds back the writing of those after it, and their verifying only once the
    // window behind it is full; at most that window of reports is held.
    let window = 2 * rayon::current_num_threads().max(1);
    let renderer = Renderer::new(args, window);
    // Not for JSON: a program reads that, and a person who watches it scroll by needs no
    // count. Text to the terminal the line is on is written with the line cleared, and
    // flushed at once, so that the two never mix; text to anywhere else needs neither.
    let mut progress = Progress::new(
        "verify",
        items.len(),
        args.format == VerifyFormat::Text && !args.no_progress,
    );
    let to_terminal = progress.is_shown() && std::io::stdout().is_terminal();
    let mut done = 0;
    progress.set(
        done,
        &findings(None),
        items
            .first()
            .map(|i| i.path.display().to_string())
            .as_deref(),
    );
    in_input_order(
        &items,
        window,
        |item| verify_item(item, args, module, &renderer),
        |item, outcome| {
            let outcome = match outcome {
                Outcome::Failed(f) if single => return Err(f),
                // One code object in all: its failure is the command's, as for any
                // command on one object.
                Outcome::Entries(mut list) if single && list.len() == 1 && list[0].is_err() => {
                    match list.pop() {
                        Some(Err((_, f))) => return Err(f),
                        _ => unreachable!("one entry, an error"),
                    }
                }
                outcome => outcome,
            };
            let write = || {
                match outcome {
                    Outcome::Skipped => {}
                    Outcome::Failed(f) => sink
                        .get_or_insert_with(|| Sink::new(args))
                        .failure(&item.path.display().to_string(), &f),
                    Outcome::Entries(list) => {
                        let sink = sink.get_or_insert_with(|| Sink::new(args));
                        for entry in list {
                            match entry {
                                Ok(r) => sink.entry(r, &renderer),
                                Err((name, f)) => sink.failure(&name, &f),
                            }
                        }
                    }
                }
                if to_terminal && let Some(sink) = &mut sink {
                    sink.flush();
                }
            };
            if to_terminal {
                progress.suspend(write);
            } else {
                write();
            }
            done += 1;
            // The file named is the one waited for now, whose turn is next: those after
            // it may be done, and wait for it.
            progress.set(
                done,
                &findings(sink.as_ref()),
                items
                    .get(done)
                    .map(|i| i.path.display().to_string())
                    .as_deref(),
            );
            Ok(())
        },
    )?;
    progress.finish();
    // Inputs that hold no AMDGPU code at all (an empty directory, host libraries without
    // offload code) verify nothing: a CI job pointed at the wrong place must not pass.
    // An empty shard is fine: there are more shards than inputs.
    if sink.is_none() && shard.is_none() {
        return Err(nothing_to_verify(args));
    }
    let failed = sink.unwrap_or_else(|| Sink::new(args)).finish();
    Ok((String::new(), failed))
}

/// The findings so far, for the progress line.
fn findings(sink: Option<&Sink>) -> String {
    sink.map_or_else(|| "0 errors, 0 warnings".to_string(), Sink::findings)
}

/// The failure of a run whose inputs hold no AMDGPU code.
fn nothing_to_verify(args: &VerifyArgs) -> Failure {
    let names: Vec<String> = args.files.iter().map(|p| p.display().to_string()).collect();
    Failure::usage(format!(
        "{}: nothing to verify: no AMDGPU code object, offload bundle or host ELF with offload code found",
        names.join(", ")
    ))
}

/// Opens one input and verifies each of its device code objects (in parallel).
fn verify_item(
    item: &Item,
    args: &VerifyArgs,
    module: Option<(&Module, usize)>,
    renderer: &Renderer,
) -> Outcome {
    use hetdwarf_amdgpu::CodeObjectError as E;
    let quiet =
        |e: &E| item.found && matches!(e, E::WrongMachine { .. } | E::NoMatchingEntry { .. });
    if let Some(why) = &item.unreadable {
        return Outcome::Failed(Failure::new(
            hetdwarf::ErrorKind::Io,
            format!("{}: {why}", item.path.display()),
        ));
    }
    let input = match load::read_input_as(&item.openable(), &item.path) {
        Ok(input) => input,
        Err(e) if quiet(&e) => return Outcome::Skipped,
        Err(e) => return Outcome::Failed(hetdwarf_amdgpu::Error::from(e).into()),
    };
    let entries = match input.device_entries(args.processor.as_deref()) {
        Ok(entries) => entries,
        Err(e) if quiet(&e) => return Outcome::Skipped,
        Err(e) => return Outcome::Failed(hetdwarf_amdgpu::Error::from(e).into()),
    };
    Outcome::Entries(
        entries
            .par_iter()
            .map(|entry| {
                let co = input.entry_code_object(entry).map_err(|e| {
                    (
                        format!("{}#{}", input.name(), entry.id),
                        hetdwarf_amdgpu::Error::from(e).into(),
                    )
                })?;
                let name = co.name().to_string();
                verify_code_object(&co, args.conventions, module, !args.no_code)
                    .map(|v| renderer.render(&v))
                    .map_err(|f| (name, f))
            })
            .collect(),
    )
}

fn verify_code_object(
    co: &hetdwarf_amdgpu::CodeObject<'_>,
    conventions: crate::output::Conventions,
    module: Option<(&Module, usize)>,
    check_code: bool,
) -> Result<Verified, Failure> {
    let sections = load::sections(co)?;
    let dbg = load::debug_info(co, &sections, conventions)?;
    let proc_name = co.target().processor.clone();
    let wave_at = |pc: u64| co.wave_size_at(pc);
    let targets = hetdwarf_amdgpu::verify::targets(co);
    let (mut report, _) = crate::code::verified(co, &dbg, check_code)?;
    let ir = match module {
        None => None,
        Some((module, states)) => {
            let encoding = report
                .encoding
                .as_ref()
                .map_or(hetdwarf::expr::Encoding::User, |e| e.0);
            let ir_opts = {
                let mut o = IrOptions::new(&targets, encoding);
                o.wave_size_at = Some(&wave_at);
                o.default_wave_size = co.common_wave_size();
                o.states = states;
                o
            };
            let ir = check_ir(&dbg, module, &ir_opts)
                .map_err(|e| Failure::library(e, format_args!("{}: ", co.name())))?;
            let states: Vec<Option<Value>> = ir
                .counterexamples
                .iter()
                .map(|c| c.as_ref().map(|c| counterexample_json(c, &proc_name)))
                .collect();
            // Findings without a counterexample first get `None` placeholders.
            let mut all = vec![None; report.findings.len()];
            all.extend(states);
            report.findings.extend(ir.findings);
            Some((ir.summary, all))
        }
    };
    Ok(Verified {
        file: co.name().to_string(),
        processor: proc_name,
        report,
        ir,
    })
}

#[cfg(test)]
mod tests {
    use super::in_input_order;
    use std::time::Duration;

    #[test]
    fn results_come_in_input_order_whatever_order_they_finish_in() {
        let items: Vec<u64> = (0..40).collect();
        let mut seen = Vec::new();
        // Early items take longest, so later ones finish first.
        let r: Result<(), ()> = in_input_order(
            &items,
            8,
            |&i| {
                std::thread::sleep(Duration::from_millis(40 - i));
                i * 10
            },
            |&item, result| {
                assert_eq!(result, item * 10);
                seen.push(item);
                Ok(())
            },
        );
        assert!(r.is_ok());
        assert_eq!(seen, items);
    }

    #[test]
    fn an_error_from_emit_stops_the_run() {
        let items: Vec<u32> = (0..100).collect();
        let mut emitted = 0;
        let r = in_input_order(
            &items,
            4,
            |&i| i,
            |_, i| {
                emitted += 1;
                if i == 5 {
                    Err(format!("stop at {i}"))
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err("stop at 5".to_string()));
        assert_eq!(emitted, 6);
    }

    #[test]
    fn a_panicking_item_is_raised_not_waited_for() {
        let items: Vec<u32> = (0..10).collect();
        let outcome = std::panic::catch_unwind(|| {
            let _: Result<(), ()> = in_input_order(
                &items,
                4,
                |&i| {
                    assert!(i != 3, "item 3 fails");
                    i
                },
                |_, _| Ok(()),
            );
        });
        let message = outcome.expect_err("the panic reaches the caller");
        let text = message
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| message.downcast_ref::<&str>().map(|s| s.to_string()));
        assert_eq!(text.as_deref(), Some("item 3 fails"));
    }
}
