//! An ELF string table read at most once: however many symbols or sections name strings
//! in it, and however long those strings are, finding and checking names costs about one
//! pass over the table (100 000 symbols naming one 1 MiB string cost 100 GB of scanning).

use std::collections::{BTreeMap, HashMap};

/// The strings of one string table, found and checked lazily.
pub(crate) struct StringTable<'a> {
    data: &'a [u8],
    /// Runs of bytes known to hold no NUL, by the NUL that ends them: end -> start.
    runs: BTreeMap<usize, usize>,
    /// Per ending NUL: which starts were checked for UTF-8.
    checked: HashMap<usize, Checked>,
}

/// What is known of the strings that end at one NUL: every start at a character boundary
/// from `valid_from` on is valid UTF-8, and every start up to `invalid_to` is not.
#[derive(Clone, Copy)]
struct Checked {
    valid_from: usize,
    invalid_to: Option<usize>,
}

impl<'a> StringTable<'a> {
    pub(crate) fn new(data: &'a [u8]) -> Self {
        StringTable {
            data,
            runs: BTreeMap::new(),
            checked: HashMap::new(),
        }
    }

    /// The NUL-terminated UTF-8 string at `off`, if there is one.
    pub(crate) fn get(&mut self, off: usize) -> Option<&'a str> {
        let end = self.end_of(off)?;
        let continuation = |at: usize| at < end && self.data[at] & 0xc0 == 0x80;
        let known = self.checked.entry(end).or_insert(Checked {
            valid_from: end,
            invalid_to: None,
        });
        if known.invalid_to.is_some_and(|bad| off <= bad) || continuation(off) {
            return None;
        }
        if off < known.valid_from {
            // `valid_from` starts a character (or is the end), so the bytes before it
            // decode on their own; the first error starts a character too, and decoding
            // from any earlier boundary meets it.
            match std::str::from_utf8(&self.data[off..known.valid_from]) {
                Ok(_) => known.valid_from = off,
                Err(e) => {
                    known.invalid_to = Some(off + e.valid_up_to());
                    return None;
                }
            }
        }
        let bytes = &self.data[off..end];
        // SAFETY: `[off, valid_from)` was checked above or `off` is at a character
        // boundary at or after `valid_from`, and `[valid_from, end)` was checked when
        // `valid_from` was set: valid UTF-8 joined to valid UTF-8 is valid UTF-8, as is
        // a suffix of it that starts a character. Checking it again here would cost the
        // string's length on every name, which is what this table exists to avoid.
        Some(unsafe { std::str::from_utf8_unchecked(bytes) })
    }

    /// The NUL that ends the string at `off`: each byte of the table is searched once,
    /// runs already searched are stepped over.
    fn end_of(&mut self, off: usize) -> Option<usize> {
        let mut at = off;
        loop {
            // The first known run that ends at or after `at`.
            let next = self.runs.range(at..).next().map(|(&e, &s)| (e, s));
            match next {
                Some((end, start)) if start <= at => {
                    if off < start {
                        self.runs.insert(end, off);
                    }
                    return Some(end);
                }
                _ => {}
            }
            let stop = next.map_or(self.data.len(), |(_, start)| start);
            let window = self.data.get(at..stop)?;
            match window.iter().position(|&b| b == 0) {
                Some(p) => {
                    self.runs.insert(at + p, off);
                    return Some(at + p);
                }
                // No NUL before the next known run: it continues into that run.
                None if next.is_some() => at = stop,
                None => return None,
            }
        }
    }
}

/// A name from the input as a hash key that costs the same however long the name is:
/// hashed by its length and its first and last bytes, and equal at once when both sides
/// are the same bytes of the file (100 000 symbols naming one 1 MiB string then hash and
/// compare in microseconds, not by the megabyte).
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameKey<'a>(pub &'a str);

/// The bytes of each end of a name that its hash covers.
const HASHED_ENDS: usize = 64;

impl std::hash::Hash for NameKey<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let b = self.0.as_bytes();
        b.len().hash(state);
        b[..b.len().min(HASHED_ENDS)].hash(state);
        b[b.len().saturating_sub(HASHED_ENDS)..].hash(state);
    }
}

impl PartialEq for NameKey<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for NameKey<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_those_a_plain_search_finds() {
        let data = b"\0abc\0\xe2\x82\xacx\0bad\xff\xfeok\0no end";
        let plain = |off: usize| {
            let rest = data.get(off..)?;
            let end = rest.iter().position(|&b| b == 0)?;
            std::str::from_utf8(&rest[..end]).ok()
        };
        // Every offset, in an order that meets known runs from both sides.
        let mut table = StringTable::new(data);
        let order: Vec<usize> = (0..data.len() + 2).rev().chain(0..data.len() + 2).collect();
        for off in order {
            assert_eq!(table.get(off), plain(off), "offset {off}");
        }
        let mut table = StringTable::new(data);
        for off in 0..data.len() + 2 {
            assert_eq!(table.get(off), plain(off), "offset {off}");
        }
    }

    #[test]
    fn many_lookups_into_one_long_string_give_its_suffixes() {
        let mut data = vec![b'a'; 1 << 20];
        data.push(0);
        let mut table = StringTable::new(&data);
        for i in 0..100_000 {
            let off = (i * 7) % (1 << 20);
            assert_eq!(table.get(off).map(str::len), Some((1 << 20) - off));
        }
    }
}
