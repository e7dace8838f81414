//! The one walk over a unit's DIEs: [`walk`] reads the DIEs in order and hands them to a
//! [`UnitVisitor`], keeping the stack of open scopes itself, with the one table of which
//! tags open a scope ([`ScopeKind::of`]) and which declare a variable
//! ([`VariableKind::of`]). The scope tree, the functions skim, call sites, the counts and
//! each of verify's concerns are visitors; a reader that needs several things of one unit
//! gets them from one pass by a visitor that fans out.

use super::{GimliUnit, IndexError, Reader};

/// A DIE as the walk hands it to visitors: its tag, offset, attributes (parsed) and
/// depth (0 for the walk's first DIE; see [`Start`]).
pub(crate) type Entry<'a> = gimli::DebuggingInformationEntry<Reader<'a>>;

/// What DIE a scope comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ScopeKind {
    /// The unit itself (holds globals).
    CompileUnit,
    /// `DW_TAG_subprogram`.
    Subprogram,
    /// `DW_TAG_inlined_subroutine`.
    InlinedSubroutine,
    /// `DW_TAG_lexical_block`.
    LexicalBlock,
}

impl ScopeKind {
    /// The stable lower-case name (`compile_unit`, `subprogram`, `inlined_subroutine`,
    /// `lexical_block`), as JSON output spells it.
    pub fn name(self) -> &'static str {
        match self {
            ScopeKind::CompileUnit => "compile_unit",
            ScopeKind::Subprogram => "subprogram",
            ScopeKind::InlinedSubroutine => "inlined_subroutine",
            ScopeKind::LexicalBlock => "lexical_block",
        }
    }

    /// The scope a DIE tagged `tag` opens, if any: the table every walk shares, so that
    /// the index and verify agree on what encloses a variable.
    pub(crate) fn of(tag: gimli::DwTag) -> Option<ScopeKind> {
        match tag {
            gimli::DW_TAG_compile_unit
            | gimli::DW_TAG_partial_unit
            | gimli::DW_TAG_skeleton_unit
            | gimli::DW_TAG_type_unit => Some(ScopeKind::CompileUnit),
            gimli::DW_TAG_subprogram => Some(ScopeKind::Subprogram),
            gimli::DW_TAG_inlined_subroutine => Some(ScopeKind::InlinedSubroutine),
            gimli::DW_TAG_lexical_block => Some(ScopeKind::LexicalBlock),
            _ => None,
        }
    }
}

/// Whether a variable DIE is a variable or a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariableKind {
    /// `DW_TAG_variable`.
    Variable,
    /// `DW_TAG_formal_parameter`.
    Parameter,
}

impl VariableKind {
    /// `variable` or `parameter`.
    pub fn name(self) -> &'static str {
        match self {
            VariableKind::Variable => "variable",
            VariableKind::Parameter => "parameter",
        }
    }

    /// The kind of variable a DIE tagged `tag` declares, if any.
    pub(crate) fn of(tag: gimli::DwTag) -> Option<VariableKind> {
        match tag {
            gimli::DW_TAG_variable => Some(VariableKind::Variable),
            gimli::DW_TAG_formal_parameter => Some(VariableKind::Parameter),
            _ => None,
        }
    }
}

/// What a reader of a unit's DIEs does with them. For each DIE read, in order: the
/// scopes it closes are left ([`leave_scope`](Self::leave_scope), innermost first), the
/// scope it opens is entered ([`enter_scope`](Self::enter_scope)), then
/// [`entry`](Self::entry), then [`variable`](Self::variable) for a variable or
/// parameter. Each is told the innermost open scope (the DIE's own for a scope DIE,
/// which is left at once when it has no children).
pub(crate) trait UnitVisitor<'a> {
    /// What the visitor keeps for each open scope; the walk keeps the stack.
    type Scope;

    /// Whether the visitor is told of scopes. One that only reads DIEs (`false`) is told
    /// of none, and spares the walk its stack.
    const SCOPES: bool = true;

    /// Whether DIEs tagged `tag` are read and visited (the default: all). The attributes
    /// of the others are skipped unparsed, which is most of the cost of a walk that
    /// looks at a few tags; they still close the scopes they follow.
    fn reads(&self, tag: gimli::DwTag) -> bool {
        let _ = tag;
        true
    }

    /// A DIE opens a scope of `kind` inside `parent`; returns what to keep while it is
    /// open.
    fn enter_scope(
        &mut self,
        die: &Entry<'a>,
        kind: ScopeKind,
        parent: Option<&Self::Scope>,
    ) -> Result<Self::Scope, IndexError>;

    /// A scope closes: every DIE inside it has been visited.
    fn leave_scope(&mut self, scope: Self::Scope) -> Result<(), IndexError> {
        let _ = scope;
        Ok(())
    }

    /// Every DIE read.
    fn entry(&mut self, die: &Entry<'a>, scope: Option<&Self::Scope>) -> Result<(), IndexError> {
        let _ = (die, scope);
        Ok(())
    }

    /// A `DW_TAG_variable` or `DW_TAG_formal_parameter`, after [`entry`](Self::entry).
    fn variable(
        &mut self,
        die: &Entry<'a>,
        kind: VariableKind,
        scope: Option<&Self::Scope>,
    ) -> Result<(), IndexError> {
        let _ = (die, kind, scope);
        Ok(())
    }
}

