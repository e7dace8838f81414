"""The Python bindings on the corpus, checked against the CLI's JSON on the same inputs."""

import json
import os
import subprocess
import threading

import pytest

import hetdwarf

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
CLI = os.environ.get("HETDWARF_CLI", os.path.join(ROOT, "target", "release", "hetdwarf"))


def corpus(rel):
    return os.path.join(ROOT, "corpora", rel)


CASES = [
    ("rocm/ocl-gfx90a-O0.hsaco", "demo-ocl-gfx90a-O0.json"),
    ("rocm/ocl-gfx90a-O0.hsaco", "unwind-ocl-gfx90a-O0.json"),
    ("rocm/ocl-gfx90a-O2.hsaco", "unwind-ocl-gfx90a-O2.json"),
    ("rocm/hip-gfx90a-O0.hsaco", "unwind-hip-gfx90a-O0.json"),
    ("rocm/ocl-gfx1100-O0.hsaco", "unwind-ocl-gfx1100-O0.json"),
]


def cli(*args):
    out = subprocess.run([CLI, *args], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


@pytest.mark.parametrize("obj,state", CASES)
def test_locals_match_the_cli(obj, state):
    session = hetdwarf.Session.open(corpus(obj))
    wave = hetdwarf.WaveState.load(corpus("states/" + state))
    frames = session.frames(wave)
    assert frames
    for frame in frames:
        doc = cli("locals", corpus(obj), "--state", corpus("states/" + state), "--all-lanes",
                  "--format", "json", "--frame", str(frame.index))
        assert doc["pc"] == frame.pc
        assert [v["die"] for v in doc["variables"]] == [v.die for v in frame.variables]
        for theirs, ours in zip(doc["variables"], frame.variables):
            assert theirs["type"] == ours.type
            assert theirs["name"] == ours.name
            assert (theirs["kind"] == "parameter") == ours.is_parameter
            assert len(theirs["lanes"]) == len(ours.lanes)
            for t, o in zip(theirs["lanes"], ours.lanes):
                assert t["lane"] == o.lane
                assert t["value"] == o.text
                assert t.get("location") == o.location
                # A variable with no location here is optimized out, not a value.
                optimized_out = t.get("tree", {}).get("kind") == "optimized_out"
                assert (o.status == "optimized_out") == optimized_out, (ours.name, o)
                if o.status == "value":
                    assert o.tree == t["tree"]
                    assert o.value == plain(t["tree"]), (o.value, t["tree"])


def plain(tree):
    """What the book promises ``Lane.value`` is (``docs/src/guide/python.md``), from the
    CLI's ``tree``."""
    kind = tree["kind"]
    if kind == "struct":
        return {f["name"] or f["base"] or f"<{i}>": plain(f["value"])
                for i, f in enumerate(tree["fields"])}
    if kind == "array":
        return [plain(e) for e in tree["elements"]]
    if kind in ("pointer", "reference", "rvalue_reference"):
        return int(tree["address"], 16)
    if kind == "float":
        return float(tree["value"])
    if kind in ("signed", "unsigned", "char", "enum"):
        return int(tree["value"])
    if kind == "bool":
        return tree["value"]
    return None


def test_values_are_python_data():
    session = hetdwarf.Session.open(corpus("rocm/ocl-gfx90a-O0.hsaco"))
    wave = hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json"))
    frame = session.frame(wave, 0, lanes=[0, 5])
    assert [lane.lane for lane in frame.variables[0].lanes] == [0, 5]
    values = [lane for var in frame.variables for lane in var.lanes if lane.status == "value"]
    assert values and all(lane.text is not None for lane in values)
    # Plain data, as `print` shows it: numbers, lists for arrays, dicts by member name.
    caller = {v.name: v.lanes[0] for v in session.frame(wave, 1, lanes=[2]).variables}
    part = caller["part"]
    assert part.value["pos"] == [2.0, 2.25, -2.0], part.value
    assert isinstance(part.value["cookie"], int) and not isinstance(part.value["cookie"], bool)
    assert isinstance(part.value["flags"], dict)
    assert part.tree["kind"] == "struct" and part.tree["fields"][0]["name"] == "pos"
    assert session.processor == "gfx90a" and wave.wave_size == 64
    assert session.kernels


def test_errors_are_typed():
    with pytest.raises(hetdwarf.IoError, match="nonexistent"):
        hetdwarf.Session.open("/nonexistent/object.hsaco")
    with pytest.raises(hetdwarf.MalformedError):
        hetdwarf.Session.from_bytes(b"not a code object")
    with pytest.raises(hetdwarf.MalformedError):
        hetdwarf.WaveState.from_json('{"format": 1}')
    # Arguments of the wrong type are TypeErrors, not files or values named "None".
    with pytest.raises(TypeError):
        hetdwarf.Session.open(None)
    with pytest.raises(TypeError):
        hetdwarf.WaveState.load(None)
    with pytest.raises(TypeError):
        hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json")).evaluate(5)
    # A code object given for a state is not a state (not an I/O failure).
    with pytest.raises(hetdwarf.MalformedError, match="not UTF-8 text"):
        hetdwarf.WaveState.load(corpus("rocm/ocl-gfx90a-O0.hsaco"))
    session = hetdwarf.Session.open(corpus("rocm/ocl-gfx90a-O0.hsaco"))
    wave = hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json"))
    with pytest.raises(hetdwarf.UsageError, match="no frame 99"):
        session.frame(wave, 99)
    with pytest.raises(hetdwarf.UsageError, match="lane 64"):
        session.frame(wave, 0, lanes=[64])
    with pytest.raises(ValueError, match="frame must be 0 or more"):
        session.frame(wave, -1)
    with pytest.raises(ValueError, match="lane must be 0 or more"):
        session.frame(wave, 0, lanes=[-1])
    other = hetdwarf.WaveState.load(corpus("states/gfx1100-wave32.json"))
    with pytest.raises(hetdwarf.Error, match="gfx1100"):
        session.frame(other)
    assert issubclass(hetdwarf.UsageError, hetdwarf.Error)
    # Too large or negative numbers name their argument (not a bare OverflowError), and a
    # state that is not a WaveState is a TypeError.
    with pytest.raises(ValueError, match="frame must be below"):
        session.frame(wave, 2**40)
    with pytest.raises(ValueError, match="lane must be below"):
        session.frame(wave, 0, lanes=[2**33])
    with pytest.raises(ValueError, match="pc must be 0 or more"):
        wave.set(pc=-1)
    with pytest.raises(ValueError, match="address must be 0 or more"):
        wave.write_memory("global", -1, b"x")
    with pytest.raises(ValueError, match="value must be 0 or more"):
        wave.set_register("s0", -1)
    with pytest.raises(ValueError, match="dword must be below"):
        wave.set_register("v0", [2**40] * 64)
    with pytest.raises(TypeError, match="state must be a WaveState"):
        session.frame_count(None)
    with pytest.raises(TypeError, match="state must be a WaveState"):
        session.frame("not a state")


def test_containers_need_a_processor_when_they_hold_several():
    with pytest.raises(hetdwarf.Error, match="gfx1100"):
        hetdwarf.Session.open(corpus("bundle/hip3.hipfb"))
    session = hetdwarf.Session.open(corpus("bundle/hip3.hipfb"), processor="gfx1100")
    assert session.name.endswith("gfx1100") and session.processor == "gfx1100"


def test_disasm_prints_like_llvm_dwarfdump():
    assert hetdwarf.disasm(bytes([0x91, 0x7F, 0x1A, 0xFF, 0x00])) == \
        "DW_OP_fbreg -1, DW_OP_and, <decoding error> ff 00"
    assert hetdwarf.disasm(b"") == "<empty>"


def test_a_session_is_shared_by_threads():
    session = hetdwarf.Session.open(corpus("rocm/ocl-gfx90a-O0.hsaco"))
    wave_path = corpus("states/demo-ocl-gfx90a-O0.json")
    expected = session.frame(hetdwarf.WaveState.load(wave_path))
    results = []

    def work():
        results.append(session.frame(hetdwarf.WaveState.load(wave_path)))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 4


def test_native_calls_let_other_python_threads_run():
    """Opening, verifying and reading frames release the GIL: a Python thread keeps running
    while they work. (Evaluating one expression releases it too, but takes microseconds:
    too short for the other thread to be seen waking.)"""
    import sys
    import time

    big = corpus("rocrand/rocrand-gfx90a.co")
    obj = big if os.path.exists(big) else corpus("rocm/ocl-gfx90a-O0.hsaco")
    wave = hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json"))
    demo = hetdwarf.Session.open(corpus("rocm/ocl-gfx90a-O0.hsaco"))
    calls = {
        "open": lambda: hetdwarf.Session.open(obj),
        "verify": lambda: demo.verify(),
        "frames": lambda: demo.frames(wave),
    }
    ticks = [0]
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks[0] += 1
            time.sleep(0.0001)

    old = sys.getswitchinterval()
    # This thread gives the GIL up only inside calls that release it.
    sys.setswitchinterval(30.0)
    thread = threading.Thread(target=ticker)
    thread.start()
    during = dict.fromkeys(calls, 0)
    try:
        for _ in range(40):
            for name, call in calls.items():
                before = ticks[0]
                call()
                during[name] += ticks[0] - before
    finally:
        stop.set()
        sys.setswitchinterval(old)
        thread.join()
    assert all(n > 0 for n in during.values()), during


def test_wave_states_round_trip():
    wave = hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json"))
    again = hetdwarf.WaveState.from_json(wave.to_json())
    assert again.to_json() == wave.to_json()


def test_a_write_reads_back_and_agrees_with_set(tmp_path):
    obj = corpus("rocm/ocl-gfx90a-O0.hsaco")
    state_path = corpus("states/demo-ocl-gfx90a-O0.json")
    session = hetdwarf.Session.open(obj)
    wave = hetdwarf.WaveState.load(state_path)
    var = session.frame(wave).variables[0]
    session.write(wave, var, "12345", lane=3)
    assert session.frame(wave, lanes=[3]).variables[0].lanes[0].text == "12345"
    with pytest.raises(hetdwarf.UsageError):
        session.write(wave, var, "1", lane=64)
    with pytest.raises(hetdwarf.Error):
        session.write(wave, var, "not a number", lane=3)
    with pytest.raises(TypeError):
        session.write(wave, var, None, lane=3)
    saved = tmp_path / "new.json"
    wave.save(str(saved))
    # The CLI writing the same value into the original state makes the same state.
    by_cli = tmp_path / "cli.json"
    out = subprocess.run([CLI, "set", obj, "--state", state_path, var.name, "12345",
                          "--lane", "3", "--output", str(by_cli)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(saved.read_text()) == json.loads(by_cli.read_text())


@pytest.mark.parametrize("obj", ["clang22/ocl-gfx90a-O2.hsaco", "hand-verify/evaluation.o",
                                 "rocm/hip-gfx90a-O0.hsaco"])
def test_verify_reports_what_the_cli_reports(obj):
    report = hetdwarf.Session.open(corpus(obj)).verify()
    out = subprocess.run([CLI, "verify", corpus(obj), "--format", "json"],
                         capture_output=True, text=True)
    doc = json.loads(out.stdout)
    assert (out.returncode == 1) == report.failed
    theirs = [(f["check"], f["severity"], f["die"], f["message"]) for f in doc["findings"]]
    ours = [(f.check, f.severity, None if f.die is None else "%#010x" % f.die, f.message)
            for f in report.findings]
    assert ours == theirs
    total = doc["coverage"]["files"][0]["total"]
    assert report.coverage["total"] == total
    assert len(report.coverage["variables"]) == len(doc["coverage"]["files"][0]["variables"])


@pytest.mark.parametrize("state,lane", [("states/demo-ocl-gfx90a-O0.json", 0),
                                        ("states/demo-ocl-gfx90a-O0.json", 5),
                                        ("states/demo-ocl-gfx90a-O0.json", 63),
                                        # wave32 numbers vector registers differently
                                        ("states/gfx1100-wave32.json", 1),
                                        ("states/gfx1100-wave32.json", 31)])
def test_evaluate_matches_the_cli(state, lane):
    state = corpus(state)
    text = "regx v6 LLVM_push_lane lit4 mul LLVM_offset"
    wave = hetdwarf.WaveState.load(state)
    location, data = wave.evaluate(text, lane=lane, read_bits=32)
    out = subprocess.run([CLI, "eval", "--state", state, "--lane", str(lane), "--read", "u32",
                          "--format", "json", text], capture_output=True, text=True)
    doc = json.loads(out.stdout)["lanes"][0]
    assert location == doc["location"]
    hex_bytes = "".join("??" if b is None else "%02x" % b for b in data)
    assert hex_bytes == doc["bytes"]
    assert hetdwarf.assemble(text) == wave_bytes(text)


def wave_bytes(text):
    out = subprocess.run([CLI, "disasm", "--format", "json", text], capture_output=True, text=True)
    return bytes.fromhex(json.loads(out.stdout)["bytes"].replace(" ", ""))


def test_bad_expressions_are_typed_errors():
    wave = hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json"))
    with pytest.raises(hetdwarf.UsageError):
        hetdwarf.assemble("DW_OP_no_such_operation")
    with pytest.raises(hetdwarf.MalformedError):
        wave.evaluate(bytes([0xff]))
    with pytest.raises(hetdwarf.Error):
        wave.evaluate("DW_OP_drop")
    # An expression that loops for ever runs into the step limit.
    with pytest.raises(hetdwarf.LimitError):
        wave.evaluate("l: DW_OP_skip l")


def test_the_example_script_prints_what_locals_prints():
    import sys
    obj, state = corpus(CASES[1][0]), corpus("states/" + CASES[1][1])
    script = os.path.join(ROOT, "tools", "python", "examples", "locals.py")
    out = subprocess.run([sys.executable, script, obj, state], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    frames = max(line["frame"] for line in lines) + 1
    assert frames > 1
    ours = {(l["frame"], l["die"], l["lane"]): l["value"] for l in lines}
    theirs = {}
    for k in range(frames):
        doc = cli("locals", obj, "--state", state, "--all-lanes", "--format", "json",
                  "--frame", str(k))
        for var in doc["variables"]:
            for lane in var["lanes"]:
                theirs[(k, var["die"], lane["lane"])] = lane["value"]
    assert ours == theirs


@pytest.mark.parametrize("obj,state", CASES)
def test_location_parts_name_what_the_location_names(obj, state):
    session = hetdwarf.Session.open(corpus(obj))
    wave = hetdwarf.WaveState.load(corpus("states/" + state))
    checked = 0
    for lane in session.frame(wave).variables[0].lanes + [
            l for v in session.frame(wave).variables for l in v.lanes]:
        if lane.location is None:
            assert lane.parts == []
            continue
        assert lane.parts, lane
        for p in lane.parts:
            assert isinstance(p, hetdwarf.LocationPart)
            if p.storage == "register":
                assert "register " + p.register_name in lane.location
            elif p.storage == "memory":
                assert "%#x" % p.address in lane.location
            checked += 1
    assert checked > 0


def test_read_bytes_gives_the_printed_bytes_and_their_availability():
    session = hetdwarf.Session.open(corpus("rocm/ocl-gfx90a-O0.hsaco"))
    wave = hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json"))
    frame = session.frame(wave, lanes=[0, 1, 2])
    compared = 0
    for var in frame.variables:
        for lane in var.lanes:
            if lane.status != "value" or lane.tree is None:
                continue
            data, availability = session.read_bytes(wave, var, lane=lane.lane)
            assert len(data) == len(availability)
            if "bytes" in lane.tree and all(a == "valid" for a in availability):
                assert data.hex() == lane.tree["bytes"], (var.name, lane.lane)
                compared += 1
    assert compared >= 5
    with pytest.raises(hetdwarf.UsageError):
        session.read_bytes(wave, 1)
    with pytest.raises(hetdwarf.UsageError):
        session.read_bytes(wave, frame.variables[0], lane=999)


def test_entries_match_info():
    bundle = corpus("bundle/hip3.hipfb")
    doc = cli("info", bundle, "--format", "json")
    want = [o["file"].rsplit("#", 1)[1] for o in doc["code_objects"]]
    got = hetdwarf.entries(bundle)
    assert [e.id for e in got] == want
    assert all(isinstance(e, hetdwarf.Entry) and e.size > 0 for e in got)
    for e in got:
        assert hetdwarf.Session.open(bundle, processor=e.id.rsplit("--", 1)[1]).processor == e.processor
    with pytest.raises(hetdwarf.IoError):
        hetdwarf.entries("/nonexistent/file.co")


def test_a_wave_built_in_python_evaluates_as_the_saved_one(tmp_path):
    """Build the registers and memory expressions read, evaluate, save, compare with the
    CLI on the saved file, reload."""
    wave = hetdwarf.WaveState.new("gfx90a", 64)
    wave.set(pc=0x1000, exec=(1 << 64) - 1)
    wave.set_register("v6", [0x100 + lane for lane in range(64)])
    wave.set_register("s33", 0x40)
    for lane in (0, 5, 63):
        wave.write_memory("private_lane", 0x100, bytes([lane, 1, 2, 3]), lane=lane)
    lane_dword = "DW_OP_regx v6, DW_OP_LLVM_push_lane, DW_OP_lit4, DW_OP_mul, DW_OP_LLVM_offset"
    scratch = "DW_OP_constu 0x100, DW_OP_lit5, DW_OP_LLVM_user DW_OP_LLVM_form_aspace_address"
    path = tmp_path / "built.json"
    wave.save(str(path))
    for lane in (0, 5, 63):
        _, data = wave.evaluate(lane_dword, lane=lane, read_bits=32)
        assert data == [lane, 1, 0, 0]
        _, data = wave.evaluate(scratch, lane=lane, read_bits=32)
        assert data == [lane, 1, 2, 3]
        for text in (lane_dword, scratch):
            location, data = wave.evaluate(text, lane=lane, read_bits=32)
            out = subprocess.run([CLI, "eval", "--state", str(path), "--lane", str(lane),
                                  "--read", "u32", "--format", "json", text],
                                 capture_output=True, text=True)
            doc = json.loads(out.stdout)["lanes"][0]
            assert location == doc["location"]
            assert "".join("??" if b is None else "%02x" % b for b in data) == doc["bytes"]
    # A lane whose scratch was not written reads as unavailable, not as zero.
    _, data = wave.evaluate(scratch, lane=1, read_bits=32)
    assert data == [None] * 4
    assert hetdwarf.WaveState.load(str(path)).to_json() == wave.to_json()
    with pytest.raises(hetdwarf.UsageError):
        wave.set_register("v999", [0] * 64)
    with pytest.raises(hetdwarf.UsageError):
        wave.set_register("v6", [0] * 3)
    with pytest.raises(hetdwarf.UsageError):
        wave.write_memory("nowhere", 0, b"\0")
    # Negative numbers name the argument (not a bare OverflowError); EXEC holds one bit
    # per lane.
    with pytest.raises(ValueError, match="lane must be 0 or more"):
        wave.write_memory("private_lane", 0x100, b"\0", lane=-1)
    with pytest.raises(ValueError, match="wave_size must be 0 or more"):
        hetdwarf.WaveState.new("gfx90a", -64)
    with pytest.raises(ValueError, match="past the wave's 64 lanes"):
        wave.set(exec=1 << 64)
    # A lane the wave lacks is a usage error here as in frame() and write().
    with pytest.raises(hetdwarf.UsageError, match="lane 64 does not exist"):
        wave.write_memory("private_lane", 0x100, b"\0", lane=64)
    with pytest.raises(hetdwarf.UsageError):
        hetdwarf.WaveState.new("gfx90a", 48)


def test_plain_values_of_the_kinds_json_cannot_hold_as_numbers():
    import math
    plain_of = hetdwarf._plain
    assert math.isnan(plain_of({"kind": "float", "text": "nan", "value": "nan"}))
    assert plain_of({"kind": "float", "text": "-inf", "value": "-inf"}) == float("-inf")
    wide = {"kind": "unsigned", "text": str(2**128 - 1), "value": str(2**128 - 1)}
    assert plain_of(wide) == 2**128 - 1
    assert plain_of({"kind": "synthetic_pointer", "target_die": 0x40, "offset": 0}) is None
    unnamed = {"kind": "struct", "fields": [
        {"name": None, "base": None, "value": {"kind": "signed", "value": 1}},
        {"name": "b", "base": None, "value": {"kind": "bool", "value": True}}]}
    assert plain_of(unnamed) == {"<0>": 1, "b": True}


def test_frames_are_counted_where_there_is_no_debug_information():
    # The wave stops in a function without debug information; its callers are still
    # there, as `hetdwarf backtrace` shows them.
    session = hetdwarf.Session.open(corpus("hand-lanes/calls-gfx90a.hsaco"))
    wave = hetdwarf.WaveState.load(corpus("states/unwind-calls-gfx90a.json"))
    out = subprocess.run([CLI, "backtrace", corpus("hand-lanes/calls-gfx90a.hsaco"),
                          "--state", corpus("states/unwind-calls-gfx90a.json"),
                          "--format", "json"], capture_output=True, text=True)
    assert session.frame_count(wave) == len(json.loads(out.stdout)["frames"]) == 3


def test_read_follows_a_path_as_print_does():
    obj, state = "rocm/hip-gfx90a-O2.hsaco", "states/rocm-hip-gfx90a-O2.json"
    session = hetdwarf.Session.open(corpus(obj))
    wave = hetdwarf.WaveState.load(corpus(state))
    tile = next(v for v in session.frame(wave).variables if v.name == "tile")
    doc = cli("print", corpus(obj), "--state", corpus(state), "tile[1]", "--all-lanes",
              "--format", "json")
    lanes = session.read(wave, tile, path="[1]")
    assert [(l.lane, l.text, l.location) for l in lanes] == \
        [(t["lane"], t["value"], t.get("location")) for t in doc["lanes"]]
    assert [l.lane for l in session.read(wave, tile.die, path="[1]", lanes=[3, 5])] == [3, 5]
    with pytest.raises(hetdwarf.UsageError, match="not a structure"):
        session.read(wave, tile, path=".x")


def test_a_frame_reads_at_most_max_lane_values():
    obj, state = CASES[0]
    session = hetdwarf.Session.open(corpus(obj))
    wave = hetdwarf.WaveState.load(corpus("states/" + state))
    whole = session.frame(wave)
    assert whole.not_read == 0 and len(whole.variables) > 1
    lanes = len(whole.variables[0].lanes)
    cut = session.frame(wave, max_lane_values=lanes)
    assert [v.die for v in cut.variables] == [v.die for v in whole.variables]
    assert cut.variables[0].lanes == whole.variables[0].lanes
    assert all(not v.lanes for v in cut.variables[1:])
    assert cut.not_read == len(whole.variables) - 1


def test_a_copied_state_is_independent():
    import copy
    wave = hetdwarf.WaveState.load(corpus("states/demo-ocl-gfx90a-O0.json"))
    saved = wave.to_json()
    for made in (wave.copy(), copy.copy(wave), copy.deepcopy(wave)):
        assert made.to_json() == saved
        made.set(pc=0x10)
        assert wave.to_json() == saved
        assert made.to_json() != saved


def test_explain_matches_the_cli():
    """``Session.explain`` answers what ``locals --explain --format json`` says."""
    obj, state = "rocm/hip-gfx90a-O2.hsaco", "rocm-hip-gfx90a-O2.json"
    session = hetdwarf.Session.open(corpus(obj))
    wave = hetdwarf.WaveState.load(corpus("states/" + state))
    doc = cli("locals", corpus(obj), "--state", corpus("states/" + state), "--explain",
              "--format", "json")
    assert doc["variables"]
    for v in doc["variables"]:
        assert session.explain(wave, v["die"]) == v["explain"]
    with pytest.raises(hetdwarf.UsageError):
        session.explain(wave, 1)
