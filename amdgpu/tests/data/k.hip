// Tiny HIP device code for hetdwarf-amdgpu's tests (built by make.sh).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
static __device__ inline unsigned tid_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ __attribute__((noinline)) float scale(float a, float b) { return a * b + 1.0f; }
__global__ void kern(float *out, const float *in, int n)
{
    unsigned t = tid_x();
    float priv[4];
    for (int i = 0; i < 4; ++i) priv[i] = in[(t + i) % n];
    out[t] = scale(priv[t & 3], 2.0f);
}
__global__ void kern2(int *out) { out[tid_x()] = 7; }
