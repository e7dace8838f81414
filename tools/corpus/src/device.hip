// hetdwarf test corpus -- HIP device code that needs no HIP headers
// (compile with -nogpuinc -nogpulib --cuda-device-only).
//
// Variables of interest: a C++ struct with bit-fields and a reference
// parameter, a private array, a __shared__ (LDS) tile, 64-bit values,
// a divergent if/else, loops, and kernel -> accumulate() -> clamp_bits()
// calls two levels deep.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

static __device__ inline unsigned lane_id()  { return __builtin_amdgcn_workitem_id_x(); }
static __device__ inline unsigned block_id() { return __builtin_amdgcn_workgroup_id_x(); }

struct Packed {
    unsigned lo   : 5;
    unsigned mid  : 9;
    signed   hi   : 18;
};

struct Sample {
    double     value;
    Packed     bits;
    long long  stamp;
};

__device__ __attribute__((noinline)) int clamp_bits(const Packed &p, int limit)
{
    int s = p.lo + p.mid + p.hi;
    if (s > limit) s = limit;
    else if (s < -limit) s = -limit;
    return s;
}

__device__ __attribute__((noinline)) double accumulate(Sample *samples, int count, long long base)
{
    double total = 0.0;
    int clamped[4] = {0, 0, 0, 0};
    for (int i = 0; i < count; ++i) {
        clamped[i & 3] += clamp_bits(samples[i].bits, 1000);
        total += samples[i].value * (double)(samples[i].stamp - base);
    }
    return total + clamped[0] - clamped[3];
}

__global__ void reduce_samples(double *out, const Sample *in, long long base, int n)
{
    __shared__ double tile[128];
    unsigned t = lane_id();
    unsigned g = block_id() * 128 + t;
    Sample local[2];
    local[0] = in[g % n];
    local[1] = in[(g + 1) % n];
    double r;
    if (t & 1)
        r = accumulate(local, 2, base);
    else
        r = local[0].value;
    tile[t & 127] = r;
    __builtin_amdgcn_s_barrier();
    for (unsigned stride = 64; stride > 0; stride >>= 1) {
        if (t < stride)
            tile[t] += tile[t + stride];
        __builtin_amdgcn_s_barrier();
    }
    if (t == 0)
        out[block_id()] = tile[0];
}
