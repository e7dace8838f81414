//! The seed's "independent optimizer": rewrites that keep an expression's meaning and make
//! it smaller. `DIOpAddrOf` followed by `DIOpDeref` of the same size cancels (mem2reg's
//! promotion undone), reinterpretation chains collapse, and operations on constants fold
//! (with the reference evaluator's arithmetic). Tests check each rewrite by evaluation.

use super::check::{Environment, check};
use super::eval::{integer_op, mask, sext};
use super::expr::Expression;
use super::layout::DataLayout;
use super::literal::Literal;
use super::op::DiOp;
use super::types::Type;

#[derive(Clone, Debug)]
struct Node {
    op: DiOp,
    ty: Option<Type>,
    children: Vec<Node>,
}

fn build(expr: &Expression, pushed: &[Option<Type>]) -> Option<(Node, Vec<DiOp>)> {
    let mut stack: Vec<Node> = Vec::new();
    let mut fragments = Vec::new();
    for (i, op) in expr.ops.iter().enumerate() {
        if matches!(op, DiOp::Fragment { .. }) {
            fragments.push(op.clone());
            continue;
        }
        let n = op.inputs();
        if stack.len() < n {
            return None;
        }
        let children = stack.split_off(stack.len() - n);
        stack.push(Node {
            op: op.clone(),
            ty: pushed.get(i).cloned().flatten(),
            children,
        });
    }
    (stack.len() == 1).then(|| (stack.pop().expect("one"), fragments))
}

fn flatten(n: Node, out: &mut Vec<DiOp>) {
    for c in n.children {
        flatten(c, out);
    }
    out.push(n.op);
}

/// The simplified expression (the input itself when it is not well-formed or nothing
/// applies), and the names of the rewrites applied.
pub fn simplify(expr: &Expression, layout: &DataLayout) -> (Expression, Vec<&'static str>) {
    let Ok(typing) = check(expr, &Environment::new(layout.clone())) else {
        return (expr.clone(), Vec::new());
    };
    let Some((root, fragments)) = build(expr, &typing.pushed) else {
        return (expr.clone(), Vec::new());
    };
    let mut applied = Vec::new();
    let root = rewrite(root, layout, &mut applied);
    if applied.is_empty() {
        return (expr.clone(), applied);
    }
    let mut ops = Vec::with_capacity(expr.ops.len());
    flatten(root, &mut ops);
    ops.extend(fragments);
    (
        Expression {
            ops,
            form: expr.form,
        },
        applied,
    )
}

fn constant_of(n: &Node) -> Option<&Literal> {
    match &n.op {
        DiOp::Constant(l) if !l.is_undefined() => Some(l),
        _ => None,
    }
}

fn int_value(l: &Literal, layout: &DataLayout) -> Option<(u128, u32)> {
    match l {
        Literal::Int { bits, .. } if *bits <= 128 => Some((l.to_u128(layout)?, *bits)),
        _ => None,
    }
}

fn rewrite(mut n: Node, layout: &DataLayout, applied: &mut Vec<&'static str>) -> Node {
    n.children = std::mem::take(&mut n.children)
        .into_iter()
        .map(|c| rewrite(c, layout, applied))
        .collect();
    let size = |t: &Option<Type>| t.as_ref().and_then(|t| layout.size_bits(t));
    match &n.op {
        // AddrOf then Deref: the addressed location itself, reinterpreted if the type
        // changes (same size only: a different size reads other bits).
        DiOp::Deref(_) if matches!(n.children[0].op, DiOp::AddrOf(_)) => {
            let inner = n.children[0].children[0].clone();
            if size(&inner.ty).is_some() && size(&inner.ty) == size(&n.ty) {
                applied.push("addrof-deref");
                return retype(inner, n.ty.clone(), layout);
            }
        }
        DiOp::Reinterpret(_) => {
            let child = n.children[0].clone();
            let same = child
                .ty
                .as_ref()
                .zip(n.ty.as_ref())
                .is_some_and(|(a, b)| a.same_as(b));
            let chain = matches!(child.op, DiOp::Reinterpret(_)) && {
                let inner = size(&child.children[0].ty);
                inner.is_some() && inner == size(&n.ty)
            };
            if same || chain {
                applied.push("reinterpret-chain");
                return retype(child, n.ty.clone(), layout);
            }
        }
        DiOp::Read if constant_of(&n.children[0]).is_some() => {
            applied.push("read-constant");
            return n.children[0].clone();
        }
        DiOp::ZExt(to) | DiOp::SExt(to) | DiOp::Convert(to) => {
            if let (Some(l), Type::Int(tb)) = (constant_of(&n.children[0]), to)
                && let Some((v, fb)) = int_value(l, layout)
                && *tb <= 128
            {
                let r = match n.op {
                    DiOp::SExt(_) => mask(sext(v, u64::from(fb)) as u128, u64::from(*tb)),
                    _ => mask(v, u64::from(*tb)),
                };
                applied.push("fold-constant");
                return constant(Literal::int(*tb, r), n.ty.clone());
            }
        }
        DiOp::Add
        | DiOp::Sub
        | DiOp::Mul
        | DiOp::Div
        | DiOp::Mod
        | DiOp::And
        | DiOp::Or
        | DiOp::Xor
        | DiOp::Shl
        | DiOp::LShr
        | DiOp::AShr
        | DiOp::Shr => {
            if let (Some(a), Some(b)) = (constant_of(&n.children[0]), constant_of(&n.children[1]))
                && let (Some((x, bits)), Some((y, ybits))) =
                    (int_value(a, layout), int_value(b, layout))
                // Division by zero is left for evaluation to report.
                && let Ok(r) = integer_op(&n.op, x, u64::from(bits), y, u64::from(ybits))
            {
                applied.push("fold-constant");
                return constant(Literal::int(bits, r), n.ty.clone());
            }
        }
        _ => {}
    }
    n
}

