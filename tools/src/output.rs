//! Output formats and small parsing helpers shared by the commands.

/// `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Human-readable text.
    Text,
    /// One JSON document.
    Json,
}

/// Parses a decimal or `0x`-prefixed hexadecimal number.
pub fn parse_u64(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => t.parse(),
    };
    parsed.map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => {
            format!("`{s}` is too large (at most 0xffffffffffffffff)")
        }
        _ => format!("`{s}` is not a number (decimal or 0x-prefixed hex)"),
    })
}

/// [`parse_u64`] for a lane (or another 32-bit number): `--lane 0x5` as `--pc 0x5`.
pub fn parse_u32(s: &str) -> Result<u32, String> {
    let n = parse_u64(s)?;
    u32::try_from(n).map_err(|_| format!("`{s}` is too large (at most 0xffffffff)"))
}

/// A JSON document rendered with a trailing newline.
pub fn json(value: &serde_json::Value) -> String {
    let mut s = serde_json::to_string_pretty(value).unwrap_or_default();
    s.push('\n');
    s
}

/// `--conventions`: how bare vector registers are read (see
/// [`hetdwarf::index::ConventionsChoice`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Conventions {
    /// Per compile unit, from what it contains: a unit with no DW_OP_LLVM_* operation and
    /// no lane attribute is upstream DWARF.
    #[default]
    Auto,
    /// Every unit as upstream LLVM means it: a bare vector register is the lane's dword.
    Upstream,
    /// Every unit by the letter of the heterogeneous extensions.
    Heterogeneous,
}

impl From<Conventions> for hetdwarf::index::ConventionsChoice {
    fn from(c: Conventions) -> Self {
        match c {
            Conventions::Auto => Self::Auto,
            Conventions::Upstream => Self::Upstream,
            Conventions::Heterogeneous => Self::Heterogeneous,
        }
    }
}

/// Parses a size in bytes: a number with an optional binary suffix `K`, `M`, `G` or `T`
/// (`512M`, `2G`).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, shift) = match t.chars().last() {
        Some('K' | 'k') => (&t[..t.len() - 1], 10),
        Some('M' | 'm') => (&t[..t.len() - 1], 20),
        Some('G' | 'g') => (&t[..t.len() - 1], 30),
        Some('T' | 't') => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let too_large = || format!("`{s}` is too large (at most 16 EiB)");
    match digits.parse::<u64>() {
        Ok(n) => n.checked_mul(1 << shift).ok_or_else(too_large),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Err(too_large()),
        Err(_) => Err(format!(
            "`{s}` is not a size (a number of bytes, or with K, M, G or T)"
        )),
    }
}

/// `s` cut to a readable length for a message: the user's own input echoed back (a
/// 260 KB variable path) must not become a 260 KB line.
pub fn clip(s: &str) -> std::borrow::Cow<'_, str> {
    clip_to(s, 60, 40)
}

/// A message that may quote the input at length: cut only when it is very long.
pub fn clip_message(s: &str) -> std::borrow::Cow<'_, str> {
    clip_to(s, 600, 300)
}

fn clip_to(s: &str, head: usize, tail: usize) -> std::borrow::Cow<'_, str> {
    let n = s.chars().count();
    if n <= head + tail + 20 {
        return s.into();
    }
    let first: String = s.chars().take(head).collect();
    let last: String = s.chars().skip(n - tail).collect();
    format!("{first}…{last} ({n} characters)").into()
}

/// Buffered stdout for reports written as they are made. A reader that went away ends
/// the program as `main` does for whole answers (status 141, quietly); any other write
/// error ends it with status 1 and the error on stderr. Either way nothing after a failed
/// write is attempted, and the caller never sees a half-written document as success.
pub struct Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>);

impl Stdout {
    /// Locks stdout behind a 64 KiB buffer.
    pub fn new() -> Self {
        Stdout(std::io::BufWriter::with_capacity(
            1 << 16,
            std::io::stdout().lock(),
        ))
    }

