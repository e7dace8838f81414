//! Where the DWARF says each variable is, entry by entry, as far as the machine code can
//! be checked against it: the PC range of each location-list entry and the registers that
//! hold the value over it.

use std::ops::Range;
use std::sync::Arc;

use hetdwarf::expr::{DecodeParams, Expr, Op};
use hetdwarf::index::{
    DwarfIndex, IndexError, LocListEntry, LocListEntryKind, LocationAttrOwned, ScopeKind, UnitId,
    VariableKind,
};
use hetdwarf_amdgpu::registers::RegisterMap;

use crate::register::MachineRegister;
use hetdwarf::fast_hash::SeededHashMap;

/// How an entry's expression uses a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegisterRole {
    /// The value is in the register (`DW_OP_regx`, a piece of a composite).
    Location,
    /// The value is computed from the register's contents (`DW_OP_bregx ...;
    /// DW_OP_stack_value`, `DW_OP_regval_type`).
    Value,
}

/// One location-list entry (or the single location expression) of a variable.
#[derive(Clone, Debug)]
pub struct LocatedEntry {
    /// The entry's index in its list (0 for a single expression).
    pub index: usize,
    /// The PCs it covers.
    pub range: Range<u64>,
    /// The registers the value is in or computed from, in 32-bit units, each once.
    /// Registers read inside `DW_OP_entry_value` are not listed: they name the caller's
    /// state at entry, not the current contents.
    pub registers: Arc<[(MachineRegister, RegisterRole)]>,
    /// The value is in memory at an address computed from a register (`DW_OP_fbreg`,
    /// `DW_OP_bregx` followed by a dereference or ending as a memory location): the base
    /// register and the offset.
    pub memory_base: Option<(BaseRegister, i64)>,
    /// Whether it is an entry of a location list (else the single `DW_AT_location`
    /// expression, over the whole scope).
    pub from_list: bool,
    /// The stack slot the value is in, when the expression is the heterogeneous spelling
    /// of one (see [`stack_slot`]).
    pub slot: Option<StackSlot>,
}

/// A slot of a wave's private (scratch) memory, per lane: the frame register that
/// addresses it and the byte offset from it, as `buffer_store_dword v0, off, s[0:3], s33
/// offset:24` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StackSlot {
    /// The frame register (s33, or s32 without a frame pointer).
    pub base: MachineRegister,
    /// The offset in bytes, per lane.
    pub offset: i64,
}

/// The stack slot an expression locates, in the spelling LLVM's heterogeneous DWARF gives a
/// private variable: `DW_OP_regx SGPR33, DW_OP_deref_size 4, DW_OP_lit6 (log2 of the wave
/// size), DW_OP_shr, DW_OP_litN, DW_OP_plus, DW_OP_stack_value, DW_OP_deref_size 4,
/// DW_OP_lit5 (private_lane), DW_OP_LLVM_form_aspace_address`, the offset also as
/// `DW_OP_plus_uconst N`.
pub fn stack_slot(expr: &Expr, map: RegisterMap) -> Option<StackSlot> {
    let ops = expr.ops();
    let constant = |op: &Op| match *op {
        Op::Lit(n) => Some(i64::from(n)),
        Op::Constu(n) => i64::try_from(n).ok(),
        Op::Consts(n) => Some(n),
        _ => None,
    };
    let mut base = match ops.first()? {
        Op::Reg(r) => machine_registers(map, u64::from(*r)),
        Op::Regx(r) => machine_registers(map, *r),
        _ => return None,
    };
    let (Some(base), None) = (base.next(), base.next()) else {
        return None;
    };
    if !matches!(ops.get(1)?, Op::DerefSize(4)) || !matches!(ops.get(2)?, Op::Lit(5 | 6)) {
        return None;
    }
    if !matches!(ops.get(3)?, Op::Shr) {
        return None;
    }
    let (offset, rest) = match (ops.get(4)?, ops.get(5)) {
        (Op::PlusUconst(n), _) => (i64::try_from(*n).ok()?, 5),
        (c, Some(Op::Plus)) => (constant(c)?, 6),
        _ => return None,
    };
    let tail = &ops[rest..];
    let private_lane = matches!(
        tail,
        [
            Op::StackValue,
            Op::DerefSize(4),
            Op::Lit(5),
            Op::LlvmFormAspaceAddress,
            ..
        ]
    );
    private_lane.then_some(StackSlot { base, offset })
}

