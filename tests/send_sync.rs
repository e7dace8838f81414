//! Every type an embedder keeps can be shared by threads: a compile-time list.

fn shared<T: Send + Sync + ?Sized>() {}

#[test]
fn public_types_are_send_and_sync() {
    use hetdwarf::cfi::{Cie, Fde, FrameTable, Row};
    use hetdwarf::eval::{Bits, Error, Evaluator, LocDesc, Value};
    use hetdwarf::expr::{Expr, Op};
    use hetdwarf::index::{DwarfIndex, LocListEntry, Scope, Type, UnitInfo, UnitScopes, Variable};
    use hetdwarf::target::Target;
    use hetdwarf::typed::{TypeTable, TypedValue};
    use hetdwarf::var::Frame;
    shared::<DwarfIndex<'static>>();
    shared::<UnitInfo<'static>>();
    shared::<UnitScopes<'static>>();
    shared::<Scope<'static>>();
    shared::<Variable<'static>>();
    shared::<Type>();
    shared::<LocListEntry<'static>>();
    shared::<Frame<'static, 'static>>();
    shared::<Evaluator>();
    shared::<LocDesc>();
    shared::<Value>();
    shared::<Bits>();
    shared::<Error>();
    shared::<Expr>();
    shared::<Op>();
    shared::<Target>();
    shared::<TypeTable>();
    shared::<TypedValue>();
    shared::<FrameTable<'static>>();
    shared::<Cie>();
    shared::<Fde>();
    shared::<Row>();
    shared::<hetdwarf_amdgpu::WaveState>();
    shared::<hetdwarf_amdgpu::Input>();
    shared::<hetdwarf_amdgpu::CodeObject<'static>>();
}
