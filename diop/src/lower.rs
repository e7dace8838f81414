//! Lowering DIOp expressions to heterogeneous DWARF.
//!
//! [`Style::Fork`] follows AMD's fork operation for operation (its newest sources, or with
//! [`LowerOptions::wheel`] the build in the `rocm-llvm-python` wheel), quirks included, so
//! that a compiler's output can be compared byte for byte. [`Style::Hetdwarf`] keeps the
//! meaning the reference evaluator gives the expression: integer values stay zero-extended
//! to the generic type between operations, operands whose sign matters are sign-extended,
//! and operations the fork gives up on are lowered where the extension operations can
//! express them (`DIOpReferrer`, `DIOpTypeObject`, `DIOpExtend`, `DIOpSelect`,
//! `DIOpAddrOf` under `DIOpDeref`, non-integer constants). What neither can express ends in
//! `DW_OP_LLVM_undefined`, and [`Lowered::exact`] is false.

use hetdwarf::expr::Op as Dw;
use hetdwarf::target::Target;

use super::binding::{Binding, Bindings, is_whole_vreg, lane_bits};
use super::check::Typing;
use super::expr::Expression;
use super::layout::DataLayout;
use super::literal::Literal;
use super::op::DiOp;
use super::types::Type;

/// Which lowering rules to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// AMD's fork, byte for byte.
    Fork,
    /// Meaning-preserving (the reference evaluator's semantics), lowering more.
    #[default]
    Hetdwarf,
}

/// Options of [`lower`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct LowerOptions {
    /// Which rules.
    pub style: Style,
    /// With [`Style::Fork`]: the older build in the `rocm-llvm-python` wheel (no
    /// `DW_OP_LLVM_push_lane`; constant arguments become locations with `DW_OP_stack_value`
    /// and are read back before use).
    pub wheel: bool,
}

impl LowerOptions {
    /// Lowering by `style` (for [`Style::Fork`], the current fork).
    pub fn new(style: Style) -> Self {
        LowerOptions {
            style,
            wheel: false,
        }
    }

    /// The same; with [`Style::Fork`], `wheel` picks the older build in the wheel.
    pub fn with_wheel(mut self, wheel: bool) -> Self {
        self.wheel = wheel;
        self
    }
}

/// A lowered expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lowered {
    /// The DWARF operations.
    pub ops: Vec<Dw>,
    /// False when part of the expression could not be lowered (the result ends in
    /// `DW_OP_LLVM_undefined`).
    pub exact: bool,
    /// Why not exact, and where hetdwarf lowered what the fork does not (one line each).
    pub notes: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Value,
    Loc,
}

struct Node {
    op: usize,
    children: Vec<Node>,
}

fn build(expr: &Expression) -> Option<Node> {
    let mut stack: Vec<Node> = Vec::new();
    for (i, op) in expr.ops.iter().enumerate() {
        if matches!(op, DiOp::Fragment { .. }) {
            continue;
        }
        let n = op.inputs();
        if stack.len() < n {
            return None;
        }
        let children = stack.split_off(stack.len() - n);
        stack.push(Node { op: i, children });
    }
    (stack.len() == 1).then(|| stack.pop().expect("one"))
}

struct Lowerer<'a> {
    expr: &'a Expression,
    typing: &'a Typing,
    layout: &'a DataLayout,
    target: &'a Target,
    bindings: &'a Bindings,
    opts: LowerOptions,
    fragment: bool,
    /// How deep the node being lowered is (1 = the root).
    depth: usize,
    /// How many composites under construction lie below the node being lowered (its
    /// pieces would join them).
    pieces_below: usize,
    out: Vec<Dw>,
    exact: bool,
    notes: Vec<String>,
}

/// What a lowered sub-expression left on the DWARF stack.
#[derive(Clone, Copy)]
struct Done {
    kind: Kind,
    /// A pointer converted from another LLVM address space: the space it still belongs to.
    divergent: Option<u32>,
}

