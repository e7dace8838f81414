//! Reading the debug records of a textual LLVM IR module: `#dbg_value` / `#dbg_declare` /
//! `#dbg_assign` records, the older `llvm.dbg.value` / `llvm.dbg.declare` calls, and
//! `DIGlobalVariableExpression`s, with the variables they describe (name, enclosing
//! subprogram, size) and the module's data layout. Only what checking DIOp records needs is
//! read; the rest of the module is skipped line by line.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::error::ParseError;
use super::expr::Expression;
use super::lex::Cursor;
use super::types::{Type, parse_type};

/// Largest module read (bytes): input is untrusted.
pub const MAX_MODULE_BYTES: usize = 256 << 20;

/// Largest expression text read (bytes): an expression the verifier accepts has at most
/// [`MAX_OPS`](super::expr::MAX_OPS) operations, which compilers write in a few hundred
/// bytes; a longer one is refused (a [`ModuleError::TooLong`]) rather than parsed.
pub const MAX_EXPRESSION_BYTES: usize = 1 << 20;

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
    pub name: Option<Arc<str>>,
    /// The `DISubprogram` enclosing it: (name, linkage name), shared by its variables.
    pub subprogram: Option<(Arc<str>, Option<Arc<str>>)>,
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
    pub function: Option<Arc<str>>,
    /// The location operands (one, or several through `!DIArgList`).
    pub operands: Vec<Operand>,
    /// The variable (records of one variable share it).
    pub variable: Arc<VariableInfo>,
    /// The expression as written (records naming one `!N` node share it).
    pub expression_text: Arc<str>,
    /// The expression, parsed once per text (a non-DIOp expression is a parse error of
    /// kind `NotDiop`; the empty `!DIExpression()` is the old-style empty expression, with
    /// no operations); records naming one `!N` node share it.
    pub expression: Result<Arc<Expression>, Arc<ParseError>>,
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
    /// Text the reader would parse (an expression) is longer than it reads.
    #[error("line {line}: {what} is {bytes} bytes, more than the {MAX_EXPRESSION_BYTES} read")]
    TooLong {
        /// 1-based line where the text is.
        line: usize,
        /// What the text is (`the expression !5`).
        what: String,
        /// Its length.
        bytes: usize,
    },
    /// A line could not be read.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl ModuleError {
    /// What kind of failure this is: a module too large for its limits, or one that does
    /// not parse.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        match self {
            ModuleError::TooLarge(_) | ModuleError::TooLong { .. } => hetdwarf::ErrorKind::Limit,
            _ => hetdwarf::ErrorKind::Malformed,
        }
    }
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

/// A metadata node: its kind (`DILocalVariable`), the text inside its parentheses (a
/// slice of the module: a node is never copied) and the line it is defined on.
#[derive(Clone, Copy, Debug)]
struct Node<'t> {
    kind: &'t str,
    body: &'t str,
    line: usize,
}

