//! One DAP session over a saved wave: `initialize`, `launch` (the code object and the wave
//! state, opened the way every CLI command opens them), then the requests an IDE makes
//! while stopped: threads (active lanes), stack traces, scopes, variables, evaluate.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use std::rc::Rc;

use hetdwarf::index::VariableRef;
use hetdwarf::typed::TypedValue;
use hetdwarf_amdgpu::WaveState;
use hetdwarf_amdgpu::stop::{Stop, StopFrame};
use serde_json::{Value, json};

use super::wire;
use crate::failure::Failure;
use crate::output::Conventions;
use hetdwarf_amdgpu::SessionRef;

use crate::variables::{open_session, split_path};

/// The connection: requests in, responses and events out, each numbered.
struct Conn<W: Write> {
    output: W,
    seq: i64,
    log: Option<std::fs::File>,
}

impl<W: Write> Conn<W> {
    fn next(&mut self, input: &mut impl BufRead) -> Result<Option<Value>, Failure> {
        let message = wire::read(input)
            .map_err(|e| Failure::new(hetdwarf::ErrorKind::Malformed, format!("dap: {e}")))?;
        if let (Some(log), Some(m)) = (&mut self.log, &message) {
            let _ = writeln!(log, "<- {m}");
        }
        Ok(message)
    }

    fn send(&mut self, mut message: Value) -> Result<(), Failure> {
        self.seq += 1;
        message["seq"] = json!(self.seq);
        if let Some(log) = &mut self.log {
            let _ = writeln!(log, "-> {message}");
        }
        wire::write(&mut self.output, &message)
            .map_err(|e| Failure::new(hetdwarf::ErrorKind::Io, format!("dap: {e}")))
    }

    fn respond(&mut self, request: &Value, body: Value) -> Result<(), Failure> {
        self.send(json!({
            "type": "response",
            "request_seq": request["seq"],
            "success": true,
            "command": request["command"],
            "body": body,
        }))
    }

    fn fail(&mut self, request: &Value, message: &str) -> Result<(), Failure> {
        self.send(json!({
            "type": "response",
            "request_seq": request["seq"],
            "success": false,
            "command": request["command"],
            "message": message,
            "body": { "error": { "id": 1, "format": message, "showUser": true } },
        }))
    }

    fn event(&mut self, event: &str, body: Value) -> Result<(), Failure> {
        self.send(json!({ "type": "event", "event": event, "body": body }))
    }
}

/// What the adapter can do, as `initialize` answers it.
fn capabilities() -> Value {
    json!({
        "supportsConfigurationDoneRequest": true,
        "supportsEvaluateForHovers": true,
        "supportsTerminateRequest": true,
        "supportsSetVariable": true,
        "supportsSetExpression": true,
        "supportsReadMemoryRequest": true,
        "supportsWriteMemoryRequest": true,
        // Only when this build can decode machine code (LLVM 22's MC layer).
        "supportsDisassembleRequest": hetdwarf_mc::available(),
    })
}

/// The `launch` request's arguments.
struct Launch {
    program: PathBuf,
    state: PathBuf,
    processor: Option<String>,
    conventions: Conventions,
    /// Where `disconnect` writes the state when a value was changed (never the input
    /// state unless it is named here).
    output: Option<PathBuf>,
}

impl Launch {
    fn parse(args: &Value) -> Result<Launch, String> {
        let path = |key: &str| -> Result<PathBuf, String> {
            args[key]
                .as_str()
                .filter(|s| !s.is_empty())
                .map(PathBuf::from)
                .ok_or_else(|| format!("launch: `{key}` (a path) is required"))
        };
        let conventions = match args["conventions"].as_str() {
            None => Conventions::Auto,
            Some(c) => <Conventions as clap::ValueEnum>::from_str(c, true).map_err(|_| {
                format!("launch: conventions `{c}` is not one of auto, upstream, heterogeneous")
            })?,
        };
        Ok(Launch {
            program: path("program")?,
            state: path("state")?,
            processor: args["processor"].as_str().map(str::to_string),
            conventions,
            output: args["output"]
                .as_str()
                .filter(|s| !s.is_empty())
                .map(PathBuf::from),
        })
    }
}

