//! `hetdwarf dap` driven as an IDE drives it, over standard input and output: launch a
//! saved wave, one stop for all lanes, lanes as threads, a stack with sources, scopes,
//! variables with the values `locals` prints, "All lanes", evaluate, and errors that are
//! the CLI's messages.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

fn corpus(rel: &str) -> String {
    let p: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(rel);
    p.to_string_lossy().into_owned()
}

#[allow(dead_code)] // Shared with the benchmark, which uses other parts of it.
mod dap_client;
use dap_client::Client;

/// Ends a session and checks every message the adapter sent against the schema.
trait Finish {
    fn finish(self);
}

impl Finish for Client {
    fn finish(self) {
        let schema = schema();
        for m in &self.disconnect() {
            let errors: Vec<String> = schema.iter_errors(m).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{m}: {errors:?}");
        }
    }
}

/// The schema of what the adapter sends (`tools/schema/dap/messages.schema.json`).
fn schema() -> jsonschema::Validator {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schema/dap/messages.schema.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::validator_for(&doc).unwrap()
}

fn cli_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_saved_wave_replays_with_lanes_as_threads() {
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let mut c = Client::start();
    let init = c.request("initialize", json!({ "adapterID": "hetdwarf" }));
    assert_eq!(init["success"], true);
    assert_eq!(init["body"]["supportsConfigurationDoneRequest"], true);
    let launch = c.request("launch", json!({ "program": program, "state": state }));
    assert_eq!(launch["success"], true, "{launch}");
    c.event("initialized");
    assert_eq!(c.request("configurationDone", json!({}))["success"], true);
    let stopped = c.event("stopped");
    assert_eq!(stopped["body"]["reason"], "entry");
    assert_eq!(stopped["body"]["allThreadsStopped"], true);

    // Threads: the active lanes (EXEC without lane 5), id = lane + 1.
    let threads = c.request("threads", json!({}));
    let threads = threads["body"]["threads"].as_array().unwrap().clone();
    assert_eq!(threads.len(), 63);
    assert_eq!(threads[0], json!({ "id": 1, "name": "lane 0" }));
    assert!(threads.iter().all(|t| t["name"] != "lane 5"));

    // The stack: backtrace's frames, innermost first, with their PCs.
    let bt = cli_json(&["backtrace", &program, "--state", &state, "--format", "json"]);
    let trace = c.request("stackTrace", json!({ "threadId": 4 }));
    let frames = trace["body"]["stackFrames"].as_array().unwrap().clone();
    let expected = bt["frames"].as_array().unwrap();
    assert_eq!(frames.len(), expected.len(), "{trace}");
    for (f, e) in frames.iter().zip(expected) {
        // A caller is at its return address (backtrace's pc; its lookup_pc is inside the call).
        assert_eq!(f["instructionPointerReference"], e["pc"], "{f} {e}");
        assert_eq!(f["name"], e["functions"][0], "{f} {e}");
    }
    assert_eq!(frames[0]["name"], "callee");

    // Scopes and variables of lane 3, frame 0: the values `locals --lane 3` prints.
    let scopes = c.request("scopes", json!({ "frameId": frames[0]["id"] }));
    let scopes = scopes["body"]["scopes"].as_array().unwrap().clone();
    let names: Vec<&str> = scopes.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Locals", "Arguments", "Registers", "All lanes"]);
    let locals = cli_json(&[
        "locals", &program, "--state", &state, "--lane", "3", "--format", "json",
    ]);
    let mut shown = Vec::new();
    for scope in &scopes[..2] {
        let vars = c.request(
            "variables",
            json!({ "variablesReference": scope["variablesReference"] }),
        );
        assert_eq!(vars["success"], true, "{vars}");
        shown.extend(vars["body"]["variables"].as_array().unwrap().clone());
    }
    let cli = locals["variables"].as_array().unwrap();
    assert_eq!(shown.len(), cli.len(), "{shown:?}");
    for v in cli {
        let name = v["name"].as_str().unwrap();
        let dap = shown.iter().find(|s| s["name"] == name).expect(name);
        let value = v["lanes"][0]["value"]
            .as_str()
            .map(str::to_string)
            .unwrap_or_else(|| format!("<error: {}>", v["lanes"][0]["error"].as_str().unwrap()));
        assert_eq!(dap["value"], value.as_str(), "{name}: {dap} vs {v}");
        assert_eq!(dap["type"], v["type"], "{name}");
    }

    // All lanes: a variable expands into every active lane's value.
    let registers = c.request(
        "variables",
        json!({ "variablesReference": scopes[2]["variablesReference"] }),
    );
    let registers = registers["body"]["variables"].as_array().unwrap().clone();
    let reg = |name: &str| registers.iter().find(|r| r["name"] == name).cloned();
    assert_eq!(reg("pc").unwrap()["value"], "0x0000000000001514");
    assert_eq!(reg("s20").unwrap()["value"], "0x0000002a");
    // v2 in lane 3 is 100 + 3.
    assert_eq!(reg("v2").unwrap()["value"], "0x00000067");
    assert_eq!(reg("s10").unwrap()["value"], "0x00000000");
    // In the caller, registers read as the call frame information restores them: its PC
    // is the return address, and its s10 is what the callee saved in s12 (41).
    let caller = c.request("scopes", json!({ "frameId": frames[1]["id"] }));
    let caller = c.request(
        "variables",
        json!({ "variablesReference": caller["body"]["scopes"][2]["variablesReference"] }),
    );
    let caller = caller["body"]["variables"].as_array().unwrap().clone();
    let creg = |name: &str| caller.iter().find(|r| r["name"] == name).cloned().unwrap();
    assert_eq!(creg("pc")["value"], "0x0000000000001620");
    assert_eq!(creg("s10")["value"], "0x00000029");
    let all = c.request(
        "variables",
        json!({ "variablesReference": scopes[3]["variablesReference"] }),
    );
    let all = all["body"]["variables"].as_array().unwrap().clone();
    let n = all.iter().find(|v| v["name"] == "n").expect("n");
    assert_eq!(n["value"], "63 lanes");
    let lanes = c.request(
        "variables",
        json!({ "variablesReference": n["variablesReference"] }),
    );
    let lanes = lanes["body"]["variables"].as_array().unwrap().clone();
    assert_eq!(lanes.len(), 63);
    assert_eq!(lanes[0]["name"], "lane 0");
    let print = cli_json(&[
        "print",
        &program,
        "--state",
        &state,
        "n",
        "--all-lanes",
        "--format",
        "json",
    ]);
    let lane6 = print["lanes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["lane"] == 6)
        .unwrap();
    let dap6 = lanes.iter().find(|l| l["name"] == "lane 6").unwrap();
    assert_eq!(dap6["value"], lane6["value"]);

    // Evaluate in a lane's frame: print's path language; an unknown name is an error.
    let e = c.request(
        "evaluate",
        json!({ "expression": "n", "frameId": frames[0]["id"], "context": "watch" }),
    );
    assert_eq!(e["body"]["result"], "41", "{e}");
    let e = c.request(
        "evaluate",
        json!({ "expression": "no_such_variable", "frameId": frames[0]["id"], "context": "hover" }),
    );
    assert_eq!(e["success"], false, "{e}");
    let e = c.request("next", json!({ "threadId": 1 }));
    assert_eq!(e["success"], false);
    c.finish();
}

/// setVariable (of a variable, and of a member through its expansion) and setExpression
/// write through `set`'s code into the state in memory; disconnect writes it to `output`,
/// which then reads as `set` would have left it; the input state is untouched.
#[test]
fn changed_values_are_written_where_launch_said() {
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let before = std::fs::read(&state).unwrap();
    let output = std::env::temp_dir().join(format!("hetdwarf-dap-{}.json", std::process::id()));
    let output_name = output.to_string_lossy().into_owned();
    let mut c = Client::start();
    c.request("initialize", json!({}));
    let r = c.request(
        "launch",
        json!({ "program": program, "state": state, "output": output_name }),
    );
    assert_eq!(r["success"], true, "{r}");
    c.request("configurationDone", json!({}));
    // Frame 1 (kern, the caller) holds variables in memory and registers.
    let trace = c.request("stackTrace", json!({ "threadId": 1 }));
    let frame = trace["body"]["stackFrames"][1]["id"].clone();
    let scopes = c.request("scopes", json!({ "frameId": frame }));
    let locals = scopes["body"]["scopes"][0]["variablesReference"].clone();
    let vars = c.request("variables", json!({ "variablesReference": locals }));
    let vars = vars["body"]["variables"].as_array().unwrap().clone();
    let r = c.request(
        "setVariable",
        json!({ "variablesReference": locals, "name": "value", "value": "77" }),
    );
    assert_eq!(r["body"]["value"], "77", "{r}");
    let holder = vars.iter().find(|v| v["name"] == "holder").expect("holder");
    let members = c.request(
        "variables",
        json!({ "variablesReference": holder["variablesReference"] }),
    );
    let members = members["body"]["variables"].as_array().unwrap().clone();
    let n = members.iter().find(|m| m["name"] == "n").expect("holder.n");
    assert_eq!(n["value"], "5");
    assert_eq!(n["evaluateName"], "holder.n");
    let r = c.request(
        "setVariable",
        json!({ "variablesReference": holder["variablesReference"], "name": "n", "value": "9" }),
    );
    assert_eq!(r["body"]["value"], "9", "{r}");
    let r = c.request(
        "setExpression",
        json!({ "expression": "lane_val", "value": "-5", "frameId": frame }),
    );
    assert_eq!(r["body"]["value"], "-5", "{r}");
    let e = c.request(
        "evaluate",
        json!({ "expression": "value", "frameId": frame }),
    );
    assert_eq!(e["body"]["result"], "77");
    // Implicit storage is never written: `set` refuses it, and so does the adapter.
    let r = c.request(
        "setExpression",
        json!({ "expression": "k", "value": "1", "frameId": frame }),
    );
    assert_eq!(r["success"], false, "{r}");
    assert!(
        r["message"].as_str().unwrap().contains("implicit storage"),
        "{r}"
    );
    c.finish();
    assert_eq!(
        std::fs::read(&state).unwrap(),
        before,
        "the input state is untouched"
    );
    for (var, want) in [("value", "77"), ("holder.n", "9"), ("lane_val", "-5")] {
        let after = cli_json(&[
            "print",
            &program,
            "--state",
            &output_name,
            "--frame",
            "1",
            var,
            "--format",
            "json",
        ]);
        assert_eq!(after["lanes"][0]["value"], want, "{var}: {after}");
    }
    let _ = std::fs::remove_file(&output);
}

#[test]
fn a_bad_launch_answers_the_clis_message_and_the_session_goes_on() {
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let other = corpus("states/gfx1100-wave32.json");
    let mut c = Client::start();
    c.request("initialize", json!({}));
    for (args, cli) in [
        (
            json!({ "program": program, "state": "/nonexistent.json" }),
            vec!["locals", program.as_str(), "--state", "/nonexistent.json"],
        ),
        (
            json!({ "program": program, "state": other }),
            vec!["locals", program.as_str(), "--state", other.as_str()],
        ),
    ] {
        let r = c.request("launch", args);
        assert_eq!(r["success"], false, "{r}");
        let out = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
            .args(&cli)
            .output()
            .unwrap();
        let message = String::from_utf8_lossy(&out.stderr);
        let message = message.trim_end().trim_start_matches("hetdwarf: ");
        assert_eq!(r["message"], message, "{r}");
    }
    let r = c.request("launch", json!({ "state": state }));
    assert_eq!(r["success"], false);
    assert!(r["message"].as_str().unwrap().contains("`program`"), "{r}");
    let r = c.request("threads", json!({}));
    assert_eq!(r["success"], false);
    let r = c.request("launch", json!({ "program": program, "state": state }));
    assert_eq!(r["success"], true, "{r}");
    c.finish();
}

fn unbase64(text: &str) -> Vec<u8> {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let (mut out, mut n, mut bits) = (Vec::new(), 0u32, 0);
    for c in text.trim_end_matches('=').bytes() {
        n = n << 6 | A.iter().position(|&a| a == c).unwrap() as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    out
}

/// A value in memory carries a memoryReference; readMemory serves it from the state in
/// its address space, the bytes the state does not hold unreadable (not zeros), and
/// writeMemory changes what the variable then reads.
#[test]
fn memory_references_read_and_write_the_state() {
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let mut c = Client::start();
    c.request("initialize", json!({}));
    c.request("launch", json!({ "program": program, "state": state }));
    c.request("configurationDone", json!({}));
    let trace = c.request("stackTrace", json!({ "threadId": 1 }));
    let frame = trace["body"]["stackFrames"][1]["id"].clone();
    let scopes = c.request("scopes", json!({ "frameId": frame }));
    let locals = scopes["body"]["scopes"][0]["variablesReference"].clone();
    let vars = c.request("variables", json!({ "variablesReference": locals }));
    let d = vars["body"]["variables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "d")
        .cloned()
        .expect("d");
    assert_eq!(d["memoryReference"], "global#0x10000", "{d}");
    let r = c.request(
        "readMemory",
        json!({ "memoryReference": d["memoryReference"], "count": 20 }),
    );
    let bytes = unbase64(r["body"]["data"].as_str().unwrap());
    assert_eq!(bytes.len(), 20, "{r}");
    assert_eq!(u64::from_le_bytes(bytes[0..8].try_into().unwrap()), 0x20018);
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 11);
    assert_eq!(u32::from_le_bytes(bytes[16..20].try_into().unwrap()), 22);
    // Far past what the state holds: nothing readable, and how much is not.
    let r = c.request(
        "readMemory",
        json!({ "memoryReference": d["memoryReference"], "offset": 0x100000, "count": 16 }),
    );
    assert_eq!(r["body"]["data"], "", "{r}");
    assert_eq!(r["body"]["unreadableBytes"], 16, "{r}");
    let r = c.request(
        "writeMemory",
        json!({ "memoryReference": d["memoryReference"], "offset": 8, "data": "YwAAAA==" }),
    );
    assert_eq!(r["body"]["bytesWritten"], 4, "{r}");
    let e = c.request("evaluate", json!({ "expression": "d.a", "frameId": frame }));
    assert_eq!(e["body"]["result"], "99", "{e}");
    let r = c.request(
        "readMemory",
        json!({ "memoryReference": "nowhere#0x0", "count": 4 }),
    );
    assert_eq!(r["success"], false);
    c.finish();
}

/// `--port N` serves one client on 127.0.0.1:N, the same protocol as over stdio.
#[test]
fn one_client_is_served_on_a_port() {
    use std::net::{TcpListener, TcpStream};
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(["dap", "--port", &port.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stream = None;
    for _ in 0..200 {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => {
                stream = Some(s);
                break;
            }
            Err(_) => std::thread::sleep(std::time::Duration::from_millis(10)),
        }
    }
    let stream = stream.expect("the adapter listens");
    let mut c = Client::over(
        child,
        Box::new(stream.try_clone().unwrap()),
        Box::new(stream),
    );
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    assert_eq!(c.request("initialize", json!({}))["success"], true);
    let r = c.request("launch", json!({ "program": program, "state": state }));
    assert_eq!(r["success"], true, "{r}");
    let r = c.request("threads", json!({}));
    assert_eq!(r["body"]["threads"].as_array().unwrap().len(), 63);
    c.finish();
}

/// Every end-to-end state of `corpora/states/e2e/` (the object named by the state's
/// name): for the first and last active lane and every frame, the variables of Locals and
/// Arguments are `locals --lane N --frame K --format json`'s (names, values, types), and
/// `evaluate` of each is `print`'s value.
#[test]
fn every_end_to_end_state_shows_what_locals_and_print_say() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpora/states/e2e");
    let mut states: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    states.sort();
    let mut checked = 0;
    for state_path in &states {
        let stem = state_path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        // `clang19-ocl-gfx900-O0-stage`: corpora/clang19/ocl-gfx900-O0.hsaco, function stage.
        let (dir, rest) = stem.split_once('-').unwrap();
        let (object, _function) = rest.rsplit_once('-').unwrap();
        let program = corpus(&format!("{dir}/{object}.hsaco"));
        assert!(Path::new(&program).exists(), "{program} for {stem}");
        let state = state_path.to_string_lossy().into_owned();
        let mut c = Client::start();
        c.request("initialize", json!({}));
        let r = c.request("launch", json!({ "program": program, "state": state }));
        assert_eq!(r["success"], true, "{stem}: {r}");
        c.request("configurationDone", json!({}));
        let threads = c.request("threads", json!({}));
        let threads = threads["body"]["threads"].as_array().unwrap().clone();
        let lanes = [threads.first().unwrap(), threads.last().unwrap()];
        for thread in lanes {
            let lane = (thread["id"].as_u64().unwrap() - 1).to_string();
            let trace = c.request("stackTrace", json!({ "threadId": thread["id"] }));
            let frames = trace["body"]["stackFrames"].as_array().unwrap().clone();
            for (k, frame) in frames.iter().enumerate() {
                let k = k.to_string();
                let locals = cli_json(&[
                    "locals", &program, "--state", &state, "--lane", &lane, "--frame", &k,
                    "--format", "json",
                ]);
                let Some(cli) = locals["variables"].as_array() else {
                    continue;
                };
                let scopes = c.request("scopes", json!({ "frameId": frame["id"] }));
                let mut shown = Vec::new();
                for scope in scopes["body"]["scopes"].as_array().unwrap().iter().take(2) {
                    let vars = c.request(
                        "variables",
                        json!({ "variablesReference": scope["variablesReference"] }),
                    );
                    shown.extend(vars["body"]["variables"].as_array().unwrap().clone());
                }
                assert_eq!(shown.len(), cli.len(), "{stem} lane {lane} frame {k}");
                for v in cli {
                    let name = v["name"].as_str().unwrap();
                    let dap = shown
                        .iter()
                        .find(|s| s["name"] == name && s["type"] == v["type"])
                        .unwrap_or_else(|| panic!("{stem}: {name}"));
                    if let Some(value) = v["lanes"][0]["value"].as_str() {
                        assert_eq!(dap["value"], value, "{stem} lane {lane} frame {k} {name}");
                    }
                    if v["shadowed"] == true {
                        continue;
                    }
                    let print = cli_json(&[
                        "print", &program, "--state", &state, "--lane", &lane, "--frame", &k, name,
                        "--format", "json",
                    ]);
                    let e = c.request(
                        "evaluate",
                        json!({ "expression": name, "frameId": frame["id"], "context": "watch" }),
                    );
                    match print["lanes"][0]["value"].as_str() {
                        Some(value) => {
                            assert_eq!(e["body"]["result"], value, "{stem} {name}: {e}")
                        }
                        None => assert_eq!(e["success"], false, "{stem} {name}: {e}"),
                    }
                    checked += 1;
                }
            }
        }
        c.finish();
    }
    eprintln!("{} states, {checked} values", states.len());
    assert!(checked > 100, "{checked}");
}

/// Clients that break the protocol: an error response or a clean close, never a panic,
/// a hang or a 100 MB allocation.
#[test]
fn hostile_clients_get_errors_or_a_clean_close() {
    let run = |input: &[u8]| -> (bool, String, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
            .arg("dap")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let frame = |v: Value| {
        let body = serde_json::to_vec(&v).unwrap();
        let mut m = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        m.extend(body);
        m
    };
    for (what, input) in [
        ("no header", b"{\"seq\":1}\r\n\r\n".to_vec()),
        ("100 MB", b"Content-Length: 100000000\r\n\r\n{}".to_vec()),
        ("not JSON", b"Content-Length: 3\r\n\r\n{{{".to_vec()),
        (
            "cut short",
            b"Content-Length: 50\r\n\r\n{\"seq\":1}".to_vec(),
        ),
    ] {
        let (ok, _, err) = run(&input);
        assert!(!ok, "{what}");
        assert!(
            err.starts_with("hetdwarf: dap: ") && !err.contains("panicked"),
            "{what}: {err}"
        );
    }
    // Requests before launch, unknown requests and references never handed out are
    // error responses; the session goes on to a clean disconnect.
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let mut input = Vec::new();
    let requests = [
        json!({"seq": 1, "type": "request", "command": "threads"}),
        json!({"seq": 2, "type": "request", "command": "launch", "arguments": {"program": program, "state": state}}),
        json!({"seq": 3, "type": "request", "command": "frobnicate"}),
        json!({"seq": 4, "type": "request", "command": "variables", "arguments": {"variablesReference": 999999}}),
        json!({"seq": 5, "type": "request", "command": "readMemory", "arguments": {"memoryReference": "global#0x0", "count": u64::MAX}}),
        json!({"seq": 6, "type": "request", "command": "stackTrace", "arguments": {"threadId": 100000}}),
        json!({"seq": 7, "type": "request", "command": "disconnect"}),
    ];
    for r in &requests {
        input.extend(frame(r.clone()));
    }
    let (ok, out, err) = run(&input);
    assert!(ok, "{err}");
    let responses: Vec<Value> = out
        .split("Content-Length: ")
        .filter_map(|m| m.split_once("\r\n\r\n"))
        .map(|(_, body)| serde_json::from_str(body).unwrap())
        .filter(|m: &Value| m["type"] == "response")
        .collect();
    let success: Vec<(i64, bool)> = responses
        .iter()
        .map(|r| {
            (
                r["request_seq"].as_i64().unwrap(),
                r["success"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        success,
        [
            (1, false),
            (2, true),
            (3, false),
            (4, false),
            (5, true),
            (6, false),
            (7, true)
        ],
        "{out}"
    );
}

/// Each thread's frames are at its lane's own PC as backtrace reads it from
/// `DW_AT_LLVM_lane_pc`.
#[test]
fn a_threads_frame_is_at_its_lanes_pc() {
    let program = corpus("hand-lanes/lane-pc-gfx90a-old.hsaco");
    let state = corpus("states/unwind-lane-pc-gfx90a.json");
    let bt = cli_json(&["backtrace", &program, "--state", &state, "--format", "json"]);
    let pcs = bt["frames"][0]["lanes"]["pcs"].as_array().unwrap().clone();
    let mut c = Client::start();
    c.request("initialize", json!({}));
    c.request("launch", json!({ "program": program, "state": state }));
    let threads = c.request("threads", json!({}));
    let threads = threads["body"]["threads"].as_array().unwrap().clone();
    assert_eq!(threads.len(), 8);
    for t in &threads {
        let lane = (t["id"].as_u64().unwrap() - 1) as usize;
        let trace = c.request("stackTrace", json!({ "threadId": t["id"] }));
        assert_eq!(
            trace["body"]["stackFrames"][0]["instructionPointerReference"], pcs[lane],
            "lane {lane}"
        );
    }
    c.finish();
}

/// `disassemble` around a frame's PC gives the instructions `hetdwarf code` prints (text,
/// bytes), and places outside the code as invalid instructions.
#[test]
fn disassembly_around_a_frame_is_what_code_prints() {
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let mut c = Client::start();
    let init = c.request("initialize", json!({}));
    if init["body"]["supportsDisassembleRequest"] != true {
        // A build without LLVM 22 cannot decode machine code and does not announce it.
        c.finish();
        return;
    }
    c.request("launch", json!({ "program": program, "state": state }));
    let trace = c.request("stackTrace", json!({ "threadId": 1 }));
    let pc = trace["body"]["stackFrames"][0]["instructionPointerReference"].clone();
    assert_eq!(pc, "0x1514");
    let r = c.request(
        "disassemble",
        json!({ "memoryReference": pc, "instructionOffset": -2, "instructionCount": 5 }),
    );
    let got = r["body"]["instructions"].as_array().unwrap().clone();
    assert_eq!(got.len(), 5, "{r}");
    assert_eq!(got[2]["address"], "0x1514", "{r}");
    let code = cli_json(&[
        "code",
        &program,
        "--pc",
        "0x1500..0x1600",
        "--format",
        "json",
    ]);
    let listed: Vec<Value> = code["functions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["instructions"].as_array().unwrap().clone())
        .collect();
    for g in &got {
        let address =
            u64::from_str_radix(g["address"].as_str().unwrap().trim_start_matches("0x"), 16)
                .unwrap();
        let cli = listed
            .iter()
            .find(|i| i["address"] == address)
            .unwrap_or_else(|| panic!("{address:#x} in code's listing"));
        assert_eq!(g["instruction"], cli["text"], "{address:#x}");
        assert_eq!(g["instructionBytes"], cli["bytes"], "{address:#x}");
    }
    let r = c.request(
        "disassemble",
        json!({ "memoryReference": "0x0", "instructionOffset": -3, "instructionCount": 4 }),
    );
    let got = r["body"]["instructions"].as_array().unwrap().clone();
    assert_eq!(got.len(), 4);
    assert!(
        got[..3].iter().all(|i| i["presentationHint"] == "invalid"),
        "{r}"
    );
    c.finish();
}

/// An inlined call is a frame of its own: the callee at its line, then the caller at the
/// call's line, named as backtrace names them (AMD's LLVM at -O2 inlines the OpenCL
/// kernel's body into the kernel; the e2e state moved to a PC inside it).
#[test]
fn inlined_calls_are_frames_of_their_own() {
    let program = corpus("rocm/ocl-gfx90a-O2.hsaco");
    let mut doc: Value = serde_json::from_str(
        &std::fs::read_to_string(corpus("states/e2e/rocm-ocl-gfx90a-O2-stage.json")).unwrap(),
    )
    .unwrap();
    doc["pc"] = json!("0x1d10");
    let state =
        std::env::temp_dir().join(format!("hetdwarf-dap-inlined-{}.json", std::process::id()));
    std::fs::write(&state, doc.to_string()).unwrap();
    let state = state.to_string_lossy().into_owned();
    let bt = cli_json(&["backtrace", &program, "--state", &state, "--format", "json"]);
    let functions: Vec<String> = bt["frames"][0]["functions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    assert_eq!(functions.len(), 2, "{bt}");
    let mut c = Client::start();
    c.request("initialize", json!({}));
    c.request("launch", json!({ "program": program, "state": state }));
    let trace = c.request("stackTrace", json!({ "threadId": 1 }));
    let frames = trace["body"]["stackFrames"].as_array().unwrap().clone();
    let names: Vec<&str> = frames.iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(names, functions);
    let lines: Vec<u64> = frames.iter().map(|f| f["line"].as_u64().unwrap()).collect();
    // llvm-addr2line-22 -f -i: kernels.cl:76, then the call at kernels.cl:75.
    assert_eq!(lines, [76, 75]);
    // Both read the unwound frame's variables.
    for f in &frames {
        let scopes = c.request("scopes", json!({ "frameId": f["id"] }));
        assert_eq!(scopes["success"], true);
    }
    c.finish();
    let _ = std::fs::remove_file(&state);
}

/// The schema is strict where the adapter is: it refuses a stray field, a wrong type and
/// a response without its request's number, and holds for what the protocol allows.
#[test]
fn the_message_schema_refuses_what_the_protocol_does_not_say() {
    let schema = schema();
    let ok = json!({"seq": 1, "type": "response", "request_seq": 1, "success": true,
        "command": "threads", "body": {"threads": [{"id": 1, "name": "lane 0"}]}});
    assert!(schema.is_valid(&ok));
    for bad in [
        json!({"seq": 1, "type": "response", "request_seq": 1, "success": true,
            "command": "threads", "body": {"threads": [{"id": 1, "name": "x", "extra": 1}]}}),
        json!({"seq": 1, "type": "response", "request_seq": 1, "success": true,
            "command": "variables", "body": {"variables": [{"name": "x", "value": 1, "variablesReference": 0}]}}),
        json!({"seq": 1, "type": "response", "success": true, "command": "scopes", "body": {"scopes": []}}),
        json!({"seq": 0, "type": "event", "event": "stopped", "body": {"reason": "entry"}}),
        json!({"seq": 2, "type": "event", "event": "stopped", "body": {"reason": "lunch"}}),
    ] {
        assert!(!schema.is_valid(&bad), "{bad}");
    }
}

/// `evaluate` takes print's variable paths (dereferences, members, elements, through
/// implicit pointers) and answers what print answers.
#[test]
fn evaluate_takes_prints_paths() {
    let program = corpus("hand-implicit/implicit-v5-gfx90a.hsaco");
    let state = corpus("states/implicit-gfx90a.json");
    let mut c = Client::start();
    c.request("initialize", json!({}));
    c.request("launch", json!({ "program": program, "state": state }));
    let trace = c.request("stackTrace", json!({ "threadId": 1 }));
    let frame = trace["body"]["stackFrames"][1]["id"].clone();
    for path in ["*p", "*holder.ptr", "pair[1]", "holder", "d.a", "bx.shown"] {
        let print = cli_json(&[
            "print", &program, "--state", &state, "--frame", "1", path, "--format", "json",
        ]);
        let e = c.request(
            "evaluate",
            json!({ "expression": path, "frameId": frame, "context": "hover" }),
        );
        assert_eq!(
            e["body"]["result"], print["lanes"][0]["value"],
            "{path}: {e}"
        );
    }
    c.finish();
}

/// `--log FILE` records every message received (`<-`) and sent (`->`), and nothing but
/// the protocol reaches standard output.
#[test]
fn the_log_records_both_directions() {
    let log = std::env::temp_dir().join(format!("hetdwarf-dap-log-{}.txt", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let mut child = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(["dap", "--log"])
        .arg(&log)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    for (seq, command) in [(1, "initialize"), (2, "disconnect")] {
        let body = serde_json::to_vec(&json!({"seq": seq, "type": "request", "command": command}))
            .unwrap();
        write!(input, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        input.write_all(&body).unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    // Two framed responses and nothing else.
    let frames: Vec<&str> = stdout
        .split("Content-Length: ")
        .filter(|s| !s.is_empty())
        .collect();
    assert_eq!(frames.len(), 2, "{stdout}");
    for f in frames {
        let (_, body) = f.split_once("\r\n\r\n").unwrap();
        let m: Value = serde_json::from_str(body).unwrap();
        assert_eq!(m["type"], "response");
    }
    let text = std::fs::read_to_string(&log).unwrap();
    let directions: Vec<&str> = text.lines().map(|l| &l[..2]).collect();
    assert_eq!(directions, ["<-", "->", "<-", "->"], "{text}");
    let _ = std::fs::remove_file(&log);
}
