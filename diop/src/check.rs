//! Well-formedness and typing of DIOp expressions, rule for rule as the fork's verifier
//! checks them (its messages verbatim), plus the seed's rule that an implicit address
//! (`DIOpAddrOf`) is only dereferenced or returned.

use super::error::CheckError;
use super::expr::Expression;
use super::layout::DataLayout;
use super::op::DiOp;
use super::types::Type;

/// What is known about one argument (or the referrer) of an expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ArgType {
    /// The IR value's type.
    Known(Type),
    /// A `poison` argument (exempt from the size rule, like the fork's verifier does).
    Poison,
    /// Not known (size rules pass).
    Unknown,
}

/// What the expression is checked against: the layout, the arguments of its debug record,
/// and the variable's size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Environment {
    /// The module's data layout.
    pub layout: DataLayout,
    /// The record's arguments; `None` when their number is not known.
    pub args: Option<Vec<ArgType>>,
    /// The referrer of the seed's lifetime segment; `None` when not known, `Some(None)`
    /// when the segment has none.
    pub referrer: Option<Option<ArgType>>,
    /// Size of the variable described, for `DIOpFragment`.
    pub variable_bits: Option<u64>,
}

impl Environment {
    /// Nothing known but the layout: only the rules the expression decides alone.
    pub fn new(layout: DataLayout) -> Self {
        Environment {
            layout,
            args: None,
            referrer: None,
            variable_bits: None,
        }
    }
}

/// The result of a successful check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typing {
    /// The type of the one location the expression yields.
    pub result: Type,
    /// The type each operation pushes (`None` for `DIOpFragment`).
    pub pushed: Vec<Option<Type>>,
    /// Whether the result is an implicit address (`DIOpAddrOf` last): an implicit pointer.
    pub implicit_address: bool,
}

#[derive(Clone)]
struct Entry {
    ty: Type,
    /// Pushed by `DIOpAddrOf` (an implicit address location).
    addr_of: bool,
}

