//! `hetdwarf._native`: the Python bindings' native half, a thin layer over
//! [`hetdwarf_amdgpu::Session`] and [`hetdwarf_amdgpu::stop`]. The Python package
//! `hetdwarf` (`python/hetdwarf/__init__.py`) wraps it: values arrive as JSON text and
//! become Python objects there, errors arrive as `(kind, message)` and become the typed
//! exception of their kind.

use std::sync::Mutex;

use hetdwarf::ErrorKind;
use hetdwarf::index::VariableKind;
use hetdwarf_amdgpu::{Session, WaveState, stop};
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

pyo3::create_exception!(
    _native,
    NativeError,
    PyException,
    "A hetdwarf error: args are (kind, message)."
);

fn error(kind: hetdwarf::ErrorKind, message: impl Into<String>) -> PyErr {
    NativeError::new_err((kind.name(), message.into()))
}

/// An opened code object (a file, or an entry of a container) and its DWARF index.
#[pyclass(frozen, module = "hetdwarf._native")]
struct NativeSession {
    session: Session,
    /// The machine code's explainer, built by the first `explain` (LLVM's decoder keeps
    /// state between calls: one thread at a time).
    explainer: std::sync::OnceLock<Result<Mutex<hetdwarf_mc::Explainer>, (ErrorKind, String)>>,
}

/// A wave state.
#[pyclass(module = "hetdwarf._native")]
struct NativeState {
    state: Mutex<WaveState>,
}

fn session(opened: Result<Session, hetdwarf_amdgpu::SessionError>) -> PyResult<NativeSession> {
    let session = opened.map_err(|e| {
        let message = e.to_string();
        error(hetdwarf_amdgpu::Error::from(e).kind(), message)
    })?;
    Ok(NativeSession {
        session,
        explainer: std::sync::OnceLock::new(),
    })
}

#[pymethods]
impl NativeSession {
    /// Opens a file (read into memory); `processor` picks a container's entry.
    #[staticmethod]
    #[pyo3(signature = (path, processor=None))]
    fn open(py: Python<'_>, path: &str, processor: Option<&str>) -> PyResult<Self> {
        py.detach(|| session(Session::open(std::path::Path::new(path), processor)))
    }

    /// Opens bytes (`name` names them in messages).
    #[staticmethod]
    #[pyo3(signature = (name, data, processor=None))]
    fn from_bytes(
        py: Python<'_>,
        name: &str,
        data: Vec<u8>,
        processor: Option<&str>,
    ) -> PyResult<Self> {
        py.detach(|| session(Session::from_bytes(name, data, processor)))
    }

    /// The name (`FILE#ENTRY` inside a container).
    fn name(&self) -> String {
        self.session.code_object().name().to_string()
    }

    /// The processor (`gfx90a`).
    fn processor(&self) -> String {
        self.session.code_object().target().processor.clone()
    }

    /// The kernels: (name, wave size).
    fn kernels(&self) -> Vec<(String, u32)> {
        self.session
            .code_object()
            .kernels()
            .iter()
            .map(|k| (k.name.clone(), k.wavefront_size))
            .collect()
    }

    /// Writes `value` into the variable whose DIE is at `die` in frame `frame` (or what
    /// `path` leads to), through every place of its location, for `lane` (None: the first
    /// active lane), changing `state`.
    #[pyo3(signature = (state, die, value, frame=0, lane=None, path=""))]
    #[allow(clippy::too_many_arguments)]
    fn write(
        &self,
        py: Python<'_>,
        state: &NativeState,
        die: u64,
        value: &str,
        frame: u32,
        lane: Option<u32>,
        path: &str,
    ) -> PyResult<()> {
        self.with_frame(py, state, frame, |at, wave| {
            lane_exists(lane, wave.wave_size())?;
            let var = at
                .frame
                .find_die(die)
                .map_err(|e| error(e.kind(), e.to_string()))?;
            at.write(wave, var, path, lane, value)
                .map_err(|e| error(e.kind(), hetdwarf::error_chain(&e)))
        })
    }

