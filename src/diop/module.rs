//! Reading the debug records of a textual LLVM IR module: `#dbg_value` / `#dbg_declare` /
//! `#dbg_assign` records, the older `llvm.dbg.value` / `llvm.dbg.declare` calls, and
//! `DIGlobalVariableExpression`s, with the variables they describe (name, enclosing
//! subprogram, size) and the module's data layout. Only what checking DIOp records needs is
//! read; the rest of the module is skipped line by line.

use std::collections::BTreeMap;

use super::error::ParseError;
use super::expr::Expression;
use super::lex::{Cursor, lex};
use super::types::{Type, parse_type};

/// Largest module read (bytes): input is untrusted.
pub const MAX_MODULE_BYTES: usize = 256 << 20;

/// Which kind of debug record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// `#dbg_value` or `llvm.dbg.value`: the variable's value.
    Value,
    /// `#dbg_declare` or `llvm.dbg.declare`: the variable's address.
    Declare,
    /// `#dbg_assign`.
    Assign,
    /// A `DIGlobalVariableExpression` (argument 0 is the global's address).
    Global,
}

/// One location operand of a record: a typed IR value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operand {
    /// Its type (`None` when it could not be read).
    pub ty: Option<Type>,
    /// The value as written: `%x`, `7`, `poison`, `@g`.
    pub value: String,
}

impl Operand {
    /// Whether the operand is `poison` (or `undef`).
    pub fn is_poison(&self) -> bool {
        self.value == "poison" || self.value == "undef"
    }
}

/// What a record describes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariableInfo {
    /// The metadata id of the `DILocalVariable` / `DIGlobalVariable`.
    pub id: u32,
    /// Its name.
    pub name: Option<String>,
    /// The `DISubprogram` enclosing it: (name, linkage name).
    pub subprogram: Option<(String, Option<String>)>,
    /// Size of its type in bits, when the metadata says.
    pub bits: Option<u64>,
    /// Whether it is a global variable.
    pub global: bool,
}

/// One debug record.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Line in the module (1-based).
    pub line: usize,
    /// Which kind.
    pub kind: RecordKind,
    /// The function it is in (`None` for globals).
    pub function: Option<String>,
    /// The location operands (one, or several through `!DIArgList`).
    pub operands: Vec<Operand>,
    /// The variable.
    pub variable: VariableInfo,
    /// The expression as written.
    pub expression_text: String,
    /// The expression, parsed (a non-DIOp expression is a parse error of kind `NotDiop`;
    /// the empty `!DIExpression()` is the old-style empty expression, with no operations).
    pub expression: Result<Expression, ParseError>,
}

/// A parsed module.
#[derive(Clone, Debug, Default)]
pub struct Module {
    /// `target datalayout`.
    pub datalayout: Option<String>,
    /// The debug records, in module order.
    pub records: Vec<Record>,
}

/// Why a module could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ModuleError {
    /// Too large.
    #[error("the module is {0} bytes, more than the {MAX_MODULE_BYTES} read")]
    TooLarge(usize),
    /// The text has none of the lines an LLVM IR module is made of (any text file would
    /// otherwise read as a module without debug records).
    #[error(
        "not LLVM IR text: no `define`, `declare`, `target`, `source_filename`, global or metadata line"
    )]
    NotIr,
    /// A line could not be read.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// The text inside the parentheses that open at `open` (balanced, strings skipped).