/// A register an address is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseRegister {
    /// `DW_OP_fbreg`: the function's frame base.
    FrameBase,
    /// `DW_OP_breg*`.
    Register(MachineRegister),
}

/// One variable or parameter with a location.
#[derive(Clone, Debug)]
pub struct LocatedVariable {
    /// Its name.
    pub name: Arc<str>,
    /// `.debug_info` offset of its DIE.
    pub die: u64,
    /// Whether it is a formal parameter.
    pub parameter: bool,
    /// The subprogram it belongs to (its name).
    pub function: Arc<str>,
    /// The PC ranges of its scope (shared with the index).
    pub scope: Arc<[Range<u64>]>,
    /// Its entries, in list order (shared by the variables that name one list).
    pub entries: Arc<[LocatedEntry]>,
}

/// A subprogram with code and its variables.
#[derive(Clone, Debug)]
pub struct LocatedFunction {
    /// Its name (linkage-free, as `DW_AT_name` gives it).
    pub name: Arc<str>,
    /// `.debug_info` offset of its DIE.
    pub die: u64,
    /// Its PC ranges (shared with the index: scopes sharing one range list share it).
    pub ranges: Arc<[Range<u64>]>,
    /// Every variable and parameter of it and its nested and inlined scopes.
    pub variables: Vec<LocatedVariable>,
}

impl LocatedVariable {
    /// Whether its scope holds `pc`.
    pub fn in_scope(&self, pc: u64) -> bool {
        self.scope.iter().any(|r| r.start <= pc && pc < r.end)
    }
}

impl LocatedFunction {
    /// Its lowest and highest PC.
    pub fn bounds(&self) -> Range<u64> {
        let lo = self.ranges.iter().map(|r| r.start).min().unwrap_or(0);
        let hi = self.ranges.iter().map(|r| r.end).max().unwrap_or(lo);
        lo..hi
    }
}

/// The most entries of one location list followed (a hostile list of millions costs no
/// more than this per variable).
pub const MAX_ENTRIES: usize = 4096;

/// The most scope ranges a single location expression is spread over.
pub const MAX_EXPR_SPANS: usize = 16;

/// Registers of DWARF number `n`, in 32-bit units: a wave64 EXEC or VCC is two.
fn machine_registers(map: RegisterMap, n: u64) -> impl Iterator<Item = MachineRegister> {
    let reg = map.from_dwarf(n).ok();
    let bits = reg.map_or(0, |reg| if reg.is_vector() { 32 } else { map.bits(reg) });
    (0..bits.div_ceil(32)).filter_map(move |i| MachineRegister::from_dwarf_part(reg?, i * 32))
}

/// Where a value in memory is addressed from (a base register or the frame base, and an
/// offset), when an expression says so.
pub type MemoryBase = Option<(BaseRegister, i64)>;

