//! Variable paths (`*s.ptr`, `p->a->b`, `p[5]`): the grammar, the step notation and their
//! parser; the grammar is documented on [`Path`].

use std::fmt;

/// One step of a variable path.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// `.m`: a member of a structure, class or union.
    Member(String),
    /// `[i]`: an element of an array or vector, or through a pointer `*(p + i)`.
    Index(i128),
    /// `*`: follow the pointer.
    Deref,
}

/// Why a variable path was rejected or could not be followed; see
/// [`VarError::Path`](super::VarError::Path).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PathError {
    /// The text is not a path of the grammar (see [`Path`]).
    #[error("syntax: {0}")]
    Syntax(String),
    /// The structure has no member of that name.
    #[error("{ty} has no member `{member}`")]
    UnknownMember {
        /// The type searched.
        ty: String,
        /// The member asked for.
        member: String,
    },
    /// `.m` or `->m` on something that is not a structure, class or union.
    #[error("{ty} is not a structure, class or union")]
    NotAStruct {
        /// The type.
        ty: String,
    },
    /// The index is outside the bounds of an array with known bounds.
    #[error("index {index} out of bounds {bounds}")]
    IndexOutOfBounds {
        /// The index.
        index: i128,
        /// The bounds, as the type says (`[0, 4)`).
        bounds: String,
    },
    /// `[i]` on something that is neither an array, a vector nor a pointer.
    #[error("{ty} is neither an array nor a pointer")]
    NotIndexable {
        /// The type.
        ty: String,
    },
    /// `*`, `->` or `[i]` through something that is not a pointer.
    #[error("`{operand}` is not a pointer (its type is {ty})")]
    NotAPointer {
        /// The expression that is not a pointer.
        operand: String,
        /// Its type.
        ty: String,
    },
    /// The pointer's own value could not be had (optimized out, unavailable, unreadable).
    #[error("`{operand}` cannot be followed: {reason}")]
    PointerUnreadable {
        /// The pointer expression.
        operand: String,
        /// Why.
        reason: String,
    },
    /// The pointer points to `void` (or an incomplete type): nothing to read there.
    #[error("{ty} points to void: cast it first")]
    VoidPointee {
        /// The pointer type.
        ty: String,
    },
    /// Any other failure of the step (a member at a computed location that fails to
    /// evaluate, an unsupported type).
    #[error("{0}")]
    Other(String),
}

impl PathError {
    /// What kind of failure this is: a path the caller wrote that does not resolve.
    pub fn kind(&self) -> crate::ErrorKind {
        crate::ErrorKind::Usage
    }
}

/// Variable paths: the C/GDB-style expressions `print` and `set` take (`*s.ptr`,
/// `p->a->b`, `p[5]`, `(*p).x`, `**pp`), parsed into the steps that are evaluated one by
/// one from the variable's location ([`Frame::read`](crate::var::Frame::read)).
///
/// # Grammar
///
/// ```text
/// expr    := '*' expr | postfix
/// postfix := primary { '.' member | '->' member | '[' integer ']' }
/// primary := variable | '(' expr ')'
/// ```
///
/// C precedence: postfix steps bind tighter than the prefix `*`, so `*s.ptr` is
/// `*(s.ptr)` and `*p[1]` is `*(p[1])`; `(*p).x` is `p->x`. `[i]` indexes an array (or
/// a vector) in place, or follows a pointer: `p[i]` is `*(p + i)`, the element size
/// being the pointee type's. Integers are as [`typed`](crate::typed) parses them
/// (`3`, `-1`, `0x10`).
///
/// # Step notation
///
/// The path after the variable, as [`Frame::values`](crate::var::Frame::values),
/// [`Frame::read`](crate::var::Frame::read) and [`Frame::write`](crate::var::Frame::write) take it,
/// is a sequence of steps applied left to right: `.m` (or `m` first), `[i]`, `->m` and a
/// bare `*`, which follows the pointer built so far. [`parse_expr`] turns `*s.ptr` into
/// the variable `s` and the steps `.ptr*`; `p->x`, `(*p).x` and `*.x` (after `p`) are the
/// same steps.
///
/// A `Path` is the steps after a variable, in evaluation order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Path {
    /// The steps.
    pub steps: Vec<Step>,
}

