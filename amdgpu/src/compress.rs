//! Bounded decompression (zlib and zstd, pure Rust) for compressed offload bundles (`CCOB`)
//! and `SHF_COMPRESSED` ELF sections.

use std::io::Read;

use crate::error::CodeObjectError;

/// The largest decompressed size accepted (1 GiB).
pub const MAX_DECOMPRESSED: u64 = 1 << 30;

/// A compression method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// zlib (RFC 1950) stream.
    Zlib,
    /// Zstandard frame(s).
    Zstd,
}

/// Decompresses `data` into exactly `expected` bytes.
///
/// `expected` must not exceed [`MAX_DECOMPRESSED`]; the output grows as data comes in (it is not
/// preallocated from the declared size), and producing more or fewer bytes than declared is an
/// error.
pub(crate) fn decompress(
    file: &str,
    what: &str,
    method: Method,
    data: &[u8],
    expected: u64,
) -> Result<Vec<u8>, CodeObjectError> {
    decompress_expecting(file, what, method, data, expected, None)
}

/// [`decompress`], refusing the stream as soon as its first bytes are out when they do
/// not start with `magic` (a compressed bundle must hold a bundle: no need to inflate a
/// gigabyte to find out it does not).
pub(crate) fn decompress_expecting(
    file: &str,
    what: &str,
    method: Method,
    data: &[u8],
    expected: u64,
    magic: Option<&[u8]>,
) -> Result<Vec<u8>, CodeObjectError> {
    if expected > MAX_DECOMPRESSED {
        return Err(CodeObjectError::TooLarge {
            file: file.to_string(),
            what: what.to_string(),
            size: expected,
            limit: MAX_DECOMPRESSED,
        });
    }
    let err = |reason: String| CodeObjectError::Decompression {
        file: file.to_string(),
        what: what.to_string(),
        reason,
    };
    // Start small: a hostile header must not make us allocate its declared size up front.
    let mut out = Vec::with_capacity(
        (expected as usize)
            .min(data.len().saturating_mul(8))
            .min(64 << 20),
    );
    let limit = expected + 1;
    match method {
        Method::Zlib => {
            let mut decoder = flate2::read::ZlibDecoder::new(data).take(limit);
            if let Some(magic) = magic {
                read_head(&mut decoder, magic, &mut out).map_err(|e| err(format!("zlib: {e}")))?;
            }
            decoder
                .read_to_end(&mut out)
                .map_err(|e| err(format!("zlib: {e}")))?;
        }
        Method::Zstd => {
            let mut input = data;
            // Concatenated frames are valid zstd; decode until the input is consumed.
            while !input.is_empty() && (out.len() as u64) < limit {
                let decoder = ruzstd::decoding::StreamingDecoder::new(&mut input)
                    .map_err(|e| err(format!("zstd: {e}")))?;
                let room = limit - out.len() as u64;
                let mut decoder = decoder.take(room);
                if let Some(magic) = magic
                    && out.is_empty()
                {
                    read_head(&mut decoder, magic, &mut out)
                        .map_err(|e| err(format!("zstd: {e}")))?;
                }
                decoder
                    .read_to_end(&mut out)
                    .map_err(|e| err(format!("zstd: {e}")))?;
                if input.iter().all(|&b| b == 0) {
                    break; // padding after the last frame
                }
            }
        }
    }
    if out.len() as u64 != expected {
        return Err(err(format!(
            "produced {}{} bytes, the header declares {expected}",
            out.len(),
            if out.len() as u64 == limit {
                " or more"
            } else {
                ""
            }
        )));
    }
    Ok(out)
}

/// Reads the first `magic.len()` bytes of `reader` into `out` and checks them.
fn read_head(reader: &mut impl Read, magic: &[u8], out: &mut Vec<u8>) -> std::io::Result<()> {
    reader.take(magic.len() as u64).read_to_end(out)?;
    if out.starts_with(magic) {
        Ok(())
    } else {
        Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!(
                "the decompressed data starts with {:02x?}, not {:?}: refused before inflating the rest",
                &out[..out.len().min(magic.len())],
                String::from_utf8_lossy(magic)
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn zlib_round_trip_and_size_checks() {
        let mut enc = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        enc.write_all(&[7u8; 1000]).unwrap();
        let z = enc.finish().unwrap();
        assert_eq!(
            decompress("f", "x", Method::Zlib, &z, 1000).unwrap(),
            vec![7u8; 1000]
        );
        assert!(decompress("f", "x", Method::Zlib, &z, 999).is_err());
        assert!(decompress("f", "x", Method::Zlib, &z, 1001).is_err());
        assert!(decompress("f", "x", Method::Zlib, &z, MAX_DECOMPRESSED + 1).is_err());
        assert!(decompress("f", "x", Method::Zstd, &z, 1000).is_err());
    }
}
