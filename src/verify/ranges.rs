//! PC ranges for verify: each scope's ranges, flattened (sorted, merged, tombstones
//! dropped), and the arithmetic on sorted range lists that coverage and the location-list
//! checks use.

use std::ops::Range;

use crate::fast_hash::HashMap;
use crate::index::DwarfIndex;

/// The PC ranges of every scope, flattened: index 0 is the empty list.
pub(super) struct ScopeRanges {
    flat: Vec<Range<u64>>,
    spans: Vec<(u32, u32)>,
    /// Spans already made for a `DW_AT_ranges` list, by (unit offset, list): DIEs that
    /// share a list share its span (1 000 blocks over one 500 000-entry list).
    by_list: HashMap<(u64, u64), usize>,
}

impl ScopeRanges {
    pub(super) fn new() -> Self {
        ScopeRanges {
            flat: Vec::new(),
            spans: vec![(0, 0)],
            by_list: HashMap::default(),
        }
    }

    /// Appends a DIE's ranges (sorted and merged, tombstones and empty ranges dropped)
    /// and returns their index.
    pub(super) fn push_die<'a>(
        &mut self,
        dbg: &DwarfIndex<'a>,
        unit: &crate::index::GimliUnit<'a>,
        entry: &gimli::DebuggingInformationEntry<crate::index::Reader<'a>>,
    ) -> usize {
        let list = match entry.attr_value(gimli::DW_AT_ranges) {
            Some(gimli::AttributeValue::RangeListsRef(o)) => Some(o.0 as u64),
            Some(gimli::AttributeValue::DebugRngListsIndex(i)) => Some(u64::MAX - i.0 as u64),
            _ => None,
        };
        let unit_offset = unit.header.offset().0 as u64;
        if let Some(l) = list
            && let Some(&span) = self.by_list.get(&(unit_offset, l))
        {
            return span;
        }
        let span = self.push_new(dbg, unit, entry);
        if let Some(l) = list {
            self.by_list.insert((unit_offset, l), span);
        }
        span
    }

    fn push_new<'a>(
        &mut self,
        dbg: &DwarfIndex<'a>,
        unit: &crate::index::GimliUnit<'a>,
        entry: &gimli::DebuggingInformationEntry<crate::index::Reader<'a>>,
    ) -> usize {
        let start = self.flat.len();
        // A range list that fails part-way keeps the ranges read before the failure.
        let _ = crate::index::die_ranges(dbg.dwarf(), unit, entry, |r| {
            if r.start < r.end && !unit.is_tombstone_address(r.start) {
                self.flat.push(r);
            }
        });
        let merged = sort_and_merge(&mut self.flat[start..]);
        self.flat.truncate(start + merged);
        let len = self.flat.len() - start;
        self.spans.push((start as u32, len as u32));
        self.spans.len() - 1
    }
}

impl std::ops::Index<usize> for ScopeRanges {
    type Output = [Range<u64>];

    fn index(&self, i: usize) -> &[Range<u64>] {
        let (s, l) = self.spans[i];
        &self.flat[s as usize..(s + l) as usize]
    }
}

/// Sorted, merged union of ranges (empty and inverted ranges dropped).
pub(super) fn union(mut r: Vec<Range<u64>>) -> Vec<Range<u64>> {
    r.retain(|r| r.start < r.end);
    let merged = sort_and_merge(&mut r);
    r.truncate(merged);
    r
}

/// Sorts `r` and merges overlapping or touching ranges in place; returns how many merged
/// ranges lead `r` (the rest is left over).
fn sort_and_merge(r: &mut [Range<u64>]) -> usize {
    if r.len() < 2 {
        return r.len();
    }
    r.sort_unstable_by_key(|r| (r.start, r.end));
    let mut w = 0;
    for i in 1..r.len() {
        if r[i].start <= r[w].end {
            r[w].end = r[w].end.max(r[i].end);
        } else {
            w += 1;
            r[w] = r[i].clone();
        }
    }
    w + 1
}

/// Bytes of `union(xs) ∩ scope` (`scope` sorted and merged), without allocating; `xs` is
/// left sorted, empty ranges dropped.
pub(super) fn measure_in(xs: &mut Vec<Range<u64>>, scope: &[Range<u64>]) -> u64 {
    xs.retain(|r| r.start < r.end);
    xs.sort_unstable_by_key(|r| r.start);
    let mut sum = 0;
    let mut cur: Option<Range<u64>> = None;
    let mut j = 0;
    let mut flush = |r: Range<u64>, j: &mut usize| {
        while *j < scope.len() && scope[*j].end <= r.start {
            *j += 1;
        }
        let mut k = *j;
        while k < scope.len() && scope[k].start < r.end {
            let s = scope[k].start.max(r.start);
            let e = scope[k].end.min(r.end);
            if s < e {
                sum += e - s;
            }
            k += 1;
        }
    };
    for x in xs.iter().cloned() {
        match &mut cur {
            Some(c) if x.start <= c.end => c.end = c.end.max(x.end),
            _ => {
                if let Some(c) = cur.take() {
                    flush(c, &mut j);
                }
                cur = Some(x);
            }
        }
    }
    if let Some(c) = cur {
        flush(c, &mut j);
    }
    sum
}

/// Intersection of two sorted, merged range lists.
pub(super) fn intersect(a: &[Range<u64>], b: &[Range<u64>]) -> Vec<Range<u64>> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < a.len() && j < b.len() {
        let s = a[i].start.max(b[j].start);
        let e = a[i].end.min(b[j].end);
        if s < e {
            out.push(s..e);
        }
        if a[i].end < b[j].end {
            i += 1;
        } else {
            j += 1;
        }
    }
    out
}

pub(super) fn total(r: &[Range<u64>]) -> u64 {
    r.iter().map(|r| r.end - r.start).sum()
}

/// `a` minus `b` (both sorted and merged).
pub(super) fn subtract(a: &[Range<u64>], b: &[Range<u64>]) -> Vec<Range<u64>> {
    let mut out = Vec::new();
    for r in a {
        let mut start = r.start;
        for x in b {
            if x.end <= start || x.start >= r.end {
                continue;
            }
            if x.start > start {
                out.push(start..x.start);
            }
            start = start.max(x.end);
        }
        if start < r.end {
            out.push(start..r.end);
        }
    }
    out
}

/// The first four ranges, `[0x10, 0x20), [0x30, 0x34), ... 3 more`.
pub(super) fn fmt_ranges(r: &[Range<u64>]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    for (i, r) in r.iter().take(4).enumerate() {
        let sep = if i == 0 { "" } else { ", " };
        let _ = write!(s, "{sep}[{:#x}, {:#x})", r.start, r.end);
    }
    if r.len() > 4 {
        let _ = write!(s, ", ... {} more", r.len() - 4);
    }
    s
}
