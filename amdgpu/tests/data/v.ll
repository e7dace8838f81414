; A one-store kernel for the code object v2/v3 fixtures (see make.sh).
define amdgpu_kernel void @k(i32 addrspace(1)* %p) { store i32 1, i32 addrspace(1)* %p ret void }
