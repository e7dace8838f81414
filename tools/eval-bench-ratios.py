#!/usr/bin/env python3
"""Runs the eval_vs_gimli benchmark several times and prints, for each run, hetdwarf's
speed-up over gimli's `Evaluation` on every expression both evaluate (same-run ratios:
this machine's absolute timings swing between runs, so only ratios within a run compare).

Usage: tools/eval-bench-ratios.py [RUNS] [extra criterion arguments...]
"""

import re
import subprocess
import sys

RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
EXTRA = sys.argv[2:]
UNIT = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
ROWS = {
    "hetdwarf: ": "owned result (evaluate_location_bytes)",
    "hetdwarf into reused: ": "into a reused location (evaluate_location_bytes_into)",
}


def run_once():
    out = subprocess.run(
        ["cargo", "bench", "-p", "hetdwarf", "--bench", "eval_vs_gimli", "--", *EXTRA],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    times = {}
    name = None
    for line in out.splitlines():
        m = re.match(r"^eval_vs_gimli/(.*?)\s*$", line)
        if m and "time:" not in line:
            name = m.group(1)
            continue
        m = re.search(r"time:\s*\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", line)
        if m and name is not None:
            times[name] = float(m.group(1)) * UNIT[m.group(2)]
            name = None
    return times


def main():
    for run in range(1, RUNS + 1):
        times = run_once()
        print(f"run {run}:")
        for name, t in sorted(times.items()):
            if not name.startswith("gimli: "):
                continue
            case = name[len("gimli: "):]
            for prefix, label in ROWS.items():
                ours = times.get(prefix + case)
                if ours:
                    print(f"  {case}: {label}: {t / ours:.2f}x faster "
                          f"({ours:.0f} ns vs {t:.0f} ns)")
        for name, t in sorted(times.items()):
            if "no gimli support" in name and not name.startswith("hetdwarf decode_into"):
                print(f"  {name}: {t:.0f} ns (gimli cannot evaluate it)")


if __name__ == "__main__":
    main()
