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
    parsed.map_err(|_| format!("`{s}` is not a number (decimal or 0x-prefixed hex)"))
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
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| format!("`{s}` is not a size (a number of bytes, or with K, M, G or T)"))
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