/// Serves one client: answers `initialize`, opens what `launch` names, then replays.
pub(super) fn serve(
    mut input: impl BufRead,
    output: impl Write,
    log: Option<std::fs::File>,
) -> Result<(), Failure> {
    let mut conn = Conn {
        output,
        seq: 0,
        log,
    };
    while let Some(request) = conn.next(&mut input)? {
        match request["command"].as_str().unwrap_or("") {
            "initialize" => conn.respond(&request, capabilities())?,
            "launch" => {
                let launch = match Launch::parse(&request["arguments"]) {
                    Ok(l) => l,
                    Err(message) => {
                        conn.fail(&request, &message)?;
                        continue;
                    }
                };
                let mut opened = false;
                let served = open_session(
                    &launch.program,
                    launch.processor.as_deref(),
                    launch.conventions,
                    &launch.state,
                    |session, state| {
                        opened = true;
                        conn.respond(&request, json!({}))?;
                        conn.event("initialized", json!({}))?;
                        Replay::new(session, state, launch.output.clone())
                            .serve(&mut conn, &mut input)
                    },
                );
                match served {
                    Ok(()) => return Ok(()),
                    // Opening failed: the client hears the CLI's message and may try again.
                    Err(e) if !opened => conn.fail(&request, &e.message)?,
                    Err(e) => return Err(e),
                }
            }
            "disconnect" | "terminate" => {
                conn.respond(&request, json!({}))?;
                return Ok(());
            }
            _ => conn.fail(&request, "no program is loaded: send `launch` first")?,
        }
    }
    Ok(())
}

/// Which variables a scope holds.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Locals,
    Arguments,
}

/// What a `variablesReference` stands for.
enum Handle {
    /// The locals or arguments of frame `frame` in `lane`.
    Scope { lane: u32, frame: u32, which: Which },
    /// Every variable of frame `frame`, each expanding into its lanes.
    AllLanes { frame: u32 },
    /// One variable of frame `frame` in every active lane.
    Lanes { frame: u32, var: VariableRef },
    /// The members or elements of a value in `lane` of frame `frame`, reached by `path`
    /// (the variable's name and the steps after it).
    Tree {
        tree: Rc<TypedValue>,
        path: String,
        lane: u32,
        frame: u32,
    },
    /// The registers of `lane` in frame `frame`.
    Registers { lane: u32, frame: u32 },
}

/// The most handles kept; past it they are dropped (a client asking about an old one
/// hears that it is gone) rather than grown without bound.
const MAX_HANDLES: usize = 1 << 20;

/// The session after `launch`: the opened object, the wave, and the handles given out.
struct Replay<'r, 's, 'a> {
    session: &'r SessionRef<'s, 'a>,
    state: &'r mut WaveState,
    handles: Vec<Handle>,
    target: hetdwarf::target::Target,
    output: Option<PathBuf>,
    /// Whether a value was written since launch.
    changed: bool,
    /// The object's instructions with their text, decoded on the first `disassemble`.
    listing: Option<Result<hetdwarf_mc::Listing, String>>,
    /// The wave unwound (see [`Replay::stop`]).
    stop: Option<std::rc::Rc<Stop<'s>>>,
}

impl<'r, 's, 'a> Replay<'r, 's, 'a> {
    fn new(
        session: &'r SessionRef<'s, 'a>,
        state: &'r mut WaveState,
        output: Option<PathBuf>,
    ) -> Self {
        let target = hetdwarf_amdgpu::registers::dwarf_target(state.processor(), state.wave_size());
        Replay {
            session,
            state,
            handles: Vec::new(),
            target,
            output,
            changed: false,
            listing: None,
            stop: None,
        }
    }

    /// Writes the changed state where `launch` said (`disconnect`).
    fn save(&self) -> Result<(), String> {
        match (&self.output, self.changed) {
            (Some(path), true) => std::fs::write(path, self.state.to_json())
                .map_err(|e| format!("{}: {e}", path.display())),
            _ => Ok(()),
        }
    }

    fn handle(&mut self, h: Handle) -> usize {
        if self.handles.len() >= MAX_HANDLES {
            self.handles.clear();
        }
        self.handles.push(h);
        self.handles.len()
    }

    fn first_lane(&self) -> u32 {
        self.state.active_lanes().next().unwrap_or(0)
    }

    /// The `frameId` of lane `lane`, unwound frame `frame`, and inlined call `depth`
    /// within it (0 = the innermost); every depth reads the unwound frame's variables.
    fn frame_id(lane: u32, frame: u32, depth: u32) -> u64 {
        ((u64::from(lane) << 16 | u64::from(frame & 0xffff)) << 8 | u64::from(depth & 0xff)) + 1
    }

    /// The lane and unwound frame a `frameId` names; without one (an `evaluate` in no
    /// frame), the first active lane's innermost frame. An id this adapter could not have
    /// given (no such lane among the active ones, no such frame) is refused here rather than
    /// read as some other frame.
    fn lane_frame(&mut self, id: &Value) -> Result<(u32, u32), String> {
        if id.is_null() {
            return Ok((self.first_lane(), 0));
        }
        let refused = || format!("frameId {id} is not one this adapter gave");
        let i = id
            .as_u64()
            .and_then(|i| i.checked_sub(1))
            .ok_or_else(refused)?;
        let (lane, frame) = (i >> 24, (i >> 8 & 0xffff) as u32);
        if !self.state.active_lanes().any(|l| u64::from(l) == lane) {
            return Err(refused());
        }
        if frame > 0 && self.stop().is_ok_and(|s| frame as usize >= s.frames()) {
            return Err(refused());
        }
        Ok((lane as u32, frame))
    }