/// The registers an expression keeps or computes its value in, and its memory base.
pub fn registers_of(
    expr: &Expr,
    map: RegisterMap,
) -> (Vec<(MachineRegister, RegisterRole)>, MemoryBase) {
    let mut located = Vec::new();
    let mut based: Vec<(BaseRegister, i64)> = Vec::new();
    let mut stack_value = false;
    let mut dereferenced = false;
    // Registers named by DW_OP_reg*/regx in the current piece: a location, unless the piece
    // goes on to read memory through them (`regx s33; deref_size 4; ...` reads the
    // register's contents as an address, as heterogeneous DWARF spells a stack slot).
    let mut piece_registers: Vec<MachineRegister> = Vec::new();
    let mut piece_reads_memory = false;
    let end_piece = |regs: &mut Vec<MachineRegister>,
                     reads: &mut bool,
                     located: &mut Vec<MachineRegister>,
                     based: &mut Vec<(BaseRegister, i64)>| {
        if *reads {
            based.extend(regs.drain(..).map(|m| (BaseRegister::Register(m), 0)));
        } else {
            located.append(regs);
        }
        *reads = false;
    };
    for op in expr.ops() {
        match *op {
            Op::Reg(r) => piece_registers.extend(machine_registers(map, u64::from(r))),
            Op::Regx(r) => piece_registers.extend(machine_registers(map, r)),
            Op::Breg { reg, offset } => based.extend(
                machine_registers(map, u64::from(reg)).map(|m| (BaseRegister::Register(m), offset)),
            ),
            Op::Bregx { reg, offset } | Op::LlvmAspaceBregx { reg, offset } => based
                .extend(machine_registers(map, reg).map(|m| (BaseRegister::Register(m), offset))),
            Op::RegvalType { reg, .. } => {
                stack_value = true;
                based.extend(machine_registers(map, reg).map(|m| (BaseRegister::Register(m), 0)));
            }
            Op::Fbreg(offset) => based.push((BaseRegister::FrameBase, offset)),
            Op::StackValue => stack_value = true,
            Op::Deref
            | Op::DerefSize(_)
            | Op::DerefType { .. }
            | Op::Xderef
            | Op::XderefSize(_)
            | Op::XderefType { .. }
            | Op::LlvmFormAspaceAddress => {
                dereferenced = true;
                piece_reads_memory = true;
            }
            Op::Piece(_) | Op::BitPiece { .. } | Op::LlvmPieceEnd => end_piece(
                &mut piece_registers,
                &mut piece_reads_memory,
                &mut located,
                &mut based,
            ),
            _ => {}
        }
    }
    end_piece(
        &mut piece_registers,
        &mut piece_reads_memory,
        &mut located,
        &mut based,
    );
    let mut registers: Vec<(MachineRegister, RegisterRole)> = Vec::new();
    let mut add = |r: MachineRegister, role: RegisterRole| {
        if !registers.iter().any(|&(x, _)| x == r) {
            registers.push((r, role));
        }
    };
    for r in located {
        add(r, RegisterRole::Location);
    }
    // A value computed from a register (and not read from memory through it) goes stale
    // when the register is written, as a register location does.
    let mut memory_base = None;
    if stack_value && !dereferenced {
        for &(b, _) in &based {
            if let BaseRegister::Register(r) = b {
                add(r, RegisterRole::Value);
            }
        }
    } else if !stack_value && based.len() == 1 {
        memory_base = based.first().copied();
    }
    (registers, memory_base)
}

/// [`located_functions`] for `co`'s DWARF: register numbers by the wave size of the code at
/// each function, units read only where `listing` holds code.
pub fn located_functions_of(
    co: &hetdwarf_amdgpu::CodeObject<'_>,
    dbg: &DwarfIndex<'_>,
    listing: &crate::listing::Listing,
) -> Result<Vec<LocatedFunction>, IndexError> {
    let common = co.common_wave_size();
    located_functions(dbg, &|pc| co.wave_size_at(pc).unwrap_or(common), &|r| {
        listing.holds(r)
    })
}

/// Keeps the functions of [`located_functions_verified`], gathered before the code was
/// decoded, whose unit holds code of `listing`, as [`located_functions_of`] reads only those
/// units (an instruction starts only inside a code section, so none is missing).
pub fn retain_decoded(
    functions: &mut Vec<LocatedFunction>,
    dbg: &DwarfIndex<'_>,
    listing: &crate::listing::Listing,
) {
    let mut units: std::collections::HashMap<Option<hetdwarf::index::UnitId>, bool> =
        std::collections::HashMap::new();
    functions.retain(|f| {
        let unit = dbg.unit_containing(f.die);
        *units.entry(unit).or_insert_with(|| {
            unit.and_then(|u| dbg.unit(u).ok()).is_some_and(|info| {
                info.ranges
                    .iter()
                    .any(|r| r.start < r.end && listing.holds(r))
            })
        })
    });
}

/// What an expression says of registers and memory: [`registers_of`] and [`stack_slot`].
type Analysis = (
    Arc<[(MachineRegister, RegisterRole)]>,
    MemoryBase,
    Option<StackSlot>,
);

/// Builds located entries from raw ones: each distinct expression of a unit decoded and
/// analysed once per wave size, each list once per wave size, names shared.
struct EntryBuilder<'a> {
    encoding: hetdwarf::expr::Encoding,
    params: SeededHashMap<UnitId, DecodeParams>,
    /// Lists repeat their expressions (`DW_OP_regx v5`).
    analysed: SeededHashMap<(UnitId, &'a [u8], u32), Option<Analysis>>,
    /// Variables naming one list share its entries.
    lists: SeededHashMap<(UnitId, u64, u32), Arc<[LocatedEntry]>>,
    /// Names repeat (every inlined copy of a function names its parameters again).
    names: SeededHashMap<Arc<str>, ()>,
    scratch: Vec<LocatedEntry>,
}

