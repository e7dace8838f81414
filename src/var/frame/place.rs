//! Where a variable is at the frame's PC: its location-list entries read, printed, decoded
//! and rewritten once per variable (kept by the frame between calls), then evaluated per
//! lane into a [`Placement`].

use super::*;

/// One variable's location entries at the frame's PC, read and prepared once for every
/// lane ([`Frame::values`]).
#[derive(Default)]
pub(super) struct Prepared<'a> {
    pub(super) entries: Option<Vec<crate::index::LocListEntry<'a>>>,
    /// Indices of the entries that apply at the PC.
    pub(super) applicable: Vec<usize>,
    /// By entry index.
    pub(super) per_entry: Vec<Option<PreparedEntry>>,
}

/// A variable's prepared entries, kept by its frame ([`Frame::values`]).
pub(super) struct PreparedVar<'a> {
    /// The variable (its tree and position name it; the unit is the frame's).
    pub(super) var: VariableRef,
    pub(super) target: String,
    pub(super) lanes: u32,
    pub(super) prepared: Prepared<'a>,
}

/// What a frame keeps, and how many decoded list entries that holds.
#[derive(Default)]
pub(super) struct KeptPrepared<'a> {
    pub(super) vars: Vec<PreparedVar<'a>>,
    pub(super) entries: usize,
}

/// The most decoded location-list entries a frame keeps between calls: thousands of
/// variables sharing one long list must not each keep a copy.
pub(super) const MAX_KEPT_ENTRIES: usize = 1 << 16;

/// An entry's bytes, printed and decoded once for every lane ([`Frame::values`]).
pub(super) struct PreparedEntry {
    pub(super) expression: std::sync::Arc<str>,
    pub(super) program: Expr,
    pub(super) rewritten: Option<std::sync::Arc<(Vec<&'static str>, String)>>,
    pub(super) pushes_lane: bool,
    pub(super) uses_frame_base: bool,
    /// When the program is a register moved by a lane multiple, how to place each lane
    /// from the register's location alone.
    pub(super) lane_template: Option<LaneTemplate>,
}

/// The [`LaneTemplate`] of `prepared`'s entry, when exactly one entry applies.
pub(super) fn sole_template<'p>(prepared: &'p Prepared<'_>) -> Option<&'p LaneTemplate> {
    let [i] = prepared.applicable[..] else {
        return None;
    };
    prepared.per_entry.get(i)?.as_ref()?.lane_template.as_ref()
}

impl<'d, 'a> Frame<'d, 'a> {
    /// Where variable `var` is, for the context's current lane: every applicable entry
    /// evaluated, the union of their places.
    pub fn place<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
    ) -> Result<Placement, VarError> {
        let variable = self.dbg.variable(var)?;
        self.place_prepared(
            ctx,
            (var, variable),
            &mut Prepared::default(),
            &mut Evaluator::new(),
        )
    }

    /// What placing an entry needs from its bytes alone (printed, decoded, rewritten by
    /// the unit's conventions): the same for every lane, so [`values`](Self::values)
    /// prepares each entry once.
    pub(super) fn prepare(
        &self,
        bytes: &[u8],
        params: crate::expr::DecodeParams,
        target: &crate::target::Target,
    ) -> Result<PreparedEntry, VarError> {
        let expression = self.print(bytes, target);
        let decoded = Expr::decode(bytes, params).map_err(eval::Error::from)?;
        let (program, rewritten) = match rewrite::apply(decoded.ops(), self.rules, target) {
            Some((ops, rules)) => {
                let expr = Expr::from_ops(ops, params).map_err(|err| {
                    eval::Error::ill_formed(format!("rewritten expression: {err}"))
                })?;
                let text = disassemble_extended(&expr, DisasmOptions::new(target.register_names()));
                (expr, Some((rules, text)))
            }
            None => (decoded, None),
        };
        let pushes_lane = program
            .ops()
            .iter()
            .any(|op| matches!(op, Op::LlvmPushLane));
        let uses_frame_base = program.ops().iter().any(|op| matches!(op, Op::Fbreg(_)));
        let lane_template = LaneTemplate::of(&program, params);
        Ok(PreparedEntry {
            expression: expression.into(),
            program,
            rewritten: rewritten.map(std::sync::Arc::new),
            pushes_lane,
            uses_frame_base,
            lane_template,
        })
    }

