//! Where verified code objects go: written to stdout as each one is done, in the format
//! asked for, so that a run over thousands of objects holds none of them after it is
//! written.
//!
//! The JSON document lists `findings` first, streamed; each object's coverage is kept
//! aside (in a temporary file, one compact line each, else in memory) until the findings
//! are done, then copied into `coverage.files`. JSON lines need no such keeping.

use std::io::{BufRead, Write};

use hetdwarf::verify::{Bytes, Severity};
use serde_json::{Value, json};

use super::render::{BytesJson, add, entry_text, file_line, file_summary, findings_json};
use super::{Deny, Verified, VerifyArgs, VerifyFormat};
use crate::failure::Failure;
use crate::output::{JsonStream, Stdout};

/// The output of one run.
pub(super) struct Sink {
    out: Out,
    deny_warnings: bool,
    failed: bool,
    total: Bytes,
    objects: usize,
    failures: Vec<Value>,
    shard: Option<String>,
}

enum Out {
    Text(Stdout),
    Json {
        stream: JsonStream<Stdout>,
        files: Aside,
    },
    Lines(Stdout),
}

impl Sink {
    pub(super) fn new(args: &VerifyArgs) -> Sink {
        let out = match args.format {
            VerifyFormat::Text => Out::Text(Stdout::new()),
            VerifyFormat::Json => {
                let mut stream = JsonStream::new(Stdout::new());
                stream.begin_object(None);
                stream.begin_array(Some("findings"));
                Out::Json {
                    stream,
                    files: Aside::new(),
                }
            }
            VerifyFormat::Jsonl => Out::Lines(Stdout::new()),
        };
        Sink {
            out,
            deny_warnings: args.deny == Some(Deny::Warnings),
            failed: false,
            total: Bytes::default(),
            objects: 0,
            failures: Vec::new(),
            shard: args.shard.map(|s| format!("{}/{}", s.index, s.count)),
        }
    }

    /// Writes one verified code object.
    pub(super) fn entry(&mut self, v: &Verified) {
        let r = &v.report;
        self.failed |=
            r.count(Severity::Error) > 0 || (self.deny_warnings && r.count(Severity::Warning) > 0);
        add(&mut self.total, &r.coverage.total);
        self.objects += 1;
        match &mut self.out {
            Out::Text(out) => {
                let _ = out.write_all(entry_text(v).as_bytes());
            }
            Out::Json { stream, files } => {
                for f in findings_json(v) {
                    stream.value(None, &f);
                }
                files.push(&serde_json::to_string_pretty(&file_summary(v)).unwrap_or_default());
            }
            Out::Lines(out) => {
                for mut f in findings_json(v) {
                    f["type"] = json!("finding");
                    line(out, &f);
                }
                line(out, &file_line(v));
            }
        }
    }

    /// Writes an input, or an entry of one, that could not be verified.
    pub(super) fn failure(&mut self, file: &str, f: &Failure) {
        self.failed = true;
        let error = f.document()["error"].clone();
        match &mut self.out {
            Out::Text(out) => {
                let _ = writeln!(out, "{file}: cannot be verified: {}", f.message);
            }
            Out::Json { .. } => self.failures.push(json!({ "file": file, "error": error })),
            Out::Lines(out) => line(
                out,
                &json!({ "type": "failure", "file": file, "error": error }),
            ),
        }
    }

    /// Ends the output; returns whether the run failed.
    pub(super) fn finish(self) -> bool {
        let failed = self.failed;
        match self.out {
            Out::Text(mut out) => {
                let _ = writeln!(
                    out,
                    "{}",
                    if failed {
                        "verify: FAILED"
                    } else {
                        "verify: ok"
                    }
                );
                out.finish();
            }
            Out::Json { mut stream, files } => {
                stream.end();
                stream.begin_object(Some("coverage"));
                stream.begin_array(Some("files"));
                files.replay(|text| stream.rendered(None, text));
                stream.end();
                stream.serialized(Some("total"), &BytesJson::from(&self.total));
                stream.end();
                stream.value(Some("failed"), &json!(failed));
                if !self.failures.is_empty() {
                    stream.value(Some("failures"), &json!(self.failures));
                }
                stream.end();
                if let Ok(out) = stream.finish() {
                    out.finish();
                }
            }
            Out::Lines(mut out) => {
                line(
                    &mut out,
                    &json!({
                        "type": "run",
                        "failed": failed,
                        "objects": self.objects,
                        "total": BytesJson::from(&self.total),
                        "shard": self.shard,
                    }),
                );
                out.finish();
            }
        }
        failed
    }
}

fn line(out: &mut Stdout, v: &impl serde::Serialize) {
    let mut text = serde_json::to_string(v).unwrap_or_default();
    text.push('\n');
    let _ = out.write_all(text.as_bytes());
}

/// Rendered JSON values kept aside until the end of the document: in a temporary file
/// (each record ended by a NUL byte, which JSON text never holds; deleted when done), then
/// in memory once no file can take them (none could be made, or the disk is full).
struct Aside {
    file: Option<(std::io::BufWriter<std::fs::File>, std::path::PathBuf)>,
    /// Whether the file still takes records.
    writable: bool,
    memory: Vec<String>,
}

impl Aside {
    fn new() -> Aside {
        let path = std::env::temp_dir().join(format!(
            "hetdwarf-verify-{}-{:x}.json",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .ok()
            .map(|f| (std::io::BufWriter::new(f), path));
        Aside {
            writable: file.is_some(),
            file,
            memory: Vec::new(),
        }
    }

    fn push(&mut self, text: &str) {
        if self.writable
            && let Some((f, _)) = &mut self.file
            && f.write_all(text.as_bytes())
                .and_then(|()| f.write_all(&[0]))
                .is_ok()
        {
            return;
        }
        self.writable = false;
        self.memory.push(text.to_string());
    }

    fn replay(self, mut each: impl FnMut(&str)) {
        if let Some((f, path)) = self.file {
            if f.into_inner().is_ok()
                && let Ok(f) = std::fs::File::open(&path)
            {
                let mut reader = std::io::BufReader::new(f);
                let mut record = Vec::new();
                while reader.read_until(0, &mut record).is_ok_and(|n| n > 0) {
                    if record.last() == Some(&0) {
                        record.pop();
                        each(&String::from_utf8_lossy(&record));
                    }
                    record.clear();
                }
            }
            let _ = std::fs::remove_file(&path);
        }
        for text in &self.memory {
            each(text);
        }
    }
}
