//! The seed document's worked examples, each as DIOp (parsed, checked, simplified),
//! as lifetimes (the location list they describe), and evaluated both ways: every
//! location-list entry that covers a PC, evaluated as DWARF, reads what the reference
//! evaluation of the lifetimes reads there.

use hetdwarf::eval::{self, Evaluator};
use hetdwarf::expr::disasm::{DisasmOptions, disassemble_bytes};
use hetdwarf::expr::{DecodeParams, Encoding, Expr, encode};
use hetdwarf::gimli;
use hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::aspace::AddressSpaceId;
use hetdwarf_amdgpu::registers::{Register, RegisterMap};
use hetdwarf_diop::binding::Binding;
use hetdwarf_diop::eval::Outcome;
use hetdwarf_diop::lifetime::{
    Entry, Lifetime, Lifetimes, LowerEnv, Validity, encode_location_list,
};
use hetdwarf_diop::simplify::simplify;
use hetdwarf_diop::{DataLayout, Environment, Expression, check};

fn params() -> DecodeParams {
    DecodeParams::amdgpu(Encoding::User)
}

fn text(ops: &[hetdwarf::expr::Op]) -> String {
    let bytes = encode(ops, params()).unwrap();
    disassemble_bytes(&bytes, params(), DisasmOptions::new(&AmdgpuDwarfdumpNames))
}

fn map() -> RegisterMap {
    RegisterMap::new(64)
}

fn reg(r: Register) -> u64 {
    map().dwarf_number(r).unwrap()
}

fn regs(rs: &[Register]) -> Binding {
    Binding::Registers(rs.iter().map(|&r| reg(r)).collect())
}

fn expr(s: &str) -> Expression {
    let e = Expression::parse(s).unwrap();
    assert_eq!(e.to_string(), s, "canonical form");
    check(&e, &Environment::new(DataLayout::amdgcn())).unwrap_or_else(|err| panic!("{s}: {err}"));
    e
}

fn state() -> WaveState {
    let mut s = WaveState::new("gfx90a", 64).unwrap();
    for n in 0..16u32 {
        s.set_scalar(
            Register::Sgpr(n),
            u64::from(0x1000_0001u32.wrapping_mul(n + 3)),
        )
        .unwrap();
    }
    for n in 0..8u32 {
        let lanes: Vec<Option<u32>> = (0..64u32).map(|l| Some(l * 0x101 + n * 0x1_0000)).collect();
        s.set_vector(Register::Vgpr(n), &lanes).unwrap();
    }
    let bytes: Vec<u8> = (0..256u32).map(|i| (i * 7 + 3) as u8).collect();
    for lane in 0..64 {
        s.write(AddressSpaceId::PrivateLane, Some(lane), 0x40, &bytes[..64])
            .unwrap();
    }
    s.write(AddressSpaceId::Global, None, 0x2000, &bytes)
        .unwrap();
    s
}

fn env<'a>(layout: &'a DataLayout, target: &'a hetdwarf::target::Target) -> LowerEnv<'a> {
    LowerEnv { layout, target }
}

fn read(st: &mut WaveState, loc: &eval::LocDesc, bits: u64) -> (Vec<u8>, Vec<u8>) {
    let b = eval::read(st, loc, 0, bits).unwrap();
    (b.data().to_vec(), b.optimized_out().to_vec())
}