    /// [`place`](Self::place), with entries prepared once in `prepared` (by entry index).
    pub(super) fn place_prepared<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: (VariableRef, &index::Variable<'a>),
        prepared: &mut Prepared<'a>,
        evaluator: &mut Evaluator,
    ) -> Result<Placement, VarError> {
        let mut applied = Vec::new();
        let (location, per_lane, uses_frame_base) =
            self.locate_prepared(ctx, var, prepared, evaluator, Some(&mut applied))?;
        let frame_base_rule = if uses_frame_base {
            Some(ctx.frame_base_with_rule()?.1.name())
        } else {
            None
        };
        Ok(Placement {
            location,
            entries: applied,
            per_lane,
            frame_base_rule,
            unevaluated: prepared.applicable.len().saturating_sub(MAX_PLACES),
        })
    }

    /// Where `var` is in the context's lane, from its prepared entries: the union of the
    /// places of every applicable entry, whether it depends on the lane, and whether the
    /// frame base was needed. With `applied`, each evaluated entry is recorded there.
    pub(super) fn locate_prepared<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        (var, variable): (VariableRef, &index::Variable<'a>),
        prepared: &mut Prepared<'a>,
        evaluator: &mut Evaluator,
        mut applied: Option<&mut Vec<AppliedEntry>>,
    ) -> Result<(LocDesc, bool, bool), VarError> {
        ctx.symbols.set_subject(Some(variable.die));
        let Some(attr) = variable.location else {
            // A constant has its value and no storage; anything else is optimized out.
            let constant = self.dbg.die_location_info(variable.die)?.const_value;
            return match constant {
                Some(bytes) => Ok((LocDesc::implicit(&bytes), false, false)),
                None => Err(VarError::NoLocation(
                    variable
                        .name
                        .as_deref()
                        .unwrap_or("<anonymous>")
                        .to_string(),
                )),
            };
        };
        if prepared.entries.is_none() {
            let entries = self.dbg.location_entries(var.unit, attr)?;
            prepared.applicable = index::applicable(&entries, self.pc);
            prepared.entries = Some(entries);
        }
        let entries = prepared.entries.as_ref().expect("read above");
        let mut location: Option<LocDesc> = None;
        let mut per_lane = false;
        let mut uses_frame_base = false;
        for &i in prepared.applicable.iter().take(MAX_PLACES) {
            let e = &entries[i];
            let slots = &mut prepared.per_entry;
            if slots.len() <= i {
                slots.resize_with(i + 1, || None);
            }
            if slots[i].is_none() {
                let params = self.dbg.decode_params(var.unit, self.encoding)?;
                slots[i] = Some(self.prepare(e.expr, params, ctx.backend_ref().target())?);
            }
            let p = slots[i].as_ref().expect("prepared above");
            per_lane |= p.pushes_lane;
            uses_frame_base |= p.uses_frame_base;
            let result = evaluator.evaluate_location(ctx, &p.program);
            if let Some(applied) = applied.as_deref_mut() {
                applied.push(AppliedEntry {
                    index: i,
                    kind: e.kind,
                    range: e.range.clone(),
                    expression: p.expression.clone(),
                    rewritten: p.rewritten.clone(),
                    result: result.clone(),
                });
            }
            let loc = result?;
            per_lane |= loc
                .iter()
                .any(|s| matches!(&s.storage, Storage::Memory(m) if m.lane.is_some()));
            match &mut location {
                None => location = Some(loc),
                Some(l) => l.union(loc),
            }
        }
        Ok((
            location.unwrap_or_else(LocDesc::undefined),
            per_lane,
            uses_frame_base,
        ))
    }

    /// The prepared entries a previous call kept for `var` under this target, or none.
    pub(super) fn take_prepared(&self, var: VariableRef, target: &str, lanes: u32) -> Prepared<'a> {
        if var.unit != self.unit {
            return Prepared::default();
        }
        let Ok(mut kept) = self.prepared.lock() else {
            return Prepared::default();
        };
        match kept
            .vars
            .iter()
            .position(|p| p.var == var && p.lanes == lanes && p.target == target)
        {
            Some(i) => {
                let p = kept.vars.swap_remove(i).prepared;
                kept.entries -= p.entries.as_ref().map_or(0, Vec::len);
                p
            }
            None => Prepared::default(),
        }
    }

    /// Keeps `prepared` for the next call (only for variables of this frame's unit).
    pub(super) fn keep_prepared(
        &self,
        var: VariableRef,
        target: String,
        lanes: u32,
        prepared: Prepared<'a>,
    ) {
        let Some(n) = prepared.entries.as_ref().map(Vec::len) else {
            return;
        };
        if var.unit != self.unit {
            return;
        }
        if let Ok(mut kept) = self.prepared.lock()
            && kept.entries + n <= MAX_KEPT_ENTRIES
        {
            kept.entries += n;
            kept.vars.push(PreparedVar {
                var,
                target,
                lanes,
                prepared,
            });
        }
    }
}
