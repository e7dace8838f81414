//! `hetdwarf report`: where every variable lives, PC by PC, as one self-contained HTML
//! file (or a text timeline for terminals), with `verify`'s coverage and findings, and
//! the coverage deltas against a baseline build. A view of the index and of `verify`.

mod classify;
mod html;
mod model;
mod text;

use std::collections::HashMap;
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;

use crate::failure::Failure;
use crate::load;
use crate::output::Conventions;
use crate::progress::{Progress, count};
use model::{Cover, Object};

/// The report's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// One self-contained HTML file.
    Html,
    /// A timeline per function, one character per PC bucket, for terminals and CI logs.
    Text,
}

/// `hetdwarf report` arguments.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Code objects, bundles or host ELFs (every device entry of a container).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Where the HTML goes (`-` for stdout; text always goes to stdout).
    #[arg(short, long, default_value = "report.html")]
    pub output: PathBuf,
    /// The same code objects from an older build: coverage deltas per function and
    /// variable, variables that lost or gained locations.
    #[arg(long)]
    pub baseline: Option<PathBuf>,
    /// Only the entry for this processor in containers.
    #[arg(long)]
    pub processor: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ReportFormat::Html)]
    pub format: ReportFormat,
    /// Which reading of bare vector registers to use.
    #[arg(long, value_enum, default_value_t = Conventions::Auto)]
    pub conventions: Conventions,
    /// Draw no progress line on stderr (drawn, over several files, only when stderr is a
    /// terminal).
    #[arg(long)]
    pub no_progress: bool,
}

/// A variable's change against the baseline.
#[derive(Clone, Debug, Serialize)]
pub struct RowDelta {
    /// Change of its covered fraction (−1..1).
    pub delta: f64,
    /// `lost` (had a location, has none), `gained` (the reverse) or `new` (no such
    /// variable in the baseline).
    pub status: Option<&'static str>,
}

/// One object with what the baseline says of it.
pub struct Compared {
    /// The object.
    pub object: Object,
    /// Whether a baseline was given (and matched this object).
    pub has_baseline: bool,
    /// The baseline's total coverage.
    pub baseline_total: Option<Cover>,
    /// Per function: the change of its covered fraction (`None`: not in the baseline).
    pub baseline_functions: Vec<Option<f64>>,
    /// Per function, per row: the row's change.
    pub baseline_rows: Option<Vec<Vec<Option<RowDelta>>>>,
}

/// Reports every device code object of `path`, and adds its errors and warnings to
/// `findings`.
fn objects(
    path: &std::path::Path,
    processor: Option<&str>,
    conventions: Conventions,
    shared: &mut model::Shared,
    findings: &mut (usize, usize),
) -> Result<Vec<Object>, Failure> {
    let input = load::open(path)?;
    let entries = input
        .device_entries(processor)
        .map_err(|e| Failure::from(hetdwarf_amdgpu::Error::from(e)))?;
    let mut out = Vec::new();
    for entry in entries {
        let co = input
            .entry_code_object(entry)
            .map_err(|e| Failure::from(hetdwarf_amdgpu::Error::from(e)))?;
        let sections = load::sections(&co)?;
        let dbg = load::debug_info(&co, &sections, conventions)?;
        let (verified, checked) = crate::code::verified(&co, &dbg, true)?;
        findings.0 += verified.count(hetdwarf::verify::Severity::Error);
        findings.1 += verified.count(hetdwarf::verify::Severity::Warning);
        let processor = co.target().processor.clone();
        let target = hetdwarf_amdgpu::registers::dwarf_target(&processor, co.common_wave_size());
        let text_of = |address: u64| match &checked {
            Some(c) => hetdwarf_mc::text_at(&co, &c.dis, address).unwrap_or_default(),
            None => String::new(),
        };
        let machine = checked.as_ref().map(|c| model::Machine {
            listing: &c.code.listing,
            text_of: &text_of,
        });
        let object = model::object(
            co.name(),
            &processor,
            &dbg,
            &verified,
            &target,
            machine.as_ref(),
            shared,
        )
        .map_err(|e| Failure::library(e, format_args!("{}: ", co.name())))?;
        out.push(object);
    }
    Ok(out)
}

/// Keys that pair things across builds: the name and its occurrence among equal names.
fn keyed<'a>(names: impl Iterator<Item = String> + 'a) -> Vec<(String, usize)> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    names
        .map(|n| {
            let k = seen.entry(n.clone()).or_default();
            *k += 1;
            (n, *k)
        })
        .collect()
}

fn row_key(r: &model::Row) -> String {
    format!(
        "{}/{}/{}",
        r.inlined.as_ref().map_or("", |i| i.0.as_str()),
        if r.parameter { "p" } else { "v" },
        r.name
    )
}

