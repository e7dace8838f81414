//! The fork verifier's rules, one test each, with its messages.

use super::*;

fn env() -> Environment {
    Environment::new(DataLayout::amdgcn())
}

fn with_args(args: &[&str]) -> Environment {
    let mut e = env();
    e.args = Some(
        args.iter()
            .map(|a| match *a {
                "poison" => ArgType::Poison,
                t => ArgType::Known(Type::parse(t).unwrap()),
            })
            .collect(),
    );
    e
}

fn err(text: &str, env: &Environment) -> String {
    let e = Expression::parse(text).unwrap();
    check(&e, env).unwrap_err().message
}

fn result(text: &str) -> String {
    let e = Expression::parse(text).unwrap();
    check(&e, &env()).unwrap().result.to_string()
}

#[test]
fn the_forks_valid_examples_check() {
    let e = with_args(&["ptr"]);
    for text in [
        "DIOpArg(0, ptr), DIOpArg(0, ptr), DIOpComposite(2, %struct.type)",
        "DIOpArg(0, ptr), DIOpDeref(%struct.type), DIOpConstant(i32 64), DIOpBitOffset(ptr)",
        "DIOpArg(0, ptr), DIOpDeref(%struct.type), DIOpConstant(i32 8), DIOpByteOffset(ptr)",
    ] {
        check(&Expression::parse(text).unwrap(), &e).unwrap();
    }
    let e = with_args(&["i32"]);
    let sel = "DIOpArg(0, i32), DIOpConstant(<2 x i32> <i32 1, i32 2>), DIOpConstant(<2 x i32> <i32 3, i32 4>), DIOpSelect()";
    assert_eq!(
        check(&Expression::parse(sel).unwrap(), &e)
            .unwrap()
            .result
            .to_string(),
        "<2 x i32>"
    );
    // A poison argument is exempt from the size rule.
    let e = with_args(&["poison"]);
    check(&Expression::parse("DIOpArg(0, i32)").unwrap(), &e).unwrap();
}

#[test]
fn empty() {
    assert_eq!(
        err("!DIExpression()", &env()),
        "DIOp-based DIExpression cannot be empty"
    );
}

#[test]
fn referrer_rules() {
    let mut e = env();
    e.referrer = Some(Some(ArgType::Known(Type::ptr(0))));
    assert_eq!(
        err("DIOpReferrer(i32), DIOpDeref(ptr)", &e),
        "DIOpReferrer type must be same size in bits as argument"
    );
    e.referrer = Some(None);
    assert_eq!(
        err("DIOpReferrer(i32)", &e),
        "DIOpReferrer requires an argument"
    );
}

#[test]
fn arg_rules() {
    let e = with_args(&["ptr"]);
    assert_eq!(err("DIOpArg(1, ptr)", &e), "DIOpArg index out of range");
    assert_eq!(
        err("DIOpArg(0, i32)", &e),
        "DIOpArg type must be same size in bits as argument"
    );
    let e = with_args(&["ptr", "ptr"]);
    assert_eq!(
        err("DIOpArg(0, i8), DIOpArg(1, i8), DIOpAdd()", &e),
        "DIOpArg type must be same size in bits as argument"
    );
}

#[test]
fn one_entry_at_the_end() {
    let e = with_args(&["ptr", "ptr"]);
    let c = check(
        &Expression::parse("DIOpArg(0, i64), DIOpArg(1, i64)").unwrap(),
        &e,
    )
    .unwrap_err();
    assert_eq!(
        c.message,
        "DIOp expression requires one element on stack after evaluating"
    );
    assert_eq!(c.op, None);
}

#[test]
fn too_few_inputs_names_the_operation() {
    let c = check(
        &Expression::parse("DIOpConstant(i32 0), DIOpAdd()").unwrap(),
        &env(),
    )
    .unwrap_err();
    assert_eq!(c.message, "DIOpAdd requires more inputs");
    assert_eq!(c.op, Some(1));
    assert_eq!(c.to_string(), "operation 1: DIOpAdd requires more inputs");
}

#[test]
fn reinterpret_keeps_size() {
    assert_eq!(
        err("DIOpArg(0, ptr), DIOpReinterpret(i32)", &env()),
        "DIOpReinterpret must not alter bitsize of child"
    );
    assert_eq!(
        result("DIOpArg(0, ptr addrspace(5)), DIOpReinterpret(i32)"),
        "i32"
    );
}

#[test]
fn offsets_need_integer_offsets() {
    assert_eq!(
        err(
            "DIOpConstant(float 0.0), DIOpArg(0, ptr), DIOpBitOffset(ptr)",
            &env()
        ),
        "DIOpBitOffset requires first input be integer typed"
    );
    assert_eq!(
        err(
            "DIOpConstant(ptr undef), DIOpArg(0, ptr), DIOpByteOffset(ptr)",
            &env()
        ),
        "DIOpByteOffset requires first input be integer typed"
    );
}

#[test]
fn composite_sizes_add_up() {
    assert_eq!(
        err(
            "DIOpArg(0, ptr), DIOpDeref(i16), DIOpConstant(i8 0), DIOpComposite(2, i32)",
            &env()
        ),
        "DIOpComposite bitsize does not match sum of child bitsizes"
    );
    assert_eq!(
        result("DIOpArg(0, i32), DIOpArg(1, i32), DIOpComposite(2, i64)"),
        "i64"
    );
}

