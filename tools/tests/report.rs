//! `hetdwarf report` rendered in real headless Chromium (Debian's `chromium`, installed by
//! `tools/setup.sh`): the page's own self-test (`#selftest`) draws every function, hovers
//! every bar and writes what the DOM holds; the test compares it with `verify` and `vars`
//! JSON on the same object, checks the hover text, console errors and the load time, and
//! takes screenshots. `--baseline` deltas are checked against both builds' `verify`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A corpus path relative to the repository root, where `hetdwarf` runs (the report shows
/// paths as given: the committed screenshots name `corpora/...`).
fn corpus(rel: &str) -> String {
    format!("corpora/{rel}")
}

fn hetdwarf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run hetdwarf")
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    let out = hetdwarf(&a);
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stderr)))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hetdwarf-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Headless Chromium with the flags this machine's closed network needs, each run with a
/// profile of its own (tests run in parallel; a profile is locked by its browser).
fn chromium(name: &Path) -> Command {
    static RUNS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = RUNS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let profile = PathBuf::from(format!("{}-{n}", name.display()));
    let mut c = Command::new("chromium");
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        "--enable-logging=stderr",
        "--v=0",
    ]);
    c.arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// Writes the report of `object` and returns its path and size.
fn report(object: &str, name: &str) -> (PathBuf, u64) {
    let html = scratch(name);
    let out = hetdwarf(&["report", object, "-o", html.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let size = std::fs::metadata(&html).unwrap().len();
    (html, size)
}

/// The page's self-test result and Chromium's console errors.
fn selftest(html: &Path) -> (Value, Vec<String>) {
    let out = chromium(&scratch("profile-selftest"))
        .arg("--dump-dom")
        .arg(format!("file://{}#selftest", html.display()))
        .output()
        .expect("chromium (tools/setup.sh installs Debian's chromium)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dom = String::from_utf8_lossy(&out.stdout);
    let start = dom
        .find("<pre id=\"selftest-result\"")
        .expect("the self-test result element");
    let body = &dom[start..];
    let body = &body[body.find('>').unwrap() + 1..body.find("</pre>").unwrap()];
    let text = body
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let result: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "self-test result is not JSON ({e}): {}",
            &text[..text.len().min(300)]
        )
    });
    let console: Vec<String> = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains("CONSOLE") && (l.contains("Uncaught") || l.contains("Error")))
        .map(str::to_string)
        .collect();
    (result, console)
}

/// (function DIE, name) and (variable DIE) sets from the page, and every bar per DIE.
type Bars = BTreeMap<u64, BTreeSet<(u64, u64, u64)>>;

fn from_page(result: &Value) -> (BTreeSet<(u64, String)>, BTreeSet<u64>, Bars) {
    let mut functions = BTreeSet::new();
    let mut variables = BTreeSet::new();
    let mut bars: Bars = BTreeMap::new();
    for f in result["functions"].as_array().unwrap() {
        functions.insert((
            f["die"].as_u64().unwrap(),
            f["name"].as_str().unwrap().to_string(),
        ));
        for r in f["rows"].as_array().unwrap() {
            let die = r["die"].as_u64().unwrap();
            variables.insert(die);
            for b in r["bars"].as_array().unwrap() {
                let b: Vec<u64> = b
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_u64().unwrap())
                    .collect();
                bars.entry(die).or_default().insert((b[0], b[1], b[2]));
            }
        }
    }
    (functions, variables, bars)
}

