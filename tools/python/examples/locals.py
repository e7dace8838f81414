"""locals.py -- every frame's variables, for every lane, through hetdwarf's Python bindings.

    python tools/python/examples/locals.py corpora/rocm/ocl-gfx90a-O0.hsaco \\
        corpora/states/demo-ocl-gfx90a-O0.json

Prints one JSON object per line and lane, as tools/capi/examples/locals.c does:
    {"frame": K, "pc": P, "die": D, "name": ..., "type": ..., "lane": L,
     "status": "value|inactive|optimized_out|error", "value": text or null, "location": ...}
"""

import json
import sys

import hetdwarf


def main(argv):
    if len(argv) != 3:
        print("usage: locals.py CODE_OBJECT WAVE_STATE", file=sys.stderr)
        return 2
    try:
        session = hetdwarf.Session.open(argv[1])
        state = hetdwarf.WaveState.load(argv[2])
        frames = session.frames(state)
    except hetdwarf.Error as e:
        print("locals: %s (%s)" % (e, e.kind), file=sys.stderr)
        return 1
    for frame in frames:
        for var in frame.variables:
            for lane in var.lanes:
                print(json.dumps({"frame": frame.index, "pc": frame.pc, "die": var.die,
                                  "name": var.name, "type": var.type, "lane": lane.lane,
                                  "status": lane.status, "value": lane.text,
                                  "location": lane.location}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
