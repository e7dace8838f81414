//! LLVM IR types as DIOp operations name them: parsing (opaque `ptr addrspace(N)` and the
//! seed's typed pointers `i64 addrspace(5)*`), canonical printing, and predicates the
//! type rules use. Sizes come from a [`DataLayout`](super::layout::DataLayout).

use std::fmt;

use super::error::{ParseError, ParseErrorKind};
use super::lex::{Cursor, Tok};

/// Deepest type nesting the parser accepts (`[1 x [1 x ...]]`): input is untrusted.
pub const MAX_TYPE_DEPTH: usize = 64;

/// LLVM floating-point types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// `half` (IEEE binary16).
    Half,
    /// `bfloat`.
    BFloat,
    /// `float`.
    Float,
    /// `double`.
    Double,
    /// `fp128` (IEEE binary128).
    Fp128,
    /// `x86_fp80`.
    X86Fp80,
    /// `ppc_fp128`.
    PpcFp128,
}

impl FloatKind {
    /// Width in bits.
    pub fn bits(self) -> u32 {
        match self {
            FloatKind::Half | FloatKind::BFloat => 16,
            FloatKind::Float => 32,
            FloatKind::Double => 64,
            FloatKind::X86Fp80 => 80,
            FloatKind::Fp128 | FloatKind::PpcFp128 => 128,
        }
    }

    /// The LLVM keyword.
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::Half => "half",
            FloatKind::BFloat => "bfloat",
            FloatKind::Float => "float",
            FloatKind::Double => "double",
            FloatKind::Fp128 => "fp128",
            FloatKind::X86Fp80 => "x86_fp80",
            FloatKind::PpcFp128 => "ppc_fp128",
        }
    }

    fn from_name(s: &str) -> Option<Self> {
        Some(match s {
            "half" => FloatKind::Half,
            "bfloat" => FloatKind::BFloat,
            "float" => FloatKind::Float,
            "double" => FloatKind::Double,
            "fp128" => FloatKind::Fp128,
            "x86_fp80" => FloatKind::X86Fp80,
            "ppc_fp128" => FloatKind::PpcFp128,
            _ => return None,
        })
    }
}

/// A parameter of a target extension type: a type or an integer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TargetParam {
    /// A type parameter.
    Type(Type),
    /// An integer parameter.
    Int(u32),
}

/// An LLVM IR type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `iN`.
    Int(u32),
    /// A floating-point type.
    Float(FloatKind),
    /// `ptr addrspace(N)`; `pointee` is kept when written as a typed pointer (`i64*`).
    Ptr {
        /// LLVM address space number.
        space: u32,
        /// The pointee of a typed pointer (the seed's spelling), `None` for `ptr`.
        pointee: Option<Box<Type>>,
    },
    /// `<N x T>`.
    Vector {
        /// Element count.
        count: u32,
        /// Element type.
        elem: Box<Type>,
    },
    /// `[N x T]`.
    Array {
        /// Element count.
        count: u64,
        /// Element type.
        elem: Box<Type>,
    },
    /// `{ T, ... }` or packed `<{ T, ... }>`.
    Struct {
        /// Packed (no padding).
        packed: bool,
        /// Field types.
        fields: Vec<Type>,
    },
    /// `%name`: a named type whose body lives elsewhere in the module.
    Named(String),
    /// `target("name", params...)`.
    Target {
        /// The extension type's name.
        name: String,
        /// Type parameters then integer parameters.
        params: Vec<TargetParam>,
    },
    /// `void`.
    Void,
}

impl Type {
    /// `ptr` in address space `space`.
    pub fn ptr(space: u32) -> Self {
        Type::Ptr {
            space,
            pointee: None,
        }
    }

    /// Whether this is an integer type.
    pub fn is_int(&self) -> bool {
        matches!(self, Type::Int(_))
    }

    /// Whether this is a pointer type.
    pub fn is_ptr(&self) -> bool {
        matches!(self, Type::Ptr { .. })
    }

    /// Whether this is a floating-point type.
    pub fn is_float(&self) -> bool {
        matches!(self, Type::Float(_))
    }

    /// Whether this is a vector type.
    pub fn is_vector(&self) -> bool {
        matches!(self, Type::Vector { .. })
    }

    /// The address space of a pointer type.
    pub fn address_space(&self) -> Option<u32> {
        match self {
            Type::Ptr { space, .. } => Some(*space),
            _ => None,
        }
    }

    /// The integer width, for integer types.
    pub fn int_bits(&self) -> Option<u32> {
        match self {
            Type::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// Equality as LLVM sees it: typed pointers compare by address space only (LLVM has
    /// opaque pointers; the pointee of the seed's spelling is a note for `DIOpDeref()`).
    pub fn same_as(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Ptr { space: a, .. }, Type::Ptr { space: b, .. }) => a == b,
            (Type::Vector { count: a, elem: x }, Type::Vector { count: b, elem: y }) => {
                a == b && x.same_as(y)
            }
            (Type::Array { count: a, elem: x }, Type::Array { count: b, elem: y }) => {
                a == b && x.same_as(y)
            }
            (
                Type::Struct {
                    packed: p,
                    fields: f,
                },
                Type::Struct {
                    packed: q,
                    fields: g,
                },
            ) => p == q && f.len() == g.len() && f.iter().zip(g).all(|(a, b)| a.same_as(b)),
            _ => self == other,
        }
    }