/// Lowers a checked expression for `target` with its inputs bound by `bindings`.
pub fn lower(
    expr: &Expression,
    typing: &Typing,
    layout: &DataLayout,
    target: &Target,
    bindings: &Bindings,
    opts: LowerOptions,
) -> Lowered {
    let fragment = expr.fragment();
    let mut l = Lowerer {
        expr,
        typing,
        layout,
        target,
        bindings,
        opts,
        fragment: fragment.is_some(),
        depth: 0,
        pieces_below: 0,
        out: Vec::new(),
        exact: true,
        notes: Vec::new(),
    };
    match build(expr) {
        Some(root) => {
            // A fragment wider than the result reads past the result's end, where the
            // reference semantics has no bits: keep a value's location to its own size.
            let wider_fragment = fragment
                .is_some_and(|(_, size)| l.bits_of(&root).is_some_and(|b| u64::from(size) > b));
            if wider_fragment && l.hetdwarf() {
                l.bounded_loc(&root);
            } else if let Some(d) = l.node(&root) {
                l.convert(d, Kind::Loc, &root);
            }
        }
        None => l.give_up("the expression does not leave one entry"),
    }
    if let Some((_, size)) = fragment {
        let size = u64::from(size);
        if size % 8 == 0 {
            l.out.push(Dw::Piece(size / 8));
        } else {
            l.out.push(Dw::BitPiece { size, offset: 0 });
        }
    }
    if !l.exact {
        l.out.push(Dw::LlvmUndefined);
    }
    Lowered {
        ops: l.out,
        exact: l.exact,
        notes: l.notes,
    }
}