    fn serve<W: Write>(
        mut self,
        conn: &mut Conn<W>,
        input: &mut impl BufRead,
    ) -> Result<(), Failure> {
        while let Some(request) = conn.next(input)? {
            let args = &request["arguments"];
            let answer = match request["command"].as_str().unwrap_or("") {
                "disconnect" | "terminate" => {
                    match self.save() {
                        Ok(()) => conn.respond(&request, json!({}))?,
                        Err(message) => conn.fail(&request, &message)?,
                    }
                    return Ok(());
                }
                "configurationDone" => {
                    conn.respond(&request, json!({}))?;
                    // One stop for every lane: the wave stopped as a whole.
                    let thread = self.first_lane() + 1;
                    conn.event(
                        "stopped",
                        json!({
                            "reason": "entry",
                            "description": "saved wave",
                            "threadId": thread,
                            "allThreadsStopped": true,
                        }),
                    )?;
                    continue;
                }
                "setBreakpoints" => {
                    let n = args["breakpoints"].as_array().map_or(0, Vec::len);
                    let refused = json!({
                        "verified": false,
                        "message": "a saved wave does not run: breakpoints never hit",
                    });
                    Ok(json!({ "breakpoints": vec![refused; n] }))
                }
                "setExceptionBreakpoints" | "setFunctionBreakpoints" => {
                    Ok(json!({ "breakpoints": [] }))
                }
                "threads" => Ok(self.threads()),
                "stackTrace" => self.stack_trace(args),
                "scopes" => self.scopes(args),
                "variables" => self.variables(args),
                "evaluate" => self.evaluate(args),
                "setVariable" => self.set_variable(args),
                "setExpression" => self.set_expression(args),
                "readMemory" => self.read_memory(args),
                "writeMemory" => self.write_memory(args),
                "source" => source(args),
                "disassemble" => self.disassemble(args),
                "continue" | "next" | "stepIn" | "stepOut" | "pause" => {
                    Err("a saved wave does not run: it can only be inspected".to_string())
                }
                other => Err(format!("`{other}` is not supported by this adapter")),
            };
            match answer {
                Ok(body) => conn.respond(&request, body)?,
                Err(message) => conn.fail(&request, &message)?,
            }
        }
        Ok(())
    }

    fn threads(&self) -> Value {
        let threads: Vec<Value> = self
            .state
            .active_lanes()
            .map(|lane| json!({ "id": lane + 1, "name": format!("lane {lane}") }))
            .collect();
        json!({ "threads": threads })
    }

