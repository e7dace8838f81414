//! Values per lane: a whole variable read through its placement and formatted by its
//! type, raw bits for a breakpoint condition, and the lanes of one request placed and
//! prefetched together.

use super::paths::ExprMembers;
use super::place::sole_template;
use super::*;

/// Asks the context for the device memory that reading the given number of bits at each
/// location touches, at once. Only a hint: a failure shows again, per lane, when the lane
/// reads.
pub(super) fn prefetch<'l, C: Backend + ?Sized>(
    ctx: &mut DwarfContext<'_, '_, '_, eval::ReadCache<'_, C>>,
    reads: impl Iterator<Item = (&'l LocDesc, u64)>,
) {
    let mut ranges = Vec::new();
    for (location, bits) in reads {
        eval::access::device_ranges(location, 0, bits, &mut ranges);
    }
    let _ = ctx.backend.prefetch(&ranges);
}

/// What reading a whole value needs of its type ([`Frame::whole_plan`]).
pub(super) struct WholePlan {
    pub(super) type_die: TypeRef,
    /// For a scalar type: its facts for the decoder, once.
    pub(super) scalar: Option<typed::ScalarPlan>,
    pub(super) incomplete: bool,
    pub(super) bits: Result<u64, typed::TypedError>,
    pub(super) pointer: bool,
    pub(super) window: u64,
}