    /// Flushes what is buffered.
    pub fn finish(mut self) {
        use std::io::Write;
        if let Err(e) = self.0.flush() {
            Self::fail(e);
        }
    }

    fn fail(e: std::io::Error) -> ! {
        crate::progress::clear();
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        eprintln!("hetdwarf: writing the output: {e}");
        std::process::exit(1);
    }
}

impl Stdout {
    /// Writes bytes that have been through [`terminal_safe`] already (rendered on the
    /// thread that made them), without scanning them again here.
    pub fn write_safe(&mut self, safe: &[u8]) {
        use std::io::Write;
        if let Err(e) = self.0.write_all(safe) {
            Self::fail(e);
        }
    }
}

impl Default for Stdout {
    fn default() -> Self {
        Stdout::new()
    }
}

/// `text` kept on one line of a text answer: a newline, carriage return or tab inside a
/// name from the input is written `\n`, `\r`, `\t` (a DWARF name with a newline could
/// otherwise forge a line of `verify`'s report in a CI log). The other control characters
/// are left to [`terminal_safe`], which every answer goes through.
pub fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains(['\n', '\r', '\t']) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// `text` with every control character but newline and tab written as `\u001b`, and the
/// bidirectional and invisible format characters (U+200B–U+200F, U+202A–U+202E,
/// U+2066–U+2069, U+FEFF) as `\u202e`: names come from the input, and neither an escape
/// sequence nor a right-to-left override in a DWARF name may reach the terminal
/// (`bidi\u{202e}gnp.exe` would show as `bidiexe.png`). Every answer goes through here,
/// JSON included: serde_json escapes C0 controls but writes DEL, the C1 controls
/// (U+0080..U+009F) and the format characters raw, and inside a JSON string `\u007f` or
/// `\u202e` means the same character, so the document stays valid and means the same.
pub fn terminal_safe(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    use std::io::Write;
    // Bytes that may start a character to escape: C0 but newline and tab, DEL, 0xc2
    // (C1 controls are 0xc2 0x80..=0x9f in UTF-8), 0xe2 (U+2000..U+2FFF) and 0xef
    // (U+FEFF is 0xef 0xbb 0xbf).
    let may_start = |b: u8| {
        (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f || b == 0xc2 || b == 0xe2 || b == 0xef
    };
    let mut out: Option<Vec<u8>> = None;
    // `text[copied..]` is not in `out` yet; the scan resumes at `i`.
    let (mut copied, mut i) = (0, 0);
    while let Some(p) = text[i..].iter().position(|&b| may_start(b)) {
        let at = i + p;
        let next = |k: usize| text.get(at + k).copied();
        let escaped: Option<(u32, usize)> = match text[at] {
            0xc2 => next(1)
                .filter(|c| (0x80..=0x9f).contains(c))
                .map(|c| (u32::from(c), 2)),
            0xe2 => match (next(1), next(2)) {
                (Some(0x80), Some(c @ (0x8b..=0x8f | 0xaa..=0xae))) => {
                    Some((0x2000 + u32::from(c - 0x80), 3))
                }
                (Some(0x81), Some(c @ 0xa6..=0xa9)) => Some((0x2040 + u32::from(c - 0x80), 3)),
                _ => None,
            },
            0xef => (next(1) == Some(0xbb) && next(2) == Some(0xbf)).then_some((0xfeff, 3)),
            b => Some((u32::from(b), 1)),
        };
        let Some((code, width)) = escaped else {
            i = at + 1;
            continue;
        };
        let o = out.get_or_insert_with(|| Vec::with_capacity(text.len() + 16));
        o.extend_from_slice(&text[copied..at]);
        let _ = write!(o, "\\u{code:04x}");
        i = at + width;
        copied = i;
    }
    match out {
        None => std::borrow::Cow::Borrowed(text),
        Some(mut o) => {
            o.extend_from_slice(&text[copied..]);
            std::borrow::Cow::Owned(o)
        }
    }
}

/// Writes a failure's message to stderr as `hetdwarf: MESSAGE`, on one line, control
/// characters escaped: the message may quote the input (a file name with a newline).
pub fn print_failure(message: &str) {
    crate::progress::suspended(|| {
        eprintln!(
            "hetdwarf: {}",
            String::from_utf8_lossy(&terminal_safe(one_line(message).as_bytes()))
        );
    });
}

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self.0.write_all(&terminal_safe(buf)) {
            Ok(()) => Ok(buf.len()),
            Err(e) => Self::fail(e),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self.0.flush() {
            Ok(()) => Ok(()),
            Err(e) => Self::fail(e),
        }
    }
}