    /// The wave unwound once, until a write changes the state it was unwound from.
    fn stop(&mut self) -> Result<std::rc::Rc<Stop<'s>>, String> {
        if let Some(stop) = &self.stop {
            return Ok(stop.clone());
        }
        let stop = self
            .session
            .stop(&mut *self.state)
            .map_err(|e| Failure::from(e).message)?;
        let stop = std::rc::Rc::new(stop);
        self.stop = Some(stop.clone());
        Ok(stop)
    }

    fn frame(&mut self, k: u32) -> Result<StopFrame<'s, 'a>, String> {
        let stop = self.stop()?;
        stop.frame(self.session, &mut *self.state, k)
            .map_err(|e| Failure::from(e).message)
    }

    /// Marks the state changed: the next question unwinds it again.
    fn mark_changed(&mut self) {
        self.changed = true;
        self.stop = None;
    }

    fn stack_trace(&mut self, args: &Value) -> Result<Value, String> {
        let lane = args["threadId"]
            .as_u64()
            .and_then(|t| t.checked_sub(1))
            .map_or(self.first_lane(), |l| l.min(u64::from(u32::MAX)) as u32);
        if !self.state.active_lanes().any(|l| l == lane) {
            return Err(format!(
                "thread {} is no active lane of the wave",
                u64::from(lane) + 1
            ));
        }
        let stop = self.stop()?;
        let sections = crate::load::sections(self.session.co()).ok();
        let lines = sections.as_ref().map(crate::code::Lines::new);
        let mut frames = Vec::new();
        for k in 0..stop.frames() as u32 {
            let Ok(frame_pc) = stop.frame_pc(k) else {
                break;
            };
            // A lane's own PC where lanes diverge (DW_AT_LLVM_lane_pc), as backtrace shows.
            let lane_pc = self.lane_pc(&stop, k, frame_pc, lane);
            let pc = lane_pc.unwrap_or(frame_pc);
            // The instruction the frame is at: a caller's return address, as backtrace
            // gives it (the look-up PC, one less, is inside the call, not an instruction).
            let at = lane_pc.unwrap_or(if k == 0 { frame_pc } else { frame_pc + 1 });
            // Inlined calls are frames of their own, innermost first: their names from the
            // scopes, their lines (the call's, for the outer ones) from the line table.
            let names = self.function_names(k, frame_pc);
            let mut places = lines.as_ref().map_or_else(Vec::new, |l| l.frames(pc));
            if places.len() != names.len() {
                let first = lines.as_ref().and_then(|l| l.location(pc));
                places = std::iter::once(first)
                    .chain(std::iter::repeat(None))
                    .take(names.len())
                    .collect();
            }
            for (depth, (name, place)) in names.into_iter().zip(places).enumerate() {
                let mut frame = json!({
                    "id": Self::frame_id(lane, k, depth as u32),
                    "name": name,
                    "line": 0,
                    "column": 0,
                    "instructionPointerReference": format!("{at:#x}"),
                });
                if depth > 0 {
                    frame["presentationHint"] = json!("normal");
                }
                if let Some((path, line)) = place {
                    let short = std::path::Path::new(&path)
                        .file_name()
                        .map_or(path.clone(), |f| f.to_string_lossy().into_owned());
                    frame["source"] = json!({ "name": short, "path": path });
                    frame["line"] = json!(line);
                }
                frames.push(frame);
            }
        }
        let total = frames.len();
        let start = args["startFrame"].as_u64().unwrap_or(0) as usize;
        let levels = args["levels"]
            .as_u64()
            .filter(|&l| l > 0)
            .unwrap_or(u64::MAX) as usize;
        let shown: Vec<Value> = frames.into_iter().skip(start).take(levels).collect();
        Ok(json!({ "stackFrames": shown, "totalFrames": total }))
    }

    /// The PC of `lane` in frame `k` from the subprogram's `DW_AT_LLVM_lane_pc`, when it
    /// has one for that lane.
    fn lane_pc(&mut self, stop: &Stop<'s>, k: u32, pc: u64, lane: u32) -> Option<u64> {
        let dbg = self.session.dbg();
        let die = dbg.scopes_at(pc).ok()?.into_iter().find_map(|s| {
            let scope = dbg.scope(s).ok()?;
            (scope.kind == hetdwarf::index::ScopeKind::Subprogram).then_some(scope.die)
        })?;
        let stack = stop.stack()?;
        let wave_size = self.state.wave_size();
        let mut ctx = stack.context(&mut *self.state, k);
        let lanes = hetdwarf_amdgpu::unwind::lanes::frame_lanes(
            &mut ctx,
            dbg,
            die,
            pc,
            wave_size,
            self.session.encoding(),
        )
        .ok()?;
        if lanes.pcs_from == hetdwarf_amdgpu::unwind::lanes::LaneSource::Hardware {
            return None;
        }
        lanes.pcs.get(lane as usize).copied().flatten()
    }

    /// The functions of unwound frame `k`, innermost first: each inlined call's callee,
    /// then the subprogram (or the symbol, without debug information).
    fn function_names(&mut self, k: u32, pc: u64) -> Vec<String> {
        let mut names = Vec::new();
        if let Ok(at) = self.frame(k) {
            for scope in at.frame.scopes() {
                if let Ok(s) = self.session.dbg().scope(*scope)
                    && matches!(
                        s.kind,
                        hetdwarf::index::ScopeKind::Subprogram
                            | hetdwarf::index::ScopeKind::InlinedSubroutine
                    )
                {
                    let name = s
                        .name
                        .as_deref()
                        .or(s.linkage_name.as_deref())
                        .unwrap_or("??");
                    let name = crate::output::one_line(name);
                    // Named as backtrace names them.
                    names.push(if s.kind == hetdwarf::index::ScopeKind::InlinedSubroutine {
                        format!("{name} (inlined)")
                    } else {
                        name.into_owned()
                    });
                }
            }
        }
        if names.is_empty() {
            names.push(self.session.co().function_at(pc).map_or_else(
                || format!("{pc:#x}"),
                |f| crate::output::one_line(&f.name).into_owned(),
            ));
        }
        names
    }

    fn scopes(&mut self, args: &Value) -> Result<Value, String> {
        let (lane, frame) = self.lane_frame(&args["frameId"])?;
        let locals = self.handle(Handle::Scope {
            lane,
            frame,
            which: Which::Locals,
        });
        let arguments = self.handle(Handle::Scope {
            lane,
            frame,
            which: Which::Arguments,
        });
        let registers = self.handle(Handle::Registers { lane, frame });
        let all = self.handle(Handle::AllLanes { frame });
        Ok(json!({ "scopes": [
            { "name": "Locals", "presentationHint": "locals", "variablesReference": locals, "expensive": false },
            { "name": "Arguments", "presentationHint": "arguments", "variablesReference": arguments, "expensive": false },
            { "name": "Registers", "presentationHint": "registers", "variablesReference": registers, "expensive": false },
            { "name": "All lanes", "variablesReference": all, "expensive": true },
        ]}))
    }

    fn variables(&mut self, args: &Value) -> Result<Value, String> {
        let id = args["variablesReference"].as_u64().unwrap_or(0) as usize;
        let start = args["start"].as_u64().unwrap_or(0) as usize;
        let count = args["count"]
            .as_u64()
            .filter(|&c| c > 0)
            .unwrap_or(u64::MAX) as usize;
        let handle = match id.checked_sub(1).and_then(|i| self.handles.get(i)) {
            None => {
                return Err(format!(
                    "variablesReference {id} is not one this adapter gave"
                ));
            }
            Some(Handle::Scope { lane, frame, which }) => (*lane, *frame, Some(*which), None),
            Some(Handle::AllLanes { frame }) => (0, *frame, None, None),
            Some(Handle::Lanes { frame, var }) => (0, *frame, None, Some(*var)),
            Some(Handle::Tree {
                tree,
                path,
                lane,
                frame,
            }) => {
                let (tree, path, lane, frame) = (tree.clone(), path.clone(), *lane, *frame);
                let children = self.children(&tree, &path, lane, frame, start, count);
                return Ok(json!({ "variables": children }));
            }
            Some(Handle::Registers { lane, frame }) => {
                let (lane, frame) = (*lane, *frame);
                return Ok(json!({ "variables": self.registers(lane, frame, start, count) }));
            }
        };
        let at = self.frame(handle.1)?;
        let mut out = Vec::new();
        match handle {
            (lane, _, Some(which), _) => {
                let vars = at.frame.variables().map_err(|e| e.to_string())?;
                for var in vars.into_iter().skip(start).take(count) {
                    let Ok(v) = self.session.dbg().variable(var) else {
                        continue;
                    };
                    let parameter = v.kind == hetdwarf::index::VariableKind::Parameter;
                    if parameter != (which == Which::Arguments) {
                        continue;
                    }
                    let values = at.values(self.state, var, "", &[Some(lane)]);
                    out.push(self.variable(var, &values, lane, handle.1, false));
                }
            }
            (_, frame, None, None) => {
                let vars = at.frame.variables().map_err(|e| e.to_string())?;
                for var in vars.into_iter().skip(start).take(count) {
                    let name = self.name_of(var);
                    let lanes = self.state.active_lanes().count();
                    let reference = self.handle(Handle::Lanes { frame, var });
                    out.push(json!({
                        "name": name,
                        "value": format!("{lanes} lanes"),
                        "variablesReference": reference,
                        "evaluateName": name,
                    }));
                }
            }
            (_, _, None, Some(var)) => {
                let lanes: Vec<Option<u32>> = self.state.active_lanes().map(Some).collect();
                let values = at.values(self.state, var, "", &lanes);
                for v in values.iter().skip(start).take(count) {
                    let lane = v.lane.unwrap_or(0);
                    out.push(self.variable(var, std::slice::from_ref(v), lane, handle.1, true));
                }
            }
        }
        Ok(json!({ "variables": out }))
    }

    fn name_of(&self, var: VariableRef) -> String {
        self.session
            .dbg()
            .variable(var)
            .ok()
            .and_then(|v| {
                v.name
                    .as_deref()
                    .map(|n| crate::output::one_line(n).into_owned())
            })
            .unwrap_or_else(|| "<anonymous>".to_string())
    }

    /// One variable's entry in `lane` of frame `frame`: its value text as `locals` prints
    /// it, its type, and its members or elements behind a handle; named `lane N` instead
    /// of by the variable when `by_lane`.
    fn variable(
        &mut self,
        var: VariableRef,
        values: &[hetdwarf::var::LaneValue],
        lane: u32,
        frame: u32,
        by_lane: bool,
    ) -> Value {
        let j = crate::variables::variable_json(
            self.session.dbg(),
            var,
            "",
            values,
            false,
            &self.target,
            true,
        );
        let name = self.name_of(var);
        let first = &j["lanes"][0];
        let value = first["value"]
            .as_str()
            .map(str::to_string)
            .or_else(|| first["error"].as_str().map(|e| format!("<error: {e}>")))
            .unwrap_or_default();
        let tree = values.first().and_then(|v| v.value.as_ref().ok());
        let reference = if let Some(tree) = tree.filter(|t| has_children(t)) {
            self.handle(Handle::Tree {
                tree: Rc::new(tree.clone()),
                path: name.clone(),
                lane,
                frame,
            })
        } else {
            0
        };
        let mut out = json!({
            "name": if by_lane { format!("lane {lane}") } else { name.clone() },
            "value": value,
            "type": j["type"],
            "variablesReference": reference,
            "evaluateName": name,
        });
        if let Some(m) = first["location"]
            .as_str()
            .and_then(|l| super::memory::MemoryRef::of_location(l, lane))
        {
            out["memoryReference"] = json!(m.text());
        }
        out
    }

    fn children(
        &mut self,
        tree: &TypedValue,
        path: &str,
        lane: u32,
        frame: u32,
        start: usize,
        count: usize,
    ) -> Vec<Value> {
        // Each child: its name, the path that reaches it (none for a base class or an
        // anonymous member, which no path names), and its value.
        let kids: Vec<(String, Option<String>, &TypedValue)> = match tree {
            TypedValue::Struct { fields, .. } => fields
                .iter()
                .map(|f| match (&f.name, &f.base) {
                    (Some(name), _) => (name.clone(), Some(format!("{path}.{name}")), &f.value),
                    (None, Some(base)) => (format!("<{base}>"), None, &f.value),
                    (None, None) => ("<anonymous>".to_string(), None, &f.value),
                })
                .collect(),
            TypedValue::Array {
                lower, elements, ..
            } => elements
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let index = lower + i as i64;
                    (format!("[{index}]"), Some(format!("{path}[{index}]")), e)
                })
                .collect(),
            _ => Vec::new(),
        };
        let kids: Vec<(String, Option<String>, TypedValue)> = kids
            .into_iter()
            .skip(start)
            .take(count)
            .map(|(name, eval, value)| (name, eval, value.clone()))
            .collect();
        let mut out = Vec::new();
        for (name, eval, value) in kids {
            // The value as `print` shows it for the child's path.
            let text = value.render_text();
            let reference = match &eval {
                Some(eval) if has_children(&value) => self.handle(Handle::Tree {
                    tree: Rc::new(value),
                    path: eval.clone(),
                    lane,
                    frame,
                }),
                _ => 0,
            };
            let mut child = json!({
                "name": crate::output::one_line(&name),
                "value": text,
                "variablesReference": reference,
            });
            if let Some(eval) = eval {
                child["evaluateName"] = json!(eval);
            }
            out.push(child);
        }
        out
    }

    fn evaluate(&mut self, args: &Value) -> Result<Value, String> {
        let expression = args["expression"].as_str().unwrap_or("").trim();
        let (lane, frame) = self.lane_frame(&args["frameId"])?;
        let (name, path) = split_path(expression).map_err(|e| e.message)?;
        let at = self.frame(frame)?;
        let var = at.frame.find(&name).map_err(|e| e.to_string())?;
        let values = at.values(self.state, var, &path, &[Some(lane)]);
        let Some(v) = values.first() else {
            return Err(format!("{expression}: no value"));
        };
        match &v.value {
            Ok(t) => {
                let reference = if has_children(t) {
                    self.handle(Handle::Tree {
                        tree: Rc::new(t.clone()),
                        path: expression.to_string(),
                        lane,
                        frame,
                    })
                } else {
                    0
                };
                Ok(json!({ "result": t.render_text(), "variablesReference": reference }))
            }
            Err(e) => Err(hetdwarf::error_chain(e)),
        }
    }
}

