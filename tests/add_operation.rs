//! What adding an operation takes (issue 33): `tests/add_operation.patch` adds a
//! hypothetical `DW_OP_LLVM_user` sub-operation, `DW_OP_LLVM_sign_extend <bits: ULEB128>`
//! (sub-opcode 0x40; no such operation is assigned, and the patch is not applied), which
//! sign-extends the integral value on top of the stack from its low `bits` bits. It
//! touches the table of operations and the three interpreters, and nothing else:
//!
//! * `src/expr/table.rs`: its row (variant, operand, encoding, name), from which the
//!   decoder, the encoder, the assembler, both printers and the quick tier's dispatch
//!   follow (the quick tier declines it, as any operation it has no rule for);
//! * `src/eval/machine/step.rs`: what the evaluator does;
//! * `src/verify/absint/step.rs`: what the abstract interpreter does;
//! * `diop/src/lower.rs` (crate `hetdwarf-diop`): the DIOp lowering uses it for `DIOpSExt`
//!   (hetdwarf style).
//!
//! The table-driven expression tests then cover its bytes, name, printing and assembly
//! (`round_trip_every_encoding`), and the DIOp tests its evaluation (the lowered
//! expressions must give the reference evaluator's bits). Applied, it builds without a
//! warning and the tests of `hetdwarf`, `hetdwarf-diop` and the tools' DIOp tests pass
//! (checked when it was written).
//!
//! This test keeps the demonstration true as the code moves: the patch must apply to the
//! sources as they are, and touch only those four files. When it no longer applies,
//! refresh it: `git apply -3 tests/add_operation.patch`, resolve, check that it builds and
//! the tests pass, `git diff -- src diop/src > tests/add_operation.patch`,
//! `git checkout -- src diop/src`.

use std::path::Path;
use std::process::Command;

const PATCH: &str = "tests/add_operation.patch";

fn git_apply(args: &[&str]) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("git")
        .arg("apply")
        .args(args)
        .arg(PATCH)
        .current_dir(root)
        .output()
        .expect("git apply (git must be installed to run this test)");
    assert!(
        out.status.success(),
        "git apply {args:?} {PATCH}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn adding_an_operation_touches_the_table_and_the_three_interpreters() {
    git_apply(&["--check"]);
    let mut files: Vec<String> = git_apply(&["--numstat"])
        .lines()
        .filter_map(|l| l.split('\t').nth(2).map(str::to_string))
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "diop/src/lower.rs",
            "src/eval/machine/step.rs",
            "src/expr/table.rs",
            "src/verify/absint/step.rs",
        ]
    );
}
