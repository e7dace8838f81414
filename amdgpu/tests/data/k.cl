// Tiny OpenCL C kernels for hetdwarf-amdgpu's tests (built by make.sh).
__attribute__((noinline)) float scale(float a, float b) { return a * b + 1.0f; }
kernel void kern(global float *out, global const float *in, int n)
{
    unsigned t = __builtin_amdgcn_workitem_id_x();
    float priv[4];
    for (int i = 0; i < 4; ++i) priv[i] = in[(t + i) % n];
    out[t] = scale(priv[t & 3], 2.0f);
}
kernel void kern2(global int *out) { out[__builtin_amdgcn_workitem_id_x()] = 7; }