impl Replay<'_, '_, '_> {
    /// The registers of `lane` in frame `frame`: PC, EXEC, then the scalar registers and
    /// this lane's vector registers the wave state holds.
    fn registers(&mut self, lane: u32, frame: u32, start: usize, count: usize) -> Vec<Value> {
        use hetdwarf::eval::Backend as _;
        use hetdwarf_amdgpu::registers::Register;
        let map = self.state.register_map();
        // The registers the state holds, named as the state names them; in caller frames
        // read through the unwound frame (what the call frame information restores).
        let mut regs: Vec<(Register, bool)> = Vec::new();
        regs.push((Register::Pc, false));
        regs.push((Register::Exec, false));
        let mut scalars: Vec<Register> = self.state.scalars().map(|(r, _)| r).collect();
        scalars.sort_by_key(|r| r.to_string());
        regs.extend(
            scalars
                .into_iter()
                .filter(|r| !matches!(r, Register::Pc | Register::Exec))
                .map(|r| (r, false)),
        );
        let mut vectors: Vec<Register> = self.state.vectors().map(|(r, _)| r).collect();
        vectors.sort_by_key(|r| r.to_string());
        regs.extend(vectors.into_iter().map(|r| (r, true)));
        let stop = self.stop().ok();
        let focused = self.state.focused_lane();
        let _ = self.state.set_lane(Some(lane));
        let mut out = Vec::new();
        for (reg, per_lane) in regs.into_iter().skip(start).take(count) {
            let Ok(number) = map.dwarf_number(reg) else {
                continue;
            };
            let width = if per_lane {
                4
            } else {
                (map.bits(reg).min(64) / 8).max(4) as usize
            };
            let offset = if per_lane { u64::from(lane) * 4 } else { 0 };
            let mut buf = vec![0u8; width];
            let read = match stop.as_ref().and_then(|s| s.stack()) {
                Some(stack) => {
                    let mut ctx = stack.context(&mut *self.state, frame);
                    ctx.read_register(number, frame, offset, &mut buf)
                }
                None if frame == 0 => self.state.read_register(number, 0, offset, &mut buf),
                None => Err(hetdwarf::eval::Error::missing("an unwound frame")),
            };
            let value = match read {
                Ok(()) => {
                    let mut word = [0u8; 8];
                    word[..width.min(8)].copy_from_slice(&buf[..width.min(8)]);
                    let v = u64::from_le_bytes(word);
                    if width == 4 {
                        format!("{v:#010x}")
                    } else {
                        format!("{v:#018x}")
                    }
                }
                Err(_) => "<unavailable>".to_string(),
            };
            out.push(json!({ "name": reg.to_string(), "value": value, "variablesReference": 0 }));
        }
        let _ = self.state.set_lane(focused);
        out
    }

    /// Writes `value` through `path` (a variable and the steps after it) in `lane` of
    /// frame `frame`, as `set` does: every place of the location, never implicit storage.
    fn write(&mut self, lane: u32, frame: u32, path: &str, value: &str) -> Result<Value, String> {
        let (name, steps) = split_path(path).map_err(|e| e.message)?;
        let at = self.frame(frame)?;
        let var = at.frame.find(&name).map_err(|e| e.to_string())?;
        at.write(self.state, var, &steps, Some(lane), value)
            .map_err(|e| format!("set {path}: {e}"))?;
        self.mark_changed();
        let values = at.values(self.state, var, &steps, &[Some(lane)]);
        let text = values
            .first()
            .map(|v| match &v.value {
                Ok(t) => t.render_text(),
                Err(e) => format!("<error: {}>", hetdwarf::error_chain(e)),
            })
            .unwrap_or_default();
        Ok(json!({ "value": text, "variablesReference": 0 }))
    }

    fn set_variable(&mut self, args: &Value) -> Result<Value, String> {
        let id = args["variablesReference"].as_u64().unwrap_or(0) as usize;
        let name = args["name"].as_str().unwrap_or("");
        let value = args["value"].as_str().unwrap_or("");
        let (lane, frame, path) = match id.checked_sub(1).and_then(|i| self.handles.get(i)) {
            Some(Handle::Scope { lane, frame, .. }) => (*lane, *frame, name.to_string()),
            Some(Handle::Tree {
                path, lane, frame, ..
            }) => {
                let step = if name.starts_with('[') {
                    name.to_string()
                } else {
                    format!(".{name}")
                };
                (*lane, *frame, format!("{path}{step}"))
            }
            Some(Handle::Lanes { frame, var }) => {
                let lane = name
                    .strip_prefix("lane ")
                    .and_then(|l| l.parse().ok())
                    .ok_or_else(|| format!("`{name}` is not a lane"))?;
                (lane, *frame, self.name_of(*var))
            }
            Some(Handle::Registers { .. }) => {
                return Err(
                    "registers are shown as the wave state holds them; set variables".into(),
                );
            }
            Some(Handle::AllLanes { .. }) => {
                return Err("expand the variable and set one lane".into());
            }
            None => {
                return Err(format!(
                    "variablesReference {id} is not one this adapter gave"
                ));
            }
        };
        self.write(lane, frame, &path, value)
    }

    fn set_expression(&mut self, args: &Value) -> Result<Value, String> {
        let (lane, frame) = self.lane_frame(&args["frameId"])?;
        let expression = args["expression"].as_str().unwrap_or("").trim().to_string();
        let value = args["value"].as_str().unwrap_or("");
        self.write(lane, frame, &expression, value)
    }
}

