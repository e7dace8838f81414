//! The `hetdwarf-wave-state/1` JSON format (see `INTERFACES.md`): loading with precise,
//! one-line errors (`line:column: key.path: message`) and saving in a canonical layout.
//!
//! Loading first checks the JSON syntax with `serde_json` while keeping every value as a
//! [`RawValue`] borrowed from the text, so each value's byte offset in the file is known;
//! then each field is interpreted with that offset at hand. Semantic errors (wrong types,
//! unknown or duplicate keys, vector lengths, numbers too large, bad hex) therefore point
//! at the start of the offending value or key. Unknown keys are rejected; missing
//! `apertures` take the processor's defaults; `private_lane` regions are stored in the
//! wave's scratch through the swizzle.
//!
//! Saving writes the fields in a fixed order, registers in register order (`pc` and `exec`
//! at top level), and memory as one region per run of held bytes per stored space (global,
//! region, local, private_wave): a saved state loads back identical.

use std::fmt::{self, Write as _};

use serde::de::{self, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use super::WaveState;
use crate::aspace::{AddressSpaceId, processor_info};
use crate::registers::Register;

/// The format identifier (`"format"` field).
pub const WAVE_STATE_FORMAT: &str = "hetdwarf-wave-state/1";

/// A wave-state file error, located in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// The key path of the offending value (`registers.v1[3]`), empty for the document.
    pub path: String,
    /// What is wrong (one line).
    pub message: String,
}

impl StateError {
    /// What kind of failure this is: a wave-state file that does not parse.
    pub fn kind(&self) -> hetdwarf::ErrorKind {
        hetdwarf::ErrorKind::Malformed
    }
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: ", self.line, self.column)?;
        if !self.path.is_empty() {
            write!(f, "{}: ", self.path)?;
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for StateError {}

/// Collects an object's members without interpreting them.
struct Members<'a>(Vec<(String, &'a RawValue)>);

impl<'de> de::Deserialize<'de> for Members<'de> {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(k) = m.next_key::<String>()? {
                    v.push((k, m.next_value::<&'de RawValue>()?));
                }
                Ok(Members(v))
            }
        }
        d.deserialize_map(V)
    }
}

/// Collects an array's elements without interpreting them.
struct Elements<'a>(Vec<&'a RawValue>);

impl<'de> de::Deserialize<'de> for Elements<'de> {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Elements<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::with_capacity(s.size_hint().unwrap_or(0).min(1024));
                while let Some(e) = s.next_element::<&'de RawValue>()? {
                    v.push(e);
                }
                Ok(Elements(v))
            }
        }
        d.deserialize_seq(V)
    }
}

/// A JSON value classified by its first byte.
enum Json<'a> {
    Null,
    Bool(bool),
    Number(&'a str),
    String(String),
    Array,
    Object,
}

impl Json<'_> {
    /// How an error message names this value.
    fn describe(&self) -> String {
        match self {
            Json::Null => "null".into(),
            Json::Bool(b) => b.to_string(),
            Json::Number(n) => format!("number {}", clip(n)),
            Json::String(s) => format!("string {:?}", clip(s)),
            Json::Array => "an array".into(),
            Json::Object => "an object".into(),
        }
    }
}

fn clip(s: &str) -> String {
    if s.chars().count() > 40 {
        let mut c: String = s.chars().take(40).collect();
        c.push('…');
        c
    } else {
        s.to_string()
    }
}

/// The loader: the text and helpers that turn raw values into located errors.
struct Loader<'a> {
    text: &'a str,
}

type Res<T> = Result<T, StateError>;

impl<'a> Loader<'a> {
    fn offset(&self, raw: &RawValue) -> usize {
        (raw.get().as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize)
    }

