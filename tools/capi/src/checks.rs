//! Whole-object calls: the entries of a container, and `verify` over a session's code
//! object (findings one by one, the summary and coverage in one struct).

use std::ffi::{c_char, c_void};
use std::path::Path;

use hetdwarf::verify::Severity;

use crate::busy::Busy;
use crate::{HdCode, HdSession, c_string, construct, guarded, out_ok, registry, text, walked};

/// One code object inside an input, for [`hd_entries`].
#[repr(C)]
pub struct HdEntry {
    /// The entry's name, unique in the file and what `hd_session_open` takes as `processor`
    /// to open exactly this entry: its bundle id (`hipv4-amdgcn-amd-amdhsa--gfx90a`;
    /// `amdgcn-amd-amdhsa--gfx90a` made from the ELF header for a plain code object),
    /// followed by `@` and its file offset when several entries share the id (a program
    /// built from several source files has one bundle per file).
    pub id: *const c_char,
    /// Its processor (`gfx90a`), or null when the id names none.
    pub processor: *const c_char,
    /// Byte offset of the entry's ELF image in the file (of its bundle's header when it
    /// came out of a compressed bundle; 0 for a plain code object).
    pub offset: u64,
    /// Its size in bytes.
    pub size: u64,
    /// 1 when it came out of a compressed bundle.
    pub compressed: i32,
}

/// Called once per entry by [`hd_entries`]; return 0 to go on, anything else to stop.
pub type HdEntryFn = Option<unsafe extern "C" fn(user: *mut c_void, entry: *const HdEntry) -> i32>;

/// Calls `callback` for each device code object in the file at `path` (a code object, an
/// offload bundle, a compressed bundle, or a host ELF embedding them), in file order:
/// what `hd_session_open` takes as `processor`. A failure's message goes to `errbuf`
/// (`errlen` bytes; may be null).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_entries(
    path: *const c_char,
    callback: HdEntryFn,
    user: *mut c_void,
    errbuf: *mut c_char,
    errlen: usize,
) -> HdCode {
    let Some(callback) = callback else {
        return HdCode::HdNullArgument;
    };
    // SAFETY: a C string from the caller.
    let path = match unsafe { text(path) } {
        Ok(Some(p)) => p.to_string(),
        Ok(None) => return HdCode::HdNullArgument,
        Err(c) => return c,
    };
    let mut stopped = false;
    let code = construct(errbuf, errlen, || {
        let fail = |e: hetdwarf_amdgpu::CodeObjectError| {
            let message = e.to_string();
            (
                HdCode::from(hetdwarf_amdgpu::Error::from(e).kind()),
                message,
            )
        };
        let input = hetdwarf_amdgpu::Input::read(Path::new(&path), None).map_err(fail)?;
        for e in input.device_entries(None).map_err(fail)? {
            let id = c_string(&e.name);
            let processor = e.processor_name().map(c_string);
            let c = HdEntry {
                id: id.as_ptr(),
                processor: processor.as_ref().map_or(std::ptr::null(), |p| p.as_ptr()),
                offset: e.file_offset(),
                size: e.size,
                compressed: i32::from(e.compressed),
            };
            // SAFETY: the caller's callback, given a value that lives across the call.
            if unsafe { callback(user, &c) } != 0 {
                stopped = true;
                break;
            }
        }
        Ok(())
    });
    walked(code, stopped)
}

/// How serious a finding is, in [`HdFinding::severity`].
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HdSeverity {
    /// Worth knowing; not wrong.
    HdInfo = 0,
    /// Probably wrong, or wrong for some consumers.
    HdWarning = 1,
    /// Wrong: a consumer reads something other than what the producer meant.
    HdError = 2,
}

/// One finding of [`hd_verify`], as `hetdwarf verify` reports it. Pointers live until the
/// callback returns; absent fields are null (strings) or `UINT64_MAX` (numbers).
#[repr(C)]
pub struct HdFinding {
    /// The stable check id (`location-overlap`, `section-unreadable`, ...).
    pub check: *const c_char,
    /// Its severity.
    pub severity: HdSeverity,
    /// What is wrong.
    pub message: *const c_char,
    /// `.debug_info` offset of the DIE.
    pub die: u64,
    /// The attribute (`DW_AT_location`) or CFI rule.
    pub attribute: *const c_char,
    /// The enclosing function's name.
    pub function: *const c_char,
    /// The variable's (or other DIE's) name.
    pub name: *const c_char,
    /// Start of the PC range the finding applies to.
    pub pc_low: u64,
    /// End (exclusive) of that range.
    pub pc_high: u64,
    /// The expression, as llvm-dwarfdump prints it.
    pub expression: *const c_char,
    /// Byte offset of the operation at fault in the expression.
    pub op_offset: u64,
}