impl Path {
    /// Parses the step notation (see [`Path`]): `""`, `.x[2]`,
    /// `*`, `*.x`, `->a->b`, `.ptr*`.
    pub fn parse_steps(text: &str) -> Result<Self, PathError> {
        let mut p = Parser::new(text);
        let mut steps = Vec::new();
        p.skip_ws();
        // A leading member name without a dot (`pos[1]`).
        if name_len(p.rest()) > 0 {
            steps.push(Step::Member(p.ident()?));
        }
        loop {
            p.skip_ws();
            if p.eat("*") {
                steps.push(Step::Deref);
            } else if !p.postfix(&mut steps)? {
                break;
            }
        }
        p.end()?;
        Ok(Path { steps })
    }

    /// The steps in step notation (`.ptr*`, `*.x`, `[3]`); [`parse_steps`](Self::parse_steps)
    /// reads it back.
    pub fn steps_text(&self) -> String {
        let mut s = String::new();
        for step in &self.steps {
            match step {
                Step::Member(m) => {
                    s.push('.');
                    s.push_str(m);
                }
                Step::Index(i) => s.push_str(&format!("[{i}]")),
                Step::Deref => s.push('*'),
            }
        }
        s
    }

    /// The expression `name` followed by the first `n` steps, in C: `*s.ptr`, `p->x`,
    /// `(*p)[1]`. Used to name the step that failed.
    pub fn c_text(&self, name: &str, n: usize) -> String {
        let mut e = name.to_string();
        // Whether `e` is a prefix expression (needs parentheses before a postfix step).
        let mut prefix = false;
        let mut last_deref = false;
        for step in self.steps.iter().take(n) {
            match step {
                Step::Deref => {
                    e = format!("*{e}");
                    prefix = true;
                    last_deref = true;
                    continue;
                }
                Step::Member(m) if last_deref => {
                    e = format!("{}->{m}", &e[1..]);
                }
                Step::Member(m) if prefix => e = format!("({e}).{m}"),
                Step::Member(m) => e = format!("{e}.{m}"),
                Step::Index(i) if prefix => e = format!("({e})[{i}]"),
                Step::Index(i) => e = format!("{e}[{i}]"),
            }
            prefix = false;
            last_deref = false;
        }
        e
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.steps_text())
    }
}

/// Parses a variable expression (`*holder.ptr`, `p->a[2].b`, `(*p).x`, `**pp`) into the
/// variable's name and the steps after it (see [`Path`]).
pub fn parse_expr(text: &str) -> Result<(String, Path), PathError> {
    let mut p = Parser::new(text);
    let mut steps = Vec::new();
    let name = p.expr(&mut steps, 0)?;
    p.skip_ws();
    p.end()?;
    Ok((name, Path { steps }))
}

/// Characters that end a name: operators of the grammar and white space. Anything else
/// may be in a name (`ns::x`, `bad:loclist-overlap`, `$x`), except `->`.
fn ends_name(c: char) -> bool {
    matches!(c, '.' | '[' | ']' | '(' | ')' | '*') || c.is_whitespace()
}

/// The length of the name at the start of `r` (0: none).
fn name_len(r: &str) -> usize {
    let mut end = 0;
    for (i, c) in r.char_indices() {
        if ends_name(c) || r[i..].starts_with("->") {
            break;
        }
        end = i + c.len_utf8();
    }
    end
}

