//! Every DIOp type an embedder keeps can be shared by threads: a compile-time list (the
//! core's types are listed in the core's `tests/send_sync.rs`).

fn shared<T: Send + Sync + ?Sized>() {}

#[test]
fn public_types_are_send_and_sync() {
    use hetdwarf_diop::{DataLayout, Expression, Literal, Type};
    shared::<Expression>();
    shared::<Literal>();
    shared::<Type>();
    shared::<DataLayout>();
    shared::<hetdwarf_diop::lifetime::Lifetimes>();
}