    /// Verifies the debug information: the report as JSON (`findings`, `coverage`), in the
    /// shape of `hetdwarf verify --format json`'s.
    fn verify(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| {
            let co = self.session.code_object();
            let report = self
                .session
                .with_debug_info(|dbg| hetdwarf_amdgpu::verify::verify(co, dbg))
                .map_err(|e| error(hetdwarf::Error::from(e.clone()).kind(), e.to_string()))?;
            Ok(report_json(co.name(), &co.target().processor, &report).to_string())
        })
    }

    /// The raw bytes of the variable at DIE `die` in frame `frame` for `lane` (None: the
    /// first active lane), and each byte's availability (`valid`, `optimized_out`,
    /// `unavailable`); bytes that are not valid are 0.
    #[pyo3(signature = (state, die, frame=0, lane=None))]
    fn read_bytes(
        &self,
        py: Python<'_>,
        state: &NativeState,
        die: u64,
        frame: u32,
        lane: Option<u32>,
    ) -> PyResult<(Vec<u8>, Vec<&'static str>)> {
        self.with_frame(py, state, frame, |at, wave| {
            let var = at
                .frame
                .find_die(die)
                .map_err(|e| error(e.kind(), e.to_string()))?;
            if let Some(l) = lane {
                stop::lanes(Some(&[l]), wave.wave_size())
                    .map_err(|e| error(e.kind(), e.to_string()))?;
            }
            let bits = at
                .read_bits(wave, var, lane)
                .map_err(|e| error(e.kind(), hetdwarf::error_chain(&e)))?;
            Ok(bits
                .data()
                .iter()
                .enumerate()
                .map(|(i, &b)| match bits.byte_status(i) {
                    hetdwarf::eval::BitStatus::Valid => (b, "valid"),
                    hetdwarf::eval::BitStatus::OptimizedOut => (0, "optimized_out"),
                    _ => (0, "unavailable"),
                })
                .unzip())
        })
    }

    /// Why the variable at DIE `die` shows what it shows in frame `frame`, from the machine
    /// code: the JSON document `hetdwarf locals --explain --format json` gives under
    /// `explain`.
    #[pyo3(signature = (state, die, frame=0))]
    fn explain(
        &self,
        py: Python<'_>,
        state: &NativeState,
        die: u64,
        frame: u32,
    ) -> PyResult<String> {
        self.with_frame(py, state, frame, |at, _| {
            at.frame
                .find_die(die)
                .map_err(|e| error(e.kind(), e.to_string()))?;
            let explainer = self
                .explainer
                .get_or_init(|| {
                    let co = self.session.code_object();
                    self.session
                        .with_debug_info(|dbg| hetdwarf_mc::Explainer::new(co, dbg))
                        .map(Mutex::new)
                        .map_err(|e| (e.kind(), format!("{}: {e}", co.name())))
                })
                .as_ref()
                .map_err(|(kind, message)| error(*kind, message.clone()))?;
            let explained = explainer
                .lock()
                .map_err(|_| {
                    error(
                        ErrorKind::Evaluation,
                        "the explainer was poisoned by a panic".to_string(),
                    )
                })?
                .explain(die, at.frame.pc());
            Ok(explained.to_string())
        })
    }

    /// How many frames the wave in `state` has.
    fn frame_count(&self, py: Python<'_>, state: &NativeState) -> PyResult<usize> {
        py.detach(|| {
            // Counted without a frame: the wave may stop where there is no debug information.
            let mut wave = state.wave()?;
            let co = self.session.code_object();
            stop::check_state(co, &wave).map_err(|e| error(e.kind(), e.to_string()))?;
            self.session
                .with_ref(|session| session.stop(&mut *wave).map(|stop| stop.frames()))
                .map_err(|e| error(e.kind(), e.to_string()))
        })
    }

    /// Frame `frame`: (pc, [(name, type, die, is_parameter, [(lane, status, text,
    /// json, location, error)])], variables not read) for `lanes` (None: every lane),
    /// reading at most `max_lane_values` lane values: the variables past them are listed
    /// with no lanes, and counted.
    #[pyo3(signature = (state, frame=0, lanes=None, max_lane_values=32768))]
    #[allow(clippy::type_complexity)]
    fn read_frame(
        &self,
        py: Python<'_>,
        state: &NativeState,
        frame: u32,
        lanes: Option<Vec<u32>>,
        max_lane_values: usize,
    ) -> PyResult<(u64, Vec<(String, String, u64, bool, Vec<Lane>)>, usize)> {
        self.with_frame(py, state, frame, |at, wave| {
            let wave_size = wave.wave_size();
            let lanes = stop::lanes(lanes.as_deref(), wave_size)
                .map_err(|e| error(e.kind(), e.to_string()))?;
            let vars = at
                .frame
                .variables()
                .map_err(|e| error(e.kind(), e.to_string()))?;
            let target = hetdwarf_amdgpu::registers::dwarf_target(wave.processor(), wave_size);
            // Each lane value is a few hundred bytes of text, JSON and parts: a frame of
            // 20 000 variables read for 64 lanes took gigabytes.
            let readable = (max_lane_values / lanes.len().max(1)).max(1);
            let mut not_read = 0;
            let mut out = Vec::new();
            self.session.with_debug_info(|dbg| {
                for (k, var) in vars.into_iter().enumerate() {
                    let Ok(v) = dbg.variable(var) else { continue };
                    let values = if k < readable {
                        at.values(wave, var, "", &lanes)
                            .iter()
                            .map(|l| lane(l, &target))
                            .collect()
                    } else {
                        not_read += 1;
                        Vec::new()
                    };
                    out.push((
                        v.name.as_deref().unwrap_or("<anonymous>").to_string(),
                        dbg.type_name(v.type_die),
                        v.die,
                        v.kind == VariableKind::Parameter,
                        values,
                    ));
                }
            });
            Ok((at.frame.pc(), out, not_read))
        })
    }

    /// The variable whose DIE is at `die` in frame `frame` (or what `path` leads to from
    /// it), read for `lanes` (None: every lane): [(lane, status, text, json, location,
    /// error, parts)].
    #[pyo3(signature = (state, frame, die, path, lanes=None))]
    fn read_variable(
        &self,
        py: Python<'_>,
        state: &NativeState,
        frame: u32,
        die: u64,
        path: String,
        lanes: Option<Vec<u32>>,
    ) -> PyResult<Vec<Lane>> {
        self.with_frame(py, state, frame, |at, wave| {
            let wave_size = wave.wave_size();
            let lanes = stop::lanes(lanes.as_deref(), wave_size)
                .map_err(|e| error(e.kind(), e.to_string()))?;
            let var = at
                .frame
                .find_die(die)
                .map_err(|e| error(e.kind(), e.to_string()))?;
            let target = hetdwarf_amdgpu::registers::dwarf_target(wave.processor(), wave_size);
            let values = at.values(wave, var, &path, &lanes);
            if let Some(message) = stop::path_refused(&values) {
                return Err(error(hetdwarf::ErrorKind::Usage, message));
            }
            Ok(values.iter().map(|l| lane(l, &target)).collect())
        })
    }
}

