//! Attribute numbers that collide: 0x3e08..0x3e0c are the heterogeneous-debugging
//! attributes in the original AMD numbering, and pointer-authentication and other
//! attributes for LLVM 16 and later, so readers disagree on what such a DIE says.

use super::{OpenScope, Shared, die_finding};
use crate::index::{Entry, Reader};
use crate::verify::checks;

/// One attribute of `entry`: a finding when its number is one of the colliding ones.
#[inline(always)]
pub(super) fn attribute<'a>(
    cx: &mut Shared<'_, 'a>,
    entry: &Entry<'a>,
    attr: &gimli::Attribute<Reader<'a>>,
    scope: Option<&OpenScope>,
) {
    // On `DW_TAG_LLVM_ptrauth_type` (0x4300) they are the pointer-authentication
    // attributes they are there for.
    if (0x3e08..=0x3e0c).contains(&attr.name().0) && entry.tag().0 != 0x4300 {
        collision(cx, entry, attr, scope);
    }
}

fn collision<'a>(
    cx: &mut Shared<'_, 'a>,
    entry: &Entry<'a>,
    attr: &gimli::Attribute<Reader<'a>>,
    scope: Option<&OpenScope>,
) {
    let (name, tag) = (attr.name(), entry.tag());
    let old = match name.0 {
        0x3e08 => "DW_AT_LLVM_active_lane",
        0x3e09 => "DW_AT_LLVM_augmentation",
        0x3e0a => "DW_AT_LLVM_lanes",
        0x3e0b => "DW_AT_LLVM_lane_pc",
        _ => "DW_AT_LLVM_vector_size",
    };
    let new = match name.0 {
        0x3e08 => "DW_AT_LLVM_ptrauth_isa_pointer",
        0x3e09 => "DW_AT_LLVM_ptrauth_authenticates_null_values",
        0x3e0a => "DW_AT_LLVM_ptrauth_authentication_mode",
        0x3e0b => "DW_AT_LLVM_num_extra_inhabitants",
        _ => "DW_AT_LLVM_stmt_sequence",
    };
    let function = cx.function(scope);
    let die_name = cx.name(entry);
    let finding = die_finding(
        checks::PTRAUTH_ATTRIBUTE_COLLISION,
        cx.die(entry),
        format!("DW_AT_{:#x}", name.0),
        function,
        die_name,
        format!(
            "attribute {:#x} on a {} is {old} in the original AMD numbering but {new} for LLVM 16 and later (llvm-dwarfdump, lldb); use the current numbers 0x3e0f..0x3e13",
            name.0,
            tag.static_string().unwrap_or("DIE")
        ),
    );
    cx.walk.findings.push(finding);
}
