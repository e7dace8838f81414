//! Every committed corpus object (`corpora/`) against the values LLVM's own tools report for
//! it (`corpora/expected/<dir>/<file>.json`): target, ELF type, kernels and their metadata,
//! kernel descriptor symbols, compile units and producers (read through gimli, so relocations
//! of `.o` files must be right), and the entries of bundles and host ELFs.

use std::path::{Path, PathBuf};

use hetdwarf_amdgpu::{CodeObject, ElfType, Input, InputKind};
use serde_json::Value;

fn corpora() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora")
}

fn expected_files() -> Vec<(PathBuf, PathBuf)> {
    let mut out = Vec::new();
    let expected = corpora().join("expected");
    let Ok(dirs) = std::fs::read_dir(&expected) else {
        return out;
    };
    for dir in dirs.flatten() {
        let Ok(files) = std::fs::read_dir(dir.path()) else {
            continue;
        };
        for f in files.flatten() {
            let name = f.file_name().to_string_lossy().into_owned();
            let Some(object) = name.strip_suffix(".json") else {
                continue;
            };
            let path = corpora().join(dir.file_name()).join(object);
            if path.exists() {
                out.push((path, f.path()));
            }
        }
    }
    out.sort();
    out
}

fn check_code_object(what: &str, co: &CodeObject<'_>, want: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    let mut check = |field: &str, got: Value| {
        if let Some(w) = want.get(field)
            && *w != got
        {
            let (w, g) = (w.to_string(), got.to_string());
            let cut = |s: &str| s.chars().take(400).collect::<String>();
            errors.push(format!(
                "{what}: {field}: expected {}, got {}",
                cut(&w),
                cut(&g)
            ));
        }
    };
    let t = co.target();
    check("processor", t.processor.clone().into());
    check("xnack", t.xnack.name().into());
    check("sramecc", t.sramecc.name().into());
    check("e_flags", format!("{:#x}", t.e_flags).into());
    check("code_object_version", t.code_object_version.into());
    check(
        "os_abi",
        match t.os_abi {
            hetdwarf_amdgpu::target::OsAbi::Hsa => "hsa",
            hetdwarf_amdgpu::target::OsAbi::Pal => "pal",
            hetdwarf_amdgpu::target::OsAbi::Mesa3d => "mesa3d",
            _ => "none",
        }
        .into(),
    );
    check(
        "elf_type",
        match co.elf_type() {
            ElfType::Relocatable => "rel",
            ElfType::SharedObject => "dyn",
            ElfType::Executable => "exec",
        }
        .into(),
    );
    let kernels: Vec<Value> = co
        .kernels()
        .iter()
        .map(|k| {
            serde_json::json!({
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
    // Without HSA metadata the expectation names kernels only: compare the keys it has.
    let kernels: Vec<Value> = match want.get("kernels").and_then(Value::as_array) {
        Some(w) if w.len() == kernels.len() => kernels
            .into_iter()
            .zip(w)
            .map(|(got, w)| match (got, w.as_object()) {
                (Value::Object(g), Some(keys)) => Value::Object(
                    g.into_iter()
                        .filter(|(k, _)| keys.contains_key(k))
                        .collect(),
                ),
                (got, _) => got,
            })
            .collect(),
        _ => kernels,
    };
    check("kernels", kernels.into());
    let mut kd: Vec<String> = co
        .kernels()
        .iter()
        .filter(|k| k.descriptor_address.is_some())
        .map(|k| k.symbol.clone())
        .collect();
    kd.sort();
    check("kernel_descriptor_symbols", kd.into());
    match co.dwarf_sections() {
        Err(e) => errors.push(format!("{what}: dwarf: {e}")),
        Ok(sections) => {
            let dwarf = sections.dwarf();
            let mut units = dwarf.units();
            let mut count = 0;
            let mut producers = Vec::new();
            while let Ok(Some(header)) = units.next() {
                count += 1;
                let unit = dwarf.unit(header).unwrap();
                let mut entries = unit.entries();
                let root = entries.next_dfs().unwrap().unwrap();
                if let Some(v) = root.attr_value(gimli::DW_AT_producer) {
                    let s = dwarf.attr_string(&unit, v).unwrap();
                    let p = s.to_string_lossy().into_owned();
                    if !producers.contains(&p) {
                        producers.push(p);
                    }
                }
            }
            check("compile_units", count.into());
            check("producers", producers.into());
        }
    }
    errors
}

#[test]
fn corpus_matches_llvm_tools() {
    let files = expected_files();
    if files.is_empty() {
        eprintln!("no corpus found under {}", corpora().display());
        return;
    }
    let mut errors = Vec::new();
    let mut checked = 0;
    for (object, json) in &files {
        let want: Value = serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap();
        let what = object.display().to_string();
        let input = match Input::open(object) {
            Ok(i) => i,
            Err(e) => {
                errors.push(format!("{what}: {e}"));
                continue;
            }
        };
        checked += 1;
        if let Some(entries) = want.get("bundle_entries").and_then(Value::as_array) {
            let container = want.get("container").and_then(Value::as_str).unwrap_or("");
            let kind = if container == "host-elf" {
                InputKind::HostElf
            } else {
                InputKind::Bundle
            };
            if input.kind() != kind {
                errors.push(format!(
                    "{what}: kind {:?}, expected {kind:?}",
                    input.kind()
                ));
            }
            for e in entries {
                let id = e["triple"].as_str().unwrap();
                let Some(entry) = input.entries().iter().find(|x| x.id == id) else {
                    errors.push(format!("{what}: no entry {id}"));
                    continue;
                };
                if Some(entry.size) != e["size"].as_u64() {
                    errors.push(format!("{what}: {id}: size {}", entry.size));
                }
                if let Some(p) = e.get("processor").and_then(Value::as_str)
                    && entry.processor_name() != Some(p)
                {
                    errors.push(format!(
                        "{what}: {id}: processor {:?}",
                        entry.processor_name()
                    ));
                }
                if let Some(exp) = e.get("expected")
                    && entry.is_device()
                {
                    match input.code_object(entry.processor.as_deref()) {
                        Ok(co) => {
                            errors.extend(check_code_object(&format!("{what}#{id}"), &co, exp))
                        }
                        Err(err) => errors.push(format!("{what}: {id}: {err}")),
                    }
                }
            }
        } else if want.get("processor").is_some() {
            match input.code_object(None) {
                Ok(co) => errors.extend(check_code_object(&what, &co, &want)),
                Err(e) => errors.push(format!("{what}: {e}")),
            }
        } else if let Some(container) = want.get("container").and_then(Value::as_str) {
            // Only a summary (e.g. a host ELF with a compressed fat binary): it must open and
            // list device entries.
            let kind = if container == "host-elf" {
                InputKind::HostElf
            } else {
                InputKind::Bundle
            };
            if input.kind() != kind || !input.entries().iter().any(|e| e.is_device()) {
                errors.push(format!(
                    "{what}: kind {:?}, entries {:?}",
                    input.kind(),
                    input.entries()
                ));
            }
        }
    }
    assert!(
        errors.is_empty(),
        "{} of {checked} files disagree:\n{}",
        errors.len(),
        errors.join("\n")
    );
    eprintln!("{checked} corpus files agree with LLVM's tools");
}
