// hetdwarf test corpus -- OpenCL C 2.0 device code.
//
// Built with -nogpulib (no ROCm device libraries), so the work-item
// functions are spelled with clang's AMDGPU builtins.  The code is written
// to give the debugger interesting variables to locate:
//   * private arrays and structs (scratch, address space 5)
//   * a struct with bit-fields (clang's __cl_clang_bitfields extension)
//   * pointers to __global, __local, __constant, __private and generic memory
//   * a kernel-scope __local array and a __local kernel argument
//   * divergent if/else and loops
//   * kernel -> stage() -> leaf_mix() : device functions two levels deep
//   * 64-bit values (ulong kernel argument, pointers) living in SGPR pairs
//   * per-lane values (work-item id, loop counters) living in VGPRs
#define LANE()    ((uint)__builtin_amdgcn_workitem_id_x())
#define GROUP()   ((uint)__builtin_amdgcn_workgroup_id_x())
#define GLOBAL_ID() ((size_t)GROUP() * 64u + LANE())
#define BARRIER() __builtin_amdgcn_s_barrier()

// Bit-fields are a clang extension in OpenCL C.
#pragma OPENCL EXTENSION __cl_clang_bitfields : enable

typedef struct {
    uint  valid   : 1;
    uint  kind    : 3;
    uint  level   : 4;
    int   delta   : 12;
    uint  spare   : 12;
} flags_t;

typedef struct {
    float   pos[3];
    flags_t flags;
    ulong   cookie;
} particle_t;

__constant float weights[8] = { 1.0f, 0.5f, 0.25f, 0.125f,
                                2.0f, 4.0f, 8.0f, 16.0f };

// Level 2: leaf, takes a private pointer and a generic pointer.
__attribute__((noinline))
float leaf_mix(__private particle_t *p, int *generic_out, uint lane)
{
    float acc = 0.0f;
    for (int d = 0; d < 3; ++d)
        acc += p->pos[d] * weights[(lane + d) & 7];
    if (p->flags.valid)
        acc *= (float)p->flags.level;
    else
        acc -= (float)p->flags.delta;
    *generic_out = (int)acc;
    return acc;
}

// Level 1: called by the kernels, calls leaf_mix().
__attribute__((noinline))
float stage(__global const float *src, __local float *tile, uint lane, ulong seed)
{
    particle_t part;
    int sink = 0;
    part.pos[0] = src[lane];
    part.pos[1] = tile[lane & 63];
    part.pos[2] = (float)(seed & 0xffu);
    part.flags.valid = lane & 1;
    part.flags.kind  = (lane >> 1) & 7;
    part.flags.level = (lane >> 4) & 15;
    part.flags.delta = -(int)lane;
    part.flags.spare = 0;
    part.cookie = seed ^ lane;
    float r = leaf_mix(&part, &sink, lane);
    return r + (float)sink + (float)(part.cookie >> 32);
}

__kernel void particles(__global float *out, __global const float *src,
                        __local float *tile, ulong seed, int n)
{
    uint lane = LANE();
    size_t gid = GLOBAL_ID();
    tile[lane & 63] = src[gid % (size_t)n];
    BARRIER();

    float history[6];
    for (int i = 0; i < 6; ++i)
        history[i] = tile[(lane + i) & 63] * weights[i];

    float v;
    if (lane < 32) {            // divergent branch
        v = stage(src, tile, lane, seed);
    } else {
        v = history[lane % 6] - (float)seed;
    }
    out[gid] = v + history[5];
}

__kernel void histogram(__global const uint *keys, __global uint *bins,
                        ulong count, uint shift)
{
    __local uint local_bins[32];
    uint lane = LANE();
    uint grp  = GROUP();
    uint counts[4] = { 0, 0, 0, 0 };

    if (lane < 32)
        local_bins[lane] = 0;
    BARRIER();

    for (ulong i = (ulong)grp * 64 + lane; i < count; i += 4096) {
        uint k = (keys[i] >> shift) & 31;
        counts[k & 3] += 1;
        __atomic_fetch_add(&local_bins[k], 1u, __ATOMIC_RELAXED);
    }
    BARRIER();

    uint total = counts[0] + counts[1] + counts[2] + counts[3];
    if (lane < 32)
        __atomic_fetch_add(&bins[lane], local_bins[lane] + (total & 1), __ATOMIC_RELAXED);
}