fn parse_operand(text: &str) -> Operand {
    let t = text.trim().strip_prefix("metadata ").unwrap_or(text.trim());
    let mut c = Cursor::new(t);
    let parsed = parse_type(&mut c);
    // The value after the type must lex (as the whole operand had to).
    if parsed.is_ok() {
        c.peek();
    }
    match c.finish(parsed) {
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

/// Parses an expression's text, which was checked against [`MAX_EXPRESSION_BYTES`]; the
/// parser pulls tokens, so it stops at the first error or the operation limit.
fn parse_expression(text: &str) -> Result<Arc<Expression>, Arc<ParseError>> {
    let mut c = Cursor::new(text);
    let parsed = Expression::parse_at(&mut c);
    // What follows the expression must lex (as the whole text had to).
    if parsed.is_ok() {
        c.peek();
    }
    c.finish(parsed).map(Arc::new).map_err(Arc::new)
}

/// An expression's text and parse, shared by the records that name it.
type SharedExpression = (Arc<str>, Result<Arc<Expression>, Arc<ParseError>>);

/// A debug record as read on its line, before its metadata is resolved: (line, function,
/// kind, operand text, variable, expression text).
type RawRecord<'t> = (
    usize,
    Option<Arc<str>>,
    RecordKind,
    &'t str,
    &'t str,
    &'t str,
);

/// Refuses an expression text of `bytes` written at `line` when it is longer than the
/// reader parses.
fn check_size(bytes: usize, line: usize, what: impl FnOnce() -> String) -> Result<(), ModuleError> {
    if bytes > MAX_EXPRESSION_BYTES {
        return Err(ModuleError::TooLong {
            line,
            what: what(),
            bytes,
        });
    }
    Ok(())
}

/// Parses an expression written inline at `line`, once its size is checked.
fn inline_expression(text: &str, line: usize) -> Result<SharedExpression, ModuleError> {
    check_size(text.len(), line, || "the debug record's expression".into())?;
    Ok((Arc::from(text), parse_expression(text)))
}

impl Module {
    /// Reads `text`.
    pub fn parse<'t>(text: &'t str) -> Result<Module, ModuleError> {
        if text.len() > MAX_MODULE_BYTES {
            return Err(ModuleError::TooLarge(text.len()));
        }
        let mut nodes: BTreeMap<u32, Node<'_>> = BTreeMap::new();
        let mut datalayout = None;
        let mut raw: Vec<RawRecord<'t>> = Vec::new();
        let mut globals: Vec<(usize, Arc<str>, u32)> = Vec::new();
        // Shared by the records of the function: a name is kept once, however many name it.
        let mut function: Option<Arc<str>> = None;
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
                    Arc::from(if let Some(q) = name.strip_prefix('"') {
                        q.split('"').next().unwrap_or("")
                    } else {
                        name.split('(').next().unwrap_or("")
                    })
                });
            } else if l == "}" {
                function = None;
            } else if let Some(global) = l.strip_prefix('@') {
                let name: Arc<str> = Arc::from(global.split([' ', '=']).next().unwrap_or(""));
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
                            kind,
                            body,
                            line: line_no,
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
                let strip = |s: &'t str| s.trim().strip_prefix("metadata ").unwrap_or(s.trim());
                raw.push((
                    line_no,
                    function.clone(),
                    kind,
                    parts[0],
                    strip(parts[1]),
                    strip(parts[2]),
                ));
            }
        }
        let mut m = Metadata {
            nodes,
            ..Metadata::default()
        };
        let mut records = Vec::new();
        // A record naming metadata the module does not define: a truncated or edited
        // module, whose records would otherwise check nothing without a word.
        let undefined = |line: usize, what: &str, text: &str| ModuleError::Line {
            line,
            message: format!(
                "the debug record's {what} {text} is not defined in the module (is the module truncated?)"
            ),
        };
        // Inline expressions by text: LLVM uniques `!DIExpression`s, and a module repeats
        // each one at every record of its kind, so each text is parsed once.
        let mut inline: std::collections::HashMap<&str, SharedExpression> =
            std::collections::HashMap::new();
        for (line, function, kind, operands, variable, expression) in raw {
            let id = md_ref(variable)
                .filter(|id| m.nodes.contains_key(id))
                .ok_or_else(|| undefined(line, "variable", variable))?;
            let (expression_text, expression) = match md_ref(expression) {
                Some(e) => m
                    .expression(e)?
                    .ok_or_else(|| undefined(line, "expression", expression))?,
                None => match inline.get(expression) {
                    Some(shared) => shared.clone(),
                    None => {
                        let shared = inline_expression(expression, line)?;
                        inline.insert(expression, shared.clone());
                        shared
                    }
                },
            };
            records.push(Record {
                line,
                kind,
                function,
                operands: parse_operands(operands),
                variable: m.variable(id, false),
                expression,
                expression_text,
            });
        }
        for (line, global, id) in globals {
            let Some(node) = m.nodes.get(&id).copied() else {
                return Err(undefined(line, "global's !dbg", &format!("!{id}")));
            };
            if node.kind != "DIGlobalVariableExpression" {
                continue;
            }
            let (var, (expression_text, expression)) = m.global_expression(id, node)?;
            records.push(Record {
                line,
                kind: RecordKind::Global,
                function: None,
                operands: vec![Operand {
                    ty: None,
                    value: format!("@{global}"),
                }],
                variable: m.variable(var, true),
                expression,
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

/// Where following one link of a chain of nodes (a scope's parent, a type's base) leads.
enum Step<V> {
    /// The chain ends with an answer.
    Found(V),
    /// On to this node.
    Next(u32),
    /// The chain ends without one.
    Nothing,
}

/// The module's metadata nodes, and what has been worked out from them: every answer is
/// kept by node id, so that each node is split into its fields once however many records,
/// variables or scopes lead to it.
#[derive(Default)]
struct Metadata<'t> {
    nodes: BTreeMap<u32, Node<'t>>,
    expressions: BTreeMap<u32, SharedExpression>,
    globals: BTreeMap<u32, (u32, SharedExpression)>,
    variables: BTreeMap<u32, (Arc<VariableInfo>, Arc<VariableInfo>)>,
    /// Scope -> the subprogram its chain of scopes reaches.
    subprograms_of: BTreeMap<u32, Option<u32>>,
    /// Subprogram -> its (name, linkage name).
    subprogram_names: BTreeMap<u32, (Arc<str>, Option<Arc<str>>)>,
    /// Type -> its size in bits (typedefs and qualifiers take their base type's).
    bits: BTreeMap<u32, Option<u64>>,
}

impl<'t> Metadata<'t> {
    /// The expression node `!id` (`None` when it is not defined), parsed once.
    fn expression(&mut self, id: u32) -> Result<Option<SharedExpression>, ModuleError> {
        if let Some(e) = self.expressions.get(&id) {
            return Ok(Some(e.clone()));
        }
        let Some(node) = self.nodes.get(&id).copied() else {
            return Ok(None);
        };
        let bytes = node.kind.len() + node.body.len() + 3;
        check_size(bytes, node.line, || format!("the expression !{id}"))?;
        let text = format!("!{}({})", node.kind, node.body);
        let shared = (Arc::from(text.as_str()), parse_expression(&text));
        self.expressions.insert(id, shared.clone());
        Ok(Some(shared))
    }

    /// The variable and expression of the `DIGlobalVariableExpression` `!id`, read once.
    fn global_expression(
        &mut self,
        id: u32,
        node: Node<'t>,
    ) -> Result<(u32, SharedExpression), ModuleError> {
        if let Some(g) = self.globals.get(&id) {
            return Ok(g.clone());
        }
        let var = field(node.body, "var").and_then(md_ref).unwrap_or(u32::MAX);
        let expression = field(node.body, "expr").unwrap_or("!DIExpression()");
        let shared = match md_ref(expression) {
            // A reference to a node the module lacks is kept as written, as before.
            Some(e) => match self.expression(e)? {
                Some(shared) => shared,
                None => (Arc::from(expression), parse_expression(expression)),
            },
            None => {
                check_size(expression.len(), node.line, || {
                    format!("the expression of !{id}")
                })?;
                (Arc::from(expression), parse_expression(expression))
            }
        };
        self.globals.insert(id, (var, shared.clone()));
        Ok((var, shared))
    }

    /// What the variable `!id` is (a global's record marks it global), read once.
    fn variable(&mut self, id: u32, global_record: bool) -> Arc<VariableInfo> {
        if let Some((local, global)) = self.variables.get(&id) {
            return if global_record { global } else { local }.clone();
        }
        let mut info = VariableInfo {
            id,
            ..VariableInfo::default()
        };
        if let Some(node) = self.nodes.get(&id).copied() {
            info.global = node.kind == "DIGlobalVariable";
            info.name = field(node.body, "name").and_then(unquote).map(Arc::from);
            info.bits = field(node.body, "type")
                .and_then(md_ref)
                .and_then(|t| self.type_bits(t));
            info.subprogram = field(node.body, "scope")
                .and_then(md_ref)
                .and_then(|s| self.subprogram_of(s))
                .map(|s| self.subprogram_name(s));
        }
        let local = Arc::new(info.clone());
        info.global = true;
        let global = Arc::new(info);
        self.variables.insert(id, (local.clone(), global.clone()));
        if global_record { global } else { local }
    }

    /// The `DISubprogram` that the chain of scopes from `scope` reaches.
    fn subprogram_of(&mut self, scope: u32) -> Option<u32> {
        let nodes = &self.nodes;
        resolve_chain(&mut self.subprograms_of, scope, |id| match nodes.get(&id) {
            None => Step::Nothing,
            Some(n) if n.kind == "DISubprogram" => Step::Found(id),
            Some(n) => field(n.body, "scope")
                .and_then(md_ref)
                .map_or(Step::Nothing, Step::Next),
        })
    }

    fn subprogram_name(&mut self, id: u32) -> (Arc<str>, Option<Arc<str>>) {
        if let Some(names) = self.subprogram_names.get(&id) {
            return names.clone();
        }
        let body = self.nodes.get(&id).map_or("", |n| n.body);
        let name = field(body, "name").and_then(unquote).unwrap_or_default();
        let linkage = field(body, "linkageName").and_then(unquote);
        let names = (Arc::from(name), linkage.map(Arc::from));
        self.subprogram_names.insert(id, names.clone());
        names
    }

    fn type_bits(&mut self, id: u32) -> Option<u64> {
        let nodes = &self.nodes;
        resolve_chain(&mut self.bits, id, |id| {
            let Some(node) = nodes.get(&id) else {
                return Step::Nothing;
            };
            if let Some(size) = field(node.body, "size").and_then(|s| s.parse::<u64>().ok())
                && size > 0
            {
                return Step::Found(size);
            }
            // Typedefs and qualifiers take their base type's size.
            field(node.body, "baseType")
                .and_then(md_ref)
                .map_or(Step::Nothing, Step::Next)
        })
    }
}

/// Follows `step` from `start` to the end of its chain and keeps the answer for every node
/// passed, so that chains sharing a tail (the scopes of a function's blocks, the typedefs
/// of one type) are walked once in all. A chain that comes back to a node it passed has no
/// answer.
fn resolve_chain<V: Copy>(
    memo: &mut BTreeMap<u32, Option<V>>,
    start: u32,
    step: impl Fn(u32) -> Step<V>,
) -> Option<V> {
    let mut path = Vec::new();
    let mut on_path = BTreeSet::new();
    let mut at = start;
    let answer = loop {
        if let Some(&known) = memo.get(&at) {
            break known;
        }
        if !on_path.insert(at) {
            break None;
        }
        path.push(at);
        match step(at) {
            Step::Found(v) => break Some(v),
            Step::Next(next) => at = next,
            Step::Nothing => break None,
        }
    };
    for id in path {
        memo.insert(id, answer);
    }
    answer
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
            let path = format!("{}/../corpora/diop/{name}", env!("CARGO_MANIFEST_DIR"));
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

    /// ops.ll-like text: one function, `records` in it, `nodes` after it.
    fn module_with(records: &str, nodes: &str) -> String {
        format!(
            "define void @k() !dbg !10 {{\nentry:\n{records}  ret void\n}}\n\
             !10 = distinct !DISubprogram(name: \"k\", linkageName: \"_Z1k\", unit: !0)\n\
             !32 = !DIBasicType(name: \"int\", size: 32, encoding: DW_ATE_signed)\n{nodes}"
        )
    }

    #[test]
    fn records_share_what_they_name() {
        let record = "    #dbg_value(i32 %a, !30, !5, !20)\n";
        let text = module_with(
            &record.repeat(3),
            "!5 = !DIExpression(DIOpArg(0, i32))\n\
             !30 = !DILocalVariable(name: \"s\", scope: !10, type: !32)\n",
        );
        let m = Module::parse(&text).unwrap();
        let (a, b) = (&m.records[0], &m.records[2]);
        assert!(Arc::ptr_eq(&a.variable, &b.variable));
        assert!(Arc::ptr_eq(&a.expression_text, &b.expression_text));
        assert!(Arc::ptr_eq(
            a.expression.as_ref().unwrap(),
            b.expression.as_ref().unwrap()
        ));
        assert_eq!(&*a.expression_text, "!DIExpression(DIOpArg(0, i32))");
    }

    #[test]
    fn scope_chains_are_followed_to_their_end_and_cycles_end() {
        // 300 nested blocks: the subprogram is found, however deep.
        let mut nodes =
            String::from("!30 = !DILocalVariable(name: \"s\", scope: !399, type: !33)\n");
        for i in 100..400 {
            let parent = if i == 100 { 10 } else { i - 1 };
            nodes.push_str(&format!(
                "!{i} = distinct !DILexicalBlock(scope: !{parent})\n"
            ));
        }
        // Typedefs in a cycle have no size; blocks in a cycle no subprogram.
        nodes.push_str(
            "!31 = !DILocalVariable(name: \"t\", scope: !41, type: !34)\n\
             !33 = !DIDerivedType(tag: DW_TAG_typedef, baseType: !32)\n\
             !34 = !DIDerivedType(tag: DW_TAG_typedef, baseType: !35)\n\
             !35 = !DIDerivedType(tag: DW_TAG_typedef, baseType: !34)\n\
             !41 = distinct !DILexicalBlock(scope: !42)\n\
             !42 = distinct !DILexicalBlock(scope: !41)\n",
        );
        let records = "    #dbg_value(i32 %a, !30, !DIExpression(), !20)\n\
                       #dbg_value(i32 %a, !31, !DIExpression(), !20)\n";
        let m = Module::parse(&module_with(records, &nodes)).unwrap();
        let s = &m.records[0].variable;
        assert_eq!(s.subprogram, Some(("k".into(), Some("_Z1k".into()))));
        assert_eq!(s.bits, Some(32));
        let t = &m.records[1].variable;
        assert_eq!((&t.subprogram, t.bits), (&None, None));
    }

    #[test]
    fn an_expression_longer_than_read_is_refused_naming_its_line() {
        let var = "!30 = !DILocalVariable(name: \"s\", scope: !10, type: !32)\n";
        let long = format!(
            "!5 = !DIExpression({})\n{var}",
            ",".repeat(MAX_EXPRESSION_BYTES)
        );
        let text = module_with("    #dbg_value(i32 %a, !30, !5, !20)\n", &long);
        let e = Module::parse(&text).unwrap_err();
        assert_eq!(
            e,
            ModuleError::TooLong {
                line: 8,
                what: "the expression !5".into(),
                bytes: MAX_EXPRESSION_BYTES + "!DIExpression()".len(),
            }
        );
        assert_eq!(e.kind(), hetdwarf::ErrorKind::Limit);
        // Inline, the record's own line.
        let inline = format!(
            "    #dbg_value(i32 %a, !30, !DIExpression({}), !20)\n",
            "(".repeat(MAX_EXPRESSION_BYTES / 2) + &")".repeat(MAX_EXPRESSION_BYTES / 2)
        );
        let e = Module::parse(&module_with(&inline, var)).unwrap_err();
        assert!(matches!(e, ModuleError::TooLong { line: 3, .. }), "{e}");
        // Under the limit the parser stops at the first token it cannot take.
        let text = module_with(
            &format!(
                "    #dbg_value(i32 %a, !30, !DIExpression(DIOpArg(0, i32){}), !20)\n",
                ",".repeat(MAX_EXPRESSION_BYTES / 2)
            ),
            var,
        );
        let m = Module::parse(&text).unwrap();
        let e = m.records[0].expression.as_ref().unwrap_err();
        assert_eq!(e.at, 30);
    }
}