fn die_of(v: &Value) -> u64 {
    u64::from_str_radix(v.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

/// Every function, variable and finding `verify` counts is on the page, and hovering every
/// bar shows its expression.
fn check_against_verify(object: &str, result: &Value, console: &[String]) {
    assert!(console.is_empty(), "console errors: {console:?}");
    assert_eq!(result["errors"], serde_json::json!([]), "page errors");
    let verify = json(&["verify", object]);
    let file = &verify["coverage"]["files"][0];
    let (functions, variables, _) = from_page(result);
    let want_fns: BTreeSet<(u64, String)> = file["functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                die_of(&f["die"]),
                f["name"].as_str().unwrap_or("<anonymous>").to_string(),
            )
        })
        .collect();
    assert_eq!(functions, want_fns, "{object}: functions");
    let want_vars: BTreeSet<u64> = file["variables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| die_of(&v["die"]))
        .collect();
    let missing: Vec<&u64> = want_vars.difference(&variables).collect();
    assert!(
        missing.is_empty(),
        "{object}: variables verify counts, not on the page: {missing:?}"
    );
    let hovered = result["hovered"].as_u64().unwrap();
    let bars: usize = from_page(result).2.values().map(BTreeSet::len).sum();
    assert!(
        hovered as usize >= bars && bars > 0,
        "{hovered} hovered, {bars} bars"
    );
    assert_eq!(
        result["hoverMismatches"],
        serde_json::json!([]),
        "{object}: hover text"
    );
    // Findings with a function are drawn in it.
    let drawn: usize = result["functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["findings"].as_array().unwrap().len())
        .sum();
    let with_function = verify["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["function"].is_string())
        .count();
    assert_eq!(drawn, with_function, "{object}: findings drawn");
    // Each clobbering write verify found in a function is marked on its variable's row.
    let clobbers_drawn: usize = result["functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["clobbers"].as_array().map_or(0, Vec::len))
        .sum();
    let clobbers: usize = verify["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| {
            f["function"].is_string()
                && f["die"].is_string()
                && f["check"].as_str().unwrap().starts_with("clobber-")
        })
        .count();
    assert_eq!(
        clobbers_drawn, clobbers,
        "{object}: clobbering writes drawn"
    );
    // The machine-code track holds every instruction of the functions' ranges, as
    // `hetdwarf code` lists them, or counts it as not drawn past the page's budget.
    let code = json(&["code", object]);
    let listed: BTreeSet<u64> = code["functions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["instructions"].as_array().unwrap().iter())
        .map(|i| i["address"].as_u64().unwrap())
        .collect();
    let on_track: u64 = result["functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["instructions"].as_u64().unwrap() + f["instructionsNotDrawn"].as_u64().unwrap())
        .sum();
    assert_eq!(
        on_track as usize,
        listed.len(),
        "{object}: instructions on the track"
    );
}

/// The bounded location-list entries `vars` lists at the bars' start PCs (at most `max_pcs`
/// of them, evenly spread) are bars with the same ranges; returns how many variables'
/// lists were compared.
fn check_entries(object: &str, result: &Value, max_pcs: usize) -> usize {
    let (_, _, bars) = from_page(result);
    let mut want: Bars = BTreeMap::new();
    let all: Vec<u64> = bars
        .values()
        .flatten()
        .map(|b| b.0)
        .collect::<BTreeSet<u64>>()
        .into_iter()
        .collect();
    let step = all.len().div_ceil(max_pcs.max(1)).max(1);
    for pc in all.iter().step_by(step) {
        let vars = json(&["vars", object, "--pc", &pc.to_string()]);
        for scope in vars["scopes"].as_array().unwrap() {
            for v in scope["variables"].as_array().unwrap() {
                if v["location"]["kind"] != "loclist" {
                    continue;
                }
                for e in v["location"]["entries"].as_array().unwrap() {
                    if e["kind"] == "bounded" && e["range"].is_array() {
                        let r = &e["range"];
                        want.entry(v["die"].as_u64().unwrap()).or_default().insert((
                            r[0].as_u64().unwrap(),
                            r[1].as_u64().unwrap(),
                            e["index"].as_u64().unwrap(),
                        ));
                    }
                }
            }
        }
    }
    for (die, entries) in &want {
        let drawn = bars.get(die).cloned().unwrap_or_default();
        let non_empty: BTreeSet<_> = entries.iter().filter(|e| e.1 > e.0).cloned().collect();
        assert!(
            non_empty.is_subset(&drawn),
            "{object} DIE {die:#x}: entries {non_empty:x?}, drawn {drawn:x?}"
        );
    }
    want.len()
}

#[test]
fn the_report_of_a_corpus_object_shows_every_entry_in_chromium() {
    let object = corpus("rocm/ocl-gfx90a-O2.hsaco");
    let (html, size) = report(&object, "corpus.html");
    let (result, console) = selftest(&html);
    check_against_verify(&object, &result, &console);
    // Every bounded location-list entry, with its range, as `vars` lists it at its PCs.
    let checked = check_entries(&object, &result, usize::MAX);
    assert!(checked >= 10, "{checked} variables with lists");
    eprintln!(
        "corpus report: {size} bytes, {} bars hovered",
        result["hovered"]
    );
    // Screenshots: the overview with a function's timeline open and an entry hovered.
    for (name, hash) in [
        ("report-overview.png", "#open=fn-0-1&tip"),
        ("report-timeline.png", "#open=fn-0-3,fn-0-2"),
    ] {
        let shot = scratch(name);
        let out = chromium(&scratch("profile-shot"))
            .arg("--window-size=1320,900")
            .arg(format!("--screenshot={}", shot.display()))
            .arg(format!("file://{}{hash}", html.display()))
            .output()
            .unwrap();
        assert!(out.status.success());
        let png = std::fs::read(&shot).unwrap();
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 10_000,
            "{name}: {} bytes",
            png.len()
        );
        // HETDWARF_BLESS=1 refreshes the committed screenshots shown in the book (docs/src/guide/report.md).
        if std::env::var_os("HETDWARF_BLESS").is_some() {
            std::fs::write(root().join("tools/src/report").join(name), &png).unwrap();
        }
    }
}

#[test]
fn every_rocrand_report_loads_fast_and_shows_every_variable() {
    let dir = root().join("corpora/rocrand");
    let mut objects: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e}: run tools/setup.sh (tools/fetch-rocrand.sh)",
                dir.display()
            )
        })
        .map(|e| {
            format!(
                "corpora/rocrand/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .filter(|p| p.ends_with(".co"))
        .collect();
    objects.sort();
    assert!(objects.len() >= 7, "{objects:?}");
    for object in &objects {
        let (html, size) = report(object, "rocrand.html");
        let (result, console) = selftest(&html);
        check_against_verify(object, &result, &console);
        // Entry ranges at 150 PCs spread over the object (every PC would be thousands of
        // `vars` runs).
        let lists = check_entries(object, &result, 150);
        let interactive = result["interactiveMs"].as_f64().unwrap();
        eprintln!(
            "{object}: {size} bytes, {} functions, interactive after {interactive:.0} ms, every timeline drawn and {} bars hovered in {:.0} ms, {lists} lists compared with vars",
            result["functions"].as_array().unwrap().len(),
            result["hovered"],
            result["totalMs"].as_f64().unwrap()
        );
        assert!(
            interactive < 2000.0,
            "{object}: interactive after {interactive} ms"
        );
    }
}

#[test]
fn baseline_deltas_match_both_builds_verify_coverage() {
    let old = corpus("clang19/ocl-gfx90a-O2.hsaco");
    let new = corpus("clang22/ocl-gfx90a-O2.hsaco");
    let out = hetdwarf(&["report", &new, "--baseline", &old, "--format", "text"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    // "  name [0x.., 0x..) 37.7% covered, +3.1 vs baseline"
    let shown: Vec<(String, f64)> = text
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && l.contains(" vs baseline"))
        .map(|l| {
            let name = l.trim().split(' ').next().unwrap().to_string();
            let d = l
                .rsplit(", ")
                .next()
                .unwrap()
                .trim_end_matches(" vs baseline");
            (name, d.parse().unwrap())
        })
        .collect();
    let cover = |path: &str| -> Vec<(String, f64)> {
        json(&["verify", path])["coverage"]["files"][0]["functions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| {
                (
                    f["name"].as_str().unwrap().to_string(),
                    f["covered_fraction"].as_f64().unwrap(),
                )
            })
            .collect()
    };
    let (before, after) = (cover(&old), cover(&new));
    assert!(shown.len() >= 4, "{text}");
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let nth = |list: &[(String, f64)], name: &str, k: usize| {
        list.iter().filter(|(n, _)| n == name).nth(k).map(|x| x.1)
    };
    let mut changed = 0;
    for (name, delta) in &shown {
        let k = seen.entry(name.clone()).or_default();
        let (a, b) = (
            nth(&before, name, *k).unwrap(),
            nth(&after, name, *k).unwrap(),
        );
        *k += 1;
        let want = (b - a) * 100.0;
        assert!(
            (delta - want).abs() < 0.11,
            "{name}: shown {delta}, verify says {want:.2}"
        );
        if want.abs() >= 0.1 {
            changed += 1;
        }
    }
    eprintln!(
        "{} functions compared, {changed} changed between clang 19 and clang 22",
        shown.len()
    );
    // The HTML shows the same deltas in the overview.
    let html = scratch("baseline.html");
    let out = hetdwarf(&[
        "report",
        &new,
        "--baseline",
        &old,
        "-o",
        html.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("vs baseline"));
}

/// `bytes` with every `from` replaced by `to` (of the same length).
fn patched(mut bytes: Vec<u8>, from: &[u8], to: &[u8]) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut found = 0;
    let mut i = 0;
    while let Some(at) = bytes[i..].windows(from.len()).position(|w| w == from) {
        bytes[i + at..i + at + to.len()].copy_from_slice(to);
        i += at + to.len();
        found += 1;
    }
    assert!(
        found > 0,
        "{} not in the object",
        String::from_utf8_lossy(from)
    );
    bytes
}

/// DWARF names that look like markup (`<!--` then `<script>`, which would make the
/// page's data element swallow the script after it) stay data: the page still runs, and
/// shows them as written.
#[test]
fn markup_in_dwarf_names_stays_data() {
    let object = std::fs::read(root().join("corpora/rocm/ocl-gfx90a-O0.hsaco")).unwrap();
    let object = patched(object, b"local_bins\0", b"<!--aaaaaa\0");
    let object = patched(object, b"leaf_mix\0", b"<script>\0");
    let path = scratch("markup.hsaco");
    std::fs::write(&path, object).unwrap();
    let (html, _) = report(path.to_str().unwrap(), "markup.html");
    let page = std::fs::read_to_string(&html).unwrap();
    let marker = "id=\"report-data\">";
    let start = page.find(marker).expect("the data element") + marker.len();
    let data = &page[start..start + page[start..].find("</script>").unwrap()];
    assert!(!data.contains('<'), "a '<' in the page's data");
    let data: Value = serde_json::from_str(data).expect("the data is JSON");
    for name in ["<!--aaaaaa", "<script>"] {
        assert!(data.to_string().contains(name), "{name} not in the data");
    }
    let (result, console) = selftest(&html);
    assert!(console.is_empty(), "console errors: {console:?}");
    let (functions, variables, _) = from_page(&result);
    assert!(
        functions.iter().any(|(_, n)| n == "<script>"),
        "{functions:?}"
    );
    assert!(!variables.is_empty());
}

/// A row the report says is fully covered shows a location in every cell of its scope:
/// no "no location" mark, no empty row. Constants (`DW_AT_const_value`) were drawn as "no
/// location" at 100 %: 3 of 5 such rows in clang19's hip-gfx90a-O2, 2 of 3 in clang14's
/// hip-gfx1030-O2, 2 963 of 5 730 in rocRAND gfx90a (when fetched).
#[test]
fn fully_covered_rows_show_no_gap() {
    let mut rows = 0;
    for object in [
        "clang19/hip-gfx90a-O2.hsaco",
        "clang14/hip-gfx1030-O2.hsaco",
        "rocrand/rocrand-gfx90a-xnack-.co",
    ] {
        let path = root().join("corpora").join(object);
        if object.starts_with("rocrand") && !path.exists() {
            // From tools/fetch-rocrand.sh, which .ci/run runs.
            continue;
        }
        let out = hetdwarf(&["report", path.to_str().unwrap(), "--format", "text"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let cells: Vec<&str> = line.split('|').collect();
            if cells.len() >= 3 && cells[2].trim() == "100%" {
                rows += 1;
                assert!(
                    !cells[1].contains('.') && !cells[1].trim().is_empty(),
                    "{object}: {line}"
                );
            }
        }
    }
    assert!(rows >= 8, "{rows} fully covered rows");
}