/// What [`hd_verify`] found in all: counts and the coverage of variables' scopes.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct HdVerifySummary {
    /// Findings by severity.
    pub errors: u64,
    /// Warnings.
    pub warnings: u64,
    /// Infos.
    pub infos: u64,
    /// Location expressions checked.
    pub expressions: u64,
    /// CFI expressions checked.
    pub cfi_expressions: u64,
    /// Bytes of variables' scopes (PC range × size).
    pub scope_bytes: u64,
    /// Of those, available in every lane.
    pub available_bytes: u64,
    /// Available per lane (a vector register's lane).
    pub per_lane_bytes: u64,
    /// Optimized out.
    pub optimized_out_bytes: u64,
}

/// Called once per finding by [`hd_verify`]; return 0 to go on, anything else to stop.
pub type HdFindingFn =
    Option<unsafe extern "C" fn(user: *mut c_void, finding: *const HdFinding) -> i32>;

/// Verifies the session's code object as `hetdwarf verify` does (expressions, location
/// lists, CFI, target rules, producer bugs, coverage): `callback` (may be null) gets each
/// finding in DIE order, then CFI; `*summary` (may be null) the counts and coverage.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn hd_verify(
    session: *const HdSession,
    callback: HdFindingFn,
    user: *mut c_void,
    summary: *mut HdVerifySummary,
) -> HdCode {
    let Some(s) = registry().get::<HdSession>(session as usize) else {
        return HdCode::HdInvalidHandle;
    };
    // The callback may not free the session this call reads.
    let _busy = Busy::enter(&*s);
    if !summary.is_null()
        && let Err(code) = out_ok(summary)
    {
        return code;
    }
    let set_error = |m: &str| s.error.set(m);
    let mut stopped = false;
    let code = guarded(set_error, || {
        let co = s.session.code_object();
        let report = match s
            .session
            .with_debug_info(|dbg| hetdwarf_amdgpu::verify::verify(co, dbg))
        {
            Ok(r) => r,
            Err(e) => {
                let message = e.to_string();
                set_error(&message);
                return HdCode::from(hetdwarf::Error::from(e).kind());
            }
        };
        if let Some(callback) = callback {
            for f in &report.findings {
                let strings = [
                    Some(f.check),
                    Some(f.message.as_str()),
                    f.attr.as_deref(),
                    f.function.as_deref(),
                    f.name.as_deref(),
                    f.expression.as_deref(),
                ]
                .map(|s| s.map(c_string));
                let ptr = |i: usize| strings[i].as_ref().map_or(std::ptr::null(), |s| s.as_ptr());
                let c = HdFinding {
                    check: ptr(0),
                    severity: match f.severity {
                        Severity::Error => HdSeverity::HdError,
                        Severity::Warning => HdSeverity::HdWarning,
                        _ => HdSeverity::HdInfo,
                    },
                    message: ptr(1),
                    die: f.die.unwrap_or(u64::MAX),
                    attribute: ptr(2),
                    function: ptr(3),
                    name: ptr(4),
                    pc_low: f.pc_range.as_ref().map_or(u64::MAX, |r| r.start),
                    pc_high: f.pc_range.as_ref().map_or(u64::MAX, |r| r.end),
                    expression: ptr(5),
                    op_offset: f.op_offset.unwrap_or(u64::MAX),
                };
                // SAFETY: the caller's callback, given a value that lives across the call.
                if unsafe { callback(user, &c) } != 0 {
                    stopped = true;
                    break;
                }
            }
        }
        if !summary.is_null() {
            let t = &report.coverage.total;
            // SAFETY: checked non-null and aligned above.
            unsafe {
                *summary = HdVerifySummary {
                    errors: report.count(Severity::Error) as u64,
                    warnings: report.count(Severity::Warning) as u64,
                    infos: report.count(Severity::Info) as u64,
                    expressions: report.expressions as u64,
                    cfi_expressions: report.cfi_expressions as u64,
                    scope_bytes: t.scope,
                    available_bytes: t.available,
                    per_lane_bytes: t.per_lane,
                    optimized_out_bytes: t.optimized_out,
                }
            };
        }
        HdCode::HdOk
    });
    walked(code, stopped)
}
