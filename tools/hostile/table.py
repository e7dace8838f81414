#!/usr/bin/env python3
"""table.py -- the reliability table of the book's *Hostile input* page
(docs/src/figures/hostile.md): every hostile case, hetdwarf beside llvm-dwarfdump-22 on the
same file, time and peak RSS from measure.py. It prints the table (header included) on
stdout: paste it over the one on that page.

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
if sys.argv[1:] and sys.argv[1] in ("-h", "--help"):
    print(__doc__)
    sys.exit(0)
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
    "sparse-elf": ["info {o} --max-memory 1M", "verify {d}"],
    "sparse-section": ["info {o} --max-memory 1M"],
    "long-symbol-names": ["info {o}", "locals {o} --state {s}"],
    "long-function-names": ["info {o}"],
    "relocation-sections": ["info {o}", "verify {o}"],
    "call-location-list": ["print {o} --state {s} x"],
    "report-shared-list": ["report {o} --format text", "report {o} -o {o}.html"],
    "forged-strings": ["info {o}", "vars {o} --pc 0", "report {o} --format text"],
}

# IR cases (tools/hostile/gen_ir.py makes the modules, checked against one corpus object):
# case -> (module, hetdwarf command) pairs, {m} the module and {o} the object; a module named
# ops is corpora/diop/ops.ll itself. The peer is llvm-as-22 on the same module.
IR_OBJECT = os.path.join(ROOT, "corpora", "diop", "ops-gfx90a-O2.o")
IR_CASES = {
    "ir-shared-expression": [("ir-shared-expression", "verify --ir {m} {o}"),
                             ("ir-shared-expression-valid", "verify --format json --ir {m} {o}")],
    "ir-shared-variable": [("ir-shared-variable", "verify --ir {m} {o}"),
                           ("ir-shared-variable-scope", "verify --ir {m} {o}")],
    "ir-comma-flood": [("ir-comma-flood", "verify --format json --ir {m} {o}"),
                       ("ir-comma-flood-paren", "verify --ir {m} {o}"),
                       ("ir-comma-flood-small", "verify --ir {m} {o}")],
    "ir-states": [("ops", "verify --ir-states 1000000 --ir {m} {o}")],
}


def long_path_tree(top, depth=1500):
    """A tree `depth` directories deep (a path beyond PATH_MAX) with a corpus object at the
    bottom and a link to nothing at the top; made through open directories."""
    os.makedirs(top, exist_ok=True)
    fd = os.open(top, os.O_RDONLY)
    for _ in range(depth):
        os.mkdir("dddd", dir_fd=fd)
        nxt = os.open("dddd", os.O_RDONLY, dir_fd=fd)
        os.close(fd)
        fd = nxt
    with open(os.path.join(ROOT, "corpora", "llc22", "ir-gfx90a-O0.o"), "rb") as f:
        data = f.read()
    out = os.open("deep.o", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
    os.write(out, data)
    os.close(out)
    os.close(fd)
    os.symlink("/nowhere", os.path.join(top, "dangling.o"))


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
        # Each case in a folder of its own, which `{d}` names (verify DIR of it alone).
        here = os.path.join(tmp, case)
        subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), case, here], check=True)
        obj = None
        for ext in (".o", ".ccob"):
            p = os.path.join(here, case + ext)
            if os.path.exists(p) and not os.path.exists(os.path.join(here, case + ".s")):
                obj = p
        if obj is None:
            obj = os.path.join(here, case + ".o")
            subprocess.run(["llvm-mc-22", "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-filetype=obj",
                            os.path.join(here, case + ".s"), "-o", obj], check=True)
        state = os.path.join(here, case + ".state.json")
        peer = cell(measure(["llvm-dwarfdump-22", "--debug-info", "--debug-frame", obj]))
        for i, c in enumerate(commands):
            args = c.format(o=obj, s=state, d=here).split()
            r = measure([HETDWARF] + args)
            print("| %s | `%s` | %s | %s |" % (case if i == 0 else "", c.format(o="OBJ", s="STATE", d="DIR"), cell(r),
                                              peer if i == 0 else ""))
    deep = os.path.join(tmp, "long-path")
    long_path_tree(deep)
    r = measure([HETDWARF, "verify", deep, "--no-code"])
    print("| long-path | `verify DIR` (1 500 nested directories, a link to nothing) | %s | |" % cell(r))
    for case, commands in IR_CASES.items():
        if any(m != "ops" for m, _ in commands):
            subprocess.run([sys.executable, os.path.join(HERE, "gen_ir.py"), case, tmp], check=True)
        for i, (m, c) in enumerate(commands):
            path = os.path.join(ROOT, "corpora", "diop", "ops.ll") if m == "ops" else os.path.join(tmp, m + ".ll")
            r = measure([HETDWARF] + c.format(m=path, o=IR_OBJECT).split())
            peer = "llvm-as-22: " + cell(measure(["llvm-as-22", "-o", os.devnull, path]))
            shown = c.format(m="MODULE" if m == "ops" else m + ".ll", o="OBJ")
            if m == "ops":
                shown = shown.replace("MODULE", "corpora/diop/ops.ll")
            print("| %s | `%s` | %s | %s |" % (case if i == 0 else "", shown, cell(r), peer))


if __name__ == "__main__":
    main()