/// Pairs `object` with its baseline (same processor, functions by name, variables by
/// name within their function and inlined call).
fn compare(object: Object, baseline: Option<&[Object]>) -> Compared {
    let Some(old) = baseline.and_then(|b| {
        b.iter()
            .find(|o| o.processor == object.processor)
            .or_else(|| (b.len() == 1).then(|| &b[0]))
    }) else {
        return Compared {
            baseline_functions: vec![None; object.functions.len()],
            object,
            has_baseline: false,
            baseline_total: None,
            baseline_rows: None,
        };
    };
    let old_fns: HashMap<(String, usize), &model::Function> =
        keyed(old.functions.iter().map(|f| f.name.clone()))
            .into_iter()
            .zip(&old.functions)
            .collect();
    let mut fn_deltas = Vec::new();
    let mut rows = Vec::new();
    for (key, f) in keyed(object.functions.iter().map(|f| f.name.clone()))
        .into_iter()
        .zip(&object.functions)
    {
        let Some(of) = old_fns.get(&key) else {
            fn_deltas.push(None);
            rows.push(
                f.rows
                    .iter()
                    .map(|_| {
                        Some(RowDelta {
                            delta: 0.0,
                            status: Some("new"),
                        })
                    })
                    .collect(),
            );
            continue;
        };
        fn_deltas.push(Some(f.cover.fraction() - of.cover.fraction()));
        let old_rows: HashMap<(String, usize), &model::Row> = keyed(of.rows.iter().map(row_key))
            .into_iter()
            .zip(&of.rows)
            .collect();
        rows.push(
            keyed(f.rows.iter().map(row_key))
                .into_iter()
                .zip(&f.rows)
                .map(|(k, r)| {
                    let Some(o) = old_rows.get(&k) else {
                        return Some(RowDelta {
                            delta: 0.0,
                            status: Some("new"),
                        });
                    };
                    let frac = |c: &Option<Cover>| c.map_or(0.0, |c| c.fraction());
                    let status = match (o.bars.is_empty(), r.bars.is_empty()) {
                        (false, true) => Some("lost"),
                        (true, false) => Some("gained"),
                        _ => None,
                    };
                    Some(RowDelta {
                        delta: frac(&r.cover) - frac(&o.cover),
                        status,
                    })
                })
                .collect(),
        );
    }
    Compared {
        has_baseline: true,
        baseline_total: Some(old.cover),
        baseline_functions: fn_deltas,
        baseline_rows: Some(rows),
        object,
    }
}

/// Runs `report`: the HTML file written (its path and size on stdout), or the text.
pub fn run(args: &ReportArgs) -> Result<String, Failure> {
    // Whatever the format: the answer (the text, or the HTML file's line) is written only
    // after the run, when the line is gone, so a stdout on the same terminal is no reason
    // to leave it out. It is dropped, and so cleared, on every way out of here.
    let inputs: Vec<&PathBuf> = args.baseline.iter().chain(&args.files).collect();
    let progress = Progress::new("report", inputs.len(), !args.no_progress);
    // The baseline's findings are not this build's: counted apart, and not shown.
    let (mut findings, mut old_findings) = ((0, 0), (0, 0));
    let show = |done: usize, findings: (usize, usize)| {
        progress.set(
            done,
            &format!(
                "{}, {}",
                count(findings.0, "error"),
                count(findings.1, "warning")
            ),
            Some(&inputs.get(done).map_or_else(
                || "rendering the report".to_string(),
                |p| p.display().to_string(),
            )),
        );
    };
    // The baseline is compared, not drawn: its bars have a budget of their own.
    let baseline = match &args.baseline {
        Some(p) => Some({
            show(0, findings);
            objects(
                p,
                args.processor.as_deref(),
                args.conventions,
                &mut model::Shared::default(),
                &mut old_findings,
            )?
        }),
        None => None,
    };
    let mut done = inputs.len() - args.files.len();
    let mut compared = Vec::new();
    let mut shared = model::Shared::default();
    for f in &args.files {
        show(done, findings);
        for o in objects(
            f,
            args.processor.as_deref(),
            args.conventions,
            &mut shared,
            &mut findings,
        )? {
            compared.push(compare(o, baseline.as_deref()));
        }
        done += 1;
    }
    show(done, findings);
    match args.format {
        ReportFormat::Text => Ok(text::render(&compared)),
        ReportFormat::Html => {
            let page = html::page(
                &compared,
                args.baseline
                    .as_ref()
                    .map(|p| p.display().to_string())
                    .as_deref(),
            );
            if args.output.as_os_str() == "-" {
                return Ok(page);
            }
            std::fs::write(&args.output, &page).map_err(|e| {
                Failure::new(
                    hetdwarf::ErrorKind::Io,
                    format!("{}: {e}", args.output.display()),
                )
            })?;
            let functions: usize = compared.iter().map(|c| c.object.functions.len()).sum();
            let variables: usize = compared
                .iter()
                .flat_map(|c| &c.object.functions)
                .map(|f| f.rows.len())
                .sum();
            Ok(format!(
                "{}: {} code objects, {functions} functions, {variables} variables, {} bytes\n",
                args.output.display(),
                compared.len(),
                page.len()
            ))
        }
    }
}
