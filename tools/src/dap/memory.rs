//! Memory references as the adapter hands them out (`SPACE#0xADDRESS`, `@LANE` for the
//! per-lane spaces: `global#0x10000`, `private_lane#0x148@3`), and the base64 that DAP
//! carries memory in.

use hetdwarf_amdgpu::aspace::AddressSpaceId;

/// A place in one address space (and lane, for per-lane memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryRef {
    /// The address space.
    pub space: AddressSpaceId,
    /// The byte address in it.
    pub address: u64,
    /// The lane, for per-lane memory.
    pub lane: Option<u32>,
}

impl MemoryRef {
    /// Parses a reference this adapter gave.
    pub fn parse(text: &str) -> Option<MemoryRef> {
        let (space, rest) = text.split_once('#')?;
        let (address, lane) = match rest.split_once('@') {
            Some((a, l)) => (a, Some(l.parse().ok()?)),
            None => (rest, None),
        };
        let address = u64::from_str_radix(address.strip_prefix("0x")?, 16).ok()?;
        Some(MemoryRef {
            space: AddressSpaceId::from_name(space)?,
            address,
            lane,
        })
    }

    /// The reference of a value's location as `locals` describes it (`memory
    /// private_lane 0x148 (lane 3)`); `None` for registers, implicit values and pieces.
    pub fn of_location(location: &str, lane: u32) -> Option<MemoryRef> {
        let mut words = location.split_whitespace();
        if words.next()? != "memory" {
            return None;
        }
        let space = AddressSpaceId::from_name(words.next()?)?;
        let address = u64::from_str_radix(words.next()?.strip_prefix("0x")?, 16).ok()?;
        // One place only: a composite's pieces are described after the first.
        let rest: Vec<&str> = words.collect();
        if !rest.is_empty() && !rest.join(" ").starts_with("(lane") {
            return None;
        }
        let per_lane = location.contains("(lane");
        Some(MemoryRef {
            space,
            address,
            lane: per_lane.then_some(lane),
        })
    }

    /// The reference as text.
    pub fn text(&self) -> String {
        match self.lane {
            Some(l) => format!("{}#{:#x}@{l}", self.space.name(), self.address),
            None => format!("{}#{:#x}", self.space.name(), self.address),
        }
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding.
pub fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes standard base64 (padding optional); `None` if it is not base64.
pub fn unbase64(text: &str) -> Option<Vec<u8>> {
    let text = text.trim_end_matches('=');
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut n, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        n = n << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_round_trips() {
        for bytes in [
            &b""[..],
            b"f",
            b"fo",
            b"foo",
            b"foob",
            b"fooba",
            b"foobar",
            &[0, 255, 128],
        ] {
            assert_eq!(unbase64(&base64(bytes)).unwrap(), bytes);
        }
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert!(unbase64("a*b").is_none());
    }

    #[test]
    fn references_round_trip() {
        let r = MemoryRef::parse("private_lane#0x148@3").unwrap();
        assert_eq!(r.lane, Some(3));
        assert_eq!(r.text(), "private_lane#0x148@3");
        assert_eq!(MemoryRef::parse("global#0x10000").unwrap().lane, None);
        assert!(MemoryRef::parse("nowhere#0x1").is_none());
        let l = MemoryRef::of_location("memory private_lane 0x148 (lane 0)", 7).unwrap();
        assert_eq!(l.text(), "private_lane#0x148@7");
        let g = MemoryRef::of_location("memory global 0x10000", 7).unwrap();
        assert_eq!(g.text(), "global#0x10000");
        assert!(MemoryRef::of_location("register s4", 0).is_none());
    }
}