fn balanced(s: &str, open: usize) -> Option<&str> {
    let b = s.as_bytes();
    let mut depth = 0usize;
    let mut in_str = false;
    for (i, &c) in b.iter().enumerate().skip(open) {
        match c {
            b'"' => in_str = !in_str,
            b'(' if !in_str => depth += 1,
            b')' if !in_str => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(&s[open + 1..i]);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits on commas outside brackets and strings.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut in_str, mut start) = (0i32, false, 0);
    for (i, c) in s.char_indices() {
        match c {
            '"' => in_str = !in_str,
            '(' | '[' | '{' | '<' if !in_str => depth += 1,
            ')' | ']' | '}' | '>' if !in_str => depth -= 1,
            ',' if !in_str && depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() {
        out.push(last);
    }
    out
}

/// The value of `key:` among a metadata node's top-level fields.
fn field<'s>(body: &'s str, key: &str) -> Option<&'s str> {
    split_top(body).into_iter().find_map(|f| {
        let (k, v) = f.split_once(':')?;
        (k.trim() == key).then(|| v.trim())
    })
}

fn md_ref(v: &str) -> Option<u32> {
    v.strip_prefix('!')?.parse().ok()
}

fn unquote(v: &str) -> Option<String> {
    Some(v.strip_prefix('"')?.strip_suffix('"')?.to_string())
}

/// A metadata node: its kind (`DILocalVariable`) and the text inside its parentheses.
#[derive(Clone, Debug)]
struct Node {
    kind: String,
    body: String,
}

fn parse_operand(text: &str) -> Operand {
    let t = text.trim().strip_prefix("metadata ").unwrap_or(text.trim());
    let Ok(toks) = lex(t) else {
        return Operand {
            ty: None,
            value: t.to_string(),
        };
    };
    let mut c = Cursor::new(&toks, t.len());
    match parse_type(&mut c) {
        Ok(ty) => {
            let at = c.at();
            Operand {
                ty: Some(ty),
                value: t[at.min(t.len())..].trim().to_string(),
            }
        }
        Err(_) => Operand {
            ty: None,
            value: t.to_string(),
        },
    }
}

fn parse_operands(text: &str) -> Vec<Operand> {
    let t = text.trim().strip_prefix("metadata ").unwrap_or(text.trim());
    if let Some(rest) = t.strip_prefix("!DIArgList")
        && let Some(inner) = rest.find('(').and_then(|i| balanced(rest, i))
    {
        return split_top(inner).into_iter().map(parse_operand).collect();
    }
    vec![parse_operand(t)]
}

fn parse_expression(text: &str) -> Result<Expression, ParseError> {
    let toks = lex(text)?;
    let mut c = Cursor::new(&toks, text.len());
    Expression::parse_at(&mut c)
}

impl Module {
    /// Reads `text`.
    pub fn parse(text: &str) -> Result<Module, ModuleError> {
        if text.len() > MAX_MODULE_BYTES {
            return Err(ModuleError::TooLarge(text.len()));
        }
        let mut nodes: BTreeMap<u32, Node> = BTreeMap::new();
        let mut datalayout = None;
        // (line, function, kind, operand text, variable, expression text)
        let mut raw: Vec<(usize, Option<String>, RecordKind, String, String, String)> = Vec::new();
        let mut globals: Vec<(usize, String, u32)> = Vec::new();
        let mut function: Option<String> = None;
        let mut ir_lines = false;
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let l = line.trim();
            ir_lines |= [
                "target ",
                "source_filename",
                "define ",
                "declare ",
                "@",
                "!",
                "; ModuleID",
                "attributes #",
            ]
            .iter()
            .any(|p| l.starts_with(p));
            if let Some(rest) = l.strip_prefix("target datalayout = ") {
                datalayout = unquote(rest.trim());
            } else if l.starts_with("define ") {
                function = l.find('@').map(|at| {
                    let name = &l[at + 1..];
                    if let Some(q) = name.strip_prefix('"') {
                        q.split('"').next().unwrap_or("").to_string()
                    } else {
                        name.split('(').next().unwrap_or("").to_string()
                    }
                });
            } else if l == "}" {
                function = None;
            } else if let Some(global) = l.strip_prefix('@') {
                let name = global.split([' ', '=']).next().unwrap_or("").to_string();
                let mut rest = l;
                while let Some(p) = rest.find("!dbg !") {
                    let after = &rest[p + 6..];
                    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
                    if let Ok(n) = digits.parse() {
                        globals.push((line_no, name.clone(), n));
                    }
                    rest = after;
                }
            } else if let Some(rest) = l.strip_prefix('!')
                && let Some((id, def)) = rest.split_once(" = ")
                && let Ok(id) = id.trim().parse::<u32>()
            {
                let def = def.trim().strip_prefix("distinct ").unwrap_or(def.trim());
                if let Some(kind_end) = def.find('(')
                    && let Some(kind) = def[..kind_end].strip_prefix('!')
                    && let Some(body) = balanced(def, kind_end)
                {
                    nodes.insert(
                        id,
                        Node {
                            kind: kind.to_string(),
                            body: body.to_string(),
                        },
                    );
                }
            } else {
                let (kind, args) = if let Some(p) = l.find("#dbg_") {
                    let rest = &l[p + 5..];
                    let (k, open) = match rest.find('(') {
                        Some(o) => (&rest[..o], p + 5 + o),
                        None => continue,
                    };
                    let kind = match k {
                        "value" => RecordKind::Value,
                        "declare" => RecordKind::Declare,
                        "assign" => RecordKind::Assign,
                        _ => continue,
                    };
                    (kind, balanced(l, open))
                } else if let Some(p) = l
                    .find("@llvm.dbg.value(")
                    .or_else(|| l.find("@llvm.dbg.declare("))
                {
                    let kind = if l[p..].starts_with("@llvm.dbg.value") {
                        RecordKind::Value
                    } else {
                        RecordKind::Declare
                    };
                    let open = p + l[p..].find('(').unwrap_or(0);
                    (kind, balanced(l, open))
                } else {
                    continue;
                };
                let Some(args) = args else {
                    return Err(ModuleError::Line {
                        line: line_no,
                        message: "unbalanced parentheses in a debug record".into(),
                    });
                };
                let parts = split_top(args);
                if parts.len() < 3 {
                    return Err(ModuleError::Line {
                        line: line_no,
                        message: "a debug record with fewer than three operands".into(),
                    });
                }
                let strip = |s: &str| {
                    s.trim()
                        .strip_prefix("metadata ")
                        .unwrap_or(s.trim())
                        .to_string()
                };
                raw.push((
                    line_no,
                    function.clone(),
                    kind,
                    parts[0].to_string(),
                    strip(parts[1]),
                    strip(parts[2]),
                ));
            }
        }
        let m = Metadata { nodes };
        let mut records = Vec::new();
        // A record naming metadata the module does not define: a truncated or edited
        // module, whose records would otherwise check nothing without a word.
        let undefined = |line: usize, what: &str, text: &str| ModuleError::Line {
            line,
            message: format!(
                "the debug record's {what} {text} is not defined in the module (is the module truncated?)"
            ),
        };
        for (line, function, kind, operands, variable, expression) in raw {
            let id = md_ref(&variable)
                .filter(|id| m.nodes.contains_key(id))
                .ok_or_else(|| undefined(line, "variable", &variable))?;
            if md_ref(&expression).is_some_and(|id| !m.nodes.contains_key(&id)) {
                return Err(undefined(line, "expression", &expression));
            }
            let expression_text = m.expression_text(&expression);
            records.push(Record {
                line,
                kind,
                function,
                operands: parse_operands(&operands),
                variable: m.variable(id),
                expression: parse_expression(&expression_text),
                expression_text,
            });
        }
        for (line, global, id) in globals {
            let Some(node) = m.nodes.get(&id) else {
                return Err(undefined(line, "global's !dbg", &format!("!{id}")));
            };
            if node.kind != "DIGlobalVariableExpression" {
                continue;
            }
            let var = field(&node.body, "var")
                .and_then(md_ref)
                .unwrap_or(u32::MAX);
            let expression = field(&node.body, "expr")
                .unwrap_or("!DIExpression()")
                .to_string();
            let expression_text = m.expression_text(&expression);
            let mut variable = m.variable(var);
            variable.global = true;
            records.push(Record {
                line,
                kind: RecordKind::Global,
                function: None,
                operands: vec![Operand {
                    ty: None,
                    value: format!("@{global}"),
                }],
                variable,
                expression: parse_expression(&expression_text),
                expression_text,
            });
        }
        if !ir_lines {
            return Err(ModuleError::NotIr);
        }
        Ok(Module {
            datalayout,
            records,
        })
    }
}