fn bytes_json(b: &hetdwarf::verify::Bytes) -> serde_json::Value {
    serde_json::json!({
        "scope_bytes": b.scope,
        "available": b.available,
        "per_lane": b.per_lane,
        "optimized_out": b.optimized_out,
        "covered_fraction": (b.covered_fraction() * 10000.0).round() / 10000.0,
    })
}

fn report_json(file: &str, processor: &str, r: &hetdwarf::verify::Report) -> serde_json::Value {
    use hetdwarf::verify::Severity;
    let c = &r.coverage;
    serde_json::json!({
        "findings": r.findings.iter().map(|f| serde_json::json!({
            "check": f.check,
            "severity": f.severity.name(),
            "die": f.die,
            "pc_range": f.pc_range.as_ref().map(|p| [p.start, p.end]),
            "expression": f.expression,
            "message": f.message,
            "file": file,
            "attribute": f.attr,
            "function": f.function.as_deref(),
            "name": f.name.as_deref(),
            "op_offset": f.op_offset,
            "cfi_offset": f.cfi_offset,
        })).collect::<Vec<_>>(),
        "file": file,
        "processor": processor,
        "errors": r.count(Severity::Error),
        "warnings": r.count(Severity::Warning),
        "expressions": r.expressions,
        "coverage": {
            "total": bytes_json(&c.total),
            "parameters": bytes_json(&c.parameters),
            "locals": bytes_json(&c.locals),
            "functions": c.functions.iter().map(|f| {
                let mut b = bytes_json(&f.bytes);
                b["name"] = serde_json::json!(f.name.as_deref());
                b["die"] = serde_json::json!(f.die);
                b["variables"] = serde_json::json!(f.variables);
                b
            }).collect::<Vec<_>>(),
            "variables": c.variables.iter().map(|x| {
                let mut b = bytes_json(&x.bytes);
                b["name"] = serde_json::json!(x.name.as_deref());
                b["die"] = serde_json::json!(x.die);
                b["parameter"] = serde_json::json!(x.parameter);
                b["function"] = serde_json::json!(c.functions[x.function].name.as_deref());
                b
            }).collect::<Vec<_>>(),
        },
    })
}