    fn at(&self, offset: usize, path: &str, message: impl Into<String>) -> StateError {
        let offset = offset.min(self.text.len());
        let before = &self.text.as_bytes()[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        StateError {
            line,
            column,
            path: path.to_string(),
            message: message.into(),
        }
    }

    fn err(&self, raw: &RawValue, path: &str, message: impl Into<String>) -> StateError {
        self.at(self.offset(raw), path, message)
    }

    /// Offset of the key whose value is `raw` (falls back to the value).
    fn key_offset(&self, raw: &RawValue) -> usize {
        let v = self.offset(raw);
        let b = self.text.as_bytes();
        let mut i = v;
        let skip_ws = |i: &mut usize| {
            while *i > 0 && matches!(b[*i - 1], b' ' | b'\t' | b'\n' | b'\r') {
                *i -= 1;
            }
        };
        skip_ws(&mut i);
        if i == 0 || b[i - 1] != b':' {
            return v;
        }
        i -= 1;
        skip_ws(&mut i);
        if i == 0 || b[i - 1] != b'"' {
            return v;
        }
        i -= 1; // at the closing quote
        while i > 0 {
            i -= 1;
            if b[i] == b'"' {
                let slashes = b[..i].iter().rev().take_while(|&&c| c == b'\\').count();
                if slashes % 2 == 0 {
                    return i;
                }
            }
        }
        v
    }

    fn key_err(&self, raw: &RawValue, path: &str, message: impl Into<String>) -> StateError {
        self.at(self.key_offset(raw), path, message)
    }

    fn classify(&self, raw: &'a RawValue) -> Json<'a> {
        let s = raw.get();
        match s.as_bytes().first() {
            Some(b'n') => Json::Null,
            Some(b't') => Json::Bool(true),
            Some(b'f') => Json::Bool(false),
            Some(b'[') => Json::Array,
            Some(b'{') => Json::Object,
            Some(b'"') => Json::String(match serde_json::from_str::<&str>(s) {
                Ok(b) => b.to_string(),
                Err(_) => serde_json::from_str::<String>(s).unwrap_or_default(),
            }),
            _ => Json::Number(s),
        }
    }

    fn object(&self, raw: &'a RawValue, path: &str) -> Res<Vec<(String, &'a RawValue)>> {
        let what = self.classify(raw);
        if !matches!(what, Json::Object) {
            return Err(self.err(
                raw,
                path,
                format!("expected an object, found {}", what.describe()),
            ));
        }
        let members = serde_json::from_str::<Members<'a>>(raw.get())
            .map_err(|e| self.err(raw, path, strip_position(&e)))?
            .0;
        let mut keys = std::collections::HashSet::with_capacity(members.len());
        for (k, v) in &members {
            if !keys.insert(k.as_str()) {
                return Err(self.key_err(v, &join(path, k), "duplicate key"));
            }
        }
        Ok(members)
    }

    fn array(&self, raw: &'a RawValue, path: &str, what: &str) -> Res<Vec<&'a RawValue>> {
        let j = self.classify(raw);
        if !matches!(j, Json::Array) {
            return Err(self.err(
                raw,
                path,
                format!("expected {what}, found {}", j.describe()),
            ));
        }
        Ok(serde_json::from_str::<Elements<'a>>(raw.get())
            .map_err(|e| self.err(raw, path, strip_position(&e)))?
            .0)
    }

    fn string(&self, raw: &'a RawValue, path: &str) -> Res<String> {
        match self.classify(raw) {
            Json::String(s) => Ok(s),
            other => Err(self.err(
                raw,
                path,
                format!("expected a string, found {}", other.describe()),
            )),
        }
    }

    /// An unsigned number of at most `bits` bits: a JSON integer or a `"0x…"` string.
    fn number(&self, raw: &'a RawValue, path: &str, bits: u32) -> Res<u64> {
        let expected = format!("expected a {bits}-bit number or \"0x...\" string");
        let (value, written) = match self.classify(raw) {
            Json::Number(n) => {
                if n.starts_with('-') {
                    return Err(self.err(
                        raw,
                        path,
                        format!("{expected}, found negative number {}", clip(n)),
                    ));
                }
                if !n.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(self.err(
                        raw,
                        path,
                        format!("{expected}, found non-integer number {}", clip(n)),
                    ));
                }
                let digits = n.trim_start_matches('0');
                let v = if digits.len() > 20 {
                    None
                } else {
                    n.parse::<u64>().ok()
                };
                (v, n.to_string())
            }
            Json::String(s) => {
                let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) else {
                    return Err(self.err(
                        raw,
                        path,
                        format!("{expected}, found string {:?}", clip(&s)),
                    ));
                };
                if hex.is_empty() || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(self.err(raw, path, format!("bad hex number {:?}", clip(&s))));
                }
                let digits = hex.trim_start_matches('0');
                let v = if digits.len() > 16 {
                    None
                } else if digits.is_empty() {
                    Some(0)
                } else {
                    u64::from_str_radix(digits, 16).ok()
                };
                (v, s)
            }
            other => {
                return Err(self.err(raw, path, format!("{expected}, found {}", other.describe())));
            }
        };
        match value {
            Some(v) if bits >= 64 || v >> bits == 0 => Ok(v),
            _ => Err(self.err(
                raw,
                path,
                format!("{} does not fit in {bits} bits", clip(&written)),
            )),
        }
    }

