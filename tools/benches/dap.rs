//! Latency of `hetdwarf dap` per request on the demo wave (`corpora/rocm/ocl-gfx90a-O0.hsaco`
//! with `corpora/states/demo-ocl-gfx90a-O0.json`), as an IDE sees it: from writing the
//! request to reading its response (or the `stopped` event), over the adapter's pipes.
//! Process start-up is outside every figure.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

struct Client {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    seq: i64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
            .arg("dap")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("hetdwarf dap");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Client {
            child,
            input,
            output,
            seq: 0,
        }
    }

    fn read(&mut self) -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            self.output.read_line(&mut line).unwrap();
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(n) = line.strip_prefix("Content-Length: ") {
                length = n.parse().unwrap();
            }
        }
        let mut body = vec![0u8; length];
        self.output.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    fn send(&mut self, command: &str, arguments: Value) {
        self.seq += 1;
        let body = serde_json::to_vec(&json!({
            "seq": self.seq, "type": "request", "command": command, "arguments": arguments,
        }))
        .unwrap();
        write!(self.input, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        self.input.write_all(&body).unwrap();
        self.input.flush().unwrap();
    }

    /// Sends a request and waits for its response.
    fn request(&mut self, command: &str, arguments: Value) -> Value {
        self.send(command, arguments);
        loop {
            let m = self.read();
            if m["type"] == "response" {
                assert_eq!(m["success"], true, "{m}");
                return m;
            }
        }
    }

    /// Waits for the event `name`.
    fn event(&mut self, name: &str) {
        while self.read()["event"] != name {}
    }

    fn close(mut self) {
        self.request("disconnect", json!({}));
        self.child.wait().unwrap();
    }
}

fn corpus(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpora")
        .join(rel)
        .to_string_lossy()
        .into_owned()
}

fn launch_args() -> Value {
    json!({
        "program": corpus("rocm/ocl-gfx90a-O0.hsaco"),
        "state": corpus("states/demo-ocl-gfx90a-O0.json"),
    })
}

/// A client stopped at the demo wave: (client, frame 0's id, its scopes).
fn stopped() -> (Client, Value, Vec<Value>) {
    let mut c = Client::start();
    c.request("initialize", json!({}));
    c.request("launch", launch_args());
    c.request("configurationDone", json!({}));
    c.event("stopped");
    let trace = c.request("stackTrace", json!({ "threadId": 1 }));
    let frame = trace["body"]["stackFrames"][0]["id"].clone();
    let scopes = c.request("scopes", json!({ "frameId": frame }));
    let scopes = scopes["body"]["scopes"].as_array().unwrap().clone();
    (c, frame, scopes)
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dap on the demo wave");
    g.sample_size(20);
    g.bench_function("launch to stopped", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let mut client = Client::start();
                client.request("initialize", json!({}));
                let t = Instant::now();
                client.request("launch", launch_args());
                client.request("configurationDone", json!({}));
                client.event("stopped");
                total += t.elapsed();
                client.close();
            }
            total
        })
    });
    let (mut client, frame, _) = stopped();
    g.bench_function("scopes + variables of frame 0", |b| {
        b.iter(|| {
            let scopes = client.request("scopes", json!({ "frameId": frame }));
            for scope in scopes["body"]["scopes"].as_array().unwrap().iter().take(2) {
                client.request(
                    "variables",
                    json!({ "variablesReference": scope["variablesReference"] }),
                );
            }
        })
    });
    g.bench_function(
        "All lanes: every variable, one expanded in its 48 active lanes",
        |b| {
            b.iter(|| {
                let scopes = client.request("scopes", json!({ "frameId": frame }));
                let all = scopes["body"]["scopes"][3]["variablesReference"].clone();
                let vars = client.request("variables", json!({ "variablesReference": all }));
                let first = vars["body"]["variables"][0]["variablesReference"].clone();
                let lanes = client.request("variables", json!({ "variablesReference": first }));
                assert_eq!(lanes["body"]["variables"].as_array().unwrap().len(), 48);
            })
        },
    );
    g.finish();
    client.close();
}

criterion_group!(benches, bench);
criterion_main!(benches);
