//! A DIOp expression: parsing from the fork's `!DIExpression(DIOp...)`, the seed's
//! `!DIExpr(...)` or a bare operation list, and canonical printing (a round trip).

use std::fmt;

use super::error::{ParseError, ParseErrorKind};
use super::lex::{Cursor, Tok};
use super::literal::Literal;
use super::op::DiOp;
use super::types::{parse_type, tok_text};

/// Most operations one expression may have (input is untrusted; compilers emit a few).
pub const MAX_OPS: usize = 4096;

/// Which metadata node the expression is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Form {
    /// The fork's `!DIExpression(DIOp...)`.
    #[default]
    DIExpression,
    /// The seed's `!DIExpr(...)`.
    DIExpr,
}

/// A parsed DIOp expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Expression {
    /// The operations in order (postfix).
    pub ops: Vec<DiOp>,
    /// How it prints.
    pub form: Form,
}

impl Expression {
    /// An expression of `ops` in the fork's form.
    pub fn new(ops: Vec<DiOp>) -> Self {
        Expression {
            ops,
            form: Form::DIExpression,
        }
    }

    /// Parses `!DIExpression(...)`, `!DIExpr(...)` (with or without `!`) or a bare list of
    /// operations; nothing may follow.
    pub fn parse(text: &str) -> Result<Expression, ParseError> {
        let mut c = Cursor::new(text);
        let parsed = Expression::parse_at(&mut c).and_then(|e| match c.peek() {
            Some(t) => Err(c.error(ParseErrorKind::Trailing(tok_text(&t)))),
            None => Ok(e),
        });
        c.finish(parsed)
    }

    /// Parses an expression at the cursor (used by the module reader too).
    pub(crate) fn parse_at(c: &mut Cursor<'_>) -> Result<Expression, ParseError> {
        let form = match c.peek() {
            Some(Tok::Bang(w) | Tok::Word(w)) if w == "DIExpression" => Some(Form::DIExpression),
            Some(Tok::Bang(w) | Tok::Word(w)) if w == "DIExpr" => Some(Form::DIExpr),
            _ => None,
        };
        let mut ops = Vec::new();
        match form {
            Some(form) => {
                c.next();
                c.expect_punct('(')?;
                if !c.eat_punct(')') {
                    loop {
                        push(&mut ops, c)?;
                        if c.eat_punct(')') {
                            break;
                        }
                        c.expect_punct(',')?;
                    }
                }
                Ok(Expression { ops, form })
            }
            None => {
                loop {
                    push(&mut ops, c)?;
                    if !c.eat_punct(',') {
                        break;
                    }
                }
                Ok(Expression::new(ops))
            }
        }
    }

    /// Whether any operation belongs to the seed's spelling only.
    pub fn uses_seed_operations(&self) -> bool {
        self.ops.iter().any(DiOp::is_seed_only)
    }

    /// The fragment the expression describes, if it has a `DIOpFragment`.
    pub fn fragment(&self) -> Option<(u32, u32)> {
        self.ops.iter().find_map(|op| match op {
            DiOp::Fragment { offset, size } => Some((*offset, *size)),
            _ => None,
        })
    }
}

fn push(ops: &mut Vec<DiOp>, c: &mut Cursor<'_>) -> Result<(), ParseError> {
    if ops.len() >= MAX_OPS {
        return Err(c.error(ParseErrorKind::Expected(format!(
            "at most {MAX_OPS} operations"
        ))));
    }
    ops.push(parse_op(c)?);
    Ok(())
}

fn u32_arg(c: &mut Cursor<'_>, what: &'static str) -> Result<u32, ParseError> {
    let at = c.at();
    let n = c.unsigned(what)?;
    u32::try_from(n).map_err(|_| ParseError::new(at, ParseErrorKind::BadNumber(n.to_string())))
}

