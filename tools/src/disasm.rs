//! `hetdwarf disasm`: decode an expression (hex bytes or operation text) and print it the
//! way `llvm-dwarfdump` (LLVM 22) does.

use hetdwarf::expr::disasm::{DisasmOptions, disassemble_bytes, disassemble_named};
use hetdwarf::expr::{DecodeParams, Encoding, Expr, asm, detect_encoding};
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
use serde_json::json;

use crate::failure::Failure;
use crate::output::{Format, json as render_json};
use hetdwarf::ErrorKind;

/// `--encoding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EncodingArg {
    /// Decide from the bytes (`DW_OP_LLVM_user` unless only the legacy reading decodes).
    Auto,
    /// `DW_OP_LLVM_user` (0xe9) + sub-opcode.
    User,
    /// The legacy one-byte opcodes 0xe1..0xec.
    Legacy,
}

/// How `EXPR` is read: `--bytes` and `--text` force it, otherwise hex byte pairs are bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputKind {
    /// Hex byte pairs are bytes, anything else is assembler text.
    #[default]
    Auto,
    /// Hex bytes, or an error.
    Bytes,
    /// Assembler text, even when it looks like hex.
    Text,
}

impl InputKind {
    /// From the `--bytes` / `--text` flags (clap keeps them exclusive).
    pub fn from_flags(bytes: bool, text: bool) -> Self {
        match (bytes, text) {
            (true, _) => InputKind::Bytes,
            (_, true) => InputKind::Text,
            _ => InputKind::Auto,
        }
    }
}

/// Parses `EXPR`: hex bytes (`"1a"`, `"e9 02"`, `0x90c114`) or operations as text, with
/// `names` for register names in text.
pub fn parse_expr_with(
    text: &str,
    kind: InputKind,
    names: &dyn hetdwarf::expr::RegisterNames,
    encoding: Encoding,
) -> Result<Vec<u8>, Failure> {
    if kind != InputKind::Text
        && let Some(bytes) = parse_hex_bytes(text)
    {
        return Ok(bytes);
    }
    if kind == InputKind::Bytes {
        return Err(Failure::new(
            ErrorKind::Usage,
            format!(
                "expression: `{text}` is not hex bytes (pairs of hex digits, spaces allowed, an optional 0x)"
            ),
        ));
    }
    let params = DecodeParams::amdgpu(encoding);
    asm::assemble(text, names, params)
        .map(|e| e.to_bytes())
        .map_err(|e| Failure::new(ErrorKind::Usage, format!("expression: {e}")))
}

/// Hex byte pairs with optional spaces and an optional `0x` prefix (any number of bytes,
/// one included: `1a` is `DW_OP_and`); `None` if `text` is not that. No operation name is
/// made of an even number of hex digits, so nothing an assembler would read is lost.
pub fn parse_hex_bytes(text: &str) -> Option<Vec<u8>> {
    let t = text.trim();
    let t = t.strip_prefix("0x").unwrap_or(t);
    let digits: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.is_empty()
        || !digits.len().is_multiple_of(2)
        || !digits.chars().all(|c| c.is_ascii_hexdigit())
    {
        return None;
    }
    (0..digits.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&digits[i..i + 2], 16).ok())
        .collect()
}

/// Bytes as hex pairs separated by spaces (`e9 02`).
pub fn hex_spaced(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Chooses the encoding for `bytes`, with the reason.
pub fn choose(arg: EncodingArg, bytes: &[u8]) -> (Encoding, String) {
    match arg {
        EncodingArg::User => (Encoding::User, "requested with --encoding user".into()),
        EncodingArg::Legacy => (Encoding::Legacy, "requested with --encoding legacy".into()),
        EncodingArg::Auto => {
            let d = detect_encoding([bytes], None);
            (d.encoding, d.reason)
        }
    }
}

/// Runs `disasm`. Bytes that do not decode as a whole are still printed, as
/// llvm-dwarfdump-22 prints them (the operations it can read, then `<decoding error>` and
/// the rest in hex); the JSON output says why in `decode_error`.
pub fn run(
    expr: &str,
    input: InputKind,
    encoding: EncodingArg,
    format: Format,
) -> Result<String, crate::failure::Failure> {
    // Text is assembled under the requested encoding (auto: DW_OP_LLVM_user).
    let text_encoding = match encoding {
        EncodingArg::Legacy => Encoding::Legacy,
        _ => Encoding::User,
    };
    let bytes = parse_expr_with(expr, input, &AmdgpuDwarfdumpNames, text_encoding)?;
    let (encoding, reason) = choose(encoding, &bytes);
    let params = DecodeParams::amdgpu(encoding);
    let llvm = disassemble_bytes(&bytes, params, DisasmOptions::new(&AmdgpuDwarfdumpNames));
    let decoded = Expr::decode(&bytes, params);
    let text = disassemble_named(&bytes, params, DisasmOptions::new(&AmdgpuDwarfdumpNames));
    let hex = hex_spaced(&bytes);
    Ok(match format {
        Format::Text => format!("{text}\n"),
        Format::Json => render_json(&json!({
            "bytes": hex,
            "encoding": match encoding { Encoding::User => "user", Encoding::Legacy => "legacy" },
            "encoding_reason": reason,
            "operations": decoded.as_ref().ok().map(|d| d.ops().len()),
            "decode_error": decoded.as_ref().err().map(|e| e.to_string()),
            "text": text,
            "llvm_dwarfdump_22": llvm,
        })),
    })
}