/// Which DIEs a walk reads.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Start {
    /// Every DIE of the unit, from its root DIE.
    Unit,
    /// The DIE at this unit offset and its descendants.
    Subtree(gimli::UnitOffset),
    /// The unit's root DIE (at depth -1), then the subtree at this offset beneath it, as
    /// if it were the root's only child: one function's scope tree without the rest of
    /// the unit.
    UnderRoot(gimli::UnitOffset),
}

/// Walks the DIEs `start` names, in order, through `visitor`. A DIE's depth is counted
/// from the first DIE at `start`'s offset (0). A DIE that cannot be read ends the walk
/// with `parse_error(its unit offset, the error)`; an error of the visitor ends it as it
/// is. Scopes still open at the end are left.
pub(crate) fn walk<'a, V: UnitVisitor<'a>>(
    unit: &GimliUnit<'a>,
    start: Start,
    visitor: &mut V,
    parse_error: impl Fn(gimli::UnitOffset, gimli::Error) -> IndexError,
) -> Result<(), IndexError> {
    let mut walker = Walker {
        entry: Entry::null(),
        stack: Vec::new(),
        innermost: isize::MIN,
        parse_error,
    };
    match start {
        Start::Unit => {
            let mut raw = walker.entries(unit, None)?;
            while let Some(depth) = walker.next::<V, false>(&mut raw, visitor, isize::MIN)? {
                walker.visit(visitor, depth)?;
            }
        }
        Start::Subtree(at) => walker.subtree(unit, at, visitor)?,
        Start::UnderRoot(at) => {
            let mut raw = walker.entries(unit, None)?;
            if let Some(depth) = walker.next::<V, false>(&mut raw, visitor, isize::MIN)? {
                walker.entry.depth = depth - 1;
                walker.visit(visitor, depth - 1)?;
                walker.subtree(unit, at, visitor)?;
            }
        }
    }
    while let Some((_, scope)) = walker.stack.pop() {
        visitor.leave_scope(scope)?;
    }
    Ok(())
}

/// The state of one walk: the DIE being visited (its attribute vector reused from DIE to
/// DIE, as gimli's own cursor does) and the open scopes with their depths.
struct Walker<'a, S, E> {
    entry: Entry<'a>,
    stack: Vec<(isize, S)>,
    /// The depth of the innermost open scope (`isize::MIN` when none is): the test every
    /// DIE makes, kept out of the stack.
    innermost: isize,
    parse_error: E,
}

