//! DIE names as verify's walk hands them out: each distinct name is made once and shared
//! by every concern that names a DIE in a finding or a record.

use std::sync::Arc;

use crate::fast_hash::HashMap;
use crate::index::{DwarfIndex, Entry, GimliUnit};

/// The names of one unit's DIEs, made once each (12 000 variables of a rocRAND object
/// carry a few hundred names, mostly through abstract origins).
#[derive(Default)]
pub(super) struct Names<'a> {
    /// By the name's bytes in the string section.
    interned: HashMap<&'a [u8], Arc<str>>,
    /// The name an abstract origin or specification leads to, by its unit offset.
    by_origin: HashMap<usize, Option<Arc<str>>>,
}

impl<'a> Names<'a> {
    /// The shared name for `bytes`.
    pub(super) fn intern(&mut self, bytes: &'a [u8]) -> Arc<str> {
        intern(&mut self.interned, bytes)
    }

    /// The name of a DIE, following `DW_AT_abstract_origin` / `DW_AT_specification` (a
    /// few hops) inside the unit.
    pub(super) fn of(
        &mut self,
        dbg: &DwarfIndex<'a>,
        unit: &GimliUnit<'a>,
        entry: &Entry<'a>,
    ) -> Option<Arc<str>> {
        let interned = &mut self.interned;
        // A DIE's first name, else the last origin it names.
        let mut name_or_origin = |e: &Entry<'a>| {
            let mut origin = None;
            for a in e.attrs() {
                match a.name() {
                    gimli::DW_AT_name => {
                        let name = dbg
                            .dwarf()
                            .attr_string(unit, a.value())
                            .ok()
                            .map(|s| intern(interned, s.slice()));
                        return (name, None);
                    }
                    gimli::DW_AT_abstract_origin | gimli::DW_AT_specification => {
                        if let gimli::AttributeValue::UnitRef(r) = a.value() {
                            origin = Some(r);
                        }
                    }
                    _ => {}
                }
            }
            (None, origin)
        };
        let (name, origin) = name_or_origin(entry);
        if name.is_some() {
            return name;
        }
        let start = origin?;
        if let Some(n) = self.by_origin.get(&start.0) {
            return n.clone();
        }
        let mut name = None;
        let mut next = Some(start);
        for _ in 0..4 {
            let Some(e) = next.and_then(|off| unit.entry(off).ok()) else {
                break;
            };
            (name, next) = name_or_origin(&e);
            if name.is_some() {
                break;
            }
        }
        self.by_origin.insert(start.0, name.clone());
        name
    }
}

/// The shared name for `bytes` (a free function so that [`Names::of`] can intern while
/// it also reads `by_origin`).
fn intern<'a>(interned: &mut HashMap<&'a [u8], Arc<str>>, bytes: &'a [u8]) -> Arc<str> {
    interned
        .entry(bytes)
        .or_insert_with(|| String::from_utf8_lossy(bytes).into())
        .clone()
}