impl<'a> EntryBuilder<'a> {
    fn new(dbg: &DwarfIndex<'a>) -> Result<Self, IndexError> {
        Ok(EntryBuilder {
            encoding: dbg.expression_profile()?.encoding.encoding,
            params: SeededHashMap::default(),
            analysed: SeededHashMap::default(),
            lists: SeededHashMap::default(),
            names: SeededHashMap::default(),
            scratch: Vec::new(),
        })
    }

    /// `name` as a shared string, one per distinct name.
    fn name(&mut self, name: &str) -> Arc<str> {
        if let Some((known, ())) = self.names.get_key_value(name) {
            return Arc::clone(known);
        }
        let new: Arc<str> = Arc::from(name);
        self.names.insert(Arc::clone(&new), ());
        new
    }

    /// The located entries of `raw` (the entries of list `list`, or a single expression
    /// over `scope`), with register numbers by `map`.
    fn entries(
        &mut self,
        dbg: &DwarfIndex<'a>,
        unit: UnitId,
        list: Option<u64>,
        raw: &[LocListEntry<'a>],
        scope: &[Range<u64>],
        map: RegisterMap,
    ) -> Arc<[LocatedEntry]> {
        let key = list.map(|offset| (unit, offset, map.wave_size()));
        if let Some(shared) = key.and_then(|k| self.lists.get(&k)) {
            return Arc::clone(shared);
        }
        let encoding = self.encoding;
        let params = *self.params.entry(unit).or_insert_with(|| {
            dbg.decode_params(unit, encoding)
                .unwrap_or(DecodeParams::amdgpu(encoding))
        });
        self.scratch.clear();
        for (index, e) in raw.iter().enumerate().take(MAX_ENTRIES) {
            let bounded;
            let spans: &[Range<u64>] = match (&e.range, e.kind) {
                (Some(r), LocListEntryKind::Bounded) => {
                    bounded = [r.clone()];
                    &bounded
                }
                // A single expression holds over the whole scope; a scope of thousands of
                // ranges is shown by its first.
                _ if list.is_none() => &scope[..scope.len().min(MAX_EXPR_SPANS)],
                _ => continue,
            };
            let analysis = self
                .analysed
                .entry((unit, e.expr, map.wave_size()))
                .or_insert_with(|| {
                    let expr = Expr::decode(e.expr, params).ok()?;
                    let (registers, memory_base) = registers_of(&expr, map);
                    Some((registers.into(), memory_base, stack_slot(&expr, map)))
                });
            let Some((registers, memory_base, slot)) = analysis else {
                continue;
            };
            for range in spans.iter().filter(|r| r.start < r.end) {
                self.scratch.push(LocatedEntry {
                    index,
                    range: range.clone(),
                    registers: Arc::clone(registers),
                    memory_base: *memory_base,
                    from_list: list.is_some(),
                    slot: *slot,
                });
            }
        }
        let entries: Arc<[LocatedEntry]> = Arc::from(&self.scratch[..]);
        if let Some(k) = key {
            self.lists.insert(k, Arc::clone(&entries));
        }
        entries
    }
}

/// The functions of the variables `verify` kept
/// ([`hetdwarf_amdgpu::verify::verify_with_variables`]), as [`located_functions`] gives
/// them for units whose ranges meet a code section, but without walking the DIEs and reading
/// the lists again: the subprograms with code in a code section that hold variables with
/// locations, each variable with its entries (register numbers by the wave size of the code
/// at the function). It runs while the code is decoded; [`retain_decoded`] then keeps what
/// [`located_functions_of`] would give.
pub fn located_functions_verified<'a>(
    co: &hetdwarf_amdgpu::CodeObject<'_>,
    dbg: &DwarfIndex<'a>,
    verified: &hetdwarf::verify::VerifiedVariables<'a>,
) -> Result<Vec<LocatedFunction>, IndexError> {
    let common = co.common_wave_size();
    let sections: Vec<Range<u64>> = co
        .code_sections()
        .iter()
        .map(|s| s.address..s.address.saturating_add(s.bytes.len() as u64))
        .collect();
    let mut builder = EntryBuilder::new(dbg)?;
    let mut out: Vec<Option<LocatedFunction>> = Vec::with_capacity(verified.functions.len());
    let mut maps: Vec<RegisterMap> = Vec::with_capacity(verified.functions.len());
    for f in &verified.functions {
        let name = match &f.name {
            Some(name) => Arc::clone(name),
            None => builder.name("<anonymous>"),
        };
        let function = LocatedFunction {
            name,
            die: f.die,
            ranges: Arc::clone(&f.ranges),
            variables: Vec::new(),
        };
        // Only code in a code section is decoded.
        let has_code = f.ranges.iter().any(|r| {
            r.start < r.end && sections.iter().any(|s| r.start < s.end && s.start < r.end)
        });
        maps.push(RegisterMap::new(
            co.wave_size_at(function.bounds().start).unwrap_or(common),
        ));
        out.push(has_code.then_some(function));
    }
    for v in &verified.variables {
        let Some(Some(f)) = out.get_mut(v.function) else {
            continue;
        };
        let entries = builder.entries(dbg, v.unit, v.list, &v.entries, &v.scope, maps[v.function]);
        if entries.is_empty() {
            continue;
        }
        // verify's names are shared already.
        let name = match &v.name {
            Some(name) => Arc::clone(name),
            None => builder.name("<anonymous>"),
        };
        f.variables.push(LocatedVariable {
            name,
            die: v.die,
            parameter: v.parameter,
            function: Arc::clone(&f.name),
            scope: Arc::clone(&v.scope),
            entries,
        });
    }
    Ok(out.into_iter().flatten().collect())
}