/// At each PC (and outside every range): the DWARF entries that apply, evaluated and read,
/// are the reference places, read.
fn agree(l: &Lifetimes, object: usize, list: &[Entry], pcs: &[u64], bits: u64) {
    let layout = DataLayout::amdgcn();
    let mut st = state();
    st.set_lane(Some(5)).unwrap();
    for pc in pcs.iter().copied().map(Some).chain([None]) {
        let mut dwarf: Vec<_> = list
            .iter()
            .filter(|e| match (e.range, pc) {
                (Some((a, b)), Some(pc)) => a <= pc && pc < b,
                (None, _) => {
                    pc.is_none()
                        || !list.iter().any(|o| {
                            o.range
                                .is_some_and(|(a, b)| a <= pc.unwrap() && pc.unwrap() < b)
                        })
                }
                _ => false,
            })
            .map(|e| {
                let x = Expr::from_ops(e.ops.clone(), params()).unwrap();
                let loc = Evaluator::new().evaluate_location(&mut st, &x).unwrap();
                read(&mut st, &loc, bits)
            })
            .collect();
        let mut reference: Vec<_> = l
            .evaluate_at(&mut st, object, pc, &layout)
            .unwrap()
            .into_iter()
            .map(|o| match o {
                Outcome::Location { loc, .. } => read(&mut st, &loc, bits),
                Outcome::ImplicitAddress { .. } => panic!("implicit address"),
            })
            .collect();
        // No entry is the same as one undefined place.
        if dwarf.is_empty() {
            dwarf.push((
                vec![0; bits.div_ceil(8) as usize],
                vec![0xff; bits.div_ceil(8) as usize],
            ));
        }
        dwarf.sort();
        reference.sort();
        assert_eq!(dwarf, reference, "{} at {pc:?}", l.objects[object]);
    }
}

fn lifetime(
    object: usize,
    e: &str,
    validity: Validity,
    referrer: Option<Binding>,
    args: &[usize],
) -> Lifetime {
    Lifetime {
        object,
        location: expr(e),
        arg_objects: args.to_vec(),
        validity,
        referrer,
    }
}

fn summary(list: &[Entry]) -> Vec<String> {
    list.iter()
        .map(|e| match e.range {
            Some((a, b)) => format!("[{a:#x}, {b:#x}): {}", text(&e.ops)),
            None => format!("default: {}", text(&e.ops)),
        })
        .collect()
}

/// The list encoded as `.debug_loclists` entries and read back by gimli.
fn read_back(list: &[Entry]) -> Vec<String> {
    let bytes = encode_location_list(list, params()).unwrap();
    let section = gimli::LocationLists::new(
        gimli::DebugLoc::new(&[], gimli::LittleEndian),
        gimli::DebugLocLists::new(&bytes, gimli::LittleEndian),
    );
    let encoding = gimli::Encoding {
        format: gimli::Format::Dwarf32,
        version: 5,
        address_size: 8,
    };
    let mut it = section
        .raw_locations(gimli::LocationListsOffset(0), encoding)
        .unwrap();
    let mut out = Vec::new();
    let mut exprs = list.iter();
    while let Some(e) = it.next().unwrap() {
        let (text, data) = match e {
            gimli::RawLocListEntry::StartEnd { begin, end, data } => {
                (format!("start_end {begin:#x}..{end:#x}"), data)
            }
            gimli::RawLocListEntry::DefaultLocation { data } => ("default".to_string(), data),
            other => panic!("unexpected {other:?}"),
        };
        let want = encode(&exprs.next().unwrap().ops, params()).unwrap();
        assert_eq!(data.0.slice(), &want[..]);
        out.push(text);
    }
    out
}

fn setup() -> (DataLayout, hetdwarf::target::Target) {
    (
        DataLayout::amdgcn(),
        hetdwarf_amdgpu::registers::dwarf_target("gfx90a", 64),
    )
}

#[test]
fn variable_in_an_alloca() {
    let (layout, target) = setup();
    let mut l = Lifetimes::default();
    let x = l.object("x");
    l.segments.push(lifetime(
        x,
        "!DIExpr(DIOpReferrer(i64 addrspace(5)*), DIOpDeref())",
        Validity::Bounded(vec![(0x10, 0x80)]),
        Some(Binding::constant(0x40, 4)),
        &[],
    ));
    let list = l.location_list(x, env(&layout, &target)).unwrap();
    assert_eq!(
        summary(&list),
        [
            "[0x10, 0x80): DW_OP_constu 0x40, DW_OP_lit5, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address"
        ]
    );
    agree(&l, x, &list, &[0x8, 0x10, 0x7f, 0x80], 64);
}