#[test]
fn extend_needs_a_scalar() {
    assert_eq!(
        err(
            "DIOpConstant(<2 x i32> <i32 0, i32 0>), DIOpExtend(2)",
            &env()
        ),
        "DIOpExtend child must have integer, floating point, or ptr type"
    );
    assert_eq!(
        result("DIOpConstant(float 1.0), DIOpExtend(4)"),
        "<4 x float>"
    );
}

#[test]
fn select_needs_two_equal_vectors() {
    assert_eq!(
        err(
            "DIOpArg(0, i32), DIOpConstant(<2 x i32> <i32 1, i32 2>), DIOpConstant(<2 x i16> <i16 3, i16 4>), DIOpSelect()",
            &env()
        ),
        "DIOpSelect requires first two inputs have same type"
    );
    assert_eq!(
        err(
            "DIOpArg(0, i32), DIOpConstant(i32 1), DIOpConstant(i32 2), DIOpSelect()",
            &env()
        ),
        "DIOpSelect requires first two inputs to be vector typed"
    );
}

#[test]
fn deref_needs_a_pointer() {
    assert_eq!(
        err("DIOpArg(0, ptr), DIOpDeref(i32), DIOpDeref(i32)", &env()),
        "DIOpDeref requires input to be pointer typed"
    );
}

#[test]
fn arithmetic_needs_identical_types() {
    assert_eq!(
        err("DIOpConstant(i32 0), DIOpConstant(i8 0), DIOpAdd()", &env()),
        "DIOpAdd requires identical type inputs"
    );
    for op in ["DIOpSub", "DIOpMul", "DIOpDiv", "DIOpMod"] {
        assert_eq!(
            err(
                &format!("DIOpConstant(i32 0), DIOpConstant(i64 0), {op}()"),
                &env()
            ),
            format!("{op} requires identical type inputs")
        );
    }
    assert_eq!(
        result("DIOpConstant(float 1.0), DIOpConstant(float 2.0), DIOpAdd()"),
        "float"
    );
}

#[test]
fn shifts_and_bitwise_need_integers() {
    for op in [
        "DIOpLShr", "DIOpAShr", "DIOpShl", "DIOpAnd", "DIOpOr", "DIOpXor",
    ] {
        assert_eq!(
            err(&format!("DIOpArg(0, ptr), DIOpArg(0, ptr), {op}()"), &env()),
            format!("{op} requires all integer inputs")
        );
    }
    // The result has the left-hand side's type.
    assert_eq!(
        result("DIOpConstant(i64 1), DIOpConstant(i8 3), DIOpShl()"),
        "i64"
    );
}

#[test]
fn extensions_widen_integers() {
    assert_eq!(
        err("DIOpArg(0, ptr), DIOpZExt(i64)", &env()),
        "DIOpZExt requires integer typed input"
    );
    assert_eq!(
        err("DIOpArg(0, i64), DIOpZExt(i64)", &env()),
        "DIOpZExt requires result type to be wider than input type"
    );
    assert_eq!(
        err("DIOpArg(0, ptr), DIOpSExt(i64)", &env()),
        "DIOpSExt requires integer typed input"
    );
    assert_eq!(
        err("DIOpArg(0, i64), DIOpSExt(i64)", &env()),
        "DIOpSExt requires result type to be wider than input type"
    );
}

#[test]
fn convert_narrows_integers_only() {
    assert_eq!(
        err("DIOpArg(0, i8), DIOpConvert(i16)", &env()),
        "DIOpConvert on integers requires result type to be no wider than input type"
    );
    assert_eq!(result("DIOpArg(0, i64), DIOpConvert(i32)"), "i32");
    assert_eq!(
        result("DIOpArg(0, ptr addrspace(5)), DIOpConvert(ptr)"),
        "ptr"
    );
}

#[test]
fn push_lane_is_an_integer() {
    assert_eq!(
        err("DIOpPushLane(ptr)", &env()),
        "DIOpPushLane requires integer result type"
    );
}

#[test]
fn fragment_inside_the_variable() {
    let mut e = with_args(&["i16"]);
    e.variable_bits = Some(32);
    assert_eq!(
        err("DIOpArg(0, i16), DIOpFragment(24, 16)", &e),
        "DIOpFragment must be contained within variable"
    );
    check(
        &Expression::parse("DIOpArg(0, i16), DIOpFragment(16, 16)").unwrap(),
        &e,
    )
    .unwrap();
}

#[test]
fn implicit_addresses_are_only_dereferenced_or_returned() {
    // The seed's implicit pointer: `p` = &x where x lives in a register.
    let t = check(
        &Expression::parse("DIOpReferrer(i64), DIOpAddrOf(5)").unwrap(),
        &env(),
    )
    .unwrap();
    assert!(t.implicit_address);
    // The seed's promoted alloca: AddrOf then Deref() cancels.
    assert_eq!(
        result("!DIExpr(DIOpReferrer(i64), DIOpAddrOf(5), DIOpDeref())"),
        "i64"
    );
    let c = err(
        "DIOpReferrer(i64), DIOpAddrOf(5), DIOpConstant(i32 4), DIOpByteOffset(ptr addrspace(5))",
        &env(),
    );
    assert!(c.contains("DIOpAddrOf"), "{c}");
}

#[test]
fn seed_deref_takes_the_pointee() {
    assert_eq!(
        result("!DIExpr(DIOpReferrer(i64 addrspace(5)*), DIOpDeref())"),
        "i64"
    );
    let c = err("DIOpReferrer(ptr addrspace(5)), DIOpDeref()", &env());
    assert!(c.contains("typed pointer"), "{c}");
}
