#!/usr/bin/env python3
"""Makes the hand-made wave states of the end-to-end matrix (corpora/states/e2e/*.json),
read by tools/tests/e2e_matrix.rs.

Each state stops one wave of one corpus object at a PC where variables are live. Where the
values go was read from `llvm-dwarfdump-22` (corpora/expected/<object>.dwarfdump.txt), never
from hetdwarf, and the scratch layout is written here from AMDGPU's rules, not through
hetdwarf's `private_lane` convenience:

* private (scratch) memory is written as `private_wave` bytes with the hardware's dword
  interleave: lane L's private address p is private_wave (p/4)*wave*4 + L*4 + p%4;
* the frame pointer s33 holds, on a MUBUF-scratch processor (gfx900, gfx90a, gfx1030), a
  wave-scaled offset: the per-lane frame base FB times the wave size; on a flat-scratch
  processor (gfx942, gfx1100) it holds FB itself (`llvm-objdump-22 -d`: MUBUF functions
  use `buffer_store_dword ... s33 offset:N` and `s_add_i32 s32, s32, frame*wave`, flat
  ones `scratch_store ... s33 offset:N` and `s_add_i32 s32, s32, frame`);
* generic pointers are made from explicit apertures: shared_base 1<<48, private_base 2<<48.

Lane L's values are simple functions of L (see `particle`, `leaf_mix_o0`, ...); lanes not
in EXEC still get register values (so a tool that ignored EXEC would show them), but the
tests expect them to be reported inactive.

Usage: python3 tools/make-e2e-states.py   (rewrites every file; the output is stable)
"""
import json
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "corpora/states/e2e"

SHARED_BASE = 1 << 48
PRIVATE_BASE = 2 << 48
EXEC64 = 0x0000FFFF_FFFF7FFF  # lanes 15 and 48..63 inactive
EXEC32 = 0xFFFF7FFF  # lane 15 inactive
WAVE_SCALED = {"gfx900": True, "gfx90a": True, "gfx1030": True, "gfx942": False, "gfx1100": False}