struct Metadata {
    nodes: BTreeMap<u32, Node>,
}

impl Metadata {
    /// `!N` naming a `!DIExpression(...)` node becomes its text.
    fn expression_text(&self, e: &str) -> String {
        match md_ref(e).and_then(|n| self.nodes.get(&n)) {
            Some(node) => format!("!{}({})", node.kind, node.body),
            None => e.to_string(),
        }
    }

    fn variable(&self, id: u32) -> VariableInfo {
        let mut info = VariableInfo {
            id,
            ..VariableInfo::default()
        };
        let Some(node) = self.nodes.get(&id) else {
            return info;
        };
        info.global = node.kind == "DIGlobalVariable";
        info.name = field(&node.body, "name").and_then(unquote);
        info.bits = field(&node.body, "type")
            .and_then(md_ref)
            .and_then(|t| self.type_bits(t, 0));
        // Walk the scope chain to the subprogram.
        let mut scope = field(&node.body, "scope").and_then(md_ref);
        for _ in 0..256 {
            let Some(s) = scope.and_then(|s| self.nodes.get(&s)) else {
                break;
            };
            if s.kind == "DISubprogram" {
                let name = field(&s.body, "name").and_then(unquote).unwrap_or_default();
                let linkage = field(&s.body, "linkageName").and_then(unquote);
                info.subprogram = Some((name, linkage));
                break;
            }
            scope = field(&s.body, "scope").and_then(md_ref);
        }
        info
    }

