//! The JSON Schema files in `tools/schema/` hold every `--format json` answer the CLI
//! gives on real inputs: each command's output over the corpus (and rocRAND, when
//! fetched), its failure documents, and every line of `verify --format jsonl`. A field
//! added, renamed or retyped without its schema fails here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn corpus(rel: &str) -> String {
    root()
        .join("corpora")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

fn hetdwarf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf")
}

/// The schemas by command name (`info`, `verify-jsonl`, ...), compiled against one
/// registry so that `defs.schema.json` references resolve offline.
struct Schemas {
    validators: BTreeMap<String, jsonschema::Validator>,
}

impl Schemas {
    fn load() -> Self {
        let dir = root().join("tools/schema");
        let mut docs = BTreeMap::new();
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            if let Some(cmd) = name.strip_suffix(".schema.json") {
                let doc: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap())
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
                docs.insert(cmd.to_string(), doc);
            }
        }
        let registry = jsonschema::Registry::new()
            .extend(
                docs.values()
                    .map(|d| (d["$id"].as_str().unwrap().to_string(), d.clone())),
            )
            .unwrap()
            .prepare()
            .unwrap();
        let mut validators = BTreeMap::new();
        for (cmd, doc) in &docs {
            let v = jsonschema::options()
                .with_registry(&registry)
                .build(doc)
                .unwrap_or_else(|e| panic!("{cmd}.schema.json: {e}"));
            validators.insert(cmd.clone(), v);
        }
        let failure = serde_json::json!({
            "$ref": "https://hetdwarf.invalid/schema/defs.schema.json#/$defs/failure"
        });
        let v = jsonschema::options()
            .with_registry(&registry)
            .build(&failure)
            .unwrap();
        validators.insert("failure".into(), v);
        Schemas { validators }
    }

    /// The schema's complaints about `doc`, as text (empty when it holds).
    fn errors(&self, schema: &str, doc: &Value) -> Vec<String> {
        let v = self
            .validators
            .get(schema)
            .unwrap_or_else(|| panic!("no schema {schema}"));
        v.iter_errors(doc)
            .map(|e| format!("at {}: {}", e.instance_path(), e))
            .take(3)
            .collect()
    }
}

/// Runs the command and checks what it printed against `schema`; failures (a non-zero
/// status) against the command's schema too, which admits the failure document.
#[derive(Default)]
struct Run {
    checked: BTreeMap<String, usize>,
    failures: BTreeMap<String, usize>,
    wrong: Vec<String>,
}

impl Run {
    fn check(&mut self, schemas: &Schemas, schema: &str, args: &[&str]) {
        let mut args: Vec<&str> = args.to_vec();
        let lines = schema == "verify-jsonl";
        args.extend(["--format", if lines { "jsonl" } else { "json" }]);
        let out = hetdwarf(&args);
        let text = String::from_utf8_lossy(&out.stdout);
        let docs: Vec<Value> = if lines {
            text.lines()
                .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {e}: {l}")))
                .collect()
        } else {
            vec![
                serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("{args:?}: not one JSON document ({e}): {text}")),
            ]
        };
        for doc in docs {
            if doc.get("error").is_some() && doc.as_object().is_some_and(|o| o.len() == 1) {
                *self.failures.entry(schema.to_string()).or_default() += 1;
            }
            let errors = schemas.errors(schema, &doc);
            if !errors.is_empty() {
                self.wrong
                    .push(format!("{args:?}:\n  {}", errors.join("\n  ")));
            }
            *self.checked.entry(schema.to_string()).or_default() += 1;
        }
    }
}

