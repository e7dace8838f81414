//! `hetdwarf info`: what is inside a code object.

use std::path::Path;

use hetdwarf::index::{Convention, DwarfIndex, ExpressionProfile};
use serde_json::{Value, json};

use hetdwarf_amdgpu::InputKind;

use crate::failure::Failure;
use crate::load;
use crate::output::{Conventions, Format, JsonStream, Stdout};

/// Runs `info`: for a container without `--processor`, every device entry in turn, each
/// named. Returns whether an entry could not be read (reported with the others).
pub fn run(
    path: &Path,
    processor: Option<&str>,
    format: Format,
    conventions: Conventions,
) -> Result<(String, bool), Failure> {
    let input = load::open(path)?;
    let several = match (processor, input.kind()) {
        (None, InputKind::Bundle | InputKind::HostElf) => input
            .device_entries(None)
            .map_err(|e| Failure::from(hetdwarf_amdgpu::Error::from(e)))?,
        _ => Vec::new(),
    };
    if several.len() < 2 {
        let co = load::code_object(&input, processor)?;
        return match format {
            Format::Json => {
                let mut out = JsonStream::new(Stdout::new());
                with_object(&input, &co, conventions, |report, dbg, encoding| {
                    write_json(&mut out, report, dbg, encoding)
                })?;
                // Write errors end the program in `Stdout` itself.
                if let Ok(stdout) = out.finish() {
                    stdout.finish();
                }
                Ok((String::new(), false))
            }
            Format::Text => {
                let mut s = String::new();
                with_object(&input, &co, conventions, |report, dbg, encoding| {
                    s = text(report, dbg, encoding)
                })?;
                Ok((s, false))
            }
        };
    }
    let mut failed = false;
    let each = |f: &mut dyn FnMut(Opened<'_, '_>)| {
        for entry in &several {
            match input.entry_code_object(entry) {
                Ok(co) => f(Ok(&co)),
                Err(e) => f(Err((
                    format!("{}#{}", input.name(), entry.name),
                    hetdwarf_amdgpu::Error::from(e).into(),
                ))),
            }
        }
    };
    match format {
        Format::Json => {
            let mut out = JsonStream::new(Stdout::new());
            out.begin_object(None);
            out.value(Some("bundle_entries"), &bundle_entries(&input));
            out.begin_array(Some("code_objects"));
            each(&mut |co| {
                let result = co.and_then(|co| {
                    with_object(&input, co, conventions, |report, dbg, encoding| {
                        write_json(&mut out, report, dbg, encoding)
                    })
                    .map_err(|f| (co.name().to_string(), f))
                });
                if let Err((name, f)) = result {
                    failed = true;
                    out.value(
                        None,
                        &json!({ "file": name, "error": f.document()["error"] }),
                    );
                }
            });
            out.end();
            out.value(Some("file"), &json!(input.name()));
            out.value(Some("input_kind"), &json!(format!("{:?}", input.kind())));
            out.end();
            if let Ok(stdout) = out.finish() {
                stdout.finish();
            }
        }
        Format::Text => {
            use std::io::Write;
            let mut out = Stdout::new();
            let mut first = true;
            each(&mut |co| {
                if !std::mem::take(&mut first) {
                    let _ = out.write_all(b"\n");
                }
                let result = co.and_then(|co| {
                    with_object(&input, co, conventions, |report, dbg, encoding| {
                        let _ = out.write_all(text(report, dbg, encoding).as_bytes());
                    })
                    .map_err(|f| (co.name().to_string(), f))
                });
                if let Err((name, f)) = result {
                    failed = true;
                    let _ = writeln!(
                        out,
                        "{}: cannot be read: {}",
                        crate::output::one_line(&name),
                        crate::output::one_line(&f.message)
                    );
                }
            });
            out.finish();
        }
    }
    Ok((String::new(), failed))
}

/// A container's entry, opened, or its name and why not.
type Opened<'c, 'a> = Result<&'c hetdwarf_amdgpu::CodeObject<'a>, (String, Failure)>;

