//! Where verified code objects go: written to stdout as each one is done, in the format
//! asked for, so that a run over thousands of objects holds none of them after it is
//! written.
//!
//! The JSON document lists `findings` first, streamed; each object's coverage is kept
//! aside (in a temporary file, one compact line each, else in memory) until the findings
//! are done, then copied into `coverage.files`. JSON lines need no such keeping.

use std::io::{BufRead, Write};
use std::sync::Mutex;

use hetdwarf::verify::{Bytes, Severity};
use serde_json::{Value, json};

use super::render::{BytesJson, add, entry_text, file_line, file_summary, findings_json};
use super::{Deny, Verified, VerifyArgs, VerifyFormat};
use crate::failure::Failure;
use crate::output::{JsonStream, Stdout, terminal_safe};

/// How each verified code object is rendered, on the thread that verified it: the writer
/// only copies finished text, so that writing does not hold back the verifying threads.
pub(super) struct Renderer {
    format: VerifyFormat,
    deny_warnings: bool,
    /// Text buffers the writer has emptied, for the next objects' text: reused, their pages
    /// stay mapped, where a fresh buffer per object was faulted in anew, page by page (as
    /// many pages as the output has; 20 % of a one-thread run over the corpus).
    spare: Mutex<Vec<Vec<u8>>>,
    /// Spare buffers kept: as many as objects may be rendered and not yet written.
    max_spare: usize,
}

