//! The seed document's own spelling of lifetimes, before the fork moved DIOp into
//! `!DIExpression`: `distinct !DILifetime(object: !N, location: !DIExpr(...), argObjects:
//! {!A, !B})`, `distinct !DIFragment()`, the `llvm.dbg.def` / `llvm.dbg.kill` intrinsics (and
//! MIR's `DBG_DEF` / `DBG_KILL`), and `!dbg.default` on globals. Read into [`Lifetimes`] whose
//! ranges are in lines of the text: the seed defines a bounded segment from its `def` along
//! the following instructions to its `kill` (or the end of the function), so a line stands
//! for an instruction.

use std::collections::BTreeMap;

use super::binding::Binding;
use super::expr::Expression;
use super::lifetime::{Lifetime, Lifetimes, Validity};

/// What reading a seed-style text gave.
#[derive(Clone, Debug, Default)]
pub struct SeedModule {
    /// Objects (variables and fragments, named by their metadata id, `!1`, or the
    /// variable's name when it has one) and segments; each segment's referrer is
    /// [`Binding::Undefined`] until the caller binds it (see `referrers`).
    pub lifetimes: Lifetimes,
    /// For each segment: the referrer as written (`i64 addrspace(5)* %addr.x`, `$r0`, `@g`).
    pub referrers: Vec<Option<String>>,
}

/// Why a seed-style text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct SeedError {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl SeedError {
    /// What kind of failure this is: the seed's lifetime metadata that does not parse.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::Malformed
    }
}

fn md(v: &str) -> Option<u32> {
    v.trim().strip_prefix('!')?.trim().parse().ok()
}

fn after<'s>(s: &'s str, key: &str) -> Option<&'s str> {
    s.find(key).map(|i| &s[i + key.len()..])
}

