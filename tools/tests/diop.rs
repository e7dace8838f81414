//! `hetdwarf diop check|lower|eval` as a user runs them: canonical forms, the fork's
//! verifier messages with exit 1 and a JSON error document, lowering in each style, and
//! reference evaluation against a saved wave state.

use std::process::Command;

fn hetdwarf(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hetdwarf"))
        .args(args)
        .output()
        .expect("run hetdwarf");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(s: &str) -> serde_json::Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("not JSON ({e}): {s}"))
}

const STATE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../corpora/states/gfx90a-wave64.json"
);

#[test]
fn check_prints_the_canonical_form_and_type() {
    let (rc, out, _) = hetdwarf(&[
        "diop",
        "check",
        "DIOpArg(0,ptr addrspace(5)),DIOpDeref( i32 )",
    ]);
    assert_eq!(rc, 0);
    assert_eq!(
        out,
        "!DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32))\nresult: i32\n"
    );
    let (rc, out, _) = hetdwarf(&[
        "diop",
        "check",
        "--format",
        "json",
        "!DIExpr(DIOpReferrer(i64 addrspace(5)*), DIOpDeref())",
    ]);
    assert_eq!(rc, 0);
    let v = json(&out);
    assert_eq!(v["result_type"], "i64");
    assert_eq!(v["seed_operations"], true);
    assert_eq!(v["form"], "DIExpr");
}

#[test]
fn check_reports_the_verifier_rule() {
    let (rc, out, err) = hetdwarf(&[
        "diop",
        "check",
        "DIOpConstant(i32 0), DIOpConstant(i8 0), DIOpAdd()",
    ]);
    assert_eq!(rc, 1);
    assert!(out.is_empty());
    assert!(
        err.contains("operation 2 (DIOpAdd()): DIOpAdd requires identical type inputs"),
        "{err}"
    );
    let (rc, out, _) = hetdwarf(&[
        "diop",
        "check",
        "--format",
        "json",
        "--arg-type",
        "0=ptr",
        "DIOpArg(0, i32)",
    ]);
    assert_eq!(rc, 1);
    let v = json(&out);
    assert_eq!(v["error"]["kind"], "ill_formed");
    assert_eq!(
        v["error"]["rule"],
        "DIOpArg type must be same size in bits as argument"
    );
    assert_eq!(v["error"]["operation"], 0);
    let (rc, out, _) = hetdwarf(&[
        "diop",
        "check",
        "--format",
        "json",
        "DIOpArg(0, i32), DIOpBogus()",
    ]);
    assert_eq!(rc, 1);
    let v = json(&out);
    assert_eq!(v["error"]["kind"], "parse");
    assert_eq!(v["error"]["offset"], 17);
}

#[test]
fn lower_in_each_style() {
    let (rc, out, _) = hetdwarf(&["diop", "lower", "--arg", "0=v5", "DIOpArg(0, i32)"]);
    assert_eq!(rc, 0);
    assert_eq!(
        out,
        "DW_OP_regx VGPR5, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_user DW_OP_LLVM_offset\nbytes: 90 85 14 e9 03 34 1e e9 04\n"
    );
    // The legacy one-byte opcodes are named too (llvm-dwarfdump-22 cannot decode them).
    let (rc, out, _) = hetdwarf(&[
        "diop",
        "lower",
        "--encoding",
        "legacy",
        "--arg",
        "0=v5",
        "DIOpArg(0, i32)",
    ]);
    assert_eq!(rc, 0);
    assert_eq!(
        out,
        "DW_OP_regx VGPR5, DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_offset\nbytes: 90 85 14 e2 34 1e e3\n"
    );
    let expr = "DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32)";
    let (_, fork, _) = hetdwarf(&[
        "diop",
        "lower",
        "--style",
        "fork",
        "--arg",
        "0=const:0x40",
        "--format",
        "json",
        expr,
    ]);
    let (_, wheel, _) = hetdwarf(&[
        "diop",
        "lower",
        "--style",
        "wheel",
        "--arg",
        "0=const:0x40",
        "--format",
        "json",
        expr,
    ]);
    assert_eq!(
        json(&fork)["text"],
        "DW_OP_constu 0x40, DW_OP_lit5, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address"
    );
    assert_eq!(
        json(&wheel)["text"],
        "DW_OP_constu 0x40, DW_OP_stack_value, DW_OP_deref_size 0x4, DW_OP_lit5, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address"
    );
    // What the fork gives up on is marked inexact; hetdwarf lowers it and says so.
    let sel = "DIOpArg(0, i32), DIOpConstant(<2 x i32> <i32 1, i32 2>), DIOpConstant(<2 x i32> <i32 3, i32 4>), DIOpSelect()";
    let (_, f, _) = hetdwarf(&[
        "diop", "lower", "--style", "fork", "--arg", "0=s4", "--format", "json", sel,
    ]);
    let f = json(&f);
    assert_eq!(f["exact"], false);
    assert_eq!(f["text"], "DW_OP_LLVM_user DW_OP_LLVM_undefined");
    let (_, h, _) = hetdwarf(&["diop", "lower", "--arg", "0=s4", "--format", "json", sel]);
    let h = json(&h);
    assert_eq!(h["exact"], true);
    assert!(
        h["text"]
            .as_str()
            .unwrap()
            .ends_with("DW_OP_LLVM_user DW_OP_LLVM_select_bit_piece 0x20 0x2")
    );
    // A missing binding is a usage error, not a silent undefined.
    let (rc, _, err) = hetdwarf(&["diop", "lower", "DIOpArg(0, i32)"]);
    assert_eq!(rc, 1);
    assert!(err.contains("--arg 0=LOC"), "{err}");
}

