#!/usr/bin/env python3
"""Makes corpora/states/demo-ocl-gfx90a-O0.json: the wave state of
corpora/states/unwind-ocl-gfx90a-O0.json (stopped in leaf_mix, called from stage, called
from the kernel particles of corpora/rocm/ocl-gfx90a-O0.hsaco) plus per-lane scratch
contents for the locals of the two innermost frames, so that `hetdwarf locals` shows
values.

Where the values go comes from the code object's DWARF (`hetdwarf print ... --verbose`):
frame 0 (leaf_mix, s33 = 0x3000, per-lane base 0x3000 >> 6 = 0xc0, whose first dword is
a VGPR spill slot already in the state): p @0xc4 (private
particle_t *), generic_out @0xc8 (int *), lane @0xd0, acc @0xd4 (float), d @0xd8;
frame 1 (stage, s33 = 0x2000, base 0x80): src @0x88, tile @0x90, lane @0x94, seed @0x98,
part @0xa0 (particle_t: float pos[3], flags_t flags, ulong cookie), sink @0xb8, r @0xbc.
Lane L holds lane = L, acc = L / 2, part.pos = {L, L + 0.25, -L}, and so on. Lanes 16-31
are inactive in EXEC and get no values.
"""
import json
import struct
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
base = json.loads((root / "corpora/states/unwind-ocl-gfx90a-O0.json").read_text())
exec_mask = int(base["exec"], 16) if isinstance(base["exec"], str) else base["exec"]

memory = list(base.get("memory", []))
for lane in range(64):
    if not (exec_mask >> lane) & 1:
        continue
    frame0 = struct.pack(
        "<IQIfI",
        0xA0,                   # 0xc4: p -> stage's part (private_lane 0xa0)
        0x10000 + 4 * lane,     # 0xc8: generic_out
        lane,                   # 0xd0: lane
        lane / 2,               # 0xd4: acc
        3,                      # 0xd8: d
    )
    frame1 = struct.pack(
        "<QIIQfffIQif",
        0x20000,                # 0x88: src
        0x40 * lane,            # 0x90: tile (local)
        lane,                   # 0x94: lane
        0x12345678_00000000 + lane,  # 0x98: seed
        float(lane), lane + 0.25, -float(lane),  # 0xa0: part.pos
        (lane << 1) | 1,        # 0xac: part.flags (valid = 1, bits above: the lane)
        0xC0FFEE00 + lane,      # 0xb0: part.cookie
        -lane,                  # 0xb8: sink
        lane * 1.5,             # 0xbc: r
    )
    memory.append({"space": "private_lane", "lane": lane, "address": "0xc4", "bytes": frame0.hex()})
    memory.append({"space": "private_lane", "lane": lane, "address": "0x88", "bytes": frame1.hex()})

base["memory"] = memory
out = root / "corpora/states/demo-ocl-gfx90a-O0.json"
out.write_text(json.dumps(base, indent=1) + "\n")
print(f"wrote {out.relative_to(root)}", file=sys.stderr)
