#!/usr/bin/env python3
"""measure.py -- run one command under a time limit and report how it ended.

usage: measure.py [--timeout S] [--stdout-closed] -- CMD ARGS...

Prints one JSON object: status (exit code, or -N for signal N, or "timeout"), seconds
(wall clock), max_rss_kib (the child's peak resident set, from getrusage), and the first
4 KiB of stdout and stderr. With --stdout-closed the child's stdout is a pipe whose
reader has already gone (as `cmd | head -0`).

The peak RSS is what getrusage(RUSAGE_CHILDREN) reports, and Linux counts into it the
memory of the Python process the child was forked from (about 13 MiB): small figures are a
floor of this harness, not the program's own size."""

import json
import os
import resource
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    timeout, closed = 10.0, False
    while args and args[0] != "--":
        if args[0] == "--timeout":
            timeout = float(args[1])
            args = args[2:]
        elif args[0] == "--stdout-closed":
            closed, args = True, args[1:]
        else:
            sys.exit("measure.py: unknown option " + args[0])
    cmd = args[1:]
    start = time.monotonic()
    if closed:
        r, w = os.pipe()
        os.close(r)
        proc = subprocess.Popen(cmd, stdout=w, stderr=subprocess.PIPE, close_fds=False, pass_fds=())
        os.close(w)
    else:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, close_fds=False)
    try:
        out, err = proc.communicate(timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        status = "timeout"
    seconds = time.monotonic() - start
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({
        "status": status,
        "seconds": round(seconds, 3),
        "max_rss_kib": rss,
        "stdout": (out or b"")[:4096].decode("utf-8", "replace"),
        "stderr": (err or b"")[:4096].decode("utf-8", "replace"),
    }))


if __name__ == "__main__":
    main()
