//! Variable paths (`v.m[2]`, `p->x`, `*p`): following them step by step from a
//! variable's location, reading and writing where they end.

use super::*;

impl<'d, 'a> Frame<'d, 'a> {
    /// [`read`](Self::read) with a parsed path: the steps are evaluated one by one from
    /// the variable's location. Member and element steps move inside the current object;
    /// `*` and `[i]` on a pointer read the pointer's value there (through its address
    /// space: a generic address resolves through the apertures; an implicit pointer to the
    /// pointed-to variable's location or constant) and continue at the pointee, `i`
    /// elements of the pointee type further. A failing step is [`VarError::Path`].
    pub fn read_path<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
        path: &Path,
    ) -> Result<TypedValue, VarError> {
        let cur = self.walk(ctx, var, placement.location.clone(), path)?;
        self.read_at(ctx, cur.type_die, &cur.location, &cur.inner)
    }

    /// [`read`](Self::read), and where the path ends (see [`LaneValue::path_end`]).
    pub(super) fn read_to_end<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        placement: &Placement,
        path: &str,
    ) -> (Result<TypedValue, VarError>, PathEnd) {
        let cur = match self
            .parse_steps(var, path)
            .and_then(|path| self.walk(ctx, var, placement.location.clone(), &path))
        {
            Ok(cur) => cur,
            Err(e) => return (Err(e), PathEnd::default()),
        };
        let end = self.path_end(&cur);
        (
            self.read_at(ctx, cur.type_die, &cur.location, &cur.inner),
            end,
        )
    }

    /// Where the member / element steps after the last pointer lead, as far as the type
    /// alone says.
    pub(super) fn path_end(&self, cur: &Cursor) -> PathEnd {
        if cur.opaque {
            return PathEnd::default();
        }
        let inner = cur.inner.strip_prefix('.').unwrap_or(&cur.inner);
        if inner.is_empty() {
            return PathEnd {
                location: Some(cur.location.clone()),
                type_die: Some(cur.type_die),
            };
        }
        let Ok(target) = typed::resolve_path(&self.types, cur.type_die, inner, &self.typed) else {
            return PathEnd::default();
        };
        let mut location = cur.location.clone();
        PathEnd {
            location: location
                .offset_bits(i128::from(target.bit_offset))
                .is_ok()
                .then_some(location),
            type_die: Some(target.type_die),
        }
    }

    /// Parses `path` in step notation; a syntax error names the variable.
    pub(super) fn parse_steps(&self, var: VariableRef, path: &str) -> Result<Path, VarError> {
        Path::parse_steps(path).map_err(|error| {
            let name = self.dbg.variable(var).ok().and_then(|v| v.name.clone());
            VarError::Path {
                step: format!("{}{path}", name.as_deref().unwrap_or("?")),
                error,
            }
        })
    }

    /// Follows `path` from variable `var` at `location`: where the last pointer step led
    /// and the member / element steps after it.
    pub(super) fn walk<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        location: LocDesc,
        path: &Path,
    ) -> Result<Cursor, VarError> {
        let variable = self.dbg.variable(var)?;
        let name = variable.name.as_deref().unwrap_or("?");
        let mut cur = Cursor {
            location,
            type_die: variable.type_die,
            inner: String::new(),
            opaque: false,
        };
        // Steps already consumed by a member whose name has dots (`_vptr.Derived`).
        let mut skip = 0;
        for (k, step) in path.steps.iter().enumerate() {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            // `p->m` fails as a whole when `p` cannot be followed.
            let arrow =
                *step == Step::Deref && matches!(path.steps.get(k + 1), Some(Step::Member(_)));
            let fail = |error: PathError| VarError::Path {
                step: path.c_text(name, k + 1 + usize::from(arrow)),
                error,
            };
            let operand = || path.c_text(name, k);
            // The member / element reached so far inside the current object, when it
            // resolves without evaluation.
            let here = if cur.opaque {
                None
            } else if cur.inner.is_empty() {
                Some((cur.type_die, false))
            } else {
                typed::resolve_path(&self.types, cur.type_die, &cur.inner, &self.typed)
                    .ok()
                    .map(|t| (t.type_die, t.bitfield))
            };
            match step {
                Step::Member(m) => {
                    let next = format!("{}.{m}", cur.inner);
                    if cur.opaque
                        || typed::resolve_path(&self.types, cur.type_die, &next, &self.typed)
                            .is_ok()
                    {
                        cur.inner = next;
                        continue;
                    }
                    let Some((ty, _)) = here else {
                        cur.inner = next;
                        continue;
                    };
                    let Some(members) = self.members_of(ty) else {
                        return Err(fail(PathError::NotAStruct {
                            ty: self.dbg.type_name(ty),
                        }));
                    };
                    // A member whose name has dots (`_vptr.Derived`): the following
                    // member steps, joined.
                    let mut joined = m.clone();
                    for (n, next) in path.steps[k + 1..].iter().enumerate() {
                        let Step::Member(next) = next else { break };
                        joined = format!("{joined}.{next}");
                        let Some(x) = members.iter().find(|x| {
                            x.name.as_deref() == Some(joined.as_str()) && x.bit_size.is_none()
                        }) else {
                            continue;
                        };
                        let (Some(off), Ok(base)) =
                            (x.bit_offset, self.inner_offset(cur.type_die, &cur.inner))
                        else {
                            break;
                        };
                        let mut location = cur.location.clone();
                        location
                            .offset_bits(i128::from(base + off))
                            .map_err(|e| fail(PathError::Other(e.to_string())))?;
                        cur = Cursor {
                            location,
                            type_die: x.type_die,
                            inner: String::new(),
                            opaque: false,
                        };
                        skip = n + 1;
                        break;
                    }
                    if skip > 0 {
                        continue;
                    }
                    // A member (or a base class holding it) at a computed location:
                    // resolved by evaluation when read.
                    if members.iter().any(|x| {
                        x.location_expr.is_some()
                            && if x.is_base {
                                typed::resolve_path(&self.types, x.type_die, m, &self.typed).is_ok()
                                    || self.members_of(x.type_die).is_some_and(|inner| {
                                        inner.iter().any(|i| {
                                            i.location_expr.is_some()
                                                && i.name.as_deref() == Some(m.as_str())
                                        })
                                    })
                            } else {
                                x.name.as_deref() == Some(m.as_str())
                            }
                    }) {
                        cur.inner = next;
                        cur.opaque = true;
                        continue;
                    }
                    return Err(fail(PathError::UnknownMember {
                        ty: self.dbg.type_name(ty),
                        member: m.clone(),
                    }));
                }
                Step::Index(i) => {
                    let pointer = match here {
                        Some((ty, bitfield)) => !bitfield && self.pointee_type(ty).is_some(),
                        // Only evaluation tells: read what is there.
                        None => matches!(
                            self.read_at(ctx, cur.type_die, &cur.location, &cur.inner),
                            Ok(TypedValue::Pointer(_) | TypedValue::SyntheticPointer { .. })
                        ),
                    };
                    if pointer {
                        cur = self
                            .follow(ctx, cur, here.map(|h| h.0), *i, &operand())
                            .map_err(fail)?;
                        continue;
                    }
                    let next = format!("{}[{i}]", cur.inner);
                    if !cur.opaque
                        && let Err(e) =
                            typed::resolve_path(&self.types, cur.type_die, &next, &self.typed)
                    {
                        let reason = match e {
                            typed::TypedError::Path { reason, .. } => reason,
                            e => e.to_string(),
                        };
                        return Err(fail(
                            if let Some(b) = reason.split("out of bounds ").nth(1) {
                                PathError::IndexOutOfBounds {
                                    index: *i,
                                    bounds: b.to_string(),
                                }
                            } else if reason.contains("is not an array") {
                                PathError::NotIndexable {
                                    ty: here.map_or_else(
                                        || "?".to_string(),
                                        |h| self.dbg.type_name(h.0),
                                    ),
                                }
                            } else {
                                PathError::Other(reason)
                            },
                        ));
                    }
                    cur.inner = next;
                }
                Step::Deref => {
                    cur = self
                        .follow(ctx, cur, here.map(|h| h.0), 0, &operand())
                        .map_err(fail)?;
                }
            }
        }
        Ok(cur)
    }

    /// The bit offset of the member / element path `inner` inside an object of type
    /// `type_die`.
    pub(super) fn inner_offset(&self, type_die: TypeRef, inner: &str) -> Result<u64, VarError> {
        if inner.is_empty() {
            return Ok(0);
        }
        Ok(typed::resolve_path(&self.types, type_die, inner, &self.typed)?.bit_offset)
    }

    /// Follows the pointer at `cur` (of type `pointer_type` when known statically) to its
    /// `index`th pointee: through its address space (a generic address resolves through
    /// the apertures), or, for an implicit pointer, to the pointed-to variable's location
    /// or constant. `operand` names the pointer in errors.
    pub(super) fn follow<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        cur: Cursor,
        pointer_type: Option<TypeRef>,
        index: i128,
        operand: &str,
    ) -> Result<Cursor, PathError> {
        let operand = operand.to_string();
        if let Some(t) = pointer_type
            && self.pointee_type(t).is_none()
        {
            return Err(PathError::NotAPointer {
                operand,
                ty: self.dbg.type_name(t),
            });
        }
        let unreadable = |reason: String| PathError::PointerUnreadable {
            operand: operand.clone(),
            reason,
        };
        let value = self
            .read_at(ctx, cur.type_die, &cur.location, &cur.inner)
            .map_err(|e| unreadable(e.to_string()))?;
        let type_name = |fallback: &str| match pointer_type {
            Some(t) => self.dbg.type_name(t),
            None => fallback.to_string(),
        };
        let (pointee, ty) = match &value {
            TypedValue::Pointer(p) => (p.pointee, type_name(&p.type_name)),
            TypedValue::SyntheticPointer { type_name: n, .. } => (
                pointer_type.and_then(|t| self.pointee_type(t)).flatten(),
                type_name(n),
            ),
            TypedValue::Optimized => return Err(unreadable("optimized out".into())),
            TypedValue::Unavailable => return Err(unreadable("unavailable".into())),
            _ => {
                return Err(PathError::NotAPointer {
                    operand: operand.clone(),
                    ty: type_name("?"),
                });
            }
        };
        if pointee.is_none() || self.strip(pointee).is_none() {
            return Err(PathError::VoidPointee { ty });
        }
        let stride = if index == 0 {
            0
        } else {
            let bits = typed::type_size_bits(&self.types, pointee, &self.typed)
                .map_err(|e| PathError::Other(format!("the size of the pointee: {e}")))?;
            if bits == 0 || !bits.is_multiple_of(8) {
                return Err(PathError::Other(format!(
                    "{ty}: the pointee has no size in bytes to index by"
                )));
            }
            index
                .checked_mul(i128::from(bits / 8))
                .ok_or_else(|| PathError::Other(format!("index {index} overflows")))?
        };
        let location = match value {
            TypedValue::Pointer(p) => {
                let aspace = p.aspace.number.unwrap_or(0);
                let bits = ctx
                    .backend_ref()
                    .target()
                    .address_space(aspace)
                    .map(|a| a.address_bits)
                    .ok_or_else(|| {
                        PathError::Other(format!(
                            "`{operand}` points into address space {aspace}, which the target does not define"
                        ))
                    })?;
                let address = p.address.wrapping_add(stride as u64);
                let address = if bits < 64 {
                    address & ((1u64 << bits) - 1)
                } else {
                    address
                };
                LocDesc::memory(aspace, bits, ctx.current_lane(), address)
            }
            TypedValue::SyntheticPointer {
                target_die, offset, ..
            } => {
                let mut loc = ctx
                    .implicit_pointee(target_die, offset)
                    .map_err(|e| unreadable(format!("it points to DIE {target_die:#x}: {e}")))?;
                if stride != 0 {
                    loc.offset_bits(stride.saturating_mul(8)).map_err(|e| {
                        PathError::Other(format!("element {index} of DIE {target_die:#x}: {e}"))
                    })?;
                }
                loc
            }
            _ => unreachable!("matched above"),
        };
        Ok(Cursor {
            location,
            type_die: pointee,
            inner: String::new(),
            opaque: false,
        })
    }

    /// Reads the object of type `type_die` at `location`, or the member / element at
    /// `path` inside it.
    pub(super) fn read_at<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        type_die: TypeRef,
        location: &LocDesc,
        path: &str,
    ) -> Result<TypedValue, VarError> {
        let path = path.strip_prefix('.').unwrap_or(path);
        if path.is_empty() {
            return self.read_whole(ctx, &self.whole_plan(type_die), location);
        }
        let target = match typed::resolve_path(&self.types, type_die, path, &self.typed) {
            Ok(t) => t,
            Err(e) => {
                // The path may go through a member at a computed location.
                return match self.read_computed_member(ctx, type_die, location, path)? {
                    Some(v) => Ok(v),
                    None => Err(e.into()),
                };
            }
        };
        if self.pointee_type(target.type_die).is_some()
            && let Some(p) =
                implicit_pointer_at(location, u128::from(target.bit_offset), target.bit_size)
        {
            return Ok(typed::synthetic_pointer(
                self.dbg,
                target.type_die,
                p.die,
                p.offset,
            ));
        }
        let read: Bits = eval::read(
            ctx,
            location,
            u128::from(target.bit_offset),
            target.bit_size.min(VALUE_WINDOW_BITS),
        )?;
        if read.any_unavailable() {
            ctx.symbols.note_unavailable(read.unavailable_cause());
        }
        let mut value = typed::decode_target(&self.types, &target, &read, &self.typed)?;
        self.mark_synthetic(&mut value, target.type_die, location, target.bit_offset, 0);
        Ok(value)
    }

    /// `path` (no leading `.`) whose first member is at a location computed by a
    /// `DW_AT_data_member_location` expression, directly or inside such a base class:
    /// evaluates that location and reads the rest of the path there. `None` when no such
    /// member matches.
    pub(super) fn read_computed_member<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        type_die: TypeRef,
        location: &LocDesc,
        path: &str,
    ) -> Result<Option<TypedValue>, VarError> {
        match self.computed_member(ctx, type_die, location, path)? {
            Some((member_type, member_location, rest)) => self
                .read_at(ctx, member_type, &member_location, &rest)
                .map(Some),
            None => Ok(None),
        }
    }

    /// Where the first member of `path` (no leading `.`) is when its location is computed
    /// by a `DW_AT_data_member_location` expression, directly or inside such a base class:
    /// the member's (or base's) type, its evaluated location, and the path left to follow
    /// inside it. `None` when no such member matches.
    pub(super) fn computed_member<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        type_die: TypeRef,
        location: &LocDesc,
        path: &str,
    ) -> Result<Option<(TypeRef, LocDesc, String)>, VarError> {
        let Some(members) = self.members_of(type_die) else {
            return Ok(None);
        };
        let end = path.find(['.', '[']).unwrap_or(path.len());
        let (name, rest) = (&path[..end], &path[end..]);
        for m in &members {
            if m.location_expr.is_some() && !m.is_base && m.name.as_deref() == Some(name) {
                let loc = self.member_location(ctx, m, location)?;
                return Ok(Some((m.type_die, loc, rest.to_string())));
            }
        }
        for m in &members {
            if m.location_expr.is_some()
                && m.is_base
                && (typed::resolve_path(&self.types, m.type_die, path, &self.typed).is_ok()
                    || self.members_of(m.type_die).is_some_and(|inner| {
                        inner
                            .iter()
                            .any(|i| i.location_expr.is_some() && i.name.as_deref() == Some(name))
                    }))
            {
                let loc = self.member_location(ctx, m, location)?;
                return Ok(Some((m.type_die, loc, path.to_string())));
            }
        }
        Ok(None)
    }

    /// The members of a structure, class or union type (through typedefs and qualifiers).
    pub(super) fn members_of(&self, type_die: TypeRef) -> Option<Vec<Member>> {
        match &self.strip(type_die)?.kind {
            TypeKind::Composite { members, .. } => Some(members.clone()),
            _ => None,
        }
    }

    /// The type under typedefs and qualifiers, through the frame's type cache.
    pub(super) fn strip(&self, mut type_die: TypeRef) -> Option<std::sync::Arc<Type>> {
        use crate::typed::TypeSource;
        for _ in 0..32 {
            let t = self.types.type_rc(type_die?).ok()?;
            match t.kind {
                TypeKind::Typedef(inner) | TypeKind::Qualified { inner, .. } => type_die = inner,
                _ => return Some(t),
            }
        }
        None
    }

    /// The pointee type of a pointer or reference type (`None`: not a pointer).
    pub(super) fn pointee_type(&self, type_die: TypeRef) -> Option<TypeRef> {
        match self.strip(type_die)?.kind {
            TypeKind::Pointer { pointee, .. } => Some(pointee),
            _ => None,
        }
    }

    /// Evaluates member `m`'s `DW_AT_data_member_location` expression with the containing
    /// object's location `object` on the stack and as the current object.
    pub(super) fn member_location<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        m: &Member,
        object: &LocDesc,
    ) -> Result<LocDesc, VarError> {
        let what = m.name.as_deref().unwrap_or("base class");
        let Some((start, len)) = m.location_expr else {
            return Err(VarError::Eval(eval::Error::ill_formed(format!(
                "{what} has no DW_AT_data_member_location expression"
            ))));
        };
        let bytes = match self
            .dbg
            .location_attr(LocationAttrOwned::Expr { start, len })
        {
            LocationAttr::Expr(b) => b,
            LocationAttr::List(_) => &[],
        };
        let unit = self.dbg.unit_containing(start).unwrap_or(self.unit);
        let expr = Expr::decode(bytes, self.dbg.decode_params(unit, self.encoding)?)
            .map_err(eval::Error::from)?;
        ctx.symbols.set_object(Some(object.clone()));
        let entry = Evaluator::new().evaluate(
            ctx,
            &expr,
            [Entry::Location(object.clone())],
            ResultKind::Location,
        );
        ctx.symbols.set_object(None);
        let entry = entry.map_err(|e| {
            eval::Error::evaluation(format!(
                "DW_AT_data_member_location of {what} (at .debug_info {start:#x}): {e}"
            ))
        })?;
        entry.into_location().ok_or_else(|| {
            VarError::Eval(eval::Error::evaluation(format!(
                "DW_AT_data_member_location of {what} is not a location"
            )))
        })
    }

    /// Replaces optimized-out pointer members of `value` (of type `type_die`, at bit
    /// `base` of `location`) that are implicit pointers by synthetic pointers.
    pub(super) fn mark_synthetic(
        &self,
        value: &mut TypedValue,
        type_die: TypeRef,
        location: &LocDesc,
        base: u64,
        depth: u32,
    ) {
        let TypedValue::Struct { fields, .. } = value else {
            return;
        };
        if depth > self.typed.max_depth {
            return;
        }
        let Some(members) = self.members_of(type_die) else {
            return;
        };
        for (f, m) in fields.iter_mut().zip(&members) {
            let Some(off) = f.bit_offset else {
                continue;
            };
            if f.name != m.name {
                break;
            }
            let at = base.saturating_add(off);
            match &f.value {
                TypedValue::Optimized if self.pointee_type(m.type_die).is_some() => {
                    if let Some(p) = implicit_pointer_at(location, u128::from(at), f.bit_size) {
                        f.value = typed::synthetic_pointer(self.dbg, m.type_die, p.die, p.offset);
                    }
                }
                TypedValue::Struct { .. } => {
                    self.mark_synthetic(&mut f.value, m.type_die, location, at, depth + 1)
                }
                _ => {}
            }
        }
    }

    /// Writes `text` (parsed by the variable's type, or by the type of what `path` leads
    /// to; `path` as for [`read`](Self::read)) through every place of the final location
    /// for the context's lane. Pointers on the path are followed as
    /// [`read_path`](Self::read_path) does (also implicit pointers: into the variable they
    /// point to); writing an implicit pointer itself is [`VarError::ImplicitPointer`].
    pub fn write<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        path: &str,
        text: &str,
    ) -> Result<(), VarError> {
        let path = self.parse_steps(var, path)?;
        self.write_path(ctx, var, &path, text)
    }

    /// [`write`](Self::write) with a parsed path.
    pub fn write_path<C: Backend + ?Sized>(
        &self,
        ctx: &mut DwarfContext<'_, 'd, 'a, C>,
        var: VariableRef,
        path: &Path,
        text: &str,
    ) -> Result<(), VarError> {
        let variable = self.dbg.variable(var)?;
        let name = variable.name.as_deref().unwrap_or("?").to_string();
        let placement = self.place(ctx, var)?;
        if placement.unevaluated > 0 {
            return Err(VarError::TooManyPlaces {
                name,
                places: placement.entries.len() + placement.unevaluated,
            });
        }
        let mut cur = self.walk(ctx, var, placement.location, path)?;
        // Members at computed locations (a virtual base) on the way are evaluated, as
        // reading them does; each step enters one, so the walk is as long as the path.
        for _ in 0..=path.steps.len() {
            let inner = cur
                .inner
                .strip_prefix('.')
                .unwrap_or(&cur.inner)
                .to_string();
            if inner.is_empty()
                || typed::resolve_path(&self.types, cur.type_die, &inner, &self.typed).is_ok()
            {
                break;
            }
            let Some((type_die, location, rest)) =
                self.computed_member(ctx, cur.type_die, &cur.location, &inner)?
            else {
                break;
            };
            cur = Cursor {
                location,
                type_die,
                inner: rest,
                opaque: false,
            };
        }
        let inner = cur.inner.strip_prefix('.').unwrap_or(&cur.inner);
        let (offset, bits, bytes) = if inner.is_empty() {
            let enc = typed::encode(&self.types, cur.type_die, text, &self.typed)?;
            (0u64, enc.bits, enc.bytes)
        } else {
            let t = typed::resolve_path(&self.types, cur.type_die, inner, &self.typed)?;
            let enc = typed::encode_bits(&self.types, t.type_die, t.bit_size, text, &self.typed)?;
            (t.bit_offset, enc.bits, enc.bytes)
        };
        if let Some(p) = implicit_pointer_at(&cur.location, u128::from(offset), bits) {
            let shown = path.c_text(&name, path.steps.len());
            return Err(VarError::ImplicitPointer(shown, p.die));
        }
        eval::write(ctx, &cur.location, u128::from(offset), bits, &bytes)?;
        Ok(())
    }
}