class State:
    def __init__(self, processor, wave, pc):
        self.processor = processor
        self.wave = wave
        self.pc = pc
        self.exec = EXEC64 if wave == 64 else EXEC32
        self.regs = {}
        self.scratch = {}  # private_wave address -> byte
        self.lds = {}
        self.glob = {}

    def lanes(self):
        return [lane for lane in range(self.wave) if (self.exec >> lane) & 1]

    def sgpr(self, n, value):
        self.regs[f"s{n}"] = hex(value & 0xFFFFFFFF)

    def vgpr(self, n, f):
        """v<n>: lane L holds f(L) (a 32-bit value), for every lane, active or not."""
        self.regs[f"v{n}"] = [hex(f(lane) & 0xFFFFFFFF) for lane in range(self.wave)]

    def frame_pointer(self, fb):
        """s33 for a per-lane frame base `fb`."""
        self.sgpr(33, fb * self.wave if WAVE_SCALED[self.processor] else fb)

    def private(self, lane, addr, data):
        for i, b in enumerate(data):
            p = addr + i
            self.scratch[(p // 4) * self.wave * 4 + lane * 4 + p % 4] = b

    def local(self, addr, data):
        for i, b in enumerate(data):
            self.lds[addr + i] = b

    def global_(self, addr, data):
        for i, b in enumerate(data):
            self.glob[addr + i] = b

    def json(self):
        memory = []
        for space, store in (("global", self.glob), ("local", self.lds), ("private_wave", self.scratch)):
            run_start, run = None, bytearray()
            for addr in sorted(store) + [None]:
                if addr is not None and run_start is not None and addr == run_start + len(run):
                    run.append(store[addr])
                    continue
                if run_start is not None:
                    memory.append({"space": space, "address": hex(run_start), "bytes": run.hex()})
                if addr is not None:
                    run_start, run = addr, bytearray([store[addr]])
        return {
            "format": "hetdwarf-wave-state/1",
            "processor": self.processor,
            "wave_size": self.wave,
            "pc": hex(self.pc),
            "exec": hex(self.exec),
            "registers": self.regs,
            "memory": memory,
            "apertures": {"shared_base": hex(SHARED_BASE), "private_base": hex(PRIVATE_BASE)},
        }


def particle(lane):
    """OpenCL particle_t of lane L (24 bytes): pos = {L, L + 0.5, -L}, flags = {valid = L & 1,
    kind = (L >> 1) & 7, level = (L >> 4) & 15, delta = -L, spare = 0}, cookie =
    0xC0DE0000 + L."""
    flags = (lane & 1) | (((lane >> 1) & 7) << 1) | (((lane >> 4) & 15) << 4) | (((-lane) & 0xFFF) << 8)
    return struct.pack("<fffIQ", float(lane), lane + 0.5, -float(lane), flags, 0xC0DE0000 + lane)


PART = 0x100  # per-lane private address of the caller's particle_t
INT_SLOT = 0x180  # per-lane private int that even lanes' generic_out points at


def leaf_mix_o0(st, fb, offs):
    """leaf_mix at -O0: p, generic_out, lane, acc, d at fb + offs[name]."""
    st.frame_pointer(fb)
    for lane in st.lanes():
        st.private(lane, PART, particle(lane))
        st.private(lane, INT_SLOT, struct.pack("<i", 1000 + lane))
        # Even lanes point into their own scratch through the private aperture, odd lanes
        # into LDS through the shared aperture.
        gout = PRIVATE_BASE + INT_SLOT if lane % 2 == 0 else SHARED_BASE + 0x200 + 4 * lane
        st.private(lane, fb + offs["p"], struct.pack("<I", PART))
        st.private(lane, fb + offs["generic_out"], struct.pack("<Q", gout))
        st.private(lane, fb + offs["lane"], struct.pack("<I", lane))
        st.private(lane, fb + offs["acc"], struct.pack("<f", lane * 0.25 + 0.5))
        st.private(lane, fb + offs["d"], struct.pack("<i", lane % 3))
    for lane in range(st.wave):
        st.local(0x200 + 4 * lane, struct.pack("<i", -lane))


TILE = 0x80  # LDS address of stage's tile
SRC = 0x10000  # global address of stage's src


def stage_o0(st, fb, offs):
    """stage at -O0: src, tile, lane, seed, part, sink, r at fb + offs[name]."""
    st.frame_pointer(fb)
    for lane in st.lanes():
        st.private(lane, fb + offs["src"], struct.pack("<Q", SRC))
        st.private(lane, fb + offs["tile"], struct.pack("<I", TILE))
        st.private(lane, fb + offs["lane"], struct.pack("<I", lane))
        st.private(lane, fb + offs["seed"], struct.pack("<Q", 0x0123456789ABCDEF + lane))
        st.private(lane, fb + offs["part"], particle(lane))
        st.private(lane, fb + offs["sink"], struct.pack("<i", -2 * lane))
        st.private(lane, fb + offs["r"], struct.pack("<f", lane * 1.5))
    tile_and_src(st)


def tile_and_src(st):
    for k in range(64):
        st.local(TILE + 4 * k, struct.pack("<f", k * 0.5))
    for k in range(8):
        st.global_(SRC + 4 * k, struct.pack("<f", 100.0 + k))


SAMPLES = 0x200  # per-lane private address of the caller's Sample[2]


def sample(lane, k):
    """HIP Sample k of lane L (24 bytes): value = L + k/4, bits = {lo = L & 31,
    mid = 100 + k, hi = -L}, stamp = 1000 * L + k."""
    bits = (lane & 31) | ((100 + k) << 5) | (((-lane) & 0x3FFFF) << 14)
    return struct.pack("<dIxxxxq", lane + k / 4, bits, 1000 * lane + k)


def accumulate_o0(st, fb, with_i=True):
    """HIP accumulate at -O0: samples @+8 (generic pointer into the lane's scratch), count
    @+16, base @+24, total @+32, clamped @+48, i @+64."""
    st.frame_pointer(fb)
    for lane in st.lanes():
        st.private(lane, SAMPLES, sample(lane, 0) + sample(lane, 1))
        st.private(lane, fb + 8, struct.pack("<Q", PRIVATE_BASE + SAMPLES))
        st.private(lane, fb + 16, struct.pack("<i", 2))
        st.private(lane, fb + 24, struct.pack("<q", -5 - lane))
        st.private(lane, fb + 32, struct.pack("<d", lane * 0.125))
        st.private(lane, fb + 48, struct.pack("<4i", lane, -lane, 7, 0))
        if with_i:
            st.private(lane, fb + 64, struct.pack("<i", lane % 2))


OCL_LEAF_NEW = {"p": 4, "generic_out": 8, "lane": 16, "acc": 20, "d": 24}
OCL_LEAF_OLD = {"p": 0, "generic_out": 8, "lane": 16, "acc": 20, "d": 24}
OCL_STAGE_NEW = {"src": 8, "tile": 16, "lane": 20, "seed": 24, "part": 32, "sink": 56, "r": 60}
OCL_STAGE_OLD = {"src": 0, "tile": 8, "lane": 12, "seed": 16, "part": 24, "sink": 48, "r": 52}


def o0(processor, wave, pc, fn, *args):
    st = State(processor, wave, pc)
    fn(st, *args)
    return st


def o2_clang_stage(processor, wave, pc, regs):
    """Upstream clang -O2 `stage`: per-lane values in VGPRs (`regs` names them), part at
    fbreg +0 (frame base s33)."""
    st = State(processor, wave, pc)
    fb = 0x40
    st.frame_pointer(fb)
    for lane in st.lanes():
        st.private(lane, fb, particle(lane))
    seed = lambda lane: 0x0123456789ABCDEF + lane  # noqa: E731
    st.vgpr(regs["src_lo"], lambda lane: SRC + 0x40)  # low half: optimized out at the PC
    st.vgpr(regs["src_hi"], lambda lane: 0x7F00 + lane)
    st.vgpr(regs["seed_lo"], lambda lane: seed(lane))
    if "seed_hi" in regs:
        st.vgpr(regs["seed_hi"], lambda lane: seed(lane) >> 32)
    if "lane" in regs:
        st.vgpr(regs["lane"], lambda lane: lane)
    if "tile" in regs:
        st.vgpr(regs["tile"], lambda lane: TILE + 4 * (lane % 4))
    tile_and_src(st)
    return st


def rocm_stage_o2():
    """AMD's LLVM -O2 `stage` (gfx90a) at 0x1b74: tile = lane slice of v2, seed = lane slices
    of v4 (low) and v5 (high), part at (s33 >> 6) + 0 in private_lane, sink = 0 (implicit)."""
    st = State("gfx90a", 64, 0x1B74)
    fb = 0x40
    st.frame_pointer(fb)
    for lane in st.lanes():
        st.private(lane, fb, particle(lane))
    st.vgpr(2, lambda lane: TILE + 4 * (lane % 4))
    st.vgpr(4, lambda lane: 0x89ABCDEF + lane)
    st.vgpr(5, lambda lane: 0x01234567)
    tile_and_src(st)
    return st


def rocm_particles_o2():
    """AMD's LLVM -O2 kernel `particles` (gfx1100 wave32) at 0x2200: src = s[10:11], tile =
    s2 (local pointer), seed = s[0:1]; lane and v out of their ranges."""
    st = State("gfx1100", 32, 0x2200)
    st.sgpr(10, SRC)
    st.sgpr(11, 0)
    st.sgpr(2, TILE)
    st.sgpr(0, 0x89ABCDEF)
    st.sgpr(1, 0x01234567)
    st.vgpr(0, lambda lane: 0xDEAD0000 + lane)
    tile_and_src(st)
    return st


def histogram_o0():
    """clang 19 -O0 kernel `histogram` (gfx1100) at 0x3c00: the kernel-scope `__local uint
    local_bins[32]` is `addrx 1 (0, the undefined LDS symbol), lit2, swap, xderef`: clang <= 19
    numbers local 2. local_bins[k] = 10 k + 1 at LDS address 0."""
    st = State("gfx1100", 32, 0x3C00)
    st.sgpr(33, 0x40)
    for k in range(32):
        st.local(4 * k, struct.pack("<I", 10 * k + 1))
    return st


STATES = {
    # name: (object, state)
    "clang22-ocl-gfx900-O0-leaf_mix": o0("gfx900", 64, 0x2404, leaf_mix_o0, 0x40, OCL_LEAF_NEW),
    "clang19-ocl-gfx900-O0-leaf_mix": o0("gfx900", 64, 0x2304, leaf_mix_o0, 0x40, OCL_LEAF_OLD),
    "clang14-ocl-gfx900-O0-leaf_mix": o0("gfx900", 64, 0x1E04, leaf_mix_o0, 0x40, OCL_LEAF_OLD),
    "clang19-ocl-gfx1100-O0-leaf_mix": o0("gfx1100", 32, 0x2304, leaf_mix_o0, 0x40, OCL_LEAF_OLD),
    "rocm-ocl-gfx1100-O0-leaf_mix": o0("gfx1100", 32, 0x2404, leaf_mix_o0, 0x40, OCL_LEAF_NEW),
    "clang19-ocl-gfx900-O0-stage": o0("gfx900", 64, 0x2800, stage_o0, 0x40, OCL_STAGE_OLD),
    "clang22-ocl-gfx1030-O0-stage": o0("gfx1030", 32, 0x2904, stage_o0, 0x40, OCL_STAGE_NEW),
    "clang22-hip-gfx942-O0-accumulate": o0("gfx942", 64, 0x2104, accumulate_o0, 0x40),
    "clang19-hip-gfx1030-O0-accumulate": o0("gfx1030", 32, 0x2200, accumulate_o0, 0x40),
    "clang14-hip-gfx90a-O0-accumulate": o0("gfx90a", 64, 0x1D04, accumulate_o0, 0x40),
    "clang22-ocl-gfx1100-O2-stage": o2_clang_stage(
        "gfx1100", 32, 0x1C48, {"src_lo": 0, "src_hi": 1, "seed_lo": 5, "seed_hi": 11}
    ),
    "clang19-ocl-gfx90a-O2-stage": o2_clang_stage(
        "gfx90a", 64, 0x1B14, {"src_lo": 0, "src_hi": 1, "seed_lo": 4, "lane": 14}
    ),
    "clang14-ocl-gfx90a-O2-stage": o2_clang_stage(
        "gfx90a", 64, 0x1B00, {"src_lo": 0, "src_hi": 1, "seed_lo": 4, "lane": 12, "tile": 2}
    ),
    "rocm-ocl-gfx90a-O2-stage": rocm_stage_o2(),
    "rocm-ocl-gfx1100-O2-particles": rocm_particles_o2(),
    "clang19-ocl-gfx1100-O0-histogram": histogram_o0(),
}


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, st in STATES.items():
        path = OUT / f"{name}.json"
        path.write_text(json.dumps(st.json(), indent=1) + "\n")
        print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