    /// Parses one type from `text` (the whole text must be the type).
    pub fn parse(text: &str) -> Result<Type, ParseError> {
        let mut c = Cursor::new(text);
        let parsed = parse_type(&mut c).and_then(|t| match c.peek() {
            Some(tok) => Err(c.error(ParseErrorKind::Trailing(tok_text(&tok)))),
            None => Ok(t),
        });
        c.finish(parsed)
    }
}

/// How a token reads in an error message.
pub(crate) fn tok_text(t: &Tok) -> String {
    match t {
        Tok::Word(w) | Tok::Number(w) => w.to_string(),
        Tok::Str(s) => format!("\"{s}\""),
        Tok::Bang(s) => format!("!{s}"),
        Tok::MdRef(n) => format!("!{n}"),
        Tok::Local(s) => format!("%{s}"),
        Tok::Global(s) => format!("@{s}"),
        Tok::Punct(c) => c.to_string(),
    }
}

fn is_int_name(w: &str) -> Option<u32> {
    let digits = w.strip_prefix('i')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// LLVM's widest integer type.
pub const MAX_INT_BITS: u32 = (1 << 23) - 1;

/// Parses a type at the cursor, with typed-pointer suffixes.
pub(crate) fn parse_type(c: &mut Cursor<'_>) -> Result<Type, ParseError> {
    parse_type_depth(c, 0)
}

fn parse_type_depth(c: &mut Cursor<'_>, depth: usize) -> Result<Type, ParseError> {
    if depth > MAX_TYPE_DEPTH {
        return Err(c.error(ParseErrorKind::TooDeep(MAX_TYPE_DEPTH)));
    }
    let at = c.at();
    let mut t = match c.next() {
        Some(Tok::Word(w)) => {
            if let Some(n) = is_int_name(w) {
                if n == 0 || n > MAX_INT_BITS {
                    return Err(super::error::ParseError::new(
                        at,
                        ParseErrorKind::BadNumber(w.to_string()),
                    ));
                }
                Type::Int(n)
            } else if let Some(f) = FloatKind::from_name(w) {
                Type::Float(f)
            } else {
                match w {
                    "void" => Type::Void,
                    "ptr" => Type::ptr(parse_addrspace(c)?.unwrap_or(0)),
                    "target" => parse_target(c, depth)?,
                    _ => {
                        return Err(ParseError::new(
                            at,
                            ParseErrorKind::UnknownType(w.to_string()),
                        ));
                    }
                }
            }
        }
        Some(Tok::Local(name)) => Type::Named(name.to_string()),
        Some(Tok::Punct('<')) => {
            if c.peek() == Some(Tok::Punct('{')) {
                c.next();
                let fields = parse_fields(c, depth)?;
                c.expect_punct('>')?;
                Type::Struct {
                    packed: true,
                    fields,
                }
            } else {
                if c.eat_word("vscale") {
                    return Err(ParseError::new(
                        at,
                        ParseErrorKind::UnknownType("scalable vector".into()),
                    ));
                }
                let n = c.unsigned("an element count")?;
                let count = u32::try_from(n)
                    .map_err(|_| ParseError::new(at, ParseErrorKind::BadNumber(n.to_string())))?;
                c.expect_word("x")?;
                let elem = parse_type_depth(c, depth + 1)?;
                c.expect_punct('>')?;
                Type::Vector {
                    count,
                    elem: Box::new(elem),
                }
            }
        }
        Some(Tok::Punct('[')) => {
            let count = c.unsigned("an element count")?;
            c.expect_word("x")?;
            let elem = parse_type_depth(c, depth + 1)?;
            c.expect_punct(']')?;
            Type::Array {
                count,
                elem: Box::new(elem),
            }
        }
        Some(Tok::Punct('{')) => Type::Struct {
            packed: false,
            fields: parse_fields(c, depth)?,
        },
        Some(t) => {
            return Err(ParseError::new(
                at,
                ParseErrorKind::Expected(format!("a type, found '{}'", tok_text(&t))),
            ));
        }
        None => {
            return Err(ParseError::new(
                at,
                ParseErrorKind::Expected("a type".into()),
            ));
        }
    };
    // Typed-pointer suffixes of the seed's spelling: `T*`, `T addrspace(N)*`.
    let mut levels = 0;
    loop {
        let save = c.position();
        let space = parse_addrspace(c)?;
        if c.eat_punct('*') {
            levels += 1;
            if levels > MAX_TYPE_DEPTH {
                return Err(c.error(ParseErrorKind::TooDeep(MAX_TYPE_DEPTH)));
            }
            t = Type::Ptr {
                space: space.unwrap_or(0),
                pointee: Some(Box::new(t)),
            };
        } else {
            c.reset(save);
            break;
        }
    }
    Ok(t)
}

fn parse_addrspace(c: &mut Cursor<'_>) -> Result<Option<u32>, ParseError> {
    if !c.eat_word("addrspace") {
        return Ok(None);
    }
    c.expect_punct('(')?;
    let at = c.at();
    let n = c.unsigned("an address space")?;
    let n = u32::try_from(n)
        .map_err(|_| ParseError::new(at, ParseErrorKind::BadNumber(n.to_string())))?;
    c.expect_punct(')')?;
    Ok(Some(n))
}

fn parse_fields(c: &mut Cursor<'_>, depth: usize) -> Result<Vec<Type>, ParseError> {
    let mut fields = Vec::new();
    if c.eat_punct('}') {
        return Ok(fields);
    }
    loop {
        fields.push(parse_type_depth(c, depth + 1)?);
        if c.eat_punct('}') {
            return Ok(fields);
        }
        c.expect_punct(',')?;
    }
}

fn parse_target(c: &mut Cursor<'_>, depth: usize) -> Result<Type, ParseError> {
    c.expect_punct('(')?;
    let name = match c.next() {
        Some(Tok::Str(s)) => s.to_string(),
        _ => return Err(c.error(ParseErrorKind::Expected("a quoted target type name".into()))),
    };
    let mut params = Vec::new();
    while c.eat_punct(',') {
        if let Some(Tok::Number(_)) = c.peek() {
            let at = c.at();
            let n = c.unsigned("an integer parameter")?;
            params.push(TargetParam::Int(u32::try_from(n).map_err(|_| {
                ParseError::new(at, ParseErrorKind::BadNumber(n.to_string()))
            })?));
        } else {
            params.push(TargetParam::Type(parse_type_depth(c, depth + 1)?));
        }
    }
    c.expect_punct(')')?;
    Ok(Type::Target { name, params })
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int(n) => write!(f, "i{n}"),
            Type::Float(k) => f.write_str(k.name()),
            Type::Ptr {
                space,
                pointee: None,
            } => match space {
                0 => f.write_str("ptr"),
                n => write!(f, "ptr addrspace({n})"),
            },
            Type::Ptr {
                space,
                pointee: Some(p),
            } => match space {
                0 => write!(f, "{p}*"),
                n => write!(f, "{p} addrspace({n})*"),
            },
            Type::Vector { count, elem } => write!(f, "<{count} x {elem}>"),
            Type::Array { count, elem } => write!(f, "[{count} x {elem}]"),
            Type::Struct { packed, fields } => {
                if *packed {
                    f.write_str("<")?;
                }
                if fields.is_empty() {
                    f.write_str("{}")?;
                } else {
                    f.write_str("{ ")?;
                    for (i, t) in fields.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{t}")?;
                    }
                    f.write_str(" }")?;
                }
                if *packed {
                    f.write_str(">")?;
                }
                Ok(())
            }
            Type::Named(n) => {
                if n.chars().all(word_ok) && !n.is_empty() {
                    write!(f, "%{n}")
                } else {
                    write!(f, "%\"{n}\"")
                }
            }
            Type::Target { name, params } => {
                write!(f, "target(\"{name}\"")?;
                for p in params {
                    match p {
                        TargetParam::Type(t) => write!(f, ", {t}")?,
                        TargetParam::Int(n) => write!(f, ", {n}")?,
                    }
                }
                f.write_str(")")
            }
            Type::Void => f.write_str("void"),
        }
    }
}