#[test]
fn variable_promoted_to_a_register() {
    let (layout, target) = setup();
    let promoted = expr("!DIExpr(DIOpReferrer(i64), DIOpAddrOf(5), DIOpDeref())");
    let (canonical, rewrites) = simplify(&promoted, &layout);
    assert_eq!(canonical.to_string(), "!DIExpr(DIOpReferrer(i64))");
    assert_eq!(rewrites, ["addrof-deref"]);
    let mut lists = Vec::new();
    for e in [promoted.to_string(), canonical.to_string()] {
        let mut l = Lifetimes::default();
        let x = l.object("x");
        l.segments.push(lifetime(
            x,
            &e,
            Validity::Bounded(vec![(0x10, 0x80)]),
            Some(regs(&[Register::Vgpr(4), Register::Vgpr(5)])),
            &[],
        ));
        let list = l.location_list(x, env(&layout, &target)).unwrap();
        agree(&l, x, &list, &[0x20], 64);
        lists.push(summary(&list));
    }
    // Both lower to the register pair itself.
    assert_eq!(lists[0], lists[1]);
    assert!(
        lists[0][0].contains("DW_OP_regx VGPR4") && lists[0][0].contains("DW_OP_LLVM_piece_end")
    );
}

#[test]
fn implicit_pointer() {
    let (layout, target) = setup();
    let mut l = Lifetimes::default();
    let x = l.object("x");
    let p = l.object("p");
    l.dies.insert(x, 0x42);
    let in_reg = Some(regs(&[Register::Sgpr(4), Register::Sgpr(5)]));
    l.segments.push(lifetime(
        x,
        "!DIExpr(DIOpReferrer(i64))",
        Validity::Bounded(vec![(0x10, 0x80)]),
        in_reg.clone(),
        &[],
    ));
    l.segments.push(lifetime(
        p,
        "!DIExpr(DIOpReferrer(i64), DIOpAddrOf(5))",
        Validity::Bounded(vec![(0x20, 0x70)]),
        in_reg,
        &[],
    ));
    let list = l.location_list(p, env(&layout, &target)).unwrap();
    assert_eq!(
        summary(&list),
        ["[0x20, 0x70): DW_OP_implicit_pointer 0x42 +0"]
    );
    assert!(list[0].exact);
    // Without a DIE for x there is nothing to point at.
    l.dies.clear();
    let list = l.location_list(p, env(&layout, &target)).unwrap();
    assert!(!list[0].exact);
    // Proven constant: x is 42, p still points at it.
    let mut c = Lifetimes::default();
    let x = c.object("x");
    c.segments.push(lifetime(
        x,
        "!DIExpr(DIOpConstant(i64 42))",
        Validity::Bounded(vec![(0x10, 0x80)]),
        None,
        &[],
    ));
    let list = c.location_list(x, env(&layout, &target)).unwrap();
    assert_eq!(
        summary(&list),
        ["[0x10, 0x80): DW_OP_constu 0x2a, DW_OP_stack_value"]
    );
    agree(&c, x, &list, &[0x10, 0x50], 64);
}

