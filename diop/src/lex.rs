//! Tokens of the textual LLVM IR subset that DIOp expressions, their types and literals
//! use (and the `DILifetime` records of the seed's spelling).
//!
//! The parser pulls tokens from a [`Cursor`] as it needs them: text past the point where
//! parsing stops (the operation limit, the first error) is never tokenized, so a module's
//! megabytes of commas cost what the first few tokens cost.

use super::error::{ParseError, ParseErrorKind};

/// One token with the byte offset where it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Token<'s> {
    pub kind: Tok<'s>,
    pub at: usize,
}

/// Token kinds; names and numbers are slices of the source text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Tok<'s> {
    /// A bare word: `DIOpArg`, `i32`, `ptr`, `addrspace`, `x`, `true`, `distinct`.
    Word(&'s str),
    /// A number as written: `-3`, `42`, `1.5e+00`, `0x3FF0000000000000`, `0xH3C00`.
    Number(&'s str),
    /// A quoted string (escapes kept as written).
    Str(&'s str),
    /// `!Name` (metadata node kind such as `!DIExpression`).
    Bang(&'s str),
    /// `!N` (numbered metadata reference).
    MdRef(u32),
    /// `%name`, `%"quoted"`, `%0`.
    Local(&'s str),
    /// `@name`.
    Global(&'s str),
    /// One punctuation character: `( ) , < > [ ] { } * = : !`.
    Punct(char),
}

fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-')
}

/// The token that starts at or after byte `i` of `src` (whitespace and `;` comments
/// skipped) and the offset just past it; `None` at the end of the text.
fn lex_one(src: &str, mut i: usize) -> Result<Option<(Token<'_>, usize)>, ParseError> {
    let bytes = src.as_bytes();
    let take_while = |mut j: usize, f: &dyn Fn(char) -> bool| {
        while j < bytes.len() && f(bytes[j] as char) {
            j += 1;
        }
        j
    };
    loop {
        let Some(&b) = bytes.get(i) else {
            return Ok(None);
        };
        let c = b as char;
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == ';' {
            i = take_while(i, &|c| c != '\n');
        } else {
            break;
        }
    }
    let c = bytes[i] as char;
    let at = i;
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
        Tok::Number(&src[at..j])
    } else if c.is_ascii_alphabetic() || c == '_' {
        let j = take_while(i, &|c| word_char(c) && c != '-');
        i = j;
        Tok::Word(&src[at..j])
    } else if c == '"' {
        let mut j = i + 1;
        while j < bytes.len() && bytes[j] != b'"' {
            j += 1;
        }
        if j >= bytes.len() {
            return Err(ParseError::new(at, ParseErrorKind::Unterminated("string")));
        }
        i = j + 1;
        Tok::Str(&src[at + 1..j])
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
                Tok::Bang(&src[at + 1..j])
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
            (&src[at + 2..j], j + 1)
        } else {
            let j = take_while(i + 1, &word_char);
            (&src[at + 1..j], j)
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
    Ok(Some((Token { kind, at }, i)))
}

/// A cursor over the tokens of a text, lexed as the parser reaches them, with the helpers
/// the parsers share. A text that does not lex ends where it stops lexing;
/// [`Cursor::finish`] then reports that error in place of whatever the parser made of the
/// early end.
pub(crate) struct Cursor<'s> {
    src: &'s str,
    /// Every token lexed so far (kept: the parser may step back to a saved position).
    toks: Vec<Token<'s>>,
    pos: usize,
    /// Where lexing resumes.
    lexed_to: usize,
    /// Why lexing stopped before the end of the text.
    lex_error: Option<ParseError>,
}

impl<'s> Cursor<'s> {
    pub fn new(src: &'s str) -> Self {
        Cursor {
            src,
            toks: Vec::new(),
            pos: 0,
            lexed_to: 0,
            lex_error: None,
        }
    }

    /// Lexes up to the token at the cursor, if the text has one.
    fn fill(&mut self) {
        while self.toks.len() <= self.pos && self.lex_error.is_none() {
            match lex_one(self.src, self.lexed_to) {
                Ok(Some((tok, end))) => {
                    self.toks.push(tok);
                    self.lexed_to = end;
                }
                Ok(None) => {
                    self.lexed_to = self.src.len();
                    break;
                }
                Err(e) => self.lex_error = Some(e),
            }
        }
    }

    /// `parsed`, unless the text stopped lexing where the parser looked: then that error,
    /// which is why the parser found the text ending.
    pub fn finish<T>(&mut self, parsed: Result<T, ParseError>) -> Result<T, ParseError> {
        match self.lex_error.take() {
            Some(e) => Err(e),
            None => parsed,
        }
    }

    pub fn peek(&mut self) -> Option<Tok<'s>> {
        self.fill();
        self.toks.get(self.pos).map(|t| t.kind)
    }

    /// Byte offset of the next token (the end of input when there is none).
    pub fn at(&mut self) -> usize {
        self.fill();
        self.toks.get(self.pos).map_or(self.src.len(), |t| t.at)
    }

    pub fn next(&mut self) -> Option<Tok<'s>> {
        let t = self.peek();
        if t.is_some() {
            self.pos += 1;
        }
        t
    }

    #[cfg(test)]
    pub fn is_done(&mut self) -> bool {
        self.peek().is_none()
    }

    pub fn position(&self) -> usize {
        self.pos
    }

    pub fn reset(&mut self, pos: usize) {
        self.pos = pos;
    }

    pub fn eat_punct(&mut self, c: char) -> bool {
        if self.peek() == Some(Tok::Punct(c)) {
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
                .map_err(|_| ParseError::new(at, ParseErrorKind::BadNumber(n.to_string()))),
            _ => Err(ParseError::new(
                at,
                ParseErrorKind::Expected(what.to_string()),
            )),
        }
    }

    pub fn error(&mut self, kind: ParseErrorKind) -> ParseError {
        ParseError::new(self.at(), kind)
    }
}