fn word_ok(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_print_back_as_written() {
        for s in [
            "i32",
            "i1",
            "i128",
            "half",
            "bfloat",
            "x86_fp80",
            "ptr",
            "ptr addrspace(5)",
            "<2 x i32>",
            "[4 x <2 x float>]",
            "{ i32, ptr }",
            "<{ i8, i32 }>",
            "{}",
            "%struct.type",
            "target(\"amdgpu.debug.whole.vreg\", i32, 32)",
            "i64 addrspace(5)*",
            "i64 addrspace(5)* addrspace(5)*",
            "i32*",
        ] {
            assert_eq!(Type::parse(s).unwrap().to_string(), s);
        }
    }

    #[test]
    fn typed_pointers_compare_as_opaque() {
        let typed = Type::parse("i64 addrspace(5)*").unwrap();
        assert!(typed.same_as(&Type::ptr(5)));
        assert!(!typed.same_as(&Type::ptr(1)));
    }

    #[test]
    fn bad_types_are_located() {
        let e = Type::parse("i0").unwrap_err();
        assert_eq!(e.at, 0);
        let e = Type::parse("<2 x>").unwrap_err();
        assert_eq!(e.at, 4);
        assert!(Type::parse("i32 i32").is_err());
        let deep = "[1 x ".repeat(200) + "i8" + &"]".repeat(200);
        assert!(matches!(
            Type::parse(&deep).unwrap_err().kind,
            ParseErrorKind::TooDeep(_)
        ));
    }
}