    /// A hex byte string (`"00010203"`).
    fn bytes(&self, raw: &'a RawValue, path: &str) -> Res<Vec<u8>> {
        let s = match self.classify(raw) {
            Json::String(s) => s,
            other => {
                return Err(self.err(
                    raw,
                    path,
                    format!("expected a string of hex bytes, found {}", other.describe()),
                ));
            }
        };
        let b = s.as_bytes();
        let mut out = Vec::with_capacity(b.len() / 2);
        for (i, pair) in b.chunks(2).enumerate() {
            let hi = hex_digit(pair[0]);
            let lo = pair.get(1).copied().and_then(hex_digit);
            match (hi, lo) {
                (Some(h), Some(l)) => out.push(h << 4 | l),
                _ => {
                    let bad = if hi.is_none() { 2 * i } else { 2 * i + 1 };
                    let what = match s[..].get(bad..).and_then(|r| r.chars().next()) {
                        Some(c) => format!("bad hex digit {c:?} at character {}", bad + 1),
                        None => format!("odd number of hex digits ({})", b.len()),
                    };
                    return Err(self.err(raw, path, what));
                }
            }
        }
        Ok(out)
    }
}

fn hex_digit(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

fn join(path: &str, key: &str) -> String {
    let key = if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    {
        key.to_string()
    } else {
        format!("{:?}", clip(key))
    };
    if path.is_empty() {
        key
    } else {
        format!("{path}.{key}")
    }
}

/// serde_json's message without its " at line L column C" suffix.
fn strip_position(e: &serde_json::Error) -> String {
    let s = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    s.strip_suffix(&suffix).unwrap_or(&s).to_string()
}

fn unknown_key(expected: &str) -> String {
    format!("unknown key (expected {expected})")
}

impl WaveState {
    /// [`from_json`](Self::from_json) of a file's bytes. Bytes that are not UTF-8 text (a
    /// code object given where a state was meant) are a [`StateError`] at the first byte
    /// that is not, like any other document that is not a wave state.
    pub fn from_json_bytes(bytes: &[u8]) -> Result<WaveState, StateError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => WaveState::from_json(text),
            Err(e) => {
                let valid = String::from_utf8_lossy(&bytes[..e.valid_up_to()]);
                let line_start = valid.rfind('\n').map_or(0, |i| i + 1);
                Err(StateError {
                    line: valid.matches('\n').count() + 1,
                    column: valid[line_start..].chars().count() + 1,
                    path: String::new(),
                    message: format!(
                        "not a hetdwarf-wave-state/1 JSON document: byte {:#x} is not UTF-8 text",
                        e.valid_up_to()
                    ),
                })
            }
        }
    }

    /// Loads a `hetdwarf-wave-state/1` JSON document. Errors are one line, located by line,
    /// column and key path.
    pub fn from_json(text: &str) -> Result<WaveState, StateError> {
        let l = Loader { text };
        let top: &RawValue = serde_json::from_str(text).map_err(|e| StateError {
            line: e.line().max(1),
            column: e.column().max(1),
            path: String::new(),
            message: strip_position(&e),
        })?;
        let members = l.object(top, "")?;
        let get = |k: &str| members.iter().find(|(n, _)| n == k).map(|(_, v)| *v);
        const TOP: &str =
            "format, processor, wave_size, pc, exec, load_bias, registers, memory, apertures";
        for (k, v) in &members {
            if !TOP.split(", ").any(|t| t == k) {
                return Err(l.key_err(v, &join("", k), unknown_key(TOP)));
            }
        }
        let missing = |k: &str| l.err(top, "", format!("missing key \"{k}\""));

        let format = get("format").ok_or_else(|| missing("format"))?;
        let f = l.string(format, "format")?;
        if f != WAVE_STATE_FORMAT {
            return Err(l.err(
                format,
                "format",
                format!(
                    "unsupported format {:?} (expected \"{WAVE_STATE_FORMAT}\")",
                    clip(&f)
                ),
            ));
        }

        let praw = get("processor").ok_or_else(|| missing("processor"))?;
        let pname = l.string(praw, "processor")?;
        let info = processor_info(&pname).ok_or_else(|| {
            l.err(
                praw,
                "processor",
                format!("unknown processor {:?}", clip(&pname)),
            )
        })?;
        let wave_size = match get("wave_size") {
            None => info.default_wave_size(),
            Some(w) => {
                let ws = l.number(w, "wave_size", 32)? as u32;
                if !info.allows_wave_size(ws) {
                    let allowed: Vec<String> = info.wave_sizes.iter().map(u32::to_string).collect();
                    return Err(l.err(
                        w,
                        "wave_size",
                        format!(
                            "{} does not run wave{ws} (allowed: {})",
                            info.name,
                            allowed.join(", ")
                        ),
                    ));
                }
                ws
            }
        };
        let mut st = WaveState::new(info.name, wave_size)
            .map_err(|e| l.err(praw, "processor", e.to_string()))?;
        let ws = st.wave_size();

        if let Some(a) = get("apertures") {
            let mut ap = info.apertures;
            for (k, v) in l.object(a, "apertures")? {
                let path = join("apertures", &k);
                let n = match k.as_str() {
                    "shared_base" | "private_base" => l.number(v, &path, 64)?,
                    _ => {
                        return Err(l.key_err(v, &path, unknown_key("shared_base, private_base")));
                    }
                };
                if !n.is_multiple_of(crate::aspace::APERTURE_SIZE) {
                    return Err(l.err(v, &path, format!("{n:#x} is not 2^32-aligned")));
                }
                if k == "shared_base" {
                    ap.shared_base = n;
                } else {
                    ap.private_base = n;
                }
                if !ap.is_valid() {
                    return Err(l.err(v, &path, "the shared and private apertures coincide"));
                }
            }
            st.apertures = ap;
        }
        if let Some(b) = get("load_bias") {
            st.load_bias = l.number(b, "load_bias", 64)?;
        }
        if let Some(p) = get("pc") {
            st.scalars.insert(Register::Pc, l.number(p, "pc", 64)?);
        }
        if let Some(e) = get("exec") {
            st.scalars.insert(Register::Exec, l.number(e, "exec", ws)?);
        }

        if let Some(regs) = get("registers") {
            let map = st.register_map();
            let mut seen: std::collections::HashMap<Register, String> =
                std::collections::HashMap::new();
            for (k, v) in l.object(regs, "registers")? {
                let path = join("registers", &k);
                let r = map
                    .parse(&k)
                    .map_err(|e| l.key_err(v, &path, e.to_string()))?;
                if let Some(first) = seen.get(&r) {
                    return Err(l.key_err(v, &path, format!("the same register as {first}")));
                }
                seen.insert(r, path.clone());
                if r.is_vector() {
                    let elems = l.array(
                        v,
                        &path,
                        &format!(
                            "an array of {ws} lanes (32-bit numbers, \"0x...\" strings or null)"
                        ),
                    )?;
                    if elems.len() != ws as usize {
                        return Err(l.err(
                            v,
                            &path,
                            format!("expected {ws} lanes (the wave size), found {}", elems.len()),
                        ));
                    }
                    let mut vr = super::VectorRegister::unavailable(ws);
                    for (i, e) in elems.into_iter().enumerate() {
                        if matches!(l.classify(e), Json::Null) {
                            continue;
                        }
                        let x = l.number(e, &format!("{path}[{i}]"), 32)?;
                        vr.set(i as u32, Some(x as u32));
                    }
                    st.vectors.insert(r, vr);
                } else {
                    let x = l.number(v, &path, map.bits(r))?;
                    if let Some(old) = st.scalars.get(&r)
                        && *old != x
                    {
                        return Err(l.err(
                            v,
                            &path,
                            format!("{x:#x} contradicts the top-level \"{r}\" ({old:#x})"),
                        ));
                    }
                    st.scalars.insert(r, x);
                }
            }
        }

        if let Some(mem) = get("memory") {
            for (i, e) in l
                .array(mem, "memory", "an array of memory regions")?
                .into_iter()
                .enumerate()
            {
                let base = format!("memory[{i}]");
                let fields = l.object(e, &base)?;
                let (mut space, mut address, mut bytes, mut lane) = (None, None, None, None);
                for (k, v) in &fields {
                    let path = join(&base, k);
                    match k.as_str() {
                        "space" => {
                            let s = l.string(v, &path)?;
                            let id = AddressSpaceId::from_name(&s).ok_or_else(|| {
                                l.err(
                                    v,
                                    &path,
                                    format!(
                                        "unknown address space {:?} (expected global, generic, region, local, private_lane or private_wave)",
                                        clip(&s)
                                    ),
                                )
                            })?;
                            space = Some((id, *v));
                        }
                        "address" => address = Some((l.number(v, &path, 64)?, *v)),
                        "bytes" => bytes = Some(l.bytes(v, &path)?),
                        "lane" => {
                            let n = l.number(v, &path, 32)?;
                            if n >= u64::from(ws) {
                                return Err(l.err(
                                    v,
                                    &path,
                                    format!("lane {n} is out of range for wave{ws}"),
                                ));
                            }
                            lane = Some((n as u32, *v));
                        }
                        _ => {
                            return Err(l.key_err(
                                v,
                                &path,
                                unknown_key("space, address, bytes, lane"),
                            ));
                        }
                    }
                }
                let need = |k: &str| l.err(e, &base, format!("missing key \"{k}\""));
                let (space, _) = space.ok_or_else(|| need("space"))?;
                let (address, araw) = address.ok_or_else(|| need("address"))?;
                let bytes = bytes.ok_or_else(|| need("bytes"))?;
                match (space, lane) {
                    (AddressSpaceId::PrivateLane, None) => return Err(need("lane")),
                    (AddressSpaceId::PrivateLane | AddressSpaceId::Generic, _) => {}
                    (_, Some((_, lraw))) => {
                        return Err(l.key_err(
                            lraw,
                            &join(&base, "lane"),
                            format!("\"lane\" applies only to private_lane and generic regions, not {space}"),
                        ));
                    }
                    _ => {}
                }
                let lane = lane.map(|(n, _)| n);
                let apath = join(&base, "address");
                if u128::from(address) + bytes.len() as u128 > space.limit() {
                    return Err(l.err(
                        araw,
                        &apath,
                        format!(
                            "{} bytes at {address:#x} pass the end of the {}-bit {space} address space",
                            bytes.len(),
                            space.address_bits()
                        ),
                    ));
                }
                let located = |err: hetdwarf::eval::Error| l.err(araw, &apath, err.to_string());
                if let Some((s, a)) = st.conflict(space, lane, address, &bytes).map_err(located)? {
                    return Err(l.err(
                        e,
                        &base,
                        format!("overlaps an earlier region with different bytes at {s} {a:#x}"),
                    ));
                }
                st.write(space, lane, address, &bytes).map_err(located)?;
            }
        }
        Ok(st)
    }

    /// Saves the state as a `hetdwarf-wave-state/1` JSON document (canonical layout; ends
    /// with a newline).
    pub fn to_json(&self) -> String {
        let mut o = String::new();
        let hex = |v: u64| format!("\"{v:#x}\"");
        o.push_str("{\n");
        let _ = writeln!(o, "  \"format\": \"{WAVE_STATE_FORMAT}\",");
        let _ = writeln!(
            o,
            "  \"processor\": {},",
            serde_json::to_string(&self.processor).unwrap_or_default()
        );
        let _ = writeln!(o, "  \"wave_size\": {},", self.wave_size());
        if let Some(pc) = self.pc() {
            let _ = writeln!(o, "  \"pc\": {},", hex(pc));
        }
        if let Some(exec) = self.exec() {
            let _ = writeln!(o, "  \"exec\": {},", hex(exec));
        }
        let _ = writeln!(o, "  \"load_bias\": {},", hex(self.load_bias));
        // Registers, in register order (pc and exec are written above).
        let mut names: Vec<Register> = self
            .scalars
            .keys()
            .chain(self.vectors.keys())
            .copied()
            .filter(|r| !matches!(r, Register::Pc | Register::Exec))
            .collect();
        names.sort();
        let mut regs: Vec<String> = Vec::with_capacity(names.len());
        for r in names {
            let mut s = format!("    \"{r}\": ");
            if let Some(v) = self.vectors.get(&r) {
                s.push('[');
                for (i, lane) in v.iter().enumerate() {
                    if i > 0 {
                        s.push_str(", ");
                    }
                    match lane {
                        Some(x) => {
                            let _ = write!(s, "\"{x:#x}\"");
                        }
                        None => s.push_str("null"),
                    }
                }
                s.push(']');
            } else if let Some(v) = self.scalars.get(&r) {
                s.push_str(&hex(*v));
            }
            regs.push(s);
        }
        if regs.is_empty() {
            o.push_str("  \"registers\": {},\n");
        } else {
            o.push_str("  \"registers\": {\n");
            o.push_str(&regs.join(",\n"));
            o.push_str("\n  },\n");
        }
        let mut mem: Vec<String> = Vec::new();
        for space in [
            AddressSpaceId::Global,
            AddressSpaceId::Region,
            AddressSpaceId::Local,
            AddressSpaceId::PrivateWave,
        ] {
            for (addr, run) in self.memory(space).expect("stored space").runs() {
                let mut s = String::with_capacity(run.len() * 2 + 64);
                let _ = write!(
                    s,
                    "    {{ \"space\": \"{space}\", \"address\": {}, \"bytes\": \"",
                    hex(addr)
                );
                const DIGITS: &[u8; 16] = b"0123456789abcdef";
                for b in run {
                    s.push(DIGITS[usize::from(b >> 4)] as char);
                    s.push(DIGITS[usize::from(b & 15)] as char);
                }
                s.push_str("\" }");
                mem.push(s);
            }
        }
        if mem.is_empty() {
            o.push_str("  \"memory\": [],\n");
        } else {
            o.push_str("  \"memory\": [\n");
            o.push_str(&mem.join(",\n"));
            o.push_str("\n  ],\n");
        }
        let _ = writeln!(
            o,
            "  \"apertures\": {{ \"shared_base\": {}, \"private_base\": {} }}",
            hex(self.apertures.shared_base),
            hex(self.apertures.private_base)
        );
        o.push_str("}\n");
        o
    }
}
