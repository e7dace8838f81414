#!/usr/bin/env python3
"""expected.py -- record independently-derived expected values for corpus files.

Every value comes from LLVM's own tools (llvm-readelf-22, llvm-dwarfdump-22,
and clang-offload-bundler-22 / llvm-objcopy-22 to open containers), never
from hetdwarf, so hetdwarf's tests can compare against a second opinion.

usage: expected.py [--root corpora] [--out corpora/expected] [--text] FILE...
  For FILE at <root>/<rel>, writes <out>/<rel>.json and, with --text,
  <out>/<rel>.dwarfdump.txt (llvm-dwarfdump-22 --debug-info --debug-loclists
  --debug-loc --debug-frame, first line with the file name stripped).

JSON for an AMDGPU code object (fields absent from the tools' output are null):
  processor            GPU name from the "Flags:" line of llvm-readelf -h
  xnack, sramecc       "any" | "on" | "off" | "unsupported", from the feature
                       words llvm-readelf prints on that line (HSA COv4+:
                       `xnack` any, `xnack-` off, `xnack+` on; PAL, Mesa3D,
                       no OS and HSA COv2/3: `xnack` on; absent: unsupported)
  e_flags              e_flags as "0x..." hex
  code_object_version  EI_ABIVERSION ("ABI Version:") + 2   (HSA OS/ABI only)
  os_abi               "hsa" | "pal" | "mesa3d" | raw string
  elf_type             "rel" | "dyn" | "exec"
  kernels              from the NT_AMDGPU_METADATA note (llvm-readelf --notes),
                       or, without one (Mesa3D, PAL, no OS), the names of the
                       AMDGPU_HSA_KERNEL symbols (name and symbol only);
                       one entry per amdhsa.kernels item, in note order:
                       name, symbol, wavefront_size, sgpr_count, vgpr_count,
                       agpr_count, private_segment_fixed_size,
                       group_segment_fixed_size   (null when the key is absent)
  kernel_descriptor_symbols  sorted, de-duplicated names of symbols ending
                       in ".kd" (llvm-readelf --symbols: .dynsym and .symtab)
  dwarf_version        version of the first unit in .debug_info (null: none)
  dwarf_versions       sorted distinct unit versions
  compile_units        number of "Compile Unit" headers in .debug_info
  producers            DW_AT_producer of every DW_TAG_compile_unit, unit order
  subprograms          number of DW_TAG_subprogram DIEs (all units)
  variables_with_location  number of DW_TAG_variable or DW_TAG_formal_parameter
                       DIEs having a DW_AT_location attribute of any form
  location_expressions number of location expressions reachable from
                       DW_AT_location attributes of DIEs of ANY tag: an
                       exprloc/block value counts 1 (also when empty); a
                       location-list value counts one per list entry that
                       carries an expression (bounded ranges and default
                       entries; base-address and end-of-list entries do not)
  sha256, size         of the file itself

JSON for a container (offload bundle, CCOB-compressed bundle, or host ELF
with a .hip_fatbin section):
  container            "bundle" | "ccob" | "host-elf"
  host_machine, hip_fatbin_size   (host ELF only)
  ccob_version, ccob_method, uncompressed_size   (ccob only, from the header)
  bundle_entries       [{"triple": id, "processor": gfx name or null,
                         "size": bytes, "expected": {code-object JSON or null}}]
                       sorted by id, host entry included
"""
import argparse
import hashlib
import json
import os
import re
import struct
import subprocess
import sys
import tempfile

import yaml   # python3-yaml

READELF = "llvm-readelf-22"
DWARFDUMP = "llvm-dwarfdump-22"
BUNDLER = "clang-offload-bundler-22"
OBJCOPY = "llvm-objcopy-22"
BUNDLE_MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"


def run(*cmd):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.exit("expected.py: %s failed:\n%s" % (" ".join(cmd), r.stderr.decode(errors="replace")))
    return r.stdout.decode(errors="replace")


# ------------------------------------------------------------- ELF header
def elf_header(path):
    h = {}
    for line in run(READELF, "-h", path).splitlines():
        k, sep, v = line.strip().partition(":")
        if sep:
            h[k.strip()] = v.strip()
    return h


def feature_state(words, v4_layout, kind):
    """The feature as llvm-readelf's Flags words say: for HSA code objects v4+ `xnack`
    is "any", `xnack-` "off", `xnack+` "on"; every other OS ABI (PAL, Mesa3D, none) and
    HSA v2/v3 use single bits, printed as a bare `xnack` when set. Absent: unsupported."""
    if v4_layout:
        return {kind: "any", kind + "-": "off", kind + "+": "on"}.get(
            next((w for w in words if w.rstrip("+-") == kind), None), "unsupported")
    if kind in words:
        return "on"
    # A clear bit is "off" where the processor has the feature (AMDGPUUsage's processor
    # table), "unsupported" elsewhere.
    proc = next((w for w in words if w.startswith("gfx")), "")
    return "off" if proc in FEATURE_PROCESSORS[kind] else "unsupported"