/// `text` with its control characters escaped ([`terminal_safe`]), on the rendering
/// thread: the writer, one thread for the whole run, then only copies it.
fn safe(text: Vec<u8>) -> Vec<u8> {
    match terminal_safe(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

/// One verified code object, rendered.
pub(super) struct Rendered {
    /// Errors, or warnings under `--deny warnings`.
    failed: bool,
    errors: usize,
    warnings: usize,
    total: Bytes,
    body: Body,
}

enum Body {
    /// The object's text or JSON lines.
    Stream(Vec<u8>),
    /// The findings (each as `to_string_pretty` writes it), streamed into the document's
    /// array by the writer, and the object's coverage record, kept aside until the
    /// findings are done.
    Json { findings: Vec<String>, file: String },
}

impl Renderer {
    /// A renderer for `args`' format, for at most `in_flight` objects rendered and not yet
    /// written at a time.
    pub(super) fn new(args: &VerifyArgs, in_flight: usize) -> Renderer {
        Renderer {
            format: args.format,
            deny_warnings: args.deny == Some(Deny::Warnings),
            spare: Mutex::new(Vec::new()),
            max_spare: in_flight,
        }
    }

    fn buffer(&self) -> Vec<u8> {
        self.spare
            .lock()
            .ok()
            .and_then(|mut spare| spare.pop())
            .unwrap_or_default()
    }

    /// Takes back a buffer that the writer has emptied.
    fn recycle(&self, mut buffer: Vec<u8>) {
        buffer.clear();
        if let Ok(mut spare) = self.spare.lock()
            && spare.len() < self.max_spare
        {
            spare.push(buffer);
        }
    }

    /// Renders one verified code object in the run's format.
    pub(super) fn render(&self, v: &Verified) -> Rendered {
        let r = &v.report;
        let body = match self.format {
            VerifyFormat::Text => {
                // An emptied buffer is valid UTF-8.
                let mut text = String::from_utf8(self.buffer()).unwrap_or_default();
                entry_text(v, &mut text);
                Body::Stream(safe(text.into_bytes()))
            }
            VerifyFormat::Json => Body::Json {
                findings: findings_json(v)
                    .map(|f| serde_json::to_string_pretty(&f).unwrap_or_default())
                    .collect(),
                file: serde_json::to_string_pretty(&file_summary(v)).unwrap_or_default(),
            },
            VerifyFormat::Jsonl => {
                // Serialized straight into the body: an object's coverage line alone is
                // megabytes, and a copy of it through a String touched as many pages again.
                let mut text = self.buffer();
                for mut f in findings_json(v) {
                    f["type"] = json!("finding");
                    push_line(&mut text, &f);
                }
                push_line(&mut text, &file_line(v));
                Body::Stream(safe(text))
            }
        };
        let (errors, warnings) = (r.count(Severity::Error), r.count(Severity::Warning));
        Rendered {
            failed: errors > 0 || (self.deny_warnings && warnings > 0),
            errors,
            warnings,
            total: r.coverage.total,
            body,
        }
    }
}

/// The output of one run.
pub(super) struct Sink {
    out: Out,
    failed: bool,
    total: Bytes,
    objects: usize,
    errors: usize,
    warnings: usize,
    failures: Vec<Value>,
    /// How many inputs, entries and directory entries could not be verified.
    unverified: usize,
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
            failed: false,
            total: Bytes::default(),
            objects: 0,
            errors: 0,
            warnings: 0,
            failures: Vec::new(),
            unverified: 0,
            shard: args.shard.map(|s| format!("{}/{}", s.index, s.count)),
        }
    }

    /// Writes one verified code object, and hands its buffer back to `renderer`.
    pub(super) fn entry(&mut self, r: Rendered, renderer: &Renderer) {
        self.failed |= r.failed;
        add(&mut self.total, &r.total);
        self.objects += 1;
        self.errors += r.errors;
        self.warnings += r.warnings;
        match (&mut self.out, r.body) {
            (Out::Text(out) | Out::Lines(out), Body::Stream(text)) => {
                out.write_safe(&text);
                renderer.recycle(text);
            }
            (Out::Json { stream, files }, Body::Json { findings, file }) => {
                for f in &findings {
                    stream.rendered(None, f);
                }
                files.push(&file);
            }
            // A renderer and a sink are made from the same arguments.
            _ => unreachable!("a rendering in another format than the sink's"),
        }
    }

    /// Writes an input, or an entry of one, that could not be verified.
    pub(super) fn failure(&mut self, file: &str, f: &Failure) {
        self.failed = true;
        self.unverified += 1;
        let error = f.document()["error"].clone();
        match &mut self.out {
            Out::Text(out) => {
                let _ = writeln!(
                    out,
                    "{}: cannot be verified: {}",
                    crate::output::one_line(file),
                    crate::output::one_line(&f.message)
                );
            }
            Out::Json { .. } => self.failures.push(json!({ "file": file, "error": error })),
            Out::Lines(out) => line(
                out,
                &json!({ "type": "failure", "file": file, "error": error }),
            ),
        }
    }

    /// The findings so far, for the progress line: `3 errors, 1 warning`, and the inputs
    /// that could not be verified.
    pub(super) fn findings(&self) -> String {
        use crate::progress::count;
        let mut text = format!(
            "{}, {}",
            count(self.errors, "error"),
            count(self.warnings, "warning")
        );
        if self.unverified > 0 {
            text.push_str(&format!(", {} not verified", self.unverified));
        }
        text
    }

    /// Writes out what is buffered: for output to the terminal the progress line is on,
    /// written while the line is cleared.
    pub(super) fn flush(&mut self) {
        match &mut self.out {
            Out::Text(out) | Out::Lines(out) => {
                let _ = out.flush();
            }
            Out::Json { .. } => {}
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
                    match (failed, self.unverified) {
                        (false, _) => "verify: ok".to_string(),
                        (true, 0) => "verify: FAILED".to_string(),
                        (true, 1) => "verify: FAILED (1 input could not be verified)".to_string(),
                        (true, n) => format!("verify: FAILED ({n} inputs could not be verified)"),
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
                        "failures": self.unverified,
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
    let mut text = Vec::new();
    push_line(&mut text, v);
    let _ = out.write_all(&text);
}

/// `v` as one line of JSON. A value that cannot be serialized (a map with non-string
/// keys, which verify's records do not hold) leaves an empty line, as `to_string`'s
/// default did.
fn push_line(text: &mut Vec<u8>, v: &impl serde::Serialize) {
    let start = text.len();
    if serde_json::to_writer(&mut *text, v).is_err() {
        text.truncate(start);
    }
    text.push(b'\n');
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