/// One lane: (lane, status, text, json, location, error, parts).
type Lane = (
    Option<u32>,
    &'static str,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Vec<Part>,
);

/// A location part as the Python package's `LocationPart` takes it: (place, storage,
/// value_bit_offset, bits, register, register_name, address_space, address, lane,
/// bit_offset, target (die, offset), elements (bits, count, when_mask_bit)).
type Part = (
    usize,
    &'static str,
    u64,
    Option<u64>,
    Option<u64>,
    Option<String>,
    Option<u64>,
    Option<u64>,
    Option<u32>,
    u64,
    Option<(u64, i64)>,
    Option<(u64, u64, Option<bool>)>,
);

fn part(p: stop::PartView) -> Part {
    (
        p.place,
        p.storage.name(),
        p.value_bit_offset,
        p.bits,
        p.register,
        p.register_name,
        p.address_space,
        p.address,
        p.lane,
        p.bit_offset,
        p.pointer_target,
        p.elements,
    )
}

fn lane(v: &hetdwarf::var::LaneValue, target: &hetdwarf::target::Target) -> Lane {
    let view = stop::LaneView::new(v, target);
    (
        view.lane,
        view.status.name(),
        view.text,
        view.json,
        view.location,
        view.error,
        view.parts.into_iter().map(part).collect(),
    )
}

impl NativeSession {
    /// Runs `f` on frame `k` of the wave in `state`, without the GIL: other Python
    /// threads run meanwhile (a call on the same state waits for this one).
    fn with_frame<T: Send>(
        &self,
        py: Python<'_>,
        state: &NativeState,
        k: u32,
        f: impl FnOnce(&stop::StopFrame<'_, '_>, &mut WaveState) -> PyResult<T> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut wave = state.wave()?;
            let co = self.session.code_object();
            self.session.with_ref(|session| {
                stop::check_state(co, &wave).map_err(|e| error(e.kind(), e.to_string()))?;
                let at = session
                    .frame(&mut *wave, k)
                    .map_err(|e| error(e.kind(), e.to_string()))?;
                f(&at, &mut wave)
            })
        })
    }
}

/// A usage error for a lane the wave does not have (as `frame()` says it).
fn lane_exists(lane: Option<u32>, wave_size: u32) -> PyResult<()> {
    match lane.filter(|&l| l >= wave_size) {
        Some(l) => Err(error(
            hetdwarf::ErrorKind::Usage,
            format!("lane {l} does not exist: the wave has {wave_size} lanes"),
        )),
        None => Ok(()),
    }
}

fn parse_state(
    parsed: Result<WaveState, hetdwarf_amdgpu::StateError>,
) -> Result<NativeState, hetdwarf_amdgpu::StateError> {
    Ok(NativeState {
        state: Mutex::new(parsed?),
    })
}

impl NativeState {
    /// The wave state, locked for one call.
    fn wave(&self) -> PyResult<std::sync::MutexGuard<'_, WaveState>> {
        self.state
            .lock()
            .map_err(|_| error(hetdwarf::ErrorKind::Usage, "the wave state is poisoned"))
    }
}

#[pymethods]
impl NativeState {
    /// An empty wave of `processor` (`gfx90a`) with `wave_size` lanes: no register or
    /// memory byte known until set.
    #[staticmethod]
    fn new(processor: &str, wave_size: u32) -> PyResult<Self> {
        let wave = WaveState::new(processor, wave_size)
            .map_err(|e| error(hetdwarf::ErrorKind::Usage, e.to_string()))?;
        Ok(NativeState {
            state: std::sync::Mutex::new(wave),
        })
    }

    /// An independent copy: writes to one do not change the other.
    fn copy(&self, py: Python<'_>) -> PyResult<Self> {
        py.detach(|| {
            let wave = self.wave()?.clone();
            Ok(NativeState {
                state: std::sync::Mutex::new(wave),
            })
        })
    }