/// Every subprogram with code in `dbg` and its variables' entries. `wave_size_at` gives
/// the wave size of the code at a PC (DWARF register numbers depend on it).
///
/// Only units whose PC ranges `has_code` accepts are read (a unit without code, or whose
/// code was not decoded, costs nothing).
pub fn located_functions(
    dbg: &DwarfIndex<'_>,
    wave_size_at: &dyn Fn(u64) -> u32,
    has_code: &dyn Fn(&Range<u64>) -> bool,
) -> Result<Vec<LocatedFunction>, IndexError> {
    let mut builder = EntryBuilder::new(dbg)?;
    let mut out = Vec::new();
    // One buffer for every list's raw entries.
    let mut raw = Vec::new();
    for unit in dbg.unit_ids() {
        let Ok(info) = dbg.unit(unit) else {
            continue;
        };
        if !info.ranges.iter().any(|r| r.start < r.end && has_code(r)) {
            continue;
        }
        // A unit that cannot be read costs only its own functions; verify reports why.
        let Ok(table) = dbg.scopes(unit) else {
            continue;
        };
        for (i, scope) in table.scopes.iter().enumerate() {
            if scope.kind != ScopeKind::Subprogram || scope.ranges.is_empty() {
                continue;
            }
            let name = builder.name(scope.name.as_deref().unwrap_or("<anonymous>"));
            let mut f = LocatedFunction {
                name: name.clone(),
                die: scope.die,
                ranges: Arc::clone(&scope.ranges),
                variables: Vec::new(),
            };
            let map = RegisterMap::new(wave_size_at(f.bounds().start));
            let mut stack = vec![i];
            while let Some(s) = stack.pop() {
                let sc = &table.scopes[s];
                let scope_ranges = if sc.ranges.is_empty() {
                    Arc::clone(&f.ranges)
                } else {
                    Arc::clone(&sc.ranges)
                };
                for &v in &sc.variables {
                    let var = &table.variables[v as usize];
                    let Some(attr) = var.location else {
                        continue;
                    };
                    let list = match attr {
                        LocationAttrOwned::List(offset) => Some(offset),
                        _ => None,
                    };
                    let shared = list.is_some_and(|offset| {
                        builder.lists.contains_key(&(unit, offset, map.wave_size()))
                    });
                    if !shared && dbg.location_entries_into(unit, attr, &mut raw).is_err() {
                        continue;
                    }
                    let entries = builder.entries(dbg, unit, list, &raw, &scope_ranges, map);
                    if entries.is_empty() {
                        continue;
                    }
                    let var_name = builder.name(var.name.as_deref().unwrap_or("<anonymous>"));
                    f.variables.push(LocatedVariable {
                        name: var_name,
                        die: var.die,
                        parameter: var.kind == VariableKind::Parameter,
                        function: name.clone(),
                        scope: Arc::clone(&scope_ranges),
                        entries,
                    });
                }
                stack.extend(sc.children.iter().rev().map(|c| c.index()));
            }
            out.push(f);
        }
    }
    Ok(out)
}