FEATURE_PROCESSORS = {
    "xnack": {"gfx801", "gfx810", "gfx900", "gfx902", "gfx904", "gfx906", "gfx908",
              "gfx909", "gfx90a", "gfx90c", "gfx940", "gfx941", "gfx942", "gfx950",
              "gfx1010", "gfx1011", "gfx1012", "gfx1013"},
    "sramecc": {"gfx906", "gfx908", "gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"},
}


def header_fields(path):
    h = elf_header(path)
    osabi = {"AMDGPU - HSA": "hsa", "AMDGPU - PAL": "pal", "AMDGPU - MESA3D": "mesa3d",
             "UNIX - System V": "none"}.get(h.get("OS/ABI"), h.get("OS/ABI"))
    flags_line = h.get("Flags", "")
    parts = [p.strip() for p in flags_line.split(",")]
    flags = int(parts[0], 16)
    proc = next((p for p in parts[1:] if p.startswith("gfx")), None)
    abi = int(h.get("ABI Version", "0"))
    cov = abi + 2 if osabi == "hsa" else None
    v4_layout = osabi == "hsa" and abi >= 2
    etype = h.get("Type", "").split()[0].lower() if h.get("Type") else None
    return {
        "processor": proc,
        "xnack": feature_state(parts[1:], v4_layout, "xnack"),
        "sramecc": feature_state(parts[1:], v4_layout, "sramecc"),
        "e_flags": "0x%x" % flags,
        "code_object_version": cov,
        "os_abi": osabi,
        "elf_type": etype,
    }


# ------------------------------------------------------ metadata + symbols
KERNEL_KEYS = ["name", "symbol", "wavefront_size", "sgpr_count", "vgpr_count", "agpr_count",
               "private_segment_fixed_size", "group_segment_fixed_size"]


def metadata_kernels(path):
    text = run(READELF, "--notes", path)
    m = re.search(r"^\s*---\s*$(.*?)^\s*\.\.\.\s*$", text, re.M | re.S)
    if not m:
        # No HSA metadata (Mesa3D, PAL, no OS): kernels are the symbols of type
        # STT_AMDGPU_HSA_KERNEL, known by name only.
        syms = run(READELF, "--symbols", path)
        names = re.findall(r"^\s*\d+:\s+\S+\s+\d+\s+AMDGPU_HSA_KERNEL\s+\S+\s+\S+\s+\S+\s+(\S+)\s*$",
                           syms, re.M)
        return [{"name": n, "symbol": n} for n in names]
    # A linked object may hold one metadata note per linked input: every one counts.
    kernels = []
    for doc_text in re.findall(r"^\s*---\s*$(.*?)^\s*\.\.\.\s*$", text, re.M | re.S):
        doc = yaml.safe_load(doc_text)
        for k in doc.get("amdhsa.kernels", []) or []:
            kernels.append({key: k.get("." + key) for key in KERNEL_KEYS})
    return kernels


def kd_symbols(path):
    names = set()
    for line in run(READELF, "--symbols", path).splitlines():
        f = line.split()
        if len(f) >= 8 and f[0].endswith(":") and f[7].endswith(".kd"):
            names.add(f[7])
    return sorted(names)


# ------------------------------------------------------------------- DWARF
UNIT = re.compile(r"^0x[0-9a-f]+: (\w+) Unit: .*?version = 0x([0-9a-f]+)")
DIE = re.compile(r"^0x[0-9a-f]+:\s+(DW_TAG_\w+|NULL)")
ATTR = re.compile(r"^\s+(DW_AT_\w+)\s*\((.*)$")
LL_ENTRY = re.compile(r"^\s+(\[0x[0-9a-f]+, 0x[0-9a-f]+\)|<default>)\s*:")
LOCLIST_START = re.compile(r"^(0x[0-9a-f]+:|indexed \(0x[0-9a-f]+\) loclist = 0x[0-9a-f]+:)\s*$")