/// Where a path has led so far: the object of type `type_die` at `location` (the variable,
/// or the pointee of the last pointer followed), and the member / element steps inside it
/// not yet applied (step notation, no pointer among them).
pub(super) struct Cursor {
    pub(super) location: LocDesc,
    pub(super) type_die: TypeRef,
    pub(super) inner: String,
    /// `inner` goes through a member at a computed location: it resolves only by
    /// evaluation (when read).
    pub(super) opaque: bool,
}

/// The implicit pointer that the `n` bits at bit `skip` of `loc` are exactly (through
/// composite pieces), if any; any place of a multi-place location may answer.
pub fn implicit_pointer_at(loc: &LocDesc, skip: u128, n: u64) -> Option<ImplicitPointer> {
    loc.iter().find_map(|s| single_implicit_pointer(s, skip, n))
}

pub(super) fn single_implicit_pointer(s: &Single, skip: u128, n: u64) -> Option<ImplicitPointer> {
    let off = s.offset().checked_add(skip)?;
    match &s.storage {
        Storage::ImplicitPointer(p) => (off == 0 && u64::from(p.bits) == n).then_some(**p),
        Storage::Composite(c) => {
            let mut pos = 0u128;
            for part in c.parts() {
                let end = pos.saturating_add(part.bits());
                if off < end {
                    if off.saturating_add(u128::from(n)) > end {
                        return None;
                    }
                    return match part {
                        Part::Piece { loc, .. } => implicit_pointer_at(loc, off - pos, n),
                        Part::Repeat { loc, bits, .. } if *bits > 0 => {
                            implicit_pointer_at(loc, (off - pos) % u128::from(*bits), n)
                        }
                        _ => None,
                    };
                }
                pos = end;
            }
            None
        }
        _ => None,
    }
}

