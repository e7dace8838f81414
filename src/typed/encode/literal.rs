//! The text of a value: integer and character literals, character-array strings, and
//! `{…}` lists (their items, `name = value` items, `X <repeats N times>`).

/// Parses an integer literal (see the `encode` module documentation).
pub(crate) fn parse_int(text: &str) -> Result<i128, String> {
    let t = text.trim();
    if t.starts_with('\'') {
        return parse_char(t).map(i128::from);
    }
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let body: String = body.chars().filter(|&c| c != '_').collect();
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() {
        return Err("not a number".into());
    }
    let v = u128::from_str_radix(digits, radix).map_err(|e| e.to_string())?;
    if neg {
        if v > 1u128 << 127 {
            return Err("too large".into());
        }
        Ok((v as i128).wrapping_neg())
    } else {
        i128::try_from(v).map_err(|_| "too large".to_string())
    }
}

/// Parses a non-negative decimal or `0x` hex integer up to `u128::MAX`.
pub(super) fn parse_u128(text: &str) -> Option<u128> {
    let t: String = text.trim().chars().filter(|&c| c != '_').collect();
    let t = t.strip_prefix('+').unwrap_or(&t).to_ascii_lowercase();
    match t.strip_prefix("0x") {
        Some(h) => u128::from_str_radix(h, 16).ok(),
        None => t.parse().ok(),
    }
}

/// Parses a character literal `'A'`, `'\n'`, `'\x41'`, `'\101'`, `'\u{e9}'`.
pub(crate) fn parse_char(text: &str) -> Result<u32, String> {
    let t = text.trim();
    // Optional u8 / u / U prefix.
    let t = t
        .trim_start_matches("u8")
        .trim_start_matches(['u', 'U', 'L']);
    let body = t
        .strip_prefix('\'')
        .and_then(|b| b.strip_suffix('\''))
        .ok_or_else(|| "not a character literal".to_string())?;
    let mut chars = body.chars();
    let first = chars
        .next()
        .ok_or_else(|| "empty character literal".to_string())?;
    if first != '\\' {
        if chars.next().is_some() {
            return Err("more than one character".into());
        }
        return Ok(first as u32);
    }
    let rest: String = chars.collect();
    let simple = match rest.as_str() {
        "n" => Some(10),
        "t" => Some(9),
        "r" => Some(13),
        "a" => Some(7),
        "b" => Some(8),
        "f" => Some(12),
        "v" => Some(11),
        "e" => Some(27),
        "\\" => Some(0x5c),
        "'" => Some(0x27),
        "\"" => Some(0x22),
        "?" => Some(0x3f),
        _ => None,
    };
    if let Some(s) = simple {
        return Ok(s);
    }
    if let Some(h) = rest.strip_prefix('x') {
        return u32::from_str_radix(h, 16).map_err(|e| e.to_string());
    }
    if let Some(u) = rest.strip_prefix("u{").and_then(|u| u.strip_suffix('}')) {
        return u32::from_str_radix(u, 16).map_err(|e| e.to_string());
    }
    if !rest.is_empty() && rest.len() <= 3 && rest.chars().all(|c| ('0'..='7').contains(&c)) {
        return u32::from_str_radix(&rest, 8).map_err(|e| e.to_string());
    }
    Err(format!("unknown escape \\{rest}"))
}

/// Bytes of a character-array literal: `"abc"`, `"abc", '\000' <repeats 29 times>`,
/// `'x' <repeats 4 times>` items separated by commas (the array is padded with NULs).
pub(super) fn char_string(text: &str) -> Result<Vec<u8>, String> {
    let wrapped = format!("{{{text}}}");
    let items = brace_items(&wrapped).ok_or("not a string")?;
    let mut out = Vec::new();
    for it in items {
        if let Some(body) = it.strip_prefix('"').and_then(|b| b.strip_suffix('"')) {
            let mut chars = body.chars().peekable();
            while let Some(c) = chars.next() {
                if c != '\\' {
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                    continue;
                }
                let e = chars.next().ok_or("a string ends in `\\`")?;
                let code = match e {
                    '0'..='7' => {
                        let mut v = e.to_digit(8).unwrap_or(0);
                        for _ in 0..2 {
                            match chars.peek().and_then(|d| d.to_digit(8)) {
                                Some(d) => {
                                    v = v * 8 + d;
                                    chars.next();
                                }
                                None => break,
                            }
                        }
                        v
                    }
                    'x' => {
                        let mut v = 0u32;
                        while let Some(d) = chars.peek().and_then(|d| d.to_digit(16)) {
                            v = v * 16 + d;
                            chars.next();
                        }
                        v
                    }
                    other => parse_char(&format!("'\\{other}'"))?,
                };
                out.push(u8::try_from(code).map_err(|_| format!("\\{e}: not a byte"))?);
            }
        } else {
            let (lit, n) = match it.rfind(" <repeats ") {
                Some(p) => {
                    let n: usize = it[p + 10..]
                        .strip_suffix(" times>")
                        .and_then(|n| n.trim().parse().ok())
                        .ok_or_else(|| format!("bad repeat {it:?}"))?;
                    (&it[..p], n)
                }
                None => (it, 1),
            };
            let v = parse_int(lit)?;
            let b = u8::try_from(v & 0xff).map_err(|e| e.to_string())?;
            if !(-128..=255).contains(&v) {
                return Err(format!("{lit} is not a byte"));
            }
            out.extend(std::iter::repeat_n(b, n));
        }
    }
    Ok(out)
}