/// Parses one `DIOpName(args)`.
pub(crate) fn parse_op(c: &mut Cursor<'_>) -> Result<DiOp, ParseError> {
    let at = c.at();
    let name = match c.next() {
        Some(Tok::Word(w)) => w.to_string(),
        Some(t) => {
            return Err(ParseError::new(
                at,
                ParseErrorKind::Expected(format!("a DIOp operation, found '{}'", tok_text(&t))),
            ));
        }
        None => {
            return Err(ParseError::new(
                at,
                ParseErrorKind::Expected("a DIOp operation".into()),
            ));
        }
    };
    if name.starts_with("DW_OP_") {
        return Err(ParseError::new(at, ParseErrorKind::NotDiop(name)));
    }
    c.expect_punct('(')?;
    let op = match name.as_str() {
        "DIOpReferrer" => DiOp::Referrer(parse_type(c)?),
        "DIOpArg" => {
            let index = u32_arg(c, "an argument index")?;
            c.expect_punct(',')?;
            DiOp::Arg {
                index,
                ty: parse_type(c)?,
            }
        }
        "DIOpTypeObject" => DiOp::TypeObject(parse_type(c)?),
        "DIOpConstant" => DiOp::Constant(Literal::parse(c)?),
        "DIOpConvert" => DiOp::Convert(parse_type(c)?),
        "DIOpZExt" => DiOp::ZExt(parse_type(c)?),
        "DIOpSExt" => DiOp::SExt(parse_type(c)?),
        "DIOpReinterpret" => DiOp::Reinterpret(parse_type(c)?),
        "DIOpBitOffset" => DiOp::BitOffset(parse_type(c)?),
        "DIOpByteOffset" => DiOp::ByteOffset(parse_type(c)?),
        "DIOpComposite" => {
            let count = u32_arg(c, "a part count")?;
            c.expect_punct(',')?;
            DiOp::Composite {
                count,
                ty: parse_type(c)?,
            }
        }
        "DIOpExtend" => DiOp::Extend(u32_arg(c, "an element count")?),
        "DIOpSelect" => DiOp::Select,
        "DIOpAddrOf" => DiOp::AddrOf(u32_arg(c, "an address space")?),
        "DIOpDeref" => {
            if c.peek() == Some(Tok::Punct(')')) {
                DiOp::Deref(None)
            } else {
                DiOp::Deref(Some(parse_type(c)?))
            }
        }
        "DIOpRead" => DiOp::Read,
        "DIOpAdd" => DiOp::Add,
        "DIOpSub" => DiOp::Sub,
        "DIOpMul" => DiOp::Mul,
        "DIOpDiv" => DiOp::Div,
        "DIOpMod" => DiOp::Mod,
        "DIOpLShr" => DiOp::LShr,
        "DIOpAShr" => DiOp::AShr,
        "DIOpShl" => DiOp::Shl,
        "DIOpAnd" => DiOp::And,
        "DIOpOr" => DiOp::Or,
        "DIOpXor" => DiOp::Xor,
        "DIOpPushLane" => DiOp::PushLane(parse_type(c)?),
        "DIOpFragment" => {
            let offset = u32_arg(c, "a bit offset")?;
            c.expect_punct(',')?;
            DiOp::Fragment {
                offset,
                size: u32_arg(c, "a bit size")?,
            }
        }
        "DIOpOffset" => DiOp::Offset,
        "DIOpShr" => DiOp::Shr,
        _ => return Err(ParseError::new(at, ParseErrorKind::UnknownOp(name))),
    };
    c.expect_punct(')')?;
    Ok(op)
}

impl fmt::Display for DiOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())?;
        match self {
            DiOp::Referrer(t)
            | DiOp::TypeObject(t)
            | DiOp::Convert(t)
            | DiOp::ZExt(t)
            | DiOp::SExt(t)
            | DiOp::Reinterpret(t)
            | DiOp::BitOffset(t)
            | DiOp::ByteOffset(t)
            | DiOp::PushLane(t)
            | DiOp::Deref(Some(t)) => write!(f, "({t})"),
            DiOp::Arg { index, ty } => write!(f, "({index}, {ty})"),
            DiOp::Constant(l) => write!(f, "({l})"),
            DiOp::Composite { count, ty } => write!(f, "({count}, {ty})"),
            DiOp::Extend(n) | DiOp::AddrOf(n) => write!(f, "({n})"),
            DiOp::Fragment { offset, size } => write!(f, "({offset}, {size})"),
            _ => f.write_str("()"),
        }
    }
}

