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