impl SeedModule {
    /// Reads `text`.
    pub fn parse(text: &str) -> Result<SeedModule, SeedError> {
        struct Def {
            lifetime: u32,
            referrer: Option<String>,
            start: usize,
            end: Option<usize>,
        }
        let mut defs: Vec<Def> = Vec::new();
        let mut defaults: BTreeMap<u32, String> = BTreeMap::new();
        let mut lifetimes: BTreeMap<u32, (usize, u32, String, Vec<u32>)> = BTreeMap::new();
        let mut names: BTreeMap<u32, String> = BTreeMap::new();
        let mut function_end: Vec<usize> = Vec::new();
        let lines: Vec<&str> = text.lines().collect();
        for (i, raw) in lines.iter().enumerate() {
            let line = i + 1;
            let l = raw.trim();
            let bad = |m: &str| SeedError {
                line,
                message: m.to_string(),
            };
            if l == "}" || l.starts_with("RETURN") || l.starts_with("ret ") || l == "ret void" {
                function_end.push(line);
            }
            if let Some(rest) = after(l, "@llvm.dbg.def(").or_else(|| after(l, "DBG_DEF ")) {
                let rest = rest.trim_end_matches(')');
                let (lt, referrer) = rest
                    .split_once(',')
                    .ok_or_else(|| bad("llvm.dbg.def needs two operands"))?;
                let lt = md(lt.trim().trim_start_matches("metadata "))
                    .ok_or_else(|| bad("llvm.dbg.def names no !DILifetime"))?;
                let referrer = referrer.trim().trim_start_matches("metadata ").to_string();
                defs.push(Def {
                    lifetime: lt,
                    referrer: Some(referrer),
                    start: line,
                    end: None,
                });
            } else if let Some(rest) = after(l, "@llvm.dbg.kill(").or_else(|| after(l, "DBG_KILL "))
            {
                let lt = md(rest
                    .trim_end_matches(')')
                    .trim()
                    .trim_start_matches("metadata "))
                .ok_or_else(|| bad("llvm.dbg.kill names no !DILifetime"))?;
                // The most recent open def of this lifetime ends here.
                let open = defs
                    .iter_mut()
                    .rev()
                    .find(|d| d.lifetime == lt && d.end.is_none())
                    .ok_or_else(|| bad("llvm.dbg.kill is not reachable from an llvm.dbg.def of the same lifetime"))?;
                open.end = Some(line);
            } else if l.starts_with('@') && l.contains("!dbg.default") {
                let lt = after(l, "!dbg.default")
                    .and_then(|r| md(r.split(',').next().unwrap_or("")))
                    .ok_or_else(|| bad("!dbg.default names no !DILifetime"))?;
                let global = l.split([' ', '=']).next().unwrap_or("").to_string();
                defaults.insert(lt, global);
            } else if let Some(rest) = l.strip_prefix('!')
                && let Some((id, def)) = rest.split_once(" = ")
                && let Ok(id) = id.trim().parse::<u32>()
            {
                let def = def.trim().trim_start_matches("distinct ").trim();
                if let Some(body) = def.strip_prefix("!DILifetime(") {
                    let object = after(body, "object:")
                        .and_then(|r| md(r.split(',').next().unwrap_or("")))
                        .ok_or_else(|| bad("!DILifetime without object:"))?;
                    let loc = after(body, "location:")
                        .ok_or_else(|| bad("!DILifetime without location:"))?;
                    // The expression runs to its balanced closing parenthesis.
                    let open = loc
                        .find('(')
                        .ok_or_else(|| bad("location: is not an expression"))?;
                    let mut depth = 0;
                    let mut end = None;
                    for (k, c) in loc.char_indices().skip(open) {
                        match c {
                            '(' => depth += 1,
                            ')' => {
                                depth -= 1;
                                if depth == 0 {
                                    end = Some(k + 1);
                                    break;
                                }
                            }
                            _ => {}
                        }
                    }
                    let end = end.ok_or_else(|| bad("unbalanced location: expression"))?;
                    let expr_text = loc[..end].trim().to_string();
                    // argObjects: `argObjects: {!3, !5}` or, as the seed's examples
                    // write it, the ids after the expression.
                    let tail = &loc[end..];
                    let args_text = after(tail, "argObjects:").unwrap_or(tail);
                    let args: Vec<u32> = args_text
                        .split(|c: char| {
                            c == ',' || c == '{' || c == '}' || c == ')' || c.is_whitespace()
                        })
                        .filter_map(md)
                        .collect();
                    lifetimes.insert(id, (line, object, expr_text, args));
                } else if let Some(body) = def
                    .strip_prefix("!DILocalVariable(")
                    .or_else(|| def.strip_prefix("!DIGlobalVariable("))
                {
                    // `name: "x"` or, in the seed's shorthand, a leading `"x"`.
                    let name = after(body, "name:")
                        .unwrap_or(body)
                        .trim()
                        .strip_prefix('"')
                        .and_then(|r| r.split('"').next())
                        .map(str::to_string);
                    if let Some(n) = name {
                        names.insert(id, n);
                    }
                }
            }
        }
        let mut out = SeedModule::default();
        let mut objects: BTreeMap<u32, usize> = BTreeMap::new();
        let mut object = |out: &mut SeedModule, id: u32| -> usize {
            *objects.entry(id).or_insert_with(|| {
                out.lifetimes
                    .object(names.get(&id).cloned().unwrap_or_else(|| format!("!{id}")))
            })
        };
        for (&id, (line, obj, expr_text, args)) in &lifetimes {
            let location = Expression::parse(expr_text).map_err(|e| SeedError {
                line: *line,
                message: format!("location: {e}"),
            })?;
            let o = object(&mut out, *obj);
            let arg_objects: Vec<usize> = args.iter().map(|a| object(&mut out, *a)).collect();
            let bounded: Vec<&Def> = defs.iter().filter(|d| d.lifetime == id).collect();
            let (validity, referrer) = if bounded.len() == 1 {
                let d = bounded[0];
                let end = d
                    .end
                    .or_else(|| function_end.iter().copied().find(|&e| e > d.start))
                    .unwrap_or(lines.len() + 1);
                (
                    Validity::Bounded(vec![(d.start as u64, end as u64)]),
                    d.referrer.clone(),
                )
            } else if bounded.len() > 1 {
                return Err(SeedError {
                    line: *line,
                    message: "a DILifetime is the first argument of more than one llvm.dbg.def (not well-formed)".into(),
                });
            } else if let Some(g) = defaults.get(&id) {
                (Validity::Default, Some(g.clone()))
            } else {
                (Validity::Unused, None)
            };
            out.lifetimes.segments.push(Lifetime {
                object: o,
                location,
                arg_objects,
                validity,
                referrer: Some(Binding::Undefined),
            });
            out.referrers.push(referrer);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed's "multiple live ranges" example, in MIR.
    const LIVE_RANGES: &str = r#"
$r0 = MOV ...
DBG_DEF !2, $r0
...
SPILL %frame.index.0, $r0
DBG_DEF !3, %frame.index.0
...
$r0 = MOV ; clobber
DBG_KILL !2
DBG_DEF !6, $r0
...
$r1 = MOV ...
DBG_DEF !4, $r1
...
DBG_KILL !6
DBG_KILL !4
DBG_KILL !3
RETURN

!1 = !DILocalVariable("x", ...)
!2 = distinct !DILifetime(object: !1, location: !DIExpr(DIOpReferrer(i32)))
!3 = distinct !DILifetime(object: !1, location: !DIExpr(DIOpReferrer(i32)))
!4 = distinct !DILifetime(object: !1, location: !DIExpr(DIOpReferrer(i32)))
!5 = !DILocalVariable("y", ...)
!6 = distinct !DILifetime(object: !5, location: !DIExpr(DIOpReferrer(i32)))
"#;

    #[test]
    fn multiple_live_ranges_read_as_the_seed_describes() {
        let m = SeedModule::parse(LIVE_RANGES).unwrap();
        let l = &m.lifetimes;
        assert_eq!(l.objects, ["x", "y"]);
        assert_eq!(l.segments.len(), 4);
        l.well_formed().unwrap();
        // x: in $r0 [3, 9), the spill slot [6, 17), $r1 [13, 16); y in $r0 [10, 15).
        let ranges: Vec<(String, Validity, Option<String>)> = l
            .segments
            .iter()
            .zip(&m.referrers)
            .map(|(s, r)| (l.objects[s.object].clone(), s.validity.clone(), r.clone()))
            .collect();
        assert_eq!(
            ranges,
            [
                (
                    "x".into(),
                    Validity::Bounded(vec![(3, 9)]),
                    Some("$r0".into())
                ),
                (
                    "x".into(),
                    Validity::Bounded(vec![(6, 17)]),
                    Some("%frame.index.0".into())
                ),
                (
                    "x".into(),
                    Validity::Bounded(vec![(13, 16)]),
                    Some("$r1".into())
                ),
                (
                    "y".into(),
                    Validity::Bounded(vec![(10, 15)]),
                    Some("$r0".into())
                ),
            ]
        );
        // Two places at once between the spill and the clobber, and again with $r1.
        use crate::lifetime::Selection;
        assert!(matches!(l.select(0, Some(7)), Selection::Bounded(v) if v.len() == 2));
        assert!(matches!(l.select(0, Some(10)), Selection::Bounded(v) if v.len() == 1));
        assert!(matches!(l.select(0, Some(14)), Selection::Bounded(v) if v.len() == 2));
        assert_eq!(l.select(1, Some(4)), Selection::Undefined);
    }

    #[test]
    fn split_variable_and_global_default() {
        let text = r#"
%x.lo = i32 ...
call void @llvm.dbg.def(metadata !4, metadata i32 %x.lo)
%x.hi = i32 ...
call void @llvm.dbg.def(metadata !6, metadata i32 %x.hi)
call void @llvm.dbg.kill(metadata !6)
call void @llvm.dbg.kill(metadata !4)
@g = global i32 0, !dbg.default !8
!1 = !DILocalVariable("x", ...)
!2 = distinct !DILifetime(object: !1, location: !DIExpr(DIOpArg(0, i32), DIOpArg(1, i32), DIOpComposite(2, i64)), !3, !5)
!3 = distinct !DIFragment()
!4 = distinct !DILifetime(object: !3, location: !DIExpr(DIOpReferrer(i32)))
!5 = distinct !DIFragment()
!6 = distinct !DILifetime(object: !5, location: !DIExpr(DIOpReferrer(i32)))
!7 = !DIGlobalVariable(name: "g", scope: !0)
!8 = distinct !DILifetime(object: !7, location: !DIExpr(DIOpReferrer(i32 addrspace(1)*), DIOpDeref()))
"#;
        let m = SeedModule::parse(text).unwrap();
        let l = &m.lifetimes;
        l.well_formed().unwrap();
        let x = l.objects.iter().position(|o| o == "x").unwrap();
        let split = l.segments.iter().find(|s| s.object == x).unwrap();
        assert_eq!(split.arg_objects.len(), 2);
        // !2 is never defined: an unused segment.
        assert_eq!(split.validity, Validity::Unused);
        let g = l.objects.iter().position(|o| o == "g").unwrap();
        let seg = l.segments.iter().position(|s| s.object == g).unwrap();
        assert_eq!(l.segments[seg].validity, Validity::Default);
        assert_eq!(m.referrers[seg].as_deref(), Some("@g"));
        // A second def of one lifetime is not well-formed.
        let twice = text.replacen(
            "call void @llvm.dbg.kill(metadata !4)",
            "call void @llvm.dbg.def(metadata !4, metadata i32 %x.lo)",
            1,
        );
        assert!(SeedModule::parse(&twice).is_err());
    }
}
