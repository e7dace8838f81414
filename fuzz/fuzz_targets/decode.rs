//! Decoder fuzz target: decode under both encodings; whatever decodes must re-encode to
//! bytes that decode to the same ops, print without panicking, and (for expressions
//! LLVM 22 can print completely) assemble back from the printed text.
#![no_main]

use hetdwarf::expr::asm::assemble_ops;
use hetdwarf::expr::disasm::{DisasmOptions, disassemble, disassemble_bytes, disassemble_extended};
use hetdwarf::expr::{DecodeParams, Encoding, Expr};
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The first byte picks DWARF32/DWARF64 and the address size.
    let (sel, bytes) = match data.split_first() {
        Some((s, rest)) => (*s, rest),
        None => (0, data),
    };
    let names = AmdgpuDwarfdumpNames;
    for encoding in [Encoding::User, Encoding::Legacy] {
        let params = DecodeParams {
            encoding,
            address_size: if sel & 1 == 0 { 8 } else { 4 },
            offset_size: if sel & 2 == 0 { 4 } else { 8 },
            version: 5,
        };
        let _ = disassemble_bytes(bytes, params, DisasmOptions::new(&names));
        let Ok(expr) = Expr::decode(bytes, params) else {
            continue;
        };
        let encoded = expr.to_bytes();
        assert!(encoded.len() as u64 <= expr.len_bytes());
        if encoded.len() as u64 == expr.len_bytes() {
            // Canonical input: bytes and ops round-trip exactly.
            assert_eq!(encoded, bytes);
            let again = Expr::decode(&encoded, params).expect("re-encoded expression decodes");
            assert_eq!(again, expr);
        }
        // Padded LEB128 input: the canonical layout is the same program.
        let canon = expr.canonical();
        assert_eq!(canon.ops().len(), expr.ops().len());
        let again = Expr::decode(&canon.to_bytes(), params).expect("canonical form decodes");
        assert_eq!(again, canon);
        for i in 0..expr.ops().len() {
            assert_eq!(canon.branch_target(i), expr.branch_target(i));
            if let Some(t) = expr.branch_target(i) {
                assert!(t <= expr.ops().len());
            } else {
                assert_eq!(canon.ops()[i], expr.ops()[i]);
            }
        }
        let opts = DisasmOptions::new(&names);
        let extended = disassemble_extended(&expr, opts);
        if !extended.contains("entry_value") && !expr.ops().is_empty() {
            let ops = assemble_ops(&extended, &names, params)
                .unwrap_or_else(|e| panic!("extended text does not assemble: {extended}: {e}"));
            assert_eq!(ops, expr.ops(), "{extended}");
        }
        let text = disassemble(&expr, &names);
        if encoding == Encoding::User
            && !text.contains("<decoding error>")
            && !text.contains("entry_value")
            && !text.contains("<empty>")
        {
            let ops = assemble_ops(&text, &names, params)
                .unwrap_or_else(|e| panic!("printed text does not assemble: {text}: {e}"));
            assert_eq!(ops, expr.ops(), "{text}");
        }
    }
});
