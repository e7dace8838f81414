//! PC look-ups: the scope trees (the whole unit's, or one function's built on its own),
//! the chain of scopes at a PC, and the variables visible there.

use super::{
    DwarfIndex, IndexError, Scope, ScopeId, ScopeRef, TreeId, UnitId, UnitScopes, Variable,
    VariableRef, functions, scopes,
};

impl<'a> DwarfIndex<'a> {
    /// The scope tree of a unit, built on first use.
    pub fn scopes(&self, id: UnitId) -> Result<&UnitScopes<'a>, IndexError> {
        let info = self.unit(id)?;
        info.scopes
            .get_or_init(|| {
                let built = scopes::build(&self.dwarf, self.sections, &info.unit, info.offset)?;
                // A unit's scope tree lives as long as the index: charged to the budget.
                self.charge(info.offset, "its scope tree", built.heap_bytes(), true)?;
                Ok(built)
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The chain of scopes containing `pc`, innermost first (lexical blocks, inlined
    /// subroutines, then the subprogram). Empty when no subprogram covers `pc`.
    ///
    /// Only the function holding `pc` has its scope tree built (the unit's DIEs are read
    /// once to find it); the scopes are numbered in that function's tree.
    pub fn scopes_at(&self, pc: u64) -> Result<Vec<ScopeRef>, IndexError> {
        for unit in self.units_at(pc) {
            let functions = self.functions(unit)?;
            // Among functions that both cover pc (overlapping input), the one whose
            // innermost subprogram is nested deepest, as the whole unit's tree chooses.
            let mut best: Option<(usize, TreeId, Vec<ScopeId>)> = None;
            for root in functions.at(pc) {
                let tree = TreeId::function(root);
                let scopes = self.tree(unit, tree)?;
                let chain = scopes.chain_at(pc);
                if chain.is_empty() {
                    continue;
                }
                let depth = functions::subprogram_depth(scopes, &chain);
                if best.as_ref().is_none_or(|(d, _, _)| depth > *d) {
                    best = Some((depth, tree, chain));
                }
            }
            if let Some((_, tree, chain)) = best {
                return Ok(chain
                    .into_iter()
                    .map(|scope| ScopeRef { unit, tree, scope })
                    .collect());
            }
        }
        Ok(Vec::new())
    }

    /// The unit's functions, found on first use.
    fn functions(&self, id: UnitId) -> Result<&functions::Functions<'a>, IndexError> {
        let info = self.unit(id)?;
        info.functions
            .get_or_init(|| functions::Functions::skim(&self.dwarf, &info.unit, info.offset))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The scope tree a reference's [`TreeId`] names: the whole unit's, or one function's.
    pub fn tree(&self, unit: UnitId, tree: TreeId) -> Result<&UnitScopes<'a>, IndexError> {
        let Some(root) = tree.0.checked_sub(1) else {
            return self.scopes(unit);
        };
        let info = self.unit(unit)?;
        self.functions(unit)?
            .tree(
                root,
                &self.dwarf,
                self.sections,
                &info.unit,
                info.offset,
                |bytes| self.charge(info.offset, "a function's scope tree", bytes, true),
            )
            .unwrap_or(Err(IndexError::ForeignId { what: "scope tree" }))
    }

    /// Every variable and parameter visible at `pc`: the scope chain from innermost
    /// outwards, each scope's variables in declaration order.
    pub fn variables_at(&self, pc: u64) -> Result<Vec<VariableRef>, IndexError> {
        let mut out = Vec::new();
        for s in self.scopes_at(pc)? {
            let scope = self.scope(s)?;
            for &index in &scope.variables {
                out.push(VariableRef {
                    unit: s.unit,
                    tree: s.tree,
                    scope: s.scope,
                    index: index as usize,
                });
            }
        }
        Ok(out)
    }

    /// The variable a [`VariableRef`] names.
    pub fn variable(&self, v: VariableRef) -> Result<&Variable<'a>, IndexError> {
        self.tree(v.unit, v.tree)?
            .variables
            .get(v.index)
            .ok_or(IndexError::ForeignId { what: "variable" })
    }

    /// The scope a [`ScopeRef`] names.
    pub fn scope(&self, s: ScopeRef) -> Result<&Scope<'a>, IndexError> {
        self.tree(s.unit, s.tree)?
            .scope(s.scope)
            .ok_or(IndexError::ForeignId { what: "scope" })
    }
}
