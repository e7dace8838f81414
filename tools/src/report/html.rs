//! The report as one self-contained HTML file: inline CSS, inline SVG, the data as JSON
//! in the page, a small script that draws a function's timeline when it is opened (so a
//! release with thousands of variables loads at once), no network.

use std::fmt::Write;

use super::Compared;
use super::model::{Cover, Object};

const CSS: &str = include_str!("page.css");
const JS: &str = include_str!("page.js");

/// Escapes text for HTML content and attributes.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A coverage bar: available (every lane), per lane, optimized out, the rest uncovered.
fn cover_svg(c: &Cover) -> String {
    let w = 160.0;
    let total = c.scope.max(1) as f64;
    let parts = [
        (c.available, "cov-available"),
        (c.per_lane, "cov-per-lane"),
        (c.optimized_out, "cov-optimized-out"),
    ];
    let mut x = 0.0;
    let mut s = format!(
        "<svg class=\"cover\" width=\"{w}\" height=\"10\" role=\"img\"><rect class=\"cov-none\" width=\"{w}\" height=\"10\"/>"
    );
    for (bytes, class) in parts {
        let width = w * bytes as f64 / total;
        if width > 0.0 {
            let _ = write!(
                s,
                "<rect class=\"{class}\" x=\"{x:.2}\" width=\"{width:.2}\" height=\"10\"/>"
            );
        }
        x += width;
    }
    s.push_str("</svg>");
    s
}

fn percent(c: &Cover) -> String {
    format!("{:.1}", c.fraction() * 100.0)
}

/// The whole page for `objects` (each with its baseline match, if any).
pub fn page(objects: &[Compared], baseline: Option<&str>) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width\">\
         <title>hetdwarf report</title><style>{CSS}</style></head><body>\n\
         <header><h1>hetdwarf report</h1><p>hetdwarf {} · {} code object{}{}</p>",
        env!("CARGO_PKG_VERSION"),
        objects.len(),
        if objects.len() == 1 { "" } else { "s" },
        baseline
            .map(|b| format!(" · baseline <code>{}</code>", esc(b)))
            .unwrap_or_default()
    );
    h.push_str(
        "<div class=\"legend\">\
         <span class=\"k sgpr\">SGPR</span><span class=\"k vgpr\">VGPR (per lane)</span>\
         <span class=\"k agpr\">AGPR</span><span class=\"k register\">other register</span>\
         <span class=\"k scratch\">scratch</span><span class=\"k lds\">LDS</span>\
         <span class=\"k gds\">GDS</span><span class=\"k global\">global</span>\
         <span class=\"k memory\">memory</span><span class=\"k implicit\">implicit</span>\
         <span class=\"k implicit_pointer\">implicit pointer</span>\
         <span class=\"k composite\">extend/select</span><span class=\"k undefined\">undefined</span>\
         </div></header>\n",
    );
    for (oi, c) in objects.iter().enumerate() {
        object_html(&mut h, oi, c);
    }
    // Serialized straight from the model: a `serde_json::Value` of a page of 65 536 bars
    // held some 200 MiB.
    #[derive(serde::Serialize)]
    struct PageObject<'c> {
        baseline: &'c Option<Vec<Vec<Option<super::RowDelta>>>>,
        file: &'c str,
        functions: &'c [super::model::Function],
    }
    #[derive(serde::Serialize)]
    struct PageData<'c> {
        objects: Vec<PageObject<'c>>,
    }
    let data = PageData {
        objects: objects
            .iter()
            .map(|c| PageObject {
                baseline: &c.baseline_rows,
                file: &c.object.file,
                functions: &c.object.functions,
            })
            .collect(),
    };
    // Inside a script element, `</script` ends it and `<!--` followed by `<script` puts
    // the parser into a state where the element swallows the rest of the page: no `<` may
    // appear. In JSON text `<` occurs only inside strings, where `\u003c` means the same.
    let data = serde_json::to_string(&data)
        .unwrap_or_default()
        .replace('<', "\\u003c");
    let _ = write!(
        h,
        "<div id=\"tooltip\" role=\"tooltip\" hidden></div>\n\
         <pre id=\"selftest-result\" hidden></pre>\n\
         <script type=\"application/json\" id=\"report-data\">{data}</script>\n\
         <script>{JS}</script>\n</body></html>\n"
    );
    h
}

fn object_html(h: &mut String, oi: usize, c: &Compared) {
    let o: &Object = &c.object;
    let _ = write!(
        h,
        "<section class=\"object\" data-object=\"{oi}\"><h2>{} <small>{}</small></h2>\
         <p class=\"summary\">{} functions · {} % of variables' scope covered {} · \
         <span class=\"errors\">{} errors</span> · <span class=\"warnings\">{} warnings</span>{}</p>",
        esc(&o.file),
        esc(&o.processor),
        o.functions.len(),
        percent(&o.cover),
        cover_svg(&o.cover),
        o.errors,
        o.warnings,
        c.baseline_total
            .map(|b| format!(
                " · <span class=\"delta\">{:+.1} points vs baseline</span>",
                (o.cover.fraction() - b.fraction()) * 100.0
            ))
            .unwrap_or_default()
    );
    h.push_str(
        "<table class=\"overview\"><thead><tr>\
         <th data-sort=\"text\">function</th><th data-sort=\"num\">variables</th>\
         <th data-sort=\"num\">covered %</th><th>coverage</th>\
         <th data-sort=\"num\">Δ vs baseline</th><th data-sort=\"num\">findings</th>\
         </tr></thead><tbody>",
    );
    // Worst first: least covered, then most findings.
    let mut order: Vec<usize> = (0..o.functions.len()).collect();
    order.sort_by(|&a, &b| {
        let (fa, fb) = (&o.functions[a], &o.functions[b]);
        fa.cover
            .fraction()
            .total_cmp(&fb.cover.fraction())
            .then(fb.findings.len().cmp(&fa.findings.len()))
    });
    for fi in order {
        let f = &o.functions[fi];
        let delta = c.baseline_functions.get(fi).copied().flatten();
        let _ = write!(
            h,
            "<tr data-fn=\"{oi}-{fi}\"><td><a href=\"#fn-{oi}-{fi}\">{}</a></td><td>{}</td>\
             <td>{}</td><td>{}</td><td data-value=\"{}\">{}</td><td>{}</td></tr>",
            esc(&f.name),
            f.rows.len(),
            percent(&f.cover),
            cover_svg(&f.cover),
            delta.map_or(0.0, |d| d * 100.0),
            delta.map_or_else(
                || if c.has_baseline {
                    "new".to_string()
                } else {
                    String::new()
                },
                |d| format!("{:+.1}", d * 100.0)
            ),
            f.findings.len()
        );
    }
    h.push_str("</tbody></table><div class=\"functions\">");
    for (fi, f) in o.functions.iter().enumerate() {
        let _ = write!(
            h,
            "<details class=\"function\" id=\"fn-{oi}-{fi}\" data-object=\"{oi}\" data-fn=\"{fi}\" data-die=\"{}\">\
             <summary><b>{}</b> <code>[{:#x}, {:#x})</code> · {} variables · {} % covered · {} findings</summary>\
             <div class=\"timeline\"></div></details>",
            f.die,
            esc(&f.name),
            f.low,
            f.high,
            f.rows.len(),
            percent(&f.cover),
            f.findings.len()
        );
    }
    h.push_str("</div></section>\n");
}
