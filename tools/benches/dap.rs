//! Latency of `hetdwarf dap` per request on the demo wave (`corpora/rocm/ocl-gfx90a-O0.hsaco`
//! with `corpora/states/demo-ocl-gfx90a-O0.json`), as an IDE sees it: from writing the
//! request to reading its response (or the `stopped` event), over the adapter's pipes.
//! Process start-up is outside every figure.

use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use serde_json::{Value, json};

#[allow(dead_code)] // Shared with the tests, which use more of it.
#[path = "../tests/dap_client/mod.rs"]
mod dap_client;
use dap_client::Client;

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
    // Thousands of requests: their messages are not kept.
    c.seen = None;
    c.request_ok("initialize", json!({}));
    c.request_ok("launch", launch_args());
    c.request_ok("configurationDone", json!({}));
    c.event("stopped");
    let trace = c.request_ok("stackTrace", json!({ "threadId": 1 }));
    let frame = trace["body"]["stackFrames"][0]["id"].clone();
    let scopes = c.request_ok("scopes", json!({ "frameId": frame }));
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
                client.seen = None;
                client.request_ok("initialize", json!({}));
                let t = Instant::now();
                client.request_ok("launch", launch_args());
                client.request_ok("configurationDone", json!({}));
                client.event("stopped");
                total += t.elapsed();
                client.disconnect();
            }
            total
        })
    });
    let (mut client, frame, _) = stopped();
    g.bench_function("scopes + variables of frame 0", |b| {
        b.iter(|| {
            let scopes = client.request_ok("scopes", json!({ "frameId": frame }));
            for scope in scopes["body"]["scopes"].as_array().unwrap().iter().take(2) {
                client.request_ok(
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
                let scopes = client.request_ok("scopes", json!({ "frameId": frame }));
                let all = scopes["body"]["scopes"][3]["variablesReference"].clone();
                let vars = client.request_ok("variables", json!({ "variablesReference": all }));
                let first = vars["body"]["variables"][0]["variablesReference"].clone();
                let lanes = client.request_ok("variables", json!({ "variablesReference": first }));
                assert_eq!(lanes["body"]["variables"].as_array().unwrap().len(), 48);
            })
        },
    );
    g.finish();
    client.disconnect();
}

criterion_group!(benches, bench);
criterion_main!(benches);
