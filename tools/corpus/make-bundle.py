#!/usr/bin/env python3
"""make-bundle.py -- clang offload bundles and a host ELF that embeds one.

HIP programs carry their device code objects in a clang offload bundle
(`__CLANG_OFFLOAD_BUNDLE__`), usually inside the `.hip_fatbin` section of the
host executable or library, and newer toolchains compress that bundle
(`CCOB` header + zlib or zstd).  This script writes all three shapes without
needing the clang-offload-bundler, so the corpus can be rebuilt anywhere:

  make-bundle.py bundle OUT ID=FILE [ID=FILE ...] [--align 4096]
      Uncompressed bundle.  An empty `host-x86_64-unknown-linux-gnu-` entry
      is put first (as clang's HIP driver does) unless --no-host is given.
      IDs look like hipv4-amdgcn-amd-amdhsa--gfx90a[:xnack+].
      Layout (all integers little-endian u64):
        magic "__CLANG_OFFLOAD_BUNDLE__", entry count,
        per entry: offset (from bundle start), size, id length, id bytes;
        then each entry's bytes at its offset (aligned to --align).

  make-bundle.py compress OUT BUNDLE --method zlib|zstd [--version 2|3]
      Compressed bundle:
        "CCOB", u16 version, u16 method (0 = zlib, 1 = zstd),
        v2: u32 total file size, u32 uncompressed size;
        v3: u64 total file size, u64 uncompressed size;
        u64 hash = first 8 bytes of MD5(uncompressed), little-endian;
        then the compressed stream.
      zstd needs the `zstd` command-line tool (Debian package zstd).

  make-bundle.py host OUT BUNDLE [--cc clang-22]
      x86-64 ELF shared object whose `.hip_fatbin` section (SHF_ALLOC,
      4096-aligned, symbol __hip_fatbin) holds BUNDLE, made from a tiny C
      file whose inline assembly .incbin's the bundle; linked with lld.

The output of `bundle` is byte-identical to clang-offload-bundler-22
-type=o -bundle-align=4096 for the same target order.
"""
import argparse
import hashlib
import os
import struct
import subprocess
import sys
import tempfile
import zlib

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
CCOB = b"CCOB"
METHOD = {"zlib": 0, "zstd": 1}
HOST_ID = "host-x86_64-unknown-linux-gnu-"


def align(n, a):
    return (n + a - 1) // a * a


def make_bundle(entries, alignment):
    """entries: list of (id, bytes) in output order."""
    header = len(MAGIC) + 8 + sum(24 + len(i.encode()) for i, _ in entries)
    offsets, pos = [], header
    for _, blob in entries:
        pos = align(pos, alignment)
        offsets.append(pos)
        pos += len(blob)
    out = bytearray(MAGIC + struct.pack("<Q", len(entries)))
    for (ident, blob), off in zip(entries, offsets):
        raw = ident.encode()
        out += struct.pack("<QQQ", off, len(blob), len(raw)) + raw
    for (_, blob), off in zip(entries, offsets):
        out += b"\0" * (off - len(out)) + blob
    return bytes(out)


def compress(data, method, version, level):
    if method == "zlib":
        body = zlib.compress(data, level if level is not None else 9)
    else:
        lvl = "-%d" % (level if level is not None else 3)
        body = subprocess.run(["zstd", "-q", "-c", lvl, "--no-check"], input=data,
                              stdout=subprocess.PIPE, check=True).stdout
    digest = struct.unpack("<Q", hashlib.md5(data).digest()[:8])[0]
    if version == 2:
        hdr_len = 4 + 2 + 2 + 4 + 4 + 8
        total = hdr_len + len(body)
        hdr = CCOB + struct.pack("<HHIIQ", 2, METHOD[method], total, len(data), digest)
    else:
        hdr_len = 4 + 2 + 2 + 8 + 8 + 8
        total = hdr_len + len(body)
        hdr = CCOB + struct.pack("<HHQQQ", 3, METHOD[method], total, len(data), digest)
    return hdr + body


HOST_C = r'''/* host side of a HIP-like program; the device code is in .hip_fatbin */
__asm__(".section .hip_fatbin,\"a\",@progbits\n"
        ".p2align 12\n"
        ".globl __hip_fatbin\n"
        ".type __hip_fatbin,@object\n"
        "__hip_fatbin:\n"
        ".incbin \"%s\"\n"
        ".size __hip_fatbin, . - __hip_fatbin\n"
        ".previous\n");

extern const char __hip_fatbin[];

const void *hetdwarf_device_code(void) { return __hip_fatbin; }
'''


def make_host(out, bundle, cc):
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "host.c")
        with open(src, "w") as f:
            f.write(HOST_C % os.path.abspath(bundle))
        subprocess.run([cc, "--target=x86_64-linux-gnu", "-fPIC", "-shared", "-nostdlib",
                        "-fuse-ld=lld", "-O1", "-Wl,--build-id=none", "-Wl,-soname,libhetdwarf_host.so",
                        src, "-o", out], check=True)


def main():
    ap = argparse.ArgumentParser(description="write clang offload bundles / a host ELF")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bundle")
    b.add_argument("out")
    b.add_argument("entries", nargs="+", metavar="ID=FILE")
    b.add_argument("--align", type=int, default=4096)
    b.add_argument("--no-host", action="store_true")
    c = sub.add_parser("compress")
    c.add_argument("out")
    c.add_argument("bundle")
    c.add_argument("--method", choices=sorted(METHOD), required=True)
    c.add_argument("--version", type=int, choices=(2, 3), default=3)
    c.add_argument("--level", type=int)
    h = sub.add_parser("host")
    h.add_argument("out")
    h.add_argument("bundle")
    h.add_argument("--cc", default="clang-22")
    a = ap.parse_args()

    if a.cmd == "bundle":
        entries = [] if a.no_host else [(HOST_ID, b"")]
        for spec in a.entries:
            ident, sep, path = spec.partition("=")
            if not sep:
                sys.exit("make-bundle.py: expected ID=FILE, got %r" % spec)
            entries.append((ident, open(path, "rb").read()))
        data = make_bundle(entries, a.align)
    elif a.cmd == "compress":
        raw = open(a.bundle, "rb").read()
        if not raw.startswith(MAGIC):
            sys.exit("make-bundle.py: %s is not an uncompressed bundle" % a.bundle)
        data = compress(raw, a.method, a.version, a.level)
    else:
        make_host(a.out, a.bundle, a.cc)
        return
    with open(a.out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