#[test]
fn split_into_scalars_and_split_again() {
    let (layout, target) = setup();
    let mut l = Lifetimes::default();
    let x = l.object("x");
    let lo = l.object("!3");
    let hi = l.object("!5");
    l.segments.push(lifetime(
        x,
        "!DIExpr(DIOpArg(0, i32), DIOpArg(1, i32), DIOpComposite(2, i64))",
        Validity::Bounded(vec![(0x10, 0x60)]),
        None,
        &[lo, hi],
    ));
    l.segments.push(lifetime(
        lo,
        "!DIExpr(DIOpReferrer(i32))",
        Validity::Bounded(vec![(0x10, 0x40)]),
        Some(regs(&[Register::Sgpr(4)])),
        &[],
    ));
    l.segments.push(lifetime(
        hi,
        "!DIExpr(DIOpReferrer(i32))",
        Validity::Bounded(vec![(0x20, 0x60)]),
        Some(regs(&[Register::Vgpr(7)])),
        &[],
    ));
    let list = l.location_list(x, env(&layout, &target)).unwrap();
    let s = summary(&list);
    assert_eq!(s.len(), 3, "{s:#?}");
    assert!(
        s[0].starts_with("[0x10, 0x20): ")
            && s[0].contains("SGPR4")
            && s[0].contains("DW_OP_LLVM_undefined")
    );
    assert!(s[1].starts_with("[0x20, 0x40): ") && s[1].contains("SGPR4") && s[1].contains("VGPR7"));
    assert!(s[2].starts_with("[0x40, 0x60): ") && s[2].contains("VGPR7"));
    assert!(list.iter().all(|e| e.exact));
    agree(
        &l,
        x,
        &list,
        &[0x10, 0x1f, 0x20, 0x3f, 0x40, 0x5f, 0x60],
        64,
    );

    // Split the high half again: x's expression is untouched ("shallow update").
    let hh = l.object("!7");
    let hl = l.object("!9");
    l.segments.retain(|s| s.object != hi);
    l.segments.push(lifetime(
        hi,
        "!DIExpr(DIOpArg(0, i16), DIOpArg(1, i16), DIOpComposite(2, i32))",
        Validity::Bounded(vec![(0x20, 0x60)]),
        None,
        &[hh, hl],
    ));
    l.segments.push(lifetime(
        hh,
        "!DIExpr(DIOpReferrer(i16))",
        Validity::Bounded(vec![(0x20, 0x60)]),
        Some(regs(&[Register::Sgpr(6)])),
        &[],
    ));
    l.segments.push(lifetime(
        hl,
        "!DIExpr(DIOpReferrer(i16))",
        Validity::Bounded(vec![(0x20, 0x60)]),
        Some(regs(&[Register::Vgpr(2)])),
        &[],
    ));
    let list = l.location_list(x, env(&layout, &target)).unwrap();
    let s = summary(&list);
    assert!(
        s[1].contains("SGPR4") && s[1].contains("SGPR6") && s[1].contains("VGPR2"),
        "{s:#?}"
    );
    agree(&l, x, &list, &[0x10, 0x20, 0x3f, 0x40, 0x5f], 64);
}

#[test]
fn multiple_live_ranges() {
    let (layout, target) = setup();
    let mut l = Lifetimes::default();
    let x = l.object("x");
    let y = l.object("y");
    let r0 = Some(regs(&[Register::Sgpr(0)]));
    // x in $r0, then spilled (both valid), then $r0 is clobbered (kill !2); y takes $r0;
    // x is also defined in $r1 later.
    l.segments.push(lifetime(
        x,
        "!DIExpr(DIOpReferrer(i32))",
        Validity::Bounded(vec![(0x10, 0x40)]),
        r0.clone(),
        &[],
    ));
    l.segments.push(lifetime(
        x,
        "!DIExpr(DIOpReferrer(i32))",
        Validity::Bounded(vec![(0x20, 0x90)]),
        Some(Binding::Memory {
            space: 6,
            address: 0x40,
        }),
        &[],
    ));
    l.segments.push(lifetime(
        x,
        "!DIExpr(DIOpReferrer(i32))",
        Validity::Bounded(vec![(0x60, 0x90)]),
        Some(regs(&[Register::Sgpr(1)])),
        &[],
    ));
    l.segments.push(lifetime(
        y,
        "!DIExpr(DIOpReferrer(i32))",
        Validity::Bounded(vec![(0x40, 0x90)]),
        r0,
        &[],
    ));
    l.well_formed().unwrap();
    let list = l.location_list(x, env(&layout, &target)).unwrap();
    let s = summary(&list);
    // [0x10,0x20) r0; [0x20,0x40) r0 and the slot; [0x40,0x60) the slot; [0x60,0x90) slot and r1.
    assert_eq!(s.len(), 6, "{s:#?}");
    assert_eq!(
        list.iter()
            .filter(|e| e.range == Some((0x20, 0x40)))
            .count(),
        2
    );
    assert_eq!(
        list.iter()
            .filter(|e| e.range == Some((0x60, 0x90)))
            .count(),
        2
    );
    agree(&l, x, &list, &[0x10, 0x20, 0x3f, 0x40, 0x60, 0x8f], 32);
    let list = l.location_list(y, env(&layout, &target)).unwrap();
    assert_eq!(summary(&list), ["[0x40, 0x90): DW_OP_regx SGPR0"]);
    assert_eq!(read_back(&list), ["start_end 0x40..0x90"]);
}

