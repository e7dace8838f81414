//! `verify` for an AMDGPU code object: [`hetdwarf::verify::verify`] with the code object's
//! targets (the wave32 and wave64 register maps and address spaces of its processor), the
//! wave size of each kernel, and its `.debug_frame`; a frame section that cannot be read
//! (decompressed, relocated, within the budget) is a `section-unreadable` finding and the
//! rest is checked. What the CLI's `verify`, the C ABI and the Python bindings run.

use hetdwarf::index::{DwarfIndex, IndexError};
use hetdwarf::target::Target;
use hetdwarf::verify::{self, Finding, Options, Report, VerifiedVariables, checks};

use crate::code_object::CodeObject;

/// The targets a code object's expressions are checked against: its processor in wave32
/// and wave64.
pub fn targets(co: &CodeObject<'_>) -> Vec<Target> {
    let processor = &co.target().processor;
    vec![
        crate::registers::dwarf_target(processor, 32),
        crate::registers::dwarf_target(processor, 64),
    ]
}

/// Verifies the debug information of `co`, indexed as `dbg`.
pub fn verify(co: &CodeObject<'_>, dbg: &DwarfIndex<'_>) -> Result<Report, IndexError> {
    verify_keeping(co, dbg, false).map(|(report, _)| report)
}

/// [`verify()`], keeping the variables its walk met (see
/// [`hetdwarf::verify::verify_with_variables`]): what the machine-code checks judge.
pub fn verify_with_variables<'a>(
    co: &CodeObject<'_>,
    dbg: &DwarfIndex<'a>,
) -> Result<(Report, VerifiedVariables<'a>), IndexError> {
    verify_keeping(co, dbg, true)
}

fn verify_keeping<'a>(
    co: &CodeObject<'_>,
    dbg: &DwarfIndex<'a>,
    keep_variables: bool,
) -> Result<(Report, VerifiedVariables<'a>), IndexError> {
    let wave_at = |pc: u64| co.wave_size_at(pc);
    let mut opts = Options::default();
    opts.targets = targets(co);
    opts.wave_size_at = Some(&wave_at);
    opts.default_wave_size = Some(co.common_wave_size());
    opts.encoding = None;
    opts.skip_variable_coverage = false;
    // Call frame information that cannot be read costs only its own checks.
    let (frame, unreadable) = match co.try_section(".debug_frame") {
        Ok(bytes) => (bytes.unwrap_or(&[]), None),
        Err(e) => (&[][..], Some(e)),
    };
    let (mut report, variables) = if keep_variables {
        verify::verify_with_variables(dbg, frame, &opts)?
    } else {
        (
            verify::verify(dbg, frame, &opts)?,
            VerifiedVariables::default(),
        )
    };
    if let Some(e) = unreadable {
        report.findings.push(Finding {
            name: Some(".debug_frame".into()),
            ..Finding::new(
                checks::SECTION_UNREADABLE,
                format!("the call frame information is not checked: {e}"),
            )
        });
    }
    Ok((report, variables))
}
