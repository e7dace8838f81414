//! Tokens of the textual LLVM IR subset that DIOp expressions, their types and literals
//! use (and the `DILifetime` records of the seed's spelling).

use super::error::{ParseError, ParseErrorKind};

/// One token with the byte offset where it starts.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Token {
    pub kind: Tok,
    pub at: usize,
}

/// Token kinds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// A bare word: `DIOpArg`, `i32`, `ptr`, `addrspace`, `x`, `true`, `distinct`.
    Word(String),
    /// A number as written: `-3`, `42`, `1.5e+00`, `0x3FF0000000000000`, `0xH3C00`.
    Number(String),
    /// A quoted string (escapes kept as written).
    Str(String),
    /// `!Name` (metadata node kind such as `!DIExpression`).
    Bang(String),
    /// `!N` (numbered metadata reference).
    MdRef(u32),
    /// `%name`, `%"quoted"`, `%0`.
    Local(String),
    /// `@name`.
    Global(String),
    /// One punctuation character: `( ) , < > [ ] { } * = : !`.
    Punct(char),
}

fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-')
}

/// Splits `src` into tokens; `;` starts a comment to the end of the line.
pub(crate) fn lex(src: &str) -> Result<Vec<Token>, ParseError> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let take_while = |mut j: usize, f: &dyn Fn(char) -> bool| {
        while j < bytes.len() && f(bytes[j] as char) {
            j += 1;
        }
        j
    };
    while i < bytes.len() {
        let c = bytes[i] as char;
        let at = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == ';' {
            i = take_while(i, &|c| c != '\n');
            continue;
        }
        let kind = if c.is_ascii_digit()
            || ((c == '-' || c == '+') && bytes.get(i + 1).is_some_and(|b| b.is_ascii_digit()))
        {
            let mut j = i + 1;
            if c == '0' && bytes.get(1 + i).is_some_and(|&b| b == b'x' || b == b'X') {
                j = take_while(i + 2, &|c| c.is_ascii_alphanumeric());
            } else {
                j = take_while(j, &|c| c.is_ascii_digit());
                if bytes.get(j) == Some(&b'.') {
                    j = take_while(j + 1, &|c| c.is_ascii_digit());
                }
                if matches!(bytes.get(j), Some(b'e' | b'E'))
                    && (bytes.get(j + 1).is_some_and(|b| b.is_ascii_digit())
                        || (matches!(bytes.get(j + 1), Some(b'+' | b'-'))
                            && bytes.get(j + 2).is_some_and(|b| b.is_ascii_digit())))
                {
                    j = take_while(j + 2, &|c| c.is_ascii_digit());
                }
            }
            i = j;
            Tok::Number(src[at..j].to_string())
        } else if c.is_ascii_alphabetic() || c == '_' {
            let j = take_while(i, &|c| word_char(c) && c != '-');
            i = j;
            Tok::Word(src[at..j].to_string())
        } else if c == '"' {
            let mut j = i + 1;
            while j < bytes.len() && bytes[j] != b'"' {
                j += 1;
            }
            if j >= bytes.len() {
                return Err(ParseError::new(at, ParseErrorKind::Unterminated("string")));
            }
            i = j + 1;
            Tok::Str(src[at + 1..j].to_string())
        } else if c == '!' {
            let next = bytes.get(i + 1).map(|&b| b as char);
            match next {
                Some(d) if d.is_ascii_digit() => {
                    let j = take_while(i + 1, &|c| c.is_ascii_digit());
                    i = j;
                    let n = src[at + 1..j].parse().map_err(|_| {
                        ParseError::new(at, ParseErrorKind::BadNumber(src[at..j].to_string()))
                    })?;
                    Tok::MdRef(n)
                }
                Some(a) if a.is_ascii_alphabetic() => {
                    let j = take_while(i + 1, &|c| word_char(c) && c != '-');
                    i = j;
                    Tok::Bang(src[at + 1..j].to_string())
                }
                _ => {
                    i += 1;
                    Tok::Punct('!')
                }
            }
        } else if c == '%' || c == '@' {
            let (name, j) = if bytes.get(i + 1) == Some(&b'"') {
                let mut j = i + 2;
                while j < bytes.len() && bytes[j] != b'"' {
                    j += 1;
                }
                if j >= bytes.len() {
                    return Err(ParseError::new(at, ParseErrorKind::Unterminated("name")));
                }
                (src[at + 2..j].to_string(), j + 1)
            } else {
                let j = take_while(i + 1, &word_char);
                (src[at + 1..j].to_string(), j)
            };
            if name.is_empty() {
                return Err(ParseError::new(
                    at,
                    ParseErrorKind::Unexpected(c.to_string()),
                ));
            }
            i = j;
            if c == '%' {
                Tok::Local(name)
            } else {
                Tok::Global(name)
            }
        } else if "(),<>[]{}*=:".contains(c) {
            i += 1;
            Tok::Punct(c)
        } else {
            let ch = src[i..].chars().next().unwrap_or('?');
            return Err(ParseError::new(
                at,
                ParseErrorKind::Unexpected(ch.to_string()),
            ));
        };
        out.push(Token { kind, at });
    }
    Ok(out)
}

/// A cursor over tokens with the helpers the parsers share.
pub(crate) struct Cursor<'t> {
    toks: &'t [Token],
    pos: usize,
    end: usize,
}

impl<'t> Cursor<'t> {
    pub fn new(toks: &'t [Token], end: usize) -> Self {
        Cursor { toks, pos: 0, end }
    }

    pub fn peek(&self) -> Option<&'t Tok> {
        self.toks.get(self.pos).map(|t| &t.kind)
    }

    /// Byte offset of the next token (the end of input when there is none).
    pub fn at(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |t| t.at)
    }

    pub fn next(&mut self) -> Option<&'t Tok> {
        let t = self.toks.get(self.pos).map(|t| &t.kind);
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    #[cfg(test)]
    pub fn is_done(&self) -> bool {
        self.pos >= self.toks.len()
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    pub fn reset(&mut self, pos: usize) {
        self.pos = pos;
    }

    pub fn eat_punct(&mut self, c: char) -> bool {
        if self.peek() == Some(&Tok::Punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn eat_word(&mut self, w: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Word(x)) if x == w) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub fn expect_punct(&mut self, c: char) -> Result<(), ParseError> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(self.error(ParseErrorKind::Expected(format!("'{c}'"))))
        }
    }

    pub fn expect_word(&mut self, w: &str) -> Result<(), ParseError> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(self.error(ParseErrorKind::Expected(format!("'{w}'"))))
        }
    }

    /// An unsigned integer that fits `u64`.
    pub fn unsigned(&mut self, what: &'static str) -> Result<u64, ParseError> {
        let at = self.at();
        match self.next() {
            Some(Tok::Number(n)) => n
                .parse::<u64>()
                .map_err(|_| ParseError::new(at, ParseErrorKind::BadNumber(n.clone()))),
            _ => Err(ParseError::new(
                at,
                ParseErrorKind::Expected(what.to_string()),
            )),
        }
    }

    pub fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError::new(self.at(), kind)
    }
}