#[test]
fn eval_reads_the_result_type_per_lane() {
    let (rc, out, err) = hetdwarf(&[
        "diop",
        "eval",
        "--state",
        STATE,
        "--lane",
        "3",
        "--arg",
        "0=v1",
        "DIOpArg(0, i32), DIOpPushLane(i32), DIOpAdd()",
    ]);
    assert_eq!(rc, 0, "{err}");
    assert!(out.starts_with("lane 3: implicit ["), "{out}");
    assert!(out.contains(" = i32 "), "{out}");
    // The DWARF lowering read by `hetdwarf eval` gives the same value.
    let (_, low, _) = hetdwarf(&[
        "diop",
        "lower",
        "--arg",
        "0=v1",
        "--format",
        "json",
        "DIOpArg(0, i32), DIOpPushLane(i32), DIOpAdd()",
    ]);
    let bytes = json(&low)["bytes"].as_str().unwrap().to_string();
    let (rc, dw, _) = hetdwarf(&[
        "eval", "--state", STATE, "--lane", "3", "--read", "bytes:4", &bytes,
    ]);
    assert_eq!(rc, 0);
    let want = out.split("(bytes ").nth(1).unwrap().trim_end_matches(")\n");
    assert!(
        dw.contains(&format!("(bytes {want})")) || dw.contains(&format!("= {want} ")),
        "{dw} vs {want}"
    );
    let (rc, out, _) = hetdwarf(&[
        "diop",
        "eval",
        "--state",
        STATE,
        "--lane",
        "1",
        "--arg",
        "0=v1",
        "--format",
        "json",
        "DIOpArg(0, i32), DIOpConstant(i32 0), DIOpDiv()",
    ]);
    assert_eq!(rc, 1);
    let v = json(&out);
    assert_eq!(v["error"]["lanes"][0]["error"]["kind"], "evaluation");
}

/// A value that cannot be read says where and for which lane (s90 is not in the state).
#[test]
fn an_unreadable_argument_names_its_place_and_lane() {
    let (rc, _, err) = hetdwarf(&[
        "diop",
        "eval",
        "--state",
        STATE,
        "--lane",
        "3",
        "--arg",
        "0=s90",
        "DIOpArg(0, i32), DIOpPushLane(i32), DIOpAdd()",
    ]);
    assert_eq!(rc, 1);
    assert!(
        err.contains("the i32 value at register s90 for lane 3 could not be read"),
        "{err}"
    );
}

/// Registers bound to a `DIOpArg` hold exactly its type's bits (a VGPR one lane's dword):
/// a 32-bit SGPR or three VGPRs for an `i64` are refused, not lowered as "exact".
#[test]
fn lower_refuses_bindings_of_another_size() {
    for (arg, ty, bound) in [
        ("0=s4", "i64", "32"),
        ("0=v[4:6]", "i64", "96"),
        ("0=s[4:5]", "i32", "64"),
    ] {
        let expr = format!("DIOpArg(0, {ty})");
        let (rc, out, err) = hetdwarf(&["diop", "lower", "--arg", arg, &expr]);
        assert_eq!(rc, 1, "{arg} {ty}: {out}");
        assert!(
            err.contains(&format!("--arg 0 binds {bound} bits")) && err.contains("same size"),
            "{arg} {ty}: {err}"
        );
    }
    for (arg, ty) in [("0=v[4:5]", "i64"), ("0=s[4:5]", "i64"), ("0=v4", "i32")] {
        let expr = format!("DIOpArg(0, {ty})");
        let (rc, _, err) = hetdwarf(&["diop", "lower", "--arg", arg, &expr]);
        assert_eq!(rc, 0, "{arg} {ty}: {err}");
    }
}
