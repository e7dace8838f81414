"""Triton kernels for hetdwarf's corpus: element-wise, reductions, loops, tl.dot, 2-D
grids, atomics and scalar arguments of several types. Compiled ahead of time by
build-triton.py; never run."""

import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)


@triton.jit
def softmax(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    vals = tl.load(in_ptr + row * in_stride + cols, mask=mask, other=-float("inf"))
    row_max = tl.max(vals, axis=0)
    vals = vals - row_max
    num = tl.exp(vals)
    den = tl.sum(num, axis=0)
    vals = num / den
    tl.store(out_ptr + row * out_stride + cols, vals, mask=mask)


@triton.jit
def row_sum_loop(x_ptr, out_ptr, n_cols, stride, scale, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        chunk = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
        acc += chunk * scale
    total = tl.sum(acc, axis=0)
    tl.store(out_ptr + row, total)


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    rm = pid_m * BM + tl.arange(0, BM)
    rn = pid_n * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    c = acc.to(tl.float16)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], c,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def transpose_2d(src_ptr, dst_ptr, rows, cols, BR: tl.constexpr, BC: tl.constexpr):
    pr = tl.program_id(0)
    pc = tl.program_id(1)
    r = pr * BR + tl.arange(0, BR)
    c = pc * BC + tl.arange(0, BC)
    tile = tl.load(src_ptr + r[:, None] * cols + c[None, :],
                   mask=(r[:, None] < rows) & (c[None, :] < cols))
    tl.store(dst_ptr + c[:, None] * rows + r[None, :], tl.trans(tile),
             mask=(c[:, None] < cols) & (r[None, :] < rows))


@triton.jit
def histogram(data_ptr, bins_ptr, n, n_bins, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(data_ptr + offs, mask=mask, other=0)
    bucket = v % n_bins
    tl.atomic_add(bins_ptr + bucket, 1, mask=mask)


@triton.jit
def scalars(out_ptr, a, b, c, d, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    wide = b + i
    half = c.to(tl.float32) * d
    value = (a + wide).to(tl.float32) + half
    tl.store(out_ptr + i, value)


# name -> (kernel, signature, constexprs)
KERNELS = {
    "add": (add, {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32",
                  "BLOCK": "constexpr"}, {"BLOCK": 256}),
    "softmax": (softmax, {"out_ptr": "*fp32", "in_ptr": "*fp32", "in_stride": "i32",
                          "out_stride": "i32", "n_cols": "i32", "BLOCK": "constexpr"},
                {"BLOCK": 128}),
    "row_sum_loop": (row_sum_loop, {"x_ptr": "*fp32", "out_ptr": "*fp32", "n_cols": "i32",
                                    "stride": "i32", "scale": "fp32", "BLOCK": "constexpr"},
                     {"BLOCK": 64}),
    "matmul": (matmul, {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32",
                        "N": "i32", "K": "i32", "stride_am": "i32", "stride_bk": "i32",
                        "stride_cm": "i32", "BM": "constexpr", "BN": "constexpr",
                        "BK": "constexpr"}, {"BM": 32, "BN": 32, "BK": 16}),
    "transpose_2d": (transpose_2d, {"src_ptr": "*fp32", "dst_ptr": "*fp32", "rows": "i32",
                                    "cols": "i32", "BR": "constexpr", "BC": "constexpr"},
                     {"BR": 16, "BC": 16}),
    "histogram": (histogram, {"data_ptr": "*i32", "bins_ptr": "*i32", "n": "i32",
                              "n_bins": "i32", "BLOCK": "constexpr"}, {"BLOCK": 128}),
    "scalars": (scalars, {"out_ptr": "*fp32", "a": "i32", "b": "i64", "c": "fp16",
                          "d": "fp32", "BLOCK": "constexpr"}, {"BLOCK": 64}),
}
