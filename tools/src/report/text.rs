//! The report for terminals and CI logs: per function, one line per variable with one
//! character per PC bucket (the storage class of the first entry there), then the
//! findings.

use std::fmt::Write;

use super::Compared;
use crate::output::one_line;

/// Characters per timeline.
const WIDTH: usize = 64;

/// The character of a storage class.
fn glyph(kind: &str) -> char {
    match kind {
        "sgpr" => 's',
        "vgpr" => 'v',
        "agpr" => 'a',
        "register" => 'r',
        "scratch" => 'm',
        "lds" => 'l',
        "gds" => 'd',
        "global" => 'g',
        "memory" => 'M',
        "implicit" => 'i',
        "implicit_pointer" => 'p',
        "composite" => 'c',
        _ => 'u',
    }
}

/// The text report.
pub fn render(objects: &[Compared]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "legend: s SGPR, v VGPR, a AGPR, r other register, m scratch, l LDS, d GDS, g global, M memory, i implicit, p implicit pointer, c extend/select, u undefined, * pieces in several classes, + several places, . no location, blank outside the variable's scope"
    );
    for c in objects {
        let o = &c.object;
        let _ = writeln!(
            out,
            "\n{} ({}): {} functions, {:.1}% of variables' scope covered, {} errors, {} warnings",
            one_line(&o.file),
            one_line(&o.processor),
            o.functions.len(),
            o.cover.fraction() * 100.0,
            o.errors,
            o.warnings
        );
        for (fi, f) in o.functions.iter().enumerate() {
            let span = (f.high - f.low).max(1);
            let bucket = |pc: u64| {
                ((pc.saturating_sub(f.low)) as u128 * WIDTH as u128 / span as u128) as usize
            };
            let delta = c
                .baseline_functions
                .get(fi)
                .copied()
                .flatten()
                .map(|d| format!(", {:+.1} vs baseline", d * 100.0))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "\n  {} [{:#x}, {:#x}) {:.1}% covered{delta}",
                one_line(&f.name),
                f.low,
                f.high,
                f.cover.fraction() * 100.0
            );
            let width = f
                .rows
                .iter()
                .map(|r| r.name.len() + 2)
                .max()
                .unwrap_or(8)
                .min(32);
            for (ri, r) in f.rows.iter().enumerate() {
                let mut line = vec![' '; WIDTH];
                // The variable's scope: where it could have a location.
                for &(a, b) in &r.scope {
                    for cell in line
                        .iter_mut()
                        .take(bucket(b).min(WIDTH))
                        .skip(bucket(a).min(WIDTH))
                    {
                        *cell = '.';
                    }
                }
                let mut places = vec![0usize; WIDTH];
                for bar in &r.bars {
                    let kinds: Vec<&str> = bar.pieces.iter().map(|p| p.kind).collect();
                    let g = if kinds.windows(2).any(|w| w[0] != w[1]) {
                        '*'
                    } else {
                        glyph(kinds.first().copied().unwrap_or("undefined"))
                    };
                    let (a, b) = (bucket(bar.start).min(WIDTH - 1), bucket(bar.end).min(WIDTH));
                    for i in a..b.max(a + 1) {
                        places[i] += 1;
                        line[i] = if places[i] > 1 { '+' } else { g };
                    }
                }
                let name = match &r.inlined {
                    Some((f, _)) => format!("{}@{}", one_line(&r.name), one_line(f)),
                    None => one_line(&r.name).into_owned(),
                };
                let status = c
                    .baseline_rows
                    .as_ref()
                    .and_then(|rows| rows.get(fi))
                    .and_then(|rows| rows.get(ri))
                    .and_then(|d| d.as_ref())
                    .and_then(|d| d.status)
                    .map(|s| format!(" {s}"))
                    .unwrap_or_default();
                let not_drawn = match r.bars_not_drawn {
                    0 => String::new(),
                    n => format!(" ({n} of {} entries not drawn)", r.entries),
                };
                let _ = writeln!(
                    out,
                    "    {:<width$} |{}| {}{status}{not_drawn}",
                    name,
                    line.iter().collect::<String>(),
                    r.cover
                        .map(|c| format!("{:.0}%", c.fraction() * 100.0))
                        .unwrap_or_default()
                );
            }
            for fd in &f.findings {
                let _ = writeln!(
                    out,
                    "    {} {} [{:#x}, {:#x}): {}",
                    fd.severity,
                    fd.check,
                    fd.range.0,
                    fd.range.1,
                    one_line(&fd.message)
                );
            }
        }
    }
    out
}