/// Checks `expr` under `env`: `Ok` with the types, or the first rule it breaks.
pub fn check(expr: &Expression, env: &Environment) -> Result<Typing, CheckError> {
    if expr.ops.is_empty() {
        return Err(CheckError {
            op: None,
            message: "DIOp-based DIExpression cannot be empty".into(),
        });
    }
    let dl = &env.layout;
    let size = |t: &Type| dl.size_bits(t);
    let mut stack: Vec<Entry> = Vec::new();
    let mut pushed = Vec::with_capacity(expr.ops.len());
    for (i, op) in expr.ops.iter().enumerate() {
        let fail = |message: String| CheckError {
            op: Some(i),
            message,
        };
        let n = op.inputs();
        if stack.len() < n {
            return Err(fail(format!("{} requires more inputs", op.name())));
        }
        let ins: Vec<Entry> = stack.split_off(stack.len() - n);
        // `ins` is in push order: the last is the top of the stack ("first" input).
        for (k, e) in ins.iter().enumerate() {
            if e.addr_of && !matches!(op, DiOp::Deref(_)) {
                let _ = k;
                return Err(fail(format!(
                    "{} cannot consume the implicit address made by DIOpAddrOf (only DIOpDeref can)",
                    op.name()
                )));
            }
        }
        let same_size = |a: &Type, b: &Type| match (size(a), size(b)) {
            (Some(x), Some(y)) => x == y,
            _ => true,
        };
        let out: Option<Entry> = match op {
            DiOp::Referrer(t) => {
                match &env.referrer {
                    Some(None) => return Err(fail("DIOpReferrer requires an argument".into())),
                    Some(Some(ArgType::Known(r))) if !same_size(t, r) => {
                        return Err(fail(
                            "DIOpReferrer type must be same size in bits as argument".into(),
                        ));
                    }
                    _ => {}
                }
                Some(plain(t))
            }
            DiOp::Arg { index, ty } => {
                if let Some(args) = &env.args {
                    match args.get(*index as usize) {
                        None => return Err(fail("DIOpArg index out of range".into())),
                        Some(ArgType::Known(a)) if !same_size(ty, a) => {
                            return Err(fail(
                                "DIOpArg type must be same size in bits as argument".into(),
                            ));
                        }
                        _ => {}
                    }
                }
                Some(plain(ty))
            }
            DiOp::TypeObject(t) => Some(plain(t)),
            DiOp::Constant(l) => Some(plain(&l.ty())),
            DiOp::Convert(to) => {
                let from = &ins[0].ty;
                if let (Type::Int(a), Type::Int(b)) = (from, to)
                    && b > a
                {
                    return Err(fail(
                        "DIOpConvert on integers requires result type to be no wider than input type"
                            .into(),
                    ));
                }
                Some(plain(to))
            }
            DiOp::ZExt(to) | DiOp::SExt(to) => {
                let from = &ins[0].ty;
                if !from.is_int() {
                    return Err(fail(format!("{} requires integer typed input", op.name())));
                }
                match (size(from), size(to)) {
                    (Some(a), Some(b)) if b <= a => {
                        return Err(fail(format!(
                            "{} requires result type to be wider than input type",
                            op.name()
                        )));
                    }
                    _ => {}
                }
                Some(plain(to))
            }
            DiOp::Reinterpret(to) => {
                if !same_size(&ins[0].ty, to) {
                    return Err(fail(
                        "DIOpReinterpret must not alter bitsize of child".into(),
                    ));
                }
                Some(plain(to))
            }
            DiOp::BitOffset(to) | DiOp::ByteOffset(to) => {
                if !ins[1].ty.is_int() {
                    return Err(fail(format!(
                        "{} requires first input be integer typed",
                        op.name()
                    )));
                }
                Some(plain(to))
            }
            DiOp::Offset => {
                if !ins[1].ty.is_int() {
                    return Err(fail(
                        "DIOpOffset requires first input be integer typed".into(),
                    ));
                }
                Some(plain(&ins[0].ty))
            }
            DiOp::Composite { ty, .. } => {
                let mut sum: Option<u64> = Some(0);
                for e in &ins {
                    sum = match (sum, size(&e.ty)) {
                        (Some(s), Some(b)) => s.checked_add(b),
                        _ => None,
                    };
                }
                if let (Some(s), Some(t)) = (sum, size(ty))
                    && s != t
                {
                    return Err(fail(
                        "DIOpComposite bitsize does not match sum of child bitsizes".into(),
                    ));
                }
                Some(plain(ty))
            }
            DiOp::Extend(count) => {
                let t = &ins[0].ty;
                if !(t.is_int() || t.is_float() || t.is_ptr()) {
                    return Err(fail(
                        "DIOpExtend child must have integer, floating point, or ptr type".into(),
                    ));
                }
                Some(plain(&Type::Vector {
                    count: *count,
                    elem: Box::new(t.clone()),
                }))
            }
            DiOp::Select => {
                let (a, b) = (&ins[1].ty, &ins[2].ty);
                if !a.same_as(b) {
                    return Err(fail(
                        "DIOpSelect requires first two inputs have same type".into(),
                    ));
                }
                if !a.is_vector() {
                    return Err(fail(
                        "DIOpSelect requires first two inputs to be vector typed".into(),
                    ));
                }
                Some(plain(a))
            }
            DiOp::AddrOf(space) => Some(Entry {
                ty: Type::Ptr {
                    space: *space,
                    pointee: Some(Box::new(ins[0].ty.clone())),
                },
                addr_of: true,
            }),
            DiOp::Deref(t) => {
                let Type::Ptr { pointee, .. } = &ins[0].ty else {
                    return Err(fail("DIOpDeref requires input to be pointer typed".into()));
                };
                let ty = match (t, pointee) {
                    (Some(t), _) => t.clone(),
                    (None, Some(p)) => (**p).clone(),
                    (None, None) => {
                        return Err(fail(
                            "DIOpDeref() takes its type from a typed pointer input; the input is an opaque ptr (write DIOpDeref(T))"
                                .into(),
                        ));
                    }
                };
                Some(plain(&ty))
            }
            DiOp::Read => Some(plain(&ins[0].ty)),
            DiOp::Add | DiOp::Sub | DiOp::Mul | DiOp::Div | DiOp::Mod => {
                if !ins[0].ty.same_as(&ins[1].ty) {
                    return Err(fail(format!(
                        "{} requires identical type inputs",
                        op.name()
                    )));
                }
                Some(plain(&ins[0].ty))
            }
            DiOp::LShr | DiOp::AShr | DiOp::Shl | DiOp::And | DiOp::Or | DiOp::Xor | DiOp::Shr => {
                if !(ins[0].ty.is_int() && ins[1].ty.is_int()) {
                    return Err(fail(format!("{} requires all integer inputs", op.name())));
                }
                Some(plain(&ins[0].ty))
            }
            DiOp::PushLane(t) => {
                if !t.is_int() {
                    return Err(fail("DIOpPushLane requires integer result type".into()));
                }
                Some(plain(t))
            }
            DiOp::Fragment { offset, size: bits } => {
                if let Some(v) = env.variable_bits
                    && u64::from(*offset) + u64::from(*bits) > v
                {
                    return Err(fail(
                        "DIOpFragment must be contained within variable".into(),
                    ));
                }
                None
            }
        };
        pushed.push(out.as_ref().map(|e| e.ty.clone()));
        if let Some(e) = out {
            stack.push(e);
        }
    }
    if stack.len() != 1 {
        return Err(CheckError {
            op: None,
            message: "DIOp expression requires one element on stack after evaluating".into(),
        });
    }
    let last = stack.pop().expect("one entry");
    Ok(Typing {
        result: last.ty,
        pushed,
        implicit_address: last.addr_of,
    })
}

fn plain(t: &Type) -> Entry {
    Entry {
        ty: t.clone(),
        addr_of: false,
    }
}