/// Resolves members at computed locations (`DW_AT_data_member_location` expressions)
/// while a value of a frame is decoded: the expression runs with the containing object's
/// location pushed.
pub(super) struct ExprMembers<'r, 'x, 'd, 'a, C: Backend + ?Sized> {
    pub(super) frame: &'r Frame<'d, 'a>,
    pub(super) ctx: &'r mut DwarfContext<'x, 'd, 'a, C>,
    /// The location of the bits being decoded.
    pub(super) object: &'r LocDesc,
    /// How many bits are being decoded.
    pub(super) bits: u64,
}

impl<C: Backend + ?Sized> MemberResolver for ExprMembers<'_, '_, '_, '_, C> {
    fn resolve(
        &mut self,
        _owner: &Type,
        member: &Member,
        object_bit_offset: u64,
    ) -> MemberLocation {
        let what = member.name.as_deref().unwrap_or("base class").to_string();
        let result = (|| -> Result<MemberLocation, VarError> {
            let mut object = self.object.clone();
            object.offset_bits(i128::from(object_bit_offset))?;
            let loc = self.frame.member_location(self.ctx, member, &object)?;
            let size = match member.bit_size {
                Some(b) => b,
                None => typed::type_size_bits(self.frame.dbg, member.type_die, &self.frame.typed)?,
            };
            // Inside the bits being decoded: decode it there (so nested members stay
            // relative to the same bits); elsewhere: read it separately.
            if let (1, 1) = (self.object.len(), loc.len()) {
                let (o, l) = (self.object.first(), loc.first());
                if o.storage == l.storage
                    && l.offset() >= o.offset()
                    && l.offset() - o.offset() + u128::from(size) <= u128::from(self.bits)
                {
                    return Ok(MemberLocation::BitOffset((l.offset() - o.offset()) as u64));
                }
            }
            Ok(MemberLocation::Bits(eval::read(
                self.ctx,
                &loc,
                0,
                size.min(VALUE_WINDOW_BITS),
            )?))
        })();
        result.unwrap_or_else(|e| MemberLocation::Unresolved(format!("{what}: {e}")))
    }
}