    /// Sets the PC (a code-object address, as the state file's `pc`), EXEC, or the load bias.
    #[pyo3(signature = (pc=None, exec=None, load_bias=None))]
    fn set(&self, pc: Option<u64>, exec: Option<u64>, load_bias: Option<u64>) -> PyResult<()> {
        let mut wave = self.wave()?;
        if let Some(pc) = pc {
            wave.set_pc(pc);
        }
        if let Some(exec) = exec {
            wave.set_exec(exec);
        }
        if let Some(bias) = load_bias {
            wave.set_load_bias(bias);
        }
        Ok(())
    }

    /// Sets scalar register `name` (`s33`, `exec`, `s[30:31]` is two) to `value`.
    fn set_scalar(&self, name: &str, value: u64) -> PyResult<()> {
        let mut wave = self.wave()?;
        let usage = |e: String| error(hetdwarf::ErrorKind::Usage, e);
        let reg = wave
            .register_map()
            .parse(name)
            .map_err(|e| usage(e.to_string()))?;
        wave.set_scalar(reg, value)
            .map_err(|e| usage(e.to_string()))
    }

    /// Sets vector register `name` (`v5`, `a2`): one dword per lane, `None` for a lane
    /// whose value is not known; one value per lane of the wave.
    fn set_vector(&self, name: &str, lanes: Vec<Option<u32>>) -> PyResult<()> {
        let mut wave = self.wave()?;
        let usage = |e: String| error(hetdwarf::ErrorKind::Usage, e);
        let reg = wave
            .register_map()
            .parse(name)
            .map_err(|e| usage(e.to_string()))?;
        wave.set_vector(reg, &lanes)
            .map_err(|e| usage(e.to_string()))
    }

    /// Writes `data` at `address` of address space `space` (`global`, `local`,
    /// `private_lane`, `private_wave`, `generic`, ...), for `lane` in the per-lane spaces.
    #[pyo3(signature = (space, address, data, lane=None))]
    fn write_memory(
        &self,
        space: &str,
        address: u64,
        data: Vec<u8>,
        lane: Option<u32>,
    ) -> PyResult<()> {
        let mut wave = self.wave()?;
        lane_exists(lane, wave.wave_size())?;
        let id = hetdwarf_amdgpu::aspace::AddressSpaceId::from_name(space).ok_or_else(|| {
            error(
                hetdwarf::ErrorKind::Usage,
                format!("no address space `{space}` (global, local, private_lane, private_wave, generic, region)"),
            )
        })?;
        wave.write(id, lane, address, &data).map_err(|e| {
            error(
                hetdwarf::Error::from(e.clone()).kind(),
                hetdwarf::error_chain(&e),
            )
        })
    }

    /// Loads a `hetdwarf-wave-state/1` file.
    #[staticmethod]
    fn load(py: Python<'_>, path: &str) -> PyResult<Self> {
        py.detach(|| {
            let bytes = hetdwarf_amdgpu::read_regular_file(std::path::Path::new(path))
                .map_err(|e| error(hetdwarf::ErrorKind::Io, format!("{path}: {e}")))?;
            parse_state(WaveState::from_json_bytes(&bytes))
                .map_err(|e| error(hetdwarf::ErrorKind::Malformed, format!("{path}: {e}")))
        })
    }