def dwarf_fields(path):
    text = run(DWARFDUMP, "--debug-info", path)
    versions, cus, producers = [], 0, []
    subprograms = vars_with_loc = loc_exprs = 0
    tag, in_loclist = None, False
    for line in text.splitlines():
        u = UNIT.match(line)
        if u:
            versions.append(int(u.group(2), 16))
            if u.group(1) == "Compile":
                cus += 1
            tag, in_loclist = None, False
            continue
        d = DIE.match(line)
        if d:
            tag, in_loclist = d.group(1), False
            if tag == "DW_TAG_subprogram":
                subprograms += 1
            continue
        a = ATTR.match(line)
        if a:
            in_loclist = False
            name, rest = a.group(1), a.group(2)
            if name == "DW_AT_producer" and tag == "DW_TAG_compile_unit":
                pm = re.match(r'"(.*)"\)\s*$', rest)
                producers.append(pm.group(1) if pm else rest.rstrip(")"))
            if name == "DW_AT_location":
                if tag in ("DW_TAG_variable", "DW_TAG_formal_parameter"):
                    vars_with_loc += 1
                if LOCLIST_START.match(rest.strip()):
                    in_loclist = True
                else:
                    loc_exprs += 1
            continue
        if in_loclist and LL_ENTRY.match(line):
            loc_exprs += 1
    return {
        "dwarf_version": versions[0] if versions else None,
        "dwarf_versions": sorted(set(versions)),
        "compile_units": cus,
        "producers": producers,
        "subprograms": subprograms,
        "variables_with_location": vars_with_loc,
        "location_expressions": loc_exprs,
    }


def dwarfdump_text(path):
    text = run(DWARFDUMP, "--debug-info", "--debug-loclists", "--debug-loc", "--debug-frame", path)
    lines = text.splitlines()
    if lines and "file format" in lines[0]:
        lines = lines[1:]      # "<path>:\tfile format elf64-amdgpu" depends on where it ran
    return "\n".join(lines) + "\n"


def code_object(path):
    e = header_fields(path)
    e["kernels"] = metadata_kernels(path)
    e["kernel_descriptor_symbols"] = kd_symbols(path)
    e.update(dwarf_fields(path))
    return e


# -------------------------------------------------------------- containers
def bundle_entries(path):
    ids = sorted(l.strip() for l in run(BUNDLER, "-list", "-type=o", "-input=" + path).splitlines() if l.strip())
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, ident in enumerate(ids):
            dst = os.path.join(tmp, "e%d" % i)
            run(BUNDLER, "-unbundle", "-type=o", "-targets=" + ident, "-input=" + path, "-output=" + dst)
            size = os.path.getsize(dst)
            m = re.search(r"--(gfx[0-9a-z]+)", ident)
            entry = {"triple": ident, "processor": m.group(1) if m else None, "size": size,
                     "expected": None}
            if size and "amdgcn" in ident:
                entry["expected"] = code_object(dst)
                entry["expected"].update(file_identity(dst))
            out.append(entry)
    return out


def file_identity(path):
    data = open(path, "rb").read()
    return {"sha256": hashlib.sha256(data).hexdigest(), "size": len(data)}


def container(path, data):
    if data.startswith(BUNDLE_MAGIC):
        return {"container": "bundle", "bundle_entries": bundle_entries(path)}
    if data.startswith(b"CCOB"):
        version, method = struct.unpack_from("<HH", data, 4)
        usize = struct.unpack_from("<I" if version == 2 else "<Q", data, 12 if version == 2 else 16)[0]
        return {"container": "ccob", "ccob_version": version,
                "ccob_method": {0: "zlib", 1: "zstd"}.get(method, method),
                "uncompressed_size": usize, "bundle_entries": bundle_entries(path)}
    # host ELF: pull .hip_fatbin out with llvm-objcopy, then recurse
    h = elf_header(path)
    with tempfile.TemporaryDirectory() as tmp:
        fat = os.path.join(tmp, "fatbin")
        run(OBJCOPY, "--dump-section", ".hip_fatbin=" + fat, path, os.path.join(tmp, "junk"))
        inner = container(fat, open(fat, "rb").read())
        res = {"container": "host-elf", "host_machine": h.get("Machine"),
               "elf_type": h.get("Type", "").split()[0].lower(),
               "hip_fatbin_size": os.path.getsize(fat), "hip_fatbin_container": inner["container"]}
        res.update({k: v for k, v in inner.items() if k != "container"})
        return res


def expected_for(path):
    data = open(path, "rb").read()
    is_amdgpu = data[:4] == b"\x7fELF" and struct.unpack_from("<H", data, 18)[0] == 0xe0
    e = code_object(path) if is_amdgpu else container(path, data)
    e.update(file_identity(path))
    return e


def main():
    ap = argparse.ArgumentParser(description="record expected values from LLVM tools")
    ap.add_argument("--root", default="corpora")
    ap.add_argument("--out", default=None, help="default: <root>/expected")
    ap.add_argument("--text", action="store_true", help="also write .dwarfdump.txt")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    out = a.out or os.path.join(a.root, "expected")
    for f in a.files:
        rel = os.path.relpath(f, a.root)
        if rel.startswith(".."):
            sys.exit("expected.py: %s is not under %s" % (f, a.root))
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        e = expected_for(f)
        with open(dst + ".json", "w") as fh:
            json.dump(e, fh, indent=1, sort_keys=False)
            fh.write("\n")
        if a.text and "container" not in e:
            with open(dst + ".dwarfdump.txt", "w") as fh:
                fh.write(dwarfdump_text(f))


if __name__ == "__main__":
    main()