/// The most bytes one `readMemory` answers.
const MAX_READ: usize = 1 << 20;

impl Replay<'_, '_, '_> {
    fn read_memory(&mut self, args: &Value) -> Result<Value, String> {
        let text = args["memoryReference"].as_str().unwrap_or("");
        let at = super::memory::MemoryRef::parse(text)
            .ok_or_else(|| format!("`{text}` is not a memory reference this adapter gave"))?;
        let offset = args["offset"].as_i64().unwrap_or(0);
        let address = at.address.wrapping_add_signed(offset);
        let count = (args["count"].as_u64().unwrap_or(0) as usize).min(MAX_READ);
        let mut bytes = vec![0u8; count];
        let mut missing = vec![false; count];
        self.state
            .read_available(at.space, at.lane, address, &mut bytes, &mut missing)
            .map_err(|e| e.to_string())?;
        // Bytes the state does not hold are unreadable, not zeros: the answer is the
        // readable bytes up to the first hole, and how long the hole is.
        let readable = missing.iter().position(|&m| m).unwrap_or(count);
        let hole = missing[readable..].iter().take_while(|&&m| m).count();
        let mut body = json!({
            "address": format!("{address:#x}"),
            "data": super::memory::base64(&bytes[..readable]),
        });
        if hole > 0 {
            body["unreadableBytes"] = json!(hole);
        }
        Ok(body)
    }

    fn write_memory(&mut self, args: &Value) -> Result<Value, String> {
        let text = args["memoryReference"].as_str().unwrap_or("");
        let at = super::memory::MemoryRef::parse(text)
            .ok_or_else(|| format!("`{text}` is not a memory reference this adapter gave"))?;
        let offset = args["offset"].as_i64().unwrap_or(0);
        let data = super::memory::unbase64(args["data"].as_str().unwrap_or(""))
            .ok_or("`data` is not base64")?;
        let address = at.address.wrapping_add_signed(offset);
        self.state
            .write(at.space, at.lane, address, &data)
            .map_err(|e| e.to_string())?;
        self.mark_changed();
        Ok(json!({ "bytesWritten": data.len() }))
    }
}