    /// Parses a wave state from JSON text.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &str) -> PyResult<Self> {
        py.detach(|| {
            parse_state(WaveState::from_json(text))
                .map_err(|e| error(hetdwarf::ErrorKind::Malformed, e.to_string()))
        })
    }

    /// The state as JSON text.
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        py.detach(|| Ok(self.wave()?.to_json()))
    }

    /// The processor the state was saved for.
    fn processor(&self) -> PyResult<String> {
        let wave = self.wave()?;
        Ok(wave.processor().to_string())
    }

    /// Operations as text to bytes, vector registers numbered for this wave's size (`v3`
    /// is DWARF register 1539 in a wave32 state, 2563 in a wave64 one).
    fn assemble(&self, text: &str) -> PyResult<Vec<u8>> {
        assemble_with(text, &self.wave()?.register_map())
    }

    /// Evaluates expression bytes (`DW_OP_LLVM_user` encoding) for `lane` (None: no lane
    /// selected): the location description, and with `read_bits` the bytes read through it
    /// (little-endian; `None` per byte that could not be read).
    #[pyo3(signature = (data, lane=None, read_bits=None))]
    #[allow(clippy::type_complexity)]
    fn evaluate(
        &self,
        py: Python<'_>,
        data: Vec<u8>,
        lane: Option<u32>,
        read_bits: Option<u64>,
    ) -> PyResult<(String, Option<Vec<Option<u8>>>)> {
        use hetdwarf::expr::{DecodeParams, Encoding, Expr};
        py.detach(|| {
            let mut wave = self.wave()?;
            let expr = Expr::decode(&data, DecodeParams::amdgpu(Encoding::User))
                .map_err(|e| error(hetdwarf::ErrorKind::Malformed, format!("expression: {e}")))?;
            let target =
                hetdwarf_amdgpu::registers::dwarf_target(wave.processor(), wave.wave_size());
            wave.set_lane(lane)
                .map_err(|e| error(hetdwarf::ErrorKind::Usage, e.to_string()))?;
            let eval_error = |e: hetdwarf::eval::Error| {
                let kind = hetdwarf::Error::from(e.clone()).kind();
                error(kind, hetdwarf::error_chain(&e))
            };
            let loc = hetdwarf::eval::Evaluator::new()
                .evaluate_location(&mut *wave, &expr)
                .map_err(eval_error)?;
            let text = loc.display(&target).to_string();
            let bytes = match read_bits {
                None => None,
                Some(bits) => {
                    let read =
                        hetdwarf::eval::read(&mut *wave, &loc, 0, bits).map_err(eval_error)?;
                    // A byte with any bit optimized out or unavailable is `None`.
                    Some(
                        read.data()
                            .iter()
                            .enumerate()
                            .map(|(i, &b)| {
                                (read.byte_status(i) == hetdwarf::eval::BitStatus::Valid)
                                    .then_some(b)
                            })
                            .collect(),
                    )
                }
            };
            Ok((text, bytes))
        })
    }

    /// Lanes in the wave.
    fn wave_size(&self) -> PyResult<u32> {
        let wave = self.wave()?;
        Ok(wave.wave_size())
    }
}

/// Operations as text (llvm-dwarfdump's names, `DW_OP_LLVM_user` encoding) to bytes.
#[pyfunction]
fn assemble(text: &str) -> PyResult<Vec<u8>> {
    assemble_with(text, &hetdwarf_amdgpu::AmdgpuDwarfdumpNames)
}

/// Operations as text to `DW_OP_LLVM_user`-encoded bytes, registers named by `names`; a
/// text that does not assemble is a usage error.
fn assemble_with(text: &str, names: &dyn hetdwarf::expr::RegisterNames) -> PyResult<Vec<u8>> {
    hetdwarf::expr::asm::assemble(
        text,
        names,
        hetdwarf::expr::DecodeParams::amdgpu(hetdwarf::expr::Encoding::User),
    )
    .map(|e| e.to_bytes())
    .map_err(|e| error(hetdwarf::ErrorKind::Usage, format!("expression: {e}")))
}

/// Expression bytes as llvm-dwarfdump-22 prints them.
#[pyfunction]
fn disasm(data: Vec<u8>) -> String {
    let names = hetdwarf_amdgpu::AmdgpuDwarfdumpNames;
    hetdwarf::expr::disasm::disassemble_bytes(
        &data,
        hetdwarf::expr::DecodeParams::amdgpu(hetdwarf::expr::Encoding::User),
        hetdwarf::expr::disasm::DisasmOptions::new(&names),
    )
}

/// The device code objects inside the file at `path` (a code object, a bundle, a
/// compressed bundle or a host ELF): (id, processor, offset, size, compressed) each.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn entries(path: &str) -> PyResult<Vec<(String, Option<String>, u64, u64, bool, String)>> {
    let fail = |e: hetdwarf_amdgpu::CodeObjectError| {
        let message = e.to_string();
        error(hetdwarf_amdgpu::Error::from(e).kind(), message)
    };
    let input = hetdwarf_amdgpu::Input::read(std::path::Path::new(path), None).map_err(fail)?;
    Ok(input
        .device_entries(None)
        .map_err(fail)?
        .into_iter()
        .map(|e| {
            (
                e.id.clone(),
                e.processor_name().map(str::to_string),
                e.file_offset(),
                e.size,
                e.compressed,
                e.name.clone(),
            )
        })
        .collect())
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(entries, m)?)?;
    m.add_class::<NativeSession>()?;
    m.add_class::<NativeState>()?;
    m.add_function(wrap_pyfunction!(disasm, m)?)?;
    m.add_function(wrap_pyfunction!(assemble, m)?)?;
    m.add("NativeError", m.py().get_type::<NativeError>())?;
    Ok(())
}