/// `n` given type `ty`: nothing when it already has it, its child when `n` is itself a
/// reinterpretation of a child of `ty`'s known size, else a `DIOpReinterpret(ty)` on top.
/// (A size the layout does not know passes the size rule, so a chain through an unsized
/// type may join sizes that differ: such a chain is kept.)
fn retype(n: Node, ty: Option<Type>, layout: &DataLayout) -> Node {
    let Some(ty) = ty else { return n };
    if n.ty.as_ref().is_some_and(|t| t.same_as(&ty)) {
        return n;
    }
    if matches!(n.op, DiOp::Reinterpret(_)) {
        let size = |t: &Option<Type>| t.as_ref().and_then(|t| layout.size_bits(t));
        let child_size = size(&n.children[0].ty);
        if child_size.is_some() && child_size == layout.size_bits(&ty) {
            let child = n.children.into_iter().next().expect("one input");
            return retype(child, Some(ty), layout);
        }
    }
    Node {
        op: DiOp::Reinterpret(ty.clone()),
        ty: Some(ty),
        children: vec![n],
    }
}

fn constant(l: Literal, ty: Option<Type>) -> Node {
    Node {
        op: DiOp::Constant(l),
        ty,
        children: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simp(s: &str) -> (String, Vec<&'static str>) {
        let (e, a) = simplify(&Expression::parse(s).unwrap(), &DataLayout::amdgcn());
        (e.to_string(), a)
    }

    #[test]
    fn the_seeds_canonical_forms() {
        // Promoted to SSA: AddrOf and Deref cancel.
        assert_eq!(
            simp("!DIExpr(DIOpReferrer(i64), DIOpAddrOf(5), DIOpDeref())").0,
            "!DIExpr(DIOpReferrer(i64))"
        );
        assert_eq!(
            simp("DIOpReferrer(i64), DIOpAddrOf(5), DIOpDeref(double)").0,
            "!DIExpression(DIOpReferrer(i64), DIOpReinterpret(double))"
        );
        // A different size reads different bits: kept.
        assert_eq!(
            simp("DIOpReferrer(i64), DIOpAddrOf(5), DIOpDeref(i32)").0,
            "!DIExpression(DIOpReferrer(i64), DIOpAddrOf(5), DIOpDeref(i32))"
        );
    }

    #[test]
    fn chains_and_constants() {
        assert_eq!(
            simp("DIOpArg(0, i32), DIOpReinterpret(float), DIOpReinterpret(<4 x i8>), DIOpReinterpret(i32)").0,
            "!DIExpression(DIOpArg(0, i32))"
        );
        assert_eq!(
            simp("DIOpConstant(i32 6), DIOpConstant(i32 7), DIOpMul(), DIOpConstant(i32 -2), DIOpAdd()").0,
            "!DIExpression(DIOpConstant(i32 40))"
        );
        assert_eq!(
            simp("DIOpConstant(i8 -1), DIOpSExt(i16)").0,
            "!DIExpression(DIOpConstant(i16 -1))"
        );
        // Division by zero is left for evaluation to report.
        assert_eq!(
            simp("DIOpConstant(i32 1), DIOpConstant(i32 0), DIOpDiv()").1,
            Vec::<&str>::new()
        );
        assert_eq!(
            simp("DIOpArg(0, i32), DIOpFragment(0, 32)").0,
            "!DIExpression(DIOpArg(0, i32), DIOpFragment(0, 32))"
        );
    }
}
