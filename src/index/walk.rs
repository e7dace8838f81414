//! Walks over every DIE of the object or of one unit, and the object-wide counts
//! ([`Statistics`]) made with one.

use super::visit::{self, Entry, ScopeKind, Start, UnitVisitor};
use super::{DwarfIndex, IndexError, UnitId, UnitInfo};

/// Counts over the whole object, for `hetdwarf info` and the corpus tests.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statistics {
    /// Compilation units.
    pub compile_units: usize,
    /// `DW_TAG_subprogram` DIEs.
    pub subprograms: usize,
    /// `DW_TAG_inlined_subroutine` DIEs.
    pub inlined_subroutines: usize,
    /// `DW_TAG_variable` and `DW_TAG_formal_parameter` DIEs.
    pub variables: usize,
    /// Those of them with a `DW_AT_location` attribute (any form).
    pub variables_with_location: usize,
    /// DIEs carrying `DW_AT_LLVM_*` attributes at the current numbers (0x3e0f..0x3e13).
    pub current_llvm_attributes: usize,
    /// Subprogram, inlined-subroutine and base-type DIEs carrying attributes at the old AMD
    /// numbers (0x3e08..0x3e0c).
    pub old_llvm_attributes: usize,
    /// Subprograms with code but no `DW_AT_frame_base`.
    pub subprograms_without_frame_base: usize,
}

impl<'a> DwarfIndex<'a> {
    /// Calls `f` on every DIE of every unit in order; a parse error stops the walk with an
    /// error naming the unit.
    pub(super) fn for_each_die(
        &self,
        mut f: impl FnMut(UnitId, &UnitInfo<'a>, &Entry<'a>) -> Result<(), IndexError>,
    ) -> Result<(), IndexError> {
        for i in 0..self.units.len() {
            self.for_each_die_in(self.unit_id(i).expect("a unit"), &mut f)?;
        }
        Ok(())
    }

    /// Calls `f` on every DIE of one unit in order.
    pub(super) fn for_each_die_in(
        &self,
        id: UnitId,
        f: impl FnMut(UnitId, &UnitInfo<'a>, &Entry<'a>) -> Result<(), IndexError>,
    ) -> Result<(), IndexError> {
        let info = self.unit(id)?;
        let mut every = EveryDie { id, info, f };
        visit::walk(&info.unit, Start::Unit, &mut every, |_, source| {
            IndexError::Dwarf {
                what: "DIE".into(),
                offset: Some(info.offset),
                error: source,
            }
        })
    }

    /// Counts over every unit; walks every DIE once.
    pub fn statistics(&self) -> Result<Statistics, IndexError> {
        let mut stats = Statistics {
            compile_units: self.units.len(),
            ..Statistics::default()
        };
        self.for_each_die(|_, _, entry| {
            let tag = entry.tag();
            if entry
                .attrs()
                .iter()
                .any(|a| (0x3e0f..=0x3e13).contains(&a.name().0))
            {
                stats.current_llvm_attributes += 1;
            }
            if matches!(
                tag,
                gimli::DW_TAG_subprogram
                    | gimli::DW_TAG_inlined_subroutine
                    | gimli::DW_TAG_base_type
            ) && entry
                .attrs()
                .iter()
                .any(|a| (0x3e08..=0x3e0c).contains(&a.name().0))
            {
                stats.old_llvm_attributes += 1;
            }
            if tag == gimli::DW_TAG_subprogram
                && entry.attr(gimli::DW_AT_frame_base).is_none()
                && entry.attr(gimli::DW_AT_low_pc).is_some()
            {
                stats.subprograms_without_frame_base += 1;
            }
            match tag {
                gimli::DW_TAG_subprogram => stats.subprograms += 1,
                gimli::DW_TAG_inlined_subroutine => stats.inlined_subroutines += 1,
                gimli::DW_TAG_variable | gimli::DW_TAG_formal_parameter => {
                    stats.variables += 1;
                    if entry.attr(gimli::DW_AT_location).is_some() {
                        stats.variables_with_location += 1;
                    }
                }
                _ => {}
            }
            Ok(())
        })?;
        Ok(stats)
    }
}

/// The visitor behind [`DwarfIndex::for_each_die_in`]: hands each DIE to a closure, for
/// readers that need no scopes.
struct EveryDie<'u, 'a, F> {
    id: UnitId,
    info: &'u UnitInfo<'a>,
    f: F,
}

impl<'a, F> UnitVisitor<'a> for EveryDie<'_, 'a, F>
where
    F: FnMut(UnitId, &UnitInfo<'a>, &Entry<'a>) -> Result<(), IndexError>,
{
    type Scope = ();

    const SCOPES: bool = false;

    fn enter_scope(
        &mut self,
        _: &Entry<'a>,
        _: ScopeKind,
        _: Option<&()>,
    ) -> Result<(), IndexError> {
        Ok(())
    }

    fn entry(&mut self, die: &Entry<'a>, _: Option<&()>) -> Result<(), IndexError> {
        (self.f)(self.id, self.info, die)
    }
}
