//! `hetdwarf disasm`: decode an expression (hex bytes or operation text) and print it the
//! way `llvm-dwarfdump` (LLVM 22) does.

use hetdwarf::expr::amdgpu_names::AmdgpuDwarfdumpNames;
use hetdwarf::expr::disasm::{DisasmOptions, disassemble_bytes, disassemble_extended};
use hetdwarf::expr::{DecodeParams, Encoding, Expr, asm, detect_encoding};
use serde_json::json;

use crate::output::{Format, json as render_json};

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

/// Parses `EXPR`: hex bytes (`"e9 02"`, `0x90c114`) or operations as text.
pub fn parse_expr(text: &str, encoding: Encoding) -> Result<Vec<u8>, String> {
    if let Some(bytes) = parse_hex_bytes(text) {
        return Ok(bytes);
    }
    let params = DecodeParams::amdgpu(encoding);
    asm::assemble(text, &AmdgpuDwarfdumpNames, params)
        .map(|e| e.to_bytes())
        .map_err(|e| format!("expression: {e}"))
}

/// Hex bytes with optional spaces and an optional `0x` prefix; `None` if `text` is not that.
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
    // A lone operation name such as `add` or `dead` is hex too; require spaces or a prefix
    // or only digit-like content to avoid reading names as bytes.
    if !text.trim().starts_with("0x")
        && !text.contains(char::is_whitespace)
        && digits.chars().any(|c| c.is_ascii_alphabetic())
        && digits.len() <= 4
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

/// Runs `disasm`.
pub fn run(expr: &str, encoding: EncodingArg, format: Format) -> Result<String, String> {
    // Text is assembled under the requested encoding (auto: DW_OP_LLVM_user).
    let text_encoding = match encoding {
        EncodingArg::Legacy => Encoding::Legacy,
        _ => Encoding::User,
    };
    let bytes = parse_expr(expr, text_encoding)?;
    let (encoding, reason) = choose(encoding, &bytes);
    let params = DecodeParams::amdgpu(encoding);
    let opts = DisasmOptions::new(&AmdgpuDwarfdumpNames);
    let decoded = Expr::decode(&bytes, params).map_err(|e| format!("expression: {e}"))?;
    let text = disassemble_extended(&decoded, opts);
    let llvm = disassemble_bytes(&bytes, params, opts);
    let hex = hex_spaced(&bytes);
    Ok(match format {
        Format::Text => format!("{text}\n"),
        Format::Json => render_json(&json!({
            "bytes": hex,
            "encoding": match encoding { Encoding::User => "user", Encoding::Legacy => "legacy" },
            "encoding_reason": reason,
            "operations": decoded.ops().len(),
            "text": text,
            "llvm_dwarfdump_22": llvm,
        })),
    })
}