impl Lowerer<'_> {
    fn hetdwarf(&self) -> bool {
        self.opts.style == Style::Hetdwarf
    }

    fn give_up(&mut self, why: impl Into<String>) {
        if self.exact {
            self.notes.push(why.into());
        }
        self.exact = false;
    }

    fn note(&mut self, what: impl Into<String>) {
        self.notes.push(what.into());
    }

    fn ty_of(&self, n: &Node) -> Option<Type> {
        self.typing.pushed.get(n.op).cloned().flatten()
    }

    fn bits_of(&self, n: &Node) -> Option<u64> {
        self.ty_of(n).and_then(|t| self.layout.size_bits(&t))
    }

    fn constu(&mut self, v: u64) {
        if v < 32 {
            self.out.push(Dw::Lit(v as u8));
        } else if v == u64::MAX {
            self.out.extend([Dw::Lit(0), Dw::Not]);
        } else {
            self.out.push(Dw::Constu(v));
        }
    }

    /// `(1 << bits) - 1, and`, as the fork writes it (always `DW_OP_constu` for the mask).
    fn zext_mask(&mut self, bits: u64) {
        if bits >= 64 {
            return;
        }
        if bits < 35 {
            self.out.push(Dw::Constu((1u64 << bits) - 1));
        } else {
            self.out
                .extend([Dw::Lit(1), Dw::Constu(bits), Dw::Shl, Dw::Lit(1), Dw::Minus]);
        }
        self.out.push(Dw::And);
    }

    fn sext(&mut self, from: u64) {
        if from >= 64 || from == 0 {
            return;
        }
        self.out.extend([
            Dw::Dup,
            Dw::Constu(from - 1),
            Dw::Shr,
            Dw::Lit(0),
            Dw::Not,
            Dw::Mul,
            Dw::Constu(from),
            Dw::Shl,
            Dw::Or,
        ]);
    }

    /// Reads `ty` from the location on top of the stack (the fork's `readToValue`).
    fn read_to_value(&mut self, bits: Option<u64>) {
        let Some(bits) = bits else {
            self.give_up("reading a value whose size is unknown");
            return;
        };
        if bits > 64 || bits == 0 {
            self.give_up(format!("reading a {bits}-bit value onto the DWARF stack"));
            return;
        }
        self.out.push(Dw::DerefSize(bits.div_ceil(8) as u8));
        if bits % 8 != 0 {
            self.constu((1u64 << bits) - 1);
            self.out.push(Dw::And);
        }
    }

    fn convert(&mut self, d: Done, want: Kind, n: &Node) -> Done {
        match (d.kind, want) {
            (Kind::Value, Kind::Loc) => {
                // A DWARF value has the generic type's 64 bits: a wider result has no
                // untyped form (its high bits would read as undefined).
                if self.hetdwarf() && self.bits_of(n).is_some_and(|b| b > 64) {
                    self.give_up("a value wider than 64 bits has no untyped DWARF form");
                }
                self.out.push(Dw::StackValue)
            }
            (Kind::Loc, Kind::Value) => {
                let bits = match (d.divergent, self.ty_of(n)) {
                    (Some(space), Some(Type::Ptr { .. })) => {
                        Some(u64::from(self.layout.pointer_bits(space)))
                    }
                    _ => self.bits_of(n),
                };
                self.read_to_value(bits);
            }
            _ => {}
        }
        Done { kind: want, ..d }
    }

    /// The location of `n`; a value narrower than the generic type becomes a location of
    /// exactly its size (`DW_OP_stack_value, DW_OP_piece N, DW_OP_LLVM_piece_end`), so
    /// that offsets into it meet its end where the reference semantics does, not the
    /// generic type's (hetdwarf style).
    fn bounded_loc(&mut self, n: &Node) -> Option<Done> {
        let start = self.out.len();
        let d = self.node(n)?;
        if self.hetdwarf()
            && d.kind == Kind::Value
            && let Some(bits) = self.bits_of(n)
            && bits < 64
        {
            let wrap = self.wrap_pieces();
            if wrap {
                self.out.insert(start, Dw::Lit(0));
            }
            self.out.push(Dw::StackValue);
            self.out.push(if bits.is_multiple_of(8) {
                Dw::Piece(bits / 8)
            } else {
                Dw::BitPiece {
                    size: bits,
                    offset: 0,
                }
            });
            self.out.push(Dw::LlvmPieceEnd);
            if wrap {
                self.out.extend([Dw::Swap, Dw::Drop]);
            }
            return Some(Done {
                kind: Kind::Loc,
                divergent: d.divergent,
            });
        }
        Some(self.convert(d, Kind::Loc, n))
    }

    fn value(&mut self, n: &Node) -> Option<Done> {
        let d = self.node(n)?;
        Some(self.convert(d, Kind::Value, n))
    }

    fn loc(&mut self, n: &Node) -> Option<Done> {
        let d = self.node(n)?;
        Some(self.convert(d, Kind::Loc, n))
    }

    /// A value with the bits above its width equal to its sign (Hetdwarf style; values
    /// are otherwise kept zero-extended).
    fn signed_value(&mut self, n: &Node) -> Option<Done> {
        if let DiOp::Constant(Literal::Int { bits, value }) = &self.expr.ops[n.op]
            && *bits <= 64
        {
            let v = value
                .iter()
                .rev()
                .fold(0u64, |a, &x| (a << 8) | u64::from(x));
            let s = 64 - *bits;
            let sv = ((v << s) as i64) >> s;
            if sv < 0 {
                self.out.push(Dw::Consts(sv));
            } else {
                self.constu(sv as u64);
            }
            return Some(Done {
                kind: Kind::Value,
                divergent: None,
            });
        }
        let d = self.value(n)?;
        if let Some(bits) = self.bits_of(n) {
            self.sext(bits);
        }
        Some(d)
    }

    fn done(kind: Kind) -> Option<Done> {
        Some(Done {
            kind,
            divergent: None,
        })
    }

    fn node(&mut self, n: &Node) -> Option<Done> {
        self.depth += 1;
        let d = self.node_inner(n);
        self.depth -= 1;
        d
    }

    /// Whether pieces built here need `DW_OP_lit0 ... DW_OP_swap DW_OP_drop` around them so
    /// that they do not join a composite in progress below them. The fork wraps only in a
    /// fragment; nested inside `DIOpComposite` its pieces merge with the outer ones.
    fn wrap_pieces(&self) -> bool {
        self.fragment || (self.hetdwarf() && self.pieces_below > 0)
    }

    fn node_inner(&mut self, n: &Node) -> Option<Done> {
        let op = &self.expr.ops[n.op];
        let name = op.name();
        match op {
            DiOp::Arg { index, ty } => {
                let b = self.bindings.args.get(*index as usize).cloned();
                self.binding(b.as_ref(), ty, &format!("DIOpArg({index})"))
            }
            DiOp::Referrer(ty) => {
                if !self.hetdwarf() {
                    self.give_up("the fork does not lower DIOpReferrer");
                    return None;
                }
                let b = self.bindings.referrer.clone();
                self.binding(b.as_ref(), ty, "DIOpReferrer")
            }
            DiOp::TypeObject(_) => {
                if !self.hetdwarf() {
                    self.give_up("the fork does not lower DIOpTypeObject");
                    return None;
                }
                self.note(
                    "DIOpTypeObject lowered to DW_OP_push_object_address (the fork gives up)",
                );
                self.out.push(Dw::PushObjectAddress);
                Self::done(Kind::Loc)
            }
            DiOp::Constant(lit) => self.constant(lit),
            DiOp::Convert(to) => {
                let from = self.ty_of(&n.children[0])?;
                match (&from, to) {
                    (Type::Ptr { space: a, .. }, Type::Ptr { space: b, .. }) => {
                        if a == b && !self.hetdwarf() {
                            self.give_up("the fork does not lower DIOpConvert between pointers of one address space");
                            return None;
                        }
                        // hetdwarf: a pointer of another size is the same address as a
                        // value of the new size (the fork keeps the old location).
                        let resize = self.hetdwarf()
                            && self.layout.size_bits(&from) != self.layout.size_bits(to);
                        let d = if resize {
                            let d = self.value(&n.children[0])?;
                            // Truncated to a narrower pointer, as the reference does.
                            let (fb, tb) =
                                (self.layout.size_bits(&from)?, self.layout.size_bits(to)?);
                            if tb < fb {
                                self.zext_mask(tb);
                            }
                            d
                        } else {
                            self.node(&n.children[0])?
                        };
                        let divergent = if a == b {
                            d.divergent
                        } else {
                            Some(d.divergent.unwrap_or(*a))
                        };
                        Some(Done {
                            kind: d.kind,
                            divergent,
                        })
                    }
                    (f, t)
                        if (f.is_int() && t.is_int())
                            || (self.hetdwarf()
                                && (f.is_int() || f.is_ptr())
                                && (t.is_int() || t.is_ptr())) =>
                    {
                        self.value(&n.children[0])?;
                        let (fb, tb) = (self.layout.size_bits(f)?, self.layout.size_bits(t)?);
                        if tb < fb {
                            self.zext_mask(tb);
                        }
                        Self::done(Kind::Value)
                    }
                    _ => {
                        self.give_up(format!(
                            "DIOpConvert from {from} to {to} has no DWARF lowering"
                        ));
                        None
                    }
                }
            }
            DiOp::ZExt(_) => {
                self.value(&n.children[0])?;
                let fb = self.bits_of(&n.children[0])?;
                if fb > 64 {
                    self.give_up(format!("{name} of a {fb}-bit value"));
                    return None;
                }
                self.zext_mask(fb);
                Self::done(Kind::Value)
            }
            DiOp::SExt(to) => {
                self.value(&n.children[0])?;
                let fb = self.bits_of(&n.children[0])?;
                self.sext(fb);
                if self.hetdwarf()
                    && let Some(tb) = self.layout.size_bits(to)
                {
                    self.zext_mask(tb);
                }
                Self::done(Kind::Value)
            }
            DiOp::Reinterpret(to) => {
                // Through a type the layout cannot size, the size rule does not hold, and
                // a value might be read as more bits than it has.
                if self.hetdwarf() {
                    let from = self.bits_of(&n.children[0]);
                    if from.is_none() || from != self.layout.size_bits(to) {
                        self.give_up(format!(
                            "a reinterpretation as {to} through a type of unknown size"
                        ));
                        return None;
                    }
                }
                self.node(&n.children[0])
            }
            DiOp::BitOffset(_) | DiOp::ByteOffset(_) => {
                self.bounded_loc(&n.children[0])?;
                if self.hetdwarf() {
                    self.signed_value(&n.children[1])?;
                } else {
                    self.value(&n.children[1])?;
                }
                self.out.push(if matches!(op, DiOp::BitOffset(_)) {
                    Dw::LlvmBitOffset
                } else {
                    Dw::LlvmOffset
                });
                Self::done(Kind::Loc)
            }
            DiOp::Offset => {
                self.bounded_loc(&n.children[0])?;
                self.signed_value(&n.children[1])?;
                self.out.push(Dw::LlvmOffset);
                Self::done(Kind::Loc)
            }
            DiOp::Composite { .. } => {
                let wrap = self.wrap_pieces();
                if wrap {
                    self.out.push(Dw::Lit(0));
                }
                for (i, c) in n.children.iter().enumerate() {
                    if self.hetdwarf() {
                        let below = usize::from(i > 0);
                        self.pieces_below += below;
                        let d = self.loc(c);
                        self.pieces_below -= below;
                        d?;
                        let Some(bits) = self.bits_of(c) else {
                            self.give_up("a composite part of unknown size");
                            return None;
                        };
                        self.out.push(if bits % 8 == 0 {
                            Dw::Piece(bits / 8)
                        } else {
                            Dw::BitPiece {
                                size: bits,
                                offset: 0,
                            }
                        });
                    } else {
                        self.node(c)?;
                        // The fork sizes parts by their primitive size: 0 for pointers
                        // and aggregates.
                        let bits = match self.ty_of(c)? {
                            Type::Int(b) => u64::from(b),
                            Type::Float(k) => u64::from(k.bits()),
                            Type::Vector { count, elem } => match *elem {
                                Type::Int(b) => u64::from(count) * u64::from(b),
                                Type::Float(k) => u64::from(count) * u64::from(k.bits()),
                                _ => 0,
                            },
                            _ => 0,
                        };
                        if bits % 8 != 0 {
                            self.give_up("a composite part that is not a whole number of bytes");
                            return None;
                        }
                        self.out.push(Dw::Piece(bits / 8));
                    }
                }
                self.out.push(Dw::LlvmPieceEnd);
                if wrap {
                    self.out.extend([Dw::Swap, Dw::Drop]);
                }
                Self::done(Kind::Loc)
            }
            DiOp::Extend(count) => {
                if !self.hetdwarf() {
                    self.give_up("the fork does not lower DIOpExtend");
                    return None;
                }
                self.loc(&n.children[0])?;
                let bits = self.bits_of(&n.children[0])?;
                self.note("DIOpExtend lowered to DW_OP_LLVM_extend (the fork gives up)");
                self.out.push(Dw::LlvmExtend {
                    bits,
                    count: u64::from(*count),
                });
                Self::done(Kind::Loc)
            }
            DiOp::Select => {
                if !self.hetdwarf() {
                    self.give_up("the fork does not lower DIOpSelect");
                    return None;
                }
                let Some(Type::Vector { count, elem }) = self.ty_of(n) else {
                    self.give_up("DIOpSelect of a non-vector");
                    return None;
                };
                let bits = self.layout.size_bits(&elem)?;
                let mask_bits = self.bits_of(&n.children[0])?;
                if mask_bits > 64 {
                    self.give_up("a DIOpSelect mask wider than 64 bits");
                    return None;
                }
                // DWARF pops the mask, then the "one" source, then the "zero" source.
                self.loc(&n.children[2])?;
                self.loc(&n.children[1])?;
                self.value(&n.children[0])?;
                self.note("DIOpSelect lowered to DW_OP_LLVM_select_bit_piece (the fork gives up)");
                self.out.push(Dw::LlvmSelectBitPiece {
                    bits,
                    count: u64::from(count),
                });
                Self::done(Kind::Loc)
            }
            DiOp::AddrOf(_)
                if self.hetdwarf() && self.depth == 1 && self.bindings.pointee_die.is_some() =>
            {
                let die = self.bindings.pointee_die.unwrap_or_default();
                self.note(
                    "the implicit address lowered to DW_OP_implicit_pointer (the fork gives up)",
                );
                self.out.push(Dw::ImplicitPointer {
                    die,
                    offset: 0,
                    spelling: hetdwarf::expr::Spelling::Dwarf5,
                });
                Self::done(Kind::Loc)
            }
            DiOp::AddrOf(_) => {
                self.give_up(if self.hetdwarf() {
                    "DIOpAddrOf not under DIOpDeref needs the pointee's DIE for DW_OP_implicit_pointer"
                } else {
                    "the fork does not lower DIOpAddrOf"
                });
                None
            }
            DiOp::Deref(_) => {
                let child = &n.children[0];
                if self.hetdwarf() && matches!(self.expr.ops[child.op], DiOp::AddrOf(_)) {
                    // The addressed object itself, when the read covers exactly it.
                    let inner = &child.children[0];
                    if self.bits_of(inner).is_some() && self.bits_of(inner) == self.bits_of(n) {
                        self.note("DIOpAddrOf under DIOpDeref cancelled (the fork gives up)");
                        return self.loc(inner);
                    }
                    self.give_up(
                        "DIOpDeref of an implicit address reads another size than the object",
                    );
                    return None;
                }
                let d = self.value(child)?;
                let space = match d.divergent.or(self.ty_of(child)?.address_space()) {
                    Some(s) => s,
                    None => {
                        self.give_up("DIOpDeref of a non-pointer");
                        return None;
                    }
                };
                let Some(dwarf) = self.target.dwarf_address_space_of_llvm(space) else {
                    self.give_up(format!(
                        "LLVM address space {space} has no DWARF address space"
                    ));
                    return None;
                };
                self.constu(dwarf);
                self.out.push(Dw::LlvmFormAspaceAddress);
                Self::done(Kind::Loc)
            }
            DiOp::Read => {
                let d = self.node(&n.children[0])?;
                self.convert(d, Kind::Loc, &n.children[0]);
                let bits = self.bits_of(n);
                self.read_to_value(bits);
                Self::done(Kind::Value)
            }
            DiOp::Add
            | DiOp::Sub
            | DiOp::Mul
            | DiOp::Shl
            | DiOp::And
            | DiOp::Or
            | DiOp::Xor
            | DiOp::LShr
            | DiOp::Shr => {
                let ty = self.ty_of(n)?;
                if self.hetdwarf() && !self.integer_up_to_64(&ty, name) {
                    return None;
                }
                self.value(&n.children[0])?;
                self.value(&n.children[1])?;
                if self.hetdwarf() && matches!(op, DiOp::Shl | DiOp::LShr | DiOp::Shr) {
                    self.shift_amount(&n.children[1], &ty);
                }
                self.out.push(match op {
                    DiOp::Add => Dw::Plus,
                    DiOp::Sub => Dw::Minus,
                    DiOp::Mul => Dw::Mul,
                    DiOp::Shl => Dw::Shl,
                    DiOp::And => Dw::And,
                    DiOp::Or => Dw::Or,
                    DiOp::Xor => Dw::Xor,
                    _ => Dw::Shr,
                });
                if self.hetdwarf() && matches!(op, DiOp::Add | DiOp::Sub | DiOp::Mul | DiOp::Shl) {
                    let bits = self.layout.size_bits(&ty)?;
                    self.zext_mask(bits);
                }
                // The bitwise operations take their type from the first input; a wider
                // second input (the checker allows any two integers) sets bits above it that
                // `or` and `xor` keep (`and` cannot: the first input is zero-extended).
                if self.hetdwarf() && matches!(op, DiOp::Or | DiOp::Xor) {
                    let bits = self.layout.size_bits(&ty)?;
                    let other = self.ty_of(&n.children[1])?;
                    if self.layout.size_bits(&other)? > bits {
                        self.zext_mask(bits);
                    }
                }
                Self::done(Kind::Value)
            }
            DiOp::Div | DiOp::Mod | DiOp::AShr => {
                let ty = self.ty_of(n)?;
                if !self.hetdwarf() {
                    self.value(&n.children[0])?;
                    self.value(&n.children[1])?;
                } else {
                    if !self.integer_up_to_64(&ty, name) {
                        return None;
                    }
                    self.signed_value(&n.children[0])?;
                    if matches!(op, DiOp::AShr) {
                        self.value(&n.children[1])?;
                        self.shift_amount(&n.children[1], &ty);
                    } else {
                        self.signed_value(&n.children[1])?;
                    }
                }
                match op {
                    // DW_OP_mod is unsigned on the generic type: a - (a / b) * b is the
                    // signed remainder.
                    DiOp::Mod if self.hetdwarf() => {
                        self.out
                            .extend([Dw::Over, Dw::Over, Dw::Div, Dw::Mul, Dw::Minus]);
                    }
                    DiOp::Div => self.out.push(Dw::Div),
                    DiOp::Mod => self.out.push(Dw::Mod),
                    _ => self.out.push(Dw::Shra),
                }
                if self.hetdwarf() {
                    let bits = self.layout.size_bits(&ty)?;
                    self.zext_mask(bits);
                }
                Self::done(Kind::Value)
            }
            DiOp::PushLane(_) => {
                if self.opts.wheel && !self.hetdwarf() {
                    self.give_up("the wheel's fork build does not lower DIOpPushLane");
                    return None;
                }
                self.out.push(Dw::LlvmPushLane);
                // The lane id in the pushed type: an AMDGPU wave has at most 64 lanes, so
                // only a type narrower than 6 bits drops some of an id's bits.
                if self.hetdwarf()
                    && let DiOp::PushLane(ty) = op
                    && let Some(bits) = self.layout.size_bits(ty)
                    && bits < 6
                {
                    self.zext_mask(bits);
                }
                Self::done(Kind::Value)
            }
            DiOp::Fragment { .. } => None,
        }
    }

    /// Floating-point and wide arithmetic have no untyped DWARF lowering.
    fn integer_up_to_64(&mut self, ty: &Type, name: &str) -> bool {
        match ty {
            Type::Int(b) if *b <= 64 => true,
            Type::Ptr { .. } if self.layout.size_bits(ty).is_some_and(|b| b <= 64) => true,
            _ => {
                self.give_up(format!(
                    "{name} on {ty} has no DWARF lowering without typed operations"
                ));
                false
            }
        }
    }

    /// A shift by the width or more gives 0 (or the sign) in the reference semantics, but
    /// DWARF shifts the 64-bit generic value: clamp the amount to 64 for narrower types.
    fn shift_amount(&mut self, amount: &Node, ty: &Type) {
        let (Some(bits), Some(abits)) = (self.layout.size_bits(ty), self.bits_of(amount)) else {
            return;
        };
        if bits < 64 && abits > 0 {
            // amount' = amount + (amount >= bits) * 64
            self.out.extend([
                Dw::Dup,
                Dw::Constu(bits),
                Dw::Ge,
                Dw::Constu(64),
                Dw::Mul,
                Dw::Plus,
            ]);
        }
    }

    fn constant(&mut self, lit: &Literal) -> Option<Done> {
        match lit {
            Literal::Int { bits, value } if *bits <= 64 => {
                let v = value
                    .iter()
                    .rev()
                    .fold(0u64, |a, &x| (a << 8) | u64::from(x));
                let sign = v >> (bits - 1) & 1 == 1;
                if sign && !self.hetdwarf() {
                    let s = 64 - *bits;
                    self.out.push(Dw::Consts(((v << s) as i64) >> s));
                } else {
                    self.constu(v);
                }
                Self::done(Kind::Value)
            }
            _ if !self.hetdwarf() => {
                self.give_up(format!("the fork lowers only integer constants, not {lit}"));
                None
            }
            l if l.is_undefined() => {
                self.out.push(Dw::LlvmUndefined);
                Self::done(Kind::Loc)
            }
            l => match l.to_bits(self.layout) {
                Some(bytes)
                    if bytes.len() <= 8
                        && !matches!(l, Literal::Vector { .. } | Literal::Zero(_)) =>
                {
                    let v = bytes
                        .iter()
                        .rev()
                        .fold(0u64, |a, &x| (a << 8) | u64::from(x));
                    self.constu(v);
                    Self::done(Kind::Value)
                }
                Some(bytes) if bytes.len() <= 1 << 16 => {
                    self.note(format!(
                        "{l} lowered to DW_OP_implicit_value (the fork gives up)"
                    ));
                    self.out.push(Dw::ImplicitValue(bytes.into_boxed_slice()));
                    Self::done(Kind::Loc)
                }
                _ => {
                    self.give_up(format!("cannot lower the constant {l}"));
                    None
                }
            },
        }
    }

    fn binding(&mut self, b: Option<&Binding>, ty: &Type, what: &str) -> Option<Done> {
        let Some(b) = b else {
            self.give_up(format!("{what} has no binding"));
            return None;
        };
        match b {
            Binding::Undefined => {
                self.out.push(Dw::LlvmUndefined);
                Self::done(Kind::Loc)
            }
            Binding::Constant(bytes) => {
                if self.layout.size_bits(ty).is_none_or(|b| b > 64) {
                    self.give_up(format!("{what} is a constant {ty}, wider than 64 bits"));
                    return None;
                }
                let mut v = bytes
                    .iter()
                    .take(8)
                    .rev()
                    .fold(0u64, |a, &x| (a << 8) | u64::from(x));
                if let Some(bits) = self.layout.size_bits(ty)
                    && bits < 64
                {
                    v &= (1u64 << bits) - 1;
                }
                self.constu(v);
                if self.opts.wheel && !self.hetdwarf() {
                    self.out.push(Dw::StackValue);
                    return Self::done(Kind::Loc);
                }
                Self::done(Kind::Value)
            }
            Binding::Location(_) => {
                self.give_up(format!(
                    "{what} is bound to an evaluated location, which has no DWARF form"
                ));
                None
            }
            Binding::Dwarf { ops, value } => {
                let wrap = self.wrap_pieces()
                    && ops
                        .iter()
                        .any(|o| matches!(o, Dw::Piece(_) | Dw::BitPiece { .. }));
                if wrap {
                    self.out.push(Dw::Lit(0));
                }
                self.out.extend(ops.iter().cloned());
                if wrap {
                    self.out.extend([Dw::Swap, Dw::Drop]);
                }
                Self::done(if *value { Kind::Value } else { Kind::Loc })
            }
            Binding::Memory { space, address } => {
                self.constu(*address);
                self.constu(*space);
                self.out.push(Dw::LlvmFormAspaceAddress);
                Self::done(Kind::Loc)
            }
            Binding::Registers(regs) => {
                let whole = is_whole_vreg(ty);
                if regs.len() > 1 && whole && !self.hetdwarf() {
                    self.give_up(
                        "the fork does not lower a whole-vreg argument in several registers",
                    );
                    return None;
                }
                let multi = regs.len() > 1;
                let wrap = multi && self.wrap_pieces();
                if wrap {
                    self.out.push(Dw::Lit(0));
                }
                for &reg in regs {
                    self.out.push(if reg < 32 {
                        Dw::Reg(reg as u8)
                    } else {
                        Dw::Regx(reg)
                    });
                    let lane = if whole {
                        None
                    } else {
                        lane_bits(self.target, reg)
                    };
                    if let Some(lb) = lane {
                        self.out.push(Dw::LlvmPushLane);
                        self.constu(u64::from(lb / 8));
                        self.out.extend([Dw::Mul, Dw::LlvmOffset]);
                    }
                    if multi {
                        let bits = lane
                            .or_else(|| self.target.register_bits(reg).ok())
                            .unwrap_or(32);
                        self.out.push(Dw::Piece(u64::from(bits / 8)));
                    }
                }
                if multi {
                    self.out.push(Dw::LlvmPieceEnd);
                    if wrap {
                        self.out.extend([Dw::Swap, Dw::Drop]);
                    }
                }
                Self::done(Kind::Loc)
            }
        }
    }
}