    fn type_bits(&self, id: u32, depth: u32) -> Option<u64> {
        if depth > 64 {
            return None;
        }
        let node = self.nodes.get(&id)?;
        if let Some(size) = field(&node.body, "size").and_then(|s| s.parse::<u64>().ok())
            && size > 0
        {
            return Some(size);
        }
        // Typedefs and qualifiers take their base type's size.
        field(&node.body, "baseType")
            .and_then(md_ref)
            .and_then(|b| self.type_bits(b, depth + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_records_variables_and_globals() {
        let text = r#"
target datalayout = "e-p:64:64"
@g = addrspace(1) global i32 0, align 4, !dbg !40
define amdgpu_kernel void @k(i32 %a) !dbg !10 {
entry:
    #dbg_value(!DIArgList(i32 %a, i32 7), !30, !DIExpression(DIOpArg(0, i32), DIOpArg(1, i32), DIOpAdd()), !20)
  call void @llvm.dbg.declare(metadata ptr addrspace(5) %x, metadata !31, metadata !DIExpression(DIOpArg(0, ptr addrspace(5)), DIOpDeref(i32))), !dbg !20
    #dbg_value(i32 poison, !30, !DIExpression(), !20)
  ret void
}
!10 = distinct !DISubprogram(name: "k", linkageName: "_Z1k", scope: !1, file: !1, line: 1, type: !11, unit: !0)
!15 = distinct !DILexicalBlock(scope: !10, file: !1, line: 2)
!30 = !DILocalVariable(name: "s", scope: !15, file: !1, line: 3, type: !32)
!31 = !DILocalVariable(name: "t", scope: !10, file: !1, line: 3, type: !33)
!32 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!33 = !DIDerivedType(tag: DW_TAG_typedef, name: "myint", baseType: !32)
!40 = !DIGlobalVariableExpression(var: !41, expr: !DIExpression(DIOpArg(0, ptr addrspace(1)), DIOpDeref(i32)))
!41 = distinct !DIGlobalVariable(name: "g", scope: !0, file: !1, line: 1, type: !32, isLocal: false, isDefinition: true)
"#;
        let m = Module::parse(text).unwrap();
        assert_eq!(m.datalayout.as_deref(), Some("e-p:64:64"));
        assert_eq!(m.records.len(), 4);
        let r = &m.records[0];
        assert_eq!(r.kind, RecordKind::Value);
        assert_eq!(r.function.as_deref(), Some("k"));
        assert_eq!(r.operands.len(), 2);
        assert_eq!(r.operands[1].value, "7");
        assert_eq!(r.operands[0].ty, Some(Type::Int(32)));
        assert_eq!(r.variable.name.as_deref(), Some("s"));
        assert_eq!(
            r.variable.subprogram,
            Some(("k".into(), Some("_Z1k".into())))
        );
        assert_eq!(r.variable.bits, Some(32));
        assert_eq!(r.expression.as_ref().unwrap().ops.len(), 3);
        let d = &m.records[1];
        assert_eq!(d.kind, RecordKind::Declare);
        assert_eq!(d.operands[0].ty, Some(Type::ptr(5)));
        assert_eq!(
            d.variable.bits,
            Some(32),
            "typedef takes its base type's size"
        );
        // An empty expression is the old-style one: no DIOp operations.
        assert!(m.records[2].expression.as_ref().unwrap().ops.is_empty());
        assert!(m.records[2].operands[0].is_poison());
        let g = &m.records[3];
        assert_eq!(g.kind, RecordKind::Global);
        assert_eq!(g.operands[0].value, "@g");
        assert!(g.variable.global);
        assert_eq!(g.variable.name.as_deref(), Some("g"));
    }

    #[test]
    fn corpus_modules_read() {
        for name in ["ops.ll", "ocl-gfx90a-O2.ll", "hip-gfx1100-O2.ll"] {
            let path = format!("{}/corpora/diop/{name}", env!("CARGO_MANIFEST_DIR"));
            let m = Module::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert!(!m.records.is_empty(), "{name}");
            for r in &m.records {
                assert!(r.variable.name.is_some(), "{name}:{}: {r:?}", r.line);
                if r.kind != RecordKind::Global {
                    assert!(r.variable.subprogram.is_some(), "{name}:{}", r.line);
                }
                assert!(
                    r.expression.is_ok(),
                    "{name}:{}: {:?}",
                    r.line,
                    r.expression
                );
            }
        }
    }
}
