#!/usr/bin/env python3
"""extract_bundle.py -- pull AMDGPU code objects out of clang offload bundles.

Scans FILE (a shared library, an executable, a raw .hip_fatbin dump or a
bundle) for every uncompressed `__CLANG_OFFLOAD_BUNDLE__` and writes each
amdgcn entry as OUTDIR/<prefix>-<processor>[-<features>].co, e.g.
  hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+  ->  rocrand-gfx90a-xnack+.co
Bundle layout: magic, u64 entry count, then per entry u64 offset (from the
bundle start), u64 size, u64 id length, id; all little-endian.
Compressed (CCOB) bundles are reported and skipped.

Prints one line per written file ("name sha256"), fails on a malformed
bundle, on two entries mapping to one name, or when nothing was found.

usage: extract_bundle.py FILE OUTDIR [--prefix rocrand]
"""
import argparse
import hashlib
import os
import struct
import sys

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"


def entries(data, start):
    """Yield (id, bytes) for the bundle beginning at `start`."""
    pos = start + len(MAGIC)
    (count,) = struct.unpack_from("<Q", data, pos)
    pos += 8
    if count > 4096:
        raise ValueError("implausible entry count %d at 0x%x" % (count, start))
    for _ in range(count):
        off, size, idlen = struct.unpack_from("<QQQ", data, pos)
        pos += 24
        ident = data[pos:pos + idlen].decode()
        pos += idlen
        lo, hi = start + off, start + off + size
        if hi > len(data):
            raise ValueError("entry %s runs past the end of the file" % ident)
        yield ident, data[lo:hi]


def file_name(prefix, ident):
    """hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+ -> <prefix>-gfx90a-xnack+.co"""
    target_id = ident.split("--", 1)[1] if "--" in ident else ident
    return "%s-%s.co" % (prefix, target_id.replace(":", "-"))


def main():
    ap = argparse.ArgumentParser(description="extract code objects from offload bundles")
    ap.add_argument("file")
    ap.add_argument("outdir")
    ap.add_argument("--prefix", default="co")
    a = ap.parse_args()
    data = open(a.file, "rb").read()
    os.makedirs(a.outdir, exist_ok=True)
    written = {}
    if b"CCOB" in data and MAGIC not in data:
        print("extract_bundle.py: only compressed (CCOB) bundles found; not handled", file=sys.stderr)
    pos = data.find(MAGIC)
    while pos >= 0:
        for ident, blob in entries(data, pos):
            if "amdgcn" not in ident or not blob:
                continue
            name = file_name(a.prefix, ident)
            if name in written:
                sys.exit("extract_bundle.py: two entries named %s" % name)
            with open(os.path.join(a.outdir, name), "wb") as f:
                f.write(blob)
            written[name] = hashlib.sha256(blob).hexdigest()
        pos = data.find(MAGIC, pos + len(MAGIC))
    if not written:
        sys.exit("extract_bundle.py: no amdgcn code objects in %s" % a.file)
    for name in sorted(written):
        print(name, written[name])


if __name__ == "__main__":
    main()