fn objects() -> Vec<String> {
    let mut found = Vec::new();
    let mut dirs = vec![root().join("corpora")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("hsaco" | "o" | "co" | "hipfb" | "bundle" | "so")
            ) {
                found.push(p.to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn every_json_answer_matches_its_schema() {
    let schemas = Schemas::load();
    let mut run = Run::default();
    let objects = objects();
    assert!(objects.len() >= 100, "{}", objects.len());
    for o in &objects {
        run.check(&schemas, "info", &["info", o]);
        run.check(&schemas, "verify", &["verify", o]);
        run.check(&schemas, "verify-jsonl", &["verify", o]);
    }
    // Frames: every end-to-end state with its object, read every way.
    let states = std::fs::read_dir(corpus("states/e2e")).unwrap();
    let mut frames = 0;
    for e in states {
        let p = e.unwrap().path();
        let name = p.file_stem().unwrap().to_str().unwrap().to_string();
        // clang19-ocl-gfx900-O0-leaf_mix: object corpora/clang19/ocl-gfx900-O0.*.
        let mut parts = name.splitn(2, '-');
        let (compiler, rest) = (parts.next().unwrap(), parts.next().unwrap());
        let Some((stem, _function)) = rest.rsplit_once('-') else {
            continue;
        };
        let Some(object) = objects
            .iter()
            .find(|o| o.contains(&format!("/corpora/{compiler}/{stem}.")))
        else {
            continue;
        };
        let state = p.to_string_lossy().into_owned();
        let saved: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let pc = match &saved["pc"] {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        run.check(
            &schemas,
            "locals",
            &["locals", object, "--state", &state, "--all-lanes"],
        );
        run.check(
            &schemas,
            "locals",
            &["locals", object, "--state", &state, "--verbose"],
        );
        run.check(
            &schemas,
            "backtrace",
            &["backtrace", object, "--state", &state],
        );
        run.check(&schemas, "vars", &["vars", object, "--pc", &pc]);
        // No scope covers PC 0 of a linked object: an empty answer, still of the schema.
        run.check(&schemas, "vars", &["vars", object, "--pc", "0"]);
        let locals = hetdwarf(&["locals", object, "--state", &state, "--format", "json"]);
        let locals: Value = serde_json::from_slice(&locals.stdout).unwrap();
        for v in locals["variables"].as_array().into_iter().flatten() {
            if let Some(name) = v["name"].as_str() {
                run.check(
                    &schemas,
                    "print",
                    &["print", object, "--state", &state, name],
                );
                run.check(
                    &schemas,
                    "print",
                    &[
                        "print",
                        object,
                        "--state",
                        &state,
                        name,
                        "--all-lanes",
                        "--verbose",
                    ],
                );
            }
        }
        frames += 1;
    }
    assert!(frames >= 10, "{frames} end-to-end states matched an object");
    let demo = corpus("rocm/ocl-gfx90a-O0.hsaco");
    let demo_state = corpus("states/demo-ocl-gfx90a-O0.json");
    let out = std::env::temp_dir().join(format!("hetdwarf-schema-{}.json", std::process::id()));
    let out = out.to_str().unwrap();
    // As written, for a chosen lane, and with what the write goes through.
    for extra in [&[][..], &["--lane", "3"], &["--verbose"]] {
        let mut args = vec!["set", &demo, "--state", &demo_state, "d", "5"];
        args.extend_from_slice(extra);
        args.extend(["--output", out]);
        run.check(&schemas, "set", &args);
    }
    run.check(
        &schemas,
        "backtrace",
        &[
            "backtrace",
            &demo,
            "--state",
            &corpus("states/unwind-ocl-gfx90a-O0.json"),
            "--lane",
            "2",
        ],
    );
    let wave = corpus("states/gfx90a-wave64.json");
    for expr in [
        "DW_OP_regx v1",
        "DW_OP_lit1, DW_OP_stack_value",
        "DW_OP_regx s33, DW_OP_deref_size 4",
        "DW_OP_regx v1, DW_OP_piece 4, DW_OP_regx v2, DW_OP_piece 4",
        "DW_OP_regx v1, DW_OP_LLVM_user DW_OP_LLVM_undefined",
        "ff",
        "DW_OP_lit0, DW_OP_deref",
    ] {
        for extra in [
            &[][..],
            &["--all-lanes"],
            &["--read", "u32"],
            &["--read", "bytes:8", "--all-lanes"],
            &["--lane", "5", "--read", "u64"],
            &["--conventions", "upstream", "--read", "u32"],
        ] {
            let mut args = vec!["eval", "--state", &wave, expr];
            args.extend_from_slice(extra);
            run.check(&schemas, "eval", &args);
        }
    }
    for text in [
        "91 7f 1a ff 00",
        "1a",
        "28 03 00",
        "e9 02",
        "DW_OP_regx v1, DW_OP_piece 4",
    ] {
        run.check(&schemas, "disasm", &["disasm", text]);
    }
    for (expr, arg) in [
        ("DIOpArg(0, i32)", "0=v1"),
        ("DIOpArg(0, i32), DIOpConstant(i32 2), DIOpMul()", "0=v1"),
        ("DIOpArg(0, i64)", "0=s[30:31]"),
        ("DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)", "0=s33"),
        ("DIOpBad(", "0=v1"),
    ] {
        run.check(&schemas, "diop-check", &["diop", "check", expr]);
        for style in ["hetdwarf", "fork"] {
            run.check(
                &schemas,
                "diop-lower",
                &["diop", "lower", "--style", style, "--arg", arg, expr],
            );
        }
        for extra in [&[][..], &["--all-lanes"], &["--lane", "3", "--read", "u32"]] {
            let mut args = vec!["diop", "eval", "--state", &wave, "--arg", arg, expr];
            args.extend_from_slice(extra);
            run.check(&schemas, "diop-eval", &args);
        }
    }
    // Failures of every kind the CLI answers.
    let missing = "/nonexistent/code.hsaco";
    for (schema, args) in [
        ("info", vec!["info", missing]),
        ("vars", vec!["vars", &demo, "--pc", "zz"]),
        ("vars", vec!["vars", &demo, "--no-such-option"]),
        ("verify-jsonl", vec!["verify", &demo, "--no-such-option"]),
        (
            "print",
            vec!["print", &demo, "--state", &demo_state, "no_such_variable"],
        ),
        (
            "locals",
            vec!["locals", &demo, "--state", &demo_state, "--frame", "9"],
        ),
        ("verify", vec!["verify", &demo, "--shard", "5/3"]),
        ("eval", vec!["eval", "--state", &demo_state, "ff"]),
        (
            "backtrace",
            vec!["backtrace", missing, "--state", &demo_state],
        ),
        (
            "set",
            vec![
                "set",
                &demo,
                "--state",
                &demo_state,
                "d",
                "1",
                "--output",
                missing,
            ],
        ),
        ("disasm", vec!["disasm", "--text", "DW_OP_nonsense"]),
        ("disasm", vec!["disasm", "--bytes", "zz"]),
    ] {
        run.check(&schemas, schema, &args);
    }
    assert!(
        run.wrong.is_empty(),
        "{} answers break their schema:\n{}",
        run.wrong.len(),
        run.wrong.join("\n")
    );
    // Every command was fed bad input, and answered it with the failure document.
    for cmd in schemas.validators.keys() {
        if !["defs", "failure"].contains(&cmd.as_str()) {
            assert!(
                run.checked.get(cmd).is_some_and(|&n| n > 0),
                "schema {cmd} checked nothing"
            );
            assert!(
                run.failures.contains_key(cmd),
                "no failure of {cmd} checked"
            );
        }
    }
    eprintln!(
        "checked {:?}; failure documents {:?}",
        run.checked, run.failures
    );
}

#[test]
fn schemas_refuse_what_the_cli_does_not_say() {
    let schemas = Schemas::load();
    let demo = corpus("rocm/ocl-gfx90a-O0.hsaco");
    let info: Value =
        serde_json::from_slice(&hetdwarf(&["info", &demo, "--format", "json"]).stdout).unwrap();
    assert!(schemas.errors("info", &info).is_empty());
    let mut extra = info.clone();
    extra["undocumented"] = Value::Bool(true);
    assert!(
        !schemas.errors("info", &extra).is_empty(),
        "an undocumented field passes"
    );
    let mut retyped = info.clone();
    retyped["kernels"][0]["sgpr_count"] = Value::String("50".into());
    assert!(
        !schemas.errors("info", &retyped).is_empty(),
        "a retyped field passes"
    );
    let unclassified = serde_json::json!({"error": {"kind": "failed", "message": "?"}});
    assert!(
        !schemas.errors("failure", &unclassified).is_empty(),
        "an unclassified kind passes"
    );
}
