//! Call sites: `DW_TAG_call_site` (DWARF 5) and `DW_TAG_GNU_call_site` (the DWARF 4 GNU
//! extension) with their parameters, which tell a callee's `DW_OP_entry_value` what a
//! register held on entry: the parameter whose `DW_AT_location` is that register carries
//! `DW_AT_call_value` (`DW_AT_GNU_call_site_value`), an expression of the caller's frame.

use super::visit::{Entry, ScopeKind, Start, UnitVisitor};
use super::{DwarfIndex, IndexError, UnitId, UnitInfo};

/// One call site DIE.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSite<'a> {
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// The unit holding it.
    pub unit: UnitId,
    /// The return address: `DW_AT_call_return_pc`, or `DW_AT_low_pc` of a
    /// `DW_TAG_GNU_call_site` (a code-object address).
    pub return_pc: Option<u64>,
    /// The callee: `DW_AT_call_origin` (`DW_AT_abstract_origin` for the GNU tag), as a
    /// `.debug_info` offset.
    pub origin: Option<u64>,
    /// The `DW_TAG_call_site_parameter` / `DW_TAG_GNU_call_site_parameter` children.
    pub parameters: Vec<CallSiteParameter<'a>>,
}

/// One call site parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallSiteParameter<'a> {
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// `DW_AT_location`: where the callee receives the parameter (usually a lone
    /// `DW_OP_reg*`), as expression bytes.
    pub location: Option<&'a [u8]>,
    /// `DW_AT_call_value` / `DW_AT_GNU_call_site_value`: the value at the call, an
    /// expression evaluated in the caller's frame.
    pub value: Option<&'a [u8]>,
}

fn block<'a>(v: gimli::AttributeValue<super::Reader<'a>>) -> Option<&'a [u8]> {
    match v {
        gimli::AttributeValue::Exprloc(e) => Some(e.0.slice()),
        gimli::AttributeValue::Block(b) => Some(b.slice()),
        _ => None,
    }
}

impl<'a> DwarfIndex<'a> {
    /// Every call site in the DIE subtree rooted at `.debug_info` offset `scope_die` (a
    /// subprogram, with its lexical blocks and inlined subroutines), in DIE order.
    pub fn call_sites_in(&self, scope_die: u64) -> Result<Vec<CallSite<'a>>, IndexError> {
        let unit = self
            .unit_containing(scope_die)
            .ok_or_else(|| IndexError::Malformed {
                offset: scope_die,
                reason: "DIE reference outside .debug_info".into(),
            })?;
        let info = self.unit(unit)?;
        let rel = gimli::UnitOffset((scope_die - info.offset) as usize);
        if !rel.is_in_bounds(&info.unit.header) {
            return Err(IndexError::Malformed {
                offset: scope_die,
                reason: "DIE reference inside a unit header".into(),
            });
        }
        let mut visitor = CallSites {
            dbg: self,
            unit,
            info,
            scope_die,
            sites: Vec::new(),
            site_depth: None,
        };
        super::visit::walk(
            &info.unit,
            Start::Subtree(rel),
            &mut visitor,
            |_, source| site_error(scope_die, source),
        )?;
        Ok(visitor.sites)
    }
}

/// An error reading the call sites beneath the DIE at `scope_die`.
fn site_error(scope_die: u64, source: gimli::Error) -> IndexError {
    IndexError::Dwarf {
        what: "call site DIEs".into(),
        offset: Some(scope_die),
        error: source,
    }
}

/// The visitor that gathers call sites and their parameters.
struct CallSites<'d, 'a> {
    dbg: &'d DwarfIndex<'a>,
    unit: UnitId,
    info: &'d UnitInfo<'a>,
    /// The DIE whose subtree is read, which errors name.
    scope_die: u64,
    sites: Vec<CallSite<'a>>,
    /// The depth of the call site whose parameters are being read.
    site_depth: Option<isize>,
}

impl<'a> UnitVisitor<'a> for CallSites<'_, 'a> {
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

    fn entry(&mut self, entry: &Entry<'a>, _: Option<&()>) -> Result<(), IndexError> {
        let (info, depth) = (self.info, entry.depth());
        let die = info.offset + entry.offset().0 as u64;
        let tag = entry.tag();
        if self.site_depth.is_some_and(|d| depth <= d) {
            self.site_depth = None;
        }
        if tag == gimli::DW_TAG_call_site || tag == gimli::DW_TAG_GNU_call_site {
            let gnu = tag == gimli::DW_TAG_GNU_call_site;
            let pc_attr = if gnu {
                gimli::DW_AT_low_pc
            } else {
                gimli::DW_AT_call_return_pc
            };
            let return_pc = match entry.attr_value(pc_attr) {
                Some(v) => self
                    .dbg
                    .dwarf()
                    .attr_address(&info.unit, v)
                    .map_err(|e| site_error(self.scope_die, e))?,
                None => None,
            };
            let origin = [gimli::DW_AT_call_origin, gimli::DW_AT_abstract_origin]
                .into_iter()
                .find_map(|a| entry.attr_value(a))
                .and_then(|v| super::scopes::info_ref(&info.unit, v));
            self.sites.push(CallSite {
                die,
                unit: self.unit,
                return_pc,
                origin,
                parameters: Vec::new(),
            });
            self.site_depth = Some(depth);
        } else if (tag == gimli::DW_TAG_call_site_parameter
            || tag == gimli::DW_TAG_GNU_call_site_parameter)
            && self.site_depth == Some(depth - 1)
            && let Some(site) = self.sites.last_mut()
        {
            let value = entry
                .attr_value(gimli::DW_AT_call_value)
                .or_else(|| entry.attr_value(gimli::DW_AT_GNU_call_site_value))
                .and_then(block);
            site.parameters.push(CallSiteParameter {
                die,
                location: entry.attr_value(gimli::DW_AT_location).and_then(block),
                value,
            });
        }
        Ok(())
    }
}
