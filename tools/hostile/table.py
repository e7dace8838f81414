#!/usr/bin/env python3
"""table.py -- the README's reliability table: every hostile case, hetdwarf beside
llvm-dwarfdump-22 on the same file, time and peak RSS from measure.py.

usage: tools/hostile/table.py [HETDWARF]     (default target/release/hetdwarf)
Needs python3, llvm-mc-22 and llvm-dwarfdump-22; takes a few minutes (llvm-dwarfdump-22 is
given 20 s per file)."""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
HETDWARF = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target", "release", "hetdwarf")

# case -> hetdwarf commands (the object and state are appended where {o} and {s} stand)
CASES = {
    "code-flood": ["code {o}", "verify {o}"],
    "code-garbage": ["code {o}", "verify {o}", "locals {o} --state {s} --explain"],
    "bidi-names": ["vars {o} --pc 0", "locals {o} --state {s} --format json"],
    "huge-arrays": ["print {o} --state {s} big", "locals {o} --state {s} --all-lanes"],
    "lanes-overflow": ["print {o} --state {s} x"],
    "state-mismatch": ["locals {o} --state {s}"],
    "entry-value-nest": ["locals {o} --state {s} --verbose", "verify {o}"],
    "cfi-self-reference": ["backtrace {o} --state {s}"],
    "broken-units": ["info {o}", "verify {o}"],
    "shared-abbrevs": ["verify {o}", "info {o}"],
    "shared-range-list": ["vars {o} --pc 0", "verify {o}"],
    "frame-base-list": ["locals {o} --state {s}", "verify {o}"],
    "many-variables": ["locals {o} --state {s} --all-lanes", "locals {o} --state {s} --all-lanes --format json"],
    "cube": ["print {o} --state {s} cube --all-lanes"],
    "long-location-list": ["vars {o} --pc 0", "verify {o}", "locals {o} --state {s} --all-lanes"],
    "overlapping-location-list": ["vars {o} --pc 0 --format json", "print {o} --state {s} x", "locals {o} --state {s} --all-lanes", "verify {o}"],
    "shared-location-list": ["vars {o} --pc 0 --format json", "locals {o} --state {s} --all-lanes", "verify {o} --format json"],
    "late-underflow": ["print {o} --state {s} late", "verify {o}"],
    "implicit-pointer-cycle": ["print {o} --state {s} **********p"],
    "deep-nesting": ["print {o} --state {s} inner", "verify {o}"],
    "unreadable-name": ["locals {o} --state {s}"],
    "many-regions": ["print {o} --state {s} mid"],
    "wide-struct": ["print {o} --state {s} wide --all-lanes", "locals {o} --state {s} --all-lanes --format json"],
    "section-bomb-4": ["info {o}"],
    "section-bomb-8": ["info {o}", "verify {o}"],
    "ccob-bomb": ["info {o}"],
    "frame-bomb": ["vars {o} --pc 0x10", "verify {o}"],
}


def measure(cmd, timeout=20):
    out = subprocess.run([sys.executable, os.path.join(HERE, "measure.py"), "--timeout", str(timeout), "--"] + cmd,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def cell(r):
    status = r["status"]
    how = "timeout" if status == "timeout" else ("killed (%s)" % status if isinstance(status, int) and status < 0 else "exit %s" % status)
    return "%s, %.2f s, %d MiB" % (how, r["seconds"], r["max_rss_kib"] // 1024)


def main():
    tmp = tempfile.mkdtemp(prefix="hetdwarf-hostile-table-")
    print("| case | command | hetdwarf | llvm-dwarfdump-22 --debug-info --debug-frame |")
    print("|---|---|---|---|")
    for case, commands in CASES.items():
        subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), case, tmp], check=True)
        obj = None
        for ext in (".o", ".ccob"):
            p = os.path.join(tmp, case + ext)
            if os.path.exists(p) and not os.path.exists(os.path.join(tmp, case + ".s")):
                obj = p
        if obj is None:
            obj = os.path.join(tmp, case + ".o")
            subprocess.run(["llvm-mc-22", "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-filetype=obj",
                            os.path.join(tmp, case + ".s"), "-o", obj], check=True)
        state = os.path.join(tmp, case + ".state.json")
        peer = cell(measure(["llvm-dwarfdump-22", "--debug-info", "--debug-frame", obj]))
        for i, c in enumerate(commands):
            args = c.format(o=obj, s=state).split()
            r = measure([HETDWARF] + args)
            print("| %s | `%s` | %s | %s |" % (case if i == 0 else "", c.format(o="OBJ", s="STATE"), cell(r),
                                              peer if i == 0 else ""))


if __name__ == "__main__":
    main()