/// Indexes one code object and hands its report to `show`.
fn with_object(
    input: &hetdwarf_amdgpu::Input,
    co: &hetdwarf_amdgpu::CodeObject<'_>,
    conventions: Conventions,
    show: impl FnOnce(&Value, &DwarfIndex<'_>, hetdwarf::expr::Encoding),
) -> Result<(), Failure> {
    let sections = load::sections(co)?;
    let dbg = load::debug_info(co, &sections, conventions)?;
    let profile = dbg
        .expression_profile()
        .map_err(|e| Failure::library(e, format_args!("{}: ", co.name())))?;
    let report = report(input, co, &dbg, &profile)?;
    show(&report, &dbg, profile.encoding.encoding);
    Ok(())
}

/// Writes one code object's report as the next member of `out`. The units are made one
/// by one and written straight out: a report of 200 000 units is never held whole.
fn write_json(
    out: &mut JsonStream<Stdout>,
    report: &Value,
    dbg: &DwarfIndex<'_>,
    encoding: hetdwarf::expr::Encoding,
) {
    out.begin_object(None);
    for (key, value) in report.as_object().into_iter().flatten() {
        if key != "compile_units" {
            out.value(Some(key), value);
            continue;
        }
        out.begin_array(Some(key));
        for i in 0..dbg.units().len() {
            out.value(None, &unit_json(dbg, i, encoding));
        }
        out.end();
    }
    out.end();
}

fn bundle_entries(input: &hetdwarf_amdgpu::Input) -> Value {
    input
        .entries()
        .iter()
        .map(|e| json!({ "id": e.id, "name": e.name, "triple": e.triple, "processor": e.processor, "offset": e.offset, "size": e.size, "compressed": e.compressed }))
        .collect()
}

fn report(
    input: &hetdwarf_amdgpu::Input,
    co: &hetdwarf_amdgpu::CodeObject<'_>,
    dbg: &DwarfIndex<'_>,
    profile: &ExpressionProfile,
) -> Result<Value, Failure> {
    let t = co.target();
    let entries = bundle_entries(input);
    let kernels: Vec<Value> = co
        .kernels()
        .iter()
        .map(|k| {
            json!({
                "name": k.name,
                "symbol": k.symbol,
                "wavefront_size": k.wavefront_size,
                "sgpr_count": k.sgpr_count,
                "vgpr_count": k.vgpr_count,
                "agpr_count": k.agpr_count,
                "private_segment_fixed_size": k.private_segment_fixed_size,
                "group_segment_fixed_size": k.group_segment_fixed_size,
            })
        })
        .collect();
    let stats = dbg
        .statistics()
        .map_err(|e| Failure::library(e, format_args!("{}: ", co.name())))?;
    let conventions: Vec<Value> = dbg
        .conventions(&stats, profile)
        .into_iter()
        // A rule in force for many units with the same reason is listed once, with the
        // first unit and how many there are (a link of 200 000 units has 200 000 copies).
        .fold(Vec::<(Convention, usize)>::new(), |mut acc, c| {
            match acc
                .iter_mut()
                .find(|(a, _)| a.rule == c.rule && a.why == c.why && a.unit.is_some())
            {
                Some((_, n)) if c.unit.is_some() => *n += 1,
                _ => acc.push((c, 1)),
            }
            acc
        })
        .into_iter()
        .map(|(c, n)| {
            let mut j = json!({ "rule": c.rule, "unit": c.unit, "why": c.why });
            if n > 1 {
                j["unit_count"] = json!(n);
            }
            j
        })
        .collect();
    Ok(json!({
        "file": co.name(),
        "input_kind": format!("{:?}", input.kind()),
        "bundle_entries": entries,
        "processor": t.processor,
        "target_id": t.target_id(),
        "xnack": t.xnack.name(),
        "sramecc": t.sramecc.name(),
        "code_object_version": t.code_object_version,
        "os_abi": t.os_abi.to_string(),
        "elf_type": format!("{:?}", co.elf_type()),
        "kernels": kernels,
        "compile_units": [],
        "conventions": conventions,
        "statistics": {
            "compile_units": stats.compile_units,
            "subprograms": stats.subprograms,
            "inlined_subroutines": stats.inlined_subroutines,
            "variables": stats.variables,
            "variables_with_location": stats.variables_with_location,
            "location_expressions": profile.expressions,
            "expressions_with_llvm_ops": profile.with_llvm_ops,
            "expressions_with_xderef": profile.with_xderef,
            "undecodable_expressions": profile.undecodable,
            "unreadable_location_lists": profile.unreadable_lists,
        },
    }))
}

/// One compile unit's entry, made when it is printed: a report of 200 000 units never
/// holds them all at once.
fn unit_json(dbg: &DwarfIndex<'_>, i: usize, encoding: hetdwarf::expr::Encoding) -> Value {
    let u = &dbg.units()[i];
    let conventions = dbg
        .unit_id(i)
        .ok_or(hetdwarf::index::IndexError::ForeignId { what: "unit" })
        .and_then(|id| dbg.unit_conventions(id, encoding))
        .map(|c| {
            let e = c.evidence;
            json!({
                "reading": c.reading.name(),
                "choice": c.choice.name(),
                "why": c.why,
                "evidence": {
                    "expressions": e.expressions,
                    "heterogeneous_expressions": e.heterogeneous_expressions,
                    "heterogeneous_attributes": e.heterogeneous_attributes,
                    "expressions_with_xderef": e.with_xderef,
                    "undecodable_expressions": e.undecodable,
                },
                "change_with": match c.reading {
                    hetdwarf::index::Reading::Upstream => "--conventions heterogeneous",
                    hetdwarf::index::Reading::Heterogeneous => "--conventions upstream",
                },
            })
        })
        .unwrap_or_else(|e| json!({ "error": e.to_string() }));
    let defects: Vec<Value> = u
        .defects
        .iter()
        .map(|d| json!({ "attribute": d.attr.static_string().map_or_else(|| format!("{:#x}", d.attr.0), str::to_string), "message": d.message }))
        .collect();
    json!({
        "defects": defects,
        "conventions": conventions,
        "offset": u.offset,
        "name": u.name,
        "producer": u.producer,
        "language": u.language.map(|l| l.static_string().map(str::to_string).unwrap_or_else(|| format!("{:#x}", l.0))),
        "version": u.unit.header.version(),
        "format": if u.unit.header.format() == gimli::Format::Dwarf64 { "dwarf64" } else { "dwarf32" },
    })
}

fn text(r: &Value, dbg: &DwarfIndex<'_>, encoding: hetdwarf::expr::Encoding) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    // Every string here comes from the input: one line each, whatever it holds.
    let str_of = |v: &Value| match v {
        Value::String(s) => crate::output::one_line(s).into_owned(),
        Value::Null => "-".into(),
        other => other.to_string(),
    };
    let _ = writeln!(s, "file:               {}", str_of(&r["file"]));
    let _ = writeln!(
        s,
        "kind:               {} ({})",
        str_of(&r["input_kind"]),
        str_of(&r["elf_type"])
    );
    if let Some(entries) = r["bundle_entries"]
        .as_array()
        .filter(|e| e.len() > 1 || r["input_kind"] != "CodeObject")
    {
        // Each entry by its ID (offload kind, triple, target ID); `*` marks the one
        // this block describes.
        let _ = writeln!(s, "bundle entries:");
        let file = str_of(&r["file"]);
        for e in entries {
            let id = str_of(&e["name"]);
            let this = file.ends_with(&format!("#{id}"));
            let _ = writeln!(
                s,
                "{} {:<54} {:>10} bytes",
                if this { "*" } else { " " },
                id,
                str_of(&e["size"])
            );
        }
    }
    let _ = writeln!(
        s,
        "processor:          {} (target id {})",
        str_of(&r["processor"]),
        str_of(&r["target_id"])
    );
    let _ = writeln!(
        s,
        "xnack / sramecc:    {} / {}",
        str_of(&r["xnack"]),
        str_of(&r["sramecc"])
    );
    let _ = writeln!(
        s,
        "code object:        v{} ({})",
        str_of(&r["code_object_version"]),
        str_of(&r["os_abi"])
    );
    let kernels: &[Value] = r["kernels"].as_array().map_or(&[], Vec::as_slice);
    let _ = writeln!(s, "kernels:            {}", kernels.len());
    if !kernels.is_empty() {
        let _ = writeln!(
            s,
            "  {:<40} {:>4} {:>5} {:>5} {:>5} {:>8} {:>8}",
            "name", "wave", "sgpr", "vgpr", "agpr", "scratch", "lds"
        );
        for k in kernels {
            let _ = writeln!(
                s,
                "  {:<40} {:>4} {:>5} {:>5} {:>5} {:>8} {:>8}",
                str_of(&k["name"]),
                str_of(&k["wavefront_size"]),
                str_of(&k["sgpr_count"]),
                str_of(&k["vgpr_count"]),
                str_of(&k["agpr_count"]),
                str_of(&k["private_segment_fixed_size"]),
                str_of(&k["group_segment_fixed_size"])
            );
        }
    }
    let _ = writeln!(s, "compile units:      {}", dbg.units().len());
    for i in 0..dbg.units().len() {
        let u = &unit_json(dbg, i, encoding);
        let _ = writeln!(
            s,
            "  {:#x} DWARF {} {} {} ({})",
            u["offset"].as_u64().unwrap_or(0),
            str_of(&u["version"]),
            str_of(&u["format"]),
            str_of(&u["name"]),
            str_of(&u["language"])
        );
        let _ = writeln!(s, "    producer: {}", str_of(&u["producer"]));
        for d in u["defects"].as_array().into_iter().flatten() {
            let _ = writeln!(
                s,
                "    unreadable: {}: {} (the unit is used without it)",
                str_of(&d["attribute"]),
                str_of(&d["message"])
            );
        }
        let c = &u["conventions"];
        if let Some(reading) = c["reading"].as_str() {
            let _ = writeln!(
                s,
                "    reading:  {reading} [--conventions {}] {}",
                str_of(&c["choice"]),
                str_of(&c["why"])
            );
        } else {
            let _ = writeln!(s, "    reading:  unknown ({})", str_of(&c["error"]));
        }
    }
    let _ = writeln!(s, "conventions:");
    for c in r["conventions"].as_array().into_iter().flatten() {
        let unit = match (c["unit"].as_u64(), c["unit_count"].as_u64()) {
            (Some(u), Some(n)) => format!("[unit {u:#x} and {} more] ", n - 1),
            (Some(u), None) => format!("[unit {u:#x}] "),
            _ => String::new(),
        };
        let _ = writeln!(
            s,
            "  {:<28} {unit}{}",
            str_of(&c["rule"]),
            str_of(&c["why"])
        );
    }
    let st = &r["statistics"];
    let _ = writeln!(
        s,
        "statistics:         {} subprograms, {} inlined subroutines, {} variables ({} with a location)",
        str_of(&st["subprograms"]),
        str_of(&st["inlined_subroutines"]),
        str_of(&st["variables"]),
        str_of(&st["variables_with_location"])
    );
    let _ = writeln!(
        s,
        "expressions:        {} ({} with DW_OP_LLVM_* ops, {} with xderef, {} undecodable)",
        str_of(&st["location_expressions"]),
        str_of(&st["expressions_with_llvm_ops"]),
        str_of(&st["expressions_with_xderef"]),
        str_of(&st["undecodable_expressions"])
    );
    if st["unreadable_location_lists"]
        .as_u64()
        .is_some_and(|n| n > 0)
    {
        let _ = writeln!(
            s,
            "                    {} location lists cannot be read (`verify` names their DIEs)",
            str_of(&st["unreadable_location_lists"])
        );
    }
    s
}
