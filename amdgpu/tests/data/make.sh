#!/bin/sh
# Regenerates the small fixtures used by hetdwarf-amdgpu's tests (Debian clang-22, lld-22).
set -e
B=/usr/lib/llvm-22/bin
HIP="$B/clang -x hip --cuda-device-only --no-gpu-bundle-output -nogpulib -nogpuinc -g -O1"
$B/clang -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -g -O1 -c k.cl -o gfx1100.o  # ET_REL, .rela.debug_*
$B/clang -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx900 -mcode-object-version=4 -nogpulib -g -O0 -c k.cl -o gfx900-v4.o
$HIP --offload-arch=gfx90a:xnack- k.hip -o gfx90a.hsaco          # ET_DYN (linked)
$HIP --offload-arch=gfx1030 k.hip -o gfx1030.hsaco               # wave32
$HIP --offload-arch=gfx1030 -mwavefrontsize64 k.hip -o gfx1030w64.hsaco
printf '' > host.empty
T=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-,hipv4-amdgcn-amd-amdhsa--gfx1030
$B/clang-offload-bundler -type=o -targets=$T -input=host.empty -input=gfx90a.hsaco -input=gfx1030.hsaco -output=k.bundle
$B/clang-offload-bundler -type=o -targets=$T -input=host.empty -input=gfx90a.hsaco -input=gfx1030.hsaco -output=k.ccob-zstd -compress -compression-level=3
COMPRESSED_BUNDLE_FORMAT_VERSION=2 $B/clang-offload-bundler -type=o -targets=$T -input=host.empty -input=gfx90a.hsaco -input=gfx1030.hsaco -output=k.ccob2-zstd -compress
# host ELF: an x86-64 object carrying the bundle in .hip_fatbin
echo 'int main(void) { return 0; }' > host.c
$B/clang -c host.c -o host.o
$B/llvm-objcopy --add-section .hip_fatbin=k.bundle --set-section-alignment .hip_fatbin=4096 host.o host-fatbin.o
# LLVM offload binaries (the new offload driver's format), standalone and in .llvm.offloading
$B/llvm-offload-binary -o k.offload --image=file=gfx90a.hsaco,triple=amdgcn-amd-amdhsa,arch=gfx90a:xnack-,kind=hip --image=file=gfx1030.hsaco,triple=amdgcn-amd-amdhsa,arch=gfx1030,kind=hip
$B/llvm-objcopy --add-section .llvm.offloading=k.offload --set-section-alignment .llvm.offloading=8 host.o host-offloading.o
rm -f host.c host.o host.empty
# Code object v2 and v3 (LLVM 14 llc; the only producer here that still writes them)
llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -mattr=+xnack --amdhsa-code-object-version=2 -filetype=obj v.ll -o gfx906-v2.o
llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx906 -mattr=+xnack --amdhsa-code-object-version=3 -filetype=obj v.ll -o gfx906-v3.o