impl<'d, 'a> Frame<'d, 'a> {
    /// Reads variable `var` (or what `path` leads to from it, `""` for the whole variable)
    /// through `placement` and formats it by its type. `path` is in the
    /// [step notation](crate::var::Path): `.m`, `[i]`, `->m` and `*` in any order, so `*.x`
    /// (or `->x`) is C's `var->x` and `.ptr*` is `*var.ptr`; see
    /// [`read_path`](Self::read_path).
    ///
    /// A pointer whose location is an implicit pointer (`DW_OP_implicit_pointer`,
    /// `DW_OP_LLVM_aspace_implicit_pointer`, also as a piece of an aggregate) reads as a
    /// [synthetic pointer](TypedValue::SyntheticPointer); following it reads the pointed-to
    /// variable's location or constant value. Members whose `DW_AT_data_member_location`
    /// is an expression are evaluated with the containing object's location pushed (and as
    /// the `DW_OP_push_object_address` object).
    pub fn read<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
        path: &str,
    ) -> Result<TypedValue, VarError> {
        let path = self.parse_steps(var, path)?;
        self.read_path(ctx, var, placement, &path)
    }

    /// The raw bits of variable `var`'s whole value through `placement` (its type's size,
    /// at most [`eval::MAX_READ_BITS`]), each bit valid, optimized out or unavailable: what
    /// a backend copies into its own buffer rather than formatting by type.
    pub fn read_bits<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
    ) -> Result<eval::Bits, VarError> {
        let bits = self.raw_bits(var)?;
        Ok(eval::read(ctx, &placement.location, 0, bits)?)
    }

    /// How many bits [`read_bits`](Self::read_bits) reads of `var`: its type's size, at
    /// most [`eval::MAX_READ_BITS`].
    pub(super) fn raw_bits(&self, var: VariableRef) -> Result<u64, VarError> {
        let type_die = self.dbg.variable(var)?.type_die;
        let bits = typed::type_size_bits(&self.types, type_die, &self.typed)?;
        Ok(bits.min(eval::MAX_READ_BITS))
    }

    /// What reading a whole value of type `type_die` needs of the type: the same for every
    /// lane, so [`values`](Self::values) works it out once per variable.
    pub(super) fn whole_plan(&self, type_die: TypeRef) -> WholePlan {
        let incomplete = typed::is_incomplete(&self.types, type_die, &self.typed);
        let bits = typed::type_size_bits(&self.types, type_die, &self.typed);
        let window = bits.as_ref().map_or(0, |&b| self.read_window(type_die, b));
        WholePlan {
            type_die,
            scalar: typed::scalar_plan(&self.types, type_die, &self.typed),
            incomplete,
            bits,
            pointer: self.pointee_type(type_die).is_some(),
            window,
        }
    }

    /// Reads and decodes a whole value at `location` by `plan`.
    pub(super) fn read_whole<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        plan: &WholePlan,
        location: &LocDesc,
    ) -> Result<TypedValue, VarError> {
        let type_die = plan.type_die;
        if plan.incomplete {
            // As GDB: the variable exists, but its type was only declared.
            return Ok(TypedValue::Unsupported {
                type_name: self.dbg.type_name(type_die),
                reason: "incomplete type".into(),
                raw: Vec::new(),
            });
        }
        let bits = plan.bits.clone()?;
        if plan.pointer
            && let Some(p) = implicit_pointer_at(location, 0, bits)
        {
            return Ok(typed::synthetic_pointer(
                self.dbg, type_die, p.die, p.offset,
            ));
        }
        // Only what can be shown is read: past the window (far more than the element
        // budget prints) the value reads as unavailable and arrays are truncated.
        let read: Bits = eval::read(ctx, location, 0, plan.window)?;
        if read.any_unavailable() {
            ctx.symbols.note_unavailable(read.unavailable_cause());
        }
        let mut value = match &plan.scalar {
            Some(scalar) => typed::decode_scalar(&self.types, scalar, &read, &self.typed),
            None => {
                let mut resolver = ExprMembers {
                    frame: self,
                    ctx: &mut *ctx,
                    object: location,
                    bits,
                };
                typed::decode_with(&self.types, type_die, &read, &self.typed, &mut resolver)?
            }
        };
        self.mark_synthetic(&mut value, type_die, location, 0, 0);
        Ok(value)
    }

    /// The value of `var` for each lane in `lanes` (`None` = no lane selected), evaluating
    /// the location once when it does not depend on the lane. `active(lane)` tells which
    /// lanes are active; inactive lanes are reported, not evaluated.
    ///
    /// Reads go through a [`ReadCache`](eval::ReadCache): each register is fetched from
    /// `inner` once, whole, and the bytes every lane's value needs are fetched as one
    /// [batch](Backend::read_batch) before any lane is read. A backend that holds one
    /// cache for a whole stop (`ReadCache::new(&mut backend)`, passed as `inner`) pays
    /// for each register once per stop rather than once per variable.
    pub fn values<C: Backend + ?Sized>(
        &self,
        inner: &mut C,
        var: VariableRef,
        path: &str,
        lanes: &[Option<u32>],
        active: &dyn Fn(u32) -> Option<bool>,
    ) -> Vec<LaneValue> {
        let mut cache = eval::ReadCache::new(inner);
        let mut ctx = self.context(&mut cache);
        // Where the variable is in each lane.
        let mut shared: Option<std::sync::Arc<Placement>> = None;
        let (target_name, target_lanes) = (
            ctx.backend_ref().target().name().to_string(),
            ctx.backend_ref().target().lanes(),
        );
        let mut prepared = self.take_prepared(var, &target_name, target_lanes);
        let mut placed = Vec::with_capacity(lanes.len());
        let variable = self.dbg.variable(var);
        let mut no_location: Option<String> = None;
        let mut evaluator = Evaluator::new();
        for &lane in lanes {
            let is_active = lane.and_then(active);
            if is_active == Some(false) {
                placed.push((lane, is_active, Err(None)));
                continue;
            }
            ctx.symbols.set_lane(lane);
            let placement = match (&shared, &no_location, &variable) {
                (Some(p), _, _) => Ok(p.clone()),
                (None, Some(name), _) => Err(VarError::NoLocation(name.clone())),
                (None, None, Ok(v)) => self
                    .place_prepared(&mut ctx, (var, v), &mut prepared, &mut evaluator)
                    .map(std::sync::Arc::new),
                (None, None, Err(e)) => Err(VarError::from(e.clone())),
            };
            match &placement {
                Ok(p) if !p.per_lane && shared.is_none() => shared = Some(p.clone()),
                // Without a location attribute, every lane is optimized out alike.
                Err(VarError::NoLocation(name))
                    if variable.as_ref().is_ok_and(|v| v.location.is_none()) =>
                {
                    no_location = Some(name.clone())
                }
                _ => {}
            }
            placed.push((lane, is_active, placement.map_err(Some)));
        }
        self.keep_prepared(var, target_name, target_lanes, prepared);
        // A whole value: its type's facts once, not per lane.
        let whole = match &variable {
            Ok(v) if path.is_empty() => Some(self.whole_plan(v.type_die)),
            _ => None,
        };
        // What every lane's value needs, fetched at once.
        if let Some(plan) = &whole
            && plan.bits.is_ok()
        {
            prefetch(
                &mut ctx,
                placed
                    .iter()
                    .filter_map(|(_, _, p)| p.as_ref().ok().map(|p| (&p.location, plan.window))),
            );
        }
        let mut out = Vec::with_capacity(lanes.len());
        for (lane, is_active, placement) in placed {
            ctx.symbols.set_lane(lane);
            ctx.symbols.take_unavailable();
            let mut path_end =
                (!path.is_empty() && is_active != Some(false)).then(PathEnd::default);
            let (value, placement) = match placement {
                Err(None) => (Err(LaneError::Inactive), None),
                Err(Some(VarError::NoLocation(_))) => {
                    // Optimized out; a path through it is followed as far as it goes (a
                    // pointer in it cannot be followed).
                    let value = if path.is_empty() {
                        Ok(TypedValue::Optimized)
                    } else {
                        let undefined = Placement {
                            location: LocDesc::undefined(),
                            entries: Vec::new(),
                            per_lane: false,
                            frame_base_rule: None,
                            unevaluated: 0,
                        };
                        self.read(&mut ctx, var, &undefined, path)
                            .map_err(LaneError::from)
                    };
                    (value, None)
                }
                Err(Some(e)) => (Err(LaneError::from(e)), None),
                Ok(placement) => {
                    let value = match &whole {
                        Some(plan) => self.read_whole(&mut ctx, plan, &placement.location),
                        None => {
                            let (value, end) = self.read_to_end(&mut ctx, var, &placement, path);
                            path_end = Some(end);
                            value
                        }
                    }
                    .map_err(LaneError::from);
                    (value, Some(placement))
                }
            };
            out.push(LaneValue {
                lane,
                active: is_active,
                value,
                placement,
                unavailable: ctx.symbols.take_unavailable(),
                path_end: path_end.take(),
            });
        }
        out
    }

    /// The raw bits of `var`'s whole value in each of `lanes` (its type's size, at most
    /// [`eval::MAX_READ_BITS`]; `None` for the context's current lane), each bit valid,
    /// optimized out or unavailable; an inactive lane (`active` says `false`) is
    /// [`LaneError::Inactive`], a variable without a location here
    /// [`VarError::NoLocation`].
    ///
    /// This is the per-hit call of a breakpoint condition or a watch: the debugger compares
    /// contents by the variable's type ([`Variable::type_die`](crate::index::Variable))
    /// instead of formatting every lane, so nothing is made per lane but the bits (held
    /// inline up to 128 bits). It places the variable from the same prepared entries as
    /// [`values`](Self::values) and reads what [`read_bits`](Self::read_bits) reads
    /// through that placement.
    pub fn lane_bits<C: Backend + ?Sized>(
        &self,
        inner: &mut C,
        var: VariableRef,
        lanes: &[Option<u32>],
        active: &dyn Fn(u32) -> Option<bool>,
    ) -> Vec<Result<eval::Bits, LaneError>> {
        let mut cache = eval::ReadCache::new(inner);
        let mut ctx = self.context(&mut cache);
        let found = self
            .dbg
            .variable(var)
            .map_err(VarError::from)
            .and_then(|v| Ok((v, self.raw_bits(var)?)));
        let (variable, size) = match found {
            Ok(found) => found,
            Err(e) => {
                let e = LaneError::from(e);
                return lanes.iter().map(|_| Err(e.clone())).collect();
            }
        };
        let mut evaluator = Evaluator::new();
        let (target_name, target_lanes) = (
            ctx.backend_ref().target().name().to_string(),
            ctx.backend_ref().target().lanes(),
        );
        let mut prepared = self.take_prepared(var, &target_name, target_lanes);
        let mut shared: Option<LocDesc> = None;
        // The register's location and the lane stride, once a first lane is placed.
        let mut template: Option<(LocDesc, u64)> = None;
        let mut template_tried = false;
        let mut placed: Vec<Result<LocDesc, LaneError>> = Vec::with_capacity(lanes.len());
        // Which lanes were placed by evaluating, not from the template.
        let mut evaluated: Vec<usize> = Vec::new();
        for &lane in lanes {
            if lane.and_then(active) == Some(false) {
                placed.push(Err(LaneError::Inactive));
                continue;
            }
            ctx.symbols.set_lane(lane);
            if let Some(l) = &shared {
                placed.push(Ok(l.clone()));
                continue;
            }
            if let (Some((base, stride)), Some(lane)) = (&template, lane)
                && let Some(l) = lane_location(base, *stride, lane)
            {
                placed.push(Ok(l));
                continue;
            }
            evaluated.push(placed.len());
            let location = self
                .locate_prepared(
                    &mut ctx,
                    (var, variable),
                    &mut prepared,
                    &mut evaluator,
                    None,
                )
                .map(|(location, per_lane, _)| {
                    if !per_lane {
                        shared = Some(location.clone());
                    } else if !template_tried && let Some(lane) = lane {
                        template_tried = true;
                        template = sole_template(&prepared)
                            .and_then(|t| t.base(&mut ctx, &mut evaluator, &location, lane));
                    }
                    location
                });
            placed.push(location.map_err(LaneError::from));
        }
        self.keep_prepared(var, target_name, target_lanes, prepared);
        match template
            .as_ref()
            .and_then(|(base, _)| Some((base, whole_register(base)?)))
        {
            // Every lane placed from the template reads a slice of one register: ask for
            // the register once, and for the lanes placed by evaluating.
            Some((base, whole)) => prefetch(
                &mut ctx,
                std::iter::once((base, whole)).chain(
                    evaluated
                        .iter()
                        .filter_map(|&i| placed[i].as_ref().ok().map(|l| (l, size))),
                ),
            ),
            None => prefetch(
                &mut ctx,
                placed
                    .iter()
                    .filter_map(|l| l.as_ref().ok().map(|l| (l, size))),
            ),
        }
        lanes
            .iter()
            .zip(placed)
            .map(|(&lane, location)| {
                let location = location?;
                ctx.symbols.set_lane(lane);
                eval::read(&mut ctx, &location, 0, size)
                    .map_err(|e| LaneError::from(VarError::from(e)))
            })
            .collect()
    }

    /// How many of the `bits` of an object of type `type_die` are read to show it: as far
    /// as the element budget prints, within [`VALUE_WINDOW_BITS`].
    pub(super) fn read_window(&self, type_die: TypeRef, bits: u64) -> u64 {
        let shown = typed::shown_size_bits(&self.types, type_die, &self.typed).unwrap_or(bits);
        shown.min(bits).min(VALUE_WINDOW_BITS)
    }
}