/// Splits `{a, {b, c}, 'x'}` into top-level items; `None` if `text` is not a brace list.
pub(super) fn brace_items(text: &str) -> Option<Vec<&str>> {
    let inner = text.trim().strip_prefix('{')?.strip_suffix('}')?;
    let mut items = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in inner.char_indices() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '\'' | '"' => quote = Some(c),
            '{' | '(' | '[' | '<' => depth += 1,
            '}' | ')' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = inner[start..].trim();
    if !last.is_empty() || !items.is_empty() {
        items.push(last);
    }
    Some(items)
}

/// Expands `X <repeats N times>` items.
pub(super) fn expand_repeats(items: Vec<&str>) -> Result<Vec<&str>, String> {
    let mut out = Vec::new();
    for it in items {
        if let Some(p) = it.rfind(" <repeats ")
            && let Some(n) = it[p + 10..].strip_suffix(" times>")
        {
            let n: usize = n.trim().parse().map_err(|_| format!("bad repeat {it:?}"))?;
            out.extend(std::iter::repeat_n(it[..p].trim(), n));
        } else if it == "..." || it.ends_with("...") {
            return Err("a truncated list (`...`) cannot be written".into());
        } else {
            out.push(it);
        }
    }
    Ok(out)
}

/// Splits `name = value` (or `<Base> = value`); `None` for a positional item.
pub(super) fn named_item(item: &str) -> Option<(&str, &str)> {
    let eq = item.find(" = ").or_else(|| item.find('='))?;
    let lhs = item[..eq].trim();
    let is_name = !lhs.is_empty()
        && (lhs.chars().all(|c| c.is_alphanumeric() || c == '_')
            || (lhs.starts_with('<') && lhs.ends_with('>')));
    if !is_name || lhs.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let rhs = item[eq..].trim_start_matches([' ', '=']).trim();
    Some((lhs, rhs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers() {
        assert_eq!(parse_int("42"), Ok(42));
        assert_eq!(parse_int("-0x10"), Ok(-16));
        assert_eq!(parse_int("+0b1010"), Ok(10));
        assert_eq!(parse_int("0o17"), Ok(15));
        assert_eq!(parse_int("1_000"), Ok(1000));
        assert_eq!(parse_int("'A'"), Ok(65));
        assert_eq!(
            parse_int("-170141183460469231731687303715884105728"),
            Ok(i128::MIN)
        );
        assert!(parse_int("").is_err());
        assert!(parse_int("0x").is_err());
        assert!(parse_int("12a").is_err());
        assert!(parse_int("340282366920938463463374607431768211455").is_err());
        assert_eq!(
            parse_u128("340282366920938463463374607431768211455"),
            Some(u128::MAX)
        );
    }

    #[test]
    fn characters() {
        assert_eq!(parse_char("'a'"), Ok(97));
        assert_eq!(parse_char("'\\n'"), Ok(10));
        assert_eq!(parse_char("'\\''"), Ok(39));
        assert_eq!(parse_char("'\\0'"), Ok(0));
        assert_eq!(parse_char("'\\377'"), Ok(255));
        assert_eq!(parse_char("'\\x7f'"), Ok(127));
        assert_eq!(parse_char("U'\\u{1f600}'"), Ok(0x1f600));
        assert_eq!(parse_char("u8'é'"), Ok(0xe9));
        assert!(parse_char("'ab'").is_err());
        assert!(parse_char("''").is_err());
        assert!(parse_char("'\\q'").is_err());
    }

    #[test]
    fn lists_and_names() {
        assert_eq!(
            brace_items("{a = 1, b = {2, 3}, c = ',', d = \"x,}\"}"),
            Some(vec!["a = 1", "b = {2, 3}", "c = ','", "d = \"x,}\""])
        );
        assert_eq!(brace_items("{}"), Some(vec![]));
        assert_eq!(brace_items("1, 2"), None);
        assert_eq!(named_item("a = 1"), Some(("a", "1")));
        assert_eq!(named_item("<Base> = {b = 1}"), Some(("<Base>", "{b = 1}")));
        assert_eq!(named_item("{x = 1}"), None);
        assert_eq!(named_item("(float *) 0x10"), None);
        assert_eq!(
            expand_repeats(vec!["1", "0 <repeats 3 times>"]),
            Ok(vec!["1", "0", "0", "0"])
        );
        assert!(expand_repeats(vec!["1", "2..."]).is_err());
        assert_eq!(
            char_string("\"ab\\n\\0\", '\\000' <repeats 2 times>"),
            Ok(vec![b'a', b'b', 10, 0, 0, 0])
        );
    }
}