#[test]
fn induction_variable() {
    let (layout, target) = setup();
    let mut l = Lifetimes::default();
    let x = l.object("x");
    let y = l.object("y");
    let i = l.object("i");
    l.segments.push(lifetime(
        x,
        "!DIExpr(DIOpReferrer(i64))",
        Validity::Bounded(vec![(0x10, 0x80)]),
        Some(regs(&[Register::Sgpr(4), Register::Sgpr(5)])),
        &[],
    ));
    l.segments.push(lifetime(
        y,
        "!DIExpr(DIOpReferrer(i64))",
        Validity::Bounded(vec![(0x20, 0x80)]),
        Some(regs(&[Register::Vgpr(6), Register::Vgpr(7)])),
        &[],
    ));
    l.segments.push(lifetime(
        i,
        "!DIExpr(DIOpArg(0, i64), DIOpArg(1, i64), DIOpAdd())",
        Validity::Bounded(vec![(0x18, 0x70)]),
        Some(Binding::Undefined),
        &[x, y],
    ));
    let list = l.location_list(i, env(&layout, &target)).unwrap();
    let s = summary(&list);
    // Before y is live, i reads undefined bits: the entry exists but does not evaluate.
    assert_eq!(s.len(), 2, "{s:#?}");
    assert!(
        s[1].starts_with("[0x20, 0x70): ") && s[1].ends_with("DW_OP_plus, DW_OP_stack_value"),
        "{s:#?}"
    );
    agree(&l, i, &list[1..], &[0x20, 0x6f], 64);
}

#[test]
fn global_with_a_default_segment() {
    let (layout, target) = setup();
    let mut l = Lifetimes::default();
    let g = l.object("g");
    l.segments.push(lifetime(
        g,
        "!DIExpr(DIOpReferrer(ptr addrspace(1)), DIOpDeref(i32))",
        Validity::Default,
        Some(Binding::constant(0x2000, 8)),
        &[],
    ));
    l.segments.push(lifetime(
        g,
        "!DIExpr(DIOpReferrer(i32))",
        Validity::Bounded(vec![(0x30, 0x50)]),
        Some(regs(&[Register::Vgpr(3)])),
        &[],
    ));
    let list = l.location_list(g, env(&layout, &target)).unwrap();
    assert_eq!(
        summary(&list),
        [
            "[0x30, 0x50): DW_OP_regx VGPR3, DW_OP_LLVM_user DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_user DW_OP_LLVM_offset",
            "default: DW_OP_constu 0x2000, DW_OP_lit0, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address",
        ]
    );
    agree(&l, g, &list, &[0x10, 0x30, 0x4f, 0x50], 32);
    assert_eq!(read_back(&list), ["start_end 0x30..0x50", "default"]);
    // Two defaults are not well-formed.
    let mut bad = l.clone();
    bad.segments.push(bad.segments[0].clone());
    assert!(bad.location_list(g, env(&layout, &target)).is_err());
}
