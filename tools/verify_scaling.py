#!/usr/bin/env python3
"""Multi-core scaling of `hetdwarf verify` over a release-sized set of code objects.

Every plain AMDGPU code object under corpora/ (the rocRAND objects fetched by
tools/fetch-rocrand.sh included) is hard-linked COPIES times into one directory, which one
`hetdwarf verify --format jsonl` process verifies with RAYON_NUM_THREADS set to each thread
count in turn (rounds alternate, so that a change in the machine's load hits every count
alike). Prints, per count, the median wall time, the throughput in MB of input per second,
the speed-up over one thread and the largest peak RSS of the child (getrusage).

Usage: python3 tools/verify_scaling.py [--bin target/release/hetdwarf] [--copies 16]
       [--threads 1,2,4,8,16] [--rounds 3]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def plain_code_objects(top):
    """AMDGPU ELF files (e_machine 224) under `top`, sorted."""
    found = []
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            with open(path, "rb") as f:
                head = f.read(20)
            if head.startswith(b"\x7fELF") and head[18:20] == b"\xe0\x00":
                found.append(path)
    return found


def run_once(binary, directory, threads):
    """Wall seconds and peak RSS (KiB) of one verify process."""
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    start = time.perf_counter()
    child = subprocess.Popen([binary, "verify", "--format", "jsonl", directory], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    # verify exits 1 when an object has errors (the hand-made corpora do); 2 and above
    # is a failure of the run itself.
    if code not in (0, 1):
        sys.exit(f"{binary} verify {directory} exited {code}")
    return wall, usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/hetdwarf"))
    ap.add_argument("--copies", type=int, default=16)
    ap.add_argument("--threads", default="1,2,4,8,16")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    threads = [int(t) for t in args.threads.split(",")]

    objects = plain_code_objects(os.path.join(ROOT, "corpora"))
    if not any("rocrand" in p for p in objects):
        print("note: no rocRAND objects (run tools/fetch-rocrand.sh)", file=sys.stderr)
    work = tempfile.mkdtemp(prefix="verify-scaling-")
    try:
        total = 0
        for copy in range(args.copies):
            for i, path in enumerate(objects):
                link = os.path.join(work, f"{copy:03}-{i:04}-{os.path.basename(path)}")
                try:
                    os.link(path, link)
                except OSError:
                    shutil.copyfile(path, link)
                total += os.path.getsize(path)
        files = len(objects) * args.copies
        print(
            f"{files} files ({len(objects)} objects x {args.copies}), {total / 1e6:.1f} MB, "
            f"{os.cpu_count()} CPUs, {args.rounds} rounds"
        )
        walls = {t: [] for t in threads}
        rss = {t: 0 for t in threads}
        for _ in range(args.rounds):
            for t in threads:
                wall, peak = run_once(args.bin, work, t)
                walls[t].append(wall)
                rss[t] = max(rss[t], peak)
        base = statistics.median(walls[threads[0]])
        print("threads  median s    MB/s  speed-up  peak RSS MiB")
        for t in threads:
            m = statistics.median(walls[t])
            print(
                f"{t:>7}  {m:>8.3f}  {total / 1e6 / m:>6.0f}  {base / m:>8.2f}  {rss[t] / 1024:>12.1f}"
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
