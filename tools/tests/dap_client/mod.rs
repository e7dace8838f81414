//! A Debug Adapter Protocol client over `hetdwarf dap`'s pipes or a socket, shared by the
//! adapter's tests (`tests/dap.rs`) and its benchmark (`benches/dap.rs`).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

/// A client of one adapter process.
pub struct Client {
    child: Child,
    input: Box<dyn Write>,
    output: BufReader<Box<dyn Read>>,
    seq: i64,
    /// Events received while waiting for responses.
    events: Vec<Value>,
    /// How many messages the adapter sent.
    received: usize,
    /// Every message the adapter sent, in order, when recorded (`None`: not kept, as a
    /// benchmark that sends thousands of requests wants).
    pub seen: Option<Vec<Value>>,
}

impl Client {
    /// Starts `hetdwarf dap` and talks to it over its standard input and output.
    pub fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
            .arg("dap")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start hetdwarf dap");
        let input = Box::new(child.stdin.take().unwrap());
        let output: Box<dyn Read> = Box::new(child.stdout.take().unwrap());
        Client::over(child, input, output)
    }

    /// Talks to the adapter `child` over a connection it accepted.
    pub fn over(child: Child, input: Box<dyn Write>, output: Box<dyn Read>) -> Client {
        Client {
            child,
            input,
            output: BufReader::new(output),
            seq: 0,
            events: Vec::new(),
            received: 0,
            seen: Some(Vec::new()),
        }
    }

    /// The next message, whatever it is; messages are numbered in order from 1.
    pub fn read(&mut self) -> Value {
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "the adapter closed"
            );
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
        let message: Value = serde_json::from_slice(&body).unwrap();
        self.received += 1;
        assert_eq!(message["seq"], self.received, "{message}");
        if let Some(seen) = &mut self.seen {
            seen.push(message.clone());
        }
        message
    }

    /// Sends a request and returns its response (events before it are kept).
    pub fn request(&mut self, command: &str, arguments: Value) -> Value {
        self.seq += 1;
        let body = serde_json::to_vec(&json!({
            "seq": self.seq, "type": "request", "command": command, "arguments": arguments,
        }))
        .unwrap();
        write!(self.input, "Content-Length: {}\r\n\r\n", body.len()).unwrap();
        self.input.write_all(&body).unwrap();
        self.input.flush().unwrap();
        loop {
            let m = self.read();
            if m["type"] == "response" {
                assert_eq!(m["request_seq"], self.seq, "{m}");
                assert_eq!(m["command"], command, "{m}");
                return m;
            }
            self.events.push(m);
        }
    }

    /// [`Client::request`], asserting that it succeeded.
    pub fn request_ok(&mut self, command: &str, arguments: Value) -> Value {
        let r = self.request(command, arguments);
        assert_eq!(r["success"], true, "{r}");
        r
    }

    /// The event `name`, kept or next to come.
    pub fn event(&mut self, name: &str) -> Value {
        if let Some(i) = self.events.iter().position(|e| e["event"] == name) {
            return self.events.remove(i);
        }
        loop {
            let m = self.read();
            if m["event"] == name {
                return m;
            }
        }
    }

    /// Disconnects; asserts that the adapter ended well and wrote nothing on stderr.
    /// Returns every message it sent, when they were recorded.
    pub fn disconnect(mut self) -> Vec<Value> {
        let r = self.request("disconnect", json!({}));
        assert_eq!(r["success"], true);
        let status = self.child.wait().unwrap();
        let mut err = String::new();
        if let Some(mut stderr) = self.child.stderr.take() {
            stderr.read_to_string(&mut err).unwrap();
        }
        assert!(status.success(), "{status}: {err}");
        // Nothing but, with --port, the line that says where it listens.
        let said: Vec<&str> = err
            .lines()
            .filter(|l| !l.starts_with("hetdwarf dap: listening on 127.0.0.1:"))
            .collect();
        assert!(said.is_empty(), "{err}");
        self.seen.unwrap_or_default()
    }
}