impl<'a, S, E: Fn(gimli::UnitOffset, gimli::Error) -> IndexError> Walker<'a, S, E> {
    /// A reader of the DIEs from unit offset `at` (the root DIE when `None`).
    fn entries<'u>(
        &self,
        unit: &'u GimliUnit<'a>,
        at: Option<gimli::UnitOffset>,
    ) -> Result<gimli::EntriesRaw<'u, Reader<'a>>, IndexError> {
        unit.entries_raw(at)
            .map_err(|e| (self.parse_error)(at.unwrap_or_else(|| unit.header.root_offset()), e))
    }

    /// Visits the DIE at `at` and its descendants.
    fn subtree<V: UnitVisitor<'a, Scope = S>>(
        &mut self,
        unit: &GimliUnit<'a>,
        at: gimli::UnitOffset,
        visitor: &mut V,
    ) -> Result<(), IndexError> {
        let mut raw = self.entries(unit, Some(at))?;
        let Some(top) = self.next::<V, false>(&mut raw, visitor, isize::MIN)? else {
            return Ok(());
        };
        self.visit(visitor, top)?;
        while let Some(depth) = self.next::<V, true>(&mut raw, visitor, top)? {
            self.visit(visitor, depth)?;
        }
        Ok(())
    }

    /// Reads on to the next DIE the visitor reads, into `self.entry`, and returns its
    /// depth; `None` at the end of the input or, when `BOUNDED`, at a DIE at depth `stop`
    /// or above. The DIEs passed over are skipped unparsed but close the scopes they
    /// follow, here, so that they cost a walk that reads few tags (the functions skim,
    /// on every first stop) next to nothing.
    #[inline(always)]
    fn next<V: UnitVisitor<'a, Scope = S>, const BOUNDED: bool>(
        &mut self,
        raw: &mut gimli::EntriesRaw<'_, Reader<'a>>,
        visitor: &mut V,
        stop: isize,
    ) -> Result<Option<isize>, IndexError> {
        while !raw.is_empty() {
            let depth = raw.next_depth();
            let offset = raw.next_offset();
            let err = |e| (self.parse_error)(offset, e);
            let Some(abbrev) = raw.read_abbreviation().map_err(err)? else {
                continue;
            };
            let tag = abbrev.tag();
            // Read (or skipped) before the end is decided: the DIE that ends a subtree
            // must be readable too, as for gimli's cursor.
            if visitor.reads(tag) {
                raw.read_attributes(abbrev.attributes(), &mut self.entry.attrs)
                    .map_err(err)?;
                if BOUNDED && depth <= stop {
                    return Ok(None);
                }
                let entry = &mut self.entry;
                entry.tag = tag;
                entry.has_children = abbrev.has_children();
                entry.offset = offset;
                entry.depth = depth;
                return Ok(Some(depth));
            }
            raw.skip_attributes(abbrev.attributes()).map_err(err)?;
            if BOUNDED && depth <= stop {
                return Ok(None);
            }
            if V::SCOPES {
                self.close(visitor, depth)?;
            }
        }
        Ok(None)
    }

    /// Leaves the scopes that a DIE at `depth` follows.
    #[inline(always)]
    fn close<V: UnitVisitor<'a, Scope = S>>(
        &mut self,
        visitor: &mut V,
        depth: isize,
    ) -> Result<(), IndexError> {
        while self.innermost >= depth {
            let (_, scope) = self.stack.pop().expect("an open scope");
            self.innermost = self.stack.last().map_or(isize::MIN, |s| s.0);
            visitor.leave_scope(scope)?;
        }
        Ok(())
    }

    /// Visits the DIE [`next`](Self::next) read, at `depth`.
    #[inline(always)]
    fn visit<V: UnitVisitor<'a, Scope = S>>(
        &mut self,
        visitor: &mut V,
        depth: isize,
    ) -> Result<(), IndexError> {
        if V::SCOPES {
            self.close(visitor, depth)?;
        }
        let entry = &self.entry;
        let tag = entry.tag;
        if V::SCOPES
            && let Some(kind) = ScopeKind::of(tag)
        {
            let scope = visitor.enter_scope(entry, kind, self.stack.last().map(|s| &s.1))?;
            self.stack.push((depth, scope));
            self.innermost = depth;
            visitor.entry(entry, self.stack.last().map(|s| &s.1))?;
            // A scope DIE without children holds nothing: it is left at once, so that a
            // childless unit DIE holds nothing of a subtree walked beneath it.
            if !entry.has_children {
                self.close(visitor, depth)?;
            }
            return Ok(());
        }
        let scope = self.stack.last().map(|s| &s.1);
        visitor.entry(entry, scope)?;
        if let Some(kind) = VariableKind::of(tag) {
            visitor.variable(entry, kind, scope)?;
        }
        Ok(())
    }
}

/// The unit's root DIE (the first it holds), read apart from any walk: opening the
/// index reads nothing more of a unit.
pub(crate) fn root<'a>(unit: &GimliUnit<'a>) -> gimli::Result<Option<Entry<'a>>> {
    let mut raw = unit.entries_raw(None)?;
    let mut entry = Entry::null();
    while !raw.is_empty() {
        if raw.read_entry(&mut entry)? {
            return Ok(Some(entry));
        }
    }
    Ok(None)
}