impl fmt::Display for Expression {
    /// The canonical form: `!DIExpression(...)` or `!DIExpr(...)` with `, ` between
    /// operations, types and literals as LLVM prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.form {
            Form::DIExpression => "!DIExpression(",
            Form::DIExpr => "!DIExpr(",
        })?;
        for (i, op) in self.ops.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{op}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One written form of each operation, as LLVM prints it.
    pub(crate) const EVERY_OP: &[&str] = &[
        "DIOpReferrer(i32)",
        "DIOpArg(0, ptr addrspace(5))",
        "DIOpTypeObject(i64)",
        "DIOpConstant(i32 4)",
        "DIOpConvert(i16)",
        "DIOpZExt(i64)",
        "DIOpSExt(i64)",
        "DIOpReinterpret(float)",
        "DIOpBitOffset(i8)",
        "DIOpByteOffset(ptr)",
        "DIOpComposite(2, i64)",
        "DIOpExtend(4)",
        "DIOpSelect()",
        "DIOpAddrOf(5)",
        "DIOpDeref(i32)",
        "DIOpRead()",
        "DIOpAdd()",
        "DIOpSub()",
        "DIOpMul()",
        "DIOpDiv()",
        "DIOpMod()",
        "DIOpLShr()",
        "DIOpAShr()",
        "DIOpShl()",
        "DIOpAnd()",
        "DIOpOr()",
        "DIOpXor()",
        "DIOpPushLane(i32)",
        "DIOpFragment(16, 16)",
        "DIOpOffset()",
        "DIOpShr()",
        "DIOpDeref()",
    ];

    #[test]
    fn every_operation_prints_back() {
        for op in EVERY_OP {
            let text = format!("!DIExpression({op})");
            let e = Expression::parse(&text).unwrap();
            assert_eq!(e.to_string(), text);
            assert_eq!(e.ops.len(), 1);
        }
        let names: Vec<&str> = EVERY_OP
            .iter()
            .map(|s| s.split('(').next().unwrap())
            .collect();
        for n in DiOp::NAMES {
            assert!(names.contains(&n), "{n} untested");
        }
    }

    #[test]
    fn forms_and_spacing() {
        let e = Expression::parse("DIOpArg(0,ptr addrspace(5)),DIOpDeref( i32 )").unwrap();
        assert_eq!(
            e.to_string(),
            "!DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32))"
        );
        let seed = "!DIExpr(DIOpReferrer(i64 addrspace(5)*), DIOpDeref())";
        let e = Expression::parse(seed).unwrap();
        assert_eq!(e.form, Form::DIExpr);
        assert_eq!(e.to_string(), seed);
        assert!(e.uses_seed_operations());
        assert_eq!(Expression::parse("!DIExpression()").unwrap().ops.len(), 0);
    }

    #[test]
    fn errors_name_the_place() {
        let e = Expression::parse("DIOpArg(0, i32), DIOpFoo()").unwrap_err();
        assert_eq!(e.at, 17);
        assert!(matches!(e.kind, ParseErrorKind::UnknownOp(_)));
        let e = Expression::parse("!DIExpression(DW_OP_LLVM_poisoned)").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::NotDiop(_)));
        let e = Expression::parse("!DIExpression(DIOpArg(0, i32)) x").unwrap_err();
        assert!(matches!(e.kind, ParseErrorKind::Trailing(_)));
        assert!(Expression::parse("DIOpArg(0 i32)").is_err());
        let long = vec!["DIOpArg(0, i32)"; MAX_OPS + 1].join(", ");
        assert!(
            Expression::parse(&long)
                .unwrap_err()
                .to_string()
                .contains("at most")
        );
        assert!(Expression::parse("DIOpArg(4294967296, i32)").is_err());
    }

    #[test]
    fn text_is_lexed_only_as_far_as_it_is_parsed() {
        // A character no token starts with is an error where the parser reaches it...
        let e = Expression::parse("DIOpArg(0, i32) $").unwrap_err();
        assert_eq!((e.at, e.kind), (16, ParseErrorKind::Unexpected("$".into())));
        // ...and text past the first error (or past the operation limit) is never read.
        let e =
            Expression::parse(&format!("DIOpArg(0, i32),,{}", "$".repeat(1 << 20))).unwrap_err();
        assert_eq!(e.at, 16);
        let long = format!("{}, $", vec!["DIOpRead()"; MAX_OPS + 1].join(", "));
        assert!(
            Expression::parse(&long)
                .unwrap_err()
                .to_string()
                .contains("at most")
        );
    }
}
