"""hetdwarf: where a source variable is, in each lane of an AMDGPU wavefront, and its value.

Open a code object (or an entry of an offload bundle or host ELF), load a saved wave state,
and read every frame's variables per lane as Python values::

    import hetdwarf
    obj = hetdwarf.Session.open("corpora/rocm/ocl-gfx90a-O0.hsaco")
    state = hetdwarf.WaveState.load("corpora/states/demo-ocl-gfx90a-O0.json")
    for k in range(obj.frame_count(state)):
        frame = obj.frame(state, k)
        for var in frame.variables:
            print(var.name, [lane.value for lane in var.lanes])

Errors are :class:`Error` subclasses named after their kind (:class:`MalformedError`,
:class:`IoError`, :class:`UsageError`, ...), as the CLI's JSON names them.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence, Tuple

from . import _native

__all__ = [
    "Session", "WaveState", "Frame", "Variable", "Lane", "LocationPart", "Entry", "entries", "Finding", "Report", "disasm",
    "assemble",
    "Error", "MalformedError", "IllFormedError", "EvaluationError", "UnavailableError",
    "OptimizedOutError", "MissingContextError", "UsageError", "UnsupportedError",
    "IoError", "LimitError",
]


class Error(Exception):
    """A hetdwarf failure: ``kind`` (as the CLI's JSON names it) and ``message``."""

    kind = "error"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class MalformedError(Error):
    """The input does not parse (DWARF, expression bytes, CFI, a wave state)."""
    kind = "malformed"


class IllFormedError(Error):
    """The input parses but breaks a rule of the specification."""
    kind = "ill_formed"


class EvaluationError(Error):
    """Evaluation failed."""
    kind = "evaluation"


class UnavailableError(Error):
    """A register or memory could not be fetched."""
    kind = "unavailable"


class OptimizedOutError(Error):
    """The value has no location here."""
    kind = "optimized_out"


class MissingContextError(Error):
    """An evaluation needs something the context does not supply."""
    kind = "missing_context"


class UsageError(Error):
    """What was asked is wrong (no such frame, variable or lane)."""
    kind = "usage"


class UnsupportedError(Error):
    """The library does not handle this."""
    kind = "unsupported"


class IoError(Error):
    """A file could not be read."""
    kind = "io"


class LimitError(Error):
    """Larger than a limit or the memory budget allows."""
    kind = "limit"


_KINDS = {c.kind: c for c in (MalformedError, IllFormedError, EvaluationError, UnavailableError,
                              OptimizedOutError, MissingContextError, UsageError, UnsupportedError,
                              IoError, LimitError)}


def _count(name: str, value: Optional[int], bits: int = 32) -> Optional[int]:
    """``value`` (a lane, a frame, a size, an address) checked here, where its name is
    known, to fit ``bits`` unsigned bits: the native layer's conversion raises an
    ``OverflowError`` that names no argument."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, not {value}")
    if value >> bits:
        raise ValueError(f"{name} must be below 2**{bits}, not {value:#x}")
    return value


def _state(state) -> Any:
    """The native state of a :class:`WaveState` argument (a ``TypeError`` for anything
    else, rather than an ``AttributeError`` from inside)."""
    if not isinstance(state, WaveState):
        raise TypeError(f"state must be a WaveState, not {type(state).__name__}")
    return state._native


def _call(f, *args, **kwargs):
    try:
        return f(*args, **kwargs)
    except _native.NativeError as e:
        kind, message = e.args
        raise _KINDS.get(kind, Error)(message) from None


@dataclass(frozen=True)
class LocationPart:
    """Where some bits of a value live: one part of a location description.

    ``storage`` is ``"memory"``, ``"register"``, ``"implicit"``, ``"implicit_pointer"`` or
    ``"undefined"``. ``place`` numbers the places of a variable in several places at once;
    ``value_bit_offset`` and ``bits`` say which bits of the value the part holds (``bits``
    ``None``: the whole value). A register part has ``register`` (its DWARF number) and
    ``register_name`` (``"v5"``); a memory part ``address_space`` (``DW_ASPACE_AMDGPU_*``),
    ``address`` and, for lane-private memory, ``lane``; ``bit_offset`` is into the register,
    or past ``address``'s byte. An implicit pointer has ``target`` (DIE offset, byte offset).
    ``elements`` is ``(bits, count, when_mask_bit)`` for ``DW_OP_LLVM_extend`` and
    ``DW_OP_LLVM_select_bit_piece`` parts."""

    place: int
    storage: str
    value_bit_offset: int
    bits: Optional[int]
    register: Optional[int]
    register_name: Optional[str]
    address_space: Optional[int]
    address: Optional[int]
    lane: Optional[int]
    bit_offset: int
    target: Optional[Tuple[int, int]]
    elements: Optional[Tuple[int, int, Optional[bool]]]


@dataclass(frozen=True)
class Lane:
    """One lane's value of a variable.

    ``status`` is ``"value"``, ``"inactive"``, ``"optimized_out"`` or ``"error"``;
    ``value`` the value as Python data (int for integers, characters and enumerators, float,
    bool; a pointer's address as an int; a list for an array, a dict by member name for a
    structure, ``"<i>"`` for the i-th unnamed member; ``None`` for bits that could not be
    read and for what has no plain form, an implicit pointer among them: ``tree`` has it), ``text`` as ``hetdwarf print`` shows it, ``location`` where the
    value lives (the variable's location, or through a path the member's or element's),
    ``error`` why reading failed or why bits are unavailable, ``parts`` that location,
    part by part, and ``tree`` the value with its kind, bits and bytes at every level
    (what ``hetdwarf locals --format json`` gives as ``tree``)."""

    lane: Optional[int]
    status: str
    text: Optional[str]
    value: Any
    location: Optional[str]
    error: Optional[str]
    parts: List[LocationPart] = field(default_factory=list)
    tree: Optional[dict] = None


def _lane(raw) -> Lane:
    """A lane from the native layer's tuple (its typed value as JSON text)."""
    lane, status, text, tree_json, location, error, parts = raw
    tree = None if tree_json is None else json.loads(tree_json)
    return Lane(lane, status, text, _plain(tree), location, error,
                [LocationPart(*p) for p in parts], tree)


def _plain(tree: Optional[dict]) -> Any:
    """A typed value (``Lane.tree``) as plain Python data; see :class:`Lane`."""
    if tree is None:
        return None
    kind = tree.get("kind")
    if kind == "struct":
        return {(f.get("name") or f.get("base") or f"<{i}>"): _plain(f.get("value"))
                for i, f in enumerate(tree.get("fields", []))}
    if kind == "array":
        return [_plain(e) for e in tree.get("elements", [])]
    if kind in ("pointer", "reference", "rvalue_reference"):
        address = tree.get("address")
        return None if address is None else int(address, 16)
    value = tree.get("value")
    if kind == "float" and isinstance(value, str):
        # NaN and the infinities have no JSON number: "nan", "inf", "-inf".
        return float(value)
    if kind in ("signed", "unsigned", "char", "enum") and isinstance(value, str):
        # Beyond 64 bits the JSON holds a decimal string.
        return int(value)
    if kind in ("signed", "unsigned", "bool", "float", "char", "enum"):
        return value
    return None


@dataclass(frozen=True)
class Variable:
    """A variable or parameter in scope, with its value in each lane read."""

    name: str
    type: str
    die: int
    is_parameter: bool
    lanes: List[Lane] = field(default_factory=list)


@dataclass(frozen=True)
class Frame:
    """One frame of a stopped wave: its PC (a code-object address) and variables.
    ``not_read`` counts the variables listed without lanes because the request's
    ``max_lane_values`` ran out (read them with :meth:`Session.read`)."""

    index: int
    pc: int
    variables: List[Variable]
    not_read: int = 0


@dataclass(frozen=True)
class Finding:
    """One problem ``verify`` found: its check id (see ``docs/src/reference/checks.md``),
    severity (``"error"``, ``"warning"``, ``"info"``), where (DIE offset, attribute, function,
    variable name, PC range, operation offset in the expression, ``.debug_frame`` offset)
    and what."""

    check: str
    severity: str
    message: str
    die: Optional[int] = None
    attribute: Optional[str] = None
    function: Optional[str] = None
    name: Optional[str] = None
    pc_range: Optional[tuple] = None
    expression: Optional[str] = None
    op_offset: Optional[int] = None
    cfi_offset: Optional[int] = None


@dataclass(frozen=True)
class Report:
    """What ``verify`` found in one code object: ``findings``, ``errors`` and
    ``warnings`` counts, ``expressions`` checked, and ``coverage`` (``total``,
    ``parameters``, ``locals``, per ``functions`` and ``variables``: scope bytes and the
    available / per-lane / optimized-out bytes among them)."""

    file: str
    processor: str
    findings: List[Finding]
    errors: int
    warnings: int
    expressions: int
    coverage: dict

    @property
    def failed(self) -> bool:
        return self.errors > 0


class WaveState:
    """A wave's registers, EXEC mask and memory (a ``hetdwarf-wave-state/1`` document)."""

    def __init__(self, native):
        self._native = native

    @staticmethod
    def new(processor: str, wave_size: int) -> "WaveState":
        """An empty wave of ``processor`` (``"gfx90a"``) with ``wave_size`` lanes: every
        register and memory byte unknown until set."""
        return WaveState(_call(_native.NativeState.new, processor,
                               _count("wave_size", wave_size)))

    def copy(self) -> "WaveState":
        """An independent copy (``copy.copy`` and ``copy.deepcopy`` give one too): writing
        one leaves the other as it was."""
        return WaveState(_call(self._native.copy))

    __copy__ = copy

    def __deepcopy__(self, memo) -> "WaveState":
        return self.copy()

    def set(self, pc: Optional[int] = None, exec: Optional[int] = None,
            load_bias: Optional[int] = None) -> None:
        """Sets the PC (a code-object address, as the state file's ``pc``), the EXEC mask (one bit per lane of the wave)
        or the load bias."""
        if exec is not None and not 0 <= exec < 1 << self.wave_size:
            raise ValueError(f"exec {exec:#x} has bits past the wave's {self.wave_size} lanes")
        _call(self._native.set, _count("pc", pc, 64), _count("exec", exec, 64),
              _count("load_bias", load_bias, 64))

    def set_register(self, name: str, value) -> None:
        """Sets register ``name``: a scalar (``"s33"``, ``"vcc"``) to an int, a vector
        register (``"v5"``, ``"a2"``) to one dword per lane (``None`` for an unknown lane)."""
        if isinstance(value, int):
            _call(self._native.set_scalar, name, _count("value", value, 64))
        else:
            _call(self._native.set_vector, name, [_count("a lane's dword", v) for v in value])

    def write_memory(self, space: str, address: int, data: bytes,
                     lane: Optional[int] = None) -> None:
        """Writes ``data`` at ``address`` of address space ``space`` (``"global"``,
        ``"local"``, ``"private_lane"``, ``"private_wave"``, ``"generic"``, ...), of ``lane``
        for the per-lane spaces."""
        _call(self._native.write_memory, space, _count("address", address, 64), bytes(data),
              _count("lane", lane))

    @staticmethod
    def load(path: str) -> "WaveState":
        """Loads a wave-state file."""
        return WaveState(_call(_native.NativeState.load, os.fspath(path)))

    @staticmethod
    def from_json(text: str) -> "WaveState":
        """Parses a wave state from JSON text."""
        return WaveState(_call(_native.NativeState.from_json, text))

    def to_json(self) -> str:
        """The state as JSON text."""
        return _call(self._native.to_json)

    def save(self, path: str) -> None:
        """Writes the state to a ``hetdwarf-wave-state/1`` file."""
        with open(path, "w") as f:
            f.write(self.to_json())

    def evaluate(self, expression, lane: Optional[int] = None, read_bits: Optional[int] = None):
        """Evaluates a location expression (bytes, or operations as text) for ``lane``:
        returns ``(location, data)``, the location description as ``hetdwarf eval`` prints it
        and, with ``read_bits``, the little-endian bytes read through it (``None`` for each
        byte with bits that could not be read)."""
        if isinstance(expression, str):
            # Vector registers are numbered by the wave's size (wave32 and wave64 differ).
            expression = bytes(_call(self._native.assemble, expression))
        elif isinstance(expression, int):
            # bytes(5) would be five zero bytes.
            raise TypeError("expression must be bytes or operations as text, not int")
        location, data = _call(self._native.evaluate, bytes(expression), _count("lane", lane),
                               _count("read_bits", read_bits, 64))
        return location, data

    @property
    def processor(self) -> str:
        return _call(self._native.processor)

    @property
    def wave_size(self) -> int:
        return _call(self._native.wave_size)


class Session:
    """An opened code object (a file, or one entry of a container) and its DWARF index.

    Safe to share between threads."""

    def __init__(self, native):
        self._native = native

    @staticmethod
    def open(path: str, processor: Optional[str] = None) -> "Session":
        """Opens a code object, offload bundle or host ELF; ``processor`` (``"gfx90a"``)
        picks a container's entry when there are several."""
        return Session(_call(_native.NativeSession.open, os.fspath(path), processor))

    @staticmethod
    def from_bytes(data: bytes, name: str = "<bytes>", processor: Optional[str] = None) -> "Session":
        """Opens code-object bytes already in memory."""
        return Session(_call(_native.NativeSession.from_bytes, name, bytes(data), processor))

    @property
    def name(self) -> str:
        return self._native.name()

    @property
    def processor(self) -> str:
        return self._native.processor()

    @property
    def kernels(self) -> List[tuple]:
        """(name, wave size) of each kernel."""
        return self._native.kernels()

    def verify(self) -> Report:
        """Verifies the code object's debug information (as ``hetdwarf verify`` does)."""
        r = json.loads(_call(self._native.verify))
        findings = [Finding(check=f["check"], severity=f["severity"], message=f["message"],
                            die=f["die"], attribute=f["attribute"], function=f["function"],
                            name=f["name"],
                            pc_range=None if f["pc_range"] is None else tuple(f["pc_range"]),
                            expression=f["expression"], op_offset=f["op_offset"],
                            cfi_offset=f["cfi_offset"])
                    for f in r["findings"]]
        return Report(r["file"], r["processor"], findings, r["errors"], r["warnings"],
                      r["expressions"], r["coverage"])

    def frame_count(self, state: WaveState) -> int:
        """How many frames the wave in ``state`` has (1 when it cannot be unwound)."""
        return _call(self._native.frame_count, _state(state))

    def frame(self, state: WaveState, index: int = 0,
              lanes: Optional[Sequence[int]] = None,
              max_lane_values: int = 32768) -> Frame:
        """Frame ``index`` of the wave: every variable in scope, read for ``lanes``
        (``None``: every lane). At most ``max_lane_values`` lane values are read, as
        ``hetdwarf locals`` reads them: the variables past them come with no lanes, and
        :attr:`Frame.not_read` counts them."""
        pc, variables, not_read = _call(
            self._native.read_frame, _state(state), _count("frame", index),
            None if lanes is None else [_count("lane", l) for l in lanes],
            _count("max_lane_values", max_lane_values, 64))
        return Frame(index, pc, [
            Variable(name, type_name, die, is_parameter, [_lane(v) for v in values])
            for (name, type_name, die, is_parameter, values) in variables
        ], not_read)

    def read(self, state: WaveState, variable: "Variable | int", frame: int = 0,
             lanes: Optional[Sequence[int]] = None, path: str = "") -> List[Lane]:
        """``variable`` (a :class:`Variable` or its DIE offset) in frame ``frame``, or
        what ``path`` leads to from it (``".m"``, ``"[3]"``, ``"->x"``, ``"*"``), read for
        ``lanes`` (``None``: every lane), as ``hetdwarf print`` reads it. A path the type
        does not have is a :class:`UsageError`."""
        die = variable.die if isinstance(variable, Variable) else int(variable)
        values = _call(self._native.read_variable, _state(state), _count("frame", frame),
                       _count("die", die, 64), str(path),
                       None if lanes is None else [_count("lane", l) for l in lanes])
        return [_lane(v) for v in values]

    def explain(self, state: WaveState, variable: "Variable | int", frame: int = 0) -> dict:
        """Why ``variable`` (a :class:`Variable` or its DIE offset) shows what it shows in
        frame ``frame``, from the machine code, as ``hetdwarf locals --explain --format
        json`` says it under ``explain``: ``state`` (``"present"``, ``"absent"`` or
        ``"no_location"``), a ``why`` sentence, and for ``"present"`` the ``entry``,
        ``registers`` and ``last_write`` (``address``, ``text``, ``register``); for
        ``"absent"`` the ``previous`` entry (``entry``, ``end``, ``cause``, ``instruction``)
        and where the ``next`` starts. :class:`UnsupportedError` in a build without
        LLVM 22."""
        die = variable.die if isinstance(variable, Variable) else int(variable)
        return json.loads(_call(self._native.explain, _state(state), _count("die", die, 64),
                                _count("frame", frame)))

    def read_bytes(self, state: WaveState, variable: "Variable | int", frame: int = 0,
                   lane: Optional[int] = None) -> Tuple[bytes, List[str]]:
        """The raw bytes of ``variable`` (a :class:`Variable` or its DIE offset) in frame
        ``frame`` for ``lane`` (``None``: the first active lane), its type's size, and each
        byte's availability: ``"valid"``, ``"optimized_out"`` or ``"unavailable"`` (such
        bytes are 0)."""
        die = variable.die if isinstance(variable, Variable) else int(variable)
        data, availability = _call(self._native.read_bytes, _state(state), _count("die", die, 64),
                                   _count("frame", frame), _count("lane", lane))
        return bytes(data), list(availability)

    def write(self, state: WaveState, variable: "Variable | int", value: str, frame: int = 0,
              lane: Optional[int] = None, path: str = "") -> None:
        """Writes ``value`` (text parsed by the variable's type: ``"42"``, ``"-1.5"``) into
        ``variable`` (a :class:`Variable` or its DIE offset) in frame ``frame``, or into what
        ``path`` leads to (``".m"``, ``"[3]"``, ``"->x"``), through every place of its
        location, for ``lane`` (``None``: the first active lane). ``state`` changes in
        place; :meth:`WaveState.save` keeps it."""
        die = variable.die if isinstance(variable, Variable) else int(variable)
        if isinstance(value, bool):
            value = "true" if value else "false"
        elif not isinstance(value, (str, int, float)):
            raise TypeError(f"value must be text or a number, not {type(value).__name__}")
        _call(self._native.write, _state(state), _count("die", die, 64), str(value), _count("frame", frame),
              _count("lane", lane), path)

    def frames(self, state: WaveState, lanes: Optional[Sequence[int]] = None) -> List[Frame]:
        """Every frame of the wave."""
        return [self.frame(state, k, lanes) for k in range(self.frame_count(state))]


@dataclass(frozen=True)
class Entry:
    """A device code object inside a file: its bundle ``id``, ``processor``, byte
    ``offset`` in the file (of its compressed bundle, for one that came out of one) and
    ``size``, whether it came out of a compressed bundle, and its ``name``: unique in the
    file (the id, followed by ``@`` and the offset when several entries share the id, as in
    a program built from several source files), what :meth:`Session.open` takes as
    ``processor`` to open exactly this one."""

    id: str
    processor: Optional[str]
    offset: int
    size: int
    compressed: bool
    name: str


def entries(path: str) -> List[Entry]:
    """The device code objects in the file at ``path`` (a code object, an offload bundle, a
    compressed bundle or a host ELF embedding them), in file order: what
    :meth:`Session.open` takes as ``processor``."""
    return [Entry(*e) for e in _call(_native.entries, os.fspath(path))]


def assemble(text: str) -> bytes:
    """Operations as text, named as llvm-dwarfdump names them (``"DW_OP_regx VGPR6
    DW_OP_LLVM_user DW_OP_LLVM_push_lane ..."``; the ``DW_OP_`` prefix and ``DW_OP_LLVM_user``
    may be left out), to expression bytes. Vector registers get their wave64 numbers, as
    llvm-dwarfdump names them; ``WaveState.evaluate`` given text numbers them for the
    state's wave size."""
    return bytes(_call(_native.assemble, text))


def disasm(data: bytes) -> str:
    """Expression bytes as llvm-dwarfdump-22 prints them."""
    return _native.disasm(bytes(data))
