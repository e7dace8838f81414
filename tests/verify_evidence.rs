//! Verify and the expression profile count each unit's conventions evidence from their
//! own walks and hand it to the index (so that asking for a unit's reading does not walk
//! the unit again): the evidence an index holds after either equals what a fresh index
//! counts by itself, unit by unit, on every plain corpus object and the rocRAND objects.

mod common;

use std::path::PathBuf;

use hetdwarf::expr::Encoding;
use hetdwarf::index::{ConventionsChoice, DwarfIndex};

/// Every plain corpus object and the rocRAND ones.
fn objects() -> Vec<PathBuf> {
    let mut objects = common::plain_objects(false);
    objects.extend(common::plain_objects(true));
    objects
}

/// Compares, unit by unit, the evidence `handed` holds under `encoding` with what `fresh`
/// (an index over the same sections) counts; adds to the units compared and to those
/// with lane attributes.
fn compare(
    path: &std::path::Path,
    handed: &DwarfIndex<'_>,
    fresh: &DwarfIndex<'_>,
    encoding: Encoding,
    (units, heterogeneous): &mut (usize, usize),
) {
    // Unit ids belong to their index: the two indexes number units alike.
    for (id, fresh_id) in handed.unit_ids().zip(fresh.unit_ids()) {
        let seeded = handed.unit_evidence(id, encoding);
        let counted = fresh.unit_evidence(fresh_id, encoding);
        assert_eq!(
            seeded.as_ref().ok(),
            counted.as_ref().ok(),
            "{}: unit {id:?}",
            path.display()
        );
        if let Ok(e) = counted {
            *units += 1;
            *heterogeneous += usize::from(e.heterogeneous_attributes > 0);
        }
    }
}

#[test]
fn evidence_counted_by_verify_equals_the_index_count() {
    let mut counts = (0, 0);
    for path in &objects() {
        let input = hetdwarf_amdgpu::Input::open(path).expect("open");
        let co = input.code_object(None).expect("code object");
        let sections = co.dwarf_sections().expect("sections");
        let fresh = DwarfIndex::new(|id| sections.get(id)).expect("index");
        for choice in [ConventionsChoice::Auto, ConventionsChoice::Heterogeneous] {
            let mut verified = DwarfIndex::new(|id| sections.get(id)).expect("index");
            verified.set_conventions(choice);
            let report = hetdwarf_amdgpu::verify::verify(&co, &verified).expect("verify");
            let encoding = report.encoding.as_ref().expect("encoding").0;
            compare(path, &verified, &fresh, encoding, &mut counts);
        }
    }
    let (units, heterogeneous) = counts;
    assert!(units > 100, "{units} units compared");
    assert!(heterogeneous > 0, "no unit with lane attributes compared");
}

#[test]
fn evidence_counted_by_the_expression_profile_equals_the_index_count() {
    let mut counts = (0, 0);
    for path in &objects() {
        let input = hetdwarf_amdgpu::Input::open(path).expect("open");
        let co = input.code_object(None).expect("code object");
        let sections = co.dwarf_sections().expect("sections");
        let fresh = DwarfIndex::new(|id| sections.get(id)).expect("index");
        let profiled = DwarfIndex::new(|id| sections.get(id)).expect("index");
        let encoding = profiled
            .expression_profile()
            .expect("profile")
            .encoding
            .encoding;
        compare(path, &profiled, &fresh, encoding, &mut counts);
    }
    let (units, heterogeneous) = counts;
    assert!(units > 50, "{units} units compared");
    assert!(heterogeneous > 0, "no unit with lane attributes compared");
}