/// A JSON document written as it is made, laid out exactly as `serde_json`'s pretty
/// printer lays out the whole document: a report of a million entries is never held as a
/// tree. Objects take their keys in the order given (write them sorted to match
/// [`json`]'s output, whose maps are sorted).
pub struct JsonStream<W: std::io::Write> {
    out: W,
    /// Per open container: whether it is an object, and how many members it has so far.
    open: Vec<(bool, usize)>,
    error: Option<std::io::Error>,
}

impl<W: std::io::Write> JsonStream<W> {
    /// A stream writing to `out`.
    pub fn new(out: W) -> Self {
        JsonStream {
            out,
            open: Vec::new(),
            error: None,
        }
    }

    fn raw(&mut self, s: &str) {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(s.as_bytes())
        {
            self.error = Some(e);
        }
    }

    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.raw("  ");
        }
    }

    /// Starts the next member: the separator, the indentation and, in an object, the key.
    fn member(&mut self, key: Option<&str>) {
        let depth = self.open.len();
        if let Some((_, count)) = self.open.last_mut() {
            let first = *count == 0;
            *count += 1;
            self.raw(if first { "\n" } else { ",\n" });
            self.indent(depth);
        }
        if let Some(key) = key {
            let quoted = serde_json::to_string(key).unwrap_or_else(|_| "\"\"".into());
            self.raw(&quoted);
            self.raw(": ");
        }
    }

    /// Writes a whole value as the next member (`key` inside an object, `None` in an
    /// array or at the top).
    pub fn value(&mut self, key: Option<&str>, value: &serde_json::Value) {
        self.serialized(key, value);
    }

    /// Writes a value serialized straight from `value` (no JSON tree in between) as the
    /// next member.
    pub fn serialized<T: serde::Serialize>(&mut self, key: Option<&str>, value: &T) {
        let text = serde_json::to_string_pretty(value).unwrap_or_default();
        self.rendered(key, &text);
    }

    /// Writes text that `serde_json::to_string_pretty` made as the next member, indented
    /// to its depth.
    pub fn rendered(&mut self, key: Option<&str>, pretty: &str) {
        self.member(key);
        let depth = self.open.len();
        for (i, line) in pretty.split('\n').enumerate() {
            if i > 0 {
                self.raw("\n");
                self.indent(depth);
            }
            self.raw(line);
        }
    }

    /// Opens an object as the next member.
    pub fn begin_object(&mut self, key: Option<&str>) {
        self.member(key);
        self.raw("{");
        self.open.push((true, 0));
    }

    /// Opens an array as the next member.
    pub fn begin_array(&mut self, key: Option<&str>) {
        self.member(key);
        self.raw("[");
        self.open.push((false, 0));
    }

    /// Closes the innermost open object or array.
    pub fn end(&mut self) {
        if let Some((object, count)) = self.open.pop() {
            if count > 0 {
                self.raw("\n");
                self.indent(self.open.len());
            }
            self.raw(if object { "}" } else { "]" });
        }
        if self.open.is_empty() {
            self.raw("\n");
        }
    }

    /// Closes what is still open and hands back the writer, or the first write error.
    pub fn finish(mut self) -> std::io::Result<W> {
        while !self.open.is_empty() {
            self.end();
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => {
                self.out.flush()?;
                Ok(self.out)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The streamed layout is serde_json's pretty layout, byte for byte, whatever is
    /// streamed and whatever is written whole.
    #[test]
    fn a_streamed_document_is_laid_out_as_the_whole_one() {
        let whole = json!({
            "a": 1,
            "empty_list": [],
            "empty_map": {},
            "list": [ {"x": [1, 2], "y": "s\"q"}, [], 3 ],
            "z": { "deep": { "k": [true, null] } },
        });
        let mut s = JsonStream::new(Vec::new());
        s.begin_object(None);
        s.value(Some("a"), &json!(1));
        s.begin_array(Some("empty_list"));
        s.end();
        s.value(Some("empty_map"), &json!({}));
        s.begin_array(Some("list"));
        s.value(None, &json!({"x": [1, 2], "y": "s\"q"}));
        s.begin_array(None);
        s.end();
        s.value(None, &json!(3));
        s.end();
        s.begin_object(Some("z"));
        s.begin_object(Some("deep"));
        s.value(Some("k"), &json!([true, null]));
        let streamed = String::from_utf8(s.finish().unwrap()).unwrap();
        assert_eq!(streamed, json(&whole));
    }

    /// Control characters are escaped as JSON escapes them, so that JSON output stays
    /// valid and means the same (serde_json writes DEL and C1 controls raw).
    #[test]
    fn control_characters_from_the_input_do_not_reach_the_terminal() {
        let shown = |t: &str| String::from_utf8(terminal_safe(t.as_bytes()).into_owned()).unwrap();
        assert_eq!(shown("x = 1\n\tok"), "x = 1\n\tok");
        assert_eq!(
            shown("lo\u{1b}[31mbin\r\u{7}"),
            "lo\\u001b[31mbin\\u000d\\u0007"
        );
        assert_eq!(shown("a\u{9b}b\u{7f}é"), "a\\u009bb\\u007fé");
        assert!(matches!(
            terminal_safe(b"plain"),
            std::borrow::Cow::Borrowed(_)
        ));
        // Right-to-left overrides and invisible characters, in text and in JSON.
        assert_eq!(shown("bidi\u{202e}gnp.exe"), "bidi\\u202egnp.exe");
        assert_eq!(
            shown("a\u{200b}b\u{2066}c\u{feff}d\u{2069}"),
            "a\\u200bb\\u2066c\\ufeffd\\u2069"
        );
        // Neighbours of the escaped ranges stay as they are.
        assert_eq!(
            shown("\u{2010}\u{2070}\u{fefe}—"),
            "\u{2010}\u{2070}\u{fefe}—"
        );
        let name = "x\u{7f}\u{9b}\u{85}y\u{202e}z\u{feff}";
        let document = serde_json::to_string(&json!({ "name": name })).unwrap();
        let safe = String::from_utf8(terminal_safe(document.as_bytes()).into_owned()).unwrap();
        assert!(safe.is_ascii(), "{safe}");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["name"], name);
    }

    #[test]
    fn numbers_and_sizes_say_why_they_are_refused() {
        assert_eq!(parse_u64("0x10"), Ok(16));
        assert_eq!(parse_u64(" 42 "), Ok(42));
        assert_eq!(parse_u64("0xffffffffffffffff"), Ok(u64::MAX));
        assert!(
            parse_u64("0x1ffffffffffffffff")
                .unwrap_err()
                .contains("too large")
        );
        assert!(
            parse_u64("99999999999999999999")
                .unwrap_err()
                .contains("too large")
        );
        assert!(parse_u64("12z").unwrap_err().contains("is not a number"));
        assert!(parse_u64("-1").unwrap_err().contains("is not a number"));
        assert_eq!(parse_size("2G"), Ok(2 << 30));
        assert_eq!(parse_size("512"), Ok(512));
        assert!(
            parse_size("99999999999T")
                .unwrap_err()
                .contains("too large")
        );
        assert!(
            parse_size("99999999999999999999")
                .unwrap_err()
                .contains("too large")
        );
        assert!(parse_size("12Q").unwrap_err().contains("is not a size"));
    }
}