struct Parser<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> Parser<'t> {
    fn new(text: &'t str) -> Self {
        Parser { text, pos: 0 }
    }

    fn rest(&self) -> &'t str {
        &self.text[self.pos..]
    }

    fn skip_ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start().len();
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.rest().starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn error(&self, what: &str) -> PathError {
        let at = self.rest();
        if at.is_empty() {
            PathError::Syntax(format!("{what} at the end of {:?}", self.text))
        } else {
            PathError::Syntax(format!("{what} at {at:?}"))
        }
    }

    fn end(&self) -> Result<(), PathError> {
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(self.error("unexpected text"))
        }
    }

    fn ident(&mut self) -> Result<String, PathError> {
        self.skip_ws();
        let r = self.rest();
        let end = name_len(r);
        if end == 0 {
            return Err(self.error("expected a name"));
        }
        self.pos += end;
        Ok(r[..end].to_string())
    }

    /// One postfix step, appended to `steps`; `false` when none follows.
    fn postfix(&mut self, steps: &mut Vec<Step>) -> Result<bool, PathError> {
        self.skip_ws();
        if self.eat("->") {
            steps.push(Step::Deref);
            steps.push(Step::Member(self.ident()?));
        } else if self.eat(".") {
            steps.push(Step::Member(self.ident()?));
        } else if self.eat("[") {
            let r = self.rest();
            let close = r.find(']').ok_or_else(|| self.error("missing `]`"))?;
            let inner = r[..close].trim();
            let index = crate::typed::parse_int(inner)
                .map_err(|e| PathError::Syntax(format!("index {inner:?}: {e}")))?;
            self.pos += close + 1;
            steps.push(Step::Index(index));
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    /// `expr`: returns the variable's name; the steps are appended in evaluation order.
    fn expr(&mut self, steps: &mut Vec<Step>, depth: u32) -> Result<String, PathError> {
        if depth > 64 {
            return Err(self.error("nested too deeply"));
        }
        self.skip_ws();
        if self.eat("*") {
            let name = self.expr(steps, depth + 1)?;
            steps.push(Step::Deref);
            return Ok(name);
        }
        let name = if self.eat("(") {
            let name = self.expr(steps, depth + 1)?;
            self.skip_ws();
            if !self.eat(")") {
                return Err(self.error("missing `)`"));
            }
            name
        } else {
            self.ident()?
        };
        while self.postfix(steps)? {}
        Ok(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> (String, String) {
        let (name, path) = parse_expr(text).unwrap();
        (name, path.steps_text())
    }

    #[test]
    fn c_precedence() {
        assert_eq!(parsed("x"), ("x".into(), "".into()));
        assert_eq!(parsed("*p"), ("p".into(), "*".into()));
        assert_eq!(parsed("p->x"), ("p".into(), "*.x".into()));
        assert_eq!(parsed("(*p).x"), ("p".into(), "*.x".into()));
        assert_eq!(parsed("*holder.ptr"), ("holder".into(), ".ptr*".into()));
        assert_eq!(parsed("**pp"), ("pp".into(), "**".into()));
        assert_eq!(parsed("p->a->b"), ("p".into(), "*.a*.b".into()));
        assert_eq!(parsed("s.ptr->x[2]"), ("s".into(), ".ptr*.x[2]".into()));
        assert_eq!(parsed("*p[1]"), ("p".into(), "[1]*".into()));
        assert_eq!(parsed("(*p)[1]"), ("p".into(), "*[1]".into()));
        assert_eq!(
            parsed(" * ( * pp ) . m [ -1 ] "),
            ("pp".into(), "*.m[-1]*".into())
        );
        assert_eq!(parsed("(*pp).m[-1]"), ("pp".into(), "*.m[-1]".into()));
        assert_eq!(parsed("m[1][0x2]"), ("m".into(), "[1][2]".into()));
        assert_eq!(parsed("ns::x->y"), ("ns::x".into(), "*.y".into()));
        assert_eq!(
            parsed("bad:loclist-overlap"),
            ("bad:loclist-overlap".into(), "".into())
        );
    }

    #[test]
    fn syntax_errors() {
        for bad in [
            "", "*", "p.", "p->", "p[", "p[x]", "(p", "p)", "p q", "p.->x",
        ] {
            assert!(
                matches!(parse_expr(bad), Err(PathError::Syntax(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn steps_round_trip_and_legacy_forms() {
        for text in ["", ".x", "*", "*.x", ".ptr*", "**", "*.a*.b[3]", "[1][2].c"] {
            assert_eq!(Path::parse_steps(text).unwrap().steps_text(), text);
        }
        assert_eq!(Path::parse_steps("pos[1]").unwrap().steps_text(), ".pos[1]");
        assert_eq!(Path::parse_steps("->a->b").unwrap().steps_text(), "*.a*.b");
        assert!(Path::parse_steps(".x)").is_err());
    }

    #[test]
    fn c_text_names_steps() {
        let (name, path) = parse_expr("*s.ptr").unwrap();
        assert_eq!(path.c_text(&name, 1), "s.ptr");
        assert_eq!(path.c_text(&name, 2), "*s.ptr");
        let (name, path) = parse_expr("p->a->b[2]").unwrap();
        assert_eq!(path.c_text(&name, 2), "p->a");
        assert_eq!(path.c_text(&name, 5), "p->a->b[2]");
        let (name, path) = parse_expr("(*p)[1]").unwrap();
        assert_eq!(path.c_text(&name, 2), "(*p)[1]");
        let (name, path) = parse_expr("**pp").unwrap();
        assert_eq!(path.c_text(&name, 2), "**pp");
    }
}
