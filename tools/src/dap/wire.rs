//! The Debug Adapter Protocol's framing: each message is a `Content-Length: N` header
//! block, a blank line, then N bytes of JSON.

use std::io::{BufRead, Write};

use serde_json::Value;

/// The largest message read (a client's request is a few kilobytes; more is not DAP).
const MAX_MESSAGE: usize = 16 << 20;

/// Why a message could not be read. Each message includes its cause, which is therefore not
/// also a `source` (a one-line report would print it twice).
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    /// The stream failed.
    #[error("reading a message: {0}")]
    Io(std::io::Error),
    /// The header block is not DAP's.
    #[error("a message header is not `Content-Length: N`: {0}")]
    Header(String),
    /// The body is not JSON.
    #[error("a message body is not JSON: {0}")]
    Json(serde_json::Error),
}

impl From<std::io::Error> for WireError {
    fn from(e: std::io::Error) -> Self {
        WireError::Io(e)
    }
}

impl From<serde_json::Error> for WireError {
    fn from(e: serde_json::Error) -> Self {
        WireError::Json(e)
    }
}

/// Reads the next message; `None` at the end of the stream.
pub fn read(input: &mut impl BufRead) -> Result<Option<Value>, WireError> {
    let mut length: Option<usize> = None;
    let mut headers = 0;
    let mut line = String::new();
    loop {
        line.clear();
        // A header line longer than this is no DAP header.
        let n = std::io::Read::take(&mut *input, 1024).read_line(&mut line)?;
        if n == 0 {
            return match length {
                None => Ok(None),
                Some(_) => Err(WireError::Header("the stream ended in a header".into())),
            };
        }
        let trimmed = line.trim_end_matches(['\r', '\n']);
        if trimmed.is_empty() {
            if length.is_some() {
                break;
            }
            if headers > 0 {
                return Err(WireError::Header(
                    "a header block without Content-Length".into(),
                ));
            }
            continue;
        }
        headers += 1;
        let Some((name, value)) = trimmed.split_once(':') else {
            return Err(WireError::Header(trimmed.chars().take(80).collect()));
        };
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            let n: usize = value
                .trim()
                .parse()
                .map_err(|_| WireError::Header(trimmed.chars().take(80).collect()))?;
            if n > MAX_MESSAGE {
                return Err(WireError::Header(format!(
                    "Content-Length {n} is more than the {MAX_MESSAGE} bytes a message may have"
                )));
            }
            length = Some(n);
        }
    }
    let mut body = vec![0u8; length.unwrap_or(0)];
    input.read_exact(&mut body)?;
    Ok(Some(serde_json::from_slice(&body)?))
}

/// Writes one message.
pub fn write(output: &mut impl Write, message: &Value) -> std::io::Result<()> {
    let body = serde_json::to_vec(message)?;
    write!(output, "Content-Length: {}\r\n\r\n", body.len())?;
    output.write_all(&body)?;
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip() {
        let mut out = Vec::new();
        write(&mut out, &serde_json::json!({"seq": 1, "type": "request"})).unwrap();
        write(&mut out, &serde_json::json!({"seq": 2})).unwrap();
        let mut input = std::io::BufReader::new(&out[..]);
        assert_eq!(read(&mut input).unwrap().unwrap()["type"], "request");
        assert_eq!(read(&mut input).unwrap().unwrap()["seq"], 2);
        assert!(read(&mut input).unwrap().is_none());
    }

    #[test]
    fn bad_frames_are_errors() {
        for bad in [
            &b"Content-Length: x\r\n\r\n"[..],
            b"nonsense\r\n\r\n",
            b"Content-Length: 999999999999\r\n\r\n",
            b"Content-Length: 5\r\n\r\n{bad}",
            b"Content-Length: 10\r\n",
        ] {
            let mut input = std::io::BufReader::new(bad);
            assert!(
                read(&mut input).is_err(),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}