/// The text of a source file the stack named, when it is on disk.
fn source(args: &Value) -> Result<Value, String> {
    let path = args["source"]["path"].as_str().unwrap_or("");
    std::fs::read_to_string(path)
        .map(|content| json!({ "content": content }))
        .map_err(|e| format!("source not available: {path}: {e}"))
}

/// The most instructions one `disassemble` answers.
const MAX_DISASSEMBLE: i64 = 1 << 16;

impl Replay<'_, '_, '_> {
    /// `instructionCount` instructions from `instructionOffset` instructions after the
    /// one at `memoryReference` + `offset` (an `instructionPointerReference`), as
    /// `hetdwarf code` and llvm-objdump-22 print them; places outside the code are
    /// answered as invalid instructions, as the protocol asks.
    fn disassemble(&mut self, args: &Value) -> Result<Value, String> {
        let reference = args["memoryReference"].as_str().unwrap_or("");
        let base = reference
            .strip_prefix("0x")
            .map_or_else(
                || reference.parse().ok(),
                |h| u64::from_str_radix(h, 16).ok(),
            )
            .ok_or_else(|| format!("`{reference}` is not a code address"))?;
        let address = base.wrapping_add_signed(args["offset"].as_i64().unwrap_or(0));
        let skip = args["instructionOffset"].as_i64().unwrap_or(0);
        let count = args["instructionCount"]
            .as_i64()
            .unwrap_or(0)
            .clamp(0, MAX_DISASSEMBLE);
        let co = self.session.co();
        let listing = self.listing.get_or_insert_with(|| {
            hetdwarf_mc::disassembler_for(co)
                .and_then(|dis| hetdwarf_mc::Listing::of(co, &dis))
                .map_err(|e| e.to_string())
        });
        let listing = listing.as_ref().map_err(Clone::clone)?;
        let all = listing.instructions();
        // The instruction holding the address, or the first after it.
        let at = all.partition_point(|i| i.end() <= address) as i64;
        let sections = crate::load::sections(co).ok();
        let lines = sections.as_ref().map(crate::code::Lines::new);
        let mut out = Vec::new();
        let mut last_file: Option<String> = None;
        for k in at + skip..at + skip + count {
            let Some(i) = usize::try_from(k).ok().and_then(|k| all.get(k)) else {
                out.push(json!({
                    "address": format!("{:#x}", address.wrapping_add_signed(k - at)),
                    "instruction": "",
                    "presentationHint": "invalid",
                }));
                continue;
            };
            let bytes = hetdwarf_mc::code_at(co, i.address)
                .and_then(|b| b.get(..i.facts.size as usize))
                .map(|b| b.iter().map(|x| format!("{x:02x}")).collect::<String>())
                .unwrap_or_default();
            let mut inst = json!({
                "address": format!("{:#x}", i.address),
                "instructionBytes": bytes,
                "instruction": i.text,
            });
            if let Some(f) = co.function_at(i.address) {
                inst["symbol"] = json!(crate::output::one_line(&f.name));
            }
            if let Some((file, line)) = lines.as_ref().and_then(|l| l.location(i.address)) {
                inst["line"] = json!(line);
                // The source is named where it changes, as the protocol suggests.
                if last_file.as_deref() != Some(file.as_str()) {
                    inst["location"] = json!({ "path": file });
                    last_file = Some(file);
                }
            }
            out.push(inst);
        }
        Ok(json!({ "instructions": out }))
    }
}

fn has_children(tree: &TypedValue) -> bool {
    match tree {
        TypedValue::Struct { fields, .. } => !fields.is_empty(),
        TypedValue::Array { elements, .. } => !elements.is_empty(),
        _ => false,
    }
}
